/* The indexed plans' part of the plan interpreter (plan_exec.h): src/plan.h's semantics of the
 * GATHER and SCATTER kernels, one coordinate at a time in linear order. */
#ifndef DMLOPS_TEST_PLAN_EXEC_INDEX_H
#define DMLOPS_TEST_PLAN_EXEC_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "plan.h"

/* Runs an indexed plan; slot_sizes NULL: unchecked. 0, or -1 with the first bad access in error
 * (nothing is written from that access on). */
int plan_exec_index(const struct plan *plan, void *const *slots, const uint64_t *slot_sizes,
                    char *error, size_t error_size);

/* The index fields, for failure reports. */
void plan_describe_index(FILE *file, const struct plan *plan);

#endif

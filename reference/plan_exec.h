/* A CPU interpreter of plans: exactly the semantics written at the top of src/plan.h (the
 * shaders' semantics), so that lowering can be checked without a GPU. */
#ifndef DMLOPS_TEST_PLAN_EXEC_H
#define DMLOPS_TEST_PLAN_EXEC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "plan.h"

/* Runs the plan; slot_addresses[s] is the start of binding slot s. Aborts on a malformed
 * access (use plan_exec_checked to get the reason instead). */
void plan_exec(const struct plan *plan, void *const *slot_addresses);

/* As plan_exec, but also checks every unit access: inside [0, slot_sizes[s]) of its slot and
 * aligned to elem_bytes in memory (as the GPU requires). Returns 0, or -1 with a message in
 * error (the first bad access; nothing is written from that access on). */
int plan_exec_checked(const struct plan *plan, void *const *slot_addresses,
                      const uint64_t *slot_sizes, char *error, size_t error_size);

/* Prints every field of the plan, for failure reports. */
void plan_describe(FILE *file, const struct plan *plan);

#endif

/* plan_exec's reading of FILL plans (src/plan.h). */
#ifndef DMLOPS_TEST_PLAN_EXEC_FILL_H
#define DMLOPS_TEST_PLAN_EXEC_FILL_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"

/* As plan_exec_checked (slot_sizes NULL: unchecked), for a plan of kernel PLAN_KERNEL_FILL. */
int plan_exec_fill(const struct plan *plan, void *const *slots, const uint64_t *slot_sizes,
                   char *error, size_t error_size);

#endif

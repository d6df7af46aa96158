/* What the kernels can run, as pure logic: a plan that passes here never makes a shader index
 * outside its parameter block or binding slots. (Addresses inside the bound buffers are the
 * validator's business.) The Vulkan layer refuses any other plan with E_INVALIDARG. */
#ifndef DMLOPS_PLAN_CHECK_H
#define DMLOPS_PLAN_CHECK_H

#include "plan.h"

/* NULL when the kernels implement the plan, else a short description of its first problem. */
const char *plan_check(const struct plan *plan);
/* The same for the GATHER and SCATTER kernels' index fields (NULL for a plan without them). */
const char *plan_check_index(const struct plan *plan);

#endif

/* The steps of lowering, each a transformation of a plan that keeps its meaning. */
#ifndef DMLOPS_LOWER_INTERNAL_H
#define DMLOPS_LOWER_INTERNAL_H

#include <stdbool.h>

#include "lower.h"

/* Step 1 is each operator's own (struct dml_op_entry's lower, in src/ops/<op>.c). */

/* Dimension edits applied to the iteration space, the input and every part together. */
void lower_remove_dim(struct plan *plan, uint32_t d);
void lower_swap_dims(struct plan *plan, uint32_t a, uint32_t b);

/* Step 2: drop size-1 dims, order dims by the first output's strides, merge contiguous ones. */
void lower_drop_unit_dims(struct plan *plan);
void lower_sort_dims(struct plan *plan);
void lower_merge_dims(struct plan *plan);

/* Step 3: move several elements as one unit of at most max_unit_bytes where provably safe. */
void lower_widen(struct plan *plan, uint32_t max_unit_bytes);

/* Steps 2 and 3 for indexed plans (index.mode set): their own, in lower/index.c. */
void lower_index_simplify(struct plan *plan, uint32_t max_unit_bytes);

#endif

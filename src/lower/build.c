/* Helpers for step 1 of lowering (each operator's own lower, src/ops/<op>.c). */
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

HRESULT lower_plan_init(struct plan *plan, uint32_t elem_bytes, uint32_t rank, uint32_t part_count)
{
    memset(plan, 0, sizeof(*plan));
    plan->parts = calloc(part_count, sizeof(*plan->parts));
    if (!plan->parts)
        return E_OUTOFMEMORY;
    plan->elem_bytes = elem_bytes;
    plan->rank = rank;
    plan->part_count = part_count;
    plan->in_slot = 0;
    plan->slot_count = 1 + part_count;
    for (uint32_t k = 0; k < part_count; ++k)
        plan->parts[k].slot = 1 + k;
    return S_OK;
}

HRESULT lower_plan_in_parts(struct plan *plan, uint32_t in_part_axis, uint32_t count)
{
    if (!(plan->in_parts = calloc(count, sizeof(*plan->in_parts))))
        return E_OUTOFMEMORY;
    plan->in_part_axis = in_part_axis;
    plan->in_part_count = count;
    for (uint32_t j = 0; j < count; ++j)
        plan->in_parts[j].slot = j;
    for (uint32_t k = 0; k < plan->part_count; ++k)
        plan->parts[k].slot = count + k;
    plan->slot_count = count + plan->part_count;
    return S_OK;
}

void lower_part_strides(struct plan_part *part, const struct dml_tensor *tensor)
{
    for (uint32_t d = 0; d < tensor->rank; ++d)
        part->strides[d] = tensor->strides[d];
}

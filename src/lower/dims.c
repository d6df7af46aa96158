/* Step 2 of lowering: a smaller iteration space that visits the same element pairs. */
#include "lower_internal.h"

void lower_remove_dim(struct plan *plan, uint32_t d)
{
    for (uint32_t i = d; i + 1 < plan->rank; ++i)
    {
        plan->dims[i] = plan->dims[i + 1];
        for (uint32_t k = 0; k < plan->part_count; ++k)
            plan->parts[k].strides[i] = plan->parts[k].strides[i + 1];
    }
    --plan->rank;
    if (plan->part_axis > d)
        --plan->part_axis;
}

void lower_swap_dims(struct plan *plan, uint32_t a, uint32_t b)
{
    struct plan_dim dim = plan->dims[a];
    plan->dims[a] = plan->dims[b];
    plan->dims[b] = dim;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        int64_t stride = plan->parts[k].strides[a];
        plan->parts[k].strides[a] = plan->parts[k].strides[b];
        plan->parts[k].strides[b] = stride;
    }
    if (plan->part_axis == a)
        plan->part_axis = b;
    else if (plan->part_axis == b)
        plan->part_axis = a;
}

/* A size-1 dim only ever has coordinate 0 (and is never padded: out = in + start + end).
 * The split axis can have size 1 only when there is a single part. */
void lower_drop_unit_dims(struct plan *plan)
{
    for (uint32_t d = plan->rank; d-- > 0;)
    {
        if (plan->dims[d].size == 1)
            lower_remove_dim(plan, d);
    }
}

static uint64_t abs_stride(int64_t stride)
{
    return stride < 0 ? (uint64_t)-stride : (uint64_t)stride;
}

/* Stable insertion sort, largest first-output stride outermost: iteration then walks the
 * output in memory order (coalesced writes) and permuted layouts shared by input and output
 * become mergeable. Any order is correct: every coordinate is still visited once. */
void lower_sort_dims(struct plan *plan)
{
    for (uint32_t i = 1; i < plan->rank; ++i)
    {
        for (uint32_t d = i; d > 0; --d)
        {
            if (abs_stride(plan->parts[0].strides[d - 1]) >= abs_stride(plan->parts[0].strides[d]))
                break;
            lower_swap_dims(plan, d - 1, d);
        }
    }
}

static int lower_contiguous(int64_t outer, int64_t inner, uint32_t inner_size)
{
    return outer == inner * (int64_t)inner_size;
}

/* Outer dim d and inner dim d + 1 form one dim when both are unpadded, every tensor steps
 * over them as over one run, and (with several parts) the inner one is not the split axis:
 * a split axis may absorb the dims inside it, never the ones outside it. */
static int lower_mergeable(const struct plan *plan, uint32_t d)
{
    const struct plan_dim *outer = &plan->dims[d], *inner = &plan->dims[d + 1];
    if (outer->map != PLAN_MAP_AFFINE || inner->map != PLAN_MAP_AFFINE)
        return 0;
    if (plan->part_count > 1 && plan->part_axis == d + 1)
        return 0;
    if ((uint64_t)outer->size * inner->size > UINT32_MAX)
        return 0;
    if (!lower_contiguous(outer->in_stride, inner->in_stride, inner->size))
        return 0;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        if (!lower_contiguous(plan->parts[k].strides[d], plan->parts[k].strides[d + 1],
                              inner->size))
            return 0;
    }
    return 1;
}

static void lower_merge_pair(struct plan *plan, uint32_t d)
{
    uint32_t inner_size = plan->dims[d + 1].size;
    if (plan->part_count > 1 && plan->part_axis == d)
    {
        for (uint32_t k = 0; k < plan->part_count; ++k)
            plan->parts[k].axis_begin *= inner_size;
    }
    plan->dims[d + 1].size *= plan->dims[d].size;
    lower_remove_dim(plan, d);
}

void lower_merge_dims(struct plan *plan)
{
    for (uint32_t d = plan->rank - (plan->rank > 0); d-- > 0;)
    {
        if (lower_mergeable(plan, d))
            lower_merge_pair(plan, d);
    }
}

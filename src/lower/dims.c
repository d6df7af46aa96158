/* Step 2 of lowering: a smaller iteration space that visits the same element pairs. */
#include "lower_internal.h"

void lower_remove_dim(struct plan *plan, uint32_t d)
{
    for (uint32_t i = d; i + 1 < plan->rank; ++i)
    {
        plan->dims[i] = plan->dims[i + 1];
        for (uint32_t k = 0; k < plan->part_count; ++k)
            plan->parts[k].strides[i] = plan->parts[k].strides[i + 1];
        for (uint32_t j = 0; j < plan->in_part_count; ++j)
            plan->in_parts[j].strides[i] = plan->in_parts[j].strides[i + 1];
    }
    --plan->rank;
    if (plan->part_axis > d)
        --plan->part_axis;
    if (plan->in_part_axis > d)
        --plan->in_part_axis;
}

static void swap_strides(struct plan_part *parts, uint32_t count, uint32_t a, uint32_t b)
{
    for (uint32_t k = 0; k < count; ++k)
    {
        int64_t stride = parts[k].strides[a];
        parts[k].strides[a] = parts[k].strides[b];
        parts[k].strides[b] = stride;
    }
}

static void swap_axis(uint32_t *axis, uint32_t a, uint32_t b)
{
    if (*axis == a)
        *axis = b;
    else if (*axis == b)
        *axis = a;
}

void lower_swap_dims(struct plan *plan, uint32_t a, uint32_t b)
{
    struct plan_dim dim = plan->dims[a];
    plan->dims[a] = plan->dims[b];
    plan->dims[b] = dim;
    swap_strides(plan->parts, plan->part_count, a, b);
    swap_strides(plan->in_parts, plan->in_part_count, a, b);
    swap_axis(&plan->part_axis, a, b);
    swap_axis(&plan->in_part_axis, a, b);
}

/* A size-1 dim only ever has coordinate 0 (and is never padded: out = in + start + end).
 * A part axis (output or input) can have size 1 only when there is a single part. */
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

static int lower_parts_contiguous(const struct plan_part *parts, uint32_t count, uint32_t d,
                                  uint32_t inner_size)
{
    for (uint32_t k = 0; k < count; ++k)
    {
        if (!lower_contiguous(parts[k].strides[d], parts[k].strides[d + 1], inner_size))
            return 0;
    }
    return 1;
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
    if (plan->in_part_count > 1 && plan->in_part_axis == d + 1)
        return 0;
    if ((uint64_t)outer->size * inner->size > UINT32_MAX)
        return 0;
    if (!lower_contiguous(outer->in_stride, inner->in_stride, inner->size))
        return 0;
    return lower_parts_contiguous(plan->parts, plan->part_count, d, inner->size) &&
           lower_parts_contiguous(plan->in_parts, plan->in_part_count, d, inner->size);
}

static void lower_merge_pair(struct plan *plan, uint32_t d)
{
    uint32_t inner_size = plan->dims[d + 1].size;
    if (plan->part_count > 1 && plan->part_axis == d)
    {
        for (uint32_t k = 0; k < plan->part_count; ++k)
            plan->parts[k].axis_begin *= inner_size;
    }
    if (plan->in_part_count > 1 && plan->in_part_axis == d)
    {
        for (uint32_t j = 0; j < plan->in_part_count; ++j)
            plan->in_parts[j].axis_begin *= inner_size;
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

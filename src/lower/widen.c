/* Step 3 of lowering: move w consecutive elements of the innermost dim as one unit.
 * Safe only when, for every tensor, the innermost dim is a unit-stride run whose length is a
 * multiple of w and every other offset (bases, strides, split boundaries) is a multiple of
 * w elements, and when the unit's byte size divides every binding's guaranteed alignment.
 * Padded innermost dims are not widened (their in_size and pad_start are in elements). */
#include <string.h>

#include "lower_internal.h"

static int lower_multiple(int64_t value, uint32_t w)
{
    return value % (int64_t)w == 0;
}

/* Output parts along part_axis, or input parts along in_part_axis. */
static int lower_parts_inner_run(const struct plan_part *parts, uint32_t count, uint32_t axis,
                                 uint32_t last, uint32_t w)
{
    for (uint32_t k = 0; k < count; ++k)
    {
        if (parts[k].strides[last] != 1)
            return 0;
        if (count > 1 && axis == last && parts[k].axis_begin % w)
            return 0;
    }
    return 1;
}

static int lower_inner_run(const struct plan *plan, uint32_t w)
{
    uint32_t last = plan->rank - 1;
    if (plan->dims[last].map != PLAN_MAP_AFFINE || plan->dims[last].size % w)
        return 0;
    if (!plan->in_part_count && plan->dims[last].in_stride != 1)
        return 0;
    return lower_parts_inner_run(plan->parts, plan->part_count, plan->part_axis, last, w) &&
           lower_parts_inner_run(plan->in_parts, plan->in_part_count, plan->in_part_axis, last, w);
}

static int lower_parts_offsets(const struct plan_part *parts, uint32_t count, uint32_t rank,
                               uint32_t w)
{
    for (uint32_t k = 0; k < count; ++k)
    {
        if (!lower_multiple(parts[k].base, w))
            return 0;
        for (uint32_t d = 0; d + 1 < rank; ++d)
        {
            if (!lower_multiple(parts[k].strides[d], w))
                return 0;
        }
    }
    return 1;
}

static int lower_outer_offsets(const struct plan *plan, uint32_t w)
{
    if (!lower_multiple(plan->in_base, w))
        return 0;
    for (uint32_t d = 0; d + 1 < plan->rank; ++d)
    {
        if (!lower_multiple(plan->dims[d].in_stride, w))
            return 0;
    }
    return lower_parts_offsets(plan->parts, plan->part_count, plan->rank, w) &&
           lower_parts_offsets(plan->in_parts, plan->in_part_count, plan->rank, w);
}

static void lower_narrow_parts(struct plan_part *parts, uint32_t count, uint32_t axis,
                               uint32_t rank, uint32_t w)
{
    for (uint32_t k = 0; k < count; ++k)
    {
        parts[k].base /= w;
        for (uint32_t d = 0; d + 1 < rank; ++d)
            parts[k].strides[d] /= w;
        if (axis == rank - 1)
            parts[k].axis_begin /= w;
    }
}

static void lower_apply_widening(struct plan *plan, uint32_t w)
{
    uint32_t last = plan->rank - 1;
    unsigned char *pad = (unsigned char *)plan->pad_value;
    for (uint32_t i = 1; i < w; ++i)
        memcpy(pad + i * plan->elem_bytes, pad, plan->elem_bytes);
    plan->elem_bytes *= w;
    plan->in_base /= w;
    plan->dims[last].size /= w;
    for (uint32_t d = 0; d + 1 < plan->rank; ++d)
        plan->dims[d].in_stride /= w;
    lower_narrow_parts(plan->parts, plan->part_count, plan->part_axis, plan->rank, w);
    lower_narrow_parts(plan->in_parts, plan->in_part_count, plan->in_part_axis, plan->rank, w);
}

void lower_widen(struct plan *plan, uint32_t max_unit_bytes)
{
    if (plan->rank == 0)
        return;
    for (uint32_t w = max_unit_bytes / plan->elem_bytes; w > 1; w /= 2)
    {
        if (lower_inner_run(plan, w) && lower_outer_offsets(plan, w))
        {
            lower_apply_widening(plan, w);
            return;
        }
    }
}

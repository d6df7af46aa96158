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

static int lower_inner_run(const struct plan *plan, uint32_t w)
{
    uint32_t last = plan->rank - 1;
    if (plan->dims[last].map != PLAN_MAP_AFFINE || plan->dims[last].in_stride != 1)
        return 0;
    if (plan->dims[last].size % w)
        return 0;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        if (plan->parts[k].strides[last] != 1)
            return 0;
        if (plan->part_count > 1 && plan->part_axis == last && plan->parts[k].axis_begin % w)
            return 0;
    }
    return 1;
}

static int lower_outer_offsets(const struct plan *plan, uint32_t w)
{
    if (!lower_multiple(plan->in_base, w))
        return 0;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        if (!lower_multiple(plan->parts[k].base, w))
            return 0;
    }
    for (uint32_t d = 0; d + 1 < plan->rank; ++d)
    {
        if (!lower_multiple(plan->dims[d].in_stride, w))
            return 0;
        for (uint32_t k = 0; k < plan->part_count; ++k)
        {
            if (!lower_multiple(plan->parts[k].strides[d], w))
                return 0;
        }
    }
    return 1;
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
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        struct plan_part *part = &plan->parts[k];
        part->base /= w;
        for (uint32_t d = 0; d + 1 < plan->rank; ++d)
            part->strides[d] /= w;
        if (plan->part_axis == last)
            part->axis_begin /= w;
    }
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

/* Simplification of indexed plans (struct plan_index in src/plan.h). The plain steps (dims.c,
 * widen.c) know neither the index strides, nor the dimension an index is compared with, nor the
 * innermost dimensions one scatter claim covers, and sorting would walk a gather's output out of
 * order. Here: size-1 dimensions dropped, neighbours merged where every tensor (input, output and
 * index) walks them as one run, and the innermost run widened where no index changes along it
 * (a gathered row moves in units of up to 16 bytes). */
#include "lower_internal.h"

/* REVERSE and ONE_HOT compare one plan coordinate with the index: that dimension stays alone. */
static bool uses_axis(const struct plan *plan)
{
    return plan->index.mode == PLAN_INDEX_REVERSE || plan->index.mode == PLAN_INDEX_ONE_HOT;
}

static uint32_t slice_first(const struct plan *plan)
{
    return plan->rank - plan->index.slice_rank;
}

static void index_remove_dim(struct plan *plan, uint32_t d)
{
    struct plan_index *index = &plan->index;

    if (d >= slice_first(plan))
        --index->slice_rank;
    for (uint32_t i = d; i + 1 < plan->rank; ++i)
        index->strides[i] = index->strides[i + 1];
    index->strides[plan->rank - 1] = 0;
    if (index->axis > d)
        --index->axis;
    lower_remove_dim(plan, d);
}

static void drop_unit_dims(struct plan *plan)
{
    for (uint32_t d = plan->rank; d-- > 0;)
    {
        if (plan->dims[d].size == 1 && !(uses_axis(plan) && d == plan->index.axis))
            index_remove_dim(plan, d);
    }
}

static bool contiguous(int64_t outer, int64_t inner, uint32_t inner_size)
{
    return outer == inner * (int64_t)inner_size;
}

/* Dims d and d + 1 walk every tensor as one run, on one side of the claim slices. */
static bool mergeable(const struct plan *plan, uint32_t d)
{
    const struct plan_dim *outer = &plan->dims[d], *inner = &plan->dims[d + 1];
    uint32_t first = slice_first(plan);

    if (uses_axis(plan) && (d == plan->index.axis || d + 1 == plan->index.axis))
        return false;
    if ((d >= first) != (d + 1 >= first) || (uint64_t)outer->size * inner->size > UINT32_MAX)
        return false;
    return contiguous(outer->in_stride, inner->in_stride, inner->size) &&
           contiguous(plan->parts[0].strides[d], plan->parts[0].strides[d + 1], inner->size) &&
           contiguous(plan->index.strides[d], plan->index.strides[d + 1], inner->size);
}

static void merge_dims(struct plan *plan)
{
    for (uint32_t d = plan->rank - (plan->rank > 0); d-- > 0;)
    {
        if (mergeable(plan, d))
        {
            plan->dims[d + 1].size *= plan->dims[d].size;
            index_remove_dim(plan, d);
        }
    }
}

static bool multiple(int64_t value, uint32_t w)
{
    return value % (int64_t)w == 0;
}

/* w consecutive elements of the innermost dim move as one unit: a unit-stride run on both
 * sides, along which no index changes, and every other offset a multiple of w elements. */
static bool widenable(const struct plan *plan, uint32_t w)
{
    const struct plan_index *index = &plan->index;
    uint32_t last = plan->rank - 1;

    if ((uses_axis(plan) && index->axis == last) || index->strides[last] != 0 ||
        plan->dims[last].in_stride != 1 || plan->parts[0].strides[last] != 1 ||
        plan->dims[last].size % w || !multiple(plan->in_base, w) ||
        !multiple(plan->parts[0].base, w))
        return false;
    for (uint32_t d = 0; d < last; ++d)
    {
        if (!multiple(plan->dims[d].in_stride, w) || !multiple(plan->parts[0].strides[d], w))
            return false;
    }
    for (uint32_t j = 0; j < index->count; ++j)
    {
        if (!multiple(index->data_strides[j], w))
            return false;
    }
    return true;
}

static void narrow(struct plan *plan, uint32_t w)
{
    uint32_t last = plan->rank - 1;

    plan->elem_bytes *= w;
    plan->dims[last].size /= w;
    plan->in_base /= w;
    plan->parts[0].base /= w;
    for (uint32_t d = 0; d < last; ++d)
    {
        plan->dims[d].in_stride /= w;
        plan->parts[0].strides[d] /= w;
    }
    for (uint32_t j = 0; j < plan->index.count; ++j)
        plan->index.data_strides[j] /= w;
}

static void widen(struct plan *plan, uint32_t max_unit_bytes)
{
    for (uint32_t w = max_unit_bytes / plan->elem_bytes; w > 1; w /= 2)
    {
        if (plan->rank && widenable(plan, w))
        {
            narrow(plan, w);
            return;
        }
    }
}

void lower_index_simplify(struct plan *plan, uint32_t max_unit_bytes)
{
    drop_unit_dims(plan);
    merge_dims(plan);
    widen(plan, max_unit_bytes);
    if (plan->rank == 0)
    {
        plan->rank = 1;
        plan->dims[0] = (struct plan_dim){.size = 1};
        plan->parts[0].strides[0] = 0;
        plan->index.strides[0] = 0;
    }
    plan->part_axis = 0;
    plan->count = 1;
    for (uint32_t d = 0; d < plan->rank; ++d)
        plan->count *= plan->dims[d].size;
    plan->kernel =
        plan->index.mode >= PLAN_INDEX_SCATTER_CLEAR ? PLAN_KERNEL_SCATTER : PLAN_KERNEL_GATHER;
}

#include "plan_copy.h"

/* One part of a plan as a plain strided copy (the part axis cut to the part's extent). */
struct part_copy
{
    uint32_t rank;
    uint32_t sizes[PLAN_MAX_RANK];
    int64_t in_strides[PLAN_MAX_RANK], out_strides[PLAN_MAX_RANK];
    int64_t in_base, out_base;
    uint32_t src_slot, dst_slot;
};

static void part_copy(const struct plan *plan, uint32_t k, struct part_copy *out)
{
    const struct plan_part *part = &plan->parts[k];
    uint32_t axis = plan->part_axis;

    out->rank = plan->rank;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        out->sizes[d] = plan->dims[d].size;
        out->in_strides[d] = plan->dims[d].in_stride;
        out->out_strides[d] = part->strides[d];
    }
    out->sizes[axis] = plan_part_extent(plan, k);
    out->in_base = plan->in_base + (int64_t)part->axis_begin * plan->dims[axis].in_stride;
    out->out_base = part->base;
    out->src_slot = plan->in_slot;
    out->dst_slot = part->slot;
}

/* The innermost dimensions that are contiguous in both input and output merge into one run;
 * returns the first dimension outside it (-1: the whole part is one run). */
static int inner_run(const struct part_copy *p, uint64_t *run)
{
    int d = (int)p->rank - 1;
    for (*run = 1; d >= 0; --d)
    {
        if (p->sizes[d] == 1)
            continue;
        if (p->in_strides[d] != (int64_t)*run || p->out_strides[d] != (int64_t)*run)
            break;
        *run *= p->sizes[d];
    }
    return d;
}

/* Appends one region per coordinate of dims [0, outer], in order; false when they overflow. */
static bool add_regions(const struct part_copy *p, int outer, uint64_t run, uint32_t elem_bytes,
                        struct plan_copy_region *regions, uint32_t *count)
{
    uint32_t c[PLAN_MAX_RANK] = {0};
    for (;;)
    {
        int64_t in = p->in_base, out = p->out_base;
        for (int d = 0; d <= outer; ++d)
        {
            in += (int64_t)c[d] * p->in_strides[d];
            out += (int64_t)c[d] * p->out_strides[d];
        }
        if (*count == PLAN_COPY_MAX_REGIONS)
            return false;
        regions[(*count)++] =
            (struct plan_copy_region){p->src_slot, p->dst_slot, (uint64_t)in * elem_bytes,
                                      (uint64_t)out * elem_bytes, run * elem_bytes};
        int d = outer;
        while (d >= 0 && ++c[d] == p->sizes[d])
            c[d--] = 0;
        if (d < 0)
            return true;
    }
}

/* Input part j of a plan with one output part, as a plain strided copy of its axis range. */
static void in_part_copy(const struct plan *plan, uint32_t j, struct part_copy *out)
{
    const struct plan_part *in = &plan->in_parts[j], *part = &plan->parts[0];
    uint32_t axis = plan->in_part_axis;

    out->rank = plan->rank;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        out->sizes[d] = plan->dims[d].size;
        out->in_strides[d] = in->strides[d];
        out->out_strides[d] = part->strides[d];
    }
    out->sizes[axis] = plan_in_part_extent(plan, j);
    out->in_base = in->base;
    out->out_base = part->base + (int64_t)in->axis_begin * part->strides[axis];
    out->src_slot = in->slot;
    out->dst_slot = part->slot;
}

/* No padding, no arithmetic; input parts (JOIN) only with one output part. */
static bool is_plain_copy(const struct plan *plan)
{
    /* only kernels that move each element from one computed address to another */
    bool moves = plan->kernel == PLAN_KERNEL_COPY || plan->kernel == PLAN_KERNEL_SPLIT ||
                 plan->kernel == PLAN_KERNEL_GENERAL;

    if (!moves || plan->count == 0 || plan->arith)
        return false;
    if (plan->in_part_count && (plan->part_count != 1 || plan->kernel != PLAN_KERNEL_GENERAL))
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return false;
    }
    return true;
}

/* Appends the runs of one part copy; false when they are short or too many. */
static bool add_part(const struct part_copy *p, uint32_t axis, uint32_t elem_bytes,
                     struct plan_copy_region *regions, uint32_t *count)
{
    uint64_t run;
    if (p->sizes[axis] == 0)
        return true;
    int outer = inner_run(p, &run);
    bool short_runs = outer >= 0 && run * elem_bytes < PLAN_COPY_MIN_RUN_BYTES;
    return !short_runs && add_regions(p, outer, run, elem_bytes, regions, count);
}

bool plan_copy_regions(const struct plan *plan, struct plan_copy_region *regions, uint32_t *count)
{
    struct part_copy p;
    bool ok = is_plain_copy(plan);
    uint32_t pieces = plan->in_part_count ? plan->in_part_count : plan->part_count;

    *count = 0;
    for (uint32_t k = 0; ok && k < pieces; ++k)
    {
        if (plan->in_part_count)
            in_part_copy(plan, k, &p);
        else
            part_copy(plan, k, &p);
        ok = add_part(&p, plan->in_part_count ? plan->in_part_axis : plan->part_axis,
                      plan->elem_bytes, regions, count);
    }
    if (!ok)
        *count = 0;
    return ok;
}

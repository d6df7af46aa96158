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
    uint32_t end = k + 1 < plan->part_count ? plan->parts[k + 1].axis_begin : plan->dims[axis].size;

    out->rank = plan->rank;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        out->sizes[d] = plan->dims[d].size;
        out->in_strides[d] = plan->dims[d].in_stride;
        out->out_strides[d] = part->strides[d];
    }
    out->sizes[axis] = end - part->axis_begin;
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

static bool is_plain_copy(const struct plan *plan)
{
    if (plan->kernel == PLAN_KERNEL_PAD || plan->kernel == PLAN_KERNEL_FILL || plan->count == 0)
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return false;
    }
    return true;
}

bool plan_copy_regions(const struct plan *plan, struct plan_copy_region *regions, uint32_t *count)
{
    *count = 0;
    if (!is_plain_copy(plan))
        return false;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        struct part_copy p;
        uint64_t run;
        part_copy(plan, k, &p);
        if (p.sizes[plan->part_axis] == 0)
            continue;
        int outer = inner_run(&p, &run);
        bool short_runs = outer >= 0 && run * plan->elem_bytes < PLAN_COPY_MIN_RUN_BYTES;
        if (short_runs || !add_regions(&p, outer, run, plan->elem_bytes, regions, count))
            return *count = 0, false;
    }
    return true;
}

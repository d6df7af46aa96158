#include "plan_chunk.h"

#include <stdlib.h>
#include <string.h>

#include "lower.h"

/* The shortest run of consecutive output bytes that one input part writes. */
static uint64_t cut_run_bytes(const struct plan *plan)
{
    uint32_t last = plan->rank - 1;
    uint64_t run = plan->dims[last].size;

    if (plan->parts[0].strides[last] != 1)
        return plan->elem_bytes;
    for (uint32_t j = 0; plan->in_part_axis == last && j < plan->in_part_count; ++j)
    {
        if (plan_in_part_extent(plan, j) < run)
            run = plan_in_part_extent(plan, j);
    }
    return run * plan->elem_bytes;
}

uint32_t plan_cut_count(const struct plan *plan, uint32_t max_slots)
{
    if (plan->in_part_count < 2 || !plan->in_parts)
        return 0;
    /* Shorter runs leave each copy writing part of every DRAM sector: one kernel over the output
     * does better there. */
    if (cut_run_bytes(plan) < PLAN_CUT_MIN_RUN_BYTES)
        return 0;
    /* A padded dim cut to one coordinate would be dropped with its map by the simplification. */
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return 0;
    }
    /* Output parts along the input part axis would need both cut at once. */
    if (plan->part_count > 1 && plan->part_axis == plan->in_part_axis)
        return 0;
    if (max_slots != UINT32_MAX && 1 + plan->part_count > max_slots)
        return 0;
    return plan->in_part_count;
}

static void cut_renumber(struct plan *out, uint32_t *slot_map)
{
    slot_map[0] = out->in_slot;
    out->in_slot = 0;
    for (uint32_t k = 0; k < out->part_count; ++k)
    {
        slot_map[1 + k] = out->parts[k].slot;
        out->parts[k].slot = 1 + k;
    }
    out->slot_count = 1 + out->part_count;
}

HRESULT plan_cut_input(const struct plan *plan, uint32_t j, uint32_t *slot_map, struct plan *out)
{
    const struct plan_part *in = &plan->in_parts[j];
    uint32_t axis = plan->in_part_axis, begin = in->axis_begin;

    *out = *plan;
    out->in_parts = NULL;
    out->in_part_count = 0;
    out->in_part_axis = 0;
    if (!(out->parts = malloc(plan->part_count * sizeof(*out->parts))))
        return E_OUTOFMEMORY;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        out->parts[k] = plan->parts[k];
        out->parts[k].base += (int64_t)begin * plan->parts[k].strides[axis];
    }
    out->in_slot = in->slot;
    out->in_base = in->base;
    for (uint32_t d = 0; d < plan->rank; ++d)
        out->dims[d].in_stride = in->strides[d];
    out->dims[axis].size = plan_in_part_extent(plan, j);
    if (slot_map)
        cut_renumber(out, slot_map);
    dml_lower_simplify(out);
    return S_OK;
}

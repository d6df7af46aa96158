#include "plan_chunk.h"

#include <stdlib.h>
#include <string.h>

#include "lower.h"

static uint32_t parts_per_chunk(uint32_t max_slots)
{
    return max_slots - 1; /* one slot is the input (the output for input parts) */
}

/* Input parts (JOIN) are cut as output parts are, with the roles of input and output swapped. */
static uint32_t chunked_parts(const struct plan *plan)
{
    return plan->in_part_count ? plan->in_part_count : plan->part_count;
}

uint32_t plan_chunk_count(const struct plan *plan, uint32_t max_slots)
{
    uint32_t per_chunk = parts_per_chunk(max_slots);

    if (plan->slot_count <= max_slots)
        return 1;
    return (chunked_parts(plan) + per_chunk - 1) / per_chunk;
}

static HRESULT copy_in_parts(const struct plan *plan, struct plan *out)
{
    size_t bytes = plan->in_part_count * sizeof(*out->in_parts);
    out->in_parts = NULL;
    if (!plan->in_part_count)
        return S_OK;
    if (!(out->in_parts = malloc(bytes)))
        return E_OUTOFMEMORY;
    memcpy(out->in_parts, plan->in_parts, bytes);
    return S_OK;
}

uint32_t plan_chunk_slot_count(const struct plan *plan, uint32_t index, uint32_t max_slots)
{
    uint32_t per_chunk = parts_per_chunk(max_slots), first = index * per_chunk;
    uint32_t parts = chunked_parts(plan);

    if (plan->slot_count <= max_slots)
        return plan->slot_count;
    return 1 + (parts - first < per_chunk ? parts - first : per_chunk);
}

static uint64_t plan_element_count(const struct plan *plan)
{
    uint64_t count = 1;

    for (uint32_t d = 0; d < plan->rank; ++d)
        count *= plan->dims[d].size;
    return count;
}

static HRESULT copy_whole(const struct plan *plan, struct plan *out, uint32_t *slot_map)
{
    *out = *plan;
    if (!(out->parts = malloc(plan->part_count * sizeof(*out->parts))))
        return E_OUTOFMEMORY;
    memcpy(out->parts, plan->parts, plan->part_count * sizeof(*out->parts));
    if (FAILED(copy_in_parts(plan, out)))
    {
        free(out->parts);
        return E_OUTOFMEMORY;
    }
    for (uint32_t s = 0; s < plan->slot_count; ++s)
        slot_map[s] = s;
    return S_OK;
}

/* Chunk of a plan with input parts and one output part: a run of inputs and the output. */
static HRESULT chunk_inputs(const struct plan *plan, uint32_t first, uint32_t count,
                            struct plan *out, uint32_t *slot_map)
{
    uint32_t axis = plan->in_part_axis, begin = plan->in_parts[first].axis_begin;
    uint32_t end = first + count < plan->in_part_count ? plan->in_parts[first + count].axis_begin
                                                       : plan->dims[axis].size;
    *out = *plan;
    out->parts = malloc(sizeof(*out->parts));
    out->in_parts = malloc(count * sizeof(*out->in_parts));
    if (!out->parts || !out->in_parts)
    {
        free(out->parts);
        free(out->in_parts);
        return E_OUTOFMEMORY;
    }
    out->parts[0] = plan->parts[0];
    out->parts[0].base += (int64_t)begin * plan->parts[0].strides[axis];
    out->parts[0].slot = 0;
    slot_map[0] = plan->parts[0].slot;
    out->dims[axis].size = end - begin;
    out->count = plan_element_count(out);
    out->in_part_count = count;
    out->slot_count = count + 1;
    for (uint32_t j = 0; j < count; ++j)
    {
        out->in_parts[j] = plan->in_parts[first + j];
        out->in_parts[j].axis_begin -= begin;
        out->in_parts[j].slot = j + 1;
        slot_map[j + 1] = plan->in_parts[first + j].slot;
    }
    return S_OK;
}

HRESULT plan_chunk(const struct plan *plan, uint32_t index, uint32_t max_slots, struct plan *out,
                   uint32_t *slot_map)
{
    uint32_t per_chunk = parts_per_chunk(max_slots), first = index * per_chunk, count, begin, end;
    struct plan_dim *axis;

    if (plan->slot_count <= max_slots)
        return copy_whole(plan, out, slot_map);
    if (plan->in_part_count)
    {
        count = plan->in_part_count - first < per_chunk ? plan->in_part_count - first : per_chunk;
        return chunk_inputs(plan, first, count, out, slot_map);
    }
    count = plan->part_count - first < per_chunk ? plan->part_count - first : per_chunk;
    begin = plan->parts[first].axis_begin;
    end = first + count < plan->part_count ? plan->parts[first + count].axis_begin
                                           : plan->dims[plan->part_axis].size;
    *out = *plan;
    if (!(out->parts = malloc(count * sizeof(*out->parts))))
        return E_OUTOFMEMORY;
    axis = &out->dims[out->part_axis];
    out->in_base += (int64_t)begin * axis->in_stride;
    axis->size = end - begin;
    out->count = plan_element_count(out);
    out->part_count = count;
    out->in_slot = 0;
    out->slot_count = count + 1;
    slot_map[0] = plan->in_slot;
    for (uint32_t j = 0; j < count; ++j)
    {
        out->parts[j] = plan->parts[first + j];
        out->parts[j].axis_begin -= begin;
        out->parts[j].slot = j + 1;
        slot_map[j + 1] = plan->parts[first + j].slot;
    }
    return S_OK;
}

/* The shortest run of consecutive output bytes that one input part writes. */
static uint64_t cut_run_bytes(const struct plan *plan)
{
    uint32_t last = plan->rank - 1;
    uint64_t run = plan->dims[last].size;

    if (plan->parts[0].strides[last] != 1)
        return plan->elem_bytes;
    for (uint32_t j = 0; plan->in_part_axis == last && j < plan->in_part_count; ++j)
    {
        uint32_t end =
            j + 1 < plan->in_part_count ? plan->in_parts[j + 1].axis_begin : plan->dims[last].size;
        if (end - plan->in_parts[j].axis_begin < run)
            run = end - plan->in_parts[j].axis_begin;
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
    uint32_t end =
        j + 1 < plan->in_part_count ? plan->in_parts[j + 1].axis_begin : plan->dims[axis].size;

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
    out->dims[axis].size = end - begin;
    if (slot_map)
        cut_renumber(out, slot_map);
    dml_lower_simplify(out);
    return S_OK;
}

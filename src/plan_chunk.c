#include "plan_chunk.h"

#include <stdlib.h>
#include <string.h>

static uint32_t parts_per_chunk(uint32_t max_slots)
{
    return max_slots - 1; /* one slot is the input */
}

uint32_t plan_chunk_count(const struct plan *plan, uint32_t max_slots)
{
    uint32_t per_chunk = parts_per_chunk(max_slots);

    if (plan->slot_count <= max_slots)
        return 1;
    return (plan->part_count + per_chunk - 1) / per_chunk;
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
    for (uint32_t s = 0; s < plan->slot_count; ++s)
        slot_map[s] = s;
    return S_OK;
}

HRESULT plan_chunk(const struct plan *plan, uint32_t index, uint32_t max_slots, struct plan *out,
                   uint32_t *slot_map)
{
    uint32_t per_chunk = parts_per_chunk(max_slots), first = index * per_chunk, count, begin, end;
    struct plan_dim *axis;

    if (plan->slot_count <= max_slots)
        return copy_whole(plan, out, slot_map);
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

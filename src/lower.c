#include "lower.h"

#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"
#include "ops/ops.h"

#define LOWER_MAX_UNIT_BYTES 16

/* Smallest base alignment (in bytes, capped at 16) over every bound tensor. */
uint32_t dml_lower_unit_limit(const struct dml_op_def *def)
{
    uint32_t alignment = LOWER_MAX_UNIT_BYTES;
    for (uint32_t i = 0; i < def->input_count + def->output_count; ++i)
    {
        if (def->tensors[i].base_alignment < alignment)
            alignment = def->tensors[i].base_alignment;
    }
    return alignment;
}

static int lower_has_padded_dim(const struct plan *plan)
{
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return 1;
    }
    return 0;
}

/* One input part is the plain input: the kernels that read in_slot and in_stride then apply. */
static void lower_single_input(struct plan *plan)
{
    const struct plan_part *part = &plan->in_parts[0];
    plan->in_slot = part->slot;
    plan->in_base = part->base;
    for (uint32_t d = 0; d < plan->rank; ++d)
        plan->dims[d].in_stride = part->strides[d];
    free(plan->in_parts);
    plan->in_parts = NULL;
    plan->in_part_count = 0;
    plan->in_part_axis = 0;
}

/* Rank 0 becomes rank 1 of size 1; kernel, count and the unused part axis are settled. */
static void lower_finish(struct plan *plan)
{
    if (plan->rank == 0)
    {
        plan->rank = 1;
        plan->dims[0] = (struct plan_dim){.size = 1, .in_stride = 1, .map = PLAN_MAP_AFFINE};
        for (uint32_t k = 0; k < plan->part_count; ++k)
            plan->parts[k].strides[0] = 1;
        for (uint32_t j = 0; j < plan->in_part_count; ++j)
            plan->in_parts[j].strides[0] = 1;
    }
    if (plan->part_count == 1)
        plan->part_axis = 0;
    plan->count = 1;
    for (uint32_t d = 0; d < plan->rank; ++d)
        plan->count *= plan->dims[d].size;
    if (plan->in_part_count == 1 && !plan->fill.kind) /* a FILL plan's input part stays one */
        lower_single_input(plan);
    if (plan->fill.kind)
        plan->kernel = PLAN_KERNEL_FILL;
    else if (plan->arith == PLAN_ARITH_CAST)
        plan->kernel = PLAN_KERNEL_CAST;
    else if (plan->arith != PLAN_ARITH_NONE)
        plan->kernel = PLAN_KERNEL_SCALE_BIAS;
    else if (plan->in_part_count > 1)
        plan->kernel = PLAN_KERNEL_GENERAL;
    else if (lower_has_padded_dim(plan))
        plan->kernel = PLAN_KERNEL_PAD;
    else
        plan->kernel = plan->part_count > 1 ? PLAN_KERNEL_SPLIT : PLAN_KERNEL_COPY;
}

static void lower_simplify(struct plan *plan, uint32_t max_unit_bytes)
{
    lower_drop_unit_dims(plan);
    lower_sort_dims(plan);
    lower_merge_dims(plan);
    lower_widen(plan, max_unit_bytes);
    lower_drop_unit_dims(plan);
    lower_finish(plan);
}

HRESULT dml_lower(const struct dml_op_def *def, struct plan *out)
{
    memset(out, 0, sizeof(*out));
    const struct dml_op_entry *entry = dml_op_find(def->type);
    if (!entry || !entry->lower)
        return E_INVALIDARG; /* unreachable for a validated def; several steps: dml_lower_steps */
    HRESULT hr = entry->lower(def, out);
    if (FAILED(hr))
    {
        plan_cleanup(out);
        return hr;
    }
    /* Arithmetic reads whole elements, and so does a band (its index is per element): never
     * widened into units. */
    out->max_unit_bytes = out->arith || out->fill.kind == PLAN_FILL_BAND
                              ? out->elem_bytes
                              : dml_lower_unit_limit(def);
    if (out->index.mode)
        lower_index_simplify(out, out->max_unit_bytes);
    else
        lower_simplify(out, out->max_unit_bytes);
    return S_OK;
}

void dml_lower_simplify(struct plan *plan)
{
    uint32_t unit =
        plan->max_unit_bytes > plan->elem_bytes ? plan->max_unit_bytes : plan->elem_bytes;
    if (plan->index.mode)
        lower_index_simplify(plan, unit);
    else
        lower_simplify(plan, unit);
}

/* The largest unit of at most 16 bytes that divides bytes (both ends are 16-byte aligned). */
static uint32_t lower_copy_unit(uint64_t bytes)
{
    uint32_t unit = LOWER_MAX_UNIT_BYTES;
    while (unit > 1 && bytes % unit)
        unit /= 2;
    return unit;
}

HRESULT dml_lower_copy_bytes(uint64_t bytes, uint32_t src_slot, uint32_t dst_slot, struct plan *out)
{
    uint32_t unit = lower_copy_unit(bytes);
    if (bytes / unit > UINT32_MAX) /* 64 GiB and more: beyond any tensor this library accepts */
        return E_OUTOFMEMORY;
    HRESULT hr = lower_plan_init(out, unit, 1, 1);
    if (FAILED(hr))
        return hr;
    out->dims[0] = (struct plan_dim){.size = (uint32_t)(bytes / unit), .in_stride = 1};
    out->in_slot = src_slot;
    out->parts[0].slot = dst_slot;
    out->parts[0].strides[0] = 1;
    out->slot_count = (src_slot > dst_slot ? src_slot : dst_slot) + 1;
    lower_finish(out); /* bytes == 0 gives count 0: nothing to dispatch */
    return S_OK;
}

void plan_cleanup(struct plan *plan)
{
    free(plan->parts);
    free(plan->in_parts);
    memset(plan, 0, sizeof(*plan));
}

struct plan_part *plan_parts_copy(const struct plan_part *parts, uint32_t count)
{
    struct plan_part *copy = malloc(((size_t)count + 1) * sizeof(*copy));

    if (copy && count)
        memcpy(copy, parts, count * sizeof(*copy));
    return copy;
}

bool plan_clone(const struct plan *from, struct plan *to)
{
    *to = *from;
    to->parts = plan_parts_copy(from->parts, from->part_count);
    to->in_parts =
        from->in_part_count ? plan_parts_copy(from->in_parts, from->in_part_count) : NULL;
    if (to->parts && (to->in_parts || !from->in_part_count))
        return true;
    plan_cleanup(to);
    return false;
}

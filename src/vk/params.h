/* The parameter block: struct plan as the shaders read it (std430). Mirrors Params, Dim and
 * Part in shaders/dmlops_common.glsl; the static assertions in params.c pin the layout. */
#ifndef DMLOPS_VK_PARAMS_H
#define DMLOPS_VK_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"

struct dml_vk_params_dim
{
    int64_t in_stride;
    int64_t pad_start;
    uint32_t size;
    uint32_t map;
    uint32_t in_size;
    int32_t step; /* the pre-map's scale, 0 read as 1 */
};

struct dml_vk_params_part
{
    int64_t base;
    int64_t strides[PLAN_MAX_RANK];
    uint32_t slot;
    uint32_t axis_begin;
};

struct dml_vk_params
{
    uint32_t rank;
    uint32_t part_axis;
    uint32_t part_count;
    uint32_t in_slot;
    uint32_t count;
    uint32_t slot_count;
    uint32_t slot_mask;     /* bit s: the plan reads or writes slot s (see slots_bound) */
    uint32_t in_part_count; /* input parts follow the part_count output parts */
    int64_t in_base;
    uint32_t in_part_axis;
    uint32_t reserved1;
    uint32_t pad_value[4];
    uint32_t arith; /* enum plan_arith */
    float scale, bias;
    uint32_t cast_types; /* CAST plans: enum plan_arith CAST's type pair */
    struct dml_vk_params_dim dims[PLAN_MAX_RANK];
    struct dml_vk_params_part parts[];
};

/* A FILL plan's generator (struct plan_fill), after the parts: at
 * parts[part_count + in_part_count], one part's size (shaders/fill.comp). */
struct dml_vk_params_fill
{
    int64_t start, delta, begin, end;
    uint32_t kind, type_bytes;
};

/* Bytes of the parameter block of a plan with part_count parts, input parts included. */
size_t dml_vk_params_size(uint32_t part_count);
/* Bytes of plan's parameter block: its parts, and a FILL plan's generator. */
size_t dml_vk_params_size_for(const struct plan *plan);
/* Writes the plan (already checked) into a block of dml_vk_params_size bytes. */
void dml_vk_params_pack(const struct plan *plan, void *block);

#endif

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
    uint32_t size;
    uint32_t map;
    uint32_t in_size;
    uint32_t pad_start;
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
    uint32_t slot_mask; /* bit s: the plan reads or writes slot s (see slots_bound) */
    uint32_t reserved0;
    int64_t in_base;
    int64_t reserved1;
    uint32_t pad_value[4];
    struct dml_vk_params_dim dims[PLAN_MAX_RANK];
    struct dml_vk_params_part parts[];
};

/* Bytes of the parameter block of a plan with part_count parts. */
size_t dml_vk_params_size(uint32_t part_count);
/* Writes the plan (already checked) into a block of dml_vk_params_size bytes. */
void dml_vk_params_pack(const struct plan *plan, void *block);

#endif

/* The parameter block: struct plan as the generic kernels read it, declared from the list in
 * params_layout.h (as the shaders' Params is); the static assertions in params.c pin the
 * offsets std430 gives the shaders' declaration. */
#ifndef DMLOPS_VK_PARAMS_H
#define DMLOPS_VK_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "params_layout.h"
#include "plan.h"

#define DML_VK_PARAMS_FIELD_U32(name) uint32_t name;
#define DML_VK_PARAMS_FIELD_I32(name) int32_t name;
#define DML_VK_PARAMS_FIELD_I64(name) int64_t name;
#define DML_VK_PARAMS_FIELD_U32X4(name) uint32_t name[4];
#define DML_VK_PARAMS_FIELD_F32(name) float name;
#define DML_VK_PARAMS_FIELD_I64_RANK(name) int64_t name[PLAN_MAX_RANK];
#define DML_VK_PARAMS_FIELD(kind, name) DML_VK_PARAMS_FIELD_##kind(name)

struct dml_vk_params_dim
{
    DMLOPS_PARAMS_DIM_FIELDS(DML_VK_PARAMS_FIELD)
};

struct dml_vk_params_part
{
    DMLOPS_PARAMS_PART_FIELDS(DML_VK_PARAMS_FIELD)
};

struct dml_vk_params
{
    DMLOPS_PARAMS_FIELDS(DML_VK_PARAMS_FIELD)
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

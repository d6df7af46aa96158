/* The index block of an indexed plan's parameter block (struct plan_index, src/plan.h): written
 * at DMLOPS_INDEX_PARAMS_OFFSET, right after the plan's one output part. Mirrors IndexParams in
 * shaders/dmlops_index.glsl; the static assertions in params_index.c pin the layout. */
#ifndef DMLOPS_VK_PARAMS_INDEX_H
#define DMLOPS_VK_PARAMS_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"

struct dml_vk_params_index
{
    int64_t base;
    int64_t step;
    int64_t strides[PLAN_MAX_RANK];
    int64_t data_strides[PLAN_INDEX_MAX_TUPLE];
    uint32_t sizes[PLAN_INDEX_MAX_TUPLE];
    uint32_t mode;
    uint32_t slot;
    uint32_t type;
    uint32_t count;
    uint32_t axis;
    uint32_t claim_slot;
    uint32_t slice_count;
    uint32_t slice_rank;
};

/* Bytes of an indexed plan's whole parameter block. */
size_t dml_vk_params_index_size(void);
/* Writes the index block into a block already packed by dml_vk_params_pack, and adds the index
 * (and claim) slot to its slot mask. */
void dml_vk_params_index_pack(const struct plan *plan, void *block);

#endif

/* Packing an indexed plan's index block (params_index.h). */
#include "params_index.h"

#include <string.h>

#include "params.h"
#include "vk_private.h"

_Static_assert(sizeof(struct dml_vk_params) + sizeof(struct dml_vk_params_part) ==
                   DMLOPS_INDEX_PARAMS_OFFSET,
               "the index block follows one output part");
_Static_assert(offsetof(struct dml_vk_params_index, strides) == 16, "IndexParams layout");
_Static_assert(offsetof(struct dml_vk_params_index, data_strides) == 80, "IndexParams layout");
_Static_assert(offsetof(struct dml_vk_params_index, sizes) == 144, "IndexParams layout");
_Static_assert(offsetof(struct dml_vk_params_index, mode) == 176, "IndexParams layout");
_Static_assert(sizeof(struct dml_vk_params_index) == 208, "IndexParams layout");

size_t dml_vk_params_index_size(void)
{
    return DMLOPS_INDEX_PARAMS_OFFSET + sizeof(struct dml_vk_params_index);
}

/* The product of the innermost slice_rank sizes: the coordinates one claim covers. */
static uint32_t slice_count(const struct plan *plan)
{
    uint64_t count = 1;

    for (uint32_t d = plan->rank - plan->index.slice_rank; d < plan->rank; ++d)
        count *= plan->dims[d].size;
    return (uint32_t)count;
}

void dml_vk_params_index_pack(const struct plan *plan, void *block)
{
    const struct plan_index *index = &plan->index;
    struct dml_vk_params_index *p =
        (struct dml_vk_params_index *)((char *)block + DMLOPS_INDEX_PARAMS_OFFSET);
    struct dml_vk_params *params = block;

    memset(p, 0, sizeof(*p));
    p->base = index->base;
    p->step = index->step;
    memcpy(p->strides, index->strides, sizeof(p->strides));
    memcpy(p->data_strides, index->data_strides, sizeof(p->data_strides));
    memcpy(p->sizes, index->sizes, sizeof(p->sizes));
    p->mode = index->mode;
    p->slot = index->slot;
    p->type = index->type;
    p->count = index->count;
    p->axis = index->axis;
    p->claim_slot = index->claim_slot;
    p->slice_count = slice_count(plan);
    p->slice_rank = index->slice_rank;
    if (plan->slot_count <= DML_VK_PUSH_SLOTS)
        params->slot_mask |=
            1u << index->slot | (plan->kernel == PLAN_KERNEL_SCATTER ? 1u << index->claim_slot : 0);
}

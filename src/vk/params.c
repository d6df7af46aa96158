/* Checking a plan against what the kernels implement, and packing it for the GPU. */
#include <string.h>

#include "params.h"
#include "vk_private.h"

_Static_assert(offsetof(struct dml_vk_params, in_base) == 32, "Params layout");
_Static_assert(offsetof(struct dml_vk_params, pad_value) == 48, "Params layout");
_Static_assert(offsetof(struct dml_vk_params, arith) == 64, "Params layout");
_Static_assert(offsetof(struct dml_vk_params, dims) == 80, "Params layout");
_Static_assert(offsetof(struct dml_vk_params, in_part_axis) == 40, "Params layout");
_Static_assert(sizeof(struct dml_vk_params_dim) == 32, "Dim layout");
_Static_assert(offsetof(struct dml_vk_params, parts) == 336, "Params layout");
_Static_assert(sizeof(struct dml_vk_params_part) == 80, "Part layout");
_Static_assert(offsetof(struct dml_vk_params, parts) == DMLOPS_PARAMS_PARTS_OFFSET,
               "shaders find the parts here");
_Static_assert(sizeof(struct dml_vk_params_part) == DMLOPS_PARAMS_PART_BYTES,
               "shaders find the record after the parts here");
_Static_assert(sizeof(struct dml_vk_params_fill) <= sizeof(struct dml_vk_params_part),
               "the generator takes one part's room");

size_t dml_vk_params_size(uint32_t part_count)
{
    return sizeof(struct dml_vk_params) + (size_t)part_count * sizeof(struct dml_vk_params_part);
}

size_t dml_vk_params_size_for(const struct plan *plan)
{
    uint32_t records = plan->part_count + plan->in_part_count;
    return dml_vk_params_size(records + (plan->kernel == PLAN_KERNEL_FILL));
}

static void pack_fill(const struct plan *plan, struct dml_vk_params *p)
{
    struct dml_vk_params_fill *fill =
        (struct dml_vk_params_fill *)&p->parts[plan->part_count + plan->in_part_count];
    *fill = (struct dml_vk_params_fill){plan->fill.start, plan->fill.delta, plan->fill.begin,
                                        plan->fill.end,   plan->fill.kind,  plan->fill.type_bytes};
}

static void pack_part(const struct plan_part *in, struct dml_vk_params_part *out)
{
    out->base = in->base;
    memcpy(out->strides, in->strides, sizeof(out->strides));
    out->slot = in->slot;
    out->axis_begin = in->axis_begin;
}

void dml_vk_params_pack(const struct plan *plan, void *block)
{
    struct dml_vk_params *p = block;
    memset(p, 0, dml_vk_params_size_for(plan));
    p->rank = plan->rank;
    p->part_axis = plan->part_axis;
    p->part_count = plan->part_count;
    p->in_slot = plan->in_slot;
    p->count = (uint32_t)plan->count;
    p->slot_count = plan->slot_count;
    p->in_base = plan->in_base;
    p->in_part_count = plan->in_part_count;
    p->in_part_axis = plan->in_part_axis;
    p->arith = plan->arith;
    p->cast_types = plan->cast_types;
    p->scale = plan->scale;
    p->bias = plan->bias;
    memcpy(p->pad_value, plan->pad_value, sizeof(p->pad_value));
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        p->dims[d] = (struct dml_vk_params_dim){
            .in_stride = plan->dims[d].in_stride,
            .size = plan->dims[d].size,
            .map = plan->dims[d].map,
            .in_size = plan->dims[d].in_size,
            .pad_start = plan->dims[d].pad_start,
            .step = plan->dims[d].step,
        };
    }
    for (uint32_t k = 0; k < plan->part_count; ++k)
        pack_part(&plan->parts[k], &p->parts[k]);
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        pack_part(&plan->in_parts[j], &p->parts[plan->part_count + j]);
    if (plan->kernel == PLAN_KERNEL_FILL)
        pack_fill(plan, p);
    /* Only pushed slots are checked through the mask; a slot block counts its own. */
    if (plan->slot_count <= DML_VK_PUSH_SLOTS)
        p->slot_mask = plan_slot_mask(plan);
}

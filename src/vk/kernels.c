/* Kernels: a plan turned into a pipeline (specialized, or generic with a parameter block) and
 * a dispatch size. */
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "plan_copy.h"
#include "spec.h"
#include "vk_private.h"

#define WORKGROUP_SIZE DMLOPS_WORKGROUP_SIZE /* local_size_x of the kernels */

/* Push constants, as Push in shaders/dmlops_slots.glsl. */
struct push
{
    VkDeviceAddress params; /* | SLOTS_INDIRECT: slot[0] is a slot block's address */
    VkDeviceAddress slot[DML_VK_PUSH_SLOTS];
};
#define SLOTS_INDIRECT 1u
_Static_assert(sizeof(struct push) == DML_VK_PUSH_BYTES, "push constant layout");
_Static_assert(DML_VK_BLOCK_ALIGNMENT > SLOTS_INDIRECT, "the flag lives in alignment bits");

/* As Bindings in shaders/dmlops_slots.glsl: the unbound count first, so that a kernel checks one
 * word however many slots it has. */
uint64_t dml_vk_slot_block_bytes(uint32_t slot_count)
{
    return (1 + (uint64_t)slot_count) * sizeof(VkDeviceAddress);
}

void dml_vk_slot_block_write(const struct dml_vk_slot *slots, uint32_t slot_count, void *host)
{
    VkDeviceAddress *words = host, unbound = 0;
    for (uint32_t s = 0; s < slot_count; ++s)
    {
        words[1 + s] = slots[s].address;
        unbound += !slots[s].address;
    }
    words[0] = unbound;
}

static uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* Spreads the workgroups over X, then Y, then Z; the shader rebuilds the linear index. */
static HRESULT fold_groups(const struct dml_vk_device *dev, uint64_t count, uint32_t groups[3])
{
    const uint32_t *limit = dev->props.limits.maxComputeWorkGroupCount;
    uint64_t left = div_up(count, WORKGROUP_SIZE);
    for (int axis = 0; axis < 3; ++axis)
    {
        groups[axis] = (uint32_t)(left < limit[axis] ? left : limit[axis]);
        left = div_up(left, groups[axis] ? groups[axis] : 1);
        if (axis < 2 && left == 1)
        {
            groups[axis + 1] = 1;
            groups[2] = 1;
            return S_OK;
        }
    }
    return left <= 1 ? S_OK : E_INVALIDARG;
}

/* Generated elements and dilated windows exist in the generic kernels only (spec.c and
 * vec.comp screen plans on their arithmetic and maps, which these need not have). */
static bool generic_only(const struct plan *plan)
{
    if (plan->kernel == PLAN_KERNEL_FILL)
        return true;
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].map == PLAN_MAP_DILATE)
            return true;
    return false;
}

/* The specialized kernel when the device wants it and the plan fits: no parameter block, one
 * thread per 16 output bytes. S_FALSE: use the generic kernel instead. */
static HRESULT create_specialized(struct dml_vk_device *dev, const struct plan *plan,
                                  uint32_t marks, struct dml_vk_kernel *out)
{
    struct dml_vk_spec spec;
    if (!dev->pipelines.specialize || generic_only(plan) || !dml_vk_spec_from_plan(plan, &spec))
        return S_FALSE;
    struct dml_vk_variant variant = {spec.mode == DML_VK_SPEC_TILE ? DML_VK_KERNEL_TILE
                                                                   : DML_VK_KERNEL_VEC,
                                     plan->elem_bytes, marks};
    HRESULT hr = fold_groups(dev, (uint64_t)spec.vtotal, out->groups);
    if (SUCCEEDED(hr))
        hr = dml_vk_pipeline_get(dev, &variant, &spec, &out->pipeline);
    return hr; /* S_FALSE from dml_vk_pipeline_get: too many shapes, the generic kernel */
}

static HRESULT create_generic(struct dml_vk_device *dev, const struct plan *plan, uint32_t marks,
                              struct dml_vk_kernel *out)
{
    struct dml_vk_variant variant = {plan->kernel, plan->elem_bytes, marks};
    HRESULT hr = fold_groups(dev, plan->count, out->groups);
    if (SUCCEEDED(hr))
        hr = dml_vk_pipeline_get(dev, &variant, NULL, &out->pipeline);
    if (SUCCEEDED(hr))
        hr = dml_vk_block_alloc(dev, dml_vk_params_size_for(plan), &out->params);
    if (SUCCEEDED(hr))
        dml_vk_params_pack(plan, out->params.host);
    return hr;
}

/* Input part j of a plan with one output part, as a single-input copy plan of its axis range. */
static void input_part_plan(const struct plan *plan, uint32_t j, struct plan *sub,
                            struct plan_part *out_part)
{
    const struct plan_part *in = &plan->in_parts[j];
    uint32_t axis = plan->in_part_axis;
    uint32_t end =
        j + 1 < plan->in_part_count ? plan->in_parts[j + 1].axis_begin : plan->dims[axis].size;
    *sub = *plan;
    *out_part = plan->parts[0];
    out_part->base += (int64_t)in->axis_begin * out_part->strides[axis];
    sub->kernel = PLAN_KERNEL_COPY;
    sub->parts = out_part;
    sub->in_parts = NULL;
    sub->in_part_count = 0;
    sub->in_slot = in->slot;
    sub->in_base = in->base;
    for (uint32_t d = 0; d < plan->rank; ++d)
        sub->dims[d].in_stride = in->strides[d];
    sub->dims[axis].size = end - in->axis_begin;
    sub->count = plan->count / plan->dims[axis].size * sub->dims[axis].size;
}

/* A JOIN's runs: each input part's, one after another. */
static bool join_copy_regions(const struct plan *plan, struct plan_copy_region *regions,
                              uint32_t *count)
{
    struct plan_copy_region part_regions[PLAN_COPY_MAX_REGIONS];
    *count = 0;
    if (plan->part_count != 1 || plan->kernel != PLAN_KERNEL_GENERAL)
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return false;
    }
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
    {
        struct plan sub;
        struct plan_part out_part;
        uint32_t n;
        input_part_plan(plan, j, &sub, &out_part);
        if (!plan_copy_regions(&sub, part_regions, &n) || *count + n > PLAN_COPY_MAX_REGIONS)
            return *count = 0, false;
        memcpy(regions + *count, part_regions, n * sizeof(*regions));
        *count += n;
    }
    return true;
}

/* The plan's contiguous runs, kept when the device copies that many bytes in that many runs
 * faster with its copy engine. */
static HRESULT add_copy_regions(struct dml_vk_device *dev, const struct plan *plan,
                                struct dml_vk_kernel *out)
{
    uint64_t bytes = plan->count * plan->elem_bytes;
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    uint32_t count;
    bool runs = plan->in_part_count ? join_copy_regions(plan, regions, &count)
                                    : plan_copy_regions(plan, regions, &count);
    enum dml_vk_engine engine;
    HRESULT hr;

    /* Arithmetic and generated elements stay on the compute kernels. */
    if (plan->arith || plan->kernel == PLAN_KERNEL_FILL || !runs)
        return S_OK;
    if (FAILED(hr = dml_vk_engine_for(dev, bytes, count, &engine)) ||
        engine != DML_VK_ENGINE_TRANSFER)
        return hr;
    if (!(out->regions = malloc(count * sizeof(*regions))))
        return E_OUTOFMEMORY;
    memcpy(out->regions, regions, count * sizeof(*regions));
    out->region_count = count;
    return S_OK;
}

HRESULT dml_vk_kernel_create_for(struct dml_vk_device *dev, const struct plan *plan,
                                 bool slot_block, struct dml_vk_kernel *out)
{
    *out = (struct dml_vk_kernel){.layout = dev->pipelines.layout};
    HRESULT hr = dml_vk_plan_check(plan, NULL);
    if (SUCCEEDED(hr))
        hr = create_specialized(dev, plan, slot_block, out);
    if (hr == S_FALSE)
        hr = create_generic(dev, plan, slot_block, out);
    if (SUCCEEDED(hr))
        hr = add_copy_regions(dev, plan, out);
    if (FAILED(hr))
    {
        dml_vk_block_free(dev, &out->params);
        *out = (struct dml_vk_kernel){0};
        return hr;
    }
    out->slot_count = plan->slot_count;
    return S_OK;
}

HRESULT dml_vk_kernel_create(struct dml_vk_device *dev, const struct plan *plan,
                             struct dml_vk_kernel *out)
{
    return dml_vk_kernel_create_for(dev, plan, false, out);
}

void dml_vk_kernel_destroy(struct dml_vk_device *dev, struct dml_vk_kernel *kernel)
{
    dml_vk_block_free(dev, &kernel->params);
    free(kernel->regions);
    *kernel = (struct dml_vk_kernel){0};
}

/* vkCmdCopyBuffer forbids overlapping source and destination ranges (an in-place IDENTITY). */
static bool regions_overlap(const struct dml_vk_kernel *kernel, const struct dml_vk_slot *slots)
{
    for (uint32_t r = 0; r < kernel->region_count; ++r)
    {
        const struct plan_copy_region *region = &kernel->regions[r];
        const struct dml_vk_slot *src = &slots[region->src_slot], *dst = &slots[region->dst_slot];
        uint64_t s0 = src->offset + region->src_offset, d0 = dst->offset + region->dst_offset;
        if (src->buffer == dst->buffer && s0 < d0 + region->size && d0 < s0 + region->size)
            return true;
    }
    return false;
}

bool dml_vk_kernel_uses_copy_engine(const struct dml_vk_kernel *kernel,
                                    const struct dml_vk_slot *slots)
{
    if (!kernel->region_count)
        return false;
    for (uint32_t s = 0; s < kernel->slot_count; ++s)
    {
        if (!slots[s].buffer)
            return false;
    }
    return !regions_overlap(kernel, slots);
}

/* slots NULL: the kernel reads them from slot_block at execution. */
static void record_dispatch(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                            VkCommandBuffer cmd, const struct dml_vk_slot *slots,
                            VkDeviceAddress slot_block)
{
    struct push push = {.params = kernel->params.address};
    if (!slots)
    {
        push.params |= SLOTS_INDIRECT;
        push.slot[0] = slot_block;
    }
    else
    {
        for (uint32_t s = 0; s < kernel->slot_count; ++s)
            push.slot[s] = slots[s].address;
    }
    /* All 128 bytes, unused slots included: the shader declares them all. */
    dev->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, kernel->pipeline);
    dev->vk.vkCmdPushConstants(cmd, kernel->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push),
                               &push);
    dev->vk.vkCmdDispatch(cmd, kernel->groups[0], kernel->groups[1], kernel->groups[2]);
}

/* Makes the copies look like a compute dispatch to the application's compute barriers. */
static void barrier(struct dml_vk_device *dev, VkCommandBuffer cmd, VkPipelineStageFlags from,
                    VkAccessFlags written, VkPipelineStageFlags to, VkAccessFlags accessed)
{
    VkMemoryBarrier memory = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = written,
                              .dstAccessMask = accessed};
    dev->vk.vkCmdPipelineBarrier(cmd, from, to, 0, 1, &memory, 0, NULL, 0, NULL);
}

/* Consecutive runs between the same two slots go in one vkCmdCopyBuffer (COPY_BATCH at most). */
#define COPY_BATCH 32
static void record_copies(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                          VkCommandBuffer cmd, const struct dml_vk_slot *slots)
{
    VkBufferCopy batch[COPY_BATCH];
    uint32_t n = 0;

    for (uint32_t r = 0; r < kernel->region_count; ++r)
    {
        const struct plan_copy_region *region = &kernel->regions[r];
        const struct dml_vk_slot *src = &slots[region->src_slot], *dst = &slots[region->dst_slot];
        batch[n++] = (VkBufferCopy){src->offset + region->src_offset,
                                    dst->offset + region->dst_offset, region->size};
        const struct plan_copy_region *next = r + 1 < kernel->region_count ? region + 1 : NULL;
        if (n == COPY_BATCH || !next || next->src_slot != region->src_slot ||
            next->dst_slot != region->dst_slot)
        {
            dev->vk.vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, n, batch);
            n = 0;
        }
    }
}

void dml_vk_kernel_record(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                          VkCommandBuffer cmd, const struct dml_vk_slot *slots,
                          VkDeviceAddress slot_block)
{
    if (!slots || !dml_vk_kernel_uses_copy_engine(kernel, slots))
    {
        bool pushed = slots && kernel->slot_count <= DML_VK_PUSH_SLOTS;
        record_dispatch(dev, kernel, cmd, pushed ? slots : NULL, slot_block);
        return;
    }
    barrier(dev, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT,
            VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
    record_copies(dev, kernel, cmd, slots);
    barrier(dev, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

/* Program steps as kernels: cutting a plan to the push constants, recording, barriers. */
#include "steps.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "plan_chunk.h"
#include "plan_copy.h"
#include "plan_spec.h"
#include "vk_private.h"

/* Output bases of whole vectors move from the cut's plan into its pushed slots, so that the cuts
 * of alike input parts (a JOIN of equal tensors) are one plan: one specialized pipeline instead
 * of one per input, each compiled anew and taking a place in the device's table. */
static void bases_to_slots(struct plan *cut, uint64_t *offsets)
{
    offsets[0] = 0;
    for (uint32_t k = 0; k < cut->part_count; ++k)
    {
        uint64_t bytes = (uint64_t)cut->parts[k].base * cut->elem_bytes;
        bool whole = cut->parts[k].base > 0 && bytes % DMLOPS_VEC_BYTES == 0;
        offsets[1 + k] = whole ? bytes : 0;
        cut->parts[k].base = whole ? 0 : cut->parts[k].base;
    }
}

/* Input part index's own plan (plan_cut_input); indirect kernels keep the step's slot numbers,
 * as they all read its one slot block. */
static HRESULT add_cut(struct dml_vk_device *dev, const struct plan *plan, uint32_t index,
                       bool indirect, struct dml_vk_step *step)
{
    struct dml_vk_step_dispatch *dispatch = &step->dispatches[step->dispatch_count];
    uint32_t slots = 1 + plan->part_count;
    struct plan cut;
    HRESULT hr;

    *dispatch = (struct dml_vk_step_dispatch){0};
    if (!indirect && (!(dispatch->slot_map = malloc(slots * sizeof(uint32_t))) ||
                      !(dispatch->slot_offsets = malloc(slots * sizeof(uint64_t)))))
        return free(dispatch->slot_map), E_OUTOFMEMORY;
    if (SUCCEEDED(hr = plan_cut_input(plan, index, dispatch->slot_map, &cut)))
    {
        if (!indirect)
            bases_to_slots(&cut, dispatch->slot_offsets);
        hr = dml_vk_kernel_create_for(dev, &cut, step->late, &dispatch->kernel);
        plan_cleanup(&cut);
    }
    if (FAILED(hr))
    {
        free(dispatch->slot_map);
        free(dispatch->slot_offsets);
        return hr;
    }
    ++step->dispatch_count;
    return S_OK;
}

/* Only late steps may run with slots unbound: only their kernels are built to mark that (a store
 * in the prologue, which costs the others time). */
static HRESULT add_whole(struct dml_vk_device *dev, const struct plan *plan,
                         struct dml_vk_step *step)
{
    HRESULT hr = dml_vk_kernel_create_for(dev, plan, step->late, &step->dispatches[0].kernel);

    step->dispatches[0].slot_map = NULL;
    step->dispatch_count = SUCCEEDED(hr);
    return hr;
}

/* The engine choice (see steps.h): a direct step that is a few contiguous runs asks the
 * device's probes (which run now on the library's own device if they are still to be done). */
static HRESULT choose_engine(struct dml_vk_device *dev, const struct plan *plan,
                             struct dml_vk_step *step)
{
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    enum dml_vk_engine engine = DML_VK_ENGINE_COMPUTE;
    uint32_t count;
    HRESULT hr;

    step->engine = DML_VK_ENGINE_COMPUTE;
    if (step->late || !plan_copy_regions(plan, regions, &count))
        return S_OK;
    if (FAILED(hr = dml_vk_engine_for(dev, plan->count * plan->elem_bytes, count, &engine)) ||
        engine != DML_VK_ENGINE_TRANSFER)
        return hr;
    if (!(step->regions = malloc(count * sizeof(*regions))))
        return E_OUTOFMEMORY;
    memcpy(step->regions, regions, count * sizeof(*regions));
    step->region_count = count;
    step->engine = DML_VK_ENGINE_TRANSFER;
    return S_OK;
}

/* A JOIN that a vector walk takes whole (plan_spec.h) is one dispatch rather than cut. MODE_MOVE
 * takes JOINs too, one unit per thread along a joined last dim, while the cuts' copies get the
 * vector walks (or packed MODE_MOVE): those stay cut, as before MODE_MOVE took input parts. */
static bool joined_whole(const struct dml_vk_device *dev, const struct plan *plan)
{
    struct plan_spec spec;
    return dev->pipelines.specialize && plan->in_part_count > 1 &&
           plan_spec_from_plan(plan, dev->pipelines.move_bytes, &spec) &&
           spec.mode != PLAN_SPEC_MODE_MOVE;
}

HRESULT dml_vk_step_create(struct dml_vk_device *dev, const struct plan *plan, bool late,
                           struct dml_vk_step *out)
{
    uint32_t cuts =
        joined_whole(dev, plan) ? 0 : plan_cut_count(plan, late ? UINT32_MAX : DML_VK_PUSH_SLOTS);
    bool indirect = late || (!cuts && plan->slot_count > DML_VK_PUSH_SLOTS);
    HRESULT hr = S_OK;

    *out = (struct dml_vk_step){.slot_count = plan->slot_count, .indirect = indirect, .late = late};
    if (!(out->dispatches = calloc(cuts ? cuts : 1, sizeof(*out->dispatches))))
        return E_OUTOFMEMORY;
    for (uint32_t i = 0; i < cuts && SUCCEEDED(hr); ++i)
        hr = add_cut(dev, plan, i, indirect, out);
    if (!cuts)
        hr = add_whole(dev, plan, out);
    if (SUCCEEDED(hr))
        hr = choose_engine(dev, plan, out);
    if (FAILED(hr))
        dml_vk_step_destroy(dev, out);
    return hr;
}

void dml_vk_step_destroy(struct dml_vk_device *dev, struct dml_vk_step *step)
{
    for (uint32_t d = 0; d < step->dispatch_count; ++d)
    {
        dml_vk_kernel_destroy(dev, &step->dispatches[d].kernel);
        free(step->dispatches[d].slot_map);
        free(step->dispatches[d].slot_offsets);
    }
    free(step->dispatches);
    free(step->regions);
    *step = (struct dml_vk_step){0};
}

uint64_t dml_vk_step_block_bytes(const struct dml_vk_step *step)
{
    return step->indirect ? dml_vk_slot_block_bytes(step->slot_count) : 0;
}

/* The dispatch's pushed slots from its step's (a direct step's kernels all fit), zero past them. */
static void map_slots(const struct dml_vk_step_dispatch *dispatch, const struct dml_vk_slot *slots,
                      VkDeviceAddress *pushed)
{
    memset(pushed, 0, DML_VK_PUSH_SLOTS * sizeof(*pushed));
    for (uint32_t s = 0; s < dispatch->kernel.slot_count && s < DML_VK_PUSH_SLOTS; ++s)
        pushed[s] = dml_vk_slot_advance(slots[dispatch->slot_map ? dispatch->slot_map[s] : s],
                                        dispatch->slot_offsets ? dispatch->slot_offsets[s] : 0)
                        .address;
}

bool dml_vk_step_uses_copy_engine(const struct dml_vk_step *step, const struct dml_vk_slot *slots)
{
    return step->engine == DML_VK_ENGINE_TRANSFER &&
           dml_vk_copies_possible(step->regions, step->region_count, slots, step->slot_count);
}

size_t dml_vk_step_pushed_count(const struct dml_vk_step *step)
{
    return step->indirect ? 0 : (size_t)step->dispatch_count * DML_VK_PUSH_SLOTS;
}

void dml_vk_step_bind(const struct dml_vk_step *step, struct dml_vk_step_bound *bound)
{
    bound->copies = !step->late && dml_vk_step_uses_copy_engine(step, bound->slots);
    for (uint32_t d = 0; d < step->dispatch_count && !step->indirect; ++d)
        map_slots(&step->dispatches[d], bound->slots, bound->pushed + d * DML_VK_PUSH_SLOTS);
}

void dml_vk_step_record_bound(struct dml_vk_device *dev, const struct dml_vk_step *step,
                              const struct dml_vk_step_bound *bound, VkCommandBuffer cmd,
                              VkDeviceAddress slot_block)
{
    if (bound->copies)
    {
        dml_vk_copies_record(dev, step->regions, step->region_count, cmd, bound->slots);
        return;
    }
    for (uint32_t d = 0; d < step->dispatch_count; ++d)
    {
        if (step->indirect)
            dml_vk_kernel_record(dev, &step->dispatches[d].kernel, cmd, NULL, slot_block);
        else
            dml_vk_kernel_record_pushed(dev, &step->dispatches[d].kernel, cmd,
                                        bound->pushed + d * DML_VK_PUSH_SLOTS);
    }
}

bool dml_vk_slot_block_take_ran_unbound(void *host)
{
    _Atomic uint64_t *word = host; /* the GPU may set the bit meanwhile */
    uint64_t old = atomic_fetch_and(word, ~DML_VK_SLOT_BLOCK_RAN_UNBOUND);

    return old & DML_VK_SLOT_BLOCK_RAN_UNBOUND;
}

void dml_vk_step_barrier(struct dml_vk_device *dev, VkCommandBuffer cmd)
{
    const VkPipelineStageFlags stages =
        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
    VkMemoryBarrier memory = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                         VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};

    dev->vk.vkCmdPipelineBarrier(cmd, stages, stages, 0, 1, &memory, 0, NULL, 0, NULL);
}

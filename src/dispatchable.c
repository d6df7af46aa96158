#include "dispatchable.h"

#include <stdlib.h>

#include "plan_chunk.h"

void dml_binding_layout_cleanup(struct dml_binding_layout *layout)
{
    free(layout->inputs);
    free(layout->input_group_sizes);
    free(layout->outputs);
    layout->inputs = layout->outputs = NULL;
    layout->input_group_sizes = NULL;
}

static HRESULT add_chunk(struct dml_dispatchable *dispatchable, const struct plan *plan,
                         uint32_t index, uint32_t first_global_slot)
{
    struct dml_dispatch *dispatch = &dispatchable->dispatches[dispatchable->dispatch_count];
    struct plan chunk;
    HRESULT hr;

    if (FAILED(hr = plan_chunk(plan, index, DML_DISPATCH_MAX_SLOTS, &chunk, dispatch->slot_map)))
        return hr;
    dispatch->slot_count = chunk.slot_count;
    for (uint32_t s = 0; s < chunk.slot_count; ++s)
        dispatch->slot_map[s] += first_global_slot;
    hr = dml_vk_kernel_create(dispatchable->child.device->vk, &chunk, &dispatch->kernel);
    plan_cleanup(&chunk);
    if (SUCCEEDED(hr))
        ++dispatchable->dispatch_count;
    return hr;
}

HRESULT dml_dispatchable_add_plan(struct dml_dispatchable *dispatchable, const struct plan *plan,
                                  uint32_t first_global_slot)
{
    uint32_t chunks = plan_chunk_count(plan, DML_DISPATCH_MAX_SLOTS);
    struct dml_dispatch *dispatches;
    HRESULT hr;

    dispatches = realloc(dispatchable->dispatches,
                         (dispatchable->dispatch_count + chunks) * sizeof(*dispatches));
    if (!dispatches)
        return E_OUTOFMEMORY;
    dispatchable->dispatches = dispatches;
    for (uint32_t i = 0; i < chunks; ++i)
    {
        if (FAILED(hr = add_chunk(dispatchable, plan, i, first_global_slot)))
            return hr;
    }
    return S_OK;
}

static void local_slots(const struct dml_dispatch *dispatch, const struct dml_vk_slot *global,
                        struct dml_vk_slot *local)
{
    for (uint32_t s = 0; s < dispatch->slot_count; ++s)
        local[s] = global[dispatch->slot_map[s]];
}

void dml_dispatchable_record(struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                             const struct dml_vk_slot *global, VkDeviceAddress slot_block)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;
    struct dml_vk_slot local[DML_DISPATCH_MAX_SLOTS];

    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        const struct dml_dispatch *dispatch = &dispatchable->dispatches[d];

        if (slot_block)
        {
            dml_vk_kernel_record(vk, &dispatch->kernel, cmd, NULL,
                                 slot_block + d * DML_DISPATCH_MAX_SLOTS * sizeof(VkDeviceAddress));
            continue;
        }
        local_slots(dispatch, global, local);
        dml_vk_kernel_record(vk, &dispatch->kernel, cmd, local, 0);
    }
}

uint64_t dml_dispatchable_block_size(const struct dml_dispatchable *dispatchable)
{
    return (uint64_t)dispatchable->dispatch_count * DML_DISPATCH_MAX_SLOTS * sizeof(VkDeviceAddress);
}

void dml_dispatchable_write_block(const struct dml_dispatchable *dispatchable,
                                  const struct dml_vk_slot *global, VkDeviceAddress *block)
{
    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        const struct dml_dispatch *dispatch = &dispatchable->dispatches[d];
        for (uint32_t s = 0; s < dispatch->slot_count; ++s)
            block[d * DML_DISPATCH_MAX_SLOTS + s] = global[dispatch->slot_map[s]].address;
    }
}

void dml_dispatchable_cleanup(struct dml_dispatchable *dispatchable)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;

    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
        dml_vk_kernel_destroy(vk, &dispatchable->dispatches[d].kernel);
    free(dispatchable->dispatches);
    dispatchable->dispatches = NULL;
    dispatchable->dispatch_count = 0;
    dml_binding_layout_cleanup(&dispatchable->layout);
}

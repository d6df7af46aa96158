#include "dispatchable.h"

#include <stdlib.h>


void dml_binding_layout_cleanup(struct dml_binding_layout *layout)
{
    free(layout->inputs);
    free(layout->input_group_sizes);
    free(layout->outputs);
    layout->inputs = layout->outputs = NULL;
    layout->input_group_sizes = NULL;
}

HRESULT dml_dispatchable_add_plan(struct dml_dispatchable *dispatchable, const struct plan *plan,
                                  uint32_t first_global_slot)
{
    struct dml_dispatch *dispatches = realloc(
        dispatchable->dispatches, (dispatchable->dispatch_count + 1) * sizeof(*dispatches));
    if (!dispatches)
        return E_OUTOFMEMORY;
    dispatchable->dispatches = dispatches;
    struct dml_dispatch *dispatch = &dispatches[dispatchable->dispatch_count];
    *dispatch = (struct dml_dispatch){.first_slot = first_global_slot,
                                      .block_offset = dml_dispatchable_block_size(dispatchable)};
    HRESULT hr = dml_vk_kernel_create(dispatchable->child.device->vk, plan, &dispatch->kernel);
    if (SUCCEEDED(hr))
        ++dispatchable->dispatch_count;
    return hr;
}

static bool reads_block(const struct dml_dispatchable *dispatchable,
                        const struct dml_dispatch *dispatch)
{
    return dispatchable->descriptors_volatile || dispatch->kernel.slot_count > DML_VK_PUSH_SLOTS;
}

bool dml_dispatchable_needs_block(const struct dml_dispatchable *dispatchable)
{
    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        if (reads_block(dispatchable, &dispatchable->dispatches[d]))
            return true;
    }
    return false;
}

void dml_dispatchable_record(struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                             const struct dml_vk_slot *global, VkDeviceAddress slot_block)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;

    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        const struct dml_dispatch *dispatch = &dispatchable->dispatches[d];
        const struct dml_vk_slot *slots =
            dispatchable->descriptors_volatile ? NULL : global + dispatch->first_slot;
        VkDeviceAddress block =
            reads_block(dispatchable, dispatch) ? slot_block + dispatch->block_offset : 0;
        dml_vk_kernel_record(vk, &dispatch->kernel, cmd, slots, block);
    }
}

uint64_t dml_dispatchable_block_size(const struct dml_dispatchable *dispatchable)
{
    uint64_t bytes = 0;
    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
        bytes += dml_vk_slot_block_bytes(dispatchable->dispatches[d].kernel.slot_count);
    return bytes;
}

void dml_dispatchable_write_block(const struct dml_dispatchable *dispatchable,
                                  const struct dml_vk_slot *global, void *block)
{
    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        const struct dml_dispatch *dispatch = &dispatchable->dispatches[d];
        dml_vk_slot_block_write(global + dispatch->first_slot, dispatch->kernel.slot_count,
                                (char *)block + dispatch->block_offset);
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

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

/* One dispatch: chunk index of plan, cut for max_slots slots per dispatch. */
static HRESULT add_chunk(struct dml_dispatchable *dispatchable, const struct plan *plan,
                         uint32_t index, uint32_t max_slots, uint32_t first_global_slot)
{
    struct dml_dispatch *dispatch = &dispatchable->dispatches[dispatchable->dispatch_count];
    struct plan chunk;
    HRESULT hr;

    *dispatch = (struct dml_dispatch){.block_offset = dml_dispatchable_block_size(dispatchable)};
    if (!(dispatch->slot_map = malloc(plan->slot_count * sizeof(*dispatch->slot_map))))
        return E_OUTOFMEMORY;
    if (FAILED(hr = plan_chunk(plan, index, max_slots, &chunk, dispatch->slot_map)))
    {
        free(dispatch->slot_map);
        return hr;
    }
    for (uint32_t s = 0; s < chunk.slot_count; ++s)
        dispatch->slot_map[s] += first_global_slot;
    hr = dml_vk_kernel_create(dispatchable->child.device->vk, &chunk, &dispatch->kernel);
    plan_cleanup(&chunk);
    if (FAILED(hr))
    {
        free(dispatch->slot_map);
        return hr;
    }
    ++dispatchable->dispatch_count;
    return S_OK;
}

HRESULT dml_dispatchable_add_plan(struct dml_dispatchable *dispatchable, const struct plan *plan,
                                  uint32_t first_global_slot)
{
    /* Volatile slots are read from a block, so any number fits one dispatch. */
    uint32_t max_slots = dispatchable->descriptors_volatile ? UINT32_MAX : DML_VK_PUSH_SLOTS;
    uint32_t chunks = plan_chunk_count(plan, max_slots);
    struct dml_dispatch *dispatches;
    HRESULT hr;

    dispatches = realloc(dispatchable->dispatches,
                         (dispatchable->dispatch_count + chunks) * sizeof(*dispatches));
    if (!dispatches)
        return E_OUTOFMEMORY;
    dispatchable->dispatches = dispatches;
    for (uint32_t i = 0; i < chunks; ++i)
    {
        if (FAILED(hr = add_chunk(dispatchable, plan, i, max_slots, first_global_slot)))
            return hr;
    }
    return S_OK;
}

static void local_slots(const struct dml_dispatch *dispatch, const struct dml_vk_slot *global,
                        struct dml_vk_slot *local)
{
    for (uint32_t s = 0; s < dispatch->kernel.slot_count; ++s)
        local[s] = global[dispatch->slot_map[s]];
}

void dml_dispatchable_record(struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                             const struct dml_vk_slot *global, VkDeviceAddress slot_block)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;
    struct dml_vk_slot local[DML_VK_PUSH_SLOTS];

    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        const struct dml_dispatch *dispatch = &dispatchable->dispatches[d];

        if (dispatchable->descriptors_volatile)
        {
            dml_vk_kernel_record(vk, &dispatch->kernel, cmd, NULL,
                                 slot_block + dispatch->block_offset);
            continue;
        }
        local_slots(dispatch, global, local);
        dml_vk_kernel_record(vk, &dispatch->kernel, cmd, local, 0);
    }
}

uint64_t dml_dispatchable_block_size(const struct dml_dispatchable *dispatchable)
{
    uint64_t bytes = 0;
    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
        bytes += dml_vk_slot_block_bytes(dispatchable->dispatches[d].kernel.slot_count);
    return bytes;
}

/* Only volatile dispatchables have blocks, and their dispatches are whole plans: the slots of
 * each are consecutive global slots, from slot_map[0] on. */
void dml_dispatchable_write_block(const struct dml_dispatchable *dispatchable,
                                  const struct dml_vk_slot *global, void *block)
{
    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        const struct dml_dispatch *dispatch = &dispatchable->dispatches[d];
        dml_vk_slot_block_write(global + dispatch->slot_map[0], dispatch->kernel.slot_count,
                                (char *)block + dispatch->block_offset);
    }
}

void dml_dispatchable_keep_block(struct dml_dispatchable *dispatchable, struct dml_kept_block *kept)
{
    kept->next = atomic_load(&dispatchable->kept);
    while (!atomic_compare_exchange_weak(&dispatchable->kept, &kept->next, kept))
        ;
}

void dml_dispatchable_cleanup(struct dml_dispatchable *dispatchable)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;

    for (uint32_t d = 0; d < dispatchable->dispatch_count; ++d)
    {
        dml_vk_kernel_destroy(vk, &dispatchable->dispatches[d].kernel);
        free(dispatchable->dispatches[d].slot_map);
    }
    free(dispatchable->dispatches);
    for (struct dml_kept_block *kept = atomic_load(&dispatchable->kept), *next; kept; kept = next)
    {
        next = kept->next;
        dml_vk_block_free(vk, &kept->block);
        free(kept);
    }
    atomic_store(&dispatchable->kept, NULL);
    dispatchable->dispatches = NULL;
    dispatchable->dispatch_count = 0;
    dml_binding_layout_cleanup(&dispatchable->layout);
}

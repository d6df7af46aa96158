/* One-shot command buffers on the library's queue. Each gets a pool of its own (pools are not
 * thread-safe, and these are rare host-side paths), remembered until it is submitted, with the
 * library's buffers it uses (a buffer destroyed meanwhile is kept until it has run). */
#include <stdlib.h>

#include "vk_private.h"

static HRESULT remember(struct dml_vk_device *dev, VkCommandBuffer cmd, VkCommandPool pool)
{
    struct dml_vk_commands *list = &dev->commands;
    pthread_mutex_lock(&list->lock);
    bool ok = dml_vk_array_reserve((void **)&list->items, &list->capacity, list->count,
                                   sizeof(*list->items));
    if (ok)
        list->items[list->count++] = (struct dml_vk_pending){.cmd = cmd, .pool = pool};
    pthread_mutex_unlock(&list->lock);
    return ok ? S_OK : E_OUTOFMEMORY;
}

/* The entry of cmd, forgotten; its pool is VK_NULL_HANDLE when cmd is NULL or not one of ours. */
static struct dml_vk_pending forget(struct dml_vk_device *dev, VkCommandBuffer cmd)
{
    struct dml_vk_commands *list = &dev->commands;
    struct dml_vk_pending entry = {0};
    if (!cmd)
        return entry;
    pthread_mutex_lock(&list->lock);
    for (size_t i = 0; i < list->count && !entry.pool; ++i)
    {
        if (list->items[i].cmd != cmd)
            continue;
        entry = list->items[i];
        list->items[i] = list->items[--list->count];
    }
    pthread_mutex_unlock(&list->lock);
    return entry;
}

/* The command buffer has run or will never run: the buffers it used may go. */
static void release_uses(struct dml_vk_device *dev, struct dml_vk_pending *entry)
{
    for (size_t i = 0; i < entry->used_count; ++i)
        dml_vk_buffer_unuse(dev, entry->used[i]);
    free(entry->used);
    entry->used = NULL;
    entry->used_count = entry->used_capacity = 0;
    for (size_t i = 0; i < entry->block_count; ++i)
        dml_vk_block_free(dev, &entry->blocks[i]);
    free(entry->blocks);
    entry->blocks = NULL;
    entry->block_count = entry->block_capacity = 0;
}

uint64_t dml_vk_buffer_set_new(void)
{
    static _Atomic uint64_t last;
    return atomic_fetch_add(&last, 1) + 1;
}

/* cmd's entry; NULL when it is not pending. The commands' lock held. */
static struct dml_vk_pending *find_pending(struct dml_vk_commands *list, VkCommandBuffer cmd)
{
    for (size_t i = 0; i < list->count; ++i)
        if (list->items[i].cmd == cmd)
            return &list->items[i];
    return NULL;
}

/* The count is read before the check, so that a buffer destroyed during it changes it. */
static HRESULT note_set(struct dml_vk_device *dev, struct dml_vk_pending *entry,
                        const VkBuffer *buffers, uint32_t count, uint64_t set, uint32_t *dead)
{
    uint64_t destroyed = atomic_load(&dev->buffers.destroyed);
    HRESULT hr;
    if (set && entry->noted_set == set && entry->noted_destroyed == destroyed)
        return S_OK;
    hr = dml_vk_buffers_note(dev, buffers, count, entry, dead);
    entry->noted_set = hr == S_OK ? set : 0;
    entry->noted_destroyed = destroyed;
    return hr;
}

HRESULT dml_vk_command_use(struct dml_vk_device *dev, VkCommandBuffer cmd, const VkBuffer *buffers,
                           uint32_t count, uint64_t set, uint32_t *dead)
{
    struct dml_vk_commands *list = &dev->commands;
    struct dml_vk_pending *entry;
    HRESULT hr = DXGI_ERROR_INVALID_CALL;
    if (!dev->owns_device)
        return S_OK;
    pthread_mutex_lock(&list->lock);
    if ((entry = find_pending(list, cmd)))
        hr = note_set(dev, entry, buffers, count, set, dead);
    pthread_mutex_unlock(&list->lock);
    return hr;
}

HRESULT dml_vk_command_block(struct dml_vk_device *dev, VkCommandBuffer cmd, uint64_t size,
                             struct dml_vk_block *out)
{
    struct dml_vk_commands *list = &dev->commands;
    struct dml_vk_pending *entry;
    *out = (struct dml_vk_block){0};
    if (!dev->owns_device)
        return S_FALSE;
    struct dml_vk_block block;
    HRESULT hr = dml_vk_block_alloc(dev, size, &block);
    if (FAILED(hr))
        return hr;
    pthread_mutex_lock(&list->lock);
    if (!(entry = find_pending(list, cmd)))
        hr = E_INVALIDARG;
    else if (!dml_vk_array_reserve((void **)&entry->blocks, &entry->block_capacity,
                                   entry->block_count, sizeof(*entry->blocks)))
        hr = E_OUTOFMEMORY;
    else
        entry->blocks[entry->block_count++] = *out = block;
    pthread_mutex_unlock(&list->lock);
    if (FAILED(hr))
        dml_vk_block_free(dev, &block);
    return hr;
}

bool dml_vk_command_check(struct dml_vk_device *dev, VkCommandBuffer cmd)
{
    struct dml_vk_commands *list = &dev->commands;
    bool found;
    if (!dev->owns_device || !cmd)
        return cmd != VK_NULL_HANDLE;
    pthread_mutex_lock(&list->lock);
    found = find_pending(list, cmd) != NULL;
    pthread_mutex_unlock(&list->lock);
    return found;
}

static VkResult allocate(struct dml_vk_device *dev, VkCommandPool pool, VkCommandBuffer *out)
{
    VkCommandBufferAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkResult r = dev->vk.vkAllocateCommandBuffers(dev->handle, &info, out);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    if (r == VK_SUCCESS)
        r = dev->vk.vkBeginCommandBuffer(*out, &begin);
    return r;
}

HRESULT dml_vk_command_begin(struct dml_vk_device *dev, VkCommandBuffer *out)
{
    *out = VK_NULL_HANDLE;
    VkCommandPoolCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
        .queueFamilyIndex = dev->queue_family,
    };
    VkCommandPool pool = VK_NULL_HANDLE;
    VkResult r = dev->vk.vkCreateCommandPool(dev->handle, &info, dev->allocator, &pool);
    if (r == VK_SUCCESS)
        r = allocate(dev, pool, out);
    HRESULT hr = dml_vk_result_to_hresult(r);
    if (SUCCEEDED(hr))
        hr = remember(dev, *out, pool);
    if (FAILED(hr) && pool)
        dev->vk.vkDestroyCommandPool(dev->handle, pool, dev->allocator);
    if (FAILED(hr))
        *out = VK_NULL_HANDLE;
    return hr;
}

static VkResult submit(struct dml_vk_device *dev, VkCommandBuffer cmd, VkFence fence)
{
    VkSubmitInfo info = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    pthread_mutex_lock(&dev->queue_lock);
    VkResult r = dev->vk.vkQueueSubmit(dev->queue, 1, &info, fence);
    pthread_mutex_unlock(&dev->queue_lock);
    return r;
}

/* After a failed wait the GPU may still be using the fence and the command buffer: wait for the
 * whole queue instead. False when even that fails: the caller must then leave both alive (a leak,
 * rather than freeing what the GPU may still read). A lost device runs nothing any more. */
static bool settle(struct dml_vk_device *dev, VkResult wait)
{
    if (wait == VK_SUCCESS || wait == VK_ERROR_DEVICE_LOST)
        return true;
    pthread_mutex_lock(&dev->queue_lock);
    VkResult r = dev->vk.vkQueueWaitIdle(dev->queue);
    pthread_mutex_unlock(&dev->queue_lock);
    return r == VK_SUCCESS || r == VK_ERROR_DEVICE_LOST;
}

/* *settled: whether the fence and cmd may be freed. */
static VkResult run(struct dml_vk_device *dev, VkCommandBuffer cmd, bool *settled)
{
    VkFenceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence = VK_NULL_HANDLE;
    VkResult r = dev->vk.vkEndCommandBuffer(cmd);
    *settled = true;
    if (r == VK_SUCCESS)
        r = dev->vk.vkCreateFence(dev->handle, &info, dev->allocator, &fence);
    if (r != VK_SUCCESS)
        return r; /* nothing was submitted */
    r = submit(dev, cmd, fence);
    if (r == VK_SUCCESS)
        r = dev->vk.vkWaitForFences(dev->handle, 1, &fence, VK_TRUE, UINT64_MAX);
    *settled = settle(dev, r); /* a failed submission too: trust no half-done one */
    if (fence && *settled)
        dev->vk.vkDestroyFence(dev->handle, fence, dev->allocator);
    return r;
}

HRESULT dml_vk_command_submit_and_wait(struct dml_vk_device *dev, VkCommandBuffer cmd)
{
    struct dml_vk_pending entry = forget(dev, cmd);
    if (!entry.pool)
        return E_INVALIDARG;
    bool settled;
    VkResult r = run(dev, cmd, &settled);
    if (r == VK_ERROR_DEVICE_LOST)
        dml_vk_device_mark_lost(dev);
    if (!settled)
        return dml_vk_result_to_hresult(r); /* the GPU may still use all of it: kept */
    dev->vk.vkDestroyCommandPool(dev->handle, entry.pool, dev->allocator); /* frees cmd */
    release_uses(dev, &entry);
    return dml_vk_result_to_hresult(r);
}

HRESULT dml_vk_command_discard(struct dml_vk_device *dev, VkCommandBuffer cmd)
{
    struct dml_vk_pending entry = forget(dev, cmd);
    if (!entry.pool)
        return E_INVALIDARG;
    dev->vk.vkDestroyCommandPool(dev->handle, entry.pool, dev->allocator);
    release_uses(dev, &entry);
    return S_OK;
}

void dml_vk_commands_cleanup(struct dml_vk_device *dev)
{
    for (size_t i = 0; i < dev->commands.count; ++i)
    {
        dev->vk.vkDestroyCommandPool(dev->handle, dev->commands.items[i].pool, dev->allocator);
        free(dev->commands.items[i].used); /* the buffers go with the registry */
        for (size_t b = 0; b < dev->commands.items[i].block_count; ++b)
            dml_vk_block_free(dev, &dev->commands.items[i].blocks[b]);
        free(dev->commands.items[i].blocks);
    }
    free(dev->commands.items);
    dev->commands.items = NULL;
    dev->commands.count = dev->commands.capacity = 0;
}

/* Buffers the application binds: addresses and sizes, and the convenience buffers the library
 * creates itself (remembered so that their exact size and their memory are known). */
#include <stdlib.h>

#include "vk_private.h"

static const VkBufferUsageFlags app_usage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

static VkDeviceAddress query_address(struct dml_vk_device *dev, VkBuffer buffer)
{
    VkBufferDeviceAddressInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
        .buffer = buffer,
    };
    return dev->vk.vkGetBufferDeviceAddress(dev->handle, &info);
}

/* Index of buffer in the registry (retired buffers are gone to everyone), or -1. Lock held. */
static ptrdiff_t find(const struct dml_vk_buffer_registry *reg, VkBuffer buffer)
{
    for (size_t i = 0; buffer && i < reg->count; ++i)
    {
        if (reg->items[i].buffer == buffer && !reg->items[i].retired)
            return (ptrdiff_t)i;
    }
    return -1;
}

/* The registry's entry for buffer, copied; false when the library did not create it. */
static bool lookup(struct dml_vk_device *dev, VkBuffer buffer, struct dml_vk_owned_buffer *out)
{
    pthread_mutex_lock(&dev->buffers.lock);
    ptrdiff_t i = find(&dev->buffers, buffer);
    if (i >= 0)
        *out = dev->buffers.items[i];
    pthread_mutex_unlock(&dev->buffers.lock);
    return i >= 0;
}

bool dml_vk_buffer_check(struct dml_vk_device *dev, VkBuffer buffer)
{
    struct dml_vk_owned_buffer owned;
    if (!dev->owns_device)
        return buffer != VK_NULL_HANDLE;
    return lookup(dev, buffer, &owned);
}

/* The library's buffers: the address queried once at creation (GPU-assisted validation knows
 * only addresses queried before a dispatch is recorded); the application's: queried now. */
struct dml_vk_slot dml_vk_buffer_slot(struct dml_vk_device *dev, VkBuffer buffer, uint64_t offset)
{
    struct dml_vk_owned_buffer owned;
    if (lookup(dev, buffer, &owned))
        return (struct dml_vk_slot){owned.address + offset, buffer, offset};
    if (dev->owns_device || !buffer) /* not a live buffer: never hand its handle to Vulkan */
        return (struct dml_vk_slot){0};
    return (struct dml_vk_slot){query_address(dev, buffer) + offset, VK_NULL_HANDLE, 0};
}

VkDeviceAddress dml_vk_buffer_address(struct dml_vk_device *dev, VkBuffer buffer)
{
    return dml_vk_buffer_slot(dev, buffer, 0).address;
}

struct dml_vk_slot dml_vk_slot_advance(struct dml_vk_slot slot, uint64_t bytes)
{
    if (!slot.address)
        return slot;
    slot.address += bytes;
    slot.offset += slot.buffer ? bytes : 0;
    return slot;
}

uint64_t dml_vk_buffer_size(struct dml_vk_device *dev, VkBuffer buffer)
{
    struct dml_vk_owned_buffer owned;
    if (lookup(dev, buffer, &owned))
        return owned.size;
    if (dev->owns_device || !buffer)
        return 0;
    VkMemoryRequirements req;
    dev->vk.vkGetBufferMemoryRequirements(dev->handle, buffer, &req);
    return req.size;
}

static HRESULT remember(struct dml_vk_device *dev, const struct dml_vk_owned_buffer *owned)
{
    struct dml_vk_buffer_registry *reg = &dev->buffers;
    pthread_mutex_lock(&reg->lock);
    bool ok =
        dml_vk_array_reserve((void **)&reg->items, &reg->capacity, reg->count, sizeof(*reg->items));
    if (ok)
        reg->items[reg->count++] = *owned;
    pthread_mutex_unlock(&reg->lock);
    return ok ? S_OK : E_OUTOFMEMORY;
}

HRESULT dml_vk_buffer_create(struct dml_vk_device *dev, uint64_t size, VkBuffer *out)
{
    static const VkMemoryPropertyFlags preferred[] = {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT};
    *out = VK_NULL_HANDLE;
    if (!size)
        return E_INVALIDARG;
    uint32_t type;
    struct dml_vk_allocation a;
    HRESULT hr = dml_vk_memory_type_for_usage(dev, app_usage, 0, preferred, 1, &type);
    if (SUCCEEDED(hr))
        hr = dml_vk_allocation_create(dev, size, app_usage, type, false, &a);
    if (FAILED(hr))
        return hr;
    struct dml_vk_owned_buffer owned = {.buffer = a.buffer,
                                        .memory = a.memory,
                                        .size = size,
                                        .address = query_address(dev, a.buffer)};
    hr = remember(dev, &owned);
    if (FAILED(hr))
        dml_vk_allocation_destroy(dev, &a);
    else
        *out = a.buffer;
    return hr;
}

static void free_owned(struct dml_vk_device *dev, const struct dml_vk_owned_buffer *owned)
{
    struct dml_vk_allocation a = {.buffer = owned->buffer, .memory = owned->memory};
    dml_vk_allocation_destroy(dev, &a);
}

/* Entry i leaves the registry when nothing uses it any more (freed by the caller, outside the
 * lock: Vulkan may call the application's allocator); otherwise it stays, retired. Lock held. */
static struct dml_vk_owned_buffer retire(struct dml_vk_buffer_registry *reg, size_t i)
{
    struct dml_vk_owned_buffer owned = {0};
    reg->items[i].retired = true;
    if (reg->items[i].uses)
        return owned;
    owned = reg->items[i];
    reg->items[i] = reg->items[--reg->count];
    return owned;
}

bool dml_vk_buffer_destroy(struct dml_vk_device *dev, VkBuffer buffer)
{
    struct dml_vk_buffer_registry *reg = &dev->buffers;
    struct dml_vk_owned_buffer owned = {0};
    pthread_mutex_lock(&reg->lock);
    ptrdiff_t i = find(reg, buffer);
    if (i >= 0)
    {
        owned = retire(reg, (size_t)i);
        atomic_fetch_add(&reg->destroyed, 1);
    }
    pthread_mutex_unlock(&reg->lock);
    if (owned.buffer)
        free_owned(dev, &owned);
    return i >= 0;
}

/* A command list that records one operator many times over the same buffers notes each once,
 * so its list grows with the buffers it uses, not with its dispatches. */
#define RECENT_USES 8

static bool noted_lately(const struct dml_vk_pending *entry, VkBuffer buffer)
{
    size_t first = entry->used_count > RECENT_USES ? entry->used_count - RECENT_USES : 0;
    for (size_t i = first; i < entry->used_count; ++i)
        if (entry->used[i] == buffer)
            return true;
    return false;
}

HRESULT dml_vk_buffers_note(struct dml_vk_device *dev, const VkBuffer *buffers, uint32_t count,
                            struct dml_vk_pending *entry, uint32_t *dead)
{
    struct dml_vk_buffer_registry *reg = &dev->buffers;
    HRESULT hr = S_OK;
    pthread_mutex_lock(&reg->lock);
    for (uint32_t i = 0; i < count && hr == S_OK; ++i)
        if (buffers[i] && find(reg, buffers[i]) < 0)
            *dead = i, hr = E_INVALIDARG;
    for (uint32_t i = 0; i < count && hr == S_OK; ++i)
    {
        if (!buffers[i] || noted_lately(entry, buffers[i]))
            continue;
        if (!dml_vk_array_reserve((void **)&entry->used, &entry->used_capacity, entry->used_count,
                                  sizeof(*entry->used)))
            hr = E_OUTOFMEMORY;
        else
        {
            reg->items[find(reg, buffers[i])].uses++;
            entry->used[entry->used_count++] = buffers[i];
        }
    }
    pthread_mutex_unlock(&reg->lock);
    return hr;
}

void dml_vk_buffer_unuse(struct dml_vk_device *dev, VkBuffer buffer)
{
    struct dml_vk_buffer_registry *reg = &dev->buffers;
    struct dml_vk_owned_buffer owned = {0};
    pthread_mutex_lock(&reg->lock);
    /* Retired ones included: a retired buffer still holds its handle, so none other has it. */
    for (size_t i = 0; i < reg->count; ++i)
    {
        if (reg->items[i].buffer != buffer || !reg->items[i].uses)
            continue;
        if (!--reg->items[i].uses && reg->items[i].retired)
            owned = retire(reg, i);
        break;
    }
    pthread_mutex_unlock(&reg->lock);
    if (owned.buffer)
        free_owned(dev, &owned);
}

void dml_vk_buffer_registry_cleanup(struct dml_vk_device *dev)
{
    for (size_t i = 0; i < dev->buffers.count; ++i)
    {
        struct dml_vk_allocation a = {.buffer = dev->buffers.items[i].buffer,
                                      .memory = dev->buffers.items[i].memory};
        dml_vk_allocation_destroy(dev, &a);
    }
    free(dev->buffers.items);
    dev->buffers.items = NULL;
    dev->buffers.count = dev->buffers.capacity = 0;
}

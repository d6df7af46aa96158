/* Blocks of host-written, device-read memory: power-of-two size classes carved from shared 1 MiB
 * slabs, recycled through per-class free lists; blocks above the largest class get a slab of
 * their own. One vkAllocateMemory per slab, never per block. */
#include <stdlib.h>

#include "vk_private.h"

#define MIN_CLASS_BYTES ((uint64_t)DML_VK_BLOCK_ALIGNMENT)
#define SLAB_BYTES ((uint64_t)1 << 20)
#define DEDICATED UINT32_MAX

struct dml_vk_slab
{
    struct dml_vk_allocation allocation;
    VkDeviceAddress address;
    uint64_t size, used;
    struct dml_vk_slab *next, *prev; /* prev: dedicated slabs only */
};

static const VkBufferUsageFlags slab_usage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;

static uint64_t class_bytes(uint32_t c)
{
    return MIN_CLASS_BYTES << c;
}

static uint32_t class_of(uint64_t size)
{
    for (uint32_t c = 0; c < DML_VK_BLOCK_CLASSES; ++c)
    {
        if (size <= class_bytes(c))
            return c;
    }
    return DEDICATED;
}

HRESULT dml_vk_block_pool_init(struct dml_vk_device *dev)
{
    static const VkMemoryPropertyFlags preferred[] = {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT};
    HRESULT hr = dml_vk_memory_type_for_usage(
        dev, slab_usage, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
        preferred, 1, &dev->blocks.memory_type);
    return hr == E_FAIL ? DXGI_ERROR_UNSUPPORTED : hr;
}

static HRESULT slab_create(struct dml_vk_device *dev, uint64_t size, struct dml_vk_slab **out)
{
    struct dml_vk_slab *slab = calloc(1, sizeof(*slab));
    if (!slab)
        return E_OUTOFMEMORY;
    HRESULT hr = dml_vk_allocation_create(dev, size, slab_usage, dev->blocks.memory_type, true,
                                          &slab->allocation);
    if (FAILED(hr))
    {
        free(slab);
        return hr;
    }
    VkBufferDeviceAddressInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
        .buffer = slab->allocation.buffer,
    };
    slab->address = dev->vk.vkGetBufferDeviceAddress(dev->handle, &info);
    slab->size = size;
    *out = slab;
    return S_OK;
}

static void slab_destroy(struct dml_vk_device *dev, struct dml_vk_slab *slab)
{
    dml_vk_allocation_destroy(dev, &slab->allocation);
    free(slab);
}

static void block_at(struct dml_vk_slab *slab, uint64_t offset, uint32_t c,
                     struct dml_vk_block *out)
{
    *out = (struct dml_vk_block){
        .host = (char *)slab->allocation.host + offset,
        .address = slab->address + offset,
        .slab_ = slab,
        .class_ = c,
    };
}

/* A fresh block of class c from the newest slab; a new slab when it is full. Lock held. The free
 * list gets room for the block first, so that dml_vk_block_free never allocates (nor fails). */
static HRESULT carve(struct dml_vk_device *dev, uint32_t c, struct dml_vk_block *out)
{
    struct dml_vk_block_stack *stack = &dev->blocks.free[c];
    if (!dml_vk_array_reserve((void **)&stack->items, &stack->capacity, stack->carved,
                              sizeof(*stack->items)))
        return E_OUTOFMEMORY;
    struct dml_vk_slab *slab = dev->blocks.slabs;
    if (!slab || slab->size - slab->used < class_bytes(c))
    {
        HRESULT hr = slab_create(dev, SLAB_BYTES, &slab);
        if (FAILED(hr))
            return hr;
        slab->next = dev->blocks.slabs;
        dev->blocks.slabs = slab;
    }
    block_at(slab, slab->used, c, out);
    slab->used += class_bytes(c);
    stack->carved++;
    return S_OK;
}

static HRESULT alloc_dedicated(struct dml_vk_device *dev, uint64_t size, struct dml_vk_block *out)
{
    struct dml_vk_slab *slab = NULL;
    HRESULT hr = slab_create(dev, (size + MIN_CLASS_BYTES - 1) & ~(MIN_CLASS_BYTES - 1), &slab);
    if (FAILED(hr))
        return hr;
    block_at(slab, 0, DEDICATED, out);
    pthread_mutex_lock(&dev->blocks.lock);
    slab->next = dev->blocks.dedicated;
    if (slab->next)
        slab->next->prev = slab;
    dev->blocks.dedicated = slab;
    pthread_mutex_unlock(&dev->blocks.lock);
    return S_OK;
}

static void free_dedicated(struct dml_vk_device *dev, struct dml_vk_slab *slab)
{
    pthread_mutex_lock(&dev->blocks.lock);
    if (slab->prev)
        slab->prev->next = slab->next;
    else
        dev->blocks.dedicated = slab->next;
    if (slab->next)
        slab->next->prev = slab->prev;
    pthread_mutex_unlock(&dev->blocks.lock);
    slab_destroy(dev, slab);
}

HRESULT dml_vk_block_alloc(struct dml_vk_device *dev, uint64_t size, struct dml_vk_block *out)
{
    *out = (struct dml_vk_block){0};
    if (!size)
        return E_INVALIDARG;
    uint32_t c = class_of(size);
    HRESULT hr = S_OK;
    if (c == DEDICATED)
        hr = alloc_dedicated(dev, size, out);
    else
    {
        pthread_mutex_lock(&dev->blocks.lock);
        struct dml_vk_block_stack *stack = &dev->blocks.free[c];
        if (stack->count)
            *out = stack->items[--stack->count];
        else
            hr = carve(dev, c, out);
        pthread_mutex_unlock(&dev->blocks.lock);
    }
    if (SUCCEEDED(hr))
        out->size = size;
    return hr;
}

void dml_vk_block_free(struct dml_vk_device *dev, struct dml_vk_block *block)
{
    if (!block->slab_)
        return;
    if (block->class_ == DEDICATED)
        free_dedicated(dev, block->slab_);
    else
    {
        pthread_mutex_lock(&dev->blocks.lock);
        struct dml_vk_block_stack *stack = &dev->blocks.free[block->class_];
        stack->items[stack->count++] = *block; /* room reserved by carve */
        pthread_mutex_unlock(&dev->blocks.lock);
    }
    *block = (struct dml_vk_block){0};
}

static void destroy_list(struct dml_vk_device *dev, struct dml_vk_slab **list)
{
    while (*list)
    {
        struct dml_vk_slab *next = (*list)->next;
        slab_destroy(dev, *list);
        *list = next;
    }
}

/* Also frees the blocks still allocated: their memory goes with the device. */
void dml_vk_block_pool_cleanup(struct dml_vk_device *dev)
{
    destroy_list(dev, &dev->blocks.slabs);
    destroy_list(dev, &dev->blocks.dedicated);
    for (uint32_t c = 0; c < DML_VK_BLOCK_CLASSES; ++c)
    {
        free(dev->blocks.free[c].items);
        dev->blocks.free[c] = (struct dml_vk_block_stack){0};
    }
}

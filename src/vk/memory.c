/* Memory types and buffers with memory of their own. */
#include "vk_private.h"

uint32_t dml_vk_memory_type(const struct dml_vk_device *dev, uint32_t type_bits,
                            VkMemoryPropertyFlags required, const VkMemoryPropertyFlags *preferred,
                            size_t preferred_count)
{
    for (size_t p = 0; p <= preferred_count; ++p)
    {
        VkMemoryPropertyFlags wanted = required | (p < preferred_count ? preferred[p] : 0);
        for (uint32_t i = 0; i < dev->memory.memoryTypeCount; ++i)
        {
            VkMemoryPropertyFlags flags = dev->memory.memoryTypes[i].propertyFlags;
            if ((type_bits & (1u << i)) && (flags & wanted) == wanted)
                return i;
        }
    }
    return UINT32_MAX;
}

static VkResult create_buffer(struct dml_vk_device *dev, uint64_t size, VkBufferUsageFlags usage,
                              VkBuffer *out)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    return dev->vk.vkCreateBuffer(dev->handle, &info, dev->allocator, out);
}

HRESULT dml_vk_memory_type_for_usage(struct dml_vk_device *dev, VkBufferUsageFlags usage,
                                     VkMemoryPropertyFlags required,
                                     const VkMemoryPropertyFlags *preferred,
                                     size_t preferred_count, uint32_t *type)
{
    VkBuffer probe = VK_NULL_HANDLE;
    *type = UINT32_MAX;
    VkResult r = create_buffer(dev, 256, usage, &probe);
    if (r != VK_SUCCESS)
        return dml_vk_result_to_hresult(r);
    VkMemoryRequirements req;
    dev->vk.vkGetBufferMemoryRequirements(dev->handle, probe, &req);
    dev->vk.vkDestroyBuffer(dev->handle, probe, dev->allocator);
    *type = dml_vk_memory_type(dev, req.memoryTypeBits, required, preferred, preferred_count);
    return *type == UINT32_MAX ? E_FAIL : S_OK;
}

static VkResult allocate(struct dml_vk_device *dev, VkBufferUsageFlags usage, uint32_t memory_type,
                         struct dml_vk_allocation *a)
{
    VkMemoryRequirements req;
    dev->vk.vkGetBufferMemoryRequirements(dev->handle, a->buffer, &req);
    if (memory_type >= 32 || !(req.memoryTypeBits & (1u << memory_type)))
        return VK_ERROR_FORMAT_NOT_SUPPORTED;
    VkMemoryAllocateFlagsInfo flags = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
        .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
    };
    VkMemoryAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .pNext = (usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT) ? &flags : NULL,
        .allocationSize = req.size,
        .memoryTypeIndex = memory_type,
    };
    VkResult r = dev->vk.vkAllocateMemory(dev->handle, &info, dev->allocator, &a->memory);
    if (r == VK_SUCCESS)
        r = dev->vk.vkBindBufferMemory(dev->handle, a->buffer, a->memory, 0);
    return r;
}

HRESULT dml_vk_allocation_create(struct dml_vk_device *dev, uint64_t size, VkBufferUsageFlags usage,
                                 uint32_t memory_type, bool map, struct dml_vk_allocation *out)
{
    *out = (struct dml_vk_allocation){0};
    VkResult r = create_buffer(dev, size, usage, &out->buffer);
    if (r == VK_SUCCESS)
        r = allocate(dev, usage, memory_type, out);
    if (r == VK_SUCCESS && map)
        r = dev->vk.vkMapMemory(dev->handle, out->memory, 0, VK_WHOLE_SIZE, 0, &out->host);
    if (r != VK_SUCCESS)
        dml_vk_allocation_destroy(dev, out);
    return dml_vk_result_to_hresult(r);
}

void dml_vk_allocation_destroy(struct dml_vk_device *dev, struct dml_vk_allocation *a)
{
    if (a->buffer)
        dev->vk.vkDestroyBuffer(dev->handle, a->buffer, dev->allocator);
    if (a->memory)
        dev->vk.vkFreeMemory(dev->handle, a->memory, dev->allocator); /* unmaps too */
    *a = (struct dml_vk_allocation){0};
}

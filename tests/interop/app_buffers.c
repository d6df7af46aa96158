/* The application's buffers, command buffers and barriers. */
#include <stdio.h>
#include <string.h>

#include "app_vk.h"

static const VkBufferUsageFlags device_usage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
static const VkBufferUsageFlags staging_usage =
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
static const VkMemoryPropertyFlags staging_memory =
    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

/* The first memory type allowed by bits that has all of wanted, or UINT32_MAX. */
static uint32_t memory_type(const struct app_vk *vk, uint32_t bits, VkMemoryPropertyFlags wanted)
{
    for (uint32_t i = 0; i < vk->memory.memoryTypeCount; ++i)
    {
        if ((bits & (1u << i)) && (vk->memory.memoryTypes[i].propertyFlags & wanted) == wanted)
            return i;
    }
    return UINT32_MAX;
}

static bool allocate(struct app_vk *vk, bool device_local, struct app_buffer *out)
{
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(vk->device, out->buffer, &req);
    uint32_t type =
        memory_type(vk, req.memoryTypeBits,
                    device_local ? VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT : staging_memory);
    if (type == UINT32_MAX && device_local)
        type = memory_type(vk, req.memoryTypeBits, 0);
    if (type == UINT32_MAX)
        return false;
    VkMemoryAllocateFlagsInfo flags = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
        .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
    };
    VkMemoryAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .pNext = device_local ? &flags : NULL,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    return vkAllocateMemory(vk->device, &info, NULL, &out->memory) == VK_SUCCESS &&
           vkBindBufferMemory(vk->device, out->buffer, out->memory, 0) == VK_SUCCESS &&
           (device_local ||
            vkMapMemory(vk->device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->host) == VK_SUCCESS);
}

bool app_buffer_create(struct app_vk *vk, VkDeviceSize size, bool device_local,
                       struct app_buffer *out)
{
    memset(out, 0, sizeof(*out));
    out->size = size;
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = device_local ? device_usage : staging_usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    if (vkCreateBuffer(vk->device, &info, NULL, &out->buffer) == VK_SUCCESS &&
        allocate(vk, device_local, out))
        return true;
    fprintf(stderr, "app_vk: cannot create a %s buffer of %llu bytes\n",
            device_local ? "device-local" : "staging", (unsigned long long)size);
    app_buffer_destroy(vk, out);
    return false;
}

void app_buffer_destroy(struct app_vk *vk, struct app_buffer *buffer)
{
    vkDestroyBuffer(vk->device, buffer->buffer, NULL);
    vkFreeMemory(vk->device, buffer->memory, NULL); /* unmaps too */
    memset(buffer, 0, sizeof(*buffer));
}

VkCommandBuffer app_begin(struct app_vk *vk)
{
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkCommandBufferAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = vk->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    if (vkAllocateCommandBuffers(vk->device, &info, &cmd) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    if (vkBeginCommandBuffer(cmd, &begin) != VK_SUCCESS)
    {
        vkFreeCommandBuffers(vk->device, vk->pool, 1, &cmd);
        return VK_NULL_HANDLE;
    }
    return cmd;
}

VkResult app_submit_and_wait(struct app_vk *vk, VkCommandBuffer cmd)
{
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    VkFence fence = VK_NULL_HANDLE;
    VkResult r = vkEndCommandBuffer(cmd);
    if (r == VK_SUCCESS)
        r = vkCreateFence(vk->device, &fence_info, NULL, &fence);
    if (r == VK_SUCCESS)
        r = vkQueueSubmit(vk->queue, 1, &submit, fence);
    if (r == VK_SUCCESS)
        r = vkWaitForFences(vk->device, 1, &fence, VK_TRUE, UINT64_MAX);
    vkDestroyFence(vk->device, fence, NULL);
    vkFreeCommandBuffers(vk->device, vk->pool, 1, &cmd);
    return r;
}

void app_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                 VkPipelineStageFlags dst_stage, VkAccessFlags dst_access)
{
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
}

void app_barrier_compute_to_compute(VkCommandBuffer cmd)
{
    app_barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

void app_barrier_compute_to_transfer(VkCommandBuffer cmd)
{
    app_barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
}

void app_barrier_transfer_to_compute(VkCommandBuffer cmd)
{
    app_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

void app_barrier_transfer_to_host(VkCommandBuffer cmd)
{
    app_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

void app_copy(VkCommandBuffer cmd, const struct app_buffer *src, VkDeviceSize src_offset,
              const struct app_buffer *dst, VkDeviceSize dst_offset, VkDeviceSize size)
{
    VkBufferCopy region = {src_offset, dst_offset, size};
    vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, 1, &region);
}

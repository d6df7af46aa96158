/* Uploads and downloads through a host-visible staging buffer, one chunk per submission. */
#include <string.h>

#include "vk_private.h"

#define STAGING_BYTES ((uint64_t)16 << 20)

enum direction
{
    UPLOAD,
    DOWNLOAD,
};

struct transfer
{
    VkBuffer buffer;
    uint64_t offset;
    void *host; /* const for uploads */
    uint64_t size;
    enum direction direction;
};

static HRESULT staging_create(struct dml_vk_device *dev, enum direction direction, uint64_t size,
                              struct dml_vk_allocation *out)
{
    /* Reads from uncached memory are slow: downloads prefer cached staging. */
    static const VkMemoryPropertyFlags cached[] = {VK_MEMORY_PROPERTY_HOST_CACHED_BIT};
    VkBufferUsageFlags usage =
        direction == UPLOAD ? VK_BUFFER_USAGE_TRANSFER_SRC_BIT : VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    uint32_t type;
    HRESULT hr = dml_vk_memory_type_for_usage(
        dev, usage, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
        cached, direction == DOWNLOAD ? 1 : 0, &type);
    *out = (struct dml_vk_allocation){0};
    return SUCCEEDED(hr) ? dml_vk_allocation_create(dev, size, usage, type, true, out) : hr;
}

static void barrier(struct dml_vk_device *dev, VkCommandBuffer cmd, VkPipelineStageFlags src_stage,
                    VkAccessFlags src, VkPipelineStageFlags dst_stage, VkAccessFlags dst)
{
    VkMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = src,
        .dstAccessMask = dst,
    };
    dev->vk.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &b, 0, NULL, 0, NULL);
}

/* Orders the copy after all earlier work on the queue and before all later work (or the host
 * read of the staging memory). */
static void record_copy(struct dml_vk_device *dev, VkCommandBuffer cmd, VkBuffer staging,
                        const struct transfer *t, uint64_t done, uint64_t bytes)
{
    const VkPipelineStageFlags all = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
    const VkAccessFlags any = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
    barrier(dev, cmd, all, any, VK_PIPELINE_STAGE_TRANSFER_BIT,
            VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
    if (t->direction == UPLOAD)
    {
        VkBufferCopy region = {.srcOffset = 0, .dstOffset = t->offset + done, .size = bytes};
        dev->vk.vkCmdCopyBuffer(cmd, staging, t->buffer, 1, &region);
        barrier(dev, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, all, any);
    }
    else
    {
        VkBufferCopy region = {.srcOffset = t->offset + done, .dstOffset = 0, .size = bytes};
        dev->vk.vkCmdCopyBuffer(cmd, t->buffer, staging, 1, &region);
        barrier(dev, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    }
}

static HRESULT transfer_chunk(struct dml_vk_device *dev, const struct dml_vk_allocation *staging,
                              const struct transfer *t, uint64_t done, uint64_t bytes)
{
    if (t->direction == UPLOAD)
        memcpy(staging->host, (const char *)t->host + done, bytes);
    VkCommandBuffer cmd;
    HRESULT hr = dml_vk_command_begin(dev, &cmd);
    if (FAILED(hr))
        return hr;
    /* A destroy meanwhile (another thread's) keeps the buffer until the copy is done; one before
     * (between the caller's check and here) is refused rather than copied into. */
    uint32_t dead;
    if (FAILED(hr = dml_vk_command_use(dev, cmd, &t->buffer, 1, 0, &dead)))
    {
        dml_vk_command_discard(dev, cmd);
        return hr;
    }
    record_copy(dev, cmd, staging->buffer, t, done, bytes);
    hr = dml_vk_command_submit_and_wait(dev, cmd);
    if (SUCCEEDED(hr) && t->direction == DOWNLOAD)
        memcpy((char *)t->host + done, staging->host, bytes);
    return hr;
}

static HRESULT transfer(struct dml_vk_device *dev, const struct transfer *t)
{
    if (!t->buffer)
        return E_INVALIDARG;
    uint64_t capacity = dml_vk_buffer_size(dev, t->buffer);
    if ((t->size && !t->host) || t->offset > capacity || t->size > capacity - t->offset)
        return E_INVALIDARG;
    if (!t->size)
        return S_OK;
    struct dml_vk_allocation staging;
    uint64_t chunk = t->size < STAGING_BYTES ? t->size : STAGING_BYTES;
    HRESULT hr = staging_create(dev, t->direction, chunk, &staging);
    for (uint64_t done = 0; SUCCEEDED(hr) && done < t->size; done += chunk)
    {
        uint64_t bytes = t->size - done < chunk ? t->size - done : chunk;
        hr = transfer_chunk(dev, &staging, t, done, bytes);
    }
    dml_vk_allocation_destroy(dev, &staging);
    return hr;
}

HRESULT dml_vk_buffer_upload(struct dml_vk_device *dev, VkBuffer buffer, uint64_t offset,
                             const void *data, uint64_t size)
{
    struct transfer t = {buffer, offset, (void *)data, size, UPLOAD};
    return transfer(dev, &t);
}

HRESULT dml_vk_buffer_download(struct dml_vk_device *dev, VkBuffer buffer, uint64_t offset,
                               void *data, uint64_t size)
{
    struct transfer t = {buffer, offset, data, size, DOWNLOAD};
    return transfer(dev, &t);
}

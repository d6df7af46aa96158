/* The pipeline cache across processes (a file of cache_files.c, read whole into memory): the
 * driver's cache data behind a header of ours (magic and a checksum of the data), so a truncated
 * or foreign file is never handed to the driver; the driver checks its own header (vendor,
 * device, cache UUID) too. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "vk_private.h"

#define CACHE_MAGIC "DMLOPSPC"
#define CACHE_MAX_BYTES (16u << 20) /* read whole and checksummed at each device creation */
#define VK_HEADER_BYTES 32u

struct file_header
{
    char magic[8];
    uint64_t checksum; /* of the driver's data, see dml_hash() */
};

/* Whether data begins with the Vulkan cache header of this very device. */
static bool header_matches(const struct dml_vk_device *dev, const unsigned char *data, size_t size)
{
    uint32_t words[4];
    if (size < VK_HEADER_BYTES)
        return false;
    memcpy(words, data, sizeof(words));
    return words[0] >= VK_HEADER_BYTES && words[1] == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
           words[2] == dev->props.vendorID && words[3] == dev->props.deviceID &&
           !memcmp(data + 16, dev->props.pipelineCacheUUID, VK_UUID_SIZE);
}

/* The file's contents (malloc'ed) in *file, or NULL when missing, foreign or corrupt; *data and
 * *size: the driver's part. VK_ERROR_OUT_OF_HOST_MEMORY when it could not be read for want of
 * memory (device creation then fails, as for any other allocation). */
static VkResult load(const struct dml_vk_device *dev, unsigned char **file,
                     const unsigned char **data, size_t *size)
{
    size_t bytes;
    struct file_header header;
    HRESULT hr = dml_vk_cache_read(dev, "pipelines", sizeof(header) + CACHE_MAX_BYTES,
                                   (void **)file, &bytes);
    if (hr == E_OUTOFMEMORY)
        return VK_ERROR_OUT_OF_HOST_MEMORY;
    if (hr != S_OK || bytes <= sizeof(header))
        return free(*file), *file = NULL, VK_SUCCESS;
    memcpy(&header, *file, sizeof(header));
    *data = *file + sizeof(header);
    *size = bytes - sizeof(header);
    if (memcmp(header.magic, CACHE_MAGIC, 8) || !header_matches(dev, *data, *size) ||
        dml_hash(*data, *size) != header.checksum)
    {
        free(*file);
        *file = NULL;
    }
    return VK_SUCCESS;
}

VkResult dml_vk_pipeline_cache_create(struct dml_vk_device *dev, VkPipelineCache *out)
{
    size_t size = 0;
    const unsigned char *data = NULL;
    unsigned char *file = NULL;
    VkResult r = load(dev, &file, &data, &size);
    if (r != VK_SUCCESS)
        return r;
    VkPipelineCacheCreateInfo info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                      .initialDataSize = file ? size : 0,
                                      .pInitialData = file ? data : NULL};
    r = dev->vk.vkCreatePipelineCache(dev->handle, &info, dev->allocator, out);
    bool out_of_memory = r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY;
    if (r != VK_SUCCESS && file && !out_of_memory)
    {
        info.initialDataSize = 0; /* data the driver refuses: start empty */
        info.pInitialData = NULL;
        r = dev->vk.vkCreatePipelineCache(dev->handle, &info, dev->allocator, out);
    }
    free(file);
    return r;
}

static void store(struct dml_vk_device *dev, const unsigned char *data, size_t size)
{
    struct file_header header = {CACHE_MAGIC, dml_hash(data, size)};
    memcpy(header.magic, CACHE_MAGIC, 8);
    dml_vk_cache_write(dev, "pipelines", &header, sizeof(header), data, size);
}

void dml_vk_pipeline_cache_save(struct dml_vk_device *dev, VkPipelineCache cache)
{
    size_t size = 0;
    if (dev->vk.vkGetPipelineCacheData(dev->handle, cache, &size, NULL) != VK_SUCCESS ||
        size > CACHE_MAX_BYTES || size < VK_HEADER_BYTES)
        return;
    unsigned char *data = malloc(size);
    if (data && dev->vk.vkGetPipelineCacheData(dev->handle, cache, &size, data) == VK_SUCCESS)
        store(dev, data, size);
    free(data);
}

/* The pipeline cache across processes (a file of cache_files.c): the driver's cache data behind a
 * header of ours (magic and a checksum of the data), so a truncated or foreign file is never
 * handed to the driver; the driver checks its own header (vendor, device, cache UUID) too. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vk_private.h"

#define CACHE_MAGIC "DMLOPSPC"
#define CACHE_MAX_BYTES (64u << 20)
#define VK_HEADER_BYTES 32u

struct file_header
{
    char magic[8];
    uint64_t checksum; /* FNV-1a of the driver's data */
};

static uint64_t checksum(const unsigned char *data, size_t size)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; ++i)
        h = (h ^ data[i]) * 0x100000001b3ull;
    return h;
}

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

/* The whole file mapped (no heap allocation: a cache that cannot be read costs nothing but
 * speed); NULL when missing, foreign or corrupt. *data and *size: the driver's part. */
static void *map_file(const struct dml_vk_device *dev, const char *path, size_t *mapped,
                      const unsigned char **data, size_t *size)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    void *map = MAP_FAILED;
    if (!fstat(fd, &st) && st.st_size > (off_t)sizeof(struct file_header) &&
        st.st_size <= (off_t)CACHE_MAX_BYTES)
        map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return NULL;
    struct file_header header;
    memcpy(&header, map, sizeof(header));
    *mapped = (size_t)st.st_size;
    *data = (const unsigned char *)map + sizeof(header);
    *size = *mapped - sizeof(header);
    if (!memcmp(header.magic, CACHE_MAGIC, 8) && checksum(*data, *size) == header.checksum &&
        header_matches(dev, *data, *size))
        return map;
    munmap(map, *mapped);
    return NULL;
}

VkResult dml_vk_pipeline_cache_create(struct dml_vk_device *dev, VkPipelineCache *out)
{
    char path[4200];
    size_t size = 0, mapped = 0;
    const unsigned char *data = NULL;
    void *map =
        dml_vk_cache_path(dev, "pipelines", path, sizeof(path)) ? map_file(dev, path, &mapped, &data, &size) : NULL;
    VkPipelineCacheCreateInfo info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                      .initialDataSize = map ? size : 0,
                                      .pInitialData = map ? data : NULL};
    VkResult r = dev->vk.vkCreatePipelineCache(dev->handle, &info, dev->allocator, out);
    bool out_of_memory = r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY;
    if (r != VK_SUCCESS && map && !out_of_memory)
    {
        info.initialDataSize = 0; /* data the driver refuses: start empty */
        info.pInitialData = NULL;
        r = dev->vk.vkCreatePipelineCache(dev->handle, &info, dev->allocator, out);
    }
    if (map)
        munmap(map, mapped);
    return r;
}

static void store(const char *path, const unsigned char *data, size_t size)
{
    struct file_header header = {CACHE_MAGIC, checksum(data, size)};
    memcpy(header.magic, CACHE_MAGIC, 8);
    dml_vk_cache_store(path, &header, sizeof(header), data, size);
}

void dml_vk_pipeline_cache_save(struct dml_vk_device *dev, VkPipelineCache cache)
{
    char path[4200];
    size_t size = 0;
    if (!dml_vk_cache_path(dev, "pipelines", path, sizeof(path)) ||
        dev->vk.vkGetPipelineCacheData(dev->handle, cache, &size, NULL) != VK_SUCCESS ||
        size > CACHE_MAX_BYTES || size < VK_HEADER_BYTES)
        return;
    unsigned char *data = malloc(size);
    if (data && dev->vk.vkGetPipelineCacheData(dev->handle, cache, &size, data) == VK_SUCCESS)
        store(path, data, size);
    free(data);
}

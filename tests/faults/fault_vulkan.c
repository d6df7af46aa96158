/* The wrapped device functions behind fault_vulkan.h. */
#include "fault_vulkan.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_fault.h"
#include "app_vk.h"

static struct app_vk app;
static enum fault_vulkan_event counted;
static atomic_bool lost;
static PFN_vkGetDeviceProcAddr real_get_device_proc_addr;

/* Tracked handles are tagged with their type, so that handles of different types never meet. */
static void *key(uint64_t handle, unsigned type)
{
    return (void *)(uintptr_t)(handle ^ ((uint64_t)(type + 1) << 56));
}

/* Counts a queue event; true when the device is lost (now or before). */
static bool queue_event_lost(const void *site)
{
    uint64_t serial;

    if (counted == FAULT_VULKAN_QUEUE && alloc_fault_next(site, &serial))
        atomic_store(&lost, true);
    return atomic_load(&lost);
}

/* Objects: create and destroy pairs, tracked. */
#define TRACKED(Type, tag)                                                                          \
    static PFN_vkCreate##Type real_create_##Type;                                                   \
    static PFN_vkDestroy##Type real_destroy_##Type;                                                 \
    static VKAPI_ATTR VkResult VKAPI_CALL create_##Type(VkDevice device,                            \
                                                        const Vk##Type##CreateInfo *info,           \
                                                        const VkAllocationCallbacks *allocator,     \
                                                        Vk##Type *out)                              \
    {                                                                                               \
        VkResult r = real_create_##Type(device, info, allocator, out);                              \
        if (r == VK_SUCCESS)                                                                        \
            alloc_fault_track_uncounted(key((uint64_t)*out, tag), 0, __builtin_return_address(0)); \
        return r;                                                                                   \
    }                                                                                               \
    static VKAPI_ATTR void VKAPI_CALL destroy_##Type(VkDevice device, Vk##Type handle,             \
                                                     const VkAllocationCallbacks *allocator)        \
    {                                                                                               \
        if (handle)                                                                                 \
            alloc_fault_untrack(key((uint64_t)handle, tag));                                        \
        real_destroy_##Type(device, handle, allocator);                                             \
    }

TRACKED(Buffer, 0)
TRACKED(CommandPool, 1)
TRACKED(Fence, 2)
TRACKED(PipelineCache, 3)
TRACKED(PipelineLayout, 4)
TRACKED(ShaderModule, 5)

enum
{
    TAG_PIPELINE = 6,
    TAG_MEMORY = 7,
};

static PFN_vkCreateComputePipelines real_create_pipelines;
static PFN_vkDestroyPipeline real_destroy_pipeline;
static PFN_vkAllocateMemory real_allocate_memory;
static PFN_vkFreeMemory real_free_memory;
static PFN_vkQueueSubmit real_queue_submit;
static PFN_vkWaitForFences real_wait_for_fences;
static PFN_vkQueueWaitIdle real_queue_wait_idle;
static PFN_vkDeviceWaitIdle real_device_wait_idle;

static VKAPI_ATTR VkResult VKAPI_CALL create_pipelines(VkDevice device, VkPipelineCache cache,
                                                       uint32_t count,
                                                       const VkComputePipelineCreateInfo *infos,
                                                       const VkAllocationCallbacks *allocator,
                                                       VkPipeline *out)
{
    VkResult r = real_create_pipelines(device, cache, count, infos, allocator, out);
    for (uint32_t i = 0; i < count && r == VK_SUCCESS; ++i)
        alloc_fault_track_uncounted(key((uint64_t)out[i], TAG_PIPELINE), 0,
                                    __builtin_return_address(0));
    return r;
}

static VKAPI_ATTR void VKAPI_CALL destroy_pipeline(VkDevice device, VkPipeline pipeline,
                                                   const VkAllocationCallbacks *allocator)
{
    if (pipeline)
        alloc_fault_untrack(key((uint64_t)pipeline, TAG_PIPELINE));
    real_destroy_pipeline(device, pipeline, allocator);
}

static VKAPI_ATTR VkResult VKAPI_CALL allocate_memory(VkDevice device,
                                                      const VkMemoryAllocateInfo *info,
                                                      const VkAllocationCallbacks *allocator,
                                                      VkDeviceMemory *out)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial = 0;

    if (counted == FAULT_VULKAN_DEVICE_MEMORY && alloc_fault_next(site, &serial))
        return VK_ERROR_OUT_OF_DEVICE_MEMORY;
    VkResult r = real_allocate_memory(device, info, allocator, out);
    if (r == VK_SUCCESS && serial)
        alloc_fault_track(key((uint64_t)*out, TAG_MEMORY), info->allocationSize, site, serial);
    else if (r == VK_SUCCESS)
        alloc_fault_track_uncounted(key((uint64_t)*out, TAG_MEMORY), info->allocationSize, site);
    return r;
}

static VKAPI_ATTR void VKAPI_CALL free_memory(VkDevice device, VkDeviceMemory memory,
                                              const VkAllocationCallbacks *allocator)
{
    if (memory)
        alloc_fault_untrack(key((uint64_t)memory, TAG_MEMORY));
    real_free_memory(device, memory, allocator);
}

/* A lost device runs nothing more. */
static VKAPI_ATTR VkResult VKAPI_CALL queue_submit(VkQueue queue, uint32_t count,
                                                   const VkSubmitInfo *submits, VkFence fence)
{
    if (queue_event_lost(__builtin_return_address(0)))
        return VK_ERROR_DEVICE_LOST;
    return real_queue_submit(queue, count, submits, fence);
}

/* Waits really happen (what was submitted completes), then report the loss. */
static VKAPI_ATTR VkResult VKAPI_CALL wait_for_fences(VkDevice device, uint32_t count,
                                                      const VkFence *fences, VkBool32 all,
                                                      uint64_t timeout)
{
    VkResult r = real_wait_for_fences(device, count, fences, all, timeout);
    return queue_event_lost(__builtin_return_address(0)) ? VK_ERROR_DEVICE_LOST : r;
}

static VKAPI_ATTR VkResult VKAPI_CALL queue_wait_idle(VkQueue queue)
{
    VkResult r = real_queue_wait_idle(queue);
    return queue_event_lost(__builtin_return_address(0)) ? VK_ERROR_DEVICE_LOST : r;
}

static VKAPI_ATTR VkResult VKAPI_CALL device_wait_idle(VkDevice device)
{
    VkResult r = real_device_wait_idle(device);
    return queue_event_lost(__builtin_return_address(0)) ? VK_ERROR_DEVICE_LOST : r;
}

struct wrapped
{
    const char *name;
    PFN_vkVoidFunction wrapper;
    PFN_vkVoidFunction *real;
};

#define WRAP(name, wrapper, real) {name, (PFN_vkVoidFunction)wrapper, (PFN_vkVoidFunction *)&real}
#define WRAP_PAIR(Type)                                                                            \
    WRAP("vkCreate" #Type, create_##Type, real_create_##Type),                                     \
        WRAP("vkDestroy" #Type, destroy_##Type, real_destroy_##Type)

static const struct wrapped wrapped[] = {
    WRAP_PAIR(Buffer),
    WRAP_PAIR(CommandPool),
    WRAP_PAIR(Fence),
    WRAP_PAIR(PipelineCache),
    WRAP_PAIR(PipelineLayout),
    WRAP_PAIR(ShaderModule),
    WRAP("vkCreateComputePipelines", create_pipelines, real_create_pipelines),
    WRAP("vkDestroyPipeline", destroy_pipeline, real_destroy_pipeline),
    WRAP("vkAllocateMemory", allocate_memory, real_allocate_memory),
    WRAP("vkFreeMemory", free_memory, real_free_memory),
    WRAP("vkQueueSubmit", queue_submit, real_queue_submit),
    WRAP("vkWaitForFences", wait_for_fences, real_wait_for_fences),
    WRAP("vkQueueWaitIdle", queue_wait_idle, real_queue_wait_idle),
    WRAP("vkDeviceWaitIdle", device_wait_idle, real_device_wait_idle),
};

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL get_device_proc_addr(VkDevice device,
                                                                     const char *name)
{
    PFN_vkVoidFunction real = real_get_device_proc_addr(device, name);

    for (size_t i = 0; real && i < sizeof(wrapped) / sizeof(wrapped[0]); ++i)
    {
        if (strcmp(name, wrapped[i].name))
            continue;
        *wrapped[i].real = real;
        return wrapped[i].wrapper;
    }
    return real;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL get_instance_proc_addr(VkInstance instance,
                                                                       const char *name)
{
    PFN_vkVoidFunction real = vkGetInstanceProcAddr(instance, name);

    if (!real || strcmp(name, "vkGetDeviceProcAddr"))
        return real;
    real_get_device_proc_addr = (PFN_vkGetDeviceProcAddr)real;
    return (PFN_vkVoidFunction)get_device_proc_addr;
}

static void cleanup(void)
{
    app_vk_cleanup(&app);
}

void fault_vulkan_init(enum fault_vulkan_event event)
{
    counted = event;
    app_vk_init(&app);
    atexit(cleanup);
}

HRESULT fault_vulkan_create_device(IDMLDevice **device)
{
    DMLOPS_VULKAN_DEVICE_DESC vulkan = {
        .sType = DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC,
        .pfnGetInstanceProcAddr = get_instance_proc_addr,
        .instance = app.instance,
        .physicalDevice = app.physical_device,
        .device = app.device,
        .queueFamilyIndex = app.queue_family,
    };
    DMLOPS_DEVICE_DESC desc = {.sType = DMLOPS_STRUCTURE_TYPE_DEVICE_DESC, .pNext = &vulkan};

    *device = NULL;
    return dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)device);
}

bool fault_vulkan_lost(void)
{
    return atomic_load(&lost);
}

void fault_vulkan_restore(void)
{
    atomic_store(&lost, false);
}

struct app_vk *fault_vulkan_app(void)
{
    return &app;
}

unsigned fault_vulkan_validation_messages(void)
{
    return app_vk_validation_errors();
}

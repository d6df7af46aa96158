/* The device: the library's own (instance, best physical device, VkDevice) or the
 * application's, with per-device function tables and the pieces other files own. */
#include <stdio.h>
#include <stdlib.h>

#include "vk_private.h"

static pthread_mutex_t volk_lock = PTHREAD_MUTEX_INITIALIZER;

/* volkLoadDeviceTable resolves through volk's global vkGetDeviceProcAddr; point it at this
 * device's instance for the duration of the call (different instances may have different
 * layers, or an application-provided vkGetInstanceProcAddr). */
static void load_device_table(struct dml_vk_device *dev)
{
    pthread_mutex_lock(&volk_lock);
    PFN_vkGetDeviceProcAddr saved = vkGetDeviceProcAddr;
    vkGetDeviceProcAddr = dev->instance.fns.vkGetDeviceProcAddr;
    volkLoadDeviceTable(&dev->vk, dev->handle);
    vkGetDeviceProcAddr = saved;
    pthread_mutex_unlock(&volk_lock);
}

static HRESULT pick_physical_device(struct dml_vk_device *dev)
{
    uint32_t count = 0;
    VkPhysicalDevice *list = NULL;
    int index = -1;
    HRESULT hr = dml_vk_physical_devices(&dev->instance, &list, &count);
    if (SUCCEEDED(hr))
        hr = dml_vk_select_physical_device(&dev->instance, list, count, &index);
    if (index >= 0)
        dev->physical = list[index];
    free(list);
    if (FAILED(hr) || index >= 0)
        return hr;
    const char *wanted = getenv("DMLOPS_DEVICE");
    if (wanted && *wanted)
        fprintf(stderr, "dmlops: DMLOPS_DEVICE=%s names no Vulkan device the library can use\n",
                wanted);
    return DXGI_ERROR_UNSUPPORTED;
}

static HRESULT create_own_device(struct dml_vk_device *dev)
{
    int family = -1;
    HRESULT hr = dml_vk_compute_queue_family(&dev->instance, dev->physical, &family);
    if (FAILED(hr))
        return hr;
    if (family < 0)
        return DXGI_ERROR_UNSUPPORTED;
    struct dml_vk_features supported, enable;
    dml_vk_features_query(&dev->instance, dev->physical, &supported);
    dml_vk_features_to_enable(&supported, &enable);
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = (uint32_t)family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkDeviceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &enable.core,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue,
    };
    VkResult r = dev->instance.fns.vkCreateDevice(dev->physical, &info, dev->allocator, &dev->handle);
    if (r != VK_SUCCESS)
        return dml_vk_result_to_hresult(r);
    dev->owns_device = true;
    dev->queue_family = (uint32_t)family;
    return S_OK;
}

static HRESULT open_own(struct dml_vk_device *dev)
{
    HRESULT hr = dml_vk_instance_own(&dev->instance, true);
    if (SUCCEEDED(hr))
        hr = pick_physical_device(dev);
    if (SUCCEEDED(hr))
        hr = create_own_device(dev);
    return hr;
}

/* The application's queue: a compute family of its physical device, and an index below that
 * family's queue count (vkGetDeviceQueue is undefined past it). Whether its VkDevice was created
 * with that many queues cannot be checked. */
static HRESULT check_interop_queue(struct dml_vk_device *dev, const struct dml_vk_interop *interop)
{
    uint32_t count = 0;
    dev->instance.fns.vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &count, NULL);
    if (interop->queue_family_index >= count)
        return E_INVALIDARG;
    VkQueueFamilyProperties *families = calloc(count, sizeof(*families));
    if (!families)
        return E_OUTOFMEMORY;
    dev->instance.fns.vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &count, families);
    const VkQueueFamilyProperties *family = &families[interop->queue_family_index];
    bool usable =
        (family->queueFlags & VK_QUEUE_COMPUTE_BIT) && interop->queue_index < family->queueCount;
    free(families);
    if (!usable)
        fprintf(stderr,
                "dmlops: queue %u of family %u is not a compute queue of the "
                "application's physical device\n",
                interop->queue_index, interop->queue_family_index);
    return usable ? S_OK : E_INVALIDARG;
}

static HRESULT open_interop(struct dml_vk_device *dev, const struct dml_vk_interop *interop)
{
    if (!interop->instance || !interop->physical_device || !interop->device)
        return E_INVALIDARG;
    HRESULT hr =
        dml_vk_instance_wrap(&dev->instance, interop->get_instance_proc_addr, interop->instance);
    if (FAILED(hr))
        return hr;
    dev->physical = interop->physical_device;
    const char *missing = NULL;
    hr = dml_vk_requirements_check(&dev->instance, dev->physical, &missing);
    if (FAILED(hr))
        return hr;
    if (missing)
    {
        fprintf(stderr, "dmlops: the application's Vulkan device lacks %s\n", missing);
        return E_INVALIDARG;
    }
    hr = check_interop_queue(dev, interop);
    if (FAILED(hr))
        return hr;
    dev->handle = interop->device;
    dev->queue_family = interop->queue_family_index;
    return S_OK;
}

/* Everything after the VkDevice exists. */
static HRESULT finish(struct dml_vk_device *dev, uint32_t queue_index)
{
    VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    dev->instance.fns.vkGetPhysicalDeviceProperties2(dev->physical, &props);
    dev->props = props.properties;
    dev->instance.fns.vkGetPhysicalDeviceMemoryProperties(dev->physical, &dev->memory);
    struct dml_vk_features supported;
    dml_vk_features_query(&dev->instance, dev->physical, &supported);
    dev->shader_features = dml_vk_shader_features(&supported);
    load_device_table(dev);
    if (!dev->vk.vkGetDeviceQueue || !dev->vk.vkGetBufferDeviceAddress)
        return E_FAIL;
    dev->vk.vkGetDeviceQueue(dev->handle, dev->queue_family, queue_index, &dev->queue);
    if (!dev->queue)
        return E_INVALIDARG;
    HRESULT hr = dml_vk_block_pool_init(dev);
    if (SUCCEEDED(hr))
        hr = dml_vk_pipelines_init(dev);
    if (SUCCEEDED(hr))
        hr = dml_vk_engines_choose(dev);
    return hr;
}

static void init_locks(struct dml_vk_device *dev)
{
    pthread_mutex_init(&dev->queue_lock, NULL);
    pthread_mutex_init(&dev->blocks.lock, NULL);
    pthread_mutex_init(&dev->buffers.lock, NULL);
    pthread_mutex_init(&dev->pipelines.lock, NULL);
    pthread_cond_init(&dev->pipelines.worker.wake, NULL);
    pthread_cond_init(&dev->pipelines.worker.idle, NULL);
    pthread_mutex_init(&dev->commands.lock, NULL);
}

HRESULT dml_vk_device_create(const struct dml_vk_interop *interop,
                             const VkAllocationCallbacks *allocator, struct dml_vk_device **out)
{
    *out = NULL;
    struct dml_vk_device *dev = calloc(1, sizeof(*dev));
    if (!dev)
        return E_OUTOFMEMORY;
    init_locks(dev);
    if (allocator)
    {
        dev->allocator_copy = *allocator;
        dev->allocator = &dev->allocator_copy;
    }
    HRESULT hr = interop ? open_interop(dev, interop) : open_own(dev);
    if (SUCCEEDED(hr))
        hr = finish(dev, interop ? interop->queue_index : 0);
    if (FAILED(hr))
    {
        dml_vk_device_destroy(dev);
        return hr;
    }
    *out = dev;
    return S_OK;
}

static void destroy_locks(struct dml_vk_device *dev)
{
    pthread_mutex_destroy(&dev->queue_lock);
    pthread_mutex_destroy(&dev->blocks.lock);
    pthread_mutex_destroy(&dev->buffers.lock);
    pthread_mutex_destroy(&dev->pipelines.lock);
    pthread_cond_destroy(&dev->pipelines.worker.wake);
    pthread_cond_destroy(&dev->pipelines.worker.idle);
    pthread_mutex_destroy(&dev->commands.lock);
}

void dml_vk_device_destroy(struct dml_vk_device *dev)
{
    if (!dev)
        return;
    /* No vkQueueWaitIdle: every submission of the library is waited for before its call returns,
     * and the application's own work must be done before it releases (DirectML's rule). On
     * lavapipe a failed host allocation inside vkQueueWaitIdle also leaks. */
    if (dev->vk.vkDestroyDevice)
    {
        dml_vk_commands_cleanup(dev);
        dml_vk_pipelines_cleanup(dev);
        dml_vk_block_pool_cleanup(dev);
        dml_vk_buffer_registry_cleanup(dev);
    }
    if (dev->owns_device && dev->handle)
        dev->vk.vkDestroyDevice(dev->handle, dev->allocator);
    destroy_locks(dev);
    free(dev);
}

void dml_vk_device_mark_lost(struct dml_vk_device *dev)
{
    atomic_store(&dev->lost, true);
}

bool dml_vk_device_is_lost(struct dml_vk_device *dev)
{
    return atomic_load(&dev->lost);
}

VkDevice dml_vk_device_handle(const struct dml_vk_device *dev)
{
    return dev->handle;
}

const struct VolkDeviceTable *dml_vk_device_table(const struct dml_vk_device *dev)
{
    return &dev->vk;
}

const char *dml_vk_device_name(const struct dml_vk_device *dev)
{
    return dev->props.deviceName;
}

const VkPhysicalDeviceProperties *dml_vk_device_properties(const struct dml_vk_device *dev)
{
    return &dev->props;
}

bool dml_vk_device_is_owned(const struct dml_vk_device *dev)
{
    return dev->owns_device;
}

HRESULT dml_vk_result_to_hresult(VkResult r)
{
    switch (r)
    {
    case VK_SUCCESS:
        return S_OK;
    case VK_ERROR_OUT_OF_HOST_MEMORY:
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
        return E_OUTOFMEMORY;
    case VK_ERROR_DEVICE_LOST:
        return DXGI_ERROR_DEVICE_REMOVED;
    default:
        return E_FAIL;
    }
}

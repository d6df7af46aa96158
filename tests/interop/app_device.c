/* The application's device: the first physical device (discrete GPUs first) that has Vulkan 1.2,
 * a compute queue and every feature libdmlops asks for, created with exactly those features. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_vk.h"

#define EXIT_SKIP 77

/* The features dmlops.h says the device must enable, in their Vulkan 1.0/1.1/1.2 structs. */
struct feature_chain
{
    VkPhysicalDeviceFeatures2 core;
    VkPhysicalDeviceVulkan11Features v11;
    VkPhysicalDeviceVulkan12Features v12;
};

static void chain_init(struct feature_chain *f)
{
    memset(f, 0, sizeof(*f));
    f->core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    f->core.pNext = &f->v11;
    f->v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
    f->v11.pNext = &f->v12;
    f->v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
}

static void chain_require(struct feature_chain *f)
{
    chain_init(f);
    f->core.features.shaderInt16 = VK_TRUE;
    f->core.features.shaderInt64 = VK_TRUE;
    f->v11.storageBuffer16BitAccess = VK_TRUE;
    f->v12.storageBuffer8BitAccess = VK_TRUE;
    f->v12.shaderInt8 = VK_TRUE;
    f->v12.bufferDeviceAddress = VK_TRUE;
}

static bool want_float64;

void app_vk_want_float64(void)
{
    want_float64 = true;
}

static bool has_float64(VkPhysicalDevice pd)
{
    struct feature_chain f;
    chain_init(&f);
    vkGetPhysicalDeviceFeatures2(pd, &f.core);
    return f.core.features.shaderFloat64;
}

static bool has_features(VkPhysicalDevice pd)
{
    struct feature_chain f;
    chain_init(&f);
    vkGetPhysicalDeviceFeatures2(pd, &f.core);
    return f.core.features.shaderInt16 && f.core.features.shaderInt64 &&
           f.v11.storageBuffer16BitAccess && f.v12.storageBuffer8BitAccess && f.v12.shaderInt8 &&
           f.v12.bufferDeviceAddress;
}

/* A family with compute (a dedicated compute family is not needed), or UINT32_MAX. */
static uint32_t compute_family(VkPhysicalDevice pd)
{
    VkQueueFamilyProperties families[16];
    uint32_t count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, families);
    for (uint32_t i = 0; i < count; ++i)
    {
        if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
            return i;
    }
    return UINT32_MAX;
}

/* Lower is better; UINT32_MAX: unusable. */
static uint32_t rank(VkPhysicalDevice pd)
{
    static const uint32_t by_type[] = {
        [VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU] = 0, [VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU] = 1,
        [VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU] = 2,  [VK_PHYSICAL_DEVICE_TYPE_CPU] = 3,
        [VK_PHYSICAL_DEVICE_TYPE_OTHER] = 4,
    };
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(pd, &props);
    if (props.apiVersion < VK_API_VERSION_1_2 || !has_features(pd) ||
        compute_family(pd) == UINT32_MAX || (unsigned)props.deviceType > 4)
        return UINT32_MAX;
    return by_type[props.deviceType];
}

static void pick_physical_device(struct app_vk *vk)
{
    VkPhysicalDevice devices[16];
    uint32_t count = 16, best = UINT32_MAX;
    if (vkEnumeratePhysicalDevices(vk->instance, &count, devices) < 0)
        count = 0;
    for (uint32_t i = 0; i < count; ++i)
    {
        uint32_t r = rank(devices[i]);
        if (r < best)
            best = r, vk->physical_device = devices[i];
    }
    if (!vk->physical_device)
    {
        fprintf(stderr, "app_vk: no Vulkan 1.2 device with the features libdmlops needs: "
                        "test skipped\n");
        exit(EXIT_SKIP);
    }
    vkGetPhysicalDeviceProperties(vk->physical_device, &vk->props);
    vkGetPhysicalDeviceMemoryProperties(vk->physical_device, &vk->memory);
    vk->queue_family = compute_family(vk->physical_device);
}

static void check(VkResult r, const char *what)
{
    if (r == VK_SUCCESS)
        return;
    fprintf(stderr, "app_vk: FAIL: %s returned %d\n", what, r);
    exit(1);
}

void app_vk_init_device(struct app_vk *vk)
{
    static const float priority = 1.0f;
    struct feature_chain features;
    pick_physical_device(vk);
    chain_require(&features);
    vk->float64 = want_float64 && has_float64(vk->physical_device);
    features.core.features.shaderFloat64 = vk->float64;
    VkDeviceQueueCreateInfo queue = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = vk->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkDeviceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &features.core,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue,
    };
    check(vkCreateDevice(vk->physical_device, &info, NULL, &vk->device), "vkCreateDevice");
    vkGetDeviceQueue(vk->device, vk->queue_family, 0, &vk->queue);
    VkCommandPoolCreateInfo pool = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = vk->queue_family,
    };
    check(vkCreateCommandPool(vk->device, &pool, NULL, &vk->pool), "vkCreateCommandPool");
    printf("app_vk: application device \"%s\" (Vulkan %u.%u), queue family %u\n",
           vk->props.deviceName, VK_API_VERSION_MAJOR(vk->props.apiVersion),
           VK_API_VERSION_MINOR(vk->props.apiVersion), vk->queue_family);
}

/* The application's instance: Vulkan 1.2, the Khronos validation layer, and a debug messenger that
 * prints validation messages and counts the serious ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_vk.h"

#define VALIDATION_LAYER "VK_LAYER_KHRONOS_validation"
#define EXIT_SKIP 77

static unsigned serious_messages;

unsigned app_vk_validation_errors(void)
{
    return serious_messages;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT *data,
                                                 void *user)
{
    /* The loader speaks through the same messenger (e.g. about VK_INSTANCE_LAYERS); only the
     * layer's findings say something about the library. */
    if (!(types & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT))
        return VK_FALSE;
    bool serious = severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
    serious_messages += serious;
    fprintf(stderr, "app_vk: validation %s: %s\n", serious ? "ERROR" : "info", data->pMessage);
    return VK_FALSE;
}

static bool layer_installed(void)
{
    uint32_t count = 0;
    bool found = false;
    if (vkEnumerateInstanceLayerProperties(&count, NULL) != VK_SUCCESS || !count)
        return false;
    VkLayerProperties *layers = calloc(count, sizeof(*layers));
    if (layers && vkEnumerateInstanceLayerProperties(&count, layers) == VK_SUCCESS)
    {
        for (uint32_t i = 0; i < count && !found; ++i)
            found = !strcmp(layers[i].layerName, VALIDATION_LAYER);
    }
    free(layers);
    return found;
}

/* No layer: a developer machine may lack it (skip), CI must have it (fail). */
static void require_layer(void)
{
    if (layer_installed())
        return;
    const char *ci = getenv("CI");
    if (ci && !strcmp(ci, "true"))
    {
        fprintf(stderr,
                "app_vk: FAIL: %s is not installed and CI=true; install "
                "vulkan-validationlayers\n",
                VALIDATION_LAYER);
        exit(1);
    }
    fprintf(stderr, "app_vk: %s is not installed: test skipped\n", VALIDATION_LAYER);
    exit(EXIT_SKIP);
}

static VkDebugUtilsMessengerCreateInfoEXT messenger_info(void)
{
    return (VkDebugUtilsMessengerCreateInfoEXT){
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
        .pfnUserCallback = on_message,
    };
}

/* Synchronization validation always (the test records its own barriers); GPU-assisted
 * validation too when DMLOPS_VALIDATION=gpu-assisted asks the library's own instances for it. */
static VkValidationFeaturesEXT validation_features(void)
{
    static const VkValidationFeatureEnableEXT enables[] = {
        VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT,
        VK_VALIDATION_FEATURE_ENABLE_GPU_ASSISTED_EXT,
        VK_VALIDATION_FEATURE_ENABLE_GPU_ASSISTED_RESERVE_BINDING_SLOT_EXT,
    };
    const char *mode = getenv("DMLOPS_VALIDATION");
    bool gpu_assisted = mode && !strcmp(mode, "gpu-assisted");
    printf("app_vk: validation layer with synchronization validation%s\n",
           gpu_assisted ? " and GPU-assisted validation" : "");
    return (VkValidationFeaturesEXT){
        .sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
        .enabledValidationFeatureCount = gpu_assisted ? 3 : 1,
        .pEnabledValidationFeatures = enables,
    };
}

static void create_instance(struct app_vk *vk)
{
    static const char *layers[] = {VALIDATION_LAYER};
    static const char *extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
    VkValidationFeaturesEXT features = validation_features();
    VkDebugUtilsMessengerCreateInfoEXT messenger = messenger_info(); /* covers creation too */
    messenger.pNext = &features;
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "dmlops test application",
        .apiVersion = VK_API_VERSION_1_2,
    };
    VkInstanceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = &messenger,
        .pApplicationInfo = &app,
        .enabledLayerCount = 1,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = 1,
        .ppEnabledExtensionNames = extensions,
    };
    VkResult r = vkCreateInstance(&info, NULL, &vk->instance);
    if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
    {
        fprintf(stderr, "app_vk: no Vulkan 1.2 driver: test skipped\n");
        exit(EXIT_SKIP);
    }
    if (r != VK_SUCCESS)
    {
        fprintf(stderr, "app_vk: FAIL: vkCreateInstance returned %d\n", r);
        exit(1);
    }
}

static void create_messenger(struct app_vk *vk)
{
    PFN_vkCreateDebugUtilsMessengerEXT create =
        (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(vk->instance,
                                                                  "vkCreateDebugUtilsMessengerEXT");
    VkDebugUtilsMessengerCreateInfoEXT info = messenger_info();
    if (!create || create(vk->instance, &info, NULL, &vk->messenger) != VK_SUCCESS)
    {
        fprintf(stderr, "app_vk: FAIL: cannot create the debug messenger\n");
        exit(1);
    }
}

void app_vk_init(struct app_vk *vk)
{
    memset(vk, 0, sizeof(*vk));
    require_layer();
    create_instance(vk);
    create_messenger(vk);
    app_vk_init_device(vk);
}

void app_vk_cleanup(struct app_vk *vk)
{
    if (vk->device)
    {
        vkDeviceWaitIdle(vk->device);
        vkDestroyCommandPool(vk->device, vk->pool, NULL);
        vkDestroyDevice(vk->device, NULL);
    }
    PFN_vkDestroyDebugUtilsMessengerEXT destroy =
        (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            vk->instance, "vkDestroyDebugUtilsMessengerEXT");
    if (destroy && vk->messenger)
        destroy(vk->instance, vk->messenger, NULL);
    if (vk->instance)
        vkDestroyInstance(vk->instance, NULL);
    memset(vk, 0, sizeof(*vk));
}

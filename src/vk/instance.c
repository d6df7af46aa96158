/* The Vulkan loader, instances, and the validation messenger that GPU tests rely on. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../diag.h"
#include "vk_private.h"

#define VALIDATION_LAYER "VK_LAYER_KHRONOS_validation"

enum validation_mode
{
    VALIDATION_OFF,
    VALIDATION_PRINT,
    VALIDATION_FATAL,
    VALIDATION_GPU_ASSISTED,
};

static const struct
{
    const char *value;
    enum validation_mode mode;
} validation_values[] = {
    {"", VALIDATION_OFF},
    {"0", VALIDATION_OFF},
    {"1", VALIDATION_PRINT},
    {"fatal", VALIDATION_FATAL},
    {"gpu-assisted", VALIDATION_GPU_ASSISTED},
};

static enum validation_mode validation_mode(void)
{
    const char *value = getenv("DMLOPS_VALIDATION");
    if (!value)
        return VALIDATION_OFF;
    for (size_t i = 0; i < sizeof(validation_values) / sizeof(validation_values[0]); ++i)
    {
        if (!strcmp(value, validation_values[i].value))
            return validation_values[i].mode;
    }
    fprintf(stderr, "dmlops: DMLOPS_VALIDATION=%s is not 0, 1, fatal or gpu-assisted; using 1\n",
            value);
    return VALIDATION_PRINT;
}

static pthread_once_t loader_once = PTHREAD_ONCE_INIT;
static VkResult loader_result = VK_ERROR_INITIALIZATION_FAILED;

static void loader_load(void)
{
    loader_result = volkInitialize();
}

HRESULT dml_vk_loader_init(void)
{
    pthread_once(&loader_once, loader_load);
    return loader_result == VK_SUCCESS ? S_OK : DXGI_ERROR_UNSUPPORTED;
}

static const struct
{
    const char *name;
    size_t offset;
    bool optional;
} instance_fn_names[] = {
#define FN(name, optional)                                                                         \
    {                                                                                              \
#name, offsetof(struct dml_vk_instance_fns, name), optional                                \
    }
    FN(vkDestroyInstance, false),
    FN(vkEnumeratePhysicalDevices, false),
    FN(vkGetPhysicalDeviceProperties2, false),
    FN(vkGetPhysicalDeviceFeatures2, false),
    FN(vkGetPhysicalDeviceMemoryProperties, false),
    FN(vkGetPhysicalDeviceQueueFamilyProperties, false),
    FN(vkCreateDevice, false),
    FN(vkGetDeviceProcAddr, false),
    FN(vkCreateDebugUtilsMessengerEXT, true),
    FN(vkDestroyDebugUtilsMessengerEXT, true),
#undef FN
};

static HRESULT load_instance_fns(struct dml_vk_instance *inst, PFN_vkGetInstanceProcAddr gipa)
{
    inst->fns.vkGetInstanceProcAddr = gipa;
    for (size_t i = 0; i < sizeof(instance_fn_names) / sizeof(instance_fn_names[0]); ++i)
    {
        PFN_vkVoidFunction fn = gipa(inst->handle, instance_fn_names[i].name);
        if (!fn && !instance_fn_names[i].optional)
            return E_FAIL;
        memcpy((char *)&inst->fns + instance_fn_names[i].offset, &fn, sizeof(fn));
    }
    return S_OK;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT *data,
                                                 void *user)
{
    /* The loader reports its own warnings here too; only the layer's findings count. */
    if (!(types & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT))
        return VK_FALSE;
    bool serious = severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
    fprintf(stderr, "dmlops: Vulkan validation %s: %s\n", serious ? "error" : "info",
            data->pMessage);
    if (serious && (enum validation_mode)(uintptr_t)user >= VALIDATION_FATAL)
    {
        fprintf(stderr, "dmlops: aborting on a validation message (DMLOPS_VALIDATION=%s)\n",
                getenv("DMLOPS_VALIDATION"));
        abort();
    }
    return VK_FALSE;
}

static void messenger_info(enum validation_mode mode, VkDebugUtilsMessengerCreateInfoEXT *info)
{
    *info = (VkDebugUtilsMessengerCreateInfoEXT){
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        /* INFO (the layer's "active" banner at every instance) only when asked to print. */
        .messageSeverity =
            (mode == VALIDATION_PRINT ? VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT : 0) |
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
        .pfnUserCallback = on_message,
        .pUserData = (void *)(uintptr_t)mode,
    };
}

/* *found: whether the layer is installed; E_OUTOFMEMORY is not "missing". */
static HRESULT layer_present(const char *name, bool *found)
{
    uint32_t count = 0;
    *found = false;
    VkResult r = vkEnumerateInstanceLayerProperties(&count, NULL);
    if (r != VK_SUCCESS || !count)
        return r == VK_ERROR_OUT_OF_HOST_MEMORY ? E_OUTOFMEMORY : S_OK;
    VkLayerProperties *layers = calloc(count, sizeof(*layers));
    if (!layers)
        return E_OUTOFMEMORY;
    r = vkEnumerateInstanceLayerProperties(&count, layers);
    for (uint32_t i = 0; r >= 0 && i < count && !*found; ++i)
        *found = !strcmp(layers[i].layerName, name);
    free(layers);
    return r == VK_ERROR_OUT_OF_HOST_MEMORY ? E_OUTOFMEMORY : S_OK;
}

/* The validation mode that can really be had: the layer may be missing. *refused: a fatal mode
 * was asked for without the layer, so the library must not create devices (listing still works). */
static HRESULT usable_validation(enum validation_mode *mode, bool *refused)
{
    *mode = validation_mode();
    *refused = false;
    bool found = false;
    HRESULT hr = *mode == VALIDATION_OFF ? S_OK : layer_present(VALIDATION_LAYER, &found);
    if (FAILED(hr) || *mode == VALIDATION_OFF || found)
        return hr;
    fprintf(stderr, "dmlops: DMLOPS_VALIDATION is set but %s is not installed\n", VALIDATION_LAYER);
    *refused = *mode >= VALIDATION_FATAL;
    *mode = VALIDATION_OFF;
    return S_OK;
}

static VkResult create_handle(struct dml_vk_instance *inst, enum validation_mode mode)
{
    static const char *layers[] = {VALIDATION_LAYER};
    static const char *extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
    static const VkValidationFeatureEnableEXT gpu_assisted[] = {
        VK_VALIDATION_FEATURE_ENABLE_GPU_ASSISTED_EXT,
        VK_VALIDATION_FEATURE_ENABLE_GPU_ASSISTED_RESERVE_BINDING_SLOT_EXT,
    };
    VkDebugUtilsMessengerCreateInfoEXT messenger;
    messenger_info(mode, &messenger);
    VkValidationFeaturesEXT features = {
        .sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
        .enabledValidationFeatureCount = 2,
        .pEnabledValidationFeatures = gpu_assisted,
    };
    if (mode == VALIDATION_GPU_ASSISTED)
        messenger.pNext = &features;
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pEngineName = "libdmlops",
        .engineVersion =
            VK_MAKE_VERSION(DMLOPS_VERSION_MAJOR_, DMLOPS_VERSION_MINOR_, DMLOPS_VERSION_PATCH_),
        .apiVersion = VK_API_VERSION_1_2,
    };
    bool on = mode != VALIDATION_OFF;
    VkInstanceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = on ? &messenger : NULL,
        .pApplicationInfo = &app,
        .enabledLayerCount = on ? 1 : 0,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = on ? 1 : 0,
        .ppEnabledExtensionNames = extensions,
    };
    return vkCreateInstance(&info, NULL, &inst->handle);
}

static HRESULT create_messenger(struct dml_vk_instance *inst, enum validation_mode mode)
{
    if (mode == VALIDATION_OFF)
        return S_OK;
    if (!inst->fns.vkCreateDebugUtilsMessengerEXT)
        return E_FAIL;
    VkDebugUtilsMessengerCreateInfoEXT info;
    messenger_info(mode, &info);
    VkResult r =
        inst->fns.vkCreateDebugUtilsMessengerEXT(inst->handle, &info, NULL, &inst->messenger);
    return dml_vk_result_to_hresult(r);
}

/* Only for an instance that failed to get ready: the library's own is never destroyed. */
static void instance_destroy(struct dml_vk_instance *inst)
{
    if (inst->messenger)
        inst->fns.vkDestroyDebugUtilsMessengerEXT(inst->handle, inst->messenger, NULL);
    if (inst->fns.vkDestroyInstance)
        inst->fns.vkDestroyInstance(inst->handle, NULL);
    *inst = (struct dml_vk_instance){0};
}

/* The two ways a machine has no Vulkan, told apart with what to install (docs/rules.md). They
 * reach the application's message callback, which may call the library (list the adapters, try
 * another device): they are found under own_lock and reported after it is released. */
enum environment_problem
{
    PROBLEM_NONE,
    PROBLEM_NO_LOADER,
    PROBLEM_NO_DRIVER,
};

static void report_problem(enum environment_problem problem)
{
    if (problem == PROBLEM_NO_LOADER)
        dml_diag_environment(dml_diag_env_enabled(), "VK-LOADER",
                             "no Vulkan loader: libvulkan.so.1 could not be loaded; install it "
                             "(Debian: apt-get install libvulkan1)");
    if (problem == PROBLEM_NO_DRIVER)
        dml_diag_environment(dml_diag_env_enabled(), "VK-DRIVER",
                             "the Vulkan loader found no Vulkan driver (ICD); install one (Debian: "
                             "apt-get install mesa-vulkan-drivers, which has lavapipe for the CPU "
                             "and Mesa's GPU drivers; NVIDIA: nvidia-vulkan-icd or the vendor's "
                             "driver)");
}

/* A loader and an instance, but is there a driver behind them? */
static enum environment_problem check_driver(const struct dml_vk_instance *inst)
{
    uint32_t count = 0;
    VkResult r = inst->fns.vkEnumeratePhysicalDevices(inst->handle, &count, NULL);
    return r == VK_SUCCESS && !count ? PROBLEM_NO_DRIVER : PROBLEM_NONE;
}

static HRESULT instance_create(struct dml_vk_instance *inst, bool *refused,
                               enum environment_problem *problem)
{
    *inst = (struct dml_vk_instance){0};
    enum validation_mode mode = VALIDATION_OFF;
    HRESULT hr = dml_vk_loader_init();
    if (FAILED(hr))
        *problem = PROBLEM_NO_LOADER;
    if (SUCCEEDED(hr))
        hr = usable_validation(&mode, refused);
    if (FAILED(hr))
        return hr;
    VkResult r = create_handle(inst, mode);
    if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
    {
        *problem = PROBLEM_NO_DRIVER; /* no Vulkan 1.2 driver at all */
        return DXGI_ERROR_UNSUPPORTED;
    }
    if (r != VK_SUCCESS)
        return dml_vk_result_to_hresult(r);
    hr = load_instance_fns(inst, vkGetInstanceProcAddr);
    if (SUCCEEDED(hr))
        hr = create_messenger(inst, mode);
    if (FAILED(hr))
        instance_destroy(inst);
    return hr;
}

/* The library's own instance: one per process, for every device the library creates and for
 * listing, made on first success and never destroyed. Drivers do not take many instances being
 * created and destroyed (NVIDIA's stops listing devices after a few dozen), and destroying it at
 * exit would be unsafe: the loader's layers and driver may be finalised before our destructor
 * runs. Held in a static, it stays reachable for LeakSanitizer; valgrind sees some driver blocks as
 * "possibly lost" (suppressed in tests/suppressions/valgrind.supp). A failure is not
 * remembered: the next call tries again. */
static pthread_mutex_t own_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dml_vk_instance own;
static bool own_refused;

HRESULT dml_vk_instance_own(struct dml_vk_instance *out, bool for_device)
{
    enum environment_problem problem = PROBLEM_NONE;
    pthread_mutex_lock(&own_lock);
    HRESULT hr = own.handle ? S_OK : instance_create(out, &own_refused, &problem);
    if (SUCCEEDED(hr) && !own.handle)
        own = *out;
    if (SUCCEEDED(hr))
        problem = check_driver(&own);
    if (SUCCEEDED(hr) && for_device && own_refused)
        hr = E_FAIL;
    *out = SUCCEEDED(hr) ? own : (struct dml_vk_instance){0};
    pthread_mutex_unlock(&own_lock);
    report_problem(problem); /* the callback may call the library: never under own_lock */
    return hr;
}

HRESULT dml_vk_instance_wrap(struct dml_vk_instance *inst, PFN_vkGetInstanceProcAddr gipa,
                             VkInstance handle)
{
    *inst = (struct dml_vk_instance){.handle = handle};
    if (!gipa)
    {
        HRESULT hr = dml_vk_loader_init();
        if (FAILED(hr))
            return hr;
        gipa = vkGetInstanceProcAddr;
    }
    return load_instance_fns(inst, gipa);
}

/* Physical devices: what the kernels need, and which device the library picks. */
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "vk_private.h"

#define CORE(field) offsetof(struct dml_vk_features, core.features.field)
#define V11(field) offsetof(struct dml_vk_features, v11.field)
#define V12(field) offsetof(struct dml_vk_features, v12.field)

/* Every feature the shaders or the binding model use (see shaders/dmlops_common.glsl), then
 * ones enabled when present, which a kernel may declare (shader_bit: the shader capability's
 * enum dml_vk_shader_feature; a kernel declaring one the device lacks is refused, shaders.c). */
static const struct
{
    const char *name;
    size_t offset;
    bool required;
    uint32_t shader_bit;
} feature_table[] = {
    {"bufferDeviceAddress", V12(bufferDeviceAddress), true, 0},
    {"shaderInt64", CORE(shaderInt64), true, 0},
    {"storageBuffer8BitAccess", V12(storageBuffer8BitAccess), true, 0},
    {"storageBuffer16BitAccess", V11(storageBuffer16BitAccess), true, 0},
    {"shaderInt8", V12(shaderInt8), false, DML_VK_SHADER_INT8},
    {"shaderInt16", CORE(shaderInt16), false, DML_VK_SHADER_INT16},
    {"shaderFloat16", V12(shaderFloat16), false, DML_VK_SHADER_FLOAT16},
    {"shaderFloat64", CORE(shaderFloat64), false, DML_VK_SHADER_FLOAT64},
};

#define FEATURE_COUNT (sizeof(feature_table) / sizeof(feature_table[0]))

static VkBool32 *feature(struct dml_vk_features *f, size_t i)
{
    return (VkBool32 *)((char *)f + feature_table[i].offset);
}

static void features_chain(struct dml_vk_features *f)
{
    f->core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    f->core.pNext = &f->v11;
    f->v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
    f->v11.pNext = &f->v12;
    f->v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
    f->v12.pNext = NULL;
}

void dml_vk_features_query(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
                           struct dml_vk_features *f)
{
    memset(f, 0, sizeof(*f));
    features_chain(f);
    inst->fns.vkGetPhysicalDeviceFeatures2(pd, &f->core);
}

uint32_t dml_vk_shader_features(const struct dml_vk_features *f)
{
    uint32_t bits = 0;

    for (size_t i = 0; i < FEATURE_COUNT; ++i)
        bits |= *feature((struct dml_vk_features *)f, i) ? feature_table[i].shader_bit : 0;
    return bits;
}

const char *dml_vk_shader_feature_name(uint32_t bits)
{
    for (size_t i = 0; i < FEATURE_COUNT; ++i)
        if (bits & feature_table[i].shader_bit)
            return feature_table[i].name;
    return "?";
}

void dml_vk_features_to_enable(const struct dml_vk_features *supported,
                               struct dml_vk_features *enable)
{
    memset(enable, 0, sizeof(*enable));
    features_chain(enable);
    for (size_t i = 0; i < FEATURE_COUNT; ++i)
        *feature(enable, i) = *feature((struct dml_vk_features *)supported, i);
}

HRESULT dml_vk_compute_queue_family(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
                                    int *family)
{
    uint32_t count = 0;
    *family = -1;
    inst->fns.vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, NULL);
    if (!count)
        return S_OK;
    VkQueueFamilyProperties *families = calloc(count, sizeof(*families));
    if (!families)
        return E_OUTOFMEMORY;
    inst->fns.vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, families);
    for (uint32_t i = 0; i < count && *family < 0; ++i)
    {
        if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
            *family = (int)i;
    }
    free(families);
    return S_OK;
}

HRESULT dml_vk_requirements_check(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
                                  const char **missing)
{
    VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    inst->fns.vkGetPhysicalDeviceProperties2(pd, &props);
    *missing = "Vulkan 1.2";
    if (props.properties.apiVersion < VK_API_VERSION_1_2)
        return S_OK;
    /* The wide kernels' workgroups are larger than the 128 invocations Vulkan guarantees. */
    const VkPhysicalDeviceLimits *limits = &props.properties.limits;
    *missing = "workgroups as large as the wide kernels' (maxComputeWorkGroupInvocations and "
               "maxComputeWorkGroupSize[0] of DMLOPS_WIDE_WORKGROUP_SIZE)";
    if (limits->maxComputeWorkGroupInvocations < DMLOPS_WIDE_WORKGROUP_SIZE ||
        limits->maxComputeWorkGroupSize[0] < DMLOPS_WIDE_WORKGROUP_SIZE)
        return S_OK;
    struct dml_vk_features f;
    dml_vk_features_query(inst, pd, &f);
    for (size_t i = 0; i < FEATURE_COUNT; ++i)
    {
        *missing = feature_table[i].name;
        if (feature_table[i].required && !*feature(&f, i))
            return S_OK;
    }
    int family = -1;
    HRESULT hr = dml_vk_compute_queue_family(inst, pd, &family);
    *missing = family < 0 ? "a compute queue" : NULL;
    return hr;
}

/* Running out of memory is reported; any other failure to list means no usable device. */
static HRESULT listing_result(VkResult r)
{
    return r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY ? E_OUTOFMEMORY
                                                                                  : S_OK;
}

HRESULT dml_vk_physical_devices(const struct dml_vk_instance *inst, VkPhysicalDevice **list,
                                uint32_t *count)
{
    *list = NULL;
    *count = 0;
    VkResult r = inst->fns.vkEnumeratePhysicalDevices(inst->handle, count, NULL);
    if (r == VK_SUCCESS && *count)
    {
        *list = calloc(*count, sizeof(**list));
        r = *list ? inst->fns.vkEnumeratePhysicalDevices(inst->handle, count, *list)
                  : VK_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (r >= 0) /* VK_INCOMPLETE: devices vanished between the calls; *count is what was written */
        return S_OK;
    free(*list);
    *list = NULL;
    *count = 0;
    return listing_result(r);
}

/* Higher is better: discrete, integrated, virtual, then CPU (lavapipe). */
static int type_rank(VkPhysicalDeviceType type)
{
    static const int ranks[] = {
        [VK_PHYSICAL_DEVICE_TYPE_OTHER] = 0,        [VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU] = 3,
        [VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU] = 4, [VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU] = 2,
        [VK_PHYSICAL_DEVICE_TYPE_CPU] = 1,
    };
    return (unsigned)type < sizeof(ranks) / sizeof(ranks[0]) ? ranks[type] : 0;
}

static bool name_contains(const char *name, const char *wanted)
{
    size_t n = strlen(wanted);
    for (; *name; ++name)
    {
        size_t i = 0;
        while (i < n && name[i] &&
               tolower((unsigned char)name[i]) == tolower((unsigned char)wanted[i]))
            ++i;
        if (i == n)
            return true;
    }
    return n == 0;
}

/* DMLOPS_DEVICE: a decimal index, else a name substring. */
static bool matches_override(const char *wanted, uint32_t index, const char *name)
{
    char *end = NULL;
    unsigned long value = strtoul(wanted, &end, 10);
    if (end != wanted && *end == '\0')
        return value == index;
    return name_contains(name, wanted);
}

HRESULT dml_vk_select_physical_device(const struct dml_vk_instance *inst,
                                      const VkPhysicalDevice *list, uint32_t count, int *index)
{
    const char *wanted = getenv("DMLOPS_DEVICE");
    int best_rank = -1;
    *index = -1;
    for (uint32_t i = 0; i < count; ++i)
    {
        VkPhysicalDeviceProperties2 props = {.sType =
                                                 VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
        inst->fns.vkGetPhysicalDeviceProperties2(list[i], &props);
        if (wanted && *wanted && !matches_override(wanted, i, props.properties.deviceName))
            continue;
        const char *missing = NULL;
        HRESULT hr = dml_vk_requirements_check(inst, list[i], &missing);
        if (FAILED(hr))
            return hr;
        int rank = type_rank(props.properties.deviceType);
        if (!missing && rank > best_rank)
        {
            *index = (int)i;
            best_rank = rank;
        }
    }
    return S_OK;
}

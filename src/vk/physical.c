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
 * ones enabled when present because later kernels may want them. */
static const struct
{
    const char *name;
    size_t offset;
    bool required;
} feature_table[] = {
    {"bufferDeviceAddress", V12(bufferDeviceAddress), true},
    {"shaderInt64", CORE(shaderInt64), true},
    {"storageBuffer8BitAccess", V12(storageBuffer8BitAccess), true},
    {"storageBuffer16BitAccess", V11(storageBuffer16BitAccess), true},
    {"shaderInt8", V12(shaderInt8), false},
    {"shaderInt16", CORE(shaderInt16), false},
    {"shaderFloat16", V12(shaderFloat16), false},
    {"shaderFloat64", CORE(shaderFloat64), false},
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

void dml_vk_features_to_enable(const struct dml_vk_features *supported,
                               struct dml_vk_features *enable)
{
    memset(enable, 0, sizeof(*enable));
    features_chain(enable);
    for (size_t i = 0; i < FEATURE_COUNT; ++i)
        *feature(enable, i) = *feature((struct dml_vk_features *)supported, i);
}

static bool has_compute_queue(const struct dml_vk_instance *inst, VkPhysicalDevice pd)
{
    uint32_t count = 0;
    inst->fns.vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, NULL);
    VkQueueFamilyProperties *families = calloc(count ? count : 1, sizeof(*families));
    bool found = false;
    if (families)
        inst->fns.vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, families);
    for (uint32_t i = 0; families && i < count && !found; ++i)
        found = families[i].queueFlags & VK_QUEUE_COMPUTE_BIT;
    free(families);
    return found;
}

const char *dml_vk_requirements_missing(const struct dml_vk_instance *inst, VkPhysicalDevice pd)
{
    VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    inst->fns.vkGetPhysicalDeviceProperties2(pd, &props);
    if (props.properties.apiVersion < VK_API_VERSION_1_2)
        return "Vulkan 1.2";
    struct dml_vk_features f;
    dml_vk_features_query(inst, pd, &f);
    for (size_t i = 0; i < FEATURE_COUNT; ++i)
    {
        if (feature_table[i].required && !*feature(&f, i))
            return feature_table[i].name;
    }
    return has_compute_queue(inst, pd) ? NULL : "a compute queue";
}

VkPhysicalDevice *dml_vk_physical_devices(const struct dml_vk_instance *inst, uint32_t *count)
{
    *count = 0;
    if (inst->fns.vkEnumeratePhysicalDevices(inst->handle, count, NULL) != VK_SUCCESS || !*count)
        return NULL;
    VkPhysicalDevice *list = calloc(*count, sizeof(*list));
    if (!list || inst->fns.vkEnumeratePhysicalDevices(inst->handle, count, list) < 0)
    {
        free(list);
        *count = 0;
        return NULL;
    }
    return list;
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

int dml_vk_select_physical_device(const struct dml_vk_instance *inst, const VkPhysicalDevice *list,
                                  uint32_t count)
{
    const char *wanted = getenv("DMLOPS_DEVICE");
    int best = -1, best_rank = -1;
    for (uint32_t i = 0; i < count; ++i)
    {
        VkPhysicalDeviceProperties2 props = {.sType =
                                                 VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
        inst->fns.vkGetPhysicalDeviceProperties2(list[i], &props);
        if (wanted && *wanted && !matches_override(wanted, i, props.properties.deviceName))
            continue;
        if (dml_vk_requirements_missing(inst, list[i]))
            continue;
        int rank = type_rank(props.properties.deviceType);
        if (rank > best_rank)
        {
            best = (int)i;
            best_rank = rank;
        }
    }
    return best;
}

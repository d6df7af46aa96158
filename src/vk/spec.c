/* Plans as specialization constants: the map entries, from the one list of constants. */
#include "spec.h"

#include <pthread.h>
#include <stddef.h>

#define ENTRY(NAME, field, id, type, def)                                                          \
    entries[n++] = (VkSpecializationMapEntry){id, offsetof(struct plan_spec, field),               \
                                              sizeof(PLAN_SPEC_C_##type)};
#define ARRAY_ENTRIES(NAME, field, id, count, type, def, step)                                     \
    for (uint32_t i = 0; i < (count); ++i)                                                         \
        entries[n++] = (VkSpecializationMapEntry){                                                 \
            (id) + i,                                                                              \
            (uint32_t)(offsetof(struct plan_spec, field) + i * sizeof(PLAN_SPEC_C_##type)),        \
            sizeof(PLAN_SPEC_C_##type)};

static VkSpecializationMapEntry entries[DML_VK_SPEC_ENTRIES];

static void entries_fill(void)
{
    uint32_t n = 0;
    DMLOPS_SPEC_CONSTANTS(ENTRY, ARRAY_ENTRIES)
}

void dml_vk_spec_info(const struct plan_spec *spec, VkSpecializationInfo *info)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, entries_fill);
    *info = (VkSpecializationInfo){DML_VK_SPEC_ENTRIES, entries, sizeof(*spec), spec};
}

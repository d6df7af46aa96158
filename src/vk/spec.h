/* A plan_spec (src/plan_spec.h) as Vulkan specialization constants of shaders/vec.comp and
 * shaders/tile.comp: one map entry per constant of src/plan_spec_constants.h. */
#ifndef DMLOPS_VK_SPEC_H
#define DMLOPS_VK_SPEC_H

#include <volk.h>

#include "plan_spec.h"

/* Every constant of the list; the shaders add SLOTS_MARK (dmlops_slots.glsl) past them. */
#define DML_VK_SPEC_ENTRIES                                                                        \
    (0 DMLOPS_SPEC_CONSTANTS(DML_VK_SPEC_COUNT_ONE, DML_VK_SPEC_COUNT_ARRAY))
#define DML_VK_SPEC_COUNT_ONE(NAME, field, id, type, def) +1
#define DML_VK_SPEC_COUNT_ARRAY(NAME, field, id, n, type, def, step) +(n)

/* The specialization info for a spec (entries are static; data points into spec). */
void dml_vk_spec_info(const struct plan_spec *spec, VkSpecializationInfo *info);

#endif

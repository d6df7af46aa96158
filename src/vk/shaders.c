/* The SPIR-V modules embedded at build time (shaders/, cmake/DmlopsShaders.cmake). */
#include "dmlops_shaders.h"
#include "vk_private.h"

/* Shader file name -> kernel. */
#define KERNEL_copy PLAN_KERNEL_COPY
#define KERNEL_split PLAN_KERNEL_SPLIT
#define KERNEL_pad PLAN_KERNEL_PAD
#define KERNEL_general PLAN_KERNEL_GENERAL
#define KERNEL_scale_bias PLAN_KERNEL_SCALE_BIAS
#define KERNEL_cast PLAN_KERNEL_CAST
#define KERNEL_gather PLAN_KERNEL_GATHER
#define KERNEL_scatter PLAN_KERNEL_SCATTER
#define KERNEL_fill PLAN_KERNEL_FILL
#define KERNEL_vec DML_VK_KERNEL_VEC
#define KERNEL_tile DML_VK_KERNEL_TILE

static const struct
{
    struct dml_vk_variant variant;
    const uint32_t *code;
    size_t bytes;
} modules[] = {
#define MODULE(name, elem_bytes)                                                                   \
    {{KERNEL_##name, elem_bytes, 0},                                                               \
     dmlops_spirv_##name##_e##elem_bytes,                                                          \
     sizeof(dmlops_spirv_##name##_e##elem_bytes)},
    DMLOPS_SHADER_MODULES(MODULE)
#undef MODULE
};

const uint32_t *dml_vk_spirv(const struct dml_vk_variant *variant, size_t *bytes)
{
    for (size_t i = 0; i < sizeof(modules) / sizeof(modules[0]); ++i)
    {
        if (modules[i].variant.kernel == variant->kernel &&
            modules[i].variant.elem_bytes == variant->elem_bytes)
        {
            *bytes = modules[i].bytes;
            return modules[i].code;
        }
    }
    *bytes = 0;
    return NULL;
}

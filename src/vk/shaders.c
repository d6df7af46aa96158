/* The SPIR-V modules embedded at build time (shaders/, cmake/DmlopsShaders.cmake). */
#include "dmlops_shaders.h"
#include "vk_private.h"

#include "../diag.h"

/* Shader file name -> kernel. */
#define KERNEL_move DML_VK_KERNEL_MOVE
#define KERNEL_scale_bias PLAN_KERNEL_SCALE_BIAS
#define KERNEL_cast PLAN_KERNEL_CAST
#define KERNEL_gather PLAN_KERNEL_GATHER
#define KERNEL_scatter PLAN_KERNEL_SCATTER
#define KERNEL_fill PLAN_KERNEL_FILL
#define KERNEL_vec DML_VK_KERNEL_VEC
#define KERNEL_vec_rows DML_VK_KERNEL_VEC_ROWS
#define KERNEL_vec_row_groups DML_VK_KERNEL_VEC_ROW_GROUPS
#define KERNEL_tile DML_VK_KERNEL_TILE
#define KERNEL_move_spec DML_VK_KERNEL_MOVE_SPEC
#define KERNEL_fill_spec DML_VK_KERNEL_FILL_SPEC

static const struct
{
    struct dml_vk_variant variant;
    const uint32_t *code;
    size_t bytes;
} modules[] = {
#define MODULE(name, elem_bytes)                                                                   \
    {{KERNEL_##name, elem_bytes, 0, 0},                                                            \
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

/* SPIR-V's OpCapability values of the optional features (the SPIR-V specification's Int8,
 * Int16, Float16, Float64). */
static const struct
{
    uint32_t capability;
    enum dml_vk_shader_feature feature;
} capabilities[] = {
    {39, DML_VK_SHADER_INT8},
    {22, DML_VK_SHADER_INT16},
    {9, DML_VK_SHADER_FLOAT16},
    {10, DML_VK_SHADER_FLOAT64},
};

#define SPIRV_HEADER_WORDS 5
#define SPIRV_OP_CAPABILITY 17u

uint32_t dml_vk_spirv_needs(const uint32_t *code, size_t bytes)
{
    size_t words = bytes / 4, at = SPIRV_HEADER_WORDS;
    uint32_t needs = 0;
    /* Capabilities come first in a module: stop at the first other instruction. */
    while (at < words && (code[at] & 0xffffu) == SPIRV_OP_CAPABILITY && (code[at] >> 16) == 2)
    {
        for (size_t c = 0; c < sizeof(capabilities) / sizeof(capabilities[0]); ++c)
            needs |= code[at + 1] == capabilities[c].capability ? capabilities[c].feature : 0;
        at += 2;
    }
    return needs;
}

HRESULT dml_vk_spirv_for(const struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                         const uint32_t **code, size_t *bytes)
{
    uint32_t missing;

    if (!(*code = dml_vk_spirv(variant, bytes)))
        return E_INVALIDARG;
    missing = dml_vk_spirv_needs(*code, *bytes) & ~dev->shader_features;
    if (!missing)
        return S_OK;
    dml_diag_environment(dml_diag_env_enabled(), "VK-FEATURE",
                         "the Vulkan device lacks %s, which this operator's kernel needs "
                         "(ScaleBias and float sequences compute in float64); the operator is "
                         "not supported on this device",
                         dml_vk_shader_feature_name(missing));
    return DXGI_ERROR_UNSUPPORTED;
}

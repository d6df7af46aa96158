/* Compute pipelines, one per variant (and per spec for the specialized kernel) and device,
 * created on first use behind a VkPipelineCache. All share one layout: no descriptor sets, only
 * push constants. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "spec.h"
#include "vk_private.h"

/* DMLOPS_SPECIALIZE=0 or 1 forces the choice; by default a CPU device (lavapipe), where every
 * new shape would cost an LLVM compilation and launch latency matters little, keeps the
 * generic kernels. */
static bool want_specialized(const struct dml_vk_device *dev)
{
    const char *env = getenv("DMLOPS_SPECIALIZE");
    if (env && *env)
        return strcmp(env, "0") != 0;
    return dev->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
}

HRESULT dml_vk_pipelines_init(struct dml_vk_device *dev)
{
    dev->pipelines.specialize = want_specialized(dev);
    VkResult r = dml_vk_pipeline_cache_create(dev, &dev->pipelines.cache);
    VkPushConstantRange push = {
        .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
        .offset = 0,
        .size = DML_VK_PUSH_BYTES,
    };
    VkPipelineLayoutCreateInfo layout = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &push,
    };
    if (r == VK_SUCCESS)
        r = dev->vk.vkCreatePipelineLayout(dev->handle, &layout, dev->allocator,
                                           &dev->pipelines.layout);
    return dml_vk_result_to_hresult(r);
}

void dml_vk_pipelines_cleanup(struct dml_vk_device *dev)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    for (size_t i = 0; i < p->count; ++i)
    {
        dev->vk.vkDestroyPipeline(dev->handle, p->entries[i].pipeline, dev->allocator);
        free(p->entries[i].spec);
    }
    free(p->entries);
    p->entries = NULL;
    p->count = p->capacity = p->specialized = 0;
    for (size_t i = 0; i < p->module_count; ++i)
        dev->vk.vkDestroyShaderModule(dev->handle, p->modules[i].module, dev->allocator);
    free(p->modules);
    p->modules = NULL;
    p->module_count = p->module_capacity = 0;
    if (p->layout)
        dev->vk.vkDestroyPipelineLayout(dev->handle, p->layout, dev->allocator);
    if (p->cache && p->cache_changed)
        dml_vk_pipeline_cache_save(dev, p->cache);
    if (p->cache)
        dev->vk.vkDestroyPipelineCache(dev->handle, p->cache, dev->allocator);
    p->layout = VK_NULL_HANDLE;
    p->cache = VK_NULL_HANDLE;
}

/* The variant's shader module, created on first use and kept for the device's life: a new
 * shape then costs only vkCreateComputePipelines (a cache hit, once the cache file is warm), not
 * another parse of SPIR-V that is hundreds of kilobytes for the specialized kernels. Lock held. */
static VkResult module_for(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                           const uint32_t *code, size_t bytes, VkShaderModule *out)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    for (size_t i = 0; i < p->module_count; ++i)
    {
        if (!memcmp(&p->modules[i].variant, variant, sizeof(*variant)))
            return *out = p->modules[i].module, VK_SUCCESS;
    }
    VkShaderModuleCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = bytes,
        .pCode = code,
    };
    if (!dml_vk_array_reserve((void **)&p->modules, &p->module_capacity, p->module_count,
                              sizeof(*p->modules)))
        return VK_ERROR_OUT_OF_HOST_MEMORY;
    VkResult r = dev->vk.vkCreateShaderModule(dev->handle, &info, dev->allocator, out);
    if (r == VK_SUCCESS)
        p->modules[p->module_count++] = (struct dml_vk_module_entry){*variant, *out};
    return r;
}

/* A spec's constants (if any) followed by SLOTS_MARK = true. */
struct marked_spec
{
    struct plan_spec spec;
    VkBool32 mark;
    VkSpecializationMapEntry entries[DML_VK_SPEC_ENTRIES + 1];
};

static VkSpecializationInfo add_mark(const struct plan_spec *spec,
                                     const VkSpecializationInfo *info, struct marked_spec *out)
{
    uint32_t n = spec ? info->mapEntryCount : 0;
    memset(&out->spec, 0, sizeof(out->spec));
    if (spec)
        out->spec = *spec;
    out->mark = VK_TRUE;
    if (n)
        memcpy(out->entries, info->pMapEntries, n * sizeof(*out->entries));
    out->entries[n] = (VkSpecializationMapEntry){
        DMLOPS_SPEC_ID_SLOTS_MARK, offsetof(struct marked_spec, mark), sizeof(VkBool32)};
    return (VkSpecializationInfo){n + 1, out->entries, offsetof(struct marked_spec, entries), out};
}

static VkResult build(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                      const uint32_t *code, size_t bytes, const struct plan_spec *spec,
                      VkPipeline *out)
{
    VkShaderModule module;
    VkResult r = module_for(dev, variant, code, bytes, &module);
    if (r != VK_SUCCESS)
        return r;
    VkSpecializationInfo spec_info = {0};
    struct marked_spec marked;
    if (spec)
        dml_vk_spec_info(spec, &spec_info);
    if (variant->marks)
        spec_info = add_mark(spec, &spec_info, &marked);
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage =
            {
                .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main",
                .pSpecializationInfo = spec || variant->marks ? &spec_info : NULL,
            },
        .layout = dev->pipelines.layout,
    };
    return dev->vk.vkCreateComputePipelines(dev->handle, dev->pipelines.cache, 1, &info,
                                            dev->allocator, out);
}

/* FNV-1a over the spec's bytes (zero-filled, so equal specs hash equal). */
static uint64_t spec_hash(const struct plan_spec *spec)
{
    const unsigned char *bytes = (const unsigned char *)spec;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; spec && i < sizeof(*spec); ++i)
        h = (h ^ bytes[i]) * 0x100000001b3ull;
    return spec ? h | 1 : 0;
}

static bool entry_matches(const struct dml_vk_pipeline_entry *e,
                          const struct dml_vk_variant *variant, const struct plan_spec *spec,
                          uint64_t hash)
{
    if (e->hash != hash || memcmp(&e->variant, variant, sizeof(*variant)))
        return false;
    return !spec || !memcmp(e->spec, spec, sizeof(*spec));
}

static VkPipeline find(const struct dml_vk_pipelines *p, const struct dml_vk_variant *variant,
                       const struct plan_spec *spec, uint64_t hash)
{
    for (size_t i = p->count; i-- > 0;)
    {
        if (entry_matches(&p->entries[i], variant, spec, hash))
            return p->entries[i].pipeline;
    }
    return VK_NULL_HANDLE;
}

/* Lock held: building under the lock keeps one pipeline per variant and spec. */
static HRESULT add(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                   const struct plan_spec *spec, uint64_t hash, VkPipeline *out)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    size_t bytes = 0;
    const uint32_t *code;
    HRESULT hr = dml_vk_spirv_for(dev, variant, &code, &bytes);
    if (FAILED(hr))
        return hr;
    if (spec && p->specialized >= DML_VK_MAX_SPECIALIZED)
        return S_FALSE; /* enough shapes compiled: the caller falls back to the generic kernel */
    struct plan_spec *copy = spec ? malloc(sizeof(*spec)) : NULL;
    if ((spec && !copy) ||
        !dml_vk_array_reserve((void **)&p->entries, &p->capacity, p->count, sizeof(*p->entries)))
        return free(copy), E_OUTOFMEMORY;
    VkResult r = build(dev, variant, code, bytes, spec, out);
    if (r != VK_SUCCESS)
        return free(copy), dml_vk_result_to_hresult(r);
    if (copy)
        memcpy(copy, spec, sizeof(*spec));
    p->entries[p->count++] = (struct dml_vk_pipeline_entry){*variant, hash, copy, *out};
    p->specialized += spec != NULL;
    p->cache_changed = true;
    return S_OK;
}

HRESULT dml_vk_pipeline_get(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                            const struct plan_spec *spec, VkPipeline *out)
{
    uint64_t hash = spec_hash(spec);
    pthread_mutex_lock(&dev->pipelines.lock);
    *out = find(&dev->pipelines, variant, spec, hash);
    HRESULT hr = *out ? S_OK : add(dev, variant, spec, hash, out);
    pthread_mutex_unlock(&dev->pipelines.lock);
    return hr;
}

/* Compute pipelines, one per variant (and per spec for the specialized kernel) and device,
 * created on first use behind a VkPipelineCache. All share one layout: no descriptor sets, only
 * push constants. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
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

/* DMLOPS_PIPELINES=sync builds specialized pipelines on the caller's thread, inside
 * CompileOperator; background (the default, and any other value) on the device's worker. */
static bool want_background(void)
{
    const char *env = getenv("DMLOPS_PIPELINES");
    return !env || strcmp(env, "sync") != 0;
}

HRESULT dml_vk_pipelines_init(struct dml_vk_device *dev)
{
    dev->pipelines.specialize = want_specialized(dev);
    /* Tiny plans on the move kernel's walk where launch latency counts: not on a CPU device. */
    dev->pipelines.move_bytes =
        dev->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 0 : PLAN_SPEC_MOVE_BYTES;
    dev->pipelines.background = want_background();
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

static void free_entry(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *e)
{
    VkPipeline pipeline = atomic_load(&e->pipeline);
    if (pipeline)
        dev->vk.vkDestroyPipeline(dev->handle, pipeline, dev->allocator);
    free(e->spec);
    free(e);
}

void dml_vk_pipelines_cleanup(struct dml_vk_device *dev)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    dml_vk_worker_stop(dev);
    for (size_t i = 0; i < p->count; ++i)
        free_entry(dev, p->entries[i]);
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

/* The shader module of some embedded SPIR-V, created on first use and kept for the device's life
 * (one for all the variants that share the code): a new shape then costs only
 * vkCreateComputePipelines (a cache hit, once the cache file is warm), not another parse of
 * SPIR-V that is hundreds of kilobytes for the specialized kernels. Lock held. */
static VkResult module_for(struct dml_vk_device *dev, const uint32_t *code, size_t bytes,
                           VkShaderModule *out)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    for (size_t i = 0; i < p->module_count; ++i)
    {
        if (p->modules[i].code == code)
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
        p->modules[p->module_count++] = (struct dml_vk_module_entry){code, *out};
    return r;
}

/* A spec's constants (if any), then the variant's own: SLOTS_MARK and MOVE_FORM where set. */
struct variant_constants
{
    struct plan_spec spec; /* first: its map entries' offsets are from the start */
    VkBool32 mark;
    uint32_t form;
    VkSpecializationMapEntry entries[DML_VK_SPEC_ENTRIES + 2];
};

static VkSpecializationInfo variant_constants(const struct dml_vk_variant *variant,
                                              const struct plan_spec *spec,
                                              struct variant_constants *out)
{
    VkSpecializationInfo info = {0};
    uint32_t n = 0;
    memset(&out->spec, 0, sizeof(out->spec));
    if (spec)
    {
        dml_vk_spec_info(spec, &info);
        out->spec = *spec;
        n = info.mapEntryCount;
        memcpy(out->entries, info.pMapEntries, n * sizeof(*out->entries));
    }
    out->mark = VK_TRUE;
    out->form = variant->form;
    if (variant->marks)
        out->entries[n++] = (VkSpecializationMapEntry){
            DMLOPS_SPEC_ID_SLOTS_MARK, offsetof(struct variant_constants, mark), sizeof(VkBool32)};
    if (variant->form)
        out->entries[n++] = (VkSpecializationMapEntry){
            DMLOPS_SPEC_ID_MOVE_FORM, offsetof(struct variant_constants, form), sizeof(uint32_t)};
    return (VkSpecializationInfo){n, out->entries, offsetof(struct variant_constants, entries),
                                  out};
}

static VkResult build(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                      VkShaderModule module, const struct plan_spec *spec, VkPipeline *out)
{
    struct variant_constants constants;
    VkSpecializationInfo spec_info = variant_constants(variant, spec, &constants);
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage =
            {
                .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main",
                .pSpecializationInfo = spec_info.mapEntryCount ? &spec_info : NULL,
            },
        .layout = dev->pipelines.layout,
    };
    /* The VkPipelineCache is internally synchronized: the worker and callers share it. */
    return dev->vk.vkCreateComputePipelines(dev->handle, dev->pipelines.cache, 1, &info,
                                            dev->allocator, out);
}

/* The variant's module; lock held. */
static VkResult variant_module(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                               VkShaderModule *out)
{
    size_t bytes = 0;
    const uint32_t *code = dml_vk_spirv(variant, &bytes);
    if (!code)
        return VK_ERROR_UNKNOWN;
    return module_for(dev, code, bytes, out);
}

/* An entry's pipeline built; lock held. */
static void set_ready(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *e,
                      VkPipeline pipeline)
{
    atomic_store_explicit(&e->pipeline, pipeline, memory_order_release);
    e->state = DML_VK_PIPELINE_READY;
    dev->pipelines.cache_changed = true;
}

/* The spec's bytes (zero-filled, so equal specs hash equal); never 0, which means no spec. */
static uint64_t spec_hash(const struct plan_spec *spec)
{
    return spec ? dml_hash(spec, sizeof(*spec)) | 1 : 0;
}

static bool entry_matches(const struct dml_vk_pipeline_entry *e,
                          const struct dml_vk_variant *variant, const struct plan_spec *spec,
                          uint64_t hash)
{
    if (e->hash != hash || memcmp(&e->variant, variant, sizeof(*variant)))
        return false;
    return !spec || !memcmp(e->spec, spec, sizeof(*spec));
}

static struct dml_vk_pipeline_entry *find(const struct dml_vk_pipelines *p,
                                           const struct dml_vk_variant *variant,
                                           const struct plan_spec *spec, uint64_t hash)
{
    for (size_t i = p->count; i-- > 0;)
    {
        if (entry_matches(p->entries[i], variant, spec, hash))
            return p->entries[i];
    }
    return NULL;
}

/* A new entry in the table, not built (IDLE); lock held. S_FALSE: the table has
 * DML_VK_MAX_SPECIALIZED specialized entries already. */
static HRESULT add(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                   const struct plan_spec *spec, uint64_t hash,
                   struct dml_vk_pipeline_entry **out)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    size_t bytes = 0;
    const uint32_t *code;
    /* E_INVALIDARG for a variant without a module, or a shader feature the device lacks */
    HRESULT hr = dml_vk_spirv_for(dev, variant, &code, &bytes);
    if (FAILED(hr))
        return hr;
    if (spec && p->specialized >= DML_VK_MAX_SPECIALIZED)
        return S_FALSE; /* enough shapes compiled: the caller falls back to the generic kernel */
    struct dml_vk_pipeline_entry *e = calloc(1, sizeof(*e));
    struct plan_spec *copy = spec ? malloc(sizeof(*spec)) : NULL;
    if (!e || (spec && !copy) ||
        !dml_vk_array_reserve((void **)&p->entries, &p->capacity, p->count, sizeof(*p->entries)))
        return free(e), free(copy), E_OUTOFMEMORY;
    if (copy)
        memcpy(copy, spec, sizeof(*spec));
    *e = (struct dml_vk_pipeline_entry){.variant = *variant, .hash = hash, .spec = copy};
    atomic_init(&e->pipeline, VK_NULL_HANDLE);
    p->entries[p->count++] = e;
    p->specialized += spec != NULL;
    *out = e;
    return S_OK;
}

/* Builds an IDLE entry on this thread; lock held (building under the lock keeps one pipeline
 * per variant and spec). */
static HRESULT build_now(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *e)
{
    VkShaderModule module;
    VkPipeline pipeline = VK_NULL_HANDLE;
    VkResult r = variant_module(dev, &e->variant, &module);
    if (r == VK_SUCCESS)
        r = build(dev, &e->variant, module, e->spec, &pipeline);
    if (r != VK_SUCCESS)
        return dml_vk_result_to_hresult(r);
    set_ready(dev, e, pipeline);
    return S_OK;
}

/* The entry of variant and spec, found or added; lock held. */
static HRESULT entry_for(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                         const struct plan_spec *spec, struct dml_vk_pipeline_entry **out)
{
    uint64_t hash = spec_hash(spec);
    *out = find(&dev->pipelines, variant, spec, hash);
    return *out ? S_OK : add(dev, variant, spec, hash, out);
}

/* An entry just added and left unbuilt goes again, so that it takes no room; lock held. */
static void drop_if_unused(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *e)
{
    if (e->state == DML_VK_PIPELINE_IDLE && !e->users)
        dml_vk_pipeline_drop(dev, e);
}

HRESULT dml_vk_pipeline_get(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                            const struct plan_spec *spec, VkPipeline *out)
{
    struct dml_vk_pipeline_entry *e = NULL;
    pthread_mutex_lock(&dev->pipelines.lock);
    HRESULT hr = entry_for(dev, variant, spec, &e);
    if (hr == S_OK && e->state == DML_VK_PIPELINE_IDLE)
        hr = build_now(dev, e);
    *out = hr == S_OK ? dml_vk_pipeline_built(e) : VK_NULL_HANDLE;
    if (FAILED(hr) && e)
        drop_if_unused(dev, e);
    pthread_mutex_unlock(&dev->pipelines.lock);
    /* QUEUED or BUILDING on the worker: wait for nobody; the generic kernel serves meanwhile */
    return hr == S_OK && !*out ? S_FALSE : hr;
}

HRESULT dml_vk_pipeline_specialized(struct dml_vk_device *dev,
                                    const struct dml_vk_variant *variant,
                                    const struct plan_spec *spec, VkPipeline *ready,
                                    struct dml_vk_pipeline_entry **pending)
{
    struct dml_vk_pipeline_entry *e = NULL;
    *ready = VK_NULL_HANDLE;
    *pending = NULL;
    if (!dev->pipelines.background)
        return dml_vk_pipeline_get(dev, variant, spec, ready);
    pthread_mutex_lock(&dev->pipelines.lock);
    HRESULT hr = entry_for(dev, variant, spec, &e);
    if (hr == S_OK && !(*ready = dml_vk_pipeline_built(e)))
    {
        ++e->users;
        *pending = e;
        /* The module here (once per variant), so that the worker never holds the lock while
         * it calls Vulkan. Failing either, the kernels stay generic until asked again. */
        if (e->state == DML_VK_PIPELINE_IDLE &&
            variant_module(dev, &e->variant, &e->module) == VK_SUCCESS)
            dml_vk_worker_enqueue(dev, e);
    }
    pthread_mutex_unlock(&dev->pipelines.lock);
    return hr;
}

VkPipeline dml_vk_pipeline_built(const struct dml_vk_pipeline_entry *entry)
{
    return atomic_load_explicit(&((struct dml_vk_pipeline_entry *)entry)->pipeline,
                                memory_order_acquire);
}

void dml_vk_pipeline_release(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry)
{
    pthread_mutex_lock(&dev->pipelines.lock);
    --entry->users;
    drop_if_unused(dev, entry); /* QUEUED ones, the worker drops */
    pthread_mutex_unlock(&dev->pipelines.lock);
}

VkResult dml_vk_pipeline_build_entry(struct dml_vk_device *dev,
                                     struct dml_vk_pipeline_entry *entry, VkPipeline *out)
{
    *out = VK_NULL_HANDLE;
    return build(dev, &entry->variant, entry->module, entry->spec, out);
}

void dml_vk_pipeline_finish(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry,
                            VkPipeline pipeline)
{
    if (pipeline)
        set_ready(dev, entry, pipeline);
    else
        entry->state = DML_VK_PIPELINE_IDLE;
    drop_if_unused(dev, entry);
}

void dml_vk_pipeline_drop(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    for (size_t i = 0; i < p->count; ++i)
    {
        if (p->entries[i] != entry)
            continue;
        p->entries[i] = p->entries[--p->count];
        p->specialized -= entry->spec != NULL;
        free_entry(dev, entry);
        return;
    }
}

/* Compute pipelines, one per variant and device, created on first use behind a
 * VkPipelineCache. All share one layout: no descriptor sets, only push constants. */
#include <stdlib.h>
#include <string.h>

#include "vk_private.h"

HRESULT dml_vk_pipelines_init(struct dml_vk_device *dev)
{
    VkPipelineCacheCreateInfo cache = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    VkResult r = dev->vk.vkCreatePipelineCache(dev->handle, &cache, NULL, &dev->pipelines.cache);
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
        r = dev->vk.vkCreatePipelineLayout(dev->handle, &layout, NULL, &dev->pipelines.layout);
    return dml_vk_result_to_hresult(r);
}

void dml_vk_pipelines_cleanup(struct dml_vk_device *dev)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    for (size_t i = 0; i < p->count; ++i)
        dev->vk.vkDestroyPipeline(dev->handle, p->entries[i].pipeline, NULL);
    free(p->entries);
    p->entries = NULL;
    p->count = p->capacity = 0;
    if (p->layout)
        dev->vk.vkDestroyPipelineLayout(dev->handle, p->layout, NULL);
    if (p->cache)
        dev->vk.vkDestroyPipelineCache(dev->handle, p->cache, NULL);
    p->layout = VK_NULL_HANDLE;
    p->cache = VK_NULL_HANDLE;
}

static VkResult build(struct dml_vk_device *dev, const uint32_t *code, size_t bytes,
                      VkPipeline *out)
{
    VkShaderModuleCreateInfo module_info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = bytes,
        .pCode = code,
    };
    VkShaderModule module = VK_NULL_HANDLE;
    VkResult r = dev->vk.vkCreateShaderModule(dev->handle, &module_info, NULL, &module);
    if (r != VK_SUCCESS)
        return r;
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage =
            {
                .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main",
            },
        .layout = dev->pipelines.layout,
    };
    r = dev->vk.vkCreateComputePipelines(dev->handle, dev->pipelines.cache, 1, &info, NULL, out);
    dev->vk.vkDestroyShaderModule(dev->handle, module, NULL);
    return r;
}

static VkPipeline find(const struct dml_vk_pipelines *p, const struct dml_vk_variant *variant)
{
    for (size_t i = 0; i < p->count; ++i)
    {
        if (!memcmp(&p->entries[i].variant, variant, sizeof(*variant)))
            return p->entries[i].pipeline;
    }
    return VK_NULL_HANDLE;
}

/* Lock held: building under the lock keeps one pipeline per variant; it happens once. */
static HRESULT add(struct dml_vk_device *dev, const struct dml_vk_variant *variant, VkPipeline *out)
{
    struct dml_vk_pipelines *p = &dev->pipelines;
    size_t bytes = 0;
    const uint32_t *code = dml_vk_spirv(variant, &bytes);
    if (!code)
        return E_INVALIDARG;
    if (!dml_vk_array_reserve((void **)&p->entries, &p->capacity, p->count, sizeof(*p->entries)))
        return E_OUTOFMEMORY;
    VkResult r = build(dev, code, bytes, out);
    if (r != VK_SUCCESS)
        return dml_vk_result_to_hresult(r);
    p->entries[p->count++] = (struct dml_vk_pipeline_entry){*variant, *out};
    return S_OK;
}

HRESULT dml_vk_pipeline_get(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                            VkPipeline *out)
{
    pthread_mutex_lock(&dev->pipelines.lock);
    *out = find(&dev->pipelines, variant);
    HRESULT hr = *out ? S_OK : add(dev, variant, out);
    pthread_mutex_unlock(&dev->pipelines.lock);
    return hr;
}

/* Timestamps and reference kernels of `dmlops bench`, on the library's own device. */
#include "bench_gpu.h"

#include <stdlib.h>
#include <string.h>

#include "dmlops_bench_shaders.h"

static const uint32_t ceiling_groups[2] = {64, 256}; /* bench_ceiling.comp's local_size_x */

struct ceiling_push
{
    VkDeviceAddress src, dst;
    uint32_t count, unused;
};

static VkResult create_pipeline(struct bench_gpu *gpu, const uint32_t *code, size_t bytes,
                                const uint32_t *group, VkPipeline *out)
{
    VkSpecializationMapEntry entry = {0, 0, sizeof(*group)};
    VkSpecializationInfo spec = {1, &entry, sizeof(*group), group};
    VkShaderModuleCreateInfo module_info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = bytes, .pCode = code};
    VkShaderModule module;
    VkResult r = gpu->vk->vkCreateShaderModule(gpu->device, &module_info, NULL, &module);
    if (r != VK_SUCCESS)
        return r;
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = module,
                  .pName = "main",
                  .pSpecializationInfo = group ? &spec : NULL},
        .layout = gpu->layout,
    };
    r = gpu->vk->vkCreateComputePipelines(gpu->device, VK_NULL_HANDLE, 1, &info, NULL, out);
    gpu->vk->vkDestroyShaderModule(gpu->device, module, NULL);
    return r;
}

static VkResult create_objects(struct bench_gpu *gpu)
{
    VkQueryPoolCreateInfo query_info = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                        .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                        .queryCount = gpu->query_count};
    VkResult r = gpu->vk->vkCreateQueryPool(gpu->device, &query_info, NULL, &gpu->queries);
    VkPushConstantRange push = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(struct ceiling_push)};
    VkPipelineLayoutCreateInfo layout_info = {.sType =
                                                  VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                              .pushConstantRangeCount = 1,
                                              .pPushConstantRanges = &push};
    if (r == VK_SUCCESS)
        r = gpu->vk->vkCreatePipelineLayout(gpu->device, &layout_info, NULL, &gpu->layout);
    for (int v = 0; v < 2 && r == VK_SUCCESS; ++v)
        r = create_pipeline(gpu, dmlops_spirv_bench_ceiling_e16,
                            sizeof(dmlops_spirv_bench_ceiling_e16), &ceiling_groups[v],
                            &gpu->ceiling[v]);
    for (int v = 0; v < 2 && r == VK_SUCCESS; ++v)
        r = create_pipeline(gpu, dmlops_spirv_bench_write_ceiling_e16,
                            sizeof(dmlops_spirv_bench_write_ceiling_e16), &ceiling_groups[v],
                            &gpu->write_ceiling[v]);
    if (r == VK_SUCCESS)
        r = create_pipeline(gpu, dmlops_spirv_bench_empty_e16, sizeof(dmlops_spirv_bench_empty_e16),
                            NULL, &gpu->empty);
    return r;
}

HRESULT bench_gpu_init(struct bench_gpu *gpu, struct dml_vk_device *dev, uint32_t max_runs)
{
    memset(gpu, 0, sizeof(*gpu));
    gpu->dev = dev;
    gpu->vk = dml_vk_device_table(dev);
    gpu->device = dml_vk_device_handle(dev);
    gpu->query_count = 2 * max_runs;
    gpu->tick_ns = dml_vk_device_properties(dev)->limits.timestampPeriod;
    HRESULT hr = dml_vk_result_to_hresult(create_objects(gpu));
    if (FAILED(hr))
        bench_gpu_cleanup(gpu);
    return hr;
}

void bench_gpu_cleanup(struct bench_gpu *gpu)
{
    for (int v = 0; v < 2; ++v)
    {
        if (gpu->ceiling[v])
            gpu->vk->vkDestroyPipeline(gpu->device, gpu->ceiling[v], NULL);
        if (gpu->write_ceiling[v])
            gpu->vk->vkDestroyPipeline(gpu->device, gpu->write_ceiling[v], NULL);
    }
    if (gpu->empty)
        gpu->vk->vkDestroyPipeline(gpu->device, gpu->empty, NULL);
    if (gpu->layout)
        gpu->vk->vkDestroyPipelineLayout(gpu->device, gpu->layout, NULL);
    if (gpu->queries)
        gpu->vk->vkDestroyQueryPool(gpu->device, gpu->queries, NULL);
    memset(gpu, 0, sizeof(*gpu));
}

void bench_record_barrier(struct bench_gpu *gpu, VkCommandBuffer cmd)
{
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
    };
    gpu->vk->vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                                  VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &barrier, 0, NULL, 0,
                                  NULL);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(struct bench_gpu *gpu, const uint64_t *stamps, uint32_t first,
                        uint32_t runs)
{
    double *ns = malloc(runs * sizeof(*ns));
    if (!ns)
        return 0;
    for (uint32_t i = 0; i < runs; ++i)
        ns[i] = (double)(stamps[2 * (first + i) + 1] - stamps[2 * (first + i)]) * gpu->tick_ns;
    qsort(ns, runs, sizeof(*ns), compare_doubles);
    double median = runs % 2 ? ns[runs / 2] : (ns[runs / 2 - 1] + ns[runs / 2]) / 2;
    free(ns);
    return median;
}

static void record_runs(struct bench_gpu *gpu, VkCommandBuffer cmd, bench_record_fn record,
                        void *context, uint32_t total)
{
    for (uint32_t i = 0; i < gpu->lift_runs; ++i)
        bench_record_ceiling(gpu, cmd, 1, gpu->lift_src, gpu->lift_dst, gpu->lift_bytes);
    gpu->vk->vkCmdResetQueryPool(cmd, gpu->queries, 0, 2 * total);
    for (uint32_t i = 0; i < total; ++i)
    {
        bench_record_barrier(gpu, cmd);
        gpu->vk->vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, gpu->queries, 2 * i);
        record(context, cmd);
        gpu->vk->vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, gpu->queries,
                                     2 * i + 1);
    }
}

HRESULT bench_gpu_time(struct bench_gpu *gpu, bench_record_fn record, void *context,
                       uint32_t warmup, uint32_t runs, double *median_ns)
{
    uint32_t total = warmup + runs;
    VkCommandBuffer cmd;
    *median_ns = 0;
    if (2 * total > gpu->query_count || !runs)
        return E_INVALIDARG;
    HRESULT hr = dml_vk_command_begin(gpu->dev, &cmd);
    if (FAILED(hr))
        return hr;
    record_runs(gpu, cmd, record, context, total);
    if (FAILED(hr = dml_vk_command_submit_and_wait(gpu->dev, cmd)))
        return hr;
    uint64_t *stamps = malloc(2 * total * sizeof(*stamps));
    if (!stamps)
        return E_OUTOFMEMORY;
    VkResult r = gpu->vk->vkGetQueryPoolResults(
        gpu->device, gpu->queries, 0, 2 * total, 2 * total * sizeof(*stamps), stamps,
        sizeof(*stamps), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    if (r == VK_SUCCESS)
        *median_ns = median_of(gpu, stamps, warmup, runs);
    free(stamps);
    return dml_vk_result_to_hresult(r);
}

static void record_ceiling_of(struct bench_gpu *gpu, VkCommandBuffer cmd, VkPipeline pipeline,
                              int variant, VkDeviceAddress src, VkDeviceAddress dst, uint64_t bytes)
{
    struct ceiling_push push = {src, dst, (uint32_t)(bytes / 16), 0};
    uint64_t groups = (push.count + ceiling_groups[variant] - 1) / ceiling_groups[variant];
    uint32_t limit = dml_vk_device_properties(gpu->dev)->limits.maxComputeWorkGroupCount[0];
    uint32_t x = (uint32_t)(groups < limit ? groups : limit);
    uint32_t y = (uint32_t)((groups + x - 1) / x);
    gpu->vk->vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    gpu->vk->vkCmdPushConstants(cmd, gpu->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push),
                                &push);
    gpu->vk->vkCmdDispatch(cmd, x, y, 1);
}

void bench_record_ceiling(struct bench_gpu *gpu, VkCommandBuffer cmd, int variant,
                          VkDeviceAddress src, VkDeviceAddress dst, uint64_t bytes)
{
    record_ceiling_of(gpu, cmd, gpu->ceiling[variant], variant, src, dst, bytes);
}

void bench_record_write_ceiling(struct bench_gpu *gpu, VkCommandBuffer cmd, int variant,
                                VkDeviceAddress dst, uint64_t bytes)
{
    record_ceiling_of(gpu, cmd, gpu->write_ceiling[variant], variant, 0, dst, bytes);
}

void bench_record_empty(struct bench_gpu *gpu, VkCommandBuffer cmd)
{
    gpu->vk->vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, gpu->empty);
    gpu->vk->vkCmdDispatch(cmd, 1, 1, 1);
}

static void record_lift_copy(void *context, VkCommandBuffer cmd)
{
    struct bench_gpu *gpu = context;
    bench_record_ceiling(gpu, cmd, 1, gpu->lift_src, gpu->lift_dst, gpu->lift_bytes);
}

#define LIFT_RUNS_MAX 4096u /* a slow GPU gets a shorter lift rather than minutes of it */

HRESULT bench_gpu_lift(struct bench_gpu *gpu, VkDeviceAddress src, VkDeviceAddress dst,
                       uint64_t bytes)
{
    double ns;
    HRESULT hr;

    gpu->lift_runs = 0;
    gpu->lift_src = src;
    gpu->lift_dst = dst;
    gpu->lift_bytes = bytes & ~(uint64_t)15;
    if (!gpu->lift_bytes)
        return S_OK;
    if (FAILED(hr = bench_gpu_time(gpu, record_lift_copy, gpu, 1, 3, &ns)))
        return hr;
    double runs = ns > 0 ? BENCH_LIFT_MS * 1e6 / ns : LIFT_RUNS_MAX;
    gpu->lift_runs = runs < 1 ? 1 : runs > LIFT_RUNS_MAX ? LIFT_RUNS_MAX : (uint32_t)runs;
    return S_OK;
}

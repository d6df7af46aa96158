/* The benchmark's GPU side: timestamps around recorded work on the library's own VkDevice, and
 * the reference kernels (the 16-byte copy ceiling, vkCmdCopyBuffer, an empty dispatch). */
#ifndef DMLOPS_BENCH_GPU_H
#define DMLOPS_BENCH_GPU_H

#include "vk/vk.h"

struct bench_gpu
{
    struct dml_vk_device *dev;
    const struct VolkDeviceTable *vk;
    VkDevice device;
    VkQueryPool queries;
    uint32_t query_count;
    VkPipelineLayout layout;
    VkPipeline ceiling[2], empty; /* ceiling: workgroups of 64 and 256 threads */
    VkPipeline write_ceiling[2];  /* the same, storing only */
    double tick_ns;
};

/* Records one measured piece of work into cmd. */
typedef void (*bench_record_fn)(void *context, VkCommandBuffer cmd);

HRESULT bench_gpu_init(struct bench_gpu *gpu, struct dml_vk_device *dev, uint32_t max_runs);
void bench_gpu_cleanup(struct bench_gpu *gpu);
/* One command buffer: warmup + runs copies of the work, each after a full memory barrier and
 * between two timestamps; *median_ns over the last `runs`. */
HRESULT bench_gpu_time(struct bench_gpu *gpu, bench_record_fn record, void *context,
                       uint32_t warmup, uint32_t runs, double *median_ns);
/* The ceiling: bytes (a multiple of 16) from src to dst, one uvec4 per thread, in workgroups
 * of 64 (variant 0) or 256 (variant 1) threads. */
void bench_record_ceiling(struct bench_gpu *gpu, VkCommandBuffer cmd, int variant,
                          VkDeviceAddress src, VkDeviceAddress dst, uint64_t bytes);
/* The write-only ceiling: bytes (a multiple of 16) stored at dst, nothing read (variants as
 * bench_record_ceiling's). */
void bench_record_write_ceiling(struct bench_gpu *gpu, VkCommandBuffer cmd, int variant,
                                VkDeviceAddress dst, uint64_t bytes);
void bench_record_empty(struct bench_gpu *gpu, VkCommandBuffer cmd);
/* A full barrier between any two transfers or dispatches. */
void bench_record_barrier(struct bench_gpu *gpu, VkCommandBuffer cmd);

#endif

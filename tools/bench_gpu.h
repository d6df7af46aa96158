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
    /* The lift (bench_gpu_lift): copies recorded ahead of every timed series. */
    VkDeviceAddress lift_src, lift_dst;
    uint64_t lift_bytes;
    uint32_t lift_runs;
};

/* Records one measured piece of work into cmd. */
typedef void (*bench_record_fn)(void *context, VkCommandBuffer cmd);

HRESULT bench_gpu_init(struct bench_gpu *gpu, struct dml_vk_device *dev, uint32_t max_runs);
void bench_gpu_cleanup(struct bench_gpu *gpu);
/* A GPU lowers its clocks while it is mostly idle, as it is between the benchmark's
 * measurements (the CPU checks every output), and over seconds: on an H100 the SM clock fell
 * from 1980 to 555 MHz within three seconds of such a duty cycle, at 34 C and 100 W, with only
 * the idle clock event set, and the kernels measured then ran at 0.5-0.7 of the ceiling instead
 * of 0.93 (the ceiling itself lost a quarter). From this call on, every bench_gpu_time first
 * keeps the GPU busy for about BENCH_LIFT_MS, copying bytes (a multiple of 16) from src to dst,
 * so that what is timed runs at the clocks of a GPU at work. */
#define BENCH_LIFT_MS 100
HRESULT bench_gpu_lift(struct bench_gpu *gpu, VkDeviceAddress src, VkDeviceAddress dst,
                       uint64_t bytes);
/* One command buffer: the lift, then warmup + runs copies of the work, each after a full memory
 * barrier and between two timestamps; *median_ns over the last `runs`. */
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

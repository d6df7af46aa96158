/* Which engine the device copies contiguous runs with faster: a dispatch of the library's own
 * copy kernel, or vkCmdCopyBuffer. Probed once per device, driver and library version with GPU
 * timestamps (each probe the best of a few runs after a warm-up), and kept in the cache
 * directory so that later processes only read the times back. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan_copy.h"
#include "vk_private.h"

#define SMALL (64u << 10)
#define LARGE (8u << 20)
#define MANY_RUNS 256u
#define RUNS 4 /* per probe; the first is a warm-up */
#define QUERIES (DML_VK_ENGINE_PROBES * RUNS * 2)
#define FILE_MAGIC "DMLOPS-ENGINES-2"

enum
{
    COMPUTE_SMALL,
    TRANSFER_SMALL,
    COMPUTE_LARGE,
    TRANSFER_LARGE,
    TRANSFER_MANY_RUNS
};
static const struct dml_vk_engine_probe probe_list[DML_VK_ENGINE_PROBES] = {
    [COMPUTE_SMALL] = {DML_VK_ENGINE_COMPUTE, SMALL, 1},
    [TRANSFER_SMALL] = {DML_VK_ENGINE_TRANSFER, SMALL, 1},
    [COMPUTE_LARGE] = {DML_VK_ENGINE_COMPUTE, LARGE, 1},
    [TRANSFER_LARGE] = {DML_VK_ENGINE_TRANSFER, LARGE, 1},
    [TRANSFER_MANY_RUNS] = {DML_VK_ENGINE_TRANSFER, LARGE, MANY_RUNS},
};

struct calibration
{
    VkBuffer src, dst;
    struct dml_vk_kernel kernel[2]; /* SMALL, LARGE */
    VkQueryPool queries;
};

const struct dml_vk_engines *dml_vk_device_engines(const struct dml_vk_device *dev)
{
    return &dev->engines;
}

/* Time for bytes on the line through the small and the large probe, never below the small
 * probe (a noisy large probe must not make bigger copies look cheaper). */
static double along(const struct dml_vk_engine_probe *small,
                    const struct dml_vk_engine_probe *large, uint64_t bytes)
{
    double slope = (large->ns - small->ns) / (double)(large->bytes - small->bytes);
    if (bytes <= small->bytes || slope <= 0)
        return small->ns;
    return small->ns + slope * (double)(bytes - small->bytes);
}

enum dml_vk_engine dml_vk_engine_for(const struct dml_vk_device *dev, uint64_t bytes, uint32_t runs)
{
    const struct dml_vk_engines *e = &dev->engines;
    const struct dml_vk_engine_probe *p = e->probes;
    if (e->forced >= 0)
        return (enum dml_vk_engine)e->forced;
    if (!e->measured)
        return DML_VK_ENGINE_COMPUTE;
    double per_run = (p[TRANSFER_MANY_RUNS].ns - p[TRANSFER_LARGE].ns) / (MANY_RUNS - 1);
    double transfer = along(&p[TRANSFER_SMALL], &p[TRANSFER_LARGE], bytes) +
                      (per_run > 0 ? per_run : 0) * (runs - 1);
    double compute = along(&p[COMPUTE_SMALL], &p[COMPUTE_LARGE], bytes);
    return transfer < compute ? DML_VK_ENGINE_TRANSFER : DML_VK_ENGINE_COMPUTE;
}

/* A plain copy of bytes as the library's own kernel does it: 16-byte units, slot 0 to slot 1. */
static HRESULT copy_kernel(struct dml_vk_device *dev, uint64_t bytes, struct dml_vk_kernel *out)
{
    struct plan_part part = {.slot = 1, .strides = {1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = 16,
                        .rank = 1,
                        .count = bytes / 16,
                        .dims = {{.size = (uint32_t)(bytes / 16), .in_stride = 1}},
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    return dml_vk_kernel_create(dev, &plan, out);
}

static HRESULT calibration_create(struct dml_vk_device *dev, struct calibration *c)
{
    VkQueryPoolCreateInfo info = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                  .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                  .queryCount = QUERIES};
    HRESULT hr = dml_vk_buffer_create(dev, LARGE, &c->src);
    if (SUCCEEDED(hr))
        hr = dml_vk_buffer_create(dev, LARGE, &c->dst);
    if (SUCCEEDED(hr))
        hr = copy_kernel(dev, SMALL, &c->kernel[0]);
    if (SUCCEEDED(hr))
        hr = copy_kernel(dev, LARGE, &c->kernel[1]);
    if (SUCCEEDED(hr))
        hr = dml_vk_result_to_hresult(
            dev->vk.vkCreateQueryPool(dev->handle, &info, dev->allocator, &c->queries));
    return hr;
}

static void calibration_destroy(struct dml_vk_device *dev, struct calibration *c)
{
    if (c->queries)
        dev->vk.vkDestroyQueryPool(dev->handle, c->queries, dev->allocator);
    dml_vk_kernel_destroy(dev, &c->kernel[0]);
    dml_vk_kernel_destroy(dev, &c->kernel[1]);
    dml_vk_buffer_destroy(dev, c->dst);
    dml_vk_buffer_destroy(dev, c->src);
}

static void full_barrier(struct dml_vk_device *dev, VkCommandBuffer cmd)
{
    VkMemoryBarrier memory = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                              .dstAccessMask =
                                  VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT};
    dev->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                                 VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &memory, 0, NULL, 0,
                                 NULL);
}

/* A transfer probe is recorded exactly as an operator's runs are (the kernel's barriers
 * included): the copy as `runs` equal runs, written in reverse order so that no two consecutive
 * runs could be merged into one. */
static void record_probe(struct dml_vk_device *dev, const struct calibration *c,
                         VkCommandBuffer cmd, const struct dml_vk_engine_probe *probe)
{
    struct plan_copy_region regions[MANY_RUNS]; /* not static: devices may be created at once */
    struct dml_vk_kernel kernel = c->kernel[probe->bytes == LARGE];
    struct dml_vk_slot slots[2] = {dml_vk_buffer_slot(dev, c->src, 0),
                                   dml_vk_buffer_slot(dev, c->dst, 0)};
    uint64_t run = probe->bytes / probe->runs;
    if (probe->engine == DML_VK_ENGINE_TRANSFER)
    {
        for (uint32_t r = 0; r < probe->runs; ++r)
            regions[r] = (struct plan_copy_region){0, 1, r * run, (probe->runs - 1 - r) * run, run};
        kernel.regions = regions;
        kernel.region_count = probe->runs;
    }
    dml_vk_kernel_record(dev, &kernel, cmd, slots, 0);
}

/* A timestamp before and after each probe run, a full barrier before each so none overlaps.
 * The timestamps are then copied into the source buffer on the GPU and downloaded, rather than
 * read with vkGetQueryPoolResults (which leaks in lavapipe when its own allocation fails). */
static void record_all(struct dml_vk_device *dev, const struct calibration *c, VkCommandBuffer cmd)
{
    uint32_t q = 0;
    dev->vk.vkCmdResetQueryPool(cmd, c->queries, 0, QUERIES);
    for (int p = 0; p < DML_VK_ENGINE_PROBES; ++p)
    {
        for (int run = 0; run < RUNS; ++run)
        {
            full_barrier(dev, cmd);
            dev->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, c->queries, q++);
            record_probe(dev, c, cmd, &probe_list[p]);
            dev->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, c->queries, q++);
        }
    }
    full_barrier(dev, cmd);
    dev->vk.vkCmdCopyQueryPoolResults(cmd, c->queries, 0, QUERIES, c->src, 0, sizeof(uint64_t),
                                      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    full_barrier(dev, cmd); /* for the download's copy, recorded after this submission */
}

/* Each probe's best run after the warm-up. */
static HRESULT read_times(struct dml_vk_device *dev, const struct calibration *c, uint64_t mask,
                          struct dml_vk_engines *e)
{
    uint64_t ticks[QUERIES];
    HRESULT hr = dml_vk_buffer_download(dev, c->src, 0, ticks, sizeof(ticks));
    if (FAILED(hr))
        return hr;
    const uint64_t *pair = ticks;
    for (int p = 0; p < DML_VK_ENGINE_PROBES; ++p)
    {
        double *best = &e->probes[p].ns;
        for (int run = 0; run < RUNS; ++run, pair += 2)
        {
            double ns = (double)((pair[1] - pair[0]) & mask) * dev->props.limits.timestampPeriod;
            if (run > 0 && (*best == 0 || ns < *best))
                *best = ns > 1 ? ns : 1; /* a difference of zero ticks still counts as measured */
        }
    }
    return S_OK;
}

/* The queue's timestamp mask; 0 when its family has no timestamps. */
static uint64_t timestamp_mask(const struct dml_vk_device *dev)
{
    VkQueueFamilyProperties families[32];
    uint32_t count = 32;
    dev->instance.fns.vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &count, families);
    uint32_t bits = dev->queue_family < count ? families[dev->queue_family].timestampValidBits : 0;
    return bits >= 64 ? UINT64_MAX : bits ? (1ull << bits) - 1 : 0;
}

static HRESULT measure(struct dml_vk_device *dev, uint64_t mask, struct dml_vk_engines *e)
{
    struct calibration c = {0};
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    HRESULT hr = calibration_create(dev, &c);
    if (SUCCEEDED(hr))
        hr = dml_vk_command_begin(dev, &cmd);
    if (SUCCEEDED(hr))
    {
        record_all(dev, &c, cmd);
        hr = dml_vk_command_submit_and_wait(dev, cmd);
    }
    if (SUCCEEDED(hr))
        hr = read_times(dev, &c, mask, e);
    calibration_destroy(dev, &c);
    return hr;
}

/* The probe times of a cache file; false, with *e untouched, unless the file holds exactly the
 * magic and one finite positive time per probe. */
static bool load(const char *path, struct dml_vk_engines *e)
{
    char magic[32] = {0}, rest;
    double ns[DML_VK_ENGINE_PROBES];
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fscanf(f, "%31s", magic) == 1 && !strcmp(magic, FILE_MAGIC);
    for (int p = 0; p < DML_VK_ENGINE_PROBES && ok; ++p)
        ok = fscanf(f, "%lf", &ns[p]) == 1 && isfinite(ns[p]) && ns[p] > 0;
    ok = ok && fscanf(f, " %c", &rest) == EOF;
    fclose(f);
    for (int p = 0; p < DML_VK_ENGINE_PROBES && ok; ++p)
        e->probes[p].ns = ns[p];
    return ok;
}

static void save(const char *path, const struct dml_vk_engines *e)
{
    char text[512];
    int n = snprintf(text, sizeof(text), "%s", FILE_MAGIC);
    for (int p = 0; p < DML_VK_ENGINE_PROBES && n > 0 && (size_t)n < sizeof(text); ++p)
        n += snprintf(text + n, sizeof(text) - (size_t)n, " %.1f", e->probes[p].ns);
    if (n > 0 && (size_t)n + 1 < sizeof(text))
    {
        text[n++] = '\n';
        dml_vk_cache_store(path, text, (size_t)n, NULL, 0);
    }
}

/* DMLOPS_COPY_ENGINE=compute or transfer; any other value leaves the choice to the probes. */
static int forced_engine(void)
{
    static const char *const names[] = {"compute", "transfer"};
    const char *env = getenv("DMLOPS_COPY_ENGINE");
    for (int engine = 0; env && engine < 2; ++engine)
    {
        if (!strcmp(env, names[engine]))
            return engine;
    }
    return -1;
}

static void finish(struct dml_vk_engines *e, const char *source)
{
    e->measured = true;
    e->source = source;
}

HRESULT dml_vk_engines_choose(struct dml_vk_device *dev)
{
    struct dml_vk_engines *e = &dev->engines;
    char path[4200];
    bool cached = dml_vk_cache_path(dev, "engines", path, sizeof(path));

    *e = (struct dml_vk_engines){.forced = forced_engine(),
                                 .source = "not measured (no GPU timestamps): compute"};
    memcpy(e->probes, probe_list, sizeof(probe_list));
    if (e->forced >= 0)
    {
        e->source = "forced by DMLOPS_COPY_ENGINE";
        return S_OK;
    }
    if (cached && load(path, e))
    {
        finish(e, "measured by an earlier process, read from the cache file");
        return S_OK;
    }
    uint64_t mask = timestamp_mask(dev);
    if (!mask)
        return S_OK;
    HRESULT hr = measure(dev, mask, e);
    if (FAILED(hr))
    {
        memcpy(e->probes, probe_list, sizeof(probe_list));
        e->source = "not measured (the measurement failed): compute";
        /* Out of memory and a lost device fail device creation, as anywhere else; any other
         * failure only leaves the compute kernel in charge. */
        return hr == E_OUTOFMEMORY || hr == DXGI_ERROR_DEVICE_REMOVED ? hr : S_OK;
    }
    finish(e, "measured when the device was created");
    if (cached)
        save(path, e);
    return S_OK;
}

/* Which engine the device copies contiguous runs with faster: a dispatch of the library's own
 * copy kernel, or vkCmdCopyBuffer. Probed once per device, driver and library version with GPU
 * timestamps (each probe the best of a few runs after a warm-up), and kept in the cache
 * directory so that later processes only read the times back.
 *
 * Never inside device creation, never on an application's queue: the probes run lazily, the first
 * time a program step could use the copy engine (or `dmlops bench` asks), and only on a device
 * the library created itself, on its own queue. An interop device uses a cache file left by such
 * a device (the same GPU and driver), DMLOPS_COPY_ENGINE, or else the compute kernel. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan_copy.h"
#include "vk_private.h"

#define SMALL (64u << 10)
#define LARGE (8u << 20)
#define LARGE_ON_CPU (1u << 20) /* see large_bytes */
#define MANY_RUNS 256u
#define RUNS 4 /* per probe; the first is a warm-up */
#define QUERIES (DML_VK_ENGINE_PROBES * RUNS * 2)
#define FILE_MAGIC "DMLOPS-ENGINES-3" /* 3: the large probes are 1 MiB on CPU devices */
#define FILE_MAX_BYTES 512 /* the file is a line of text: larger is not ours */

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

enum
{
    UNMEASURED,
    MEASURING,
    SETTLED,
};

static HRESULT ensure_measured(struct dml_vk_device *dev);

/* The large probes' size. A CPU device (lavapipe) has no launch latency for a large copy to hide,
 * so 1 MiB already tells the two engines' slopes apart, at an eighth of the time: every process
 * that probes (each child of the uncached fault tests, in CI) pays it. */
static uint64_t large_bytes(const struct dml_vk_device *dev)
{
    return dev->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? LARGE_ON_CPU : LARGE;
}

/* The probe list as this device runs it, no time measured yet. */
static void probes_init(const struct dml_vk_device *dev, struct dml_vk_engine_probe *probes)
{
    memcpy(probes, probe_list, sizeof(probe_list));
    for (int p = 0; p < DML_VK_ENGINE_PROBES; ++p)
        probes[p].bytes = probes[p].bytes == LARGE ? large_bytes(dev) : probes[p].bytes;
}

const struct dml_vk_engines *dml_vk_device_engines(struct dml_vk_device *dev)
{
    ensure_measured(dev); /* out of memory: still unmeasured, so compute */
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

HRESULT dml_vk_engine_for(struct dml_vk_device *dev, uint64_t bytes, uint32_t runs,
                          enum dml_vk_engine *engine)
{
    const struct dml_vk_engines *e = &dev->engines;
    const struct dml_vk_engine_probe *p = e->probes;
    HRESULT hr;

    *engine = DML_VK_ENGINE_COMPUTE;
    if (e->forced >= 0)
        return *engine = (enum dml_vk_engine)e->forced, S_OK;
    if (FAILED(hr = ensure_measured(dev)))
        return hr;
    /* While another thread (or this one, through its own probe kernels) measures: compute. */
    if (atomic_load(&e->state) != SETTLED || !e->measured)
        return S_OK;
    double per_run = (p[TRANSFER_MANY_RUNS].ns - p[TRANSFER_LARGE].ns) / (MANY_RUNS - 1);
    double transfer = along(&p[TRANSFER_SMALL], &p[TRANSFER_LARGE], bytes) +
                      (per_run > 0 ? per_run : 0) * (runs - 1);
    double compute = along(&p[COMPUTE_SMALL], &p[COMPUTE_LARGE], bytes);
    if (transfer < compute)
        *engine = DML_VK_ENGINE_TRANSFER;
    return S_OK;
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
    HRESULT hr = dml_vk_kernel_create(dev, &plan, out);
    if (SUCCEEDED(hr))
        dml_vk_kernel_wait(dev, out); /* time the kernel that steps will record */
    return hr;
}

static HRESULT calibration_create(struct dml_vk_device *dev, struct calibration *c)
{
    VkQueryPoolCreateInfo info = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                  .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                  .queryCount = QUERIES};
    uint64_t large = large_bytes(dev);
    HRESULT hr = dml_vk_buffer_create(dev, large, &c->src);
    if (SUCCEEDED(hr))
        hr = dml_vk_buffer_create(dev, large, &c->dst);
    if (SUCCEEDED(hr))
        hr = copy_kernel(dev, SMALL, &c->kernel[0]);
    if (SUCCEEDED(hr))
        hr = copy_kernel(dev, large, &c->kernel[1]);
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

/* A transfer probe is recorded exactly as a step's runs are (its barriers included): the copy as
 * `runs` equal runs, written in reverse order so that no two consecutive runs could be merged into
 * one. */
static void record_probe(struct dml_vk_device *dev, const struct calibration *c,
                         VkCommandBuffer cmd, const struct dml_vk_engine_probe *probe)
{
    struct plan_copy_region regions[MANY_RUNS]; /* not static: devices may be created at once */
    struct dml_vk_slot slots[2] = {dml_vk_buffer_slot(dev, c->src, 0),
                                   dml_vk_buffer_slot(dev, c->dst, 0)};
    uint64_t run = probe->bytes / probe->runs;
    if (probe->engine == DML_VK_ENGINE_COMPUTE)
    {
        dml_vk_kernel_record(dev, &c->kernel[probe->bytes != SMALL], cmd, slots, 0);
        return;
    }
    for (uint32_t r = 0; r < probe->runs; ++r)
        regions[r] = (struct plan_copy_region){0, 1, r * run, (probe->runs - 1 - r) * run, run};
    dml_vk_copies_record(dev, regions, probe->runs, cmd, slots);
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
            record_probe(dev, c, cmd, &dev->engines.probes[p]);
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
        atomic_fetch_add(&e->probed, 1);
        hr = dml_vk_command_submit_and_wait(dev, cmd);
    }
    if (SUCCEEDED(hr))
        hr = read_times(dev, &c, mask, e);
    calibration_destroy(dev, &c);
    return hr;
}

/* The probe times in a cache file's text; false unless it holds exactly the magic and one finite
 * positive time per probe (a NUL inside makes strlen differ from the size: refused too). */
static bool parse(const char *text, size_t size, double ns[DML_VK_ENGINE_PROBES])
{
    size_t magic = strlen(FILE_MAGIC);
    char *end;
    if (strlen(text) != size || strncmp(text, FILE_MAGIC, magic) ||
        !isspace((unsigned char)text[magic]))
        return false;
    text += magic;
    for (int p = 0; p < DML_VK_ENGINE_PROBES; ++p, text = end)
    {
        ns[p] = strtod(text, &end);
        if (end == text || !isfinite(ns[p]) || ns[p] <= 0)
            return false;
    }
    while (isspace((unsigned char)*text))
        ++text;
    return !*text;
}

/* The probe times of the cache file: S_OK; S_FALSE, with *e untouched, when it is missing or
 * malformed; E_OUTOFMEMORY. */
static HRESULT load(const struct dml_vk_device *dev, struct dml_vk_engines *e)
{
    double ns[DML_VK_ENGINE_PROBES];
    size_t size;
    char *text;
    HRESULT hr = dml_vk_cache_read(dev, "engines", FILE_MAX_BYTES, (void **)&text, &size);
    if (hr == S_OK && !parse(text, size, ns))
        hr = S_FALSE;
    free(text);
    for (int p = 0; p < DML_VK_ENGINE_PROBES && hr == S_OK; ++p)
        e->probes[p].ns = ns[p];
    return hr;
}

static void save(const struct dml_vk_device *dev, const struct dml_vk_engines *e)
{
    char text[FILE_MAX_BYTES];
    int n = snprintf(text, sizeof(text), "%s", FILE_MAGIC);
    for (int p = 0; p < DML_VK_ENGINE_PROBES && n > 0 && (size_t)n < sizeof(text); ++p)
        n += snprintf(text + n, sizeof(text) - (size_t)n, " %.1f", e->probes[p].ns);
    if (n > 0 && (size_t)n + 1 < sizeof(text))
    {
        text[n++] = '\n';
        dml_vk_cache_write(dev, "engines", text, (size_t)n, NULL, 0);
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

/* At device creation: DMLOPS_COPY_ENGINE, or the times an earlier process measured; nothing is
 * submitted. */
HRESULT dml_vk_engines_choose(struct dml_vk_device *dev)
{
    struct dml_vk_engines *e = &dev->engines;

    *e = (struct dml_vk_engines){.forced = forced_engine(),
                                 .source = "not measured yet (measured at first use): compute"};
    atomic_init(&e->state, UNMEASURED);
    atomic_init(&e->probed, 0);
    probes_init(dev, e->probes);
    if (e->forced >= 0)
    {
        e->source = "forced by DMLOPS_COPY_ENGINE";
        atomic_store(&e->state, SETTLED);
        return S_OK;
    }
    HRESULT hr = load(dev, e);
    if (FAILED(hr))
        return hr;
    if (hr == S_OK)
    {
        finish(e, "measured by an earlier process, read from the cache file");
        atomic_store(&e->state, SETTLED);
    }
    else if (!dml_vk_device_is_owned(dev))
    {
        e->source = "not measured (the library never probes on an application's queue; run "
                    "`dmlops bench` on this GPU to measure): compute";
        atomic_store(&e->state, SETTLED);
    }
    return S_OK;
}

/* The probes, on the library's own queue; the choice stays with compute when they fail. */
/* Out of memory is the caller's failure, as for any allocation, and the probes run again at the
 * next step that could use the copy engine; any other failure settles on compute. */
static HRESULT measure_now(struct dml_vk_device *dev)
{
    struct dml_vk_engines *e = &dev->engines;
    uint64_t mask = timestamp_mask(dev);
    HRESULT hr = mask ? measure(dev, mask, e) : E_FAIL;

    if (FAILED(hr))
    {
        probes_init(dev, e->probes);
        e->source = mask ? "not measured (the measurement failed): compute"
                         : "not measured (no GPU timestamps): compute";
        return hr == E_OUTOFMEMORY ? hr : S_OK;
    }
    finish(e, "measured on the library's own queue at first use");
    save(dev, e);
    return S_OK;
}

static HRESULT ensure_measured(struct dml_vk_device *dev)
{
    int expected = UNMEASURED;

    if (!atomic_compare_exchange_strong(&dev->engines.state, &expected, MEASURING))
        return S_OK;
    HRESULT hr = measure_now(dev);
    atomic_store(&dev->engines.state, FAILED(hr) ? UNMEASURED : SETTLED);
    return hr;
}

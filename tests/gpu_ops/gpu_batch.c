/* A batch: the cases' operators created and compiled, their regions laid out in four buffers,
 * their images built on the host, then initialization and execution (gpu_record.c), then the
 * buffers read back and compared byte for byte. */
#define COBJMACROS
#include "gpu_batch_internal.h"

#include <dmlops.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "gpu_report.h"

#define REGION_ALIGNMENT 256
#define ARENA_FILL 0xA5 /* between regions: never written either */

void gpu_device_open(struct gpu_device *dev, DML_FEATURE_LEVEL level)
{
    HRESULT hr;

    dev->level = level;
    dev->device = gpu_create_device(level, TRUE);
    if (FAILED(hr = IDMLDevice_CreateCommandRecorder(dev->device, &IID_IDMLCommandRecorder,
                                                     (void **)&dev->recorder)))
    {
        fprintf(stderr, "CreateCommandRecorder failed: 0x%08X\n", (unsigned)hr);
        exit(1);
    }
}

void gpu_device_close(struct gpu_device *dev)
{
    if (dev->recorder)
        IDMLCommandRecorder_Release(dev->recorder);
    if (dev->device)
        IDMLDevice_Release(dev->device);
    dev->recorder = NULL;
    dev->device = NULL;
}

static uint64_t align_region(uint64_t size)
{
    return (size + REGION_ALIGNMENT - 1) / REGION_ALIGNMENT * REGION_ALIGNMENT;
}

HRESULT gpu_batch_step_failed(struct batch *b, const char *step, HRESULT hr)
{
    HRESULT reason = IDMLDevice_GetDeviceRemovedReason(b->dev->device);

    snprintf(b->why, b->why_size, "%s returned 0x%08X (GetDeviceRemovedReason: 0x%08X)", step,
             (unsigned)hr, (unsigned)reason);
    return FAILED(hr) ? hr : E_FAIL;
}

/* D12: no descriptors, no temporary resource, a persistent resource only for owned inputs. */
static int properties_ok(const struct gpu_case *c, char *what, size_t size)
{
    const DML_BINDING_PROPERTIES *p = &c->properties;
    const DML_BUFFER_TENSOR_DESC *in = &c->rc.input.buffer;
    uint64_t needed =
        c->options.owned_input
            ? random_case_min_bytes(in->DataType, in->DimensionCount, in->Sizes, in->Strides)
            : 0;
    int ok =
        !p->RequiredDescriptorCount && !p->TemporaryResourceSize &&
        (c->options.owned_input ? p->PersistentResourceSize >= needed : !p->PersistentResourceSize);

    if (!ok)
        snprintf(what, size,
                 "binding properties {descriptors %u, temporary %llu, persistent %llu}: expected "
                 "{0, 0, %s%llu}",
                 p->RequiredDescriptorCount, (unsigned long long)p->TemporaryResourceSize,
                 (unsigned long long)p->PersistentResourceSize, c->options.owned_input ? ">= " : "",
                 (unsigned long long)needed);
    return ok;
}

/* CreateOperator, CompileOperator, GetBindingProperties: a failure is the case's own. */
static int create_case(struct batch *b, struct gpu_case *c)
{
    IDMLDevice *device = b->dev->device;
    char what[256];
    HRESULT hr = IDMLDevice_CreateOperator(device, &c->rc.desc, &IID_IDMLOperator, (void **)&c->op);

    if (FAILED(hr))
        snprintf(what, sizeof(what),
                 "CreateOperator rejected a generated case (0x%08X): the validator or the "
                 "generator is wrong",
                 (unsigned)hr);
    else if (FAILED(hr = IDMLDevice_CompileOperator(device, c->op, gpu_case_execution_flags(c),
                                                    &IID_IDMLCompiledOperator,
                                                    (void **)&c->compiled)))
        snprintf(what, sizeof(what), "CompileOperator failed: 0x%08X", (unsigned)hr);
    else if (c->properties = IDMLCompiledOperator_GetBindingProperties(c->compiled),
             !properties_ok(c, what, sizeof(what)))
        hr = E_FAIL;
    if (SUCCEEDED(hr))
        return 0;
    gpu_report_case(c, what);
    c->failed = 1;
    return 1;
}

static void place_cases(struct batch *b)
{
    memset(b->sizes, 0, sizeof(b->sizes));
    for (uint32_t i = 0; i < b->count; ++i)
    {
        struct gpu_case *c = &b->cases[i];
        uint64_t decoy = c->options.decoys ? gpu_case_decoy_span(c) : 0;

        if (c->failed)
            continue;
        c->input_base = b->sizes[ARENA_INPUT];
        c->output_base = b->sizes[ARENA_OUTPUT];
        c->persistent_base = b->sizes[ARENA_PERSISTENT];
        b->sizes[ARENA_INPUT] += align_region(c->layout.input_span);
        b->sizes[ARENA_OUTPUT] += align_region(gpu_case_output_region_size(c));
        b->sizes[ARENA_PERSISTENT] += align_region(c->properties.PersistentResourceSize);
        if (decoy > b->sizes[ARENA_DECOY])
            b->sizes[ARENA_DECOY] = decoy; /* every case's decoys start at 0 */
    }
}

/* Owned inputs are read from the persistent resource after initialization: overwrite the
 * originals, so that execution reading them instead shows. */
static void scramble_owned_input(const struct gpu_case *c, unsigned char *region)
{
    for (uint64_t i = 0; i < c->layout.input_bind_size; ++i)
        region[c->layout.input_offset + i] ^= 0xFF;
}

static int build_images(struct batch *b)
{
    uint64_t in = b->sizes[ARENA_INPUT], out = b->sizes[ARENA_OUTPUT];

    b->input = malloc(in);
    b->executed = malloc(in);
    b->poison = malloc(out);
    b->expected = malloc(out);
    b->got = malloc(in > out ? in : out);
    if (!b->input || !b->executed || !b->poison || !b->expected || !b->got)
        return -1;
    memset(b->input, ARENA_FILL, in);
    memset(b->poison, ARENA_FILL, out);
    for (uint32_t i = 0; i < b->count; ++i)
    {
        const struct gpu_case *c = &b->cases[i];
        if (c->failed)
            continue;
        gpu_case_fill_input(c, b->input + c->input_base);
        gpu_case_fill_poison(c, b->poison + c->output_base);
    }
    memcpy(b->executed, b->input, in);
    memcpy(b->expected, b->poison, out);
    for (uint32_t i = 0; i < b->count; ++i)
    {
        const struct gpu_case *c = &b->cases[i];
        if (c->failed)
            continue;
        gpu_case_expect(c, b->input + c->input_base, b->expected + c->output_base);
        if (c->options.owned_input)
            scramble_owned_input(c, b->executed + c->input_base);
    }
    return 0;
}

static HRESULT create_buffers(struct batch *b)
{
    IDMLDevice *device = b->dev->device;
    HRESULT hr = S_OK;

    for (int a = 0; a < ARENA_COUNT && SUCCEEDED(hr); ++a)
    {
        if (b->sizes[a] && FAILED(hr = dmlopsCreateBuffer(device, b->sizes[a], &b->buffers[a])))
            return gpu_batch_step_failed(b, "dmlopsCreateBuffer", hr);
    }
    if (FAILED(hr = dmlopsUploadBuffer(device, b->buffers[ARENA_INPUT], 0, b->input,
                                       b->sizes[ARENA_INPUT])) ||
        FAILED(hr = dmlopsUploadBuffer(device, b->buffers[ARENA_OUTPUT], 0, b->poison,
                                       b->sizes[ARENA_OUTPUT])))
        return gpu_batch_step_failed(b, "dmlopsUploadBuffer", hr);
    return S_OK;
}

/* Compares each case's output region; then the bytes between regions. */
static int compare_outputs(struct batch *b)
{
    uint64_t size = b->sizes[ARENA_OUTPUT];
    int failures = 0;

    for (uint32_t i = 0; i < b->count; ++i)
    {
        struct gpu_case *c = &b->cases[i];
        uint64_t base = c->output_base;
        if (c->failed || !memcmp(b->got + base, b->expected + base, gpu_case_output_region_size(c)))
            continue;
        gpu_report_mismatch(c, b->input + c->input_base, b->expected + base, b->got + base);
        c->failed = 1;
        ++failures;
    }
    if (!failures && memcmp(b->got, b->expected, size))
        return snprintf(b->why, b->why_size, "bytes between the cases' output regions changed"), -1;
    return failures;
}

/* Execution reads inputs and must never write them. */
static int compare_inputs(struct batch *b)
{
    int failures = 0;

    for (uint32_t i = 0; i < b->count; ++i)
    {
        struct gpu_case *c = &b->cases[i];
        uint64_t base = c->input_base;
        if (c->failed || !memcmp(b->got + base, b->executed + base, c->layout.input_span))
            continue;
        gpu_report_case(c, "the operator wrote into its input's region");
        c->failed = 1;
        ++failures;
    }
    return failures;
}

static int read_back(struct batch *b)
{
    IDMLDevice *device = b->dev->device;
    HRESULT hr;
    int failures;

    if (FAILED(hr = dmlopsDownloadBuffer(device, b->buffers[ARENA_OUTPUT], 0, b->got,
                                         b->sizes[ARENA_OUTPUT])))
        return gpu_batch_step_failed(b, "dmlopsDownloadBuffer (outputs)", hr), -1;
    if ((failures = compare_outputs(b)) < 0)
        return -1;
    if (FAILED(hr = dmlopsDownloadBuffer(device, b->buffers[ARENA_INPUT], 0, b->got,
                                         b->sizes[ARENA_INPUT])))
        return gpu_batch_step_failed(b, "dmlopsDownloadBuffer (inputs)", hr), -1;
    return failures + compare_inputs(b);
}

static void release_batch(struct batch *b)
{
    for (uint32_t i = 0; i < b->count; ++i)
    {
        struct gpu_case *c = &b->cases[i];
        for (uint32_t e = 0; e < GPU_CASE_MAX_EXECUTIONS; ++e)
            if (c->tables[e])
                IDMLBindingTable_Release(c->tables[e]);
        memset(c->tables, 0, sizeof(c->tables));
        if (c->compiled)
            IDMLCompiledOperator_Release(c->compiled);
        if (c->op)
            IDMLOperator_Release(c->op);
        c->compiled = NULL;
        c->op = NULL;
    }
    for (int a = 0; a < ARENA_COUNT; ++a)
        dmlopsDestroyBuffer(b->dev->device, b->buffers[a]);
    free(b->input);
    free(b->executed);
    free(b->poison);
    free(b->expected);
    free(b->got);
}

static uint32_t live_cases(const struct batch *b)
{
    uint32_t live = 0;
    for (uint32_t i = 0; i < b->count; ++i)
        live += !b->cases[i].failed;
    return live;
}

static int run_live(struct batch *b)
{
    place_cases(b);
    if (build_images(b))
        return gpu_batch_step_failed(b, "allocating the host images", E_OUTOFMEMORY), -1;
    if (FAILED(create_buffers(b)) || FAILED(gpu_batch_initialize(b)) ||
        FAILED(gpu_batch_execute(b)))
        return -1;
    return read_back(b);
}

int gpu_batch_run(struct gpu_device *dev, struct gpu_case *cases, uint32_t count, char *why,
                  size_t why_size)
{
    struct batch b = {.dev = dev, .cases = cases, .count = count, .why = why, .why_size = why_size};
    int failures = 0, result;

    for (uint32_t i = 0; i < count; ++i)
        failures += create_case(&b, &cases[i]);
    result = live_cases(&b) ? run_live(&b) : 0;
    release_batch(&b);
    return result < 0 ? -1 : failures + result;
}

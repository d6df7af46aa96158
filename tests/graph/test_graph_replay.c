/* onnxruntime's two ways of running a compiled graph (graph.md GD14, B-V1..B-V3), 1,000 runs each
 * with changing buffers and data, on the application's own Vulkan device:
 *   replay:   DESCRIPTORS_VOLATILE, one command buffer recorded once with nothing but the
 *             persistent resource bound, then per run the inputs, outputs and temporary re-bound
 *             on the same table only when they change, and the same command buffer resubmitted;
 *   ordinary: a new binding table per run, bound in full, and a new recording.
 * The graph: SLICE1 -> SLICE1 -> PADDING1, the padding reading the slices' floats as UINT32 (a
 * reinterpreting edge, never fused through: GD13). Unfused (DMLOPS_FUSION=0) it has two
 * intermediates in the temporary resource; fused (the default) the slices become one step and
 * one intermediate remains, so both ways re-bind a temporary resource. Every run's output is
 * checked against the C reference; resident memory (/proc/self/statm) must stay flat across the
 * runs, beyond what the same Vulkan traffic without DirectML work costs. */
#define COBJMACROS
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dmlops.h>

#include "app_vk.h"
#include "dml_util.h"
#include "gt_graph.h"

#define RUNS 1000u
#define WARMUP 100u
#define N_IN 64u
#define N_OUT 44u
#define SETS 3u
#define ALLOWED_GROWTH_KIB 256l

/* Under ASan, whose quarantine keeps freed blocks resident, the figures are printed and no bound
 * is asserted (as in tests/reliability_prog). */
#if defined(__SANITIZE_ADDRESS__)
#define MEMORY_BOUNDS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEMORY_BOUNDS 0
#endif
#endif
#ifndef MEMORY_BOUNDS
#define MEMORY_BOUNDS 1
#endif

static struct app_vk vk;
static int failures;

#define CHECK(cond, ...)                                                                           \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

struct rig
{
    IDMLDevice *device;
    IDMLCommandRecorder *recorder;
    IDMLCompiledOperator *graph;
    UINT64 temporary_size;
    ID3D12Resource *inputs[SETS], *outputs[SETS], *temporaries[2];
};

static long resident_kib(void)
{
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");

    if (statm && fscanf(statm, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    if (statm)
        fclose(statm);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static HRESULT create_device(IDMLDevice **out)
{
    DMLOPS_VULKAN_DEVICE_DESC vulkan = {
        .sType = DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC,
        .pfnGetInstanceProcAddr = vkGetInstanceProcAddr,
        .instance = vk.instance,
        .physicalDevice = vk.physical_device,
        .device = vk.device,
        .queueFamilyIndex = vk.queue_family,
    };
    DMLOPS_DEVICE_DESC desc = {
        .sType = DMLOPS_STRUCTURE_TYPE_DEVICE_DESC,
        .pNext = &vulkan,
        .flags = DML_CREATE_DEVICE_FLAG_DEBUG,
    };
    return dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)out);
}

/* PADDING1 of n UINT32 by start and end with the bits of 7.0f: the floats' padding of 7.0. */
static IDMLOperator *pad_u32(IDMLDevice *device, UINT n, UINT start, UINT end)
{
    UINT in_size = n, out_size = n + start + end;
    DML_BUFFER_TENSOR_DESC in = {DML_TENSOR_DATA_TYPE_UINT32, 0, 1, &in_size, NULL, 4 * n, 0};
    DML_BUFFER_TENSOR_DESC out = {
        DML_TENSOR_DATA_TYPE_UINT32, 0, 1, &out_size, NULL, 4 * out_size, 0};
    DML_TENSOR_DESC in_desc = {DML_TENSOR_TYPE_BUFFER, &in},
                    out_desc = {DML_TENSOR_TYPE_BUFFER, &out};
    DML_PADDING1_OPERATOR_DESC pad = {&in_desc,
                                      &out_desc,
                                      DML_PADDING_MODE_CONSTANT,
                                      DML_TENSOR_DATA_TYPE_UINT32,
                                      {.UInt32 = 0x40E00000u},
                                      1,
                                      &start,
                                      &end};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_PADDING1, &pad};
    IDMLOperator *op = NULL;

    return SUCCEEDED(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op))
               ? op
               : NULL;
}

/* SLICE1 [8, 56) of 64 floats, SLICE1 [4, 44) of that, PADDING1 2 + 2 with 7.0 of them read as
 * UINT32. */
static IDMLCompiledOperator *compile(IDMLDevice *device, DML_EXECUTION_FLAGS flags)
{
    IDMLOperator *ops[3] = {gt_slice(device, DML_TENSOR_DATA_TYPE_FLOAT32, N_IN, 8, 48),
                            gt_slice(device, DML_TENSOR_DATA_TYPE_FLOAT32, 48, 4, 40),
                            pad_u32(device, 40, 2, 2)};
    IDMLCompiledOperator *compiled = NULL;
    IDMLDevice1 *device1;
    struct gt_graph g;

    gt_init(&g, 1, 1);
    for (int n = 0; n < 3; ++n)
        gt_op(&g, ops[n], NULL);
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_mid(&g, 1, 0, 2, 0);
    gt_out(&g, 2, 0, 0);
    IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1);
    CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), flags, &IID_IDMLCompiledOperator,
                                   (void **)&compiled) == S_OK,
          "CompileGraph");
    IDMLDevice1_Release(device1);
    for (int n = 0; n < 3; ++n)
        if (ops[n])
            IDMLOperator_Release(ops[n]);
    return compiled;
}

static void initialize(struct rig *r)
{
    IDMLOperatorInitializer *init = NULL;
    IDMLBindingTable *table = NULL;

    CHECK(SUCCEEDED(IDMLDevice_CreateOperatorInitializer(
              r->device, 1, &r->graph, &IID_IDMLOperatorInitializer, (void **)&init)) &&
              SUCCEEDED(dml_util_table(r->device, (IDMLDispatchable *)init, &table)) &&
              dmlopsExecute(r->device, (IDMLDispatchable *)init, table) == S_OK,
          "initialize");
    if (table)
        IDMLBindingTable_Release(table);
    if (init)
        IDMLOperatorInitializer_Release(init);
}

static void bind(IDMLBindingTable *table, ID3D12Resource *buffer, int output)
{
    DML_BUFFER_BINDING b = {buffer, 0, (output ? N_OUT : N_IN) * 4};
    DML_BINDING_DESC d = {DML_BINDING_TYPE_BUFFER, &b};

    if (output)
        IDMLBindingTable_BindOutputs(table, 1, &d);
    else
        IDMLBindingTable_BindInputs(table, 1, &d);
}

static void bind_temporary(struct rig *r, IDMLBindingTable *table, ID3D12Resource *buffer)
{
    DML_BUFFER_BINDING b = {buffer, 0, r->temporary_size};
    DML_BINDING_DESC d = {DML_BINDING_TYPE_BUFFER, &b};

    IDMLBindingTable_BindTemporaryResource(table, &d);
}

/* New data into this run's input, poison into its output. */
static void prepare(struct rig *r, unsigned run, float *in)
{
    float poison[N_OUT];

    for (unsigned i = 0; i < N_IN; ++i)
        in[i] = (float)(run * 100 + i);
    memset(poison, 0xA5, sizeof(poison));
    dmlopsUploadBuffer(r->device, r->inputs[run % SETS], 0, in, sizeof(float) * N_IN);
    dmlopsUploadBuffer(r->device, r->outputs[(run / 2) % SETS], 0, poison, sizeof(poison));
}

static void check_output(struct rig *r, unsigned run, const float *in, const char *pattern)
{
    float out[N_OUT], want[N_OUT];

    for (unsigned i = 0; i < N_OUT; ++i)
        want[i] = i < 2 || i >= N_OUT - 2 ? 7.0f : in[12 + i - 2];
    dmlopsDownloadBuffer(r->device, r->outputs[(run / 2) % SETS], 0, out, sizeof(out));
    CHECK(!memcmp(out, want, sizeof(out)), "%s: run %u: wrong output", pattern, run);
}

static VkResult submit(VkCommandBuffer cmd)
{
    VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    VkFence fence;
    VkResult res = vkCreateFence(vk.device, &fi, NULL, &fence);

    if (res != VK_SUCCESS)
        return res;
    res = vkQueueSubmit(vk.queue, 1, &si, fence);
    if (res == VK_SUCCESS)
        res = vkWaitForFences(vk.device, 1, &fence, VK_TRUE, UINT64_MAX);
    vkDestroyFence(vk.device, fence, NULL);
    return res;
}

/* The validation layer (synchronization validation) keeps a record of every submission, uploads
 * and downloads included: the same traffic without DirectML work is the baseline the patterns'
 * growth is measured against. */
static long baseline_growth;

static void control(struct rig *r)
{
    long before = 0, after;
    float in[N_IN], out[N_OUT];

    for (unsigned run = 0; run < WARMUP + RUNS; ++run)
    {
        VkCommandBuffer cmd;

        if (run == WARMUP)
            before = resident_kib();
        prepare(r, run, in);
        cmd = app_begin(&vk);
        app_barrier_compute_to_transfer(cmd);
        CHECK(app_submit_and_wait(&vk, cmd) == VK_SUCCESS, "control: submit");
        dmlopsDownloadBuffer(r->device, r->outputs[(run / 2) % SETS], 0, out, sizeof(out));
    }
    after = resident_kib();
    baseline_growth = after - before;
    printf("graph_replay: baseline (uploads, an empty submission, a download), %u runs: resident "
           "%ld KiB -> %ld KiB (%+ld KiB)\n",
           RUNS, before, after, baseline_growth);
}

/* Inputs change every run, outputs every other run, the temporary every fifth. */
static void replay(struct rig *r)
{
    VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = vk.pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 1};
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    IDMLBindingTable *table = NULL;
    VkCommandBuffer cmd;
    long before = 0, after;
    float in[N_IN];

    CHECK(SUCCEEDED(dml_util_table(r->device, (IDMLDispatchable *)r->graph, &table)), "table");
    vkAllocateCommandBuffers(vk.device, &ai, &cmd);
    vkBeginCommandBuffer(cmd, &bi);
    IDMLCommandRecorder_RecordDispatch(r->recorder, (ID3D12CommandList *)cmd,
                                       (IDMLDispatchable *)r->graph, table);
    app_barrier_compute_to_transfer(cmd);
    vkEndCommandBuffer(cmd);
    for (unsigned run = 0; run < WARMUP + RUNS; ++run)
    {
        if (run == WARMUP)
            before = resident_kib();
        prepare(r, run, in);
        bind(table, r->inputs[run % SETS], 0);
        if (run % 2 == 0)
            bind(table, r->outputs[(run / 2) % SETS], 1);
        if (r->temporary_size && run % 5 == 0)
            bind_temporary(r, table, r->temporaries[(run / 5) % 2]);
        CHECK(submit(cmd) == VK_SUCCESS, "replay: submit");
        check_output(r, run, in, "replay");
        if (failures > 5)
            break;
    }
    after = resident_kib();
    printf("graph_replay: replay, %u runs: resident %ld KiB -> %ld KiB (%+ld KiB)\n", RUNS, before,
           after, after - before);
    CHECK(!MEMORY_BOUNDS || after - before - baseline_growth <= ALLOWED_GROWTH_KIB,
          "replay: resident memory grew by %ld KiB (baseline %ld KiB)", after - before,
          baseline_growth);
    vkFreeCommandBuffers(vk.device, vk.pool, 1, &cmd);
    IDMLBindingTable_Release(table);
}

static void ordinary(struct rig *r)
{
    long before = 0, after;
    float in[N_IN];

    for (unsigned run = 0; run < WARMUP + RUNS; ++run)
    {
        IDMLBindingTable *table = NULL;
        VkCommandBuffer cmd;

        if (run == WARMUP)
            before = resident_kib();
        prepare(r, run, in);
        if (FAILED(dml_util_table(r->device, (IDMLDispatchable *)r->graph, &table)))
        {
            ++failures;
            break;
        }
        bind(table, r->inputs[run % SETS], 0);
        bind(table, r->outputs[(run / 2) % SETS], 1);
        if (r->temporary_size)
            bind_temporary(r, table, r->temporaries[(run / 5) % 2]);
        cmd = app_begin(&vk);
        IDMLCommandRecorder_RecordDispatch(r->recorder, (ID3D12CommandList *)cmd,
                                           (IDMLDispatchable *)r->graph, table);
        app_barrier_compute_to_transfer(cmd);
        CHECK(app_submit_and_wait(&vk, cmd) == VK_SUCCESS, "ordinary: submit");
        IDMLBindingTable_Release(table);
        check_output(r, run, in, "ordinary");
        if (failures > 5)
            break;
    }
    after = resident_kib();
    printf("graph_replay: a new table per run, %u runs: resident %ld KiB -> %ld KiB (%+ld KiB)\n",
           RUNS, before, after, after - before);
    CHECK(!MEMORY_BOUNDS || after - before - baseline_growth <= ALLOWED_GROWTH_KIB,
          "ordinary: resident memory grew by %ld KiB (baseline %ld KiB)", after - before,
          baseline_growth);
}

/* Whether CompileGraph fuses in this process (DMLOPS_FUSION: "0" turns it off). */
static bool fused(void)
{
    const char *value = getenv("DMLOPS_FUSION");

    return !(value && !strcmp(value, "0"));
}

static void run_pattern(DML_EXECUTION_FLAGS flags, void (*pattern)(struct rig *))
{
    struct rig r = {0};

    CHECK(SUCCEEDED(create_device(&r.device)) &&
              SUCCEEDED(IDMLDevice_CreateCommandRecorder(r.device, &IID_IDMLCommandRecorder,
                                                         (void **)&r.recorder)),
          "device");
    if (!r.device || !r.recorder || !(r.graph = compile(r.device, flags)))
        return;
    r.temporary_size = IDMLCompiledOperator_GetBindingProperties(r.graph).TemporaryResourceSize;
    CHECK(r.temporary_size == (fused() ? 256u : 512u),
          "%s, the intermediates take %llu bytes of the temporary resource; expected %u",
          fused() ? "fused" : "unfused", (unsigned long long)r.temporary_size,
          fused() ? 256u : 512u);
    for (unsigned s = 0; s < SETS; ++s)
    {
        dmlopsCreateBuffer(r.device, N_IN * 4, &r.inputs[s]);
        dmlopsCreateBuffer(r.device, N_OUT * 4, &r.outputs[s]);
    }
    for (unsigned s = 0; s < 2; ++s)
        dmlopsCreateBuffer(r.device, r.temporary_size ? r.temporary_size : 256, &r.temporaries[s]);
    initialize(&r);
    pattern(&r);
    CHECK(SUCCEEDED(IDMLDevice_GetDeviceRemovedReason(r.device)), "device not removed");
    for (unsigned s = 0; s < SETS; ++s)
    {
        dmlopsDestroyBuffer(r.device, r.inputs[s]);
        dmlopsDestroyBuffer(r.device, r.outputs[s]);
    }
    for (unsigned s = 0; s < 2; ++s)
        dmlopsDestroyBuffer(r.device, r.temporaries[s]);
    IDMLCompiledOperator_Release(r.graph);
    IDMLCommandRecorder_Release(r.recorder);
    IDMLDevice_Release(r.device);
}

int main(void)
{
    app_vk_init(&vk);
    run_pattern(DML_EXECUTION_FLAG_NONE, control);
    run_pattern(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE, replay);
    run_pattern(DML_EXECUTION_FLAG_NONE, ordinary);
    run_pattern(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE, ordinary);
    CHECK(app_vk_validation_errors() == 0, "validation messages: %u", app_vk_validation_errors());
    app_vk_cleanup(&vk);
    if (!failures)
        printf("graph_replay: both patterns correct for %u runs each (fusion %s)\n", RUNS,
               fused() ? "on" : "off");
    return failures ? 1 : 0;
}

/* CompileGraph's cache (graph_cache.h): compiling a graph again reuses its program, and nothing
 * that makes two graphs compile differently is left out of the key. Every compile here is also
 * run and its output checked against the reference, so a wrong match shows as wrong bytes, not
 * only as a count. GPU (lavapipe in CI). */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "device.h"
#include "gpu.h"
#include "graph_cache.h"
#include "gt_graph.h"

#define N 64u

static struct dml_graph_cache_stats stats(IDMLDevice *device)
{
    return dml_graph_cache_stats(dml_device_from_iface(device)->graph_cache);
}

static ID3D12Resource *buffer_with(IDMLDevice *device, const float *data, UINT count)
{
    ID3D12Resource *buffer = NULL;

    assert_int_equal(dmlopsCreateBuffer(device, (count ? count : 1) * sizeof(float), &buffer),
                     S_OK);
    if (data)
        assert_int_equal(dmlopsUploadBuffer(device, buffer, 0, data, count * sizeof(float)), S_OK);
    return buffer;
}

static void initialize(IDMLDevice *device, IDMLCompiledOperator *compiled, IDMLBindingTable **table)
{
    DML_BINDING_TABLE_DESC desc = {NULL, {0}, {0}, 0};
    IDMLOperatorInitializer *init;

    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&init),
                     S_OK);
    desc.Dispatchable = (IDMLDispatchable *)init;
    assert_int_equal(
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)table), S_OK);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)init, *table), S_OK);
    desc.Dispatchable = (IDMLDispatchable *)compiled;
    assert_int_equal(IDMLBindingTable_Reset(*table, &desc), S_OK);
    IDMLOperatorInitializer_Release(init);
}

/* Runs compiled once: input i is inputs[i] (N / input_count floats each), the output N floats. */
static void run(IDMLDevice *device, IDMLCompiledOperator *compiled, const float *const *inputs,
                UINT input_count, float *out)
{
    DML_BINDING_PROPERTIES props = IDMLCompiledOperator_GetBindingProperties(compiled);
    ID3D12Resource *in_buffers[2], *out_buffer = buffer_with(device, NULL, N), *temp = NULL;
    DML_BUFFER_BINDING in_b[2], out_b = {out_buffer, 0, N * sizeof(float)}, temp_b;
    DML_BINDING_DESC in_d[2], out_d = {DML_BINDING_TYPE_BUFFER, &out_b}, temp_d;
    IDMLBindingTable *table;

    initialize(device, compiled, &table);
    for (UINT i = 0; i < input_count; ++i)
    {
        in_buffers[i] = buffer_with(device, inputs[i], N / input_count);
        in_b[i] = (DML_BUFFER_BINDING){in_buffers[i], 0, N / input_count * sizeof(float)};
        in_d[i] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &in_b[i]};
    }
    IDMLBindingTable_BindInputs(table, input_count, input_count ? in_d : NULL);
    IDMLBindingTable_BindOutputs(table, 1, &out_d);
    if (props.TemporaryResourceSize)
    {
        assert_int_equal(dmlopsCreateBuffer(device, props.TemporaryResourceSize, &temp), S_OK);
        temp_b = (DML_BUFFER_BINDING){temp, 0, props.TemporaryResourceSize};
        temp_d = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &temp_b};
        IDMLBindingTable_BindTemporaryResource(table, &temp_d);
    }
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)compiled, table), S_OK);
    assert_int_equal(dmlopsDownloadBuffer(device, out_buffer, 0, out, N * sizeof(float)), S_OK);
    IDMLBindingTable_Release(table);
    for (UINT i = 0; i < input_count; ++i)
        dmlopsDestroyBuffer(device, in_buffers[i]);
    dmlopsDestroyBuffer(device, out_buffer);
    if (temp)
        dmlopsDestroyBuffer(device, temp);
}

static IDMLCompiledOperator *compile(IDMLDevice *device, const DML_GRAPH_DESC *desc,
                                     DML_EXECUTION_FLAGS flags)
{
    IDMLDevice1 *device1;
    IDMLCompiledOperator *compiled = NULL;

    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1), S_OK);
    assert_int_equal(IDMLDevice1_CompileGraph(device1, desc, flags, &IID_IDMLCompiledOperator,
                                              (void **)&compiled),
                     S_OK);
    IDMLDevice1_Release(device1);
    return compiled;
}

static const float *input(void)
{
    static float data[N];

    for (UINT i = 0; i < N; ++i)
        data[i] = (float)(i * 3 + 1);
    return data;
}

/* in (n elements) -> SLICE1 [offset, offset + N - 2) -> PADDING (7.0, one each side) -> out. */
static void slice_pad_of(IDMLDevice *device, struct gt_graph *g, UINT n, UINT offset,
                         IDMLOperator **ops)
{
    ops[0] = gt_slice(device, DML_TENSOR_DATA_TYPE_FLOAT32, n, offset, N - 2);
    ops[1] = gt_pad(device, N - 2, 1, 1);
    assert_true(ops[0] && ops[1]);
    gt_init(g, 1, 1);
    gt_op(g, ops[0], "slice");
    gt_op(g, ops[1], "pad");
    gt_in(g, 0, 0, 0);
    gt_mid(g, 0, 0, 1, 0);
    gt_out(g, 1, 0, 0);
}

static void slice_pad(IDMLDevice *device, struct gt_graph *g, UINT offset, IDMLOperator **ops)
{
    slice_pad_of(device, g, N, offset, ops);
}

static void release(IDMLOperator **ops, UINT count)
{
    for (UINT i = 0; i < count; ++i)
        IDMLOperator_Release(ops[i]);
}

/* Compiles and runs the slice-pad graph of offset; checks the bytes; returns nothing. */
static void check_slice_pad(IDMLDevice *device, const DML_GRAPH_DESC *desc, UINT offset,
                            DML_EXECUTION_FLAGS flags)
{
    IDMLCompiledOperator *compiled = compile(device, desc, flags);
    const float *in = input();
    float out[N];

    run(device, compiled, &in, 1, out);
    assert_true(out[0] == 7.0f && out[N - 1] == 7.0f);
    for (UINT i = 1; i + 1 < N; ++i)
        assert_true(out[i] == in[offset + i - 1]);
    IDMLCompiledOperator_Release(compiled);
}

/* The same graph twice: the second compile matches and gives the same bytes. So does the same
 * graph built from new operator objects (DirectMLX builds its operators anew each time). */
static void test_same_graph_matches(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    struct gt_graph g;
    IDMLOperator *ops[2], *again[2];

    (void)state;
    slice_pad(device, &g, 1, ops);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    assert_int_equal(stats(device).misses, 1);
    assert_int_equal(stats(device).hits, 0);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    assert_int_equal(stats(device).hits, 1);
    slice_pad(device, &g, 1, again);
    release(ops, 2);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    assert_int_equal(stats(device).hits, 2);
    assert_int_equal(stats(device).entries, 1);
    release(again, 2);
    IDMLDevice_Release(device);
}

/* An operator's content, the execution flags and fusion each make another program. */
static void test_operator_flags_and_fusion_are_keyed(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    struct gt_graph g;
    IDMLOperator *ops[2], *other[2];

    (void)state;
    slice_pad(device, &g, 1, ops);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    slice_pad(device, &g, 2, other); /* the same shapes, another window */
    check_slice_pad(device, gt_desc(&g), 2, DML_EXECUTION_FLAG_NONE);
    assert_int_equal(stats(device).misses, 2);
    check_slice_pad(device, gt_desc(&g), 2, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    assert_int_equal(stats(device).misses, 3);
    setenv("DMLOPS_FUSION", "0", 1);
    check_slice_pad(device, gt_desc(&g), 2, DML_EXECUTION_FLAG_NONE);
    unsetenv("DMLOPS_FUSION");
    assert_int_equal(stats(device).misses, 4);
    assert_int_equal(stats(device).hits, 0);
    check_slice_pad(device, gt_desc(&g), 2, DML_EXECUTION_FLAG_NONE);
    assert_int_equal(stats(device).hits, 1);
    release(ops, 2);
    release(other, 2);
    IDMLDevice_Release(device);
}

/* Which graph input feeds which JOIN input is part of the key. */
static void test_edges_are_keyed(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    const UINT parts[2] = {N / 2, N / 2};
    IDMLOperator *join = gt_join(device, 2, parts);
    const float *in = input(), *inputs[2] = {in, in + N / 2};
    struct gt_graph g;
    float out[N];

    (void)state;
    assert_non_null(join);
    for (UINT swap = 0; swap < 2; ++swap)
    {
        IDMLCompiledOperator *compiled;

        gt_init(&g, 2, 1);
        gt_op(&g, join, NULL);
        gt_in(&g, swap, 0, 0);
        gt_in(&g, 1 - swap, 0, 1);
        gt_out(&g, 0, 0, 0);
        compiled = compile(device, gt_desc(&g), DML_EXECUTION_FLAG_NONE);
        run(device, compiled, inputs, 2, out);
        IDMLCompiledOperator_Release(compiled);
        for (UINT i = 0; i < N; ++i)
            assert_true(out[i] == in[(i + swap * N / 2) % N]);
        assert_int_equal(stats(device).misses, swap + 1);
    }
    assert_int_equal(stats(device).hits, 0);
    IDMLOperator_Release(join);
    IDMLDevice_Release(device);
}

/* A constant node's bytes are part of the key (feature level 6.2 and up). */
static void test_constant_bytes_are_keyed(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLOperator *identity = gt_identity(device, N);
    float data[N], out[N];
    struct gt_graph g;

    (void)state;
    assert_non_null(identity);
    memcpy(data, input(), sizeof(data));
    for (UINT change = 0; change < 3; ++change)
    {
        IDMLCompiledOperator *compiled;

        data[N / 2] = change == 1 ? -1.0f : 5.0f; /* 0 and 2 give the same bytes */
        gt_init(&g, 0, 1);
        gt_const(&g, data, sizeof(data), NULL);
        gt_op(&g, identity, NULL);
        gt_mid(&g, 0, 0, 1, 0);
        gt_out(&g, 1, 0, 0);
        compiled = compile(device, gt_desc(&g), DML_EXECUTION_FLAG_NONE);
        run(device, compiled, NULL, 0, out);
        IDMLCompiledOperator_Release(compiled);
        assert_memory_equal(out, data, sizeof(data));
    }
    assert_int_equal(stats(device).misses, 2);
    assert_int_equal(stats(device).hits, 1);
    IDMLOperator_Release(identity);
    IDMLDevice_Release(device);
}

/* A graph made invalid after its valid twin compiled is still refused. */
static void test_invalid_twin_refused(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLDevice1 *device1;
    IDMLCompiledOperator *compiled = NULL;
    struct gt_graph g;
    IDMLOperator *ops[2];

    (void)state;
    slice_pad(device, &g, 1, ops);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    g.mid_desc[0].ToNodeIndex = 2; /* no such node */
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1), S_OK);
    assert_int_equal(IDMLDevice1_CompileGraph(device1, gt_desc(&g), DML_EXECUTION_FLAG_NONE,
                                              &IID_IDMLCompiledOperator, (void **)&compiled),
                     E_INVALIDARG);
    assert_null(compiled);
    assert_int_equal(stats(device).hits, 0);
    IDMLDevice1_Release(device1);
    release(ops, 2);
    IDMLDevice_Release(device);
}

/* A debug device compiles every graph anew while its output is on (it prints the program it
 * chose each time) and remembers it; muted, it finds it. */
static void test_debug_device_compiles_anew(void **state)
{
    IDMLDevice *device = gpu_create_device(0, TRUE);
    IDMLDebugDevice *debug;
    struct gt_graph g;
    IDMLOperator *ops[2];

    (void)state;
    slice_pad(device, &g, 1, ops);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    assert_int_equal(stats(device).hits + stats(device).misses, 0);
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDebugDevice, (void **)&debug),
                     S_OK);
    IDMLDebugDevice_SetMuteDebugOutput(debug, TRUE);
    check_slice_pad(device, gt_desc(&g), 1, DML_EXECUTION_FLAG_NONE);
    assert_int_equal(stats(device).hits, 1);
    assert_int_equal(stats(device).entries, 1);
    IDMLDebugDevice_Release(debug);
    release(ops, 2);
    IDMLDevice_Release(device);
}

/* Compiles (without running) the slice-pad graph over an input of n elements. */
static void compile_wide(IDMLDevice *device, UINT n)
{
    IDMLOperator *ops[2];
    IDMLCompiledOperator *compiled;
    struct gt_graph g;

    slice_pad_of(device, &g, n, 0, ops);
    compiled = compile(device, gt_desc(&g), DML_EXECUTION_FLAG_NONE);
    IDMLCompiledOperator_Release(compiled);
    release(ops, 2);
}

/* More graphs than the cache keeps: the oldest goes, the newest stays, the size stays bounded. */
static void test_bounded(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    const UINT graphs = GRAPH_CACHE_ENTRIES + 6;

    (void)state;
    for (UINT i = 0; i < graphs; ++i)
        compile_wide(device, N + i);
    assert_int_equal(stats(device).entries, GRAPH_CACHE_ENTRIES);
    assert_true(stats(device).bytes <= GRAPH_CACHE_BYTES);
    assert_int_equal(stats(device).misses, graphs);
    compile_wide(device, N + graphs - 1);
    assert_int_equal(stats(device).hits, 1);
    compile_wide(device, N);
    assert_int_equal(stats(device).misses, graphs + 1);
    IDMLDevice_Release(device);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_graph_matches),
        cmocka_unit_test(test_operator_flags_and_fusion_are_keyed),
        cmocka_unit_test(test_edges_are_keyed),
        cmocka_unit_test(test_constant_bytes_are_keyed),
        cmocka_unit_test(test_invalid_twin_refused),
        cmocka_unit_test(test_debug_device_compiles_anew),
        cmocka_unit_test(test_bounded),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

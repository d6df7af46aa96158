/* Binding misuse of a compiled graph (graph.md B-E1..B-E3, G-E4, G-F3; spec 4.6, D13): a graph
 * binds with the graph's counts, not its operators', an owned graph input is bound only at
 * initialization, and a graph input's binding must cover its largest consumer. Each case leads to
 * no dispatch (the outputs keep their poison), E_INVALIDARG from GetDeviceRemovedReason and
 * DXGI_ERROR_DEVICE_REMOVED from the device's later HRESULT methods; the control case binds the
 * same graph correctly and gets its bytes.
 *
 * The graph (3 inputs, 4 outputs, 4 nodes of one input and one output each, so that neither of
 * the graph's counts is the sum of its nodes'):
 *   input 0 -> SLICE1 FLOAT32 {4} -> output 0     (input 0's consumers read 16, 20 and 16
 *   input 0 -> SLICE1 FLOAT32 {5} -> output 1      bytes: GD7; the largest is neither the first
 *   input 0 -> SLICE1 FLOAT32 {4} -> output 2      nor the last)
 *   input 1 (OWNED_BY_DML) -> SLICE1 FLOAT32 {4} -> output 3
 *   input 2: no edge (GD2) */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h> /* after what it needs */

#include "gpu.h"
#include "gt_graph.h"

#define BUFFER_BYTES 256
#define POISON 0xA5
#define INPUTS 3
#define OUTPUTS 4
#define NODES 4

static const UINT64 output_bytes[OUTPUTS] = {16, 20, 16, 16};

struct fixture
{
    IDMLDevice *device;
    IDMLCompiledOperator *graph;
    IDMLBindingTable *table;
    IDMLCommandRecorder *recorder;
    ID3D12Resource *input, *owned, *persistent, *outputs[OUTPUTS];
    DML_BUFFER_BINDING in_buffers[NODES + 1], out_buffers[OUTPUTS + 1];
    DML_BINDING_DESC in_bindings[NODES + 1], out_bindings[OUTPUTS + 1];
};

static const float input_data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static const float owned_data[4] = {-1, -2, -3, -4};

static IDMLCompiledOperator *compile_graph(IDMLDevice *device)
{
    IDMLOperator *copy4 = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    IDMLOperator *copy5 = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 5, DML_TENSOR_FLAG_NONE);
    IDMLOperator *owned =
        gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_OWNED_BY_DML);
    IDMLCompiledOperator *graph = NULL;
    IDMLDevice1 *device1 = NULL;
    static struct gt_graph g;

    assert_non_null(copy4);
    assert_non_null(copy5);
    assert_non_null(owned);
    gt_init(&g, INPUTS, OUTPUTS);
    gt_op(&g, copy4, "copy4");
    gt_op(&g, copy5, "copy5");
    gt_op(&g, copy4, "copy4 again");
    gt_op(&g, owned, "owned");
    gt_in(&g, 0, 0, 0);
    gt_in(&g, 0, 1, 0);
    gt_in(&g, 0, 2, 0);
    gt_in(&g, 1, 3, 0);
    for (UINT k = 0; k < OUTPUTS; ++k)
        gt_out(&g, k, 0, k);
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1), S_OK);
    assert_int_equal(IDMLDevice1_CompileGraph(device1, gt_desc(&g), DML_EXECUTION_FLAG_NONE,
                                              &IID_IDMLCompiledOperator, (void **)&graph),
                     S_OK);
    IDMLDevice1_Release(device1);
    IDMLOperator_Release(copy4);
    IDMLOperator_Release(copy5);
    IDMLOperator_Release(owned);
    return graph;
}

static IDMLBindingTable *table_for(IDMLDevice *device, IDMLDispatchable *dispatchable)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable, {0}, {0}, 0};
    IDMLBindingTable *table = NULL;

    assert_int_equal(
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)&table), S_OK);
    return table;
}

/* The initializer: a BUFFER_ARRAY of InputCount entries, only the owned input's set (B-I2). */
static void initialize(struct fixture *f)
{
    UINT64 size = IDMLCompiledOperator_GetBindingProperties(f->graph).PersistentResourceSize;
    DML_BUFFER_BINDING entries[INPUTS] = {{NULL, 0, 0}, {f->owned, 0, 16}, {NULL, 0, 0}};
    DML_BUFFER_ARRAY_BINDING array = {INPUTS, entries};
    DML_BINDING_DESC inputs = {DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    DML_BUFFER_BINDING persistent;
    DML_BINDING_DESC output = {DML_BINDING_TYPE_BUFFER, &persistent};
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table;

    assert_true(size >= 16);
    assert_int_equal(dmlopsCreateBuffer(f->device, size, &f->persistent), S_OK);
    persistent = (DML_BUFFER_BINDING){f->persistent, 0, size};
    assert_int_equal(IDMLDevice_CreateOperatorInitializer(f->device, 1, &f->graph,
                                                          &IID_IDMLOperatorInitializer,
                                                          (void **)&initializer),
                     S_OK);
    table = table_for(f->device, (IDMLDispatchable *)initializer);
    IDMLBindingTable_BindInputs(table, 1, &inputs);
    IDMLBindingTable_BindOutputs(table, 1, &output);
    assert_int_equal(dmlopsExecute(f->device, (IDMLDispatchable *)initializer, table), S_OK);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(initializer);
}

static void poison(struct fixture *f)
{
    unsigned char bytes[BUFFER_BYTES];

    memset(bytes, POISON, sizeof(bytes));
    for (int k = 0; k < OUTPUTS; ++k)
        assert_int_equal(dmlopsUploadBuffer(f->device, f->outputs[k], 0, bytes, sizeof(bytes)),
                         S_OK);
}

static int setup(void **state)
{
    static struct fixture f;
    DML_BUFFER_BINDING persistent;
    DML_BINDING_DESC binding = {DML_BINDING_TYPE_BUFFER, &persistent};

    memset(&f, 0, sizeof(f));
    f.device = gpu_create_device(0, TRUE);
    f.graph = compile_graph(f.device);
    assert_int_equal(dmlopsCreateBuffer(f.device, BUFFER_BYTES, &f.input), S_OK);
    assert_int_equal(dmlopsCreateBuffer(f.device, BUFFER_BYTES, &f.owned), S_OK);
    assert_int_equal(dmlopsUploadBuffer(f.device, f.input, 0, input_data, sizeof(input_data)),
                     S_OK);
    assert_int_equal(dmlopsUploadBuffer(f.device, f.owned, 0, owned_data, sizeof(owned_data)),
                     S_OK);
    for (int k = 0; k < OUTPUTS; ++k)
        assert_int_equal(dmlopsCreateBuffer(f.device, BUFFER_BYTES, &f.outputs[k]), S_OK);
    initialize(&f);
    /* The correct bindings: input 0 covering its largest consumer (20 bytes), the owned and the
     * edge-less input as NONE, four outputs; past them, what a count too large would bind. */
    f.in_buffers[0] = (DML_BUFFER_BINDING){f.input, 0, 20};
    f.in_bindings[0] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &f.in_buffers[0]};
    for (int i = 1; i <= NODES; ++i)
        f.in_bindings[i] = (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    for (int k = 0; k <= OUTPUTS; ++k)
    {
        f.out_buffers[k] =
            (DML_BUFFER_BINDING){f.outputs[k % OUTPUTS], 0, output_bytes[k % OUTPUTS]};
        f.out_bindings[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &f.out_buffers[k]};
    }
    f.out_buffers[OUTPUTS].Offset = 128; /* a fifth output would not overlap the first */
    f.table = table_for(f.device, (IDMLDispatchable *)f.graph);
    persistent = (DML_BUFFER_BINDING){
        f.persistent, 0, IDMLCompiledOperator_GetBindingProperties(f.graph).PersistentResourceSize};
    IDMLBindingTable_BindPersistentResource(f.table, &binding);
    assert_int_equal(
        IDMLDevice_CreateCommandRecorder(f.device, &IID_IDMLCommandRecorder, (void **)&f.recorder),
        S_OK);
    poison(&f);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;

    dmlopsDestroyBuffer(f->device, f->input);
    dmlopsDestroyBuffer(f->device, f->owned);
    dmlopsDestroyBuffer(f->device, f->persistent);
    for (int k = 0; k < OUTPUTS; ++k)
        dmlopsDestroyBuffer(f->device, f->outputs[k]);
    IDMLCommandRecorder_Release(f->recorder);
    IDMLBindingTable_Release(f->table);
    IDMLCompiledOperator_Release(f->graph);
    assert_int_equal(IDMLDevice_Release(f->device), 0);
    return 0;
}

static void record_and_submit(struct fixture *f)
{
    ID3D12CommandList *list;

    assert_int_equal(dmlopsCreateCommandList(f->device, &list), S_OK);
    IDMLCommandRecorder_RecordDispatch(f->recorder, list, (IDMLDispatchable *)f->graph, f->table);
    dmlopsSubmitCommandList(f->device, list);
}

/* Records the graph and submits; then the device must be removed and nothing written. */
static void expect_removed_and_untouched(struct fixture *f)
{
    unsigned char bytes[BUFFER_BYTES], expected[BUFFER_BYTES];
    IDMLCompiledOperator *again = NULL;

    record_and_submit(f);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), E_INVALIDARG);
    assert_int_equal(IDMLDevice_CompileOperator(f->device, NULL, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, (void **)&again),
                     DXGI_ERROR_DEVICE_REMOVED);
    memset(expected, POISON, sizeof(expected));
    for (int k = 0; k < OUTPUTS; ++k)
    {
        assert_int_equal(dmlopsDownloadBuffer(f->device, f->outputs[k], 0, bytes, sizeof(bytes)),
                         S_OK);
        assert_memory_equal(bytes, expected, sizeof(bytes));
    }
}

static void bind(struct fixture *f, UINT inputs, UINT outputs)
{
    IDMLBindingTable_BindInputs(f->table, inputs, f->in_bindings);
    IDMLBindingTable_BindOutputs(f->table, outputs, f->out_bindings);
}

/* The graph's counts, input 0 bound with 20 bytes: each output gets its node's bytes. */
static void test_control_graph_bindings_run(void **state)
{
    struct fixture *f = *state;
    float out[OUTPUTS][5];

    bind(f, INPUTS, OUTPUTS);
    record_and_submit(f);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
    for (int k = 0; k < OUTPUTS; ++k)
        assert_int_equal(dmlopsDownloadBuffer(f->device, f->outputs[k], 0, out[k], output_bytes[k]),
                         S_OK);
    assert_memory_equal(out[0], input_data, 16);
    assert_memory_equal(out[1], input_data, 20);
    assert_memory_equal(out[2], input_data, 16);
    assert_memory_equal(out[3], owned_data, 16);
}

/* G-F3: the owned graph input is the initializer's; at execution it binds as NONE. */
static void test_owned_graph_input_bound_at_execution(void **state)
{
    struct fixture *f = *state;
    DML_BUFFER_BINDING owned = {f->owned, 0, 16};

    f->in_bindings[1] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &owned};
    bind(f, INPUTS, OUTPUTS);
    expect_removed_and_untouched(f);
}

/* B-E1: the graph's InputCount (3), not one node's inputs (1) nor all its nodes' (4). */
static void test_input_count_of_a_node(void **state)
{
    struct fixture *f = *state;

    bind(f, 1, OUTPUTS);
    expect_removed_and_untouched(f);
}

static void test_input_count_of_the_nodes(void **state)
{
    struct fixture *f = *state;

    bind(f, NODES, OUTPUTS);
    expect_removed_and_untouched(f);
}

/* B-E1: the graph's OutputCount (4), not one node's (1) nor one more. */
static void test_output_count_of_a_node(void **state)
{
    struct fixture *f = *state;

    bind(f, INPUTS, 1);
    expect_removed_and_untouched(f);
}

static void test_output_count_above_the_graphs(void **state)
{
    struct fixture *f = *state;

    bind(f, INPUTS, OUTPUTS + 1);
    expect_removed_and_untouched(f);
}

/* G-E4, GD7: input 0's binding must cover its largest consumer (20 bytes), not only its first or
 * last (16). */
static void test_input_smaller_than_largest_consumer(void **state)
{
    struct fixture *f = *state;

    f->in_buffers[0].SizeInBytes = 16;
    bind(f, INPUTS, OUTPUTS);
    expect_removed_and_untouched(f);
}

#define CASE(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    /* clang-format off */
    const struct CMUnitTest tests[] = {
        CASE(test_control_graph_bindings_run),
        CASE(test_owned_graph_input_bound_at_execution),
        CASE(test_input_count_of_a_node),
        CASE(test_input_count_of_the_nodes),
        CASE(test_output_count_of_a_node),
        CASE(test_output_count_above_the_graphs),
        CASE(test_input_smaller_than_largest_consumer),
    };
    /* clang-format on */

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Binding and dispatch misuse (spec 4.6, decision D13): each case leads to no dispatch (the
 * output keeps its poison), no out-of-range access, E_INVALIDARG from GetDeviceRemovedReason and
 * DXGI_ERROR_DEVICE_REMOVED from the device's later HRESULT methods. */
#define COBJMACROS
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "gpu.h"

#define ELEMENTS 64
#define TENSOR_BYTES (ELEMENTS * 4)
#define BUFFER_BYTES 1024
#define POISON 0xA5

/* A two-output SPLIT of 64 uint32 along its only axis (32 + 32), compiled and ready. */
struct fixture
{
    IDMLDevice *device;
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;
    IDMLCommandRecorder *recorder;
    ID3D12Resource *input, *outputs[2], *persistent;
    DML_BUFFER_BINDING in_buffer, out_buffers[2];
    DML_BINDING_DESC in_binding, out_bindings[2];
};

static UINT in_sizes[1] = {ELEMENTS}, half_sizes[1] = {ELEMENTS / 2};
static DML_BUFFER_TENSOR_DESC in_desc = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 1,
                                         in_sizes, NULL, TENSOR_BYTES, 0};
static DML_BUFFER_TENSOR_DESC half_desc = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 1,
                                           half_sizes, NULL, TENSOR_BYTES / 2, 0};

static void poison(struct fixture *f)
{
    unsigned char bytes[BUFFER_BYTES];

    memset(bytes, POISON, sizeof(bytes));
    for (int k = 0; k < 2; ++k)
        assert_int_equal(dmlopsUploadBuffer(f->device, f->outputs[k], 0, bytes, sizeof(bytes)), S_OK);
}

static void create_operator(struct fixture *f, DML_TENSOR_FLAGS input_flags)
{
    static DML_TENSOR_DESC tensors[3];
    DML_SPLIT_OPERATOR_DESC split = {&tensors[0], 2, &tensors[1], 0};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SPLIT, &split};
    static DML_BUFFER_TENSOR_DESC input;

    input = in_desc;
    input.Flags = input_flags;
    tensors[0] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &input};
    tensors[1] = tensors[2] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &half_desc};
    assert_int_equal(IDMLDevice_CreateOperator(f->device, &desc, &IID_IDMLOperator, (void **)&f->op), S_OK);
    assert_int_equal(IDMLDevice_CompileOperator(f->device, f->op, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, (void **)&f->compiled), S_OK);
}

/* An OWNED_BY_DML input is bound at initialization and copied into the persistent resource. */
static void bind_owned_input(struct fixture *f, IDMLBindingTable *table)
{
    UINT64 size = IDMLCompiledOperator_GetBindingProperties(f->compiled).PersistentResourceSize;
    DML_BUFFER_BINDING input = {f->input, 0, TENSOR_BYTES}, persistent;
    DML_BUFFER_ARRAY_BINDING array = {1, &input};
    DML_BINDING_DESC inputs = {DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    DML_BINDING_DESC output = {DML_BINDING_TYPE_BUFFER, &persistent};

    assert_true(size >= TENSOR_BYTES);
    assert_int_equal(dmlopsCreateBuffer(f->device, size, &f->persistent), S_OK);
    persistent = (DML_BUFFER_BINDING){f->persistent, 0, size};
    IDMLBindingTable_BindInputs(table, 1, &inputs);
    IDMLBindingTable_BindOutputs(table, 1, &output);
}

static void initialize(struct fixture *f)
{
    IDMLOperatorInitializer *initializer;
    DML_BINDING_TABLE_DESC desc = {NULL, {0}, {0}, 0};
    IDMLBindingTable *table;

    assert_int_equal(IDMLDevice_CreateOperatorInitializer(f->device, 1, &f->compiled,
                                                          &IID_IDMLOperatorInitializer,
                                                          (void **)&initializer), S_OK);
    desc.Dispatchable = (IDMLDispatchable *)initializer;
    assert_int_equal(IDMLDevice_CreateBindingTable(f->device, &desc, &IID_IDMLBindingTable,
                                                   (void **)&table), S_OK);
    if (f->input)
        bind_owned_input(f, table);
    assert_int_equal(dmlopsExecute(f->device, (IDMLDispatchable *)initializer, table), S_OK);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(initializer);
}

static void bind_all(struct fixture *f)
{
    IDMLBindingTable_BindInputs(f->table, 1, &f->in_binding);
    IDMLBindingTable_BindOutputs(f->table, 2, f->out_bindings);
}

static int setup_common(void **state, DML_TENSOR_FLAGS input_flags, BOOL init)
{
    static struct fixture f;
    DML_BINDING_TABLE_DESC desc = {NULL, {0}, {0}, 0};

    memset(&f, 0, sizeof(f));
    f.device = gpu_create_device(0, TRUE);
    create_operator(&f, input_flags);
    for (int k = 0; k < 2; ++k)
        assert_int_equal(dmlopsCreateBuffer(f.device, BUFFER_BYTES, &f.outputs[k]), S_OK);
    if (input_flags & DML_TENSOR_FLAG_OWNED_BY_DML)
        assert_int_equal(dmlopsCreateBuffer(f.device, BUFFER_BYTES, &f.input), S_OK);
    if (init)
        initialize(&f);
    if (!f.input)
        assert_int_equal(dmlopsCreateBuffer(f.device, BUFFER_BYTES, &f.input), S_OK);
    f.in_buffer = (DML_BUFFER_BINDING){f.input, 0, TENSOR_BYTES};
    f.in_binding = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &f.in_buffer};
    for (int k = 0; k < 2; ++k)
    {
        f.out_buffers[k] = (DML_BUFFER_BINDING){f.outputs[k], 0, TENSOR_BYTES / 2};
        f.out_bindings[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &f.out_buffers[k]};
    }
    desc.Dispatchable = (IDMLDispatchable *)f.compiled;
    assert_int_equal(IDMLDevice_CreateBindingTable(f.device, &desc, &IID_IDMLBindingTable,
                                                   (void **)&f.table), S_OK);
    assert_int_equal(IDMLDevice_CreateCommandRecorder(f.device, &IID_IDMLCommandRecorder,
                                                      (void **)&f.recorder), S_OK);
    poison(&f);
    *state = &f;
    return 0;
}

static int setup(void **state)
{
    return setup_common(state, DML_TENSOR_FLAG_NONE, TRUE);
}

static int setup_uninitialized(void **state)
{
    return setup_common(state, DML_TENSOR_FLAG_NONE, FALSE);
}

static int setup_owned(void **state)
{
    return setup_common(state, DML_TENSOR_FLAG_OWNED_BY_DML, TRUE);
}

static int teardown(void **state)
{
    struct fixture *f = *state;

    dmlopsDestroyBuffer(f->device, f->input);
    dmlopsDestroyBuffer(f->device, f->persistent);
    for (int k = 0; k < 2; ++k)
        dmlopsDestroyBuffer(f->device, f->outputs[k]);
    IDMLCommandRecorder_Release(f->recorder);
    IDMLBindingTable_Release(f->table);
    IDMLCompiledOperator_Release(f->compiled);
    IDMLOperator_Release(f->op);
    assert_int_equal(IDMLDevice_Release(f->device), 0);
    return 0;
}

/* Records the operator and submits; then the device must be removed and nothing written. */
static void expect_removed_and_untouched(struct fixture *f)
{
    unsigned char bytes[BUFFER_BYTES], expected[BUFFER_BYTES];
    ID3D12CommandList *list;
    IDMLOperator *op = NULL;
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, NULL};

    assert_int_equal(dmlopsCreateCommandList(f->device, &list), S_OK);
    IDMLCommandRecorder_RecordDispatch(f->recorder, list, (IDMLDispatchable *)f->compiled, f->table);
    dmlopsSubmitCommandList(f->device, list);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), E_INVALIDARG);
    assert_int_equal(IDMLDevice_CreateOperator(f->device, &desc, &IID_IDMLOperator, (void **)&op),
                     DXGI_ERROR_DEVICE_REMOVED);
    memset(expected, POISON, sizeof(expected));
    for (int k = 0; k < 2; ++k)
    {
        assert_int_equal(dmlopsDownloadBuffer(f->device, f->outputs[k], 0, bytes, sizeof(bytes)), S_OK);
        assert_memory_equal(bytes, expected, sizeof(bytes));
    }
}

static void test_control_valid_bindings_run(void **state)
{
    struct fixture *f = *state;
    ID3D12CommandList *list;
    UINT values[ELEMENTS], out[ELEMENTS / 2];

    for (UINT i = 0; i < ELEMENTS; ++i)
        values[i] = i * 7;
    assert_int_equal(dmlopsUploadBuffer(f->device, f->input, 0, values, sizeof(values)), S_OK);
    bind_all(f);
    assert_int_equal(dmlopsCreateCommandList(f->device, &list), S_OK);
    IDMLCommandRecorder_RecordDispatch(f->recorder, list, (IDMLDispatchable *)f->compiled, f->table);
    assert_int_equal(dmlopsSubmitCommandList(f->device, list), S_OK);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
    assert_int_equal(dmlopsDownloadBuffer(f->device, f->outputs[1], 0, out, sizeof(out)), S_OK);
    assert_memory_equal(out, values + ELEMENTS / 2, sizeof(out));
}

static void test_wrong_input_count(void **state)
{
    struct fixture *f = *state;
    DML_BINDING_DESC two[2] = {f->in_binding, f->in_binding};

    IDMLBindingTable_BindInputs(f->table, 2, two);
    IDMLBindingTable_BindOutputs(f->table, 2, f->out_bindings);
    expect_removed_and_untouched(f);
}

static void test_wrong_output_count(void **state)
{
    struct fixture *f = *state;

    IDMLBindingTable_BindInputs(f->table, 1, &f->in_binding);
    IDMLBindingTable_BindOutputs(f->table, 1, f->out_bindings);
    expect_removed_and_untouched(f);
}

static void test_null_bindings_with_count(void **state)
{
    struct fixture *f = *state;

    IDMLBindingTable_BindInputs(f->table, 1, NULL);
    expect_removed_and_untouched(f);
}

static void test_null_buffer_desc(void **state)
{
    struct fixture *f = *state;
    DML_BINDING_DESC null_desc = {DML_BINDING_TYPE_BUFFER, NULL};

    IDMLBindingTable_BindInputs(f->table, 1, &null_desc);
    expect_removed_and_untouched(f);
}

static void test_range_past_buffer(void **state)
{
    struct fixture *f = *state;

    f->out_buffers[1].Offset = BUFFER_BYTES - 64;
    f->out_buffers[1].SizeInBytes = 128;
    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_offset_overflow(void **state)
{
    struct fixture *f = *state;

    f->in_buffer.Offset = UINT64_MAX - 15;
    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_misaligned_offset(void **state)
{
    struct fixture *f = *state;

    f->out_buffers[0].Offset = 4;
    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_size_below_tensor(void **state)
{
    struct fixture *f = *state;

    f->in_buffer.SizeInBytes = TENSOR_BYTES - 4;
    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_overlapping_outputs(void **state)
{
    struct fixture *f = *state;

    f->out_buffers[1] = f->out_buffers[0];
    f->out_buffers[1].Offset = 64; /* [64, 192) overlaps [0, 128) */
    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_input_aliases_output(void **state)
{
    struct fixture *f = *state;

    f->in_buffer.Buffer = f->outputs[0];
    f->in_buffer.SizeInBytes = BUFFER_BYTES;
    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_wrong_binding_type(void **state)
{
    struct fixture *f = *state;
    DML_BUFFER_ARRAY_BINDING array = {1, &f->in_buffer};
    DML_BINDING_DESC as_array = {DML_BINDING_TYPE_BUFFER_ARRAY, &array};

    IDMLBindingTable_BindInputs(f->table, 1, &as_array);
    expect_removed_and_untouched(f);
}

static void test_output_not_bound(void **state)
{
    struct fixture *f = *state;

    IDMLBindingTable_BindInputs(f->table, 1, &f->in_binding);
    expect_removed_and_untouched(f);
}

static void test_execute_before_initialize(void **state)
{
    struct fixture *f = *state;

    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_owned_input_bound_at_execution(void **state)
{
    struct fixture *f = *state;
    DML_BUFFER_BINDING persistent = {f->persistent, 0, BUFFER_BYTES};
    DML_BINDING_DESC binding = {DML_BINDING_TYPE_BUFFER, &persistent};

    persistent.SizeInBytes = IDMLCompiledOperator_GetBindingProperties(f->compiled).PersistentResourceSize;
    IDMLBindingTable_BindPersistentResource(f->table, &binding);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
    bind_all(f);
    expect_removed_and_untouched(f);
}

static void test_persistent_misaligned(void **state)
{
    struct fixture *f = *state;
    DML_BUFFER_BINDING persistent = {f->input, 16, 512};
    DML_BINDING_DESC binding = {DML_BINDING_TYPE_BUFFER, &persistent};

    IDMLBindingTable_BindPersistentResource(f->table, &binding);
    expect_removed_and_untouched(f);
}

/* A foreign object that looks like a COM object: its vtable is not the library's. */
static HRESULT STDMETHODCALLTYPE fake_query(void *self, REFIID riid, void **ppv)
{
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE fake_count(void *self)
{
    return 1;
}

static void test_foreign_dispatchable(void **state)
{
    struct fixture *f = *state;
    void *vtable[16] = {(void *)fake_query, (void *)fake_count, (void *)fake_count};
    struct
    {
        void **vtable;
    } fake = {vtable};
    ID3D12CommandList *list;

    bind_all(f);
    assert_int_equal(dmlopsCreateCommandList(f->device, &list), S_OK);
    IDMLCommandRecorder_RecordDispatch(f->recorder, list, (IDMLDispatchable *)&fake, f->table);
    dmlopsSubmitCommandList(f->device, list);
    expect_removed_and_untouched(f);
}

static void test_table_of_another_dispatchable(void **state)
{
    struct fixture *f = *state;
    IDMLCompiledOperator *other;
    ID3D12CommandList *list;

    bind_all(f);
    assert_int_equal(IDMLDevice_CompileOperator(f->device, f->op, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, (void **)&other), S_OK);
    assert_int_equal(dmlopsCreateCommandList(f->device, &list), S_OK);
    IDMLCommandRecorder_RecordDispatch(f->recorder, list, (IDMLDispatchable *)other, f->table);
    dmlopsSubmitCommandList(f->device, list);
    IDMLCompiledOperator_Release(other);
    expect_removed_and_untouched(f);
}

static void test_null_command_list(void **state)
{
    struct fixture *f = *state;

    bind_all(f);
    IDMLCommandRecorder_RecordDispatch(f->recorder, NULL, (IDMLDispatchable *)f->compiled, f->table);
    expect_removed_and_untouched(f);
}

#define CASE(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        CASE(test_control_valid_bindings_run),
        CASE(test_wrong_input_count),
        CASE(test_wrong_output_count),
        CASE(test_null_bindings_with_count),
        CASE(test_null_buffer_desc),
        CASE(test_range_past_buffer),
        CASE(test_offset_overflow),
        CASE(test_misaligned_offset),
        CASE(test_size_below_tensor),
        CASE(test_overlapping_outputs),
        CASE(test_input_aliases_output),
        CASE(test_wrong_binding_type),
        CASE(test_output_not_bound),
        cmocka_unit_test_setup_teardown(test_execute_before_initialize, setup_uninitialized, teardown),
        cmocka_unit_test_setup_teardown(test_owned_input_bound_at_execution, setup_owned, teardown),
        CASE(test_persistent_misaligned),
        CASE(test_foreign_dispatchable),
        CASE(test_table_of_another_dispatchable),
        CASE(test_null_command_list),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

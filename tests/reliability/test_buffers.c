/* Destroyed and foreign buffers on the library's own device (issue 11, defect 3): every buffer of
 * the device is in its registry, so a buffer destroyed with dmlopsDestroyBuffer or one of another
 * device is refused before its handle is read: E_INVALIDARG from the helpers, device removal with
 * E_INVALIDARG (D13) and a debug line naming the binding from Bind* and RecordDispatch. A buffer
 * destroyed after its dispatch was recorded (the application's bug, as in D3D12) is kept until
 * the command list has run, so the GPU never writes into freed memory (valgrind's stage checks). */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "gpu.h"
#include <cmocka.h>

#define ELEMENTS 64
#define TENSOR_BYTES (ELEMENTS * 4)
#define POISON 0xA5

struct fixture
{
    IDMLDevice *device, *other;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;
    ID3D12Resource *input, *outputs[2], *foreign;
    FILE *diag;
};

static struct fixture fixture;

/* SPLIT of 64 uint32 into two halves. */
static IDMLCompiledOperator *compile_split(IDMLDevice *device, DML_EXECUTION_FLAGS flags)
{
    static UINT in_sizes[1] = {ELEMENTS}, half_sizes[1] = {ELEMENTS / 2};
    static DML_BUFFER_TENSOR_DESC in = {
        DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 1, in_sizes, NULL, TENSOR_BYTES, 0};
    static DML_BUFFER_TENSOR_DESC half = {DML_TENSOR_DATA_TYPE_UINT32,
                                          DML_TENSOR_FLAG_NONE,
                                          1,
                                          half_sizes,
                                          NULL,
                                          TENSOR_BYTES / 2,
                                          0};
    DML_TENSOR_DESC tensors[3] = {{DML_TENSOR_TYPE_BUFFER, &in},
                                  {DML_TENSOR_TYPE_BUFFER, &half},
                                  {DML_TENSOR_TYPE_BUFFER, &half}};
    DML_SPLIT_OPERATOR_DESC split = {&tensors[0], 2, &tensors[1], 0};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SPLIT, &split};
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;

    assert_int_equal(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op),
                     S_OK);
    assert_int_equal(IDMLDevice_CompileOperator(device, op, flags, &IID_IDMLCompiledOperator,
                                                (void **)&compiled),
                     S_OK);
    IDMLOperator_Release(op);
    return compiled;
}

static void initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *init;
    IDMLBindingTable *table;
    DML_BINDING_TABLE_DESC desc = {NULL, {0}, {0}, 0};

    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&init),
                     S_OK);
    desc.Dispatchable = (IDMLDispatchable *)init;
    assert_int_equal(
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)&table), S_OK);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)init, table), S_OK);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(init);
}

static ID3D12Resource *buffer(IDMLDevice *device, unsigned char fill)
{
    unsigned char bytes[TENSOR_BYTES];
    ID3D12Resource *resource;

    memset(bytes, fill, sizeof(bytes));
    assert_int_equal(dmlopsCreateBuffer(device, TENSOR_BYTES, &resource), S_OK);
    assert_int_equal(dmlopsUploadBuffer(device, resource, 0, bytes, sizeof(bytes)), S_OK);
    return resource;
}

static int setup_flags(void **state, DML_EXECUTION_FLAGS flags)
{
    struct fixture *f = &fixture;
    DML_BINDING_TABLE_DESC desc = {NULL, {0}, {0}, 0};
    UINT values[ELEMENTS];

    memset(f, 0, sizeof(*f));
    f->device = gpu_create_device(0, TRUE);
    f->other = gpu_create_device(0, TRUE);
    f->compiled = compile_split(f->device, flags);
    initialize(f->device, f->compiled);
    for (UINT i = 0; i < ELEMENTS; ++i)
        values[i] = i * 3 + 1;
    f->input = buffer(f->device, 0);
    assert_int_equal(dmlopsUploadBuffer(f->device, f->input, 0, values, sizeof(values)), S_OK);
    f->outputs[0] = buffer(f->device, POISON);
    f->outputs[1] = buffer(f->device, POISON);
    f->foreign = buffer(f->other, POISON);
    desc.Dispatchable = (IDMLDispatchable *)f->compiled;
    assert_int_equal(
        IDMLDevice_CreateBindingTable(f->device, &desc, &IID_IDMLBindingTable, (void **)&f->table),
        S_OK);
    assert_non_null(f->diag = tmpfile());
    dml_diag_set_stream(f->diag);
    *state = f;
    return 0;
}

static int setup(void **state)
{
    return setup_flags(state, DML_EXECUTION_FLAG_NONE);
}

static int setup_volatile(void **state)
{
    return setup_flags(state, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
}

static int teardown(void **state)
{
    struct fixture *f = *state;

    dml_diag_set_stream(NULL);
    fclose(f->diag);
    dmlopsDestroyBuffer(f->device, f->input);
    dmlopsDestroyBuffer(f->device, f->outputs[0]);
    dmlopsDestroyBuffer(f->device, f->outputs[1]);
    dmlopsDestroyBuffer(f->other, f->foreign);
    IDMLBindingTable_Release(f->table);
    IDMLCompiledOperator_Release(f->compiled);
    assert_int_equal(IDMLDevice_Release(f->other), 0);
    assert_int_equal(IDMLDevice_Release(f->device), 0);
    return 0;
}

/* Whether the debug output so far contains text. */
static bool diag_says(struct fixture *f, const char *text)
{
    char all[4096] = {0};

    fflush(f->diag);
    rewind(f->diag);
    (void)!fread(all, 1, sizeof(all) - 1, f->diag);
    fseek(f->diag, 0, SEEK_END);
    if (!strstr(all, text))
        fprintf(stderr, "debug output lacks \"%s\":\n%s\n", text, all);
    return strstr(all, text) != NULL;
}

/* How many times the debug output so far contains text. */
static int diag_count(struct fixture *f, const char *text)
{
    char all[8192] = {0};
    int n = 0;

    fflush(f->diag);
    rewind(f->diag);
    (void)!fread(all, 1, sizeof(all) - 1, f->diag);
    fseek(f->diag, 0, SEEK_END);
    for (const char *at = all; (at = strstr(at, text)); at += strlen(text))
        ++n;
    return n;
}

static void bind(struct fixture *f, ID3D12Resource *input, ID3D12Resource *out0,
                 ID3D12Resource *out1)
{
    DML_BUFFER_BINDING in = {input, 0, TENSOR_BYTES},
                       outs[2] = {{out0, 0, TENSOR_BYTES / 2}, {out1, 0, TENSOR_BYTES / 2}};
    DML_BINDING_DESC in_desc = {DML_BINDING_TYPE_BUFFER, &in};
    DML_BINDING_DESC out_descs[2] = {{DML_BINDING_TYPE_BUFFER, &outs[0]},
                                     {DML_BINDING_TYPE_BUFFER, &outs[1]}};

    IDMLBindingTable_BindInputs(f->table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(f->table, 2, out_descs);
}

static void expect_poisoned(struct fixture *f, ID3D12Resource *resource)
{
    unsigned char bytes[TENSOR_BYTES], expected[TENSOR_BYTES];

    memset(expected, POISON, sizeof(expected));
    assert_int_equal(dmlopsDownloadBuffer(f->device, resource, 0, bytes, sizeof(bytes)), S_OK);
    assert_memory_equal(bytes, expected, sizeof(bytes));
}

static void expect_first_half(struct fixture *f, ID3D12Resource *resource)
{
    UINT out[ELEMENTS / 2];

    assert_int_equal(dmlopsDownloadBuffer(f->device, resource, 0, out, sizeof(out)), S_OK);
    for (UINT i = 0; i < ELEMENTS / 2; ++i)
        assert_int_equal(out[i], i * 3 + 1);
}

static void test_helpers_refuse_destroyed_buffer(void **state)
{
    struct fixture *f = *state;
    unsigned char bytes[TENSOR_BYTES] = {0};
    ID3D12Resource *gone = buffer(f->device, 0);

    dmlopsDestroyBuffer(f->device, gone);
    assert_int_equal(dmlopsUploadBuffer(f->device, gone, 0, bytes, sizeof(bytes)), E_INVALIDARG);
    assert_int_equal(dmlopsDownloadBuffer(f->device, gone, 0, bytes, sizeof(bytes)), E_INVALIDARG);
    assert_true(diag_says(f, "dmlopsUploadBuffer: buffer"));
    dmlopsDestroyBuffer(f->device, gone); /* twice: ignored, said */
    assert_true(diag_says(f, "dmlopsDestroyBuffer: buffer"));
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
}

static void test_helpers_refuse_foreign_buffer(void **state)
{
    struct fixture *f = *state;
    unsigned char bytes[TENSOR_BYTES] = {0};

    assert_int_equal(dmlopsUploadBuffer(f->device, f->foreign, 0, bytes, sizeof(bytes)),
                     E_INVALIDARG);
    assert_int_equal(dmlopsDownloadBuffer(f->device, f->foreign, 0, bytes, sizeof(bytes)),
                     E_INVALIDARG);
    dmlopsDestroyBuffer(f->device, f->foreign); /* not this device's: left alone */
    assert_int_equal(dmlopsUploadBuffer(f->other, f->foreign, 0, bytes, sizeof(bytes)), S_OK);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
}

static void test_bind_destroyed_output(void **state)
{
    struct fixture *f = *state;
    ID3D12Resource *gone = buffer(f->device, 0);

    dmlopsDestroyBuffer(f->device, gone);
    bind(f, f->input, f->outputs[0], gone);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), E_INVALIDARG);
    assert_true(diag_says(f, "BindOutputs: output 1: buffer"));
}

static void test_bind_foreign_input(void **state)
{
    struct fixture *f = *state;

    bind(f, f->foreign, f->outputs[0], f->outputs[1]);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), E_INVALIDARG);
    assert_true(diag_says(f, "BindInputs: input 0: buffer"));
}

/* Bound, destroyed, then executed: refused when recorded, nothing dispatched. */
static void test_destroy_after_bind_then_execute(void **state)
{
    struct fixture *f = *state;
    ID3D12Resource *doomed = buffer(f->device, POISON);

    bind(f, f->input, f->outputs[0], doomed);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
    dmlopsDestroyBuffer(f->device, doomed);
    assert_int_equal(dmlopsExecute(f->device, (IDMLDispatchable *)f->compiled, f->table),
                     DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), E_INVALIDARG);
    assert_true(diag_says(f, "output 1: its buffer was destroyed after it was bound"));
    expect_poisoned(f, f->outputs[0]);
}

/* doomed, a new buffer, bound as output 1 and recorded once into a new list of f's device. */
static ID3D12Resource *record_doomed(struct fixture *f, IDMLCommandRecorder **recorder,
                                     ID3D12CommandList **list)
{
    ID3D12Resource *doomed = buffer(f->device, POISON);

    bind(f, f->input, f->outputs[0], doomed);
    assert_int_equal(
        IDMLDevice_CreateCommandRecorder(f->device, &IID_IDMLCommandRecorder, (void **)recorder),
        S_OK);
    assert_int_equal(dmlopsCreateCommandList(f->device, list), S_OK);
    IDMLCommandRecorder_RecordDispatch(*recorder, *list, (IDMLDispatchable *)f->compiled, f->table);
    return doomed;
}

/* Recorded, destroyed, then submitted: the buffer lives until the work is done. */
static void test_destroy_after_record_then_submit(void **state)
{
    struct fixture *f = *state;
    IDMLCommandRecorder *recorder;
    ID3D12CommandList *list;
    ID3D12Resource *doomed = record_doomed(f, &recorder, &list);
    unsigned char bytes[TENSOR_BYTES] = {0};

    dmlopsDestroyBuffer(f->device, doomed);
    assert_int_equal(dmlopsUploadBuffer(f->device, doomed, 0, bytes, sizeof(bytes)), E_INVALIDARG);
    assert_int_equal(dmlopsSubmitCommandList(f->device, list), S_OK);
    expect_first_half(f, f->outputs[0]);
    assert_int_equal(dmlopsUploadBuffer(f->device, doomed, 0, bytes, sizeof(bytes)), E_INVALIDARG);
    IDMLCommandRecorder_Release(recorder);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
}

/* Recorded, destroyed, then recorded again into the same list: refused, though the list noted
 * that table's buffers already (it skips them only while no buffer has been destroyed). */
static void test_destroy_between_records_into_one_list(void **state)
{
    struct fixture *f = *state;
    IDMLCommandRecorder *recorder;
    ID3D12CommandList *list;
    ID3D12Resource *doomed = record_doomed(f, &recorder, &list);

    IDMLCommandRecorder_RecordDispatch(recorder, list, (IDMLDispatchable *)f->compiled, f->table);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), S_OK);
    dmlopsDestroyBuffer(f->device, doomed);
    IDMLCommandRecorder_RecordDispatch(recorder, list, (IDMLDispatchable *)f->compiled, f->table);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), E_INVALIDARG);
    assert_true(diag_says(f, "output 1: its buffer was destroyed after it was bound"));
    IDMLCommandRecorder_Release(recorder);
}

/* The same for command lists: one already submitted (freed) or of another device. */
static void test_record_into_submitted_or_foreign_list(void **state)
{
    struct fixture *f = *state;
    IDMLCommandRecorder *recorder;
    ID3D12CommandList *list, *foreign;

    bind(f, f->input, f->outputs[0], f->outputs[1]);
    assert_int_equal(
        IDMLDevice_CreateCommandRecorder(f->device, &IID_IDMLCommandRecorder, (void **)&recorder),
        S_OK);
    assert_int_equal(dmlopsCreateCommandList(f->other, &foreign), S_OK);
    IDMLCommandRecorder_RecordDispatch(recorder, foreign, (IDMLDispatchable *)f->compiled,
                                       f->table);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->device), E_INVALIDARG);
    assert_true(diag_says(f, "RecordDispatch: the command list is not one of this device"));
    assert_int_equal(dmlopsSubmitCommandList(f->other, foreign), S_OK);
    IDMLCommandRecorder_Release(recorder);

    assert_int_equal(dmlopsCreateCommandList(f->other, &list), S_OK);
    assert_int_equal(dmlopsSubmitCommandList(f->other, list), S_OK);
    assert_int_equal(
        IDMLDevice_CreateCommandRecorder(f->other, &IID_IDMLCommandRecorder, (void **)&recorder),
        S_OK);
    IDMLCommandRecorder_RecordDispatch(recorder, list, (IDMLDispatchable *)f->compiled, f->table);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f->other), E_INVALIDARG);
    assert_int_equal(diag_count(f, "the command list is not one of this device"), 2);
    IDMLCommandRecorder_Release(recorder);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_helpers_refuse_destroyed_buffer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_helpers_refuse_foreign_buffer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bind_destroyed_output, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bind_foreign_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_destroy_after_bind_then_execute, setup, teardown),
        cmocka_unit_test_setup_teardown(test_destroy_after_record_then_submit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_destroy_between_records_into_one_list, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_record_into_submitted_or_foreign_list, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_destroy_after_record_then_submit, setup_volatile,
                                        teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

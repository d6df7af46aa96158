/* Binding tables of a SPLIT into 32 outputs, more addresses than push constants hold, so one
 * dispatch reading them from a slot block: without DESCRIPTORS_VOLATILE the recording's own,
 * written when recorded, and with it the table's, read at execution. One table recorded twice
 * into one command list with a Reset and other buffers in between, or released right after
 * recording: each recorded dispatch must see its own bindings. Without DESCRIPTORS_VOLATILE they
 * are taken when recorded; with it, at execution from the table's descriptor range, so the second
 * recording is made on another range (GPUDescriptorHandle), as in D3D12, where each range keeps its
 * own descriptors whatever becomes of the table, and tables on one range share them. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dml_util.h"
#include "gpu.h"

#define ROWS 4u
#define PARTS 32u

struct split_run
{
    IDMLDevice *device;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;
    IDMLCommandRecorder *recorder;
    ID3D12Resource *inputs[2];
    ID3D12Resource *outputs[2][PARTS];
};

static const UINT input_sizes[2] = {ROWS, PARTS}, output_sizes[2] = {ROWS, 1};
static const UINT64 output_bytes = ROWS * sizeof(uint32_t);

static uint32_t input_value(uint32_t set, uint32_t row, uint32_t column)
{
    return 0x10000u * (set + 1) + row * PARTS + column;
}

static void compile_split(struct split_run *r, DML_EXECUTION_FLAGS flags)
{
    DML_BUFFER_TENSOR_DESC in_buffer, out_buffer;
    DML_TENSOR_DESC in_tensor, out_tensors[PARTS];
    dml_util_tensor(&in_buffer, &in_tensor, DML_TENSOR_DATA_TYPE_UINT32, 2, input_sizes,
                    DML_TENSOR_FLAG_NONE);
    dml_util_tensor(&out_buffer, &out_tensors[0], DML_TENSOR_DATA_TYPE_UINT32, 2, output_sizes,
                    DML_TENSOR_FLAG_NONE);
    for (uint32_t k = 1; k < PARTS; ++k)
        out_tensors[k] = out_tensors[0];
    DML_SPLIT_OPERATOR_DESC split = {&in_tensor, PARTS, out_tensors, 1};
    assert_int_equal(
        dml_util_compile_flags(r->device, DML_OPERATOR_SPLIT, &split, flags, &r->compiled), S_OK);
}

static void create_buffers(struct split_run *r)
{
    uint32_t values[ROWS * PARTS];
    for (uint32_t set = 0; set < 2; ++set)
    {
        for (uint32_t i = 0; i < ROWS * PARTS; ++i)
            values[i] = input_value(set, i / PARTS, i % PARTS);
        assert_int_equal(dmlopsCreateBuffer(r->device, sizeof(values), &r->inputs[set]), S_OK);
        assert_int_equal(dmlopsUploadBuffer(r->device, r->inputs[set], 0, values, sizeof(values)),
                         S_OK);
        for (uint32_t k = 0; k < PARTS; ++k)
            assert_int_equal(dmlopsCreateBuffer(r->device, output_bytes, &r->outputs[set][k]),
                             S_OK);
    }
}

static void setup_run(struct split_run *r, DML_EXECUTION_FLAGS flags)
{
    memset(r, 0, sizeof(*r));
    r->device = gpu_create_device(0, TRUE);
    compile_split(r, flags);
    create_buffers(r);
    assert_int_equal(dml_util_initialize(r->device, r->compiled), S_OK);
    assert_int_equal(dml_util_table(r->device, (IDMLDispatchable *)r->compiled, &r->table), S_OK);
    assert_int_equal(IDMLDevice_CreateCommandRecorder(r->device, &IID_IDMLCommandRecorder,
                                                      (void **)&r->recorder),
                     S_OK);
}

static void bind_set(struct split_run *r, uint32_t set)
{
    DML_BUFFER_BINDING in = {r->inputs[set], 0, ROWS * PARTS * sizeof(uint32_t)}, outs[PARTS];
    DML_BINDING_DESC in_desc = dml_util_binding(&in), out_descs[PARTS];
    for (uint32_t k = 0; k < PARTS; ++k)
    {
        outs[k] = (DML_BUFFER_BINDING){r->outputs[set][k], 0, output_bytes};
        out_descs[k] = dml_util_binding(&outs[k]);
    }
    IDMLBindingTable_BindInputs(r->table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(r->table, PARTS, out_descs);
}

/* The table's descriptor range: GPUDescriptorHandle (0: none) and SizeInDescriptors. */
static DML_BINDING_TABLE_DESC table_desc(struct split_run *r, uint64_t range)
{
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)r->compiled, {range}, {range}, range ? 1 : 0};
    return desc;
}

static void reset_table_on(struct split_run *r, uint64_t range)
{
    DML_BINDING_TABLE_DESC desc = table_desc(r, range);
    assert_int_equal(IDMLBindingTable_Reset(r->table, &desc), S_OK);
}

static void record(struct split_run *r, ID3D12CommandList *list)
{
    IDMLCommandRecorder_RecordDispatch(r->recorder, list, (IDMLDispatchable *)r->compiled,
                                       r->table);
}

static void check_outputs(struct split_run *r)
{
    for (uint32_t set = 0; set < 2; ++set)
    {
        for (uint32_t k = 0; k < PARTS; ++k)
        {
            uint32_t got[ROWS];
            assert_int_equal(
                dmlopsDownloadBuffer(r->device, r->outputs[set][k], 0, got, sizeof(got)), S_OK);
            for (uint32_t row = 0; row < ROWS; ++row)
            {
                if (got[row] != input_value(set, row, k))
                    fail_msg("set %u output %u row %u: expected 0x%x, got 0x%x", set, k, row,
                             input_value(set, row, k), got[row]);
            }
        }
    }
}

static void teardown_run(struct split_run *r)
{
    for (uint32_t set = 0; set < 2; ++set)
    {
        dmlopsDestroyBuffer(r->device, r->inputs[set]);
        for (uint32_t k = 0; k < PARTS; ++k)
            dmlopsDestroyBuffer(r->device, r->outputs[set][k]);
    }
    IDMLCommandRecorder_Release(r->recorder);
    IDMLBindingTable_Release(r->table);
    IDMLCompiledOperator_Release(r->compiled);
    IDMLDevice_Release(r->device);
}

/* setup_run, and a command list to record into. */
static ID3D12CommandList *setup_with_list(struct split_run *r, DML_EXECUTION_FLAGS flags)
{
    ID3D12CommandList *list = NULL;
    setup_run(r, flags);
    assert_int_equal(dmlopsCreateCommandList(r->device, &list), S_OK);
    return list;
}

/* Runs the list, checks both sets of outputs and releases everything. */
static void submit_and_check(struct split_run *r, ID3D12CommandList *list)
{
    assert_int_equal(dmlopsSubmitCommandList(r->device, list), S_OK);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(r->device), S_OK);
    check_outputs(r);
    teardown_run(r);
}

/* Bound, recorded, Reset and bound again before the list runs. */
static void test_reset_between_records(void **state)
{
    (void)state;
    struct split_run r;
    ID3D12CommandList *list = setup_with_list(&r, DML_EXECUTION_FLAG_NONE);
    bind_set(&r, 0);
    record(&r, list);
    reset_table_on(&r, 0);
    bind_set(&r, 1);
    record(&r, list);
    submit_and_check(&r, list);
}

/* DESCRIPTORS_VOLATILE: each recording bound only after it was recorded. */
static void test_volatile_reset_between_records(void **state)
{
    (void)state;
    struct split_run r;
    ID3D12CommandList *list = setup_with_list(&r, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    record(&r, list);
    bind_set(&r, 0);
    reset_table_on(&r, 0x2000);
    record(&r, list);
    bind_set(&r, 1);
    submit_and_check(&r, list);
}

/* DESCRIPTORS_VOLATILE: a table released after recording and binding, before the list runs; a
 * new table then records the second set. */
static void test_volatile_release_before_run(void **state)
{
    (void)state;
    struct split_run r;
    ID3D12CommandList *list = setup_with_list(&r, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    record(&r, list);
    bind_set(&r, 0);
    IDMLBindingTable_Release(r.table);
    DML_BINDING_TABLE_DESC desc = table_desc(&r, 0x2000);
    assert_int_equal(IDMLDevice_CreateBindingTable(r.device, &desc, &IID_IDMLBindingTable,
                                                   (void **)&r.table),
                     S_OK);
    record(&r, list);
    bind_set(&r, 1);
    submit_and_check(&r, list);
}

/* DESCRIPTORS_VOLATILE: a table Reset and bound many times before it is recorded (each unrecorded
 * block freed at once; the ASan stage of CI sees any leak or double free) runs with its latest
 * bindings, twice. */
static void test_resets_without_records(void **state)
{
    (void)state;
    struct split_run r;
    setup_run(&r, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    for (uint32_t i = 0; i < 1000; ++i)
    {
        reset_table_on(&r, 0);
        bind_set(&r, i % 2);
    }
    bind_set(&r, 0);
    assert_int_equal(dmlopsExecute(r.device, (IDMLDispatchable *)r.compiled, r.table), S_OK);
    reset_table_on(&r, 0);
    bind_set(&r, 1);
    assert_int_equal(dmlopsExecute(r.device, (IDMLDispatchable *)r.compiled, r.table), S_OK);
    check_outputs(&r);
    teardown_run(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_between_records),
        cmocka_unit_test(test_volatile_reset_between_records),
        cmocka_unit_test(test_volatile_release_before_run),
        cmocka_unit_test(test_resets_without_records),
    };
    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* A JOIN of 32 inputs along the last axis (16 bytes of each input per output row), every element
 * size, through the API: 33 bindings, more than push constants hold, all inputs in one buffer.
 * The compiled operator is one dispatch (the row kernel's mirror, reading its addresses from a
 * slot block) with and without DESCRIPTORS_VOLATILE. One table recorded twice into one command
 * list with other bindings in between: without DESCRIPTORS_VOLATILE each recording keeps the
 * bindings it was recorded with (a block of its own); with it, each reads its descriptor range's
 * at execution (the second recording on another range). Every output byte is compared. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dispatchable.h"
#include "dml_util.h"
#include "gpu.h"

#define ROWS 9u
#define INPUTS 32u
#define ROW_BYTES 16u /* of each input */
#define INPUT_BYTES (ROWS * ROW_BYTES)
#define OUTPUT_BYTES (ROWS * ROW_BYTES * INPUTS)
#define SET_STRIDE (INPUTS * INPUT_BYTES) /* set s's inputs start at s * SET_STRIDE */

static const struct
{
    DML_TENSOR_DATA_TYPE type;
    uint32_t bytes;
} types[] = {{DML_TENSOR_DATA_TYPE_UINT8, 1},
             {DML_TENSOR_DATA_TYPE_UINT16, 2},
             {DML_TENSOR_DATA_TYPE_UINT32, 4},
             {DML_TENSOR_DATA_TYPE_UINT64, 8}};

struct join_run
{
    IDMLDevice *device;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;
    IDMLCommandRecorder *recorder;
    ID3D12Resource *inputs;     /* both sets' inputs */
    ID3D12Resource *outputs[2]; /* one per set */
};

/* Byte i of row `row` of input k of set s. */
static uint8_t input_byte(uint32_t set, uint32_t k, uint32_t row, uint32_t i)
{
    return (uint8_t)(set * 101u + k * 29u + row * 7u + i * 3u + 1u);
}

static void compile_join(struct join_run *r, uint32_t t, DML_EXECUTION_FLAGS flags)
{
    const UINT in_sizes[2] = {ROWS, ROW_BYTES / types[t].bytes};
    const UINT out_sizes[2] = {ROWS, INPUTS * ROW_BYTES / types[t].bytes};
    DML_BUFFER_TENSOR_DESC in_buffer, out_buffer;
    DML_TENSOR_DESC in_tensors[INPUTS], out_tensor;
    dml_util_tensor(&in_buffer, &in_tensors[0], types[t].type, 2, in_sizes, DML_TENSOR_FLAG_NONE);
    dml_util_tensor(&out_buffer, &out_tensor, types[t].type, 2, out_sizes, DML_TENSOR_FLAG_NONE);
    for (uint32_t k = 1; k < INPUTS; ++k)
        in_tensors[k] = in_tensors[0];
    DML_JOIN_OPERATOR_DESC join = {INPUTS, in_tensors, &out_tensor, 1};
    assert_int_equal(
        dml_util_compile_flags(r->device, DML_OPERATOR_JOIN, &join, flags, &r->compiled), S_OK);
    /* One dispatch, reading a slot block (it was one per input, or the generic kernel). */
    const struct dml_dispatchable *d =
        dml_compiled_operator_dispatchable((IDMLDispatchable *)r->compiled);
    assert_non_null(d);
    assert_int_equal(dml_dispatchable_dispatch_count(d), 1);
    assert_true(d->steps[0].indirect);
    assert_true(dml_vk_kernel_is_specialized(dml_dispatchable_kernel(d, 0)));
}

static void create_buffers(struct join_run *r)
{
    static uint8_t values[2 * SET_STRIDE], poison[OUTPUT_BYTES];
    for (uint32_t set = 0; set < 2; ++set)
        for (uint32_t k = 0; k < INPUTS; ++k)
            for (uint32_t row = 0; row < ROWS; ++row)
                for (uint32_t i = 0; i < ROW_BYTES; ++i)
                    values[set * SET_STRIDE + k * INPUT_BYTES + row * ROW_BYTES + i] =
                        input_byte(set, k, row, i);
    assert_int_equal(dmlopsCreateBuffer(r->device, sizeof(values), &r->inputs), S_OK);
    assert_int_equal(dmlopsUploadBuffer(r->device, r->inputs, 0, values, sizeof(values)), S_OK);
    memset(poison, 0xA5, sizeof(poison));
    for (uint32_t set = 0; set < 2; ++set)
    {
        assert_int_equal(dmlopsCreateBuffer(r->device, OUTPUT_BYTES, &r->outputs[set]), S_OK);
        assert_int_equal(dmlopsUploadBuffer(r->device, r->outputs[set], 0, poison, OUTPUT_BYTES),
                         S_OK);
    }
}

static void setup_run(struct join_run *r, uint32_t t, DML_EXECUTION_FLAGS flags)
{
    memset(r, 0, sizeof(*r));
    r->device = gpu_create_device(0, TRUE);
    compile_join(r, t, flags);
    create_buffers(r);
    assert_int_equal(dml_util_initialize(r->device, r->compiled), S_OK);
    assert_int_equal(dml_util_table(r->device, (IDMLDispatchable *)r->compiled, &r->table), S_OK);
    assert_int_equal(IDMLDevice_CreateCommandRecorder(r->device, &IID_IDMLCommandRecorder,
                                                      (void **)&r->recorder),
                     S_OK);
}

/* Set s: its inputs from the one input buffer, its own output. */
static void bind_set(struct join_run *r, uint32_t set)
{
    DML_BUFFER_BINDING ins[INPUTS], out = {r->outputs[set], 0, OUTPUT_BYTES};
    DML_BINDING_DESC in_descs[INPUTS], out_desc = dml_util_binding(&out);
    for (uint32_t k = 0; k < INPUTS; ++k)
    {
        ins[k] = (DML_BUFFER_BINDING){r->inputs, set * SET_STRIDE + k * INPUT_BYTES, INPUT_BYTES};
        in_descs[k] = dml_util_binding(&ins[k]);
    }
    IDMLBindingTable_BindInputs(r->table, INPUTS, in_descs);
    IDMLBindingTable_BindOutputs(r->table, 1, &out_desc);
}

static void reset_table_on(struct join_run *r, uint64_t range)
{
    DML_BINDING_TABLE_DESC desc = {
        (IDMLDispatchable *)r->compiled, {range}, {range}, range ? 1 : 0};
    assert_int_equal(IDMLBindingTable_Reset(r->table, &desc), S_OK);
}

static void record(struct join_run *r, ID3D12CommandList *list)
{
    IDMLCommandRecorder_RecordDispatch(r->recorder, list, (IDMLDispatchable *)r->compiled,
                                       r->table);
}

static void check_and_teardown(struct join_run *r, ID3D12CommandList *list)
{
    static uint8_t got[OUTPUT_BYTES];
    assert_int_equal(dmlopsSubmitCommandList(r->device, list), S_OK);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(r->device), S_OK);
    for (uint32_t set = 0; set < 2; ++set)
    {
        assert_int_equal(dmlopsDownloadBuffer(r->device, r->outputs[set], 0, got, sizeof(got)),
                         S_OK);
        for (uint32_t at = 0; at < OUTPUT_BYTES; ++at)
        {
            uint32_t row = at / (INPUTS * ROW_BYTES), k = at / ROW_BYTES % INPUTS;
            uint8_t want = input_byte(set, k, row, at % ROW_BYTES);
            if (got[at] != want)
                fail_msg("set %u output byte %u (row %u, input %u): expected 0x%02x, got 0x%02x",
                         set, at, row, k, want, got[at]);
        }
    }
    dmlopsDestroyBuffer(r->device, r->inputs);
    for (uint32_t set = 0; set < 2; ++set)
        dmlopsDestroyBuffer(r->device, r->outputs[set]);
    IDMLCommandRecorder_Release(r->recorder);
    IDMLBindingTable_Release(r->table);
    IDMLCompiledOperator_Release(r->compiled);
    IDMLDevice_Release(r->device);
}

/* At every element size: setup_run with flags, a command list that scenario records into, then
 * both sets' outputs checked. */
static void run_each_type(DML_EXECUTION_FLAGS flags,
                          void (*scenario)(struct join_run *r, ID3D12CommandList *list))
{
    for (uint32_t t = 0; t < sizeof(types) / sizeof(types[0]); ++t)
    {
        struct join_run r;
        ID3D12CommandList *list = NULL;
        setup_run(&r, t, flags);
        assert_int_equal(dmlopsCreateCommandList(r.device, &list), S_OK);
        scenario(&r, list);
        check_and_teardown(&r, list);
    }
}

/* Bound, recorded, Reset and bound to the other set, recorded again, before the list runs. */
static void rebind_between_records(struct join_run *r, ID3D12CommandList *list)
{
    bind_set(r, 0);
    record(r, list);
    reset_table_on(r, 0);
    bind_set(r, 1);
    record(r, list);
}

/* DESCRIPTORS_VOLATILE: each recording bound after it was recorded, on its own range. */
static void volatile_ranges(struct join_run *r, ID3D12CommandList *list)
{
    record(r, list);
    bind_set(r, 0);
    reset_table_on(r, 0x2000);
    record(r, list);
    bind_set(r, 1);
}

static void test_rebind_between_records(void **state)
{
    (void)state;
    run_each_type(DML_EXECUTION_FLAG_NONE, rebind_between_records);
}

static void test_volatile(void **state)
{
    (void)state;
    run_each_type(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE, volatile_ranges);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rebind_between_records),
        cmocka_unit_test(test_volatile),
    };
    setenv("DMLOPS_SPECIALIZE", "1", 1);   /* lavapipe too */
    setenv("DMLOPS_PIPELINES", "sync", 1); /* the specialized kernel from the first run */
    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

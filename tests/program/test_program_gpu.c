/* A multi-step program built from outside, as CompileGraph will build one: four copies through
 * three intermediates in the temporary resource (two of them sharing an offset), run with and
 * without DESCRIPTORS_VOLATILE; the output must be the input, byte for byte. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiled_operator.h"
#include "device.h"
#include "gpu.h"
#include "lower.h"
#include "program.h"

#define BYTES 4096u

static void copy_step(struct program *p, uint32_t from, uint32_t to)
{
    struct program_slot slots[2] = {{from, PROGRAM_READ}, {to, PROGRAM_WRITE}};
    struct plan plan;

    assert_int_equal(dml_lower_copy_bytes(BYTES, 0, 1, &plan), S_OK);
    assert_int_equal(program_add_step(p, &plan, slots), S_OK);
}

static IDMLCompiledOperator *build(IDMLDevice *device, DML_EXECUTION_FLAGS flags)
{
    struct program p;
    struct dml_binding_layout layout = {0};
    uint32_t t[5];
    IDMLCompiledOperator *compiled = NULL;

    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, BYTES, &t[0]), S_OK);
    for (int i = 1; i < 4; ++i)
        assert_int_equal(program_add_intermediate(&p, BYTES, &t[i]), S_OK);
    assert_int_equal(program_add_output(&p, 0, 0, BYTES, &t[4]), S_OK);
    for (int i = 0; i < 4; ++i)
        copy_step(&p, t[i], t[i + 1]);
    layout.input_count = layout.output_count = 1;
    layout.inputs = calloc(1, sizeof(*layout.inputs));
    layout.outputs = calloc(1, sizeof(*layout.outputs));
    assert_true(layout.inputs && layout.outputs);
    *layout.inputs = *layout.outputs = (struct dml_binding_rule){DML_BINDING_REQUIRED, BYTES, 16};
    assert_int_equal(
        dml_compiled_program_create(dml_device_from_iface(device), &p, &layout, flags, &compiled),
        S_OK);
    return compiled;
}

static void bind(IDMLBindingTable *table, ID3D12Resource *buffer, uint64_t temporary)
{
    DML_BUFFER_BINDING in = {buffer, 0, BYTES}, out = {buffer, BYTES, BYTES},
                       temp = {buffer, 2 * BYTES, temporary};
    DML_BINDING_DESC in_desc = {DML_BINDING_TYPE_BUFFER, &in},
                     out_desc = {DML_BINDING_TYPE_BUFFER, &out},
                     temp_desc = {DML_BINDING_TYPE_BUFFER, &temp};

    IDMLBindingTable_BindInputs(table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(table, 1, &out_desc);
    IDMLBindingTable_BindTemporaryResource(table, &temp_desc);
}

static void run(DML_EXECUTION_FLAGS flags)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLCompiledOperator *compiled = build(device, flags);
    DML_BINDING_PROPERTIES props = IDMLCompiledOperator_GetBindingProperties(compiled);
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)compiled, {0}, {0}, 0};
    IDMLOperatorInitializer *init;
    IDMLBindingTable *table;
    ID3D12Resource *buffer;
    unsigned char *in = malloc(BYTES), *out = malloc(BYTES);

    assert_true(in && out);
    /* a (steps 0-1) and c (steps 2-3) share offset 0; b (steps 1-2) follows. */
    assert_int_equal(props.TemporaryResourceSize, 2 * BYTES);
    assert_int_equal(props.PersistentResourceSize, 0);
    for (uint32_t i = 0; i < BYTES; ++i)
        in[i] = (unsigned char)(i * 7 + 3);
    assert_int_equal(dmlopsCreateBuffer(device, 4 * BYTES, &buffer), S_OK);
    assert_int_equal(dmlopsUploadBuffer(device, buffer, 0, in, BYTES), S_OK);
    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&init),
                     S_OK);
    desc.Dispatchable = (IDMLDispatchable *)init;
    assert_int_equal(
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)&table), S_OK);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)init, table), S_OK);
    desc.Dispatchable = (IDMLDispatchable *)compiled;
    assert_int_equal(IDMLBindingTable_Reset(table, &desc), S_OK);
    bind(table, buffer, props.TemporaryResourceSize);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)compiled, table), S_OK);
    assert_int_equal(dmlopsDownloadBuffer(device, buffer, BYTES, out, BYTES), S_OK);
    assert_memory_equal(in, out, BYTES);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(init);
    IDMLCompiledOperator_Release(compiled);
    dmlopsDestroyBuffer(device, buffer);
    IDMLDevice_Release(device);
    free(in);
    free(out);
}

static void test_chain(void **state)
{
    (void)state;
    run(DML_EXECUTION_FLAG_NONE);
}

static void test_chain_volatile(void **state)
{
    (void)state;
    run(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
}

/* A program naming a binding the layout does not have is refused (and freed). */
static void test_layout_mismatch(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    struct program p;
    struct dml_binding_layout layout = {0};
    IDMLCompiledOperator *compiled = NULL;
    uint32_t in, out;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, BYTES, &in), S_OK);
    assert_int_equal(program_add_output(&p, 3, 0, BYTES, &out), S_OK);
    copy_step(&p, in, out);
    layout.input_count = layout.output_count = 1;
    layout.inputs = calloc(1, sizeof(*layout.inputs));
    layout.outputs = calloc(1, sizeof(*layout.outputs));
    *layout.inputs = *layout.outputs = (struct dml_binding_rule){DML_BINDING_REQUIRED, BYTES, 16};
    assert_int_equal(
        dml_compiled_program_create(dml_device_from_iface(device), &p, &layout, 0, &compiled),
        E_INVALIDARG);
    assert_null(compiled);
    IDMLDevice_Release(device);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain),
        cmocka_unit_test(test_chain_volatile),
        cmocka_unit_test(test_layout_mismatch),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

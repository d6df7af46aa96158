/* Reset onto the object that the Reset object alone keeps alive (issue 11 sweep, class 3): a
 * binding table Reset for the dispatchable it was made for, or an initializer Reset to the targets
 * it has, after the application released its own reference. Both released their old reference
 * before taking the new one, so the object was destroyed and then used (ASan: use after free; a
 * plain build called through a freed vtable). The new references are taken first. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu.h"

#define ELEMENTS 16

/* ELEMENT_WISE_IDENTITY of ELEMENTS floats. */
static IDMLCompiledOperator *compile_identity(IDMLDevice *device)
{
    static UINT sizes[1] = {ELEMENTS};
    static DML_BUFFER_TENSOR_DESC buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 4 * ELEMENTS, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity = {&tensor, &tensor, NULL};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;

    assert_int_equal(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op),
                     S_OK);
    assert_int_equal(IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, (void **)&compiled),
                     S_OK);
    IDMLOperator_Release(op);
    return compiled;
}

static IDMLBindingTable *table_for(IDMLDevice *device, IDMLDispatchable *dispatchable)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable, {0}, {0}, 0};
    IDMLBindingTable *table;

    assert_int_equal(
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)&table), S_OK);
    return table;
}

/* Runs the compiled identity through table and checks the copy. */
static void run_identity(IDMLDevice *device, IDMLCompiledOperator *compiled,
                         IDMLBindingTable *table)
{
    float in[ELEMENTS], out[ELEMENTS] = {0};
    ID3D12Resource *buffers[2];
    DML_BUFFER_BINDING b[2];
    DML_BINDING_DESC d[2];

    for (int i = 0; i < ELEMENTS; ++i)
        in[i] = (float)i + 0.25f;
    for (int k = 0; k < 2; ++k)
    {
        assert_int_equal(dmlopsCreateBuffer(device, sizeof(in), &buffers[k]), S_OK);
        b[k] = (DML_BUFFER_BINDING){buffers[k], 0, sizeof(in)};
        d[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &b[k]};
    }
    assert_int_equal(dmlopsUploadBuffer(device, buffers[0], 0, in, sizeof(in)), S_OK);
    IDMLBindingTable_BindInputs(table, 1, &d[0]);
    IDMLBindingTable_BindOutputs(table, 1, &d[1]);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)compiled, table), S_OK);
    assert_int_equal(dmlopsDownloadBuffer(device, buffers[1], 0, out, sizeof(out)), S_OK);
    assert_memory_equal(in, out, sizeof(in));
    for (int k = 0; k < 2; ++k)
        dmlopsDestroyBuffer(device, buffers[k]);
}

static void initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *init;
    IDMLBindingTable *table;

    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&init),
                     S_OK);
    table = table_for(device, (IDMLDispatchable *)init);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)init, table), S_OK);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(init);
}

static void test_table_reset_to_its_own_dispatchable(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLCompiledOperator *compiled = compile_identity(device);
    IDMLBindingTable *table;
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)compiled, {0}, {0}, 0};

    (void)state;
    initialize(device, compiled);
    table = table_for(device, (IDMLDispatchable *)compiled);
    assert_int_equal(IDMLCompiledOperator_Release(compiled), 1); /* the table's reference */
    assert_int_equal(IDMLBindingTable_Reset(table, &desc), S_OK);
    run_identity(device, compiled, table);
    IDMLBindingTable_Release(table); /* the last reference to compiled */
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

static void test_initializer_reset_to_its_own_targets(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLCompiledOperator *compiled = compile_identity(device);
    IDMLOperatorInitializer *init;
    IDMLBindingTable *table;

    (void)state;
    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&init),
                     S_OK);
    assert_int_equal(IDMLCompiledOperator_Release(compiled), 1); /* the initializer's reference */
    assert_int_equal(IDMLOperatorInitializer_Reset(init, 1, &compiled), S_OK);
    table = table_for(device, (IDMLDispatchable *)init);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)init, table), S_OK);
    IDMLBindingTable_Release(table);
    IDMLCompiledOperator_AddRef(compiled);
    IDMLOperatorInitializer_Release(init);
    table = table_for(device, (IDMLDispatchable *)compiled);
    run_identity(device, compiled, table); /* initialized by the Reset initializer */
    IDMLBindingTable_Release(table);
    assert_int_equal(IDMLCompiledOperator_Release(compiled), 0);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_reset_to_its_own_dispatchable),
        cmocka_unit_test(test_initializer_reset_to_its_own_targets),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

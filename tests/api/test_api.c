/* COM contracts of the device and its children: creation, feature levels, QueryInterface,
 * reference counts, private data, S_FALSE for a NULL ppv, device removal (D13). */
#define COBJMACROS
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <dmlops.h>

#include "gpu.h"

static const GUID test_guid = {0x12345678, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};

static UINT sizes_1x4[1] = {4};

static DML_BUFFER_TENSOR_DESC f32_buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1,
                                            sizes_1x4, NULL, 16, 0};
static DML_TENSOR_DESC f32_tensor = {DML_TENSOR_TYPE_BUFFER, &f32_buffer};

static IDMLOperator *create_copy_slice(IDMLDevice *device)
{
    static const UINT offsets[1] = {0}, window[1] = {4};
    static const INT strides[1] = {1};
    DML_SLICE1_OPERATOR_DESC slice = {&f32_tensor, &f32_tensor, 1, offsets, window, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};
    IDMLOperator *op = NULL;

    assert_int_equal(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op), S_OK);
    return op;
}

static IDMLCompiledOperator *compile(IDMLDevice *device, IDMLOperator *op)
{
    IDMLCompiledOperator *compiled = NULL;

    assert_int_equal(IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, (void **)&compiled),
                     S_OK);
    return compiled;
}

static ULONG refcount(IUnknown *object)
{
    IUnknown_AddRef(object);
    return IUnknown_Release(object);
}

static void test_create_device_levels(void **state)
{
    IDMLDevice *device = (IDMLDevice *)0x1;

    assert_int_equal(DMLCreateDevice1(NULL, DML_CREATE_DEVICE_FLAG_NONE, (DML_FEATURE_LEVEL)0x7000,
                                      &IID_IDMLDevice, (void **)&device),
                     DXGI_ERROR_UNSUPPORTED);
    assert_null(device);
    assert_int_equal(DMLCreateDevice1(NULL, DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_6_4,
                                      &IID_IDMLDevice, (void **)&device), S_OK);
    assert_non_null(device);
    IDMLDevice_Release(device);
    assert_int_equal(DMLCreateDevice1(NULL, DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_5_0,
                                      &IID_IDMLDevice, NULL), S_FALSE);
    assert_int_equal(DMLCreateDevice1((ID3D12Device *)0x1, DML_CREATE_DEVICE_FLAG_NONE,
                                      DML_FEATURE_LEVEL_1_0, &IID_IDMLDevice, (void **)&device),
                     E_INVALIDARG);
    assert_int_equal(DMLCreateDevice(NULL, (DML_CREATE_DEVICE_FLAGS)2, &IID_IDMLDevice,
                                     (void **)&device), E_INVALIDARG);
    assert_int_equal(DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLOperator,
                                     (void **)&device), E_NOINTERFACE);
    assert_null(device);
}

static DML_FEATURE_LEVEL max_level(IDMLDevice *device)
{
    static const DML_FEATURE_LEVEL all[] = {
        DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
        DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
        DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
        DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};
    DML_FEATURE_QUERY_FEATURE_LEVELS query = {sizeof(all) / sizeof(all[0]), all};
    DML_FEATURE_DATA_FEATURE_LEVELS data = {0};

    assert_int_equal(IDMLDevice_CheckFeatureSupport(device, DML_FEATURE_FEATURE_LEVELS,
                                                    sizeof(query), &query, sizeof(data), &data),
                     S_OK);
    return data.MaxSupportedFeatureLevel;
}

static void test_feature_level_cap(void **state)
{
    DMLOPS_DEVICE_DESC desc = {DMLOPS_STRUCTURE_TYPE_DEVICE_DESC, NULL, DML_CREATE_DEVICE_FLAG_NONE,
                               DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_3_0};
    IDMLDevice *device = gpu_create_device(0, FALSE);

    assert_int_equal(max_level(device), DML_FEATURE_LEVEL_6_4);
    IDMLDevice_Release(device);
    device = gpu_create_device(DML_FEATURE_LEVEL_3_0, FALSE);
    assert_int_equal(max_level(device), DML_FEATURE_LEVEL_3_0);
    IDMLDevice_Release(device);
    assert_int_equal(dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)&device),
                     DXGI_ERROR_UNSUPPORTED);
    desc.sType = (DMLOPS_STRUCTURE_TYPE)0;
    assert_int_equal(dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)&device), E_INVALIDARG);
}

static void test_query_interface(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE), *debug_device = NULL;
    const IID *answered[] = {&IID_IUnknown, &IID_IDMLObject, &IID_IDMLDevice, &IID_IDMLDevice1};
    void *out;

    for (unsigned i = 0; i < sizeof(answered) / sizeof(answered[0]); ++i)
    {
        assert_int_equal(IDMLDevice_QueryInterface(device, answered[i], &out), S_OK);
        assert_ptr_equal(out, device);
        IUnknown_Release((IUnknown *)out);
    }
    out = (void *)0x1;
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLOperator, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDebugDevice, &out), E_NOINTERFACE);
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDevice, NULL), E_POINTER);
    IDMLDevice_Release(device);

    debug_device = gpu_create_device(0, TRUE);
    assert_int_equal(IDMLDevice_QueryInterface(debug_device, &IID_IDMLDebugDevice, &out), S_OK);
    IDMLDebugDevice_SetMuteDebugOutput((IDMLDebugDevice *)out, TRUE);
    IDMLDebugDevice_Release((IDMLDebugDevice *)out);
    IDMLDevice_Release(debug_device);
}

static void test_children_keep_device_alive(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE), *parent = NULL;
    IDMLOperator *op = create_copy_slice(device);
    IDMLCompiledOperator *compiled = compile(device, op);

    assert_int_equal(refcount((IUnknown *)op), 2); /* the compiled operator holds one */
    IDMLOperator_Release(op);
    assert_int_equal(IDMLDevice_Release(device), 2); /* the operator and the compiled one */
    assert_int_equal(IDMLCompiledOperator_GetDevice(compiled, &IID_IDMLDevice, (void **)&parent), S_OK);
    assert_non_null(parent);
    assert_int_equal(IDMLDevice_Release(parent), 2);
    assert_int_equal(IDMLCompiledOperator_Release(compiled), 0);
}

static void test_child_interfaces(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLOperator *op = create_copy_slice(device);
    IDMLCompiledOperator *compiled = compile(device, op);
    const IID *answered[] = {&IID_IUnknown, &IID_IDMLObject, &IID_IDMLDeviceChild,
                             &IID_IDMLPageable, &IID_IDMLDispatchable, &IID_IDMLCompiledOperator};
    DML_BINDING_PROPERTIES properties;
    void *out;

    for (unsigned i = 0; i < sizeof(answered) / sizeof(answered[0]); ++i)
    {
        assert_int_equal(IDMLCompiledOperator_QueryInterface(compiled, answered[i], &out), S_OK);
        IUnknown_Release((IUnknown *)out);
    }
    assert_int_equal(IDMLOperator_QueryInterface(op, &IID_IDMLDispatchable, &out), E_NOINTERFACE);
    properties = IDMLCompiledOperator_GetBindingProperties(compiled);
    assert_int_equal(properties.RequiredDescriptorCount, 0);
    assert_int_equal(properties.TemporaryResourceSize, 0);
    assert_int_equal(properties.PersistentResourceSize, 0);
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    IDMLDevice_Release(device);
}

static void test_null_ppv_validates(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLOperator *op = create_copy_slice(device);
    DML_SLICE1_OPERATOR_DESC bad = {&f32_tensor, &f32_tensor, 1, NULL, NULL, NULL};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &bad};
    DML_JOIN_OPERATOR_DESC join = {1, &f32_tensor, &f32_tensor, 0};
    DML_OPERATOR_DESC join_desc = {DML_OPERATOR_ELEMENT_WISE_ABS, &join}; /* not implemented */

    assert_int_equal(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, NULL), E_INVALIDARG);
    assert_int_equal(IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, NULL), S_FALSE);
    assert_int_equal(IDMLDevice_CompileOperator(device, (IDMLOperator *)device, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, NULL), E_INVALIDARG);
    assert_int_equal(IDMLDevice_CompileOperator(device, op, (DML_EXECUTION_FLAGS)8,
                                                &IID_IDMLCompiledOperator, NULL), E_INVALIDARG);
    assert_int_equal(IDMLDevice_CreateOperator(device, &join_desc, &IID_IDMLOperator, NULL),
                     DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(IDMLDevice_CreateCommandRecorder(device, &IID_IDMLCommandRecorder, NULL), S_FALSE);
    assert_int_equal(IDMLDevice_CreateBindingTable(device, NULL, &IID_IDMLBindingTable, NULL), S_FALSE);
    IDMLOperator_Release(op);
    IDMLDevice_Release(device);
}

static void test_private_data(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLOperator *op = create_copy_slice(device);
    UINT value = 0xdeadbeef, out = 0, size = sizeof(out);
    void *iface = NULL;

    assert_int_equal(IDMLOperator_GetPrivateData(op, &test_guid, &size, &out), (HRESULT)0x887A0002);
    assert_int_equal(size, 0);
    assert_int_equal(IDMLOperator_SetPrivateData(op, &test_guid, sizeof(value), &value), S_OK);
    size = 2;
    assert_int_equal(IDMLOperator_GetPrivateData(op, &test_guid, &size, &out), (HRESULT)0x887A0003);
    size = sizeof(out);
    assert_int_equal(IDMLOperator_GetPrivateData(op, &test_guid, &size, &out), S_OK);
    assert_int_equal(out, value);
    assert_int_equal(IDMLOperator_SetPrivateData(op, &test_guid, 0, NULL), S_OK);
    assert_int_equal(IDMLOperator_GetPrivateData(op, &test_guid, &size, &out), (HRESULT)0x887A0002);

    assert_int_equal(IDMLOperator_SetPrivateDataInterface(op, &test_guid, (IUnknown *)device), S_OK);
    assert_int_equal(refcount((IUnknown *)device), 3); /* op + private data + ours */
    size = sizeof(iface);
    assert_int_equal(IDMLOperator_GetPrivateData(op, &test_guid, &size, &iface), S_OK);
    assert_ptr_equal(iface, device);
    IDMLDevice_Release(device); /* GetPrivateData added a reference */
    assert_int_equal(IDMLOperator_SetName(op, L"slice"), S_OK);
    assert_int_equal(IDMLOperator_Release(op), 0);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

static void test_parent_and_residency(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLOperator *op = create_copy_slice(device);
    IDMLCompiledOperator *compiled = compile(device, op);
    IDMLPageable *pageable = (IDMLPageable *)compiled;
    void *parent = (void *)0x1;

    assert_int_equal(IDMLDevice_GetParentDevice(device, &IID_IUnknown, &parent), E_NOINTERFACE);
    assert_null(parent);
    assert_int_equal(IDMLDevice_Evict(device, 1, &pageable), S_OK);
    assert_int_equal(IDMLDevice_MakeResident(device, 1, &pageable), S_OK);
    assert_int_equal(IDMLDevice_MakeResident(device, 1, NULL), E_INVALIDARG);
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    IDMLDevice_Release(device);
}

static void test_binding_misuse_removes_device(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLOperator *op = create_copy_slice(device);
    IDMLCompiledOperator *compiled = compile(device, op);
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)compiled, {0}, {0}, 0};
    DML_BINDING_DESC none[2] = {{DML_BINDING_TYPE_NONE, NULL}, {DML_BINDING_TYPE_NONE, NULL}};
    IDMLBindingTable *table = NULL;
    DML_OPERATOR_DESC null_slice = {DML_OPERATOR_SLICE1, NULL};
    IDMLOperator *another = NULL;

    assert_int_equal(IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable,
                                                   (void **)&table), S_OK);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(device), S_OK);
    IDMLBindingTable_BindInputs(table, 2, none); /* the operator has one input */
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(device), E_INVALIDARG);
    assert_int_equal(IDMLDevice_CreateOperator(device, &null_slice, &IID_IDMLOperator,
                                               (void **)&another),
                     DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(IDMLBindingTable_Reset(table, &desc), DXGI_ERROR_DEVICE_REMOVED);
    IDMLBindingTable_Release(table);
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    IDMLDevice_Release(device);
}

static void test_initializer(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLOperator *op = create_copy_slice(device);
    IDMLCompiledOperator *compiled = compile(device, op);
    IDMLOperatorInitializer *initializer = NULL;
    DML_BINDING_PROPERTIES properties;

    assert_int_equal(IDMLDevice_CreateOperatorInitializer(device, 0, NULL,
                                                          &IID_IDMLOperatorInitializer,
                                                          (void **)&initializer), S_OK);
    assert_int_equal(IDMLOperatorInitializer_Reset(initializer, 1, &compiled), S_OK);
    properties = IDMLOperatorInitializer_GetBindingProperties(initializer);
    assert_int_equal(properties.PersistentResourceSize, 0);
    assert_int_equal(IDMLOperatorInitializer_Reset(initializer, 1, (IDMLCompiledOperator **)&op),
                     E_INVALIDARG);
    IDMLOperatorInitializer_Release(initializer);
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    IDMLDevice_Release(device);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_device_levels),
        cmocka_unit_test(test_feature_level_cap),
        cmocka_unit_test(test_query_interface),
        cmocka_unit_test(test_children_keep_device_alive),
        cmocka_unit_test(test_child_interfaces),
        cmocka_unit_test(test_null_ppv_validates),
        cmocka_unit_test(test_private_data),
        cmocka_unit_test(test_parent_and_residency),
        cmocka_unit_test(test_binding_misuse_removes_device),
        cmocka_unit_test(test_initializer),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* DirectML boilerplate for the tests in tests/interop, tests/gpu_av and tests/large. */
#include "dml_util.h"

#include <stdio.h>

void dml_util_tensor(DML_BUFFER_TENSOR_DESC *buffer, DML_TENSOR_DESC *tensor,
                     DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes,
                     DML_TENSOR_FLAGS flags)
{
    *buffer = (DML_BUFFER_TENSOR_DESC){
        .DataType = type,
        .Flags = flags,
        .DimensionCount = rank,
        .Sizes = sizes,
        .Strides = NULL,
        .TotalTensorSizeInBytes = dmlopsCalcBufferTensorSize(type, rank, sizes, NULL),
    };
    *tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, buffer};
}

HRESULT dml_util_compile(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc,
                         IDMLCompiledOperator **compiled)
{
    return dml_util_compile_flags(device, type, desc, DML_EXECUTION_FLAG_NONE, compiled);
}

HRESULT dml_util_compile_flags(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc,
                               DML_EXECUTION_FLAGS flags, IDMLCompiledOperator **compiled)
{
    DML_OPERATOR_DESC op_desc = {type, desc};
    IDMLOperator *op = NULL;
    HRESULT hr = IDMLDevice_CreateOperator(device, &op_desc, &IID_IDMLOperator, (void **)&op);
    if (FAILED(hr))
    {
        fprintf(stderr, "CreateOperator(type %d) failed: 0x%08X\n", (int)type, (unsigned)hr);
        return hr;
    }
    hr = IDMLDevice_CompileOperator(device, op, flags, &IID_IDMLCompiledOperator,
                                    (void **)compiled);
    if (FAILED(hr))
        fprintf(stderr, "CompileOperator(type %d) failed: 0x%08X\n", (int)type, (unsigned)hr);
    IDMLOperator_Release(op);
    return hr;
}

HRESULT dml_util_table(IDMLDevice *device, IDMLDispatchable *dispatchable, IDMLBindingTable **table)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable, {0}, {0}, 0};
    HRESULT hr =
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)table);
    if (FAILED(hr))
        fprintf(stderr, "CreateBindingTable failed: 0x%08X\n", (unsigned)hr);
    return hr;
}

DML_BINDING_DESC dml_util_binding(const DML_BUFFER_BINDING *binding)
{
    if (!binding->Buffer)
        return (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    return (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, binding};
}

/* These helpers bind neither temporary nor persistent resources (decision D12 makes them 0 for
 * operators without OWNED_BY_DML inputs): say so if that ever changes. */
static HRESULT check_no_resources(IDMLDispatchable *dispatchable, const char *what)
{
    DML_BINDING_PROPERTIES props = IDMLDispatchable_GetBindingProperties(dispatchable);
    if (!props.TemporaryResourceSize && !props.PersistentResourceSize)
        return S_OK;
    fprintf(stderr, "%s: temporary %llu / persistent %llu bytes: expected 0 (decision D12)\n", what,
            (unsigned long long)props.TemporaryResourceSize,
            (unsigned long long)props.PersistentResourceSize);
    return E_FAIL;
}

HRESULT dml_util_initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *initializer = NULL;
    IDMLBindingTable *table = NULL;
    HRESULT hr = IDMLDevice_CreateOperatorInitializer(
        device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&initializer);
    if (SUCCEEDED(hr))
        hr = check_no_resources((IDMLDispatchable *)initializer, "initializer");
    if (SUCCEEDED(hr))
        hr = dml_util_table(device, (IDMLDispatchable *)initializer, &table);
    if (SUCCEEDED(hr))
        hr = dmlopsExecute(device, (IDMLDispatchable *)initializer, table);
    if (FAILED(hr))
        fprintf(stderr, "initialization failed: 0x%08X\n", (unsigned)hr);
    if (table)
        IDMLBindingTable_Release(table);
    if (initializer)
        IDMLOperatorInitializer_Release(initializer);
    return hr;
}

#define MAX_OUTPUTS 64 /* SPLIT may have many outputs */

static HRESULT execute(IDMLDevice *device, IDMLCompiledOperator *compiled, ID3D12Resource *input,
                       UINT64 input_size, UINT output_count, ID3D12Resource *const *outputs,
                       const UINT64 *output_sizes)
{
    DML_BUFFER_BINDING in_binding = {input, 0, input_size}, out_bindings[MAX_OUTPUTS];
    DML_BINDING_DESC in_desc = dml_util_binding(&in_binding), out_descs[MAX_OUTPUTS];
    IDMLBindingTable *table = NULL;
    if (output_count > MAX_OUTPUTS)
        return E_INVALIDARG;
    for (UINT k = 0; k < output_count; ++k)
    {
        out_bindings[k] = (DML_BUFFER_BINDING){outputs[k], 0, output_sizes[k]};
        out_descs[k] = dml_util_binding(&out_bindings[k]);
    }
    HRESULT hr = dml_util_table(device, (IDMLDispatchable *)compiled, &table);
    if (FAILED(hr))
        return hr;
    IDMLBindingTable_BindInputs(table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(table, output_count, out_descs);
    hr = dmlopsExecute(device, (IDMLDispatchable *)compiled, table);
    IDMLBindingTable_Release(table);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_GetDeviceRemovedReason(device);
    if (FAILED(hr))
        fprintf(stderr, "execution failed: 0x%08X\n", (unsigned)hr);
    return hr;
}

HRESULT dml_util_run(IDMLDevice *device, IDMLCompiledOperator *compiled, ID3D12Resource *input,
                     UINT64 input_size, UINT output_count, ID3D12Resource *const *outputs,
                     const UINT64 *output_sizes)
{
    HRESULT hr = check_no_resources((IDMLDispatchable *)compiled, "compiled operator");
    if (SUCCEEDED(hr))
        hr = dml_util_initialize(device, compiled);
    if (SUCCEEDED(hr))
        hr = execute(device, compiled, input, input_size, output_count, outputs, output_sizes);
    return hr;
}

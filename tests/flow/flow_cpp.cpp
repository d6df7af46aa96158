// The whole DirectML flow from C++, through the C++ interface declarations of DirectML.h:
// a reversed, strided SLICE1 with an OWNED_BY_DML input (so the initializer really copies it into
// the persistent resource), recorded into a command list, checked element by element.
#include <DirectML.h>
#include <dmlops.h>

#include "flow_check.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename T> struct Ref
{
    T *p = nullptr;
    ~Ref()
    {
        if (p)
            p->Release();
    }
    T **operator&()
    {
        return &p;
    }
    T *operator->() const
    {
        return p;
    }
    operator T *() const
    {
        return p;
    }
};

int main()
{
    DMLOPS_ADAPTER_INFO adapters[8];
    UINT count = 8;
    if (FAILED(dmlopsEnumerateAdapters(&count, adapters)) || !count)
        return 77;

    Ref<IDMLDevice> device;
    CHECK(DMLCreateDevice(nullptr, DML_CREATE_DEVICE_FLAG_DEBUG, IID_PPV_ARGS(&device)));

    UINT in_sizes[2] = {6, 8}, out_sizes[2] = {3, 4};
    DML_BUFFER_TENSOR_DESC in_buffer = {
        DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_FLAG_OWNED_BY_DML, 2, in_sizes, nullptr, 96, 0};
    DML_BUFFER_TENSOR_DESC out_buffer = {
        DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_FLAG_NONE, 2, out_sizes, nullptr, 24, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};
    UINT offsets[2] = {0, 1}, window[2] = {6, 7};
    INT strides[2] = {-2, 2};
    DML_SLICE1_OPERATOR_DESC slice = {&in_tensor, &out_tensor, 2, offsets, window, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};

    Ref<IDMLOperator> op;
    CHECK(device->CreateOperator(&desc, IID_PPV_ARGS(&op)));
    Ref<IDMLCompiledOperator> compiled;
    CHECK(device->CompileOperator(op, DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));
    IDMLCompiledOperator *targets[] = {compiled};
    Ref<IDMLOperatorInitializer> initializer;
    CHECK(device->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&initializer)));

    DML_BINDING_PROPERTIES exec_props = compiled->GetBindingProperties();
    if (exec_props.PersistentResourceSize < 96)
        return std::fprintf(stderr, "persistent resource too small\n"), 1;

    std::vector<uint16_t> input(48);
    for (size_t i = 0; i < input.size(); ++i)
        input[i] = static_cast<uint16_t>(1000 + i);
    ID3D12Resource *in_resource, *out_resource, *persistent;
    CHECK(dmlopsCreateBuffer(device, 96, &in_resource));
    CHECK(dmlopsCreateBuffer(device, 32, &out_resource));
    CHECK(dmlopsCreateBuffer(device, exec_props.PersistentResourceSize, &persistent));
    CHECK(dmlopsUploadBuffer(device, in_resource, 0, input.data(), 96));

    // Initialization: the owned input, then the persistent resource as the initializer's output.
    DML_BUFFER_BINDING in_binding = {in_resource, 0, 96};
    DML_BUFFER_ARRAY_BINDING in_array = {1, &in_binding};
    DML_BINDING_DESC init_inputs = {DML_BINDING_TYPE_BUFFER_ARRAY, &in_array};
    DML_BUFFER_BINDING persistent_binding = {persistent, 0, exec_props.PersistentResourceSize};
    DML_BINDING_DESC persistent_desc = {DML_BINDING_TYPE_BUFFER, &persistent_binding};
    DML_BINDING_TABLE_DESC table_desc = {initializer, {0}, {0}, 0};
    Ref<IDMLBindingTable> table;
    CHECK(device->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));
    table->BindInputs(1, &init_inputs);
    table->BindOutputs(1, &persistent_desc);
    Ref<IDMLCommandRecorder> recorder;
    CHECK(device->CreateCommandRecorder(IID_PPV_ARGS(&recorder)));
    ID3D12CommandList *list;
    CHECK(dmlopsCreateCommandList(device, &list));
    recorder->RecordDispatch(list, initializer, table);
    CHECK(dmlopsSubmitCommandList(device, list));

    // Execution: the owned input is not bound again; the persistent resource is.
    table_desc.Dispatchable = compiled;
    CHECK(table->Reset(&table_desc));
    DML_BUFFER_BINDING out_binding = {out_resource, 0, 32};
    DML_BINDING_DESC none = {DML_BINDING_TYPE_NONE, nullptr};
    DML_BINDING_DESC output = {DML_BINDING_TYPE_BUFFER, &out_binding};
    table->BindInputs(1, &none);
    table->BindOutputs(1, &output);
    table->BindPersistentResource(&persistent_desc);
    CHECK(dmlopsCreateCommandList(device, &list));
    recorder->RecordDispatch(list, compiled, table);
    CHECK(dmlopsSubmitCommandList(device, list));
    CHECK(device->GetDeviceRemovedReason());

    std::vector<uint16_t> result(12);
    CHECK(dmlopsDownloadBuffer(device, out_resource, 0, result.data(), 24));
    int failures = 0;
    for (UINT r = 0; r < 3; ++r)
        for (UINT c = 0; c < 4; ++c)
        {
            uint16_t expected = input[(5 - 2 * r) * 8 + 1 + 2 * c];
            if (result[r * 4 + c] != expected)
                failures += std::fprintf(stderr, "out[%u][%u] = %u, expected %u\n", r, c,
                                         result[r * 4 + c], expected) > 0;
        }
    dmlopsDestroyBuffer(device, in_resource);
    dmlopsDestroyBuffer(device, out_resource);
    dmlopsDestroyBuffer(device, persistent);
    std::printf("%s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}

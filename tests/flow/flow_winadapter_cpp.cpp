// DirectML's flow from C++17 as code ported from Windows writes it on Linux: Debian's
// directx-headers-dev adapter first (wsl/winadapter.h, wsl/wrladapter.h), then <DirectML.h>;
// objects held in Microsoft::WRL::ComPtr and created through IID_PPV_ARGS. A SPLIT of a 4x6 uint32
// tensor into 4x2 and 4x4 on axis 1 is initialized and executed on the library's host path
// (dmlopsExecute), and both outputs are checked element by element.
#include <wsl/winadapter.h>
#include <wsl/wrladapter.h>

#include <DirectML.h>
#include <dmlops.h>

#include "flow_check.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

using Microsoft::WRL::ComPtr;

namespace
{
// A library buffer (a VkBuffer behind ID3D12Resource*), destroyed with its device.
struct Buffer
{
    IDMLDevice *device;
    ID3D12Resource *resource = nullptr;
    Buffer(IDMLDevice *d, UINT64 size) : device(d)
    {
        CHECK(dmlopsCreateBuffer(device, size, &resource));
    }
    ~Buffer()
    {
        dmlopsDestroyBuffer(device, resource);
    }
    Buffer(const Buffer &) = delete;
    Buffer &operator=(const Buffer &) = delete;
};

DML_BINDING_DESC buffer_binding(DML_BUFFER_BINDING *binding)
{
    return DML_BINDING_DESC{binding->Buffer ? DML_BINDING_TYPE_BUFFER : DML_BINDING_TYPE_NONE,
                            binding->Buffer ? binding : nullptr};
}
} // namespace

int main()
{
    UINT adapters = 0;
    if (FAILED(dmlopsEnumerateAdapters(&adapters, nullptr)) || adapters == 0)
        return 77;

    ComPtr<IDMLDevice> device;
    CHECK(DMLCreateDevice(nullptr, DML_CREATE_DEVICE_FLAG_DEBUG, IID_PPV_ARGS(&device)));
    ComPtr<IDMLDevice1> device1; // QueryInterface through ComPtr::As and the adapter's __uuidof
    CHECK(device.As(&device1));

    UINT in_sizes[2] = {4, 6}, a_sizes[2] = {4, 2}, b_sizes[2] = {4, 4};
    DML_BUFFER_TENSOR_DESC in_buffer = {
        DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 2, in_sizes, nullptr, 96, 0};
    DML_BUFFER_TENSOR_DESC a_buffer = {
        DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 2, a_sizes, nullptr, 32, 0};
    DML_BUFFER_TENSOR_DESC b_buffer = {
        DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 2, b_sizes, nullptr, 64, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    DML_TENSOR_DESC out_tensors[2] = {{DML_TENSOR_TYPE_BUFFER, &a_buffer},
                                      {DML_TENSOR_TYPE_BUFFER, &b_buffer}};
    DML_SPLIT_OPERATOR_DESC split = {&in_tensor, 2, out_tensors, 1};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SPLIT, &split};

    ComPtr<IDMLOperator> op;
    CHECK(device1->CreateOperator(&desc, IID_PPV_ARGS(&op)));
    ComPtr<IDMLCompiledOperator> compiled;
    CHECK(device->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE,
                                  IID_PPV_ARGS(compiled.GetAddressOf())));
    IDMLCompiledOperator *targets[] = {compiled.Get()};
    ComPtr<IDMLOperatorInitializer> initializer;
    CHECK(device->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&initializer)));

    DML_BINDING_PROPERTIES init_props = initializer->GetBindingProperties();
    DML_BINDING_PROPERTIES exec_props = compiled->GetBindingProperties();
    UINT64 temporary_size = init_props.TemporaryResourceSize > exec_props.TemporaryResourceSize
                                ? init_props.TemporaryResourceSize
                                : exec_props.TemporaryResourceSize;
    Buffer input(device.Get(), 96), out_a(device.Get(), 32), out_b(device.Get(), 64);
    Buffer temporary(device.Get(), temporary_size ? temporary_size : 4);
    Buffer persistent(device.Get(),
                      exec_props.PersistentResourceSize ? exec_props.PersistentResourceSize : 4);
    std::vector<uint32_t> data(24);
    for (size_t i = 0; i < data.size(); ++i)
        data[i] = static_cast<uint32_t>(0xA0000000u + i * 7919u);
    CHECK(dmlopsUploadBuffer(device.Get(), input.resource, 0, data.data(), 96));

    DML_BUFFER_BINDING temp_binding = {temporary_size ? temporary.resource : nullptr, 0,
                                       temporary_size};
    DML_BUFFER_BINDING persist_binding = {exec_props.PersistentResourceSize ? persistent.resource
                                                                            : nullptr,
                                          0, exec_props.PersistentResourceSize};
    DML_BINDING_DESC temp_desc = buffer_binding(&temp_binding);
    DML_BINDING_DESC persist_desc = buffer_binding(&persist_binding);

    // Initialization: the persistent resource (if any) is the initializer's output.
    DML_BINDING_TABLE_DESC table_desc = {initializer.Get(), {0}, {0}, 0};
    ComPtr<IDMLBindingTable> table;
    CHECK(device->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));
    if (init_props.TemporaryResourceSize)
        table->BindTemporaryResource(&temp_desc);
    if (exec_props.PersistentResourceSize)
        table->BindOutputs(1, &persist_desc);
    CHECK(dmlopsExecute(device.Get(), initializer.Get(), table.Get()));

    // Execution.
    table_desc.Dispatchable = compiled.Get();
    CHECK(table->Reset(&table_desc));
    DML_BUFFER_BINDING in_binding = {input.resource, 0, 96};
    DML_BUFFER_BINDING out_bindings[2] = {{out_a.resource, 0, 32}, {out_b.resource, 0, 64}};
    DML_BINDING_DESC in_desc = buffer_binding(&in_binding);
    DML_BINDING_DESC out_descs[2] = {buffer_binding(&out_bindings[0]),
                                     buffer_binding(&out_bindings[1])};
    table->BindInputs(1, &in_desc);
    table->BindOutputs(2, out_descs);
    if (exec_props.TemporaryResourceSize)
        table->BindTemporaryResource(&temp_desc);
    if (exec_props.PersistentResourceSize)
        table->BindPersistentResource(&persist_desc);
    CHECK(dmlopsExecute(device.Get(), compiled.Get(), table.Get()));
    CHECK(device->GetDeviceRemovedReason());

    std::vector<uint32_t> a(8), b(16);
    CHECK(dmlopsDownloadBuffer(device.Get(), out_a.resource, 0, a.data(), 32));
    CHECK(dmlopsDownloadBuffer(device.Get(), out_b.resource, 0, b.data(), 64));
    int failures = 0;
    for (UINT r = 0; r < 4; ++r)
        for (UINT c = 0; c < 6; ++c)
        {
            uint32_t got = c < 2 ? a[r * 2 + c] : b[r * 4 + (c - 2)];
            if (got != data[r * 6 + c])
                failures += std::fprintf(stderr, "row %u column %u: 0x%08X, expected 0x%08X\n", r,
                                         c, got, data[r * 6 + c]) > 0;
        }
    std::printf("%s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}

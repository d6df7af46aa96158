// C++17 as ported DirectML code is written: Debian's D3D12 adapter headers first
// (directx-headers-dev: wsl/winadapter.h, wsl/wrladapter.h for Microsoft::WRL::ComPtr), then
// <DirectML.h>; ComPtr and IID_PPV_ARGS throughout. Splits 6 int32 into 2 and 4 along axis 0.
#include <wsl/winadapter.h>
#include <wsl/wrladapter.h>

#include <DirectML.h>
#include <dmlops.h>

#include <array>
#include <cstdio>

using Microsoft::WRL::ComPtr;

namespace
{
struct Tensor
{
    std::array<UINT, 1> sizes;
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;

    explicit Tensor(UINT n)
        : sizes{n}, buffer{DML_TENSOR_DATA_TYPE_INT32,
                           DML_TENSOR_FLAG_NONE,
                           1,
                           sizes.data(),
                           nullptr,
                           4ull * n,
                           0},
          desc{DML_TENSOR_TYPE_BUFFER, &buffer}
    {
    }
    Tensor(const Tensor &) = delete;
};

int fail(const char *what, HRESULT hr)
{
    std::fprintf(stderr, "%s failed: 0x%08X\n", what, static_cast<unsigned>(hr));
    return 1;
}
} // namespace

int main()
{
    ComPtr<IDMLDevice> device;
    HRESULT hr = DMLCreateDevice(nullptr, DML_CREATE_DEVICE_FLAG_NONE, IID_PPV_ARGS(&device));
    if (hr == DXGI_ERROR_UNSUPPORTED)
        return std::fprintf(stderr, "no Vulkan device\n"), 77;
    if (FAILED(hr))
        return fail("DMLCreateDevice", hr);

    Tensor input(6), first(2), second(4);
    std::array<DML_TENSOR_DESC, 2> outputs{first.desc, second.desc};
    DML_SPLIT_OPERATOR_DESC split{&input.desc, 2, outputs.data(), 0};
    DML_OPERATOR_DESC desc{DML_OPERATOR_SPLIT, &split};
    ComPtr<IDMLOperator> op;
    ComPtr<IDMLCompiledOperator> compiled;
    ComPtr<IDMLOperatorInitializer> initializer;
    ComPtr<IDMLBindingTable> table;
    if (FAILED(hr = device->CreateOperator(&desc, IID_PPV_ARGS(&op))) ||
        FAILED(hr = device->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE,
                                            IID_PPV_ARGS(&compiled))))
        return fail("CreateOperator/CompileOperator", hr);
    IDMLCompiledOperator *ops[] = {compiled.Get()};
    if (FAILED(hr = device->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&initializer))))
        return fail("CreateOperatorInitializer", hr);
    DML_BINDING_TABLE_DESC table_desc{initializer.Get(), {}, {}, 0};
    if (FAILED(hr = device->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table))) ||
        FAILED(hr = dmlopsExecute(device.Get(), initializer.Get(), table.Get())))
        return fail("initializing", hr);

    std::array<int, 6> data{1, 2, 3, 4, 5, 6};
    std::array<int, 2> a{};
    std::array<int, 4> b{};
    ID3D12Resource *in = nullptr, *out_a = nullptr, *out_b = nullptr;
    if (FAILED(hr = dmlopsCreateBuffer(device.Get(), sizeof(data), &in)) ||
        FAILED(hr = dmlopsCreateBuffer(device.Get(), sizeof(a), &out_a)) ||
        FAILED(hr = dmlopsCreateBuffer(device.Get(), sizeof(b), &out_b)) ||
        FAILED(hr = dmlopsUploadBuffer(device.Get(), in, 0, data.data(), sizeof(data))))
        return fail("buffers", hr);
    DML_BUFFER_BINDING bin{in, 0, sizeof(data)}, ba{out_a, 0, sizeof(a)}, bb{out_b, 0, sizeof(b)};
    DML_BINDING_DESC din{DML_BINDING_TYPE_BUFFER, &bin};
    std::array<DML_BINDING_DESC, 2> douts{
        {{DML_BINDING_TYPE_BUFFER, &ba}, {DML_BINDING_TYPE_BUFFER, &bb}}};
    table_desc.Dispatchable = compiled.Get();
    if (FAILED(hr = table->Reset(&table_desc)))
        return fail("Reset", hr);
    table->BindInputs(1, &din);
    table->BindOutputs(2, douts.data());
    if (FAILED(hr = dmlopsExecute(device.Get(), compiled.Get(), table.Get())) ||
        FAILED(hr = dmlopsDownloadBuffer(device.Get(), out_a, 0, a.data(), sizeof(a))) ||
        FAILED(hr = dmlopsDownloadBuffer(device.Get(), out_b, 0, b.data(), sizeof(b))))
        return fail("execute", hr);
    std::printf("split: [%d %d] [%d %d %d %d]\n", a[0], a[1], b[0], b[1], b[2], b[3]);
    for (ID3D12Resource *buffer : {in, out_a, out_b})
        dmlopsDestroyBuffer(device.Get(), buffer);
    return a == std::array<int, 2>{1, 2} && b == std::array<int, 4>{3, 4, 5, 6} ? 0 : 1;
}

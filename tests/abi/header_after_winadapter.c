/* Compiled by the abi_header_after_winadapter_* tests as C11 and C++17 after the real adapter of
 * Debian's directx-headers-dev (wsl/winadapter.h, and in C++ wsl/wrladapter.h), as ported code
 * includes it: DirectML.h must take GUID, the base types, IUnknown, __uuidof and IID_PPV_ARGS
 * from there, and Microsoft::WRL::ComPtr must work with its interfaces. */
#include <wsl/winadapter.h>
#ifdef __cplusplus
#include <wsl/wrladapter.h>
#endif

#define COBJMACROS
#include <DirectML.h>

#ifdef __cplusplus
using Microsoft::WRL::ComPtr;

static_assert(__uuidof(IDMLDevice).Data1 == 0x6dbd6437,
              "__uuidof of the adapter serves IDMLDevice");
static_assert(__uuidof(IDMLDevice1).Data1 == 0xa0884f9a, "and IDMLDevice1");
static_assert(IID_IDMLCommandRecorder.Data1 == 0xe6857a76, "IID constant");

HRESULT abi_after_winadapter(IDMLDevice *device);

HRESULT abi_after_winadapter(IDMLDevice *device)
{
    ComPtr<IDMLDevice> held(device);
    ComPtr<IDMLDevice1> device1;
    HRESULT hr = held.As(&device1);
    if (FAILED(hr))
        return hr;
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC add = {};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_ADD, &add};
    ComPtr<IDMLOperator> op;
    hr = device1->CreateOperator(&desc, IID_PPV_ARGS(&op));
    if (FAILED(hr))
        return hr;
    ComPtr<IDMLCompiledOperator> compiled;
    DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_NONE | DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
    hr = held->CompileOperator(op.Get(), flags, IID_PPV_ARGS(compiled.GetAddressOf()));
    IUnknown *unknown = compiled.Get();
    (void)unknown;
    return hr;
}
#else
HRESULT abi_after_winadapter(IDMLDevice *device);

HRESULT abi_after_winadapter(IDMLDevice *device)
{
    void *recorder = NULL;
    DML_FOLD_OPERATOR_DESC fold = {0};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_FOLD, &fold};
    void *op = NULL;
    HRESULT hr = IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, &op);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateCommandRecorder(device, &IID_IDMLCommandRecorder, &recorder);
    return hr;
}
#endif

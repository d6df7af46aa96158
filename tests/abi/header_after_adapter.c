/* Compiled by the abi_header_after_* tests as C11 and C++17, after a stand-in for
 * DirectX-Headers' adapter: the header must take the adapter's definitions instead of clashing. */
#include "winadapter_like.h"

#define COBJMACROS
#include <DirectML.h>

#ifdef __cplusplus
HRESULT abi_after_adapter(IDMLDevice *device);

HRESULT abi_after_adapter(IDMLDevice *device)
{
    static_assert(uuidof<IDMLDevice>().Data1 == 0x6dbd6437,
                  "uuidof<T>() of the adapter serves IDMLDevice");
    static_assert(IID_IDMLCommandRecorder.Data1 == 0xe6857a76, "IID constant");
    DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_NONE | DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
    IDMLOperator *op = nullptr;
    IUnknown *unknown = device;
    (void)unknown;
    HRESULT hr = device->CompileOperator(op, flags, IID_PPV_ARGS(&op));
    return FAILED(hr) ? E_INVALIDARG : S_OK;
}
#else
HRESULT abi_after_adapter(IDMLDevice *device);

HRESULT abi_after_adapter(IDMLDevice *device)
{
    void *recorder = NULL;
    HRESULT hr = IDMLDevice_CreateCommandRecorder(device, &IID_IDMLCommandRecorder, &recorder);
    return FAILED(hr) ? E_INVALIDARG : S_OK;
}
#endif

#include "hresult.h"

#include <stdio.h>

static const struct
{
    HRESULT code;
    const char *name;
} names[] = {
    {S_OK, "S_OK"},
    {S_FALSE, "S_FALSE"},
    {E_NOTIMPL, "E_NOTIMPL"},
    {E_NOINTERFACE, "E_NOINTERFACE"},
    {E_POINTER, "E_POINTER"},
    {E_FAIL, "E_FAIL"},
    {E_OUTOFMEMORY, "E_OUTOFMEMORY"},
    {E_INVALIDARG, "E_INVALIDARG"},
    {DXGI_ERROR_INVALID_CALL, "DXGI_ERROR_INVALID_CALL"},
    {DXGI_ERROR_UNSUPPORTED, "DXGI_ERROR_UNSUPPORTED"},
    {DXGI_ERROR_DEVICE_REMOVED, "DXGI_ERROR_DEVICE_REMOVED"},
    {DXGI_ERROR_DEVICE_HUNG, "DXGI_ERROR_DEVICE_HUNG"},
    {DXGI_ERROR_DEVICE_RESET, "DXGI_ERROR_DEVICE_RESET"},
    {DXGI_ERROR_DRIVER_INTERNAL_ERROR, "DXGI_ERROR_DRIVER_INTERNAL_ERROR"},
    {DXGI_ERROR_SDK_COMPONENT_MISSING, "DXGI_ERROR_SDK_COMPONENT_MISSING"},
};

const char *tool_hresult_text(HRESULT hr)
{
    static char ring[4][64];
    static unsigned next;
    char *out = ring[next++ % 4];
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    {
        if (names[i].code == hr)
            return snprintf(out, sizeof(ring[0]), "%s (0x%08X)", names[i].name, (unsigned)hr), out;
    }
    snprintf(out, sizeof(ring[0]), "0x%08X", (unsigned)hr);
    return out;
}

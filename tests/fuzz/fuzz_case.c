/* One fuzz input: decode, CreateOperator (with the rare variations of its arguments), then the
 * rest of DirectML's sequence for an accepted desc, and a device that must not be removed. */
#define COBJMACROS
#include <stdarg.h>
#include <stdio.h>

#include "fuzz_decode.h"
#include "fuzz_harness.h"

struct fuzz_stats fuzz_stats;

const char *fuzz_finding(const char *fmt, ...)
{
    static char message[512];
    va_list args;

    va_start(args, fmt);
    vsnprintf(message, sizeof(message), fmt, args);
    va_end(args);
    return message;
}

static REFIID create_iid(const struct fuzz_case *c)
{
    if (c->rare == FUZZ_RARE_CREATE_IUNKNOWN)
        return &IID_IUnknown;
    return c->rare == FUZZ_RARE_CREATE_WRONG_IID ? &IID_IDMLCompiledOperator : &IID_IDMLOperator;
}

/* The HRESULTs CreateOperator may return for this case, and the COM contract on *ppv. */
static const char *check_created(const struct fuzz_case *c, HRESULT hr, void *out)
{
    const bool wrong_iid = c->rare == FUZZ_RARE_CREATE_WRONG_IID;

    if (FAILED(hr) && out)
        return fuzz_finding("CreateOperator failed (0x%08X) but wrote *ppv", (unsigned)hr);
    if (hr == S_OK)
        return !out || wrong_iid ? fuzz_finding("CreateOperator: S_OK with %s",
                                                out ? "an unsupported riid" : "*ppv NULL")
                                 : NULL;
    if (hr == E_INVALIDARG || hr == E_OUTOFMEMORY || (hr == E_NOINTERFACE && wrong_iid) ||
        (hr == DXGI_ERROR_UNSUPPORTED && !c->implemented))
        return NULL;
    return fuzz_finding("CreateOperator of type %u returned 0x%08X",
                        c->desc ? (unsigned)c->desc->Type : 0u, (unsigned)hr);
}

/* D11: with ppv NULL, S_FALSE exactly when the call with a ppv succeeds, else the same error. */
static const char *check_no_ppv(IDMLDevice *device, const struct fuzz_case *c, HRESULT with_ppv)
{
    HRESULT hr = IDMLDevice_CreateOperator(device, c->desc, create_iid(c), NULL);
    HRESULT expected = with_ppv == S_OK ? S_FALSE : with_ppv;

    if (hr != expected)
        return fuzz_finding("CreateOperator with ppv NULL: 0x%08X; with a ppv: 0x%08X",
                            (unsigned)hr, (unsigned)with_ppv);
    return NULL;
}

static const char *create(IDMLDevice *device, const struct fuzz_case *c, IDMLOperator **op)
{
    IUnknown *out = NULL;
    const char *finding;
    HRESULT hr = IDMLDevice_CreateOperator(device, c->desc, create_iid(c), (void **)&out);

    if ((finding = check_created(c, hr, out)) ||
        (c->rare == FUZZ_RARE_CREATE_NO_PPV && (finding = check_no_ppv(device, c, hr))) ||
        hr != S_OK)
        return finding;
    if (c->rare != FUZZ_RARE_CREATE_IUNKNOWN)
    {
        *op = (IDMLOperator *)out;
        return NULL;
    }
    hr = IUnknown_QueryInterface(out, &IID_IDMLOperator, (void **)op);
    IUnknown_Release(out);
    return FAILED(hr) ? fuzz_finding("QueryInterface(IDMLOperator): 0x%08X", (unsigned)hr) : NULL;
}

static const char *run(const struct fuzz_case *c)
{
    IDMLDevice *device = fuzz_device_get(c->level, c->rare == FUZZ_RARE_DEBUG_OUTPUT);
    IDMLOperator *op = NULL;
    const char *finding = create(device, c, &op);
    HRESULT hr;

    if (op)
        ++fuzz_stats.accepted;
    if (!finding && op)
        finding = fuzz_execute(device, c, op);
    if (op)
        IDMLOperator_Release(op);
    if (!finding && (hr = IDMLDevice_GetDeviceRemovedReason(device)) != S_OK)
        finding =
            fuzz_finding("the device was removed: GetDeviceRemovedReason 0x%08X", (unsigned)hr);
    if (finding)
        fuzz_device_discard(c->level);
    return finding;
}

const char *fuzz_case_run(const uint8_t *data, size_t size)
{
    struct fuzz_arena arena = {NULL};
    struct fuzz_case c;
    const char *finding = NULL;

    if (fuzz_decode(data, size, &arena, &c))
    {
        ++fuzz_stats.cases;
        finding = run(&c);
    }
    fa_free_all(&arena);
    return finding;
}

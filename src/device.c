#include "device.h"

#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "children.h"
#include "diag.h"
#include "validate.h"
#include "feature_level.h"
#include "graph_cache.h"
#include "graph_compile.h"
#include "vk/vk.h"

static const IID *const device_iids[] = {
    &IID_IUnknown, &IID_IDMLObject, &IID_IDMLDevice, &IID_IDMLDevice1, NULL};

static struct dml_device *impl_from_IDMLDevice1(IDMLDevice1 *iface)
{
    return (struct dml_device *)((char *)iface - offsetof(struct dml_device, IDMLDevice1_iface));
}

static struct dml_device *impl_from_IDMLDebugDevice(IDMLDebugDevice *iface)
{
    return (struct dml_device *)((char *)iface - offsetof(struct dml_device, IDMLDebugDevice_iface));
}

void dml_device_add_ref(struct dml_device *device)
{
    dml_object_add_ref(&device->object);
}

ULONG dml_device_release(struct dml_device *device)
{
    ULONG count = dml_object_release(&device->object);

    if (count)
        return count;
    dml_graph_cache_destroy(device->graph_cache);
    dml_vk_device_destroy(device->vk);
    dml_object_cleanup(&device->object);
    free(device);
    return 0;
}

bool dml_device_debug_enabled(struct dml_device *device)
{
    return device->debug && !atomic_load(&device->muted);
}

void dml_device_remove(struct dml_device *device, HRESULT reason, const char *fmt, ...)
{
    HRESULT expected = S_OK;
    char message[512];
    va_list args;

    atomic_compare_exchange_strong(&device->removed_reason, &expected, reason);
    if (!dml_device_debug_enabled(device))
        return;
    va_start(args, fmt);
    vsnprintf(message, sizeof(message), fmt, args);
    va_end(args);
    dml_diag_rule(true, DMLOPS_MESSAGE_SEVERITY_ERROR, "D13",
                  "%s; the device is now removed (GetDeviceRemovedReason: 0x%08X)", message,
                  (unsigned)atomic_load(&device->removed_reason));
}

HRESULT dml_device_check_removed(struct dml_device *device)
{
    return atomic_load(&device->removed_reason) == S_OK ? S_OK : DXGI_ERROR_DEVICE_REMOVED;
}

/* Hands a freshly created object to the caller: QueryInterface into ppv, or, with ppv NULL,
 * only report that creation would succeed (decision D11). Consumes the creation reference. */
static HRESULT return_object(IUnknown *object, REFIID riid, void **ppv)
{
    HRESULT hr = S_FALSE;

    if (ppv)
        hr = object->lpVtbl->QueryInterface(object, riid, ppv);
    object->lpVtbl->Release(object);
    return hr;
}

static ULONG device_add_ref_any(void *iface)
{
    return dml_object_add_ref(&impl_from_IDMLDevice1(iface)->object);
}

/* IUnknown */
static HRESULT STDMETHODCALLTYPE dml_device_QueryInterface(IDMLDevice1 *iface, REFIID riid,
                                                           void **ppv)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);

    if (device->debug && ppv && riid && !memcmp(riid, &IID_IDMLDebugDevice, sizeof(IID)))
    {
        dml_device_add_ref(device);
        *ppv = &device->IDMLDebugDevice_iface;
        return S_OK;
    }
    return dml_object_query(iface, device_iids, riid, ppv, device_add_ref_any);
}

static ULONG STDMETHODCALLTYPE dml_device_AddRef(IDMLDevice1 *iface)
{
    return dml_object_add_ref(&impl_from_IDMLDevice1(iface)->object);
}

static ULONG STDMETHODCALLTYPE dml_device_Release(IDMLDevice1 *iface)
{
    return dml_device_release(impl_from_IDMLDevice1(iface));
}

/* IDMLObject */
static HRESULT STDMETHODCALLTYPE dml_device_GetPrivateData(IDMLDevice1 *iface, REFGUID guid,
                                                           UINT *size, void *data)
{
    return dml_object_get_private_data(&impl_from_IDMLDevice1(iface)->object, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dml_device_SetPrivateData(IDMLDevice1 *iface, REFGUID guid,
                                                           UINT size, const void *data)
{
    return dml_object_set_private_data(&impl_from_IDMLDevice1(iface)->object, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dml_device_SetPrivateDataInterface(IDMLDevice1 *iface,
                                                                    REFGUID guid, IUnknown *data)
{
    return dml_object_set_private_data_interface(&impl_from_IDMLDevice1(iface)->object, guid,
                                                 data);
}

static HRESULT STDMETHODCALLTYPE dml_device_SetName(IDMLDevice1 *iface, LPCWSTR name)
{
    return dml_object_set_name(&impl_from_IDMLDevice1(iface)->object, name);
}

/* IDMLDevice */
static HRESULT STDMETHODCALLTYPE dml_device_CheckFeatureSupport(IDMLDevice1 *iface,
                                                                DML_FEATURE feature,
                                                                UINT query_size, const void *query,
                                                                UINT data_size, void *data)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);
    HRESULT hr;

    if (FAILED(hr = dml_device_check_removed(device)))
        return hr;
    return dml_check_feature_support(device->feature_level, feature, query_size, query, data_size,
                                     data);
}

static HRESULT STDMETHODCALLTYPE dml_device_CreateOperator(IDMLDevice1 *iface,
                                                           const DML_OPERATOR_DESC *desc,
                                                           REFIID riid, void **ppv)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);
    IDMLOperator *op;
    HRESULT hr;

    dml_clear_out(ppv);
    if (FAILED(hr = dml_device_check_removed(device)) ||
        FAILED(hr = dml_operator_create(device, desc, &op)))
        return hr;
    return return_object((IUnknown *)op, riid, ppv);
}

static HRESULT STDMETHODCALLTYPE dml_device_CompileOperator(IDMLDevice1 *iface, IDMLOperator *op,
                                                            DML_EXECUTION_FLAGS flags, REFIID riid,
                                                            void **ppv)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);
    IDMLCompiledOperator *compiled;
    HRESULT hr;

    dml_clear_out(ppv);
    if (FAILED(hr = dml_device_check_removed(device)) ||
        FAILED(hr = dml_compiled_operator_create(device, op, flags, &compiled)))
        return hr;
    return return_object((IUnknown *)compiled, riid, ppv);
}

static HRESULT STDMETHODCALLTYPE dml_device_CreateOperatorInitializer(
    IDMLDevice1 *iface, UINT count, IDMLCompiledOperator *const *operators, REFIID riid, void **ppv)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);
    IDMLOperatorInitializer *initializer;
    HRESULT hr;

    dml_clear_out(ppv);
    if (FAILED(hr = dml_device_check_removed(device)) ||
        FAILED(hr = dml_initializer_create(device, count, operators, &initializer)))
        return hr;
    return return_object((IUnknown *)initializer, riid, ppv);
}

static HRESULT STDMETHODCALLTYPE dml_device_CreateCommandRecorder(IDMLDevice1 *iface, REFIID riid,
                                                                  void **ppv)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);
    IDMLCommandRecorder *recorder;
    HRESULT hr;

    dml_clear_out(ppv);
    if (FAILED(hr = dml_device_check_removed(device)) ||
        FAILED(hr = dml_command_recorder_create(device, &recorder)))
        return hr;
    return return_object((IUnknown *)recorder, riid, ppv);
}

static HRESULT STDMETHODCALLTYPE dml_device_CreateBindingTable(IDMLDevice1 *iface,
                                                               const DML_BINDING_TABLE_DESC *desc,
                                                               REFIID riid, void **ppv)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);
    IDMLBindingTable *table;
    HRESULT hr;

    dml_clear_out(ppv);
    if (FAILED(hr = dml_device_check_removed(device)) ||
        FAILED(hr = dml_binding_table_create(device, desc, &table)))
        return hr;
    return return_object((IUnknown *)table, riid, ppv);
}

/* Residency has no meaning for Vulkan memory here: the objects are always resident. */
static HRESULT residency_check(struct dml_device *device, UINT count, IDMLPageable *const *objects)
{
    HRESULT hr;

    if (FAILED(hr = dml_device_check_removed(device)))
        return hr;
    for (UINT i = 0; objects && i < count; ++i)
    {
        if (!objects[i])
            return E_INVALIDARG;
    }
    return count && !objects ? E_INVALIDARG : S_OK;
}

static HRESULT STDMETHODCALLTYPE dml_device_Evict(IDMLDevice1 *iface, UINT count,
                                                  IDMLPageable *const *objects)
{
    return residency_check(impl_from_IDMLDevice1(iface), count, objects);
}

static HRESULT STDMETHODCALLTYPE dml_device_MakeResident(IDMLDevice1 *iface, UINT count,
                                                         IDMLPageable *const *objects)
{
    return residency_check(impl_from_IDMLDevice1(iface), count, objects);
}

static HRESULT STDMETHODCALLTYPE dml_device_GetDeviceRemovedReason(IDMLDevice1 *iface)
{
    return atomic_load(&impl_from_IDMLDevice1(iface)->removed_reason);
}

/* D16: there is no D3D12 device behind an IDMLDevice on Linux, so there is no parent to hand out. */
static HRESULT STDMETHODCALLTYPE dml_device_GetParentDevice(IDMLDevice1 *iface, REFIID riid,
                                                            void **ppv)
{
    if (!ppv)
        return E_POINTER;
    *ppv = NULL;
    return E_NOINTERFACE;
}

static HRESULT STDMETHODCALLTYPE dml_device_CompileGraph(IDMLDevice1 *iface,
                                                         const DML_GRAPH_DESC *desc,
                                                         DML_EXECUTION_FLAGS flags, REFIID riid,
                                                         void **ppv)
{
    struct dml_device *device = impl_from_IDMLDevice1(iface);
    IDMLCompiledOperator *compiled;
    HRESULT hr;

    dml_clear_out(ppv);
    if (FAILED(hr = dml_device_check_removed(device)) ||
        FAILED(hr = dml_graph_compile(device, desc, flags, ppv ? &compiled : NULL)))
        return hr;
    return ppv ? return_object((IUnknown *)compiled, riid, ppv) : S_FALSE;
}

static const IDMLDevice1Vtbl dml_device_vtbl = {
    dml_device_QueryInterface,
    dml_device_AddRef,
    dml_device_Release,
    dml_device_GetPrivateData,
    dml_device_SetPrivateData,
    dml_device_SetPrivateDataInterface,
    dml_device_SetName,
    dml_device_CheckFeatureSupport,
    dml_device_CreateOperator,
    dml_device_CompileOperator,
    dml_device_CreateOperatorInitializer,
    dml_device_CreateCommandRecorder,
    dml_device_CreateBindingTable,
    dml_device_Evict,
    dml_device_MakeResident,
    dml_device_GetDeviceRemovedReason,
    dml_device_GetParentDevice,
    dml_device_CompileGraph,
};

/* IDMLDebugDevice: a second interface of the same object. */
static HRESULT STDMETHODCALLTYPE dml_debug_device_QueryInterface(IDMLDebugDevice *iface,
                                                                 REFIID riid, void **ppv)
{
    IDMLDevice1 *device = &impl_from_IDMLDebugDevice(iface)->IDMLDevice1_iface;

    return device->lpVtbl->QueryInterface(device, riid, ppv);
}

static ULONG STDMETHODCALLTYPE dml_debug_device_AddRef(IDMLDebugDevice *iface)
{
    IDMLDevice1 *device = &impl_from_IDMLDebugDevice(iface)->IDMLDevice1_iface;

    return device->lpVtbl->AddRef(device);
}

static ULONG STDMETHODCALLTYPE dml_debug_device_Release(IDMLDebugDevice *iface)
{
    IDMLDevice1 *device = &impl_from_IDMLDebugDevice(iface)->IDMLDevice1_iface;

    return device->lpVtbl->Release(device);
}

static void STDMETHODCALLTYPE dml_debug_device_SetMuteDebugOutput(IDMLDebugDevice *iface, BOOL mute)
{
    atomic_store(&impl_from_IDMLDebugDevice(iface)->muted, mute != FALSE);
}

static const IDMLDebugDeviceVtbl dml_debug_device_vtbl = {
    dml_debug_device_QueryInterface,
    dml_debug_device_AddRef,
    dml_debug_device_Release,
    dml_debug_device_SetMuteDebugOutput,
};

struct dml_device *dml_device_from_iface(IDMLDevice *iface)
{
    if (!iface || iface->lpVtbl != (const void *)&dml_device_vtbl)
        return NULL;
    return impl_from_IDMLDevice1((IDMLDevice1 *)iface);
}

HRESULT dml_device_query_from_child(struct dml_device *device, REFIID riid, void **ppv)
{
    IDMLDevice1 *iface = &device->IDMLDevice1_iface;

    return iface->lpVtbl->QueryInterface(iface, riid, ppv);
}

HRESULT dml_device_create(struct dml_vk_device *vk, DML_CREATE_DEVICE_FLAGS flags,
                          DML_FEATURE_LEVEL feature_level, struct dml_device **out)
{
    struct dml_device *device;

    if (!(device = calloc(1, sizeof(*device))))
        return E_OUTOFMEMORY;
    if (FAILED(dml_graph_cache_create(&device->graph_cache)))
    {
        free(device);
        return E_OUTOFMEMORY;
    }
    device->IDMLDevice1_iface.lpVtbl = &dml_device_vtbl;
    device->IDMLDebugDevice_iface.lpVtbl = &dml_debug_device_vtbl;
    dml_object_init(&device->object);
    device->vk = vk;
    device->feature_level = feature_level;
    device->debug = (flags & DML_CREATE_DEVICE_FLAG_DEBUG) || dml_diag_env_enabled();
    atomic_init(&device->muted, false);
    atomic_init(&device->removed_reason, S_OK);
    *out = device;
    return S_OK;
}

/* dmlops.h's host-side helpers, for applications with no Vulkan code of their own, and device
 * removal as those helpers and the application see it. */
#include <dmlops.h>

#include "binding_table.h"
#include "device.h"
#include "diag.h"
#include "vk/vk.h"

/* These helpers stand for D3D12's side of DirectML: a DirectML device removed by misuse or by
 * running out of memory in a void method leaves them working (DirectML's removal does not remove
 * the D3D12 device), a lost Vulkan device does not. */

/* The device's Vulkan side, or NULL (hr then says why: E_INVALIDARG for a foreign or NULL
 * device, DXGI_ERROR_DEVICE_REMOVED once the Vulkan device is lost). */
static struct dml_vk_device *usable(IDMLDevice *iface, HRESULT *hr)
{
    struct dml_device *device = dml_device_from_iface(iface);

    *hr = !device ? E_INVALIDARG
                  : dml_vk_device_is_lost(device->vk) ? DXGI_ERROR_DEVICE_REMOVED : S_OK;
    return SUCCEEDED(*hr) ? device->vk : NULL;
}

/* A destroyed buffer, or one of another device, is refused before its handle is read (the
 * library's own device knows every buffer; an application's buffers on an interop device cannot
 * be checked). */
static HRESULT check_buffer(IDMLDevice *iface, struct dml_vk_device *vk, ID3D12Resource *buffer,
                            const char *helper)
{
    if (dml_vk_buffer_check(vk, (VkBuffer)buffer))
        return S_OK;
    dml_diag_print(dml_device_debug_enabled(dml_device_from_iface(iface)),
                   "%s: buffer %p is not a live buffer of this device (destroyed, or another "
                   "device's)", helper, (void *)buffer);
    return E_INVALIDARG;
}

/* The Vulkan layer reports VK_ERROR_DEVICE_LOST as DXGI_ERROR_DEVICE_REMOVED: the DirectML device
 * is then removed too, with the reason DirectML gives for a hung GPU. */
static HRESULT note_loss(IDMLDevice *iface, HRESULT hr, const char *helper)
{
    if (hr == DXGI_ERROR_DEVICE_REMOVED)
        dml_device_remove(dml_device_from_iface(iface), DXGI_ERROR_DEVICE_HUNG,
                          "%s: Vulkan reported VK_ERROR_DEVICE_LOST", helper);
    return hr;
}

DMLOPS_API HRESULT dmlopsCreateBuffer(IDMLDevice *device, UINT64 size, ID3D12Resource **buffer)
{
    HRESULT hr;
    struct dml_vk_device *vk = usable(device, &hr);
    VkBuffer handle;

    if (buffer)
        *buffer = NULL;
    if (!vk)
        return hr;
    if (!buffer || !size)
        return E_INVALIDARG;
    if (SUCCEEDED(hr = dml_vk_buffer_create(vk, size, &handle)))
        *buffer = (ID3D12Resource *)handle;
    return hr;
}

DMLOPS_API void dmlopsDestroyBuffer(IDMLDevice *device, ID3D12Resource *buffer)
{
    struct dml_device *impl = dml_device_from_iface(device);

    if (!impl || !buffer) /* also once removed: releasing must always work */
        return;
    if (!dml_vk_buffer_destroy(impl->vk, (VkBuffer)buffer))
        dml_diag_print(dml_device_debug_enabled(impl), "dmlopsDestroyBuffer: buffer %p is not a "
                       "live buffer of this device (destroyed twice, or another device's); "
                       "ignored", (void *)buffer);
}

DMLOPS_API HRESULT dmlopsUploadBuffer(IDMLDevice *device, ID3D12Resource *buffer, UINT64 offset,
                                      const void *data, UINT64 size)
{
    HRESULT hr;
    struct dml_vk_device *vk = usable(device, &hr);

    if (!vk)
        return hr;
    if (!buffer || (size && !data))
        return E_INVALIDARG;
    if (FAILED(hr = check_buffer(device, vk, buffer, "dmlopsUploadBuffer")))
        return hr;
    hr = dml_vk_buffer_upload(vk, (VkBuffer)buffer, offset, data, size);
    return note_loss(device, hr, "dmlopsUploadBuffer");
}

DMLOPS_API HRESULT dmlopsDownloadBuffer(IDMLDevice *device, ID3D12Resource *buffer, UINT64 offset,
                                        void *data, UINT64 size)
{
    HRESULT hr;
    struct dml_vk_device *vk = usable(device, &hr);

    if (!vk)
        return hr;
    if (!buffer || (size && !data))
        return E_INVALIDARG;
    if (FAILED(hr = check_buffer(device, vk, buffer, "dmlopsDownloadBuffer")))
        return hr;
    hr = dml_vk_buffer_download(vk, (VkBuffer)buffer, offset, data, size);
    return note_loss(device, hr, "dmlopsDownloadBuffer");
}

DMLOPS_API HRESULT dmlopsCreateCommandList(IDMLDevice *device, ID3D12CommandList **command_list)
{
    HRESULT hr;
    struct dml_vk_device *vk = usable(device, &hr);
    VkCommandBuffer cmd;

    if (command_list)
        *command_list = NULL;
    if (!vk)
        return hr;
    if (!command_list)
        return E_INVALIDARG;
    if (SUCCEEDED(hr = dml_vk_command_begin(vk, &cmd)))
        *command_list = (ID3D12CommandList *)cmd;
    return hr;
}

DMLOPS_API HRESULT dmlopsSubmitCommandList(IDMLDevice *device, ID3D12CommandList *command_list)
{
    struct dml_device *impl = dml_device_from_iface(device);
    HRESULT hr;

    if (!impl || !command_list)
        return E_INVALIDARG;
    /* Submitted (or, once the Vulkan device is lost, only freed): consumed either way. */
    if (dml_vk_device_is_lost(impl->vk))
    {
        dml_vk_command_discard(impl->vk, (VkCommandBuffer)command_list);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    hr = dml_vk_command_submit_and_wait(impl->vk, (VkCommandBuffer)command_list);
    if (FAILED(note_loss(device, hr, "dmlopsSubmitCommandList")))
        return hr;
    return dml_device_check_removed(impl);
}

DMLOPS_API HRESULT dmlopsExecute(IDMLDevice *device, IDMLDispatchable *dispatchable,
                                 IDMLBindingTable *bindings)
{
    IDMLCommandRecorder *recorder;
    ID3D12CommandList *command_list;
    HRESULT hr;

    if (!dml_device_from_iface(device) || !dispatchable || !bindings)
        return E_INVALIDARG;
    if (FAILED(hr = device->lpVtbl->CreateCommandRecorder(device, &IID_IDMLCommandRecorder,
                                                          (void **)&recorder)))
        return hr;
    if (SUCCEEDED(hr = dmlopsCreateCommandList(device, &command_list)))
    {
        recorder->lpVtbl->RecordDispatch(recorder, command_list, dispatchable, bindings);
        hr = dmlopsSubmitCommandList(device, command_list);
    }
    recorder->lpVtbl->Release(recorder);
    return hr;
}

DMLOPS_API void dmlopsRemoveDevice(IDMLDevice *device, HRESULT reason)
{
    struct dml_device *impl = dml_device_from_iface(device);

    if (!impl)
        return;
    dml_vk_device_mark_lost(impl->vk);
    dml_device_remove(impl, FAILED(reason) ? reason : DXGI_ERROR_DEVICE_REMOVED,
                      "dmlopsRemoveDevice (reason 0x%08X)", (unsigned)reason);
}

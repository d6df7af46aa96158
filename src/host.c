/* dmlops.h's host-side helpers, for applications with no Vulkan code of their own. */
#include <dmlops.h>

#include "binding_table.h"
#include "device.h"
#include "vk/vk.h"

static struct dml_vk_device *vk_of(IDMLDevice *iface)
{
    struct dml_device *device = dml_device_from_iface(iface);

    return device ? device->vk : NULL;
}

DMLOPS_API HRESULT dmlopsCreateBuffer(IDMLDevice *device, UINT64 size, ID3D12Resource **buffer)
{
    struct dml_vk_device *vk = vk_of(device);
    VkBuffer handle;
    HRESULT hr;

    if (buffer)
        *buffer = NULL;
    if (!vk || !buffer || !size)
        return E_INVALIDARG;
    if (SUCCEEDED(hr = dml_vk_buffer_create(vk, size, &handle)))
        *buffer = (ID3D12Resource *)handle;
    return hr;
}

DMLOPS_API void dmlopsDestroyBuffer(IDMLDevice *device, ID3D12Resource *buffer)
{
    struct dml_vk_device *vk = vk_of(device);

    if (vk && buffer)
        dml_vk_buffer_destroy(vk, (VkBuffer)buffer);
}

DMLOPS_API HRESULT dmlopsUploadBuffer(IDMLDevice *device, ID3D12Resource *buffer, UINT64 offset,
                                      const void *data, UINT64 size)
{
    struct dml_vk_device *vk = vk_of(device);

    if (!vk || !buffer || (size && !data))
        return E_INVALIDARG;
    return dml_vk_buffer_upload(vk, (VkBuffer)buffer, offset, data, size);
}

DMLOPS_API HRESULT dmlopsDownloadBuffer(IDMLDevice *device, ID3D12Resource *buffer, UINT64 offset,
                                        void *data, UINT64 size)
{
    struct dml_vk_device *vk = vk_of(device);

    if (!vk || !buffer || (size && !data))
        return E_INVALIDARG;
    return dml_vk_buffer_download(vk, (VkBuffer)buffer, offset, data, size);
}

DMLOPS_API HRESULT dmlopsCreateCommandList(IDMLDevice *device, ID3D12CommandList **command_list)
{
    struct dml_vk_device *vk = vk_of(device);
    VkCommandBuffer cmd;
    HRESULT hr;

    if (command_list)
        *command_list = NULL;
    if (!vk || !command_list)
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
    if (FAILED(hr = dml_vk_command_submit_and_wait(impl->vk, (VkCommandBuffer)command_list)))
    {
        if (hr == DXGI_ERROR_DEVICE_REMOVED)
            dml_device_remove(impl, hr, "the Vulkan device was lost");
        return hr;
    }
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

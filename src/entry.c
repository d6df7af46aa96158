/* The library's exported entry points: DirectML's device creation and dmlops.h's device-level
 * functions. */
#include <dmlops.h>

#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "diag.h"
#include "feature_level.h"
#include "tensor.h"
#include "vk/vk.h"

static const DML_CREATE_DEVICE_FLAGS valid_create_flags = DML_CREATE_DEVICE_FLAG_DEBUG;

DMLOPS_API unsigned dmlopsGetVersion(void)
{
    return DMLOPS_VERSION;
}

DMLOPS_API const char *dmlopsGetVersionString(void)
{
    return DMLOPS_VERSION_STRING;
}

DMLOPS_API UINT64 dmlopsCalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount,
                                              const UINT *sizes, const UINT *strides)
{
    return dml_calc_buffer_tensor_size(dataType, dimensionCount, sizes, strides);
}

/* The level a device runs at: the library's highest, lowered by an optional cap. */
static DML_FEATURE_LEVEL effective_level(DML_FEATURE_LEVEL cap)
{
    return cap && cap < DML_FEATURE_LEVEL_MAX_SUPPORTED ? cap : DML_FEATURE_LEVEL_MAX_SUPPORTED;
}

static HRESULT check_flags_and_levels(DML_CREATE_DEVICE_FLAGS flags, DML_FEATURE_LEVEL minimum,
                                      DML_FEATURE_LEVEL maximum, bool debug)
{
    if (flags & ~valid_create_flags)
    {
        dml_diag_print(debug, "DMLCreateDevice1: flags 0x%x hold undefined bits", (unsigned)flags);
        return E_INVALIDARG;
    }
    if (maximum && !dml_feature_level_is_known(maximum))
    {
        dml_diag_print(debug, "dmlopsCreateDevice: maximumFeatureLevel 0x%x is not a "
                              "DML_FEATURE_LEVEL", (unsigned)maximum);
        return E_INVALIDARG;
    }
    if (minimum > effective_level(maximum))
    {
        dml_diag_print(debug, "DMLCreateDevice1: minimumFeatureLevel 0x%x is above %s, the highest "
                              "this device supports", (unsigned)minimum,
                       dml_feature_level_name(effective_level(maximum)));
        return DXGI_ERROR_UNSUPPORTED;
    }
    return S_OK;
}

static HRESULT create_device(const struct dml_vk_interop *interop, DML_CREATE_DEVICE_FLAGS flags,
                             DML_FEATURE_LEVEL minimum, DML_FEATURE_LEVEL maximum, REFIID riid,
                             void **ppv)
{
    bool debug = (flags & DML_CREATE_DEVICE_FLAG_DEBUG) || dml_diag_env_enabled();
    struct dml_vk_device *vk;
    struct dml_device *device;
    IDMLDevice1 *iface;
    HRESULT hr;

    if (ppv)
        *ppv = NULL;
    if (FAILED(hr = check_flags_and_levels(flags, minimum, maximum, debug)))
        return hr;
    if (FAILED(hr = dml_vk_device_create(interop, &vk)))
    {
        dml_diag_print(debug, "DMLCreateDevice1: no usable Vulkan device (0x%08X)", (unsigned)hr);
        return hr;
    }
    if (FAILED(hr = dml_device_create(vk, flags, effective_level(maximum), &device)))
    {
        dml_vk_device_destroy(vk);
        return hr;
    }
    iface = &device->IDMLDevice1_iface;
    hr = ppv ? iface->lpVtbl->QueryInterface(iface, riid, ppv) : S_FALSE;
    iface->lpVtbl->Release(iface);
    return hr;
}

DMLOPS_API HRESULT DMLCreateDevice1(ID3D12Device *d3d12Device, DML_CREATE_DEVICE_FLAGS flags,
                                    DML_FEATURE_LEVEL minimumFeatureLevel, REFIID riid, void **ppv)
{
    if (d3d12Device)
    {
        /* D16: there is no D3D12 on Linux; the Vulkan device comes from dmlopsCreateDevice. */
        dml_diag_print((flags & DML_CREATE_DEVICE_FLAG_DEBUG) || dml_diag_env_enabled(),
                       "DMLCreateDevice1: d3d12Device must be NULL on libdmlops; use "
                       "dmlopsCreateDevice to run on your own VkDevice");
        dml_clear_out(ppv);
        return E_INVALIDARG;
    }
    return create_device(NULL, flags, minimumFeatureLevel, 0, riid, ppv);
}

DMLOPS_API HRESULT DMLCreateDevice(ID3D12Device *d3d12Device, DML_CREATE_DEVICE_FLAGS flags,
                                   REFIID riid, void **ppv)
{
    return DMLCreateDevice1(d3d12Device, flags, DML_FEATURE_LEVEL_1_0, riid, ppv);
}

static const DMLOPS_VULKAN_DEVICE_DESC *find_vulkan_desc(const void *next)
{
    const DMLOPS_VULKAN_DEVICE_DESC *desc;

    for (; next; next = desc->pNext)
    {
        desc = next;
        if (desc->sType == DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC)
            return desc;
    }
    return NULL;
}

DMLOPS_API HRESULT dmlopsCreateDevice(const DMLOPS_DEVICE_DESC *desc, REFIID riid, void **ppv)
{
    const DMLOPS_VULKAN_DEVICE_DESC *vulkan;
    struct dml_vk_interop interop;

    if (!desc || desc->sType != DMLOPS_STRUCTURE_TYPE_DEVICE_DESC)
    {
        dml_clear_out(ppv);
        return E_INVALIDARG;
    }
    if (!(vulkan = find_vulkan_desc(desc->pNext)))
        return create_device(NULL, desc->flags, desc->minimumFeatureLevel,
                             desc->maximumFeatureLevel, riid, ppv);
    if (!vulkan->instance || !vulkan->physicalDevice || !vulkan->device)
    {
        dml_clear_out(ppv);
        return E_INVALIDARG;
    }
    interop = (struct dml_vk_interop){vulkan->pfnGetInstanceProcAddr, vulkan->instance,
                                      vulkan->physicalDevice, vulkan->device,
                                      vulkan->queueFamilyIndex, vulkan->queueIndex};
    return create_device(&interop, desc->flags, desc->minimumFeatureLevel,
                         desc->maximumFeatureLevel, riid, ppv);
}

static void adapter_info(const struct dml_vk_physical_device_info *vk, DMLOPS_ADAPTER_INFO *out)
{
    memset(out, 0, sizeof(*out));
    memcpy(out->name, vk->name, sizeof(out->name));
    memcpy(out->driverName, vk->driver_name, sizeof(out->driverName));
    memcpy(out->driverInfo, vk->driver_info, sizeof(out->driverInfo));
    out->type = vk->type;
    out->vendorID = vk->vendor_id;
    out->deviceID = vk->device_id;
    out->apiVersion = vk->api_version;
    out->isSupported = vk->meets_requirements;
    out->isDefault = vk->is_default;
    out->maxFeatureLevel = vk->meets_requirements ? DML_FEATURE_LEVEL_MAX_SUPPORTED : 0;
}

DMLOPS_API HRESULT dmlopsEnumerateAdapters(UINT *count, DMLOPS_ADAPTER_INFO *adapters)
{
    uint32_t available = 0;
    struct dml_vk_physical_device_info info;
    HRESULT hr;

    if (!count)
        return E_INVALIDARG;
    if (FAILED(hr = dml_vk_physical_device_enumerate(&available)))
        return hr;
    if (!adapters)
    {
        *count = available;
        return S_OK;
    }
    if (*count > available)
        *count = available;
    for (UINT i = 0; i < *count; ++i)
    {
        if (FAILED(hr = dml_vk_physical_device_info(i, &info)))
            return hr;
        adapter_info(&info, &adapters[i]);
    }
    return S_OK;
}

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

/* What a device is created from: DMLCreateDevice1's arguments or a DMLOPS_DEVICE_DESC chain. */
struct device_request
{
    const struct dml_vk_interop *interop; /* NULL: the library's own device */
    const VkAllocationCallbacks *allocator;
    DML_CREATE_DEVICE_FLAGS flags;
    DML_FEATURE_LEVEL minimum, maximum;
};

static HRESULT create_device(const struct device_request *request, REFIID riid, void **ppv)
{
    bool debug = (request->flags & DML_CREATE_DEVICE_FLAG_DEBUG) || dml_diag_env_enabled();
    struct dml_vk_device *vk;
    struct dml_device *device;
    IDMLDevice1 *iface;
    HRESULT hr;

    if (ppv)
        *ppv = NULL;
    if (FAILED(hr = check_flags_and_levels(request->flags, request->minimum, request->maximum,
                                           debug)))
        return hr;
    if (FAILED(hr = dml_vk_device_create(request->interop, request->allocator, &vk)))
    {
        dml_diag_print(debug, "DMLCreateDevice1: no usable Vulkan device (0x%08X)", (unsigned)hr);
        return hr;
    }
    if (FAILED(hr = dml_device_create(vk, request->flags, effective_level(request->maximum),
                                      &device)))
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
    struct device_request request = {.flags = flags, .minimum = minimumFeatureLevel};
    return create_device(&request, riid, ppv);
}

DMLOPS_API HRESULT DMLCreateDevice(ID3D12Device *d3d12Device, DML_CREATE_DEVICE_FLAGS flags,
                                   REFIID riid, void **ppv)
{
    return DMLCreateDevice1(d3d12Device, flags, DML_FEATURE_LEVEL_1_0, riid, ppv);
}

/* More chained structures than this is taken for a malformed chain (a cycle would never end). */
#define DEVICE_DESC_CHAIN_MAX 64

/* Whether the chain from next ends within DEVICE_DESC_CHAIN_MAX structures. */
static bool chain_ends(const void *next)
{
    const DMLOPS_DEVICE_DESC *header; /* every chained structure starts with sType, pNext */
    unsigned length = 0;

    for (; next && length <= DEVICE_DESC_CHAIN_MAX; next = header->pNext, ++length)
        header = next;
    return !next;
}

/* The first structure of the given type in a pNext chain that ends, or NULL. */
static const void *find_chained(const void *next, DMLOPS_STRUCTURE_TYPE type)
{
    const DMLOPS_DEVICE_DESC *header;

    for (; next; next = header->pNext)
    {
        header = next;
        if (header->sType == type)
            return header;
    }
    return NULL;
}

/* VkAllocationCallbacks' valid usage: the three functions set, the two notifications both or
 * neither. Vulkan would call a NULL one. */
static bool allocator_valid(const VkAllocationCallbacks *a)
{
    return !a || (a->pfnAllocation && a->pfnReallocation && a->pfnFree &&
                  !a->pfnInternalAllocation == !a->pfnInternalFree);
}

/* Why desc cannot describe a device, or NULL. */
static const char *device_desc_error(const DMLOPS_DEVICE_DESC *desc,
                                     const DMLOPS_VULKAN_DEVICE_DESC **vulkan,
                                     const DMLOPS_VULKAN_ALLOCATOR_DESC **allocator)
{
    *vulkan = NULL;
    *allocator = NULL;
    if (!desc || desc->sType != DMLOPS_STRUCTURE_TYPE_DEVICE_DESC)
        return "desc is NULL or its sType is not DMLOPS_STRUCTURE_TYPE_DEVICE_DESC";
    if (!chain_ends(desc->pNext))
        return "the pNext chain does not end within 64 structures (a cycle?)";
    *vulkan = find_chained(desc->pNext, DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC);
    *allocator = find_chained(desc->pNext, DMLOPS_STRUCTURE_TYPE_VULKAN_ALLOCATOR_DESC);
    if (*vulkan && (!(*vulkan)->instance || !(*vulkan)->physicalDevice || !(*vulkan)->device))
        return "DMLOPS_VULKAN_DEVICE_DESC: instance, physicalDevice and device must be set";
    if (*allocator && !allocator_valid((*allocator)->pAllocator))
        return "DMLOPS_VULKAN_ALLOCATOR_DESC: pfnAllocation, pfnReallocation and pfnFree must be "
               "set, pfnInternalAllocation and pfnInternalFree both or neither";
    return NULL;
}

DMLOPS_API HRESULT dmlopsCreateDevice(const DMLOPS_DEVICE_DESC *desc, REFIID riid, void **ppv)
{
    const DMLOPS_VULKAN_DEVICE_DESC *vulkan;
    const DMLOPS_VULKAN_ALLOCATOR_DESC *allocator;
    const char *error = device_desc_error(desc, &vulkan, &allocator);
    struct dml_vk_interop interop;
    struct device_request request;

    if (error)
    {
        dml_diag_print((desc && (desc->flags & DML_CREATE_DEVICE_FLAG_DEBUG)) ||
                           dml_diag_env_enabled(),
                       "dmlopsCreateDevice: %s", error);
        dml_clear_out(ppv);
        return E_INVALIDARG;
    }
    request = (struct device_request){
        .interop = vulkan ? &interop : NULL,
        .allocator = allocator ? allocator->pAllocator : NULL,
        .flags = desc->flags,
        .minimum = desc->minimumFeatureLevel,
        .maximum = desc->maximumFeatureLevel,
    };
    if (vulkan)
        interop = (struct dml_vk_interop){vulkan->pfnGetInstanceProcAddr, vulkan->instance,
                                          vulkan->physicalDevice,         vulkan->device,
                                          vulkan->queueFamilyIndex,       vulkan->queueIndex};
    return create_device(&request, riid, ppv);
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

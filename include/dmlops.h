/* libdmlops: what DirectML's own API cannot express on Linux.
 *
 * - the library version, at compile time and at run time;
 * - creating an IDMLDevice on the application's own Vulkan device, or capping the feature level
 *   of a device ("would DirectML at feature level 3.0 accept this desc?");
 * - listing the Vulkan devices the library can run on;
 * - a small host-side path (buffers, upload, download, execute and wait) for applications with
 *   no Vulkan code of their own.
 *
 * Everything else is DirectML's API, declared in <DirectML.h>. Decision D16: an ID3D12Resource*
 * is a VkBuffer and an ID3D12CommandList* is a VkCommandBuffer in the recording state. */
#ifndef DMLOPS_H
#define DMLOPS_H

#include <stddef.h>
#include <stdint.h>

#include <DirectML.h>
#include <vulkan/vulkan.h>

/* The interop structs below name DML_FEATURE_LEVEL, which DirectML declares from 0x2000. */
#if DML_TARGET_VERSION < 0x2000
#error "dmlops.h needs DML_TARGET_VERSION 0x2000 or later (DML_FEATURE_LEVEL)"
#endif

#define DMLOPS_VERSION_MAJOR 0
#define DMLOPS_VERSION_MINOR 1
#define DMLOPS_VERSION_PATCH 0
#define DMLOPS_MAKE_VERSION(major, minor, patch) ((major) * 10000 + (minor) * 100 + (patch))
#define DMLOPS_VERSION                                                                             \
    DMLOPS_MAKE_VERSION(DMLOPS_VERSION_MAJOR, DMLOPS_VERSION_MINOR, DMLOPS_VERSION_PATCH)

/* DMLOPS_API (default visibility when building the library) comes from DirectML.h. */

#ifdef __cplusplus
extern "C" {
#endif

/* DMLOPS_VERSION of the library actually loaded, and its "major.minor.patch" string. */
DMLOPS_API unsigned dmlopsGetVersion(void);
DMLOPS_API const char *dmlopsGetVersionString(void);

typedef enum DMLOPS_STRUCTURE_TYPE
{
    DMLOPS_STRUCTURE_TYPE_DEVICE_DESC = 1,
    DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC = 2,
    DMLOPS_STRUCTURE_TYPE_VULKAN_ALLOCATOR_DESC = 3,
} DMLOPS_STRUCTURE_TYPE;

/* Chained from DMLOPS_DEVICE_DESC::pNext: run on the application's own Vulkan objects instead of
 * the library's default device. The device must have been created with bufferDeviceAddress,
 * storageBuffer8BitAccess, storageBuffer16BitAccess, shaderInt8, shaderInt16 and shaderInt64
 * enabled, and shaderFloat64 too when the GPU has it (ScaleBias and the float sequences compute
 * in float64; on a GPU without it they are refused, "VK-FEATURE"), and must outlive the IDMLDevice. The library creates its own command pool on
 * queueFamilyIndex (which must support compute, and have more than queueIndex queues) for its
 * host-side helpers. It submits to the queue only inside those helpers: do not use the queue from
 * another thread during those calls. It never times its copy engines on the application's queue
 * (it uses an earlier process's times from $XDG_CACHE_HOME/dmlops, or the compute kernels). */
typedef struct DMLOPS_VULKAN_DEVICE_DESC
{
    DMLOPS_STRUCTURE_TYPE sType; /* DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC */
    const void *pNext;
    PFN_vkGetInstanceProcAddr pfnGetInstanceProcAddr; /* NULL: the system's Vulkan loader */
    VkInstance instance;
    VkPhysicalDevice physicalDevice;
    VkDevice device;
    uint32_t queueFamilyIndex;
    uint32_t queueIndex;
} DMLOPS_VULKAN_DEVICE_DESC;

/* Chained from DMLOPS_DEVICE_DESC::pNext: the host-memory callbacks the library passes to Vulkan
 * for every object it creates for this device (its own VkDevice, buffers, device memory,
 * pipelines, command pools, fences), and again when it destroys them. The structure is copied;
 * pUserData and the functions must stay valid until the IDMLDevice and every object made from it
 * are released. pfnAllocation, pfnReallocation and pfnFree must be set, pfnInternalAllocation and
 * pfnInternalFree both or neither (E_INVALIDARG otherwise). The library may hold its own locks
 * while Vulkan calls them: they must not call libdmlops. The library's process-wide VkInstance,
 * shared by all devices, does not use them, and neither do the library's own (non-Vulkan)
 * allocations. */
typedef struct DMLOPS_VULKAN_ALLOCATOR_DESC
{
    DMLOPS_STRUCTURE_TYPE sType; /* DMLOPS_STRUCTURE_TYPE_VULKAN_ALLOCATOR_DESC */
    const void *pNext;
    const VkAllocationCallbacks *pAllocator; /* NULL: Vulkan's default allocator */
} DMLOPS_VULKAN_ALLOCATOR_DESC;

typedef struct DMLOPS_DEVICE_DESC
{
    DMLOPS_STRUCTURE_TYPE sType; /* DMLOPS_STRUCTURE_TYPE_DEVICE_DESC */
    const void *pNext; /* NULL, a DMLOPS_VULKAN_DEVICE_DESC, a DMLOPS_VULKAN_ALLOCATOR_DESC */
    DML_CREATE_DEVICE_FLAGS flags;
    DML_FEATURE_LEVEL minimumFeatureLevel; /* as DMLCreateDevice1 */
    DML_FEATURE_LEVEL maximumFeatureLevel; /* 0: the highest the library supports */
} DMLOPS_DEVICE_DESC;

/* DMLCreateDevice1 with Vulkan interop and a feature-level cap. Returns DXGI_ERROR_UNSUPPORTED when
 * minimumFeatureLevel is above what the device (after the cap) supports, E_INVALIDARG for a
 * malformed desc (a pNext chain of more than 64 structures counts as one: it may loop) or a
 * Vulkan device lacking a required feature. */
DMLOPS_API HRESULT dmlopsCreateDevice(const DMLOPS_DEVICE_DESC *desc, REFIID riid, void **ppv);

typedef struct DMLOPS_ADAPTER_INFO
{
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    char driverName[VK_MAX_DRIVER_NAME_SIZE];
    char driverInfo[VK_MAX_DRIVER_INFO_SIZE];
    VkPhysicalDeviceType type;
    uint32_t vendorID;
    uint32_t deviceID;
    uint32_t apiVersion;
    BOOL isSupported; /* has every Vulkan feature the library needs */
    BOOL isDefault;   /* the device DMLCreateDevice picks (DMLOPS_DEVICE considered) */
    DML_FEATURE_LEVEL maxFeatureLevel; /* 0 when not supported */
} DMLOPS_ADAPTER_INFO;

/* Lists the Vulkan physical devices in the loader's order (the order DMLOPS_DEVICE's index refers
 * to). Call with adapters NULL to get the count. */
DMLOPS_API HRESULT dmlopsEnumerateAdapters(UINT *count, DMLOPS_ADAPTER_INFO *adapters);

/* DMLCalcBufferTensorSize in overflow-checked 64-bit arithmetic: 0 for an unknown data type or a
 * size that does not fit in 64 bits. */
DMLOPS_API UINT64 dmlopsCalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount,
                                              const UINT *sizes, const UINT *strides);

/* Device loss. When a Vulkan call of the library returns VK_ERROR_DEVICE_LOST, the IDMLDevice is
 * removed: that call and every later HRESULT method of the device, its children and the helpers
 * below return DXGI_ERROR_DEVICE_REMOVED, void methods do nothing, GetDeviceRemovedReason returns
 * DXGI_ERROR_DEVICE_HUNG (and a debug device prints which call saw the loss); releasing and
 * destroying everything stays safe. Recovery, as in DirectML: release everything, create anew.
 * The library sees only its own submissions: an application whose vkQueueSubmit or
 * vkWaitForFences returned VK_ERROR_DEVICE_LOST calls dmlopsRemoveDevice, as it would
 * ID3D12Device5::RemoveDevice (which also makes it useful to test the removal path). The reason
 * it gives is kept unless the device was removed already (the first cause wins); anything but a
 * failure HRESULT becomes DXGI_ERROR_DEVICE_REMOVED. A removal by DirectML's own rules (misuse in
 * a void method, decision D13) leaves the helpers below working, as D3D12 keeps working when a
 * DirectML device is removed. */
DMLOPS_API void dmlopsRemoveDevice(IDMLDevice *device, HRESULT reason);

/* Debug messages. A debug device (DML_CREATE_DEVICE_FLAG_DEBUG, or DMLOPS_DEBUG=1 in the
 * environment) prints one "[DIRECTML ERROR]: " line on stderr per rejected call or misuse. With a
 * callback set, each such message also goes to the callback: its severity, the id of the rule or
 * decision it cites ("T5", "S1-5", "D13"; "" when none; every id is explained in docs/rules.md,
 * installed as share/doc/dmlops/rules.md) and its text without the prefix. Problems of the
 * machine (ids "VK-LOADER": no Vulkan loader; "VK-DRIVER": a loader but no Vulkan driver;
 * "VK-FEATURE": an operator's kernel needs a shader feature the GPU lacks, and the compile returns
 * DXGI_ERROR_UNSUPPORTED) reach the callback, debug or not. The callback is
 * process-wide and may be called from any thread that calls the library (concurrently). It may
 * call the library; a dmlopsSetMessageCallback from inside it is ignored. */
typedef enum DMLOPS_MESSAGE_SEVERITY
{
    DMLOPS_MESSAGE_SEVERITY_INFO = 0,
    DMLOPS_MESSAGE_SEVERITY_WARNING = 1,
    DMLOPS_MESSAGE_SEVERITY_ERROR = 2,
} DMLOPS_MESSAGE_SEVERITY;

typedef enum DMLOPS_MESSAGE_FLAGS
{
    DMLOPS_MESSAGE_FLAG_NONE = 0,
    DMLOPS_MESSAGE_FLAG_NO_STDERR = 1, /* the callback instead of stderr, not besides it */
} DMLOPS_MESSAGE_FLAGS;

typedef void (*PFN_DMLOPS_MESSAGE_CALLBACK)(DMLOPS_MESSAGE_SEVERITY severity, const char *ruleId,
                                            const char *message, void *userData);

/* Sets the callback (NULL: none) and DMLOPS_MESSAGE_FLAGS. When it returns, the previous
 * callback is no longer running and will not be called again. */
DMLOPS_API void dmlopsSetMessageCallback(PFN_DMLOPS_MESSAGE_CALLBACK callback, void *userData,
                                         UINT flags);

/* Host-side helpers. Buffers are device-local VkBuffers with storage and device-address usage. */
DMLOPS_API HRESULT dmlopsCreateBuffer(IDMLDevice *device, UINT64 size, ID3D12Resource **buffer);
DMLOPS_API void dmlopsDestroyBuffer(IDMLDevice *device, ID3D12Resource *buffer);
DMLOPS_API HRESULT dmlopsUploadBuffer(IDMLDevice *device, ID3D12Resource *buffer, UINT64 offset,
                                      const void *data, UINT64 size);
DMLOPS_API HRESULT dmlopsDownloadBuffer(IDMLDevice *device, ID3D12Resource *buffer, UINT64 offset,
                                        void *data, UINT64 size);
/* A command buffer in the recording state, on the device's queue; submit it with
 * dmlopsSubmitCommandList, which waits for completion and frees it. */
DMLOPS_API HRESULT dmlopsCreateCommandList(IDMLDevice *device, ID3D12CommandList **commandList);
DMLOPS_API HRESULT dmlopsSubmitCommandList(IDMLDevice *device, ID3D12CommandList *commandList);
/* Records the dispatchable with its bindings, submits and waits. */
DMLOPS_API HRESULT dmlopsExecute(IDMLDevice *device, IDMLDispatchable *dispatchable,
                                 IDMLBindingTable *bindings);

#ifdef __cplusplus
}
#endif

#endif

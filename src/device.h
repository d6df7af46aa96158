/* The IDMLDevice1 object: owns the Vulkan device wrapper, the feature level and the sticky
 * device-removed state that void methods report into (decision D13). */
#ifndef DMLOPS_DEVICE_H
#define DMLOPS_DEVICE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "object.h"

struct dml_vk_device;
struct dml_graph_cache;

struct dml_device
{
    IDMLDevice1 IDMLDevice1_iface;
    IDMLDebugDevice IDMLDebugDevice_iface;
    struct dml_object object;
    struct dml_vk_device *vk;
    DML_FEATURE_LEVEL feature_level; /* the highest level this device accepts (after any cap) */
    bool debug;                      /* created with DML_CREATE_DEVICE_FLAG_DEBUG or DMLOPS_DEBUG=1 */
    atomic_bool muted;               /* IDMLDebugDevice::SetMuteDebugOutput */
    _Atomic HRESULT removed_reason;  /* S_OK while the device works */
    struct dml_graph_cache *graph_cache; /* graphs compiled lately (graph_cache.h) */
};

struct dml_device *dml_device_from_iface(IDMLDevice *iface);
HRESULT dml_device_create(struct dml_vk_device *vk, DML_CREATE_DEVICE_FLAGS flags,
                          DML_FEATURE_LEVEL feature_level, struct dml_device **out);

void dml_device_add_ref(struct dml_device *device);
ULONG dml_device_release(struct dml_device *device);

/* Whether debug messages are printed now. */
bool dml_device_debug_enabled(struct dml_device *device);
/* Puts the device into the removed state (first cause wins) and prints why on a debug device. */
void dml_device_remove(struct dml_device *device, HRESULT reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* DXGI_ERROR_DEVICE_REMOVED once removed, S_OK otherwise: the first check of HRESULT methods. */
HRESULT dml_device_check_removed(struct dml_device *device);

/* Shared by every device child: IDMLDeviceChild::GetDevice. */
HRESULT dml_device_query_from_child(struct dml_device *device, REFIID riid, void **ppv);

#endif

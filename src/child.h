/* The part every device child (operator, compiled operator, initializer, binding table, command
 * recorder) shares: IUnknown, IDMLObject and IDMLDeviceChild on a single inheritance chain.
 * An object embeds its interface first and a struct dml_child after it; DML_CHILD_METHODS
 * generates the typed vtable entries that forward to the shared implementation. */
#ifndef DMLOPS_CHILD_H
#define DMLOPS_CHILD_H

#include <stddef.h>

#include "device.h"

struct dml_child
{
    struct dml_object object;
    struct dml_device *device; /* strong reference: children keep their device alive */
    const IID *const *iids;    /* NULL-terminated: every interface of the chain */
    void (*destroy)(struct dml_child *child);
};

void dml_child_init(struct dml_child *child, struct dml_device *device, const IID *const *iids,
                    void (*destroy)(struct dml_child *child));
/* For destroy callbacks: releases what dml_child_init took. */
void dml_child_cleanup(struct dml_child *child);

HRESULT dml_child_query(struct dml_child *child, void *iface, REFIID riid, void **ppv);
ULONG dml_child_add_ref(struct dml_child *child);
ULONG dml_child_release(struct dml_child *child);
HRESULT dml_child_get_device(struct dml_child *child, REFIID riid, void **ppv);

#define DML_CHILD_FROM_IFACE(type, iface)                                                          \
    ((struct dml_child *)((char *)(iface) + offsetof(type, DML_CHILD_MEMBER)))

#define DML_CHILD_METHODS(prefix, Iface, type)                                                     \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid, void **ppv) \
    {                                                                                              \
        return dml_child_query(DML_CHILD_FROM_IFACE(type, iface), iface, riid, ppv);               \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                                   \
    {                                                                                              \
        return dml_child_add_ref(DML_CHILD_FROM_IFACE(type, iface));                               \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                                  \
    {                                                                                              \
        return dml_child_release(DML_CHILD_FROM_IFACE(type, iface));                               \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *iface, REFGUID guid,           \
                                                             UINT *size, void *data)               \
    {                                                                                              \
        return dml_object_get_private_data(&DML_CHILD_FROM_IFACE(type, iface)->object, guid, size, \
                                           data);                                                  \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *iface, REFGUID guid,           \
                                                             UINT size, const void *data)          \
    {                                                                                              \
        return dml_object_set_private_data(&DML_CHILD_FROM_IFACE(type, iface)->object, guid, size, \
                                           data);                                                  \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(Iface *iface, REFGUID guid,  \
                                                                      IUnknown *data)              \
    {                                                                                              \
        return dml_object_set_private_data_interface(&DML_CHILD_FROM_IFACE(type, iface)->object,   \
                                                     guid, data);                                  \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_SetName(Iface *iface, LPCWSTR name)                  \
    {                                                                                              \
        return dml_object_set_name(&DML_CHILD_FROM_IFACE(type, iface)->object, name);              \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_GetDevice(Iface *iface, REFIID riid, void **ppv)     \
    {                                                                                              \
        return dml_child_get_device(DML_CHILD_FROM_IFACE(type, iface), riid, ppv);                 \
    }

/* An object type names where its struct dml_child lives before using DML_CHILD_METHODS:
 *     #define DML_CHILD_MEMBER child             (or dispatchable.child) */
/* The vtable entries of IUnknown, IDMLObject and IDMLDeviceChild, in order. */
#define DML_CHILD_VTBL_ENTRIES(prefix)                                                             \
    prefix##_QueryInterface, prefix##_AddRef, prefix##_Release, prefix##_GetPrivateData,           \
        prefix##_SetPrivateData, prefix##_SetPrivateDataInterface, prefix##_SetName,               \
        prefix##_GetDevice

#endif

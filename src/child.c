#include "child.h"

void dml_child_init(struct dml_child *child, struct dml_device *device, const IID *const *iids,
                    void (*destroy)(struct dml_child *child))
{
    dml_object_init(&child->object);
    dml_device_add_ref(device);
    child->device = device;
    child->iids = iids;
    child->destroy = destroy;
}

void dml_child_cleanup(struct dml_child *child)
{
    struct dml_device *device = child->device;

    dml_object_cleanup(&child->object);
    dml_device_release(device);
}

static ULONG add_ref_any(void *iface)
{
    /* Every child interface begins with IUnknown's vtable. */
    IUnknown *unknown = iface;

    return unknown->lpVtbl->AddRef(unknown);
}

HRESULT dml_child_query(struct dml_child *child, void *iface, REFIID riid, void **ppv)
{
    return dml_object_query(iface, child->iids, riid, ppv, add_ref_any);
}

ULONG dml_child_add_ref(struct dml_child *child)
{
    return dml_object_add_ref(&child->object);
}

ULONG dml_child_release(struct dml_child *child)
{
    ULONG count = dml_object_release(&child->object);

    if (!count)
        child->destroy(child);
    return count;
}

HRESULT dml_child_get_device(struct dml_child *child, REFIID riid, void **ppv)
{
    return dml_device_query_from_child(child->device, riid, ppv);
}

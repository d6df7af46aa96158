#include "object.h"

#include <stdlib.h>
#include <string.h>

/* No lock of an object is ever held while calling out of the library (an application interface's
 * AddRef or Release may call back into the same object): entries are immutable once stored and
 * counted, so a reader pins one under the lock and calls out after unlocking. */

/* D3D's well-known GUID under which SetName stores the object's name (WKPDID_D3DDebugObjectNameW). */
static const GUID dml_debug_object_name_w = {
    0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};

#ifndef DXGI_ERROR_NOT_FOUND
#define DXGI_ERROR_NOT_FOUND ((HRESULT)0x887A0002)
#endif
#ifndef DXGI_ERROR_MORE_DATA
#define DXGI_ERROR_MORE_DATA ((HRESULT)0x887A0003)
#endif

struct dml_private_entry
{
    struct dml_private_entry *next;
    atomic_uint refs; /* the list's reference and readers' pins */
    GUID guid;
    IUnknown *iface; /* set for SetPrivateDataInterface, data is then the pointer itself */
    UINT size;
    unsigned char data[];
};

void dml_object_init(struct dml_object *object)
{
    atomic_init(&object->refcount, 1);
    pthread_mutex_init(&object->lock, NULL);
    object->private_data = NULL;
}

/* Drops one reference; the last one releases the interface (never under a lock) and frees. */
static void private_entry_unref(struct dml_private_entry *entry)
{
    if (!entry || atomic_fetch_sub(&entry->refs, 1) != 1)
        return;
    if (entry->iface)
        entry->iface->lpVtbl->Release(entry->iface);
    free(entry);
}

void dml_object_cleanup(struct dml_object *object)
{
    struct dml_private_entry *entry, *next;

    /* The list is detached before any Release, which may still look at the object. */
    while ((entry = object->private_data))
    {
        object->private_data = NULL;
        for (; entry; entry = next)
        {
            next = entry->next;
            private_entry_unref(entry);
        }
    }
    pthread_mutex_destroy(&object->lock);
}

ULONG dml_object_add_ref(struct dml_object *object)
{
    return atomic_fetch_add(&object->refcount, 1) + 1;
}

ULONG dml_object_release(struct dml_object *object)
{
    return atomic_fetch_sub(&object->refcount, 1) - 1;
}

HRESULT dml_object_query(void *iface, const IID *const *iids, REFIID riid, void **ppv,
                         ULONG (*add_ref)(void *iface))
{
    if (!ppv)
        return E_POINTER;
    *ppv = NULL;
    if (!riid)
        return E_INVALIDARG;
    for (; *iids; ++iids)
    {
        if (!memcmp(*iids, riid, sizeof(IID)))
        {
            add_ref(iface);
            *ppv = iface;
            return S_OK;
        }
    }
    return E_NOINTERFACE;
}

static struct dml_private_entry **private_find(struct dml_object *object, REFGUID guid)
{
    struct dml_private_entry **link;

    for (link = &object->private_data; *link; link = &(*link)->next)
    {
        if (!memcmp(&(*link)->guid, guid, sizeof(GUID)))
            return link;
    }
    return link;
}

HRESULT dml_object_get_private_data(struct dml_object *object, REFGUID guid, UINT *size, void *data)
{
    struct dml_private_entry *entry;
    HRESULT hr = S_OK;

    if (!guid || !size)
        return E_INVALIDARG;
    pthread_mutex_lock(&object->lock);
    if ((entry = *private_find(object, guid)))
        atomic_fetch_add(&entry->refs, 1);
    pthread_mutex_unlock(&object->lock);
    if (!entry)
    {
        *size = 0;
        return DXGI_ERROR_NOT_FOUND;
    }
    /* As D3D12 and vkd3d: a buffer too small gets the size needed and nothing else. */
    if (data && *size < entry->size)
        hr = DXGI_ERROR_MORE_DATA;
    else if (data)
    {
        memcpy(data, entry->data, entry->size);
        if (entry->iface)
            entry->iface->lpVtbl->AddRef(entry->iface);
    }
    *size = entry->size;
    private_entry_unref(entry);
    return hr;
}

/* Replaces (or with size 0 removes) the entry for guid; takes ownership of iface's reference. */
static HRESULT private_store(struct dml_object *object, REFGUID guid, UINT size, const void *data,
                             IUnknown *iface)
{
    struct dml_private_entry **link, *entry = NULL, *old = NULL;

    if (size)
    {
        if (!(entry = malloc(sizeof(*entry) + size)))
            return E_OUTOFMEMORY;
        atomic_init(&entry->refs, 1);
        entry->guid = *guid;
        entry->iface = iface;
        entry->size = size;
        memcpy(entry->data, data, size);
    }
    pthread_mutex_lock(&object->lock);
    link = private_find(object, guid);
    if ((old = *link))
        *link = old->next;
    if (entry)
    {
        entry->next = object->private_data;
        object->private_data = entry;
    }
    pthread_mutex_unlock(&object->lock);
    private_entry_unref(old); /* may Release an application interface: outside the lock */
    return S_OK;
}

HRESULT dml_object_set_private_data(struct dml_object *object, REFGUID guid, UINT size,
                                    const void *data)
{
    if (!guid || (size && !data))
        return E_INVALIDARG;
    return private_store(object, guid, data ? size : 0, data, NULL);
}

HRESULT dml_object_set_private_data_interface(struct dml_object *object, REFGUID guid,
                                              IUnknown *data)
{
    HRESULT hr;

    if (!guid)
        return E_INVALIDARG;
    if (data)
        data->lpVtbl->AddRef(data);
    hr = private_store(object, guid, data ? sizeof(data) : 0, &data, data);
    if (FAILED(hr) && data)
        data->lpVtbl->Release(data);
    return hr;
}

HRESULT dml_object_set_name(struct dml_object *object, LPCWSTR name)
{
    size_t length = 0;

    if (!name)
        return private_store(object, &dml_debug_object_name_w, 0, NULL, NULL);
    while (name[length])
        ++length;
    if (length >= UINT32_MAX / sizeof(*name))
        return E_INVALIDARG;
    return private_store(object, &dml_debug_object_name_w, (UINT)((length + 1) * sizeof(*name)),
                         name, NULL);
}

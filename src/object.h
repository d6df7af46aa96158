/* What every libdmlops COM object shares: an atomic reference count, a debug name and
 * application-defined private data (IDMLObject), and table-driven QueryInterface. */
#ifndef DMLOPS_OBJECT_H
#define DMLOPS_OBJECT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include <DirectML.h>

struct dml_private_entry;

struct dml_object
{
    atomic_uint refcount;
    pthread_mutex_t lock; /* guards name and private data */
    struct dml_private_entry *private_data;
};

void dml_object_init(struct dml_object *object);
void dml_object_cleanup(struct dml_object *object);

ULONG dml_object_add_ref(struct dml_object *object);
/* Returns the new count; the caller destroys the object when it reaches 0. */
ULONG dml_object_release(struct dml_object *object);

/* QueryInterface for an object whose interfaces form one inheritance chain, so every IID in
 * iids (NULL-terminated) is answered with the same pointer. */
HRESULT dml_object_query(void *iface, const IID *const *iids, REFIID riid, void **ppv,
                         ULONG (*add_ref)(void *iface));

HRESULT dml_object_get_private_data(struct dml_object *object, REFGUID guid, UINT *size, void *data);
HRESULT dml_object_set_private_data(struct dml_object *object, REFGUID guid, UINT size,
                                    const void *data);
HRESULT dml_object_set_private_data_interface(struct dml_object *object, REFGUID guid,
                                              IUnknown *data);
HRESULT dml_object_set_name(struct dml_object *object, LPCWSTR name);

/* COM's convention for an out-pointer: clear it before anything can fail. */
static inline void dml_clear_out(void **ppv)
{
    if (ppv)
        *ppv = NULL;
}

#endif

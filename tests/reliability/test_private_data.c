/* IDMLObject's private data (issue 11, defects 5 and 7), on the objects' shared code:
 * - an interface whose AddRef or Release calls back into the same object must not deadlock (no
 *   lock is held while the library calls out); alarm() fails the test instead of hanging;
 * - GetPrivateData with a buffer too small sets *pDataSize to the size needed, as D3D12 does. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include "object.h"
#include <cmocka.h>

#ifndef DXGI_ERROR_MORE_DATA
#define DXGI_ERROR_MORE_DATA ((HRESULT)0x887A0003)
#endif

#define DEADLOCK_SECONDS 10

static const GUID guid_a = {0x1, 0x2, 0x3, {0, 1, 2, 3, 4, 5, 6, 7}};
static const GUID guid_b = {0x9, 0x8, 0x7, {7, 6, 5, 4, 3, 2, 1, 0}};

/* An application interface whose AddRef and Release use the object that stores it. */
struct reentrant
{
    IUnknown iface;
    struct dml_object *object;
    ULONG refs;
    unsigned callbacks; /* calls back into the object that returned */
};

static void call_back(struct reentrant *r)
{
    UINT size = 0;
    HRESULT hr = dml_object_get_private_data(r->object, &guid_b, &size, NULL);
    if (hr == S_OK || hr == (HRESULT)0x887A0002 /* DXGI_ERROR_NOT_FOUND */)
        ++r->callbacks;
    if (SUCCEEDED(dml_object_set_private_data(r->object, &guid_b, sizeof(r->refs), &r->refs)))
        ++r->callbacks;
}

static HRESULT STDMETHODCALLTYPE r_query(IUnknown *iface, REFIID riid, void **ppv)
{
    *ppv = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE r_add_ref(IUnknown *iface)
{
    struct reentrant *r = (struct reentrant *)iface;
    call_back(r);
    return ++r->refs;
}

static ULONG STDMETHODCALLTYPE r_release(IUnknown *iface)
{
    struct reentrant *r = (struct reentrant *)iface;
    call_back(r);
    return --r->refs;
}

static const IUnknownVtbl reentrant_vtbl = {r_query, r_add_ref, r_release};

static void on_alarm(int sig)
{
    static const char msg[] = "deadlock: a private-data call did not return within "
                              "10 s (a lock held while calling out of the library)\n";
    (void)sig;
    (void)!write(2, msg, sizeof(msg) - 1);
    _exit(1);
}

static void test_reentrant_interface(void **state)
{
    struct dml_object object;
    struct reentrant r = {{&reentrant_vtbl}, &object, 1, 0};
    IUnknown *got = NULL;
    UINT size = sizeof(got);

    dml_object_init(&object);
    alarm(DEADLOCK_SECONDS);
    /* AddRef of the interface being stored. */
    assert_int_equal(dml_object_set_private_data_interface(&object, &guid_a, &r.iface), S_OK);
    assert_int_equal(r.refs, 2);
    /* AddRef of the interface handed out. */
    assert_int_equal(dml_object_get_private_data(&object, &guid_a, &size, &got), S_OK);
    assert_ptr_equal(got, &r.iface);
    assert_int_equal(r.refs, 3);
    got->lpVtbl->Release(got);
    /* Release of the interface replaced, then of the one removed. */
    assert_int_equal(dml_object_set_private_data_interface(&object, &guid_a, &r.iface), S_OK);
    assert_int_equal(r.refs, 2);
    assert_int_equal(dml_object_set_private_data_interface(&object, &guid_a, NULL), S_OK);
    assert_int_equal(r.refs, 1);
    /* Release when the object is destroyed. */
    assert_int_equal(dml_object_set_private_data_interface(&object, &guid_a, &r.iface), S_OK);
    dml_object_cleanup(&object); /* its callback finds the object empty, then stores again */
    alarm(0);
    assert_int_equal(r.refs, 1);
    assert_true(r.callbacks >= 2 * 7 - 2); /* each callback's two calls returned */
}

static void test_get_size_too_small(void **state)
{
    static const unsigned char data[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    struct dml_object object;
    unsigned char out[16] = {0};
    UINT size = 4;

    dml_object_init(&object);
    assert_int_equal(dml_object_set_private_data(&object, &guid_a, sizeof(data), data), S_OK);
    assert_int_equal(dml_object_get_private_data(&object, &guid_a, &size, out),
                     DXGI_ERROR_MORE_DATA);
    assert_int_equal(size, sizeof(data)); /* the size needed */
    assert_int_equal(out[0], 0);          /* and nothing written */
    assert_int_equal(dml_object_get_private_data(&object, &guid_a, &size, out), S_OK);
    assert_memory_equal(out, data, sizeof(data));
    size = 99;
    assert_int_equal(dml_object_get_private_data(&object, &guid_a, &size, NULL), S_OK);
    assert_int_equal(size, sizeof(data));
    dml_object_cleanup(&object);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reentrant_interface),
        cmocka_unit_test(test_get_size_too_small),
    };

    signal(SIGALRM, on_alarm);
    return cmocka_run_group_tests(tests, NULL, NULL);
}

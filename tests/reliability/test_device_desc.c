/* dmlopsCreateDevice's desc from a hostile caller (issue 11 sweep, class 3): a pNext chain that
 * loops (the walk never ended), VkAllocationCallbacks with a NULL function (Vulkan called it), and
 * an interop queue index past the family's queue count (vkGetDeviceQueue is undefined there). Each
 * gets E_INVALIDARG before anything is called; an alarm fails a hang, and the application's
 * validation layer (on its own instance) must stay silent. */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include <DirectML.h>
#include <dmlops.h>

#include <cmocka.h>

#include "app_vk.h"

#define HANG_SECONDS 20

static void on_alarm(int sig)
{
    static const char msg[] = "dmlopsCreateDevice did not return (a looping pNext chain)\n";
    (void)sig;
    (void)!write(2, msg, sizeof(msg) - 1);
    _exit(1);
}

static HRESULT create(const void *next, IDMLDevice **device)
{
    DMLOPS_DEVICE_DESC desc = {DMLOPS_STRUCTURE_TYPE_DEVICE_DESC, next, DML_CREATE_DEVICE_FLAG_NONE,
                               DML_FEATURE_LEVEL_1_0, 0};
    HRESULT hr;

    *device = NULL;
    alarm(HANG_SECONDS);
    hr = dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)device);
    alarm(0);
    return hr;
}

static void expect_refused(const void *next)
{
    IDMLDevice *device;

    assert_int_equal(create(next, &device), E_INVALIDARG);
    assert_null(device);
}

static void test_looping_chain(void **state)
{
    DMLOPS_VULKAN_ALLOCATOR_DESC a = {DMLOPS_STRUCTURE_TYPE_VULKAN_ALLOCATOR_DESC, NULL, NULL};
    DMLOPS_VULKAN_ALLOCATOR_DESC b = {DMLOPS_STRUCTURE_TYPE_VULKAN_ALLOCATOR_DESC, &a, NULL};

    (void)state;
    a.pNext = &a; /* itself */
    expect_refused(&a);
    a.pNext = &b; /* a -> b -> a */
    expect_refused(&a);
}

static void *VKAPI_CALL alloc_fn(void *user, size_t size, size_t alignment,
                                 VkSystemAllocationScope scope)
{
    void *p = NULL;
    (void)user;
    (void)scope;
    return posix_memalign(&p, alignment < sizeof(void *) ? sizeof(void *) : alignment,
                          size ? size : 1)
               ? NULL
               : p;
}

static void *VKAPI_CALL realloc_fn(void *user, void *original, size_t size, size_t alignment,
                                   VkSystemAllocationScope scope)
{
    (void)user;
    (void)alignment;
    (void)scope;
    return realloc(original, size); /* glibc's malloc aligns to 16, all lavapipe asks */
}

static void VKAPI_CALL free_fn(void *user, void *memory)
{
    (void)user;
    free(memory);
}

static void VKAPI_CALL notify_fn(void *user, size_t size, VkInternalAllocationType type,
                                 VkSystemAllocationScope scope)
{
    (void)user;
    (void)size;
    (void)type;
    (void)scope;
}

static const VkAllocationCallbacks valid = {NULL, alloc_fn, realloc_fn, free_fn, NULL, NULL};

static void test_allocator_functions(void **state)
{
    VkAllocationCallbacks callbacks;
    DMLOPS_VULKAN_ALLOCATOR_DESC a = {DMLOPS_STRUCTURE_TYPE_VULKAN_ALLOCATOR_DESC, NULL,
                                      &callbacks};
    IDMLDevice *device;

    (void)state;
    callbacks = valid;
    callbacks.pfnAllocation = NULL;
    expect_refused(&a);
    callbacks = valid;
    callbacks.pfnFree = NULL;
    expect_refused(&a);
    callbacks = valid;
    callbacks.pfnReallocation = NULL;
    expect_refused(&a);
    callbacks = valid;
    callbacks.pfnInternalAllocation = notify_fn; /* without pfnInternalFree */
    expect_refused(&a);
    callbacks = valid; /* and the valid set works */
    assert_int_equal(create(&a, &device), S_OK);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

static void test_interop_queue_index(void **state)
{
    struct app_vk vk;
    uint32_t count = 0;
    VkQueueFamilyProperties families[16];
    IDMLDevice *device;

    (void)state;
    app_vk_init(&vk); /* exits 77 without a usable device or layer */
    count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(vk.physical_device, &count, families);
    assert_true(vk.queue_family < count);
    DMLOPS_VULKAN_DEVICE_DESC v = {DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC,
                                   NULL,
                                   vkGetInstanceProcAddr,
                                   vk.instance,
                                   vk.physical_device,
                                   vk.device,
                                   vk.queue_family,
                                   families[vk.queue_family].queueCount};
    expect_refused(&v);
    v.queueIndex = UINT32_MAX;
    expect_refused(&v);
    v.queueFamilyIndex = UINT32_MAX;
    v.queueIndex = 0;
    expect_refused(&v);
    v.queueFamilyIndex = vk.queue_family; /* the valid desc works */
    assert_int_equal(create(&v, &device), S_OK);
    assert_int_equal(IDMLDevice_Release(device), 0);
    assert_int_equal(app_vk_validation_errors(), 0);
    app_vk_cleanup(&vk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_looping_chain),
        cmocka_unit_test(test_allocator_functions),
        cmocka_unit_test(test_interop_queue_index),
    };

    signal(SIGALRM, on_alarm);
    if (getenv("RELIABILITY_CASE")) /* one case alone, e.g. against an older library */
        cmocka_set_test_filter(getenv("RELIABILITY_CASE"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}

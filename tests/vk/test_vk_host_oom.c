/* Host allocations of the Vulkan layer failed one at a time (malloc, calloc and realloc are
 * wrapped at link time, so only this executable's code sees the failures, not the loader or the
 * driver): running out of memory is reported as E_OUTOFMEMORY, never as "no device", "layer
 * missing" or "requirement missing"; and freeing a block never allocates. Run with
 * DMLOPS_VALIDATION=fatal, so that the layer lookup of the instance's creation is covered. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vk_test.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *ptr, size_t size);

static long countdown = -1; /* allocations left before the one that fails; -1: never fail */
static unsigned long attempts, injected;

static bool fail_now(void)
{
    ++attempts;
    if (countdown < 0 || countdown-- > 0)
        return false;
    ++injected;
    return true;
}

void *__wrap_malloc(size_t size)
{
    return fail_now() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    return fail_now() ? NULL : __real_calloc(count, size);
}

void *__wrap_realloc(void *ptr, size_t size)
{
    return fail_now() ? NULL : __real_realloc(ptr, size);
}

static void arm(long n)
{
    countdown = n;
    attempts = injected = 0;
}

static void disarm(void)
{
    countdown = -1;
}

static void assert_ok_or_oom(HRESULT hr, const char *what, long n)
{
    if (hr != S_OK && hr != E_OUTOFMEMORY)
        fail_msg("%s with allocation %ld failed: 0x%08X", what, n, (unsigned)hr);
}

static bool no_device(void)
{
    struct dml_vk_device *dev = NULL;
    HRESULT hr = dml_vk_device_create(NULL, NULL, &dev);
    dml_vk_device_destroy(dev);
    return hr == DXGI_ERROR_UNSUPPORTED;
}

/* Listing, then a device: every outcome is success or E_OUTOFMEMORY; a listed device that meets
 * the requirements (all do, here) is never reported otherwise. Returns whether a failure was
 * injected, i.e. whether allocation n was reached. */
static bool list_and_create(long n)
{
    uint32_t count = 0;
    struct dml_vk_physical_device_info info;
    struct dml_vk_device *dev = NULL;
    arm(n);
    HRESULT listed = dml_vk_physical_device_enumerate(&count);
    HRESULT described = SUCCEEDED(listed) ? dml_vk_physical_device_info(0, &info) : listed;
    HRESULT created = dml_vk_device_create(NULL, NULL, &dev);
    disarm();
    if (created == DXGI_ERROR_UNSUPPORTED && no_device())
        exit(VK_TEST_SKIP);
    assert_ok_or_oom(listed, "dml_vk_physical_device_enumerate", n);
    assert_ok_or_oom(described, "dml_vk_physical_device_info", n);
    assert_ok_or_oom(created, "dml_vk_device_create", n);
    if (listed == S_OK)
        assert_true(count >= 1);
    if (described == S_OK)
        assert_true(info.meets_requirements);
    assert_true(created == S_OK || !dev);
    dml_vk_device_destroy(dev);
    return injected > 0;
}

static void test_listing_and_creation(void **state)
{
    (void)state;
    long n = 0;
    while (list_and_create(n))
        ++n;
    printf("listing and device creation: %ld allocations failed in turn\n", n);
    assert_true(n >= 3); /* the layer lookup, the device list and a queue family list at least */
}

/* A block from a fresh slab, freed while every allocation fails: the free list has room already,
 * so the block comes back at the next allocation of its size. */
static void test_block_free_never_allocates(void **state)
{
    (void)state;
    struct dml_vk_device *dev = vk_test_device();
    struct dml_vk_block blocks[100];
    for (int i = 0; i < 100; ++i)
        assert_int_equal(dml_vk_block_alloc(dev, 200, &blocks[i]), S_OK);
    VkDeviceAddress last = blocks[99].address;
    arm(0);
    for (int i = 0; i < 100; ++i)
        dml_vk_block_free(dev, &blocks[i]);
    unsigned long during_free = attempts;
    disarm();
    assert_int_equal(during_free, 0);
    struct dml_vk_block again;
    assert_int_equal(dml_vk_block_alloc(dev, 200, &again), S_OK);
    assert_int_equal(again.address, last);
    dml_vk_block_free(dev, &again);
    dml_vk_device_destroy(dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listing_and_creation),
        cmocka_unit_test(test_block_free_never_allocates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

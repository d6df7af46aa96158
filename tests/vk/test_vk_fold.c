/* Index widths: more workgroups than one dimension allows (65535 on lavapipe), so the dispatch is
 * folded into Y and Z and the shader must rebuild every linear index exactly once; and byte
 * offsets beyond 4 GiB, which must not wrap at 32 bits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vk_test.h"

#define GUARD 256u

static struct dml_vk_device *device;

/* A reversing copy of count bytes; the output has GUARD poisoned bytes after it. */
static void run_reverse(uint32_t count)
{
    uint8_t *in = malloc(count), *out = malloc(count + GUARD);
    assert_non_null(in);
    assert_non_null(out);
    for (uint32_t i = 0; i < count; ++i)
        in[i] = (uint8_t)(i * 7 + (i >> 8));
    memset(out, VK_TEST_POISON, count + GUARD);
    struct plan_part part = {.slot = 1, .strides = {1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = 1,
                        .rank = 1,
                        .count = count,
                        .dims = {{.size = count, .in_stride = -1}},
                        .in_base = count - 1,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    uint8_t *slots[] = {in, out};
    uint64_t bytes[] = {count, count + GUARD};
    assert_int_equal(vk_test_run(device, &plan, bytes, slots, VK_TEST_SLOTS_BLOCK), S_OK);
    for (uint32_t i = 0; i < count; ++i)
    {
        if (out[i] != in[count - 1 - i])
            fail_msg("element %u: expected 0x%02x, got 0x%02x", i, in[count - 1 - i], out[i]);
    }
    for (uint32_t i = count; i < count + GUARD; ++i)
        assert_int_equal(out[i], VK_TEST_POISON);
    free(in);
    free(out);
}

static void test_folded_dispatch(void **state)
{
    run_reverse(65535u * 64u + 777u);
}

static void test_exact_limit(void **state)
{
    run_reverse(65535u * 64u);
}

/* A plan too large for 32-bit element indices is refused rather than truncated. */
static void test_count_limit(void **state)
{
    struct plan_part part = {.slot = 1, .strides = {1, 65536}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = 1,
                        .rank = 2,
                        .count = (uint64_t)65536 * 65536,
                        .dims = {{.size = 65536, .in_stride = 1}, {.size = 65536, .in_stride = 1}},
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    struct dml_vk_kernel kernel;
    assert_int_equal(dml_vk_kernel_create(device, &plan, &kernel), E_INVALIDARG);
}

/* Bases of 5 and 6 GiB from slot addresses lowered by as much: the right bytes move only if
 * every byte offset is computed in 64 bits. */
static void test_offsets_beyond_4gib(void **state)
{
    enum
    {
        COUNT = 100,
        BYTES = COUNT * 16
    };
    uint8_t in[BYTES], out[BYTES + GUARD];
    for (int i = 0; i < BYTES; ++i)
        in[i] = (uint8_t)(i * 13 + 1);
    memset(out, VK_TEST_POISON, sizeof(out));
    VkBuffer buffers[2];
    assert_int_equal(dml_vk_buffer_create(device, sizeof(in), &buffers[0]), S_OK);
    assert_int_equal(dml_vk_buffer_create(device, sizeof(out), &buffers[1]), S_OK);
    assert_int_equal(dml_vk_buffer_upload(device, buffers[0], 0, in, sizeof(in)), S_OK);
    assert_int_equal(dml_vk_buffer_upload(device, buffers[1], 0, out, sizeof(out)), S_OK);
    struct plan_part part = {.slot = 1, .base = VK_TEST_SHIFT_OUT / 16, .strides = {1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = 16,
                        .rank = 1,
                        .count = COUNT,
                        .dims = {{.size = COUNT, .in_stride = 1}},
                        .in_base = VK_TEST_SHIFT_IN / 16,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    const uint64_t shift[2] = {VK_TEST_SHIFT_IN, VK_TEST_SHIFT_OUT};
    HRESULT hr = vk_test_run_shifted(device, &plan, buffers, shift, NULL);
    if (hr == S_FALSE)
        skip(); /* this driver's addresses are too low to play the trick */
    assert_int_equal(hr, S_OK);
    assert_int_equal(dml_vk_buffer_download(device, buffers[1], 0, out, sizeof(out)), S_OK);
    assert_memory_equal(out, in, BYTES);
    for (unsigned i = BYTES; i < sizeof(out); ++i)
        assert_int_equal(out[i], VK_TEST_POISON);
    dml_vk_buffer_destroy(device, buffers[0]);
    dml_vk_buffer_destroy(device, buffers[1]);
}

static int setup(void **state)
{
    device = vk_test_device();
    return 0;
}

static int teardown(void **state)
{
    dml_vk_device_destroy(device);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_folded_dispatch),
        cmocka_unit_test(test_exact_limit),
        cmocka_unit_test(test_count_limit),
        cmocka_unit_test(test_offsets_beyond_4gib),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

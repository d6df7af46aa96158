/* COPY, SPLIT and PAD plans built by hand, for every element width, run on the GPU and compared
 * bit-exactly with vk_test_reference; every byte the plan does not write must stay poisoned. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vk_test.h"

#define MAX_SLOTS 4

static const uint32_t widths[] = {1, 2, 4, 8, 16};

struct slots
{
    uint32_t count;
    uint64_t units[MAX_SLOTS]; /* size of each slot, in elements */
};

static struct dml_vk_device *device;

/* Runs the plan with its slot addresses pushed, then read from a block at execution. */
static void run_and_compare(const struct plan *plan, const struct slots *slots)
{
    static const enum vk_test_slots modes[] = {VK_TEST_SLOTS_PUSHED, VK_TEST_SLOTS_BLOCK};
    uint64_t bytes[MAX_SLOTS];
    for (uint32_t s = 0; s < slots->count; ++s)
        bytes[s] = slots->units[s] * plan->elem_bytes;
    for (size_t m = 0; m < 2; ++m)
    {
        char why[200];
        if (!vk_test_check(device, plan, bytes, modes[m], why, sizeof(why)))
            fail_msg("%s", why);
    }
}

static void set_dims(struct plan *plan, uint32_t rank, const uint32_t *sizes,
                     const int64_t *in_strides)
{
    plan->rank = rank;
    plan->count = 1;
    for (uint32_t d = 0; d < rank; ++d)
    {
        plan->dims[d] = (struct plan_dim){.size = sizes[d], .in_stride = in_strides[d]};
        plan->count *= sizes[d];
    }
}

/* A [3,4,5] window of a gapped, permuted input read backwards along dimension 1 (the negative
 * stride folded into in_base), written into a gapped output starting at unit 2. */
static void test_copy(void **state)
{
    static const uint32_t sizes[] = {3, 4, 5};
    static const int64_t in_strides[] = {1, -7, 30};
    for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); ++w)
    {
        struct plan_part part = {.slot = 1, .base = 2, .strides = {45, 11, 2}};
        struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                            .elem_bytes = widths[w],
                            .in_base = 21,
                            .part_count = 1,
                            .parts = &part,
                            .in_slot = 0,
                            .slot_count = 2};
        set_dims(&plan, 3, sizes, in_strides);
        struct slots slots = {2, {21 + 2 + 4 * 30 + 7, 2 + 2 * 45 + 3 * 11 + 4 * 2 + 5}};
        run_and_compare(&plan, &slots);
    }
}

/* A [4,9,3] input split along dimension 1 into 2, 5 and 2: a packed part, a gapped part and a
 * transposed part, each in its own slot. */
static void test_split(void **state)
{
    static const uint32_t sizes[] = {4, 9, 3};
    static const int64_t in_strides[] = {27, 3, 1};
    for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); ++w)
    {
        struct plan_part parts[] = {
            {.slot = 1, .axis_begin = 0, .base = 0, .strides = {6, 3, 1}},
            {.slot = 2, .axis_begin = 2, .base = 1, .strides = {40, 8, 2}},
            {.slot = 3, .axis_begin = 7, .base = 0, .strides = {1, 12, 4}},
        };
        struct plan plan = {.kernel = PLAN_KERNEL_SPLIT,
                            .elem_bytes = widths[w],
                            .part_axis = 1,
                            .part_count = 3,
                            .parts = parts,
                            .slot_count = 4};
        set_dims(&plan, 3, sizes, in_strides);
        struct slots slots = {4, {108, 24, 1 + 3 * 40 + 4 * 8 + 2 * 2 + 3, 24}};
        run_and_compare(&plan, &slots);
    }
}

/* Input [2,3,4,1] padded to [2,9,12,3]: dimension 0 untouched; paddings larger than the input so
 * that the periodic modes wrap more than once; a size-1 dimension for REFLECT's special case. */
static void run_pad(uint32_t map, uint32_t elem_bytes)
{
    static const uint32_t in_sizes[] = {2, 3, 4, 1};
    static const uint32_t out_sizes[] = {2, 9, 12, 3};
    static const uint32_t starts[] = {0, 2, 5, 1};
    static const int64_t in_strides[] = {12, 4, 1, 1};
    struct plan_part part = {.slot = 1, .base = 0, .strides = {324, 36, 3, 1}};
    struct plan plan = {.kernel = PLAN_KERNEL_PAD,
                        .elem_bytes = elem_bytes,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2,
                        .pad_value = {0x04030201u, 0x08070605u, 0x0c0b0a09u, 0x100f0e0du}};
    set_dims(&plan, 4, out_sizes, in_strides);
    for (uint32_t d = 1; d < 4; ++d)
    {
        plan.dims[d].map = map;
        plan.dims[d].in_size = in_sizes[d];
        plan.dims[d].pad_start = starts[d];
    }
    struct slots slots = {2, {24, 648}};
    run_and_compare(&plan, &slots);
}

static void test_pad(void **state)
{
    static const uint32_t maps[] = {PLAN_MAP_CONSTANT, PLAN_MAP_EDGE, PLAN_MAP_REFLECT,
                                    PLAN_MAP_SYMMETRIC, PLAN_MAP_WRAP};
    for (size_t m = 0; m < sizeof(maps) / sizeof(maps[0]); ++m)
    {
        for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); ++w)
            run_pad(maps[m], widths[w]);
    }
}

/* The pad value is the element's bytes: check the bytes that CONSTANT writes directly. */
static void test_pad_value_bytes(void **state)
{
    static const uint32_t sizes[] = {3};
    static const int64_t in_strides[] = {1};
    struct plan_part part = {.slot = 1, .strides = {1}};
    struct plan plan = {.kernel = PLAN_KERNEL_PAD,
                        .elem_bytes = 16,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2,
                        .pad_value = {0x04030201u, 0x08070605u, 0x0c0b0a09u, 0x100f0e0du}};
    set_dims(&plan, 1, sizes, in_strides);
    plan.dims[0] = (struct plan_dim){
        .size = 3, .in_stride = 1, .map = PLAN_MAP_CONSTANT, .in_size = 1, .pad_start = 1};
    uint8_t in[16], out[48];
    memset(in, 0xEE, sizeof(in));
    memset(out, VK_TEST_POISON, sizeof(out));
    uint8_t *slots[] = {in, out};
    uint64_t bytes[] = {sizeof(in), sizeof(out)};
    assert_int_equal(vk_test_run(device, &plan, bytes, slots, VK_TEST_SLOTS_PUSHED), S_OK);
    for (int i = 0; i < 16; ++i)
    {
        assert_int_equal(out[i], i + 1);
        assert_int_equal(out[16 + i], 0xEE);
        assert_int_equal(out[32 + i], i + 1);
    }
}

static int setup(void **state)
{
    device = vk_test_device();
    printf("device: %s\n", dml_vk_device_name(device));
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
        cmocka_unit_test(test_copy),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_pad),
        cmocka_unit_test(test_pad_value_bytes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/* Compositions as one plan (src/plan.h says which the representation expresses): each composed
 * plan must give, through plan_exec, exactly the bytes of its steps run one after another, and
 * the GPU (the general kernel) must match plan_exec, for every element width. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plan_exec.h"
#include "vk_test.h"

static const uint32_t widths[] = {1, 2, 4, 8};
static struct dml_vk_device *device;

static void random_bytes(uint8_t *p, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; ++i)
        p[i] = (uint8_t)((seed = seed * 1103515245u + 12345u) >> 16);
}

static struct plan make(enum plan_kernel kernel, uint32_t e, uint32_t rank, const uint32_t *sizes,
                        uint32_t parts)
{
    struct plan plan = {.kernel = kernel,
                        .elem_bytes = e,
                        .rank = rank,
                        .count = 1,
                        .part_count = parts,
                        .slot_count = 1 + parts};
    plan.parts = calloc(parts, sizeof(*plan.parts));
    for (uint32_t d = 0; d < rank; ++d)
    {
        plan.dims[d].size = sizes[d];
        plan.count *= sizes[d];
    }
    for (uint32_t k = 0; k < parts; ++k)
        plan.parts[k].slot = 1 + k;
    memset(plan.pad_value, 0x5a, sizeof(plan.pad_value));
    return plan;
}

/* Dense row-major strides of a part. */
static void dense(int64_t *strides, uint32_t rank, const uint32_t *sizes)
{
    int64_t step = 1;
    for (uint32_t d = rank; d-- > 0; step *= sizes[d])
        strides[d] = step;
}

/* Runs `steps` plans one after another (each reads slot 0 of `bufs[i]` and writes slot 1..),
 * then the composed plan over (input, outputs), and compares every output byte; then the GPU. */
static void check(struct plan *composed, uint8_t **direct, uint8_t **staged, const uint64_t *bytes,
                  uint32_t outputs)
{
    plan_exec(composed, (void *const *)direct);
    for (uint32_t k = 1; k <= outputs; ++k)
        assert_memory_equal(direct[k], staged[k], bytes[k]);
    char why[200];
    if (!vk_test_check(device, composed, bytes, VK_TEST_SLOTS_PUSHED, why, sizeof(why)))
        fail_msg("%s", why);
}

/* PADDING (CONSTANT on dim 0, 1 + 2; REFLECT on dim 1, 3 + 4) of a [5, 7] input, then a strided
 * SLICE of the padded [8, 14]: dim 0 from 2 by 2, dim 1 backwards by 3 from 12 (the window
 * [5, 13) read from its end). One plan: x = a c + b per dim, the pre-map before the padding. */
static void test_pad_then_strided_slice(void **state)
{
    const uint32_t pad_sizes[2] = {8, 14}, out_sizes[2] = {3, 3};
    for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); ++w)
    {
        uint32_t e = widths[w];
        struct plan pad = make(PLAN_KERNEL_PAD, e, 2, pad_sizes, 1);
        struct plan slice = make(PLAN_KERNEL_COPY, e, 2, out_sizes, 1);
        struct plan composed = make(PLAN_KERNEL_GENERAL, e, 2, out_sizes, 1);
        pad.dims[0] = (struct plan_dim){8, 7, PLAN_MAP_CONSTANT, 5, 1, 1};
        pad.dims[1] = (struct plan_dim){14, 1, PLAN_MAP_REFLECT, 7, 3, 1};
        dense(pad.parts[0].strides, 2, pad_sizes);
        slice.in_base = 2 * 14 + 12;
        slice.dims[0].in_stride = 2 * 14;
        slice.dims[1].in_stride = -3;
        dense(slice.parts[0].strides, 2, out_sizes);
        /* dim 0: x = 2 + 2c - 1; dim 1: x = 12 - 3c - 3 */
        composed.dims[0] = (struct plan_dim){3, 7, PLAN_MAP_CONSTANT, 5, -1, 2};
        composed.dims[1] = (struct plan_dim){3, 1, PLAN_MAP_REFLECT, 7, -9, -3};
        dense(composed.parts[0].strides, 2, out_sizes);
        uint64_t bytes[2] = {35 * e, 9 * e}, mid = 8 * 14 * e;
        uint8_t *in = malloc(bytes[0]), *p = malloc(mid), *out1 = malloc(bytes[1]),
                *out2 = malloc(bytes[1]);
        random_bytes(in, bytes[0], 7 + e);
        uint8_t *pad_slots[2] = {in, p}, *slice_slots[2] = {p, out1}, *direct[2] = {in, out2};
        plan_exec(&pad, (void *const *)pad_slots);
        plan_exec(&slice, (void *const *)slice_slots);
        check(&composed, direct, slice_slots, bytes, 1);
        free(in), free(p), free(out1), free(out2);
        plan_cleanup(&pad), plan_cleanup(&slice), plan_cleanup(&composed);
    }
}

/* SLICE (columns 2..6 of a [6, 9] input), PADDING (WRAP, 2 + 3 columns), then SPLIT of the rows
 * into 2 + 4: one plan with output parts and a padded dim. */
static void test_slice_pad_split(void **state)
{
    const uint32_t sl_sizes[2] = {6, 5}, pad_sizes[2] = {6, 10};
    const uint32_t out0[2] = {2, 10}, out1[2] = {4, 10};
    for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); ++w)
    {
        uint32_t e = widths[w];
        struct plan slice = make(PLAN_KERNEL_COPY, e, 2, sl_sizes, 1);
        struct plan pad = make(PLAN_KERNEL_PAD, e, 2, pad_sizes, 1);
        struct plan split = make(PLAN_KERNEL_SPLIT, e, 2, pad_sizes, 2);
        struct plan composed = make(PLAN_KERNEL_GENERAL, e, 2, pad_sizes, 2);
        slice.in_base = 2;
        slice.dims[0].in_stride = 9;
        slice.dims[1].in_stride = 1;
        dense(slice.parts[0].strides, 2, sl_sizes);
        pad.dims[0] = (struct plan_dim){6, 5, PLAN_MAP_AFFINE, 0, 0, 0};
        pad.dims[1] = (struct plan_dim){10, 1, PLAN_MAP_WRAP, 5, 2, 1};
        dense(pad.parts[0].strides, 2, pad_sizes);
        split.dims[0].in_stride = 10;
        split.dims[1].in_stride = 1;
        split.parts[1].axis_begin = 2;
        dense(split.parts[0].strides, 2, out0);
        dense(split.parts[1].strides, 2, out1);
        composed.in_base = 2;
        composed.dims[0] = (struct plan_dim){6, 9, PLAN_MAP_AFFINE, 0, 0, 0};
        composed.dims[1] = (struct plan_dim){10, 1, PLAN_MAP_WRAP, 5, 2, 1};
        composed.parts[1].axis_begin = 2;
        dense(composed.parts[0].strides, 2, out0);
        dense(composed.parts[1].strides, 2, out1);
        uint64_t bytes[3] = {54 * e, 20 * e, 40 * e};
        uint8_t *in = malloc(bytes[0]), *s = malloc(30 * e), *p = malloc(60 * e);
        uint8_t *a0 = malloc(bytes[1]), *a1 = malloc(bytes[2]), *b0 = malloc(bytes[1]),
                *b1 = malloc(bytes[2]);
        random_bytes(in, bytes[0], 11 + e);
        uint8_t *st1[2] = {in, s}, *st2[2] = {s, p}, *st3[3] = {p, a0, a1},
                *direct[3] = {in, b0, b1};
        plan_exec(&slice, (void *const *)st1);
        plan_exec(&pad, (void *const *)st2);
        plan_exec(&split, (void *const *)st3);
        check(&composed, direct, st3, bytes, 2);
        free(in), free(s), free(p), free(a0), free(a1), free(b0), free(b1);
        plan_cleanup(&slice), plan_cleanup(&pad), plan_cleanup(&split), plan_cleanup(&composed);
    }
}

/* JOIN of three [4, k] inputs along dim 1 (k = 2, 3, 1), then SPLIT of the rows into 1 + 3: input
 * parts and output parts on different axes, one plan. */
static void test_join_then_split(void **state)
{
    const uint32_t out_sizes[2] = {4, 6}, o0[2] = {1, 6}, o1[2] = {3, 6};
    const uint32_t ks[3] = {2, 3, 1};
    for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); ++w)
    {
        uint32_t e = widths[w];
        struct plan join = make(PLAN_KERNEL_GENERAL, e, 2, out_sizes, 1);
        struct plan split = make(PLAN_KERNEL_SPLIT, e, 2, out_sizes, 2);
        struct plan composed = make(PLAN_KERNEL_GENERAL, e, 2, out_sizes, 2);
        join.in_part_axis = composed.in_part_axis = 1;
        join.in_part_count = composed.in_part_count = 3;
        join.in_parts = calloc(3, sizeof(struct plan_part));
        composed.in_parts = calloc(3, sizeof(struct plan_part));
        for (uint32_t j = 0, begin = 0; j < 3; begin += ks[j++])
        {
            struct plan_part part = {j, begin, 0, {(int64_t)ks[j], 1}};
            join.in_parts[j] = composed.in_parts[j] = part;
        }
        join.parts[0].slot = 3;
        join.slot_count = 4;
        dense(join.parts[0].strides, 2, out_sizes);
        split.dims[0].in_stride = 6;
        split.dims[1].in_stride = 1;
        split.parts[1].axis_begin = 1;
        dense(split.parts[0].strides, 2, o0);
        dense(split.parts[1].strides, 2, o1);
        composed.parts[0].slot = 3;
        composed.parts[1].slot = 4;
        composed.parts[1].axis_begin = 1;
        composed.slot_count = 5;
        dense(composed.parts[0].strides, 2, o0);
        dense(composed.parts[1].strides, 2, o1);
        uint64_t bytes[5] = {8 * e, 12 * e, 4 * e, 6 * e, 18 * e};
        uint8_t *buf[10];
        for (int i = 0; i < 10; ++i)
            buf[i] = calloc(1, 24 * e);
        for (int i = 0; i < 3; ++i)
            random_bytes(buf[i], bytes[i], 3 + i + e);
        uint8_t *st1[4] = {buf[0], buf[1], buf[2], buf[5]}, *st2[3] = {buf[5], buf[6], buf[7]};
        uint8_t *direct[5] = {buf[0], buf[1], buf[2], buf[8], buf[9]};
        plan_exec(&join, (void *const *)st1);
        plan_exec(&split, (void *const *)st2);
        plan_exec(&composed, (void *const *)direct);
        assert_memory_equal(buf[8], buf[6], bytes[3]);
        assert_memory_equal(buf[9], buf[7], bytes[4]);
        char why[200];
        if (!vk_test_check(device, &composed, bytes, VK_TEST_SLOTS_BLOCK, why, sizeof(why)))
            fail_msg("%s", why);
        for (int i = 0; i < 10; ++i)
            free(buf[i]);
        plan_cleanup(&join), plan_cleanup(&split), plan_cleanup(&composed);
    }
}

static int teardown(void **state)
{
    dml_vk_device_destroy(device);
    return 0;
}

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pad_then_strided_slice),
        cmocka_unit_test(test_slice_pad_split),
        cmocka_unit_test(test_join_then_split),
    };
    device = vk_test_device();
    return cmocka_run_group_tests(tests, NULL, teardown);
}

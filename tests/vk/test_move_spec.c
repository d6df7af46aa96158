/* MODE_MOVE (src/plan_spec.c): move.comp with the whole plan in specialization constants, for
 * the plans the vector walks do not take and for tiny ones. Each case first checks that the plan
 * takes that mode and gets its own pipeline, then compares every byte of every slot with
 * vk_test_reference (outputs start poisoned). Every padding map, pre-maps of negative and
 * non-unit scale, SLICE_GRAD's dilation, several parts with gapped and reversed strides, all
 * eight dims, every unit size and a slot block, one unit per thread and packed vectors, input
 * parts (JOIN, fused), and offsets past 2^31 units. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plan_spec.h"
#include "vk/vk_private.h" /* the device's move_bytes */
#include "vk_test.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))
#define MAX_PARTS DMLOPS_MOVE_PARTS

static const uint32_t units[] = {1, 2, 4, 8, 16};
static struct dml_vk_device *device;

/* Runs the plan (input slot 0, output parts in slots 1..) on its MODE_MOVE pipeline, packed or
 * not, with bytes[s] bytes per slot, and compares every slot. */
static void run_move_as(const struct plan *plan, const uint64_t *bytes, enum vk_test_slots mode,
                        bool packed)
{
    struct plan_spec spec;
    char why[200];
    assert_true(plan_spec_from_plan(plan, device->pipelines.move_bytes, &spec));
    assert_int_equal(spec.mode, PLAN_SPEC_MODE_MOVE);
    assert_int_equal((spec.flags & DMLOPS_SPEC_FLAG_PACKED) != 0, packed);
    assert_true(vk_test_gets_specialized(device, plan));
    if (!vk_test_check(device, plan, bytes, mode, why, sizeof(why)))
        fail_msg("%s (unit %u bytes)", why, plan->elem_bytes);
}

/* Unpacked: the one-unit-per-thread walk. */
static void run_move(const struct plan *plan, const uint64_t *bytes, enum vk_test_slots mode)
{
    run_move_as(plan, bytes, mode, false);
}

/* [rows, cols]: the last dim mapped from an input row of n units (rows of `pitch` units), one
 * dense output part. */
static struct plan row_plan(uint32_t e, uint32_t rows, uint32_t cols, uint32_t n, uint32_t pitch,
                            struct plan_part *part)
{
    *part = (struct plan_part){.slot = 1, .strides = {cols, 1}};
    return (struct plan){
        .kernel = PLAN_KERNEL_GENERAL,
        .elem_bytes = e,
        .rank = 2,
        .count = (uint64_t)rows * cols,
        .dims = {{.size = rows, .in_stride = pitch}, {.size = cols, .in_stride = 1, .in_size = n}},
        .part_count = 1,
        .parts = part,
        .slot_count = 2,
        .pad_value = {0x8899AABBu, 0x11223344u, 0x55667788u, 0x99AABBCCu}};
}

/* Every map at every unit size, with pre-maps the vector walks refuse: scale -2 and a start
 * before the input (periodic maps, CONSTANT and EDGE), and SLICE_GRAD's dilation by 3. */
static void test_maps(void **state)
{
    static const struct
    {
        uint32_t map;
        int32_t step;
        int64_t pad_start;
    } maps[] = {
        {PLAN_MAP_CONSTANT, 2, 3},    {PLAN_MAP_EDGE, -2, -20},   {PLAN_MAP_REFLECT, -2, 5},
        {PLAN_MAP_SYMMETRIC, 3, -40}, {PLAN_MAP_WRAP, -3, 100},   {PLAN_MAP_DILATE, 3, 2},
        {PLAN_MAP_CONSTANT, 1, -2},   {PLAN_MAP_REFLECT, 1, 300},
    };
    for (size_t m = 0; m < COUNT(maps); ++m)
    {
        uint32_t e = units[m % COUNT(units)], n = 11, pitch = 13, rows = 3, cols = 37;
        struct plan_part part;
        struct plan plan = row_plan(e, rows, cols, n, pitch, &part);
        plan.dims[1].map = maps[m].map;
        plan.dims[1].step = maps[m].step;
        plan.dims[1].pad_start = maps[m].pad_start;
        uint64_t bytes[2] = {(uint64_t)rows * pitch * e, plan.count * e};
        run_move(&plan, bytes, VK_TEST_SLOTS_PUSHED);
    }
}

/* Three parts along the last axis of a reflect-padded input (a fused pad -> split): part 0
 * dense, part 1 written bottom row first, part 2 at a pitch from a base (gaps between rows). */
struct parts_case
{
    uint32_t widths[3], rows, n, pad_start, base, pitch;
    bool packed;
};

static void run_three_parts(const struct parts_case *c, uint32_t e, enum vk_test_slots mode)
{
    const uint32_t *w = c->widths;
    struct plan_part parts[MAX_PARTS];
    struct plan plan = row_plan(e, c->rows, w[0] + w[1] + w[2], c->n, c->n, &parts[0]);
    plan.dims[1].map = PLAN_MAP_REFLECT;
    plan.dims[1].pad_start = c->pad_start;
    plan.part_axis = 1;
    plan.part_count = 3;
    plan.slot_count = 4;
    parts[0] = (struct plan_part){.slot = 1, .strides = {w[0], 1}};
    parts[1] = (struct plan_part){.slot = 2,
                                  .axis_begin = w[0],
                                  .base = (int64_t)(c->rows - 1) * w[1],
                                  .strides = {-(int64_t)w[1], 1}};
    parts[2] = (struct plan_part){
        .slot = 3, .axis_begin = w[0] + w[1], .base = c->base, .strides = {c->pitch, 1}};
    plan.parts = parts;
    uint64_t bytes[4] = {(uint64_t)c->rows * c->n * e, (uint64_t)c->rows * w[0] * e,
                         (uint64_t)c->rows * w[1] * e,
                         (c->base + (uint64_t)(c->rows - 1) * c->pitch + w[2]) * e};
    run_move_as(&plan, bytes, mode, c->packed);
}

/* Unpacked (rows of 5, 7 and 4 units) at every unit size; the last through a slot block. */
static void test_parts(void **state)
{
    static const struct parts_case c = {{5, 7, 4}, 4, 12, 2, 3, 9, false};
    for (size_t u = 0; u < COUNT(units); ++u)
        run_three_parts(&c, units[u],
                        u + 1 == COUNT(units) ? VK_TEST_SLOTS_BLOCK : VK_TEST_SLOTS_PUSHED);
}

/* Eight dims, the input transposed and read backwards along one of them, the output gapped. */
static void test_eight_dims(void **state)
{
    struct plan_part part = {.slot = 1, .base = 1};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = 2,
                        .rank = 8,
                        .count = 1,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    static const uint32_t sizes[8] = {2, 3, 1, 2, 3, 2, 2, 5};
    int64_t in_stride = 1, out_stride = 1;
    for (uint32_t d = 0; d < 8; ++d) /* input dims outermost-last: a full transpose */
    {
        plan.dims[d] = (struct plan_dim){.size = sizes[d], .in_stride = in_stride};
        in_stride *= sizes[d];
        plan.count *= sizes[d];
    }
    for (uint32_t d = 8; d-- > 0;)
    {
        part.strides[d] = out_stride;
        out_stride *= sizes[d] + (d == 5); /* a gap after each run of dim 5 */
    }
    plan.dims[4].in_stride = -plan.dims[4].in_stride;
    plan.in_base = -plan.dims[4].in_stride * (sizes[4] - 1);
    uint64_t bytes[2] = {(uint64_t)in_stride * 2, (uint64_t)(out_stride + 1) * 2};
    run_move(&plan, bytes, VK_TEST_SLOTS_ADDRESSES);
}

/* Packed vectors: SLICE_GRAD's dilation along rows of 48 units under a CONSTANT-padded outer dim
 * (whole vectors of pad), at every unit size that packs. */
static void test_packed_dilate(void **state)
{
    for (size_t u = 0; u + 1 < COUNT(units); ++u)
    {
        uint32_t e = units[u], rows = 3, cols = 48, n = 23;
        struct plan_part part;
        struct plan plan = row_plan(e, rows + 3, cols, n, n, &part);
        plan.dims[0] = (struct plan_dim){.size = rows + 3,
                                         .in_stride = n,
                                         .map = PLAN_MAP_CONSTANT,
                                         .in_size = rows,
                                         .pad_start = 2};
        plan.dims[1].map = PLAN_MAP_DILATE;
        plan.dims[1].step = 2;
        plan.dims[1].pad_start = 1;
        uint64_t bytes[2] = {(uint64_t)rows * n * e, plan.count * e};
        run_move_as(&plan, bytes, VK_TEST_SLOTS_PUSHED, true);
    }
}

/* Packed (rows of 16, 32 and 16 units, part 2's base and pitch whole vectors at every unit size
 * that packs); the last through a slot block. */
static void test_packed_parts(void **state)
{
    static const struct parts_case c = {{16, 32, 16}, 3, 50, 5, 16, 48, true};
    for (size_t u = 0; u + 1 < COUNT(units); ++u)
        run_three_parts(&c, units[u],
                        u + 2 == COUNT(units) ? VK_TEST_SLOTS_BLOCK : VK_TEST_SLOTS_PUSHED);
}

/* Input parts along c of [c, h, w] (channels 0 .. c0 - 1, then the rest), w reflect-padded from
 * rows of n units: the fused SPLIT of C, reverse of one half and JOIN (the benchmark's chain8).
 * Part 0 is dense; part 1 reads its rows bottom up from a base past `gap` units. Both in slot 0
 * (one_slot, part 1 after part 0's units) or in slots 0 and 2; the output dense in slot 1. */
struct in_parts_case
{
    uint32_t c, c0, h, w, n, gap;
    bool one_slot;
};

static struct plan channel_parts_plan(const struct in_parts_case *k, uint32_t e,
                                      struct plan_part *out, struct plan_part *in, uint64_t *bytes)
{
    int64_t plane = (int64_t)k->h * k->n, first = k->c0 * plane, rest = (k->c - k->c0) * plane;
    *out = (struct plan_part){.slot = 1, .strides = {(int64_t)k->h * k->w, k->w, 1}};
    in[0] = (struct plan_part){.slot = 0, .strides = {plane, k->n, 1}};
    in[1] = (struct plan_part){.slot = k->one_slot ? 0 : 2,
                               .axis_begin = k->c0,
                               .base = (k->one_slot ? first : 0) + k->gap + plane - k->n,
                               .strides = {plane, -(int64_t)k->n, 1}};
    bytes[0] = (uint64_t)(k->one_slot ? first + k->gap + rest : first) * e;
    bytes[1] = (uint64_t)k->c * k->h * k->w * e;
    bytes[2] = (uint64_t)(k->gap + rest) * e;
    return (struct plan){
        .kernel = PLAN_KERNEL_GENERAL,
        .elem_bytes = e,
        .rank = 3,
        .count = (uint64_t)k->c * k->h * k->w,
        .dims = {{.size = k->c},
                 {.size = k->h},
                 {.size = k->w, .map = PLAN_MAP_REFLECT, .in_size = k->n, .pad_start = 2}},
        .part_count = 1,
        .parts = out,
        .in_part_count = 2,
        .in_parts = in,
        .slot_count = k->one_slot ? 2 : 3,
        .pad_value = {0x8899AABBu, 0x11223344u, 0x55667788u, 0x99AABBCCu}};
}

/* Every unit size, one unit per thread (rows of 37) and packed (rows of 48, whole vectors below
 * 16-byte units), input parts in two slots and in one; partial last workgroups throughout. The
 * last unit size through a slot block. */
static void test_in_parts(void **state)
{
    static const struct in_parts_case cases[] = {
        {4, 2, 3, 37, 33, 5, false},
        {5, 3, 2, 37, 20, 3, true},
        {4, 1, 3, 48, 40, 7, false},
        {3, 2, 2, 48, 47, 0, true},
    };
    for (size_t u = 0; u < COUNT(units); ++u)
    {
        for (size_t i = 0; i < COUNT(cases); ++i)
        {
            struct plan_part out, in[2];
            uint64_t bytes[3];
            uint32_t e = units[u];
            struct plan plan = channel_parts_plan(&cases[i], e, &out, in, bytes);
            run_move_as(&plan, bytes,
                        u + 1 == COUNT(units) ? VK_TEST_SLOTS_BLOCK : VK_TEST_SLOTS_PUSHED,
                        cases[i].w * e % 16 == 0 && e < 16);
        }
    }
}

/* Input parts along the last dim (a JOIN of rows of 5 and 7 units, the second read right to
 * left) under a CONSTANT-padded middle dim: one unit per thread, a vector could span both. */
static void test_in_parts_joined_rows(void **state)
{
    for (size_t u = 0; u < COUNT(units); ++u)
    {
        uint32_t e = units[u], h = 5, n = 3;
        struct plan_part out = {.slot = 1, .strides = {(int64_t)h * 12, 12, 1}};
        struct plan_part in[2] = {
            {.slot = 2, .strides = {(int64_t)n * 5, 5, 1}},
            {.slot = 0, .axis_begin = 5, .base = 6, .strides = {(int64_t)n * 7, 7, -1}},
        };
        struct plan plan = {
            .kernel = PLAN_KERNEL_GENERAL,
            .elem_bytes = e,
            .rank = 3,
            .count = 2ull * h * 12,
            .dims = {{.size = 2},
                     {.size = h, .map = PLAN_MAP_CONSTANT, .in_size = n, .pad_start = 1},
                     {.size = 12}},
            .part_count = 1,
            .parts = &out,
            .in_part_axis = 2,
            .in_part_count = 2,
            .in_parts = in,
            .slot_count = 3,
            .pad_value = {0x01020304u, 0x05060708u, 0x090A0B0Cu, 0x0D0E0F10u}};
        uint64_t bytes[3] = {2ull * n * 7 * e, plan.count * e, 2ull * n * 5 * e};
        run_move(&plan, bytes, VK_TEST_SLOTS_PUSHED);
    }
}

/* The plan (input slot 0 of in_bytes, output slot 1 of out_bytes) run with both slot addresses
 * lowered by 5 and 6 GiB and its bases raised by as much: offsets of 2^31 units and more, right
 * only if MODE_MOVE forms them in 64 bits; compared with the reference of the plan as given. */
static void run_far(const struct plan *given, uint64_t in_bytes, uint64_t out_bytes)
{
    struct plan plan = *given;
    struct plan_part part = given->parts[0];
    uint32_t e = plan.elem_bytes;
    plan.in_base += (int64_t)(VK_TEST_SHIFT_IN / e);
    part.base += (int64_t)(VK_TEST_SHIFT_OUT / e);
    plan.parts = &part;
    struct plan_spec spec;
    assert_true(plan_spec_from_plan(&plan, 0, &spec));
    assert_int_equal(spec.mode, PLAN_SPEC_MODE_MOVE);

    uint8_t *in = malloc(in_bytes), *out = malloc(out_bytes), *expected = malloc(out_bytes);
    assert_true(in && out && expected);
    for (uint64_t i = 0; i < in_bytes; ++i)
        in[i] = (uint8_t)(i * 13 + 1);
    memset(out, VK_TEST_POISON, out_bytes);
    memset(expected, VK_TEST_POISON, out_bytes);
    vk_test_reference(given, (uint8_t *const[]){in, expected});
    VkBuffer buffers[2];
    assert_int_equal(dml_vk_buffer_create(device, in_bytes, &buffers[0]), S_OK);
    assert_int_equal(dml_vk_buffer_create(device, out_bytes, &buffers[1]), S_OK);
    assert_int_equal(dml_vk_buffer_upload(device, buffers[0], 0, in, in_bytes), S_OK);
    assert_int_equal(dml_vk_buffer_upload(device, buffers[1], 0, out, out_bytes), S_OK);
    const uint64_t shift[2] = {VK_TEST_SHIFT_IN, VK_TEST_SHIFT_OUT};
    bool specialized = false;
    HRESULT hr = vk_test_run_shifted(device, &plan, buffers, shift, &specialized);
    if (hr == S_FALSE)
        skip(); /* this driver's addresses are too low to play the trick */
    assert_int_equal(hr, S_OK);
    assert_true(specialized);
    assert_int_equal(dml_vk_buffer_download(device, buffers[1], 0, out, out_bytes), S_OK);
    assert_memory_equal(out, expected, out_bytes);
    dml_vk_buffer_destroy(device, buffers[0]);
    dml_vk_buffer_destroy(device, buffers[1]);
    free(in);
    free(out);
    free(expected);
}

/* 64-bit offsets, one unit per thread and packed. */
static void test_far_offsets(void **state)
{
    struct plan_part part;
    struct plan plan = row_plan(2, 3, 37, 11, 13, &part);
    plan.dims[1].map = PLAN_MAP_WRAP;
    plan.dims[1].step = -2;
    plan.dims[1].pad_start = 5;
    run_far(&plan, 3 * 13 * 2, plan.count * 2);
    plan = row_plan(2, 3, 48, 23, 23, &part);
    plan.dims[1].map = PLAN_MAP_DILATE;
    plan.dims[1].step = 2;
    run_far(&plan, 3 * 23 * 2, plan.count * 2);
}

/* ZIP: a small dim J of b transposed with X (xs units, whole vectors), over r rows. interleave:
 * dims [r, xs, b], the input one run of x per (j, row), rows read bottom up at a pitch with a
 * vector's gap, the output (x, j) interleaved and dense (DEPTH_TO_SPACE, NCHW -> NHWC).
 * Otherwise dims [b, r, xs], the input (x, j) interleaved at that pitch, the output one plane
 * of rows per j, planes a vector apart (SPACE_TO_DEPTH, NHWC -> NCHW). */
static struct plan zip_plan(uint32_t e, bool interleave, uint32_t b, uint32_t r, uint32_t xs,
                            struct plan_part *part, uint64_t *bytes)
{
    int64_t v = 16 / e, run_pitch = xs + v, zip_pitch = (int64_t)xs * b + v;
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = e,
                        .rank = 3,
                        .count = (uint64_t)b * r * xs,
                        .part_count = 1,
                        .parts = part,
                        .slot_count = 2};
    if (interleave)
    {
        plan.dims[0] = (struct plan_dim){.size = r, .in_stride = -run_pitch};
        plan.dims[1] = (struct plan_dim){.size = xs, .in_stride = 1};
        plan.dims[2] = (struct plan_dim){.size = b, .in_stride = r * run_pitch};
        plan.in_base = (r - 1) * run_pitch;
        *part = (struct plan_part){.slot = 1, .strides = {(int64_t)xs * b, b, 1}};
        bytes[0] = (uint64_t)b * r * run_pitch * e;
        bytes[1] = plan.count * e;
        return plan;
    }
    plan.dims[0] = (struct plan_dim){.size = b, .in_stride = 1};
    plan.dims[1] = (struct plan_dim){.size = r, .in_stride = zip_pitch};
    plan.dims[2] = (struct plan_dim){.size = xs, .in_stride = b};
    *part = (struct plan_part){.slot = 1, .strides = {r * xs + v, xs, 1}};
    bytes[0] = (uint64_t)r * zip_pitch * e;
    bytes[1] = ((uint64_t)(b - 1) * (r * xs + v) + (uint64_t)r * xs) * e;
    return plan;
}

/* An interleaved output of an odd J has its stores staged (a partial workgroup here: 6 threads). */
static uint32_t zip_flags_expected(bool interleave, uint32_t b)
{
    return DMLOPS_SPEC_FLAG_ZIP | (interleave && b % 2 ? DMLOPS_SPEC_FLAG_ZIP_STAGED : 0);
}

/* Both directions at every unit size ZIP takes, J of 2, 3 and 4; the last through a slot
 * block. */
static void test_zip(void **state)
{
    for (size_t u = 0; u + 1 < COUNT(units); ++u)
    {
        for (int interleave = 0; interleave < 2; ++interleave)
        {
            uint32_t e = units[u], b = 2 + (uint32_t)(u + interleave) % 3;
            struct plan_part part;
            uint64_t bytes[2];
            struct plan plan = zip_plan(e, interleave, b, 3, 32 / e, &part, bytes);
            struct plan_spec spec;
            assert_true(plan_spec_from_plan(&plan, 0, &spec));
            assert_int_equal(spec.mode, PLAN_SPEC_MODE_MOVE);
            assert_int_equal(spec.flags, zip_flags_expected(interleave, b));
            assert_int_equal(spec.vtotal, plan.count / (b * 16 / e));
            run_move_as(&plan, bytes,
                        u + 2 == COUNT(units) && interleave ? VK_TEST_SLOTS_BLOCK
                                                            : VK_TEST_SLOTS_PUSHED,
                        false);
        }
    }
}

/* ZIP's offsets in 64 bits, both directions. */
static void test_zip_far(void **state)
{
    for (int interleave = 0; interleave < 2; ++interleave)
    {
        struct plan_part part;
        uint64_t bytes[2];
        struct plan plan = zip_plan(2, interleave, 3, 3, 16, &part, bytes);
        struct plan_spec spec;
        assert_true(plan_spec_from_plan(&plan, 0, &spec));
        /* the shifts are whole vectors */
        assert_int_equal(spec.flags, zip_flags_expected(interleave, 3));
        run_far(&plan, bytes[0], bytes[1]);
    }
}

/* A plan a vector walk takes runs on MODE_MOVE once it writes at most move_bytes. */
static void test_tiny(void **state)
{
    struct plan_part part;
    struct plan plan = row_plan(4, 4, 64, 64, 64, &part);
    plan.kernel = PLAN_KERNEL_COPY;
    plan.dims[1].in_size = 0;
    uint64_t bytes[2] = {plan.count * 4, plan.count * 4};
    struct plan_spec spec;
    assert_true(plan_spec_from_plan(&plan, 0, &spec));
    assert_int_equal(spec.mode, PLAN_SPEC_MODE_PARTS);
    device->pipelines.move_bytes = PLAN_SPEC_MOVE_BYTES;
    run_move_as(&plan, bytes, VK_TEST_SLOTS_PUSHED, true);
    device->pipelines.move_bytes = 0;
}

static int setup(void **state)
{
    setenv("DMLOPS_SPECIALIZE", "1", 1);
    setenv("DMLOPS_PIPELINES", "sync", 1); /* the specialized pipeline from the first run */
    setenv("DMLOPS_COPY_ENGINE", "compute", 1);
    device = vk_test_device();
    printf("device: %s\n", dml_vk_device_name(device));
    device->pipelines.move_bytes = 0; /* the same plans take MODE_MOVE on every device */
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
        cmocka_unit_test(test_maps),
        cmocka_unit_test(test_parts),
        cmocka_unit_test(test_eight_dims),
        cmocka_unit_test(test_packed_dilate),
        cmocka_unit_test(test_packed_parts),
        cmocka_unit_test(test_far_offsets),
        cmocka_unit_test(test_tiny),
        cmocka_unit_test(test_zip),
        cmocka_unit_test(test_zip_far),
        cmocka_unit_test(test_in_parts),
        cmocka_unit_test(test_in_parts_joined_rows),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

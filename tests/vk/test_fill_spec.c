/* MODE_FILL (src/plan_spec.c): fill.comp's generators with the whole plan in specialization
 * constants. Each case first checks that the plan takes that mode, packed or not, and gets its
 * own pipeline, then compares every byte of every slot with vk_test_reference (the output slot
 * starts random, so a byte written out of place fails). Every generator at every unit size it
 * allows, rows that pack into 16-byte vectors and rows that do not, bands with and without an
 * input part read through permuted and reversed strides, and a slot block. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plan_spec.h"
#include "vk/vk_private.h"
#include "vk_test.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static struct dml_vk_device *device;

static void run_fill(const struct plan *plan, const uint64_t *bytes, enum vk_test_slots mode,
                     bool packed)
{
    struct plan_spec spec;
    char why[200];
    assert_true(plan_spec_from_plan(plan, device->pipelines.move_bytes, &spec));
    assert_int_equal(spec.mode, PLAN_SPEC_MODE_FILL);
    assert_int_equal((spec.flags & DMLOPS_SPEC_FLAG_PACKED) != 0, packed);
    assert_true(vk_test_gets_specialized(device, plan));
    if (!vk_test_check(device, plan, bytes, mode, why, sizeof(why)))
        fail_msg("%s (unit %u bytes, generator %u of %u-byte elements)", why, plan->elem_bytes,
                 plan->fill.kind, plan->fill.type_bytes);
}

/* [rows, cols] units of e bytes into slot 0 from unit `base`, rows `pitch` units apart; the
 * generator index t = in_base + r * cols + c (row-major). */
static struct plan fill_plan(uint32_t e, uint32_t rows, uint32_t cols, uint32_t pitch,
                             uint32_t base, struct plan_part *part)
{
    *part = (struct plan_part){.slot = 0, .base = base, .strides = {pitch, 1}};
    return (struct plan){
        .kernel = PLAN_KERNEL_FILL,
        .elem_bytes = e,
        .rank = 2,
        .count = (uint64_t)rows * cols,
        .dims = {{.size = rows, .in_stride = cols}, {.size = cols, .in_stride = 1}},
        .part_count = 1,
        .parts = part,
        .slot_count = 1,
        .in_base = 5,
        .pad_value = {0x8899AABBu, 0x11223344u, 0x55667788u, 0x99AABBCCu}};
}

static uint64_t out_bytes(const struct plan *plan)
{
    const struct plan_part *part = &plan->parts[0];
    return (uint64_t)(part->base + (plan->dims[0].size - 1) * part->strides[0] +
                      plan->dims[1].size) *
           plan->elem_bytes;
}

/* Rows of 48 units (packed below 16-byte units) and of 37 (never), a pitch with a gap. */
static void run_shapes(struct plan_fill fill, uint32_t e)
{
    static const struct
    {
        uint32_t cols, pitch, base;
    } shapes[] = {{48, 64, 16}, {37, 41, 3}};
    for (size_t s = 0; s < COUNT(shapes); ++s)
    {
        struct plan_part part;
        struct plan plan = fill_plan(e, 5, shapes[s].cols, shapes[s].pitch, shapes[s].base, &part);
        plan.fill = fill;
        uint64_t bytes[1] = {out_bytes(&plan)};
        run_fill(&plan, bytes, VK_TEST_SLOTS_PUSHED, s == 0 && e < 16);
    }
}

/* Every generator at every unit size it allows (units of several elements for sequences). */
static void test_generators(void **state)
{
    static const struct
    {
        uint32_t kind, type_bytes, e;
    } cases[] = {
        {PLAN_FILL_CONSTANT, 1, 1}, {PLAN_FILL_CONSTANT, 2, 2},  {PLAN_FILL_CONSTANT, 4, 4},
        {PLAN_FILL_CONSTANT, 8, 8}, {PLAN_FILL_CONSTANT, 4, 16}, {PLAN_FILL_SEQ_INT, 1, 1},
        {PLAN_FILL_SEQ_INT, 1, 4},  {PLAN_FILL_SEQ_INT, 2, 2},   {PLAN_FILL_SEQ_INT, 2, 8},
        {PLAN_FILL_SEQ_INT, 4, 4},  {PLAN_FILL_SEQ_INT, 8, 8},   {PLAN_FILL_SEQ_INT, 8, 16},
        {PLAN_FILL_SEQ_F16, 2, 2},  {PLAN_FILL_SEQ_F16, 2, 16},  {PLAN_FILL_SEQ_F32, 4, 4},
        {PLAN_FILL_SEQ_F32, 4, 16}, {PLAN_FILL_BAND, 1, 1},      {PLAN_FILL_BAND, 2, 2},
        {PLAN_FILL_BAND, 4, 4},     {PLAN_FILL_BAND, 8, 8},
    };
    for (size_t i = 0; i < COUNT(cases); ++i)
    {
        bool floats = cases[i].kind == PLAN_FILL_SEQ_F16 || cases[i].kind == PLAN_FILL_SEQ_F32;
        struct plan_fill fill = {.kind = cases[i].kind,
                                 .type_bytes = cases[i].type_bytes,
                                 .start = floats ? 0xC0490FDB
                                                 : -0x123456789ABCDll, /* -pi, as float32 bits */
                                 .delta = floats ? 0x3E800001 : 0x0102030405060709ll,
                                 .begin = 40,
                                 .end = 170};
        run_shapes(fill, cases[i].e);
    }
}

/* Bands as DIAGONAL_MATRIX1 makes them: t = column - row (so onnxruntime's Trilu), the band
 * reversed (end < begin), with the input part read transposed and rows backwards. */
static void test_band_input(void **state)
{
    static const uint32_t units[] = {1, 2, 4, 8};
    for (size_t i = 0; i < COUNT(units); ++i)
    {
        uint32_t e = units[i], rows = 6, cols = 64;
        struct plan_part part,
            input = {.slot = 1, .base = (int64_t)(rows - 1), .strides = {-1, rows}};
        struct plan plan = fill_plan(e, rows, cols, cols, 0, &part);
        plan.dims[0].in_stride = -1;
        plan.dims[1].in_stride = 1;
        plan.in_base = 0;
        plan.in_part_count = 1;
        plan.in_parts = &input;
        plan.slot_count = 2;
        plan.fill = (struct plan_fill){.kind = PLAN_FILL_BAND,
                                       .type_bytes = e,
                                       .begin = i % 2 ? 3 : INT64_MIN,
                                       .end = i % 2 ? -2 : 1};
        uint64_t bytes[2] = {out_bytes(&plan), (uint64_t)rows * cols * e};
        run_fill(&plan, bytes, i == 3 ? VK_TEST_SLOTS_BLOCK : VK_TEST_SLOTS_PUSHED, true);
        part.strides[0] = cols + 1; /* rows that do not pack */
        bytes[0] = out_bytes(&plan);
        run_fill(&plan, bytes, VK_TEST_SLOTS_PUSHED, false);
    }
}

static int setup(void **state)
{
    setenv("DMLOPS_SPECIALIZE", "1", 1);
    setenv("DMLOPS_PIPELINES", "sync", 1); /* the specialized pipeline from the first run */
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
        cmocka_unit_test(test_generators),
        cmocka_unit_test(test_band_input),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/* SPLIT and JOIN plans with more slots than the push constants hold, as one dispatch: as a program
 * step whose slots are known when recorded (buffers, where the plan is plain runs lavapipe's copy
 * engine takes; otherwise a slot block written before recording), with addresses in a slot block
 * written before recording, and with the block written only after recording
 * (DESCRIPTORS_VOLATILE). Parts alike take the specialized kernel's uniform path (checked first),
 * others the generic kernel; a JOIN along the last axis the row kernel's mirror. Every byte of
 * every slot is compared with vk_test_reference. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plan_spec.h"
#include "vk/steps.h"
#include "vk_test.h"

#define RANK 3
#define MAX_PARTS (VK_TEST_MAX_SLOTS - 1)

static const uint32_t widths[] = {1, 2, 4, 8};
static const enum vk_test_slots slot_modes[] = {VK_TEST_SLOTS_PUSHED, VK_TEST_SLOTS_ADDRESSES,
                                                VK_TEST_SLOTS_BLOCK};

static struct dml_vk_device *device;

struct split_case
{
    uint32_t sizes[RANK]; /* the input's, dense */
    uint32_t axis;
    uint32_t part_count;
    uint32_t extents[MAX_PARTS]; /* along axis; all 0: sizes[axis] / part_count each */
};

static uint32_t part_extent(const struct split_case *c, uint32_t k)
{
    return c->extents[0] ? c->extents[k] : c->sizes[c->axis] / c->part_count;
}

/* Slot 0 is the input; part k writes slot k + 1, densely. Returns the bytes of every slot. */
static void build_split(const struct split_case *c, uint32_t e, struct plan *plan,
                        struct plan_part *parts, uint64_t *bytes)
{
    *plan = (struct plan){.kernel = PLAN_KERNEL_SPLIT,
                          .elem_bytes = e,
                          .rank = RANK,
                          .count = 1,
                          .part_axis = c->axis,
                          .part_count = c->part_count,
                          .parts = parts,
                          .slot_count = c->part_count + 1};
    int64_t stride = 1;
    for (uint32_t d = RANK; d-- > 0;)
    {
        plan->dims[d] = (struct plan_dim){.size = c->sizes[d], .in_stride = stride};
        stride *= c->sizes[d];
        plan->count *= c->sizes[d];
    }
    bytes[0] = plan->count * e;
    for (uint32_t k = 0, begin = 0; k < c->part_count; begin += part_extent(c, k), ++k)
    {
        parts[k] = (struct plan_part){.slot = k + 1, .axis_begin = begin};
        uint64_t out_stride = 1;
        for (uint32_t d = RANK; d-- > 0;)
        {
            parts[k].strides[d] = (int64_t)out_stride;
            out_stride *= d == c->axis ? part_extent(c, k) : c->sizes[d];
        }
        bytes[k + 1] = out_stride * e;
    }
}

/* The plan as a step recorded with its slots (not DESCRIPTORS_VOLATILE) is `dispatches`
 * dispatches (cut into more before, to fit the push constants), and right in every slot mode. */
static void check_all_modes(const struct plan *plan, const uint64_t *bytes, uint32_t dispatches)
{
    struct dml_vk_step step;
    assert_int_equal(dml_vk_step_create(device, plan, false, &step), S_OK);
    assert_int_equal(step.dispatch_count, dispatches);
    assert_int_equal(step.indirect, plan->slot_count > DML_VK_PUSH_SLOTS && dispatches == 1);
    dml_vk_step_destroy(device, &step);
    for (size_t m = 0; m < sizeof(slot_modes) / sizeof(slot_modes[0]); ++m)
    {
        char why[200];
        if (!vk_test_check(device, plan, bytes, slot_modes[m], why, sizeof(why)))
            fail_msg("%s", why);
    }
}

/* uniform: whether the plan must take the specialized kernel's uniform path (or must not). */
static void run_case(const struct split_case *c, bool uniform)
{
    for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); ++i)
    {
        struct plan plan;
        struct plan_part parts[MAX_PARTS];
        uint64_t bytes[VK_TEST_MAX_SLOTS];
        struct plan_spec spec;
        build_split(c, widths[i], &plan, parts, bytes);
        assert_true(plan.slot_count > DML_VK_PUSH_SLOTS);
        bool specialized = plan_spec_from_plan(&plan, 0, &spec);
        assert_int_equal(specialized && (spec.flags & DMLOPS_SPEC_FLAG_UNIFORM), uniform);
        check_all_modes(&plan, bytes, 1);
    }
}

/* 32 alike parts along the first, a middle and the last axis (last-axis rows of 16 elements, of
 * 3, and of 36, whose windows cross rows). */
static void test_uniform(void **state)
{
    (void)state;
    static const struct split_case cases[] = {
        {{64, 3, 5}, 0, 32, {0}},     {{2, 96, 3}, 1, 32, {0}},      {{3, 2, 32 * 16}, 2, 32, {0}},
        {{5, 2, 32 * 3}, 2, 32, {0}}, {{2, 3, 32 * 36}, 2, 32, {0}},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
        run_case(&cases[i], true);
}

/* 20 parts of different extents: the generic kernel, whose parameter block holds every part. */
static void test_mixed(void **state)
{
    (void)state;
    struct split_case c = {{3, 0, 4}, 1, 20, {0}};
    for (uint32_t k = 0; k < c.part_count; ++k)
    {
        c.extents[k] = 1 + k % 3;
        c.sizes[1] += c.extents[k];
    }
    run_case(&c, false);
}

/* The most parts the harness holds, along the last axis, one element each. */
static void test_many(void **state)
{
    (void)state;
    struct split_case c = {{4, 3, MAX_PARTS}, 2, MAX_PARTS, {0}};
    run_case(&c, true);
}

/* A JOIN of part_count dense inputs along c->axis (extents as for a split) into a dense output:
 * inputs in slots 0 .. part_count - 1, the output last. */
static void build_join(const struct split_case *c, uint32_t e, struct plan *plan,
                       struct plan_part *in_parts, struct plan_part *out, uint64_t *bytes)
{
    struct plan_part split_parts[MAX_PARTS];
    uint64_t split_bytes[VK_TEST_MAX_SLOTS];
    build_split(c, e, plan, split_parts, split_bytes);
    for (uint32_t k = 0; k < c->part_count; ++k)
    {
        in_parts[k] = split_parts[k];
        in_parts[k].slot = k;
        bytes[k] = split_bytes[k + 1];
    }
    int64_t stride = 1;
    *out = (struct plan_part){.slot = c->part_count};
    for (uint32_t d = RANK; d-- > 0; stride *= c->sizes[d])
        out->strides[d] = stride;
    bytes[c->part_count] = split_bytes[0];
    plan->kernel = PLAN_KERNEL_GENERAL;
    plan->part_axis = 0;
    plan->part_count = 1;
    plan->parts = out;
    plan->in_part_axis = c->axis;
    plan->in_part_count = c->part_count;
    plan->in_parts = in_parts;
}

/* JOINs of many inputs: along the last axis (rows of whole vectors: the row kernel, one dispatch,
 * with 32 inputs of one vector a row, of two, and 3 inputs of 32 elements, pushed), inputs of
 * 3-element rows (the generic kernel, one dispatch), and along a middle axis (one copy per input,
 * pushed or, read when it runs, from the block). */
static void test_join(void **state)
{
    (void)state;
    static const struct
    {
        struct split_case c;
        bool rows;
        uint32_t dispatches;
    } cases[] = {
        {{{3, 5, 32 * 16}, 2, 32, {0}}, true, 1}, {{{9, 2, 32 * 32}, 2, 32, {0}}, true, 1},
        {{{3, 5, 3 * 32}, 2, 3, {0}}, true, 1},   {{{3, 5, 15 * 16}, 2, 15, {0}}, true, 1},
        {{{5, 2, 32 * 3}, 2, 32, {0}}, false, 1}, {{{2, 32 * 3, 64}, 1, 32, {0}}, false, 32},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); ++w)
        {
            struct plan plan;
            struct plan_part in_parts[MAX_PARTS], out;
            uint64_t bytes[VK_TEST_MAX_SLOTS];
            struct plan_spec spec;
            const struct split_case *c = &cases[i].c;
            build_join(c, widths[w], &plan, in_parts, &out, bytes);
            bool rows = plan_spec_from_plan(&plan, 0, &spec);
            bool whole = c->sizes[2] / c->part_count * widths[w] % 16 == 0 && c->axis == 2;
            assert_int_equal(rows, cases[i].rows && whole);
            assert_int_equal(rows && spec.flags & DMLOPS_SPEC_FLAG_JOIN, rows);
            check_all_modes(&plan, bytes, cases[i].dispatches);
        }
    }
}

static int setup(void **state)
{
    (void)state;
    setenv("DMLOPS_SPECIALIZE", "1", 1);
    setenv("DMLOPS_PIPELINES", "sync", 1); /* the specialized kernel from the first run */
    device = vk_test_device();
    printf("device: %s\n", dml_vk_device_name(device));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    dml_vk_device_destroy(device);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform),
        cmocka_unit_test(test_mixed),
        cmocka_unit_test(test_many),
        cmocka_unit_test(test_join),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

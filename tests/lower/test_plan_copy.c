/* plan_copy_regions: which plans are plain runs of bytes, and exactly which runs. Each case is
 * also checked against the plan interpreter: executing the runs must give the plan's bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "plan_copy.h"
#include "plan_exec.h"

#define BYTES 4096

static struct plan_part parts[4];

static struct plan copy_plan(uint32_t rank, const uint32_t *sizes, const int64_t *in_strides,
                             uint32_t elem_bytes)
{
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = elem_bytes,
                        .rank = rank,
                        .count = 1,
                        .part_count = 1,
                        .parts = parts,
                        .slot_count = 2};
    memset(parts, 0, sizeof(parts));
    parts[0].slot = 1;
    int64_t out_stride = 1;
    for (int d = (int)rank - 1; d >= 0; --d)
    {
        plan.dims[d] = (struct plan_dim){.size = sizes[d], .in_stride = in_strides[d]};
        parts[0].strides[d] = out_stride;
        out_stride *= sizes[d];
        plan.count *= sizes[d];
    }
    return plan;
}

/* The runs must write exactly what the interpreter writes. */
static void check_against_interpreter(const struct plan *plan)
{
    static uint8_t in[BYTES], want[BYTES], got[BYTES];
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    uint32_t count;
    for (uint32_t i = 0; i < BYTES; ++i)
        in[i] = (uint8_t)(i * 31 + 7);
    memset(want, 0xA5, BYTES);
    memset(got, 0xA5, BYTES);
    void *slots[] = {in, want};
    plan_exec(plan, slots);
    assert_true(plan_copy_regions(plan, regions, &count));
    for (uint32_t r = 0; r < count; ++r)
    {
        assert_int_equal(regions[r].src_slot, 0);
        assert_true(regions[r].dst_offset + regions[r].size <= BYTES);
        memcpy(got + regions[r].dst_offset, in + regions[r].src_offset, regions[r].size);
    }
    assert_memory_equal(got, want, BYTES);
}

/* The plan's runs, which must exist; returns how many. */
static uint32_t runs_of(const struct plan *plan, struct plan_copy_region *regions)
{
    uint32_t count;
    assert_true(plan_copy_regions(plan, regions, &count));
    return count;
}

static void whole_copy_is_one_run(void **state)
{
    uint32_t sizes[] = {4, 8, 16};
    int64_t strides[] = {128, 16, 1};
    struct plan plan = copy_plan(3, sizes, strides, 4);
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    assert_int_equal(runs_of(&plan, regions), 1);
    assert_int_equal(regions[0].size, 4 * 8 * 16 * 4);
    check_against_interpreter(&plan);
}

static void window_is_a_run_per_row(void **state)
{
    uint32_t sizes[] = {6, 32}; /* rows 1..6 of 8, columns 0..31 of 40, 2-byte elements */
    int64_t strides[] = {40, 1};
    struct plan plan = copy_plan(2, sizes, strides, 2);
    plan.in_base = 40;
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    assert_int_equal(runs_of(&plan, regions), 6);
    assert_int_equal(regions[1].src_offset, (40 + 40) * 2);
    assert_int_equal(regions[1].dst_offset, 32 * 2);
    check_against_interpreter(&plan);
}

static void split_gives_runs_per_part(void **state)
{
    uint32_t sizes[] = {4, 64}; /* split along the last axis: 24 + 40 columns */
    int64_t strides[] = {64, 1};
    struct plan plan = copy_plan(2, sizes, strides, 4);
    plan.kernel = PLAN_KERNEL_SPLIT;
    plan.part_axis = 1;
    plan.part_count = 2;
    plan.slot_count = 3;
    parts[0] = (struct plan_part){.slot = 1, .axis_begin = 0, .strides = {24, 1}};
    parts[1] = (struct plan_part){.slot = 2, .axis_begin = 24, .strides = {40, 1}};
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    assert_int_equal(runs_of(&plan, regions), 8);
    assert_int_equal(regions[0].dst_slot, 1);
    assert_int_equal(regions[4].dst_slot, 2);
    assert_int_equal(regions[4].src_offset, 24 * 4);
    assert_int_equal(regions[4].size, 40 * 4);
    assert_int_equal(regions[5].src_offset, (64 + 24) * 4);
}

/* 16-byte units, a size-1 dimension, an outer dimension walked backwards, a broadcast one. */
static void unusual_strides_give_exact_runs(void **state)
{
    uint32_t sizes[] = {3, 1, 2, 8};
    int64_t strides[] = {-32, 999, 0, 1};
    struct plan plan = copy_plan(4, sizes, strides, 16);
    plan.in_base = 64;
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    assert_int_equal(runs_of(&plan, regions), 6);
    assert_int_equal(regions[2].src_offset, (64 - 32) * 16);
    assert_int_equal(regions[3].src_offset, (64 - 32) * 16); /* the broadcast row again */
    check_against_interpreter(&plan);
}

static void not_plain_runs(void **state)
{
    uint32_t sizes[] = {16, 64};
    int64_t reversed[] = {64, -1}, strided[] = {128, 2}, rows[] = {64, 1};
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    uint32_t count = 99;

    struct plan plan = copy_plan(2, sizes, reversed, 4);
    plan.in_base = 63;
    assert_false(plan_copy_regions(&plan, regions, &count));
    assert_int_equal(count, 0);
    plan = copy_plan(2, sizes, strided, 4);
    assert_false(plan_copy_regions(&plan, regions, &count));
    plan = copy_plan(2, sizes, rows, 4);
    plan.kernel = PLAN_KERNEL_PAD;
    assert_false(plan_copy_regions(&plan, regions, &count));
    plan = copy_plan(2, sizes, rows, 4);
    plan.dims[1].map = PLAN_MAP_EDGE;
    assert_false(plan_copy_regions(&plan, regions, &count));
}

static void too_many_or_too_short_runs(void **state)
{
    uint32_t many[] = {PLAN_COPY_MAX_REGIONS + 1, 16}, short_rows[] = {4, 15};
    int64_t gapped_many[] = {32, 1}, gapped_short[] = {16, 1};
    struct plan_copy_region regions[PLAN_COPY_MAX_REGIONS];
    uint32_t count;

    struct plan plan = copy_plan(2, many, gapped_many, 4);
    assert_false(plan_copy_regions(&plan, regions, &count));
    plan.dims[0].size = PLAN_COPY_MAX_REGIONS; /* exactly the limit: allowed */
    plan.count = PLAN_COPY_MAX_REGIONS * 16;
    assert_true(plan_copy_regions(&plan, regions, &count));
    assert_int_equal(count, PLAN_COPY_MAX_REGIONS);
    plan = copy_plan(2, short_rows, gapped_short, 4); /* 60-byte runs */
    assert_false(plan_copy_regions(&plan, regions, &count));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_copy_is_one_run),      cmocka_unit_test(window_is_a_run_per_row),
        cmocka_unit_test(split_gives_runs_per_part),
        cmocka_unit_test(unusual_strides_give_exact_runs),
        cmocka_unit_test(not_plain_runs),
        cmocka_unit_test(too_many_or_too_short_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

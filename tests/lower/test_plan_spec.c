/* plan_spec_from_plan without a GPU: which plans the specialized kernels take, which strategy
 * (mode, flags, thread count) each gets, at both sides of every threshold tuned on the H100
 * (src/plan_spec.c), and the tables the shaders read (bias, row groups). The GPU tests
 * (vk_specialized, vk_wide_split) check that each strategy computes the right bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "plan_spec.h"

#define NEAR_BITS (0xFFu * DMLOPS_SPEC_FLAG_NEAR0)

static struct plan_part parts[32];

/* [rows, width] of elem_bytes elements, read from rows of in_row units, into one dense part. */
static struct plan rows_plan(uint32_t e, uint32_t rows, uint32_t width, int64_t in_row)
{
    parts[0] = (struct plan_part){.slot = 1, .strides = {width, 1}};
    return (struct plan){
        .kernel = PLAN_KERNEL_COPY,
        .elem_bytes = e,
        .rank = 2,
        .count = (uint64_t)rows * width,
        .dims = {{.size = rows, .in_stride = in_row}, {.size = width, .in_stride = 1}},
        .part_count = 1,
        .parts = parts,
        .slot_count = 2};
}

/* [rows, start + n + end]: the last dim padded with map. */
static struct plan pad_plan(uint32_t e, uint32_t rows, uint32_t start, uint32_t n, uint32_t end,
                            uint32_t map)
{
    struct plan plan = rows_plan(e, rows, start + n + end, n);
    plan.kernel = PLAN_KERNEL_PAD;
    plan.dims[1].map = map;
    plan.dims[1].in_size = n;
    plan.dims[1].pad_start = start;
    return plan;
}

/* [rows, sum of widths] split along the last axis into dense parts of the given widths. */
static struct plan split_plan(uint32_t e, uint32_t rows, const uint32_t *widths, uint32_t count)
{
    uint32_t begin = 0;
    for (uint32_t k = 0; k < count; ++k)
        begin += widths[k];
    struct plan plan = rows_plan(e, rows, begin, begin);
    begin = 0;
    for (uint32_t k = 0; k < count; ++k)
    {
        parts[k] =
            (struct plan_part){.slot = 1 + k, .axis_begin = begin, .strides = {widths[k], 1}};
        begin += widths[k];
    }
    plan.kernel = PLAN_KERNEL_SPLIT;
    plan.part_axis = 1;
    plan.part_count = count;
    plan.parts = parts;
    plan.slot_count = 1 + count;
    return plan;
}

/* Output [n, b, a] of an input whose unit-stride dim is b. */
static struct plan transpose_plan(uint32_t e, uint32_t n, uint32_t b, uint32_t a)
{
    parts[0] = (struct plan_part){.slot = 1, .strides = {(int64_t)b * a, a, 1}};
    return (struct plan){.kernel = PLAN_KERNEL_COPY,
                         .elem_bytes = e,
                         .rank = 3,
                         .count = (uint64_t)n * b * a,
                         .dims = {{.size = n, .in_stride = (int64_t)a * b},
                                  {.size = b, .in_stride = 1},
                                  {.size = a, .in_stride = b}},
                         .part_count = 1,
                         .parts = parts,
                         .slot_count = 2};
}

static struct plan_spec expect_path(const struct plan *plan, uint32_t mode, uint32_t flags)
{
    struct plan_spec spec;
    assert_true(plan_spec_from_plan(plan, 0, &spec));
    if (spec.mode != mode || (spec.flags & ~NEAR_BITS) != flags)
        print_message("mode %u flags 0x%x, expected mode %u flags 0x%x\n", spec.mode,
                      spec.flags & ~NEAR_BITS, mode, flags);
    assert_int_equal(spec.mode, mode);
    assert_int_equal(spec.flags & ~NEAR_BITS, flags);
    return spec;
}

static struct plan_spec spec_of(const struct plan *plan)
{
    struct plan_spec spec;
    assert_true(plan_spec_from_plan(plan, 0, &spec));
    return spec;
}

static void expect_generic(const struct plan *plan)
{
    struct plan_spec spec;
    assert_false(plan_spec_from_plan(plan, 0, &spec));
}

/* Whole 16-byte vectors per row: each part in turn, one thread per vector, nothing else. */
static void test_dense_copy(void **state)
{
    struct plan plan = rows_plan(4, 4, 64, 64);
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
    assert_int_equal(spec.vtotal, 4 * 64 * 4 / 16);
    assert_int_equal(spec.rank, 2);
    assert_int_equal(spec.last_size, 64);
    assert_int_equal(spec.last_in_stride, 1);
    assert_int_equal(spec.in_limit, 4 * 64 * 4);
    assert_int_equal(spec.elems[0], 4 * 64);
    assert_int_equal(spec.vstart[1], UINT32_MAX); /* parts past the plan's */
    assert_int_equal(spec.group_size, DMLOPS_WIDE_WORKGROUP_SIZE);
    plan = rows_plan(16, 3, 5, 7);                /* 16-byte units qualify too */
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
}

/* Rows of at least GROUP_BYTES (64) whose windows cross rows or pads: chunks, paired up to
 * PAIRED_ROW_BYTES (1536; H100: 0.91-0.97 of the copy ceiling paired at 1032-byte rows,
 * 0.88-0.92 one window at a time, no difference at 2064); shorter rows: whole rows per thread. */
static void test_chunk_thresholds(void **state)
{
    const uint32_t chunks = DMLOPS_SPEC_FLAG_CHUNKS, paired = chunks | DMLOPS_SPEC_FLAG_PAIRED;
    struct plan plan = pad_plan(4, 3, 2, 380, 2, PLAN_MAP_CONSTANT); /* rows of 1536 bytes */
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, paired);
    plan = pad_plan(4, 3, 2, 384, 2, PLAN_MAP_CONSTANT); /* 1552 bytes */
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, chunks);
    plan = pad_plan(1, 3, 2, 60, 2, PLAN_MAP_EDGE); /* 64 bytes: chunks */
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, paired);
    plan = pad_plan(1, 3, 2, 56, 2, PLAN_MAP_EDGE); /* 60 bytes: whole rows per thread */
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0);
    assert_int_equal(spec.vrow, 1);
    assert_int_equal(spec.stage_words, 64 * 60 / 4);
    assert_int_equal(spec.group_size, 64); /* the staging is sized for 64 threads */
    /* Pads wider than a vector: no chunks; a long row then stays one window at a time. */
    plan = pad_plan(4, 3, 5, 380, 2, PLAN_MAP_CONSTANT);
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
    /* A window of a wider input: rows that 16-byte windows cross (4 * 4 + 3 elements). */
    plan = rows_plan(4, 3, 19, 21);
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, paired);
    plan = rows_plan(4, 3, 16, 21); /* whole vectors: windows never cross */
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
}

/* Row groups: VROW rows per thread so that a thread builds whole 4-byte words, the table of
 * input columns per element (row << 6 | column, 0xFF the pad), FEW_COLS for inputs of at most
 * 4 columns. The table pins each padding map's formula. */
static void test_row_groups(void **state)
{
    static const struct
    {
        uint32_t map;
        uint32_t gtab0, gtab1;
    } maps[] = {
        {PLAN_MAP_CONSTANT, 0x020100FFu, 0xFFFFFFFFu},  /* -1 0 1 2 -1 */
        {PLAN_MAP_EDGE, 0x02010000u, 0xFFFFFF02u},      /* 0 0 1 2 2 */
        {PLAN_MAP_REFLECT, 0x02010001u, 0xFFFFFF01u},   /* 1 0 1 2 1 */
        {PLAN_MAP_SYMMETRIC, 0x02010000u, 0xFFFFFF02u}, /* 0 0 1 2 2 */
        {PLAN_MAP_WRAP, 0x02010002u, 0xFFFFFF00u},      /* 2 0 1 2 0 */
    };
    for (size_t m = 0; m < sizeof(maps) / sizeof(maps[0]); ++m)
    {
        struct plan plan = pad_plan(4, 5, 1, 3, 1, maps[m].map); /* rows of 20 bytes */
        struct plan_spec spec =
            expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, DMLOPS_SPEC_FLAG_FEW_COLS);
        assert_int_equal(spec.vrow, 1);
        assert_int_equal(spec.gtab[0], maps[m].gtab0);
        assert_int_equal(spec.gtab[1], maps[m].gtab1);
        assert_int_equal(spec.gtab[2], 0xFFFFFFFFu);
        assert_int_equal(spec.vtotal, 64); /* 5 rows: one workgroup */
    }
    /* Rows of 7 bytes: 4 rows per thread (28 bytes); the table's row bits count them. */
    struct plan plan = rows_plan(1, 9, 7, 9);
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0);
    assert_int_equal(spec.vrow, 4);
    assert_int_equal(spec.stage_words, 64 * 28 / 4);
    assert_int_equal(spec.gtab[1], 0x40060504u); /* columns 4 5 6 of row 0, column 0 of row 1 */
    plan = rows_plan(2, 9, 7, 9);                /* 14 bytes: 2 rows */
    assert_int_equal(expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0).vrow, 2);
    plan = rows_plan(2, 9, 41, 43); /* 82 bytes: past GROUP_BYTES, chunks */
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, DMLOPS_SPEC_FLAG_CHUNKS | DMLOPS_SPEC_FLAG_PAIRED);
}

/* A split of the innermost axis into whole vectors walks the input's rows: in blocks of
 * ROW_BLOCK (8) rows when every part's row is at most SHORT_ROW_BYTES (32; H100: SPLIT into 32
 * of 512-byte rows 0.94 of the ceiling with 8-row blocks, 0.88 with 32), else row-major. */
static void test_row_split(void **state)
{
    const uint32_t narrow[] = {8, 8, 8}, wide[] = {8, 12, 8};
    struct plan plan = split_plan(4, 10, narrow, 3); /* rows of 32 bytes per part */
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_BLOCKS, 0);
    assert_int_equal(spec.vrow, 24 * 4 / 16);
    assert_int_equal(spec.vtotal, 16 * 6); /* 10 rows rounded up to two blocks of 8 */
    plan = split_plan(4, 10, wide, 3);     /* one part's rows are 48 bytes */
    spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_SPLIT, 0);
    assert_int_equal(spec.vtotal, 10 * 7);
    const uint32_t ragged[] = {8, 5, 8}; /* 20 bytes: not whole vectors, each part in turn */
    plan = split_plan(4, 10, ragged, 3);
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
}

/* More than PLAN_SPEC_PARTS (14) parts: only alike ones (same extent and base, consecutive
 * slots), read from part 0 under UNIFORM. */
static void test_uniform_parts(void **state)
{
    uint32_t widths[20];
    for (int k = 0; k < 20; ++k)
        widths[k] = 4;
    struct plan plan = split_plan(4, 6, widths, 20);
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_BLOCKS, DMLOPS_SPEC_FLAG_UNIFORM);
    assert_int_equal(spec.parts, 20);
    plan = split_plan(4, 6, widths, 14);
    expect_path(&plan, PLAN_SPEC_MODE_ROW_BLOCKS, 0);
    plan = split_plan(4, 6, widths, 20);
    parts[7].slot = 30; /* no longer consecutive */
    expect_generic(&plan);
    widths[19] = 8;
    plan = split_plan(4, 6, widths, 20);
    expect_generic(&plan);
}

static struct plan_part joined[40];

/* JOIN of dense [rows, widths[k]] inputs (slot k) along the last axis into a dense output (slot
 * count). */
static struct plan join_plan(uint32_t e, uint32_t rows, const uint32_t *widths, uint32_t count)
{
    uint32_t width = 0;
    for (uint32_t k = 0; k < count; ++k)
    {
        joined[k] = (struct plan_part){.slot = k, .axis_begin = width, .strides = {widths[k], 1}};
        width += widths[k];
    }
    struct plan plan = rows_plan(e, rows, width, width);
    plan.kernel = PLAN_KERNEL_GENERAL;
    parts[0].slot = count;
    plan.in_part_axis = 1;
    plan.in_part_count = count;
    plan.in_parts = joined;
    plan.slot_count = count + 1;
    return plan;
}

/* A JOIN along the innermost axis of dense inputs whose rows are whole vectors: the mirror of the
 * row split (JOIN), the input parts in the part tables and the output in IN_SLOT / IN_BASE; any
 * number of alike inputs (UNIFORM). Other JOINs are cut or left to MODE_MOVE (at most
 * DMLOPS_MOVE_PARTS parts in all; not packed along a joined last dim) or the generic kernel. */
static void test_join_rows(void **state)
{
    const uint32_t join = DMLOPS_SPEC_FLAG_JOIN;
    uint32_t widths[32];
    for (int k = 0; k < 32; ++k)
        widths[k] = 4;
    struct plan plan = join_plan(4, 5, widths, 32); /* 16 bytes per input row */
    struct plan_spec spec =
        expect_path(&plan, PLAN_SPEC_MODE_ROW_BLOCKS, join | DMLOPS_SPEC_FLAG_UNIFORM);
    assert_int_equal(spec.parts, 32);
    assert_int_equal(spec.vrow, 32);
    assert_int_equal(spec.vtotal, 8 * 32); /* 5 rows: one block of 8 */
    assert_int_equal(spec.in_slot, 32);
    assert_int_equal(spec.out_slot[0], 0);
    assert_int_equal(spec.ext[0], 4);
    assert_int_equal(spec.elems[0], 5 * 4);
    const uint32_t mixed[] = {12, 4, 8};
    plan = join_plan(4, 5, mixed, 3); /* a 48-byte row: row-major */
    spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_SPLIT, join);
    assert_int_equal(spec.vtotal, 5 * 6);
    assert_int_equal(spec.begin[2], 16);
    assert_int_equal(spec.out_slot[2], 2);
    joined[1].base = 4; /* a base of a whole vector */
    spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_SPLIT, join);
    assert_int_equal(spec.out_base[1], 16);
    joined[1].base = 2;
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = join_plan(4, 5, mixed, 3);
    joined[2].strides[0] = 12; /* an input not dense */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = join_plan(4, 5, mixed, 3);
    parts[0].base = 2; /* the output not 16-byte aligned */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    const uint32_t ragged[] = {4, 6, 6}; /* 24-byte rows: not whole vectors */
    plan = join_plan(4, 5, ragged, 3);
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = join_plan(4, 5, widths, 32);
    joined[20].slot = 40; /* alike inputs past the tables on consecutive slots only */
    expect_generic(&plan);
    const uint32_t outer[] = {2, 2, 1};
    plan = join_plan(4, 5, outer, 3);
    plan.in_part_axis = 0; /* along an outer axis (after the lowering's merges) */
    plan.dims[1].size = plan.dims[0].in_stride = parts[0].strides[0] = 8; /* rows of 8 */
    plan.count = 5 * 8;
    for (int k = 0; k < 3; ++k)
        joined[k] = (struct plan_part){.slot = k, .axis_begin = 2 * k, .strides = {8, 1}};
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED);
}

/* Input and output disagree on the fastest dim, both sides at least TILE_MIN_SIDE (8): the
 * tile, with 4-byte words for 1- and 2-byte elements where every word is whole and aligned. */
static void test_transpose(void **state)
{
    struct plan plan = transpose_plan(4, 2, 68, 72);
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_TILE, 0);
    assert_int_equal(spec.tile_dim, 1);
    assert_int_equal(spec.vtotal, 2 * 3 * 3 * 64); /* 32 x 32 tiles of 64 threads */
    assert_int_equal(spec.group_size, 64);         /* tile.comp's local size */
    assert_int_equal(spec.out_stride[0], 68 * 72);
    plan = transpose_plan(1, 2, 68, 72);
    spec = expect_path(&plan, PLAN_SPEC_MODE_TILE, DMLOPS_SPEC_FLAG_WORDS);
    assert_int_equal(spec.vtotal, 2 * 2 * 2 * 64); /* 64 x 64 tiles */
    plan = transpose_plan(2, 2, 68, 72);
    spec = expect_path(&plan, PLAN_SPEC_MODE_TILE, DMLOPS_SPEC_FLAG_WORDS);
    assert_int_equal(spec.vtotal, 2 * 2 * 2 * 64); /* 64 x 64 tiles: 128-byte sides */
    plan = transpose_plan(1, 3, 9, 13);            /* sides not whole words */
    expect_path(&plan, PLAN_SPEC_MODE_TILE, 0);
    plan = transpose_plan(4, 2, 68, 7); /* the last side below 8: element by element */
    assert_int_not_equal(expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0).mode,
                         PLAN_SPEC_MODE_TILE);
    plan = transpose_plan(4, 2, 7, 72);
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
}

/* A periodic dim whose pads reach at most one period folds once (NEAR0 << d); the bias is the
 * least multiple of the period at or above the pad start. */
static void test_periodic_near(void **state)
{
    struct plan plan = pad_plan(1, 3, 5, 6, 5, PLAN_MAP_REFLECT); /* pads < n */
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0);
    assert_int_equal(spec.flags & NEAR_BITS, DMLOPS_SPEC_FLAG_NEAR0 << 1);
    assert_int_equal(spec.bias[1], 10);               /* period 10 */
    plan = pad_plan(1, 3, 6, 6, 4, PLAN_MAP_REFLECT); /* a pad of n: reflect reaches beyond */
    spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0);
    assert_int_equal(spec.flags & NEAR_BITS, 0);
    plan = pad_plan(1, 3, 6, 6, 6, PLAN_MAP_SYMMETRIC); /* pads of n: still one period */
    spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0);
    assert_int_equal(spec.flags & NEAR_BITS, DMLOPS_SPEC_FLAG_NEAR0 << 1);
    assert_int_equal(spec.bias[1], 12);
    plan = pad_plan(1, 3, 13, 6, 1, PLAN_MAP_WRAP);
    spec = expect_path(&plan, PLAN_SPEC_MODE_ROW_GROUPS, 0);
    assert_int_equal(spec.flags & NEAR_BITS, 0);
    assert_int_equal(spec.bias[1], 18);
    assert_int_equal(spec.last_bias, 18);
}

/* What the vector walks leave to MODE_MOVE (at most DMLOPS_MOVE_PARTS output and input parts),
 * and what stays on the generic kernels. */
static void test_move_plans(void **state)
{
    struct plan plan = rows_plan(4, 4, 64, 64);
    plan.in_base = -1;
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED);
    plan = rows_plan(4, 4, 64, 64);
    parts[0].base = 2; /* output not 16-byte aligned */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = rows_plan(4, 4, 64, 64);
    parts[0].strides[0] = 65; /* output not dense */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = pad_plan(4, 3, 2, 20, 2, PLAN_MAP_EDGE);
    plan.dims[1].step = 2; /* a pre-map */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED);
    plan = pad_plan(4, 3, 2, 20, 2, PLAN_MAP_EDGE);
    plan.dims[1].pad_start = -1; /* the input starts before the output */
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED);
    assert_int_equal((int32_t)spec.pad_start[1], -1);
    plan = pad_plan(4, 3, 2, 20, 2, PLAN_MAP_DILATE); /* SLICE_GRAD's map, even at step 1 */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED);
    plan.dims[1].pad_start = (int64_t)INT32_MAX + 1; /* beyond the constants' 32 bits */
    expect_generic(&plan);

    plan = rows_plan(4, 4, 64, 64);
    plan.kernel = PLAN_KERNEL_SCALE_BIAS;
    plan.arith = PLAN_ARITH_FMA_F32;
    expect_generic(&plan);
    struct plan_part in_parts[2] = {{.slot = 0}, {.slot = 2, .axis_begin = 2}};
    plan = rows_plan(4, 4, 64, 64);
    plan.kernel = PLAN_KERNEL_GENERAL;
    plan.in_part_count = 2;
    plan.in_parts = in_parts;
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED); /* a JOIN the row walk
                                                                         does not take */
    static const uint32_t five[] = {4, 4, 4, 4, 4};
    plan = split_plan(4, 2, five, DMLOPS_MOVE_PARTS);
    parts[0].base = 1; /* not 16-byte aligned: no vector walk */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = split_plan(4, 2, five, DMLOPS_MOVE_PARTS + 1);
    parts[0].base = 1;
    expect_generic(&plan);
}

/* MODE_MOVE's constants: the plan's values, part strides and bases included. */
static void test_move_constants(void **state)
{
    static const uint32_t widths[] = {3, 5, 4};
    struct plan plan = split_plan(2, 6, widths, 3);
    plan.kernel = PLAN_KERNEL_GENERAL;
    plan.dims[1].map = PLAN_MAP_WRAP;
    plan.dims[1].in_size = 7;
    plan.dims[1].pad_start = -3;
    plan.dims[1].step = -2;
    plan.in_base = 40;
    parts[2].base = 9;
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    assert_int_equal(spec.vtotal, 6 * 12);
    assert_int_equal(spec.group_size, DMLOPS_WIDE_WORKGROUP_SIZE);
    assert_int_equal(spec.rank, 2);
    assert_int_equal(spec.parts, 3);
    assert_int_equal(spec.part_axis, 1);
    assert_int_equal(spec.in_base, 40);
    assert_int_equal(spec.slot_mask, 0xF); /* input slot 0, parts 1 to 3 */
    assert_int_equal(spec.map[1], PLAN_MAP_WRAP);
    assert_int_equal(spec.in_size[1], 7);
    assert_int_equal((int32_t)spec.pad_start[1], -3);
    assert_int_equal(spec.step[1], -2);
    assert_int_equal(spec.begin[2], 8);
    assert_int_equal(spec.out_base[2], 9 * 2);
    assert_int_equal(spec.out_slot[2], 3);
    assert_int_equal(spec.out_stride[0], 3);
    assert_int_equal(spec.out_stride_1[0], 5);
    assert_int_equal(spec.out_stride_2[0], 4);
    assert_int_equal(spec.out_stride_2[1], 1);
}

/* [c, h, w] of 4-byte units, reflect-padded along w (from an input row of w - 2), read from two
 * input parts along c (channels 0-1 from slot 0, 2-3 from slot 2 with its rows bottom up) into
 * one dense part in slot 1: a fused SPLIT, reverse, JOIN and padding. */
static struct plan_part two_inputs[5];
static struct plan in_parts_plan(uint32_t h, uint32_t w)
{
    uint32_t n = w - 2;
    parts[0] = (struct plan_part){.slot = 1, .strides = {(int64_t)h * w, w, 1}};
    two_inputs[0] = (struct plan_part){.slot = 0, .strides = {(int64_t)h * n, n, 1}};
    two_inputs[1] = (struct plan_part){.slot = 2,
                                       .axis_begin = 2,
                                       .base = (int64_t)(h - 1) * n + 3,
                                       .strides = {(int64_t)h * n, -(int64_t)n, 1}};
    return (struct plan){
        .kernel = PLAN_KERNEL_GENERAL,
        .elem_bytes = 4,
        .rank = 3,
        .count = 4ull * h * w,
        .dims = {{.size = 4},
                 {.size = h},
                 {.size = w, .map = PLAN_MAP_REFLECT, .in_size = n, .pad_start = 1}},
        .part_count = 1,
        .parts = parts,
        .in_part_count = 2,
        .in_parts = two_inputs,
        .slot_count = 3};
}

/* Input parts go into the part tables after the output parts (bases in bytes), with their count
 * and axis; packed only where the input parts split an outer dim; at most DMLOPS_MOVE_PARTS
 * records in all. */
static void test_move_in_parts(void **state)
{
    struct plan plan = in_parts_plan(3, 5); /* rows of 20 bytes: one unit per thread */
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    assert_int_equal(spec.vtotal, 4 * 3 * 5);
    assert_int_equal(spec.parts, 1);
    assert_int_equal(spec.in_parts, 2);
    assert_int_equal(spec.in_part_axis, 0);
    assert_int_equal(spec.slot_mask, 0x7);
    assert_int_equal(spec.out_slot[0], 1);
    assert_int_equal(spec.out_slot[1], 0);
    assert_int_equal(spec.out_slot[2], 2);
    assert_int_equal(spec.begin[1], 0);
    assert_int_equal(spec.begin[2], 2);
    assert_int_equal(spec.out_base[1], 0);
    assert_int_equal(spec.out_base[2], (2 * 3 + 3) * 4); /* bytes */
    assert_int_equal(spec.out_stride[1], 5);
    assert_int_equal(spec.out_stride_1[0], 9);
    assert_int_equal((int64_t)spec.out_stride_2[1], -3);
    assert_int_equal(spec.out_stride_2[2], 1);
    assert_int_equal(spec.map[2], PLAN_MAP_REFLECT);

    plan = in_parts_plan(3, 16); /* rows of whole vectors */
    assert_int_equal(expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED).vtotal,
                     4 * 3 * 16 / 4);
    plan.in_part_axis = 2; /* a vector would span two input parts */
    two_inputs[1].axis_begin = 8;
    spec = expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    assert_int_equal(spec.in_part_axis, 2);

    plan = in_parts_plan(3, 5);
    two_inputs[2] = (struct plan_part){.slot = 3, .axis_begin = 3, .strides = {15, 5, 1}};
    two_inputs[3] = two_inputs[2];
    plan.in_part_count = 3; /* four records: the tables' size */
    plan.slot_count = 4;
    assert_int_equal(expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0).out_slot[3], 3);
    plan.in_part_count = 4; /* five */
    two_inputs[3].axis_begin = 4;
    plan.dims[0].size = 5;
    plan.count = 5 * 3 * 5;
    expect_generic(&plan);
    plan.in_part_count = 3; /* three, and two output parts */
    plan.dims[0].size = 4;
    plan.count = 4 * 3 * 5;
    parts[1] = (struct plan_part){.slot = 4, .axis_begin = 1, .strides = {15, 5, 1}};
    plan.part_count = 2;
    plan.part_axis = 1;
    plan.slot_count = 5;
    expect_generic(&plan);
}

/* MODE_MOVE packs 16-byte vectors when each lies in one row of one part, aligned. */
static void test_move_packed(void **state)
{
    static const uint32_t widths[] = {16, 32, 48}, uneven[] = {16, 40, 40};
    struct plan plan = split_plan(1, 3, widths, 3);
    parts[1].base = 32;
    parts[2].base = -16; /* with strides that stay inside: any sign, whole vectors */
    parts[2].strides[0] = -48;
    plan.dims[1].map = PLAN_MAP_DILATE;
    plan.dims[1].in_size = 48;
    plan.dims[1].step = 2;
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED);
    assert_int_equal(spec.vtotal, 3 * 96 / 16);
    plan = split_plan(1, 3, uneven, 3); /* part 0's vectors would reach into part 1 */
    plan.dims[1].map = PLAN_MAP_DILATE;
    plan.dims[1].in_size = 48;
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = split_plan(1, 3, widths, 3);
    plan.dims[1].map = PLAN_MAP_DILATE;
    parts[1].base = 8; /* not a whole vector */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = split_plan(1, 3, widths, 3);
    plan.dims[1].map = PLAN_MAP_DILATE;
    parts[0].strides[1] = 2; /* the last dim not at unit stride */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = pad_plan(16, 3, 1, 4, 1, PLAN_MAP_REFLECT);
    plan.dims[1].step = 2; /* 16-byte units: nothing to pack */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0);
    plan = pad_plan(8, 3, 1, 4, 1, PLAN_MAP_REFLECT);
    plan.dims[1].step = 2; /* two 8-byte units a vector */
    assert_int_equal(expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED).vtotal, 9);
}

/* FILL plans take MODE_FILL: MODE_MOVE's constants with a band's input part as part 1 (which
 * decides nothing about packing), and the generator's fields. */
static void test_fill_plans(void **state)
{
    struct plan plan = rows_plan(1, 4, 64, 64);
    plan.kernel = PLAN_KERNEL_FILL;
    plan.fill = (struct plan_fill){.kind = PLAN_FILL_BAND,
                                   .type_bytes = 1,
                                   .start = -5,
                                   .delta = 0x123456789ll,
                                   .begin = -2,
                                   .end = 7};
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_FILL, DMLOPS_SPEC_FLAG_PACKED);
    assert_int_equal(spec.vtotal, 4 * 64 / 16);
    assert_int_equal(spec.parts, 1);
    assert_int_equal(spec.fill_kind, PLAN_FILL_BAND);
    assert_int_equal(spec.fill_type_bytes, 1);
    assert_int_equal((int64_t)spec.fill_start, -5);
    assert_int_equal(spec.fill_delta, 0x123456789ll);
    assert_int_equal(spec.fill_begin, -2);
    assert_int_equal(spec.fill_end, 7);

    struct plan_part input = {.slot = 2, .base = 3, .strides = {-70, 1}};
    plan.in_part_count = 1;
    plan.in_parts = &input;
    plan.slot_count = 3;
    spec = expect_path(&plan, PLAN_SPEC_MODE_FILL,
                       DMLOPS_SPEC_FLAG_PACKED | DMLOPS_SPEC_FLAG_FILL_INPUT);
    assert_int_equal(spec.parts, 1);
    assert_int_equal(spec.out_slot[1], 2);
    assert_int_equal(spec.out_base[1], 3);
    assert_int_equal((int64_t)spec.out_stride_1[0], -70);
    assert_int_equal(spec.slot_mask, 0x7);

    parts[0].strides[0] = 65; /* rows not whole vectors apart */
    expect_path(&plan, PLAN_SPEC_MODE_FILL, DMLOPS_SPEC_FLAG_FILL_INPUT);
    plan = rows_plan(16, 4, 64, 64);
    plan.kernel = PLAN_KERNEL_FILL;
    plan.fill = (struct plan_fill){.kind = PLAN_FILL_SEQ_INT, .type_bytes = 2};
    assert_int_equal(expect_path(&plan, PLAN_SPEC_MODE_FILL, 0).vtotal, 4 * 64);
}

/* NHWC [n, h*w, c] of e-byte units read as NCHW: dims [n, c, h*w]. */
static struct plan channels_plan(uint32_t e, uint32_t n, uint32_t c, uint32_t hw)
{
    parts[0] = (struct plan_part){.slot = 1, .strides = {(int64_t)c * hw, hw, 1}};
    return (struct plan){.kernel = PLAN_KERNEL_COPY,
                         .elem_bytes = e,
                         .rank = 3,
                         .count = (uint64_t)n * c * hw,
                         .dims = {{.size = n, .in_stride = (int64_t)c * hw},
                                  {.size = c, .in_stride = 1},
                                  {.size = hw, .in_stride = c}},
                         .part_count = 1,
                         .parts = parts,
                         .slot_count = 2};
}

/* ZIP takes a small dim transposed with the last one (2 to 4 channels of NHWC <-> NCHW, depth
 * and space), one side interleaved, the other whole-vector runs. */
static void test_zip_plans(void **state)
{
    struct plan plan = channels_plan(1, 2, 3, 64); /* NHWC -> NCHW of RGB */
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_ZIP);
    assert_int_equal(spec.zip_dim, 1);
    assert_int_equal(spec.group_size, DMLOPS_WORKGROUP_SIZE);
    assert_int_equal(spec.vtotal, 2 * 3 * 64 / (3 * 16));
    plan = channels_plan(4, 2, 4, 64); /* NCHW -> NHWC of RGBA: the output interleaved */
    plan.dims[0] = (struct plan_dim){.size = 2, .in_stride = 4 * 64};
    plan.dims[1] = (struct plan_dim){.size = 64, .in_stride = 1};
    plan.dims[2] = (struct plan_dim){.size = 4, .in_stride = 64};
    parts[0].strides[1] = 4;
    spec = expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_ZIP);
    assert_int_equal(spec.zip_dim, 2);
    assert_int_equal(spec.group_size, DMLOPS_WORKGROUP_SIZE);
    assert_int_equal(spec.vtotal, 2 * 64 * 4 / (4 * 4));
    plan = channels_plan(1, 2, 3, 64); /* NCHW -> NHWC of RGB: an odd J, the stores staged */
    plan.dims[0] = (struct plan_dim){.size = 2, .in_stride = 3 * 64};
    plan.dims[1] = (struct plan_dim){.size = 64, .in_stride = 1};
    plan.dims[2] = (struct plan_dim){.size = 3, .in_stride = 64};
    parts[0].strides[1] = 3;
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_ZIP | DMLOPS_SPEC_FLAG_ZIP_STAGED);

    plan = channels_plan(1, 2, 5, 64); /* 5 channels: the tile's, had it 8 */
    assert_false(spec_of(&plan).flags & DMLOPS_SPEC_FLAG_ZIP);
    plan = channels_plan(1, 2, 3, 56); /* rows not whole vectors */
    assert_false(spec_of(&plan).flags & DMLOPS_SPEC_FLAG_ZIP);
    plan = channels_plan(1, 2, 3, 64);
    parts[0].strides[1] = 72; /* planes not whole vectors apart */
    parts[0].strides[0] = 3 * 72;
    assert_false(spec_of(&plan).flags & DMLOPS_SPEC_FLAG_ZIP);
    plan = channels_plan(1, 2, 3, 64);
    plan.in_base = 8; /* the input not whole vectors from its slot */
    assert_false(spec_of(&plan).flags & DMLOPS_SPEC_FLAG_ZIP);
    plan = channels_plan(16, 2, 3, 64); /* a unit per vector: nothing to reorder */
    assert_false(spec_of(&plan).flags & DMLOPS_SPEC_FLAG_ZIP);
}

/* Plans that write at most move_bytes take MODE_MOVE even where a vector walk would take them. */
static void test_move_tiny(void **state)
{
    struct plan plan = rows_plan(4, 4, 64, 64); /* 1024 bytes */
    struct plan_spec spec;
    assert_true(plan_spec_from_plan(&plan, 1024, &spec));
    assert_int_equal(spec.mode, PLAN_SPEC_MODE_MOVE);
    assert_int_equal(spec.flags, DMLOPS_SPEC_FLAG_PACKED);
    assert_int_equal(spec.vtotal, 4 * 64 / 4); /* one thread per 16-byte vector */
    assert_true(plan_spec_from_plan(&plan, 1023, &spec));
    assert_int_equal(spec.mode, PLAN_SPEC_MODE_PARTS);
    assert_int_equal(PLAN_SPEC_MOVE_BYTES, 64 * 1024);
}

/* One part written as rows with gaps (JOIN's per-input copies): the rows at a pitch, when row,
 * pitch and base are whole vectors and the dims outside the row are dense at the pitch. */
static void test_rows_at_a_pitch(void **state)
{
    struct plan plan = rows_plan(4, 4, 64, 64);
    parts[0].strides[0] = 128; /* every other 256-byte row of the output */
    struct plan_spec spec = expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
    assert_int_equal(spec.out_row, 64);
    assert_int_equal(spec.out_pitch, 128);
    assert_int_equal(spec.elems[0], 4 * 64);
    assert_int_equal(spec.vtotal, 4 * 64 * 4 / 16);
    plan = transpose_plan(4, 2, 3, 8);
    plan.dims[1].in_stride = 8; /* [2][3][8], no transpose: rows of 8 at a pitch of 16 */
    plan.dims[2].in_stride = 1;
    parts[0] = (struct plan_part){.slot = 1, .strides = {48, 16, 1}};
    spec = expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
    assert_int_equal(spec.out_row, 8);
    assert_int_equal(spec.out_pitch, 16);
    parts[0].strides[0] = 40; /* the outer dim not dense at the pitch */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED); /* no vector walk */
    plan = rows_plan(4, 4, 6, 6);
    parts[0].strides[0] = 8; /* 24-byte rows */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, 0); /* no vector walk */
    plan = rows_plan(4, 4, 64, 64);
    parts[0].strides[0] = 32; /* rows overlap */
    expect_path(&plan, PLAN_SPEC_MODE_MOVE, DMLOPS_SPEC_FLAG_PACKED); /* no vector walk */
    plan = rows_plan(4, 4, 64, 64);
    assert_true(plan_spec_from_plan(&plan, 0, &spec));
    assert_int_equal(spec.out_row, 0); /* dense: no rows */
}

/* The constants' list: distinct ids below SLOTS_MARK's. */
#define ID_ONE(NAME, field, id, type, def) ids[n++] = id;
#define ID_ARRAY(NAME, field, id, count, type, def, step)                                          \
    for (int i = 0; i < (count); ++i)                                                              \
        ids[n++] = (id) + i;
static void test_constant_ids(void **state)
{
    int ids[256], n = 0;
    DMLOPS_SPEC_CONSTANTS(ID_ONE, ID_ARRAY)
    for (int i = 0; i < n; ++i)
    {
        assert_in_range(ids[i], 0, DMLOPS_SPEC_ID_SLOTS_MARK - 1);
        for (int j = 0; j < i; ++j)
            assert_int_not_equal(ids[i], ids[j]);
    }
    assert_int_equal(n, 223);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dense_copy),      cmocka_unit_test(test_chunk_thresholds),
        cmocka_unit_test(test_row_groups),      cmocka_unit_test(test_row_split),
        cmocka_unit_test(test_uniform_parts),   cmocka_unit_test(test_join_rows),
        cmocka_unit_test(test_transpose),       cmocka_unit_test(test_periodic_near),
        cmocka_unit_test(test_move_plans),      cmocka_unit_test(test_move_constants),
        cmocka_unit_test(test_move_in_parts),   cmocka_unit_test(test_move_tiny),
        cmocka_unit_test(test_move_packed),     cmocka_unit_test(test_fill_plans),
        cmocka_unit_test(test_zip_plans),       cmocka_unit_test(test_constant_ids),
        cmocka_unit_test(test_rows_at_a_pitch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

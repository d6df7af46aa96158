/* The specialized kernels' paths (src/vk/spec.c, shaders/vec*.glsl, shaders/tile.comp) on plans
 * built by hand: each case first checks that the plan takes the path it is meant to exercise,
 * then runs it and compares every byte of every slot with vk_test_reference (outputs start
 * poisoned, so a byte written out of place fails as much as a wrong value). Buffers are exactly
 * as large as the plan needs, so reading past IN_LIMIT trips the validation layers or the
 * comparison.
 *
 * Each specialized shape costs lavapipe about half a second to compile, and the device keeps at
 * most DML_VK_MAX_SPECIALIZED of them (beyond that, plans silently run the generic kernels), so
 * padding cases do not run every (case, element width, map) triple: the path checks above do,
 * but the GPU runs a covering set in which every pair of the three meets (run_covered), and
 * every run checks that its kernel is the specialized one. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plan_spec.h"
#include "vk/vk_private.h" /* the pipeline table's count */
#include "vk_test.h"

#define MAX_RANK 4
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static const uint32_t widths[] = {1, 2, 4, 8};
static const uint32_t maps[] = {PLAN_MAP_CONSTANT, PLAN_MAP_EDGE, PLAN_MAP_REFLECT,
                                PLAN_MAP_SYMMETRIC, PLAN_MAP_WRAP};

#define CHUNKS_PAIRED (DMLOPS_SPEC_FLAG_CHUNKS | DMLOPS_SPEC_FLAG_PAIRED)
#define NEAR_BITS (0xFFu * DMLOPS_SPEC_FLAG_NEAR0)

static struct dml_vk_device *device;

/* Fails unless the plan gets its specialized pipeline (not the generic kernel that a full
 * table, or a plan the kernels refuse, would give it). */
static void expect_specialized(const struct plan *plan)
{
    assert_true(vk_test_gets_specialized(device, plan));
}

/* Runs a one-input, one-output plan (slot 0 in, slot 1 out) on its specialized kernel and
 * compares both slots. */
static void run_and_compare(const struct plan *plan, uint64_t in_units, uint64_t out_units)
{
    uint64_t bytes[2] = {in_units * plan->elem_bytes, out_units * plan->elem_bytes};
    char why[200];
    expect_specialized(plan);
    if (!vk_test_check(device, plan, bytes, VK_TEST_SLOTS_PUSHED, why, sizeof(why)))
        fail_msg("%s", why);
}

/* The mode and flags the plan is specialized with (fails if it is not specialized at all). */
static void expect_path(const struct plan *plan, uint32_t mode, uint32_t flags)
{
    struct plan_spec spec;
    assert_true(plan_spec_from_plan(plan, device->pipelines.move_bytes, &spec));
    assert_int_equal(spec.mode, mode);
    assert_int_equal(spec.flags & ~NEAR_BITS, flags);
}

/* Whether the plan's last dim takes the one-fold periodic map (pads within one period). */
static int last_dim_near(const struct plan *plan)
{
    struct plan_spec spec;
    assert_true(plan_spec_from_plan(plan, device->pipelines.move_bytes, &spec));
    return (spec.flags & (DMLOPS_SPEC_FLAG_NEAR0 << (plan->rank - 1))) != 0;
}

struct pad_case
{
    uint32_t rank;
    uint32_t in_sizes[MAX_RANK];
    uint32_t starts[MAX_RANK], ends[MAX_RANK];
    int reversed;            /* the last dim read backwards (negative stride folded into in_base) */
    int far;                 /* pads beyond one period: the periodic maps take the remainder */
    uint32_t gaps[MAX_RANK]; /* units left unread after each run of dim d (d > 0) */
};

/* A dense input padded on every dim with the given starts and ends; returns the input units. */
static uint64_t build_pad(const struct pad_case *c, uint32_t map, uint32_t e, struct plan *plan,
                          struct plan_part *part)
{
    uint64_t in_stride = 1, out_stride = 1;
    *part = (struct plan_part){.slot = 1};
    *plan = (struct plan){.kernel = PLAN_KERNEL_PAD,
                          .elem_bytes = e,
                          .rank = c->rank,
                          .count = 1,
                          .part_count = 1,
                          .parts = part,
                          .slot_count = 2,
                          .pad_value = {0x8899AABBu, 0x11223344u, 0x55667788u, 0x99AABBCCu}};
    for (uint32_t d = c->rank; d-- > 0;)
    {
        uint32_t size = c->starts[d] + c->in_sizes[d] + c->ends[d];
        plan->dims[d] = (struct plan_dim){.size = size,
                                          .in_stride = (int64_t)in_stride,
                                          .map = c->starts[d] + c->ends[d] ? map : PLAN_MAP_AFFINE,
                                          .in_size = c->in_sizes[d],
                                          .pad_start = c->starts[d]};
        part->strides[d] = (int64_t)out_stride;
        plan->count *= size;
        in_stride = in_stride * c->in_sizes[d] + (d > 0 ? c->gaps[d] : 0);
        out_stride *= size;
    }
    if (c->reversed)
    {
        plan->dims[c->rank - 1].in_stride = -1;
        plan->in_base = c->in_sizes[c->rank - 1] - 1;
    }
    return in_stride;
}

/* Whether the GPU runs triple (i, j, k) of a product of three axes with n[0..2] values: those
 * whose value on the shortest axis is the sum of the other two modulo its length. Every pair of
 * values of any two axes then occurs (a pair with the shortest axis: the longer one has a value
 * of each residue), in the product of the two longer lengths instead of all three. */
static bool run_covered(const size_t n[3], const size_t at[3])
{
    int s = n[1] < n[0] ? 1 : 0;
    s = n[2] < n[s] ? 2 : s;
    return at[s] == (at[(s + 1) % 3] + at[(s + 2) % 3]) % n[s];
}

/* Padding cases with the path they must take: mode and flags, plus DMLOPS_SPEC_FLAG_FEW_COLS
 * for cases whose input rows are at most 4 elements when few_cols is set. */
struct pad_set
{
    const struct pad_case *cases;
    size_t count;
    size_t first_width, width_count; /* widths[first_width] on */
    uint32_t mode, flags;
    bool few_cols;
};

/* Case i at width widths[set->first_width + w]: every map's path checked, the covered ones run. */
static void run_pads(const struct pad_set *set, size_t i, size_t w)
{
    const struct pad_case *c = &set->cases[i];
    size_t width_count = set->width_count;
    uint32_t flags = set->flags;
    if (set->few_cols && c->in_sizes[c->rank - 1] <= 4)
        flags |= DMLOPS_SPEC_FLAG_FEW_COLS;
    for (size_t m = 0; m < COUNT(maps); ++m)
    {
        struct plan plan;
        struct plan_part part;
        uint64_t in_units = build_pad(c, maps[m], widths[set->first_width + w], &plan, &part);
        expect_path(&plan, set->mode, flags);
        if (maps[m] != PLAN_MAP_CONSTANT && maps[m] != PLAN_MAP_EDGE)
            assert_int_equal(last_dim_near(&plan), !c->far);
        if (run_covered((size_t[3]){set->count, width_count, COUNT(maps)}, (size_t[3]){i, w, m}))
            run_and_compare(&plan, in_units, plan.count);
    }
}

static void run_pad_set(const struct pad_set *set)
{
    for (size_t i = 0; i < set->count; ++i)
        for (size_t w = 0; w < set->width_count; ++w)
            run_pads(set, i, w);
}

#define PAD_SET(cases, first_width, width_count, mode, flags, few_cols)                            \
    (struct pad_set)                                                                               \
    {                                                                                              \
        cases, COUNT(cases), first_width, width_count, mode, flags, few_cols                       \
    }

/* Rows of 73 elements (2 + 69 + 2): windows at both borders and across rows, every mode. */
static void test_pad_border_chunks(void **state)
{
    static const struct pad_case cases[] = {
        {3, {3, 5, 69}, {0, 2, 2}, {0, 2, 2}, 0, 0, {0}},
        {3, {2, 5, 69}, {0, 1, 2}, {0, 2, 1}, 1, 0, {0}},
        {2, {3, 70}, {1, 1}, {0, 0}, 0, 0, {0}},
    };
    run_pad_set(&PAD_SET(cases, 0, COUNT(widths), PLAN_SPEC_MODE_PARTS, CHUNKS_PAIRED, false));
}

/* The benchmark's padded rows (2 + W + 2, W a whole number of vectors: every output row starts
 * 4 elements past a vector) over dense and gapped inputs, so that windows cut input vectors at
 * every offset; a 3-element last row makes the last window partial. */
static void test_pad_row_offsets(void **state)
{
    static const struct pad_case cases[] = {
        {3, {2, 5, 64}, {0, 2, 2}, {0, 2, 2}, 0, 0, {0, 0, 0}},
        {3, {2, 5, 70}, {0, 2, 2}, {0, 2, 2}, 0, 0, {0, 16, 8}},
        {3, {3, 3, 67}, {0, 2, 2}, {0, 2, 2}, 1, 0, {0, 5, 3}},
    };
    static const struct pad_case wide[] = {{3, {2, 3, 260}, {0, 2, 2}, {0, 2, 2}, 0, 0, {0, 0, 4}}};
    run_pad_set(&PAD_SET(cases, 0, COUNT(widths), PLAN_SPEC_MODE_PARTS, CHUNKS_PAIRED, false));
    /* rows of 1056 bytes */
    run_pad_set(&PAD_SET(wide, 2, 1, PLAN_SPEC_MODE_PARTS, CHUNKS_PAIRED, false));
}

/* Rows over 1536 bytes: chunks only where the plain window does not fit. */
static void test_pad_long_rows(void **state)
{
    static const struct pad_case c[] = {{2, {2, 800}, {1, 2}, {2, 1}, 0, 0, {0}}};
    run_pad_set(&PAD_SET(c, 1, 3, PLAN_SPEC_MODE_PARTS, DMLOPS_SPEC_FLAG_CHUNKS, false));
}

/* Pads exactly one vector wide on both sides (the chunk path's limit), 8-byte elements. */
static void test_pad_vector_wide(void **state)
{
    static const struct pad_case c[] = {{2, {3, 9}, {1, 2}, {2, 2}, 0, 0, {0}}};
    run_pad_set(&PAD_SET(c, 3, 1, PLAN_SPEC_MODE_PARTS, CHUNKS_PAIRED, false));
}

/* Pads of 2 and 3 at 4 bytes, 1 and 2 at 8: a border chunk whose run from -PAD_START misses a
 * column that its pads repeat (REFLECT's column 2 at 4 bytes) reads the row's first or last
 * vector instead and shifts it into place (chunk() in vec_chunks.glsl). Every map runs. */
static void test_pad_border_ends(void **state)
{
    static const struct pad_case e4[] = {{2, {3, 37}, {0, 2}, {0, 3}, 0, 0, {0}}};
    static const struct pad_case e8[] = {{2, {3, 37}, {0, 1}, {0, 2}, 0, 0, {0}}};
    run_pad_set(&PAD_SET(e4, 2, 1, PLAN_SPEC_MODE_PARTS, CHUNKS_PAIRED, false));
    run_pad_set(&PAD_SET(e8, 3, 1, PLAN_SPEC_MODE_PARTS, CHUNKS_PAIRED, false));
}

/* Pads of 3 and 4 around rows of 2: the periodic maps wrap more than once (remainders). */
static void test_pad_far(void **state)
{
    static const struct pad_case c[] = {{2, {5, 2}, {0, 3}, {0, 4}, 0, 1, {0}}};
    run_pad_set(&PAD_SET(c, 0, 3, PLAN_SPEC_MODE_ROW_GROUPS, DMLOPS_SPEC_FLAG_FEW_COLS, false));
}

/* Rows of 7 output elements from 3 (the benchmark's last-dim-3 shape, smaller), and rows that
 * are no multiple of 4 bytes: whole rows per thread, staged. Row counts leave a partial
 * workgroup and (for odd rows) a partial last vector. */
static void test_pad_short_rows(void **state)
{
    static const struct pad_case cases[] = {
        {3, {5, 31, 3}, {0, 2, 2}, {0, 2, 2}, 0, 0, {0}},
        {2, {67, 3}, {1, 1}, {0, 2}, 1, 0, {0}},
        {2, {9, 4}, {0, 3}, {0, 1}, 0, 0, {0}},
        {2, {7, 5}, {0, 1}, {0, 1}, 0, 0, {0}}, /* 5 input columns: loaded per element */
        {1, {3}, {2}, {2}, 0, 0, {0}},          /* one row: no carry to the next */
        {4, {2, 3, 5, 3}, {0, 1, 2, 2}, {0, 0, 2, 2}, 0, 0, {0}}, /* rows carried over 2 dims */
    };
    run_pad_set(&PAD_SET(cases, 0, COUNT(widths), PLAN_SPEC_MODE_ROW_GROUPS, 0, true));
}

/* [1:-1] on the last two dims of [3, 6, W + 2]: rows of W elements that 16-byte windows cross. */
static void run_window(uint32_t e, uint32_t w, uint32_t mode, uint32_t flags)
{
    struct plan_part part = {.slot = 1, .strides = {4 * w, w, 1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = e,
                        .rank = 3,
                        .count = 3 * 4 * w,
                        .in_base = (w + 2) + 1,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    plan.dims[0] = (struct plan_dim){.size = 3, .in_stride = 6 * (w + 2)};
    plan.dims[1] = (struct plan_dim){.size = 4, .in_stride = w + 2};
    plan.dims[2] = (struct plan_dim){.size = w, .in_stride = 1};
    expect_path(&plan, mode, flags);
    run_and_compare(&plan, 3 * 6 * (w + 2), plan.count);
}

static void test_slice_window(void **state)
{
    for (size_t i = 0; i < COUNT(widths); ++i)
    {
        uint32_t e = widths[i], vec = 16 / e;
        run_window(e, 4 * vec + 3, PLAN_SPEC_MODE_PARTS, CHUNKS_PAIRED);
        run_window(e, 4 * vec, PLAN_SPEC_MODE_PARTS, 0); /* whole vectors: windows never cross */
        if (7 * e <= 64)
            run_window(e, 7, PLAN_SPEC_MODE_ROW_GROUPS, 0);
    }
}

/* Output [n, b, a] from an input whose unit-stride dim is b: the transposing tile. Sides that
 * are multiples of a word take tile.comp's 4-byte path for 1- and 2-byte elements. */
static void run_transpose(uint32_t e, uint32_t n, uint32_t b, uint32_t a, uint32_t flags)
{
    struct plan_part part = {.slot = 1, .strides = {(int64_t)b * a, a, 1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = e,
                        .rank = 3,
                        .count = (uint64_t)n * b * a,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    plan.dims[0] = (struct plan_dim){.size = n, .in_stride = (int64_t)a * b};
    plan.dims[1] = (struct plan_dim){.size = b, .in_stride = 1};
    plan.dims[2] = (struct plan_dim){.size = a, .in_stride = b};
    expect_path(&plan, PLAN_SPEC_MODE_TILE, flags);
    run_and_compare(&plan, plan.count, plan.count);
}

static void test_transpose(void **state)
{
    for (size_t i = 0; i < COUNT(widths); ++i)
    {
        uint32_t e = widths[i], words = e <= 2 ? DMLOPS_SPEC_FLAG_WORDS : 0;
        run_transpose(e, 2, 68, 72, words);
        run_transpose(e, 1, 132, 20, words);
        run_transpose(e, 3, 9, 13, 0);
    }
}

#define MAX_JOIN_INPUTS 8

/* A JOIN of `inputs` alike [rows, cols] inputs of 4-byte elements along axis 0 or 1. Along axis 0
 * a step of one plain copy per input: every cut is one shape, so one specialized pipeline serves
 * them all, their output offsets moved into the slots, where a pipeline per input would fill the
 * device's table. Along axis 1 (rows of whole vectors) the row kernel's mirror takes the JOIN
 * whole: one pipeline too (cuts that write rows at a pitch: test_output_rows). */
static void run_join_cuts(uint32_t axis, uint32_t inputs, uint32_t rows, uint32_t cols)
{
    uint32_t out_rows = axis ? rows : inputs * rows, out_cols = axis ? inputs * cols : cols;
    struct plan_part in_parts[MAX_JOIN_INPUTS], out = {.slot = inputs, .strides = {out_cols, 1}};
    struct plan plan = {.kernel = PLAN_KERNEL_GENERAL,
                        .elem_bytes = 4,
                        .rank = 2,
                        .count = (uint64_t)out_rows * out_cols,
                        .part_count = 1,
                        .parts = &out,
                        .in_part_axis = axis,
                        .in_part_count = inputs,
                        .in_parts = in_parts,
                        .slot_count = inputs + 1};
    uint64_t bytes[MAX_JOIN_INPUTS + 1];
    char why[200];

    assert_true(inputs <= MAX_JOIN_INPUTS);
    plan.dims[0] = (struct plan_dim){.size = out_rows};
    plan.dims[1] = (struct plan_dim){.size = out_cols};
    for (uint32_t k = 0; k < inputs; ++k)
    {
        in_parts[k] = (struct plan_part){
            .slot = k, .axis_begin = k * (axis ? cols : rows), .strides = {cols, 1}};
        bytes[k] = (uint64_t)rows * cols * plan.elem_bytes;
    }
    bytes[inputs] = plan.count * plan.elem_bytes;
    size_t before = device->pipelines.specialized;
    if (!vk_test_check(device, &plan, bytes, VK_TEST_SLOTS_PUSHED, why, sizeof(why)))
        fail_msg("%s", why);
    assert_int_equal(device->pipelines.specialized - before, 1);
}

static void test_join_cuts(void **state)
{
    run_join_cuts(0, 8, 3, 32);
}

/* One part written as rows with gaps, as JOIN's per-input copies write: rows of width elements
 * at a pitch of twice that, from the second half of the first row on; the input read straight
 * (aligned loads) or every other element (gathered). The gaps must keep their poison. */
static void run_rows(uint32_t e, uint32_t rows, uint32_t width, int64_t step)
{
    struct plan_part part = {.slot = 1, .base = width, .strides = {2 * (int64_t)width, 1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = e,
                        .rank = 2,
                        .count = (uint64_t)rows * width,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    struct plan_spec spec;

    plan.dims[0] = (struct plan_dim){.size = rows, .in_stride = (int64_t)width * step};
    plan.dims[1] = (struct plan_dim){.size = width, .in_stride = step};
    expect_path(&plan, PLAN_SPEC_MODE_PARTS, 0);
    assert_true(plan_spec_from_plan(&plan, device->pipelines.move_bytes, &spec));
    assert_int_equal(spec.out_row, width);
    assert_int_equal(spec.out_pitch, 2 * width);
    run_and_compare(&plan, (uint64_t)rows * width * step, (uint64_t)rows * 2 * width);
}

static void test_output_rows(void **state)
{
    for (size_t i = 0; i < COUNT(widths); ++i)
    {
        uint32_t e = widths[i], vec = 16 / e;
        run_rows(e, 5, 4 * vec, 1);
        run_rows(e, 3, vec, 1);
        run_rows(e, 4, 2 * vec, 2);
    }
}

static void test_join_cuts_rows(void **state)
{
    run_join_cuts(1, 4, 3, 16);
}

static int setup(void **state)
{
    setenv("DMLOPS_SPECIALIZE", "1", 1);
    setenv("DMLOPS_PIPELINES", "sync", 1);      /* the specialized kernel from the first run */
    setenv("DMLOPS_COPY_ENGINE", "compute", 1); /* plain runs too (test_join_cuts) */
    device = vk_test_device();
    printf("device: %s\n", dml_vk_device_name(device));
    device->pipelines.move_bytes = 0; /* the vector walks on every device, small plans too */
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
        cmocka_unit_test(test_pad_border_chunks), cmocka_unit_test(test_pad_row_offsets),
        cmocka_unit_test(test_pad_long_rows),     cmocka_unit_test(test_pad_vector_wide),
        cmocka_unit_test(test_pad_border_ends),   cmocka_unit_test(test_pad_far),
        cmocka_unit_test(test_pad_short_rows),    cmocka_unit_test(test_slice_window),
        cmocka_unit_test(test_transpose),         cmocka_unit_test(test_join_cuts),
        cmocka_unit_test(test_output_rows),       cmocka_unit_test(test_join_cuts_rows),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

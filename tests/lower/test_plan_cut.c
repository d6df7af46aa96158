/* plan_cut_input: a JOIN's plan as one plain copy plan per input (no input parts, the COPY
 * kernel, simplified as a directly lowered copy), which together write exactly the bytes the
 * whole plan writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower.h"
#include "plan_chunk.h"
#include "plan_exec.h"
#include "random_case.h"
#include "validate.h"

#define MAX_INPUTS 40
#define RANK 4

struct join_case
{
    uint32_t inputs, axis;
    uint32_t sizes[RANK]; /* each input's; the output is inputs times as long along axis */
    DML_TENSOR_DATA_TYPE type;
};

struct join_buffers
{
    DML_BUFFER_TENSOR_DESC buffers[MAX_INPUTS + 1];
    DML_TENSOR_DESC tensors[MAX_INPUTS + 1];
    uint32_t out_sizes[RANK];
};

static void describe(struct join_buffers *b, uint32_t t, DML_TENSOR_DATA_TYPE type,
                     const uint32_t *sizes)
{
    b->buffers[t] = (DML_BUFFER_TENSOR_DESC){type, DML_TENSOR_FLAG_NONE,
                                             RANK, sizes,
                                             NULL, random_case_min_bytes(type, RANK, sizes, NULL),
                                             0};
    b->tensors[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &b->buffers[t]};
}

static void lower_join(const struct join_case *c, struct plan *plan)
{
    struct join_buffers b;
    struct dml_op_def def;
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4, .debug = true};

    memcpy(b.out_sizes, c->sizes, sizeof(b.out_sizes));
    b.out_sizes[c->axis] *= c->inputs;
    for (uint32_t k = 0; k < c->inputs; ++k)
        describe(&b, k, c->type, c->sizes);
    describe(&b, c->inputs, c->type, b.out_sizes);
    DML_JOIN_OPERATOR_DESC join = {c->inputs, b.tensors, &b.tensors[c->inputs], c->axis};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_JOIN, &join};
    assert_int_equal(dml_operator_validate(&ctx, &desc, &def), S_OK);
    assert_int_equal(dml_lower(&def, plan), S_OK);
    dml_op_def_cleanup(&def);
}

static uint64_t elements(const uint32_t *sizes)
{
    return (uint64_t)sizes[0] * sizes[1] * sizes[2] * sizes[3];
}

/* Runs the whole plan and its cuts (renumbered slots through slot_map, or the plan's own) on the
 * same inputs; the outputs must agree on every byte, and every cut must be a plain copy. */
static void check_cuts(const struct join_case *c, uint32_t want_rank, uint32_t want_unit,
                       bool renumber)
{
    struct plan plan, cut;
    uint32_t elem = c->type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 2 : 4;
    uint64_t in_bytes = elements(c->sizes) * elem, out_bytes = in_bytes * c->inputs;
    uint8_t *in = malloc(in_bytes * c->inputs), *want = malloc(out_bytes), *got = malloc(out_bytes);
    void *slots[MAX_INPUTS + 1], *local[2];
    uint32_t slot_map[2];

    assert_non_null(in);
    assert_non_null(want);
    assert_non_null(got);
    for (uint64_t i = 0; i < in_bytes * c->inputs; ++i)
        in[i] = (uint8_t)(i * 131 + i / 251);
    memset(want, 0xA5, out_bytes);
    memset(got, 0x5A, out_bytes);
    for (uint32_t k = 0; k < c->inputs; ++k)
        slots[k] = in + k * in_bytes;
    slots[c->inputs] = want;
    lower_join(c, &plan);
    assert_int_equal(plan.in_part_count, c->inputs);
    plan_exec(&plan, slots);
    slots[c->inputs] = got;
    assert_int_equal(plan_cut_count(&plan, renumber ? 15 : UINT32_MAX), c->inputs);
    for (uint32_t j = 0; j < c->inputs; ++j)
    {
        assert_int_equal(plan_cut_input(&plan, j, renumber ? slot_map : NULL, &cut), S_OK);
        assert_int_equal(cut.kernel, PLAN_KERNEL_COPY);
        assert_int_equal(cut.in_part_count, 0);
        assert_null(cut.in_parts);
        assert_int_equal(cut.part_count, 1);
        assert_int_equal(cut.rank, want_rank);
        assert_int_equal(cut.elem_bytes, want_unit);
        assert_int_equal(cut.count * cut.elem_bytes, in_bytes);
        if (renumber)
        {
            assert_int_equal(cut.slot_count, 2);
            assert_int_equal(slot_map[0], j);
            assert_int_equal(slot_map[1], c->inputs);
            local[0] = slots[slot_map[0]];
            local[1] = slots[slot_map[1]];
            plan_exec(&cut, local);
        }
        else
        {
            assert_int_equal(cut.in_slot, j);
            assert_int_equal(cut.slot_count, plan.slot_count);
            plan_exec(&cut, slots);
        }
        plan_cleanup(&cut);
    }
    assert_memory_equal(got, want, out_bytes);
    plan_cleanup(&plan);
    free(in);
    free(want);
    free(got);
}

/* Along the first axis, contiguous inputs: each input is one contiguous run of 16-byte units. */
static void test_axis0_contiguous_runs(void **state)
{
    (void)state;
    const struct join_case two = {2, 0, {3, 4, 5, 8}, DML_TENSOR_DATA_TYPE_FLOAT32};
    const struct join_case many = {32, 0, {1, 2, 3, 16}, DML_TENSOR_DATA_TYPE_FLOAT16};
    check_cuts(&two, 1, 16, true);
    check_cuts(&two, 1, 16, false);
    check_cuts(&many, 1, 16, true);
    check_cuts(&many, 1, 16, false);
}

/* Along a middle axis: rows of the output, each input's a contiguous run inside one. */
static void test_axis1_rows(void **state)
{
    (void)state;
    const struct join_case four = {4, 1, {3, 2, 5, 8}, DML_TENSOR_DATA_TYPE_FLOAT32};
    check_cuts(&four, 2, 16, true);
    check_cuts(&four, 2, 16, false);
}

/* Along the last axis: a copy of the input's rows into strided output rows, in units as wide
 * as a row allows, where rows are long enough (64 bytes and more). */
static void test_last_axis(void **state)
{
    (void)state;
    const struct join_case rows = {3, 3, {2, 3, 4, 16}, DML_TENSOR_DATA_TYPE_FLOAT32};
    const struct join_case many = {33, 3, {2, 1, 3, 32}, DML_TENSOR_DATA_TYPE_FLOAT16};
    check_cuts(&rows, 2, 16, true);
    check_cuts(&many, 2, 16, true);
    check_cuts(&many, 2, 16, false);
}

/* Runs shorter than 64 bytes stay one kernel over the output. */
static void test_short_runs_not_cut(void **state)
{
    (void)state;
    const struct join_case cases[] = {
        {3, 3, {2, 3, 4, 2}, DML_TENSOR_DATA_TYPE_FLOAT32},
        {32, 3, {2, 3, 4, 4}, DML_TENSOR_DATA_TYPE_FLOAT32},
        {2, 3, {2, 3, 4, 15}, DML_TENSOR_DATA_TYPE_FLOAT32},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        struct plan plan;
        lower_join(&cases[i], &plan);
        assert_int_equal(plan_cut_count(&plan, UINT32_MAX), 0);
        plan_cleanup(&plan);
    }
}

/* A plan without input parts, with a padded dim, or whose outputs do not fit beside one input,
 * is not cut. */
static void test_not_cut(void **state)
{
    (void)state;
    struct plan plan;
    const struct join_case two = {2, 0, {3, 4, 5, 8}, DML_TENSOR_DATA_TYPE_FLOAT32};
    lower_join(&two, &plan);
    assert_int_equal(plan_cut_count(&plan, 1), 0);
    plan.in_part_count = 1;
    assert_int_equal(plan_cut_count(&plan, UINT32_MAX), 0);
    plan.in_part_count = 2;
    assert_int_equal(plan_cut_count(&plan, UINT32_MAX), 2);
    plan.dims[0].map = PLAN_MAP_EDGE; /* a composition's padded dim */
    plan.dims[0].in_size = 1;
    assert_int_equal(plan_cut_count(&plan, UINT32_MAX), 0);
    plan_cleanup(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_axis0_contiguous_runs),
        cmocka_unit_test(test_axis1_rows),
        cmocka_unit_test(test_last_axis),
        cmocka_unit_test(test_short_runs_not_cut),
        cmocka_unit_test(test_not_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* plan_check: what the kernels refuse, without a GPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <DirectML.h>

#include "plan_check.h"

static struct plan_part parts[3] = {
    {.slot = 1, .axis_begin = 0},
    {.slot = 2, .axis_begin = 2},
    {.slot = 1, .axis_begin = 5},
};

/* A valid SPLIT of [4, 6] along axis 1 into three parts. */
static struct plan valid_split(void)
{
    return (struct plan){.kernel = PLAN_KERNEL_SPLIT,
                         .elem_bytes = 4,
                         .rank = 2,
                         .count = 24,
                         .dims = {{.size = 4, .in_stride = 6}, {.size = 6, .in_stride = 1}},
                         .part_axis = 1,
                         .part_count = 3,
                         .parts = parts,
                         .slot_count = 3};
}

static void expect_invalid(const struct plan *plan)
{
    assert_non_null(plan_check(plan));
}

static void test_valid(void **state)
{
    struct plan plan = valid_split();
    assert_null(plan_check(&plan));
}

static void test_shape(void **state)
{
    struct plan plan = valid_split();
    plan.elem_bytes = 3;
    expect_invalid(&plan);
    plan = valid_split();
    plan.rank = 9;
    expect_invalid(&plan);
    plan = valid_split();
    plan.count = 25;
    expect_invalid(&plan);
    plan = valid_split();
    plan.kernel = PLAN_KERNEL_COUNT;
    expect_invalid(&plan);
}

static void test_parts(void **state)
{
    struct plan plan = valid_split();
    plan.kernel = PLAN_KERNEL_COPY;
    expect_invalid(&plan); /* several parts outside SPLIT */
    plan = valid_split();
    plan.slot_count = 2;
    expect_invalid(&plan); /* part slot 2 */
    plan = valid_split();
    plan.in_slot = 3;
    expect_invalid(&plan);
    plan = valid_split();
    plan.part_axis = 2;
    expect_invalid(&plan);
    plan = valid_split();
    plan.dims[1].size = 5;
    plan.count = 20;
    expect_invalid(&plan); /* part 2 begins at 5 */
    struct plan_part unsorted[2] = {{.slot = 1, .axis_begin = 0}, {.slot = 1, .axis_begin = 0}};
    plan = valid_split();
    plan.part_count = 2;
    plan.parts = unsorted;
    expect_invalid(&plan);
}

static void test_maps(void **state)
{
    struct plan plan = valid_split();
    plan.dims[0].map = PLAN_MAP_EDGE;
    plan.dims[0].in_size = 2;
    expect_invalid(&plan); /* padding outside PAD */
    plan.kernel = PLAN_KERNEL_PAD;
    plan.part_count = 1;
    assert_null(plan_check(&plan));
    plan.dims[0].in_size = 0;
    expect_invalid(&plan);
    plan.dims[0].in_size = 2;
    plan.dims[0].map = PLAN_MAP_DILATE + 1;
    expect_invalid(&plan);
    plan.dims[0].map = PLAN_MAP_DILATE;
    assert_null(plan_check(&plan));
    plan.dims[0].step = -2;
    expect_invalid(&plan);
    plan.dims[0].step = 0;
    plan.dims[0].map = PLAN_MAP_AFFINE;
    expect_invalid(&plan); /* PAD without padding */
}

/* Arithmetic only in SCALE_BIAS plans on units of its type; conversions only in CAST plans of
 * one part, no padding, whose two different types match the element sizes. */
static void test_arith_and_cast(void **state)
{
    struct plan plan = valid_split();
    plan.arith = PLAN_ARITH_FMA_F32;
    expect_invalid(&plan); /* arithmetic outside SCALE_BIAS */
    plan.kernel = PLAN_KERNEL_SCALE_BIAS;
    assert_null(plan_check(&plan));
    plan.arith = PLAN_ARITH_FMA_F16;
    expect_invalid(&plan); /* 2-byte arithmetic on 4-byte units */
    plan.arith = PLAN_ARITH_NONE;
    expect_invalid(&plan); /* SCALE_BIAS without arithmetic */

    plan = valid_split();
    plan.kernel = PLAN_KERNEL_CAST;
    plan.part_count = 1;
    plan.arith = PLAN_ARITH_CAST;
    plan.in_elem_bytes = 2;
    plan.cast_types = PLAN_CAST_TYPES(DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_INT32);
    assert_null(plan_check(&plan));
    assert_int_equal(PLAN_CAST_FROM(plan.cast_types), DML_TENSOR_DATA_TYPE_FLOAT16);
    assert_int_equal(PLAN_CAST_TO(plan.cast_types), DML_TENSOR_DATA_TYPE_INT32);
    plan.in_elem_bytes = 4;
    expect_invalid(&plan); /* FLOAT16 is not 4 bytes */
    plan.in_elem_bytes = 2;
    plan.cast_types = PLAN_CAST_TYPES(DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT32);
    plan.in_elem_bytes = 4;
    expect_invalid(&plan); /* the same type */
    plan.cast_types = PLAN_CAST_TYPES(DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32);
    assert_null(plan_check(&plan));
    plan.part_count = 3;
    expect_invalid(&plan); /* parts */
    plan.part_count = 1;
    plan.dims[0].map = PLAN_MAP_EDGE;
    plan.dims[0].in_size = 4;
    expect_invalid(&plan); /* padding */
    plan.dims[0].map = PLAN_MAP_AFFINE;
    plan.arith = PLAN_ARITH_NONE;
    expect_invalid(&plan); /* CAST without its conversion */

    plan = valid_split();
    plan.in_elem_bytes = 2;
    expect_invalid(&plan); /* cast fields outside CAST */
}

/* A FILL plan: a sequence of 2-byte elements in 8-byte units over [4, 6]. */
static struct plan valid_fill(void)
{
    struct plan plan = valid_split();
    plan.kernel = PLAN_KERNEL_FILL;
    plan.elem_bytes = 8;
    plan.part_count = 1;
    plan.part_axis = 0;
    plan.fill = (struct plan_fill){.kind = PLAN_FILL_SEQ_INT, .type_bytes = 2};
    return plan;
}

static void test_fill(void **state)
{
    struct plan_part in_part = {.slot = 0};
    struct plan plan = valid_fill();
    assert_null(plan_check(&plan));
    plan.fill.kind = PLAN_FILL_SEQ_F16; /* float16s four to a unit */
    assert_null(plan_check(&plan));
    plan.fill.kind = PLAN_FILL_SEQ_F32;
    expect_invalid(&plan); /* float32 of 2 bytes */
    plan = valid_fill();
    plan.fill.type_bytes = 3;
    expect_invalid(&plan);
    plan.fill.type_bytes = 16;
    expect_invalid(&plan);
    plan = valid_fill();
    plan.fill.kind = PLAN_FILL_BAND + 1;
    expect_invalid(&plan);
    plan.fill.kind = PLAN_FILL_BAND; /* a band never spans units */
    expect_invalid(&plan);
    plan.fill.type_bytes = 8;
    assert_null(plan_check(&plan));
    plan.in_parts = &in_part;
    plan.in_part_count = 1;
    assert_null(plan_check(&plan));
    plan = valid_fill();
    plan.in_parts = &in_part;
    plan.in_part_count = 1; /* only a band reads an input */
    expect_invalid(&plan);
    plan = valid_fill();
    plan.part_count = 3;
    plan.part_axis = 1;
    expect_invalid(&plan);
    plan = valid_fill();
    plan.fill.kind = PLAN_FILL_NONE; /* a FILL kernel without a generator */
    expect_invalid(&plan);
    plan = valid_split();
    plan.fill.kind = PLAN_FILL_CONSTANT; /* a generator in another kernel */
    expect_invalid(&plan);
    plan = valid_fill();
    plan.dims[1].map = PLAN_MAP_CONSTANT;
    plan.dims[1].in_size = 2;
    expect_invalid(&plan);
    plan = valid_fill();
    plan.arith = PLAN_ARITH_FMA_F16;
    expect_invalid(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),          cmocka_unit_test(test_shape),
        cmocka_unit_test(test_parts),          cmocka_unit_test(test_maps),
        cmocka_unit_test(test_arith_and_cast), cmocka_unit_test(test_fill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

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
    plan.dims[0].map = PLAN_MAP_WRAP + 1;
    expect_invalid(&plan);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),          cmocka_unit_test(test_shape),
        cmocka_unit_test(test_parts),          cmocka_unit_test(test_maps),
        cmocka_unit_test(test_arith_and_cast),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

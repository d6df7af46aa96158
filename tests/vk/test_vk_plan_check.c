/* dml_vk_plan_check: what the kernels refuse, without a GPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "vk/vk.h"

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
    const char *what = NULL;
    assert_int_equal(dml_vk_plan_check(plan, &what), E_INVALIDARG);
    assert_non_null(what);
}

static void test_valid(void **state)
{
    struct plan plan = valid_split();
    const char *what = "unset";
    assert_int_equal(dml_vk_plan_check(&plan, &what), S_OK);
    assert_null(what);
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
    assert_int_equal(dml_vk_plan_check(&plan, NULL), S_OK);
    plan.dims[0].in_size = 0;
    expect_invalid(&plan);
    plan.dims[0].in_size = 2;
    plan.dims[0].map = PLAN_MAP_WRAP + 1;
    expect_invalid(&plan);
    plan.dims[0].map = PLAN_MAP_AFFINE;
    expect_invalid(&plan); /* PAD without padding */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),
        cmocka_unit_test(test_shape),
        cmocka_unit_test(test_parts),
        cmocka_unit_test(test_maps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

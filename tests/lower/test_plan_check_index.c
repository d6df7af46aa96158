/* plan_check on indexed plans (src/plan.h, struct plan_index): with every check here, no
 * index value makes the GATHER or SCATTER kernel address outside its tensors or its parameter
 * block. Without a GPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <DirectML.h>

#include "plan_check.h"
#include "plan_constants.h"

static struct plan_part part = {.slot = 2, .strides = {4, 1}};

/* A gather of rows: [3, 4] output, input row chosen by the index at slot 1. */
static struct plan valid_gather(void)
{
    return (struct plan){
        .kernel = PLAN_KERNEL_GATHER,
        .elem_bytes = 4,
        .rank = 2,
        .count = 12,
        .dims = {{.size = 3}, {.size = 4, .in_stride = 1}},
        .part_count = 1,
        .parts = &part,
        .slot_count = 3,
        .index = {.mode = PLAN_INDEX_GATHER,
                  .slot = 1,
                  .type = DML_TENSOR_DATA_TYPE_INT64,
                  .count = 1,
                  .strides = {1, 0},
                  .sizes = {7},
                  .data_strides = {4}},
    };
}

/* The same as a scatter's write: claim words at slot 3, the last dim one claim. */
static struct plan valid_scatter(void)
{
    struct plan plan = valid_gather();
    plan.kernel = PLAN_KERNEL_SCATTER;
    plan.slot_count = 4;
    plan.index.mode = PLAN_INDEX_SCATTER_WRITE;
    plan.index.claim_slot = 3;
    plan.index.slice_rank = 1;
    return plan;
}

static void expect_invalid(const struct plan *plan)
{
    assert_non_null(plan_check(plan));
}

static void test_valid(void **state)
{
    struct plan gather = valid_gather(), scatter = valid_scatter();
    assert_null(plan_check(&gather));
    assert_null(plan_check(&scatter));
    gather.index.mode = PLAN_INDEX_REVERSE;
    gather.index.axis = 1;
    assert_null(plan_check(&gather));
}

/* Index fields only in indexed plans; each kernel only its own modes. */
static void test_modes(void **state)
{
    struct plan plan = valid_gather();
    plan.kernel = PLAN_KERNEL_COPY;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.mode = PLAN_INDEX_SCATTER_CLAIM;
    expect_invalid(&plan);
    plan = valid_scatter();
    plan.index.mode = PLAN_INDEX_ONE_HOT;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.mode = 99;
    expect_invalid(&plan);
}

static void test_slots_and_type(void **state)
{
    struct plan plan = valid_gather();
    plan.index.slot = 3;
    expect_invalid(&plan);
    plan = valid_scatter();
    plan.index.claim_slot = 4;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.type = DML_TENSOR_DATA_TYPE_FLOAT32;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.type = DML_TENSOR_DATA_TYPE_UINT16;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.slot_count = DMLOPS_PUSH_SLOTS + 1; /* would be cut along parts it does not have */
    expect_invalid(&plan);
}

/* A tuple of 1..8 components over non-empty extents; one where an axis is compared. */
static void test_tuple(void **state)
{
    struct plan plan = valid_gather();
    plan.index.count = 0;
    expect_invalid(&plan);
    plan.index.count = 9;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.sizes[0] = 0; /* clamping into [0, 0) has no answer */
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.mode = PLAN_INDEX_ONE_HOT;
    plan.index.count = 2;
    plan.index.sizes[1] = 3;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.mode = PLAN_INDEX_REVERSE;
    plan.index.axis = 2;
    expect_invalid(&plan);
}

static void test_shape(void **state)
{
    struct plan_part two[2] = {part, part};
    struct plan plan = valid_scatter();
    plan.index.slice_rank = 3;
    expect_invalid(&plan);
    plan = valid_gather();
    plan.index.slice_rank = 1; /* claims belong to scatters */
    expect_invalid(&plan);
    plan = valid_gather();
    two[1].axis_begin = 2;
    plan.parts = two;
    plan.part_count = 2;
    expect_invalid(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),          cmocka_unit_test(test_modes),
        cmocka_unit_test(test_slots_and_type), cmocka_unit_test(test_tuple),
        cmocka_unit_test(test_shape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

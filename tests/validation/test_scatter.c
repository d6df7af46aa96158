/* SCATTER_ELEMENTS = SCATTER (datamove-family 7, FD7): every rule, the documentation's examples
 * and the feature-level boundaries (from 2.0, not the page's 1.0). */
#include "vt.h"

#include <string.h>

#define SCATTER DML_OPERATOR_SCATTER_ELEMENTS

struct scatter_case
{
    struct vt_tensor in, indices, updates, out;
    DML_SCATTER_ELEMENTS_OPERATOR_DESC desc;
};

static struct scatter_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.updates, type, rank, indices);
    vt_tensor_init(&c.out, type, rank, in);
    c.desc = (DML_SCATTER_ELEMENTS_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.updates.desc,
                                                  &c.out.desc, axis};
}

/* Example 2's shapes in 4 dims: {3, 3} with {2, 3} updates along axis 0. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 3},
          (UINT[]){1, 1, 2, 3}, 2);
}

static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DML_OPERATOR_SCATTER, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 0, 1});
    vt_tensor_strides(&c.indices, (UINT[]){0, 0, 3, 0});
    vt_tensor_strides(&c.updates, (UINT[]){0, 0, 1, 2});
    vt_tensor_strides(&c.out, (UINT[]){30, 30, 1, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc);
    /* Example 1: 1-D, more updates than elements (duplicates are valid, FD7). */
    build(DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_INT32, 1, (UINT[]){5}, (UINT[]){9}, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, SCATTER, &c.desc);
}

/* SC-1: Input, Updates and Output of one DataType; all four of one DimensionCount. */
static void sc_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void sc_2_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_2_AXIS);
}

static void sc_2_sizes(void **state)
{
    seed();
    c.indices.sizes[3] = c.updates.sizes[3] = 2;
    vt_tensor_strides(&c.indices, NULL);
    vt_tensor_strides(&c.updates, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_2_INDICES_SIZE);
    seed();
    c.updates.sizes[2] = 3;
    vt_tensor_strides(&c.updates, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_2_UPDATES_SIZE);
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_OUTPUT_SIZE);
    }
}

/* 4 dims of FLOAT32/FLOAT16 and UINT32 indices from 2.0, 8 types at 2.1, 1-8 dims and IDX at
 * 3.0, 11 types at 4.1. */
static void sc_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_1_0, SCATTER, &c.desc, DML_RULE_FL_OPERATOR);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT16);
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_INT16);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT16);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SCATTER, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, SCATTER, &c.desc);
    seed();
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_INT8);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_UINT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SCATTER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 3},
          (UINT[]){2, 3}, 0);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SCATTER, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SCATTER, &c.desc);
}

static void validate_updates(void *arg)
{
    seed();
    c.updates.sizes[2] = 3;
    vt_tensor_strides(&c.updates, NULL);
    vt_validate(VT_FL_MAX, SCATTER, &c.desc, NULL, NULL);
}

static void sc_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_updates, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SCATTER_ELEMENTS: rule SC-2 updates size: "
                        "UpdatesTensor.Sizes[2] is 3; allowed: IndicesTensor.Sizes[2] (2)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(sc_1_type_rank),
    cmocka_unit_test(sc_2_axis),         cmocka_unit_test(sc_2_sizes),
    cmocka_unit_test(sc_feature_levels), cmocka_unit_test(sc_debug_line),
};

VT_GROUP("scatter", tests)

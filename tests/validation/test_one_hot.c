/* ONE_HOT (datamove-family 12, FD7): every rule, the documentation's examples and the
 * feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define ONE_HOT DML_OPERATOR_ONE_HOT

struct one_hot_case
{
    struct vt_tensor indices, values, out;
    DML_ONE_HOT_OPERATOR_DESC desc;
};

static struct one_hot_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *indices, const UINT *values, const UINT *out, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.values, type, rank, values);
    vt_tensor_init(&c.out, type, rank, out);
    c.desc = (DML_ONE_HOT_OPERATOR_DESC){&c.indices.desc, &c.values.desc, &c.out.desc, axis};
}

/* Example 1: {1, 1, 3, 1} indices, {1, 1, 1, 2} values, {1, 1, 3, 4} output along axis 3. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 1},
          (UINT[]){1, 1, 1, 2}, (UINT[]){1, 1, 3, 4}, 3);
}

static void examples(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 1, 4},
          (UINT[]){1, 1, 1, 2}, (UINT[]){1, 1, 3, 4}, 2); /* example 2 */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 1},
          (UINT[]){1, 1, 3, 1}, (UINT[]){1, 1, 3, 4}, 3); /* example 3 */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT32, 4, (UINT[]){1, 1, 3, 1},
          (UINT[]){1, 1, 1, 2}, (UINT[]){1, 1, 3, 4}, 3); /* example 4: signed from 3.0 */
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ONE_HOT, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ONE_HOT, &c.desc);
    vt_tensor_strides(&c.indices, (UINT[]){0, 0, 0, 0});
    vt_tensor_strides(&c.values, (UINT[]){0, 0, 0, 5});
    vt_tensor_strides(&c.out, (UINT[]){0, 0, 1, 3});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ONE_HOT, &c.desc);
}

/* OH-1: values and output of one DataType, all three of one DimensionCount. */
static void oh_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.values, DML_TENSOR_DATA_TYPE_FLOAT32, 1, (UINT[]){2});
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void oh_2_indices_size(void **state)
{
    seed();
    c.indices.sizes[3] = 4;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_2_INDICES_SIZE);
    seed();
    c.indices.sizes[2] = 2;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_2_INDICES_SIZE);
}

static void oh_3_values_count(void **state)
{
    seed();
    c.values.sizes[3] = 1;
    vt_tensor_strides(&c.values, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_3_VALUES_COUNT);
}

static void oh_4_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_4_AXIS);
}

/* 4 dims of FLOAT32/FLOAT16 and UINT32 indices from 2.0, 8 types at 2.1, 1-8 dims and IDX at
 * 3.0, 11 types at 4.1. */
static void oh_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_1_0, ONE_HOT, &c.desc, DML_RULE_FL_OPERATOR);
    vt_tensor_type(&c.values, DML_TENSOR_DATA_TYPE_UINT8);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT8);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, ONE_HOT, &c.desc);
    vt_tensor_type(&c.values, DML_TENSOR_DATA_TYPE_INT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, ONE_HOT, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 1},
          (UINT[]){1, 2}, (UINT[]){3, 4}, 1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ONE_HOT, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ONE_HOT, &c.desc);
}

static void validate_values(void *arg)
{
    seed();
    c.values.sizes[3] = 1;
    vt_tensor_strides(&c.values, NULL);
    vt_validate(VT_FL_MAX, ONE_HOT, &c.desc, NULL, NULL);
}

static void oh_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_values, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_ONE_HOT: rule OH-3 values: ValuesTensor "
                        "has 1 element; allowed: >= 2 (OffValue, OnValue)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),          cmocka_unit_test(oh_1_type_rank),
    cmocka_unit_test(oh_2_indices_size), cmocka_unit_test(oh_3_values_count),
    cmocka_unit_test(oh_4_axis),         cmocka_unit_test(oh_feature_levels),
    cmocka_unit_test(oh_debug_line),
};

VT_GROUP("one_hot", tests)

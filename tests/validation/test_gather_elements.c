/* GATHER_ELEMENTS (datamove-family 5, FD7): every rule, the documentation's example and the
 * feature-level boundaries of the data and index types. */
#include "vt.h"

#include <string.h>

#define GE DML_OPERATOR_GATHER_ELEMENTS

struct ge_case
{
    struct vt_tensor in, indices, out;
    DML_GATHER_ELEMENTS_OPERATOR_DESC desc;
};

static struct ge_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.out, type, rank, indices);
    c.desc = (DML_GATHER_ELEMENTS_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc, axis};
}

/* The documentation's example in 4 dims: {3, 3} gathered by {2, 3} along axis 0. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 3},
          (UINT[]){1, 1, 2, 3}, 2);
}

static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GE, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 0, 1});
    vt_tensor_strides(&c.indices, (UINT[]){0, 7, 1, 2});
    vt_tensor_strides(&c.out, (UINT[]){40, 20, 1, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GE, &c.desc);
    build(DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_INT32, 1, (UINT[]){5}, (UINT[]){9}, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GE, &c.desc);
}

/* GE-1: one DataType for input and output, one DimensionCount for all three. */
static void ge_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void ge_2_indices_size(void **state)
{
    seed();
    c.indices.sizes[3] = 2;
    vt_tensor_strides(&c.indices, NULL);
    c.out.sizes[3] = 2;
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_GE_2_INDICES_SIZE);
    seed(); /* along Axis any size, larger than the input's too */
    c.indices.sizes[2] = 7;
    vt_tensor_strides(&c.indices, NULL);
    c.out.sizes[2] = 7;
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_OK(VT_FL_MAX, GE, &c.desc);
}

static void ge_3_output_size(void **state)
{
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_GE_3_OUTPUT_SIZE);
    }
}

static void ge_4_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_GE_4_AXIS);
}

/* From 2.1: 4 dims of 8 types and UINT32 indices; 3.0: 1-8 dims, IDX; 4.1: 11 types. */
static void ge_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, GE, &c.desc, DML_RULE_FL_OPERATOR);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_UINT8);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT8);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GE, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_UINT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, GE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GE, &c.desc);
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GE, &c.desc);
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_FLOAT32);
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_FL_DATA_TYPE);
    build(DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){1, 2, 1, 3, 3},
          (UINT[]){1, 2, 1, 2, 3}, 3);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GE, &c.desc);
}

static void validate_indices_size(void *arg)
{
    seed();
    c.indices.sizes[3] = 2;
    vt_tensor_strides(&c.indices, NULL);
    vt_validate(VT_FL_MAX, GE, &c.desc, NULL, NULL);
}

static void ge_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_indices_size, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER_ELEMENTS: rule GE-2 indices size: "
                        "IndicesTensor.Sizes[3] is 2; allowed: InputTensor.Sizes[3] (3) on every "
                        "dimension but Axis (2)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(ge_1_type_rank),
    cmocka_unit_test(ge_2_indices_size), cmocka_unit_test(ge_3_output_size),
    cmocka_unit_test(ge_4_axis),         cmocka_unit_test(ge_feature_levels),
    cmocka_unit_test(ge_debug_line),
};

VT_GROUP("gather_elements", tests)

/* GATHER (datamove-family 4, FD7): every rule, the documentation's examples and the
 * feature-level boundaries of the data and index types. */
#include "vt.h"

#include <string.h>

#define GATHER DML_OPERATOR_GATHER

struct gather_case
{
    struct vt_tensor in, indices, out;
    DML_GATHER_OPERATOR_DESC desc;
};

static struct gather_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, const UINT *out, UINT axis, UINT index_dims)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.out, type, rank, out);
    c.desc = (DML_GATHER_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc, axis, index_dims};
}

/* Rows {5, 3} gathered by {2, 4} indices along axis 0: output {2, 4, 3} in 4 dims. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 5, 3},
          (UINT[]){1, 1, 2, 4}, (UINT[]){1, 2, 4, 3}, 2, 2);
}

/* The documentation's examples 1, 2, 4 and 5, and example 3 with IndexDimensions 1 (as printed,
 * with IndexDimensions 2, it breaks the page's own rule: original rank 2 + 2 - 1 > 2). */
static void examples(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 1, (UINT[]){4}, (UINT[]){5},
          (UINT[]){5}, 0, 1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 2},
          (UINT[]){1, 4}, (UINT[]){4, 2}, 0, 1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 2},
          (UINT[]){1, 2}, (UINT[]){3, 2}, 1, 1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    c.desc.IndexDimensions = 2;
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc, DML_RULE_GA_4_DIMENSION_FIT);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 3, 3},
          (UINT[]){1, 1, 2}, (UINT[]){3, 1, 2}, 2, 2);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 3, 2},
          (UINT[]){1, 2, 2}, (UINT[]){2, 2, 2}, 1, 2);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
}

/* Strided, broadcast and gapped tensors; IndexDimensions 0 (one index) and = DimensionCount. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, GATHER, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0});
    vt_tensor_strides(&c.indices, (UINT[]){9, 9, 1, 2});
    vt_tensor_strides(&c.out, (UINT[]){100, 50, 12, 3});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT64, 3, (UINT[]){4, 5, 6},
          (UINT[]){1, 1, 1}, (UINT[]){1, 4, 6}, 1, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT64, 3, (UINT[]){1, 1, 6},
          (UINT[]){2, 3, 4}, (UINT[]){2, 3, 4}, 2, 3);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
}

/* GA-1: one DataType for input and output, one DimensionCount for all three. */
static void ga_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 2, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 3, (UINT[]){2, 4, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void ga_2_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_2_AXIS);
    c.desc.Axis = 0xffffffffu;
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_2_AXIS);
}

static void ga_3_index_dimensions(void **state)
{
    seed();
    c.desc.IndexDimensions = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_3_INDEX_DIMENSIONS);
}

/* What does not fit the output must be 1: an input dim before Axis (here 2 index dims push
 * input dim 0 out), an indices dim before the last IndexDimensions. */
static void ga_4_dimension_fit(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 5, 3},
          (UINT[]){1, 2, 4}, (UINT[]){2, 4, 3}, 1, 2);
    VT_EXPECT_OK(VT_FL_MAX, GATHER, &c.desc);
    c.in.sizes[0] = 2;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_4_DIMENSION_FIT);
    seed();
    c.indices.sizes[1] = 3;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_4_DIMENSION_FIT);
}

static void ga_4_output_size(void **state)
{
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_4_OUTPUT_SIZE);
    }
}

/* Data: 4 dims of FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 1-8 dims at 3.0, 11 types at 4.1.
 * Indices: UINT32 until 3.0 adds INT32, INT64, UINT64. */
static void ga_feature_levels(void **state)
{
    seed();
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT8);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT8);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GATHER, &c.desc);
    static const DML_TENSOR_DATA_TYPE later[] = {
        DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(later); ++i)
    {
        seed();
        vt_tensor_type(&c.indices, later[i]);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    }
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_UINT16);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 2},
          (UINT[]){1, 4}, (UINT[]){4, 2}, 0, 1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
}

static void validate_fit(void *arg)
{
    seed();
    c.indices.sizes[1] = 3;
    vt_tensor_strides(&c.indices, NULL);
    vt_validate(VT_FL_MAX, GATHER, &c.desc, NULL, NULL);
}

static void validate_index_type(void *arg)
{
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT64);
    vt_validate(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc, NULL, NULL);
}

/* The debug line names the rule, the tensor and dimension, the value and what is allowed. */
static void ga_debug_lines(void **state)
{
    assert_string_equal(vt_capture(validate_fit, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER: rule GA-4 dimensions that do not "
                        "fit: IndicesTensor.Sizes[1] is 3; allowed: 1 (a dimension the operator "
                        "does not use, outside its meaningful trailing ones)\n");
    assert_string_equal(vt_capture(validate_index_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER: rule T2 data type: "
                        "IndicesTensor.DataType is DML_TENSOR_DATA_TYPE_INT64 (11); allowed at "
                        "DML_FEATURE_LEVEL_2_1: UINT32; needs DML_FEATURE_LEVEL_3_0\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),
    cmocka_unit_test(accepted),
    cmocka_unit_test(ga_1_type_rank),
    cmocka_unit_test(ga_2_axis),
    cmocka_unit_test(ga_3_index_dimensions),
    cmocka_unit_test(ga_4_dimension_fit),
    cmocka_unit_test(ga_4_output_size),
    cmocka_unit_test(ga_feature_levels),
    cmocka_unit_test(ga_debug_lines),
};

VT_GROUP("gather", tests)

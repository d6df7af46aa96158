/* DIAGONAL_MATRIX1 (datamove-family 9): every rule (the optional input's included), the
 * feature-level boundaries and the debug lines. */
#include "vt.h"

#include <string.h>

#define DIAGONAL1 DML_OPERATOR_DIAGONAL_MATRIX1

static struct
{
    struct vt_tensor in, out;
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC desc;
} c;

/* onnxruntime's Trilu (upper, k = 1): input and output of these sizes. */
static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, sizes);
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc = (DML_DIAGONAL_MATRIX1_OPERATOR_DESC){&c.in.desc,    &c.out.desc, type,
                                                  {.UInt64 = 0}, INT32_MIN,   1};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT16, 3, (UINT[]){2, 4, 5});
}

/* Without input (EyeLike's form), inverted bands, strided input and output, any bounds. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    c.desc.InputTensor = NULL;
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    seed();
    c.desc.DiagonalFillBegin = INT32_MAX;
    c.desc.DiagonalFillEnd = INT32_MIN;
    vt_tensor_strides(&c.in, (UINT[]){0, 1, 4}); /* broadcast and transposed */
    vt_tensor_strides(&c.out, (UINT[]){1, 10, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    c.in.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){1, 0, 2});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

static void dm1_1_value_type(void **state)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_DM1_1_VALUE_TYPE);
    c.desc.InputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_DM1_1_VALUE_TYPE);
}

/* DM1-2: the input's DataType and DimensionCount (T10), then its sizes. */
static void dm1_2_input(void **state)
{
    seed();
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_UINT16);
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT16, 2, (UINT[]){4, 5});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT16, 3, (UINT[]){2, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_DM1_2_SIZE_MISMATCH);
    seed();
    c.in.buffer.DimensionCount = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_T4_DIMENSION_COUNT);
}

/* 5.1 only: 2-4 dims of 11 types, input and output alike. */
static void dm1_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_5_0, DIAGONAL1, &c.desc, DML_RULE_FL_OPERATOR);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_INT64, rank, twos);
        if (rank < 2 || rank > 4)
        {
            VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
            c.desc.InputTensor = NULL;
            VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        }
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    }
    for (int t = DML_TENSOR_DATA_TYPE_FLOAT32; t <= DML_TENSOR_DATA_TYPE_INT64; ++t)
    {
        build((DML_TENSOR_DATA_TYPE)t, 2, twos);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    }
}

static void validate_sizes(void *arg)
{
    seed();
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT16, 3, (UINT[]){2, 5, 5});
    vt_validate(VT_FL_MAX, DIAGONAL1, &c.desc, NULL, NULL);
}

static void validate_value_type(void *arg)
{
    seed();
    c.desc.InputTensor = NULL;
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_INT8;
    vt_validate(VT_FL_MAX, DIAGONAL1, &c.desc, NULL, NULL);
}

static void dm1_debug_lines(void **state)
{
    assert_string_equal(
        vt_capture(validate_sizes, NULL, true),
        "[DIRECTML ERROR]: DML_OPERATOR_DIAGONAL_MATRIX1: rule DM1-2 size "
        "mismatch: InputTensor.Sizes[1] is 5; allowed: OutputTensor.Sizes[1] (4)\n");
    assert_string_equal(vt_capture(validate_value_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_DIAGONAL_MATRIX1: rule DM1-1 value type: "
                        "ValueDataType is DML_TENSOR_DATA_TYPE_INT8 (8); allowed: "
                        "OutputTensor.DataType (DML_TENSOR_DATA_TYPE_FLOAT16)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),        cmocka_unit_test(dm1_1_value_type),
    cmocka_unit_test(dm1_2_input),     cmocka_unit_test(dm1_feature_levels),
    cmocka_unit_test(dm1_debug_lines),
};

VT_GROUP("diagonal_matrix1", tests)

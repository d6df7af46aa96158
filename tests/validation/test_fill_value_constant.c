/* FILL_VALUE_CONSTANT (datamove-family 6): every rule, the feature-level boundaries and the debug
 * line. */
#include "vt.h"

#include <string.h>

#define FILL DML_OPERATOR_FILL_VALUE_CONSTANT

static struct
{
    struct vt_tensor out;
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC desc;
} c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc = (DML_FILL_VALUE_CONSTANT_OPERATOR_DESC){&c.out.desc, type, {.UInt64 = 7}};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4});
}

/* FV-2: any sizes and strides; every type at 4.1. An aliasing or owned output is still refused. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, FILL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){1, 40, 10, 2}); /* permuted and gapped */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, FILL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){24, 0, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    seed();
    c.out.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_T3_OWNED_BY_DML_OUTPUT);
    for (int t = DML_TENSOR_DATA_TYPE_FLOAT32; t <= DML_TENSOR_DATA_TYPE_INT64; ++t)
    {
        build((DML_TENSOR_DATA_TYPE)t, 2, (UINT[]){3, 5});
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, FILL, &c.desc);
    }
    c.desc.OutputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_T1_TENSOR_NULL);
}

static void fv_1_value_type(void **state)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_FV_1_VALUE_TYPE);
    c.desc.ValueDataType = (DML_TENSOR_DATA_TYPE)99;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_FV_1_VALUE_TYPE);
}

/* From 2.1: 4 dims of 8 types; 1-8 dims at 4.0; 11 types at 4.1. */
static void fv_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    build(DML_TENSOR_DATA_TYPE_UINT8, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, FILL, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, FILL, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_INT16, rank, twos);
        if (rank != 4)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, FILL, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, FILL, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, FILL, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, FILL, &c.desc);
    }
}

static void validate_value_type(void *arg)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_INT32;
    vt_validate(VT_FL_MAX, FILL, &c.desc, NULL, NULL);
}

static void validate_rank_at_2_1(void *arg)
{
    build(DML_TENSOR_DATA_TYPE_UINT8, 3, (UINT[]){2, 2, 2});
    vt_validate(DML_FEATURE_LEVEL_2_1, FILL, &c.desc, NULL, NULL);
}

static void fv_debug_lines(void **state)
{
    assert_string_equal(vt_capture(validate_value_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_CONSTANT: rule FV-1 value type: "
                        "ValueDataType is DML_TENSOR_DATA_TYPE_INT32 (6); allowed: "
                        "OutputTensor.DataType (DML_TENSOR_DATA_TYPE_FLOAT32)\n");
    assert_string_equal(
        vt_capture(validate_rank_at_2_1, NULL, true),
        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_CONSTANT: rule T4 dimension "
        "count: OutputTensor.DimensionCount is 3; allowed at DML_FEATURE_LEVEL_2_1: "
        "4; needs DML_FEATURE_LEVEL_4_0\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),
    cmocka_unit_test(fv_1_value_type),
    cmocka_unit_test(fv_feature_levels),
    cmocka_unit_test(fv_debug_lines),
};

VT_GROUP("fill_value_constant", tests)

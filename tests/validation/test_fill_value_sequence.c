/* FILL_VALUE_SEQUENCE (datamove-family 6, FD4): every rule, the feature-level boundaries and the
 * debug line. */
#include "vt.h"

#include <string.h>

#define SEQUENCE DML_OPERATOR_FILL_VALUE_SEQUENCE

static struct
{
    struct vt_tensor out;
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC desc;
} c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc =
        (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){&c.out.desc, type, {.UInt8 = 10}, {.Int8 = -2}};
}

static void seed(void) /* the page's example 2 */
{
    build(DML_TENSOR_DATA_TYPE_UINT8, 4, (UINT[]){1, 1, 2, 2});
}

/* Any sizes and strides; 10 types at 5.0. An aliasing output is still refused. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SEQUENCE, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){4, 4, 1, 2}); /* column-major rows */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SEQUENCE, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){4, 4, 0, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    for (int t = DML_TENSOR_DATA_TYPE_FLOAT32; t <= DML_TENSOR_DATA_TYPE_INT64; ++t)
    {
        build((DML_TENSOR_DATA_TYPE)t, 3, (UINT[]){3, 5, 2});
        if (t == DML_TENSOR_DATA_TYPE_FLOAT64)
            VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_FL_DATA_TYPE);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, SEQUENCE, &c.desc);
    }
}

static void fv_1_value_type(void **state)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_INT8;
    VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_FV_1_VALUE_TYPE);
}

/* From 2.1: 4 dims of 8 types; 1-8 dims at 4.0; INT64 and UINT64 at 5.0; FLOAT64 at no level. */
static void fv_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    build(DML_TENSOR_DATA_TYPE_FLOAT16, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SEQUENCE, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SEQUENCE, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_INT8, rank, twos);
        if (rank != 4)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, SEQUENCE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, SEQUENCE, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {DML_TENSOR_DATA_TYPE_INT64,
                                                DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, SEQUENCE, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, SEQUENCE, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_FLOAT64, 4, twos);
    VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_FL_DATA_TYPE);
}

static void validate_float64(void *arg)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT64, 1, (UINT[]){8});
    vt_validate(VT_FL_MAX, SEQUENCE, &c.desc, NULL, NULL);
}

static void validate_value_type(void *arg)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_UINT16;
    vt_validate(VT_FL_MAX, SEQUENCE, &c.desc, NULL, NULL);
}

static void fv_debug_lines(void **state)
{
    assert_string_equal(vt_capture(validate_float64, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_SEQUENCE: rule T2 data type: "
                        "OutputTensor.DataType is DML_TENSOR_DATA_TYPE_FLOAT64 (9); allowed at "
                        "DML_FEATURE_LEVEL_6_4: FLOAT32, FLOAT16, UINT32, UINT16, UINT8, INT32, "
                        "INT16, INT8, UINT64, INT64; needs a level that does not exist yet\n");
    assert_string_equal(vt_capture(validate_value_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_SEQUENCE: rule FV-1 value type: "
                        "ValueDataType is DML_TENSOR_DATA_TYPE_UINT16 (4); allowed: "
                        "OutputTensor.DataType (DML_TENSOR_DATA_TYPE_UINT8)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),
    cmocka_unit_test(fv_1_value_type),
    cmocka_unit_test(fv_feature_levels),
    cmocka_unit_test(fv_debug_lines),
};

VT_GROUP("fill_value_sequence", tests)

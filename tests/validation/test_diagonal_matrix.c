/* DIAGONAL_MATRIX (datamove-family 9): the feature-level boundaries (the operator has no rule of
 * its own beyond its output tensor's) and the debug line. */
#include "vt.h"

#include <math.h>
#include <string.h>

#define DIAGONAL DML_OPERATOR_DIAGONAL_MATRIX

static struct
{
    struct vt_tensor out;
    DML_DIAGONAL_MATRIX_OPERATOR_DESC desc;
} c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc = (DML_DIAGONAL_MATRIX_OPERATOR_DESC){&c.out.desc, -1, 2.5f};
}

/* Any offset (INT32_MIN and INT32_MAX too), value, strides; non-square. */
static void accepted(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){2, 1, 3, 5});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc);
    c.desc.Offset = INT32_MIN;
    VT_EXPECT_OK(VT_FL_MAX, DIAGONAL, &c.desc);
    c.desc.Offset = INT32_MAX;
    c.desc.Value = -INFINITY;
    VT_EXPECT_OK(VT_FL_MAX, DIAGONAL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){1, 2, 2, 6}); /* column-major planes */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){15, 15, 0, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    c.desc.OutputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL, &c.desc, DML_RULE_T1_TENSOR_NULL);
}

/* From 2.0: 4 dims of FLOAT32/FLOAT16; 8 types at 2.1; 2-4 dims at 4.0; 11 types at 5.1. */
static void dm_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    build(DML_TENSOR_DATA_TYPE_FLOAT16, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_1_0, DIAGONAL, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc);
    build(DML_TENSOR_DATA_TYPE_INT32, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, DIAGONAL, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_UINT8, rank, twos);
        if (rank != 4)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, DIAGONAL, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        if (rank < 2 || rank > 4)
            VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, DIAGONAL, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 2, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_5_0, DIAGONAL, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL, &c.desc);
    }
}

static void validate_rank_5(void *arg)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 1, 1, 2, 2});
    vt_validate(VT_FL_MAX, DIAGONAL, &c.desc, NULL, NULL);
}

static void dm_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_rank_5, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_DIAGONAL_MATRIX: rule T4 dimension count: "
                        "OutputTensor.DimensionCount is 5; allowed at DML_FEATURE_LEVEL_6_4: 2..4; "
                        "needs a level that does not exist yet\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),
    cmocka_unit_test(dm_feature_levels),
    cmocka_unit_test(dm_debug_line),
};

VT_GROUP("diagonal_matrix", tests)

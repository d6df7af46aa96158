/* ELEMENT_WISE_IDENTITY (datamove-family 1, FD1): every rule and the feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY

struct identity_case
{
    struct vt_tensor in, out;
    DML_SCALE_BIAS scale_bias;
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc;
};

static struct identity_case c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, sizes);
    vt_tensor_init(&c.out, type, rank, sizes);
    c.scale_bias = (DML_SCALE_BIAS){2.0f, 1.0f};
    c.desc = (DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC){&c.in.desc, &c.out.desc, NULL};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4});
}

/* ID-3: NCHW -> NHWC through output strides, broadcast through input strides. */
static void strides_on_both_sides(void **state)
{
    seed();
    vt_tensor_strides(&c.out, (UINT[]){24, 1, 8, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){0, 12, 4, 1});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc); /* size-1 dim: stride 0 is fine */
    vt_tensor_strides(&c.out, (UINT[]){12, 0, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

static void id_1_same_type_rank_sizes(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 1, 2, 3, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 4, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_ID_1_SIZE_MISMATCH);
}

/* FD1: ScaleBias on integers is E_INVALIDARG; on the three float types it is kept for lowering. */
static void id_2_scale_bias(void **state)
{
    static const DML_TENSOR_DATA_TYPE ints[] = {
        DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT16,
        DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32,
        DML_TENSOR_DATA_TYPE_INT64,  DML_TENSOR_DATA_TYPE_UINT64};

    for (size_t i = 0; i < VT_COUNT(ints); ++i)
    {
        build(ints[i], 4, (UINT[]){1, 2, 3, 4});
        VT_EXPECT_OK(VT_FL_MAX, IDENTITY, &c.desc);
        c.desc.ScaleBias = &c.scale_bias;
        VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_ID_2_SCALE_BIAS_TYPE);
    }
    static const DML_TENSOR_DATA_TYPE floats[] = {
        DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64};
    for (size_t i = 0; i < VT_COUNT(floats); ++i)
    {
        struct dml_op_def def;
        build(floats[i], 4, (UINT[]){1, 2, 3, 4});
        c.desc.ScaleBias = &c.scale_bias;
        assert_int_equal(vt_validate(VT_FL_MAX, IDENTITY, &c.desc, &def, NULL), S_OK);
        assert_true(def.u.scale_bias.present);
        assert_true(def.u.scale_bias.scale == 2.0f && def.u.scale_bias.bias == 1.0f);
        dml_op_def_cleanup(&def);
    }
}

/* ID-5: 4-5 dims of FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 1-8 dims at 3.0, 11 types at 4.1. */
static void id_5_feature_levels(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        const UINT sizes[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
        build(DML_TENSOR_DATA_TYPE_FLOAT16, rank, sizes);
        if (rank == 4 || rank == 5)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, IDENTITY, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, IDENTITY, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_INT32, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, IDENTITY, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, IDENTITY, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT64, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, IDENTITY, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, IDENTITY, &c.desc);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(strides_on_both_sides),
    cmocka_unit_test(id_1_same_type_rank_sizes),
    cmocka_unit_test(id_2_scale_bias),
    cmocka_unit_test(id_5_feature_levels),
};

VT_GROUP("identity", tests)

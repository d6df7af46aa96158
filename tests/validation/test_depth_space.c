/* DEPTH_TO_SPACE(1) and SPACE_TO_DEPTH(1) (datamove-family 10): every rule and the feature-level
 * boundaries, for the four operators. */
#include "vt.h"

#include <string.h>

struct ds_case
{
    struct vt_tensor in, out;
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC desc; /* the four descs share this layout */
};

static struct ds_case c;

static const DML_OPERATOR_TYPE to_space[] = {DML_OPERATOR_DEPTH_TO_SPACE,
                                             DML_OPERATOR_DEPTH_TO_SPACE1};
static const DML_OPERATOR_TYPE to_depth[] = {DML_OPERATOR_SPACE_TO_DEPTH,
                                             DML_OPERATOR_SPACE_TO_DEPTH1};

static void build(DML_TENSOR_DATA_TYPE type, const UINT *in, const UINT *out, UINT block)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, 4, in);
    vt_tensor_init(&c.out, type, 4, out);
    c.desc = (DML_DEPTH_TO_SPACE1_OPERATOR_DESC){&c.in.desc, &c.out.desc, block,
                                                 DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};
}

/* The pages' example: {1, 8, 2, 3} <-> {1, 2, 4, 6} with BlockSize 2. */
static void seed(bool space)
{
    const UINT deep[4] = {1, 8, 2, 3}, wide[4] = {1, 2, 4, 6};
    build(DML_TENSOR_DATA_TYPE_FLOAT32, space ? deep : wide, space ? wide : deep, 2);
}

static void accepted(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc);
        vt_tensor_strides(&c.in, (UINT[]){0, 1, 24, 8}); /* broadcast N, channels innermost */
        vt_tensor_strides(&c.out, (UINT[]){100, 30, 6, 1});
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc);
        seed(false);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_depth[v], &c.desc);
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){2, 3, 4, 5}, (UINT[]){2, 3, 4, 5}, 1);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc); /* B = 1: a copy */
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_depth[v], &c.desc);
    }
}

/* DS-1: one DataType; DimensionCount 4 (the tables) on both (T10). */
static void ds_1_type_rank(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
        seed(false);
        vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 1, 8, 2, 3});
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
        seed(true);
        vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT32, 3, (UINT[]){8, 2, 3});
        vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 3, (UINT[]){2, 4, 6});
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    }
}

static void ds_2_block_size(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        c.desc.BlockSize = 0;
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_BLOCK_SIZE);
        seed(false);
        c.desc.BlockSize = 0;
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_BLOCK_SIZE);
    }
}

/* C mod B^2 (to space), H and W mod B (to depth); B^2 in 64 bits: 65536^2 never wraps to 0. */
static void ds_2_divisible(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){1, 6, 2, 3}, (UINT[]){1, 1, 4, 6}, 2);
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
        seed(true);
        c.desc.BlockSize = 65536;
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){1, 2, 4, 5}, (UINT[]){1, 8, 2, 2}, 2);
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){1, 2, 3, 6}, (UINT[]){1, 8, 1, 3}, 2);
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
    }
}

/* Each output dimension in turn; the SPACE_TO_DEPTH pages' field text (the depth-to-space formula)
 * is the doc's copy error: their example's shape is the one accepted. The products are taken in
 * 64 bits, though T8 (2^32-1 elements) leaves no valid input whose H*B or C*B^2 would wrap. */
static void ds_2_output_size(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        for (UINT d = 0; d < 4; ++d)
        {
            seed(true);
            c.out.sizes[d] += 1;
            vt_tensor_strides(&c.out, NULL);
            VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_OUTPUT_SIZE);
            seed(false);
            c.out.sizes[d] += 1;
            vt_tensor_strides(&c.out, NULL);
            VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_OUTPUT_SIZE);
        }
    }
}

/* DS-3: v1 only; v0 has no Order field (the same bytes are past its desc). */
static void ds_3_order(void **state)
{
    seed(true);
    c.desc.Order = (DML_DEPTH_SPACE_ORDER)2;
    VT_EXPECT_REJECT(VT_FL_MAX, DML_OPERATOR_DEPTH_TO_SPACE1, &c.desc, DML_RULE_DS_3_ORDER);
    VT_EXPECT_OK(VT_FL_MAX, DML_OPERATOR_DEPTH_TO_SPACE, &c.desc);
    c.desc.Order = DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW;
    VT_EXPECT_OK(VT_FL_MAX, DML_OPERATOR_DEPTH_TO_SPACE1, &c.desc);
    seed(false);
    c.desc.Order = (DML_DEPTH_SPACE_ORDER)0x80000000u;
    VT_EXPECT_REJECT(VT_FL_MAX, DML_OPERATOR_SPACE_TO_DEPTH1, &c.desc, DML_RULE_DS_3_ORDER);
}

/* v0: FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 11 at 5.0; v1: from 2.1 (8 types), 11 at 5.0. */
static void ds_feature_levels(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        if (v)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, to_space[v], &c.desc, DML_RULE_FL_OPERATOR);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, to_space[v], &c.desc);
        vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT8);
        vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT8);
        if (!v)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, to_space[v], &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc);
        seed(false);
        vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
        vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, to_depth[v], &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, to_depth[v], &c.desc);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(ds_1_type_rank),
    cmocka_unit_test(ds_2_block_size),   cmocka_unit_test(ds_2_divisible),
    cmocka_unit_test(ds_2_output_size),  cmocka_unit_test(ds_3_order),
    cmocka_unit_test(ds_feature_levels),
};

VT_GROUP("depth_space", tests)

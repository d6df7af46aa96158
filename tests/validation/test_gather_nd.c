/* GATHER_ND and GATHER_ND1 (datamove-family 5, FD5, FD7): every rule, the documentation's
 * examples and the feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define ND DML_OPERATOR_GATHER_ND
#define ND1 DML_OPERATOR_GATHER_ND1

struct nd_case
{
    struct vt_tensor in, indices, out;
    DML_GATHER_ND_OPERATOR_DESC desc;
    DML_GATHER_ND1_OPERATOR_DESC desc1;
};

static struct nd_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, const UINT *out, UINT input_dims,
                  UINT indices_dims, UINT batch_dims)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.out, type, rank, out);
    c.desc = (DML_GATHER_ND_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc, input_dims,
                                           indices_dims};
    c.desc1 = (DML_GATHER_ND1_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc,
                                             input_dims, indices_dims,    batch_dims};
}

/* The GATHER_ND page's example: a {1, 2} array of 3-tuples into {3, 4, 5, 6, 7}. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){3, 4, 5, 6, 7},
          (UINT[]){1, 1, 1, 2, 3}, (UINT[]){1, 1, 2, 6, 7}, 5, 3, 0);
}

/* ND1's example 2: 3 batches, each a 3x2 array of 2-tuples into 2x2 matrices. */
static void seed_batches(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 3, 2, 2},
          (UINT[]){1, 3, 2, 2}, (UINT[]){1, 1, 3, 2}, 3, 3, 1);
}

static void examples(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    seed_batches();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){2, 2},
          (UINT[]){2, 1}, (UINT[]){2, 2}, 2, 2, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 1});
    vt_tensor_strides(&c.indices, (UINT[]){0, 3});
    vt_tensor_strides(&c.out, (UINT[]){1, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
}

/* GN-1: one DataType for input and output, one DimensionCount for all three. */
static void gn_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT32);
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

/* GN-2, FD5: both counts in [1, DimensionCount]; the dims before them must be 1. */
static void gn_2_counts(void **state)
{
    static const UINT bad[] = {0, 6};
    for (size_t i = 0; i < VT_COUNT(bad); ++i)
    {
        seed();
        c.desc.InputDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_2_DIMENSION_COUNTS);
        seed();
        c.desc1.IndicesDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_2_DIMENSION_COUNTS);
    }
    seed(); /* the example with IndicesDimensionCount 5: its leading ones then count as tuple
             * positions, which with the input's two trailing dims need 6 output dims */
    c.desc.IndicesDimensionCount = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_5_OUTPUT_RANK);
}

static void gn_2_leading_ones(void **state)
{
    seed();
    c.desc.InputDimensionCount = 4; /* input dim 0 (3) is then a leading dim */
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_2_LEADING_ONES);
    seed();
    c.indices.sizes[1] = 2;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_2_LEADING_ONES);
}

/* GN-3: the batches come before the input's and the indices' meaningful dims, sized alike. */
static void gn_3_batches(void **state)
{
    seed_batches();
    c.desc1.BatchDimensionCount = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_3_BATCH_DIMENSIONS);
    seed_batches();
    c.desc1.IndicesDimensionCount = 1;
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_3_BATCH_DIMENSIONS);
    seed_batches();
    c.in.sizes[1] = 4;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_3_BATCH_SIZE);
}

/* GN-4: the tuple indexes at most the meaningful input dims after the batches. */
static void gn_4_tuple_size(void **state)
{
    seed_batches();
    c.indices.sizes[3] = 3;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_4_TUPLE_SIZE);
}

/* GN-5: the output's meaningful dims fit, and are the documented ones. */
static void gn_5_output(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){2, 3, 4},
          (UINT[]){5, 6, 1}, (UINT[]){5, 6, 3}, 3, 3, 0);
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_5_OUTPUT_RANK);
    for (UINT d = 0; d < 5; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_5_OUTPUT_SIZE);
    }
}

/* ND: 4 dims of 8 types and UINT32 indices from 2.1, 1-8 dims and IDX at 3.0, 11 types at 4.1;
 * ND1 from 3.0. */
static void gn_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 4, 5},
          (UINT[]){1, 1, 3, 1}, (UINT[]){1, 1, 3, 5}, 2, 2, 0);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, ND, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, ND, &c.desc);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ND1, &c.desc1, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ND, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, ND1, &c.desc1, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, ND1, &c.desc1);
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ND, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
}

static void validate_tuple(void *arg)
{
    seed_batches();
    c.indices.sizes[3] = 3;
    vt_tensor_strides(&c.indices, NULL);
    vt_validate(VT_FL_MAX, ND1, &c.desc1, NULL, NULL);
}

static void gn_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_tuple, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER_ND1: rule GN-4 index tuple size: "
                        "IndicesTensor.Sizes[3] (the index tuple's size) is 3; allowed: 1..2 "
                        "(InputDimensionCount - BatchDimensionCount)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),      cmocka_unit_test(gn_1_type_rank),
    cmocka_unit_test(gn_2_counts),   cmocka_unit_test(gn_2_leading_ones),
    cmocka_unit_test(gn_3_batches),  cmocka_unit_test(gn_4_tuple_size),
    cmocka_unit_test(gn_5_output),   cmocka_unit_test(gn_feature_levels),
    cmocka_unit_test(gn_debug_line),
};

VT_GROUP("gather_nd", tests)

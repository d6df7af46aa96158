/* SCATTER_ND (datamove-family 7, FD5, FD7): every rule, the documentation's examples and the
 * feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define SND DML_OPERATOR_SCATTER_ND

struct snd_case
{
    struct vt_tensor in, indices, updates, out;
    DML_SCATTER_ND_OPERATOR_DESC desc;
};

static struct snd_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, const UINT *updates, UINT input_dims,
                  UINT indices_dims)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.updates, type, rank, updates);
    vt_tensor_init(&c.out, type, rank, in);
    c.desc = (DML_SCATTER_ND_OPERATOR_DESC){&c.in.desc,  &c.indices.desc, &c.updates.desc,
                                            &c.out.desc, input_dims,      indices_dims};
}

/* The page's shape example: a {1, 2} array of 3-tuples into {3, 4, 5, 6, 7}. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){3, 4, 5, 6, 7},
          (UINT[]){1, 1, 1, 2, 3}, (UINT[]){1, 1, 2, 6, 7}, 5, 3);
}

static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
    /* The page's data example: {8} by {4, 1} with {4} updates (two dims here). */
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){1, 8},
          (UINT[]){4, 1}, (UINT[]){1, 4}, 1, 2);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0});
    vt_tensor_strides(&c.indices, (UINT[]){0, 1});
    vt_tensor_strides(&c.updates, (UINT[]){0, 3});
    vt_tensor_strides(&c.out, (UINT[]){1, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
}

/* SC-1: Input, Updates and Output of one DataType; all four of one DimensionCount. */
static void sc_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_UINT32);
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 6, 7});
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void sc_3_output_size(void **state)
{
    seed();
    c.out.sizes[1] = 5;
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_OUTPUT_SIZE);
}

/* FD5: the closed ranges [1, DimensionCount] (the page's half-open ones reject its own example). */
static void sc_3_counts(void **state)
{
    static const UINT bad[] = {0, 6};
    for (size_t i = 0; i < VT_COUNT(bad); ++i)
    {
        seed();
        c.desc.InputDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_DIMENSION_COUNTS);
        seed();
        c.desc.IndicesDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_DIMENSION_COUNTS);
    }
}

static void sc_3_leading_ones(void **state)
{
    seed();
    c.desc.InputDimensionCount = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_LEADING_ONES);
}

static void sc_3_tuple(void **state)
{
    seed();
    c.desc.InputDimensionCount = 2; /* 3-tuples into 2 meaningful dims */
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_TUPLE_SIZE);
}

static void sc_3_updates(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){2, 3, 4},
          (UINT[]){5, 6, 1}, (UINT[]){5, 6, 3}, 3, 3);
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_UPDATES_RANK);
    for (UINT d = 0; d < 5; ++d)
    {
        seed();
        c.updates.sizes[d] += 1;
        vt_tensor_strides(&c.updates, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_UPDATES_SIZE);
    }
}

/* 4 dims of 8 types and UINT32 indices from 2.1, 1-8 dims and IDX at 3.0, 11 types at 4.1. */
static void sc_nd_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 4, 5},
          (UINT[]){1, 1, 3, 1}, (UINT[]){1, 1, 3, 5}, 2, 2);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SND, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SND, &c.desc);
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SND, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT64);
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_INT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, SND, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, SND, &c.desc);
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SND, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
}

static void validate_counts(void *arg)
{
    seed();
    c.desc.IndicesDimensionCount = 6;
    vt_validate(VT_FL_MAX, SND, &c.desc, NULL, NULL);
}

static void sc_nd_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_counts, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SCATTER_ND: rule SC-3/FD5 dimension "
                        "counts: IndicesDimensionCount is 6; allowed: 1..5 (the DimensionCount, "
                        "FD5)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(sc_1_type_rank),
    cmocka_unit_test(sc_3_output_size),  cmocka_unit_test(sc_3_counts),
    cmocka_unit_test(sc_3_leading_ones), cmocka_unit_test(sc_3_tuple),
    cmocka_unit_test(sc_3_updates),      cmocka_unit_test(sc_nd_feature_levels),
    cmocka_unit_test(sc_nd_debug_line),
};

VT_GROUP("scatter_nd", tests)

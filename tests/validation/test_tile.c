/* TILE (datamove-family 8, FD6): every rule and the feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define TILE DML_OPERATOR_TILE

struct tile_case
{
    struct vt_tensor in, out;
    UINT repeats[DML_MAX_RANK];
    DML_TILE_OPERATOR_DESC desc;
};

static struct tile_case c;

/* Input of the given sizes, output of sizes * repeats. */
static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, const UINT *repeats)
{
    UINT out_sizes[DML_MAX_RANK];
    memset(&c, 0, sizeof(c));
    for (UINT d = 0; d < rank; ++d)
    {
        c.repeats[d] = repeats[d];
        out_sizes[d] = sizes[d] * repeats[d];
    }
    vt_tensor_init(&c.in, type, rank, sizes);
    vt_tensor_init(&c.out, type, rank, out_sizes);
    c.desc = (DML_TILE_OPERATOR_DESC){&c.in.desc, &c.out.desc, rank, c.repeats};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4}, (UINT[]){2, 1, 3, 2});
}

/* Strided and broadcast input, permuted output: all accepted. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, TILE, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 3});
    vt_tensor_strides(&c.out, (UINT[]){1, 2, 4, 36});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, TILE, &c.desc);
}

/* TI-1: one DataType and DimensionCount (T10). */
static void ti_1_same_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 2, 2, 9, 8});
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void ti_2_repeats_count(void **state)
{
    seed();
    c.desc.RepeatsCount = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_2_REPEATS_COUNT);
    c.desc.RepeatsCount = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_2_REPEATS_COUNT);
    seed();
    c.desc.Repeats = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_DESC_ARRAY_NULL);
}

static void ti_3_repeats_zero(void **state)
{
    seed();
    c.repeats[2] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_3_REPEATS_ZERO);
}

/* TI-4 in 64 bits: Sizes * Repeats past 2^32 never wraps onto the output's size. */
static void ti_4_output_size(void **state)
{
    seed();
    c.repeats[3] = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_4_OUTPUT_SIZE);
    seed();
    c.repeats[1] = 0x80000001u; /* 2 * 0x80000001 wraps to 2 in 32 bits */
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_4_OUTPUT_SIZE);
}

/* 4 dims of FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 1-8 dims at 3.1, 11 types (FD6) at 4.1. */
static void ti_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_FLOAT16, rank, twos, twos);
        if (rank == 4)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, TILE, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, TILE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, TILE, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_UINT8, 4, twos, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, TILE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, TILE, &c.desc);
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, twos, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, TILE, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, TILE, &c.desc);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),           cmocka_unit_test(ti_1_same_type_rank),
    cmocka_unit_test(ti_2_repeats_count), cmocka_unit_test(ti_3_repeats_zero),
    cmocka_unit_test(ti_4_output_size),   cmocka_unit_test(ti_feature_levels),
};

VT_GROUP("tile", tests)

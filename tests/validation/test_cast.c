/* CAST (datamove-family 3, FD3): every rule and the feature-level boundaries of both tensors. */
#include "vt.h"

#include <string.h>

#define CAST DML_OPERATOR_CAST

struct cast_case
{
    struct vt_tensor in, out;
    DML_CAST_OPERATOR_DESC desc;
};

static struct cast_case c;

static void build(DML_TENSOR_DATA_TYPE from, DML_TENSOR_DATA_TYPE to, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, from, rank, sizes);
    vt_tensor_init(&c.out, to, rank, sizes);
    c.desc = (DML_CAST_OPERATOR_DESC){&c.in.desc, &c.out.desc};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 2, 3, 4});
}

/* Any pair of types at 4.1; strides on either side; an aliasing output is still rejected. */
static void every_pair_and_strides(void **state)
{
    for (int from = DML_TENSOR_DATA_TYPE_FLOAT32; from <= DML_TENSOR_DATA_TYPE_INT64; ++from)
    {
        for (int to = DML_TENSOR_DATA_TYPE_FLOAT32; to <= DML_TENSOR_DATA_TYPE_INT64; ++to)
        {
            build(from, to, 4, (UINT[]){1, 2, 3, 4});
            VT_EXPECT_OK(VT_FL_MAX, CAST, &c.desc);
        }
    }
    seed();
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0});
    vt_tensor_strides(&c.out, (UINT[]){24, 1, 8, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, CAST, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){12, 0, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, CAST, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

static void ca_1_rank_and_sizes(void **state)
{
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_INT8, 5, (UINT[]){1, 1, 2, 3, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, CAST, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 2, 4, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, CAST, &c.desc, DML_RULE_CA_1_SIZE_MISMATCH);
}

/* CA-2 and FD3: 8 types (INT32/UINT32 included) and 4 dims at 1.0, INT64/UINT64 at 3.0, 1-8 dims
 * at 3.1, FLOAT64 at 4.1; the output's type is checked as the input's. */
static void ca_2_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, CAST, &c.desc);
    static const DML_TENSOR_DATA_TYPE wide[] = {DML_TENSOR_DATA_TYPE_INT64,
                                                DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 2, 3, 4});
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, CAST, &c.desc);
        build(DML_TENSOR_DATA_TYPE_INT8, wide[i], 4, (UINT[]){1, 2, 3, 4});
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, CAST, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, CAST, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, CAST, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        const UINT sizes[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
        build(DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_UINT8, rank, sizes);
        if (rank == 4)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, CAST, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, CAST, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, CAST, &c.desc);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_pair_and_strides),
    cmocka_unit_test(ca_1_rank_and_sizes),
    cmocka_unit_test(ca_2_feature_levels),
};

VT_GROUP("cast", tests)

/* SLICE_GRAD (datamove-family 13): every rule, the feature-level boundaries and the debug line. */
#include "vt.h"

#include <string.h>

#define GRAD DML_OPERATOR_SLICE_GRAD

static struct
{
    struct vt_tensor in, out; /* the input gradient (small), the output gradient */
    UINT offsets[DML_MAX_RANK], sizes[DML_MAX_RANK];
    INT strides[DML_MAX_RANK];
    DML_SLICE_GRAD_OPERATOR_DESC desc;
} c;

/* The backward of a SLICE1 of output_sizes with window offset 1, size 5 and the given stride on
 * the last dimension (the whole of every other). */
static void build(DML_TENSOR_DATA_TYPE type, UINT rank, INT stride)
{
    UINT out_sizes[DML_MAX_RANK], in_sizes[DML_MAX_RANK];
    memset(&c, 0, sizeof(c));
    for (UINT d = 0; d < rank; ++d)
    {
        out_sizes[d] = d + 1 < rank ? 2 : 7;
        c.offsets[d] = d + 1 < rank ? 0 : 1;
        c.sizes[d] = d + 1 < rank ? 2 : 5;
        c.strides[d] = d + 1 < rank ? 1 : stride;
        in_sizes[d] = 1 + (c.sizes[d] - 1) / (UINT)(stride < 0 ? -stride : stride);
        if (d + 1 < rank)
            in_sizes[d] = 2;
    }
    vt_tensor_init(&c.in, type, rank, in_sizes);
    vt_tensor_init(&c.out, type, rank, out_sizes);
    c.desc = (DML_SLICE_GRAD_OPERATOR_DESC){&c.in.desc, &c.out.desc, rank,
                                            c.offsets,  c.sizes,     c.strides};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, 2);
}

/* Negative strides, a smaller input gradient than the window holds, strided tensors. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, -3);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    c.in.sizes[3] = 1;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    seed();
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0}); /* broadcast input gradient */
    vt_tensor_strides(&c.out, (UINT[]){28, 1, 2, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){28, 1, 0, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

/* SG-1: one DataType and DimensionCount (T10) equal to the desc's DimensionCount. */
static void sg_1_tensors(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 2, 2, 2, 7});
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    c.desc.DimensionCount = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_DESC_DIMENSION_COUNT);
    seed();
    c.desc.InputWindowStrides = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_DESC_ARRAY_NULL);
    seed();
    c.desc.InputGradientTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_T1_TENSOR_NULL);
}

/* SG-2: unlike SLICE1, never a zero stride. */
static void sg_2_stride_zero(void **state)
{
    seed();
    c.strides[1] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_2_WINDOW_STRIDE_ZERO);
}

/* SG-3: the window inside the output gradient, non-empty, holding the input gradient. */
static void sg_3_window(void **state)
{
    seed();
    c.sizes[2] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_WINDOW_SIZE_ZERO);
    seed();
    c.offsets[3] = 3; /* 3 + 5 > 7 */
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_WINDOW_OUT_OF_BOUNDS);
    seed();
    c.offsets[3] = 0xFFFFFFFFu; /* past 2^32: never wraps */
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_WINDOW_OUT_OF_BOUNDS);
    seed();
    c.strides[3] = 3; /* 1 + 4 / 3 = 2 < 3 */
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_INPUT_SIZE);
    c.strides[3] = -3;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_INPUT_SIZE);
}

/* The plan's step is an int32: |INT32_MIN| with two elements needs 2^31 + 1 positions. */
static void sg_3_stride_range(void **state)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){2});
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){0x80000001u});
    c.sizes[0] = 0x80000001u;
    c.strides[0] = INT32_MIN;
    c.desc =
        (DML_SLICE_GRAD_OPERATOR_DESC){&c.in.desc, &c.out.desc, 1, c.offsets, c.sizes, c.strides};
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_STRIDE_RANGE);
    c.in.sizes[0] = 1;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_OK(VT_FL_MAX, GRAD, &c.desc);
}

/* From 3.0: 4-5 dims of 8 types; 1-8 dims at 3.1; 11 types at 4.1. */
static void sg_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_INT8, 4, 1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GRAD, &c.desc, DML_RULE_FL_OPERATOR);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_UINT16, rank, -1);
        if (rank < 4 || rank > 5)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, GRAD, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, 2);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, GRAD, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GRAD, &c.desc);
    }
}

static void validate_input_size(void *arg)
{
    seed();
    c.strides[3] = -3;
    vt_validate(VT_FL_MAX, GRAD, &c.desc, NULL, NULL);
}

static void sg_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_input_size, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SLICE_GRAD: rule SG-3 input gradient size: "
                        "InputGradientTensor.Sizes[3] is 3; allowed: 1..2\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(sg_1_tensors),
    cmocka_unit_test(sg_2_stride_zero),  cmocka_unit_test(sg_3_window),
    cmocka_unit_test(sg_3_stride_range), cmocka_unit_test(sg_feature_levels),
    cmocka_unit_test(sg_debug_line),
};

VT_GROUP("slice_grad", tests)

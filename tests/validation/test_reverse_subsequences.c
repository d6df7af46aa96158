/* REVERSE_SUBSEQUENCES (datamove-family 11, FD7): every rule, the documentation's examples and the
 * feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define REVERSE DML_OPERATOR_REVERSE_SUBSEQUENCES

struct reverse_case
{
    struct vt_tensor in, lengths, out;
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC desc;
};

static struct reverse_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE length_type, UINT rank,
                  const UINT *in, const UINT *lengths, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.lengths, length_type, rank, lengths);
    vt_tensor_init(&c.out, type, rank, in);
    c.desc =
        (DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC){&c.in.desc, &c.lengths.desc, &c.out.desc, axis};
}

/* Example 1: {1, 1, 3, 4} reversed along axis 3 by {1, 1, 3, 1} lengths. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 4},
          (UINT[]){1, 1, 3, 1}, 3);
}

static void examples(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 4},
          (UINT[]){1, 1, 1, 4}, 2); /* example 2 */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 3});
    vt_tensor_strides(&c.lengths, (UINT[]){0, 0, 0, 0});
    vt_tensor_strides(&c.out, (UINT[]){12, 12, 4, 1});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc);
}

/* RS-1: one DataType for input and output, one DimensionCount for all three, equal sizes. */
static void rs_1(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.lengths, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 3, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_1_OUTPUT_SIZE);
    }
}

static void rs_2_lengths_size(void **state)
{
    seed();
    c.lengths.sizes[3] = 4;
    vt_tensor_strides(&c.lengths, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_2_LENGTHS_SIZE);
    seed();
    c.lengths.sizes[2] = 1;
    vt_tensor_strides(&c.lengths, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_2_LENGTHS_SIZE);
}

static void rs_3_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_3_AXIS);
}

/* From 2.1: 4 dims of 8 types, UINT32 lengths; 3.0: 4-5 dims; 4.0: 1-8 dims; 5.0: 11 types and
 * UINT64 lengths. Signed lengths never. */
static void rs_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, REVERSE, &c.desc, DML_RULE_FL_OPERATOR);
    build(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){1, 1, 2, 3, 4},
          (UINT[]){1, 1, 2, 3, 1}, 4);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, REVERSE, &c.desc);
    build(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 4}, (UINT[]){3, 1},
          1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, REVERSE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, REVERSE, &c.desc);
    vt_tensor_type(&c.lengths, DML_TENSOR_DATA_TYPE_UINT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, REVERSE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, REVERSE, &c.desc);
    vt_tensor_type(&c.lengths, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_FL_DATA_TYPE);
    seed();
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, REVERSE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, REVERSE, &c.desc);
}

static void validate_lengths(void *arg)
{
    seed();
    c.lengths.sizes[3] = 4;
    vt_tensor_strides(&c.lengths, NULL);
    vt_validate(VT_FL_MAX, REVERSE, &c.desc, NULL, NULL);
}

static void rs_debug_line(void **state)
{
    assert_string_equal(
        vt_capture(validate_lengths, NULL, true),
        "[DIRECTML ERROR]: DML_OPERATOR_REVERSE_SUBSEQUENCES: rule RS-2 sequence "
        "lengths size: SequenceLengthsTensor.Sizes[3] is 4; allowed: 1 (along Axis)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),          cmocka_unit_test(rs_1),
    cmocka_unit_test(rs_2_lengths_size), cmocka_unit_test(rs_3_axis),
    cmocka_unit_test(rs_feature_levels), cmocka_unit_test(rs_debug_line),
};

VT_GROUP("reverse_subsequences", tests)

/* JOIN (spec 1.4): every rule, the feature-level boundaries, and large InputCounts that must fail
 * without reading every input. */
#include "vt.h"

#include <string.h>

#define JOIN DML_OPERATOR_JOIN
#define F32 DML_TENSOR_DATA_TYPE_FLOAT32

struct join_case
{
    struct vt_tensor ins[4];
    DML_TENSOR_DESC descs[4]; /* contiguous DML_TENSOR_DESC values, as DirectML wants */
    struct vt_tensor out;
    DML_JOIN_OPERATOR_DESC desc;
};

static struct join_case c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *out_sizes, UINT axis,
                  UINT count, const UINT *axis_sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, out_sizes);
    for (UINT k = 0; k < count; ++k)
    {
        UINT sizes[DML_MAX_RANK];
        memcpy(sizes, out_sizes, rank * sizeof(UINT));
        sizes[axis] = axis_sizes[k];
        vt_tensor_init(&c.ins[k], type, rank, sizes);
        c.descs[k] = c.ins[k].desc;
    }
    c.desc = (DML_JOIN_OPERATOR_DESC){count, c.descs, &c.out.desc, axis};
}

/* Output {1,1,6,2} joined along axis 2 from 2 + 1 + 3 (SPLIT's seed, inverted). */
static void seed(void)
{
    build(F32, 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
}

static void accepted_and_normalised(void **state)
{
    struct dml_op_def def;

    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, JOIN, &c.desc);
    assert_int_equal(vt_validate(VT_FL_MAX, JOIN, &c.desc, &def, NULL), S_OK);
    assert_int_equal(def.input_count, 3);
    assert_int_equal(def.output_count, 1);
    assert_int_equal(def.u.axis, 2);
    assert_int_equal(dml_op_input(&def, 2)->sizes[2], 3);
    assert_int_equal(dml_op_output(&def, 0)->sizes[2], 6);
    dml_op_def_cleanup(&def);
    /* J-5: one input is a copy. */
    build(F32, 4, (UINT[]){1, 1, 6, 2}, 0, 1, (UINT[]){1});
    VT_EXPECT_OK(VT_FL_MAX, JOIN, &c.desc);
}

static void j_1_input_count(void **state)
{
    seed();
    c.desc.InputCount = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_1_INPUT_COUNT);
    seed();
    c.desc.InputCount = 7; /* more inputs than rows: rejected before reading them */
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_1_INPUT_COUNT);
    c.desc.InputCount = UINT32_MAX;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_1_INPUT_COUNT);
    seed();
    c.desc.InputTensors = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_DESC_ARRAY_NULL);
}

static void huge_input_count_fails_at_the_first_bad_input(void **state)
{
    build(DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){UINT32_MAX}, 0, 2, (UINT[]){1, 1});
    c.desc.InputCount = UINT32_MAX;
    c.descs[1].Type = DML_TENSOR_TYPE_INVALID;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T1_TENSOR_TYPE);
}

static void j_2_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_2_AXIS);
    c.desc.Axis = UINT32_MAX;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_2_AXIS);
}

static void j_3_inputs_match_output(void **state)
{
    seed();
    vt_tensor_type(&c.ins[1], DML_TENSOR_DATA_TYPE_INT32);
    c.descs[1] = c.ins[1].desc;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.ins[2], F32, 5, (UINT[]){1, 1, 3, 2, 1});
    c.descs[2] = c.ins[2].desc;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    c.out.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T3_OWNED_BY_DML_OUTPUT);
    seed();
    vt_tensor_strides(&c.out, (UINT[]){4, 4, 1, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    /* Inputs may broadcast (D8 is for outputs only) and be OWNED_BY_DML. */
    seed();
    vt_tensor_strides(&c.ins[2], (UINT[]){0, 0, 0, 0});
    c.ins[0].buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    c.descs[2] = c.ins[2].desc;
    VT_EXPECT_OK(VT_FL_MAX, JOIN, &c.desc);
}

static void j_4_sizes(void **state)
{
    seed();
    c.ins[1].sizes[3] = 3;
    vt_tensor_strides(&c.ins[1], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_4_SIZE_MISMATCH);
    seed();
    c.ins[2].sizes[2] = 2; /* 2 + 1 + 2 < 6 */
    vt_tensor_strides(&c.ins[2], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_4_AXIS_SUM);
    seed();
    c.ins[0].sizes[2] = 6; /* too many from input 1 on: rejected before input 2 is read */
    vt_tensor_strides(&c.ins[0], NULL);
    c.descs[2].Type = DML_TENSOR_TYPE_INVALID;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_4_AXIS_SUM);
}

/* J-6 with D6: exactly 4 dims to FL 2.1, 4-5 at 3.0, 1-8 from 3.1; 64-bit types from 4.1. */
static void j_6_feature_levels(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        const UINT sizes[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
        build(F32, rank, sizes, rank - 1, 2, (UINT[]){1, 1});
        if (rank == 4)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, JOIN, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, JOIN, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        if (rank == 4 || rank == 5)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, JOIN, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, JOIN, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, JOIN, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, JOIN, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, JOIN, &c.desc);
    build(DML_TENSOR_DATA_TYPE_UINT64, 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, JOIN, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, JOIN, &c.desc);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted_and_normalised),
    cmocka_unit_test(j_1_input_count),
    cmocka_unit_test(huge_input_count_fails_at_the_first_bad_input),
    cmocka_unit_test(j_2_axis),
    cmocka_unit_test(j_3_inputs_match_output),
    cmocka_unit_test(j_4_sizes),
    cmocka_unit_test(j_6_feature_levels),
};

VT_GROUP("join", tests)

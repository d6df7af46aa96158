/* DMLCalcBufferTensorSize (spec 3.1, D15), the output-aliasing check (D8) and the rules every
 * tensor obeys (T1-T10), exercised through a SLICE1 copy. */
#include "vt.h"

#include <string.h>

#define SLICE1 DML_OPERATOR_SLICE1

static const UINT sizes_4x4[4] = {1, 1, 4, 4};

static uint64_t calc(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, const UINT *strides)
{
    return dml_calc_buffer_tensor_size(type, rank, sizes, strides);
}

static void calc_packed(void **state)
{
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4}, NULL), 96);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT64, 2, (UINT[]){3, 5}, NULL), 120);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_INT16, 1, (UINT[]){1}, NULL), 4);
}

static void calc_rounds_up_to_4(void **state)
{
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT16, 1, (UINT[]){3}, NULL), 8);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){5}, NULL), 8);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_INT8, 1, (UINT[]){4}, NULL), 4);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){1}, NULL), 4);
}

static void calc_strided_and_broadcast(void **state)
{
    /* Spec 3.1: sizes {2,3}, strides {0,1}, FLOAT32: last index 2, 12 bytes. */
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){2, 3}, (UINT[]){0, 1}), 12);
    /* Every stride 0: one element. */
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){7, 9}, (UINT[]){0, 0}), 4);
    /* Transposed {2,3} with strides {1,2}: last index 1 + 4 = 5. */
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){2, 3}, (UINT[]){1, 2}), 24);
    /* Gapped rows: last index 3 * 8 + 2 = 26, 27 INT16 elements = 54, rounded to 56. */
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_INT16, 2, (UINT[]){4, 3}, (UINT[]){8, 1}), 56);
}

static void calc_4bit_types(void **state)
{
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT4, 1, (UINT[]){3}, NULL), 4);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_INT4, 1, (UINT[]){9}, NULL), 8);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_INT4, 1, (UINT[]){16}, NULL), 8);
}

static void calc_unknown_type_is_0(void **state)
{
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UNKNOWN, 1, (UINT[]){4}, NULL), 0);
    assert_int_equal(calc((DML_TENSOR_DATA_TYPE)14, 1, (UINT[]){4}, NULL), 0);
    assert_int_equal(calc((DML_TENSOR_DATA_TYPE)0xffffffffu, 1, (UINT[]){4}, NULL), 0);
}

static void calc_degenerate_is_0(void **state)
{
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT32, 1, NULL, NULL), 0);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){3, 0}, NULL), 0);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){3, 0}, (UINT[]){1, 1}), 0);
}

static void calc_is_64_bit(void **state)
{
    /* 2^32 bytes: beyond 32 bits. */
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){65536, 65536}, NULL), UINT64_C(1)
                                                                                            << 32);
    /* The last index is 2^32 + 2^17: DirectML's 32-bit accumulation would wrap to 2^17. */
    assert_int_equal(
        calc(DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){65537, 65537}, (UINT[]){65537, 1}),
        ((UINT64_C(1) << 32) + (UINT64_C(1) << 17) + 1) * 4);
}

static void calc_overflow_is_0(void **state)
{
    const UINT huge[8] = {UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX,
                          UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX};

    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT8, 8, huge, NULL), 0);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_FLOAT64, 1, huge, huge), 0);
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT8, 8, huge, huge), 0);
    /* The last index is exactly 2^64 - 1: one more element does not fit. */
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){UINT32_MAX, 4}, huge), 0);
    /* One dimension of the largest size and stride still fits. */
    assert_int_equal(calc(DML_TENSOR_DATA_TYPE_UINT8, 1, huge, huge),
                     (((uint64_t)UINT32_MAX - 1) * UINT32_MAX + 1 + 3) & ~UINT64_C(3));
}

static void data_type_sizes_and_names(void **state)
{
    assert_int_equal(dml_data_type_size(DML_TENSOR_DATA_TYPE_FLOAT32), 4);
    assert_int_equal(dml_data_type_size(DML_TENSOR_DATA_TYPE_FLOAT16), 2);
    assert_int_equal(dml_data_type_size(DML_TENSOR_DATA_TYPE_UINT8), 1);
    assert_int_equal(dml_data_type_size(DML_TENSOR_DATA_TYPE_INT64), 8);
    assert_int_equal(dml_data_type_size(DML_TENSOR_DATA_TYPE_UINT4), 0);
    assert_int_equal(dml_data_type_size(DML_TENSOR_DATA_TYPE_UNKNOWN), 0);
    assert_int_equal(dml_data_type_size((DML_TENSOR_DATA_TYPE)14), 0);
    assert_string_equal(dml_data_type_name(DML_TENSOR_DATA_TYPE_UINT64),
                        "DML_TENSOR_DATA_TYPE_UINT64");
    assert_string_equal(dml_data_type_name((DML_TENSOR_DATA_TYPE)99), "(undefined)");
    assert_string_equal(dml_feature_level_name(DML_FEATURE_LEVEL_6_4), "DML_FEATURE_LEVEL_6_4");
    assert_string_equal(dml_feature_level_name((DML_FEATURE_LEVEL)0x6500), "(undefined)");
    assert_string_equal(dml_operator_type_name(DML_OPERATOR_PADDING1), "DML_OPERATOR_PADDING1");
    assert_string_equal(dml_operator_type_name(DML_OPERATOR_UNFOLD), "DML_OPERATOR_UNFOLD");
    assert_string_equal(dml_operator_type_name((DML_OPERATOR_TYPE)178), "(undefined)");
}

static bool aliases(UINT rank, const UINT *sizes, const UINT *strides)
{
    struct dml_tensor t = {.rank = rank};
    uint64_t reach;
    uint32_t dim;

    memcpy(t.sizes, sizes, rank * sizeof(*sizes));
    memcpy(t.strides, strides, rank * sizeof(*strides));
    return dml_tensor_strides_alias(&t, &dim, &reach);
}

static void aliasing_check(void **state)
{
    assert_false(aliases(2, (UINT[]){4, 4}, (UINT[]){4, 1}));       /* packed */
    assert_false(aliases(2, (UINT[]){4, 4}, (UINT[]){1, 4}));       /* transposed */
    assert_false(aliases(2, (UINT[]){4, 4}, (UINT[]){9, 2}));       /* gapped */
    assert_false(aliases(2, (UINT[]){2, 2}, (UINT[]){3, 2}));       /* offsets 0, 2, 3, 5 */
    assert_false(aliases(3, (UINT[]){1, 4, 1}, (UINT[]){0, 1, 0})); /* stride 0 on size 1 */
    assert_true(aliases(2, (UINT[]){4, 4}, (UINT[]){3, 1}));        /* row 1 starts inside row 0 */
    assert_true(aliases(2, (UINT[]){2, 4}, (UINT[]){0, 1}));        /* broadcast */
    assert_true(aliases(2, (UINT[]){2, 2}, (UINT[]){5, 5}));        /* equal strides */
    /* Conservative: {3,2}/{2,3} does not alias (offsets 0,3,2,5,4,7) but is interleaved. */
    assert_true(aliases(2, (UINT[]){3, 2}, (UINT[]){2, 3}));
}

/* --- T1-T10 through SLICE1 --- */

static struct vt_slice1 c;

static void reset(void)
{
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_FLOAT32, 4, sizes_4x4);
}

static void copy_is_valid(void **state)
{
    reset();
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
}

static void t1_tensor_null(void **state)
{
    reset();
    c.desc.InputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T1_TENSOR_NULL);
    reset();
    c.desc.OutputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T1_TENSOR_NULL);
}

static void t1_tensor_type(void **state)
{
    reset();
    c.in.desc.Type = DML_TENSOR_TYPE_INVALID;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T1_TENSOR_TYPE);
    reset();
    c.out.desc.Type = (DML_TENSOR_TYPE)2;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T1_TENSOR_TYPE);
}

static void t1_buffer_desc_null(void **state)
{
    reset();
    c.in.desc.Desc = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T1_BUFFER_DESC_NULL);
    reset();
    c.out.desc.Desc = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T1_BUFFER_DESC_NULL);
}

static void t2_data_type(void **state)
{
    static const DML_TENSOR_DATA_TYPE bad[] = {
        DML_TENSOR_DATA_TYPE_UNKNOWN, DML_TENSOR_DATA_TYPE_UINT4, DML_TENSOR_DATA_TYPE_INT4,
        (DML_TENSOR_DATA_TYPE)14, (DML_TENSOR_DATA_TYPE)0x80000000u};

    for (size_t i = 0; i < VT_COUNT(bad); ++i)
    {
        reset();
        c.in.buffer.DataType = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T2_DATA_TYPE);
        reset();
        c.out.buffer.DataType = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T2_DATA_TYPE);
    }
}

static void t3_flags(void **state)
{
    reset();
    c.in.buffer.Flags = (DML_TENSOR_FLAGS)2;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T3_FLAGS);
    reset();
    c.out.buffer.Flags = (DML_TENSOR_FLAGS)3;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T3_FLAGS);
}

static void t3_owned_by_dml_only_on_inputs(void **state)
{
    reset();
    c.in.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
    reset();
    c.out.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T3_OWNED_BY_DML_OUTPUT);
}

static void t4_dimension_count(void **state)
{
    reset();
    c.in.buffer.DimensionCount = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T4_DIMENSION_COUNT);
    reset();
    c.out.buffer.DimensionCount = 9;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T4_DIMENSION_COUNT);
}

static void t5_sizes(void **state)
{
    reset();
    c.in.buffer.Sizes = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T5_SIZES_NULL);
    reset();
    c.out.buffer.Sizes = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T5_SIZES_NULL);
    reset();
    c.in.sizes[2] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T5_SIZE_ZERO);
    reset();
    c.out.sizes[0] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T5_SIZE_ZERO);
}

static void t7_total_size(void **state)
{
    reset();
    c.in.buffer.TotalTensorSizeInBytes = 63;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T7_TOTAL_SIZE);
    reset();
    c.out.buffer.TotalTensorSizeInBytes = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T7_TOTAL_SIZE);
    /* D3: larger is fine, even when not a multiple of 4. */
    reset();
    c.in.buffer.TotalTensorSizeInBytes = 65;
    c.out.buffer.TotalTensorSizeInBytes = UINT64_MAX;
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
}

static void t7_total_size_rounded_minimum(void **state)
{
    /* 3 FLOAT16 elements: 6 bytes, so the minimum is 8. */
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_FLOAT16, 1, (UINT[]){3});
    c.in.buffer.TotalTensorSizeInBytes = 6;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T7_TOTAL_SIZE);
    c.in.buffer.TotalTensorSizeInBytes = 8;
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
}

static void t8_element_count(void **state)
{
    /* 65535 * 65537 = 2^32 - 1 elements: the largest tensor. */
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){65535, 65537});
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){65536, 65536});
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T8_ELEMENT_COUNT);
    /* A product that does not even fit in 64 bits. */
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_UINT8, 3, (UINT[]){UINT32_MAX, UINT32_MAX, 2});
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T8_ELEMENT_COUNT);
}

static void d15_size_overflow(void **state)
{
    /* 2^32-1 elements, each 2^32-1 elements apart: the last byte is beyond 2^64. */
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_FLOAT64, 1, (UINT[]){UINT32_MAX});
    c.in.buffer.Strides = (UINT[]){UINT32_MAX};
    c.in.buffer.TotalTensorSizeInBytes = UINT64_MAX;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_D15_SIZE_OVERFLOW);
}

static void t9_alignment(void **state)
{
    static const UINT good[] = {0, 4, 16, 32, 256, 0x80000000u};
    static const UINT bad[] = {1, 2, 3, 12, 24, UINT32_MAX};

    for (size_t i = 0; i < VT_COUNT(good); ++i)
    {
        reset();
        c.in.buffer.GuaranteedBaseOffsetAlignment = good[i];
        c.out.buffer.GuaranteedBaseOffsetAlignment = good[i];
        VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
    }
    for (size_t i = 0; i < VT_COUNT(bad); ++i)
    {
        reset();
        c.out.buffer.GuaranteedBaseOffsetAlignment = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T9_ALIGNMENT);
    }
    /* 2 is a power of two but smaller than FLOAT32; it is fine for FLOAT16. */
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_FLOAT16, 4, sizes_4x4);
    c.in.buffer.GuaranteedBaseOffsetAlignment = 2;
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
}

static void t10_mismatch(void **state)
{
    reset();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    reset();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 1, 1, 4, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void d8_output_aliasing(void **state)
{
    reset();
    vt_tensor_strides(&c.out, (UINT[]){16, 16, 0, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    reset();
    vt_tensor_strides(&c.out, (UINT[]){16, 16, 2, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    /* Gapped, transposed and size-1 broadcast outputs are fine; inputs may alias. */
    reset();
    vt_tensor_strides(&c.out, (UINT[]){0, 7, 1, 4});
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 0, 1});
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
}

static void normalised_tensors(void **state)
{
    struct dml_op_def def;

    reset();
    c.in.buffer.GuaranteedBaseOffsetAlignment = 64;
    c.out.buffer.GuaranteedBaseOffsetAlignment = 4;
    c.out.buffer.TotalTensorSizeInBytes = 100;
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 4, 1});
    assert_int_equal(vt_validate(VT_FL_MAX, SLICE1, &c.desc, &def, NULL), S_OK);
    assert_int_equal(def.type, DML_OPERATOR_SLICE1);
    assert_int_equal(def.elem_size, 4);
    assert_int_equal(def.input_count, 1);
    assert_int_equal(def.output_count, 1);
    assert_true(dml_op_input(&def, 0)->has_strides);
    assert_int_equal(dml_op_input(&def, 0)->strides[0], 0);
    assert_int_equal(dml_op_input(&def, 0)->base_alignment, 64);
    assert_int_equal(dml_op_input(&def, 0)->min_bytes, 64);
    assert_false(dml_op_output(&def, 0)->has_strides);
    assert_memory_equal(dml_op_output(&def, 0)->strides, ((uint32_t[]){16, 16, 4, 1}),
                        4 * sizeof(uint32_t));
    assert_int_equal(dml_op_output(&def, 0)->base_alignment, 16);
    assert_int_equal(dml_op_output(&def, 0)->total_bytes, 100);
    assert_int_equal(dml_op_output(&def, 0)->rank, 4);
    assert_int_equal(dml_op_output(&def, 0)->data_type, DML_TENSOR_DATA_TYPE_FLOAT32);
    dml_op_def_cleanup(&def);
    assert_null(def.tensors);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(calc_packed),
    cmocka_unit_test(calc_rounds_up_to_4),
    cmocka_unit_test(calc_strided_and_broadcast),
    cmocka_unit_test(calc_4bit_types),
    cmocka_unit_test(calc_unknown_type_is_0),
    cmocka_unit_test(calc_degenerate_is_0),
    cmocka_unit_test(calc_is_64_bit),
    cmocka_unit_test(calc_overflow_is_0),
    cmocka_unit_test(data_type_sizes_and_names),
    cmocka_unit_test(aliasing_check),
    cmocka_unit_test(copy_is_valid),
    cmocka_unit_test(t1_tensor_null),
    cmocka_unit_test(t1_tensor_type),
    cmocka_unit_test(t1_buffer_desc_null),
    cmocka_unit_test(t2_data_type),
    cmocka_unit_test(t3_flags),
    cmocka_unit_test(t3_owned_by_dml_only_on_inputs),
    cmocka_unit_test(t4_dimension_count),
    cmocka_unit_test(t5_sizes),
    cmocka_unit_test(t7_total_size),
    cmocka_unit_test(t7_total_size_rounded_minimum),
    cmocka_unit_test(t8_element_count),
    cmocka_unit_test(d15_size_overflow),
    cmocka_unit_test(t9_alignment),
    cmocka_unit_test(t10_mismatch),
    cmocka_unit_test(d8_output_aliasing),
    cmocka_unit_test(normalised_tensors),
};

VT_GROUP("tensor", tests)

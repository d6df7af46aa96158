/* The operator-type rules, null descs, the rule catalogue and the debug lines: what they say for
 * a few rules, one line per rejection, silence without debug. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "vt.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* The whole catalogue (shared, every operator's own, graph): complete rows, and ids unique, since
 * the tests and the fuzzers tell rules apart by id. */
static void rule_catalogue_is_complete(void **state)
{
    const struct dml_rule_info *info;
    uint32_t count = 0, operators_own = 0;

    assert_null(dml_rule_info(DML_RULE_COUNT));
    assert_ptr_equal(dml_rule_at(0), dml_rule_info(DML_RULE_NONE));
    for (; (info = dml_rule_at(count)); ++count)
    {
        assert_true(strncmp(info->id, "DML_RULE_", 9) == 0);
        assert_true(info->short_name[0] && info->title[0] && info->message[0]);
        for (uint32_t before = 0; before < count; ++before)
        {
            if (strcmp(dml_rule_at(before)->id, info->id) == 0)
                fail_msg("two rules are %s", info->id);
        }
        operators_own += strcmp(info->id, "DML_RULE_RS_1_OUTPUT_SIZE") == 0;
    }
    assert_int_equal(operators_own, 1);
    assert_true(count > DML_RULE_COUNT);
    assert_ptr_equal(dml_rule_at(count - 1), dml_rule_info(DML_RULE_COUNT - 1));
    assert_string_equal(dml_rule_info(DML_RULE_T5_SIZE_ZERO)->id, "DML_RULE_T5_SIZE_ZERO");
    assert_string_equal(dml_rule_info(DML_RULE_T5_SIZE_ZERO)->short_name, "T5");
}

static void null_descs(void **state)
{
    struct dml_validate_ctx ctx = {.feature_level = VT_FL_MAX};
    DML_OPERATOR_DESC op = {DML_OPERATOR_SPLIT, NULL};
    struct dml_op_def def;

    assert_int_equal(dml_operator_validate(&ctx, NULL, &def), E_INVALIDARG);
    assert_ptr_equal(ctx.rejected, dml_rule_info(DML_RULE_DESC_NULL));
    assert_null(def.tensors);
    ctx.rejected = NULL;
    assert_int_equal(dml_operator_validate(&ctx, &op, &def), E_INVALIDARG);
    assert_ptr_equal(ctx.rejected, dml_rule_info(DML_RULE_DESC_NULL));
    vt_rule_seen("DML_RULE_DESC_NULL");
}

static void undefined_operator_types(void **state)
{
    static const DML_OPERATOR_TYPE types[] = {DML_OPERATOR_INVALID, (DML_OPERATOR_TYPE)178,
                                              (DML_OPERATOR_TYPE)0xffffffffu};
    int dummy = 0;

    for (size_t i = 0; i < VT_COUNT(types); ++i)
        VT_EXPECT_REJECT(VT_FL_MAX, types[i], &dummy, DML_RULE_OP_TYPE_UNDEFINED);
}

static void unimplemented_operator_types(void **state)
{
    static const DML_OPERATOR_TYPE types[] = {DML_OPERATOR_ELEMENT_WISE_ABS, DML_OPERATOR_TOP_K,
                                              DML_OPERATOR_MAX_UNPOOLING, DML_OPERATOR_UNFOLD};
    DML_JOIN_OPERATOR_DESC join = {0};

    for (size_t i = 0; i < VT_COUNT(types); ++i)
    {
        VT_EXPECT_UNSUPPORTED(VT_FL_MAX, types[i], &join, DML_RULE_OP_TYPE_UNSUPPORTED);
        VT_EXPECT_UNSUPPORTED(DML_FEATURE_LEVEL_1_0, types[i], NULL, DML_RULE_OP_TYPE_UNSUPPORTED);
    }
}

static void validate_abs(void *arg)
{
    DML_JOIN_OPERATOR_DESC any = {0};
    vt_validate(VT_FL_MAX, DML_OPERATOR_ELEMENT_WISE_ABS, &any, NULL, NULL);
}

static void validate_symmetric_at_2_1(void *arg)
{
    struct vt_padding c;
    vt_padding_seed(&c, DML_TENSOR_DATA_TYPE_FLOAT32, DML_PADDING_MODE_SYMMETRIC);
    vt_validate(DML_FEATURE_LEVEL_2_1, DML_OPERATOR_PADDING, &c.desc, NULL, NULL);
}

static void validate_int32_padding_at_1_0(void *arg)
{
    struct vt_padding c;
    vt_padding_seed(&c, DML_TENSOR_DATA_TYPE_INT32, DML_PADDING_MODE_CONSTANT);
    vt_validate(DML_FEATURE_LEVEL_1_0, DML_OPERATOR_PADDING, &c.desc, NULL, NULL);
}

static void validate_6d_slice1_at_2_1(void *arg)
{
    struct vt_slice1 c;
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_FLOAT32, 6, (UINT[]){1, 2, 1, 2, 1, 2});
    vt_validate(DML_FEATURE_LEVEL_2_1, DML_OPERATOR_SLICE1, &c.desc, NULL, NULL);
}

static void validate_window_out_of_bounds(void *arg)
{
    struct vt_slice1 c;
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 1, 4, 4});
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 1, 4, 3});
    c.offsets[3] = 2;
    c.sizes[3] = 3;
    vt_validate(VT_FL_MAX, DML_OPERATOR_SLICE1, &c.desc, NULL, NULL);
}

static void validate_split_output_size_zero(void *arg)
{
    struct vt_tensor in, out[3];
    DML_TENSOR_DESC outs[3];
    DML_SPLIT_OPERATOR_DESC desc = {&in.desc, 3, outs, 0};

    vt_tensor_init(&in, DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){3, 5});
    for (int k = 0; k < 3; ++k)
    {
        vt_tensor_init(&out[k], DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){1, 5});
        outs[k] = out[k].desc;
    }
    out[2].sizes[1] = 0;
    vt_validate(VT_FL_MAX, DML_OPERATOR_SPLIT, &desc, NULL, NULL);
}

static void validate_valid_split(void *arg)
{
    struct vt_tensor in, out;
    DML_SPLIT_OPERATOR_DESC desc = {&in.desc, 1, &out.desc, 0};

    vt_tensor_init(&in, DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){3, 5});
    vt_tensor_init(&out, DML_TENSOR_DATA_TYPE_UINT8, 2, (UINT[]){3, 5});
    assert_int_equal(vt_validate(VT_FL_MAX, DML_OPERATOR_SPLIT, &desc, NULL, NULL), S_OK);
}

static void validate_aliasing_output(void *arg)
{
    struct vt_slice1 c;
    vt_slice1_identity(&c, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 1, 4, 4});
    vt_tensor_strides(&c.out, (UINT[]){16, 16, 3, 1});
    vt_validate(VT_FL_MAX, DML_OPERATOR_SLICE1, &c.desc, NULL, NULL);
}

static int count_lines(const char *text)
{
    int n = 0;
    for (; *text; ++text)
        n += *text == '\n';
    return n;
}

static void debug_line_feature_level_mode(void **state)
{
    assert_string_equal(vt_capture(validate_symmetric_at_2_1, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_PADDING: rule P-3 padding mode: "
                        "PaddingMode is DML_PADDING_MODE_SYMMETRIC (3); allowed at "
                        "DML_FEATURE_LEVEL_2_1: CONSTANT, EDGE, REFLECTION; needs "
                        "DML_FEATURE_LEVEL_3_0\n");
}

static void debug_line_feature_level_type_and_dims(void **state)
{
    assert_string_equal(vt_capture(validate_int32_padding_at_1_0, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_PADDING: rule T2 data type: "
                        "InputTensor.DataType is DML_TENSOR_DATA_TYPE_INT32 (6); allowed at "
                        "DML_FEATURE_LEVEL_1_0: FLOAT32, FLOAT16; needs DML_FEATURE_LEVEL_2_1\n");
    assert_string_equal(vt_capture(validate_6d_slice1_at_2_1, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SLICE1: rule T4 dimension count: "
                        "InputTensor.DimensionCount is 6; allowed at DML_FEATURE_LEVEL_2_1: "
                        "4..5; needs DML_FEATURE_LEVEL_3_0\n");
}

static void debug_line_window(void **state)
{
    assert_string_equal(vt_capture(validate_window_out_of_bounds, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SLICE1: rule S1-5 window out of bounds: "
                        "InputWindowOffsets[3] + InputWindowSizes[3] is 5; allowed: <= "
                        "InputTensor.Sizes[3] (4)\n");
}

static void debug_line_names_the_output(void **state)
{
    const char *text = vt_capture(validate_split_output_size_zero, NULL, true);

    assert_int_equal(count_lines(text), 1);
    assert_string_equal(text, "[DIRECTML ERROR]: DML_OPERATOR_SPLIT: rule T5 size zero: "
                              "OutputTensors[2].Sizes[1] is 0; allowed: >= 1\n");
}

static void debug_line_aliasing(void **state)
{
    const char *text = vt_capture(validate_aliasing_output, NULL, true);

    assert_int_equal(count_lines(text), 1);
    assert_non_null(strstr(text, "DML_OPERATOR_SLICE1: rule D8 output aliasing: "
                                 "OutputTensor.Strides[2] is 3 (Sizes[2] is 4); allowed: > 3"));
}

static void debug_line_unimplemented(void **state)
{
    const char *text = vt_capture(validate_abs, NULL, true);

    assert_int_equal(count_lines(text), 1);
    assert_non_null(strstr(text, "[DIRECTML ERROR]: DML_OPERATOR_ELEMENT_WISE_ABS: "));
    assert_non_null(strstr(text, "DML_OPERATOR_ELEMENT_WISE_ABS (2)"));
    assert_non_null(strstr(text, "does not implement"));
    /* The list of implemented operators comes from the registry. */
    assert_non_null(strstr(text, "implemented: SLICE, SLICE1, SPLIT, JOIN, PADDING, PADDING1, "
                                 "ELEMENT_WISE_IDENTITY"));
}

static void silent_without_debug_or_when_valid(void **state)
{
    assert_string_equal(vt_capture(validate_symmetric_at_2_1, NULL, false), "");
    assert_string_equal(vt_capture(validate_abs, NULL, false), "");
    assert_string_equal(vt_capture(validate_valid_split, NULL, true), "");
}

static void print_only_when_enabled(void *arg)
{
    dml_diag_print(false, "hidden %d", 1);
    dml_diag_print(true, "binding %u of %s", 2u, "BindOutputs");
}

static void diag_print(void **state)
{
    assert_string_equal(vt_capture(print_only_when_enabled, NULL, false),
                        "[DIRECTML ERROR]: binding 2 of BindOutputs\n");
}

static void env_switch(void **state)
{
    unsetenv("DMLOPS_DEBUG");
    assert_false(dml_diag_env_enabled());
    setenv("DMLOPS_DEBUG", "1", 1);
    assert_true(dml_diag_env_enabled());
    setenv("DMLOPS_DEBUG", "0", 1);
    assert_false(dml_diag_env_enabled());
    setenv("DMLOPS_DEBUG", "", 1);
    assert_false(dml_diag_env_enabled());
    unsetenv("DMLOPS_DEBUG");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(rule_catalogue_is_complete),
    cmocka_unit_test(null_descs),
    cmocka_unit_test(undefined_operator_types),
    cmocka_unit_test(unimplemented_operator_types),
    cmocka_unit_test(debug_line_feature_level_mode),
    cmocka_unit_test(debug_line_feature_level_type_and_dims),
    cmocka_unit_test(debug_line_window),
    cmocka_unit_test(debug_line_names_the_output),
    cmocka_unit_test(debug_line_aliasing),
    cmocka_unit_test(debug_line_unimplemented),
    cmocka_unit_test(silent_without_debug_or_when_valid),
    cmocka_unit_test(diag_print),
    cmocka_unit_test(env_switch),
};

VT_GROUP("diag", tests)

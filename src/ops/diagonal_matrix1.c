/* DML_OPERATOR_DIAGONAL_MATRIX1 (datamove-family 9; onnxruntime's Trilu and EyeLike): over the
 * last two dimensions, with topX = x - y,
 *     useValue = (End >= Begin) xor (topX >= Begin) xor (topX < End)
 *     Output = useValue ? Value : (InputTensor ? Input : 0)
 * Begin inclusive, End exclusive, Begin > End inverting the band. InputTensor is optional: without
 * it the operator has no input tensor and its one input binding is NONE (SEM 4.6). */
#include "ops/ops.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define DIAGONAL1_RULES(X)                                                                         \
    X(DM1_1_VALUE_TYPE, "DM1-1", "value type", "ValueDataType must equal OutputTensor.DataType")   \
    X(DM1_2_SIZE_MISMATCH, "DM1-2", "size mismatch",                                               \
      "InputTensor.Sizes, when given, must equal OutputTensor.Sizes")
DML_OP_RULES(DIAGONAL1_RULES);

static const struct dml_fl_row diagonal1_rows[] = {
    {DML_FEATURE_LEVEL_5_1, 2, 4, DML_TYPES_11T, 0},
};

static HRESULT diagonal1_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                  struct dml_op_def *def)
{
    const DML_DIAGONAL_MATRIX1_OPERATOR_DESC *desc = desc_;
    struct dml_generator_def *g = &def->u.generator;
    const uint32_t inputs = desc->InputTensor != NULL;
    struct dml_tensor t[2];
    HRESULT hr;

    if (inputs && FAILED(hr = dml_validate_in_out(ctx, desc->InputTensor, desc->OutputTensor, t)))
        return hr;
    if (!inputs &&
        FAILED(hr = dml_validate_generated_output(ctx, desc->OutputTensor, "OutputTensor", &t[1])))
        return hr;
    for (uint32_t d = 0; inputs && d < t[1].rank; ++d) /* DM1-2 (T10 checked the rest) */
    {
        if (t[0].sizes[d] != t[1].sizes[d])
            return dml_reject(ctx, DML_RULE_DM1_2_SIZE_MISMATCH,
                              "InputTensor.Sizes[%u] is %u; allowed: OutputTensor.Sizes[%u] (%u)",
                              d, t[0].sizes[d], d, t[1].sizes[d]);
    }
    if (FAILED(hr = dml_check_value_type(ctx, DML_RULE_DM1_1_VALUE_TYPE, desc->ValueDataType,
                                         &t[1])) ||
        FAILED(hr = dml_op_def_store(ctx, def, t + 1 - inputs, inputs, 1)))
        return hr;
    def->absent_inputs = 1 - inputs;
    g->value_type = desc->ValueDataType;
    g->value = desc->Value;
    g->begin = desc->DiagonalFillBegin;
    g->end = desc->DiagonalFillEnd;
    return S_OK;
}

const struct dml_op_entry dml_op_diagonal_matrix1 = {.type = DML_OPERATOR_DIAGONAL_MATRIX1,
                                                     .name = "DIAGONAL_MATRIX1",
                                                     .fl = DML_FL_TABLE(diagonal1_rows),
                                                     .validate = diagonal1_validate,
                                                     .lower = dml_diagonal_lower,
                                                     .rules = &op_rules};

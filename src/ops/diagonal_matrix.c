/* DML_OPERATOR_DIAGONAL_MATRIX (datamove-family 9): Output[..., y, x] = Value where x - y ==
 * Offset, 0 elsewhere, over the last two dimensions (the leading ones are batches; non-square
 * allowed). Value is a FLOAT converted to the output's type as PADDING's value is (D4: integers
 * truncate toward zero and saturate, NaN becomes 0). A FILL plan of kind BAND, t = x - y, band
 * [Offset, Offset + 1). */
#include "ops/ops.h"

#include <string.h>

#include "lower.h"
#include "scalar.h"

static const struct dml_fl_row diagonal_rows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, DML_TYPES_FLOAT, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_0, 2, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_5_1, 2, 4, DML_TYPES_11T, 0},
};

static HRESULT diagonal_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                 struct dml_op_def *def)
{
    const DML_DIAGONAL_MATRIX_OPERATOR_DESC *desc = desc_;
    struct dml_generator_def *g = &def->u.generator;
    struct dml_tensor output;
    HRESULT hr;

    if (FAILED(
            hr = dml_validate_generated_output(ctx, desc->OutputTensor, "OutputTensor", &output)) ||
        FAILED(hr = dml_op_def_store(ctx, def, &output, 0, 1)))
        return hr;
    g->value_type = DML_TENSOR_DATA_TYPE_FLOAT32;
    g->value.Float32 = desc->Value;
    g->begin = desc->Offset;
    g->end = (int64_t)desc->Offset + 1;
    return S_OK;
}

/* DIAGONAL_MATRIX1 lowers the same way, with its optional input as the off-band values. */
HRESULT dml_diagonal_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *output = dml_op_output(def, 0);
    const struct dml_generator_def *g = &def->u.generator;
    uint64_t bits = dml_scalar_to_element_bits(g->value_type, &g->value, output->data_type);
    HRESULT hr = lower_fill_init(plan, output, def->elem_size, PLAN_FILL_BAND, def->input_count);
    if (FAILED(hr))
        return hr;
    lower_fill_band(plan, g->begin, g->end);
    memcpy(plan->pad_value, &bits, def->elem_size); /* little-endian */
    if (def->input_count)
        lower_part_strides(&plan->in_parts[0], dml_op_input(def, 0));
    return S_OK;
}

const struct dml_op_entry dml_op_diagonal_matrix = {.type = DML_OPERATOR_DIAGONAL_MATRIX,
                                                    .name = "DIAGONAL_MATRIX",
                                                    .fl = DML_FL_TABLE(diagonal_rows),
                                                    .validate = diagonal_validate,
                                                    .lower = dml_diagonal_lower};

/* DML_OPERATOR_FILL_VALUE_SEQUENCE (datamove-family 6, decision FD4): element k of the output in
 * logical row-major order, whatever its strides, is ValueStart + k * ValueDelta: integers in
 * 64-bit two's complement wrapped to the type; FLOAT32 as fma(k, Delta, Start) rounded once,
 * FLOAT16 the same in float32 then rounded to nearest even. A FILL plan whose generator index is
 * k (src/plan.h). */
#include "ops/ops.h"

#include "lower.h"
#include "scalar.h"

/* FD4 names FLOAT64 too, but no level's table has it. */
#define SEQUENCE_TYPES_10T (DML_TYPES_8T | DML_TYPE_BIT(INT64) | DML_TYPE_BIT(UINT64))

static const struct dml_fl_row fill_sequence_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_5_0, 1, 8, SEQUENCE_TYPES_10T, 0},
};

static HRESULT fill_sequence_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                      struct dml_op_def *def)
{
    const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *desc = desc_;

    return dml_validate_fill(ctx, desc->OutputTensor, desc->ValueDataType, &desc->ValueStart,
                             &desc->ValueDelta, def);
}

/* The generator's operands: float32 bits for the float types (FLOAT16 widened exactly), the
 * union's 64 bits otherwise (only the type's low bits reach the result). */
static int64_t operand(DML_TENSOR_DATA_TYPE type, const DML_SCALAR_UNION *value)
{
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16)
        return dml_half_bits_to_float(value->UInt16);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32)
        return value->UInt32;
    return value->Int64;
}

static HRESULT fill_sequence_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *output = dml_op_output(def, 0);
    const struct dml_generator_def *g = &def->u.generator;
    enum plan_fill_kind kind = output->data_type == DML_TENSOR_DATA_TYPE_FLOAT32 ? PLAN_FILL_SEQ_F32
                               : output->data_type == DML_TENSOR_DATA_TYPE_FLOAT16
                                   ? PLAN_FILL_SEQ_F16
                                   : PLAN_FILL_SEQ_INT;
    HRESULT hr = lower_fill_init(plan, output, def->elem_size, kind, false);
    if (FAILED(hr))
        return hr;
    plan->fill.start = operand(output->data_type, &g->value);
    plan->fill.delta = operand(output->data_type, &g->delta);
    return S_OK;
}

const struct dml_op_entry dml_op_fill_value_sequence = {.type = DML_OPERATOR_FILL_VALUE_SEQUENCE,
                                                        .name = "FILL_VALUE_SEQUENCE",
                                                        .fl = DML_FL_TABLE(fill_sequence_rows),
                                                        .validate = fill_sequence_validate,
                                                        .lower = fill_sequence_lower};

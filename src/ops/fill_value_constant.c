/* DML_OPERATOR_FILL_VALUE_CONSTANT (datamove-family 6): every output element is Value, whatever
 * the output's strides. A FILL plan of kind CONSTANT: nothing is read; packed runs are written in
 * units of up to 16 bytes. */
#include "ops/ops.h"

#include <string.h>

#include "lower.h"
#include "scalar.h"

static const struct dml_fl_row fill_constant_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static HRESULT fill_constant_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                      struct dml_op_def *def)
{
    const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *desc = desc_;

    /* FV-2: the output may have any size. */
    return dml_validate_fill(ctx, desc->OutputTensor, desc->ValueDataType, &desc->Value, NULL, def);
}

static HRESULT fill_constant_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *output = dml_op_output(def, 0);
    const struct dml_generator_def *g = &def->u.generator;
    uint64_t bits = dml_scalar_to_element_bits(g->value_type, &g->value, output->data_type);
    HRESULT hr = lower_fill_init(plan, output, def->elem_size, PLAN_FILL_CONSTANT, false);
    if (SUCCEEDED(hr))
        memcpy(plan->pad_value, &bits, def->elem_size); /* little-endian */
    return hr;
}

const struct dml_op_entry dml_op_fill_value_constant = {.type = DML_OPERATOR_FILL_VALUE_CONSTANT,
                                                        .name = "FILL_VALUE_CONSTANT",
                                                        .fl = DML_FL_TABLE(fill_constant_rows),
                                                        .validate = fill_constant_validate,
                                                        .lower = fill_constant_lower};

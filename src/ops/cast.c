/* DML_OPERATOR_CAST (datamove-family 3, decision FD3): out = in converted to the output's type,
 * element by element, through any input and output strides. The plan is IDENTITY's strided map
 * with PLAN_ARITH_CAST: the element sizes of the two sides differ (plan->in_elem_bytes). */
#include "ops/ops.h"

#include "lower.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define CAST_RULES(X)                                                                              \
    X(CA_1_SIZE_MISMATCH, "CA-1", "size mismatch",                                                 \
      "OutputTensor.Sizes must equal InputTensor.Sizes")
DML_OP_RULES(CAST_RULES);

/* FD3: FL 1.0 includes INT32/UINT32 (the page omits them); 10T adds INT64/UINT64 at 3.0. */
#define CAST_TYPES_10T (DML_TYPES_8T | DML_TYPE_BIT(INT64) | DML_TYPE_BIT(UINT64))

static const struct dml_fl_row cast_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 4, 4, CAST_TYPES_10T, 0},
    {DML_FEATURE_LEVEL_3_1, 1, 8, CAST_TYPES_10T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static HRESULT cast_validate(struct dml_validate_ctx *ctx, const void *desc_,
                             struct dml_op_def *def)
{
    const DML_CAST_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputTensor, "InputTensor", &t[0])) ||
        FAILED(hr = dml_validate_output_any_type(ctx, desc->OutputTensor, "OutputTensor", &t[0],
                                                 &t[1])))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        if (t[1].sizes[d] != t[0].sizes[d])
            return dml_reject(ctx, DML_RULE_CA_1_SIZE_MISMATCH,
                              "OutputTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u)",
                              d, t[1].sizes[d], d, t[0].sizes[d]);
    }
    return dml_op_def_store(ctx, def, t, 1, 1);
}

/* IDENTITY's strided map in units of the output element; the input side counts its own elements
 * (in_elem_bytes). Same type is a bit copy: no arithmetic, the copy kernels take it. */
static HRESULT cast_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0);
    const struct dml_tensor *output = dml_op_output(def, 0);
    HRESULT hr = lower_plan_init(plan, dml_data_type_size(output->data_type), input->rank, 1);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
    {
        plan->dims[d].size = output->sizes[d];
        plan->dims[d].in_stride = input->strides[d];
    }
    lower_part_strides(&plan->parts[0], output);
    if (input->data_type != output->data_type)
    {
        plan->arith = PLAN_ARITH_CAST;
        plan->in_elem_bytes = dml_data_type_size(input->data_type);
        plan->cast_types = PLAN_CAST_TYPES(input->data_type, output->data_type);
    }
    return S_OK;
}

const struct dml_op_entry dml_op_cast = {.type = DML_OPERATOR_CAST,
                                         .name = "CAST",
                                         .fl = DML_FL_TABLE(cast_rows),
                                         .validate = cast_validate,
                                         .lower = cast_lower,
                                         .rules = &op_rules};

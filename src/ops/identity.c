/* DML_OPERATOR_ELEMENT_WISE_IDENTITY (datamove-family 1, decisions FD1 and FD2): out = in through
 * any input and output strides, so one operator covers copies, transposes (permuted strides on
 * either side) and broadcasts (zero input strides); with ScaleBias, out = fma(in, Scale, Bias) on
 * float tensors (plan_arith). */
#include "ops/ops.h"

#include <string.h>

#include "lower.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define IDENTITY_RULES(X)                                                                          \
    X(ID_1_SIZE_MISMATCH, "ID-1", "size mismatch",                                                 \
      "OutputTensor.Sizes must equal InputTensor.Sizes")                                           \
    X(ID_2_SCALE_BIAS_TYPE, "ID-2/FD1", "scale and bias",                                          \
      "ScaleBias is allowed on FLOAT16, FLOAT32 and FLOAT64 tensors only (decision FD1)")
DML_OP_RULES(IDENTITY_RULES);

static const struct dml_fl_row identity_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 5, DML_TYPES_FLOAT, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 5, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static bool is_float(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

/* FD1: DirectML leaves ScaleBias on integers undefined; rejecting beats inventing values. */
static HRESULT check_scale_bias(struct dml_validate_ctx *ctx, const DML_SCALE_BIAS *scale_bias,
                                const struct dml_tensor *in)
{
    if (!scale_bias)
        return S_OK;
    if (!is_float(in->data_type))
        return dml_reject(ctx, DML_RULE_ID_2_SCALE_BIAS_TYPE,
                          "ScaleBias is given on %s tensors; allowed: NULL, or FLOAT16, FLOAT32 "
                          "and FLOAT64 tensors (decision FD1: undefined on integers)",
                          dml_data_type_name(in->data_type));
    return S_OK;
}

/* Indexed by DML_TENSOR_DATA_TYPE: the float types' arithmetic (FD1). */
static const enum plan_arith arith_of[] = {
    [DML_TENSOR_DATA_TYPE_FLOAT16] = PLAN_ARITH_FMA_F16,
    [DML_TENSOR_DATA_TYPE_FLOAT32] = PLAN_ARITH_FMA_F32,
    [DML_TENSOR_DATA_TYPE_FLOAT64] = PLAN_ARITH_FMA_F64,
};

static HRESULT identity_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                 struct dml_op_def *def)
{
    const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = dml_validate_in_out(ctx, desc->InputTensor, desc->OutputTensor, t)))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        if (t[1].sizes[d] != t[0].sizes[d])
            return dml_reject(ctx, DML_RULE_ID_1_SIZE_MISMATCH,
                              "OutputTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u)",
                              d, t[1].sizes[d], d, t[0].sizes[d]);
    }
    if (FAILED(hr = check_scale_bias(ctx, desc->ScaleBias, &t[0])) ||
        FAILED(hr = dml_op_def_store(ctx, def, t, 1, 1)))
        return hr;
    /* FD2: in place when both descs have the same sizes, strides and Total; each element is then
     * read and written by the same thread, or not at all. */
    def->in_place = !memcmp(t[0].strides, t[1].strides, sizeof(t[0].strides)) &&
                    t[0].total_bytes == t[1].total_bytes;
    if (desc->ScaleBias) /* ALLOW_HALF_PRECISION_COMPUTATION changes nothing (FD1) */
        def->u.scale_bias =
            (struct dml_scale_bias_def){true, desc->ScaleBias->Scale, desc->ScaleBias->Bias};
    return S_OK;
}

/* One dimension per tensor dimension; a zero input stride is a broadcast, a permuted one a
 * transpose: lowering's later steps find the contiguous runs and the tiled transposes. */
static HRESULT identity_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0);
    const struct dml_tensor *output = dml_op_output(def, 0);
    HRESULT hr = lower_plan_init(plan, def->elem_size, input->rank, 1);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
    {
        plan->dims[d].size = output->sizes[d];
        plan->dims[d].in_stride = input->strides[d];
    }
    lower_part_strides(&plan->parts[0], output);
    if (def->u.scale_bias.present)
    {
        plan->arith = arith_of[input->data_type];
        plan->scale = def->u.scale_bias.scale;
        plan->bias = def->u.scale_bias.bias;
    }
    return S_OK;
}

const struct dml_op_entry dml_op_identity = {.type = DML_OPERATOR_ELEMENT_WISE_IDENTITY,
                                             .name = "ELEMENT_WISE_IDENTITY",
                                             .fl = DML_FL_TABLE(identity_rows),
                                             .validate = identity_validate,
                                             .lower = identity_lower,
                                             .rules = &op_rules};

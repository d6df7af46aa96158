/* DML_OPERATOR_SPLIT (spec 1.3). OutputTensors is a contiguous array of OutputCount
 * DML_TENSOR_DESC values. Every output is validated before anything is allocated, so a huge
 * OutputCount costs nothing unless the application really passed that many valid outputs. */
#include "ops/ops.h"

#include <stdio.h>

#include "lower.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define SPLIT_RULES(X)                                                                             \
    X(SP_1_OUTPUT_COUNT, "SP-1", "output count",                                                   \
      "OutputCount must be >= 1 and <= InputTensor.Sizes[Axis]")                                   \
    X(SP_2_AXIS, "SP-2", "axis", "Axis must be < InputTensor.DimensionCount")                      \
    X(SP_4_SIZE_MISMATCH, "SP-4", "non-axis size",                                                 \
      "every output's size must equal the input's on every dimension but Axis")                    \
    X(SP_5_AXIS_SUM, "SP-5", "axis sum",                                                           \
      "the outputs' sizes along Axis must add up to InputTensor.Sizes[Axis]")
DML_OP_RULES(SPLIT_RULES);

static const struct dml_fl_row split_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, DML_TYPES_6T, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

/* SP-1 and SP-2, before any output is looked at. */
static HRESULT check_counts(struct dml_validate_ctx *ctx, const DML_SPLIT_OPERATOR_DESC *desc,
                            const struct dml_tensor *in)
{
    if (!desc->OutputCount)
        return dml_reject(ctx, DML_RULE_SP_1_OUTPUT_COUNT, "OutputCount is 0; allowed: >= 1");
    if (!desc->OutputTensors)
        return dml_reject(ctx, DML_RULE_DESC_ARRAY_NULL,
                          "OutputTensors is NULL; allowed: OutputCount DML_TENSOR_DESC values");
    if (desc->Axis >= in->rank)
        return dml_reject(ctx, DML_RULE_SP_2_AXIS, "Axis is %u; allowed: 0..%u", desc->Axis,
                          in->rank - 1);
    /* Each output holds at least one slice of the axis (T5, SP-5). */
    if (desc->OutputCount > in->sizes[desc->Axis])
        return dml_reject(ctx, DML_RULE_SP_1_OUTPUT_COUNT,
                          "OutputCount is %u; allowed: 1..InputTensor.Sizes[%u] (%u)",
                          desc->OutputCount, desc->Axis, in->sizes[desc->Axis]);
    return S_OK;
}

/* Output k: T1-T10, SP-4, and its share of SP-5 (*sum never exceeds the input's axis size). */
static HRESULT check_output(struct dml_validate_ctx *ctx, const DML_SPLIT_OPERATOR_DESC *desc,
                            uint32_t k, const struct dml_tensor *in, uint64_t *sum,
                            struct dml_tensor *out)
{
    const uint32_t axis = desc->Axis;
    char name[32];
    HRESULT hr;

    snprintf(name, sizeof(name), "OutputTensors[%u]", k);
    if (FAILED(hr = dml_validate_output(ctx, &desc->OutputTensors[k], name, in, out)))
        return hr;
    for (uint32_t d = 0; d < in->rank; ++d)
    {
        if (d != axis && out->sizes[d] != in->sizes[d])
            return dml_reject(ctx, DML_RULE_SP_4_SIZE_MISMATCH,
                              "%s.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u)", name, d,
                              out->sizes[d], d, in->sizes[d]);
    }
    *sum += out->sizes[axis];
    if (*sum > in->sizes[axis])
        return dml_reject(ctx, DML_RULE_SP_5_AXIS_SUM,
                          "OutputTensors[0..%u].Sizes[%u] add up to %llu; allowed: "
                          "InputTensor.Sizes[%u] (%u)",
                          k, axis, (unsigned long long)*sum, axis, in->sizes[axis]);
    return S_OK;
}

static HRESULT check_outputs(struct dml_validate_ctx *ctx, const DML_SPLIT_OPERATOR_DESC *desc,
                             const struct dml_tensor *in)
{
    const uint32_t axis = desc->Axis;
    struct dml_tensor out;
    uint64_t sum = 0;
    HRESULT hr;

    for (uint32_t k = 0; k < desc->OutputCount; ++k)
    {
        if (FAILED(hr = check_output(ctx, desc, k, in, &sum, &out)))
            return hr;
    }
    if (sum != in->sizes[axis])
        return dml_reject(ctx, DML_RULE_SP_5_AXIS_SUM,
                          "OutputTensors[*].Sizes[%u] add up to %llu; allowed: "
                          "InputTensor.Sizes[%u] (%u)",
                          axis, (unsigned long long)sum, axis, in->sizes[axis]);
    return S_OK;
}

/* After validation: allocate, then normalise every output again (it cannot fail now). */
static HRESULT store(struct dml_validate_ctx *ctx, const DML_SPLIT_OPERATOR_DESC *desc,
                     const struct dml_tensor *in, struct dml_op_def *out)
{
    struct dml_validate_ctx quiet = *ctx;
    HRESULT hr;

    quiet.debug = false;
    if (FAILED(hr = dml_op_def_init(out, DML_OPERATOR_SPLIT, 1, desc->OutputCount)))
        return hr;
    out->tensors[0] = *in;
    out->elem_size = dml_data_type_size(in->data_type);
    for (uint32_t k = 0; k < desc->OutputCount; ++k)
        dml_tensor_validate(&quiet, &desc->OutputTensors[k], "", DML_TENSOR_OUTPUT,
                            &out->tensors[1 + k]);
    out->u.axis = desc->Axis;
    return S_OK;
}

static HRESULT split_validate(struct dml_validate_ctx *ctx, const void *desc_,
                              struct dml_op_def *out)
{
    const DML_SPLIT_OPERATOR_DESC *desc = desc_;
    struct dml_tensor in;
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputTensor, "InputTensor", &in)) ||
        FAILED(hr = check_counts(ctx, desc, &in)) || FAILED(hr = check_outputs(ctx, desc, &in)))
        return hr;
    return store(ctx, desc, &in, out);
}

/* The iteration space is the input; output k takes the axis range that begins at the sum of the
 * earlier outputs' extents (SP-8). */
static HRESULT split_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0);
    uint32_t axis = def->u.axis, begin = 0;
    HRESULT hr = lower_plan_init(plan, def->elem_size, input->rank, def->output_count);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
    {
        plan->dims[d].size = input->sizes[d];
        plan->dims[d].in_stride = input->strides[d];
    }
    plan->part_axis = axis;
    for (uint32_t k = 0; k < def->output_count; ++k)
    {
        const struct dml_tensor *output = dml_op_output(def, k);
        plan->parts[k].axis_begin = begin;
        lower_part_strides(&plan->parts[k], output);
        begin += output->sizes[axis];
    }
    return S_OK;
}

const struct dml_op_entry dml_op_split = {.type = DML_OPERATOR_SPLIT,
                                          .name = "SPLIT",
                                          .fl = DML_FL_TABLE(split_rows),
                                          .validate = split_validate,
                                          .lower = split_lower,
                                          .rules = &op_rules};

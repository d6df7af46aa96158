/* DML_OPERATOR_JOIN (spec 1.4, datamove-family 2): the inverse of SPLIT. InputTensors is a
 * contiguous array of InputCount DML_TENSOR_DESC values. Counts are checked against the output
 * before any input past the first is read, so a huge InputCount costs nothing unless the
 * application really passed that many valid inputs. */
#include "ops/ops.h"

#include <stdio.h>

#include "lower.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define JOIN_RULES(X)                                                                              \
    X(J_1_INPUT_COUNT, "J-1", "input count",                                                       \
      "InputCount must be >= 1 and <= OutputTensor.Sizes[Axis]")                                   \
    X(J_2_AXIS, "J-2", "axis", "Axis must be < OutputTensor.DimensionCount")                       \
    X(J_4_SIZE_MISMATCH, "J-4", "non-axis size",                                                   \
      "every input's size must equal the output's on every dimension but Axis")                    \
    X(J_4_AXIS_SUM, "J-4", "axis sum",                                                             \
      "the inputs' sizes along Axis must add up to OutputTensor.Sizes[Axis]")
DML_OP_RULES(JOIN_RULES);

/* D6: 1-8 dims from FL 3.1 (FLH, REL 1.5.0), though the doc table has no 3.1 row. */
static const struct dml_fl_row join_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, DML_TYPES_6T, 0},  {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 4, 5, DML_TYPES_8T, 0},  {DML_FEATURE_LEVEL_3_1, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

/* J-1 and J-2 once InputTensors[0] and the output are known. */
static HRESULT check_counts(struct dml_validate_ctx *ctx, const DML_JOIN_OPERATOR_DESC *desc,
                            const struct dml_tensor *out)
{
    if (desc->Axis >= out->rank)
        return dml_reject(ctx, DML_RULE_J_2_AXIS, "Axis is %u; allowed: 0..%u", desc->Axis,
                          out->rank - 1);
    /* Each input holds at least one slice of the axis (T5, J-4). */
    if (desc->InputCount > out->sizes[desc->Axis])
        return dml_reject(ctx, DML_RULE_J_1_INPUT_COUNT,
                          "InputCount is %u; allowed: 1..OutputTensor.Sizes[%u] (%u)",
                          desc->InputCount, desc->Axis, out->sizes[desc->Axis]);
    return S_OK;
}

/* Input k: T1-T9 with its feature-level rules, J-3 (as T10) and J-4 against the output. */
static HRESULT check_input(struct dml_validate_ctx *ctx, const DML_JOIN_OPERATOR_DESC *desc,
                           uint32_t k, const struct dml_tensor *out, uint64_t *sum)
{
    const uint32_t axis = desc->Axis;
    struct dml_tensor in;
    char name[32];
    HRESULT hr;

    snprintf(name, sizeof(name), "InputTensors[%u]", k);
    if (FAILED(hr = dml_validate_input(ctx, &desc->InputTensors[k], name, &in)))
        return hr;
    if (in.data_type != out->data_type)
        return dml_reject(ctx, DML_RULE_T10_DATA_TYPE_MISMATCH,
                          "%s.DataType is %s; allowed: OutputTensor's %s", name,
                          dml_data_type_name(in.data_type), dml_data_type_name(out->data_type));
    if (in.rank != out->rank)
        return dml_reject(ctx, DML_RULE_T10_DIMENSION_COUNT_MISMATCH,
                          "%s.DimensionCount is %u; allowed: OutputTensor's %u", name, in.rank,
                          out->rank);
    for (uint32_t d = 0; d < out->rank; ++d)
    {
        if (d != axis && in.sizes[d] != out->sizes[d])
            return dml_reject(ctx, DML_RULE_J_4_SIZE_MISMATCH,
                              "%s.Sizes[%u] is %u; allowed: OutputTensor.Sizes[%u] (%u)", name, d,
                              in.sizes[d], d, out->sizes[d]);
    }
    *sum += in.sizes[axis];
    if (*sum > out->sizes[axis])
        return dml_reject(ctx, DML_RULE_J_4_AXIS_SUM,
                          "InputTensors[0..%u].Sizes[%u] add up to %llu; allowed: "
                          "OutputTensor.Sizes[%u] (%u)",
                          k, axis, (unsigned long long)*sum, axis, out->sizes[axis]);
    return S_OK;
}

static HRESULT check_inputs(struct dml_validate_ctx *ctx, const DML_JOIN_OPERATOR_DESC *desc,
                            const struct dml_tensor *out)
{
    uint64_t sum = 0;
    HRESULT hr;

    for (uint32_t k = 0; k < desc->InputCount; ++k)
    {
        if (FAILED(hr = check_input(ctx, desc, k, out, &sum)))
            return hr;
    }
    if (sum != out->sizes[desc->Axis])
        return dml_reject(ctx, DML_RULE_J_4_AXIS_SUM,
                          "InputTensors[*].Sizes[%u] add up to %llu; allowed: "
                          "OutputTensor.Sizes[%u] (%u)",
                          desc->Axis, (unsigned long long)sum, desc->Axis, out->sizes[desc->Axis]);
    return S_OK;
}

/* After validation: allocate, then normalise every input again (it cannot fail now). */
static HRESULT store(struct dml_validate_ctx *ctx, const DML_JOIN_OPERATOR_DESC *desc,
                     const struct dml_tensor *out, struct dml_op_def *def)
{
    struct dml_validate_ctx quiet = *ctx;
    HRESULT hr;

    quiet.debug = false;
    if (FAILED(hr = dml_op_def_init(def, DML_OPERATOR_JOIN, desc->InputCount, 1)))
        return hr;
    for (uint32_t k = 0; k < desc->InputCount; ++k)
        dml_tensor_validate(&quiet, &desc->InputTensors[k], "", DML_TENSOR_INPUT, &def->tensors[k]);
    def->tensors[desc->InputCount] = *out;
    def->elem_size = dml_data_type_size(out->data_type);
    def->u.axis = desc->Axis;
    return S_OK;
}

static HRESULT join_validate(struct dml_validate_ctx *ctx, const void *desc_,
                             struct dml_op_def *def)
{
    const DML_JOIN_OPERATOR_DESC *desc = desc_;
    struct dml_tensor first, out;
    HRESULT hr;

    if (!desc->InputCount)
        return dml_reject(ctx, DML_RULE_J_1_INPUT_COUNT, "InputCount is 0; allowed: >= 1");
    if (!desc->InputTensors)
        return dml_reject(ctx, DML_RULE_DESC_ARRAY_NULL,
                          "InputTensors is NULL; allowed: InputCount DML_TENSOR_DESC values");
    if (FAILED(hr = dml_validate_input(ctx, &desc->InputTensors[0], "InputTensors[0]", &first)) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputTensor, "OutputTensor", &first, &out)) ||
        FAILED(hr = check_counts(ctx, desc, &out)) || FAILED(hr = check_inputs(ctx, desc, &out)))
        return hr;
    return store(ctx, desc, &out, def);
}

/* The iteration space is the output; input k covers the axis range that begins at the sum of
 * the earlier inputs' extents (J-4): input parts, the mirror of SPLIT's output parts. */
static HRESULT join_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *output = dml_op_output(def, 0);
    uint32_t axis = def->u.axis, begin = 0;
    HRESULT hr = lower_plan_init(plan, def->elem_size, output->rank, 1);
    if (SUCCEEDED(hr))
        hr = lower_plan_in_parts(plan, axis, def->input_count);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < output->rank; ++d)
        plan->dims[d].size = output->sizes[d];
    lower_part_strides(&plan->parts[0], output);
    for (uint32_t k = 0; k < def->input_count; ++k)
    {
        const struct dml_tensor *input = dml_op_input(def, k);
        plan->in_parts[k].axis_begin = begin;
        lower_part_strides(&plan->in_parts[k], input);
        begin += input->sizes[axis];
    }
    return S_OK;
}

const struct dml_op_entry dml_op_join = {.type = DML_OPERATOR_JOIN,
                                         .name = "JOIN",
                                         .fl = DML_FL_TABLE(join_rows),
                                         .validate = join_validate,
                                         .lower = join_lower,
                                         .rules = &op_rules};

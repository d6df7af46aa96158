/* DML_OPERATOR_PADDING (spec 1.5) and DML_OPERATOR_PADDING1 (spec 1.6). PADDING's FLOAT value is
 * kept as a FLOAT32 scalar; lowering converts it to the element's bits (D4). */
#include "ops/ops.h"

#include <string.h>

#include "lower.h"
#include "scalar.h"

/* The operators' own rules: X(ID, short name, title, message) */
#define PADDING_RULES(X)                                                                           \
    X(P_2_OUTPUT_SIZE, "P-2", "output size",                                                       \
      "OutputTensor.Sizes[i] must equal InputTensor.Sizes[i] + StartPadding[i] + EndPadding[i]")   \
    X(P_3_PADDING_MODE, "P-3", "padding mode", "PaddingMode must be a defined DML_PADDING_MODE")   \
    X(P1_2_VALUE_TYPE, "P1-2", "padding value type",                                               \
      "PaddingValueDataType must equal OutputTensor.DataType")
DML_OP_RULES(PADDING_RULES);

static const struct dml_fl_row padding_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 5, DML_TYPES_FLOAT, DML_MODES_CER},
    {DML_FEATURE_LEVEL_2_1, 4, 5, DML_TYPES_8T, DML_MODES_CER},
    {DML_FEATURE_LEVEL_3_0, 4, 5, DML_TYPES_8T, DML_MODES_CERS},
    {DML_FEATURE_LEVEL_3_1, 1, 8, DML_TYPES_8T, DML_MODES_CERS},
    {DML_FEATURE_LEVEL_5_0, 1, 8, DML_TYPES_11T, DML_MODES_CERS},
    {DML_FEATURE_LEVEL_6_4, 1, 8, DML_TYPES_11T, DML_MODES_ALL},
};

static const struct dml_fl_row padding1_rows[] = {
    {DML_FEATURE_LEVEL_5_0, 1, 8, DML_TYPES_11T, DML_MODES_CERS},
    {DML_FEATURE_LEVEL_6_4, 1, 8, DML_TYPES_11T, DML_MODES_ALL},
};

/* The fields PADDING and PADDING1 share. */
struct padding_fields
{
    const DML_TENSOR_DESC *input, *output;
    DML_PADDING_MODE mode;
    UINT dimension_count;
    const UINT *start, *end;
};

/* P-2 on every dimension. */
static HRESULT check_sizes(struct dml_validate_ctx *ctx, const struct dml_tensor t[2],
                           const UINT *start, const UINT *end)
{
    for (uint32_t i = 0; i < t[0].rank; ++i)
    {
        const uint64_t expected = (uint64_t)t[0].sizes[i] + start[i] + end[i];
        if (t[1].sizes[i] != expected)
            return dml_reject(ctx, DML_RULE_P_2_OUTPUT_SIZE,
                              "OutputTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] + "
                              "StartPadding[%u] + EndPadding[%u] (%llu)",
                              i, t[1].sizes[i], i, i, i, (unsigned long long)expected);
    }
    return S_OK;
}

static HRESULT check_padding(struct dml_validate_ctx *ctx, const struct padding_fields *f,
                             struct dml_tensor t[2])
{
    HRESULT hr;

    if (FAILED(hr = dml_validate_in_out(ctx, f->input, f->output, t)) ||
        FAILED(hr = dml_check_padding_mode(ctx, DML_RULE_P_3_PADDING_MODE, f->mode)) ||
        FAILED(hr = dml_check_desc_dims(ctx, f->dimension_count, t[0].rank)) ||
        FAILED(hr = dml_check_array(ctx, f->start, "StartPadding")) ||
        FAILED(hr = dml_check_array(ctx, f->end, "EndPadding")))
        return hr;
    return check_sizes(ctx, t, f->start, f->end);
}

static HRESULT store(struct dml_validate_ctx *ctx, const struct padding_fields *f,
                     const struct dml_tensor t[2], DML_TENSOR_DATA_TYPE value_type,
                     DML_SCALAR_UNION value, struct dml_op_def *out)
{
    HRESULT hr;

    if (FAILED(hr = dml_op_def_store(ctx, out, t, 1, 1)))
        return hr;
    out->u.padding.mode = f->mode;
    for (uint32_t i = 0; i < t[0].rank; ++i)
    {
        out->u.padding.start[i] = f->start[i];
        out->u.padding.end[i] = f->end[i];
    }
    out->u.padding.value_type = value_type;
    out->u.padding.value = value;
    return S_OK;
}

static HRESULT padding_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                struct dml_op_def *out)
{
    const DML_PADDING_OPERATOR_DESC *desc = desc_;
    const struct padding_fields f = {desc->InputTensor,    desc->OutputTensor, desc->PaddingMode,
                                     desc->DimensionCount, desc->StartPadding, desc->EndPadding};
    DML_SCALAR_UNION value = {0};
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = check_padding(ctx, &f, t)))
        return hr;
    value.Float32 = desc->PaddingValue;
    return store(ctx, &f, t, DML_TENSOR_DATA_TYPE_FLOAT32, value, out);
}

static HRESULT padding1_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                 struct dml_op_def *out)
{
    const DML_PADDING1_OPERATOR_DESC *desc = desc_;
    const struct padding_fields f = {desc->InputTensor,    desc->OutputTensor, desc->PaddingMode,
                                     desc->DimensionCount, desc->StartPadding, desc->EndPadding};
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = check_padding(ctx, &f, t)))
        return hr;
    if (desc->PaddingValueDataType != t[1].data_type)
        return dml_reject(ctx, DML_RULE_P1_2_VALUE_TYPE,
                          "PaddingValueDataType is %s (%u); allowed: OutputTensor.DataType (%s)",
                          dml_data_type_name(desc->PaddingValueDataType),
                          (unsigned)desc->PaddingValueDataType, dml_data_type_name(t[1].data_type));
    return store(ctx, &f, t, desc->PaddingValueDataType, desc->PaddingValue, out);
}

/* Indexed by DML_PADDING_MODE. */
static const enum plan_map padding_maps[] = {
    [DML_PADDING_MODE_CONSTANT] = PLAN_MAP_CONSTANT,
    [DML_PADDING_MODE_EDGE] = PLAN_MAP_EDGE,
    [DML_PADDING_MODE_REFLECTION] = PLAN_MAP_REFLECT,
    [DML_PADDING_MODE_SYMMETRIC] = PLAN_MAP_SYMMETRIC,
    [DML_PADDING_MODE_WRAP] = PLAN_MAP_WRAP,
};

/* P-7: a dimension without padding is a plain copy (AFFINE). */
static HRESULT padding_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0);
    const struct dml_tensor *output = dml_op_output(def, 0);
    const struct dml_padding_def *padding = &def->u.padding;
    HRESULT hr = lower_plan_init(plan, def->elem_size, input->rank, 1);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
    {
        int padded = padding->start[d] || padding->end[d];
        plan->dims[d] = (struct plan_dim){
            .size = output->sizes[d],
            .in_stride = input->strides[d],
            .map = padded ? padding_maps[padding->mode] : PLAN_MAP_AFFINE,
            .in_size = input->sizes[d],
            .pad_start = padding->start[d],
            .step = 1,
        };
    }
    lower_part_strides(&plan->parts[0], output);
    if (padding->mode == DML_PADDING_MODE_CONSTANT)
    {
        uint64_t bits =
            dml_scalar_to_element_bits(padding->value_type, &padding->value, output->data_type);
        memcpy(plan->pad_value, &bits, def->elem_size);
    }
    return S_OK;
}

const struct dml_op_entry dml_op_padding = {.type = DML_OPERATOR_PADDING,
                                            .name = "PADDING",
                                            .fl = DML_FL_TABLE(padding_rows),
                                            .validate = padding_validate,
                                            .lower = padding_lower,
                                            .rules = &op_rules};
const struct dml_op_entry dml_op_padding1 = {.type = DML_OPERATOR_PADDING1,
                                             .name = "PADDING1",
                                             .fl = DML_FL_TABLE(padding1_rows),
                                             .validate = padding1_validate,
                                             .lower = padding_lower,
                                             .rules = &op_rules};

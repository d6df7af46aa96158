/* DML_OPERATOR_REVERSE_SUBSEQUENCES (datamove-family 11, decision FD7): along Axis, each sequence's
 * first L elements come out reversed and the rest unchanged, L its SequenceLengthsTensor value
 * clamped to the axis: output[c] = input[c with c[Axis] = c[Axis] < L ? L - 1 - c[Axis] : c[Axis]].
 */
#include "ops/index.h"

#include <string.h>

/* The operator's own rules: X(ID, short name, title, message) */
#define REVERSE_RULES(X)                                                                           \
    X(RS_1_OUTPUT_SIZE, "RS-1", "output size", "OutputTensor.Sizes must equal InputTensor.Sizes")  \
    X(RS_2_LENGTHS_SIZE, "RS-2", "sequence lengths size",                                          \
      "SequenceLengthsTensor.Sizes must equal InputTensor.Sizes, except 1 along Axis")             \
    X(RS_3_AXIS, "RS-3", "axis", "Axis must be < InputTensor.DimensionCount")
DML_OP_RULES(REVERSE_RULES);

static const struct dml_fl_row reverse_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 4, 5, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_5_0, 1, 8, DML_TYPES_11T, 0},
};

/* SequenceLengthsTensor: UINT32, and UINT64 from 5.0. */
static const struct dml_fl_row reverse_lengths_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_3_0, 4, 5, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_4_0, 1, 8, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_5_0, 1, 8, DML_TYPE_BIT(UINT32) | DML_TYPE_BIT(UINT64), 0},
};
static const struct dml_fl_table reverse_lengths_fl = DML_FL_TABLE(reverse_lengths_rows);

/* Over the output: the input's and the lengths' dims but Axis, whose coordinate the kernel maps. */
static void reverse_layout(uint32_t rank, uint32_t axis, struct dml_index_layout *layout)
{
    memset(layout, DML_INDEX_NO_DIM, sizeof(*layout));
    layout->rank = rank;
    layout->tuple_count = 1;
    layout->tuple_data_dim[0] = (uint8_t)axis;
    layout->axis = (int8_t)axis;
    layout->slice_rank = 0;
    for (uint32_t o = 0; o < rank; ++o)
        layout->data_dim[o] = layout->index_dim[o] = o == axis ? DML_INDEX_NO_DIM : (int8_t)o;
}

/* RS-1 (sizes), RS-2, RS-3 on valid tensors: t = input, lengths, output. */
static HRESULT reverse_check(struct dml_validate_ctx *ctx, uint32_t axis,
                             const struct dml_tensor t[3])
{
    HRESULT hr;

    if (FAILED(hr = dml_check_axis(ctx, DML_RULE_RS_3_AXIS, axis, t[0].rank, "InputTensor")))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        uint32_t allowed = d == axis ? 1 : t[0].sizes[d];
        if (t[2].sizes[d] != t[0].sizes[d])
            return dml_reject(ctx, DML_RULE_RS_1_OUTPUT_SIZE,
                              "OutputTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u)",
                              d, t[2].sizes[d], d, t[0].sizes[d]);
        if (t[1].sizes[d] != allowed)
            return dml_reject(ctx, DML_RULE_RS_2_LENGTHS_SIZE,
                              "SequenceLengthsTensor.Sizes[%u] is %u; allowed: %u (%s)", d,
                              t[1].sizes[d], allowed,
                              d == axis ? "along Axis" : "InputTensor.Sizes");
    }
    return S_OK;
}

static HRESULT reverse_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                struct dml_op_def *def)
{
    const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[3];
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputTensor, "InputTensor", &t[0])) ||
        FAILED(hr = dml_validate_index_input(ctx, &reverse_lengths_fl, desc->SequenceLengthsTensor,
                                             "SequenceLengthsTensor", &t[1])) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputTensor, "OutputTensor", &t[0], &t[2])) ||
        FAILED(
            hr = dml_check_same_rank(ctx, &t[1], "SequenceLengthsTensor", &t[0], "InputTensor")) ||
        FAILED(hr = reverse_check(ctx, desc->Axis, t)) ||
        FAILED(hr = dml_op_def_store(ctx, def, t, 2, 1)))
        return hr;
    def->u.index.axis = desc->Axis;
    return S_OK;
}

static HRESULT reverse_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_index_roles roles = {PLAN_INDEX_REVERSE,
                                          dml_op_input(def, 0),
                                          dml_op_input(def, 1),
                                          dml_op_output(def, 0),
                                          0,
                                          1,
                                          2,
                                          0};
    struct dml_index_layout layout;

    reverse_layout(def->tensors[0].rank, def->u.index.axis, &layout);
    return dml_index_lower(&layout, &roles, def->elem_size, plan);
}

const struct dml_op_entry dml_op_reverse_subsequences = {.type = DML_OPERATOR_REVERSE_SUBSEQUENCES,
                                                         .name = "REVERSE_SUBSEQUENCES",
                                                         .fl = DML_FL_TABLE(reverse_rows),
                                                         .validate = reverse_validate,
                                                         .lower = reverse_lower,
                                                         .rules = &op_rules};

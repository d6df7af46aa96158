/* DML_OPERATOR_GATHER (datamove-family 4, decision FD7): output[...] = input[..., indices[...],
 * ...] along Axis. The output dims are DirectMLX's: the input's dims after Axis stay where they
 * are, the last IndexDimensions dims of the indices end at Axis, and the input's dims before Axis
 * come before them, right-aligned; whatever does not fit must be 1. An index is clamped into the
 * axis (a negative one first counts from the end), so no value reads outside the input. */
#include "ops/index.h"

#include <string.h>

/* The operator's own rules: X(ID, short name, title, message) */
#define GATHER_RULES(X)                                                                            \
    X(GA_2_AXIS, "GA-2", "axis", "Axis must be < InputTensor.DimensionCount")                      \
    X(GA_3_INDEX_DIMENSIONS, "GA-3", "index dimensions",                                           \
      "IndexDimensions must be <= IndicesTensor.DimensionCount")                                   \
    X(GA_4_DIMENSION_FIT, "GA-4", "dimensions that do not fit",                                    \
      "input dimensions before Axis that do not fit the output, and indices dimensions before "    \
      "the last IndexDimensions, must be 1")                                                       \
    X(GA_4_OUTPUT_SIZE, "GA-4", "output size",                                                     \
      "OutputTensor.Sizes must be {InputTensor.Sizes[0..Axis), the last IndexDimensions of "       \
      "IndicesTensor.Sizes, InputTensor.Sizes(Axis..)}, right-aligned (DirectMLX's Gather)")
DML_OP_RULES(GATHER_RULES);

static const struct dml_fl_row gather_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, DML_TYPES_FLOAT, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

/* IndicesTensor: its own types per level (the dims are the data's). */
static const struct dml_fl_row gather_index_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_INDEX, 0},
};
static const struct dml_fl_table gather_index_fl = DML_FL_TABLE(gather_index_rows);

/* DirectMLX's output shape for rank dims, Axis a and IndexDimensions m. */
static void gather_layout(uint32_t rank, uint32_t a, uint32_t m, struct dml_index_layout *layout)
{
    memset(layout, DML_INDEX_NO_DIM, sizeof(*layout));
    layout->rank = rank;
    layout->tuple_count = 1;
    layout->tuple_data_dim[0] = (uint8_t)a;
    layout->slice_rank = 0;
    for (uint32_t o = a + 1; o < rank; ++o) /* after the axis: in place */
        layout->data_dim[o] = (int8_t)o;
    for (uint32_t t = 0; t < m && t <= a; ++t) /* the index dims end at the axis */
        layout->index_dim[a - t] = (int8_t)(rank - 1 - t);
    for (uint32_t t = 0; t + m <= a && t < a; ++t) /* before the axis: right-aligned before them */
        layout->data_dim[a - m - t] = (int8_t)(a - 1 - t);
}

static HRESULT gather_check(struct dml_validate_ctx *ctx, const DML_GATHER_OPERATOR_DESC *desc,
                            const struct dml_tensor t[3])
{
    struct dml_index_layout layout;
    HRESULT hr;

    if (FAILED(hr = dml_check_same_rank(ctx, &t[1], "IndicesTensor", &t[0], "InputTensor")) ||
        FAILED(hr = dml_check_axis(ctx, DML_RULE_GA_2_AXIS, desc->Axis, t[0].rank, "InputTensor")))
        return hr;
    if (desc->IndexDimensions > t[1].rank)
        return dml_reject(ctx, DML_RULE_GA_3_INDEX_DIMENSIONS,
                          "IndexDimensions is %u; allowed: 0..%u (IndicesTensor.DimensionCount)",
                          desc->IndexDimensions, t[1].rank);
    gather_layout(t[0].rank, desc->Axis, desc->IndexDimensions, &layout);
    if (FAILED(hr = dml_index_check_unwalked(ctx, DML_RULE_GA_4_DIMENSION_FIT, &layout, &t[0],
                                             "InputTensor", &t[1], "IndicesTensor")))
        return hr;
    return dml_index_check_walk_sizes(ctx, DML_RULE_GA_4_OUTPUT_SIZE, &layout, &t[0], &t[1], &t[2],
                                      "OutputTensor");
}

static HRESULT gather_validate(struct dml_validate_ctx *ctx, const void *desc_,
                               struct dml_op_def *def)
{
    const DML_GATHER_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[3];
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputTensor, "InputTensor", &t[0])) ||
        FAILED(hr = dml_validate_index_input(ctx, &gather_index_fl, desc->IndicesTensor,
                                             "IndicesTensor", &t[1])) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputTensor, "OutputTensor", &t[0], &t[2])) ||
        FAILED(hr = gather_check(ctx, desc, t)) || FAILED(hr = dml_op_def_store(ctx, def, t, 2, 1)))
        return hr;
    def->u.index.axis = desc->Axis;
    def->u.index.index_dims = desc->IndexDimensions;
    return S_OK;
}

static HRESULT gather_lower(const struct dml_op_def *def, struct plan *plan)
{
    struct dml_index_layout layout;
    const struct dml_index_roles roles = {PLAN_INDEX_GATHER,
                                          dml_op_input(def, 0),
                                          dml_op_input(def, 1),
                                          dml_op_output(def, 0),
                                          0,
                                          1,
                                          2,
                                          0};

    gather_layout(def->tensors[0].rank, def->u.index.axis, def->u.index.index_dims, &layout);
    return dml_index_lower(&layout, &roles, def->elem_size, plan);
}

const struct dml_op_entry dml_op_gather = {.type = DML_OPERATOR_GATHER,
                                           .name = "GATHER",
                                           .fl = DML_FL_TABLE(gather_rows),
                                           .validate = gather_validate,
                                           .lower = gather_lower,
                                           .rules = &op_rules};

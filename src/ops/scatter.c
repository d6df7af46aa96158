/* DML_OPERATOR_SCATTER_ELEMENTS = DML_OPERATOR_SCATTER (datamove-family 7, decision FD7):
 * output = input; output[c with c[Axis] = indices[c]] = updates[c] for every coordinate c of the
 * updates. An update whose index is out of range (after a negative one counts from the end) is
 * dropped; of several updates of one element the one latest in the updates' row-major order
 * wins, whatever the order the GPU runs them in (src/ops/index_scatter.c). */
#include "ops/index.h"

#include <string.h>

/* The operator's own rules: X(ID, short name, title, message) */
#define SCATTER_RULES(X)                                                                           \
    X(SC_2_AXIS, "SC-2", "axis", "Axis must be < OutputTensor.DimensionCount")                     \
    X(SC_2_INDICES_SIZE, "SC-2", "indices size",                                                   \
      "IndicesTensor.Sizes must equal InputTensor.Sizes on every dimension but Axis")              \
    X(SC_2_UPDATES_SIZE, "SC-2", "updates size",                                                   \
      "UpdatesTensor.Sizes must equal IndicesTensor.Sizes")
DML_OP_RULES(SCATTER_RULES);

/* FL 2.0: DirectML.h and the feature level history (the page says 1.0). */
static const struct dml_fl_row scatter_rows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, DML_TYPES_FLOAT, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static const struct dml_fl_row scatter_index_rows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_INDEX, 0},
};
static const struct dml_fl_table scatter_index_fl = DML_FL_TABLE(scatter_index_rows);

/* Over the updates: the output's dims but Axis, which the index gives; the indices' alike. */
static void scatter_layout(uint32_t rank, uint32_t axis, struct dml_index_layout *layout)
{
    memset(layout, DML_INDEX_NO_DIM, sizeof(*layout));
    layout->rank = rank;
    layout->tuple_count = 1;
    layout->tuple_data_dim[0] = (uint8_t)axis;
    layout->slice_rank = 0;
    for (uint32_t o = 0; o < rank; ++o)
    {
        layout->data_dim[o] = o == axis ? DML_INDEX_NO_DIM : (int8_t)o;
        layout->index_dim[o] = (int8_t)o;
    }
}

/* SC-2 on valid tensors: t = input, indices, updates, output. */
static HRESULT scatter_check(struct dml_validate_ctx *ctx, uint32_t axis,
                             const struct dml_tensor t[4])
{
    HRESULT hr;

    if (FAILED(hr = dml_check_axis(ctx, DML_RULE_SC_2_AXIS, axis, t[3].rank, "OutputTensor")))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        if (t[3].sizes[d] != t[0].sizes[d])
            return dml_reject(ctx, DML_RULE_SC_OUTPUT_SIZE,
                              "OutputTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u)",
                              d, t[3].sizes[d], d, t[0].sizes[d]);
        if (d != axis && t[1].sizes[d] != t[0].sizes[d])
            return dml_reject(ctx, DML_RULE_SC_2_INDICES_SIZE,
                              "IndicesTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u) "
                              "on every dimension but Axis (%u)",
                              d, t[1].sizes[d], d, t[0].sizes[d], axis);
        if (t[2].sizes[d] != t[1].sizes[d])
            return dml_reject(
                ctx, DML_RULE_SC_2_UPDATES_SIZE,
                "UpdatesTensor.Sizes[%u] is %u; allowed: IndicesTensor.Sizes[%u] (%u)", d,
                t[2].sizes[d], d, t[1].sizes[d]);
    }
    return S_OK;
}

/* SC-1: Input, Updates and Output of one DataType, all four of one DimensionCount. */
static HRESULT scatter_tensors(struct dml_validate_ctx *ctx, const DML_SCATTER_OPERATOR_DESC *desc,
                               struct dml_tensor t[4])
{
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputTensor, "InputTensor", &t[0])) ||
        FAILED(hr = dml_validate_index_input(ctx, &scatter_index_fl, desc->IndicesTensor,
                                             "IndicesTensor", &t[1])) ||
        FAILED(hr = dml_validate_input(ctx, desc->UpdatesTensor, "UpdatesTensor", &t[2])) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputTensor, "OutputTensor", &t[0], &t[3])) ||
        FAILED(hr = dml_check_same_rank(ctx, &t[1], "IndicesTensor", &t[0], "InputTensor")) ||
        FAILED(hr = dml_check_same_rank(ctx, &t[2], "UpdatesTensor", &t[0], "InputTensor")))
        return hr;
    return dml_check_same_type(ctx, &t[2], "UpdatesTensor", &t[0], "InputTensor");
}

static HRESULT scatter_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                struct dml_op_def *def)
{
    const DML_SCATTER_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[4];
    HRESULT hr;

    if (FAILED(hr = scatter_tensors(ctx, desc, t)) ||
        FAILED(hr = scatter_check(ctx, desc->Axis, t)) ||
        FAILED(hr = dml_op_def_store(ctx, def, t, 3, 1)))
        return hr;
    def->u.index.axis = desc->Axis;
    return S_OK;
}

HRESULT dml_scatter_elements_lower_steps(const struct dml_op_def *def, struct dml_lower_steps *out)
{
    struct dml_index_layout layout;

    scatter_layout(def->tensors[0].rank, def->u.index.axis, &layout);
    return dml_scatter_lower_steps(def, &layout, out);
}

/* Several steps: no single plan (src/lower_steps.c). */
const struct dml_op_entry dml_op_scatter_elements = {.type = DML_OPERATOR_SCATTER_ELEMENTS,
                                                     .name = "SCATTER_ELEMENTS",
                                                     .fl = DML_FL_TABLE(scatter_rows),
                                                     .validate = scatter_validate,
                                                     .lower = NULL,
                                                     .rules = &op_rules};

/* DML_OPERATOR_GATHER_ELEMENTS (datamove-family 5, decision FD7): output[c] = input[c with
 * c[Axis] = indices[c]]; IndicesTensor and OutputTensor share their sizes, which are the input's
 * except along Axis. An index is clamped into the axis after a negative one counts from the
 * end, so no value reads outside the input. */
#include "ops/index.h"

#include <string.h>

/* The operator's own rules: X(ID, short name, title, message) */
#define GATHER_ELEMENTS_RULES(X)                                                                   \
    X(GE_2_INDICES_SIZE, "GE-2", "indices size",                                                   \
      "IndicesTensor.Sizes must equal InputTensor.Sizes on every dimension but Axis")              \
    X(GE_3_OUTPUT_SIZE, "GE-3", "output size",                                                     \
      "OutputTensor.Sizes must equal IndicesTensor.Sizes")                                         \
    X(GE_4_AXIS, "GE-4", "axis", "Axis must be < InputTensor.DimensionCount")
DML_OP_RULES(GATHER_ELEMENTS_RULES);

static const struct dml_fl_row gather_elements_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static const struct dml_fl_row gather_elements_index_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_INDEX, 0},
};
static const struct dml_fl_table gather_elements_index_fl =
    DML_FL_TABLE(gather_elements_index_rows);

/* Every dim walks input (but Axis, which the index gives) and indices alike. */
static void elements_layout(uint32_t rank, uint32_t axis, struct dml_index_layout *layout)
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

static HRESULT elements_check(struct dml_validate_ctx *ctx, uint32_t axis,
                              const struct dml_tensor t[3])
{
    HRESULT hr;

    if (FAILED(hr = dml_check_same_rank(ctx, &t[1], "IndicesTensor", &t[0], "InputTensor")) ||
        FAILED(hr = dml_check_axis(ctx, DML_RULE_GE_4_AXIS, axis, t[0].rank, "InputTensor")))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        if (d != axis && t[1].sizes[d] != t[0].sizes[d])
            return dml_reject(ctx, DML_RULE_GE_2_INDICES_SIZE,
                              "IndicesTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u) "
                              "on every dimension but Axis (%u)",
                              d, t[1].sizes[d], d, t[0].sizes[d], axis);
    }
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        if (t[2].sizes[d] != t[1].sizes[d])
            return dml_reject(ctx, DML_RULE_GE_3_OUTPUT_SIZE,
                              "OutputTensor.Sizes[%u] is %u; allowed: IndicesTensor.Sizes[%u] (%u)",
                              d, t[2].sizes[d], d, t[1].sizes[d]);
    }
    return S_OK;
}

static HRESULT gather_elements_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                        struct dml_op_def *def)
{
    const DML_GATHER_ELEMENTS_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[3];
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputTensor, "InputTensor", &t[0])) ||
        FAILED(hr = dml_validate_index_input(ctx, &gather_elements_index_fl, desc->IndicesTensor,
                                             "IndicesTensor", &t[1])) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputTensor, "OutputTensor", &t[0], &t[2])) ||
        FAILED(hr = elements_check(ctx, desc->Axis, t)) ||
        FAILED(hr = dml_op_def_store(ctx, def, t, 2, 1)))
        return hr;
    def->u.index.axis = desc->Axis;
    return S_OK;
}

static HRESULT gather_elements_lower(const struct dml_op_def *def, struct plan *plan)
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

    elements_layout(def->tensors[0].rank, def->u.index.axis, &layout);
    return dml_index_lower(&layout, &roles, def->elem_size, plan);
}

const struct dml_op_entry dml_op_gather_elements = {.type = DML_OPERATOR_GATHER_ELEMENTS,
                                                    .name = "GATHER_ELEMENTS",
                                                    .fl = DML_FL_TABLE(gather_elements_rows),
                                                    .validate = gather_elements_validate,
                                                    .lower = gather_elements_lower,
                                                    .rules = &op_rules};

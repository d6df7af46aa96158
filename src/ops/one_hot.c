/* DML_OPERATOR_ONE_HOT (datamove-family 12, decision FD7): output[c] = (indices[c with c[Axis] = 0]
 * == c[Axis]) ? OnValue : OffValue. OffValue is ValuesTensor's element 0, OnValue the element 1
 * along its fastest-changing dimension of size > 1. A negative index counts once from the end; an
 * index still out of range gives a sequence of OffValue only. */
#include "ops/index.h"

#include <string.h>

/* The operator's own rules: X(ID, short name, title, message) */
#define ONE_HOT_RULES(X)                                                                           \
    X(OH_2_INDICES_SIZE, "OH-2", "indices size",                                                   \
      "IndicesTensor.Sizes must equal OutputTensor.Sizes, except 1 along Axis")                    \
    X(OH_3_VALUES_COUNT, "OH-3", "values", "ValuesTensor must hold at least 2 elements")           \
    X(OH_4_AXIS, "OH-4", "axis", "Axis must be < IndicesTensor.DimensionCount")
DML_OP_RULES(ONE_HOT_RULES);

static const struct dml_fl_row one_hot_rows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, DML_TYPES_FLOAT, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static const struct dml_fl_row one_hot_index_rows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_INDEX, 0},
};
static const struct dml_fl_table one_hot_index_fl = DML_FL_TABLE(one_hot_index_rows);

/* Over the output: the indices' dims but Axis (of size 1); the values are read at two offsets. */
static void one_hot_layout(uint32_t rank, uint32_t axis, struct dml_index_layout *layout)
{
    memset(layout, DML_INDEX_NO_DIM, sizeof(*layout));
    layout->rank = rank;
    layout->tuple_count = 1;
    layout->tuple_data_dim[0] = 0; /* replaced: see one_hot_lower */
    layout->axis = (int8_t)axis;
    layout->slice_rank = 0;
    for (uint32_t o = 0; o < rank; ++o)
        layout->index_dim[o] = o == axis ? DML_INDEX_NO_DIM : (int8_t)o;
}

/* OH-2, OH-3, OH-4 on valid tensors: t = indices, values, output. */
static HRESULT one_hot_check(struct dml_validate_ctx *ctx, uint32_t axis,
                             const struct dml_tensor t[3])
{
    uint64_t values;
    HRESULT hr;

    if (FAILED(hr = dml_check_axis(ctx, DML_RULE_OH_4_AXIS, axis, t[0].rank, "IndicesTensor")))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        uint32_t allowed = d == axis ? 1 : t[2].sizes[d];
        if (t[0].sizes[d] != allowed)
            return dml_reject(ctx, DML_RULE_OH_2_INDICES_SIZE,
                              "IndicesTensor.Sizes[%u] is %u; allowed: %u (%s)", d, t[0].sizes[d],
                              allowed, d == axis ? "along Axis" : "OutputTensor.Sizes");
    }
    dml_element_count(t[1].rank, t[1].sizes, &values);
    if (values < 2)
        return dml_reject(ctx, DML_RULE_OH_3_VALUES_COUNT,
                          "ValuesTensor has %llu element; allowed: >= 2 (OffValue, OnValue)",
                          (unsigned long long)values);
    return S_OK;
}

static HRESULT one_hot_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                struct dml_op_def *def)
{
    const DML_ONE_HOT_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[3];
    HRESULT hr;

    if (FAILED(hr = dml_validate_index_input(ctx, &one_hot_index_fl, desc->IndicesTensor,
                                             "IndicesTensor", &t[0])) ||
        FAILED(hr = dml_validate_input(ctx, desc->ValuesTensor, "ValuesTensor", &t[1])) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputTensor, "OutputTensor", &t[1], &t[2])) ||
        FAILED(hr = dml_check_same_rank(ctx, &t[0], "IndicesTensor", &t[2], "OutputTensor")) ||
        FAILED(hr = one_hot_check(ctx, desc->Axis, t)) ||
        FAILED(hr = dml_op_def_store(ctx, def, t, 2, 1)))
        return hr;
    def->elem_size = dml_data_type_size(t[1].data_type); /* tensor 0 is the indices */
    def->u.index.axis = desc->Axis;
    return S_OK;
}

/* OnValue's offset: element 1 along the innermost dim of size > 1. */
static int64_t on_value_offset(const struct dml_tensor *values)
{
    uint32_t d = values->rank - 1;

    while (values->sizes[d] == 1)
        --d; /* stops: there are at least two elements (OH-3) */
    return values->strides[d];
}

static HRESULT one_hot_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *values = dml_op_input(def, 1), *output = dml_op_output(def, 0);
    const struct dml_index_roles roles = {
        PLAN_INDEX_ONE_HOT, values, dml_op_input(def, 0), output, 1, 0, 2, 0};
    struct dml_index_layout layout;
    HRESULT hr;

    one_hot_layout(output->rank, def->u.index.axis, &layout);
    if (FAILED(hr = dml_index_lower(&layout, &roles, def->elem_size, plan)))
        return hr;
    /* The index compares with the output's axis; x = 1 moves from OffValue to OnValue. */
    plan->index.sizes[0] = output->sizes[def->u.index.axis];
    plan->index.data_strides[0] = on_value_offset(values);
    return S_OK;
}

const struct dml_op_entry dml_op_one_hot = {.type = DML_OPERATOR_ONE_HOT,
                                            .name = "ONE_HOT",
                                            .fl = DML_FL_TABLE(one_hot_rows),
                                            .validate = one_hot_validate,
                                            .lower = one_hot_lower,
                                            .rules = &op_rules};

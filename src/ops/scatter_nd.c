/* DML_OPERATOR_SCATTER_ND (datamove-family 7, decisions FD5 and FD7): output = input;
 * output[indices[..., 0..k), ...] = updates[..., ...], k the indices' last size: each index tuple
 * selects a block of the output (its dims after the k indexed ones) that the updates overwrite.
 * The updates' dims are {1..., the indices' tuple positions, the input's dims after the indexed
 * ones}, right-aligned. A tuple with a component out of range (after a negative one counts from
 * the end) is dropped; of several tuples naming one block the last one wins, on every run
 * (src/ops/index_scatter.c). */
#include "ops/index.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define SCATTER_ND_RULES(X)                                                                        \
    X(SC_3_DIMENSION_COUNTS, "SC-3/FD5", "dimension counts",                                       \
      "InputDimensionCount and IndicesDimensionCount must be 1..DimensionCount (decision FD5)")    \
    X(SC_3_LEADING_ONES, "SC-3", "leading dimensions",                                             \
      "the dimensions before the last InputDimensionCount (IndicesDimensionCount) must be 1")      \
    X(SC_3_TUPLE_SIZE, "SC-3", "index tuple size",                                                 \
      "IndicesTensor's last size must be 1..InputDimensionCount")                                  \
    X(SC_3_UPDATES_RANK, "SC-3", "updates dimensions",                                             \
      "IndicesDimensionCount - 1 + InputDimensionCount - the tuple size must be <= "               \
      "DimensionCount")                                                                            \
    X(SC_3_UPDATES_SIZE, "SC-3", "updates size",                                                   \
      "UpdatesTensor.Sizes must be {1..., IndicesTensor.Sizes' tuple positions, "                  \
      "InputTensor.Sizes after the indexed dimensions}")
DML_OP_RULES(SCATTER_ND_RULES);

static const struct dml_fl_row scatter_nd_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static const struct dml_fl_row scatter_nd_index_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_INDEX, 0},
};
static const struct dml_fl_table scatter_nd_index_fl = DML_FL_TABLE(scatter_nd_index_rows);

/* No batches here: the GN-3 rules never fire. */
static const struct dml_index_nd_rules scatter_nd_rules = {DML_RULE_SC_3_DIMENSION_COUNTS,
                                                           DML_RULE_GN_3_BATCH_DIMENSIONS,
                                                           DML_RULE_SC_3_TUPLE_SIZE,
                                                           DML_RULE_SC_3_UPDATES_RANK,
                                                           DML_RULE_GN_3_BATCH_SIZE,
                                                           DML_RULE_SC_3_LEADING_ONES,
                                                           "InputTensor",
                                                           "UpdatesTensor"};

/* SC-1 on valid tensors: Input, Updates, Output of one DataType, all four of one DimensionCount;
 * SC-3: Output.Sizes == Input.Sizes. */
static HRESULT scatter_nd_tensors(struct dml_validate_ctx *ctx,
                                  const DML_SCATTER_ND_OPERATOR_DESC *desc, struct dml_tensor t[4])
{
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputTensor, "InputTensor", &t[0])) ||
        FAILED(hr = dml_validate_index_input(ctx, &scatter_nd_index_fl, desc->IndicesTensor,
                                             "IndicesTensor", &t[1])) ||
        FAILED(hr = dml_validate_input(ctx, desc->UpdatesTensor, "UpdatesTensor", &t[2])) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputTensor, "OutputTensor", &t[0], &t[3])) ||
        FAILED(hr = dml_check_same_rank(ctx, &t[1], "IndicesTensor", &t[0], "InputTensor")) ||
        FAILED(hr = dml_check_same_rank(ctx, &t[2], "UpdatesTensor", &t[0], "InputTensor")) ||
        FAILED(hr = dml_check_same_type(ctx, &t[2], "UpdatesTensor", &t[0], "InputTensor")))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        if (t[3].sizes[d] != t[0].sizes[d])
            return dml_reject(ctx, DML_RULE_SC_OUTPUT_SIZE,
                              "OutputTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] (%u)",
                              d, t[3].sizes[d], d, t[0].sizes[d]);
    }
    return S_OK;
}

static HRESULT scatter_nd_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                   struct dml_op_def *def)
{
    const DML_SCATTER_ND_OPERATOR_DESC *desc = desc_;
    const struct dml_index_nd nd = {desc->InputDimensionCount, desc->IndicesDimensionCount, 0};
    struct dml_index_layout layout;
    struct dml_tensor t[4];
    HRESULT hr;

    if (FAILED(hr = scatter_nd_tensors(ctx, desc, t)) ||
        FAILED(hr = dml_index_check_nd(ctx, &scatter_nd_rules, &nd, &t[0], &t[1], &layout)) ||
        FAILED(hr = dml_index_check_walk_sizes(ctx, DML_RULE_SC_3_UPDATES_SIZE, &layout, &t[0],
                                               &t[1], &t[2], "UpdatesTensor")) ||
        FAILED(hr = dml_op_def_store(ctx, def, t, 3, 1)))
        return hr;
    def->u.index.input_dims = nd.input_dims;
    def->u.index.indices_dims = nd.indices_dims;
    return S_OK;
}

HRESULT dml_scatter_nd_lower_steps(const struct dml_op_def *def, struct dml_lower_steps *out)
{
    const struct dml_tensor *indices = dml_op_input(def, 1);
    const struct dml_index_nd nd = {def->u.index.input_dims, def->u.index.indices_dims, 0};
    struct dml_index_layout layout;

    dml_index_nd_layout(indices->rank, &nd, indices->sizes[indices->rank - 1], &layout);
    return dml_scatter_lower_steps(def, &layout, out);
}

/* Several steps: no single plan (src/lower_steps.c). */
const struct dml_op_entry dml_op_scatter_nd = {.type = DML_OPERATOR_SCATTER_ND,
                                               .name = "SCATTER_ND",
                                               .fl = DML_FL_TABLE(scatter_nd_rows),
                                               .validate = scatter_nd_validate,
                                               .lower = NULL,
                                               .rules = &op_rules};

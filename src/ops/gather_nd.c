/* DML_OPERATOR_GATHER_ND and DML_OPERATOR_GATHER_ND1 (datamove-family 5, decisions FD5 and FD7):
 * output[batch, ...] = input[batch, indices[batch, ..., 0..k), ...], k the indices' last size.
 * The output's dims are {1..., the batches, the indices' tuple positions, the input's dims after
 * the k indexed ones}, right-aligned (DirectMLX's GatherND); GATHER_ND is GATHER_ND1 without
 * batches. Each tuple component is clamped into its dimension after a negative one counts from
 * the end, so no value reads outside the input. */
#include "ops/index.h"

/* The operators' own rules: X(ID, short name, title, message) */
#define GATHER_ND_RULES(X)                                                                         \
    X(GN_2_DIMENSION_COUNTS, "GN-2/FD5", "dimension counts",                                       \
      "InputDimensionCount and IndicesDimensionCount must be 1..DimensionCount (decision FD5)")    \
    X(GN_2_LEADING_ONES, "GN-2", "leading dimensions",                                             \
      "the dimensions before the last InputDimensionCount (IndicesDimensionCount) must be 1")      \
    X(GN_4_TUPLE_SIZE, "GN-4", "index tuple size",                                                 \
      "IndicesTensor's last size must be 1..InputDimensionCount - BatchDimensionCount")            \
    X(GN_5_OUTPUT_RANK, "GN-5", "output dimensions",                                               \
      "IndicesDimensionCount - 1 + InputDimensionCount - BatchDimensionCount - the tuple size "    \
      "must be <= DimensionCount")                                                                 \
    X(GN_5_OUTPUT_SIZE, "GN-5", "output size",                                                     \
      "OutputTensor.Sizes must be {1..., the batches, IndicesTensor.Sizes' tuple positions, "      \
      "InputTensor.Sizes after the indexed dimensions} (DirectMLX's GatherND)")
DML_OP_RULES(GATHER_ND_RULES);

static const struct dml_fl_row gather_nd_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static const struct dml_fl_row gather_nd_index_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPE_BIT(UINT32), 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_INDEX, 0},
};
static const struct dml_fl_table gather_nd_index_fl = DML_FL_TABLE(gather_nd_index_rows);

static const struct dml_fl_row gather_nd1_rows[] = {
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static const struct dml_fl_row gather_nd1_index_rows[] = {
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_INDEX, 0},
};
static const struct dml_fl_table gather_nd1_index_fl = DML_FL_TABLE(gather_nd1_index_rows);

static const struct dml_index_nd_rules gather_nd_rules = {DML_RULE_GN_2_DIMENSION_COUNTS,
                                                          DML_RULE_GN_3_BATCH_DIMENSIONS,
                                                          DML_RULE_GN_4_TUPLE_SIZE,
                                                          DML_RULE_GN_5_OUTPUT_RANK,
                                                          DML_RULE_GN_3_BATCH_SIZE,
                                                          DML_RULE_GN_2_LEADING_ONES,
                                                          "InputTensor",
                                                          "OutputTensor"};

static HRESULT gather_nd_validate_common(struct dml_validate_ctx *ctx,
                                         const struct dml_fl_table *index_fl,
                                         const DML_TENSOR_DESC *const descs[3],
                                         const struct dml_index_nd *nd, struct dml_op_def *def)
{
    struct dml_index_layout layout;
    struct dml_tensor t[3];
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, descs[0], "InputTensor", &t[0])) ||
        FAILED(hr = dml_validate_index_input(ctx, index_fl, descs[1], "IndicesTensor", &t[1])) ||
        FAILED(hr = dml_validate_output(ctx, descs[2], "OutputTensor", &t[0], &t[2])) ||
        FAILED(hr = dml_check_same_rank(ctx, &t[1], "IndicesTensor", &t[0], "InputTensor")) ||
        FAILED(hr = dml_index_check_nd(ctx, &gather_nd_rules, nd, &t[0], &t[1], &layout)) ||
        FAILED(hr = dml_index_check_walk_sizes(ctx, DML_RULE_GN_5_OUTPUT_SIZE, &layout, &t[0],
                                               &t[1], &t[2], "OutputTensor")) ||
        FAILED(hr = dml_op_def_store(ctx, def, t, 2, 1)))
        return hr;
    def->u.index.input_dims = nd->input_dims;
    def->u.index.indices_dims = nd->indices_dims;
    def->u.index.batch_dims = nd->batch_dims;
    return S_OK;
}

static HRESULT gather_nd_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                  struct dml_op_def *def)
{
    const DML_GATHER_ND_OPERATOR_DESC *desc = desc_;
    const DML_TENSOR_DESC *const descs[3] = {desc->InputTensor, desc->IndicesTensor,
                                             desc->OutputTensor};
    const struct dml_index_nd nd = {desc->InputDimensionCount, desc->IndicesDimensionCount, 0};

    return gather_nd_validate_common(ctx, &gather_nd_index_fl, descs, &nd, def);
}

static HRESULT gather_nd1_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                   struct dml_op_def *def)
{
    const DML_GATHER_ND1_OPERATOR_DESC *desc = desc_;
    const DML_TENSOR_DESC *const descs[3] = {desc->InputTensor, desc->IndicesTensor,
                                             desc->OutputTensor};
    const struct dml_index_nd nd = {desc->InputDimensionCount, desc->IndicesDimensionCount,
                                    desc->BatchDimensionCount};

    return gather_nd_validate_common(ctx, &gather_nd1_index_fl, descs, &nd, def);
}

static HRESULT gather_nd_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *indices = dml_op_input(def, 1);
    const struct dml_index_nd nd = {def->u.index.input_dims, def->u.index.indices_dims,
                                    def->u.index.batch_dims};
    const struct dml_index_roles roles = {
        PLAN_INDEX_GATHER, dml_op_input(def, 0), indices, dml_op_output(def, 0), 0, 1, 2, 0};
    struct dml_index_layout layout;

    dml_index_nd_layout(indices->rank, &nd, indices->sizes[indices->rank - 1], &layout);
    return dml_index_lower(&layout, &roles, def->elem_size, plan);
}

const struct dml_op_entry dml_op_gather_nd = {.type = DML_OPERATOR_GATHER_ND,
                                              .name = "GATHER_ND",
                                              .fl = DML_FL_TABLE(gather_nd_rows),
                                              .validate = gather_nd_validate,
                                              .lower = gather_nd_lower,
                                              .rules = &op_rules};
const struct dml_op_entry dml_op_gather_nd1 = {.type = DML_OPERATOR_GATHER_ND1,
                                               .name = "GATHER_ND1",
                                               .fl = DML_FL_TABLE(gather_nd1_rows),
                                               .validate = gather_nd1_validate,
                                               .lower = gather_nd_lower,
                                               .rules = &op_rules};

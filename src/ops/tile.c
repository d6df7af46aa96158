/* DML_OPERATOR_TILE (datamove-family 8, decision FD6): out[c] = in[c mod InputTensor.Sizes] per
 * dimension. A pure index map: a tiled dimension is split into (repeat, element) with input
 * strides (0, stride), a broadcast that the copy kernels run at full width; past the plan's rank
 * the rest use the WRAP map (x mod n) instead. */
#include "ops/ops.h"

#include "lower.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define TILE_RULES(X)                                                                              \
    X(TI_2_REPEATS_COUNT, "TI-2", "repeats count",                                                 \
      "RepeatsCount must equal InputTensor.DimensionCount")                                        \
    X(TI_3_REPEATS_ZERO, "TI-3", "repeats", "every Repeats[i] must be >= 1")                       \
    X(TI_4_OUTPUT_SIZE, "TI-4", "output size",                                                     \
      "OutputTensor.Sizes[i] must equal InputTensor.Sizes[i] * Repeats[i]")
DML_OP_RULES(TILE_RULES);

/* FD6: FLOAT64 from FL 4.1 too (the page's table omits it; FLH and REL list TILE there). */
static const struct dml_fl_row tile_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, DML_TYPES_FLOAT, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_1, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

/* TI-2, TI-3, TI-4 once the tensors are valid (TI-1 is T10). */
static HRESULT check_repeats(struct dml_validate_ctx *ctx, const DML_TILE_OPERATOR_DESC *desc,
                             const struct dml_tensor t[2])
{
    HRESULT hr;

    if (desc->RepeatsCount != t[0].rank)
        return dml_reject(ctx, DML_RULE_TI_2_REPEATS_COUNT,
                          "RepeatsCount is %u; allowed: InputTensor.DimensionCount (%u)",
                          desc->RepeatsCount, t[0].rank);
    if (FAILED(hr = dml_check_array(ctx, desc->Repeats, "Repeats")))
        return hr;
    for (uint32_t d = 0; d < t[0].rank; ++d)
    {
        const uint64_t expected = (uint64_t)t[0].sizes[d] * desc->Repeats[d];
        if (!desc->Repeats[d])
            return dml_reject(ctx, DML_RULE_TI_3_REPEATS_ZERO, "Repeats[%u] is 0; allowed: >= 1",
                              d);
        if (t[1].sizes[d] != expected)
            return dml_reject(ctx, DML_RULE_TI_4_OUTPUT_SIZE,
                              "OutputTensor.Sizes[%u] is %u; allowed: InputTensor.Sizes[%u] * "
                              "Repeats[%u] (%u * %u = %llu)",
                              d, t[1].sizes[d], d, d, t[0].sizes[d], desc->Repeats[d],
                              (unsigned long long)expected);
    }
    return S_OK;
}

static HRESULT tile_validate(struct dml_validate_ctx *ctx, const void *desc_,
                             struct dml_op_def *def)
{
    const DML_TILE_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = dml_validate_in_out(ctx, desc->InputTensor, desc->OutputTensor, t)) ||
        FAILED(hr = check_repeats(ctx, desc, t)))
        return hr;
    /* The repeats are the ratio of the sizes (TI-4): nothing more to keep. */
    return dml_op_def_store(ctx, def, t, 1, 1);
}

/* Appends plan dimension p: extent, input stride, output stride. */
static uint32_t add_dim(struct plan *plan, uint32_t p, uint32_t size, int64_t in_stride,
                        int64_t out_stride)
{
    plan->dims[p] = (struct plan_dim){.size = size, .in_stride = in_stride};
    plan->parts[0].strides[p] = out_stride;
    return p + 1;
}

static HRESULT tile_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *in = dml_op_input(def, 0);
    const struct dml_tensor *out = dml_op_output(def, 0);
    uint32_t p = 0, spare = PLAN_MAX_RANK - in->rank;
    HRESULT hr = lower_plan_init(plan, def->elem_size, in->rank, 1);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < in->rank; ++d)
    {
        const uint32_t n = in->sizes[d], repeats = out->sizes[d] / n;
        if (repeats == 1 || n == 1) /* a copy, or a broadcast of one element */
            p = add_dim(plan, p, out->sizes[d], n == 1 ? 0 : in->strides[d], out->strides[d]);
        else if (spare && spare--)
        {
            p = add_dim(plan, p, repeats, 0, (int64_t)n * out->strides[d]);
            p = add_dim(plan, p, n, in->strides[d], out->strides[d]);
        }
        else
        {
            plan->dims[p] = (struct plan_dim){.size = out->sizes[d],
                                              .in_stride = in->strides[d],
                                              .map = PLAN_MAP_WRAP,
                                              .in_size = n,
                                              .step = 1};
            plan->parts[0].strides[p++] = out->strides[d];
        }
    }
    plan->rank = p;
    return S_OK;
}

const struct dml_op_entry dml_op_tile = {.type = DML_OPERATOR_TILE,
                                         .name = "TILE",
                                         .fl = DML_FL_TABLE(tile_rows),
                                         .validate = tile_validate,
                                         .lower = tile_lower,
                                         .rules = &op_rules};

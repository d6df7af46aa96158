/* DML_OPERATOR_SLICE1 (spec 1.1) and DML_OPERATOR_SLICE (spec 1.2), which is expressed as a
 * SLICE1 window: window size = stride * (size - 1) + 1, window stride = stride. */
#include "ops/ops.h"

#include <stdlib.h>

#include "lower.h"

/* The operators' own rules: X(ID, short name, title, message) */
#define SLICE_RULES(X)                                                                             \
    X(S1_5_WINDOW_SIZE_ZERO, "S1-5", "window size", "every InputWindowSizes[i] must be >= 1")      \
    X(S1_5_WINDOW_OUT_OF_BOUNDS, "S1-5", "window out of bounds",                                   \
      "InputWindowOffsets[i] + InputWindowSizes[i] must be <= InputTensor.Sizes[i]")               \
    X(S1_6_WINDOW_STRIDE_ZERO, "S1-6", "window stride", "InputWindowStrides[i] must not be 0")     \
    X(S1_7_OUTPUT_SIZE, "S1-7", "output size",                                                     \
      "OutputTensor.Sizes[i] must be <= 1 + (InputWindowSizes[i] - 1) / |InputWindowStrides[i]|")  \
    X(SL_2_SIZE_MISMATCH, "SL-2", "slice size", "Sizes[i] must equal OutputTensor.Sizes[i]")       \
    X(SL_3_STRIDE_ZERO, "SL-3", "slice stride", "Strides[i] must be >= 1 (decision D7)")           \
    X(SL_3_STRIDE_RANGE, "SL-3", "slice stride",                                                   \
      "libdmlops limit: Strides[i] > 2^31-1 on a dimension with Sizes[i] > 1 is not supported")    \
    X(SL_3_OUT_OF_BOUNDS, "SL-3", "slice out of bounds",                                           \
      "Offsets[i] + Strides[i] * (Sizes[i] - 1) must be < InputTensor.Sizes[i]")
DML_OP_RULES(SLICE_RULES);

static const struct dml_fl_row slice1_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 5, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

static const struct dml_fl_row slice_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 5, DML_TYPES_6T, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 5, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_0, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

/* S1-5..S1-7 on dimension i: the window lies in the input, the output holds its elements. */
static HRESULT check_window(struct dml_validate_ctx *ctx, const struct dml_tensor t[2], uint32_t i,
                            uint32_t offset, uint32_t size, int32_t stride)
{
    static const struct dml_window_rules rules = {DML_RULE_S1_5_WINDOW_SIZE_ZERO,
                                                  DML_RULE_S1_5_WINDOW_OUT_OF_BOUNDS,
                                                  DML_RULE_S1_6_WINDOW_STRIDE_ZERO,
                                                  DML_RULE_S1_7_OUTPUT_SIZE,
                                                  "InputTensor",
                                                  "OutputTensor"};

    return dml_check_window(ctx, &rules, i, offset, size, stride, t[0].sizes[i], t[1].sizes[i]);
}

static HRESULT slice1_validate(struct dml_validate_ctx *ctx, const void *desc_,
                               struct dml_op_def *out)
{
    const DML_SLICE1_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = dml_validate_in_out(ctx, desc->InputTensor, desc->OutputTensor, t)) ||
        FAILED(hr = dml_check_desc_dims(ctx, desc->DimensionCount, t[0].rank)) ||
        FAILED(hr = dml_check_array(ctx, desc->InputWindowOffsets, "InputWindowOffsets")) ||
        FAILED(hr = dml_check_array(ctx, desc->InputWindowSizes, "InputWindowSizes")) ||
        FAILED(hr = dml_check_array(ctx, desc->InputWindowStrides, "InputWindowStrides")))
        return hr;
    for (uint32_t i = 0; i < t[0].rank; ++i)
    {
        if (FAILED(hr = check_window(ctx, t, i, desc->InputWindowOffsets[i],
                                     desc->InputWindowSizes[i], desc->InputWindowStrides[i])))
            return hr;
    }
    if (FAILED(hr = dml_op_def_store(ctx, out, t, 1, 1)))
        return hr;
    for (uint32_t i = 0; i < t[0].rank; ++i)
    {
        out->u.slice.offsets[i] = desc->InputWindowOffsets[i];
        out->u.slice.sizes[i] = desc->InputWindowSizes[i];
        out->u.slice.strides[i] = desc->InputWindowStrides[i];
    }
    return S_OK;
}

/* SL-2, SL-3 (with D7) on dimension i. */
static HRESULT check_slice(struct dml_validate_ctx *ctx, const struct dml_tensor t[2], uint32_t i,
                           uint32_t offset, uint32_t size, uint32_t stride)
{
    uint64_t last;

    if (size != t[1].sizes[i])
        return dml_reject(ctx, DML_RULE_SL_2_SIZE_MISMATCH,
                          "Sizes[%u] is %u; allowed: OutputTensor.Sizes[%u] (%u)", i, size, i,
                          t[1].sizes[i]);
    if (!stride)
        return dml_reject(ctx, DML_RULE_SL_3_STRIDE_ZERO, "Strides[%u] is 0; allowed: >= 1", i);
    last = offset + (uint64_t)stride * (size - 1);
    if (last >= t[0].sizes[i])
        return dml_reject(ctx, DML_RULE_SL_3_OUT_OF_BOUNDS,
                          "Offsets[%u] + Strides[%u] * (Sizes[%u] - 1) is %llu; allowed: < "
                          "InputTensor.Sizes[%u] (%u)",
                          i, i, i, (unsigned long long)last, i, t[0].sizes[i]);
    /* In bounds, such a stride only occurs with Sizes[i] == 2; the window stride is an INT. */
    if (size > 1 && stride > INT32_MAX)
        return dml_reject(ctx, DML_RULE_SL_3_STRIDE_RANGE, "Strides[%u] is %u; allowed: <= %d", i,
                          stride, INT32_MAX);
    return S_OK;
}

static HRESULT slice_validate(struct dml_validate_ctx *ctx, const void *desc_,
                              struct dml_op_def *out)
{
    const DML_SLICE_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = dml_validate_in_out(ctx, desc->InputTensor, desc->OutputTensor, t)) ||
        FAILED(hr = dml_check_desc_dims(ctx, desc->DimensionCount, t[0].rank)) ||
        FAILED(hr = dml_check_array(ctx, desc->Offsets, "Offsets")) ||
        FAILED(hr = dml_check_array(ctx, desc->Sizes, "Sizes")) ||
        FAILED(hr = dml_check_array(ctx, desc->Strides, "Strides")))
        return hr;
    for (uint32_t i = 0; i < t[0].rank; ++i)
    {
        if (FAILED(hr = check_slice(ctx, t, i, desc->Offsets[i], desc->Sizes[i], desc->Strides[i])))
            return hr;
    }
    if (FAILED(hr = dml_op_def_store(ctx, out, t, 1, 1)))
        return hr;
    for (uint32_t i = 0; i < t[0].rank; ++i)
    {
        const uint32_t stride = desc->Sizes[i] > 1 ? desc->Strides[i] : 1;
        out->u.slice.offsets[i] = desc->Offsets[i];
        out->u.slice.sizes[i] = stride * (desc->Sizes[i] - 1) + 1;
        out->u.slice.strides[i] = (int32_t)stride;
    }
    return S_OK;
}

/* S1-8, out[c] = in[start + strides * c], where a negative stride starts at the window's last
 * element; the window start is folded into in_base. */
static HRESULT slice_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0);
    const struct dml_tensor *output = dml_op_output(def, 0);
    const struct dml_slice_def *slice = &def->u.slice;
    HRESULT hr = lower_plan_init(plan, def->elem_size, input->rank, 1);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
    {
        int64_t start =
            (int64_t)slice->offsets[d] + (slice->strides[d] < 0 ? (int64_t)slice->sizes[d] - 1 : 0);
        plan->in_base += start * input->strides[d];
        plan->dims[d].size = output->sizes[d];
        plan->dims[d].in_stride = (int64_t)slice->strides[d] * input->strides[d];
    }
    lower_part_strides(&plan->parts[0], output);
    return S_OK;
}

const struct dml_op_entry dml_op_slice1 = {.type = DML_OPERATOR_SLICE1,
                                           .name = "SLICE1",
                                           .fl = DML_FL_TABLE(slice1_rows),
                                           .validate = slice1_validate,
                                           .lower = slice_lower,
                                           .rules = &op_rules};
const struct dml_op_entry dml_op_slice = {.type = DML_OPERATOR_SLICE,
                                          .name = "SLICE",
                                          .fl = DML_FL_TABLE(slice_rows),
                                          .validate = slice_validate,
                                          .lower = slice_lower,
                                          .rules = &op_rules};

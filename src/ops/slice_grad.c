/* DML_OPERATOR_SLICE_GRAD (datamove-family 13): the backward of SLICE1. The output gradient (the
 * size of SLICE1's input) is 0 everywhere except the window's strided positions, which receive
 * the input gradient: element w of a dimension lands at Offset + w * Stride, or for a negative
 * stride at Offset + Size - 1 - w * |Stride| (SLICE1's reading order). One pass: a padding plan
 * whose padded dimensions map an output coordinate back to w (CONSTANT for stride 1, DILATE for
 * larger strides: x = c - start must be a multiple of the stride) or to the pad value 0. */
#include "ops/ops.h"

#include <stdlib.h>

#include "lower.h"

/* The operator's own rules: X(ID, short name, title, message) */
#define SLICE_GRAD_RULES(X)                                                                        \
    X(SG_2_WINDOW_STRIDE_ZERO, "SG-2", "window stride", "InputWindowStrides[i] must not be 0")     \
    X(SG_3_WINDOW_SIZE_ZERO, "SG-3", "window size", "every InputWindowSizes[i] must be >= 1")      \
    X(SG_3_WINDOW_OUT_OF_BOUNDS, "SG-3", "window out of bounds",                                   \
      "InputWindowOffsets[i] + InputWindowSizes[i] must be <= OutputGradientTensor.Sizes[i]")      \
    X(SG_3_INPUT_SIZE, "SG-3", "input gradient size",                                              \
      "InputGradientTensor.Sizes[i] must be <= 1 + (InputWindowSizes[i] - 1) / "                   \
      "|InputWindowStrides[i]|")                                                                   \
    X(SG_3_STRIDE_RANGE, "SG-3", "window stride",                                                  \
      "libdmlops limit: InputWindowStrides[i] = INT32_MIN on a dimension with "                    \
      "InputGradientTensor.Sizes[i] > 1 is not supported")

DML_OP_RULES(SLICE_GRAD_RULES);

static const struct dml_fl_row slice_grad_rows[] = {
    {DML_FEATURE_LEVEL_3_0, 4, 5, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_3_1, 1, 8, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_4_1, 1, 8, DML_TYPES_11T, 0},
};

/* SG-2 and SG-3 (SLICE1's S1-5..S1-7 with the roles of the tensors swapped) on dimension i: t[0]
 * is the input gradient, t[1] the output gradient. */
static HRESULT check_window(struct dml_validate_ctx *ctx, const struct dml_tensor t[2], uint32_t i,
                            uint32_t offset, uint32_t size, int32_t stride)
{
    static const struct dml_window_rules rules = {
        DML_RULE_SG_3_WINDOW_SIZE_ZERO,   DML_RULE_SG_3_WINDOW_OUT_OF_BOUNDS,
        DML_RULE_SG_2_WINDOW_STRIDE_ZERO, DML_RULE_SG_3_INPUT_SIZE,
        "OutputGradientTensor",           "InputGradientTensor"};
    HRESULT hr =
        dml_check_window(ctx, &rules, i, offset, size, stride, t[1].sizes[i], t[0].sizes[i]);

    if (FAILED(hr))
        return hr;
    if (stride == INT32_MIN && t[0].sizes[i] > 1) /* the plan's step is an int32 */
        return dml_reject(ctx, DML_RULE_SG_3_STRIDE_RANGE,
                          "InputWindowStrides[%u] is %d with InputGradientTensor.Sizes[%u] %u; "
                          "allowed: > %d",
                          i, stride, i, t[0].sizes[i], INT32_MIN);
    return S_OK;
}

static HRESULT slice_grad_validate(struct dml_validate_ctx *ctx, const void *desc_,
                                   struct dml_op_def *out)
{
    const DML_SLICE_GRAD_OPERATOR_DESC *desc = desc_;
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, desc->InputGradientTensor, "InputGradientTensor",
                                       &t[0])) ||
        FAILED(hr = dml_validate_output(ctx, desc->OutputGradientTensor, "OutputGradientTensor",
                                        &t[0], &t[1])) ||
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

/* Dimension d: the output coordinate of input gradient element m is start + m * step (a negative
 * stride reads the input backwards, folded into in_base and the input stride). */
static void lower_dim(const struct dml_op_def *def, uint32_t d, struct plan *plan)
{
    const struct dml_tensor *in = dml_op_input(def, 0), *out = dml_op_output(def, 0);
    const struct dml_slice_def *window = &def->u.slice;
    const uint32_t n = in->sizes[d];
    const int64_t step = llabs(window->strides[d]);
    int64_t start = window->offsets[d], in_stride = in->strides[d];
    if (window->strides[d] < 0)
    {
        start += (int64_t)window->sizes[d] - 1 - ((int64_t)n - 1) * step;
        plan->in_base += ((int64_t)n - 1) * in_stride;
        in_stride = -in_stride;
    }
    plan->dims[d] = (struct plan_dim){.size = out->sizes[d], .in_stride = in_stride, .step = 1};
    if (n == out->sizes[d]) /* every position: a copy */
        return;
    plan->dims[d].map = n == 1 || step == 1 ? PLAN_MAP_CONSTANT : PLAN_MAP_DILATE;
    plan->dims[d].in_size = n;
    plan->dims[d].pad_start = start;
    plan->dims[d].step = n == 1 ? 1 : (int32_t)step;
}

static HRESULT slice_grad_lower(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *out = dml_op_output(def, 0);
    HRESULT hr = lower_plan_init(plan, def->elem_size, out->rank, 1);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < out->rank; ++d)
        lower_dim(def, d, plan);
    lower_part_strides(&plan->parts[0], out);
    return S_OK; /* pad_value: zero bits, 0 in every type */
}

const struct dml_op_entry dml_op_slice_grad = {.type = DML_OPERATOR_SLICE_GRAD,
                                               .name = "SLICE_GRAD",
                                               .fl = DML_FL_TABLE(slice_grad_rows),
                                               .validate = slice_grad_validate,
                                               .lower = slice_grad_lower,
                                               .rules = &op_rules};

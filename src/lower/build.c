/* Step 1 of lowering: one plan dimension per tensor dimension, taken from the op_def. */
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"
#include "scalar.h"

HRESULT lower_plan_init(struct plan *plan, uint32_t elem_bytes, uint32_t rank, uint32_t part_count)
{
    memset(plan, 0, sizeof(*plan));
    plan->parts = calloc(part_count, sizeof(*plan->parts));
    if (!plan->parts)
        return E_OUTOFMEMORY;
    plan->elem_bytes = elem_bytes;
    plan->rank = rank;
    plan->part_count = part_count;
    plan->in_slot = 0;
    plan->slot_count = 1 + part_count;
    for (uint32_t k = 0; k < part_count; ++k)
        plan->parts[k].slot = 1 + k;
    return S_OK;
}

static void lower_set_part_strides(struct plan_part *part, const struct dml_tensor *output)
{
    for (uint32_t d = 0; d < output->rank; ++d)
        part->strides[d] = output->strides[d];
}

/* SLICE and SLICE1: S1-8, out[c] = in[start + strides * c], where a negative stride starts
 * at the window's last element; the window start is folded into in_base. */
HRESULT lower_build_slice(const struct dml_op_def *def, struct plan *plan)
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
    lower_set_part_strides(&plan->parts[0], output);
    return S_OK;
}

/* SPLIT: the iteration space is the input; output k takes the axis range that begins at the
 * sum of the earlier outputs' extents (SP-8). */
HRESULT lower_build_split(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0);
    uint32_t axis = def->u.split.axis;
    HRESULT hr = lower_plan_init(plan, def->elem_size, input->rank, def->output_count);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
    {
        plan->dims[d].size = input->sizes[d];
        plan->dims[d].in_stride = input->strides[d];
    }
    plan->part_axis = axis;
    uint32_t begin = 0;
    for (uint32_t k = 0; k < def->output_count; ++k)
    {
        const struct dml_tensor *output = dml_op_output(def, k);
        plan->parts[k].axis_begin = begin;
        lower_set_part_strides(&plan->parts[k], output);
        begin += output->sizes[axis];
    }
    return S_OK;
}

/* Indexed by DML_PADDING_MODE. */
static const enum plan_map lower_padding_maps[] = {
    [DML_PADDING_MODE_CONSTANT] = PLAN_MAP_CONSTANT,
    [DML_PADDING_MODE_EDGE] = PLAN_MAP_EDGE,
    [DML_PADDING_MODE_REFLECTION] = PLAN_MAP_REFLECT,
    [DML_PADDING_MODE_SYMMETRIC] = PLAN_MAP_SYMMETRIC,
    [DML_PADDING_MODE_WRAP] = PLAN_MAP_WRAP,
};

/* PADDING and PADDING1 (P-7): a dimension without padding is a plain copy (AFFINE). */
HRESULT lower_build_padding(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0);
    const struct dml_tensor *output = dml_op_output(def, 0);
    const struct dml_padding_def *padding = &def->u.padding;
    HRESULT hr = lower_plan_init(plan, def->elem_size, input->rank, 1);
    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
    {
        int padded = padding->start[d] || padding->end[d];
        plan->dims[d] = (struct plan_dim){
            .size = output->sizes[d],
            .in_stride = input->strides[d],
            .map = padded ? lower_padding_maps[padding->mode] : PLAN_MAP_AFFINE,
            .in_size = input->sizes[d],
            .pad_start = padding->start[d],
        };
    }
    lower_set_part_strides(&plan->parts[0], output);
    if (padding->mode == DML_PADDING_MODE_CONSTANT)
    {
        uint64_t bits =
            dml_scalar_to_element_bits(padding->value_type, &padding->value, output->data_type);
        memcpy(plan->pad_value, &bits, def->elem_size);
    }
    return S_OK;
}

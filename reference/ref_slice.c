/* SLICE and SLICE1: each output element is one input element. */
#include "ref_internal.h"

static void slice1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SLICE1_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* S1-8: in[start + stride * c], start the window's offset, or its last element for a negative
 * stride. */
static void slice1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SLICE1_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->DimensionCount; ++d)
    {
        int64_t start = op->InputWindowOffsets[d];
        if (op->InputWindowStrides[d] < 0)
            start += op->InputWindowSizes[d] - 1;
        i[d] = start + (int64_t)op->InputWindowStrides[d] * c[d];
    }
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_slice1 = {DML_OPERATOR_SLICE1, slice1_tensors, NULL, slice1_element};

static void slice_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SLICE_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* SL-4: Out[c] = In[Offsets + Strides * c]. */
static void slice_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SLICE_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->DimensionCount; ++d)
        i[d] = op->Offsets[d] + (int64_t)op->Strides[d] * c[d];
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_slice = {DML_OPERATOR_SLICE, slice_tensors, NULL, slice_element};

/* SLICE_GRAD (datamove-family 13): zero everywhere, except that input gradient element w goes
 * where SLICE1 would have read it: Offset + w * Stride, or, for a negative stride, from the
 * window's last element, Offset + Size - 1 - w * |Stride|. Element by element: output coordinate
 * p holds the w that lands there in every dim, or zero. */
#include <string.h>

#include "ref_internal.h"

static void grad_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SLICE_GRAD_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputGradientTensor, op->OutputGradientTensor, out);
}

static void grad_element(const struct ref_output *out, const int64_t *p, void *bytes)
{
    const DML_SLICE_GRAD_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputGradientTensor->Desc;
    const uint64_t zero = 0;
    int64_t w[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->DimensionCount; ++d)
    {
        const int64_t s = op->InputWindowStrides[d], step = s < 0 ? -s : s;
        const int64_t start = op->InputWindowOffsets[d] + (s < 0 ? op->InputWindowSizes[d] - 1 : 0);
        const int64_t x = s < 0 ? start - p[d] : p[d] - start;
        if (x < 0 || x % step || x / step >= in->Sizes[d])
        {
            memcpy(bytes, &zero, ref_element_size(in->DataType));
            return;
        }
        w[d] = x / step;
    }
    ref_read(op->InputGradientTensor, out->inputs[0], w, bytes);
}

const struct ref_entry ref_slice_grad = {DML_OPERATOR_SLICE_GRAD, grad_tensors, NULL, grad_element};

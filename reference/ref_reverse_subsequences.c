/* REVERSE_SUBSEQUENCES (datamove-family 11): along Axis, out[i] = in[L - 1 - i] for i < L and
 * in[i] beyond, L the sequence's length clamped to the axis (RS-4, FD7). */
#include <string.h>

#include "ref_internal.h"

static void reverse_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->SequenceLengthsTensor, NULL, op->OutputTensor, out);
}

static void reverse_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    const uint32_t a = op->Axis;
    int64_t i[REF_MAX_RANK], x[REF_MAX_RANK];
    memcpy(i, c, sizeof(i));
    memcpy(x, c, sizeof(x));
    x[a] = 0;
    int64_t length = ref_index(op->SequenceLengthsTensor, out->inputs[1], x);
    if (length > in->Sizes[a])
        length = in->Sizes[a];
    if (c[a] < length)
        i[a] = length - 1 - c[a];
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_reverse_subsequences = {DML_OPERATOR_REVERSE_SUBSEQUENCES,
                                                   reverse_tensors, NULL, reverse_element};

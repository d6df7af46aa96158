/* CAST (FD3): each element converted from the input's type to the output's (cast_ref.c). */
#include <string.h>

#include "cast_ref.h"
#include "ref_internal.h"

static void cast_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_CAST_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

static void cast_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_CAST_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc, *to = op->OutputTensor->Desc;
    uint64_t v = 0;
    ref_read(op->InputTensor, out->inputs[0], c, &v); /* little-endian: the low bytes */
    v = cast_ref(v, in->DataType, to->DataType);
    memcpy(bytes, &v, ref_element_size(to->DataType));
}

const struct ref_entry ref_cast = {DML_OPERATOR_CAST, cast_tensors, NULL, cast_element};

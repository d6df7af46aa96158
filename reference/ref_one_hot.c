/* ONE_HOT (datamove-family 12): in every sequence along Axis, the element at the sequence's index
 * (a negative one counted once from the end) is OnValue, every other OffValue; an index out of
 * range leaves the whole sequence OffValue (FD7). OffValue is the values' element 0, OnValue
 * their element 1 along the fastest-changing dimension of size > 1 (OH-3). */
#include <string.h>

#include "ref_internal.h"

static void one_hot_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_ONE_HOT_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->IndicesTensor, op->ValuesTensor, NULL, op->OutputTensor, out);
}

static void one_hot_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_ONE_HOT_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *values = op->ValuesTensor->Desc, *output = op->OutputTensor->Desc;
    int64_t x[REF_MAX_RANK], v[REF_MAX_RANK] = {0};
    uint32_t d = values->DimensionCount - 1;
    memcpy(x, c, sizeof(x));
    x[op->Axis] = 0;
    int64_t index =
        ref_index_wrap(ref_index(op->IndicesTensor, out->inputs[0], x), output->Sizes[op->Axis]);
    while (d > 0 && values->Sizes[d] == 1)
        --d;
    v[d] = index == c[op->Axis];
    ref_read(op->ValuesTensor, out->inputs[1], v, bytes);
}

const struct ref_entry ref_one_hot = {DML_OPERATOR_ONE_HOT, one_hot_tensors, NULL, one_hot_element};

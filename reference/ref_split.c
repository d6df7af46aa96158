/* SPLIT (SP-8): output k holds the input's axis range [sum of the sizes before k, + its size). */
#include <string.h>

#include "ref_internal.h"

static void split_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SPLIT_OPERATOR_DESC *op = desc;
    *out = (struct ref_tensors){1, op->OutputCount, op->InputTensor, op->OutputTensors, {NULL}};
}

static bool split_output_init(struct ref_output *out)
{
    const DML_SPLIT_OPERATOR_DESC *op = out->desc;
    for (uint32_t k = 0; k < out->k; ++k)
    {
        const DML_BUFFER_TENSOR_DESC *t = op->OutputTensors[k].Desc;
        out->begin += t->Sizes[op->Axis];
    }
    return true;
}

static void split_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SPLIT_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    memcpy(i, c, sizeof(i));
    i[op->Axis] += out->begin;
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_split = {DML_OPERATOR_SPLIT, split_tensors, split_output_init,
                                    split_element};

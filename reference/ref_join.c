/* JOIN (J-4, J-5): output coordinate c comes from the input whose range along Axis holds
 * c[Axis], the inputs' ranges following one another in order. */
#include <string.h>

#include "ref_internal.h"

static void join_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_JOIN_OPERATOR_DESC *op = desc;
    *out = (struct ref_tensors){op->InputCount, 1, op->InputTensors, op->OutputTensor, {NULL}};
}

static void join_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_JOIN_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    uint32_t k = 0;
    memcpy(i, c, sizeof(i));
    for (;; ++k)
    {
        const DML_BUFFER_TENSOR_DESC *t = op->InputTensors[k].Desc;
        if (i[op->Axis] < t->Sizes[op->Axis])
            break;
        i[op->Axis] -= t->Sizes[op->Axis];
    }
    ref_read(&op->InputTensors[k], out->inputs[k], i, bytes);
}

const struct ref_entry ref_join = {DML_OPERATOR_JOIN, join_tensors, NULL, join_element};

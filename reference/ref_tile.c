/* TILE: out[c] = in[c mod InputTensor.Sizes]. */
#include "ref_internal.h"

static void tile_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_TILE_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

static void tile_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_TILE_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < in->DimensionCount; ++d)
        i[d] = c[d] % in->Sizes[d];
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_tile = {DML_OPERATOR_TILE, tile_tensors, NULL, tile_element};

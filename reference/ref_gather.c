/* GATHER, GATHER_ELEMENTS, GATHER_ND and GATHER_ND1 (datamove-family 4, 5): each output element is
 * one input element, at a coordinate that an index tensor gives along some dims; an index is read
 * as FD7 says (a negative one counted once from the end, then clamped into the axis). */
#include "ref_internal.h"

static void gather_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

/* output[...] = input[..., indices[...], ...] with DirectMLX's output dims: for output coordinate
 * c, the input's coordinates after Axis are c's at the same place, the indices' last
 * IndexDimensions coordinates are c's ending at Axis, and the input's coordinates before Axis
 * are c's right before those (GA-4). */
static void gather_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    const int a = (int)op->Axis, m = (int)op->IndexDimensions, rank = (int)in->DimensionCount;
    int64_t i[REF_MAX_RANK] = {0}, x[REF_MAX_RANK] = {0};
    for (int d = a + 1; d < rank; ++d)
        i[d] = c[d];
    for (int t = 0; t < m && a - t >= 0; ++t)
        x[rank - 1 - t] = c[a - t];
    for (int t = 0; a - m - t >= 0 && a - 1 - t >= 0; ++t)
        i[a - 1 - t] = c[a - m - t];
    i[a] = ref_index_clamp(ref_index(op->IndicesTensor, out->inputs[1], x), in->Sizes[a]);
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_gather = {DML_OPERATOR_GATHER, gather_tensors, NULL, gather_element};

static void elements_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_ELEMENTS_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

/* output[c] = input[c with indices[c] at Axis]. */
static void elements_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_ELEMENTS_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < in->DimensionCount; ++d)
        i[d] = c[d];
    i[op->Axis] =
        ref_index_clamp(ref_index(op->IndicesTensor, out->inputs[1], c), in->Sizes[op->Axis]);
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_gather_elements = {DML_OPERATOR_GATHER_ELEMENTS, elements_tensors, NULL,
                                              elements_element};

/* GATHER_ND's fields, GATHER_ND1's with BatchDimensionCount (0 for GATHER_ND). */
struct nd
{
    const DML_TENSOR_DESC *input, *indices;
    uint32_t input_dims, indices_dims, batches;
};

/* output[batch, ...] = input[batch, indices[batch, ...], ...] (GN-5): the output coordinate is
 * {leading zeros, b (batches), p (tuple positions), t (the input's trailing dims)}; the input
 * coordinate is {zeros, b, the k components of indices[zeros, b, p, 0..k), t}. */
static void nd_element(const struct nd *op, const void *const *inputs, const int64_t *c,
                       void *bytes)
{
    const DML_BUFFER_TENSOR_DESC *in = op->input->Desc, *ix = op->indices->Desc;
    const uint32_t rank = in->DimensionCount, k = ix->Sizes[rank - 1];
    const uint32_t trailing = op->input_dims - op->batches - k, positions = op->indices_dims - 1;
    const uint32_t pad = rank - positions - trailing;
    int64_t i[REF_MAX_RANK] = {0}, x[REF_MAX_RANK] = {0};
    for (uint32_t j = 0; j < op->batches; ++j)
        i[rank - op->input_dims + j] = c[pad + j];
    for (uint32_t j = 0; j < positions; ++j)
        x[rank - op->indices_dims + j] = c[pad + j];
    for (uint32_t j = 0; j < trailing; ++j)
        i[rank - trailing + j] = c[pad + positions + j];
    for (uint32_t j = 0; j < k; ++j)
    {
        uint32_t d = rank - op->input_dims + op->batches + j;
        x[rank - 1] = j;
        i[d] = ref_index_clamp(ref_index(op->indices, inputs[1], x), in->Sizes[d]);
    }
    ref_read(op->input, inputs[0], i, bytes);
}

static void nd_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_ND_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

static void gather_nd_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_ND_OPERATOR_DESC *op = out->desc;
    const struct nd nd = {op->InputTensor, op->IndicesTensor, op->InputDimensionCount,
                          op->IndicesDimensionCount, 0};
    nd_element(&nd, out->inputs, c, bytes);
}

const struct ref_entry ref_gather_nd = {DML_OPERATOR_GATHER_ND, nd_tensors, NULL,
                                        gather_nd_element};

static void nd1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_ND1_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

static void gather_nd1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_ND1_OPERATOR_DESC *op = out->desc;
    const struct nd nd = {op->InputTensor, op->IndicesTensor, op->InputDimensionCount,
                          op->IndicesDimensionCount, op->BatchDimensionCount};
    nd_element(&nd, out->inputs, c, bytes);
}

const struct ref_entry ref_gather_nd1 = {DML_OPERATOR_GATHER_ND1, nd1_tensors, NULL,
                                         gather_nd1_element};

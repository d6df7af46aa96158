/* SCATTER_ELEMENTS (= SCATTER) and SCATTER_ND (datamove-family 7): output = input, then each update
 * written where its index names, in the updates' row-major order, so that the last update of an
 * element wins; an update whose index is out of range after FD7's wrap is dropped. Element by
 * element: output c holds the last update that names it, or input[c]. */
#include <stdlib.h>
#include <string.h>

#include "ref_internal.h"

static void elements_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SCATTER_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, op->UpdatesTensor, op->OutputTensor, out);
}

/* The updates that can name c differ from c only along Axis (SC-2): the last of them in row-major
 * order is the one furthest along the axis. */
static void elements_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SCATTER_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *updates = op->UpdatesTensor->Desc,
                                 *output = op->OutputTensor->Desc;
    const uint32_t n = output->Sizes[op->Axis];
    int64_t u[REF_MAX_RANK];
    memcpy(u, c, sizeof(u));
    for (u[op->Axis] = (int64_t)updates->Sizes[op->Axis] - 1; u[op->Axis] >= 0; --u[op->Axis])
    {
        if (ref_index_wrap(ref_index(op->IndicesTensor, out->inputs[1], u), n) == c[op->Axis])
        {
            ref_read(op->UpdatesTensor, out->inputs[2], u, bytes);
            return;
        }
    }
    ref_read(op->InputTensor, out->inputs[0], c, bytes);
}

const struct ref_entry ref_scatter_elements = {DML_OPERATOR_SCATTER_ELEMENTS, elements_tensors,
                                               NULL, elements_element};

/* SCATTER_ND's dims (SC-3): the output's are {leading 1s, the k dims a tuple names, the trailing
 * ones}; the updates' {leading 1s, the tuple positions, the trailing ones}. */
struct nd_dims
{
    uint32_t rank, k, lead, positions, trailing, pad;
};

static struct nd_dims nd_dims_of(const DML_SCATTER_ND_OPERATOR_DESC *op)
{
    const DML_BUFFER_TENSOR_DESC *indices = op->IndicesTensor->Desc;
    struct nd_dims n = {0};
    n.rank = indices->DimensionCount;
    n.k = indices->Sizes[n.rank - 1];
    n.lead = n.rank - op->InputDimensionCount;
    n.positions = op->IndicesDimensionCount - 1;
    n.trailing = op->InputDimensionCount - n.k;
    n.pad = n.rank - n.positions - n.trailing;
    return n;
}

/* The output block (row-major over the k named dims) that tuple p names, or -1 when a component
 * is out of range. */
static int64_t nd_block(const DML_SCATTER_ND_OPERATOR_DESC *op, const struct nd_dims *n,
                        const void *indices, uint64_t p)
{
    const DML_BUFFER_TENSOR_DESC *ix = op->IndicesTensor->Desc, *output = op->OutputTensor->Desc;
    int64_t x[REF_MAX_RANK] = {0};
    int64_t block = 0;
    for (uint32_t j = n->positions; j-- > 0; p /= ix->Sizes[n->rank - 1 - n->positions + j])
    {
        uint32_t d = n->rank - 1 - n->positions + j;
        x[d] = (int64_t)(p % ix->Sizes[d]);
    }
    for (uint32_t j = 0; j < n->k; ++j)
    {
        const uint32_t size = output->Sizes[n->lead + j];
        x[n->rank - 1] = j;
        int64_t v = ref_index_wrap(ref_index(op->IndicesTensor, indices, x), size);
        if (v < 0 || v >= size)
            return -1;
        block = block * size + v;
    }
    return block;
}

/* state: for each output block, 1 + the last tuple that names it (0: none). */
static bool nd_output_init(struct ref_output *out)
{
    const DML_SCATTER_ND_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *ix = op->IndicesTensor->Desc, *output = op->OutputTensor->Desc;
    const struct nd_dims n = nd_dims_of(op);
    uint64_t blocks = 1, tuples = 1, *winners;
    for (uint32_t j = 0; j < n.k; ++j)
        blocks *= output->Sizes[n.lead + j];
    for (uint32_t j = 0; j < n.positions; ++j)
        tuples *= ix->Sizes[n.rank - 1 - n.positions + j];
    if (!(out->state = winners = calloc(blocks ? blocks : 1, sizeof(*winners))))
        return false;
    for (uint64_t p = 0; p < tuples; ++p)
    {
        int64_t block = nd_block(op, &n, out->inputs[1], p);
        if (block >= 0)
            winners[block] = p + 1;
    }
    return true;
}

static void nd_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SCATTER_ND_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, op->UpdatesTensor, op->OutputTensor, out);
}

static void nd_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SCATTER_ND_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *output = op->OutputTensor->Desc,
                                 *updates = op->UpdatesTensor->Desc;
    const struct nd_dims n = nd_dims_of(op);
    const uint64_t *winners = out->state;
    uint64_t p = winners[ref_row_major(&output->Sizes[n.lead], n.k, &c[n.lead])];
    int64_t u[REF_MAX_RANK] = {0};
    if (!p--)
    {
        ref_read(op->InputTensor, out->inputs[0], c, bytes);
        return;
    }
    for (uint32_t j = n.positions; j-- > 0; p /= updates->Sizes[n.pad + j])
        u[n.pad + j] = (int64_t)(p % updates->Sizes[n.pad + j]);
    for (uint32_t j = 0; j < n.trailing; ++j)
        u[n.pad + n.positions + j] = c[n.rank - n.trailing + j];
    ref_read(op->UpdatesTensor, out->inputs[2], u, bytes);
}

const struct ref_entry ref_scatter_nd = {DML_OPERATOR_SCATTER_ND, nd_tensors, nd_output_init,
                                         nd_element};

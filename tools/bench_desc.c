/* A benchmark case's DirectML desc: one builder per operator type, in one table. */
#include "bench_op.h"

#include <string.h>

static void describe(const struct bench_op *op, const struct bench_tensor *t, bool strided,
                     DML_BUFFER_TENSOR_DESC *buffer, DML_TENSOR_DESC *tensor)
{
    *buffer = (DML_BUFFER_TENSOR_DESC){bench_data_type(op->elem_bytes),
                                       DML_TENSOR_FLAG_NONE,
                                       t->rank,
                                       t->sizes,
                                       strided ? t->strides : NULL,
                                       t->bytes,
                                       0};
    *tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, buffer};
}

static void build_slice1(const struct bench_op *op, struct bench_desc *d)
{
    d->slice1 = (DML_SLICE1_OPERATOR_DESC){&d->tensors[0], &d->tensors[1], op->input.rank,
                                           op->offsets,    op->window,     op->steps};
    d->desc.Desc = &d->slice1;
}

static void build_split(const struct bench_op *op, struct bench_desc *d)
{
    d->split =
        (DML_SPLIT_OPERATOR_DESC){&d->tensors[0], op->output_count, &d->tensors[1], op->axis};
    d->desc.Desc = &d->split;
}

static void build_join(const struct bench_op *op, struct bench_desc *d)
{
    d->join = (DML_JOIN_OPERATOR_DESC){op->input_count, &d->tensors[0],
                                       &d->tensors[op->input_count], op->axis};
    d->desc.Desc = &d->join;
}

static void build_identity(const struct bench_op *op, struct bench_desc *d)
{
    d->identity = (DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC){&d->tensors[0], &d->tensors[1], NULL};
    d->desc.Desc = &d->identity;
}

static void build_padding1(const struct bench_op *op, struct bench_desc *d)
{
    d->padding1 = (DML_PADDING1_OPERATOR_DESC){
        &d->tensors[0], &d->tensors[1], op->mode,  bench_data_type(op->elem_bytes),
        {{0}},          op->input.rank, op->start, op->end};
    memcpy(&d->padding1.PaddingValue, &op->pad_bits, sizeof(op->pad_bits));
    d->desc.Desc = &d->padding1;
}

static void build_tile(const struct bench_op *op, struct bench_desc *d)
{
    for (uint32_t i = 0; i < op->input.rank; ++i)
        d->repeats[i] = op->outputs[0].sizes[i] / op->input.sizes[i];
    d->tile = (DML_TILE_OPERATOR_DESC){&d->tensors[0], &d->tensors[1], op->input.rank, d->repeats};
    d->desc.Desc = &d->tile;
}

/* DEPTH_TO_SPACE and SPACE_TO_DEPTH share this layout; the block is the ratio of the H's. */
static void build_depth_space(const struct bench_op *op, struct bench_desc *d)
{
    const bool to_space = op->type == DML_OPERATOR_DEPTH_TO_SPACE;
    d->depth_space =
        (DML_DEPTH_TO_SPACE_OPERATOR_DESC){&d->tensors[0], &d->tensors[1],
                                           to_space ? op->outputs[0].sizes[2] / op->input.sizes[2]
                                                    : op->input.sizes[2] / op->outputs[0].sizes[2]};
    d->desc.Desc = &d->depth_space;
}

/* The index-carrying cases (bench_index.c): their indices are INT32. */
static void build_gather(const struct bench_op *op, struct bench_desc *d)
{
    const uint32_t n = op->input_count;
    d->gather = (DML_GATHER_OPERATOR_DESC){&d->tensors[0], &d->tensors[1], &d->tensors[n], 0, 1};
    d->desc.Desc = &d->gather;
}

static void build_scatter_nd(const struct bench_op *op, struct bench_desc *d)
{
    const uint32_t n = op->input_count;
    d->scatter_nd = (DML_SCATTER_ND_OPERATOR_DESC){&d->tensors[0], &d->tensors[1], &d->tensors[2],
                                                   &d->tensors[n], 2,              2};
    d->desc.Desc = &d->scatter_nd;
}

static void build_one_hot(const struct bench_op *op, struct bench_desc *d)
{
    const uint32_t n = op->input_count;
    d->one_hot =
        (DML_ONE_HOT_OPERATOR_DESC){&d->tensors[0], &d->tensors[1], &d->tensors[n], op->axis};
    d->desc.Desc = &d->one_hot;
}

/* The generators and SLICE_GRAD (bench_check.c checks them): value and delta are pad_bits and
 * delta_bits of the case's type; the output follows the input when there is one. */
static void build_generated(const struct bench_op *op, struct bench_desc *d)
{
    const DML_TENSOR_DATA_TYPE type = bench_data_type(op->elem_bytes);
    DML_TENSOR_DESC *first = &d->tensors[0], *last = &d->tensors[bench_input_count(op)];
    DML_SCALAR_UNION value, delta;
    memcpy(&value, &op->pad_bits, sizeof(value));
    memcpy(&delta, &op->delta_bits, sizeof(delta));
    switch (op->type)
    {
    case DML_OPERATOR_FILL_VALUE_CONSTANT:
        d->fill_constant = (DML_FILL_VALUE_CONSTANT_OPERATOR_DESC){last, type, value};
        d->desc.Desc = &d->fill_constant;
        break;
    case DML_OPERATOR_FILL_VALUE_SEQUENCE:
        d->fill_sequence = (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){last, type, value, delta};
        d->desc.Desc = &d->fill_sequence;
        break;
    case DML_OPERATOR_DIAGONAL_MATRIX:
        d->diagonal = (DML_DIAGONAL_MATRIX_OPERATOR_DESC){last, op->band[0], (float)op->pad_bits};
        d->desc.Desc = &d->diagonal;
        break;
    case DML_OPERATOR_DIAGONAL_MATRIX1:
        d->diagonal1 = (DML_DIAGONAL_MATRIX1_OPERATOR_DESC){first,       last,       type, value,
                                                            op->band[0], op->band[1]};
        d->desc.Desc = &d->diagonal1;
        break;
    default: /* SLICE_GRAD */
        d->slice_grad = (DML_SLICE_GRAD_OPERATOR_DESC){first,       last,       op->input.rank,
                                                       op->offsets, op->window, op->steps};
        d->desc.Desc = &d->slice_grad;
        break;
    }
}

static const struct
{
    DML_OPERATOR_TYPE type;
    void (*build)(const struct bench_op *op, struct bench_desc *d);
    bool output_strides; /* the outputs' strides go into their descs (permuted outputs) */
} builders[] = {
    {DML_OPERATOR_SLICE1, build_slice1, false},
    {DML_OPERATOR_SPLIT, build_split, false},
    {DML_OPERATOR_JOIN, build_join, false},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, build_identity, true},
    {DML_OPERATOR_PADDING1, build_padding1, false},
    {DML_OPERATOR_TILE, build_tile, false},
    {DML_OPERATOR_DEPTH_TO_SPACE, build_depth_space, false},
    {DML_OPERATOR_SPACE_TO_DEPTH, build_depth_space, false},
    {DML_OPERATOR_GATHER, build_gather, false},
    {DML_OPERATOR_SCATTER_ND, build_scatter_nd, false},
    {DML_OPERATOR_ONE_HOT, build_one_hot, false},
    {DML_OPERATOR_FILL_VALUE_CONSTANT, build_generated, false},
    {DML_OPERATOR_FILL_VALUE_SEQUENCE, build_generated, false},
    {DML_OPERATOR_DIAGONAL_MATRIX, build_generated, false},
    {DML_OPERATOR_DIAGONAL_MATRIX1, build_generated, false},
    {DML_OPERATOR_SLICE_GRAD, build_generated, false},
};

/* Inputs at in_offsets[] of the input buffer, described by inputs[]. */
bool bench_several_inputs(const struct bench_op *op)
{
    return op->type == DML_OPERATOR_JOIN || bench_is_indexed(op);
}

uint32_t bench_input_count(const struct bench_op *op)
{
    return bench_several_inputs(op) ? op->input_count : !bench_op_reads_nothing(op);
}

bool bench_desc_build(const struct bench_op *op, struct bench_desc *d)
{
    const uint32_t n = bench_input_count(op);
    for (size_t b = 0; b < sizeof(builders) / sizeof(builders[0]); ++b)
    {
        if (builders[b].type != op->type)
            continue;
        for (uint32_t k = 0; k < n; ++k)
            describe(op, bench_several_inputs(op) ? &op->inputs[k] : &op->input, true,
                     &d->buffers[k], &d->tensors[k]);
        if (bench_is_indexed(op))
            d->buffers[bench_index_input(op)].DataType = DML_TENSOR_DATA_TYPE_INT32;
        for (uint32_t k = 0; k < op->output_count; ++k)
            describe(op, &op->outputs[k], builders[b].output_strides, &d->buffers[n + k],
                     &d->tensors[n + k]);
        d->desc.Type = op->type;
        builders[b].build(op, d);
        return true;
    }
    return false;
}

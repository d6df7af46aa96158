/* The benchmark's reference for the operators that generate their elements or scatter a window
 * (datamove-family 6, 9, 13), straight from their definitions: outputs are dense, so `index` is
 * also the logical row-major index. */
#include <string.h>

#include "bench.h"

bool bench_op_reads_nothing(const struct bench_op *op)
{
    return op->type == DML_OPERATOR_FILL_VALUE_CONSTANT ||
           op->type == DML_OPERATOR_FILL_VALUE_SEQUENCE || op->type == DML_OPERATOR_DIAGONAL_MATRIX;
}

bool bench_is_generated(const struct bench_op *op)
{
    return bench_op_reads_nothing(op) || op->type == DML_OPERATOR_DIAGONAL_MATRIX1 ||
           op->type == DML_OPERATOR_SLICE_GRAD;
}

static void coordinates(const struct bench_tensor *t, uint64_t index, uint32_t *c)
{
    for (uint32_t d = 0; d < t->rank; ++d)
        c[d] = (uint32_t)(index / t->strides[d] % t->sizes[d]);
}

/* useValue = (End >= Begin) ^ (x - y >= Begin) ^ (x - y < End) over the last two dims. */
static bool in_band(const struct bench_op *op, const uint32_t *c, uint32_t rank)
{
    int64_t t = (int64_t)c[rank - 1] - c[rank - 2], begin = op->band[0], end = op->band[1];
    return (end >= begin) ^ (t >= begin) ^ (t < end);
}

/* SLICE_GRAD: the input gradient element written at output coordinate c, or -1 (a zero): the one
 * SLICE1 would read there, Offset + w * Stride (from the window's end for a negative stride). */
static int64_t gradient_offset(const struct bench_op *op, const uint32_t *c)
{
    int64_t offset = 0;
    for (uint32_t d = 0; d < op->input.rank; ++d)
    {
        int64_t s = op->steps[d], step = s < 0 ? -s : s;
        int64_t x = s > 0 ? (int64_t)c[d] - op->offsets[d]
                          : (int64_t)op->offsets[d] + op->window[d] - 1 - c[d];
        if (x < 0 || x % step || x / step >= op->input.sizes[d])
            return -1;
        offset += x / step * op->input.strides[d];
    }
    return offset;
}

bool bench_expected_generated(const struct bench_op *op, const uint8_t *input, uint64_t index,
                              uint8_t *out)
{
    const struct bench_tensor *t = &op->outputs[0];
    const uint64_t zero = 0;
    uint32_t c[BENCH_MAX_RANK];
    uint64_t bits;
    int64_t at;
    coordinates(t, index, c);
    switch (op->type)
    {
    case DML_OPERATOR_FILL_VALUE_CONSTANT:
        memcpy(out, &op->pad_bits, op->elem_bytes); /* little-endian: the low bytes */
        return true;
    case DML_OPERATOR_FILL_VALUE_SEQUENCE: /* FD4: wrapped to the (unsigned) type */
        bits = op->pad_bits + index * op->delta_bits;
        memcpy(out, &bits, op->elem_bytes);
        return true;
    case DML_OPERATOR_DIAGONAL_MATRIX:
        memcpy(out, in_band(op, c, t->rank) ? &op->pad_bits : &zero, op->elem_bytes);
        return true;
    case DML_OPERATOR_DIAGONAL_MATRIX1: /* the input is dense like the output */
        memcpy(out,
               in_band(op, c, t->rank) ? (const uint8_t *)&op->pad_bits
                                       : input + index * op->elem_bytes,
               op->elem_bytes);
        return true;
    case DML_OPERATOR_SLICE_GRAD:
        at = gradient_offset(op, c);
        memcpy(out, at < 0 ? (const uint8_t *)&zero : input + at * op->elem_bytes, op->elem_bytes);
        return true;
    default:
        return false;
    }
}

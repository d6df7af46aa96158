/* The benchmark's own reference: each output element's expected bytes, straight from the
 * operators' definitions (shared/spec/directml-semantics.md), independent of the lowering. */
#include <stdio.h>
#include <string.h>

#include "bench.h"

static int64_t mod_positive(int64_t x, int64_t p)
{
    int64_t m = x % p;
    return m < 0 ? m + p : m;
}

/* Input coordinate for output coordinate c of a padded dim; -1: the pad value. */
static int64_t pad_coordinate(DML_PADDING_MODE mode, int64_t x, int64_t n)
{
    switch (mode)
    {
    case DML_PADDING_MODE_CONSTANT:
        return x < 0 || x >= n ? -1 : x;
    case DML_PADDING_MODE_EDGE:
        return x < 0 ? 0 : x >= n ? n - 1 : x;
    case DML_PADDING_MODE_REFLECTION:
    {
        if (n == 1)
            return 0;
        int64_t m = mod_positive(x, 2 * (n - 1));
        return m < n ? m : 2 * (n - 1) - m;
    }
    case DML_PADDING_MODE_SYMMETRIC:
    {
        int64_t m = mod_positive(x, 2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    default:
        return mod_positive(x, n);
    }
}

/* Input coordinate of dim d for output k's coordinate c; -1: the pad value. */
static int64_t input_coordinate(const struct bench_op *op, uint32_t k, uint32_t d, int64_t c)
{
    switch (op->type)
    {
    case DML_OPERATOR_SLICE1:
        if (op->steps[d] < 0)
            return op->offsets[d] + op->window[d] - 1 + op->steps[d] * c;
        return op->offsets[d] + op->steps[d] * c;
    case DML_OPERATOR_SPLIT:
        return d == op->axis ? c + (int64_t)k * op->outputs[0].sizes[d] : c;
    case DML_OPERATOR_ELEMENT_WISE_IDENTITY:
        return c;
    case DML_OPERATOR_TILE:
        return c % op->input.sizes[d];
    default:
        return pad_coordinate(op->mode, c - op->start[d], op->input.sizes[d]);
    }
}

/* JOIN: output coordinate c comes from the input whose range along Axis holds c[Axis]. */
static void join_expected(const struct bench_op *op, const uint8_t *input, uint64_t index,
                          uint8_t *out)
{
    const struct bench_tensor *t = &op->outputs[0];
    uint32_t c[BENCH_MAX_RANK] = {0}, k = 0;
    for (uint32_t d = 0; d < t->rank; ++d)
        c[d] = (uint32_t)(index / t->strides[d] % t->sizes[d]);
    while (c[op->axis] >= op->inputs[k].sizes[op->axis])
        c[op->axis] -= op->inputs[k++].sizes[op->axis];
    uint64_t offset = op->in_offsets[k] / op->elem_bytes;
    for (uint32_t d = 0; d < t->rank; ++d)
        offset += (uint64_t)c[d] * op->inputs[k].strides[d];
    memcpy(out, input + offset * op->elem_bytes, op->elem_bytes);
}

/* DEPTH_TO_SPACE and SPACE_TO_DEPTH (order DEPTH_COLUMN_ROW): the space tensor's element
 * (n, c, h*B+i, w*B+j) is the depth tensor's (n, (i*B + j)*C' + c, h, w). */
static void depth_space_expected(const struct bench_op *op, const uint8_t *input, uint64_t index,
                                 uint8_t *out)
{
    const struct bench_tensor *t = &op->outputs[0], *in = &op->input;
    const bool to_space = op->type == DML_OPERATOR_DEPTH_TO_SPACE;
    const struct bench_tensor *space = to_space ? t : in, *depth = to_space ? in : t;
    const uint32_t b = space->sizes[2] / depth->sizes[2];
    uint32_t c[4], s[4], z[4];
    for (uint32_t d = 0; d < 4; ++d)
        c[d] = (uint32_t)(index / t->strides[d] % t->sizes[d]);
    if (to_space)
        memcpy(s, c, sizeof(c));
    else
    {
        uint32_t cell = c[1] / space->sizes[1]; /* i*B + j */
        s[0] = c[0];
        s[1] = c[1] % space->sizes[1];
        s[2] = c[2] * b + cell / b;
        s[3] = c[3] * b + cell % b;
    }
    z[0] = s[0];
    z[1] = ((s[2] % b) * b + s[3] % b) * space->sizes[1] + s[1];
    z[2] = s[2] / b;
    z[3] = s[3] / b;
    const uint32_t *at = to_space ? z : s;
    uint64_t offset = 0;
    for (uint32_t d = 0; d < 4; ++d)
        offset += (uint64_t)at[d] * in->strides[d];
    memcpy(out, input + offset * op->elem_bytes, op->elem_bytes);
}

/* `index` counts output elements in memory order (outputs are dense, perhaps permuted). */
void bench_expected(const struct bench_op *op, const uint8_t *input, uint32_t k, uint64_t index,
                    uint8_t *out)
{
    const struct bench_tensor *t = &op->outputs[k];
    uint64_t offset = 0;
    if (bench_expected_generated(op, input, index, out))
        return;
    if (op->type == DML_OPERATOR_JOIN)
    {
        join_expected(op, input, index, out);
        return;
    }
    if (op->type == DML_OPERATOR_DEPTH_TO_SPACE || op->type == DML_OPERATOR_SPACE_TO_DEPTH)
    {
        depth_space_expected(op, input, index, out);
        return;
    }
    for (uint32_t d = t->rank; d-- > 0;)
    {
        int64_t i = input_coordinate(op, k, d, (int64_t)(index / t->strides[d] % t->sizes[d]));
        if (i < 0)
        {
            memcpy(out, &op->pad_bits, op->elem_bytes); /* little-endian: the low bytes */
            return;
        }
        offset += (uint64_t)i * op->input.strides[d];
    }
    memcpy(out, input + offset * op->elem_bytes, op->elem_bytes);
}

uint64_t bench_check_range(const struct bench_op *op, const uint8_t *input, uint32_t k,
                           uint64_t first, uint64_t count, const uint8_t *actual)
{
    uint64_t mismatches = 0;
    uint8_t expected[8];
    for (uint64_t i = 0; i < count; ++i)
    {
        bench_expected(op, input, k, first + i, expected);
        if (!memcmp(expected, actual + i * op->elem_bytes, op->elem_bytes))
            continue;
        if (mismatches++ < 4)
            fprintf(stderr, "  %s e%u: output %u element %llu differs\n", op->name, op->elem_bytes,
                    k, (unsigned long long)(first + i));
    }
    return mismatches;
}

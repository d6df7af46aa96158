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
    default:
        return pad_coordinate(op->mode, c - op->start[d], op->input.sizes[d]);
    }
}

void bench_expected(const struct bench_op *op, const uint8_t *input, uint32_t k, uint64_t index,
                    uint8_t *out)
{
    const struct bench_tensor *t = &op->outputs[k];
    uint64_t offset = 0;
    for (uint32_t d = t->rank; d-- > 0;)
    {
        int64_t i = input_coordinate(op, k, d, (int64_t)(index % t->sizes[d]));
        index /= t->sizes[d];
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

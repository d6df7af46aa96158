/* The benchmark's index-carrying cases (bench_suite.c builds them, bench_desc.c describes them):
 * GATHER of rows, SCATTER_ND of rows, ONE_HOT; their indices and their expected outputs, straight
 * from the operators' definitions. */
#define COBJMACROS
#include <string.h>

#include <dmlops.h>

#include "bench.h"

bool bench_is_indexed(const struct bench_op *op)
{
    return op->type == DML_OPERATOR_GATHER || op->type == DML_OPERATOR_SCATTER_ND ||
           op->type == DML_OPERATOR_ONE_HOT;
}

uint32_t bench_index_input(const struct bench_op *op)
{
    return op->type == DML_OPERATOR_ONE_HOT ? 0 : 1;
}

int32_t bench_index_value(const struct bench_op *op, uint64_t i)
{
    return (int32_t)((i * op->index_mul + op->index_add) % op->index_range);
}

/* x with x * mul = 1 mod range (mul and range coprime). */
static uint64_t inverse(uint64_t mul, uint64_t range)
{
    int64_t t = 0, next = 1, r = (int64_t)range, next_r = (int64_t)mul;
    while (next_r)
    {
        int64_t q = r / next_r, tt = t - q * next, rr = r - q * next_r;
        t = next, next = tt, r = next_r, next_r = rr;
    }
    return (uint64_t)(t < 0 ? t + (int64_t)range : t);
}

static const uint8_t *element(const struct bench_op *op, const uint8_t *input, uint32_t k,
                              uint64_t row, uint64_t column)
{
    const struct bench_tensor *t = &op->inputs[k];
    return input + op->in_offsets[k] +
           (row * t->strides[0] + column * t->strides[1]) * op->elem_bytes;
}

/* Output element `index` (row-major over {rows, W}). GATHER: output[i, c] = input[indices[i], c];
 * SCATTER_ND: output = input, then output[indices[i], c] = updates[i, c]; ONE_HOT:
 * output[i, c] = c == indices[i] ? values[1] : values[0]. */
void bench_index_expected(const struct bench_op *op, const uint8_t *input, uint64_t index,
                          uint8_t *out)
{
    const uint64_t columns = op->outputs[0].sizes[1], row = index / columns, c = index % columns;
    const uint8_t *from;

    if (op->type == DML_OPERATOR_GATHER)
        from = element(op, input, 0, (uint64_t)bench_index_value(op, row), c);
    else if (op->type == DML_OPERATOR_ONE_HOT)
        from = element(op, input, 1, 0, c == (uint64_t)bench_index_value(op, row));
    else
    {
        /* The update that names this row: the inverse of the permutation. */
        uint64_t range = op->index_range, shifted = (row + range - op->index_add) % range;
        uint64_t i = shifted * inverse(op->index_mul, range) % range;
        from = i < op->inputs[1].sizes[0] ? element(op, input, 2, i, c)
                                          : element(op, input, 0, row, c);
    }
    memcpy(out, from, op->elem_bytes);
}

/* The benchmark's index-carrying cases (bench_suite.c builds them, bench_desc.c describes them):
 * GATHER of rows, SCATTER_ND of rows, ONE_HOT, and their indices. The C reference (reference/,
 * bench_check.c) computes their expected outputs from those. */
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

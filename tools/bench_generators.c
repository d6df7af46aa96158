/* The benchmark's generator cases (fills, DIAGONAL_MATRIX; bench_suite.c builds them): they read
 * nothing, so they bind no input. */
#include "bench.h"

bool bench_op_reads_nothing(const struct bench_op *op)
{
    return op->type == DML_OPERATOR_FILL_VALUE_CONSTANT ||
           op->type == DML_OPERATOR_FILL_VALUE_SEQUENCE || op->type == DML_OPERATOR_DIAGONAL_MATRIX;
}

/* One tensor of a random differential (the GPU part of tests/ops/<name>.c): its desc with storage,
 * and where each logical element lies, for the operators' C references. */
#ifndef DMLOPS_TEST_OP_TENSOR_H
#define DMLOPS_TEST_OP_TENSOR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <DirectML.h>

#include "rng.h"

/* Not copyable: desc points into it. */
struct op_tensor
{
    DML_TENSOR_DATA_TYPE type;
    uint32_t rank, elem;
    uint32_t sizes[8], strides[8]; /* strides: the desc's, or packed when it has none */
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
};

/* The tensor of these sizes: packed (strides NULL) or with these strides. */
void op_tensor_set(struct op_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                   const uint32_t *sizes, const uint32_t *strides);
/* The tensor of these sizes with random strides (op_check_strides: packed, permuted, gapped, and
 * broadcast when allowed). */
void op_tensor_random_strides(struct op_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                              const uint32_t *sizes, bool broadcast, struct rng *rng);
uint64_t op_tensor_count(const struct op_tensor *t);
/* Coordinates of logical element index (row-major), and its byte offset. */
void op_tensor_coords(const struct op_tensor *t, uint64_t index, uint32_t *c);
uint64_t op_tensor_offset(const struct op_tensor *t, const uint32_t *c);
void op_tensor_describe(FILE *file, const char *name, const struct op_tensor *t);

#endif

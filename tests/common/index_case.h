/* Shared by the index-carrying operators' differential tests (the GPU parts of
 * tests/ops/gather*.c, scatter*, one_hot, reverse_subsequences): tensors with random layouts, and
 * index values that are in range, negative and out of range. Their expected outputs come from the C
 * reference (reference/, op_check_expect). */
#ifndef DMLOPS_TEST_INDEX_CASE_H
#define DMLOPS_TEST_INDEX_CASE_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#include "rng.h"

#define INDEX_CASE_DATA_TYPES 11
extern const DML_TENSOR_DATA_TYPE index_case_data_types[INDEX_CASE_DATA_TYPES];
#define INDEX_CASE_INDEX_TYPES 4
extern const DML_TENSOR_DATA_TYPE index_case_index_types[INDEX_CASE_INDEX_TYPES];

/* A buffer tensor desc and its storage. Not copyable: it points into itself. */
struct index_case_tensor
{
    DML_TENSOR_DATA_TYPE type;
    uint32_t rank, elem;
    uint32_t sizes[8], strides[8]; /* strides: always filled (packed when the desc has none) */
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
};

/* layout: 0 packed (Strides NULL), 1 random (op_check_strides: packed, permuted, gapped or,
 * with broadcast, zero strides). */
void index_case_tensor(struct index_case_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                       const uint32_t *sizes, bool random_layout, bool broadcast, struct rng *rng);

/* Overwrites every element of an index buffer with values for extents[0..count) (one picked per
 * element): mostly in range, else (signed types) negative from the end, or out of range on
 * either side, or huge. */
void index_case_fill(uint8_t *data, uint64_t bytes, DML_TENSOR_DATA_TYPE type,
                     const uint32_t *extents, uint32_t count, struct rng *rng);

struct op_check_buffers;

/* A case's slots (op_check_alloc): the inputs tensors[0 .. input_count), then one output,
 * tensors[input_count]; then the index values of input index_slot for extents[0 .. count)
 * (index_case_fill). */
void index_case_buffers(struct op_check_buffers *b, const struct index_case_tensor *const *tensors,
                        uint32_t input_count, uint32_t index_slot, const uint32_t *extents,
                        uint32_t count, struct rng *rng);

/* Elements of a tensor of these sizes. */
uint64_t index_case_count(uint32_t rank, const uint32_t *sizes);

/* Prints "name type sizes/strides" for a failure report. */
void index_case_describe(const char *name, const struct index_case_tensor *t);

#endif

/* Shared by the index-carrying operators' differential tests (tests/gpu_ops/test_op_gather*.c,
 * scatter*, one_hot, reverse_subsequences): tensors with random layouts, index values that are
 * in range, negative and out of range, and decision FD7's reading of an index. */
#ifndef DMLOPS_TEST_INDEX_REF_H
#define DMLOPS_TEST_INDEX_REF_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#include "rng.h"

#define INDEX_REF_DATA_TYPES 11
extern const DML_TENSOR_DATA_TYPE index_ref_data_types[INDEX_REF_DATA_TYPES];
#define INDEX_REF_INDEX_TYPES 4
extern const DML_TENSOR_DATA_TYPE index_ref_index_types[INDEX_REF_INDEX_TYPES];

/* A buffer tensor desc and its storage. Not copyable: it points into itself. */
struct index_ref_tensor
{
    DML_TENSOR_DATA_TYPE type;
    uint32_t rank, elem;
    uint32_t sizes[8], strides[8]; /* strides: always filled (packed when the desc has none) */
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
};

/* layout: 0 packed (Strides NULL), 1 random (op_check_strides: packed, permuted, gapped or,
 * with broadcast, zero strides). */
void index_ref_tensor(struct index_ref_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                      const uint32_t *sizes, bool random_layout, bool broadcast, struct rng *rng);

/* Overwrites every element of an index buffer with values for extents[0..count) (one picked per
 * element): mostly in range, else (signed types) negative from the end, or out of range on
 * either side, or huge. */
void index_ref_fill(uint8_t *data, uint64_t bytes, DML_TENSOR_DATA_TYPE type,
                    const uint32_t *extents, uint32_t count, struct rng *rng);

/* Element `at` (in elements) of an index buffer as a signed value; an unsigned value past
 * INT64_MAX reads as INT64_MAX (past every extent, as it is). */
int64_t index_ref_value(const uint8_t *data, DML_TENSOR_DATA_TYPE type, uint64_t at);

/* FD7: a negative value counts once from the end of n. */
int64_t index_ref_wrap(int64_t v, uint32_t n);
/* FD7 for gathers: then clamped into [0, n). */
uint32_t index_ref_clamp(int64_t v, uint32_t n);

/* Coordinates of linear index i over sizes (outermost first), and their element offset. */
void index_ref_coords(uint64_t i, uint32_t rank, const uint32_t *sizes, uint32_t *c);
uint64_t index_ref_offset(const struct index_ref_tensor *t, const uint32_t *c);
uint64_t index_ref_count(uint32_t rank, const uint32_t *sizes);

/* Prints "name type sizes/strides" for a failure report. */
void index_ref_describe(const char *name, const struct index_ref_tensor *t);

#endif

/* Seeded random valid cases of SLICE, SLICE1, SPLIT, PADDING and PADDING1: a complete
 * DML_OPERATOR_DESC with everything it points to, valid at a chosen feature level.
 * A case points into itself: never copy a struct random_case, pass its address. */
#ifndef DMLOPS_TEST_RANDOM_CASE_H
#define DMLOPS_TEST_RANDOM_CASE_H

#include <stdint.h>
#include <stdio.h>

#include <DirectML.h>

#define RANDOM_CASE_MAX_RANK 8
#define RANDOM_CASE_MAX_OUTPUTS 64
/* Elements per tensor of random_case_generate: a few thousand keeps thousands of cases fast. */
#define RANDOM_CASE_DEFAULT_ELEMENTS 4096u

struct random_tensor
{
    DML_TENSOR_DESC desc;
    DML_BUFFER_TENSOR_DESC buffer;
    uint32_t sizes[RANDOM_CASE_MAX_RANK];
    uint32_t strides[RANDOM_CASE_MAX_RANK]; /* what buffer.Strides points to, unless NULL */
};

struct random_case
{
    uint64_t seed;
    DML_FEATURE_LEVEL feature_level; /* the desc is valid at this level and above */
    uint32_t max_elements;           /* the element budget of each tensor */
    DML_OPERATOR_DESC desc;
    union
    {
        DML_SLICE_OPERATOR_DESC slice;
        DML_SLICE1_OPERATOR_DESC slice1;
        DML_SPLIT_OPERATOR_DESC split;
        DML_PADDING_OPERATOR_DESC padding;
        DML_PADDING1_OPERATOR_DESC padding1;
    } op;
    struct random_tensor input;
    uint32_t output_count;
    struct random_tensor outputs[RANDOM_CASE_MAX_OUTPUTS];
    DML_TENSOR_DESC output_descs[RANDOM_CASE_MAX_OUTPUTS]; /* contiguous, as SPLIT wants them */
    /* the operator's arrays */
    uint32_t offsets[RANDOM_CASE_MAX_RANK];
    uint32_t sizes[RANDOM_CASE_MAX_RANK];
    uint32_t strides[RANDOM_CASE_MAX_RANK];
    int32_t window_strides[RANDOM_CASE_MAX_RANK];
    uint32_t start_padding[RANDOM_CASE_MAX_RANK];
    uint32_t end_padding[RANDOM_CASE_MAX_RANK];
    /* buffer sizes: the tensors' TotalTensorSizeInBytes */
    uint64_t input_bytes;
    uint64_t output_bytes[RANDOM_CASE_MAX_OUTPUTS];
};

/* Fills *rc with the case of this seed, valid at feature level max_level (any level from
 * DML_FEATURE_LEVEL_1_0 to DML_FEATURE_LEVEL_6_4). Returns 0, or -1 when out of memory. */
int random_case_generate(struct random_case *rc, uint64_t seed, DML_FEATURE_LEVEL max_level);

/* As random_case_generate with another element budget per tensor (at least 64); with
 * RANDOM_CASE_DEFAULT_ELEMENTS it gives the same cases. Larger budgets reach larger strides,
 * offsets and dispatches. */
int random_case_generate_sized(struct random_case *rc, uint64_t seed, DML_FEATURE_LEVEL max_level,
                               uint32_t max_elements);

/* Releases what the case owns (nothing today; call it anyway). */
void random_case_free(struct random_case *rc);

/* Prints the whole case and the call that reproduces it. */
void random_case_describe(FILE *file, const struct random_case *rc);

/* DMLCalcBufferTensorSize (spec 3.1): the minimum TotalTensorSizeInBytes of a tensor. */
uint64_t random_case_min_bytes(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *sizes,
                               const uint32_t *strides);

#endif

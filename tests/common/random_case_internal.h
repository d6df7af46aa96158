/* Pieces of the random case generator shared between its files. */
#ifndef DMLOPS_TEST_RANDOM_CASE_INTERNAL_H
#define DMLOPS_TEST_RANDOM_CASE_INTERNAL_H

#include "random_case.h"
#include "rng.h"

enum random_layout
{
    RANDOM_LAYOUT_IMPLICIT,  /* Strides = NULL */
    RANDOM_LAYOUT_PACKED,    /* explicit packed row-major strides */
    RANDOM_LAYOUT_GAPPED,    /* row-major with gaps between rows */
    RANDOM_LAYOUT_PERMUTED,  /* packed in a shuffled dimension order, sometimes with gaps */
    RANDOM_LAYOUT_BROADCAST, /* some dims stride 0 (inputs only) */
    RANDOM_LAYOUT_COUNT
};

/* Sizes whose product is at most budget; about a fifth of the dims are 1. */
void random_sizes(struct rng *rng, uint32_t rank, uint32_t budget, uint32_t *sizes);

/* Sets a tensor's sizes, layout, TotalTensorSizeInBytes and base alignment, and points its
 * DML_TENSOR_DESC at its buffer desc. is_input allows broadcast layouts. */
void random_tensor_finish(struct rng *rng, struct random_tensor *t, DML_TENSOR_DATA_TYPE type,
                          uint32_t rank, int is_input);

const char *random_type_name(DML_TENSOR_DATA_TYPE type);

#endif

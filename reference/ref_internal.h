/* Shared by the reference's files: one entry per operator, and tensor addressing. */
#ifndef DMLOPS_REF_INTERNAL_H
#define DMLOPS_REF_INTERNAL_H

#include "reference.h"

#define REF_MAX_LISTED 3

/* The operator's tensors, in binding order: count consecutive DML_TENSOR_DESCs each side, or,
 * where inputs is NULL, input i is *listed[i] (operators whose inputs are separate fields). */
struct ref_tensors
{
    uint32_t input_count, output_count;
    const DML_TENSOR_DESC *inputs, *outputs;
    const DML_TENSOR_DESC *listed[REF_MAX_LISTED];
};

struct ref_entry
{
    DML_OPERATOR_TYPE type;
    void (*tensors)(const void *desc, struct ref_tensors *out);
    /* Optional: what ref_output holds for output out->k (SPLIT: begin); false when memory ran
     * out. What it allocates in out->state, ref_output_free frees. */
    bool (*output_init)(struct ref_output *out);
    /* The bytes of output out->k's element at coordinate c. */
    void (*element)(const struct ref_output *out, const int64_t *c, void *bytes);
};

/* Entries (one file each): one per operator of DML_OPS (src/ops/op_list.h), the one list. */
#define REF_ENTRY(name) extern const struct ref_entry ref_##name;

/* A buffer tensor's strides (its own, or packed row-major ones when it has none, T6) and element
 * size. */
struct ref_tensor
{
    const DML_BUFFER_TENSOR_DESC *desc;
    uint64_t strides[REF_MAX_RANK];
    uint32_t elem;
};
struct ref_tensor ref_tensor_of(const DML_TENSOR_DESC *tensor);
/* Byte offset of an element: elemSize * sum(coord[i] * Strides[i]) (3.2). */
uint64_t ref_offset(const struct ref_tensor *t, const int64_t *coord);
/* The element of tensor (bound at base) at coord, copied into bytes. */
void ref_read(const DML_TENSOR_DESC *tensor, const void *base, const int64_t *coord, void *bytes);

/* Single-tensor sides (most operators): one input, one output. */
void ref_one_in_one_out(const DML_TENSOR_DESC *input, const DML_TENSOR_DESC *output,
                        struct ref_tensors *out);
/* One output and the inputs a, b, c that are not NULL, in that order (an absent optional input
 * takes no binding, the generators have none). */
void ref_listed_inputs(const DML_TENSOR_DESC *a, const DML_TENSOR_DESC *b, const DML_TENSOR_DESC *c,
                       const DML_TENSOR_DESC *output, struct ref_tensors *out);

/* The index-carrying operators' reading of an index (ref_index.c). Element coord of an integer
 * tensor as a signed value: an unsigned one past INT64_MAX reads as INT64_MAX (past every
 * extent, as it is). */
int64_t ref_index(const DML_TENSOR_DESC *tensor, const void *base, const int64_t *coord);
/* FD7: a negative index counts once from the end of an axis of n. */
int64_t ref_index_wrap(int64_t v, uint32_t n);
/* FD7 for the gathers: wrapped, then clamped into [0, n). */
int64_t ref_index_clamp(int64_t v, uint32_t n);
/* Row-major position of coordinate c among rank sizes (FILL_VALUE_SEQUENCE's k). */
uint64_t ref_row_major(const UINT *sizes, uint32_t rank, const int64_t *c);

#endif

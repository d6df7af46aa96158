/* What an operator's fuzz part defines (the FUZZ part of its test file, tests/ops/<name>.c, built
 * into the decoder): `const struct fuzz_op fuzz_op_<op>` for each <op> of DML_OPS
 * (src/ops/op_list.h), with its valid default desc, its builder and its corpus seeds. fuzz_ops.c
 * lists them from DML_OPS, so an operator without one fails to link; and the helpers they share. */
#ifndef DMLOPS_FUZZ_OP_H
#define DMLOPS_FUZZ_OP_H

#include "fuzz_decode_internal.h"
#include "fuzz_seed.h"

/* A small hash-based generator: each call gives the next 32 bits of the sequence of its seed. */
struct fuzz_rng
{
    uint32_t state;
};

struct fuzz_op
{
    /* Also its kind byte in a fuzz input (fuzz_format.h): a corpus file keeps its meaning. */
    DML_OPERATOR_TYPE type;
    /* Its valid default: how it departs from p as fuzz_params_generic sets it (type, data types,
     * the input's shape, one input, one output shaped as the input). */
    void (*generate)(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options);
    /* Its desc from p and the patches (fd_*: every field patchable), recording its tensors in c
     * for execution; NULL when an allocation failed. p->type may be another operator's whose desc
     * shares the builder (the family's versions). */
    void *(*build)(struct fuzz_decoder *d, const struct fuzz_params *p,
                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c);
    uint32_t min_rank, max_rank;   /* of the default input; 0: any */
    const struct fuzz_seed *seeds; /* its corpus files (fuzz_seed_gen) */
    uint32_t seed_count;
};

#define FUZZ_COUNT(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/* fuzz_ops.c: the i-th operator of DML_OPS, NULL past the end; the one of type, or NULL. */
const struct fuzz_op *fuzz_op_at(uint32_t i);
const struct fuzz_op *fuzz_op_of(DML_OPERATOR_TYPE type);

/* fuzz_params.c: the generators' helpers. */
uint32_t fuzz_rng_next(struct fuzz_rng *rng);
uint32_t fuzz_rng_below(struct fuzz_rng *rng, uint32_t n); /* 0..n-1 (n >= 1) */
bool fp_is_float(DML_TENSOR_DATA_TYPE type);
/* The index-carrying operators' index type: any of the four (UINT32 the only one below FL 3.0). */
void fp_index_type(struct fuzz_params *p, struct fuzz_rng *rng);
/* A shape of p's rank, all 1s. */
struct fuzz_shape fp_ones(const struct fuzz_params *p);
/* A float value's bits: a small exact value or any bits (NaN, infinities, subnormals). */
uint32_t fp_float_bits(struct fuzz_rng *rng);
/* A DML_SCALAR_UNION of type: any bits, or (float types) mostly a small value. */
uint64_t fp_scalar_bits(DML_TENSOR_DATA_TYPE type, struct fuzz_rng *rng);
/* A band bound near the matrix (n its larger side), or INT32_MIN, INT32_MAX. */
int32_t fp_band_bound(struct fuzz_rng *rng, uint32_t n);
/* SLICE1's windows (arrays 0-2: offsets, sizes, strides; FUZZ_OPT_NEGATIVE alternates the
 * strides' signs) and output 0's shape. */
void fp_slice1_windows(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options);
/* GATHER_ND(1) (batches: GATHER_ND1) and SCATTER_ND: counts and the three shapes. */
void fp_nd(struct fuzz_params *p, struct fuzz_rng *rng, bool batches, bool scatter);

/* fuzz_ops.c: the builders' helpers. */
/* One input shaped p->input, one output shaped p->outputs[0], recorded in c. */
void fd_in_out(struct fuzz_decoder *d, const struct fuzz_params *p, DML_TENSOR_FLAGS input_flags,
               struct fuzz_case *c);
/* The desc's DimensionCount (FF_DESC_DIMENSION_COUNT), by default the input's rank. */
uint32_t fd_dimension_count(struct fuzz_decoder *d, const struct fuzz_params *p);
/* The desc's array "which" (p->arrays[which] by default), count elements long, or NULL. */
UINT *fd_desc_array(struct fuzz_decoder *d, const struct fuzz_params *p, uint32_t which,
                    uint32_t count);
/* The operators whose inputs are separate desc fields: their count inputs in consecutive slots
 * (c->inputs, the operator's order; tensor bytes FUZZ_INPUT_TENSOR(j)), input j shaped
 * p->inputs[j] and, where bit j of index_mask is set, of p->index_type; fields[j] is slot j
 * unless FF_TENSOR_PTR drops it. Output 0 shaped p->outputs[0]. */
void fd_listed_tensors(struct fuzz_decoder *d, const struct fuzz_params *p,
                       DML_TENSOR_FLAGS input_flags, uint32_t count, uint32_t index_mask,
                       const DML_TENSOR_DESC **fields, struct fuzz_case *c);
/* FF_INDEX_COUNT "which", by default p->counts[which]. */
uint32_t fd_index_count(struct fuzz_decoder *d, const struct fuzz_params *p, uint32_t which);
/* FF_VALUE "which" as a DML_SCALAR_UNION; FF_VALUE_TYPE, by default p's data type. */
DML_SCALAR_UNION fd_scalar(struct fuzz_decoder *d, uint32_t which, uint64_t fallback);
DML_TENSOR_DATA_TYPE fd_value_type(struct fuzz_decoder *d, const struct fuzz_params *p);

#endif

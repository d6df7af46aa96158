/* Shared by the decoder's files: patched field values, the defaults of a valid desc, and the
 * builders of tensors and operator descs. */
#ifndef DMLOPS_FUZZ_DECODE_INTERNAL_H
#define DMLOPS_FUZZ_DECODE_INTERNAL_H

#include "fuzz_decode.h"

#define FUZZ_RANK_MAX 8
#define FUZZ_DEFAULT_OUTPUTS 8  /* SPLIT outputs (JOIN inputs) with their own default shape */
#define FUZZ_DRAWN_ELEMENTS 256 /* array elements a patch can address; later ones are 0 */

struct fuzz_patch
{
    uint8_t field, tensor, index, selector;
    uint64_t raw;
};

struct fuzz_shape
{
    uint32_t rank;
    uint32_t sizes[FUZZ_RANK_MAX];
};

/* A valid desc of one operator, before patches. */
struct fuzz_params
{
    DML_OPERATOR_TYPE type;
    DML_TENSOR_DATA_TYPE data_type, out_data_type; /* the inputs', the outputs' (CAST: another) */
    struct fuzz_shape input;
    uint32_t input_count; /* JOIN, the listed inputs' operators; 1 for the others (the generators
                             and DIAGONAL_MATRIX1 without input 0) */
    struct fuzz_shape inputs[FUZZ_DEFAULT_OUTPUTS]; /* input j's shape (inputs[0]: input) */
    uint32_t output_count;
    struct fuzz_shape outputs[FUZZ_DEFAULT_OUTPUTS];
    uint32_t arrays[3][FUZZ_RANK_MAX]; /* SLICE(1) offsets, sizes, strides; PADDING start, end;
                                          TILE repeats */
    uint32_t axis, mode;
    uint64_t value;                  /* PADDING(1)'s, the fills' and the diagonals' */
    uint32_t block, order;           /* depth/space */
    bool scale_bias;                 /* IDENTITY: ScaleBias given */
    uint32_t scale_bits, bias_bits;  /* IDENTITY */
    DML_TENSOR_DATA_TYPE index_type; /* the index-carrying operators' index tensors */
    uint32_t counts[3];              /* FF_INDEX_COUNT's defaults */
    int32_t band[2];                 /* DIAGONAL_MATRIX: Offset; DIAGONAL_MATRIX1: Begin, End */
    uint64_t delta;                  /* FILL_VALUE_SEQUENCE: ValueDelta (value: ValueStart) */
    uint8_t stride_modes[2];         /* inputs, outputs */
};

struct fuzz_decoder
{
    struct fuzz_arena *arena;
    struct fuzz_patch patches[FUZZ_MAX_PATCHES];
    uint32_t patch_count;
    bool failed; /* an allocation failed */
};

/* The field's value: the last patch's selector applied to fallback, or fallback. */
uint32_t fd_u32(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint32_t index,
                uint32_t fallback);
uint64_t fd_u64(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint32_t index,
                uint64_t fallback);
/* A pointer field: present unless patched to 0. */
bool fd_present(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint32_t index);
/* fa_array, recording a failure. */
void *fd_alloc(struct fuzz_decoder *d, uint64_t count, size_t elem_size);
/* count UINTs: defaults[i] for i < known, 1 beyond, each patchable as (field, tensor, i). */
UINT *fd_array(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint64_t count,
               const uint32_t *defaults, uint32_t known);

/* fuzz_tensor.c: tensor "tensor" of the desc, shaped like shape unless patched. */
const DML_TENSOR_DESC *fd_tensor(struct fuzz_decoder *d, uint32_t tensor,
                                 const struct fuzz_params *p, const struct fuzz_shape *shape,
                                 DML_TENSOR_FLAGS flags);
void fd_tensor_into(struct fuzz_decoder *d, uint32_t tensor, const struct fuzz_params *p,
                    const struct fuzz_shape *shape, DML_TENSOR_FLAGS flags, DML_TENSOR_DESC *slot);

/* fuzz_params.c: a valid desc of the header's kind from its seeds (an operator type the fuzzer
 * has no operator of: generic tensors only), or a documentation example. */
void fuzz_params_generic(const uint8_t *header, struct fuzz_params *p);
void fuzz_params_example(unsigned example, struct fuzz_params *p);

/* fuzz_ops.c: the operator's desc (c->desc, c->input, c->outputs, c->output_count), by its
 * operator's builder (fuzz_op.h). */
void fuzz_build_op(struct fuzz_decoder *d, const struct fuzz_params *p,
                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c);

#endif

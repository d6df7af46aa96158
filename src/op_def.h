/* A validated operator in normalised form: everything lowering needs and nothing that points
 * back into the application's desc (DirectML lets the desc die when CreateOperator returns). */
#ifndef DMLOPS_OP_DEF_H
#define DMLOPS_OP_DEF_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#define DML_MAX_RANK 8

struct dml_tensor
{
    DML_TENSOR_DATA_TYPE data_type;
    DML_TENSOR_FLAGS flags;
    uint32_t rank;
    uint32_t sizes[DML_MAX_RANK];
    uint32_t strides[DML_MAX_RANK]; /* elements; packed row-major strides when the desc had none */
    bool has_strides;               /* the desc gave strides */
    uint64_t total_bytes;           /* TotalTensorSizeInBytes as given */
    uint64_t min_bytes;             /* DMLCalcBufferTensorSize of the desc */
    uint32_t base_alignment; /* max(16, GuaranteedBaseOffsetAlignment): every binding offset is
                              * a multiple of 16 (DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT) */
};

struct dml_slice_def /* SLICE1's window; SLICE (v0) is expressed in the same terms */
{
    uint32_t offsets[DML_MAX_RANK];
    uint32_t sizes[DML_MAX_RANK];
    int32_t strides[DML_MAX_RANK];
};

struct dml_scale_bias_def /* ELEMENT_WISE_IDENTITY's optional DML_SCALE_BIAS */
{
    bool present;
    float scale, bias;
};

struct dml_padding_def /* PADDING's FLOAT value is kept as value_type FLOAT32 */
{
    DML_PADDING_MODE mode;
    uint32_t start[DML_MAX_RANK];
    uint32_t end[DML_MAX_RANK];
    DML_TENSOR_DATA_TYPE value_type;
    DML_SCALAR_UNION value;
};

struct dml_depth_space_def /* DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1): v0 is order DCR */
{
    uint32_t block_size;
    DML_DEPTH_SPACE_ORDER order;
};

struct dml_index_def /* the index-carrying operators (src/ops/index.h) */
{
    uint32_t axis;         /* GATHER, GATHER_ELEMENTS, SCATTER, ONE_HOT, REVERSE_SUBSEQUENCES */
    uint32_t index_dims;   /* GATHER: IndexDimensions */
    uint32_t input_dims;   /* GATHER_ND(1), SCATTER_ND: InputDimensionCount */
    uint32_t indices_dims; /* GATHER_ND(1), SCATTER_ND: IndicesDimensionCount */
    uint32_t batch_dims;   /* GATHER_ND1: BatchDimensionCount */
};

struct dml_generator_def /* FILL_VALUE_*, DIAGONAL_MATRIX(1): what an output is made of */
{
    DML_TENSOR_DATA_TYPE value_type; /* of value and delta; FLOAT32 for DIAGONAL_MATRIX's FLOAT */
    DML_SCALAR_UNION value;          /* the constant, the sequence's start, the band's value */
    DML_SCALAR_UNION delta;          /* FILL_VALUE_SEQUENCE */
    int64_t begin, end;              /* the band of x - y (DIAGONAL_MATRIX: Offset, Offset + 1) */
};

struct dml_op_def
{
    DML_OPERATOR_TYPE type;
    uint32_t elem_size;         /* bytes per element: 1, 2, 4 or 8 */
    uint32_t input_count;       /* JOIN: InputCount, otherwise 1 (0: a generator) */
    uint32_t absent_inputs;     /* optional inputs the desc left NULL (after the present ones):
                                   bound, if at all, as NONE (DIAGONAL_MATRIX1) */
    uint32_t output_count;      /* SPLIT: OutputCount, otherwise 1 */
    bool in_place;              /* output 0 may be bound to input 0's very range (IDENTITY, FD2) */
    struct dml_tensor *tensors; /* input_count inputs, then output_count outputs */
    /* Kinds of attributes, each shared by the operators that have it (not one per operator). */
    union
    {
        uint32_t axis; /* SPLIT, JOIN */
        struct dml_slice_def slice;
        struct dml_padding_def padding;
        struct dml_scale_bias_def scale_bias;
        struct dml_depth_space_def depth_space;
        struct dml_index_def index;
        struct dml_generator_def generator;
    } u;
};

static inline const struct dml_tensor *dml_op_input(const struct dml_op_def *def, uint32_t i)
{
    return &def->tensors[i];
}

static inline const struct dml_tensor *dml_op_output(const struct dml_op_def *def, uint32_t i)
{
    return &def->tensors[def->input_count + i];
}

/* Allocates def->tensors for input_count + output_count tensors (zeroed). */
HRESULT dml_op_def_init(struct dml_op_def *def, DML_OPERATOR_TYPE type, uint32_t input_count,
                        uint32_t output_count);
void dml_op_def_cleanup(struct dml_op_def *def);
/* A deep copy (E_OUTOFMEMORY). */
HRESULT dml_op_def_copy(const struct dml_op_def *from, struct dml_op_def *to);
/* Whether two defs hold the same bytes (tensors compared, not their address). Defs are built on
 * zeroed memory, so equal defs compare equal; were padding ever to differ, the answer would be a
 * false "different", which costs a cache miss and never a wrong match. */
bool dml_op_def_same(const struct dml_op_def *a, const struct dml_op_def *b);
/* A hash of the bytes dml_op_def_same compares: the same bytes, the same digest. */
uint64_t dml_op_def_digest(const struct dml_op_def *def);

#endif

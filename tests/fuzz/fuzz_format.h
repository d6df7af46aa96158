/* The format of a fuzz input (and of every file in tests/fuzz/corpus).
 *
 *   header  FUZZ_HEADER_SIZE bytes (struct layout below): the device's feature-level cap, the
 *           operator, a "rare" behaviour, option bits, data type, rank, and two seeds from which
 *           the decoder builds a VALID desc of that operator (or one of the documentation's
 *           examples, FUZZ_KIND_EXAMPLE_0 + k). (The kind was once an index into the fuzzer's own
 *           list of kinds: the committed corpus was rewritten when it became the type.)
 *   patches zero or more records [field][tensor][index][selector][raw bytes]: each replaces one
 *           field of that valid desc. The selector is fuzz_bytes.h's (keep, edge value, default
 *           +-1..7, raw); raw bytes follow only for FB_RAW and FB_RAW + 1 (4 bytes, or 8 for the
 *           64-bit fields FF_TOTAL_SIZE and FF_VALUE). "tensor" is 0 for the input and 1 + k for
 *           output k; "index" is the dimension (or, for FF_ARRAY and FF_ARRAY_PTR, see below).
 *           The last record for a field wins; records beyond FUZZ_MAX_PATCHES are ignored.
 *
 * Fields are addressed, not positional, so a mutation of one field leaves the others alone and
 * a corpus file stays readable: see fuzz_seed_gen.c. */
#ifndef DMLOPS_FUZZ_FORMAT_H
#define DMLOPS_FUZZ_FORMAT_H

enum fuzz_header_byte
{
    FH_LEVEL,        /* % FUZZ_LEVEL_COUNT: enum fuzz_level */
    FH_KIND,         /* enum fuzz_kind: an operator type or an example */
    FH_RARE,         /* < 0xF0: none; else 1 + (byte - 0xF0) % (FUZZ_RARE_COUNT - 1) */
    FH_OPTIONS,      /* FUZZ_OPT_* bits */
    FH_DATA_TYPE,    /* 1 + byte % 11: FLOAT32 .. INT64 */
    FH_RANK,         /* 1 + byte % 8 */
    FH_STRIDE_MODES, /* low nibble: the input's FUZZ_STRIDES_*, high nibble: the outputs' */
    FH_SHAPE_SEED,   /* 4 bytes: the input's sizes */
    FH_PARAM_SEED = FH_SHAPE_SEED + 4, /* 4 bytes: offsets, windows, paddings, axis, counts */
    FUZZ_HEADER_SIZE = FH_PARAM_SEED + 4
};

/* The device's feature-level cap. */
enum fuzz_level
{
    FUZZ_LEVEL_NONE,
    FUZZ_LEVEL_1_0,
    FUZZ_LEVEL_2_0,
    FUZZ_LEVEL_2_1,
    FUZZ_LEVEL_3_0,
    FUZZ_LEVEL_3_1,
    FUZZ_LEVEL_4_0,
    FUZZ_LEVEL_4_1,
    FUZZ_LEVEL_5_0,
    FUZZ_LEVEL_5_1,
    FUZZ_LEVEL_5_2,
    FUZZ_LEVEL_6_0,
    FUZZ_LEVEL_6_1,
    FUZZ_LEVEL_6_2,
    FUZZ_LEVEL_6_3,
    FUZZ_LEVEL_6_4,
    FUZZ_LEVEL_COUNT
};

/* The kind byte: the DML_OPERATOR_TYPE of the operator whose valid desc the header's seeds
 * build (each operator's fuzz part, fuzz_op.h, says how), so that a corpus file keeps its meaning
 * as operators are added. A type no operator of the fuzzer has (unimplemented or undefined) gets a
 * Desc of no readable byte; from FUZZ_KIND_EXAMPLE_0, the documentation's example k. */
enum fuzz_kind
{
    FUZZ_KIND_EXAMPLE_0 = 0xF8, /* + k: seed example k of tools/seed_examples.c */
    FUZZ_KIND_EXAMPLE_END = 0x100
};

enum fuzz_rare
{
    FUZZ_RARE_NONE,
    FUZZ_RARE_CREATE_NO_PPV,    /* CreateOperator with ppv NULL too: S_FALSE exactly when valid */
    FUZZ_RARE_CREATE_IUNKNOWN,  /* riid IID_IUnknown */
    FUZZ_RARE_CREATE_WRONG_IID, /* riid IID_IDMLCompiledOperator: E_NOINTERFACE when valid */
    FUZZ_RARE_DEBUG_OUTPUT,     /* the debug device's messages are printed */
    FUZZ_RARE_COMPILE_NO_PPV,   /* CompileOperator with ppv NULL too: S_FALSE */
    FUZZ_RARE_COUNT
};

#define FUZZ_RARE_FIRST_BYTE 0xF0

enum fuzz_option
{
    FUZZ_OPT_OWNED_INPUT = 1 << 0,   /* the input is DML_TENSOR_FLAG_OWNED_BY_DML */
    FUZZ_OPT_VOLATILE = 1 << 1,      /* compiled with DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE */
    FUZZ_OPT_SHARED_BUFFER = 1 << 2, /* every binding in one buffer, at disjoint offsets */
    FUZZ_OPT_TWICE = 1 << 3,         /* the operator is dispatched twice with one table */
    FUZZ_OPT_NEGATIVE = 1 << 4,      /* SLICE1's generic strides alternate in sign */
};

enum fuzz_strides
{
    FUZZ_STRIDES_NULL,      /* Strides NULL */
    FUZZ_STRIDES_PACKED,    /* the packed strides, written out */
    FUZZ_STRIDES_PADDED,    /* each dimension padded by one element */
    FUZZ_STRIDES_REVERSED,  /* dimension 0 fastest */
    FUZZ_STRIDES_BROADCAST, /* packed, with stride 0 on even dimensions */
    FUZZ_STRIDES_COUNT
};

enum fuzz_field
{
    /* One tensor's (tensor byte: 0 input, 1 + k output k, FUZZ_INPUT_TENSOR(j) JOIN's input j or
     * the desc's input field j: the indices 1, SCATTER's updates 2, ONE_HOT's values 1).
     * Pointers: 0 is NULL, else present. */
    FF_TENSOR_PTR,  /* the DML_TENSOR_DESC (SPLIT's outputs: 0 zeroes the array entry;
                       DIAGONAL_MATRIX1's input: 0 absent, bound as NONE) */
    FF_TENSOR_TYPE, /* DML_TENSOR_DESC.Type */
    FF_BUFFER_PTR,  /* DML_TENSOR_DESC.Desc */
    FF_DATA_TYPE,
    FF_FLAGS,
    FF_DIMENSION_COUNT, /* also the length of Sizes and Strides */
    FF_SIZES_PTR,
    FF_SIZE,         /* Sizes[index] */
    FF_STRIDES_MODE, /* enum fuzz_strides */
    FF_STRIDE,       /* Strides[index] (Strides present) */
    FF_TOTAL_SIZE,   /* TotalTensorSizeInBytes, 64-bit */
    FF_ALIGNMENT,    /* GuaranteedBaseOffsetAlignment */
    /* The operator's (tensor byte ignored unless said). */
    FF_DESC_PTR,             /* the DML_OPERATOR_DESC handed to CreateOperator */
    FF_OP_DESC_PTR,          /* DML_OPERATOR_DESC.Desc */
    FF_OP_TYPE,              /* DML_OPERATOR_DESC.Type; Desc is then built for that type */
    FF_DESC_DIMENSION_COUNT, /* also the length of the desc's arrays */
    FF_ARRAY_PTR,    /* tensor byte: which array (SLICE1 offsets/sizes/strides, SLICE offsets/
                      * sizes/strides, PADDING start/end, SPLIT 0: OutputTensors, JOIN 0:
                      * InputTensors, TILE 0: Repeats, SLICE_GRAD offsets/sizes/strides) */
    FF_ARRAY,        /* tensor byte: which array; index: element */
    FF_MODE,         /* PaddingMode */
    FF_VALUE,        /* PADDING, DIAGONAL_MATRIX: the FLOAT's bits; PADDING1, the fills,
                      * DIAGONAL_MATRIX1: the DML_SCALAR_UNION, 64-bit (FILL_VALUE_SEQUENCE:
                      * tensor byte 0 ValueStart, 1 ValueDelta) */
    FF_VALUE_TYPE,   /* PADDING1's PaddingValueDataType, the fills' and DIAGONAL_MATRIX1's
                        ValueDataType */
    FF_OUTPUT_COUNT, /* SPLIT: also the length of OutputTensors */
    FF_AXIS,
    FF_COMPILE_FLAGS,
    /* Appended (earlier corpus files keep their meaning): */
    FF_INPUT_COUNT,    /* JOIN: also the length of InputTensors */
    FF_BLOCK_SIZE,     /* DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1) */
    FF_ORDER,          /* DEPTH_TO_SPACE1, SPACE_TO_DEPTH1 */
    FF_SCALE_BIAS_PTR, /* IDENTITY: 0 NULL, else present */
    FF_SCALE,          /* IDENTITY: ScaleBias.Scale's bits */
    FF_BIAS,           /* IDENTITY: ScaleBias.Bias's bits */
    FF_INDEX_COUNT,    /* tensor byte: 0 GATHER's IndexDimensions, GATHER_ND(1)'s and
                        * SCATTER_ND's InputDimensionCount; 1 their IndicesDimensionCount;
                        * 2 GATHER_ND1's BatchDimensionCount */
    FF_OFFSET,         /* DIAGONAL_MATRIX's Offset */
    FF_BAND,           /* DIAGONAL_MATRIX1: index 0 DiagonalFillBegin, 1 DiagonalFillEnd */
    FF_COUNT
};

/* JOIN's input j, or an operator's input field j, in a patch's tensor byte (input 0 is tensor 0,
 * as every operator's input). */
#define FUZZ_INPUT_TENSOR(j) ((j) == 0 ? 0u : 0x80u + (j))
/* Whether a tensor byte names an input. */
#define FUZZ_TENSOR_IS_INPUT(t) ((t) == 0 || (t) >= 0x80u)

/* Whether a patch of field carries 8 raw bytes rather than 4. */
static inline int fuzz_field_is_64bit(unsigned field)
{
    return field == FF_TOTAL_SIZE || field == FF_VALUE;
}

#define FUZZ_MAX_PATCHES 128
#define FUZZ_MAX_OUTPUTS_DRAWN 64 /* SPLIT outputs (JOIN inputs) beyond this are zeroed entries */

#endif

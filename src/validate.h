/* Validation of operator descs (spec sections 1 and 2) and CheckFeatureSupport (section 4.3).
 *
 * Every rule has an identifier, the spec's short name, a title and a one-line message, in the one
 * table DML_RULES below. Every rejection goes through dml_reject(), which records the rule in the
 * context and, in debug mode, prints one "[DIRECTML ERROR]: " line saying what was wrong. */
#ifndef DMLOPS_VALIDATE_H
#define DMLOPS_VALIDATE_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#include "op_def.h"

/* IDMLDevice1::CompileGraph (graph.md 1.3, decisions GD1-GD15): X(ID, short name, title, message) */
#define DML_GRAPH_RULES(X)                                                                         \
    X(G_A1_DESC_NULL, "G-A1", "null graph desc", "desc must not be null")                         \
    X(G_A2_FLAGS, "G-A2", "execution flags", "flags must be a combination of DML_EXECUTION_FLAGS") \
    X(G_A4_ARRAY_NULL, "G-A4", "null array", "an array whose count is > 0 must not be null")      \
    X(G_A5_COUNT, "G-A5", "count", "NodeCount and OutputCount must be >= 1")                      \
    X(G_A6_DESC_NULL, "G-A6", "null node or edge desc", "every node and edge Desc must be set")   \
    X(G_A7_COUNT_LIMIT, "G-A7", "count limit",                                                     \
      "libdmlops limit: InputCount, OutputCount and NodeCount are at most 2^20")                   \
    X(G_B1_NODE_TYPE, "G-B1", "node type", "Type must be OPERATOR or CONSTANT")                   \
    X(G_B2_OPERATOR, "G-B2", "node operator",                                                      \
      "Operator must be an IDMLOperator created by this device")                                   \
    X(G_B3_CONSTANT_FL, "G-B3", "constant node",                                                   \
      "constant nodes need DML_FEATURE_LEVEL_6_2")                                                 \
    X(G_B3_CONSTANT_DATA, "G-B3", "constant data", "DataSize must be >= 1 and Data non-null")     \
    X(G_C1_EDGE_TYPE, "G-C1", "edge type",                                                         \
      "an edge's Type must match its array (INPUT, OUTPUT, INTERMEDIATE)")                         \
    X(G_C2_INPUT_EDGE, "G-C2", "input edge",                                                       \
      "GraphInputIndex < InputCount, ToNodeIndex an operator node, ToNodeInputIndex < its inputs") \
    X(G_C3_OUTPUT_EDGE, "G-C3", "output edge",                                                     \
      "FromNodeIndex < NodeCount, FromNodeOutputIndex < its outputs, GraphOutputIndex < "          \
      "OutputCount")                                                                               \
    X(G_C4_INTERMEDIATE_EDGE, "G-C4", "intermediate edge",                                         \
      "both node indices < NodeCount, the output index valid, the target an operator node")        \
    X(G_C5_CYCLE, "G-C5", "cycle", "the graph must be acyclic")                                    \
    X(G_D1_INPUT_UNCONNECTED, "G-D1", "unconnected input",                                         \
      "every operator input must receive one edge")                                                \
    X(G_D1_INPUT_DUPLICATE, "G-D1", "input connected twice",                                       \
      "an operator input must receive exactly one edge")                                           \
    X(G_D4_DEAD_NODE, "G-D4", "dead node", "every node must reach a graph output")                \
    X(G_E1_TOTAL_SIZE, "G-E1", "total size mismatch",                                              \
      "an intermediate edge connects tensors of equal TotalTensorSizeInBytes")                     \
    X(G_F1_OWNED_EDGE, "G-F1", "owned input",                                                      \
      "an OWNED_BY_DML operator input must be fed by a graph input")                               \
    X(G_F2_OWNED_MIXED, "G-F2", "owned input",                                                     \
      "the consumers of one graph input must all set or all omit OWNED_BY_DML")                    \
    X(G_G2_CONSTANT_SIZE, "G-G2", "constant size",                                                 \
      "DataSize must be <= the largest consumer's TotalTensorSizeInBytes (GD3), or 2^32-1")                   \
    X(G_H2_OUTPUT_EDGES, "G-H2", "graph output", "every graph output must receive exactly one edge")

/* X(ID, short name, title, message) */
#define DML_RULES(X)                                                                               \
    X(NONE, "-", "accepted", "the desc is valid")                                                  \
    X(DESC_NULL, "API", "null desc", "the operator desc and its Desc must not be null")            \
    X(OP_TYPE_UNDEFINED, "API", "operator type",                                                   \
      "Type must be a defined DML_OPERATOR_TYPE (1..DML_OPERATOR_UNFOLD)")                         \
    X(OP_TYPE_UNSUPPORTED, "API", "operator type",                                                 \
      "this DirectML operator is not implemented by libdmlops (DXGI_ERROR_UNSUPPORTED)")           \
    X(FL_OPERATOR, "FL", "operator availability",                                                  \
      "the operator does not exist at the device's feature level")                                 \
    X(T1_TENSOR_NULL, "T1", "tensor desc", "a tensor desc pointer must not be null")               \
    X(T1_TENSOR_TYPE, "T1", "tensor type", "Type must be DML_TENSOR_TYPE_BUFFER")                  \
    X(T1_BUFFER_DESC_NULL, "T1", "tensor desc", "a buffer tensor's Desc must not be null")         \
    X(T2_DATA_TYPE, "T2", "data type",                                                             \
      "DataType must be a defined, byte-sized type that the operator accepts")                     \
    X(FL_DATA_TYPE, "T2", "data type", "DataType is not allowed at the device's feature level")    \
    X(T3_FLAGS, "T3", "flags",                                                                     \
      "Flags must be DML_TENSOR_FLAG_NONE or DML_TENSOR_FLAG_OWNED_BY_DML")                        \
    X(T3_OWNED_BY_DML_OUTPUT, "T3", "flags",                                                       \
      "DML_TENSOR_FLAG_OWNED_BY_DML is allowed on inputs only")                                    \
    X(T4_DIMENSION_COUNT, "T4", "dimension count", "DimensionCount must be 1..8")                  \
    X(FL_DIMENSION_COUNT, "T4", "dimension count",                                                 \
      "DimensionCount is not allowed at the device's feature level")                               \
    X(T5_SIZES_NULL, "T5", "sizes", "Sizes must not be null")                                      \
    X(T5_SIZE_ZERO, "T5", "size zero", "every Sizes[i] must be >= 1")                              \
    X(T7_TOTAL_SIZE, "T7", "total size",                                                           \
      "TotalTensorSizeInBytes must be >= DMLCalcBufferTensorSize of the desc")                     \
    X(T8_ELEMENT_COUNT, "T8", "element count", "a tensor holds at most 2^32-1 elements")           \
    X(D15_SIZE_OVERFLOW, "D15", "size overflow",                                                   \
      "the tensor's extent in bytes does not fit in 64 bits")                                      \
    X(T9_ALIGNMENT, "T9", "alignment",                                                             \
      "GuaranteedBaseOffsetAlignment must be 0 or a power of two >= the element size")             \
    X(D8_OUTPUT_ALIASING, "D8", "output aliasing",                                                 \
      "an output's strides must not map two elements to one address")                              \
    X(T10_DATA_TYPE_MISMATCH, "T10", "data type mismatch",                                         \
      "all tensors of the operator must share one DataType")                                       \
    X(T10_DIMENSION_COUNT_MISMATCH, "T10", "dimension count mismatch",                             \
      "all tensors of the operator must share one DimensionCount")                                 \
    X(DESC_DIMENSION_COUNT, "S1-3/SL-1/P-1", "desc dimension count",                               \
      "the desc's DimensionCount must equal the tensors' DimensionCount")                          \
    X(DESC_ARRAY_NULL, "S1-4/SL-1/P-1", "null array", "the desc's arrays must not be null")        \
    X(S1_5_WINDOW_SIZE_ZERO, "S1-5", "window size", "every InputWindowSizes[i] must be >= 1")      \
    X(S1_5_WINDOW_OUT_OF_BOUNDS, "S1-5", "window out of bounds",                                   \
      "InputWindowOffsets[i] + InputWindowSizes[i] must be <= InputTensor.Sizes[i]")               \
    X(S1_6_WINDOW_STRIDE_ZERO, "S1-6", "window stride", "InputWindowStrides[i] must not be 0")     \
    X(S1_7_OUTPUT_SIZE, "S1-7", "output size",                                                     \
      "OutputTensor.Sizes[i] must be <= 1 + (InputWindowSizes[i] - 1) / |InputWindowStrides[i]|")  \
    X(SL_2_SIZE_MISMATCH, "SL-2", "slice size", "Sizes[i] must equal OutputTensor.Sizes[i]")       \
    X(SL_3_STRIDE_ZERO, "SL-3", "slice stride", "Strides[i] must be >= 1 (decision D7)")           \
    X(SL_3_STRIDE_RANGE, "SL-3", "slice stride",                                                   \
      "libdmlops limit: Strides[i] > 2^31-1 on a dimension with Sizes[i] > 1 is not supported")    \
    X(SL_3_OUT_OF_BOUNDS, "SL-3", "slice out of bounds",                                           \
      "Offsets[i] + Strides[i] * (Sizes[i] - 1) must be < InputTensor.Sizes[i]")                   \
    X(SP_1_OUTPUT_COUNT, "SP-1", "output count",                                                   \
      "OutputCount must be >= 1 and <= InputTensor.Sizes[Axis]")                                   \
    X(SP_2_AXIS, "SP-2", "axis", "Axis must be < InputTensor.DimensionCount")                      \
    X(SP_4_SIZE_MISMATCH, "SP-4", "non-axis size",                                                 \
      "every output's size must equal the input's on every dimension but Axis")                    \
    X(SP_5_AXIS_SUM, "SP-5", "axis sum",                                                           \
      "the outputs' sizes along Axis must add up to InputTensor.Sizes[Axis]")                      \
    X(P_2_OUTPUT_SIZE, "P-2", "output size",                                                       \
      "OutputTensor.Sizes[i] must equal InputTensor.Sizes[i] + StartPadding[i] + EndPadding[i]")   \
    X(P_3_PADDING_MODE, "P-3", "padding mode", "PaddingMode must be a defined DML_PADDING_MODE")   \
    X(FL_PADDING_MODE, "P-3", "padding mode",                                                      \
      "PaddingMode is not allowed at the device's feature level")                                  \
    X(P1_2_VALUE_TYPE, "P1-2", "padding value type",                                               \
      "PaddingValueDataType must equal OutputTensor.DataType")                                     \
    X(J_1_INPUT_COUNT, "J-1", "input count",                                                       \
      "InputCount must be >= 1 and <= OutputTensor.Sizes[Axis]")                                   \
    X(J_2_AXIS, "J-2", "axis", "Axis must be < OutputTensor.DimensionCount")                       \
    X(J_4_SIZE_MISMATCH, "J-4", "non-axis size",                                                   \
      "every input's size must equal the output's on every dimension but Axis")                    \
    X(J_4_AXIS_SUM, "J-4", "axis sum",                                                             \
      "the inputs' sizes along Axis must add up to OutputTensor.Sizes[Axis]")                      \
    X(ID_1_SIZE_MISMATCH, "ID-1", "size mismatch",                                                 \
      "OutputTensor.Sizes must equal InputTensor.Sizes")                                           \
    X(ID_2_SCALE_BIAS_TYPE, "ID-2/FD1", "scale and bias",                                          \
      "ScaleBias is allowed on FLOAT16, FLOAT32 and FLOAT64 tensors only (decision FD1)")          \
    X(CA_1_SIZE_MISMATCH, "CA-1", "size mismatch",                                                 \
      "OutputTensor.Sizes must equal InputTensor.Sizes")                                           \
    X(TI_2_REPEATS_COUNT, "TI-2", "repeats count",                                                 \
      "RepeatsCount must equal InputTensor.DimensionCount")                                        \
    X(TI_3_REPEATS_ZERO, "TI-3", "repeats", "every Repeats[i] must be >= 1")                       \
    X(TI_4_OUTPUT_SIZE, "TI-4", "output size",                                                     \
      "OutputTensor.Sizes[i] must equal InputTensor.Sizes[i] * Repeats[i]")                        \
    X(DS_2_BLOCK_SIZE, "DS-2", "block size", "BlockSize must be >= 1")                             \
    X(DS_2_DIVISIBLE, "DS-2", "block divisibility",                                                \
      "DEPTH_TO_SPACE: C must be a multiple of BlockSize^2; SPACE_TO_DEPTH: H and W of BlockSize") \
    X(DS_2_OUTPUT_SIZE, "DS-2", "output size",                                                     \
      "OutputTensor.Sizes must be {N, C/B^2, H*B, W*B} (DEPTH_TO_SPACE), {N, C*B^2, H/B, W/B} "    \
      "(SPACE_TO_DEPTH)")                                                                          \
    X(DS_3_ORDER, "DS-3", "order", "Order must be a defined DML_DEPTH_SPACE_ORDER (0 or 1)")     \
    X(GA_2_AXIS, "GA-2", "axis", "Axis must be < InputTensor.DimensionCount")                      \
    X(GA_3_INDEX_DIMENSIONS, "GA-3", "index dimensions",                                           \
      "IndexDimensions must be <= IndicesTensor.DimensionCount")                                   \
    X(GA_4_DIMENSION_FIT, "GA-4", "dimensions that do not fit",                                    \
      "input dimensions before Axis that do not fit the output, and indices dimensions before "    \
      "the last IndexDimensions, must be 1")                                                       \
    X(GA_4_OUTPUT_SIZE, "GA-4", "output size",                                                     \
      "OutputTensor.Sizes must be {InputTensor.Sizes[0..Axis), the last IndexDimensions of "       \
      "IndicesTensor.Sizes, InputTensor.Sizes(Axis..)}, right-aligned (DirectMLX's Gather)")     \
    X(GE_2_INDICES_SIZE, "GE-2", "indices size",                                                   \
      "IndicesTensor.Sizes must equal InputTensor.Sizes on every dimension but Axis")              \
    X(GE_3_OUTPUT_SIZE, "GE-3", "output size",                                                     \
      "OutputTensor.Sizes must equal IndicesTensor.Sizes")                                         \
    X(GE_4_AXIS, "GE-4", "axis", "Axis must be < InputTensor.DimensionCount")                      \
    X(GN_2_DIMENSION_COUNTS, "GN-2/FD5", "dimension counts",                                       \
      "InputDimensionCount and IndicesDimensionCount must be 1..DimensionCount (decision FD5)")    \
    X(GN_2_LEADING_ONES, "GN-2", "leading dimensions",                                             \
      "the dimensions before the last InputDimensionCount (IndicesDimensionCount) must be 1")      \
    X(GN_3_BATCH_DIMENSIONS, "GN-3", "batch dimensions",                                           \
      "BatchDimensionCount must be < InputDimensionCount and < IndicesDimensionCount")             \
    X(GN_3_BATCH_SIZE, "GN-3", "batch size",                                                       \
      "the batch dimensions must have the same sizes in InputTensor and IndicesTensor")            \
    X(GN_4_TUPLE_SIZE, "GN-4", "index tuple size",                                                 \
      "IndicesTensor's last size must be 1..InputDimensionCount - BatchDimensionCount")            \
    X(GN_5_OUTPUT_RANK, "GN-5", "output dimensions",                                               \
      "IndicesDimensionCount - 1 + InputDimensionCount - BatchDimensionCount - the tuple size "    \
      "must be <= DimensionCount")                                                                 \
    X(GN_5_OUTPUT_SIZE, "GN-5", "output size",                                                     \
      "OutputTensor.Sizes must be {1..., the batches, IndicesTensor.Sizes' tuple positions, "      \
      "InputTensor.Sizes after the indexed dimensions} (DirectMLX's GatherND)")                  \
    X(SC_OUTPUT_SIZE, "SC-2/SC-3", "output size",                                                  \
      "OutputTensor.Sizes must equal InputTensor.Sizes")                                           \
    X(SC_2_AXIS, "SC-2", "axis", "Axis must be < OutputTensor.DimensionCount")                     \
    X(SC_2_INDICES_SIZE, "SC-2", "indices size",                                                   \
      "IndicesTensor.Sizes must equal InputTensor.Sizes on every dimension but Axis")              \
    X(SC_2_UPDATES_SIZE, "SC-2", "updates size",                                                   \
      "UpdatesTensor.Sizes must equal IndicesTensor.Sizes")                                        \
    X(SC_3_DIMENSION_COUNTS, "SC-3/FD5", "dimension counts",                                       \
      "InputDimensionCount and IndicesDimensionCount must be 1..DimensionCount (decision FD5)")    \
    X(SC_3_LEADING_ONES, "SC-3", "leading dimensions",                                             \
      "the dimensions before the last InputDimensionCount (IndicesDimensionCount) must be 1")      \
    X(SC_3_TUPLE_SIZE, "SC-3", "index tuple size",                                                 \
      "IndicesTensor's last size must be 1..InputDimensionCount")                                  \
    X(SC_3_UPDATES_RANK, "SC-3", "updates dimensions",                                             \
      "IndicesDimensionCount - 1 + InputDimensionCount - the tuple size must be <= "               \
      "DimensionCount")                                                                            \
    X(SC_3_UPDATES_SIZE, "SC-3", "updates size",                                                   \
      "UpdatesTensor.Sizes must be {1..., IndicesTensor.Sizes' tuple positions, "                  \
      "InputTensor.Sizes after the indexed dimensions}")                                          \
    X(OH_2_INDICES_SIZE, "OH-2", "indices size",                                                   \
      "IndicesTensor.Sizes must equal OutputTensor.Sizes, except 1 along Axis")                    \
    X(OH_3_VALUES_COUNT, "OH-3", "values", "ValuesTensor must hold at least 2 elements")           \
    X(OH_4_AXIS, "OH-4", "axis", "Axis must be < IndicesTensor.DimensionCount")                   \
    X(RS_1_OUTPUT_SIZE, "RS-1", "output size", "OutputTensor.Sizes must equal InputTensor.Sizes")  \
    X(RS_2_LENGTHS_SIZE, "RS-2", "sequence lengths size",                                          \
      "SequenceLengthsTensor.Sizes must equal InputTensor.Sizes, except 1 along Axis")             \
    X(RS_3_AXIS, "RS-3", "axis", "Axis must be < InputTensor.DimensionCount")  \
    X(FV_1_VALUE_TYPE, "FV-1", "value type", "ValueDataType must equal OutputTensor.DataType")     \
    X(DM1_1_VALUE_TYPE, "DM1-1", "value type", "ValueDataType must equal OutputTensor.DataType")   \
    X(DM1_2_SIZE_MISMATCH, "DM1-2", "size mismatch",                                               \
      "InputTensor.Sizes, when given, must equal OutputTensor.Sizes")                               \
    X(SG_2_WINDOW_STRIDE_ZERO, "SG-2", "window stride", "InputWindowStrides[i] must not be 0")    \
    X(SG_3_WINDOW_SIZE_ZERO, "SG-3", "window size", "every InputWindowSizes[i] must be >= 1")      \
    X(SG_3_WINDOW_OUT_OF_BOUNDS, "SG-3", "window out of bounds",                                   \
      "InputWindowOffsets[i] + InputWindowSizes[i] must be <= OutputGradientTensor.Sizes[i]")      \
    X(SG_3_INPUT_SIZE, "SG-3", "input gradient size",                                              \
      "InputGradientTensor.Sizes[i] must be <= 1 + (InputWindowSizes[i] - 1) / "                   \
      "|InputWindowStrides[i]|")                                                                   \
    X(SG_3_STRIDE_RANGE, "SG-3", "window stride",                                                  \
      "libdmlops limit: InputWindowStrides[i] = INT32_MIN on a dimension with "                    \
      "InputGradientTensor.Sizes[i] > 1 is not supported")

enum dml_rule
{
#define DML_RULE_ENUM_(id, short_name, title, message) DML_RULE_##id,
    DML_RULES(DML_RULE_ENUM_)
    /* The graph rules come last, so that the operators' rules are DML_RULE_NONE + 1 up to
     * DML_RULE_GRAPH_FIRST (tests/validation covers those, tests/graph these). */
    DML_GRAPH_RULES(DML_RULE_ENUM_)
#undef DML_RULE_ENUM_
        DML_RULE_COUNT,
    DML_RULE_GRAPH_FIRST = DML_RULE_G_A1_DESC_NULL,
};

struct dml_rule_info
{
    const char *id;         /* "DML_RULE_T5_SIZE_ZERO" */
    const char *short_name; /* the spec's name: "T5" */
    const char *title;      /* "size zero" */
    const char *message;    /* one line: what the rule requires */
};

const struct dml_rule_info *dml_rule_info(enum dml_rule rule);

struct dml_fl_table;

struct dml_validate_ctx
{
    DML_FEATURE_LEVEL feature_level; /* the device's level (possibly capped by the user) */
    bool debug;                      /* print rejections */
    enum dml_rule rejected;          /* out: the rule that fired (DML_RULE_NONE when accepted) */
    /* Set by dml_operator_validate for the operator being validated: */
    DML_OPERATOR_TYPE op_type;
    const struct dml_fl_table *fl;
};

/* Validates desc at ctx->feature_level and normalises it into out. On failure out is left cleaned
 * (zeroed, nothing allocated) and ctx->rejected names the rule. E_INVALIDARG for an invalid desc,
 * DXGI_ERROR_UNSUPPORTED for a valid DirectML operator that libdmlops does not implement,
 * E_OUTOFMEMORY when allocating out fails. */
HRESULT dml_operator_validate(struct dml_validate_ctx *ctx, const DML_OPERATOR_DESC *desc,
                              struct dml_op_def *out);

/* "DML_OPERATOR_SLICE1"; "(undefined)" outside the enum. */
const char *dml_operator_type_name(DML_OPERATOR_TYPE type);
/* 1..DML_OPERATOR_UNFOLD: DirectML defines it, whether or not libdmlops implements it. */
bool dml_operator_type_is_defined(DML_OPERATOR_TYPE type);

/* IDMLDevice::CheckFeatureSupport for a device running at device_level. */
HRESULT dml_check_feature_support(DML_FEATURE_LEVEL device_level, DML_FEATURE feature,
                                  UINT query_size, const void *query, UINT data_size, void *data);

/* Records rule in ctx and, when ctx->debug, prints one line: the operator, the rule, then the
 * printf-style detail (which tensor, which dimension, the value seen and the values allowed).
 * Returns the HRESULT of the rule: E_INVALIDARG, or DXGI_ERROR_UNSUPPORTED for
 * DML_RULE_OP_TYPE_UNSUPPORTED. */
HRESULT dml_reject(struct dml_validate_ctx *ctx, enum dml_rule rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif

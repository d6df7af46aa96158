/* Validation of operator descs (spec sections 1 and 2) and CheckFeatureSupport (section 4.3).
 *
 * Every rule has an identifier, the spec's short name, a title and a one-line message. The rules
 * that several operator files check (API, tensor and feature-level rules; GN-3, SC's output size
 * and FV-1, each checked in two files) are DML_RULES below, the graph's DML_GRAPH_RULES; an
 * operator's own rules live in its src/ops/<op>.c (DML_OP_RULES), attached to its registry entry.
 * dml_rule_at() walks the whole catalogue, which docs/rules.md is generated from. Every rejection
 * goes through dml_reject(), which records the rule in the context and, in debug mode, prints one
 * "[DIRECTML ERROR]: " line saying what was wrong. */
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

/* The shared rules: X(ID, short name, title, message) */
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
    X(FL_PADDING_MODE, "P-3", "padding mode",                                                      \
      "PaddingMode is not allowed at the device's feature level")                                  \
    X(GN_3_BATCH_DIMENSIONS, "GN-3", "batch dimensions",                                           \
      "BatchDimensionCount must be < InputDimensionCount and < IndicesDimensionCount")             \
    X(GN_3_BATCH_SIZE, "GN-3", "batch size",                                                       \
      "the batch dimensions must have the same sizes in InputTensor and IndicesTensor")            \
    X(SC_OUTPUT_SIZE, "SC-2/SC-3", "output size",                                                  \
      "OutputTensor.Sizes must equal InputTensor.Sizes")                                           \
    X(FV_1_VALUE_TYPE, "FV-1", "value type", "ValueDataType must equal OutputTensor.DataType")

/* X-macro bodies for a list of rules: its enumerators, and its dml_rule_info rows. */
#define DML_RULE_ENUM(id, short_name, title, message) DML_RULE_##id,
#define DML_RULE_INFO(id, short_name, title, message) {"DML_RULE_" #id, short_name, title, message},

enum dml_rule
{
    DML_RULES(DML_RULE_ENUM)       /* the shared rules, */
    DML_GRAPH_RULES(DML_RULE_ENUM) /* then the graph's (tests/graph covers them) */
    DML_RULE_COUNT,
    DML_RULE_GRAPH_FIRST = DML_RULE_G_A1_DESC_NULL,
    /* An operator file's own rules are numbered from here (DML_OP_RULES, src/ops/ops.h). */
    DML_RULE_OP_FIRST = 0x100,
};
_Static_assert(DML_RULE_COUNT <= DML_RULE_OP_FIRST, "shared rules overlap the operators' own");

/* A rule as a validator names it: an enum dml_rule, or DML_RULE_OP_FIRST + i, rule i of the
 * operator being validated (its entry's table). */
typedef int dml_rule_code;

struct dml_rule_info
{
    const char *id;         /* "DML_RULE_T5_SIZE_ZERO": unique in the whole catalogue */
    const char *short_name; /* the spec's name: "T5" */
    const char *title;      /* "size zero" */
    const char *message;    /* one line: what the rule requires */
};

/* The rules of one operator file (DML_OP_RULES). */
struct dml_rule_table
{
    const struct dml_rule_info *rules;
    uint32_t count;
};

/* A shared or graph rule; NULL outside enum dml_rule. */
const struct dml_rule_info *dml_rule_info(enum dml_rule rule);
/* Rule i of the whole catalogue (0: DML_RULE_NONE): the shared rules, then each implemented
 * operator's own in registry order (a family sharing one table: once), then the graph rules;
 * NULL past the end. */
const struct dml_rule_info *dml_rule_at(uint32_t i);

struct dml_fl_table;
struct dml_op_entry;

struct dml_validate_ctx
{
    DML_FEATURE_LEVEL feature_level; /* the device's level (possibly capped by the user) */
    bool debug;                      /* print rejections */
    /* out: the rule that fired (DML_RULE_NONE's when accepted) */
    const struct dml_rule_info *rejected;
    /* Set by dml_operator_validate for the operator being validated: */
    DML_OPERATOR_TYPE op_type;
    const struct dml_op_entry *entry; /* NULL until the type is found implemented */
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
HRESULT dml_reject(struct dml_validate_ctx *ctx, dml_rule_code rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif

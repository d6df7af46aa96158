/* IDMLDevice1::CompileGraph, the pure part: a DML_GRAPH_DESC validated (graph.md rules G-A..G-J)
 * into a struct dml_graph that keeps nothing of the application's desc (G-B5, G-B6), then turned
 * into a struct dml_graph_plan (graph_plan.h). No Vulkan here. */
#ifndef DMLOPS_GRAPH_H
#define DMLOPS_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#include "operator.h"
#include "validate.h"

#define DML_GRAPH_NAME_MAX 127            /* GD9: names are read for messages, truncated */
#define DML_GRAPH_COUNT_MAX (1u << 20)    /* G-A7: InputCount, OutputCount, NodeCount */
#define DML_GRAPH_CONSTANT_MAX UINT32_MAX /* G-G2: a constant that only feeds graph outputs */

struct dml_graph_node
{
    DML_GRAPH_NODE_TYPE type;
    struct dml_operator *op; /* OPERATOR: strong reference (the application may release its own) */
    uint8_t *data;           /* CONSTANT: a copy of Data, made once the graph is valid */
    const void *source;      /* CONSTANT: the caller's Data, read only inside dml_graph_validate */
    uint64_t data_size;
    uint32_t input_count, output_count; /* CONSTANT: 0 and 1 */
    uint32_t first_input;               /* this node's inputs in dml_graph.input_value */
    uint32_t first_value;               /* the value of output 0 */
    const char *name; /* the caller's Name, read (up to DML_GRAPH_NAME_MAX bytes) only for the
                         messages of dml_graph_validate, during the call (GD9); then NULL */
};

/* A value is what an edge carries: graph input i is value i, output k of node n is value
 * nodes[n].first_value + k. */
struct dml_graph
{
    uint32_t input_count, output_count, node_count, value_count;
    struct dml_graph_node *nodes;
    uint32_t *input_value;  /* per operator input (node.first_input + i): the value feeding it */
    uint32_t *output_value; /* per graph output: the value written into it */
    uint32_t *order;        /* node indices, topologically sorted */
    uint32_t *value_node;   /* per node output value (value - input_count): its node */
};

struct dml_graph_ctx
{
    DML_FEATURE_LEVEL feature_level;
    bool debug;
    const struct dml_device *device; /* operators must come from it (G-B2) */
    enum dml_rule rejected;          /* out: DML_RULE_NONE when accepted */
};

/* Validates desc (with flags) into graph. E_INVALIDARG with ctx->rejected naming the rule, and on
 * a debug context one [DIRECTML ERROR] line; E_OUTOFMEMORY. On failure graph is left empty. */
HRESULT dml_graph_validate(struct dml_graph_ctx *ctx, const DML_GRAPH_DESC *desc,
                           DML_EXECUTION_FLAGS flags, struct dml_graph *graph);
void dml_graph_cleanup(struct dml_graph *graph);

/* The node whose output is value v (value >= input_count), and which output it is. */
uint32_t dml_graph_value_node(const struct dml_graph *graph, uint32_t value, uint32_t *output);
/* The tensor desc of operator node n's input i / output k. */
const struct dml_tensor *dml_graph_node_input(const struct dml_graph *graph, uint32_t n,
                                              uint32_t i);
const struct dml_tensor *dml_graph_node_output(const struct dml_graph *graph, uint32_t n,
                                               uint32_t k);

/* Internal to graph_*.c: records the rule and prints "CompileGraph: rule ..: detail". */
HRESULT dml_graph_reject(struct dml_graph_ctx *ctx, enum dml_rule rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* " (\"name\")" for a non-empty name, else "" (reads at most DML_GRAPH_NAME_MAX bytes). */
const char *dml_graph_name_suffix(const char *name, char *buf, size_t size);
/* Second pass (graph_connect.c): edges resolved to values, G-C5, G-D, G-E, G-F, G-G, G-H. */
HRESULT dml_graph_connect(struct dml_graph_ctx *ctx, const DML_GRAPH_DESC *desc,
                          struct dml_graph *graph);
/* Topological order into graph->order (graph_sort.c): G-C5 and G-D4. */
HRESULT dml_graph_sort(struct dml_graph_ctx *ctx, struct dml_graph *graph);

#endif

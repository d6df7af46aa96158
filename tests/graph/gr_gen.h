/* Random graphs for the graph differential (test_graph_random.c): a DAG of operators over
 * 1-D byte tensors viewed as 1-, 2- or 4-byte elements, with fan-out, unconnected SPLIT outputs,
 * edge-less and owned inputs, constant nodes, reinterpreting edges (a consumer viewing its
 * producer's bytes with another element size) and values written into several graph outputs. */
#ifndef DMLOPS_TESTS_GR_GEN_H
#define DMLOPS_TESTS_GR_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "gt_graph.h"

#define GR_MAX_NODES 30
#define GR_MAX_VALUES 160
#define GR_MAX_INPUTS 6
#define GR_MAX_OUTPUTS 24
#define GR_MAX_NODE_IO 4

enum gr_value_kind
{
    GR_INPUT,
    GR_CONSTANT,
    GR_NODE_OUTPUT,
};

struct gr_value
{
    enum gr_value_kind kind;
    uint32_t bytes;     /* what consumers read (a multiple of 4) */
    uint32_t index;     /* INPUT: graph input; CONSTANT: node; NODE_OUTPUT: node */
    uint32_t output;    /* NODE_OUTPUT: which output of the node */
    uint32_t data_size; /* CONSTANT: DataSize (1..bytes; the rest reads as zero) */
    uint8_t data[256];  /* INPUT, CONSTANT */
    bool owned;         /* INPUT: OWNED_BY_DML in every consumer's desc */
    bool consumed;
};

struct gr_node
{
    bool constant;    /* a constant node (value `value`) */
    uint32_t value;   /* CONSTANT: its value */
    IDMLOperator *op; /* OPERATOR: the application's reference */
    DML_OPERATOR_TYPE type;
    uint32_t input_count, output_count;
    uint32_t inputs[GR_MAX_NODE_IO];  /* values */
    uint32_t outputs[GR_MAX_NODE_IO]; /* values */
};

struct gr_graph
{
    uint32_t input_count; /* graph inputs, edge-less ones included */
    uint32_t value_count, node_count, output_count;
    struct gr_value values[GR_MAX_VALUES];
    struct gr_node nodes[GR_MAX_NODES + GR_MAX_OUTPUTS];
    uint32_t outputs[GR_MAX_OUTPUTS];              /* graph output j: the value written into it */
    uint32_t order[GR_MAX_NODES + GR_MAX_OUTPUTS]; /* desc position of node n */
    bool use_join, use_identity;
    DML_FEATURE_LEVEL level;
};

struct gr_rng
{
    uint64_t state;
};

uint32_t gr_next(struct gr_rng *rng, uint32_t bound);

/* A random graph of at most max_nodes operator nodes, its operators created on device. False
 * when the device refused an operator it should accept (the test fails). */
bool gr_generate(IDMLDevice *device, struct gr_rng *rng, uint32_t max_nodes, struct gr_graph *g);
/* The DML_GRAPH_DESC of g (nodes in g->order's permutation). */
void gr_desc(const struct gr_graph *g, struct gt_graph *out);
void gr_release(struct gr_graph *g);

#endif

/* Random graphs for the graph differential (test_graph_random.c): a DAG over every implemented
 * operator whose edges carry byte blobs ("values") that each consumer reads through its own tensor
 * desc: 1 to 8 dimensions, element sizes 1, 2, 4 and 8 of any of the 11 data types, row-major,
 * permuted (a transpose), gapped or broadcast strides. Outputs are dense, sometimes with permuted
 * strides (IDENTITY as a transpose). With fan-out, unconnected SPLIT outputs, deliberate edge-less
 * and owned graph inputs, constant nodes, reinterpreting edges (another data type of the same
 * element size, or another element size), and values written into several graph outputs. A
 * consumer only reads bytes its producer wrote (graph.md G-E3). */
#ifndef DMLOPS_TESTS_GR_GEN_H
#define DMLOPS_TESTS_GR_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "gt_graph.h"

#define GR_MAX_NODES 30
#define GR_MAX_VALUES 160
#define GR_MAX_INPUTS 8
#define GR_MAX_OUTPUTS 40
#define GR_MAX_NODE_IO 4
#define GR_MAX_BYTES 2048 /* a value's bytes at most */

enum gr_value_kind
{
    GR_INPUT,
    GR_CONSTANT,
    GR_NODE_OUTPUT,
};

struct gr_value
{
    enum gr_value_kind kind;
    uint32_t bytes;   /* INPUT: its binding's size; else every consumer's TotalTensorSizeInBytes */
    uint32_t written; /* bytes [0, written) hold data a consumer may read (the producer's
                         elements; all of an input's or a constant's bytes) */
    uint32_t index;   /* INPUT: graph input; CONSTANT: node; NODE_OUTPUT: node */
    uint32_t output;  /* NODE_OUTPUT: which output of the node */
    uint32_t type;    /* NODE_OUTPUT: the producer's DML_TENSOR_DATA_TYPE */
    uint32_t data_size;         /* CONSTANT: DataSize (1..bytes; the rest reads as zero) */
    uint8_t data[GR_MAX_BYTES]; /* INPUT, CONSTANT */
    bool owned;                 /* INPUT: OWNED_BY_DML in every consumer's desc */
    bool edgeless;              /* INPUT: deliberately never connected (GD2) */
    bool consumed;
};

struct gr_node
{
    bool constant;    /* a constant node (value `value`) */
    uint32_t value;   /* CONSTANT: its value */
    IDMLOperator *op; /* OPERATOR: the application's reference */
    DML_OPERATOR_TYPE type;
    uint32_t input_count, output_count;
    uint32_t absent_inputs; /* optional inputs its desc left NULL: bound as NONE after the others */
    uint32_t inputs[GR_MAX_NODE_IO];  /* values */
    uint32_t outputs[GR_MAX_NODE_IO]; /* values */
};

/* What the generated graphs hold (added up by the test and printed). */
enum gr_stat
{
    GR_STAT_MULTI_DIM_VIEWS,        /* input descs of 2 or more dimensions */
    GR_STAT_HIGH_RANK_VIEWS,        /* of 5 to 8 */
    GR_STAT_PERMUTED_VIEWS,         /* inputs read through permuted strides (a transpose) */
    GR_STAT_GAPPED_VIEWS,           /* inputs whose strides skip elements */
    GR_STAT_BROADCAST_VIEWS,        /* inputs with a stride of 0 */
    GR_STAT_PERMUTED_OUTPUTS,       /* outputs written through permuted strides */
    GR_STAT_REVERSED_SLICES,        /* SLICE1 with a negative stride */
    GR_STAT_SCALE_BIAS,             /* IDENTITY with a DML_SCALE_BIAS */
    GR_STAT_EIGHT_BYTE,             /* nodes on 8-byte elements */
    GR_STAT_SAME_SIZE_REINTERPRET,  /* edges read as another type of the same element size */
    GR_STAT_OTHER_SIZE_REINTERPRET, /* edges read with another element size */
    GR_STAT_EDGELESS_INPUTS,
    GR_STAT_OWNED_INPUTS,
    GR_STAT_COUNT
};

struct gr_graph
{
    uint32_t input_count; /* graph inputs, edge-less ones included */
    uint32_t value_count, node_count, output_count;
    struct gr_value values[GR_MAX_VALUES];
    struct gr_node nodes[GR_MAX_NODES + GR_MAX_OUTPUTS];
    uint32_t outputs[GR_MAX_OUTPUTS];              /* graph output j: the value written into it */
    uint32_t order[GR_MAX_NODES + GR_MAX_OUTPUTS]; /* desc position of node n */
    unsigned stats[GR_STAT_COUNT];
    bool float64; /* the device runs shaders with the Float64 capability: CAST and ScaleBias */
};

struct gr_rng
{
    uint64_t state;
};

uint32_t gr_next(struct gr_rng *rng, uint32_t bound);

/* A random graph of at most max_nodes operator nodes, its operators created on device; CAST and
 * IDENTITY with ScaleBias only where float64 says the device can run their kernels. False when
 * the device refused an operator it should accept, or when a draw has no operator (gr_op.draw),
 * and the test fails. */
bool gr_generate(IDMLDevice *device, struct gr_rng *rng, uint32_t max_nodes, bool float64,
                 struct gr_graph *g);
/* The DML_GRAPH_DESC of g (nodes in g->order's permutation). */
void gr_desc(const struct gr_graph *g, struct gt_graph *out);
void gr_release(struct gr_graph *g);
/* "SLICE1", ...: the operator types the generator makes, for the test's counts. */
const char *gr_type_name(DML_OPERATOR_TYPE type);
/* The operators the generator makes: kind k's type, and whether its kernels need float64. */
uint32_t gr_kind_count(void);
DML_OPERATOR_TYPE gr_kind_type(uint32_t k);
bool gr_kind_needs_float64(uint32_t k);
const char *gr_stat_name(enum gr_stat stat);

#endif

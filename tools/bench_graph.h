/* `dmlops bench`: graphs of data-movement operators (issue 14 item 4), each measured fused and
 * unfused (DMLOPS_FUSION=0 for that compile) against the same-run copy ceiling, in external
 * bytes (the graph input's bytes its outputs depend on, read once, plus the outputs' bytes)
 * per second. The fused and unfused runs' outputs must be equal byte for byte. */
#ifndef DMLOPS_BENCH_GRAPH_H
#define DMLOPS_BENCH_GRAPH_H

#include "bench_op.h"

/* The graph cases, each fused then unfused, at every element size: fills at most max ops
 * (op->graph set) and returns how many there are. */
uint32_t bench_graph_suite(bool short_mode, struct bench_op *ops, uint32_t max);

/* One graph case: built, compiled (op->graph_fused says how), checked against the other
 * compile's output, and timed next to the ceiling. */
HRESULT bench_graph_run(struct bench_env *env, const struct bench_op *op, struct bench_result *r);

/* bench_graph_cases.c: the graph of case op on device, its operators created. */
struct bench_graph
{
    DML_GRAPH_DESC desc;
    uint32_t op_count;
    IDMLOperator *ops[8];
    DML_OPERATOR_GRAPH_NODE_DESC op_nodes[8];
    DML_GRAPH_NODE_DESC nodes[8];
    DML_INPUT_GRAPH_EDGE_DESC in[8];
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid[16];
    DML_OUTPUT_GRAPH_EDGE_DESC out[8];
    DML_GRAPH_EDGE_DESC in_edges[8], mid_edges[16], out_edges[8];
};

HRESULT bench_graph_build(IDMLDevice *device, const struct bench_op *op, struct bench_graph *g);
void bench_graph_release(struct bench_graph *g);
/* The case's shapes (op->input, outputs, byte counts) for graph case `kind`. */
void bench_graph_shape(struct bench_op *op, uint32_t kind, bool short_mode);
uint32_t bench_graph_kinds(void);
const char *bench_graph_name(uint32_t kind);

#endif

/* Graph descs for the graph tests, built in place: nodes and edges appended by index, the
 * DML_GRAPH_DESC pointing into the builder. Only DirectML.h: the CPU tests (internal device) and
 * the GPU tests (libdmlops.so) share it. */
#ifndef DMLOPS_TESTS_GT_GRAPH_H
#define DMLOPS_TESTS_GT_GRAPH_H

#ifndef COBJMACROS
#define COBJMACROS
#endif
#include <stddef.h>

#include <DirectML.h>

#define GT_MAX 256

struct gt_graph
{
    DML_GRAPH_DESC desc;
    DML_GRAPH_NODE_DESC nodes[GT_MAX];
    DML_OPERATOR_GRAPH_NODE_DESC ops[GT_MAX];
    DML_CONSTANT_DATA_GRAPH_NODE_DESC consts[GT_MAX];
    DML_GRAPH_EDGE_DESC in[GT_MAX], out[GT_MAX], mid[GT_MAX];
    DML_INPUT_GRAPH_EDGE_DESC in_desc[GT_MAX];
    DML_OUTPUT_GRAPH_EDGE_DESC out_desc[GT_MAX];
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid_desc[GT_MAX];
};

/* Empty graph of input_count inputs and output_count outputs. */
void gt_init(struct gt_graph *g, UINT input_count, UINT output_count);
/* Appends a node; returns its index. The graph does not hold a reference on op. */
UINT gt_op(struct gt_graph *g, IDMLOperator *op, const char *name);
UINT gt_const(struct gt_graph *g, const void *data, size_t size, const char *name);
/* Appends an edge; returns its index in its array. */
UINT gt_in(struct gt_graph *g, UINT graph_input, UINT node, UINT node_input);
UINT gt_out(struct gt_graph *g, UINT node, UINT node_output, UINT graph_output);
UINT gt_mid(struct gt_graph *g, UINT from, UINT from_output, UINT to, UINT to_input);
/* The desc, its pointers set (NULL for empty arrays, as DirectMLX's empty vectors give). */
const DML_GRAPH_DESC *gt_desc(struct gt_graph *g);

/* 1-D operators on packed tensors, created on device (NULL on failure). in_flags goes on the
 * input tensor (DML_TENSOR_FLAG_OWNED_BY_DML). */
IDMLOperator *gt_copy(IDMLDevice *device, DML_TENSOR_DATA_TYPE type, UINT n,
                      DML_TENSOR_FLAGS in_flags);
/* SLICE1 of elements [offset, offset + size) of an n-element input. */
IDMLOperator *gt_slice(IDMLDevice *device, DML_TENSOR_DATA_TYPE type, UINT n, UINT offset,
                       UINT size);
/* SPLIT of sum(parts) FLOAT32 elements into count parts. */
IDMLOperator *gt_split(IDMLDevice *device, UINT count, const UINT *parts);
/* PADDING (constant 7.0) of n FLOAT32 elements by start and end. */
IDMLOperator *gt_pad(IDMLDevice *device, UINT n, UINT start, UINT end);
/* SLICE (v0) of FLOAT32 elements [offset, offset + size) of n, every stride-th. */
IDMLOperator *gt_slice0(IDMLDevice *device, UINT n, UINT offset, UINT size, UINT stride);
/* PADDING1 of n UINT16 elements (value 0x1234 for CONSTANT). */
IDMLOperator *gt_pad1(IDMLDevice *device, DML_PADDING_MODE mode, UINT n, UINT start, UINT end);
/* ELEMENT_WISE_IDENTITY of n FLOAT32 elements; JOIN of count FLOAT32 vectors (at most 8). NULL
 * while CreateOperator does not take them. */
IDMLOperator *gt_identity(IDMLDevice *device, UINT n);
IDMLOperator *gt_join(IDMLDevice *device, UINT count, const UINT *parts);

#endif

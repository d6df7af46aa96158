/* What a validated graph runs as, in the program's terms (issue 12): tensors (external inputs and
 * outputs with their binding slots, owned inputs, constants, intermediates) and steps in
 * topological order (an operator, or a copy into a second graph output), each with the tensors it
 * reads and writes. Where tensors live and where steps wait is the program's business
 * (program_finish: one placement for operators, initializers and graphs). Pure data: built and
 * tested without a GPU. */
#ifndef DMLOPS_GRAPH_PLAN_H
#define DMLOPS_GRAPH_PLAN_H

#include "graph.h"

enum dml_graph_tensor_kind
{
    DML_GRAPH_TENSOR_INPUT,        /* graph input `slot`, bound at execution */
    DML_GRAPH_TENSOR_UNUSED_INPUT, /* graph input `slot` with no edge: binds as NONE (GD2) */
    DML_GRAPH_TENSOR_OWNED,        /* graph input `slot`, OWNED_BY_DML: the initializer copies
                                      `size` bytes of its binding into the persistent resource */
    DML_GRAPH_TENSOR_OUTPUT,       /* graph output `slot` */
    DML_GRAPH_TENSOR_INTERMEDIATE, /* in the temporary resource; also an unconnected node output
                                      (alive at its producer only) */
    DML_GRAPH_TENSOR_CONSTANT,     /* `data_size` bytes of data, then zeros up to `size` (GD3) */
};

struct dml_graph_tensor
{
    enum dml_graph_tensor_kind kind;
    uint32_t slot;         /* INPUT, UNUSED_INPUT, OWNED: graph input index; OUTPUT: output index */
    uint64_t size;         /* bytes the steps read or write (what it occupies in a resource) */
    uint64_t binding_size; /* INPUT, OWNED, OUTPUT: the least SizeInBytes of its binding (G-E4) */
    uint32_t alignment;    /* INPUT, OWNED, OUTPUT: its binding's Offset alignment */
    const uint8_t *data;   /* CONSTANT: the graph's copy */
    uint64_t data_size;
};

enum dml_graph_step_kind
{
    DML_GRAPH_STEP_OPERATOR, /* node's operator: reads[i] is its input i, writes[k] its output k */
    DML_GRAPH_STEP_COPY,     /* copies `bytes` from reads[0] to writes[0] (GD4, GD6) */
};

struct dml_graph_step
{
    enum dml_graph_step_kind kind;
    uint32_t node;                /* OPERATOR: the graph node; COPY: the node producing the bytes */
    const struct dml_op_def *def; /* OPERATOR */
    uint32_t read_count, write_count;
    uint32_t *reads, *writes;      /* tensor indices */
    const struct dml_tensor *desc; /* COPY: copy the elements this desc addresses (the producer's
                                      output desc, so strided gaps stay untouched); NULL: `bytes`
                                      raw bytes (a constant's data) */
    uint64_t bytes;                /* COPY from a constant: data_size */
};

struct dml_graph_plan
{
    uint32_t tensor_count, step_count;
    struct dml_graph_tensor *tensors;
    struct dml_graph_step *steps;
    uint32_t input_count, output_count;
    uint32_t *input_tensor;  /* per graph input */
    uint32_t *output_tensor; /* per graph output */
};

/* Builds the plan of a validated graph; plan points into graph (defs, constant data), which must
 * outlive it. E_OUTOFMEMORY. */
HRESULT dml_graph_plan_build(const struct dml_graph *graph, struct dml_graph_plan *plan);
void dml_graph_plan_cleanup(struct dml_graph_plan *plan);

#endif

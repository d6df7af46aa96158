/* What an operator's graph part defines (the GRAPH part of its test file, tests/ops/<name>.c,
 * built into the random graph generator): `const struct gr_op gr_op_<op>` for each <op> of DML_OPS
 * (src/ops/op_list.h), with its maker; gr_gen.c lists them from DML_OPS, so an operator without one
 * fails to link. And the generator's machinery the makers share: views of values, outputs,
 * CreateOperator, the helpers of the operators of more than one file. */
#ifndef DMLOPS_TESTS_GR_OP_H
#define DMLOPS_TESTS_GR_OP_H

#include "gr_gen.h"

#define GR_MAX_RANK 8
#define GR_MAX_DESCS (2 * GR_MAX_NODE_IO)

/* A tensor desc over a value. */
struct gr_view
{
    DML_TENSOR_DATA_TYPE type;
    uint32_t rank;
    uint32_t sizes[GR_MAX_RANK], strides[GR_MAX_RANK];
    uint64_t total;
    bool owned;
};

/* What one node is built from. */
struct gr_build
{
    IDMLDevice *device;
    struct gr_graph *g;
    struct gr_rng *rng;
    struct gr_node *node; /* its type says which of a maker's operators */
    struct gr_view in;    /* input 0's view */
    uint32_t budget;      /* elements input 0 may have */
    uint32_t block; /* what an operator's input hook tells its maker (depth/space: BlockSize) */
    UINT sizes[GR_MAX_DESCS][GR_MAX_RANK], strides[GR_MAX_DESCS][GR_MAX_RANK];
    DML_BUFFER_TENSOR_DESC buffers[GR_MAX_DESCS];
    DML_TENSOR_DESC tensors[GR_MAX_DESCS];
    uint32_t desc_count;
};

struct gr_op
{
    DML_OPERATOR_TYPE type;
    const char *name; /* for the test's counts */
    /* Its place in the generator's draw (0 .. the count - 1, each once): a seed makes the graphs
     * it made before the operators moved into their files; a new operator takes the next one. */
    uint32_t draw;
    /* The node from b->in (type, rank, sizes and strides drawn): its operator, or NULL when this
     * input cannot feed it (no output made: drawn again) or the device refused it. */
    IDMLOperator *(*make)(struct gr_build *b);
    bool grows;     /* its output may hold more elements than its input */
    bool float64;   /* its kernels declare Float64 (gr_graph.float64) */
    bool generator; /* reads no input (input 0 only gives it a shape) */
    uint32_t cap;   /* the largest of input 0's dims at rank 3 and up; 0: 6 */
    /* Input 0's sizes and view when not the generic ones (b->in's type and rank drawn, budget
     * its elements at most); false when the value cannot feed it. */
    bool (*input)(struct gr_build *b, uint64_t budget);
};

/* ---- element types and shapes ---- */
uint32_t gr_type_size(DML_TENSOR_DATA_TYPE type);
bool gr_is_float(DML_TENSOR_DATA_TYPE type);
DML_TENSOR_DATA_TYPE gr_pick_type(struct gr_rng *rng, uint32_t size);
DML_TENSOR_DATA_TYPE gr_pick_index_type(struct gr_rng *rng); /* any of the four */
uint64_t gr_elements(const uint32_t *sizes, uint32_t rank);
/* Random sizes of `rank` dims with at most `budget` elements (each at most `cap`). */
void gr_pick_shape(struct gr_rng *rng, uint32_t rank, uint64_t budget, uint32_t cap,
                   uint32_t *sizes);
/* A dense output of these sizes when it fits a value. */
bool gr_fits(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *sizes);
DML_SCALAR_UNION gr_random_scalar(struct gr_rng *rng);

/* ---- views, values and the node ---- */
void gr_count(struct gr_build *b, enum gr_stat s);
/* The DML_TENSOR_DESC of a view, kept in b until CreateOperator returns. */
const DML_TENSOR_DESC *gr_tensor(struct gr_build *b, const struct gr_view *v);
/* A view of value vi with the given type and sizes: row-major, or permuted, gapped or broadcast
 * strides where they fit in what the value holds. False when not even row-major fits. */
bool gr_read_view(struct gr_build *b, uint32_t vi, struct gr_view *v);
/* A dense output of the given type and sizes, sometimes written through permuted strides. */
struct gr_view gr_write_view(struct gr_build *b, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                             const uint32_t *sizes);
/* Output k of the node: a new value holding out's elements. */
const DML_TENSOR_DESC *gr_output(struct gr_build *b, uint32_t k, const struct gr_view *out);
/* A generator's output: input 0's shape, nothing read (the node has no input). */
struct gr_view gr_generated(struct gr_build *b, DML_TENSOR_DATA_TYPE type);
/* A value holding at least `bytes`: often a recent node output (deep chains), else any value, a
 * graph input (never an edge-less one), or (when `constants`) a new constant. */
uint32_t gr_pick_value(struct gr_graph *g, struct gr_rng *rng, uint32_t bytes, bool constants);
/* Input i of the node: a value, picked at random, read through a view of this type and sizes; its
 * bytes, whatever they are, are the indices (FD7 makes every value safe). NULL when none fits. */
const DML_TENSOR_DESC *gr_extra_input(struct gr_build *b, uint32_t i, DML_TENSOR_DATA_TYPE type,
                                      uint32_t rank, const uint32_t *sizes);
IDMLOperator *gr_create(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc);

/* ---- what operators of two files share ---- */
/* GATHER_ELEMENTS' output or SCATTER_ELEMENTS' updates: indices of the input's sizes but 1-4
 * along a random axis, which it returns. */
uint32_t gr_elements_indices(struct gr_build *b, uint32_t *sizes);
/* GATHER_ND(1) and SCATTER_ND over all of input 0's dims: indices {1, ..., 1, m, q}
 * (IndicesDimensionCount 2) name q leading coordinates per tuple; the gathered blocks, or the
 * updates, are {1, ..., 1, m, input sizes after the first q}, right-aligned in the input's rank. */
void gr_nd_shapes(struct gr_build *b, uint32_t *q, uint32_t *isz, uint32_t *blocks);

#endif

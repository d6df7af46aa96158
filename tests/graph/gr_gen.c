/* Random graphs for the graph differential (gr_gen.h). A value of B bytes, of which the first W
 * hold defined data, is read by each consumer through a desc of its own: any element type, any
 * rank, strides within W (a consumer of a graph input may declare a smaller TotalTensorSizeInBytes
 * than the binding, GD7; every other consumer declares B, G-E1). Each node writes dense outputs,
 * so its output value's W is the elements' bytes and B that rounded up to 4. Each operator's maker
 * is in its test file (gr_op.h); this file draws them and builds the graph around them. */
#include <stdio.h>
#include <string.h>

#include "gr_op.h"
#include "ops/op_list.h"

#define GROWING_BUDGET 96u /* elements of the input of an operator whose output is larger */
#define PLAIN_BUDGET 384u  /* elements of the input of any other */

uint32_t gr_next(struct gr_rng *rng, uint32_t bound)
{
    rng->state = rng->state * 6364136223846793005ull + 1442695040888963407ull;
    return bound ? (uint32_t)((rng->state >> 33) % bound) : 0;
}

/* ---- element types ---- */

static const DML_TENSOR_DATA_TYPE types_by_size[9][3] = {
    [1] = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT8},
    [2] = {DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_FLOAT16},
    [4] = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_FLOAT32},
    [8] = {DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_FLOAT64},
};

uint32_t gr_type_size(DML_TENSOR_DATA_TYPE type)
{
    for (uint32_t s = 1; s <= 8; s *= 2)
        for (uint32_t i = 0; i < 3; ++i)
            if (types_by_size[s][i] == type)
                return s;
    return 4;
}

bool gr_is_float(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

DML_TENSOR_DATA_TYPE gr_pick_type(struct gr_rng *rng, uint32_t size)
{
    return types_by_size[size][gr_next(rng, 3)];
}

/* An element size of at most `bytes` (1, 2, 4 or 8). */
static uint32_t pick_size(struct gr_rng *rng, uint32_t bytes)
{
    uint32_t s = 1u << gr_next(rng, 4);

    while (s > bytes)
        s /= 2;
    return s;
}

/* ---- views: a tensor desc over a value ---- */

uint64_t gr_elements(const uint32_t *sizes, uint32_t rank)
{
    uint64_t n = 1;

    for (uint32_t d = 0; d < rank; ++d)
        n *= sizes[d];
    return n;
}

/* Bytes from the first element's first byte to the last element's last one. */
static uint64_t extent(const struct gr_view *v)
{
    uint64_t last = 0;

    for (uint32_t d = 0; d < v->rank; ++d)
        last += (uint64_t)(v->sizes[d] - 1) * v->strides[d];
    return (last + 1) * gr_type_size(v->type);
}

static uint64_t round4(uint64_t bytes)
{
    return (bytes + 3) & ~3ull;
}

/* Dense strides, dims in `order` from the innermost. */
static void dense(struct gr_view *v, const uint32_t *order)
{
    uint32_t stride = 1;

    for (uint32_t i = 0; i < v->rank; ++i)
    {
        v->strides[order[i]] = stride;
        stride *= v->sizes[order[i]];
    }
}

static void row_major(struct gr_view *v)
{
    uint32_t order[GR_MAX_RANK];

    for (uint32_t i = 0; i < v->rank; ++i)
        order[i] = v->rank - 1 - i;
    dense(v, order);
}

/* A random order of the dims; true when it is not row-major. */
static bool permuted(struct gr_rng *rng, struct gr_view *v)
{
    uint32_t order[GR_MAX_RANK];
    bool moved = false;

    for (uint32_t i = 0; i < v->rank; ++i)
        order[i] = v->rank - 1 - i;
    for (uint32_t i = v->rank; i > 1; --i)
    {
        uint32_t j = gr_next(rng, i), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    dense(v, order);
    for (uint32_t d = 0; d + 1 < v->rank; ++d)
        moved |= v->sizes[d] > 1 && v->strides[d] < v->strides[d + 1] && v->sizes[d + 1] > 1;
    return moved;
}

/* Random sizes of `rank` dims with at most `budget` elements (each at most `cap`). */
void gr_pick_shape(struct gr_rng *rng, uint32_t rank, uint64_t budget, uint32_t cap,
                   uint32_t *sizes)
{
    uint64_t product = 1;
    uint32_t order[GR_MAX_RANK];

    for (uint32_t d = 0; d < rank; ++d)
        order[d] = d;
    for (uint32_t d = rank; d > 1; --d) /* the large dims anywhere */
    {
        uint32_t j = gr_next(rng, d), t = order[d - 1];
        order[d - 1] = order[j];
        order[j] = t;
    }
    for (uint32_t i = 0; i < rank; ++i)
    {
        uint64_t room = budget / product;
        uint32_t most = (uint32_t)(room < cap ? room : cap);

        sizes[order[i]] = 1 + gr_next(rng, most ? most : 1);
        product *= sizes[order[i]];
    }
}

static uint32_t pick_rank(struct gr_rng *rng)
{
    uint32_t r = gr_next(rng, 20);

    return r < 4 ? 1 : r < 9 ? 2 : r < 13 ? 3 : r < 18 ? 4 : 5 + gr_next(rng, 4);
}

/* ---- what one node is built from ---- */

void gr_count(struct gr_build *b, enum gr_stat s)
{
    ++b->g->stats[s];
}

/* The DML_TENSOR_DESC of a view, kept in b until CreateOperator returns. */
const DML_TENSOR_DESC *gr_tensor(struct gr_build *b, const struct gr_view *v)
{
    uint32_t i = b->desc_count++;

    for (uint32_t d = 0; d < v->rank; ++d)
    {
        b->sizes[i][d] = v->sizes[d];
        b->strides[i][d] = v->strides[d];
    }
    b->buffers[i] =
        (DML_BUFFER_TENSOR_DESC){v->type,
                                 v->owned ? DML_TENSOR_FLAG_OWNED_BY_DML : DML_TENSOR_FLAG_NONE,
                                 v->rank,
                                 b->sizes[i],
                                 b->strides[i],
                                 v->total,
                                 0};
    b->tensors[i] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &b->buffers[i]};
    return &b->tensors[i];
}

/* A view of value vi with the given type and sizes: row-major, or permuted, gapped or broadcast
 * strides where they fit in what the value holds. False when not even row-major fits. */
bool gr_read_view(struct gr_build *b, uint32_t vi, struct gr_view *v)
{
    const struct gr_value *value = &b->g->values[vi];
    uint32_t r = gr_next(b->rng, 10);

    v->owned = value->kind == GR_INPUT && value->owned;
    row_major(v);
    if (extent(v) > value->written)
        return false;
    if (r >= 6 && r < 8 && v->rank > 1)
    {
        if (permuted(b->rng, v) && extent(v) <= value->written)
            gr_count(b, GR_STAT_PERMUTED_VIEWS);
        else
            row_major(v);
    }
    else if (r == 8) /* a gap: every dim from one outwards twice as far apart */
    {
        uint32_t from = gr_next(b->rng, v->rank);

        for (uint32_t d = 0; d <= from; ++d)
            v->strides[d] *= 2;
        if (v->sizes[from] > 1 && extent(v) <= value->written)
            gr_count(b, GR_STAT_GAPPED_VIEWS);
        else
            row_major(v);
    }
    else if (r == 9) /* one dim read again and again */
    {
        uint32_t d = gr_next(b->rng, v->rank);

        if (v->sizes[d] > 1)
            v->strides[d] = 0, gr_count(b, GR_STAT_BROADCAST_VIEWS);
    }
    v->total = value->bytes;
    if (value->kind == GR_INPUT) /* GD7: consumers of one input may declare less */
    {
        uint64_t least = round4(extent(v));
        v->total = least + 4 * gr_next(b->rng, (uint32_t)((value->bytes - least) / 4 + 1));
    }
    if (v->rank > 1)
        gr_count(b, GR_STAT_MULTI_DIM_VIEWS);
    if (v->rank > 4)
        gr_count(b, GR_STAT_HIGH_RANK_VIEWS);
    if (value->kind == GR_NODE_OUTPUT && value->type != (uint32_t)v->type)
        gr_count(b, gr_type_size(v->type) == gr_type_size((DML_TENSOR_DATA_TYPE)value->type)
                        ? GR_STAT_SAME_SIZE_REINTERPRET
                        : GR_STAT_OTHER_SIZE_REINTERPRET);
    return true;
}

/* A dense output of the given type and sizes, sometimes written through permuted strides. */
struct gr_view gr_write_view(struct gr_build *b, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                             const uint32_t *sizes)
{
    struct gr_view v = {.type = type, .rank = rank};

    memcpy(v.sizes, sizes, rank * sizeof(*sizes));
    row_major(&v);
    if (rank > 1 && gr_next(b->rng, 4) == 0 && permuted(b->rng, &v))
        gr_count(b, GR_STAT_PERMUTED_OUTPUTS);
    v.total = round4(gr_elements(sizes, rank) * gr_type_size(type));
    return v;
}

static uint32_t add_value(struct gr_graph *g, enum gr_value_kind kind, uint32_t bytes)
{
    struct gr_value *v = &g->values[g->value_count];

    memset(v, 0, sizeof(*v));
    v->kind = kind;
    v->bytes = v->written = bytes;
    return g->value_count++;
}

/* Output k of the node: a new value holding out's elements. */
const DML_TENSOR_DESC *gr_output(struct gr_build *b, uint32_t k, const struct gr_view *out)
{
    uint32_t v = add_value(b->g, GR_NODE_OUTPUT, (uint32_t)out->total);

    b->g->values[v].written =
        (uint32_t)(gr_elements(out->sizes, out->rank) * gr_type_size(out->type));
    b->g->values[v].index = (uint32_t)(b->node - b->g->nodes);
    b->g->values[v].output = k;
    b->g->values[v].type = out->type;
    b->node->outputs[k] = v;
    b->node->output_count = k + 1;
    return gr_tensor(b, out);
}

IDMLOperator *gr_create(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc)
{
    DML_OPERATOR_DESC op = {type, desc};
    IDMLOperator *out = NULL;

    if (FAILED(IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&out)))
        return NULL;
    return out;
}

/* ---- the makers' helpers (those of one file are its own) ---- */

static const DML_TENSOR_DATA_TYPE index_types[] = {
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT64,
    DML_TENSOR_DATA_TYPE_UINT64};

DML_TENSOR_DATA_TYPE gr_pick_index_type(struct gr_rng *rng)
{
    return index_types[gr_next(rng, 4)];
}

/* Input i of the node: a value, picked at random, read through a view of this type and sizes; its
 * bytes, whatever they are, are the indices (FD7 makes every value safe). NULL when none fits. */
const DML_TENSOR_DESC *gr_extra_input(struct gr_build *b, uint32_t i, DML_TENSOR_DATA_TYPE type,
                                      uint32_t rank, const uint32_t *sizes)
{
    struct gr_view v = {.type = type, .rank = rank};

    memcpy(v.sizes, sizes, rank * sizeof(*sizes));
    for (int tries = 0; tries < 4; ++tries)
    {
        uint32_t vi = gr_pick_value(b->g, b->rng, 1, false);

        if (gr_read_view(b, vi, &v))
        {
            b->node->inputs[i] = vi;
            b->node->input_count = i + 1;
            return gr_tensor(b, &v);
        }
    }
    return NULL;
}

/* A dense output of these sizes when it fits a value. */
bool gr_fits(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *sizes)
{
    return gr_elements(sizes, rank) * gr_type_size(type) <= GR_MAX_BYTES;
}

DML_SCALAR_UNION gr_random_scalar(struct gr_rng *rng)
{
    DML_SCALAR_UNION value;

    for (size_t i = 0; i < sizeof(value.Bytes); ++i)
        value.Bytes[i] = (BYTE)gr_next(rng, 256);
    return value;
}

/* Indices of the input's sizes but 1-4 along a random axis: GATHER_ELEMENTS' output, or
 * SCATTER_ELEMENTS' updates. */
uint32_t gr_elements_indices(struct gr_build *b, uint32_t *sizes)
{
    uint32_t axis = gr_next(b->rng, b->in.rank);

    memcpy(sizes, b->in.sizes, GR_MAX_RANK * sizeof(*sizes));
    sizes[axis] = 1 + gr_next(b->rng, 4);
    return axis;
}

/* The ND forms over all of input 0's dims: indices {1, ..., 1, m, q} (IndicesDimensionCount 2)
 * name q leading coordinates per tuple; the gathered blocks, or the updates, are
 * {1, ..., 1, m, input sizes after the first q}, right-aligned in the input's rank. */
void gr_nd_shapes(struct gr_build *b, uint32_t *q, uint32_t *isz, uint32_t *blocks)
{
    uint32_t r = b->in.rank, m = 1 + gr_next(b->rng, 4);

    *q = 1 + gr_next(b->rng, r);
    for (uint32_t d = 0; d < r; ++d)
        isz[d] = d + 1 == r ? *q : d + 2 == r ? m : 1;
    for (uint32_t d = 0; d < r; ++d) /* the last r - q dims are the input's after the tuple */
        blocks[d] = d >= *q ? b->in.sizes[d] : d + 1 == *q ? m : 1;
    if (r == 1) /* one dim: the indices are {q} alone, m is 1 */
        isz[0] = *q, blocks[0] = 1;
}

/* A generator's output: input 0's shape, nothing read (the node has no input). */
struct gr_view gr_generated(struct gr_build *b, DML_TENSOR_DATA_TYPE type)
{
    b->node->input_count = 0;
    return gr_write_view(b, type, b->in.rank, b->in.sizes);
}

/* ---- the operators: each one's graph part (gr_op.h) ---- */

/* The registry's operators, each one's graph part: one missing is an undefined symbol. */
#define GR_OP_DECLARE(name) extern const struct gr_op gr_op_##name;
DML_OPS(GR_OP_DECLARE)
#define GR_OP_POINTER(name) &gr_op_##name,
static const struct gr_op *const ops[] = {DML_OPS(GR_OP_POINTER)};
#define OP_COUNT ((uint32_t)(sizeof(ops) / sizeof(ops[0])))

/* The operator of draw k (gr_op.draw), NULL when none has it. */
static const struct gr_op *drawn(uint32_t k)
{
    for (uint32_t i = 0; i < OP_COUNT; ++i)
        if (ops[i]->draw == k)
            return ops[i];
    return NULL;
}

/* Every draw 0 .. OP_COUNT - 1 has its operator (then each has one of its own). */
static bool draws_complete(void)
{
    for (uint32_t k = 0; k < OP_COUNT; ++k)
        if (!drawn(k))
        {
            fprintf(stderr, "graph_random: no operator has draw %u (gr_op.draw)\n", k);
            return false;
        }
    return true;
}

uint32_t gr_kind_count(void)
{
    return OP_COUNT;
}

DML_OPERATOR_TYPE gr_kind_type(uint32_t k)
{
    return drawn(k)->type;
}

bool gr_kind_needs_float64(uint32_t k)
{
    return drawn(k)->float64;
}

const char *gr_type_name(DML_OPERATOR_TYPE type)
{
    for (uint32_t i = 0; i < OP_COUNT; ++i)
        if (ops[i]->type == type)
            return ops[i]->name;
    return "?";
}

const char *gr_stat_name(enum gr_stat stat)
{
    static const char *const names[GR_STAT_COUNT] = {
        [GR_STAT_MULTI_DIM_VIEWS] = "multi-dimensional input descs",
        [GR_STAT_HIGH_RANK_VIEWS] = "of 5-8 dimensions",
        [GR_STAT_PERMUTED_VIEWS] = "permuted (transposing) input strides",
        [GR_STAT_GAPPED_VIEWS] = "gapped input strides",
        [GR_STAT_BROADCAST_VIEWS] = "broadcast (0) input strides",
        [GR_STAT_PERMUTED_OUTPUTS] = "permuted output strides",
        [GR_STAT_REVERSED_SLICES] = "reversed slices",
        [GR_STAT_SCALE_BIAS] = "IDENTITY with ScaleBias",
        [GR_STAT_EIGHT_BYTE] = "nodes on 8-byte elements",
        [GR_STAT_SAME_SIZE_REINTERPRET] = "edges read as another type of the same size",
        [GR_STAT_OTHER_SIZE_REINTERPRET] = "edges read with another element size",
        [GR_STAT_EDGELESS_INPUTS] = "edge-less graph inputs",
        [GR_STAT_OWNED_INPUTS] = "owned graph inputs",
    };
    return stat < GR_STAT_COUNT ? names[stat] : "?";
}

/* ---- values ---- */

static uint32_t add_constant(struct gr_graph *g, struct gr_rng *rng)
{
    uint32_t v = add_value(g, GR_CONSTANT, 4 * (1 + gr_next(rng, 16)));
    struct gr_node *node = &g->nodes[g->node_count];

    memset(node, 0, sizeof(*node));
    node->constant = true;
    node->value = v;
    g->values[v].index = g->node_count++;
    g->values[v].data_size = 1 + gr_next(rng, g->values[v].bytes);
    for (uint32_t i = 0; i < g->values[v].data_size; ++i)
        g->values[v].data[i] = (uint8_t)gr_next(rng, 256);
    return v;
}

/* A value holding at least `bytes`: often a recent node output (deep chains), else any value, a
 * graph input (never an edge-less one), or (when `constants`) a new constant. */
uint32_t gr_pick_value(struct gr_graph *g, struct gr_rng *rng, uint32_t bytes, bool constants)
{
    for (int tries = 0; tries < 16; ++tries)
    {
        uint32_t r = gr_next(rng, 10), v, made = g->value_count - g->input_count;

        if (r == 0 && constants && g->node_count < GR_MAX_NODES + GR_MAX_OUTPUTS - 1)
            return add_constant(g, rng); /* at least 4 bytes */
        else if (r <= 2 || !made)
            v = gr_next(rng, g->input_count);
        else if (r <= 6)
            v = g->value_count - 1 - gr_next(rng, made < 4 ? made : 4);
        else
            v = gr_next(rng, g->value_count);
        if (!g->values[v].edgeless && g->values[v].written >= bytes)
            return v;
    }
    return 0; /* graph input 0: never edge-less, at least 16 bytes */
}

/* Input 0's value, type and shape for op; false when this value cannot feed it. */
static bool pick_input(struct gr_build *b, const struct gr_op *op)
{
    const struct gr_value *value = &b->g->values[b->node->inputs[0]];
    uint32_t s = pick_size(b->rng, value->written), cap = op->cap ? op->cap : 6;
    uint64_t budget = value->written / s;

    if (budget > b->budget)
        budget = b->budget;
    b->in = (struct gr_view){.type = gr_pick_type(b->rng, s), .rank = pick_rank(b->rng)};
    if (op->input)
        return op->input(b, budget);
    gr_pick_shape(b->rng, b->in.rank, budget, b->in.rank <= 2 ? 12 : cap, b->in.sizes);
    return gr_read_view(b, b->node->inputs[0], &b->in);
}

/* Node g->node_count, reading `first` (UINT32_MAX: a value picked at random) as input 0. */
static bool add_node(IDMLDevice *device, struct gr_graph *g, struct gr_rng *rng, uint32_t first)
{
    struct gr_build b = {.device = device, .g = g, .rng = rng};
    unsigned stats[GR_STAT_COUNT];
    IDMLOperator *op = NULL;
    const struct gr_op *kind = drawn(0);

    for (int tries = 0; tries < 32 && !op; ++tries)
    {
        uint32_t values = g->value_count, nodes = g->node_count;

        kind = drawn(gr_next(rng, OP_COUNT));
        if (kind->float64 && !g->float64)
            kind = drawn(0); /* SLICE1 */
        /* a new constant only for a kind that reads it (a constant nothing reads is dead) */
        uint32_t v = first != UINT32_MAX ? first : gr_pick_value(g, rng, 1, !kind->generator);

        memcpy(stats, g->stats, sizeof(stats));
        b.node = &g->nodes[g->node_count]; /* after the constant pick_value may have added */
        memset(b.node, 0, sizeof(*b.node));
        b.budget = kind->grows ? GROWING_BUDGET : PLAIN_BUDGET;
        b.desc_count = 0;
        b.node->inputs[0] = v;
        b.node->input_count = 1;
        b.node->type = kind->type;
        if (pick_input(&b, kind))
        {
            ++g->node_count;
            if ((op = kind->make(&b)) || b.node->output_count) /* made, or refused by the device */
                break;
        }
        g->value_count = values; /* a shape the maker could not use: again from scratch */
        g->node_count = nodes;
        memcpy(g->stats, stats, sizeof(stats));
    }
    if (!op)
    {
        fprintf(stderr, "graph_random: CreateOperator refused a %s\n", kind->name);
        return false;
    }
    b.node->op = op;
    if (gr_type_size(b.in.type) == 8)
        gr_count(&b, GR_STAT_EIGHT_BYTE);
    for (uint32_t i = 0; i < b.node->input_count; ++i)
        g->values[b.node->inputs[i]].consumed = true;
    return true;
}

static void add_output(struct gr_graph *g, uint32_t v)
{
    if (g->output_count < GR_MAX_OUTPUTS)
        g->outputs[g->output_count++] = v;
}

/* Every node reaches a graph output (G-D4): a node none of whose outputs is read gets one of them
 * as a graph output (the others stay unconnected); then a few more outputs, some repeated (GD6)
 * and some constants (GD4). */
static void add_outputs(struct gr_graph *g, struct gr_rng *rng)
{
    for (uint32_t n = 0; n < g->node_count; ++n)
    {
        const struct gr_node *node = &g->nodes[n];
        bool read = node->constant;

        for (uint32_t k = 0; k < node->output_count; ++k)
            read |= g->values[node->outputs[k]].consumed;
        if (!read)
            add_output(g, node->outputs[gr_next(rng, node->output_count)]);
    }
    for (uint32_t extra = gr_next(rng, 4); extra; --extra)
    {
        uint32_t v = gr_next(rng, g->value_count), r = gr_next(rng, 4);

        if (r == 0 && g->output_count)
            v = g->outputs[gr_next(rng, g->output_count)];
        else if (r == 1 && g->node_count < GR_MAX_NODES + GR_MAX_OUTPUTS &&
                 g->output_count < GR_MAX_OUTPUTS)
            v = add_constant(g, rng);
        if (g->values[v].kind != GR_INPUT)
            add_output(g, v);
    }
}

/* Graph inputs: 1 to 4 with data, a fifth of them owned; a third of the graphs get one more that
 * no edge reaches (GD2), and a third an owned one that the first node reads. */
static void add_inputs(struct gr_graph *g, struct gr_rng *rng)
{
    uint32_t inputs = 1 + gr_next(rng, 4);
    bool edgeless = gr_next(rng, 3) == 0, owned = gr_next(rng, 3) == 0;

    g->input_count = inputs + edgeless + owned;
    for (uint32_t i = 0; i < g->input_count; ++i)
    {
        uint32_t v = add_value(g, GR_INPUT, 4 * (4 + gr_next(rng, i ? 125 : 29)));

        g->values[v].index = i;
        g->values[v].owned = i && (gr_next(rng, 5) == 0 || (owned && i == inputs));
        g->values[v].edgeless = edgeless && i + 1 == g->input_count;
        for (uint32_t b = 0; b < g->values[v].bytes; ++b)
            g->values[v].data[b] = (uint8_t)gr_next(rng, 256);
    }
}

bool gr_generate(IDMLDevice *device, struct gr_rng *rng, uint32_t max_nodes, bool float64,
                 struct gr_graph *g)
{
    uint32_t nodes = 1 + gr_next(rng, max_nodes), first = UINT32_MAX;
    bool ok = true;

    memset(g, 0, sizeof(*g));
    if (!draws_complete())
        return false;
    g->float64 = float64;
    add_inputs(g, rng);
    for (uint32_t i = g->input_count; i-- > 1 && first == UINT32_MAX;)
        if (g->values[i].owned && !g->values[i].edgeless)
            first = i; /* the first node reads an owned input, when there is one */
    while (ok && g->node_count < nodes && g->value_count + GR_MAX_NODE_IO < GR_MAX_VALUES - 8)
    {
        ok = add_node(device, g, rng, first);
        first = UINT32_MAX;
    }
    add_outputs(g, rng);
    for (uint32_t v = 0; v < g->input_count; ++v)
    {
        g->stats[GR_STAT_EDGELESS_INPUTS] += !g->values[v].consumed;
        g->stats[GR_STAT_OWNED_INPUTS] += g->values[v].owned && g->values[v].consumed;
    }
    for (uint32_t n = 0; n < g->node_count; ++n)
        g->order[n] = n;
    for (uint32_t n = g->node_count; n > 1; --n) /* any node order (GD10) */
    {
        uint32_t m = gr_next(rng, n), t = g->order[n - 1];
        g->order[n - 1] = g->order[m];
        g->order[m] = t;
    }
    return ok;
}

void gr_desc(const struct gr_graph *g, struct gt_graph *out)
{
    uint32_t at[GR_MAX_NODES + GR_MAX_OUTPUTS];

    gt_init(out, g->input_count, g->output_count);
    for (uint32_t p = 0; p < g->node_count; ++p)
    {
        const struct gr_node *node = &g->nodes[g->order[p]];

        at[g->order[p]] = p;
        if (node->constant)
            gt_const(out, g->values[node->value].data, g->values[node->value].data_size, NULL);
        else
            gt_op(out, node->op, NULL);
    }
    for (uint32_t n = 0; n < g->node_count; ++n)
        for (uint32_t i = 0; i < g->nodes[n].input_count; ++i)
        {
            const struct gr_value *v = &g->values[g->nodes[n].inputs[i]];

            if (v->kind == GR_INPUT)
                gt_in(out, v->index, at[n], i);
            else
                gt_mid(out, at[v->index], v->kind == GR_CONSTANT ? 0 : v->output, at[n], i);
        }
    for (uint32_t j = 0; j < g->output_count; ++j)
    {
        const struct gr_value *v = &g->values[g->outputs[j]];
        gt_out(out, at[v->index], v->kind == GR_CONSTANT ? 0 : v->output, j);
    }
}

void gr_release(struct gr_graph *g)
{
    for (uint32_t n = 0; n < g->node_count; ++n)
        if (g->nodes[n].op)
            IDMLOperator_Release(g->nodes[n].op);
}

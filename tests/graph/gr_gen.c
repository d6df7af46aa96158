/* Random graphs for the graph differential (gr_gen.h). Every tensor is 1-D and packed; a value of
 * B bytes (a multiple of 4) is viewed by each consumer as B/s elements of s bytes (s = 1, 2, 4),
 * and every operator output holds a multiple of 4 bytes, so producers write every byte their
 * consumers read. */
#include "gr_gen.h"

#include <stdio.h>
#include <string.h>

uint32_t gr_next(struct gr_rng *rng, uint32_t bound)
{
    rng->state = rng->state * 6364136223846793005ull + 1442695040888963407ull;
    return bound ? (uint32_t)((rng->state >> 33) % bound) : 0;
}

static const DML_TENSOR_DATA_TYPE types_by_size[5] = {[1] = DML_TENSOR_DATA_TYPE_UINT8,
                                                      [2] = DML_TENSOR_DATA_TYPE_UINT16,
                                                      [4] = DML_TENSOR_DATA_TYPE_FLOAT32};

/* Tensor descs of one operator, kept until CreateOperator returns. */
struct descs
{
    UINT sizes[GR_MAX_NODE_IO * 2];
    DML_BUFFER_TENSOR_DESC buffers[GR_MAX_NODE_IO * 2];
    DML_TENSOR_DESC tensors[GR_MAX_NODE_IO * 2];
};

static const DML_TENSOR_DESC *tensor(struct descs *d, uint32_t i, uint32_t size, uint32_t elements,
                                     bool owned)
{
    d->sizes[i] = elements;
    d->buffers[i] =
        (DML_BUFFER_TENSOR_DESC){types_by_size[size],
                                 owned ? DML_TENSOR_FLAG_OWNED_BY_DML : DML_TENSOR_FLAG_NONE,
                                 1,
                                 &d->sizes[i],
                                 NULL,
                                 ((UINT64)elements * size + 3) & ~3ull,
                                 0};
    d->tensors[i] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &d->buffers[i]};
    return &d->tensors[i];
}

static IDMLOperator *create(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc)
{
    DML_OPERATOR_DESC op = {type, desc};
    IDMLOperator *out = NULL;

    if (FAILED(IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&out)))
        return NULL;
    return out;
}

static uint32_t add_value(struct gr_graph *g, enum gr_value_kind kind, uint32_t bytes)
{
    struct gr_value *v = &g->values[g->value_count];

    memset(v, 0, sizeof(*v));
    v->kind = kind;
    v->bytes = bytes;
    return g->value_count++;
}

static uint32_t add_constant(struct gr_graph *g, struct gr_rng *rng)
{
    uint32_t v = add_value(g, GR_CONSTANT, 4 * (1 + gr_next(rng, 8)));
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

/* An input for a new node: often a recent node output (deep chains), else any value, a graph
 * input, or a new constant. */
static uint32_t pick_value(struct gr_graph *g, struct gr_rng *rng, uint32_t max_bytes)
{
    for (int tries = 0; tries < 8; ++tries)
    {
        uint32_t r = gr_next(rng, 10), v;

        if (r == 0 && g->node_count < GR_MAX_NODES + GR_MAX_OUTPUTS - 1)
            v = add_constant(g, rng);
        else if (r <= 2)
            v = gr_next(rng, g->input_count);
        else if (r <= 6 && g->value_count > g->input_count)
            v = g->value_count - 1 -
                gr_next(rng,
                        g->value_count - g->input_count < 4 ? g->value_count - g->input_count : 4);
        else
            v = gr_next(rng, g->value_count);
        if (g->values[v].bytes <= max_bytes)
            return v;
    }
    return gr_next(rng, g->input_count);
}

static uint32_t pick_size(struct gr_rng *rng)
{
    static const uint32_t sizes[] = {1, 2, 4};
    return sizes[gr_next(rng, 3)];
}

/* What one node is being built from. */
struct build
{
    IDMLDevice *device;
    struct gr_graph *g;
    struct gr_rng *rng;
    struct gr_node *node;
    struct descs d;
    uint32_t s, e, q; /* element size, input elements, elements per 4 bytes */
    bool owned;
};

static const DML_TENSOR_DESC *in_tensor(struct build *b)
{
    return tensor(&b->d, 0, b->s, b->e, b->owned);
}

static void set_outputs(struct build *b, uint32_t count, const uint32_t *elements)
{
    b->node->output_count = count;
    for (uint32_t k = 0; k < count; ++k)
    {
        uint32_t v = add_value(b->g, GR_NODE_OUTPUT, elements[k] * b->s);
        b->g->values[v].index = (uint32_t)(b->node - b->g->nodes);
        b->g->values[v].output = k;
        b->node->outputs[k] = v;
    }
}

/* SLICE1 (either sign of stride) or SLICE: o elements, every |stride|-th of a window. */
static IDMLOperator *make_slice(struct build *b, bool v1)
{
    uint32_t stride = 1 + gr_next(b->rng, 2), most = (b->e - 1) / stride + 1, o, window, offset;

    if (most < b->q)
        stride = 1, most = b->e;
    o = b->q * (1 + gr_next(b->rng, most / b->q));
    window = (o - 1) * stride + 1;
    offset = gr_next(b->rng, b->e - window + 1);
    set_outputs(b, 1, &o);
    if (v1)
    {
        INT strides = gr_next(b->rng, 2) ? -(INT)stride : (INT)stride;
        DML_SLICE1_OPERATOR_DESC desc = {
            in_tensor(b), tensor(&b->d, 1, b->s, o, false), 1, &offset, &window, &strides};
        return create(b->device, DML_OPERATOR_SLICE1, &desc);
    }
    DML_SLICE_OPERATOR_DESC desc = {in_tensor(b), tensor(&b->d, 1, b->s, o, false), 1, &offset, &o,
                                    &stride}; /* SLICE's Sizes: the output's */
    return create(b->device, DML_OPERATOR_SLICE, &desc);
}

static IDMLOperator *make_split(struct build *b)
{
    uint32_t units = b->e / b->q, count = 2 + gr_next(b->rng, 3), parts[GR_MAX_NODE_IO], left;
    DML_TENSOR_DESC outs[GR_MAX_NODE_IO];

    if (count > units)
        count = units;
    left = units - count; /* each part gets one unit, then the rest at random */
    for (uint32_t k = 0; k < count; ++k)
    {
        uint32_t extra = k + 1 == count ? left : gr_next(b->rng, left + 1);
        parts[k] = (1 + extra) * b->q;
        left -= extra;
    }
    set_outputs(b, count, parts);
    for (uint32_t k = 0; k < count; ++k)
        outs[k] = *tensor(&b->d, 1 + k, b->s, parts[k], false);
    DML_SPLIT_OPERATOR_DESC desc = {in_tensor(b), count, outs, 0};
    return create(b->device, DML_OPERATOR_SPLIT, &desc);
}

/* PADDING or PADDING1 by up to 3 (+ rounding) elements each side; the mode is dropped to
 * CONSTANT where the input is too short for it. */
static IDMLOperator *make_pad(struct build *b, bool v1)
{
    uint32_t start = gr_next(b->rng, 4), end = gr_next(b->rng, 4), o;
    DML_PADDING_MODE mode = (DML_PADDING_MODE)gr_next(b->rng, v1 && b->g->level >= 0x6400 ? 5 : 4);

    end += (b->q - (b->e + start + end) % b->q) % b->q;
    o = b->e + start + end;
    if ((mode == DML_PADDING_MODE_REFLECTION && (start >= b->e || end >= b->e)) ||
        (mode != DML_PADDING_MODE_CONSTANT && mode != DML_PADDING_MODE_EDGE &&
         (start > b->e || end > b->e)))
        mode = DML_PADDING_MODE_CONSTANT;
    set_outputs(b, 1, &o);
    if (v1)
    {
        DML_SCALAR_UNION value = {.UInt32 = 0};
        DML_TENSOR_DATA_TYPE type = types_by_size[b->s];

        if (type == DML_TENSOR_DATA_TYPE_FLOAT32)
            value.Float32 = -2.5f;
        else
            value.UInt16 = (UINT16)(0x1234 + gr_next(b->rng, 100)); /* low bytes for UINT8 */
        if (type == DML_TENSOR_DATA_TYPE_UINT8)
            value.UInt8 = (UINT8)(0x40 + gr_next(b->rng, 100));
        DML_PADDING1_OPERATOR_DESC desc = {
            in_tensor(b), tensor(&b->d, 1, b->s, o, false), mode, type, value, 1, &start, &end};
        return create(b->device, DML_OPERATOR_PADDING1, &desc);
    }
    DML_PADDING_OPERATOR_DESC desc = {
        in_tensor(b), tensor(&b->d, 1, b->s, o, false), mode, 7.0f, 1, &start, &end};
    return create(b->device, DML_OPERATOR_PADDING, &desc);
}

static IDMLOperator *make_identity(struct build *b)
{
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {in_tensor(b), NULL, NULL};

    desc.OutputTensor = tensor(&b->d, 1, b->s, b->e, false);
    set_outputs(b, 1, &b->e);
    return create(b->device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc);
}

/* JOIN of this node's first input and up to two more values, all viewed with s-byte elements. */
static IDMLOperator *make_join(struct build *b)
{
    uint32_t count = 2 + gr_next(b->rng, 2), total = b->e;
    DML_TENSOR_DESC ins[GR_MAX_NODE_IO];

    ins[0] = *in_tensor(b);
    for (uint32_t i = 1; i < count; ++i)
    {
        uint32_t v = pick_value(b->g, b->rng, 256);

        b->node->inputs[i] = v;
        ins[i] = *tensor(&b->d, 2 + i, b->s, b->g->values[v].bytes / b->s,
                         b->g->values[v].kind == GR_INPUT && b->g->values[v].owned);
        total += b->g->values[v].bytes / b->s;
    }
    b->node->input_count = count;
    set_outputs(b, 1, &total);
    DML_JOIN_OPERATOR_DESC desc = {count, ins, tensor(&b->d, 1, b->s, total, false), 0};
    return create(b->device, DML_OPERATOR_JOIN, &desc);
}

/* Whether CreateOperator takes a 4-element FLOAT32 JOIN / ELEMENT_WISE_IDENTITY on this build. */
static bool accepts(IDMLDevice *device, DML_OPERATOR_TYPE type)
{
    struct descs d;
    DML_TENSOR_DESC ins[2];
    IDMLOperator *op;

    ins[0] = ins[1] = *tensor(&d, 0, 4, 4, false);
    if (type == DML_OPERATOR_JOIN)
    {
        DML_JOIN_OPERATOR_DESC desc = {2, ins, tensor(&d, 1, 4, 8, false), 0};
        op = create(device, type, &desc);
    }
    else
    {
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {&ins[0], tensor(&d, 1, 4, 4, false), NULL};
        op = create(device, type, &desc);
    }
    if (op)
        IDMLOperator_Release(op);
    return op != NULL;
}

enum kind
{
    K_SLICE1,
    K_SLICE,
    K_SPLIT,
    K_PADDING,
    K_PADDING1,
    K_JOIN,
    K_IDENTITY,
    K_COUNT
};

static const DML_OPERATOR_TYPE kind_types[K_COUNT] = {DML_OPERATOR_SLICE1,
                                                      DML_OPERATOR_SLICE,
                                                      DML_OPERATOR_SPLIT,
                                                      DML_OPERATOR_PADDING,
                                                      DML_OPERATOR_PADDING1,
                                                      DML_OPERATOR_JOIN,
                                                      DML_OPERATOR_ELEMENT_WISE_IDENTITY};

static enum kind pick_kind(struct build *b, uint32_t bytes)
{
    for (;;)
    {
        enum kind k = (enum kind)gr_next(b->rng, K_COUNT);

        if ((k == K_JOIN && !b->g->use_join) || (k == K_IDENTITY && !b->g->use_identity))
            continue;
        if (bytes > 512 && k != K_SLICE1 && k != K_SLICE && k != K_SPLIT)
            continue; /* keep tensors small */
        if (k == K_SPLIT && bytes < 8)
            continue;
        return k;
    }
}

static bool add_node(IDMLDevice *device, struct gr_graph *g, struct gr_rng *rng)
{
    uint32_t v = pick_value(g, rng, 4096); /* may add a constant node first */
    struct build b = {.device = device, .g = g, .rng = rng, .node = &g->nodes[g->node_count]};
    enum kind k;
    IDMLOperator *op = NULL;

    memset(b.node, 0, sizeof(*b.node));
    ++g->node_count;
    b.s = pick_size(rng);
    b.e = g->values[v].bytes / b.s;
    b.q = 4 / b.s;
    b.owned = g->values[v].kind == GR_INPUT && g->values[v].owned;
    b.node->inputs[0] = v;
    b.node->input_count = 1;
    k = pick_kind(&b, g->values[v].bytes);
    b.node->type = kind_types[k];
    switch (k)
    {
    case K_SLICE1:
    case K_SLICE:
        op = make_slice(&b, k == K_SLICE1);
        break;
    case K_SPLIT:
        op = make_split(&b);
        break;
    case K_PADDING:
    case K_PADDING1:
        op = make_pad(&b, k == K_PADDING1);
        break;
    case K_JOIN:
        op = make_join(&b);
        break;
    default:
        op = make_identity(&b);
        break;
    }
    b.node->op = op;
    for (uint32_t i = 0; i < b.node->input_count; ++i)
        g->values[b.node->inputs[i]].consumed = true;
    if (!op)
        fprintf(stderr,
                "graph_random: CreateOperator refused a %u (element size %u, %u elements)\n",
                (unsigned)kind_types[k], b.s, b.e);
    return op != NULL;
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
        else if (r == 1 && g->node_count < GR_MAX_NODES + GR_MAX_OUTPUTS)
            v = add_constant(g, rng);
        if (g->values[v].kind != GR_INPUT)
            add_output(g, v);
    }
}

bool gr_generate(IDMLDevice *device, struct gr_rng *rng, uint32_t max_nodes, struct gr_graph *g)
{
    uint32_t nodes = 1 + gr_next(rng, max_nodes), inputs = 1 + gr_next(rng, 4);
    bool ok = true;

    memset(g, 0, sizeof(*g));
    g->level = DML_FEATURE_LEVEL_6_4;
    static int join = -1, identity = -1; /* asked once: a refusal prints on a debug device */

    if (join < 0)
        join = accepts(device, DML_OPERATOR_JOIN),
        identity = accepts(device, DML_OPERATOR_ELEMENT_WISE_IDENTITY);
    g->use_join = join;
    g->use_identity = identity;
    g->input_count = inputs;
    for (uint32_t i = 0; i < inputs; ++i)
    {
        uint32_t v = add_value(g, GR_INPUT, 4 * (4 + gr_next(rng, 29)));

        g->values[v].index = i;
        g->values[v].owned = gr_next(rng, 5) == 0;
        for (uint32_t b = 0; b < g->values[v].bytes; ++b)
            g->values[v].data[b] = (uint8_t)gr_next(rng, 256);
    }
    while (ok && g->node_count < nodes && g->value_count + GR_MAX_NODE_IO < GR_MAX_VALUES - 8)
        ok = add_node(device, g, rng);
    add_outputs(g, rng);
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

/* The graphs of `dmlops bench` (bench_graph.h): their shapes and their DirectML descs. Every
 * case works on an NCHW tensor of N x C x H x W elements (NHWC memory where it starts with a
 * transpose): DRAM-bound, 256 MiB of input at every element size; short mode, a few KiB. */
#define COBJMACROS
#include <stdio.h>
#include <string.h>

#include "bench_graph.h"

enum kind
{
    SLICE_PAD,       /* crop [1:-1] of H and W, reflect padding 2 of H and W */
    NHWC_PAD_SPLIT4, /* NHWC -> NCHW, constant padding 1 of H and W, SPLIT of C into 4 */
    JOIN4_SLICES,    /* the 4 quarters of W as slices, joined along C */
    CHAIN8,          /* NHWC -> NCHW, crop, reflect padding, SPLIT of C into 2, one half reversed
                        along C, JOIN along C, a copy: 8 nodes */
    KIND_COUNT
};

static const char *const names[KIND_COUNT] = {"slice_reflect_pad", "nhwc_pad_split4",
                                              "join4_slices", "chain8"};
static const bool nhwc[KIND_COUNT] = {false, true, false, true};

uint32_t bench_graph_kinds(void)
{
    return KIND_COUNT;
}

const char *bench_graph_name(uint32_t kind)
{
    return names[kind];
}

static uint64_t product(const uint32_t *sizes, uint32_t rank)
{
    uint64_t n = 1;

    for (uint32_t d = 0; d < rank; ++d)
        n *= sizes[d];
    return n;
}

/* N, C, H, W of the case. */
static void shape_of(const struct bench_op *op, uint32_t *n)
{
    const uint32_t *s = op->input.sizes;
    bool transposed = nhwc[op->graph - 1];

    n[0] = s[0];
    n[1] = transposed ? s[3] : s[1];
    n[2] = transposed ? s[1] : s[2];
    n[3] = transposed ? s[2] : s[3];
}

static void set_output(struct bench_op *op, uint32_t k, uint32_t n, uint32_t c, uint32_t h,
                       uint32_t w)
{
    op->outputs[k].rank = 4;
    memcpy(op->outputs[k].sizes, (uint32_t[]){n, c, h, w}, sizeof(uint32_t) * 4);
    bench_tensor_dense(&op->outputs[k], op->elem_bytes);
    op->write_bytes += product(op->outputs[k].sizes, 4) * op->elem_bytes;
}

void bench_graph_shape(struct bench_op *op, uint32_t kind, bool short_mode)
{
    uint32_t e = op->elem_bytes, n = short_mode ? 2 : 16 / e, c = short_mode ? 8 : 64,
             h = short_mode ? 10 : 512, w = short_mode ? 12 : 512;
    uint64_t plane = (uint64_t)n * c * e;

    op->graph = kind + 1;
    op->pad_bits = 0x1F2E3D4C5B6A7988ull;
    op->input.rank = 4;
    memcpy(op->input.sizes, nhwc[kind] ? (uint32_t[]){n, h, w, c} : (uint32_t[]){n, c, h, w},
           sizeof(uint32_t) * 4);
    bench_tensor_dense(&op->input, e);
    op->write_bytes = 0;
    switch (kind)
    {
    case SLICE_PAD:
    case CHAIN8:
        op->output_count = 1;
        set_output(op, 0, n, c, h + 2, w + 2);
        op->read_bytes = plane * (h - 2) * (w - 2);
        break;
    case NHWC_PAD_SPLIT4:
        op->output_count = 4;
        for (uint32_t k = 0; k < 4; ++k)
            set_output(op, k, n, c / 4, h + 2, w + 2);
        op->read_bytes = plane * h * w;
        break;
    default: /* JOIN4_SLICES */
        op->output_count = 1;
        set_output(op, 0, n, 4 * c, h, w / 4);
        op->read_bytes = plane * h * w;
        break;
    }
}

/* Tensor descs kept until CreateOperator returns. */
struct descs
{
    uint32_t count;
    uint32_t sizes[8][4], strides[8][4];
    DML_BUFFER_TENSOR_DESC buffers[8];
    DML_TENSOR_DESC tensors[8];
};

/* A rank-4 desc of sizes, packed, or with strides when given. */
static const DML_TENSOR_DESC *tensor(struct descs *d, const struct bench_op *op,
                                     const uint32_t *sizes, const uint32_t *strides)
{
    uint32_t i = d->count++, stride = 1;

    memcpy(d->sizes[i], sizes, sizeof(d->sizes[i]));
    for (uint32_t k = 4; k-- > 0;)
    {
        d->strides[i][k] = strides ? strides[k] : stride;
        stride *= sizes[k];
    }
    d->buffers[i] = (DML_BUFFER_TENSOR_DESC){
        bench_data_type(op->elem_bytes),
        DML_TENSOR_FLAG_NONE,
        4,
        d->sizes[i],
        d->strides[i],
        dmlopsCalcBufferTensorSize(bench_data_type(op->elem_bytes), 4, d->sizes[i], d->strides[i]),
        0};
    d->tensors[i] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &d->buffers[i]};
    return &d->tensors[i];
}

static HRESULT add(IDMLDevice *device, struct bench_graph *g, DML_OPERATOR_TYPE type,
                   const void *desc)
{
    DML_OPERATOR_DESC op = {type, desc};
    uint32_t n = g->op_count;
    HRESULT hr = IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&g->ops[n]);

    if (FAILED(hr))
        return hr;
    g->op_nodes[n] = (DML_OPERATOR_GRAPH_NODE_DESC){g->ops[n], NULL};
    g->nodes[n] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &g->op_nodes[n]};
    ++g->op_count;
    return S_OK;
}

static HRESULT slice(IDMLDevice *device, struct bench_graph *g, const struct bench_op *op,
                     const uint32_t *in, const uint32_t *in_strides, const uint32_t *offsets,
                     const uint32_t *window, const int32_t *steps)
{
    struct descs d = {0};
    uint32_t out[4];

    for (uint32_t k = 0; k < 4; ++k)
        out[k] = (window[k] + (uint32_t)(steps[k] < 0 ? -steps[k] : steps[k]) - 1) /
                 (uint32_t)(steps[k] < 0 ? -steps[k] : steps[k]);
    DML_SLICE1_OPERATOR_DESC desc = {
        tensor(&d, op, in, in_strides), tensor(&d, op, out, NULL), 4, offsets, window, steps};
    return add(device, g, DML_OPERATOR_SLICE1, &desc);
}

static HRESULT pad(IDMLDevice *device, struct bench_graph *g, const struct bench_op *op,
                   const uint32_t *in, DML_PADDING_MODE mode, uint32_t by)
{
    struct descs d = {0};
    const uint32_t start[4] = {0, 0, by, by},
                   out[4] = {in[0], in[1], in[2] + 2 * by, in[3] + 2 * by};
    DML_PADDING1_OPERATOR_DESC desc = {tensor(&d, op, in, NULL),
                                       tensor(&d, op, out, NULL),
                                       mode,
                                       bench_data_type(op->elem_bytes),
                                       {{0}},
                                       4,
                                       start,
                                       start};

    memcpy(&desc.PaddingValue, &op->pad_bits, sizeof(op->pad_bits));
    return add(device, g, DML_OPERATOR_PADDING1, &desc);
}

/* ELEMENT_WISE_IDENTITY of an NCHW tensor, read from NHWC memory when transposed. */
static HRESULT identity(IDMLDevice *device, struct bench_graph *g, const struct bench_op *op,
                        const uint32_t *s, bool transposed)
{
    struct descs d = {0};
    const uint32_t from_nhwc[4] = {s[1] * s[2] * s[3], 1, s[3] * s[1], s[1]};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {
        tensor(&d, op, s, transposed ? from_nhwc : NULL), tensor(&d, op, s, NULL), NULL};

    return add(device, g, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc);
}

/* SPLIT of C into `parts` equal parts. */
static HRESULT split(IDMLDevice *device, struct bench_graph *g, const struct bench_op *op,
                     const uint32_t *in, uint32_t parts)
{
    struct descs d = {0};
    const uint32_t out[4] = {in[0], in[1] / parts, in[2], in[3]};
    DML_TENSOR_DESC outs[4];

    for (uint32_t k = 0; k < parts; ++k)
        outs[k] = *tensor(&d, op, out, NULL);
    DML_SPLIT_OPERATOR_DESC desc = {tensor(&d, op, in, NULL), parts, outs, 1};
    return add(device, g, DML_OPERATOR_SPLIT, &desc);
}

/* JOIN along C of `parts` tensors of sizes in. */
static HRESULT join(IDMLDevice *device, struct bench_graph *g, const struct bench_op *op,
                    const uint32_t *in, uint32_t parts)
{
    struct descs d = {0};
    const uint32_t out[4] = {in[0], in[1] * parts, in[2], in[3]};
    DML_TENSOR_DESC ins[4];

    for (uint32_t k = 0; k < parts; ++k)
        ins[k] = *tensor(&d, op, in, NULL);
    DML_JOIN_OPERATOR_DESC desc = {parts, ins, tensor(&d, op, out, NULL), 1};
    return add(device, g, DML_OPERATOR_JOIN, &desc);
}

static void edge_in(struct bench_graph *g, uint32_t node)
{
    uint32_t e = g->desc.InputEdgeCount++;

    g->in[e] = (DML_INPUT_GRAPH_EDGE_DESC){0, node, 0, NULL};
    g->in_edges[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &g->in[e]};
}

static void edge(struct bench_graph *g, uint32_t from, uint32_t output, uint32_t to, uint32_t input)
{
    uint32_t e = g->desc.IntermediateEdgeCount++;

    g->mid[e] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){from, output, to, input, NULL};
    g->mid_edges[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &g->mid[e]};
}

static void edge_out(struct bench_graph *g, uint32_t node, uint32_t output)
{
    uint32_t e = g->desc.OutputEdgeCount++;

    g->out[e] = (DML_OUTPUT_GRAPH_EDGE_DESC){node, output, e, NULL};
    g->out_edges[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &g->out[e]};
}

/* Crop [1:-1] of H and W, reflect padding by 2 of both: nodes at g->op_count on. */
static HRESULT crop_and_pad(IDMLDevice *device, struct bench_graph *g, const struct bench_op *op,
                            const uint32_t *s)
{
    const uint32_t crop[4] = {s[0], s[1], s[2] - 2, s[3] - 2};
    HRESULT hr = slice(device, g, op, s, NULL, (const uint32_t[]){0, 0, 1, 1}, crop,
                       (const int32_t[]){1, 1, 1, 1});

    return SUCCEEDED(hr) ? pad(device, g, op, crop, DML_PADDING_MODE_REFLECTION, 2) : hr;
}

static HRESULT build_slice_pad(IDMLDevice *device, const struct bench_op *op, struct bench_graph *g,
                               const uint32_t *s)
{
    HRESULT hr = crop_and_pad(device, g, op, s);

    edge_in(g, 0);
    edge(g, 0, 0, 1, 0);
    edge_out(g, 1, 0);
    return hr;
}

static HRESULT build_pad_split(IDMLDevice *device, const struct bench_op *op, struct bench_graph *g,
                               const uint32_t *s)
{
    const uint32_t padded[4] = {s[0], s[1], s[2] + 2, s[3] + 2};
    HRESULT hr = identity(device, g, op, s, true);

    if (SUCCEEDED(hr))
        hr = pad(device, g, op, s, DML_PADDING_MODE_CONSTANT, 1);
    if (SUCCEEDED(hr))
        hr = split(device, g, op, padded, 4);
    edge_in(g, 0);
    edge(g, 0, 0, 1, 0);
    edge(g, 1, 0, 2, 0);
    for (uint32_t k = 0; k < 4; ++k)
        edge_out(g, 2, k);
    return hr;
}

static HRESULT build_join_slices(IDMLDevice *device, const struct bench_op *op,
                                 struct bench_graph *g, const uint32_t *s)
{
    const uint32_t quarter[4] = {s[0], s[1], s[2], s[3] / 4};
    HRESULT hr = S_OK;

    for (uint32_t k = 0; k < 4 && SUCCEEDED(hr); ++k)
    {
        hr = slice(device, g, op, s, NULL, (const uint32_t[]){0, 0, 0, k * s[3] / 4}, quarter,
                   (const int32_t[]){1, 1, 1, 1});
        edge_in(g, k);
        edge(g, k, 0, 4, k);
    }
    if (SUCCEEDED(hr))
        hr = join(device, g, op, quarter, 4);
    edge_out(g, 4, 0);
    return hr;
}

static HRESULT build_chain(IDMLDevice *device, const struct bench_op *op, struct bench_graph *g,
                           const uint32_t *s)
{
    const uint32_t padded[4] = {s[0], s[1], s[2] + 2, s[3] + 2},
                   half[4] = {s[0], s[1] / 2, s[2] + 2, s[3] + 2};
    HRESULT hr = identity(device, g, op, s, true);

    if (SUCCEEDED(hr))
        hr = crop_and_pad(device, g, op, s);
    if (SUCCEEDED(hr))
        hr = split(device, g, op, padded, 2);
    if (SUCCEEDED(hr))
        hr = slice(device, g, op, half, NULL, (const uint32_t[]){0, 0, 0, 0}, half,
                   (const int32_t[]){1, -1, 1, 1});
    if (SUCCEEDED(hr))
        hr = slice(device, g, op, half, NULL, (const uint32_t[]){0, 0, 0, 0}, half,
                   (const int32_t[]){1, 1, 1, 1});
    if (SUCCEEDED(hr))
        hr = join(device, g, op, half, 2);
    if (SUCCEEDED(hr))
        hr = identity(device, g, op, padded, false);
    edge_in(g, 0);
    for (uint32_t n = 0; n < 3; ++n)
        edge(g, n, 0, n + 1, 0);
    edge(g, 3, 0, 4, 0);
    edge(g, 3, 1, 5, 0);
    edge(g, 4, 0, 6, 0);
    edge(g, 5, 0, 6, 1);
    edge(g, 6, 0, 7, 0);
    edge_out(g, 7, 0);
    return hr;
}

typedef HRESULT (*build_fn)(IDMLDevice *device, const struct bench_op *op, struct bench_graph *g,
                            const uint32_t *s);

HRESULT bench_graph_build(IDMLDevice *device, const struct bench_op *op, struct bench_graph *g)
{
    static const build_fn builds[KIND_COUNT] = {build_slice_pad, build_pad_split, build_join_slices,
                                                build_chain};
    uint32_t s[4];
    HRESULT hr;

    memset(g, 0, sizeof(*g));
    shape_of(op, s);
    hr = builds[op->graph - 1](device, op, g, s);
    g->desc.InputCount = 1;
    g->desc.OutputCount = g->desc.OutputEdgeCount;
    g->desc.NodeCount = g->op_count;
    g->desc.Nodes = g->nodes;
    g->desc.InputEdges = g->in_edges;
    g->desc.OutputEdges = g->out_edges;
    g->desc.IntermediateEdges = g->desc.IntermediateEdgeCount ? g->mid_edges : NULL;
    if (FAILED(hr))
        bench_graph_release(g);
    return hr;
}

void bench_graph_release(struct bench_graph *g)
{
    for (uint32_t n = 0; n < g->op_count; ++n)
        IDMLOperator_Release(g->ops[n]);
    memset(g, 0, sizeof(*g));
}

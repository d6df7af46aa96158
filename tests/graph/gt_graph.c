#include "gt_graph.h"

#include <string.h>

void gt_init(struct gt_graph *g, UINT input_count, UINT output_count)
{
    memset(g, 0, sizeof(*g));
    g->desc.InputCount = input_count;
    g->desc.OutputCount = output_count;
}

UINT gt_op(struct gt_graph *g, IDMLOperator *op, const char *name)
{
    UINT n = g->desc.NodeCount++;

    g->ops[n].Operator = op;
    g->ops[n].Name = name;
    g->nodes[n].Type = DML_GRAPH_NODE_TYPE_OPERATOR;
    g->nodes[n].Desc = &g->ops[n];
    return n;
}

UINT gt_const(struct gt_graph *g, const void *data, size_t size, const char *name)
{
    UINT n = g->desc.NodeCount++;

    g->consts[n].Data = data;
    g->consts[n].DataSize = size;
    g->consts[n].Name = name;
    g->nodes[n].Type = DML_GRAPH_NODE_TYPE_CONSTANT;
    g->nodes[n].Desc = &g->consts[n];
    return n;
}

UINT gt_in(struct gt_graph *g, UINT graph_input, UINT node, UINT node_input)
{
    UINT e = g->desc.InputEdgeCount++;

    g->in_desc[e] = (DML_INPUT_GRAPH_EDGE_DESC){graph_input, node, node_input, NULL};
    g->in[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &g->in_desc[e]};
    return e;
}

UINT gt_out(struct gt_graph *g, UINT node, UINT node_output, UINT graph_output)
{
    UINT e = g->desc.OutputEdgeCount++;

    g->out_desc[e] = (DML_OUTPUT_GRAPH_EDGE_DESC){node, node_output, graph_output, NULL};
    g->out[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &g->out_desc[e]};
    return e;
}

UINT gt_mid(struct gt_graph *g, UINT from, UINT from_output, UINT to, UINT to_input)
{
    UINT e = g->desc.IntermediateEdgeCount++;

    g->mid_desc[e] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){from, from_output, to, to_input, NULL};
    g->mid[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &g->mid_desc[e]};
    return e;
}

const DML_GRAPH_DESC *gt_desc(struct gt_graph *g)
{
    g->desc.Nodes = g->desc.NodeCount ? g->nodes : NULL;
    g->desc.InputEdges = g->desc.InputEdgeCount ? g->in : NULL;
    g->desc.OutputEdges = g->desc.OutputEdgeCount ? g->out : NULL;
    g->desc.IntermediateEdges = g->desc.IntermediateEdgeCount ? g->mid : NULL;
    return &g->desc;
}

static UINT element_size(DML_TENSOR_DATA_TYPE type)
{
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DML_TENSOR_DATA_TYPE_UINT64:
    case DML_TENSOR_DATA_TYPE_INT64:
        return 8;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_INT16:
        return 2;
    case DML_TENSOR_DATA_TYPE_UINT8:
    case DML_TENSOR_DATA_TYPE_INT8:
        return 1;
    default:
        return 4;
    }
}

struct gt_tensor
{
    UINT size;
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
};

static void tensor(struct gt_tensor *t, DML_TENSOR_DATA_TYPE type, UINT n, DML_TENSOR_FLAGS flags)
{
    UINT64 bytes = (UINT64)n * element_size(type);

    t->size = n;
    t->buffer = (DML_BUFFER_TENSOR_DESC){type, flags, 1, &t->size, NULL, (bytes + 3) & ~3ull, 0};
    t->desc = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buffer};
}

static IDMLOperator *create(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc)
{
    DML_OPERATOR_DESC op = {type, desc};
    IDMLOperator *out = NULL;

    return SUCCEEDED(IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&out))
               ? out
               : NULL;
}

static IDMLOperator *slice(IDMLDevice *device, DML_TENSOR_DATA_TYPE type, UINT n, UINT offset,
                           UINT size, DML_TENSOR_FLAGS in_flags)
{
    struct gt_tensor in, out;
    INT stride = 1;
    DML_SLICE1_OPERATOR_DESC desc = {&in.desc, &out.desc, 1, &offset, &size, &stride};

    tensor(&in, type, n, in_flags);
    tensor(&out, type, size, DML_TENSOR_FLAG_NONE);
    return create(device, DML_OPERATOR_SLICE1, &desc);
}

IDMLOperator *gt_copy(IDMLDevice *device, DML_TENSOR_DATA_TYPE type, UINT n,
                      DML_TENSOR_FLAGS in_flags)
{
    return slice(device, type, n, 0, n, in_flags);
}

IDMLOperator *gt_slice(IDMLDevice *device, DML_TENSOR_DATA_TYPE type, UINT n, UINT offset,
                       UINT size)
{
    return slice(device, type, n, offset, size, DML_TENSOR_FLAG_NONE);
}

IDMLOperator *gt_split(IDMLDevice *device, UINT count, const UINT *parts)
{
    struct gt_tensor in, out[GT_MAX];
    DML_TENSOR_DESC descs[GT_MAX];
    UINT total = 0;

    for (UINT i = 0; i < count && i < GT_MAX; ++i)
    {
        tensor(&out[i], DML_TENSOR_DATA_TYPE_FLOAT32, parts[i], DML_TENSOR_FLAG_NONE);
        descs[i] = out[i].desc;
        total += parts[i];
    }
    tensor(&in, DML_TENSOR_DATA_TYPE_FLOAT32, total, DML_TENSOR_FLAG_NONE);
    DML_SPLIT_OPERATOR_DESC desc = {&in.desc, count, descs, 0};
    return create(device, DML_OPERATOR_SPLIT, &desc);
}

IDMLOperator *gt_pad(IDMLDevice *device, UINT n, UINT start, UINT end)
{
    struct gt_tensor in, out;
    DML_PADDING_OPERATOR_DESC desc = {&in.desc, &out.desc, DML_PADDING_MODE_CONSTANT, 7.0f, 1,
                                      &start,   &end};

    tensor(&in, DML_TENSOR_DATA_TYPE_FLOAT32, n, DML_TENSOR_FLAG_NONE);
    tensor(&out, DML_TENSOR_DATA_TYPE_FLOAT32, n + start + end, DML_TENSOR_FLAG_NONE);
    return create(device, DML_OPERATOR_PADDING, &desc);
}

IDMLOperator *gt_slice0(IDMLDevice *device, UINT n, UINT offset, UINT size, UINT stride)
{
    struct gt_tensor in, out;
    UINT out_size = (size + stride - 1) / stride;
    DML_SLICE_OPERATOR_DESC desc = {&in.desc, &out.desc, 1, &offset, &out_size, &stride};

    tensor(&in, DML_TENSOR_DATA_TYPE_FLOAT32, n, DML_TENSOR_FLAG_NONE);
    tensor(&out, DML_TENSOR_DATA_TYPE_FLOAT32, out_size, DML_TENSOR_FLAG_NONE);
    return create(device, DML_OPERATOR_SLICE, &desc);
}

IDMLOperator *gt_pad1(IDMLDevice *device, DML_PADDING_MODE mode, UINT n, UINT start, UINT end)
{
    struct gt_tensor in, out;
    DML_SCALAR_UNION value = {.UInt16 = 0x1234};
    DML_PADDING1_OPERATOR_DESC desc = {&in.desc, &out.desc, mode,   DML_TENSOR_DATA_TYPE_UINT16,
                                       value,    1,         &start, &end};

    tensor(&in, DML_TENSOR_DATA_TYPE_UINT16, n, DML_TENSOR_FLAG_NONE);
    tensor(&out, DML_TENSOR_DATA_TYPE_UINT16, n + start + end, DML_TENSOR_FLAG_NONE);
    return create(device, DML_OPERATOR_PADDING1, &desc);
}

IDMLOperator *gt_identity(IDMLDevice *device, UINT n)
{
    struct gt_tensor in, out;
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {&in.desc, &out.desc, NULL};

    tensor(&in, DML_TENSOR_DATA_TYPE_FLOAT32, n, DML_TENSOR_FLAG_NONE);
    tensor(&out, DML_TENSOR_DATA_TYPE_FLOAT32, n, DML_TENSOR_FLAG_NONE);
    return create(device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc);
}

IDMLOperator *gt_join(IDMLDevice *device, UINT count, const UINT *parts)
{
    struct gt_tensor in[8], out;
    DML_TENSOR_DESC descs[8];
    UINT total = 0;

    for (UINT i = 0; i < count && i < 8; ++i)
    {
        tensor(&in[i], DML_TENSOR_DATA_TYPE_FLOAT32, parts[i], DML_TENSOR_FLAG_NONE);
        descs[i] = in[i].desc;
        total += parts[i];
    }
    tensor(&out, DML_TENSOR_DATA_TYPE_FLOAT32, total, DML_TENSOR_FLAG_NONE);
    DML_JOIN_OPERATOR_DESC desc = {count < 8 ? count : 8, descs, &out.desc, 0};
    return create(device, DML_OPERATOR_JOIN, &desc);
}

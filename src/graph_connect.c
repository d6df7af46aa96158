/* CompileGraph's second pass: every edge resolved to the value it carries (G-A6, G-C1..G-C4),
 * then the rules on what is connected to what (G-D1, G-E1, G-F1, G-F2, G-G2, G-H2). */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

#define UNSET UINT32_MAX

struct edge_ctx
{
    struct dml_graph_ctx *ctx;
    struct dml_graph *graph;
    const char *array; /* "InputEdges" */
    uint32_t index;
    const char *name;                    /* the edge's Name */
    char suffix[DML_GRAPH_NAME_MAX + 8]; /* the edge's name for messages, made when one is */
};

/* " (\"name\")" of the current edge: formatted only for a message (ORT names every edge). */
static const char *edge_suffix(struct edge_ctx *e)
{
    return dml_graph_name_suffix(e->name, e->suffix, sizeof(e->suffix));
}

static char *node_suffix(const struct dml_graph *graph, uint32_t n, char *buf, size_t size)
{
    return (char *)dml_graph_name_suffix(graph->nodes[n].name, buf, size);
}

static bool is_operator(const struct dml_graph *graph, uint32_t n)
{
    return n < graph->node_count && graph->nodes[n].type == DML_GRAPH_NODE_TYPE_OPERATOR;
}

/* G-A6 and G-C1 for one edge; on success *desc is its typed desc. */
static HRESULT check_edge(struct edge_ctx *e, const DML_GRAPH_EDGE_DESC *edge,
                          DML_GRAPH_EDGE_TYPE type, const void **desc)
{
    if (edge->Type != type)
        return dml_graph_reject(e->ctx, DML_RULE_G_C1_EDGE_TYPE, "%s[%u].Type is %u; allowed: %u",
                                e->array, e->index, (unsigned)edge->Type, (unsigned)type);
    if (!(*desc = edge->Desc))
        return dml_graph_reject(e->ctx, DML_RULE_G_A6_DESC_NULL, "%s[%u].Desc is NULL", e->array,
                                e->index);
    return S_OK;
}

/* Connects value to operator node n's input i: one edge per input (G-D1). */
static HRESULT connect_input(struct edge_ctx *e, uint32_t n, uint32_t i, uint32_t value)
{
    uint32_t *slot = &e->graph->input_value[e->graph->nodes[n].first_input + i];
    char node[DML_GRAPH_NAME_MAX + 8];

    if (*slot != UNSET)
        return dml_graph_reject(e->ctx, DML_RULE_G_D1_INPUT_DUPLICATE,
                                "%s[%u]%s is a second edge into Nodes[%u]%s input %u; allowed: one",
                                e->array, e->index, edge_suffix(e), n,
                                node_suffix(e->graph, n, node, sizeof(node)), i);
    *slot = value;
    return S_OK;
}

static HRESULT input_edge(struct edge_ctx *e, const DML_INPUT_GRAPH_EDGE_DESC *d)
{
    const struct dml_graph *graph = e->graph;

    e->name = d->Name;
    if (d->GraphInputIndex >= graph->input_count || !is_operator(graph, d->ToNodeIndex) ||
        d->ToNodeInputIndex >= graph->nodes[d->ToNodeIndex].input_count)
        return dml_graph_reject(
            e->ctx, DML_RULE_G_C2_INPUT_EDGE,
            "InputEdges[%u]%s: GraphInputIndex %u, ToNodeIndex %u, ToNodeInputIndex %u; allowed: "
            "GraphInputIndex < %u, ToNodeIndex an operator node < %u, ToNodeInputIndex < its "
            "input count (%u)",
            e->index, edge_suffix(e), d->GraphInputIndex, d->ToNodeIndex, d->ToNodeInputIndex,
            graph->input_count, graph->node_count,
            is_operator(graph, d->ToNodeIndex) ? graph->nodes[d->ToNodeIndex].input_count : 0);
    return connect_input(e, d->ToNodeIndex, d->ToNodeInputIndex, d->GraphInputIndex);
}

static HRESULT output_edge(struct edge_ctx *e, const DML_OUTPUT_GRAPH_EDGE_DESC *d)
{
    const struct dml_graph *graph = e->graph;
    uint32_t from = d->FromNodeIndex;

    e->name = d->Name;
    if (from >= graph->node_count || d->FromNodeOutputIndex >= graph->nodes[from].output_count ||
        d->GraphOutputIndex >= graph->output_count)
        return dml_graph_reject(
            e->ctx, DML_RULE_G_C3_OUTPUT_EDGE,
            "OutputEdges[%u]%s: FromNodeIndex %u, FromNodeOutputIndex %u, GraphOutputIndex %u; "
            "allowed: FromNodeIndex < %u, FromNodeOutputIndex < its output count (%u), "
            "GraphOutputIndex < %u",
            e->index, edge_suffix(e), from, d->FromNodeOutputIndex, d->GraphOutputIndex,
            graph->node_count, from < graph->node_count ? graph->nodes[from].output_count : 0,
            graph->output_count);
    if (graph->output_value[d->GraphOutputIndex] != UNSET)
        return dml_graph_reject(e->ctx, DML_RULE_G_H2_OUTPUT_EDGES,
                                "OutputEdges[%u]%s is a second edge into graph output %u; "
                                "allowed: one",
                                e->index, edge_suffix(e), d->GraphOutputIndex);
    graph->output_value[d->GraphOutputIndex] =
        graph->nodes[from].first_value + d->FromNodeOutputIndex;
    return S_OK;
}

/* G-E1: an edge between operators joins tensors of one byte size (the descs may differ, G-E2). */
static HRESULT check_totals(struct edge_ctx *e, const DML_INTERMEDIATE_GRAPH_EDGE_DESC *d)
{
    const struct dml_graph *graph = e->graph;
    uint64_t from, to;

    if (graph->nodes[d->FromNodeIndex].type != DML_GRAPH_NODE_TYPE_OPERATOR)
        return S_OK;
    from = dml_graph_node_output(graph, d->FromNodeIndex, d->FromNodeOutputIndex)->total_bytes;
    to = dml_graph_node_input(graph, d->ToNodeIndex, d->ToNodeInputIndex)->total_bytes;
    if (from != to)
        return dml_graph_reject(e->ctx, DML_RULE_G_E1_TOTAL_SIZE,
                                "IntermediateEdges[%u]%s: the consumer's TotalTensorSizeInBytes is "
                                "%llu; allowed: the producer's %llu",
                                e->index, edge_suffix(e), (unsigned long long)to,
                                (unsigned long long)from);
    return S_OK;
}

static HRESULT intermediate_edge(struct edge_ctx *e, const DML_INTERMEDIATE_GRAPH_EDGE_DESC *d)
{
    const struct dml_graph *graph = e->graph;
    uint32_t from = d->FromNodeIndex, to = d->ToNodeIndex;
    HRESULT hr;

    e->name = d->Name;
    if (from >= graph->node_count || d->FromNodeOutputIndex >= graph->nodes[from].output_count ||
        !is_operator(graph, to) || d->ToNodeInputIndex >= graph->nodes[to].input_count)
        return dml_graph_reject(
            e->ctx, DML_RULE_G_C4_INTERMEDIATE_EDGE,
            "IntermediateEdges[%u]%s: FromNodeIndex %u, FromNodeOutputIndex %u, ToNodeIndex %u, "
            "ToNodeInputIndex %u; allowed: node indices < %u, an operator node as target, "
            "output and input indices below the nodes' counts (%u, %u)",
            e->index, edge_suffix(e), from, d->FromNodeOutputIndex, to, d->ToNodeInputIndex,
            graph->node_count, from < graph->node_count ? graph->nodes[from].output_count : 0,
            is_operator(graph, to) ? graph->nodes[to].input_count : 0);
    if (FAILED(hr = connect_input(e, to, d->ToNodeInputIndex,
                                  graph->nodes[from].first_value + d->FromNodeOutputIndex)))
        return hr;
    return check_totals(e, d);
}

static HRESULT walk_edges(struct edge_ctx *e, const DML_GRAPH_EDGE_DESC *edges, uint32_t count,
                          DML_GRAPH_EDGE_TYPE type)
{
    static const char *const arrays[] = {NULL, "InputEdges", "OutputEdges", "IntermediateEdges"};
    const void *desc = NULL;
    HRESULT hr;

    e->array = arrays[type];
    for (e->index = 0; e->index < count; ++e->index)
    {
        if (FAILED(hr = check_edge(e, &edges[e->index], type, &desc)))
            return hr;
        hr = type == DML_GRAPH_EDGE_TYPE_INPUT    ? input_edge(e, desc)
             : type == DML_GRAPH_EDGE_TYPE_OUTPUT ? output_edge(e, desc)
                                                  : intermediate_edge(e, desc);
        if (FAILED(hr))
            return hr;
    }
    return S_OK;
}

/* G-D1 (every operator input connected) and G-H2 (every graph output). */
static HRESULT check_complete(struct dml_graph_ctx *ctx, const struct dml_graph *graph)
{
    char node[DML_GRAPH_NAME_MAX + 8];

    for (uint32_t n = 0; n < graph->node_count; ++n)
    {
        for (uint32_t i = 0; i < graph->nodes[n].input_count; ++i)
        {
            if (graph->input_value[graph->nodes[n].first_input + i] == UNSET)
                return dml_graph_reject(ctx, DML_RULE_G_D1_INPUT_UNCONNECTED,
                                        "Nodes[%u]%s input %u has no edge; allowed: one edge", n,
                                        node_suffix(graph, n, node, sizeof(node)), i);
        }
    }
    for (uint32_t j = 0; j < graph->output_count; ++j)
    {
        if (graph->output_value[j] == UNSET)
            return dml_graph_reject(ctx, DML_RULE_G_H2_OUTPUT_EDGES,
                                    "graph output %u has no output edge; allowed: one edge", j);
    }
    return S_OK;
}

/* G-F1, G-F2: OWNED_BY_DML inputs are fed by graph inputs whose consumers all carry the flag.
 * owned[i] is 0 (not seen), 1 (owned), 2 (not owned). */
static HRESULT check_owned_input(struct dml_graph_ctx *ctx, const struct dml_graph *graph,
                                 uint32_t n, uint32_t i, uint8_t *owned)
{
    uint32_t value = graph->input_value[graph->nodes[n].first_input + i];
    bool flag = dml_graph_node_input(graph, n, i)->flags & DML_TENSOR_FLAG_OWNED_BY_DML;
    char node[DML_GRAPH_NAME_MAX + 8];

    if (value >= graph->input_count)
    {
        uint32_t output, source = dml_graph_value_node(graph, value, &output);
        bool constant = graph->nodes[source].type == DML_GRAPH_NODE_TYPE_CONSTANT;

        if (flag)
            return dml_graph_reject(ctx, DML_RULE_G_F1_OWNED_EDGE,
                                    "Nodes[%u]%s input %u is OWNED_BY_DML and fed by %s; allowed: "
                                    "an input edge",
                                    n, node_suffix(graph, n, node, sizeof(node)), i,
                                    constant ? "a constant node" : "an intermediate edge");
        return S_OK;
    }
    if (owned[value] && owned[value] != (flag ? 1 : 2))
        return dml_graph_reject(ctx, DML_RULE_G_F2_OWNED_MIXED,
                                "Nodes[%u]%s input %u %s OWNED_BY_DML, another consumer of graph "
                                "input %u %s; allowed: all or none",
                                n, node_suffix(graph, n, node, sizeof(node)), i,
                                flag ? "sets" : "omits", value, flag ? "omits it" : "sets it");
    owned[value] = flag ? 1 : 2;
    return S_OK;
}

/* G-G2 (GD3): a constant's DataSize is at most its largest consumer's total. */
static HRESULT check_constants(struct dml_graph_ctx *ctx, const struct dml_graph *graph,
                               uint64_t *largest)
{
    char node[DML_GRAPH_NAME_MAX + 8];

    for (uint32_t n = 0; n < graph->node_count; ++n)
    {
        const struct dml_graph_node *c = &graph->nodes[n];
        uint64_t max = largest[c->first_value] ? largest[c->first_value] : DML_GRAPH_CONSTANT_MAX;

        if (c->type == DML_GRAPH_NODE_TYPE_CONSTANT && c->data_size > max)
            return dml_graph_reject(ctx, DML_RULE_G_G2_CONSTANT_SIZE,
                                    "Nodes[%u]%s: DataSize is %llu; allowed: 1..%llu (the largest "
                                    "consumer's TotalTensorSizeInBytes, or 2^32-1 without one)",
                                    n, node_suffix(graph, n, node, sizeof(node)),
                                    (unsigned long long)c->data_size, (unsigned long long)max);
    }
    return S_OK;
}

static HRESULT check_consumers(struct dml_graph_ctx *ctx, const struct dml_graph *graph)
{
    /* One block: the largest consumer of each value, then each graph input's ownership. */
    uint64_t *largest =
        calloc((size_t)graph->value_count + 1 + graph->input_count / 8 + 1, sizeof(*largest));
    uint8_t *owned = largest ? (uint8_t *)(largest + graph->value_count + 1) : NULL;
    HRESULT hr = largest ? S_OK : E_OUTOFMEMORY;

    for (uint32_t n = 0; SUCCEEDED(hr) && n < graph->node_count; ++n)
    {
        for (uint32_t i = 0; SUCCEEDED(hr) && i < graph->nodes[n].input_count; ++i)
        {
            uint32_t value = graph->input_value[graph->nodes[n].first_input + i];
            uint64_t total = dml_graph_node_input(graph, n, i)->total_bytes;

            if (total > largest[value])
                largest[value] = total;
            hr = check_owned_input(ctx, graph, n, i, owned);
        }
    }
    if (SUCCEEDED(hr))
        hr = check_constants(ctx, graph, largest);
    free(largest);
    return hr;
}

HRESULT dml_graph_connect(struct dml_graph_ctx *ctx, const DML_GRAPH_DESC *desc,
                          struct dml_graph *graph)
{
    struct edge_ctx e = {.ctx = ctx, .graph = graph};
    uint32_t inputs = graph->node_count ? graph->nodes[graph->node_count - 1].first_input +
                                              graph->nodes[graph->node_count - 1].input_count
                                        : 0;
    HRESULT hr;

    memset(graph->input_value, 0xff, inputs * sizeof(*graph->input_value));
    memset(graph->output_value, 0xff, graph->output_count * sizeof(*graph->output_value));
    if (FAILED(hr = walk_edges(&e, desc->InputEdges, desc->InputEdgeCount,
                               DML_GRAPH_EDGE_TYPE_INPUT)) ||
        FAILED(hr = walk_edges(&e, desc->IntermediateEdges, desc->IntermediateEdgeCount,
                               DML_GRAPH_EDGE_TYPE_INTERMEDIATE)) ||
        FAILED(hr = walk_edges(&e, desc->OutputEdges, desc->OutputEdgeCount,
                               DML_GRAPH_EDGE_TYPE_OUTPUT)) ||
        FAILED(hr = check_complete(ctx, graph)))
        return hr;
    return check_consumers(ctx, graph);
}

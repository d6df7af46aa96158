/* Nodes come in any order (GD10, G-B4): Kahn's topological sort, lowest index first among the
 * ready nodes so the order is deterministic; a node left over is on a cycle (G-C5). Then every
 * node must reach a graph output (G-D4). */
#include "graph.h"

#include <stdlib.h>

/* The node producing input i of operator node n, or UINT32_MAX for a graph input. */
static uint32_t producer(const struct dml_graph *graph, uint32_t n, uint32_t i)
{
    uint32_t value = graph->input_value[graph->nodes[n].first_input + i], output;

    return value < graph->input_count ? UINT32_MAX : dml_graph_value_node(graph, value, &output);
}

/* The consumers of each node in one block (counting sort by producer). */
struct adjacency
{
    uint32_t *first;   /* node_count + 1 offsets into next */
    uint32_t *next;    /* consumers of each node, one per input slot it feeds */
    uint32_t *waiting; /* per node: its inputs fed by nodes not yet ordered */
    uint32_t *cursor;  /* per node: where its next consumer goes, while building */
};

static HRESULT build_adjacency(const struct dml_graph *graph, struct adjacency *adj)
{
    uint64_t slots = 0, nodes = graph->node_count;
    uint32_t n, i, p;

    for (n = 0; n < graph->node_count; ++n)
        slots += graph->nodes[n].input_count;
    if (!(adj->first = calloc(3 * nodes + 1 + slots + 1, sizeof(*adj->first))))
        return E_OUTOFMEMORY;
    adj->waiting = adj->first + nodes + 1;
    adj->cursor = adj->waiting + nodes;
    adj->next = adj->cursor + nodes;
    for (n = 0; n < graph->node_count; ++n)
        for (i = 0; i < graph->nodes[n].input_count; ++i)
            if ((p = producer(graph, n, i)) != UINT32_MAX)
                ++adj->first[p + 1], ++adj->waiting[n];
    for (n = 0; n < graph->node_count; ++n)
    {
        adj->first[n + 1] += adj->first[n];
        adj->cursor[n] = adj->first[n];
    }
    for (n = 0; n < graph->node_count; ++n)
        for (i = 0; i < graph->nodes[n].input_count; ++i)
            if ((p = producer(graph, n, i)) != UINT32_MAX)
                adj->next[adj->cursor[p]++] = n;
    return S_OK;
}

/* A node on a cycle: from an unsorted node, follow unsorted producers node_count times. */
static uint32_t cycle_node(const struct dml_graph *graph, const uint32_t *waiting)
{
    uint32_t n = 0;

    while (!waiting[n])
        ++n;
    for (uint32_t step = 0; step < graph->node_count; ++step)
    {
        for (uint32_t i = 0, p; i < graph->nodes[n].input_count; ++i)
        {
            if ((p = producer(graph, n, i)) != UINT32_MAX && waiting[p])
            {
                n = p;
                break;
            }
        }
    }
    return n;
}

static HRESULT kahn(struct dml_graph_ctx *ctx, struct dml_graph *graph, struct adjacency *adj)
{
    uint32_t head = 0, tail = 0;
    char name[DML_GRAPH_NAME_MAX + 8];

    for (uint32_t n = 0; n < graph->node_count; ++n)
        if (!adj->waiting[n])
            graph->order[tail++] = n;
    while (head < tail)
    {
        uint32_t n = graph->order[head++];
        for (uint32_t k = adj->first[n]; k < adj->first[n + 1]; ++k)
            if (!--adj->waiting[adj->next[k]])
                graph->order[tail++] = adj->next[k];
    }
    if (tail == graph->node_count)
        return S_OK;
    uint32_t n = cycle_node(graph, adj->waiting);
    return dml_graph_reject(ctx, DML_RULE_G_C5_CYCLE,
                            "Nodes[%u]%s is on a cycle (%u of %u nodes cannot be ordered); "
                            "allowed: a directed acyclic graph",
                            n, dml_graph_name_suffix(graph->nodes[n].name, name, sizeof(name)),
                            graph->node_count - tail, graph->node_count);
}

/* G-D4: walking the order backwards, a node is live when a graph output or a live node reads it. */
static HRESULT check_live(struct dml_graph_ctx *ctx, const struct dml_graph *graph)
{
    bool *live = calloc(graph->node_count, sizeof(*live));
    char name[DML_GRAPH_NAME_MAX + 8];
    uint32_t output, dead = UINT32_MAX;

    if (!live)
        return E_OUTOFMEMORY;
    for (uint32_t j = 0; j < graph->output_count; ++j)
        live[dml_graph_value_node(graph, graph->output_value[j], &output)] = true;
    for (uint32_t k = graph->node_count; k-- > 0;)
    {
        uint32_t n = graph->order[k], p;
        for (uint32_t i = 0; live[n] && i < graph->nodes[n].input_count; ++i)
            if ((p = producer(graph, n, i)) != UINT32_MAX)
                live[p] = true;
    }
    for (uint32_t n = 0; n < graph->node_count && dead == UINT32_MAX; ++n)
        if (!live[n])
            dead = n;
    free(live);
    if (dead == UINT32_MAX)
        return S_OK;
    return dml_graph_reject(
        ctx, DML_RULE_G_D4_DEAD_NODE,
        "Nodes[%u]%s reaches no graph output; allowed: every node feeds a graph "
        "output through its edges",
        dead, dml_graph_name_suffix(graph->nodes[dead].name, name, sizeof(name)));
}

HRESULT dml_graph_sort(struct dml_graph_ctx *ctx, struct dml_graph *graph)
{
    struct adjacency adj = {0};
    HRESULT hr;

    if (SUCCEEDED(hr = build_adjacency(graph, &adj)))
        hr = kahn(ctx, graph, &adj);
    free(adj.first); /* the block */
    return FAILED(hr) ? hr : check_live(ctx, graph);
}

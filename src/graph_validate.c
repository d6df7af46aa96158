/* CompileGraph's first pass: the top-level rules (G-A) and the nodes (G-B), copied into a
 * struct dml_graph; then the edges (graph_connect.c) and the order (graph_sort.c). */
#include "graph.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "feature_level.h"

static const DML_EXECUTION_FLAGS valid_flags = DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
                                               DML_EXECUTION_FLAG_DISABLE_META_COMMANDS |
                                               DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;

HRESULT dml_graph_reject(struct dml_graph_ctx *ctx, enum dml_rule rule, const char *fmt, ...)
{
    const struct dml_rule_info *info = dml_rule_info(rule);
    char detail[768];
    va_list args;

    ctx->rejected = rule;
    if (!ctx->debug)
        return E_INVALIDARG;
    va_start(args, fmt);
    vsnprintf(detail, sizeof(detail), fmt, args);
    va_end(args);
    dml_diag_print(true, "IDMLDevice1::CompileGraph: rule %s %s: %s", info->short_name, info->title,
                   detail);
    return E_INVALIDARG;
}

/* strnlen is POSIX, not C11. Reads no byte past the first NUL or the limit. */
static size_t name_length(const char *name)
{
    size_t len = 0;

    while (name && len < DML_GRAPH_NAME_MAX && name[len])
        ++len;
    return len;
}

const char *dml_graph_name_suffix(const char *name, char *buf, size_t size)
{
    size_t len = name_length(name);

    buf[0] = 0;
    if (len)
        snprintf(buf, size, " (\"%.*s\")", (int)len, name);
    return buf;
}

static HRESULT check_top(struct dml_graph_ctx *ctx, const DML_GRAPH_DESC *desc,
                         DML_EXECUTION_FLAGS flags)
{
    if (!desc)
        return dml_graph_reject(ctx, DML_RULE_G_A1_DESC_NULL, "desc is NULL; allowed: a graph");
    if (flags & ~valid_flags)
        return dml_graph_reject(ctx, DML_RULE_G_A2_FLAGS, "flags is 0x%x; allowed: bits of 0x%x",
                                (unsigned)flags, (unsigned)valid_flags);
    if (desc->InputCount > DML_GRAPH_COUNT_MAX || desc->OutputCount > DML_GRAPH_COUNT_MAX ||
        desc->NodeCount > DML_GRAPH_COUNT_MAX)
        return dml_graph_reject(ctx, DML_RULE_G_A7_COUNT_LIMIT,
                                "InputCount %u, OutputCount %u, NodeCount %u; allowed: <= %u each",
                                desc->InputCount, desc->OutputCount, desc->NodeCount,
                                DML_GRAPH_COUNT_MAX);
    if (!desc->NodeCount || !desc->OutputCount)
        return dml_graph_reject(ctx, DML_RULE_G_A5_COUNT,
                                "NodeCount is %u, OutputCount %u; "
                                "allowed: >= 1 each",
                                desc->NodeCount, desc->OutputCount);
    return S_OK;
}

static HRESULT check_arrays(struct dml_graph_ctx *ctx, const DML_GRAPH_DESC *desc)
{
    const struct
    {
        const char *name;
        UINT count;
        const void *array;
    } arrays[] = {
        {"Nodes", desc->NodeCount, desc->Nodes},
        {"InputEdges", desc->InputEdgeCount, desc->InputEdges},
        {"OutputEdges", desc->OutputEdgeCount, desc->OutputEdges},
        {"IntermediateEdges", desc->IntermediateEdgeCount, desc->IntermediateEdges},
    };

    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); ++i)
    {
        if (arrays[i].count && !arrays[i].array)
            return dml_graph_reject(ctx, DML_RULE_G_A4_ARRAY_NULL,
                                    "%s is NULL with %sCount %u; allowed: an array of %u",
                                    arrays[i].name, arrays[i].name, arrays[i].count,
                                    arrays[i].count);
    }
    return S_OK;
}

static HRESULT node_operator(struct dml_graph_ctx *ctx, uint32_t n,
                             const DML_OPERATOR_GRAPH_NODE_DESC *d, struct dml_graph_node *node)
{
    struct dml_operator *op = dml_operator_from_iface(d->Operator);
    char suffix[DML_GRAPH_NAME_MAX + 8];

    if (!op || op->child.device != ctx->device)
        return dml_graph_reject(
            ctx, DML_RULE_G_B2_OPERATOR,
            "Nodes[%u]%s.Operator is %s; allowed: an IDMLOperator of this device", n,
            dml_graph_name_suffix(node->name, suffix, sizeof(suffix)),
            !d->Operator ? "NULL"
            : !op        ? "not an IDMLOperator of libdmlops"
                         : "an operator of another device");
    op->IDMLOperator_iface.lpVtbl->AddRef(&op->IDMLOperator_iface);
    node->op = op;
    node->input_count = op->def.input_count;
    node->output_count = op->def.output_count;
    return S_OK;
}

static HRESULT node_constant(struct dml_graph_ctx *ctx, uint32_t n,
                             const DML_CONSTANT_DATA_GRAPH_NODE_DESC *d,
                             struct dml_graph_node *node)
{
    char suffix[DML_GRAPH_NAME_MAX + 8];

    if (ctx->feature_level < DML_FEATURE_LEVEL_6_2)
        return dml_graph_reject(ctx, DML_RULE_G_B3_CONSTANT_FL,
                                "Nodes[%u]%s is a CONSTANT node at %s; allowed from %s", n,
                                dml_graph_name_suffix(node->name, suffix, sizeof(suffix)),
                                dml_feature_level_name(ctx->feature_level),
                                dml_feature_level_name(DML_FEATURE_LEVEL_6_2));
    if (!d->DataSize || !d->Data)
        return dml_graph_reject(ctx, DML_RULE_G_B3_CONSTANT_DATA,
                                "Nodes[%u]%s: DataSize is %zu, Data %s; allowed: DataSize >= 1 "
                                "and Data non-null",
                                n, dml_graph_name_suffix(node->name, suffix, sizeof(suffix)),
                                (size_t)d->DataSize, d->Data ? "set" : "NULL");
    node->source = d->Data; /* copied once G-G2 has bounded DataSize (copy_constants) */
    node->data_size = d->DataSize;
    node->output_count = 1;
    return S_OK;
}

static HRESULT check_node(struct dml_graph_ctx *ctx, const DML_GRAPH_NODE_DESC *in, uint32_t n,
                          struct dml_graph_node *node)
{
    if (in->Type != DML_GRAPH_NODE_TYPE_OPERATOR && in->Type != DML_GRAPH_NODE_TYPE_CONSTANT)
        return dml_graph_reject(ctx, DML_RULE_G_B1_NODE_TYPE,
                                "Nodes[%u].Type is %u; allowed: OPERATOR (1), CONSTANT (2)", n,
                                (unsigned)in->Type);
    if (!in->Desc)
        return dml_graph_reject(ctx, DML_RULE_G_A6_DESC_NULL, "Nodes[%u].Desc is NULL", n);
    node->type = in->Type;
    if (in->Type == DML_GRAPH_NODE_TYPE_OPERATOR)
    {
        node->name = ((const DML_OPERATOR_GRAPH_NODE_DESC *)in->Desc)->Name;
        return node_operator(ctx, n, in->Desc, node);
    }
    node->name = ((const DML_CONSTANT_DATA_GRAPH_NODE_DESC *)in->Desc)->Name;
    return node_constant(ctx, n, in->Desc, node);
}

/* The per-input, per-output, order and per-value arrays of graph, in one allocation. */
static HRESULT alloc_arrays(struct dml_graph *graph, uint64_t inputs)
{
    uint64_t node_values = graph->value_count - graph->input_count;
    uint64_t total = inputs + graph->output_count + graph->node_count + node_values + 1;
    uint32_t *block = total <= SIZE_MAX / sizeof(uint32_t) ? malloc(total * sizeof(*block)) : NULL;

    if (!block)
        return E_OUTOFMEMORY;
    graph->input_value = block;
    graph->output_value = graph->input_value + inputs;
    graph->order = graph->output_value + graph->output_count;
    graph->value_node = graph->order + graph->node_count;
    for (uint32_t n = 0; n < graph->node_count; ++n)
    {
        const struct dml_graph_node *node = &graph->nodes[n];

        for (uint32_t k = 0; k < node->output_count; ++k)
            graph->value_node[node->first_value - graph->input_count + k] = n;
    }
    return S_OK;
}

/* Nodes, then the per-input and per-value numbering. */
static HRESULT copy_nodes(struct dml_graph_ctx *ctx, const DML_GRAPH_DESC *desc,
                          struct dml_graph *graph)
{
    uint64_t inputs = 0, values = desc->InputCount;
    HRESULT hr;

    if (!(graph->nodes = calloc(desc->NodeCount, sizeof(*graph->nodes))))
        return E_OUTOFMEMORY;
    graph->node_count = desc->NodeCount;
    for (uint32_t n = 0; n < desc->NodeCount; ++n)
    {
        struct dml_graph_node *node = &graph->nodes[n];

        if (FAILED(hr = check_node(ctx, &desc->Nodes[n], n, node)))
            return hr;
        node->first_input = (uint32_t)inputs;
        node->first_value = (uint32_t)values;
        inputs += node->input_count;
        values += node->output_count;
        /* Values and the tensors made of them (values + outputs + 1) are counted in 32 bits. */
        if (inputs > UINT32_MAX || values >= UINT32_MAX - DML_GRAPH_COUNT_MAX)
            return E_OUTOFMEMORY;
    }
    graph->value_count = (uint32_t)values;
    return alloc_arrays(graph, inputs);
}

/* G-B6: the caller's memory dies after the call (its names too: GD9). */
static HRESULT copy_constants(struct dml_graph *graph)
{
    for (uint32_t n = 0; n < graph->node_count; ++n)
    {
        struct dml_graph_node *node = &graph->nodes[n];

        node->name = NULL;
        if (node->type != DML_GRAPH_NODE_TYPE_CONSTANT)
            continue;
        if (!(node->data = malloc(node->data_size)))
            return E_OUTOFMEMORY;
        memcpy(node->data, node->source, node->data_size);
        node->source = NULL;
    }
    return S_OK;
}

HRESULT dml_graph_validate(struct dml_graph_ctx *ctx, const DML_GRAPH_DESC *desc,
                           DML_EXECUTION_FLAGS flags, struct dml_graph *graph)
{
    HRESULT hr;

    memset(graph, 0, sizeof(*graph));
    ctx->rejected = DML_RULE_NONE;
    if (FAILED(hr = check_top(ctx, desc, flags)) || FAILED(hr = check_arrays(ctx, desc)))
        return hr;
    graph->input_count = desc->InputCount;
    graph->output_count = desc->OutputCount;
    if (FAILED(hr = copy_nodes(ctx, desc, graph)) ||
        FAILED(hr = dml_graph_connect(ctx, desc, graph)) ||
        FAILED(hr = dml_graph_sort(ctx, graph)) || FAILED(hr = copy_constants(graph)))
        dml_graph_cleanup(graph);
    return hr;
}

void dml_graph_cleanup(struct dml_graph *graph)
{
    for (uint32_t n = 0; graph->nodes && n < graph->node_count; ++n)
    {
        struct dml_operator *op = graph->nodes[n].op;
        if (op)
            op->IDMLOperator_iface.lpVtbl->Release(&op->IDMLOperator_iface);
        free(graph->nodes[n].data);
    }
    free(graph->nodes);
    free(graph->input_value); /* the block of every array */
    memset(graph, 0, sizeof(*graph));
}

uint32_t dml_graph_value_node(const struct dml_graph *graph, uint32_t value, uint32_t *output)
{
    uint32_t n = graph->value_node[value - graph->input_count];

    *output = value - graph->nodes[n].first_value;
    return n;
}

const struct dml_tensor *dml_graph_node_input(const struct dml_graph *graph, uint32_t n, uint32_t i)
{
    return dml_op_input(&graph->nodes[n].op->def, i);
}

const struct dml_tensor *dml_graph_node_output(const struct dml_graph *graph, uint32_t n,
                                               uint32_t k)
{
    return dml_op_output(&graph->nodes[n].op->def, k);
}

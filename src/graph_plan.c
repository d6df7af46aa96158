/* A validated graph as tensors and steps (graph_plan.h). */
#include "graph_plan.h"

#include <stdlib.h>
#include <string.h>

struct builder
{
    const struct dml_graph *graph;
    struct dml_graph_plan *plan;
    uint32_t *value_tensor; /* per value: the tensor its consumers read */
    uint32_t *node_outputs; /* graph outputs grouped by producing node, ascending within a node */
    uint32_t *node_first; /* node n's graph outputs: node_outputs[node_first[n]..node_first[n+1]) */
    uint32_t steps_room;  /* allocated steps */
};

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static uint32_t add_tensor(struct builder *b, enum dml_graph_tensor_kind kind, uint32_t slot)
{
    struct dml_graph_tensor *t = &b->plan->tensors[b->plan->tensor_count];

    memset(t, 0, sizeof(*t));
    t->kind = kind;
    t->slot = slot;
    return b->plan->tensor_count++;
}

/* One tensor per graph input; its role follows from its consumers (G-H1). */
static void add_inputs(struct builder *b)
{
    const struct dml_graph *graph = b->graph;
    struct dml_graph_tensor *tensors = b->plan->tensors;

    for (uint32_t i = 0; i < graph->input_count; ++i)
        b->plan->input_tensor[i] = b->value_tensor[i] =
            add_tensor(b, DML_GRAPH_TENSOR_UNUSED_INPUT, i);
    for (uint32_t n = 0; n < graph->node_count; ++n)
    {
        for (uint32_t i = 0; i < graph->nodes[n].input_count; ++i)
        {
            uint32_t value = graph->input_value[graph->nodes[n].first_input + i];
            const struct dml_tensor *desc = dml_graph_node_input(graph, n, i);
            struct dml_graph_tensor *t = &tensors[value];

            if (value >= graph->input_count)
                continue;
            t->kind = desc->flags & DML_TENSOR_FLAG_OWNED_BY_DML ? DML_GRAPH_TENSOR_OWNED
                                                                 : DML_GRAPH_TENSOR_INPUT;
            t->size = max_u64(t->size, desc->min_bytes);
            t->binding_size = max_u64(t->binding_size, desc->total_bytes);
            t->alignment = (uint32_t)max_u64(t->alignment, desc->base_alignment);
        }
    }
}

/* The desc and byte count of value v's producer (a constant has no desc). */
static const struct dml_tensor *value_desc(const struct dml_graph *graph, uint32_t value,
                                           uint64_t *bytes)
{
    uint32_t k, n = dml_graph_value_node(graph, value, &k);

    if (graph->nodes[n].type == DML_GRAPH_NODE_TYPE_CONSTANT)
    {
        *bytes = graph->nodes[n].data_size;
        return NULL;
    }
    *bytes = dml_graph_node_output(graph, n, k)->total_bytes;
    return dml_graph_node_output(graph, n, k);
}

static void set_output(struct builder *b, uint32_t tensor, uint32_t value)
{
    uint64_t bytes;
    const struct dml_tensor *desc = value_desc(b->graph, value, &bytes);
    struct dml_graph_tensor *t = &b->plan->tensors[tensor];

    t->size = t->binding_size = bytes;
    t->alignment = desc ? desc->base_alignment : DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT;
}

/* A node output feeding graph outputs is written straight into the lowest of them; the others
 * get copies. Otherwise it is an intermediate (or, unconnected, scratch). Constants live in
 * persistent and are copied into any graph output they feed. */
static void add_node_values(struct builder *b, const uint64_t *largest)
{
    const struct dml_graph *graph = b->graph;

    for (uint32_t j = 0; j < graph->output_count; ++j)
    {
        uint32_t value = graph->output_value[j], t = add_tensor(b, DML_GRAPH_TENSOR_OUTPUT, j);
        uint32_t k, n = dml_graph_value_node(graph, value, &k);

        b->plan->output_tensor[j] = t;
        set_output(b, t, value);
        if (b->value_tensor[value] == UINT32_MAX &&
            graph->nodes[n].type == DML_GRAPH_NODE_TYPE_OPERATOR)
            b->value_tensor[value] = t;
    }
    for (uint32_t n = 0; n < graph->node_count; ++n)
    {
        const struct dml_graph_node *node = &graph->nodes[n];
        for (uint32_t k = 0; k < node->output_count; ++k)
        {
            uint32_t value = node->first_value + k, t;
            if (b->value_tensor[value] != UINT32_MAX)
                continue;
            if (node->type == DML_GRAPH_NODE_TYPE_CONSTANT)
            {
                t = add_tensor(b, DML_GRAPH_TENSOR_CONSTANT, 0);
                b->plan->tensors[t].data = node->data;
                b->plan->tensors[t].data_size = node->data_size;
                b->plan->tensors[t].size = max_u64(node->data_size, largest[value]);
            }
            else
            {
                t = add_tensor(b, DML_GRAPH_TENSOR_INTERMEDIATE, 0);
                b->plan->tensors[t].size = dml_graph_node_output(graph, n, k)->total_bytes;
            }
            b->value_tensor[value] = t;
        }
    }
}

static struct dml_graph_step *add_step(struct builder *b, enum dml_graph_step_kind kind,
                                       uint32_t node, uint32_t reads, uint32_t writes)
{
    struct dml_graph_step *step = &b->plan->steps[b->plan->step_count];

    memset(step, 0, sizeof(*step));
    step->kind = kind;
    step->node = node;
    step->read_count = reads;
    step->write_count = writes;
    step->reads = calloc(reads + 1, sizeof(*step->reads));
    step->writes = calloc(writes + 1, sizeof(*step->writes));
    ++b->plan->step_count;
    return step->reads && step->writes ? step : NULL;
}

static HRESULT add_operator_step(struct builder *b, uint32_t n)
{
    const struct dml_graph_node *node = &b->graph->nodes[n];
    struct dml_graph_step *step =
        add_step(b, DML_GRAPH_STEP_OPERATOR, n, node->input_count, node->output_count);

    if (!step)
        return E_OUTOFMEMORY;
    step->def = &node->op->def;
    for (uint32_t i = 0; i < node->input_count; ++i)
        step->reads[i] = b->value_tensor[b->graph->input_value[node->first_input + i]];
    for (uint32_t k = 0; k < node->output_count; ++k)
        step->writes[k] = b->value_tensor[node->first_value + k];
    return S_OK;
}

/* Copies into the graph outputs of node n's values that its step did not write itself. */
static HRESULT add_copy_steps(struct builder *b, uint32_t n)
{
    const struct dml_graph *graph = b->graph;

    for (uint32_t o = b->node_first[n]; o < b->node_first[n + 1]; ++o)
    {
        uint32_t j = b->node_outputs[o], value = graph->output_value[j];
        uint32_t out = b->plan->output_tensor[j];
        struct dml_graph_step *step;

        if (b->value_tensor[value] == out)
            continue;
        if (!(step = add_step(b, DML_GRAPH_STEP_COPY, n, 1, 1)))
            return E_OUTOFMEMORY;
        step->reads[0] = b->value_tensor[value];
        step->writes[0] = out;
        step->desc = value_desc(graph, value, &step->bytes);
        if (step->desc)
            step->bytes = 0;
    }
    return S_OK;
}

/* Counting sort of the graph outputs by producing node, so each node finds its own. */
static HRESULT group_outputs(struct builder *b)
{
    const struct dml_graph *graph = b->graph;
    uint32_t k, *cursor;

    b->node_first = calloc(graph->node_count + 1, sizeof(*b->node_first));
    b->node_outputs = calloc(graph->output_count + 1, sizeof(*b->node_outputs));
    cursor = calloc(graph->node_count + 1, sizeof(*cursor));
    if (!b->node_first || !b->node_outputs || !cursor)
    {
        free(cursor);
        return E_OUTOFMEMORY;
    }
    for (uint32_t j = 0; j < graph->output_count; ++j)
        ++b->node_first[dml_graph_value_node(graph, graph->output_value[j], &k) + 1];
    for (uint32_t n = 0; n < graph->node_count; ++n)
        cursor[n + 1] = b->node_first[n + 1] += b->node_first[n];
    for (uint32_t j = 0; j < graph->output_count; ++j)
        b->node_outputs[cursor[dml_graph_value_node(graph, graph->output_value[j], &k)]++] = j;
    free(cursor);
    return S_OK;
}

static HRESULT add_steps(struct builder *b)
{
    HRESULT hr;

    if (FAILED(hr = group_outputs(b)))
        return hr;
    for (uint32_t k = 0; k < b->graph->node_count; ++k)
    {
        uint32_t n = b->graph->order[k];
        if (b->graph->nodes[n].type == DML_GRAPH_NODE_TYPE_OPERATOR &&
            FAILED(hr = add_operator_step(b, n)))
            return hr;
        if (FAILED(hr = add_copy_steps(b, n)))
            return hr;
    }
    return S_OK;
}

static HRESULT alloc_plan(struct builder *b)
{
    const struct dml_graph *graph = b->graph;
    struct dml_graph_plan *plan = b->plan;
    uint64_t tensors = (uint64_t)graph->value_count + graph->output_count + 1;

    /* A step per operator node plus a copy per graph output at most. */
    b->steps_room = graph->node_count + graph->output_count;
    plan->input_count = graph->input_count;
    plan->output_count = graph->output_count;
    plan->tensors = calloc(tensors, sizeof(*plan->tensors));
    plan->steps = calloc(b->steps_room + 1, sizeof(*plan->steps));
    plan->input_tensor = calloc(graph->input_count + 1, sizeof(*plan->input_tensor));
    plan->output_tensor = calloc(graph->output_count + 1, sizeof(*plan->output_tensor));
    b->value_tensor = malloc((graph->value_count + 1) * sizeof(*b->value_tensor));
    if (!plan->tensors || !plan->steps || !plan->input_tensor || !plan->output_tensor ||
        !b->value_tensor)
        return E_OUTOFMEMORY;
    memset(b->value_tensor, 0xff, (graph->value_count + 1) * sizeof(*b->value_tensor));
    return S_OK;
}

/* The largest TotalTensorSizeInBytes of each value's consumers (a constant's extent, GD3). */
static uint64_t *largest_consumers(const struct dml_graph *graph)
{
    uint64_t *largest = calloc(graph->value_count + 1, sizeof(*largest));

    for (uint32_t n = 0; largest && n < graph->node_count; ++n)
        for (uint32_t i = 0; i < graph->nodes[n].input_count; ++i)
        {
            uint32_t value = graph->input_value[graph->nodes[n].first_input + i];
            largest[value] =
                max_u64(largest[value], dml_graph_node_input(graph, n, i)->total_bytes);
        }
    return largest;
}

HRESULT dml_graph_plan_build(const struct dml_graph *graph, struct dml_graph_plan *plan)
{
    struct builder b = {.graph = graph, .plan = plan};
    uint64_t *largest = NULL;
    HRESULT hr;

    memset(plan, 0, sizeof(*plan));
    if (FAILED(hr = alloc_plan(&b)) || !(largest = largest_consumers(graph)))
        hr = FAILED(hr) ? hr : E_OUTOFMEMORY;
    if (SUCCEEDED(hr))
    {
        add_inputs(&b);
        add_node_values(&b, largest);
        hr = add_steps(&b);
    }
    free(largest);
    free(b.value_tensor);
    free(b.node_outputs);
    free(b.node_first);
    if (FAILED(hr))
        dml_graph_plan_cleanup(plan);
    return hr;
}

void dml_graph_plan_cleanup(struct dml_graph_plan *plan)
{
    for (uint32_t s = 0; plan->steps && s < plan->step_count; ++s)
    {
        free(plan->steps[s].reads);
        free(plan->steps[s].writes);
    }
    free(plan->steps);
    free(plan->tensors);
    free(plan->input_tensor);
    free(plan->output_tensor);
    memset(plan, 0, sizeof(*plan));
}

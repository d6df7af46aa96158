/* The graph differential: random DAGs (gr_gen.c: every implemented operator, 1-8 dimensions,
 * permuted, gapped and broadcast strides, element sizes 1-8, reinterpreting edges, edge-less and
 * owned inputs, constants) compiled as one graph through CompileGraph and compared byte for byte
 * with the same nodes run one by one as compiled operators, in one submission per graph on the
 * application's own Vulkan device (the test records the barriers between the operators, as a
 * DirectML application does). Graph outputs are bound between poisoned guard bytes; every byte of
 * the arena outside the bytes the graph's outputs' elements occupy (an output of 3 UINT8 is bound
 * as 4 bytes: the fourth must keep its poison), the reference values and the resources must come
 * back as uploaded. Every other graph is compiled twice and the second compile, the one
 * CompileGraph's cache answers (graph_cache.h), is the one run. The counts of what the graphs held are printed, and a run of 300 or more
 * operator nodes fails when an operator or a counted feature never appeared.
 *   DMLOPS_TEST_SCALE=<p>  run p percent of the usual number of graphs (a larger run on a GPU)
 *   DMLOPS_TEST_SEED=<n>   first seed (graph i uses seed n + i) */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dmlops.h>

#include "app_vk.h"
#include "dml_util.h"
#include "gr_gen.h"

/* Under a sanitizer every graph costs several times more: a fifth of them there. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GRAPHS 1000u
#else
#define GRAPHS 5000u
#endif
#define ARENA (1u << 22)
#define GUARD 256u

static struct app_vk vk;
static uint8_t image[ARENA], result[ARENA], may_change[ARENA];
static uint8_t in_image[1u << 16],
    in_result[1u << 16]; /* graph inputs: their own buffer, since an
                             initializer's inputs never share one with its outputs */

struct arena
{
    uint64_t used;
};

static uint64_t take(struct arena *a, uint64_t bytes)
{
    uint64_t at = a->used;

    a->used = (a->used + bytes + 255) & ~255ull;
    if (a->used > ARENA)
    {
        fprintf(stderr, "graph_random: arena too small\n");
        exit(1);
    }
    return at;
}

/* Where each part of one graph's run lives in the arena. */
struct layout
{
    uint64_t value[GR_MAX_VALUES];      /* inputs and the reference's values */
    uint64_t out[GR_MAX_OUTPUTS];       /* the graph's outputs (GUARD poisoned bytes each side) */
    uint64_t out_bytes[GR_MAX_OUTPUTS]; /* the bytes written into graph output j */
    uint64_t out_bound[GR_MAX_OUTPUTS]; /* its binding's SizeInBytes (the producer's Total) */
    uint64_t persistent[GR_MAX_NODES + GR_MAX_OUTPUTS], temporary, graph_persistent,
        graph_temporary;
    uint64_t inputs_used;
};

struct run
{
    IDMLDevice *device;
    IDMLCommandRecorder *recorder;
    ID3D12Resource *buffer, *inputs;
    struct gr_rng rng;
    unsigned failures, compared_bytes;
    unsigned nodes, constants, repeated_outputs, unread_outputs; /* what the graphs held */
    unsigned types[256];                                         /* operator nodes per type */
    unsigned stats[GR_STAT_COUNT];
    bool float64; /* the device ran CAST and ScaleBias (app_vk_want_float64) */
};

static void changes(uint64_t at, uint64_t bytes)
{
    memset(may_change + at, 1, bytes);
}

static DML_BINDING_DESC buffer_desc(DML_BUFFER_BINDING *b, ID3D12Resource *buffer, uint64_t at,
                                    uint64_t bytes)
{
    *b = (DML_BUFFER_BINDING){buffer, at, bytes};
    return (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, b};
}

/* Unbound, as GD2 allows: NONE or a BUFFER binding with a null buffer. */
static DML_BINDING_DESC none(struct run *r, DML_BUFFER_BINDING *b)
{
    if (gr_next(&r->rng, 2))
        return (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    return buffer_desc(b, NULL, 0, 0);
}

static uint64_t value_bytes(const struct gr_value *v)
{
    return v->bytes;
}

/* Places everything and writes the image: poison, inputs, the reference's constants. */
static void place(struct run *r, const struct gr_graph *g, const uint64_t *ref_persistent,
                  uint64_t ref_temporary, DML_BINDING_PROPERTIES gp, struct layout *l,
                  uint64_t *used)
{
    struct arena a = {0}, in = {0};

    for (uint32_t v = 0; v < g->value_count; ++v)
        l->value[v] = take(g->values[v].kind == GR_INPUT ? &in : &a, value_bytes(&g->values[v]));
    l->inputs_used = in.used;
    for (uint32_t j = 0; j < g->output_count; ++j)
    {
        const struct gr_value *v = &g->values[g->outputs[j]];

        l->out_bytes[j] = v->kind == GR_CONSTANT ? v->data_size : v->written;
        l->out_bound[j] = v->kind == GR_CONSTANT ? v->data_size : v->bytes;
        l->out[j] = take(&a, l->out_bound[j] + 2 * GUARD) + GUARD;
    }
    for (uint32_t n = 0; n < g->node_count; ++n)
        l->persistent[n] = ref_persistent[n] ? take(&a, ref_persistent[n]) : 0;
    l->temporary = ref_temporary ? take(&a, ref_temporary) : 0;
    l->graph_persistent = gp.PersistentResourceSize ? take(&a, gp.PersistentResourceSize) : 0;
    l->graph_temporary = gp.TemporaryResourceSize ? take(&a, gp.TemporaryResourceSize) : 0;
    *used = a.used;
    for (uint64_t i = 0; i < a.used; ++i)
        image[i] = (uint8_t)gr_next(&r->rng, 256);
    memset(may_change, 0, a.used);
    for (uint32_t v = 0; v < g->value_count; ++v)
    {
        const struct gr_value *value = &g->values[v];

        if (value->kind == GR_INPUT)
            memcpy(in_image + l->value[v], value->data, value->bytes);
        else if (value->kind == GR_CONSTANT) /* the reference reads it zero-padded (GD3) */
        {
            memset(image + l->value[v], 0, value->bytes);
            memcpy(image + l->value[v], value->data, value->data_size);
        }
        else
            changes(l->value[v], value->bytes);
    }
    for (uint32_t j = 0; j < g->output_count; ++j)
        changes(l->out[j], l->out_bytes[j]);
    for (uint32_t n = 0; n < g->node_count; ++n)
        changes(l->persistent[n], ref_persistent[n]);
    changes(l->temporary, ref_temporary);
    changes(l->graph_persistent, gp.PersistentResourceSize);
    changes(l->graph_temporary, gp.TemporaryResourceSize);
}

static IDMLBindingTable *table(struct run *r, IDMLDispatchable *d)
{
    IDMLBindingTable *t = NULL;

    if (FAILED(dml_util_table(r->device, d, &t)))
        exit(1);
    return t;
}

static void bind_resources(IDMLBindingTable *t, ID3D12Resource *buffer, uint64_t temporary_at,
                           uint64_t temporary, uint64_t persistent_at, uint64_t persistent,
                           bool execution)
{
    DML_BUFFER_BINDING b[2];
    DML_BINDING_DESC d;

    if (temporary)
    {
        d = buffer_desc(&b[0], buffer, temporary_at, temporary);
        IDMLBindingTable_BindTemporaryResource(t, &d);
    }
    if (persistent && execution)
    {
        d = buffer_desc(&b[1], buffer, persistent_at, persistent);
        IDMLBindingTable_BindPersistentResource(t, &d);
    }
}

/* The reference's initializer: one BUFFER_ARRAY per operator (owned inputs bound), its
 * persistent resource as output. */
static IDMLBindingTable *reference_init(struct run *r, const struct gr_graph *g,
                                        IDMLCompiledOperator **ops, uint32_t count,
                                        IDMLOperatorInitializer *init, const struct layout *l,
                                        const uint64_t *persistent)
{
    static DML_BUFFER_BINDING inputs[GR_MAX_NODES + GR_MAX_OUTPUTS][GR_MAX_NODE_IO];
    static DML_BUFFER_BINDING outputs[GR_MAX_NODES + GR_MAX_OUTPUTS];
    DML_BUFFER_ARRAY_BINDING arrays[GR_MAX_NODES + GR_MAX_OUTPUTS];
    DML_BINDING_DESC in_descs[GR_MAX_NODES + GR_MAX_OUTPUTS],
        out_descs[GR_MAX_NODES + GR_MAX_OUTPUTS];
    IDMLBindingTable *t = table(r, (IDMLDispatchable *)init);
    DML_BINDING_PROPERTIES p = IDMLOperatorInitializer_GetBindingProperties(init);
    uint32_t c = 0;

    for (uint32_t n = 0; n < g->node_count; ++n)
    {
        const struct gr_node *node = &g->nodes[n];

        if (node->constant)
            continue;
        for (uint32_t i = 0; i < node->input_count + node->absent_inputs; ++i)
        {
            const struct gr_value *v = &g->values[node->inputs[i]];

            inputs[c][i] = (DML_BUFFER_BINDING){NULL, 0, 0};
            if (i < node->input_count && v->kind == GR_INPUT && v->owned)
                inputs[c][i] = (DML_BUFFER_BINDING){r->inputs, l->value[node->inputs[i]], v->bytes};
        }
        arrays[c] = (DML_BUFFER_ARRAY_BINDING){node->input_count + node->absent_inputs, inputs[c]};
        in_descs[c] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER_ARRAY, &arrays[c]};
        out_descs[c] = persistent[n]
                           ? buffer_desc(&outputs[c], r->buffer, l->persistent[n], persistent[n])
                           : (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
        ++c;
    }
    (void)ops;
    IDMLBindingTable_BindInputs(t, count, in_descs);
    IDMLBindingTable_BindOutputs(t, count, out_descs);
    bind_resources(t, r->buffer, l->temporary, p.TemporaryResourceSize, 0, 0, false);
    return t;
}

/* Node n run alone: its inputs at the values' places (owned ones unbound), its outputs at its
 * values' places. */
static IDMLBindingTable *reference_exec(struct run *r, const struct gr_graph *g, uint32_t n,
                                        IDMLCompiledOperator *op, const struct layout *l,
                                        const uint64_t *persistent)
{
    const struct gr_node *node = &g->nodes[n];
    DML_BUFFER_BINDING ib[GR_MAX_NODE_IO], ob[GR_MAX_NODE_IO];
    DML_BINDING_DESC in[GR_MAX_NODE_IO], out[GR_MAX_NODE_IO];
    IDMLBindingTable *t = table(r, (IDMLDispatchable *)op);
    DML_BINDING_PROPERTIES p = IDMLCompiledOperator_GetBindingProperties(op);

    for (uint32_t i = 0; i < node->input_count; ++i)
    {
        const struct gr_value *v = &g->values[node->inputs[i]];

        in[i] = v->kind == GR_INPUT && v->owned
                    ? none(r, &ib[i])
                    : buffer_desc(&ib[i], v->kind == GR_INPUT ? r->inputs : r->buffer,
                                  l->value[node->inputs[i]], v->bytes);
    }
    for (uint32_t i = node->input_count; i < node->input_count + node->absent_inputs; ++i)
        in[i] = none(r, &ib[i]);
    for (uint32_t k = 0; k < node->output_count; ++k)
        out[k] = buffer_desc(&ob[k], r->buffer, l->value[node->outputs[k]],
                             g->values[node->outputs[k]].bytes);
    IDMLBindingTable_BindInputs(t, node->input_count + node->absent_inputs, in);
    IDMLBindingTable_BindOutputs(t, node->output_count, out);
    bind_resources(t, r->buffer, l->temporary, p.TemporaryResourceSize, l->persistent[n],
                   persistent[n], true);
    return t;
}

/* The graph: inputs InputCount long (owned and edge-less ones unbound), outputs OutputCount
 * long between guards; its initializer with one BUFFER_ARRAY of InputCount entries. */
static void graph_tables(struct run *r, const struct gr_graph *g, IDMLCompiledOperator *graph,
                         IDMLOperatorInitializer *init, const struct layout *l,
                         IDMLBindingTable **init_table, IDMLBindingTable **exec_table)
{
    DML_BUFFER_BINDING ib[GR_MAX_INPUTS], init_ib[GR_MAX_INPUTS], ob[GR_MAX_OUTPUTS], pb;
    DML_BINDING_DESC in[GR_MAX_INPUTS], out[GR_MAX_OUTPUTS], d;
    DML_BUFFER_ARRAY_BINDING array = {g->input_count, init_ib};
    DML_BINDING_PROPERTIES gp = IDMLCompiledOperator_GetBindingProperties(graph);
    DML_BINDING_PROPERTIES ip = IDMLOperatorInitializer_GetBindingProperties(init);
    bool used[GR_MAX_INPUTS] = {0};

    for (uint32_t v = 0; v < g->value_count; ++v)
        if (g->values[v].kind == GR_INPUT)
            used[g->values[v].index] |= g->values[v].consumed;
    *init_table = table(r, (IDMLDispatchable *)init);
    *exec_table = table(r, (IDMLDispatchable *)graph);
    for (uint32_t i = 0; i < g->input_count; ++i)
    {
        const struct gr_value *v = &g->values[i]; /* graph input i is value i */
        bool owned = v->owned && used[i];

        init_ib[i] = owned ? (DML_BUFFER_BINDING){r->inputs, l->value[i], v->bytes}
                           : (DML_BUFFER_BINDING){NULL, 0, 0};
        in[i] = owned || !used[i] ? none(r, &ib[i])
                                  : buffer_desc(&ib[i], r->inputs, l->value[i], v->bytes);
    }
    d = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    IDMLBindingTable_BindInputs(*init_table, 1, &d);
    d = gp.PersistentResourceSize
            ? buffer_desc(&pb, r->buffer, l->graph_persistent, gp.PersistentResourceSize)
            : (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    IDMLBindingTable_BindOutputs(*init_table, 1, &d);
    bind_resources(*init_table, r->buffer, l->graph_temporary, ip.TemporaryResourceSize, 0, 0,
                   false);
    for (uint32_t j = 0; j < g->output_count; ++j)
        out[j] = buffer_desc(&ob[j], r->buffer, l->out[j], l->out_bound[j]);
    IDMLBindingTable_BindInputs(*exec_table, g->input_count, in);
    IDMLBindingTable_BindOutputs(*exec_table, g->output_count, out);
    bind_resources(*exec_table, r->buffer, l->graph_temporary, gp.TemporaryResourceSize,
                   l->graph_persistent, gp.PersistentResourceSize, true);
}

static void record(struct run *r, VkCommandBuffer cmd, IDMLDispatchable *d, IDMLBindingTable *t)
{
    IDMLCommandRecorder_RecordDispatch(r->recorder, (ID3D12CommandList *)cmd, d, t);
    app_barrier_compute_to_compute(cmd);
}

static DML_EXECUTION_FLAGS flags(struct run *r)
{
    return gr_next(&r->rng, 2) ? DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE : DML_EXECUTION_FLAG_NONE;
}

static bool compare(struct run *r, const struct gr_graph *g, const struct layout *l, uint64_t used,
                    unsigned seed)
{
    for (uint32_t j = 0; j < g->output_count; ++j)
    {
        const struct gr_value *v = &g->values[g->outputs[j]];
        const uint8_t *want = v->kind == GR_CONSTANT ? v->data : result + l->value[g->outputs[j]];

        if (memcmp(result + l->out[j], want, l->out_bytes[j]))
        {
            fprintf(stderr, "graph_random: seed %u: output %u (%llu bytes) differs\n", seed, j,
                    (unsigned long long)l->out_bytes[j]);
            return false;
        }
        r->compared_bytes += (unsigned)l->out_bytes[j];
    }
    if (memcmp(in_result, in_image, l->inputs_used))
    {
        fprintf(stderr, "graph_random: seed %u: an input changed\n", seed);
        return false;
    }
    for (uint64_t i = 0; i < used; ++i)
        if (!may_change[i] && result[i] != image[i])
        {
            fprintf(stderr, "graph_random: seed %u: byte %llu outside the outputs changed\n", seed,
                    (unsigned long long)i);
            return false;
        }
    return true;
}

static void count_features(struct run *r, const struct gr_graph *g)
{
    for (uint32_t n = 0; n < g->node_count; ++n)
    {
        r->nodes += !g->nodes[n].constant;
        r->constants += g->nodes[n].constant;
        if (!g->nodes[n].constant && g->nodes[n].type < sizeof(r->types) / sizeof(r->types[0]))
            ++r->types[g->nodes[n].type];
    }
    for (uint32_t s = 0; s < GR_STAT_COUNT; ++s)
        r->stats[s] += g->stats[s];
    for (uint32_t v = 0; v < g->value_count; ++v)
    {
        const struct gr_value *value = &g->values[v];
        bool out = false;

        for (uint32_t j = 0; j < g->output_count; ++j)
        {
            r->repeated_outputs += out && g->outputs[j] == v;
            out |= g->outputs[j] == v;
        }
        r->unread_outputs += value->kind == GR_NODE_OUTPUT && !value->consumed && !out;
    }
}

/* One graph: generate, compile both ways, run both in one submission, compare. */
/* Compiles desc again into *graph (releasing the first), as the cache gives it: the debug
 * device compiles anew while its output is on, so it is muted for the call. */
static HRESULT compile_again(IDMLDevice *device, IDMLDevice1 *device1, const DML_GRAPH_DESC *desc,
                             DML_EXECUTION_FLAGS flags, IDMLCompiledOperator **graph)
{
    IDMLDebugDevice *debug;
    HRESULT hr;

    IDMLCompiledOperator_Release(*graph);
    *graph = NULL;
    if (FAILED(hr = IDMLDevice_QueryInterface(device, &IID_IDMLDebugDevice, (void **)&debug)))
        return hr;
    IDMLDebugDevice_SetMuteDebugOutput(debug, TRUE);
    hr = IDMLDevice1_CompileGraph(device1, desc, flags, &IID_IDMLCompiledOperator, (void **)graph);
    IDMLDebugDevice_SetMuteDebugOutput(debug, FALSE);
    IDMLDebugDevice_Release(debug);
    return hr;
}

static bool one_graph(struct run *r, unsigned seed, uint32_t max_nodes)
{
    static struct gr_graph g;
    static struct gt_graph desc;
    static struct layout l;
    IDMLCompiledOperator *ops[GR_MAX_NODES + GR_MAX_OUTPUTS] = {0}, *graph = NULL;
    IDMLCompiledOperator *op_of[GR_MAX_NODES + GR_MAX_OUTPUTS] = {0};
    IDMLOperatorInitializer *ref_init = NULL, *graph_init = NULL;
    IDMLBindingTable *tables[GR_MAX_NODES + GR_MAX_OUTPUTS + 4] = {0};
    uint64_t persistent[GR_MAX_NODES + GR_MAX_OUTPUTS] = {0}, used;
    uint32_t count = 0, table_count = 0;
    IDMLDevice1 *device1;
    VkCommandBuffer cmd;
    bool ok;
    HRESULT hr;

    r->rng.state = seed * 0x9E3779B97F4A7C15ull + 1;
    if (!gr_generate(r->device, &r->rng, max_nodes, vk.float64, &g))
        return gr_release(&g), false;
    gr_desc(&g, &desc);
    count_features(r, &g);
    IDMLDevice_QueryInterface(r->device, &IID_IDMLDevice1, (void **)&device1);
    hr = IDMLDevice1_CompileGraph(device1, gt_desc(&desc), flags(r), &IID_IDMLCompiledOperator,
                                  (void **)&graph);
    if (SUCCEEDED(hr) && seed % 2) /* half the graphs run as CompileGraph's cache gives them */
        hr = compile_again(r->device, device1, gt_desc(&desc), flags(r), &graph);
    IDMLDevice1_Release(device1);
    for (uint32_t n = 0; SUCCEEDED(hr) && n < g.node_count; ++n)
        if (!g.nodes[n].constant)
        {
            hr = IDMLDevice_CompileOperator(r->device, g.nodes[n].op, flags(r),
                                            &IID_IDMLCompiledOperator, (void **)&ops[count]);
            op_of[n] = ops[count++];
        }
    gr_release(&g); /* the compiled objects keep what they need (G-B5) */
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateOperatorInitializer(r->device, count, ops,
                                                  &IID_IDMLOperatorInitializer, (void **)&ref_init);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateOperatorInitializer(
            r->device, 1, &graph, &IID_IDMLOperatorInitializer, (void **)&graph_init);
    ok = SUCCEEDED(hr);
    if (!ok)
        fprintf(stderr, "graph_random: seed %u: compile 0x%08X\n", seed, (unsigned)hr);
    if (ok)
    {
        uint64_t ref_temporary =
            IDMLOperatorInitializer_GetBindingProperties(ref_init).TemporaryResourceSize;

        for (uint32_t n = 0; n < g.node_count; ++n)
            if (op_of[n])
            {
                DML_BINDING_PROPERTIES p = IDMLCompiledOperator_GetBindingProperties(op_of[n]);
                persistent[n] = p.PersistentResourceSize;
                if (p.TemporaryResourceSize > ref_temporary)
                    ref_temporary = p.TemporaryResourceSize;
            }
        place(r, &g, persistent, ref_temporary, IDMLCompiledOperator_GetBindingProperties(graph),
              &l, &used);
        ok = SUCCEEDED(dmlopsUploadBuffer(r->device, r->buffer, 0, image, used)) &&
             SUCCEEDED(dmlopsUploadBuffer(r->device, r->inputs, 0, in_image, l.inputs_used));
        cmd = app_begin(&vk);
        tables[table_count++] = reference_init(r, &g, ops, count, ref_init, &l, persistent);
        record(r, cmd, (IDMLDispatchable *)ref_init, tables[0]);
        graph_tables(r, &g, graph, graph_init, &l, &tables[1], &tables[2]);
        table_count += 2;
        record(r, cmd, (IDMLDispatchable *)graph_init, tables[1]);
        for (uint32_t n = 0; n < g.node_count; ++n)
            if (op_of[n])
            {
                tables[table_count] = reference_exec(r, &g, n, op_of[n], &l, persistent);
                record(r, cmd, (IDMLDispatchable *)op_of[n], tables[table_count++]);
            }
        record(r, cmd, (IDMLDispatchable *)graph, tables[2]);
        ok = ok && app_submit_and_wait(&vk, cmd) == VK_SUCCESS &&
             SUCCEEDED(IDMLDevice_GetDeviceRemovedReason(r->device)) &&
             SUCCEEDED(dmlopsDownloadBuffer(r->device, r->buffer, 0, result, used)) &&
             SUCCEEDED(dmlopsDownloadBuffer(r->device, r->inputs, 0, in_result, l.inputs_used)) &&
             compare(r, &g, &l, used, seed);
    }
    for (uint32_t t = 0; t < table_count; ++t)
        IDMLBindingTable_Release(tables[t]);
    for (uint32_t i = 0; i < count; ++i)
        IDMLCompiledOperator_Release(ops[i]);
    if (ref_init)
        IDMLOperatorInitializer_Release(ref_init);
    if (graph_init)
        IDMLOperatorInitializer_Release(graph_init);
    if (graph)
        IDMLCompiledOperator_Release(graph);
    return ok;
}

/* What the graphs held: operator nodes per type, then the generator's counts. */
static void print_counts(const struct run *r)
{
    printf("graph_random: operator nodes:");
    for (unsigned t = 0; t < sizeof(r->types) / sizeof(r->types[0]); ++t)
        if (r->types[t])
            printf(" %s %u", gr_type_name((DML_OPERATOR_TYPE)t), r->types[t]);
    printf("\ngraph_random:");
    for (unsigned s = 0; s < GR_STAT_COUNT; ++s)
        printf("%s %u %s", s ? "," : "", r->stats[s], gr_stat_name((enum gr_stat)s));
    printf("\n");
}

/* Every operator the generator makes, and every feature it counts, appeared (a run of at least
 * 100 graphs). */
static unsigned missing_types(const struct run *r)
{
    unsigned missing = 0;

    if (r->nodes < 300)
        return 0;
    if (!r->float64)
        printf("graph_random: the device has no shaderFloat64: no CAST, fills, diagonals or "
               "ScaleBias\n");
    for (uint32_t k = 0; k < gr_kind_count(); ++k)
        if (!r->types[gr_kind_type(k)] && (r->float64 || !gr_kind_needs_float64(k)))
            fprintf(stderr, "graph_random: no %s node\n", gr_type_name(gr_kind_type(k))), ++missing;
    for (unsigned s = 0; s < GR_STAT_COUNT; ++s)
        if (!r->stats[s] && (r->float64 || s != GR_STAT_SCALE_BIAS))
            fprintf(stderr, "graph_random: no %s\n", gr_stat_name((enum gr_stat)s)), ++missing;
    return missing;
}

static unsigned env_unsigned(const char *name, unsigned fallback)
{
    const char *s = getenv(name);
    char *end;
    unsigned long v;

    if (!s || !*s)
        return fallback;
    v = strtoul(s, &end, 10);
    return *end || v > 1000000 ? fallback : (unsigned)v;
}

static HRESULT create_device(IDMLDevice **out)
{
    DMLOPS_VULKAN_DEVICE_DESC vulkan = {
        .sType = DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC,
        .pfnGetInstanceProcAddr = vkGetInstanceProcAddr,
        .instance = vk.instance,
        .physicalDevice = vk.physical_device,
        .device = vk.device,
        .queueFamilyIndex = vk.queue_family,
    };
    DMLOPS_DEVICE_DESC desc = {
        .sType = DMLOPS_STRUCTURE_TYPE_DEVICE_DESC,
        .pNext = &vulkan,
        .flags = DML_CREATE_DEVICE_FLAG_DEBUG,
    };
    return dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)out);
}

int main(void)
{
    unsigned graphs =
        (unsigned)((unsigned long long)GRAPHS * env_unsigned("DMLOPS_TEST_SCALE", 100) / 100);
    unsigned seed = env_unsigned("DMLOPS_TEST_SEED", 1), failures = 0, ran = 0;
    struct run r = {0};

    app_vk_want_float64(); /* CAST and ScaleBias kernels declare Float64 (see app_vk.h) */
    app_vk_init(&vk);
    r.float64 = vk.float64;
    if (FAILED(create_device(&r.device)) ||
        FAILED(IDMLDevice_CreateCommandRecorder(r.device, &IID_IDMLCommandRecorder,
                                                (void **)&r.recorder)) ||
        FAILED(dmlopsCreateBuffer(r.device, ARENA, &r.buffer)) ||
        FAILED(dmlopsCreateBuffer(r.device, sizeof(in_image), &r.inputs)))
        return fprintf(stderr, "graph_random: device setup failed\n"), 1;
    for (unsigned i = 0; i < graphs && failures < 5; ++i, ++ran)
        failures += !one_graph(&r, seed + i, i % 10 == 9 ? GR_MAX_NODES : 8);
    dmlopsDestroyBuffer(r.device, r.buffer);
    dmlopsDestroyBuffer(r.device, r.inputs);
    IDMLCommandRecorder_Release(r.recorder);
    IDMLDevice_Release(r.device);
    if (app_vk_validation_errors())
        fprintf(stderr, "graph_random: %u validation messages\n", app_vk_validation_errors()),
            ++failures;
    app_vk_cleanup(&vk);
    print_counts(&r);
    printf("graph_random: %u graphs from seed %u (%u operator nodes, %u constant nodes, %u "
           "repeated graph outputs, %u unconnected node outputs), %u output bytes compared, %u "
           "failed\n",
           ran, seed, r.nodes, r.constants, r.repeated_outputs, r.unread_outputs, r.compared_bytes,
           failures);
    return failures || missing_types(&r) ? 1 : 0;
}

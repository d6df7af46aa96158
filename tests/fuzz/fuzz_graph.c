/* The graph fuzzer's decoder and checks (fuzz_graph.h). */
#define COBJMACROS
#include "fuzz_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dmlops.h>

#include "device.h"
#include "diag.h"
#include "fuzz_bytes.h"
#include "graph_plan.h"
#include "gt_graph.h"

#define MAX_NODES 64
#define MAX_EDGES (MAX_NODES + 8) /* the chain's n - 1 intermediate edges and 7 extra */
#define PALETTE 8
#define PALETTE_EXTRA 2 /* kind bytes 14 and 15 (K_COUNT + i): index maps that fuse */

enum kind
{
    K_OPERATOR, /* palette[k] */
    K_CONSTANT = PALETTE,
    K_BAD_TYPE,
    K_NULL_DESC,
    K_NULL_OPERATOR,
    K_FAKE_OPERATOR, /* readable, but not this library's vtable */
    K_FOREIGN,       /* an operator of another device */
    K_COUNT,
};

static struct
{
    struct dml_device *dev, *other;
    bool vulkan; /* dev is the library's default Vulkan device: accepted graphs compile for real */
    IDMLOperator *palette[PALETTE + PALETTE_EXTRA], *foreign;
    IDMLOperatorVtbl fake_vtbl;
    IDMLOperator fake;
    char long_name[200]; /* no NUL in its first 199 bytes */
} h;

/* A 16-byte FLOAT32 index map: a 2 x 2 transpose (IDENTITY reading strides {1, 2}), or SLICE1
 * reversing 4 elements. */
static IDMLOperator *index_map(IDMLDevice *device, bool transpose)
{
    static const UINT sizes2[2] = {2, 2}, strides2[2] = {1, 2}, sizes1[1] = {4}, zero[1] = {0};
    static const INT reverse[1] = {-1};
    DML_BUFFER_TENSOR_DESC in = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 2, sizes2, strides2, 16, 0};
    DML_BUFFER_TENSOR_DESC out = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 2, sizes2, NULL, 16, 0};
    DML_TENSOR_DESC in_desc = {DML_TENSOR_TYPE_BUFFER, &in},
                    out_desc = {DML_TENSOR_TYPE_BUFFER, &out};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity = {&in_desc, &out_desc, NULL};
    DML_SLICE1_OPERATOR_DESC slice = {&in_desc, &out_desc, 1, zero, sizes1, reverse};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    IDMLOperator *op = NULL;

    if (!transpose)
    {
        in = out =
            (DML_BUFFER_TENSOR_DESC){DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, sizes1, NULL, 16, 0};
        desc = (DML_OPERATOR_DESC){DML_OPERATOR_SLICE1, &slice};
    }
    return SUCCEEDED(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op))
               ? op
               : NULL;
}

/* The library's default device when a Vulkan device can run it (accepted graphs then compile for
 * real), else a device without Vulkan. */
static void create_device(void)
{
    DMLOPS_DEVICE_DESC desc = {DMLOPS_STRUCTURE_TYPE_DEVICE_DESC, NULL,
                               DML_CREATE_DEVICE_FLAG_DEBUG, DML_FEATURE_LEVEL_1_0, 0};
    DMLOPS_ADAPTER_INFO adapters[16];
    IDMLDevice *device = NULL;
    UINT count = 16;

    if (SUCCEEDED(dmlopsEnumerateAdapters(&count, adapters)))
        for (UINT i = 0; i < count && !h.vulkan; ++i)
            h.vulkan = adapters[i].isSupported;
    if (h.vulkan && SUCCEEDED(dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)&device)) &&
        (h.dev = dml_device_from_iface(device)) && h.dev->feature_level == DML_FEATURE_LEVEL_6_4)
        return;
    if (device)
        IDMLDevice_Release(device);
    h.vulkan = false;
    if (FAILED(
            dml_device_create(NULL, DML_CREATE_DEVICE_FLAG_DEBUG, DML_FEATURE_LEVEL_6_4, &h.dev)))
        abort();
}

void fuzz_graph_shutdown(void)
{
    for (int k = 0; k < PALETTE + PALETTE_EXTRA; ++k)
        if (h.palette[k])
            IDMLOperator_Release(h.palette[k]);
    if (h.foreign)
        IDMLOperator_Release(h.foreign);
    if (h.dev)
        IDMLDevice1_Release(&h.dev->IDMLDevice1_iface);
    if (h.other)
        IDMLDevice1_Release(&h.other->IDMLDevice1_iface);
    memset(&h, 0, sizeof(h));
}

bool fuzz_graph_vulkan(void)
{
    return h.vulkan;
}

void fuzz_graph_init(void)
{
    static const UINT parts[] = {2, 2};
    FILE *null;

    if (h.dev)
        return;
    create_device();
    if (FAILED(dml_device_create(NULL, 0, DML_FEATURE_LEVEL_6_4, &h.other)))
        abort();
    IDMLDevice *device = (IDMLDevice *)&h.dev->IDMLDevice1_iface;
    h.palette[0] = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    h.palette[1] = gt_copy(device, DML_TENSOR_DATA_TYPE_UINT16, 8, DML_TENSOR_FLAG_NONE);
    h.palette[2] = gt_split(device, 2, parts);
    h.palette[3] = gt_pad(device, 4, 1, 1);
    h.palette[4] = gt_slice(device, DML_TENSOR_DATA_TYPE_FLOAT32, 6, 1, 4);
    h.palette[5] = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_OWNED_BY_DML);
    h.palette[6] = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 5, DML_TENSOR_FLAG_NONE);
    h.palette[7] = gt_copy(device, DML_TENSOR_DATA_TYPE_UINT8, 16, DML_TENSOR_FLAG_NONE);
    h.palette[PALETTE] = index_map(device, true);
    h.palette[PALETTE + 1] = index_map(device, false);
    h.foreign = gt_copy((IDMLDevice *)&h.other->IDMLDevice1_iface, DML_TENSOR_DATA_TYPE_FLOAT32, 4,
                        DML_TENSOR_FLAG_NONE);
    for (int k = 0; k < PALETTE + PALETTE_EXTRA; ++k)
        if (!h.palette[k])
            abort();
    h.fake_vtbl = *h.palette[0]->lpVtbl;
    h.fake.lpVtbl = &h.fake_vtbl;
    memset(h.long_name, 'g', sizeof(h.long_name) - 1);
    /* Debug formatting runs on every rejection; the lines go nowhere. */
    if ((null = fopen("/dev/null", "w")))
        dml_diag_set_stream(null);
}

/* A u32 steered by a selector byte; 0xBC and 0xBD give the graph count limit and one past it. */
static uint32_t sel32(struct fuzz_bytes *fb, uint32_t fallback)
{
    uint8_t s = fb_u8(fb);
    uint32_t raw = FB_HAS_RAW(s) ? fb_raw32(fb) : 0;

    if (s == 0xBC || s == 0xBD)
        return DML_GRAPH_COUNT_MAX + (s - 0xBC);
    return fb_apply32(s, raw, fallback);
}

struct decoded
{
    DML_GRAPH_DESC desc;
    DML_GRAPH_NODE_DESC nodes[MAX_NODES];
    DML_OPERATOR_GRAPH_NODE_DESC ops[MAX_NODES];
    DML_CONSTANT_DATA_GRAPH_NODE_DESC consts[MAX_NODES];
    uint8_t data[MAX_NODES][32];
    DML_GRAPH_EDGE_DESC edges[3][MAX_EDGES];
    DML_INPUT_GRAPH_EDGE_DESC in[MAX_EDGES];
    DML_OUTPUT_GRAPH_EDGE_DESC out[MAX_EDGES];
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid[MAX_EDGES];
    DML_EXECUTION_FLAGS flags;
};

static const char *name_of(struct fuzz_bytes *fb)
{
    uint8_t b = fb_u8(fb);
    return b < 0xF0 ? NULL : b < 0xF8 ? "n" : h.long_name;
}

static void decode_node(struct fuzz_bytes *fb, struct decoded *d, uint32_t n)
{
    uint8_t kind = fb_u8(fb) % 16;
    DML_GRAPH_NODE_DESC *node = &d->nodes[n];

    node->Type = DML_GRAPH_NODE_TYPE_OPERATOR;
    node->Desc = &d->ops[n];
    d->ops[n].Operator = h.palette[kind < PALETTE    ? kind
                                   : kind >= K_COUNT ? kind - K_COUNT + PALETTE
                                                     : 0];
    d->ops[n].Name = name_of(fb);
    d->consts[n] = (DML_CONSTANT_DATA_GRAPH_NODE_DESC){d->data[n], 16, NULL};
    if (kind == K_CONSTANT)
    {
        node->Type = DML_GRAPH_NODE_TYPE_CONSTANT;
        node->Desc = &d->consts[n];
        for (size_t i = 0; i < sizeof(d->data[n]); ++i)
            d->data[n][i] = fb_u8(fb);
        d->consts[n].Data = fb_u8(fb) == 0xFF ? NULL : d->data[n];
        d->consts[n].DataSize = sel32(fb, 16) % 33; /* within data[n] */
    }
    else if (kind == K_BAD_TYPE)
    {
        /* Desc always matches Type: the harness never lies about memory. */
        node->Type = (DML_GRAPH_NODE_TYPE)sel32(fb, 0);
        if (node->Type == DML_GRAPH_NODE_TYPE_CONSTANT)
            node->Desc = &d->consts[n];
    }
    else if (kind == K_NULL_DESC)
        node->Desc = NULL;
    else if (kind == K_NULL_OPERATOR)
        d->ops[n].Operator = NULL;
    else if (kind == K_FAKE_OPERATOR)
        d->ops[n].Operator = &h.fake;
    else if (kind == K_FOREIGN)
        d->ops[n].Operator = h.foreign;
}

/* An edge's Type: right unless the selector says otherwise; Desc NULL on request. */
static void edge_head(struct fuzz_bytes *fb, DML_GRAPH_EDGE_DESC *edge, DML_GRAPH_EDGE_TYPE type,
                      const void *desc)
{
    edge->Type = (DML_GRAPH_EDGE_TYPE)sel32(fb, type);
    edge->Desc = fb_u8(fb) == 0xFF ? NULL : desc;
}

/* The default graph is a chain: input 0 -> node 0 -> ... -> node n-1 -> output 0; `extra`
 * edges of each array follow, all fields steered. */
static void decode_edges(struct fuzz_bytes *fb, struct decoded *d, uint32_t n)
{
    uint32_t extra_in = fb_u8(fb) % 4, extra_out = fb_u8(fb) % 4, extra_mid = fb_u8(fb) % 8;
    uint32_t mids = n - 1 + extra_mid;

    d->desc.InputEdgeCount = 1 + extra_in;
    for (uint32_t e = 0; e < d->desc.InputEdgeCount; ++e)
    {
        d->in[e] = (DML_INPUT_GRAPH_EDGE_DESC){sel32(fb, 0), sel32(fb, e ? e % n : 0), sel32(fb, 0),
                                               name_of(fb)};
        edge_head(fb, &d->edges[0][e], DML_GRAPH_EDGE_TYPE_INPUT, &d->in[e]);
    }
    d->desc.IntermediateEdgeCount = mids;
    for (uint32_t e = 0; e < mids; ++e)
    {
        uint32_t to = e < n - 1 ? e + 1 : e % n;
        d->mid[e] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){sel32(fb, to ? to - 1 : 0), sel32(fb, 0),
                                                       sel32(fb, to), sel32(fb, 0), name_of(fb)};
        edge_head(fb, &d->edges[2][e], DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &d->mid[e]);
    }
    d->desc.OutputEdgeCount = 1 + extra_out;
    for (uint32_t e = 0; e < d->desc.OutputEdgeCount; ++e)
    {
        d->out[e] =
            (DML_OUTPUT_GRAPH_EDGE_DESC){sel32(fb, n - 1), sel32(fb, 0), sel32(fb, e), name_of(fb)};
        edge_head(fb, &d->edges[1][e], DML_GRAPH_EDGE_TYPE_OUTPUT, &d->out[e]);
    }
}

/* Counts steered last: a count above what the arrays hold is only passed when the library must
 * reject it before reading them (over the count limit), so the harness never lies about memory. */
static void decode_counts(struct fuzz_bytes *fb, struct decoded *d, uint32_t n)
{
    uint32_t nodes = sel32(fb, n), inputs = sel32(fb, 1),
             outputs = sel32(fb, 1 + d->desc.OutputEdgeCount / 4);

    d->desc.NodeCount = nodes <= n || nodes > DML_GRAPH_COUNT_MAX ? nodes : n;
    d->desc.InputCount = inputs;
    d->desc.OutputCount = outputs;
    d->desc.Nodes = fb_u8(fb) == 0xFF ? NULL : d->nodes;
    d->desc.InputEdges = fb_u8(fb) == 0xFF ? NULL : d->edges[0];
    d->desc.OutputEdges = fb_u8(fb) == 0xFF ? NULL : d->edges[1];
    d->desc.IntermediateEdges = fb_u8(fb) == 0xFF ? NULL : d->edges[2];
    d->flags = (DML_EXECUTION_FLAGS)sel32(fb, 0);
}

/* Reverses node order (remapping every index) when asked: CompileGraph must sort. */
static void permute(struct fuzz_bytes *fb, struct decoded *d, uint32_t n)
{
    DML_GRAPH_NODE_DESC nodes[MAX_NODES];

    if (!(fb_u8(fb) & 1))
        return;
    for (uint32_t k = 0; k < n; ++k)
        nodes[n - 1 - k] = d->nodes[k];
    memcpy(d->nodes, nodes, n * sizeof(*nodes));
#define FLIP(x) ((x) < n ? (x) = n - 1 - (x) : 0)
    for (uint32_t e = 0; e < d->desc.InputEdgeCount; ++e)
        FLIP(d->in[e].ToNodeIndex);
    for (uint32_t e = 0; e < d->desc.OutputEdgeCount; ++e)
        FLIP(d->out[e].FromNodeIndex);
    for (uint32_t e = 0; e < d->desc.IntermediateEdgeCount; ++e)
        FLIP(d->mid[e].FromNodeIndex), FLIP(d->mid[e].ToNodeIndex);
#undef FLIP
}

static ULONG refs(IDMLOperator *op)
{
    IDMLOperator_AddRef(op);
    return IDMLOperator_Release(op);
}

const char *fuzz_graph_check_plan(const struct dml_graph_plan *plan);
const char *fuzz_graph_exec(struct dml_device *dev, bool vulkan, const DML_GRAPH_DESC *desc,
                            DML_EXECUTION_FLAGS flags, const struct dml_graph_plan *plan);
/* The rule the validator names must agree with CompileGraph's HRESULT, and a valid graph's plan
 * must hold (fuzz_graph_check.c). */
static const char *check_result(const struct decoded *d, HRESULT hr, int *rule)
{
    struct dml_graph_ctx ctx = {DML_FEATURE_LEVEL_6_4, false, h.dev, DML_RULE_NONE};
    struct dml_graph_plan plan;
    struct dml_graph graph;
    const char *finding = NULL;
    HRESULT valid = dml_graph_validate(&ctx, &d->desc, d->flags, &graph);

    *rule = valid == E_OUTOFMEMORY ? -1 : (int)ctx.rejected;
    if (valid == E_OUTOFMEMORY || hr == E_OUTOFMEMORY)
    {
        if (SUCCEEDED(valid))
            dml_graph_cleanup(&graph);
        return NULL;
    }
    if ((valid == E_INVALIDARG) != (hr == E_INVALIDARG))
        finding = "CompileGraph and dml_graph_validate disagree";
    else if (valid == E_INVALIDARG &&
             (ctx.rejected == DML_RULE_NONE || ctx.rejected < DML_RULE_GRAPH_FIRST))
        finding = "a graph was rejected without a graph rule";
    if (FAILED(valid))
        return finding;
    if (SUCCEEDED(dml_graph_plan_build(&graph, &plan)))
    {
        finding = fuzz_graph_check_plan(&plan);
        if (!finding && hr != S_FALSE && hr != S_OK)
            finding = "a valid graph did not compile";
        if (!finding && hr == S_FALSE)
            finding = fuzz_graph_exec(h.dev, h.vulkan, &d->desc, d->flags, &plan);
        dml_graph_plan_cleanup(&plan);
    }
    dml_graph_cleanup(&graph);
    return finding;
}

/* A graph rejected when validated alone is rejected too when the caller asks for the object: the
 * compile cache's key (graph_key.c) reads the desc before validation does, and must neither
 * fault on it nor let it through. */
static const char *check_rejected_with_ppv(const struct decoded *d)
{
    IDMLCompiledOperator *compiled = NULL;
    HRESULT hr = IDMLDevice1_CompileGraph(&h.dev->IDMLDevice1_iface, &d->desc, d->flags,
                                          &IID_IDMLCompiledOperator, (void **)&compiled);

    if (compiled)
    {
        IDMLCompiledOperator_Release(compiled);
        return "a rejected graph compiled when asked for the object";
    }
    return hr == E_INVALIDARG || hr == E_OUTOFMEMORY
               ? NULL
               : "a rejected graph gave another HRESULT when asked for the object";
}

const char *fuzz_graph_run(const uint8_t *data, size_t size, int *rule_out)
{
    struct decoded *d = calloc(1, sizeof(*d));
    struct fuzz_bytes fb;
    ULONG before[PALETTE + PALETTE_EXTRA];
    const char *finding = NULL;
    int rule = 0;
    uint32_t n;
    HRESULT hr;

    fuzz_graph_init();
    if (!d)
        return NULL;
    fb_init(&fb, data, size);
    n = 1 + fb_u8(&fb) % MAX_NODES;
    for (uint32_t k = 0; k < n; ++k)
        decode_node(&fb, d, k);
    decode_edges(&fb, d, n);
    permute(&fb, d, n);
    decode_counts(&fb, d, n);
    for (int k = 0; k < PALETTE + PALETTE_EXTRA; ++k)
        before[k] = refs(h.palette[k]);
    hr = IDMLDevice1_CompileGraph(&h.dev->IDMLDevice1_iface, &d->desc, d->flags,
                                  &IID_IDMLCompiledOperator, NULL);
    if (hr == E_INVALIDARG)
        finding = check_rejected_with_ppv(d);
    for (int k = 0; k < PALETTE + PALETTE_EXTRA && !finding; ++k)
        if (refs(h.palette[k]) != before[k])
            finding = "CompileGraph changed an operator's reference count";
    if (!finding && hr != S_FALSE && hr != E_INVALIDARG && hr != E_OUTOFMEMORY)
        finding = "CompileGraph returned an HRESULT outside S_FALSE, E_INVALIDARG, E_OUTOFMEMORY";
    if (!finding)
        finding = check_result(d, hr, &rule);
    if (rule_out)
        *rule_out = rule;
    free(d);
    return finding;
}

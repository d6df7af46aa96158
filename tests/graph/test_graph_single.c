/* A single-node graph bound one to one (onnxruntime's single-node partitions) compiles through
 * IDMLDevice1::CompileGraph into something that runs byte for byte like CompileOperator of the
 * same operator, with the operator released right after the call (G-B5). GPU (lavapipe in CI). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dml_util.h"
#include "gpu.h"
#include "gt_graph.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

struct buffers
{
    ID3D12Resource *inputs[8], *outputs[8];
    UINT64 input_sizes[8], output_sizes[8];
    UINT input_count, output_count;
};

static DML_BINDING_DESC binding(DML_BUFFER_BINDING *b, ID3D12Resource *buffer, UINT64 size)
{
    *b = (DML_BUFFER_BINDING){buffer, 0, size};
    return (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, b};
}

static HRESULT initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *init = NULL;
    IDMLBindingTable *table = NULL;
    HRESULT hr = IDMLDevice_CreateOperatorInitializer(device, 1, &compiled,
                                                      &IID_IDMLOperatorInitializer, (void **)&init);

    if (SUCCEEDED(hr))
        hr = dml_util_table(device, (IDMLDispatchable *)init, &table);
    if (SUCCEEDED(hr))
        hr = dmlopsExecute(device, (IDMLDispatchable *)init, table);
    if (table)
        IDMLBindingTable_Release(table);
    if (init)
        IDMLOperatorInitializer_Release(init);
    return hr;
}

/* Initializes compiled and runs it once with b's buffers bound: as many bindings as the graph (or
 * operator) has inputs and outputs. */
static HRESULT execute(IDMLDevice *device, IDMLCompiledOperator *compiled, const struct buffers *b)
{
    IDMLOperatorInitializer *init = NULL;
    IDMLBindingTable *table = NULL;
    DML_BUFFER_BINDING ib[8], ob[8];
    DML_BINDING_DESC in[8], out[8];
    HRESULT hr = IDMLDevice_CreateOperatorInitializer(device, 1, &compiled,
                                                      &IID_IDMLOperatorInitializer, (void **)&init);

    if (SUCCEEDED(hr))
        hr = dml_util_table(device, (IDMLDispatchable *)init, &table);
    if (SUCCEEDED(hr))
        hr = dmlopsExecute(device, (IDMLDispatchable *)init, table);
    if (table)
        IDMLBindingTable_Release(table), table = NULL;
    if (SUCCEEDED(hr))
        hr = dml_util_table(device, (IDMLDispatchable *)compiled, &table);
    for (UINT i = 0; i < b->input_count; ++i)
        in[i] = binding(&ib[i], b->inputs[i], b->input_sizes[i]);
    for (UINT k = 0; k < b->output_count; ++k)
        out[k] = binding(&ob[k], b->outputs[k], b->output_sizes[k]);
    if (SUCCEEDED(hr))
    {
        IDMLBindingTable_BindInputs(table, b->input_count, in);
        IDMLBindingTable_BindOutputs(table, b->output_count, out);
        hr = dmlopsExecute(device, (IDMLDispatchable *)compiled, table);
    }
    if (SUCCEEDED(hr))
        hr = IDMLDevice_GetDeviceRemovedReason(device);
    if (table)
        IDMLBindingTable_Release(table);
    if (init)
        IDMLOperatorInitializer_Release(init);
    return hr;
}

/* Runs compiled on input bytes `data` with outputs poisoned; downloads the outputs into out. */
static HRESULT run(IDMLDevice *device, IDMLCompiledOperator *compiled, const struct buffers *b,
                   const uint8_t *data, uint8_t (*out)[512])
{
    uint8_t poison[512];
    HRESULT hr;

    memset(poison, 0xA5, sizeof(poison));
    for (UINT i = 0; i < b->input_count; ++i)
        if (FAILED(
                hr = dmlopsUploadBuffer(device, b->inputs[i], 0, data + 64 * i, b->input_sizes[i])))
            return hr;
    for (UINT k = 0; k < b->output_count; ++k)
        if (FAILED(hr = dmlopsUploadBuffer(device, b->outputs[k], 0, poison, b->output_sizes[k])))
            return hr;
    if (FAILED(hr = execute(device, compiled, b)))
        return hr;
    for (UINT k = 0; k < b->output_count; ++k)
        if (FAILED(hr = dmlopsDownloadBuffer(device, b->outputs[k], 0, out[k], b->output_sizes[k])))
            return hr;
    return S_OK;
}

/* op with `inputs` inputs and `outputs` outputs of the given sizes: a graph of that one node,
 * graph input i to node input i and node output k to graph output k. */
static void check_op(IDMLDevice *device, IDMLOperator *op, const char *what, UINT inputs,
                     const UINT64 *input_sizes, UINT outputs, const UINT64 *output_sizes)
{
    IDMLCompiledOperator *as_graph = NULL, *as_op = NULL;
    static uint8_t got[8][512], want[8][512];
    uint8_t data[512 + 8 * 64];
    struct buffers b = {0};
    struct gt_graph g;
    IDMLDevice1 *device1;
    HRESULT hr;

    CHECK(op != NULL, "%s: CreateOperator", what);
    if (!op)
        return;
    gt_init(&g, inputs, outputs);
    gt_op(&g, op, what);
    for (UINT i = 0; i < inputs; ++i)
        gt_in(&g, i, 0, i);
    for (UINT k = 0; k < outputs; ++k)
        gt_out(&g, 0, k, k);
    IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1);
    CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), 0, &IID_IDMLCompiledOperator, NULL) ==
              S_FALSE,
          "%s: ppv NULL validates only", what);
    hr = IDMLDevice1_CompileGraph(device1, gt_desc(&g), DML_EXECUTION_FLAG_NONE,
                                  &IID_IDMLCompiledOperator, (void **)&as_graph);
    CHECK(hr == S_OK, "%s: CompileGraph 0x%08X", what, (unsigned)hr);
    CHECK(SUCCEEDED(IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                               &IID_IDMLCompiledOperator, (void **)&as_op)),
          "%s: CompileOperator", what);
    IDMLOperator_Release(op); /* the graph keeps what it needs (G-B5) */
    IDMLDevice1_Release(device1);
    if (!as_graph || !as_op)
        return;
    DML_BINDING_PROPERTIES pg = IDMLCompiledOperator_GetBindingProperties(as_graph);
    DML_BINDING_PROPERTIES po = IDMLCompiledOperator_GetBindingProperties(as_op);
    CHECK(!memcmp(&pg, &po, sizeof(pg)), "%s: binding properties differ", what);
    b.input_count = inputs;
    b.output_count = outputs;
    for (UINT i = 0; i < inputs; ++i)
    {
        b.input_sizes[i] = input_sizes[i];
        dmlopsCreateBuffer(device, input_sizes[i], &b.inputs[i]);
    }
    for (UINT k = 0; k < outputs; ++k)
    {
        b.output_sizes[k] = output_sizes[k];
        dmlopsCreateBuffer(device, output_sizes[k], &b.outputs[k]);
    }
    for (size_t i = 0; i < sizeof(data); ++i)
        data[i] = (uint8_t)(i * 7 + 3);
    CHECK(SUCCEEDED(run(device, as_op, &b, data, want)), "%s: run as operator", what);
    CHECK(SUCCEEDED(run(device, as_graph, &b, data, got)), "%s: run as graph", what);
    for (UINT k = 0; k < outputs; ++k)
    {
        CHECK(!memcmp(got[k], want[k], output_sizes[k]), "%s: output %u differs", what, k);
        CHECK(memcmp(want[k], (uint8_t[512]){0}, output_sizes[k]), "%s: output %u empty", what, k);
        dmlopsDestroyBuffer(device, b.outputs[k]);
    }
    for (UINT i = 0; i < inputs; ++i)
        dmlopsDestroyBuffer(device, b.inputs[i]);
    IDMLCompiledOperator_Release(as_graph);
    IDMLCompiledOperator_Release(as_op);
}

static unsigned gd2_warnings;

static void on_message(DMLOPS_MESSAGE_SEVERITY severity, const char *rule, const char *text,
                       void *user)
{
    (void)rule;
    (void)user;
    gd2_warnings += severity == DMLOPS_MESSAGE_SEVERITY_WARNING && strstr(text, "GD2");
}

/* GD2: graph input 0 has no edge. Bound as NONE it runs; bound to a real buffer, even one
 * overlapping the output, it is ignored (no hazard, no device removal) and a debug device warns.
 * Graph input 1 feeds a copy into the output. */
static void check_edgeless_input(void)
{
    IDMLDevice *device = gpu_create_device(0, TRUE); /* debug: the warning */
    IDMLOperator *op = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    IDMLCompiledOperator *compiled = NULL;
    IDMLBindingTable *table = NULL;
    ID3D12Resource *in, *out;
    DML_BUFFER_BINDING ib[2], ob;
    DML_BINDING_DESC bindings[2], output;
    const float data[4] = {1, 2, 3, 4};
    float got[4] = {0};
    IDMLDevice1 *device1;
    struct gt_graph g;

    IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1);
    gt_init(&g, 2, 1);
    gt_op(&g, op, NULL);
    gt_in(&g, 1, 0, 0);
    gt_out(&g, 0, 0, 0);
    CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), 0, &IID_IDMLCompiledOperator,
                                   (void **)&compiled) == S_OK,
          "GD2: CompileGraph");
    IDMLOperator_Release(op);
    IDMLDevice1_Release(device1);
    if (!compiled)
        return (void)IDMLDevice_Release(device);
    dmlopsCreateBuffer(device, 16, &in);
    dmlopsCreateBuffer(device, 16, &out);
    dmlopsUploadBuffer(device, in, 0, data, 16);
    for (int pass = 0; pass < 2; ++pass)
    {
        dmlopsUploadBuffer(device, out, 0, (float[4]){0}, 16);
        if (!pass)
            CHECK(SUCCEEDED(initialize(device, compiled)), "GD2: initialize");
        dml_util_table(device, (IDMLDispatchable *)compiled, &table);
        bindings[0] = pass ? binding(&ib[0], out, 16) : (DML_BINDING_DESC){DML_BINDING_TYPE_NONE};
        bindings[1] = binding(&ib[1], in, 16);
        output = binding(&ob, out, 16);
        gd2_warnings = 0;
        dmlopsSetMessageCallback(on_message, NULL, 0);
        IDMLBindingTable_BindInputs(table, 2, bindings);
        dmlopsSetMessageCallback(NULL, NULL, 0);
        IDMLBindingTable_BindOutputs(table, 1, &output);
        CHECK(dmlopsExecute(device, (IDMLDispatchable *)compiled, table) == S_OK &&
                  SUCCEEDED(IDMLDevice_GetDeviceRemovedReason(device)),
              "GD2: runs with input 0 %s", pass ? "bound (ignored)" : "NONE");
        dmlopsDownloadBuffer(device, out, 0, got, 16);
        CHECK(!memcmp(got, data, 16), "GD2: output");
        CHECK(gd2_warnings == (unsigned)pass, "GD2: %u warnings", gd2_warnings);
        IDMLBindingTable_Release(table);
    }
    dmlopsDestroyBuffer(device, in);
    dmlopsDestroyBuffer(device, out);
    IDMLCompiledOperator_Release(compiled);
    IDMLDevice_Release(device);
}

/* riid (G-A3), and a graph of two nodes compiles. */
static void check_interfaces(IDMLDevice *device)
{
    IDMLOperator *op = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    IDMLDispatchable *dispatchable = NULL;
    void *out = (void *)1;
    IDMLDevice1 *device1;
    struct gt_graph g;

    IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1);
    gt_init(&g, 1, 1);
    gt_op(&g, op, NULL);
    gt_in(&g, 0, 0, 0);
    gt_out(&g, 0, 0, 0);
    CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), 0, &IID_IDMLDispatchable,
                                   (void **)&dispatchable) == S_OK,
          "IDMLDispatchable");
    if (dispatchable)
        IDMLDispatchable_Release(dispatchable);
    CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), 0, &IID_IDMLOperator, &out) ==
                  E_NOINTERFACE &&
              !out,
          "riid IDMLOperator: E_NOINTERFACE, ppv cleared");
    gt_op(&g, op, NULL);
    g.out_desc[0].FromNodeIndex = 1;
    gt_mid(&g, 0, 0, 1, 0);
    CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), 0, &IID_IDMLCompiledOperator, NULL) ==
              S_FALSE,
          "two nodes, ppv NULL: S_FALSE");
    CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), 0, &IID_IDMLCompiledOperator, &out) ==
                  S_OK &&
              out,
          "two nodes: compiled");
    if (out)
        IDMLCompiledOperator_Release((IDMLCompiledOperator *)out);
    IDMLOperator_Release(op);
    IDMLDevice1_Release(device1);
}

/* A packed tensor desc of up to 4 dims, for the operators the 1-D helpers of gt_graph.h do not
 * make. */
struct nd
{
    UINT sizes[4];
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
};

static UINT type_size(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_UINT8 || type == DML_TENSOR_DATA_TYPE_INT8     ? 1
           : type == DML_TENSOR_DATA_TYPE_UINT16 || type == DML_TENSOR_DATA_TYPE_INT16 ? 2
           : type == DML_TENSOR_DATA_TYPE_INT64 || type == DML_TENSOR_DATA_TYPE_UINT64 ? 8
                                                                                       : 4;
}

static const DML_TENSOR_DESC *nd(struct nd *t, DML_TENSOR_DATA_TYPE type, UINT n, UINT c, UINT h,
                                 UINT w)
{
    UINT64 bytes = (UINT64)n * c * h * w * type_size(type);

    t->sizes[0] = n, t->sizes[1] = c, t->sizes[2] = h, t->sizes[3] = w;
    t->buffer = (DML_BUFFER_TENSOR_DESC){type, 0, 4, t->sizes, NULL, (bytes + 3) & ~3ull, 0};
    t->desc = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buffer};
    return &t->desc;
}

static IDMLOperator *create(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc)
{
    DML_OPERATOR_DESC op = {type, desc};
    IDMLOperator *out = NULL;

    return SUCCEEDED(IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&out))
               ? out
               : NULL;
}

/* Compiles a one-output graph g on device, runs it with `inputs` inputs of 64 bytes (data) and an
 * output of out_bytes, and downloads the output into got. */
static bool compile_and_run(IDMLDevice *device, struct gt_graph *g, UINT inputs, UINT64 out_bytes,
                            const uint8_t *data, uint8_t (*got)[512], const char *what)
{
    IDMLCompiledOperator *compiled = NULL;
    struct buffers b = {.input_count = inputs, .output_count = 1};
    IDMLDevice1 *device1 = NULL;
    HRESULT hr;

    CHECK(SUCCEEDED(IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1)),
          "%s: IDMLDevice1", what);
    if (!device1)
        return false;
    hr = IDMLDevice1_CompileGraph(device1, gt_desc(g), DML_EXECUTION_FLAG_NONE,
                                  &IID_IDMLCompiledOperator, (void **)&compiled);
    IDMLDevice1_Release(device1);
    CHECK(hr == S_OK, "%s: CompileGraph 0x%08X", what, (unsigned)hr);
    if (!compiled)
        return false;
    for (UINT i = 0; i < inputs; ++i)
    {
        b.input_sizes[i] = 64;
        dmlopsCreateBuffer(device, 64, &b.inputs[i]);
    }
    b.output_sizes[0] = out_bytes;
    dmlopsCreateBuffer(device, out_bytes, &b.outputs[0]);
    hr = run(device, compiled, &b, data, got);
    CHECK(SUCCEEDED(hr), "%s: run 0x%08X", what, (unsigned)hr);
    for (UINT i = 0; i < inputs; ++i)
        dmlopsDestroyBuffer(device, b.inputs[i]);
    dmlopsDestroyBuffer(device, b.outputs[0]);
    IDMLCompiledOperator_Release(compiled);
    return SUCCEEDED(hr);
}

/* G-B6: a constant node's Data is the caller's only during CompileGraph. Overwritten and freed
 * right after the call (and the operator released), before the graph is initialized or run, it
 * still gives the bytes it had. */
static void check_constant_copied(IDMLDevice *device)
{
    IDMLOperator *op = gt_copy(device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    uint8_t *data = malloc(16), want[16], got[8][512] = {{0}};
    struct gt_graph g;

    CHECK(op && data, "G-B6: set-up");
    if (!op || !data)
        return free(data);
    for (int i = 0; i < 16; ++i)
        want[i] = data[i] = (uint8_t)(0x40 + 3 * i);
    gt_init(&g, 0, 1);
    gt_op(&g, op, NULL);
    gt_const(&g, data, 16, "k");
    gt_mid(&g, 1, 0, 0, 0);
    gt_out(&g, 0, 0, 0);
    {
        IDMLCompiledOperator *compiled = NULL;
        IDMLDevice1 *device1 = NULL;
        struct buffers b = {.output_count = 1, .output_sizes = {16}};

        IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1);
        CHECK(IDMLDevice1_CompileGraph(device1, gt_desc(&g), DML_EXECUTION_FLAG_NONE,
                                       &IID_IDMLCompiledOperator, (void **)&compiled) == S_OK,
              "G-B6: CompileGraph");
        IDMLDevice1_Release(device1);
        memset(data, 0xCD, 16); /* what the caller does with its memory once the call returned */
        free(data);
        memset(&g, 0xCD, sizeof(g));
        IDMLOperator_Release(op);
        if (!compiled)
            return;
        dmlopsCreateBuffer(device, 16, &b.outputs[0]);
        CHECK(SUCCEEDED(run(device, compiled, &b, want, got)), "G-B6: run");
        CHECK(!memcmp(got[0], want, 16), "G-B6: the constant's bytes changed after the call");
        dmlopsDestroyBuffer(device, b.outputs[0]);
        IDMLCompiledOperator_Release(compiled);
    }
}

/* GD8, G-I1: a device capped below DML_FEATURE_LEVEL_2_1 still has IDMLDevice1, and CompileGraph
 * compiles and runs graphs of the operators its level has: SLICE of the middle 2 x 2 of a 4 x 4
 * FLOAT32 tensor, then PADDING of 1 with 7.0 around it. */
static void check_below_fl_2_1(void)
{
    static const DML_FEATURE_LEVEL levels[] = {DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0};
    static const UINT big[4] = {1, 1, 4, 4}, small[4] = {1, 1, 2, 2};
    static const UINT offsets[4] = {0, 0, 1, 1}, ones[4] = {1, 1, 1, 1}, pads[4] = {0, 0, 1, 1};
    static const float want[16] = {7, 7, 7, 7, 7, 5, 6, 7, 7, 9, 10, 7, 7, 7, 7, 7};
    DML_BUFFER_TENSOR_DESC b16 = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 4, big, NULL, 64, 0};
    DML_BUFFER_TENSOR_DESC b4 = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 4, small, NULL, 16, 0};
    DML_TENSOR_DESC t16 = {DML_TENSOR_TYPE_BUFFER, &b16}, t4 = {DML_TENSOR_TYPE_BUFFER, &b4};
    DML_SLICE_OPERATOR_DESC slice = {&t16, &t4, 4, offsets, small, ones};
    DML_PADDING_OPERATOR_DESC pad = {&t4, &t16, DML_PADDING_MODE_CONSTANT, 7.0f, 4, pads, pads};
    float in[16];

    for (int i = 0; i < 16; ++i)
        in[i] = (float)i;
    for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); ++l)
    {
        IDMLDevice *device = gpu_create_device(levels[l], FALSE);
        IDMLOperator *ops[2] = {create(device, DML_OPERATOR_SLICE, &slice),
                                create(device, DML_OPERATOR_PADDING, &pad)};
        uint8_t got[8][512] = {{0}}, data[512] = {0};
        char what[64];
        struct gt_graph g;

        snprintf(what, sizeof(what), "GD8 at feature level 0x%x", (unsigned)levels[l]);
        CHECK(ops[0] && ops[1], "%s: CreateOperator", what);
        memcpy(data, in, sizeof(in));
        gt_init(&g, 1, 1);
        gt_op(&g, ops[0], NULL);
        gt_op(&g, ops[1], NULL);
        gt_in(&g, 0, 0, 0);
        gt_mid(&g, 0, 0, 1, 0);
        gt_out(&g, 1, 0, 0);
        if (ops[0] && ops[1] && compile_and_run(device, &g, 1, 64, data, got, what))
            CHECK(!memcmp(got[0], want, sizeof(want)), "%s: output", what);
        for (int n = 0; n < 2; ++n)
            if (ops[n])
                IDMLOperator_Release(ops[n]);
        CHECK(IDMLDevice_Release(device) == 0, "%s: device released", what);
    }
}

/* One single-node case: its operator, and the byte sizes of its inputs and outputs. */
struct single
{
    IDMLOperator *op;
    UINT inputs, outputs;
    UINT64 input_sizes[4], output_sizes[4];
};

static struct single one_in_one_out(IDMLOperator *op, UINT64 in, UINT64 out)
{
    return (struct single){op, 1, 1, {in}, {out}};
}

static struct single make_slice1(IDMLDevice *d)
{
    return one_in_one_out(gt_slice(d, DML_TENSOR_DATA_TYPE_FLOAT32, 37, 5, 20), 148, 80);
}

static struct single make_slice1_u8(IDMLDevice *d)
{
    return one_in_one_out(gt_slice(d, DML_TENSOR_DATA_TYPE_UINT8, 40, 3, 11), 40, 12);
}

static struct single make_slice(IDMLDevice *d)
{
    return one_in_one_out(gt_slice0(d, 30, 3, 13, 2), 120, 28);
}

static struct single make_split(IDMLDevice *d)
{
    static const UINT parts[] = {3, 5, 7};
    return (struct single){gt_split(d, 3, parts), 1, 3, {60}, {12, 20, 28}};
}

static struct single make_join(IDMLDevice *d)
{
    static const UINT parts[] = {3, 5, 7};
    return (struct single){gt_join(d, 3, parts), 3, 1, {12, 20, 28}, {60}};
}

static struct single make_padding(IDMLDevice *d)
{
    return one_in_one_out(gt_pad(d, 9, 2, 3), 36, 56);
}

static struct single make_padding1(IDMLDevice *d)
{
    return one_in_one_out(gt_pad1(d, DML_PADDING_MODE_REFLECTION, 10, 3, 3), 20, 32);
}

static struct single make_identity(IDMLDevice *d)
{
    return one_in_one_out(gt_identity(d, 16), 64, 64);
}

/* IDENTITY with a DML_SCALE_BIAS (DirectMLX's x * 2 + 0.5), on FLOAT32 {1, 1, 4, 4}. */
static struct single make_identity_scale_bias(IDMLDevice *d)
{
    static const DML_SCALE_BIAS scale_bias = {2.0f, 0.5f};
    struct nd in, out;
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {
        nd(&in, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 1, 4, 4),
        nd(&out, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 1, 4, 4), &scale_bias};

    return one_in_one_out(create(d, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc), 64, 64);
}

/* TILE of FLOAT32 {1, 1, 2, 3} by {1, 2, 2, 1}. */
static struct single make_tile(IDMLDevice *d)
{
    static const UINT repeats[4] = {1, 2, 2, 1};
    struct nd in, out;
    DML_TILE_OPERATOR_DESC desc = {nd(&in, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 1, 2, 3),
                                   nd(&out, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 2, 4, 3), 4, repeats};

    return one_in_one_out(create(d, DML_OPERATOR_TILE, &desc), 24, 96);
}

/* CAST UINT8 -> FLOAT32 and UINT16 -> INT64 (8-byte elements), {1, 1, 4, 4}. */
static struct single make_cast(IDMLDevice *d)
{
    struct nd in, out;
    DML_CAST_OPERATOR_DESC desc = {nd(&in, DML_TENSOR_DATA_TYPE_UINT8, 1, 1, 4, 4),
                                   nd(&out, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 1, 4, 4)};

    return one_in_one_out(create(d, DML_OPERATOR_CAST, &desc), 16, 64);
}

static struct single make_cast_64(IDMLDevice *d)
{
    struct nd in, out;
    DML_CAST_OPERATOR_DESC desc = {nd(&in, DML_TENSOR_DATA_TYPE_UINT16, 1, 1, 4, 4),
                                   nd(&out, DML_TENSOR_DATA_TYPE_INT64, 1, 1, 4, 4)};

    return one_in_one_out(create(d, DML_OPERATOR_CAST, &desc), 32, 128);
}

/* DEPTH_TO_SPACE FLOAT32 {1, 4, 2, 3} -> {1, 1, 4, 6}, block 2; SPACE_TO_DEPTH the reverse. */
static struct single make_depth_to_space(IDMLDevice *d)
{
    struct nd in, out;
    DML_DEPTH_TO_SPACE_OPERATOR_DESC desc = {nd(&in, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 4, 2, 3),
                                             nd(&out, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 1, 4, 6), 2};

    return one_in_one_out(create(d, DML_OPERATOR_DEPTH_TO_SPACE, &desc), 96, 96);
}

static struct single make_space_to_depth(IDMLDevice *d)
{
    struct nd in, out;
    DML_SPACE_TO_DEPTH_OPERATOR_DESC desc = {nd(&in, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 1, 4, 6),
                                             nd(&out, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 4, 2, 3), 2};

    return one_in_one_out(create(d, DML_OPERATOR_SPACE_TO_DEPTH, &desc), 96, 96);
}

/* The 1 versions with their other order: UINT16 {1, 8, 2, 2} -> {1, 2, 4, 4} (CRD) and UINT8
 * {1, 2, 4, 4} -> {1, 8, 2, 2} (DCR). */
static struct single make_depth_to_space1(IDMLDevice *d)
{
    struct nd in, out;
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC desc = {nd(&in, DML_TENSOR_DATA_TYPE_UINT16, 1, 8, 2, 2),
                                              nd(&out, DML_TENSOR_DATA_TYPE_UINT16, 1, 2, 4, 4), 2,
                                              DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};

    return one_in_one_out(create(d, DML_OPERATOR_DEPTH_TO_SPACE1, &desc), 64, 64);
}

static struct single make_space_to_depth1(IDMLDevice *d)
{
    struct nd in, out;
    DML_SPACE_TO_DEPTH1_OPERATOR_DESC desc = {nd(&in, DML_TENSOR_DATA_TYPE_UINT8, 1, 2, 4, 4),
                                              nd(&out, DML_TENSOR_DATA_TYPE_UINT8, 1, 8, 2, 2), 2,
                                              DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW};

    return one_in_one_out(create(d, DML_OPERATOR_SPACE_TO_DEPTH1, &desc), 32, 32);
}

/* Every operator CreateOperator implements (src/ops/registry.c), at least once; a refused one
 * fails the test. */
static const struct
{
    const char *name;
    DML_OPERATOR_TYPE type;
    struct single (*make)(IDMLDevice *device);
} cases[] = {
    {"slice1", DML_OPERATOR_SLICE1, make_slice1},
    {"slice1 u8", DML_OPERATOR_SLICE1, make_slice1_u8},
    {"slice", DML_OPERATOR_SLICE, make_slice},
    {"split", DML_OPERATOR_SPLIT, make_split},
    {"join", DML_OPERATOR_JOIN, make_join},
    {"padding", DML_OPERATOR_PADDING, make_padding},
    {"padding1", DML_OPERATOR_PADDING1, make_padding1},
    {"element_wise_identity", DML_OPERATOR_ELEMENT_WISE_IDENTITY, make_identity},
    {"element_wise_identity scale_bias", DML_OPERATOR_ELEMENT_WISE_IDENTITY,
     make_identity_scale_bias},
    {"tile", DML_OPERATOR_TILE, make_tile},
    {"cast", DML_OPERATOR_CAST, make_cast},
    {"cast 64", DML_OPERATOR_CAST, make_cast_64},
    {"depth_to_space", DML_OPERATOR_DEPTH_TO_SPACE, make_depth_to_space},
    {"depth_to_space1", DML_OPERATOR_DEPTH_TO_SPACE1, make_depth_to_space1},
    {"space_to_depth", DML_OPERATOR_SPACE_TO_DEPTH, make_space_to_depth},
    {"space_to_depth1", DML_OPERATOR_SPACE_TO_DEPTH1, make_space_to_depth1},
};

/* The operator types of the cases, each once: 13, the implemented operators. */
static unsigned distinct_types(void)
{
    unsigned count = 0;

    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c)
    {
        bool seen = false;

        for (size_t e = 0; e < c; ++e)
            seen |= cases[e].type == cases[c].type;
        count += !seen;
    }
    return count;
}

/* The generators: no input at all. */
static void check_generators(IDMLDevice *device)
{
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC out;
    dml_util_tensor(&buffer, &out, DML_TENSOR_DATA_TYPE_INT16, 2, (const UINT[]){5, 7}, 0);
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC constant = {&out, DML_TENSOR_DATA_TYPE_INT16,
                                                      {.Int16 = -3}};
    check_op(device, create(device, DML_OPERATOR_FILL_VALUE_CONSTANT, &constant),
             "fill_value_constant", 0, NULL, 1, (const UINT64[]){72});
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC sequence = {&out, DML_TENSOR_DATA_TYPE_INT16,
                                                      {.Int16 = 300}, {.Int16 = -7}};
    check_op(device, create(device, DML_OPERATOR_FILL_VALUE_SEQUENCE, &sequence),
             "fill_value_sequence", 0, NULL, 1, (const UINT64[]){72});
    DML_DIAGONAL_MATRIX_OPERATOR_DESC eye = {&out, -1, 3.0f};
    check_op(device, create(device, DML_OPERATOR_DIAGONAL_MATRIX, &eye), "diagonal_matrix", 0,
             NULL, 1, (const UINT64[]){72});
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC trilu = {&out, &out, DML_TENSOR_DATA_TYPE_INT16,
                                                {.Int16 = 0}, INT32_MIN, 1};
    check_op(device, create(device, DML_OPERATOR_DIAGONAL_MATRIX1, &trilu), "diagonal_matrix1",
             1, (const UINT64[]){72}, 1, (const UINT64[]){72});
    trilu.InputTensor = NULL; /* the operator's one input binding is NONE; the graph has none */
    trilu.Value.Int16 = 5;
    check_op(device, create(device, DML_OPERATOR_DIAGONAL_MATRIX1, &trilu),
             "diagonal_matrix1 without input", 0, NULL, 1, (const UINT64[]){72});
}

/* SLICE_GRAD of a reversed, strided window: the input gradient's 3 x 2 into 5 x 7 zeros. */
static void check_slice_grad(IDMLDevice *device)
{
    DML_BUFFER_TENSOR_DESC in_buffer, out_buffer;
    DML_TENSOR_DESC in, out;
    static const UINT offsets[] = {1, 2}, sizes[] = {3, 4};
    static const INT strides[] = {1, -3};
    dml_util_tensor(&in_buffer, &in, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (const UINT[]){3, 2}, 0);
    dml_util_tensor(&out_buffer, &out, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (const UINT[]){5, 7}, 0);
    DML_SLICE_GRAD_OPERATOR_DESC desc = {&in, &out, 2, offsets, sizes, strides};
    check_op(device, create(device, DML_OPERATOR_SLICE_GRAD, &desc), "slice_grad", 1,
             (const UINT64[]){24}, 1, (const UINT64[]){140});
}

/* DIAGONAL_MATRIX1 without InputTensor through the API: one input binding, NONE; a buffer bound
 * there is ignored (nothing reads it), even one overlapping the output. */
static void check_absent_input(void)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC tensor;
    dml_util_tensor(&buffer, &tensor, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (const UINT[]){2, 3}, 0);
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC desc = {NULL, &tensor, DML_TENSOR_DATA_TYPE_FLOAT32,
                                               {.Float32 = 7.0f}, 0, 1};
    static const float want[6] = {7, 0, 0, 0, 7, 0};
    IDMLCompiledOperator *compiled = NULL;
    IDMLBindingTable *table = NULL;
    ID3D12Resource *out;
    DML_BUFFER_BINDING ob, ib;
    float got[6];

    CHECK(SUCCEEDED(dml_util_compile(device, DML_OPERATOR_DIAGONAL_MATRIX1, &desc, &compiled)),
          "absent input: compile");
    if (!compiled)
        return (void)IDMLDevice_Release(device);
    dmlopsCreateBuffer(device, 24, &out);
    CHECK(SUCCEEDED(initialize(device, compiled)), "absent input: initialize");
    for (int pass = 0; pass < 2; ++pass)
    {
        dmlopsUploadBuffer(device, out, 0, (float[6]){-1, -1, -1, -1, -1, -1}, 24);
        dml_util_table(device, (IDMLDispatchable *)compiled, &table);
        DML_BINDING_DESC input =
            pass ? binding(&ib, out, 24) : (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
        DML_BINDING_DESC output = binding(&ob, out, 24);
        IDMLBindingTable_BindInputs(table, 1, &input);
        IDMLBindingTable_BindOutputs(table, 1, &output);
        CHECK(dmlopsExecute(device, (IDMLDispatchable *)compiled, table) == S_OK &&
                  SUCCEEDED(IDMLDevice_GetDeviceRemovedReason(device)),
              "absent input: runs with input %s", pass ? "bound (ignored)" : "NONE");
        dmlopsDownloadBuffer(device, out, 0, got, 24);
        CHECK(!memcmp(got, want, 24), "absent input: output");
        IDMLBindingTable_Release(table);
    }
    dmlopsDestroyBuffer(device, out);
    IDMLCompiledOperator_Release(compiled);
    IDMLDevice_Release(device);
}

int main(void)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    unsigned checked = 0;

    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c)
    {
        struct single one = cases[c].make(device);
        int before = failures;

        check_op(device, one.op, cases[c].name, one.inputs, one.input_sizes, one.outputs,
                 one.output_sizes);
        checked += failures == before;
    }
    /* the 13 operators before issue 15 (the gathers and scatters have their own one-node graphs
     * in gpu_op_*, the generators and SLICE_GRAD below) */
    CHECK(distinct_types() == 13, "%u operator types in the table, want 13", distinct_types());
    printf("graph_single: %u of %zu single-node graphs (%u operator types) match CompileOperator\n",
           checked, sizeof(cases) / sizeof(cases[0]), distinct_types());
    check_generators(device);
    check_absent_input();
    check_slice_grad(device);
    check_interfaces(device);
    check_constant_copied(device);
    check_edgeless_input();
    check_below_fl_2_1();
    CHECK(IDMLDevice_Release(device) == 0, "device released");
    if (!failures)
        printf("graph_single: all single-node graphs match CompileOperator\n");
    return failures ? 1 : 0;
}

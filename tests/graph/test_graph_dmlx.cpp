// The graph DirectMLX emits for the worked example of graph.md section 2.1.5, array for array:
//
//   auto x     = dml::InputTensor(g, 0, {FLOAT32, {1,1,4,6}});
//   auto parts = dml::Split(x, 3, {2, 4});                                 // node 0
//   auto s     = dml::Slice(parts[1], {0,0,1,0}, {1,1,2,4}, {1,1,1,1});    // node 1: SLICE1
//   auto p     = dml::Padding(parts[0], CONSTANT, 0.f, {0,0,0,1}, {0,0,0,1}); // node 2: PADDING
//   auto j     = dml::Join({p, x}, 3);                                     // node 3
//   auto out   = dml::Identity(j);                                         // node 4
//   g.Compile(DML_EXECUTION_FLAG_NONE, {out, s});
//
// Each consumer's input desc is its producer's output desc (DMLX copies GetOutputDesc()), packed,
// Total = DMLCalcBufferTensorSize, names null, edges in DMLX's order. CompileGraph must accept
// it (S_FALSE with ppv NULL), compile it, and the compiled graph must give the C reference's
// bytes. First the part of the example without JOIN and ELEMENT_WISE_IDENTITY (SPLIT, SLICE1,
// PADDING: outputs {s, p}) runs as a graph of its own; then the whole example. An operator that
// CreateOperator refuses fails the test.
#include <cstdio>
#include <cstring>
#include <vector>

#include <dmlops.h>

extern "C"
{
#include "gpu.h"
}

namespace
{

// DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC's layout (DirectML.h), named here so that the test does
// not depend on the header revision that declares it.
struct IdentityDesc
{
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias;
};

struct Tensor
{
    std::vector<UINT> sizes;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC desc{};

    explicit Tensor(std::vector<UINT> s) : sizes(std::move(s))
    {
        buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
        buffer.DimensionCount = static_cast<UINT>(sizes.size());
        buffer.Sizes = sizes.data();
        buffer.TotalTensorSizeInBytes = dmlopsCalcBufferTensorSize(
            DML_TENSOR_DATA_TYPE_FLOAT32, buffer.DimensionCount, sizes.data(), nullptr);
        desc = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
    Tensor(const Tensor &) = delete;
};

int failures;

void check(bool ok, const char *what, HRESULT hr)
{
    if (!ok)
    {
        std::fprintf(stderr, "FAIL: %s (0x%08X)\n", what, static_cast<unsigned>(hr));
        ++failures;
    }
}

// x[h][w] of the example's {1,1,4,6} input.
float input_value(int h, int w)
{
    return static_cast<float>(10 * h + w) + 0.5f;
}

// The C reference of the example's tensors: s = x[1..2][2..5]; p = 0, x[h][0..1], 0;
// out = join(p, x) along w.
void reference(std::vector<float> &s, std::vector<float> &p, std::vector<float> &out)
{
    s.assign(8, 0.f);
    p.assign(16, 0.f);
    out.assign(40, 0.f);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 4; ++c)
            s[r * 4 + c] = input_value(1 + r, 2 + c);
    for (int h = 0; h < 4; ++h)
    {
        p[h * 4 + 1] = input_value(h, 0);
        p[h * 4 + 2] = input_value(h, 1);
        for (int w = 0; w < 4; ++w)
            out[h * 10 + w] = p[h * 4 + w];
        for (int w = 0; w < 6; ++w)
            out[h * 10 + 4 + w] = input_value(h, w);
    }
}

DML_BINDING_DESC buffer_binding(DML_BUFFER_BINDING &b, ID3D12Resource *buffer, UINT64 size)
{
    b = {buffer, 0, size};
    return {DML_BINDING_TYPE_BUFFER, &b};
}

// Compiles graph, initializes it, runs it on x with the outputs poisoned, and compares each
// output with want (and the byte after it, which must keep its poison).
void run(IDMLDevice *device, IDMLDevice1 *device1, const DML_GRAPH_DESC &graph, const char *what,
         const std::vector<std::vector<float>> &want)
{
    IDMLCompiledOperator *compiled = nullptr;
    IDMLOperatorInitializer *init = nullptr;
    IDMLBindingTable *table = nullptr;
    HRESULT hr = device1->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_IDMLCompiledOperator,
                                       reinterpret_cast<void **>(&compiled));
    check(hr == S_OK, what, hr);
    if (FAILED(hr))
        return;
    hr = device->CreateOperatorInitializer(1, &compiled, IID_IDMLOperatorInitializer,
                                           reinterpret_cast<void **>(&init));
    DML_BINDING_TABLE_DESC table_desc{init, {0}, {0}, 0};
    if (SUCCEEDED(hr))
        hr = device->CreateBindingTable(&table_desc, IID_IDMLBindingTable,
                                        reinterpret_cast<void **>(&table));
    if (SUCCEEDED(hr))
        hr = dmlopsExecute(device, init, table);
    check(hr == S_OK, "initialize", hr);
    DML_BINDING_PROPERTIES props = compiled->GetBindingProperties();
    std::vector<float> x(24);
    for (int h = 0; h < 4; ++h)
        for (int w = 0; w < 6; ++w)
            x[h * 6 + w] = input_value(h, w);
    ID3D12Resource *in = nullptr, *temporary = nullptr, *outs[2] = {};
    dmlopsCreateBuffer(device, 96, &in);
    dmlopsUploadBuffer(device, in, 0, x.data(), 96);
    if (props.TemporaryResourceSize)
        dmlopsCreateBuffer(device, props.TemporaryResourceSize, &temporary);
    std::vector<unsigned char> poison(1024, 0xA5);
    DML_BUFFER_BINDING ib, ob[2], tb;
    DML_BINDING_DESC in_desc = buffer_binding(ib, in, 96), out_desc[2];
    for (size_t k = 0; k < want.size(); ++k)
    {
        UINT64 bytes = want[k].size() * sizeof(float);
        dmlopsCreateBuffer(device, bytes + 256, &outs[k]);
        dmlopsUploadBuffer(device, outs[k], 0, poison.data(), bytes + 256);
        out_desc[k] = buffer_binding(ob[k], outs[k], bytes);
    }
    table_desc.Dispatchable = compiled;
    if (SUCCEEDED(hr))
        hr = table->Reset(&table_desc);
    if (SUCCEEDED(hr))
    {
        table->BindInputs(1, &in_desc);
        table->BindOutputs(static_cast<UINT>(want.size()), out_desc);
        if (temporary)
        {
            DML_BINDING_DESC t = buffer_binding(tb, temporary, props.TemporaryResourceSize);
            table->BindTemporaryResource(&t);
        }
        hr = dmlopsExecute(device, compiled, table);
    }
    check(hr == S_OK && props.PersistentResourceSize == 0, "execute", hr);
    for (size_t k = 0; k < want.size(); ++k)
    {
        UINT64 bytes = want[k].size() * sizeof(float);
        std::vector<unsigned char> got(bytes + 256);
        dmlopsDownloadBuffer(device, outs[k], 0, got.data(), bytes + 256);
        check(!std::memcmp(got.data(), want[k].data(), bytes), "output matches the reference",
              static_cast<HRESULT>(k));
        check(!std::memcmp(got.data() + bytes, poison.data(), 256), "bytes past the output kept",
              static_cast<HRESULT>(k));
        dmlopsDestroyBuffer(device, outs[k]);
    }
    dmlopsDestroyBuffer(device, in);
    if (temporary)
        dmlopsDestroyBuffer(device, temporary);
    if (table)
        table->Release();
    if (init)
        init->Release();
    compiled->Release();
}

// The example without JOIN and IDENTITY: nodes 0-2 as DMLX emits them, outputs {s, p}.
void run_without_join(IDMLDevice *device, IDMLDevice1 *device1, IDMLOperator *const *ops,
                      const std::vector<float> &want_s, const std::vector<float> &want_p)
{
    DML_OPERATOR_GRAPH_NODE_DESC op_nodes[3];
    DML_GRAPH_NODE_DESC nodes[3];
    for (int n = 0; n < 3; ++n)
    {
        op_nodes[n] = {ops[n], nullptr};
        nodes[n] = {DML_GRAPH_NODE_TYPE_OPERATOR, &op_nodes[n]};
    }
    DML_INPUT_GRAPH_EDGE_DESC in_desc{0, 0, 0, nullptr};
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid_descs[] = {{0, 1, 1, 0, nullptr}, {0, 0, 2, 0, nullptr}};
    DML_OUTPUT_GRAPH_EDGE_DESC out_descs[] = {{1, 0, 0, nullptr}, {2, 0, 1, nullptr}};
    DML_GRAPH_EDGE_DESC in_edge{DML_GRAPH_EDGE_TYPE_INPUT, &in_desc}, mid_edges[2], out_edges[2];
    for (int e = 0; e < 2; ++e)
    {
        mid_edges[e] = {DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &mid_descs[e]};
        out_edges[e] = {DML_GRAPH_EDGE_TYPE_OUTPUT, &out_descs[e]};
    }
    DML_GRAPH_DESC graph{1, 2, 3, nodes, 1, &in_edge, 2, out_edges, 2, mid_edges};
    run(device, device1, graph, "SPLIT, SLICE1, PADDING", {want_s, want_p});
}

} // namespace

int main()
{
    IDMLDevice *device = gpu_create_device(static_cast<DML_FEATURE_LEVEL>(0), TRUE);
    IDMLDevice1 *device1 = nullptr;
    check(SUCCEEDED(device->QueryInterface(IID_IDMLDevice1, reinterpret_cast<void **>(&device1))),
          "IDMLDevice1", S_OK);

    Tensor x({1, 1, 4, 6}), part0({1, 1, 4, 2}), part1({1, 1, 4, 4}), s({1, 1, 2, 4}),
        p({1, 1, 4, 4}), j({1, 1, 4, 10}), out({1, 1, 4, 10});

    DML_TENSOR_DESC parts[] = {part0.desc, part1.desc};
    DML_SPLIT_OPERATOR_DESC split{&x.desc, 2, parts, 3};
    const UINT offsets[] = {0, 0, 1, 0}, sizes[] = {1, 1, 2, 4};
    const INT strides[] = {1, 1, 1, 1};
    DML_SLICE1_OPERATOR_DESC slice{&part1.desc, &s.desc, 4, offsets, sizes, strides};
    const UINT start[] = {0, 0, 0, 1}, end[] = {0, 0, 0, 1};
    DML_PADDING_OPERATOR_DESC padding{&part0.desc, &p.desc, DML_PADDING_MODE_CONSTANT, 0.f, 4,
                                      start,       end};
    DML_TENSOR_DESC join_inputs[] = {p.desc, x.desc};
    DML_JOIN_OPERATOR_DESC join{2, join_inputs, &j.desc, 3};
    IdentityDesc identity{&j.desc, &out.desc, nullptr};

    const DML_OPERATOR_DESC descs[] = {
        {DML_OPERATOR_SPLIT, &split},
        {DML_OPERATOR_SLICE1, &slice},
        {DML_OPERATOR_PADDING, &padding},
        {DML_OPERATOR_JOIN, &join},
        {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity},
    };
    IDMLOperator *ops[5] = {};
    std::vector<float> want_s, want_p, want_out;
    reference(want_s, want_p, want_out);
    for (int n = 0; n < 5; ++n)
    {
        HRESULT hr =
            device->CreateOperator(&descs[n], IID_IDMLOperator, reinterpret_cast<void **>(&ops[n]));
        check(SUCCEEDED(hr), "CreateOperator", hr);
        if (FAILED(hr))
            return 1;
    }
    run_without_join(device, device1, ops, want_s, want_p);

    // What dml::Graph::Compile builds (GetGraphDesc): operator nodes in creation order, names null.
    DML_OPERATOR_GRAPH_NODE_DESC op_nodes[5];
    DML_GRAPH_NODE_DESC nodes[5];
    for (int n = 0; n < 5; ++n)
    {
        op_nodes[n] = {ops[n], nullptr};
        nodes[n] = {DML_GRAPH_NODE_TYPE_OPERATOR, &op_nodes[n]};
    }
    // For each node in order, for each input in order: graph input -> input edge, node ->
    // intermediate edge.
    DML_INPUT_GRAPH_EDGE_DESC in_descs[] = {{0, 0, 0, nullptr}, {0, 3, 1, nullptr}};
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid_descs[] = {
        {0, 1, 1, 0, nullptr}, {0, 0, 2, 0, nullptr}, {2, 0, 3, 0, nullptr}, {3, 0, 4, 0, nullptr}};
    DML_OUTPUT_GRAPH_EDGE_DESC out_descs[] = {{4, 0, 0, nullptr}, {1, 0, 1, nullptr}};
    DML_GRAPH_EDGE_DESC in_edges[2], mid_edges[4], out_edges[2];
    for (int e = 0; e < 2; ++e)
        in_edges[e] = {DML_GRAPH_EDGE_TYPE_INPUT, &in_descs[e]};
    for (int e = 0; e < 4; ++e)
        mid_edges[e] = {DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &mid_descs[e]};
    for (int e = 0; e < 2; ++e)
        out_edges[e] = {DML_GRAPH_EDGE_TYPE_OUTPUT, &out_descs[e]};
    DML_GRAPH_DESC graph{1, 2, 5, nodes, 2, in_edges, 2, out_edges, 4, mid_edges};

    HRESULT hr =
        device1->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_IDMLCompiledOperator, nullptr);
    check(hr == S_FALSE, "CompileGraph accepts DMLX's graph", hr);
    run(device, device1, graph, "the whole example", {want_out, want_s});
    // The same arrays with one rule broken are still rejected: SPLIT's output 1 into SLICE1 read
    // as the wrong size.
    mid_descs[0].FromNodeOutputIndex = 0;
    hr = device1->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_IDMLCompiledOperator, nullptr);
    check(hr == E_INVALIDARG, "G-E1 on a DMLX graph", hr);

    for (IDMLOperator *op : ops)
        op->Release();
    device1->Release();
    check(device->Release() == 0, "device released", S_OK);
    if (!failures)
        std::printf("graph_dmlx: DirectMLX's graph of section 2.1.5 compiles and runs\n");
    return failures ? 1 : 0;
}

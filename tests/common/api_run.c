#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "op_check.h"
#include "vk_test.h"

/* A graph of the one node op. */
static HRESULT compile_graph(IDMLDevice *device, IDMLOperator *op, const struct api_run_io *io,
                             IDMLCompiledOperator **out)
{
    DML_OPERATOR_GRAPH_NODE_DESC node = {op, "node"};
    DML_GRAPH_NODE_DESC nodes[1] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &node}};
    DML_INPUT_GRAPH_EDGE_DESC in[API_RUN_MAX_TENSORS];
    DML_OUTPUT_GRAPH_EDGE_DESC outs[API_RUN_MAX_TENSORS];
    DML_GRAPH_EDGE_DESC in_edges[API_RUN_MAX_TENSORS], out_edges[API_RUN_MAX_TENSORS];
    IDMLDevice1 *device1 = NULL;
    HRESULT hr;

    for (uint32_t i = 0; i < io->input_count; ++i)
    {
        in[i] = (DML_INPUT_GRAPH_EDGE_DESC){i, 0, i, NULL};
        in_edges[i] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &in[i]};
    }
    for (uint32_t k = 0; k < io->output_count; ++k)
    {
        outs[k] = (DML_OUTPUT_GRAPH_EDGE_DESC){0, k, k, NULL};
        out_edges[k] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &outs[k]};
    }
    DML_GRAPH_DESC graph = {io->input_count, io->output_count, 1,         nodes, io->input_count,
                            in_edges,        io->output_count, out_edges, 0,     NULL};
    if (FAILED(hr = IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1)))
        return hr;
    hr = IDMLDevice1_CompileGraph(device1, &graph, DML_EXECUTION_FLAG_NONE,
                                  &IID_IDMLCompiledOperator, (void **)out);
    IDMLDevice1_Release(device1);
    return hr;
}

static HRESULT compile(IDMLDevice *device, const DML_OPERATOR_DESC *desc, bool as_graph,
                       const struct api_run_io *io, IDMLCompiledOperator **out)
{
    IDMLOperator *op = NULL;
    HRESULT hr = IDMLDevice_CreateOperator(device, desc, &IID_IDMLOperator, (void **)&op);

    if (SUCCEEDED(hr))
        hr = as_graph ? compile_graph(device, op, io, out)
                      : IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                                   &IID_IDMLCompiledOperator, (void **)out);
    if (op)
        IDMLOperator_Release(op);
    return hr;
}

static HRESULT table_for(IDMLDevice *device, IDMLDispatchable *dispatchable,
                         IDMLBindingTable **table)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable, {0}, {0}, 0};
    return IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)table);
}

static HRESULT initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *init = NULL;
    IDMLBindingTable *table = NULL;
    HRESULT hr = IDMLDevice_CreateOperatorInitializer(device, 1, &compiled,
                                                      &IID_IDMLOperatorInitializer, (void **)&init);

    if (SUCCEEDED(hr))
        hr = table_for(device, (IDMLDispatchable *)init, &table);
    if (SUCCEEDED(hr))
        hr = dmlopsExecute(device, (IDMLDispatchable *)init, table);
    if (table)
        IDMLBindingTable_Release(table);
    if (init)
        IDMLOperatorInitializer_Release(init);
    return hr;
}

struct buffers
{
    ID3D12Resource *in[API_RUN_MAX_TENSORS], *out[API_RUN_MAX_TENSORS], *temp;
};

static HRESULT upload(IDMLDevice *device, const struct api_run_io *io, uint64_t temp_bytes,
                      struct buffers *b)
{
    HRESULT hr = S_OK;

    for (uint32_t i = 0; i < io->input_count && SUCCEEDED(hr); ++i)
        if (SUCCEEDED(hr = dmlopsCreateBuffer(device, io->input_bytes[i], &b->in[i])))
            hr = dmlopsUploadBuffer(device, b->in[i], 0, io->inputs[i], io->input_bytes[i]);
    for (uint32_t k = 0; k < io->output_count && SUCCEEDED(hr); ++k)
        if (SUCCEEDED(hr = dmlopsCreateBuffer(device, io->output_bytes[k], &b->out[k])))
            hr = dmlopsUploadBuffer(device, b->out[k], 0, io->outputs[k], io->output_bytes[k]);
    if (SUCCEEDED(hr) && temp_bytes)
        hr = dmlopsCreateBuffer(device, temp_bytes, &b->temp);
    return hr;
}

static HRESULT execute(IDMLDevice *device, IDMLCompiledOperator *compiled,
                       const struct api_run_io *io, const struct buffers *b, uint64_t temp_bytes)
{
    DML_BUFFER_BINDING ib[API_RUN_MAX_TENSORS], ob[API_RUN_MAX_TENSORS],
        tb = {b->temp, 0, temp_bytes};
    DML_BINDING_DESC in[API_RUN_MAX_TENSORS], out[API_RUN_MAX_TENSORS];
    DML_BINDING_DESC temp = {DML_BINDING_TYPE_BUFFER, &tb};
    IDMLBindingTable *table = NULL;
    HRESULT hr = table_for(device, (IDMLDispatchable *)compiled, &table);

    for (uint32_t i = 0; i < io->input_count; ++i)
    {
        ib[i] = (DML_BUFFER_BINDING){b->in[i], 0, io->input_bytes[i]};
        in[i] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &ib[i]};
    }
    for (uint32_t k = 0; k < io->output_count; ++k)
    {
        ob[k] = (DML_BUFFER_BINDING){b->out[k], 0, io->output_bytes[k]};
        out[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &ob[k]};
    }
    if (SUCCEEDED(hr))
    {
        IDMLBindingTable_BindInputs(table, io->input_count, in);
        IDMLBindingTable_BindOutputs(table, io->output_count, out);
        if (temp_bytes)
            IDMLBindingTable_BindTemporaryResource(table, &temp);
        hr = dmlopsExecute(device, (IDMLDispatchable *)compiled, table);
    }
    if (table)
        IDMLBindingTable_Release(table);
    return SUCCEEDED(hr) ? IDMLDevice_GetDeviceRemovedReason(device) : hr;
}

HRESULT api_run(IDMLDevice *device, const DML_OPERATOR_DESC *desc, bool as_graph,
                struct api_run_io *io)
{
    IDMLCompiledOperator *compiled = NULL;
    struct buffers b = {0};
    uint64_t temp = 0;
    HRESULT hr = compile(device, desc, as_graph, io, &compiled);

    if (SUCCEEDED(hr))
    {
        temp = IDMLCompiledOperator_GetBindingProperties(compiled).TemporaryResourceSize;
        hr = upload(device, io, temp, &b);
    }
    if (SUCCEEDED(hr))
        hr = initialize(device, compiled);
    if (SUCCEEDED(hr))
        hr = execute(device, compiled, io, &b, temp);
    for (uint32_t k = 0; k < io->output_count && SUCCEEDED(hr); ++k)
        hr = dmlopsDownloadBuffer(device, b.out[k], 0, io->outputs[k], io->output_bytes[k]);
    if (FAILED(hr))
        fprintf(stderr, "api_run (%s): 0x%08X\n", as_graph ? "graph" : "operator", (unsigned)hr);
    for (uint32_t i = 0; i < API_RUN_MAX_TENSORS; ++i)
    {
        if (b.in[i])
            dmlopsDestroyBuffer(device, b.in[i]);
        if (b.out[i])
            dmlopsDestroyBuffer(device, b.out[i]);
    }
    if (b.temp)
        dmlopsDestroyBuffer(device, b.temp);
    if (compiled)
        IDMLCompiledOperator_Release(compiled);
    return hr;
}

bool api_run_check(IDMLDevice *device, const DML_OPERATOR_DESC *desc,
                   const struct op_check_buffers *b, char *why, size_t why_size)
{
    for (int as_graph = 0; as_graph < 2; ++as_graph)
    {
        struct api_run_io io = {b->input_count, b->output_count, {0}, {0}, {0}, {0}};
        bool ok = true;
        HRESULT hr;

        for (uint32_t i = 0; i < b->input_count; ++i)
        {
            io.inputs[i] = b->data[i];
            io.input_bytes[i] = b->bytes[i];
        }
        for (uint32_t k = 0; k < b->output_count; ++k)
        {
            uint32_t s = b->input_count + k;
            io.output_bytes[k] = b->bytes[s];
            io.outputs[k] = malloc(b->bytes[s] ? b->bytes[s] : 1);
            memset(io.outputs[k], VK_TEST_POISON, b->bytes[s]);
        }
        hr = api_run(device, desc, as_graph, &io);
        if (FAILED(hr))
            ok = snprintf(why, why_size, "%s: 0x%08X", as_graph ? "graph" : "operator",
                          (unsigned)hr) < 0;
        for (uint32_t k = 0; k < b->output_count; ++k)
        {
            uint32_t s = b->input_count + k;
            for (uint64_t i = 0; ok && i < b->bytes[s]; ++i)
                if (io.outputs[k][i] != b->data[s][i])
                    ok = snprintf(why, why_size, "%s: output %u byte %llu is %02x, expected %02x",
                                  as_graph ? "graph" : "operator", k, (unsigned long long)i,
                                  io.outputs[k][i], b->data[s][i]) < 0;
            free(io.outputs[k]);
        }
        if (!ok)
            return false;
    }
    return true;
}

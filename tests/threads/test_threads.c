/* One device shared by 8 threads that create, compile (as an operator or as a one-node graph),
 * initialize, bind, record and execute concurrently, every result checked (the device and its
 * children are free-threaded). */
#define COBJMACROS
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"

#define THREADS 8
#define DEFAULT_ITERATIONS 1000
#define MAX_ELEMENTS 256

struct worker
{
    IDMLDevice *device;
    unsigned index, iterations, failures;
};

/* Every other pair of iterations compiles a one-node graph instead of the operator, so that the
 * threads share CompileGraph's cache as well (the same shapes recur across threads). */
static HRESULT compile(IDMLDevice *device, IDMLOperator *op, unsigned seed,
                       IDMLCompiledOperator **out)
{
    DML_OPERATOR_GRAPH_NODE_DESC node = {op, NULL};
    DML_GRAPH_NODE_DESC nodes[1] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &node}};
    DML_INPUT_GRAPH_EDGE_DESC in = {0, 0, 0, NULL};
    DML_OUTPUT_GRAPH_EDGE_DESC out_edge = {0, 0, 0, NULL};
    DML_GRAPH_EDGE_DESC in_edge = {DML_GRAPH_EDGE_TYPE_INPUT, &in},
                        out_edges = {DML_GRAPH_EDGE_TYPE_OUTPUT, &out_edge};
    DML_GRAPH_DESC graph = {1, 1, 1, nodes, 1, &in_edge, 1, &out_edges, 0, NULL};
    IDMLDevice1 *device1;
    HRESULT hr;

    if (seed / 2 % 2 == 0)
        return IDMLDevice_CompileOperator(device, op, 0, &IID_IDMLCompiledOperator, (void **)out);
    if (FAILED(hr = IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1)))
        return hr;
    hr = IDMLDevice1_CompileGraph(device1, &graph, 0, &IID_IDMLCompiledOperator, (void **)out);
    IDMLDevice1_Release(device1);
    return hr;
}

/* A reversing SLICE1 (odd iterations) or a CONSTANT PADDING (even ones) of n uint32. */
static HRESULT run_once(IDMLDevice *device, unsigned n, unsigned seed, UINT *input, UINT *output)
{
    UINT in_sizes[1] = {n}, out_sizes[1] = {seed % 2 ? n : n + 3}, offsets[1] = {0}, window[1] = {n};
    UINT start[1] = {1}, end[1] = {2};
    INT strides[1] = {-1};
    DML_BUFFER_TENSOR_DESC in_buffer = {DML_TENSOR_DATA_TYPE_UINT32, 0, 1, in_sizes, NULL, n * 4, 0};
    DML_BUFFER_TENSOR_DESC out_buffer = {DML_TENSOR_DATA_TYPE_UINT32, 0, 1, out_sizes, NULL,
                                         out_sizes[0] * 4, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer}, out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};
    DML_SLICE1_OPERATOR_DESC slice = {&in_tensor, &out_tensor, 1, offsets, window, strides};
    DML_PADDING_OPERATOR_DESC pad = {&in_tensor, &out_tensor, DML_PADDING_MODE_CONSTANT, (float)seed, 1, start, end};
    DML_OPERATOR_DESC desc = {seed % 2 ? DML_OPERATOR_SLICE1 : DML_OPERATOR_PADDING,
                              seed % 2 ? (const void *)&slice : (const void *)&pad};
    IDMLOperator *op = NULL;
    IDMLCompiledOperator *compiled = NULL;
    IDMLOperatorInitializer *init = NULL;
    IDMLBindingTable *table = NULL;
    ID3D12Resource *in = NULL, *out = NULL;
    DML_BINDING_TABLE_DESC table_desc = {NULL, {0}, {0}, 0};
    DML_BUFFER_BINDING in_binding, out_binding;
    DML_BINDING_DESC in_desc = {DML_BINDING_TYPE_BUFFER, &in_binding}, out_desc = {DML_BINDING_TYPE_BUFFER, &out_binding};
    HRESULT hr;

    if (FAILED(hr = IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op)) ||
        FAILED(hr = compile(device, op, seed, &compiled)) ||
        FAILED(hr = IDMLDevice_CreateOperatorInitializer(device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&init)))
        goto done;
    table_desc.Dispatchable = (IDMLDispatchable *)init;
    if (FAILED(hr = IDMLDevice_CreateBindingTable(device, &table_desc, &IID_IDMLBindingTable, (void **)&table)) ||
        FAILED(hr = dmlopsExecute(device, (IDMLDispatchable *)init, table)) ||
        FAILED(hr = dmlopsCreateBuffer(device, in_buffer.TotalTensorSizeInBytes, &in)) ||
        FAILED(hr = dmlopsCreateBuffer(device, out_buffer.TotalTensorSizeInBytes, &out)) ||
        FAILED(hr = dmlopsUploadBuffer(device, in, 0, input, n * 4)))
        goto done;
    in_binding = (DML_BUFFER_BINDING){in, 0, in_buffer.TotalTensorSizeInBytes};
    out_binding = (DML_BUFFER_BINDING){out, 0, out_buffer.TotalTensorSizeInBytes};
    table_desc.Dispatchable = (IDMLDispatchable *)compiled;
    if (FAILED(hr = IDMLBindingTable_Reset(table, &table_desc)))
        goto done;
    IDMLBindingTable_BindInputs(table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(table, 1, &out_desc);
    if (SUCCEEDED(hr = dmlopsExecute(device, (IDMLDispatchable *)compiled, table)))
        hr = dmlopsDownloadBuffer(device, out, 0, output, out_buffer.TotalTensorSizeInBytes);
done:
    dmlopsDestroyBuffer(device, in);
    dmlopsDestroyBuffer(device, out);
    if (table)
        IDMLBindingTable_Release(table);
    if (init)
        IDMLOperatorInitializer_Release(init);
    if (compiled)
        IDMLCompiledOperator_Release(compiled);
    if (op)
        IDMLOperator_Release(op);
    return hr;
}

static unsigned check(unsigned n, unsigned seed, const UINT *input, const UINT *output)
{
    unsigned wrong = 0;

    for (unsigned i = 0; i < (seed % 2 ? n : n + 3); ++i)
    {
        UINT expected = seed % 2 ? input[n - 1 - i] : (i < 1 || i > n ? seed : input[i - 1]);
        wrong += output[i] != expected;
    }
    return wrong;
}

static void *work(void *arg)
{
    struct worker *worker = arg;
    UINT input[MAX_ELEMENTS], output[MAX_ELEMENTS + 4];

    for (unsigned it = 0; it < worker->iterations; ++it)
    {
        unsigned seed = worker->index * 100003u + it, n = 1 + seed % (MAX_ELEMENTS - 1);
        HRESULT hr;

        for (unsigned i = 0; i < n; ++i)
            input[i] = seed * 31u + i;
        if (FAILED(hr = run_once(worker->device, n, seed, input, output)) || check(n, seed, input, output))
        {
            fprintf(stderr, "thread %u iteration %u (n %u): %s 0x%08X\n", worker->index, it, n,
                    FAILED(hr) ? "failed" : "wrong result", (unsigned)hr);
            ++worker->failures;
        }
    }
    return NULL;
}

int main(void)
{
    const char *env = getenv("DMLOPS_TEST_ITERATIONS");
    unsigned iterations = env ? (unsigned)atoi(env) : DEFAULT_ITERATIONS, failures = 0;
    IDMLDevice *device = gpu_create_device(0, TRUE);
    struct worker workers[THREADS];
    pthread_t threads[THREADS];

    for (unsigned t = 0; t < THREADS; ++t)
    {
        workers[t] = (struct worker){device, t, iterations, 0};
        pthread_create(&threads[t], NULL, work, &workers[t]);
    }
    for (unsigned t = 0; t < THREADS; ++t)
    {
        pthread_join(threads[t], NULL);
        failures += workers[t].failures;
    }
    if (IDMLDevice_GetDeviceRemovedReason(device) != S_OK)
        ++failures;
    IDMLDevice_Release(device);
    printf("%u threads x %u iterations: %u failures\n", THREADS, iterations, failures);
    return failures ? 1 : 0;
}

/* CompileGraph of a 10- and a 100-node chain, cold (first compile in the process of that graph)
 * and warm (median and best of later compiles of the same desc), next to a warm CompileOperator.
 * The best is what the CPU work costs where other processes share the cores; the ratio is of
 * bests. */
#define _POSIX_C_SOURCE 200809L
#include "bench_compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHAIN_MAX 100u
#define WARM_RUNS 101u
#define ELEMENTS 256u

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* SLICE1 [1, ELEMENTS) -> [0, ELEMENTS - 1) of a FLOAT32 vector padded back by one: a chain of
 * nodes whose inputs and outputs all have ELEMENTS elements. */
static IDMLOperator *chain_node(IDMLDevice *device)
{
    static const UINT sizes[1] = {ELEMENTS}, offsets[1] = {0}, window[1] = {ELEMENTS};
    static const INT strides[1] = {1};
    DML_BUFFER_TENSOR_DESC buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, ELEMENTS * 4, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_SLICE1_OPERATOR_DESC slice = {&tensor, &tensor, 1, offsets, window, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};
    IDMLOperator *op = NULL;

    IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op);
    return op;
}

struct chain
{
    DML_GRAPH_DESC desc;
    DML_GRAPH_NODE_DESC nodes[CHAIN_MAX];
    DML_OPERATOR_GRAPH_NODE_DESC ops[CHAIN_MAX];
    DML_INPUT_GRAPH_EDGE_DESC in;
    DML_OUTPUT_GRAPH_EDGE_DESC out;
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid[CHAIN_MAX];
    DML_GRAPH_EDGE_DESC in_edge, out_edge, mid_edges[CHAIN_MAX];
};

static void build_chain(struct chain *c, IDMLOperator *op, unsigned n)
{
    memset(c, 0, sizeof(*c));
    for (unsigned i = 0; i < n; ++i)
    {
        c->ops[i] = (DML_OPERATOR_GRAPH_NODE_DESC){op, NULL};
        c->nodes[i] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &c->ops[i]};
        if (i)
        {
            c->mid[i - 1] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){i - 1, 0, i, 0, NULL};
            c->mid_edges[i - 1] =
                (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &c->mid[i - 1]};
        }
    }
    c->in = (DML_INPUT_GRAPH_EDGE_DESC){0, 0, 0, NULL};
    c->out = (DML_OUTPUT_GRAPH_EDGE_DESC){n - 1, 0, 0, NULL};
    c->in_edge = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &c->in};
    c->out_edge = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &c->out};
    c->desc = (DML_GRAPH_DESC){
        1, 1, n, c->nodes, 1, &c->in_edge, 1, &c->out_edge, n - 1, n > 1 ? c->mid_edges : NULL};
}

/* Milliseconds of one compile: CompileGraph of c, or CompileOperator of op when c is NULL. */
static double time_compile(IDMLDevice *device, IDMLDevice1 *device1, const struct chain *c,
                           IDMLOperator *op, int *failed)
{
    IDMLCompiledOperator *compiled = NULL;
    double start = now_ms(), ms;
    HRESULT hr = c ? IDMLDevice1_CompileGraph(device1, &c->desc, DML_EXECUTION_FLAG_NONE,
                                              &IID_IDMLCompiledOperator, (void **)&compiled)
                   : IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, (void **)&compiled);

    ms = now_ms() - start;
    *failed |= FAILED(hr);
    if (compiled)
        IDMLCompiledOperator_Release(compiled);
    return ms;
}

struct warm
{
    double median, best; /* ms */
};

static struct warm warm(IDMLDevice *device, IDMLDevice1 *device1, const struct chain *c,
                        IDMLOperator *op, int *failed)
{
    double ms[WARM_RUNS];

    for (unsigned r = 0; r < WARM_RUNS; ++r)
        ms[r] = time_compile(device, device1, c, op, failed);
    qsort(ms, WARM_RUNS, sizeof(ms[0]), compare_doubles);
    return (struct warm){ms[WARM_RUNS / 2], ms[0]};
}

int bench_compile_graphs(IDMLDevice *device)
{
    static struct chain c;
    static const unsigned lengths[] = {10, CHAIN_MAX};
    IDMLOperator *op = chain_node(device);
    IDMLDevice1 *device1 = NULL;
    struct warm op_warm;
    int failed = !op;

    if (failed || FAILED(IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1)))
        return printf("CompileGraph: could not create the chain's operator\n"), 1;
    printf("CompileOperator (SLICE1, %u floats): first %.1f us, ", ELEMENTS,
           1e3 * time_compile(device, device1, NULL, op, &failed));
    op_warm = warm(device, device1, NULL, op, &failed);
    printf("warm %.2f us (median of %u), best %.2f us\n", 1e3 * op_warm.median, WARM_RUNS,
           1e3 * op_warm.best);
    for (unsigned i = 0; i < 2; ++i)
    {
        struct warm hot;
        double cold;

        build_chain(&c, op, lengths[i]);
        cold = time_compile(device, device1, &c, op, &failed);
        hot = warm(device, device1, &c, op, &failed);
        printf("CompileGraph, chain of %u SLICE1 nodes: cold %.1f us, warm %.1f us, best %.1f us "
               "(%.1fx a warm CompileOperator, best to best; target 10x)\n",
               lengths[i], 1e3 * cold, 1e3 * hot.median, 1e3 * hot.best, hot.best / op_warm.best);
    }
    IDMLDevice1_Release(device1);
    IDMLOperator_Release(op);
    if (failed)
        printf("CompileGraph: a compile failed\n");
    return failed;
}

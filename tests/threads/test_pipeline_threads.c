/* Specialized pipelines arriving while threads compile, record and execute (run with
 * DMLOPS_SPECIALIZE=1, pipelines built in the background, under ThreadSanitizer in CI): every
 * shape is new, so each CompileOperator queues a pipeline on the device's worker; each operator is
 * executed once at once (most likely on the generic kernel) and again an iteration later (most
 * likely on its specialized pipeline), both results checked; every third one is released right
 * after it is compiled, while its pipeline is queued or being built; one thread waits for the
 * worker now and then (dml_vk_device_wait_pipelines), so that pipelines arrive while the others
 * record; the device is released while the worker may still be building. */
#define COBJMACROS
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiled_operator.h"
#include "device.h"
#include "gpu.h"
#include "vk/vk.h"

#define THREADS 4
#define DEFAULT_ITERATIONS 12
#define MAX_ELEMENTS 512

/* One compiled operator, initialized and bound: a reversing SLICE1 (odd seeds) or a CONSTANT
 * PADDING by one at each end (even seeds) of n uint32. */
struct live
{
    unsigned n, seed;
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;
    ID3D12Resource *in, *out;
    UINT input[MAX_ELEMENTS];
};

static unsigned out_count(const struct live *l)
{
    return l->seed % 2 ? l->n : l->n + 2;
}

static HRESULT create_op(IDMLDevice *device, struct live *l)
{
    UINT in_sizes[1] = {l->n}, out_sizes[1] = {out_count(l)}, offsets[1] = {0}, window[1] = {l->n};
    UINT start[1] = {1}, end[1] = {1};
    INT strides[1] = {-1};
    DML_BUFFER_TENSOR_DESC in_buffer = {DML_TENSOR_DATA_TYPE_UINT32, 0, 1, in_sizes, NULL,
                                        l->n * 4, 0};
    DML_BUFFER_TENSOR_DESC out_buffer = {DML_TENSOR_DATA_TYPE_UINT32, 0, 1, out_sizes, NULL,
                                         out_sizes[0] * 4, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};
    DML_SLICE1_OPERATOR_DESC slice = {&in_tensor, &out_tensor, 1, offsets, window, strides};
    DML_PADDING_OPERATOR_DESC pad = {&in_tensor, &out_tensor, DML_PADDING_MODE_CONSTANT,
                                     (float)l->seed, 1, start, end};
    DML_OPERATOR_DESC desc = {l->seed % 2 ? DML_OPERATOR_SLICE1 : DML_OPERATOR_PADDING,
                              l->seed % 2 ? (const void *)&slice : (const void *)&pad};
    HRESULT hr = IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&l->op);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CompileOperator(device, l->op, 0, &IID_IDMLCompiledOperator,
                                        (void **)&l->compiled);
    return hr;
}

static HRESULT initialize(IDMLDevice *device, struct live *l)
{
    IDMLOperatorInitializer *init = NULL;
    IDMLBindingTable *table = NULL;
    HRESULT hr = IDMLDevice_CreateOperatorInitializer(device, 1, &l->compiled,
                                                      &IID_IDMLOperatorInitializer, (void **)&init);
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)init, {0}, {0}, 0};
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)&table);
    if (SUCCEEDED(hr))
        hr = dmlopsExecute(device, (IDMLDispatchable *)init, table);
    if (table)
        IDMLBindingTable_Release(table);
    if (init)
        IDMLOperatorInitializer_Release(init);
    return hr;
}

static HRESULT bind(IDMLDevice *device, struct live *l)
{
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)l->compiled, {0}, {0}, 0};
    DML_BUFFER_BINDING in_binding = {NULL, 0, l->n * 4}, out_binding = {NULL, 0, out_count(l) * 4};
    DML_BINDING_DESC in_desc = {DML_BINDING_TYPE_BUFFER, &in_binding};
    DML_BINDING_DESC out_desc = {DML_BINDING_TYPE_BUFFER, &out_binding};
    HRESULT hr = dmlopsCreateBuffer(device, in_binding.SizeInBytes, &l->in);
    if (SUCCEEDED(hr))
        hr = dmlopsCreateBuffer(device, out_binding.SizeInBytes, &l->out);
    for (unsigned i = 0; i < l->n; ++i)
        l->input[i] = l->seed * 31u + i;
    if (SUCCEEDED(hr))
        hr = dmlopsUploadBuffer(device, l->in, 0, l->input, l->n * 4);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable,
                                           (void **)&l->table);
    if (FAILED(hr))
        return hr;
    in_binding.Buffer = l->in;
    out_binding.Buffer = l->out;
    IDMLBindingTable_BindInputs(l->table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(l->table, 1, &out_desc);
    return S_OK;
}

/* Runs the operator and counts the wrong output elements (into *wrong). */
static HRESULT run_and_check(IDMLDevice *device, struct live *l, unsigned *wrong)
{
    UINT output[MAX_ELEMENTS + 2];
    HRESULT hr = dmlopsExecute(device, (IDMLDispatchable *)l->compiled, l->table);
    if (SUCCEEDED(hr))
        hr = dmlopsDownloadBuffer(device, l->out, 0, output, out_count(l) * 4);
    for (unsigned i = 0; SUCCEEDED(hr) && i < out_count(l); ++i)
    {
        UINT expected = l->seed % 2 ? l->input[l->n - 1 - i]
                                    : (i < 1 || i > l->n ? l->seed : l->input[i - 1]);
        *wrong += output[i] != expected;
    }
    return hr;
}

static void release(IDMLDevice *device, struct live *l)
{
    dmlopsDestroyBuffer(device, l->in);
    dmlopsDestroyBuffer(device, l->out);
    if (l->table)
        IDMLBindingTable_Release(l->table);
    if (l->compiled)
        IDMLCompiledOperator_Release(l->compiled);
    if (l->op)
        IDMLOperator_Release(l->op);
    memset(l, 0, sizeof(*l));
}

struct worker
{
    IDMLDevice *device;
    unsigned index, iterations, failures;
    unsigned specialized_runs; /* later runs that recorded a specialized pipeline */
    struct live slots[2]; /* this iteration's operator and the previous one's */
};

static void report(struct worker *w, unsigned it, const char *what, HRESULT hr, unsigned wrong)
{
    if (SUCCEEDED(hr) && !wrong)
        return;
    fprintf(stderr, "thread %u iteration %u %s: 0x%08X, %u wrong\n", w->index, it, what,
            (unsigned)hr, wrong);
    ++w->failures;
}

static void iterate(struct worker *w, unsigned it)
{
    struct live *now = &w->slots[it % 2], *before = &w->slots[(it + 1) % 2];
    unsigned wrong = 0;
    /* A shape of its own: n differs per thread and iteration. */
    now->n = 2 + w->index + THREADS * it;
    now->seed = w->index * 7u + it;
    HRESULT hr = create_op(w->device, now);
    if (it % 3 == 2) /* released while its pipeline is queued or being built */
    {
        report(w, it, "compile", hr, 0);
        release(w->device, now);
    }
    else
    {
        if (SUCCEEDED(hr))
            hr = initialize(w->device, now);
        if (SUCCEEDED(hr))
            hr = bind(w->device, now);
        if (SUCCEEDED(hr))
            hr = run_and_check(w->device, now, &wrong);
        report(w, it, "first run", hr, wrong);
    }
    if (w->index == 0 && it % 4 == 3)
        dml_vk_device_wait_pipelines(dml_device_from_iface(w->device)->vk);
    if (before->compiled)
    {
        const struct dml_vk_kernel *k = dml_dispatchable_kernel(
            &dml_compiled_operator_from_iface(before->compiled)->dispatchable, 0);
        w->specialized_runs += dml_vk_kernel_is_specialized(k);
        wrong = 0;
        report(w, it, "later run", run_and_check(w->device, before, &wrong), wrong);
    }
    release(w->device, before);
}

static void *work(void *arg)
{
    struct worker *w = arg;
    for (unsigned it = 0; it < w->iterations; ++it)
        iterate(w, it);
    release(w->device, &w->slots[0]);
    release(w->device, &w->slots[1]);
    return NULL;
}

int main(void)
{
    const char *env = getenv("DMLOPS_TEST_ITERATIONS");
    unsigned iterations = env ? (unsigned)atoi(env) : DEFAULT_ITERATIONS, failures = 0;
    unsigned specialized = 0;
    static struct worker workers[THREADS];
    pthread_t threads[THREADS];
    if (iterations * THREADS + THREADS + 2 > MAX_ELEMENTS)
        iterations = (MAX_ELEMENTS - THREADS - 2) / THREADS;
    if (iterations < 8) /* thread 0 waits for the worker at iteration 3 and 7 */
        iterations = 8;
    IDMLDevice *device = gpu_create_device(0, TRUE);
    for (unsigned t = 0; t < THREADS; ++t)
    {
        workers[t] = (struct worker){.device = device, .index = t, .iterations = iterations};
        pthread_create(&threads[t], NULL, work, &workers[t]);
    }
    for (unsigned t = 0; t < THREADS; ++t)
    {
        pthread_join(threads[t], NULL);
        failures += workers[t].failures;
        specialized += workers[t].specialized_runs;
    }
    if (!specialized)
    {
        fprintf(stderr, "no run recorded a specialized pipeline\n");
        ++failures;
    }
    if (IDMLDevice_GetDeviceRemovedReason(device) != S_OK)
        ++failures;
    if (IDMLDevice_Release(device)) /* the worker may still be building: joined here */
    {
        fprintf(stderr, "the device is still referenced\n");
        ++failures;
    }
    printf("%u threads x %u iterations: %u failures, %u later runs specialized\n", THREADS,
           iterations, failures, specialized);
    return failures ? 1 : 0;
}

/* `dmlops bench` graph cases (bench_graph.h): compiled fused or not, bound to the bench's
 * buffers (and a temporary resource when the graph keeps intermediates), checked against the
 * other compile byte for byte, timed next to the ceiling. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#define COBJMACROS
#include "bench_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiled_operator.h"

#define OUTPUT_ALIGNMENT 256u
#define POISON 0xA5C3E187u

static const uint32_t elem_sizes[BENCH_ELEM_SIZES] = {1, 2, 4, 8};

uint32_t bench_graph_suite(bool short_mode, struct bench_op *ops, uint32_t max)
{
    uint32_t count = 0;

    for (uint32_t kind = 0; kind < bench_graph_kinds(); ++kind)
        for (int fused = 1; fused >= 0; --fused)
            for (uint32_t i = 0; i < BENCH_ELEM_SIZES; ++i, ++count)
            {
                if (count >= max)
                    continue;
                struct bench_op *op = &ops[count];
                memset(op, 0, sizeof(*op));
                op->elem_bytes = elem_sizes[i];
                op->graph_fused = fused;
                op->target = fused ? BENCH_TARGET_FUSED : BENCH_TARGET_NONE;
                snprintf(op->name, sizeof(op->name), "%s_%s", bench_graph_name(kind),
                         fused ? "fused" : "unfused");
                bench_graph_shape(op, kind, short_mode);
            }
    return count;
}

/* CompileGraph with fusion on or off (DMLOPS_FUSION for that call; the user's value back). */
static HRESULT compile(IDMLDevice *device, const struct bench_graph *g, bool fused,
                       IDMLCompiledOperator **out, double *ms)
{
    const char *was = getenv("DMLOPS_FUSION");
    char *saved = was ? strdup(was) : NULL;
    IDMLDevice1 *device1;
    HRESULT hr = IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1);
    double start = bench_now_ms();

    if (FAILED(hr))
        return free(saved), hr;
    setenv("DMLOPS_FUSION", fused ? "1" : "0", 1);
    hr = IDMLDevice1_CompileGraph(device1, &g->desc, DML_EXECUTION_FLAG_NONE,
                                  &IID_IDMLCompiledOperator, (void **)out);
    *ms = bench_now_ms() - start;
    if (saved)
        setenv("DMLOPS_FUSION", saved, 1);
    else
        unsetenv("DMLOPS_FUSION");
    free(saved);
    IDMLDevice1_Release(device1);
    return hr;
}

/* A compiled graph with its binding table and temporary resource. */
struct bound
{
    struct bench_instance inst;
    VkBuffer temporary;
};

static HRESULT initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table;
    HRESULT hr = IDMLDevice_CreateOperatorInitializer(
        device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&initializer);

    if (FAILED(hr))
        return hr;
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)initializer, {0}, {0}, 0};
    if (SUCCEEDED(hr = IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable,
                                                     (void **)&table)))
    {
        hr = dmlopsExecute(device, (IDMLDispatchable *)initializer, table);
        IDMLBindingTable_Release(table);
    }
    IDMLOperatorInitializer_Release(initializer);
    return hr;
}

/* The input at the start of the bench's input buffer, output k at out_offsets[k] of its output
 * buffer, the temporary resource in a buffer of its own. */
static HRESULT bind(struct bench_env *env, struct bound *b)
{
    const struct bench_op *op = b->inst.op;
    DML_BINDING_PROPERTIES props =
        IDMLDispatchable_GetBindingProperties((IDMLDispatchable *)b->inst.compiled);
    DML_BUFFER_BINDING buffers[1 + BENCH_MAX_OUTPUTS], temporary;
    DML_BINDING_DESC bindings[1 + BENCH_MAX_OUTPUTS], temporary_binding;
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)b->inst.compiled, {0}, {0}, 0};
    uint64_t at = 0;
    HRESULT hr;

    buffers[0] = (DML_BUFFER_BINDING){(ID3D12Resource *)env->in, 0, op->input.bytes};
    for (uint32_t k = 0; k < op->output_count; ++k)
    {
        b->inst.out_offsets[k] = at;
        buffers[1 + k] = (DML_BUFFER_BINDING){(ID3D12Resource *)env->out, at, op->outputs[k].bytes};
        at += (op->outputs[k].bytes + OUTPUT_ALIGNMENT - 1) & ~(uint64_t)(OUTPUT_ALIGNMENT - 1);
    }
    for (uint32_t k = 0; k <= op->output_count; ++k)
        bindings[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &buffers[k]};
    if (FAILED(hr = IDMLDevice_CreateBindingTable(env->device, &desc, &IID_IDMLBindingTable,
                                                  (void **)&b->inst.table)))
        return hr;
    IDMLBindingTable_BindInputs(b->inst.table, 1, &bindings[0]);
    IDMLBindingTable_BindOutputs(b->inst.table, op->output_count, &bindings[1]);
    if (props.TemporaryResourceSize)
    {
        if (FAILED(hr = dml_vk_buffer_create(env->vk, props.TemporaryResourceSize, &b->temporary)))
            return hr;
        temporary =
            (DML_BUFFER_BINDING){(ID3D12Resource *)b->temporary, 0, props.TemporaryResourceSize};
        temporary_binding = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &temporary};
        IDMLBindingTable_BindTemporaryResource(b->inst.table, &temporary_binding);
    }
    return S_OK;
}

static void unbind(struct bench_env *env, struct bound *b)
{
    bench_instance_destroy(&b->inst);
    if (b->temporary)
        dml_vk_buffer_destroy(env->vk, b->temporary);
    b->temporary = VK_NULL_HANDLE;
}

static HRESULT prepare(struct bench_env *env, const struct bench_op *op,
                       const struct bench_graph *g, bool fused, struct bound *b, double *ms)
{
    HRESULT hr;

    memset(b, 0, sizeof(*b));
    b->inst.env = env;
    b->inst.op = op;
    hr = compile(env->device, g, fused, &b->inst.compiled, ms);
    if (SUCCEEDED(hr))
        hr = initialize(env->device, b->inst.compiled);
    if (SUCCEEDED(hr))
        hr = bind(env, b);
    return hr;
}

/* Runs the graph once over a poisoned output buffer; its outputs into host (op's outputs one
 * after another). */
static HRESULT run_once(struct bench_env *env, struct bound *b, uint8_t *host)
{
    const struct bench_op *op = b->inst.op;
    VkCommandBuffer cmd;
    HRESULT hr = dml_vk_command_begin(env->vk, &cmd);

    if (FAILED(hr))
        return hr;
    dml_vk_device_table(env->vk)->vkCmdFillBuffer(cmd, env->out, 0, VK_WHOLE_SIZE, POISON);
    bench_record_barrier(&env->gpu, cmd);
    bench_record_op(&b->inst, cmd);
    if (FAILED(hr = dml_vk_command_submit_and_wait(env->vk, cmd)) ||
        FAILED(hr = IDMLDevice_GetDeviceRemovedReason(env->device)))
        return hr;
    for (uint32_t k = 0; k < op->output_count && SUCCEEDED(hr); ++k)
    {
        hr = dml_vk_buffer_download(env->vk, env->out, b->inst.out_offsets[k], host,
                                    op->outputs[k].bytes);
        host += op->outputs[k].bytes;
    }
    return hr;
}

static uint64_t output_bytes(const struct bench_op *op)
{
    uint64_t bytes = 0;

    for (uint32_t k = 0; k < op->output_count; ++k)
        bytes += op->outputs[k].bytes;
    return bytes;
}

/* This compile's outputs against the other compile's, byte for byte. */
static HRESULT verify(struct bench_env *env, const struct bench_graph *g, struct bound *b,
                      struct bench_result *r)
{
    const struct bench_op *op = b->inst.op;
    uint64_t bytes = output_bytes(op);
    uint8_t *mine = malloc(bytes + 1), *theirs = malloc(bytes + 1);
    struct bound other;
    double ms;
    HRESULT hr = mine && theirs ? run_once(env, b, mine) : E_OUTOFMEMORY;

    if (SUCCEEDED(hr))
        hr = prepare(env, op, g, !op->graph_fused, &other, &ms);
    if (SUCCEEDED(hr))
        hr = run_once(env, &other, theirs);
    unbind(env, &other);
    for (uint64_t i = 0; SUCCEEDED(hr) && i < bytes; ++i)
        r->mismatches += mine[i] != theirs[i];
    if (SUCCEEDED(hr) && r->mismatches)
        fprintf(stderr, "%s e%u: %llu bytes differ between the fused and unfused graphs\n",
                op->name, op->elem_bytes, (unsigned long long)r->mismatches);
    r->verified = SUCCEEDED(hr);
    free(mine);
    free(theirs);
    return hr;
}

HRESULT bench_graph_run(struct bench_env *env, const struct bench_op *op, struct bench_result *r)
{
    struct bench_graph g;
    struct bound b;
    double again;
    HRESULT hr = bench_graph_build(env->device, op, &g);

    if (FAILED(hr))
        return hr;
    double start = bench_now_ms();
    hr = prepare(env, op, &g, op->graph_fused, &b, &r->compile_first_ms);
    if (SUCCEEDED(hr))
    {
        r->specialized_ms = bench_wait_specialized(env, b.inst.compiled, start); /* and init */
        bench_count_dispatches(dml_compiled_operator_from_iface(b.inst.compiled), r);
        hr = verify(env, &g, &b, r);
    }
    if (SUCCEEDED(hr))
        hr = bench_instance_time(env, &b.inst, r);
    unbind(env, &b);
    if (SUCCEEDED(hr))
    {
        IDMLCompiledOperator *warm = NULL;

        hr = compile(env->device, &g, op->graph_fused, &warm, &again);
        r->compile_warm_ms = again;
        if (warm)
            IDMLCompiledOperator_Release(warm);
    }
    bench_graph_release(&g);
    return hr;
}

/* One benchmark case through DirectML's own API: create, compile (timed), initialize, bind,
 * check once against the reference, then time it next to the ceiling and vkCmdCopyBuffer. */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include "bench_op.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiled_operator.h"
#include "vk/steps.h"

#define POISON 0xA5C3E187u
#define FULL_CHECK_BYTES (1u << 20)
#define CHECK_CHUNK_BYTES (64u << 10)
#define CHECK_CHUNKS_PER_CASE 32u
#define OUTPUT_ALIGNMENT 256u

double bench_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static HRESULT create_operator(IDMLDevice *device, const struct bench_op *op, struct bench_desc *d,
                               IDMLOperator **out)
{
    if (!bench_desc_build(op, d))
        return E_INVALIDARG;
    return IDMLDevice_CreateOperator(device, &d->desc, &IID_IDMLOperator, (void **)out);
}

static HRESULT compile(IDMLDevice *device, IDMLOperator *op, IDMLCompiledOperator **out, double *ms)
{
    double t0 = bench_now_ms();
    HRESULT hr = IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                            &IID_IDMLCompiledOperator, (void **)out);
    *ms = bench_now_ms() - t0;
    return hr;
}

/* Specialized pipelines are built in the background (DMLOPS_PIPELINES): what is checked and
 * timed must be what the operator records once they are in, so the bench waits for them (for
 * this operator's only: the next case's may be queued already, see bench_compile_ahead). */
double bench_wait_specialized(struct bench_env *env, IDMLCompiledOperator *compiled,
                              double start_ms)
{
    const struct dml_dispatchable *d = &dml_compiled_operator_from_iface(compiled)->dispatchable;
    for (uint32_t k = 0; k < dml_dispatchable_dispatch_count(d); ++k)
        dml_vk_kernel_wait(env->vk, dml_dispatchable_kernel(d, k));
    return bench_now_ms() - start_ms;
}

IDMLCompiledOperator *bench_compile_ahead(struct bench_env *env, const struct bench_op *op)
{
    struct bench_desc desc;
    IDMLOperator *dml_op = NULL;
    IDMLCompiledOperator *compiled = NULL;
    double unused;
    if (op->graph || FAILED(create_operator(env->device, op, &desc, &dml_op)))
        return NULL;
    compile(env->device, dml_op, &compiled, &unused);
    IDMLOperator_Release(dml_op);
    return compiled;
}

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

/* Output k lives in the output buffer at out_offsets[k]. */
static void place_outputs(const struct bench_op *op, uint64_t *offsets)
{
    uint64_t at = 0;
    for (uint32_t k = 0; k < op->output_count; ++k)
    {
        offsets[k] = at;
        at += (op->outputs[k].bytes + OUTPUT_ALIGNMENT - 1) & ~(uint64_t)(OUTPUT_ALIGNMENT - 1);
    }
}

uint64_t bench_op_buffer_bytes(const struct bench_op *op)
{
    uint64_t offsets[BENCH_MAX_OUTPUTS];
    place_outputs(op, offsets);
    uint32_t last = op->output_count - 1;
    uint64_t out = offsets[last] + op->outputs[last].bytes;
    uint64_t in = op->input.bytes, ceiling = bench_op_ceiling_bytes(op);
    uint64_t most = in > out ? in : out;
    return (most > ceiling ? most : ceiling) + 16;
}

uint64_t bench_op_ceiling_bytes(const struct bench_op *op)
{
    uint64_t bytes = op->read_bytes ? (op->read_bytes + op->write_bytes) / 2 : op->write_bytes;
    return (bytes + 15) & ~(uint64_t)15;
}

/* A buffer for the temporary resource when the compiled operator asks for one. */
static HRESULT bind_temporary(struct bench_env *env, struct bench_instance *inst)
{
    UINT64 bytes = IDMLCompiledOperator_GetBindingProperties(inst->compiled).TemporaryResourceSize;
    HRESULT hr = bytes ? dml_vk_buffer_create(env->vk, bytes, &inst->temporary) : S_OK;
    if (SUCCEEDED(hr) && bytes)
    {
        DML_BUFFER_BINDING buffer = {(ID3D12Resource *)inst->temporary, 0, bytes};
        DML_BINDING_DESC binding = {DML_BINDING_TYPE_BUFFER, &buffer};
        IDMLBindingTable_BindTemporaryResource(inst->table, &binding);
    }
    return hr;
}

static HRESULT bind(struct bench_env *env, struct bench_instance *inst)
{
    const struct bench_op *op = inst->op;
    DML_BUFFER_BINDING buffers[2 * BENCH_MAX_OUTPUTS];
    DML_BINDING_DESC bindings[2 * BENCH_MAX_OUTPUTS];
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)inst->compiled, {0}, {0}, 0};
    const uint32_t n = bench_input_count(op);
    place_outputs(op, inst->out_offsets);
    buffers[0] = (DML_BUFFER_BINDING){(ID3D12Resource *)env->in, 0, op->input.bytes};
    for (uint32_t k = 0; bench_several_inputs(op) && k < n; ++k)
        buffers[k] =
            (DML_BUFFER_BINDING){(ID3D12Resource *)env->in, op->in_offsets[k], op->inputs[k].bytes};
    for (uint32_t k = 0; k < op->output_count; ++k)
        buffers[n + k] = (DML_BUFFER_BINDING){(ID3D12Resource *)env->out, inst->out_offsets[k],
                                              op->outputs[k].bytes};
    for (uint32_t t = 0; t < n + op->output_count; ++t)
        bindings[t] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &buffers[t]};
    HRESULT hr = IDMLDevice_CreateBindingTable(env->device, &desc, &IID_IDMLBindingTable,
                                               (void **)&inst->table);
    if (FAILED(hr))
        return hr;
    IDMLBindingTable_BindInputs(inst->table, n, &bindings[0]);
    IDMLBindingTable_BindOutputs(inst->table, op->output_count, &bindings[n]);
    return bind_temporary(env, inst);
}

/* The case's indices into the host input and the input buffer, before its first run. */
static HRESULT write_indices(struct bench_env *env, const struct bench_op *op)
{
    const uint32_t k = bench_index_input(op);
    const uint64_t count = op->inputs[k].bytes / sizeof(int32_t);
    int32_t *at = (int32_t *)(env->host_input + op->in_offsets[k]);
    for (uint64_t i = 0; i < count; ++i)
        at[i] = bench_index_value(op, i);
    return dml_vk_buffer_upload(env->vk, env->in, op->in_offsets[k], at, op->inputs[k].bytes);
}

/* The bench binds the library's own buffers, so every step that chose the copy engine records
 * its runs instead of its dispatches. */
void bench_count_dispatches(const struct dml_compiled_operator *compiled, struct bench_result *out)
{
    const struct dml_dispatchable *d = &compiled->dispatchable;
    out->dispatches = dml_dispatchable_dispatch_count(d);
    out->copy_engine = 0;
    for (uint32_t s = 0; s < d->program.step_count; ++s)
    {
        if (d->steps[s].engine == DML_VK_ENGINE_TRANSFER)
            out->copy_engine += d->steps[s].dispatch_count;
    }
}

HRESULT bench_instance_create(struct bench_env *env, const struct bench_op *op,
                              struct bench_instance *inst, struct bench_result *result)
{
    IDMLCompiledOperator *again = NULL;
    memset(inst, 0, sizeof(*inst));
    inst->env = env;
    inst->op = op;
    HRESULT hr = create_operator(env->device, op, &inst->desc, &inst->dml_op);
    double start = bench_now_ms();
    if (SUCCEEDED(hr))
        hr = compile(env->device, inst->dml_op, &inst->compiled, &result->compile_first_ms);
    if (SUCCEEDED(hr))
        result->specialized_ms = bench_wait_specialized(env, inst->compiled, start);
    if (SUCCEEDED(hr))
        hr = compile(env->device, inst->dml_op, &again, &result->compile_warm_ms);
    if (again)
        IDMLCompiledOperator_Release(again);
    if (SUCCEEDED(hr))
        hr = initialize(env->device, inst->compiled);
    if (SUCCEEDED(hr))
        hr = bind(env, inst);
    if (SUCCEEDED(hr) && bench_is_indexed(op))
        hr = write_indices(env, op);
    if (SUCCEEDED(hr))
        bench_count_dispatches(dml_compiled_operator_from_iface(inst->compiled), result);
    return hr;
}

void bench_instance_destroy(struct bench_instance *inst)
{
    if (inst->table)
        IDMLBindingTable_Release(inst->table);
    if (inst->compiled)
        IDMLCompiledOperator_Release(inst->compiled);
    if (inst->dml_op)
        IDMLOperator_Release(inst->dml_op);
    if (inst->temporary)
        dml_vk_buffer_destroy(inst->env->vk, inst->temporary);
    memset(inst, 0, sizeof(*inst));
}

void bench_record_op(void *context, VkCommandBuffer cmd)
{
    struct bench_instance *inst = context;
    IDMLCommandRecorder_RecordDispatch(inst->env->recorder, (ID3D12CommandList *)cmd,
                                       (IDMLDispatchable *)inst->compiled, inst->table);
}

/* Poisons the output buffer, runs the operator once and waits. */
static HRESULT run_once(struct bench_env *env, struct bench_instance *inst)
{
    VkCommandBuffer cmd;
    HRESULT hr = dml_vk_command_begin(env->vk, &cmd);
    if (FAILED(hr))
        return hr;
    dml_vk_device_table(env->vk)->vkCmdFillBuffer(cmd, env->out, 0, VK_WHOLE_SIZE, POISON);
    bench_record_barrier(&env->gpu, cmd);
    bench_record_op(inst, cmd);
    if (FAILED(hr = dml_vk_command_submit_and_wait(env->vk, cmd)))
        return hr;
    return IDMLDevice_GetDeviceRemovedReason(env->device);
}

/* Checks [first, first + count) elements of output k. */
static HRESULT check_range(struct bench_env *env, struct bench_instance *inst, uint32_t k,
                           uint64_t first, uint64_t count, uint64_t *mismatches)
{
    const struct bench_op *op = inst->op;
    uint64_t bytes = count * op->elem_bytes;
    HRESULT hr = dml_vk_buffer_download(
        env->vk, env->out, inst->out_offsets[k] + first * op->elem_bytes, env->scratch, bytes);
    if (SUCCEEDED(hr))
        *mismatches +=
            bench_check_range(op, &inst->desc, env->host_input, k, first, count, env->scratch);
    return hr;
}

/* Small outputs are checked whole; large ones in chunks spread from first to last, about
 * CHECK_CHUNKS_PER_CASE of them per case (the host reference is slow). */
static HRESULT check_output(struct bench_env *env, struct bench_instance *inst, uint32_t k,
                            uint64_t *mismatches)
{
    const struct bench_op *op = inst->op;
    uint64_t total = 1;
    for (uint32_t d = 0; d < op->outputs[k].rank; ++d)
        total *= op->outputs[k].sizes[d];
    if (total * op->elem_bytes <= FULL_CHECK_BYTES)
        return check_range(env, inst, k, 0, total, mismatches);
    uint64_t chunk = CHECK_CHUNK_BYTES / op->elem_bytes;
    uint32_t chunks = CHECK_CHUNKS_PER_CASE / op->output_count;
    chunks = chunks < 2 ? 2 : chunks;
    HRESULT hr = S_OK;
    for (uint32_t c = 0; c < chunks && SUCCEEDED(hr); ++c)
        hr = check_range(env, inst, k, (total - chunk) / (chunks - 1) * c, chunk, mismatches);
    return hr;
}

HRESULT bench_instance_verify(struct bench_env *env, struct bench_instance *inst,
                              struct bench_result *result)
{
    HRESULT hr = run_once(env, inst);
    for (uint32_t k = 0; k < inst->op->output_count && SUCCEEDED(hr); ++k)
        hr = check_output(env, inst, k, &result->mismatches);
    result->verified = SUCCEEDED(hr);
    return hr;
}

struct reference_work
{
    struct bench_env *env;
    uint64_t bytes;
    int variant;
    bool write_only; /* the ceiling of an operator that reads nothing: stores only */
};

static void record_ceiling(void *context, VkCommandBuffer cmd)
{
    struct reference_work *w = context;
    if (w->write_only)
        bench_record_write_ceiling(&w->env->gpu, cmd, w->variant, w->env->out_address, w->bytes);
    else
        bench_record_ceiling(&w->env->gpu, cmd, w->variant, w->env->in_address,
                             w->env->out_address, w->bytes);
}

/* The faster of the two ceiling kernels: the ceiling is the best plain copy, not one shape. */
static HRESULT time_ceiling(struct bench_env *env, struct reference_work *work, double *ns)
{
    double other = 0;
    work->variant = 0;
    HRESULT hr = bench_gpu_time(&env->gpu, record_ceiling, work, env->warmup, env->runs, ns);
    work->variant = 1;
    if (SUCCEEDED(hr))
        hr = bench_gpu_time(&env->gpu, record_ceiling, work, env->warmup, env->runs, &other);
    *ns = other < *ns ? other : *ns;
    return hr;
}

static void record_copy(void *context, VkCommandBuffer cmd)
{
    struct reference_work *w = context;
    VkBufferCopy region = {0, 0, w->bytes};
    dml_vk_device_table(w->env->vk)->vkCmdCopyBuffer(cmd, w->env->in, w->env->out, 1, &region);
}

static void record_empty(void *context, VkCommandBuffer cmd)
{
    struct reference_work *w = context;
    bench_record_empty(&w->env->gpu, cmd);
}

HRESULT bench_instance_time(struct bench_env *env, struct bench_instance *inst,
                            struct bench_result *result)
{
    struct reference_work work = {env, bench_op_ceiling_bytes(inst->op), 0,
                                  inst->op->read_bytes == 0};
    uint32_t w = env->warmup, n = env->runs;
    HRESULT hr = bench_gpu_time(&env->gpu, bench_record_op, inst, w, n, &result->op_ns);
    if (SUCCEEDED(hr))
        hr = time_ceiling(env, &work, &result->ceiling_ns);
    if (SUCCEEDED(hr))
        hr = bench_gpu_time(&env->gpu, record_copy, &work, w, n, &result->copy_ns);
    if (SUCCEEDED(hr) && inst->op->target == BENCH_TARGET_TINY)
        hr = bench_gpu_time(&env->gpu, record_empty, &work, w, n, &result->empty_ns);
    return hr;
}

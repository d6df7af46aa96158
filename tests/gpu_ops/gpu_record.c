/* Initialization and execution of a batch through the API: one initializer with one
 * BUFFER_ARRAY and one persistent resource per target, then one binding table per execution,
 * all recorded into one command list; volatile cases get their real bindings after recording. */
#define COBJMACROS
#include <stdlib.h>
#include <string.h>

#include "gpu_batch_internal.h"

/* The initializer's bindings: per target, one BUFFER_ARRAY (or NONE) and its persistent resource.
 */
struct init_set
{
    uint32_t count;
    IDMLCompiledOperator **targets;
    DML_BUFFER_BINDING *buffers; /* 2 per target: the input, the persistent resource */
    DML_BUFFER_ARRAY_BINDING *arrays;
    DML_BINDING_DESC *inputs, *outputs;
};

static int init_set_alloc(struct init_set *s, uint32_t count)
{
    memset(s, 0, sizeof(*s));
    s->targets = calloc(count + 1, sizeof(*s->targets));
    s->buffers = calloc(2 * count + 1, sizeof(*s->buffers));
    s->arrays = calloc(count + 1, sizeof(*s->arrays));
    s->inputs = calloc(count + 1, sizeof(*s->inputs));
    s->outputs = calloc(count + 1, sizeof(*s->outputs));
    return s->targets && s->buffers && s->arrays && s->inputs && s->outputs ? 0 : -1;
}

static void init_set_free(struct init_set *s)
{
    free(s->targets);
    free(s->buffers);
    free(s->arrays);
    free(s->inputs);
    free(s->outputs);
}

static void init_set_add(struct init_set *s, const struct batch *b, const struct gpu_case *c)
{
    uint32_t n = s->count++;
    DML_BUFFER_BINDING *input = &s->buffers[2 * n], *persistent = &s->buffers[2 * n + 1];

    s->targets[n] = c->compiled;
    if (c->options.owned_input)
        *input =
            (DML_BUFFER_BINDING){b->buffers[ARENA_INPUT], c->input_base + c->layout.input_offset,
                                 c->layout.input_bind_size};
    s->arrays[n] = (DML_BUFFER_ARRAY_BINDING){1, input};
    s->inputs[n] = c->options.owned_input || c->options.init_null_array
                       ? (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER_ARRAY, &s->arrays[n]}
                       : (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    *persistent = (DML_BUFFER_BINDING){b->buffers[ARENA_PERSISTENT], c->persistent_base,
                                       c->properties.PersistentResourceSize};
    s->outputs[n] = c->properties.PersistentResourceSize
                        ? (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, persistent}
                        : (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
}

/* Submits unless the device was removed while recording: a removed device ignored some
 * bindings, and a volatile dispatch left unbound must not run. The list is then abandoned;
 * closing the device frees it. */
static HRESULT submit(struct batch *b, ID3D12CommandList *list, const char *step)
{
    HRESULT hr = IDMLDevice_GetDeviceRemovedReason(b->dev->device);

    if (FAILED(hr))
        return gpu_batch_step_failed(b, "GetDeviceRemovedReason before submission", hr);
    if (FAILED(hr = dmlopsSubmitCommandList(b->dev->device, list)))
        return gpu_batch_step_failed(b, step, hr);
    return S_OK;
}

/* Records a dispatchable with its table into a new command list and submits it. */
static HRESULT submit_one(struct batch *b, IDMLDispatchable *dispatchable, IDMLBindingTable *table,
                          const char *step)
{
    ID3D12CommandList *list;
    HRESULT hr;

    if (FAILED(hr = dmlopsCreateCommandList(b->dev->device, &list)))
        return gpu_batch_step_failed(b, "dmlopsCreateCommandList", hr);
    IDMLCommandRecorder_RecordDispatch(b->dev->recorder, list, dispatchable, table);
    return submit(b, list, step);
}

static HRESULT run_initializer(struct batch *b, struct init_set *s)
{
    IDMLDevice *device = b->dev->device;
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table;
    DML_BINDING_TABLE_DESC desc = {0};
    HRESULT hr;

    if (FAILED(hr = IDMLDevice_CreateOperatorInitializer(device, s->count, s->targets,
                                                         &IID_IDMLOperatorInitializer,
                                                         (void **)&initializer)))
        return gpu_batch_step_failed(b, "CreateOperatorInitializer", hr);
    desc.Dispatchable = (IDMLDispatchable *)initializer;
    if (FAILED(hr = IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable,
                                                  (void **)&table)))
        hr = gpu_batch_step_failed(b, "CreateBindingTable (initializer)", hr);
    else
    {
        IDMLBindingTable_BindInputs(table, s->count, s->inputs);
        IDMLBindingTable_BindOutputs(table, s->count, s->outputs);
        hr = submit_one(b, desc.Dispatchable, table, "dmlopsSubmitCommandList (initializer)");
        IDMLBindingTable_Release(table);
    }
    IDMLOperatorInitializer_Release(initializer);
    return hr;
}

/* One initializer for the whole batch; then the owned inputs' originals are overwritten. */
HRESULT gpu_batch_initialize(struct batch *b)
{
    struct init_set s;
    HRESULT hr;

    if (init_set_alloc(&s, b->count))
        hr = gpu_batch_step_failed(b, "allocating the initializer's bindings", E_OUTOFMEMORY);
    else
    {
        for (uint32_t i = 0; i < b->count; ++i)
            if (!b->cases[i].failed)
                init_set_add(&s, b, &b->cases[i]);
        hr = run_initializer(b, &s);
    }
    init_set_free(&s);
    if (SUCCEEDED(hr) && FAILED(hr = dmlopsUploadBuffer(b->dev->device, b->buffers[ARENA_INPUT], 0,
                                                        b->executed, b->sizes[ARENA_INPUT])))
        return gpu_batch_step_failed(b, "dmlopsUploadBuffer (after initialization)", hr);
    return hr;
}

static void bind_inputs(struct batch *b, struct gpu_case *c, uint32_t e, int decoy)
{
    DML_BUFFER_BINDING buffer = {b->buffers[ARENA_INPUT], c->input_base + c->layout.input_offset,
                                 c->layout.input_bind_size};
    DML_BINDING_DESC desc = {DML_BINDING_TYPE_BUFFER, &buffer};

    if (decoy)
        buffer = (DML_BUFFER_BINDING){b->buffers[ARENA_DECOY], gpu_case_decoy_input_offset(c),
                                      c->layout.input_bind_size};
    if (c->options.owned_input)
        desc = (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    IDMLBindingTable_BindInputs(c->tables[e], 1, &desc);
}

/* Execution e writes its own copy of the output layout; decoys all share one. */
static void bind_outputs(struct batch *b, struct gpu_case *c, uint32_t e, int decoy)
{
    DML_BUFFER_BINDING buffers[RANDOM_CASE_MAX_OUTPUTS];
    DML_BINDING_DESC descs[RANDOM_CASE_MAX_OUTPUTS];
    uint64_t base = decoy ? 0 : c->output_base + gpu_case_execution_offset(c, e);

    for (uint32_t k = 0; k < c->rc.output_count; ++k)
    {
        buffers[k] = (DML_BUFFER_BINDING){b->buffers[decoy ? ARENA_DECOY : ARENA_OUTPUT],
                                          base + c->layout.output_offsets[k],
                                          c->layout.output_bind_sizes[k]};
        descs[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &buffers[k]};
    }
    IDMLBindingTable_BindOutputs(c->tables[e], c->rc.output_count, descs);
}

static void bind_persistent(struct batch *b, struct gpu_case *c, uint32_t e)
{
    DML_BUFFER_BINDING buffer = {b->buffers[ARENA_PERSISTENT], c->persistent_base,
                                 c->properties.PersistentResourceSize};
    DML_BINDING_DESC desc = {DML_BINDING_TYPE_BUFFER, &buffer};

    if (c->properties.PersistentResourceSize)
        IDMLBindingTable_BindPersistentResource(c->tables[e], &desc);
}

/* Binds what must be bound before recording (decoys for what a volatile case binds late). */
static HRESULT record_execution(struct batch *b, struct gpu_case *c, uint32_t e,
                                ID3D12CommandList *list)
{
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)c->compiled, {0}, {0}, 0};
    const struct gpu_case_options *o = &c->options;
    HRESULT hr = IDMLDevice_CreateBindingTable(b->dev->device, &desc, &IID_IDMLBindingTable,
                                               (void **)&c->tables[e]);

    if (FAILED(hr))
        return gpu_batch_step_failed(b, "CreateBindingTable", hr);
    if (!o->late_inputs || o->decoys)
        bind_inputs(b, c, e, o->late_inputs);
    bind_persistent(b, c, e);
    if (!o->volatile_descriptors || o->decoys)
        bind_outputs(b, c, e, o->volatile_descriptors);
    IDMLCommandRecorder_RecordDispatch(b->dev->recorder, list, desc.Dispatchable, c->tables[e]);
    return S_OK;
}

static HRESULT record_case(struct batch *b, struct gpu_case *c, ID3D12CommandList *list)
{
    HRESULT hr = S_OK;

    for (uint32_t e = 0; e < c->options.executions && SUCCEEDED(hr); ++e)
        hr = record_execution(b, c, e, list);
    return hr;
}

static void bind_late(struct batch *b, struct gpu_case *c)
{
    for (uint32_t e = 0; e < c->options.executions; ++e)
    {
        if (c->options.late_inputs)
            bind_inputs(b, c, e, 0);
        if (c->options.volatile_descriptors)
            bind_outputs(b, c, e, 0);
    }
}

/* Every case into one command list; volatile cases get their real bindings after recording. */
HRESULT gpu_batch_execute(struct batch *b)
{
    ID3D12CommandList *list;
    HRESULT hr, recorded = S_OK;

    if (FAILED(hr = dmlopsCreateCommandList(b->dev->device, &list)))
        return gpu_batch_step_failed(b, "dmlopsCreateCommandList", hr);
    for (uint32_t i = 0; i < b->count && SUCCEEDED(recorded); ++i)
        if (!b->cases[i].failed)
            recorded = record_case(b, &b->cases[i], list);
    for (uint32_t i = 0; i < b->count && SUCCEEDED(recorded); ++i)
        if (!b->cases[i].failed)
            bind_late(b, &b->cases[i]);
    if (FAILED(recorded))
        return recorded;
    if (FAILED(hr = submit(b, list, "dmlopsSubmitCommandList (execution)")))
        return hr;
    if (FAILED(hr = IDMLDevice_GetDeviceRemovedReason(b->dev->device)))
        return gpu_batch_step_failed(b, "GetDeviceRemovedReason after the batch", hr);
    return S_OK;
}

/* After CreateOperator accepted a desc: CompileOperator, binding properties, buffers of the
 * required sizes, the initializer, the binding table and execution on the device. Any failure of
 * the library on this path is a finding: the desc was valid and every binding is correct. */
#define COBJMACROS
#include <stdlib.h>

#include "fuzz_exec.h"
#include "fuzz_harness.h"

#define VALID_EXECUTION_FLAGS                                                                      \
    (DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |                                         \
     DML_EXECUTION_FLAG_DISABLE_META_COMMANDS | DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE)

static const DML_BUFFER_TENSOR_DESC *buffer_desc(const DML_TENSOR_DESC *tensor)
{
    return tensor->Desc;
}

const DML_TENSOR_DESC *fuzz_slot_tensor(const struct exec *e, uint32_t slot)
{
    uint32_t inputs = e->c->input_count;
    return slot < inputs ? &e->c->inputs[slot] : &e->c->outputs[slot - inputs];
}

uint32_t fuzz_persistent_slot(const struct exec *e)
{
    return e->slots - 2;
}

uint32_t fuzz_temporary_slot(const struct exec *e)
{
    return e->slots - 1;
}

/* D12 and its one exception: the scatters' claim words (FD7) live in a temporary resource. */
static bool may_use_temporary(const struct exec *e)
{
    return e->c->desc->Type == DML_OPERATOR_SCATTER_ELEMENTS ||
           e->c->desc->Type == DML_OPERATOR_SCATTER_ND;
}

static bool is_owned(const struct exec *e, uint32_t j)
{
    return buffer_desc(&e->c->inputs[j])->Flags & DML_TENSOR_FLAG_OWNED_BY_DML;
}

static const char *compile(struct exec *e, IDMLOperator *op)
{
    const DML_EXECUTION_FLAGS flags = e->c->compile_flags;
    const bool valid = !(flags & ~VALID_EXECUTION_FLAGS);
    HRESULT hr = IDMLDevice_CompileOperator(e->device, op, flags, &IID_IDMLCompiledOperator,
                                            (void **)&e->compiled);

    if (!valid)
        return hr == E_INVALIDARG && !e->compiled
                   ? NULL
                   : fuzz_finding("CompileOperator with flags 0x%x: 0x%08X, not E_INVALIDARG",
                                  (unsigned)flags, (unsigned)hr);
    if (hr != S_OK || !e->compiled)
        return hr == E_OUTOFMEMORY
                   ? NULL
                   : fuzz_finding("CompileOperator of an accepted desc: 0x%08X", (unsigned)hr);
    ++fuzz_stats.compiled;
    if (e->c->rare == FUZZ_RARE_COMPILE_NO_PPV &&
        (hr = IDMLDevice_CompileOperator(e->device, op, flags, &IID_IDMLCompiledOperator, NULL)) !=
            S_FALSE)
        return fuzz_finding("CompileOperator with ppv NULL: 0x%08X, not S_FALSE", (unsigned)hr);
    return NULL;
}

/* Decision D12. Each owned input's persistent copy holds at least the bytes the operator reads
 * (DMLCalcBufferTensorSize), whether or not it is sized by TotalTensorSizeInBytes. */
static const char *check_properties(struct exec *e)
{
    const DML_BINDING_PROPERTIES *props = &e->props;
    UINT64 needed = 0;
    uint32_t owned = 0;

    for (uint32_t j = 0; j < e->c->input_count; ++j)
    {
        const DML_BUFFER_TENSOR_DESC *input = buffer_desc(&e->c->inputs[j]);
        if (!is_owned(e, j))
            continue;
        ++owned;
        needed += dmlopsCalcBufferTensorSize(input->DataType, input->DimensionCount, input->Sizes,
                                             input->Strides);
    }
    e->props = IDMLCompiledOperator_GetBindingProperties(e->compiled);
    if (props->RequiredDescriptorCount || (props->TemporaryResourceSize && !may_use_temporary(e)))
        return fuzz_finding("binding properties: %u descriptors, %llu temporary bytes (D12: 0)",
                            props->RequiredDescriptorCount,
                            (unsigned long long)props->TemporaryResourceSize);
    if (owned ? props->PersistentResourceSize < needed : props->PersistentResourceSize != 0)
        return fuzz_finding("PersistentResourceSize %llu for %u OWNED_BY_DML inputs reading %llu "
                            "bytes",
                            (unsigned long long)props->PersistentResourceSize, owned,
                            (unsigned long long)needed);
    return NULL;
}

static uint64_t slot_alignment(const struct exec *e, uint32_t slot)
{
    uint64_t align = DML_PERSISTENT_BUFFER_ALIGNMENT; /* = DML_TEMPORARY_BUFFER_ALIGNMENT */

    if (slot < fuzz_persistent_slot(e))
    {
        const UINT guaranteed =
            buffer_desc(fuzz_slot_tensor(e, slot))->GuaranteedBaseOffsetAlignment;
        align = guaranteed > align ? guaranteed : align;
    }
    return align;
}

static uint64_t slot_size(const struct exec *e, uint32_t slot)
{
    if (slot == fuzz_temporary_slot(e))
        return e->props.TemporaryResourceSize;
    return slot == fuzz_persistent_slot(e)
               ? e->props.PersistentResourceSize
               : buffer_desc(fuzz_slot_tensor(e, slot))->TotalTensorSizeInBytes;
}

/* With FUZZ_OPT_SHARED_BUFFER the tensors lie in buffer 0 at aligned, disjoint offsets and the
 * persistent and temporary resources in buffer 1 (an initializer's input may not share a resource
 * with the persistent one); otherwise slot s has buffer s at offset 0. e->places[s].size is 0 for
 * no binding. Returns false when the bindings would take more than FUZZ_EXECUTE_MAX_BYTES. */
static bool place_bindings(struct exec *e, uint64_t *buffer_sizes)
{
    const bool shared = e->c->options & FUZZ_OPT_SHARED_BUFFER;
    uint64_t total = 0;

    for (uint32_t slot = 0; slot < e->slots; ++slot)
    {
        struct placement *place = &e->places[slot];
        const uint64_t align = slot_alignment(e, slot), size = slot_size(e, slot);
        uint64_t *end;

        place->buffer = !shared ? slot : slot >= fuzz_persistent_slot(e) ? 1 : 0;
        end = &buffer_sizes[place->buffer];
        if (size > FUZZ_EXECUTE_MAX_BYTES || align > FUZZ_EXECUTE_MAX_BYTES)
            return false;
        place->offset = (*end + align - 1) / align * align;
        place->size = size;
        total += place->offset + size - *end;
        *end = place->offset + size;
        if (total > FUZZ_EXECUTE_MAX_BYTES)
            return false;
    }
    return true;
}

static const char *create_buffers(struct exec *e, const uint64_t *buffer_sizes)
{
    for (uint32_t b = 0; b < e->slots; ++b)
    {
        HRESULT hr;

        if (buffer_sizes[b] &&
            FAILED(hr = dmlopsCreateBuffer(e->device, buffer_sizes[b], &e->buffers[b])))
            return fuzz_finding("dmlopsCreateBuffer(%llu): 0x%08X",
                                (unsigned long long)buffer_sizes[b], (unsigned)hr);
    }
    return NULL;
}

static DML_BUFFER_BINDING buffer_binding(const struct exec *e, uint32_t slot)
{
    const struct placement *place = &e->places[slot];
    DML_BUFFER_BINDING binding = {e->buffers[place->buffer], place->offset, place->size};

    return binding;
}

static const char *create_table(struct exec *e, IDMLDispatchable *dispatchable,
                                IDMLBindingTable **table)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable, {0}, {0}, 0};
    HRESULT hr =
        IDMLDevice_CreateBindingTable(e->device, &desc, &IID_IDMLBindingTable, (void **)table);

    return FAILED(hr) ? fuzz_finding("CreateBindingTable: 0x%08X", (unsigned)hr) : NULL;
}

static const char *execute(struct exec *e, const char *what, IDMLDispatchable *dispatchable,
                           IDMLBindingTable *table)
{
    HRESULT hr = dmlopsExecute(e->device, dispatchable, table);

    return FAILED(hr) ? fuzz_finding("dmlopsExecute of the %s: 0x%08X", what, (unsigned)hr) : NULL;
}

/* The owned inputs go into the persistent resource (one BUFFER_ARRAY of every input); nothing
 * to bind when there is none. */
static void initialize(struct exec *e, IDMLBindingTable *table, DML_BUFFER_BINDING *inputs)
{
    DML_BUFFER_ARRAY_BINDING array = {e->c->input_count, inputs};
    DML_BINDING_DESC input_array = {DML_BINDING_TYPE_BUFFER_ARRAY, &array}, outputs;
    DML_BUFFER_BINDING persistent;

    if (!e->props.PersistentResourceSize)
        return;
    for (uint32_t j = 0; j < e->c->input_count; ++j)
        inputs[j] = buffer_binding(e, j);
    persistent = buffer_binding(e, fuzz_persistent_slot(e));
    outputs = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &persistent};
    IDMLBindingTable_BindInputs(table, 1, &input_array);
    IDMLBindingTable_BindOutputs(table, 1, &outputs);
}

static const char *run_initializer(struct exec *e)
{
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table = NULL;
    DML_BUFFER_BINDING *inputs = calloc(e->c->input_count + 1, sizeof(*inputs));
    const char *finding;
    HRESULT hr;

    if (!inputs)
        return fuzz_finding("out of memory in the harness");
    if (FAILED(hr = IDMLDevice_CreateOperatorInitializer(e->device, 1, &e->compiled,
                                                         &IID_IDMLOperatorInitializer,
                                                         (void **)&initializer)))
    {
        free(inputs);
        return fuzz_finding("CreateOperatorInitializer: 0x%08X", (unsigned)hr);
    }
    if (!(finding = create_table(e, (IDMLDispatchable *)initializer, &table)))
    {
        initialize(e, table, inputs);
        finding = execute(e, "initializer", (IDMLDispatchable *)initializer, table);
    }
    if (table)
        IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(initializer);
    free(inputs);
    return finding;
}

/* bindings: one per slot, then the inputs' (owned and absent ones NONE). */
static void bind_operator(struct exec *e, IDMLBindingTable *table, DML_BUFFER_BINDING *buffers,
                          DML_BINDING_DESC *bindings)
{
    const uint32_t inputs = e->c->input_count, bound = inputs + e->c->absent_inputs;
    DML_BINDING_DESC *in = &bindings[e->slots];

    for (uint32_t slot = 0; slot < e->slots; ++slot)
    {
        buffers[slot] = buffer_binding(e, slot);
        bindings[slot] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &buffers[slot]};
    }
    for (uint32_t j = 0; j < bound; ++j)
        in[j] = j < inputs && !is_owned(e, j) ? bindings[j]
                                              : (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    IDMLBindingTable_BindInputs(table, bound, in);
    IDMLBindingTable_BindOutputs(table, e->c->output_count, &bindings[inputs]);
    if (e->props.PersistentResourceSize)
        IDMLBindingTable_BindPersistentResource(table, &bindings[fuzz_persistent_slot(e)]);
    if (e->props.TemporaryResourceSize)
        IDMLBindingTable_BindTemporaryResource(table, &bindings[fuzz_temporary_slot(e)]);
}

static const char *run_operator(struct exec *e)
{
    DML_BUFFER_BINDING *buffers = calloc(e->slots, sizeof(*buffers));
    DML_BINDING_DESC *bindings =
        calloc(e->slots + e->c->input_count + e->c->absent_inputs, sizeof(*bindings));
    IDMLBindingTable *table = NULL;
    const char *finding;

    if (!buffers || !bindings)
        finding = fuzz_finding("out of memory in the harness");
    else if (!(finding = create_table(e, (IDMLDispatchable *)e->compiled, &table)))
    {
        bind_operator(e, table, buffers, bindings);
        finding = execute(e, "operator", (IDMLDispatchable *)e->compiled, table);
        fuzz_stats.executed += !finding;
        if (!finding)
            finding = fuzz_images_check(e, "operator");
        if (!finding && (e->c->options & FUZZ_OPT_TWICE))
            finding = execute(e, "operator (again)", (IDMLDispatchable *)e->compiled, table);
        if (!finding && (e->c->options & FUZZ_OPT_TWICE))
            finding = fuzz_images_check(e, "operator (again)");
    }
    if (table)
        IDMLBindingTable_Release(table);
    free(buffers);
    free(bindings);
    return finding;
}

static const char *run_compiled(struct exec *e)
{
    uint64_t *buffer_sizes = calloc(e->slots, sizeof(*buffer_sizes));
    const char *finding;

    e->places = calloc(e->slots, sizeof(*e->places));
    e->buffers = calloc(e->slots, sizeof(*e->buffers));
    e->buffer_sizes = buffer_sizes;
    if (!buffer_sizes || !e->places || !e->buffers)
        finding = fuzz_finding("out of memory in the harness");
    else if (!place_bindings(e, buffer_sizes))
        finding = NULL; /* too large to execute here: compiled is enough */
    else if (!(finding = create_buffers(e, buffer_sizes)) && !(finding = fuzz_images_upload(e)) &&
             !(finding = run_initializer(e)))
        finding = run_operator(e);
    for (uint32_t b = 0; e->buffers && b < e->slots; ++b)
        dmlopsDestroyBuffer(e->device, e->buffers[b]);
    fuzz_images_free(e);
    free(e->buffers);
    free(e->places);
    free(buffer_sizes);
    return finding;
}

const char *fuzz_execute(IDMLDevice *device, const struct fuzz_case *c, IDMLOperator *op)
{
    struct exec e = {.device = device, .c = c, .slots = c->input_count + c->output_count + 2};
    const char *finding;

    if (!(finding = compile(&e, op)) && e.compiled && !(finding = check_properties(&e)))
        finding = run_compiled(&e);
    if (e.compiled)
        IDMLCompiledOperator_Release(e.compiled);
    return finding;
}

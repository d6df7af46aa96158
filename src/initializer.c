/* IDMLOperatorInitializer: copies the OWNED_BY_DML inputs of its target operators into their
 * persistent resources, and marks the targets initialized when it is recorded. */
#include <stdlib.h>

#include "children.h"
#include "compiled_operator.h"
#include "diag.h"
#include "lower.h"

struct dml_initializer
{
    IDMLOperatorInitializer IDMLOperatorInitializer_iface;
    struct dml_dispatchable dispatchable;
    uint32_t target_count;
    struct dml_compiled_operator **targets; /* strong references */
};

#define DML_CHILD_MEMBER dispatchable.child

static const IID *const initializer_iids[] = {
    &IID_IUnknown,         &IID_IDMLObject,              &IID_IDMLDeviceChild, &IID_IDMLPageable,
    &IID_IDMLDispatchable, &IID_IDMLOperatorInitializer, NULL};

DML_CHILD_METHODS(dml_initializer, IDMLOperatorInitializer, struct dml_initializer)

static struct dml_initializer *impl_from_dispatchable(struct dml_dispatchable *dispatchable)
{
    return (struct dml_initializer *)((char *)dispatchable -
                                      offsetof(struct dml_initializer, dispatchable));
}

static DML_BINDING_PROPERTIES STDMETHODCALLTYPE
dml_initializer_GetBindingProperties(IDMLOperatorInitializer *iface)
{
    return ((struct dml_initializer *)iface)->dispatchable.properties;
}

static void release_targets(struct dml_initializer *initializer)
{
    for (uint32_t t = 0; t < initializer->target_count; ++t)
    {
        IDMLCompiledOperator *iface = &initializer->targets[t]->IDMLCompiledOperator_iface;
        iface->lpVtbl->Release(iface);
    }
    free(initializer->targets);
    initializer->targets = NULL;
    initializer->target_count = 0;
    dml_dispatchable_release(&initializer->dispatchable);
}

static bool initializer_ready(struct dml_dispatchable *dispatchable)
{
    return true;
}

static void initializer_recorded(struct dml_dispatchable *dispatchable)
{
    struct dml_initializer *initializer = impl_from_dispatchable(dispatchable);

    for (uint32_t t = 0; t < initializer->target_count; ++t)
        atomic_store(&initializer->targets[t]->initialized, true);
}

static const struct dml_dispatchable_ops initializer_ops = {
    initializer_ready,
    initializer_recorded,
};

/* The targets' inputs in all; check_targets keeps it below UINT32_MAX. */
static uint32_t total_inputs(struct dml_compiled_operator *const *targets, uint32_t count)
{
    uint32_t total = 0;

    for (uint32_t t = 0; t < count; ++t)
        total += targets[t]->dispatchable.layout.input_count;
    return total;
}

/* Inputs: one BUFFER_ARRAY per target, its OWNED_BY_DML inputs required, the others ignored.
 * Outputs: each target's persistent resource. Everything is read from the targets' programs and
 * layouts. */
static HRESULT initializer_layout(struct dml_initializer *initializer)
{
    struct dml_binding_layout *layout = &initializer->dispatchable.layout;
    uint32_t flat = 0, count = initializer->target_count;

    layout->input_count = total_inputs(initializer->targets, count);
    layout->input_group_count = count;
    layout->output_count = count;
    layout->init_hazards = true;
    layout->inputs = calloc(layout->input_count + 1, sizeof(*layout->inputs));
    layout->input_group_sizes = calloc(count + 1, sizeof(*layout->input_group_sizes));
    layout->outputs = calloc(count + 1, sizeof(*layout->outputs));
    if (!layout->inputs || !layout->input_group_sizes || !layout->outputs)
        return E_OUTOFMEMORY;
    for (uint32_t t = 0; t < count; ++t)
    {
        const struct dml_dispatchable *target = &initializer->targets[t]->dispatchable;
        uint64_t persistent = target->properties.PersistentResourceSize;

        layout->input_group_sizes[t] = target->layout.input_count;
        layout->outputs[t] = (struct dml_binding_rule){
            persistent ? DML_BINDING_REQUIRED : DML_BINDING_OPTIONAL, persistent,
            DML_PERSISTENT_BUFFER_ALIGNMENT};
        for (uint32_t i = 0; i < target->layout.input_count; ++i, ++flat)
        {
            const struct dml_binding_rule *rule = &target->layout.inputs[i];

            layout->inputs[flat] = (struct dml_binding_rule){
                rule->need == DML_BINDING_FORBIDDEN ? DML_BINDING_REQUIRED : DML_BINDING_OPTIONAL,
                rule->min_size, rule->alignment};
        }
    }
    return S_OK;
}

/* One step per owned tensor of a target: a copy of its bytes from the initializer's input (the
 * target's input binding, within the target's group) into the target's persistent resource. */
static HRESULT add_copy(struct program *program, const struct program_tensor *owned,
                        uint32_t target, uint32_t first_input)
{
    struct program_slot slots[2] = {{0, PROGRAM_READ}, {0, PROGRAM_WRITE}};
    struct plan plan;
    HRESULT hr;

    if (FAILED(hr = program_add_input(program, first_input + owned->binding, 0, owned->bytes,
                                      &slots[0].tensor)) ||
        FAILED(hr = program_add_output(program, target, owned->offset, owned->bytes,
                                       &slots[1].tensor)) ||
        FAILED(hr = dml_lower_copy_bytes(owned->bytes, 0, 1, &plan)))
        return hr;
    return program_add_step(program, &plan, slots);
}

static HRESULT initializer_program(struct dml_initializer *initializer)
{
    struct program *program = &initializer->dispatchable.program;
    uint32_t first = 0;
    HRESULT hr = S_OK;

    for (uint32_t t = 0; t < initializer->target_count && SUCCEEDED(hr); ++t)
    {
        const struct dml_dispatchable *target = &initializer->targets[t]->dispatchable;

        for (uint32_t i = 0; i < target->program.tensor_count && SUCCEEDED(hr); ++i)
        {
            if (target->program.tensors[i].kind == PROGRAM_TENSOR_OWNED)
                hr = add_copy(program, &target->program.tensors[i], t, first);
        }
        first += target->layout.input_count;
    }
    return FAILED(hr) ? hr : dml_dispatchable_build(&initializer->dispatchable);
}

static HRESULT check_targets(struct dml_device *device, UINT count,
                             IDMLCompiledOperator *const *operators)
{
    uint64_t inputs = 0; /* in all: a target may come many times */

    if (count && !operators)
        return E_INVALIDARG;
    for (UINT t = 0; t < count; ++t)
    {
        struct dml_compiled_operator *target = dml_compiled_operator_from_iface(operators[t]);

        if (!target || target->dispatchable.child.device != device)
        {
            dml_diag_print(dml_device_debug_enabled(device),
                           "operator initializer: operators[%u] is not a compiled operator of this "
                           "device", t);
            return E_INVALIDARG;
        }
        inputs += target->dispatchable.layout.input_count;
    }
    /* The initializer binds them all, and bindings are counted in 32 bits. */
    if (inputs >= UINT32_MAX)
    {
        dml_diag_print(dml_device_debug_enabled(device),
                       "operator initializer: the %u operators have %llu inputs in all; at most "
                       "%u",
                       count, (unsigned long long)inputs, UINT32_MAX - 1);
        return E_INVALIDARG;
    }
    return S_OK;
}

/* Replaces the targets: validates first, so a failed call leaves an initializer with no target. */
static HRESULT initializer_set_targets(struct dml_initializer *initializer, UINT count,
                                       IDMLCompiledOperator *const *operators)
{
    struct dml_compiled_operator **targets = NULL;
    HRESULT hr;

    if (FAILED(hr = check_targets(initializer->dispatchable.child.device, count, operators)))
        return hr;
    if (count && !(targets = calloc(count, sizeof(*targets))))
    {
        release_targets(initializer);
        return E_OUTOFMEMORY;
    }
    /* The new references first: an old one may be the only one keeping a new target alive. */
    for (UINT t = 0; t < count; ++t)
    {
        operators[t]->lpVtbl->AddRef(operators[t]);
        targets[t] = dml_compiled_operator_from_iface(operators[t]);
    }
    release_targets(initializer);
    initializer->targets = targets;
    initializer->target_count = count;
    if (FAILED(hr = initializer_layout(initializer)) || FAILED(hr = initializer_program(initializer)))
        release_targets(initializer);
    return hr;
}

static HRESULT STDMETHODCALLTYPE dml_initializer_Reset(IDMLOperatorInitializer *iface, UINT count,
                                                       IDMLCompiledOperator *const *operators)
{
    struct dml_initializer *initializer = (struct dml_initializer *)iface;
    HRESULT hr;

    if (FAILED(hr = dml_device_check_removed(initializer->dispatchable.child.device)))
        return hr;
    return initializer_set_targets(initializer, count, operators);
}

static const IDMLOperatorInitializerVtbl dml_initializer_vtbl = {
    DML_CHILD_VTBL_ENTRIES(dml_initializer),
    dml_initializer_GetBindingProperties,
    dml_initializer_Reset,
};

struct dml_dispatchable *dml_initializer_dispatchable(IDMLDispatchable *iface)
{
    if (!iface || iface->lpVtbl != (const void *)&dml_initializer_vtbl)
        return NULL;
    return &((struct dml_initializer *)iface)->dispatchable;
}

static void dml_initializer_destroy(struct dml_child *child)
{
    struct dml_initializer *initializer = (struct dml_initializer *)(
        (char *)child - offsetof(struct dml_initializer, dispatchable.child));

    release_targets(initializer);
    dml_dispatchable_cleanup(&initializer->dispatchable);
    dml_child_cleanup(child);
    free(initializer);
}

HRESULT dml_initializer_create(struct dml_device *device, UINT count,
                               IDMLCompiledOperator *const *operators, IDMLOperatorInitializer **out)
{
    struct dml_initializer *initializer;
    HRESULT hr;

    if (FAILED(hr = check_targets(device, count, operators)))
        return hr;
    if (!(initializer = calloc(1, sizeof(*initializer))))
        return E_OUTOFMEMORY;
    initializer->IDMLOperatorInitializer_iface.lpVtbl = &dml_initializer_vtbl;
    dml_child_init(&initializer->dispatchable.child, device, initializer_iids,
                   dml_initializer_destroy);
    dml_dispatchable_init(&initializer->dispatchable, &initializer_ops, false);
    if (FAILED(hr = initializer_set_targets(initializer, count, operators)))
    {
        dml_initializer_destroy(&initializer->dispatchable.child);
        return hr;
    }
    *out = &initializer->IDMLOperatorInitializer_iface;
    return S_OK;
}

struct dml_dispatchable *dml_dispatchable_from_iface(IDMLDispatchable *iface)
{
    struct dml_dispatchable *dispatchable = dml_compiled_operator_dispatchable(iface);

    return dispatchable ? dispatchable : dml_initializer_dispatchable(iface);
}

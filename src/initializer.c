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
    uint32_t copy_count;
    struct dml_initializer_copy *copies;
};

/* One owned input: global slot 2c reads it, global slot 2c+1 is its place in the persistent resource. */
struct dml_initializer_copy
{
    uint32_t target;
    uint32_t flat_input; /* index in the flattened input bindings */
    uint64_t offset;     /* in the target's persistent resource */
    uint64_t bytes;      /* DMLCalcBufferTensorSize: every byte the operator reads */
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
    free(initializer->copies);
    initializer->targets = NULL;
    initializer->copies = NULL;
    initializer->target_count = initializer->copy_count = 0;
    dml_dispatchable_cleanup(&initializer->dispatchable);
}

static void initializer_global_slots(struct dml_dispatchable *dispatchable,
                                     const struct dml_bound_slots *bound, struct dml_vk_slot *slots)
{
    struct dml_initializer *initializer = impl_from_dispatchable(dispatchable);

    for (uint32_t c = 0; c < initializer->copy_count; ++c)
    {
        const struct dml_initializer_copy *copy = &initializer->copies[c];
        slots[2 * c] = bound->inputs[copy->flat_input];
        slots[2 * c + 1] = dml_vk_slot_advance(bound->outputs[copy->target], copy->offset);
    }
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
    initializer_global_slots,
    initializer_ready,
    initializer_recorded,
};

static uint32_t total_inputs(struct dml_compiled_operator *const *targets, uint32_t count)
{
    uint32_t total = 0;

    for (uint32_t t = 0; t < count; ++t)
        total += targets[t]->op->def.input_count;
    return total;
}

/* Inputs: one BUFFER_ARRAY per target, owned inputs required, others ignored. Outputs: each
 * target's persistent resource. */
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
    initializer->copies = calloc(layout->input_count + 1, sizeof(*initializer->copies));
    if (!layout->inputs || !layout->input_group_sizes || !layout->outputs || !initializer->copies)
        return E_OUTOFMEMORY;
    for (uint32_t t = 0; t < count; ++t)
    {
        struct dml_compiled_operator *target = initializer->targets[t];
        uint64_t persistent = target->dispatchable.properties.PersistentResourceSize;

        layout->input_group_sizes[t] = target->op->def.input_count;
        layout->outputs[t] = (struct dml_binding_rule){
            persistent ? DML_BINDING_REQUIRED : DML_BINDING_OPTIONAL, persistent,
            DML_PERSISTENT_BUFFER_ALIGNMENT};
        for (uint32_t i = 0; i < target->op->def.input_count; ++i, ++flat)
        {
            const struct dml_tensor *tensor = dml_op_input(&target->op->def, i);
            bool owned = target->owned_offsets[i] != DML_NOT_OWNED;

            layout->inputs[flat] = (struct dml_binding_rule){
                owned ? DML_BINDING_REQUIRED : DML_BINDING_OPTIONAL, tensor->total_bytes,
                tensor->base_alignment};
            if (owned)
                initializer->copies[initializer->copy_count++] =
                    (struct dml_initializer_copy){t, flat, target->owned_offsets[i], tensor->min_bytes};
        }
    }
    initializer->dispatchable.global_slot_count = 2 * initializer->copy_count;
    return S_OK;
}

static HRESULT initializer_plans(struct dml_initializer *initializer)
{
    HRESULT hr = S_OK;

    for (uint32_t c = 0; c < initializer->copy_count && SUCCEEDED(hr); ++c)
    {
        const struct dml_initializer_copy *copy = &initializer->copies[c];
        struct plan plan;

        if (FAILED(hr = dml_lower_copy_bytes(copy->bytes, 0, 1, &plan)))
            return hr;
        hr = dml_dispatchable_add_plan(&initializer->dispatchable, &plan, 2 * c);
        plan_cleanup(&plan);
    }
    return hr;
}

static HRESULT check_targets(struct dml_device *device, UINT count,
                             IDMLCompiledOperator *const *operators)
{
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
    }
    return S_OK;
}

/* Replaces the targets: validates first, so a failed call leaves an initializer with no target. */
static HRESULT initializer_set_targets(struct dml_initializer *initializer, UINT count,
                                       IDMLCompiledOperator *const *operators)
{
    HRESULT hr;

    if (FAILED(hr = check_targets(initializer->dispatchable.child.device, count, operators)))
        return hr;
    release_targets(initializer);
    if (count && !(initializer->targets = calloc(count, sizeof(*initializer->targets))))
        return E_OUTOFMEMORY;
    for (UINT t = 0; t < count; ++t)
    {
        operators[t]->lpVtbl->AddRef(operators[t]);
        initializer->targets[t] = dml_compiled_operator_from_iface(operators[t]);
        initializer->target_count = t + 1;
    }
    if (FAILED(hr = initializer_layout(initializer)) || FAILED(hr = initializer_plans(initializer)))
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
    initializer->dispatchable.ops = &initializer_ops;
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

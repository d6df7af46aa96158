#include "compiled_operator.h"

#include <stdlib.h>

#include "children.h"
#include "diag.h"
#include "lower.h"

#define DML_CHILD_MEMBER dispatchable.child

static const IID *const compiled_operator_iids[] = {
    &IID_IUnknown,         &IID_IDMLObject,           &IID_IDMLDeviceChild, &IID_IDMLPageable,
    &IID_IDMLDispatchable, &IID_IDMLCompiledOperator, NULL};

static const DML_EXECUTION_FLAGS valid_execution_flags =
    DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION | DML_EXECUTION_FLAG_DISABLE_META_COMMANDS |
    DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;

DML_CHILD_METHODS(dml_compiled_operator, IDMLCompiledOperator, struct dml_compiled_operator)

static DML_BINDING_PROPERTIES STDMETHODCALLTYPE
dml_compiled_operator_GetBindingProperties(IDMLCompiledOperator *iface)
{
    return ((struct dml_compiled_operator *)iface)->dispatchable.properties;
}

static const IDMLCompiledOperatorVtbl dml_compiled_operator_vtbl = {
    DML_CHILD_VTBL_ENTRIES(dml_compiled_operator),
    dml_compiled_operator_GetBindingProperties,
};

struct dml_compiled_operator *dml_compiled_operator_from_iface(IDMLCompiledOperator *iface)
{
    if (!iface || iface->lpVtbl != &dml_compiled_operator_vtbl)
        return NULL;
    return (struct dml_compiled_operator *)iface;
}

static struct dml_compiled_operator *impl_from_dispatchable(struct dml_dispatchable *dispatchable)
{
    return (struct dml_compiled_operator *)((char *)dispatchable -
                                            offsetof(struct dml_compiled_operator, dispatchable));
}

struct dml_dispatchable *dml_compiled_operator_dispatchable(IDMLDispatchable *iface)
{
    struct dml_compiled_operator *compiled = dml_compiled_operator_from_iface((IDMLCompiledOperator *)iface);

    return compiled ? &compiled->dispatchable : NULL;
}

/* Global slots: the inputs (owned ones read from the persistent resource), then the outputs. */
static void compiled_global_slots(struct dml_dispatchable *dispatchable,
                                  const struct dml_bound_slots *bound, struct dml_vk_slot *slots)
{
    struct dml_compiled_operator *compiled = impl_from_dispatchable(dispatchable);
    const struct dml_op_def *def = &compiled->op->def;

    for (uint32_t i = 0; i < def->input_count; ++i)
    {
        uint64_t owned = compiled->owned_offsets[i];
        slots[i] = owned == DML_NOT_OWNED ? bound->inputs[i]
                                          : dml_vk_slot_advance(bound->persistent, owned);
    }
    for (uint32_t k = 0; k < def->output_count; ++k)
        slots[def->input_count + k] = bound->outputs[k];
}

static bool compiled_ready(struct dml_dispatchable *dispatchable)
{
    return atomic_load(&impl_from_dispatchable(dispatchable)->initialized);
}

static void compiled_recorded(struct dml_dispatchable *dispatchable)
{
}

static const struct dml_dispatchable_ops compiled_ops = {
    compiled_global_slots,
    compiled_ready,
    compiled_recorded,
};

static struct dml_binding_rule tensor_rule(const struct dml_tensor *tensor,
                                           enum dml_binding_need need)
{
    struct dml_binding_rule rule = {need, tensor->total_bytes, tensor->base_alignment};
    return rule;
}

/* Adds room for an owned input's bytes (what the operator reads: DMLCalcBufferTensorSize) at the
 * next 256-byte boundary; false when the total does not fit in 64 bits. */
static bool reserve_owned(uint64_t *persistent, uint64_t bytes)
{
    const uint64_t mask = DML_PERSISTENT_BUFFER_ALIGNMENT - 1;
    uint64_t end;

    if (__builtin_add_overflow(*persistent, bytes, &end) || __builtin_add_overflow(end, mask, &end))
        return false;
    *persistent = end & ~mask;
    return true;
}

/* Owned inputs are packed into the persistent resource, each at a 256-byte boundary. */
static HRESULT compiled_layout(struct dml_compiled_operator *compiled)
{
    const struct dml_op_def *def = &compiled->op->def;
    struct dml_binding_layout *layout = &compiled->dispatchable.layout;
    uint64_t persistent = 0;

    layout->input_count = def->input_count;
    layout->output_count = def->output_count;
    layout->inputs = calloc(def->input_count, sizeof(*layout->inputs));
    layout->outputs = calloc(def->output_count, sizeof(*layout->outputs));
    compiled->owned_offsets = calloc(def->input_count, sizeof(*compiled->owned_offsets));
    if (!layout->inputs || !layout->outputs || !compiled->owned_offsets)
        return E_OUTOFMEMORY;
    for (uint32_t i = 0; i < def->input_count; ++i)
    {
        const struct dml_tensor *tensor = dml_op_input(def, i);
        bool owned = tensor->flags & DML_TENSOR_FLAG_OWNED_BY_DML;

        layout->inputs[i] = tensor_rule(tensor, owned ? DML_BINDING_FORBIDDEN : DML_BINDING_REQUIRED);
        compiled->owned_offsets[i] = owned ? persistent : DML_NOT_OWNED;
        if (owned && !reserve_owned(&persistent, tensor->min_bytes))
            return E_OUTOFMEMORY;
    }
    for (uint32_t k = 0; k < def->output_count; ++k)
        layout->outputs[k] = tensor_rule(dml_op_output(def, k), DML_BINDING_REQUIRED);
    compiled->dispatchable.properties.PersistentResourceSize = persistent;
    compiled->dispatchable.global_slot_count = def->input_count + def->output_count;
    return S_OK;
}

static void dml_compiled_operator_destroy(struct dml_child *child)
{
    struct dml_compiled_operator *compiled = (struct dml_compiled_operator *)(
        (char *)child - offsetof(struct dml_compiled_operator, dispatchable.child));

    dml_dispatchable_cleanup(&compiled->dispatchable);
    free(compiled->owned_offsets);
    if (compiled->op)
        compiled->op->IDMLOperator_iface.lpVtbl->Release(&compiled->op->IDMLOperator_iface);
    dml_child_cleanup(child);
    free(compiled);
}

static HRESULT compiled_init(struct dml_compiled_operator *compiled)
{
    struct plan plan;
    HRESULT hr;

    if (FAILED(hr = compiled_layout(compiled)))
        return hr;
    if (FAILED(hr = dml_lower(&compiled->op->def, &plan)))
        return hr;
    hr = dml_dispatchable_add_plan(&compiled->dispatchable, &plan, 0);
    plan_cleanup(&plan);
    return hr;
}

HRESULT dml_compiled_operator_create(struct dml_device *device, IDMLOperator *op_iface,
                                     DML_EXECUTION_FLAGS flags, IDMLCompiledOperator **out)
{
    struct dml_operator *op = dml_operator_from_iface(op_iface);
    struct dml_compiled_operator *compiled;
    HRESULT hr;

    if (!op || op->child.device != device || (flags & ~valid_execution_flags))
    {
        dml_diag_print(dml_device_debug_enabled(device),
                       "IDMLDevice::CompileOperator: %s", !op ? "op is not an operator of libdmlops"
                       : op->child.device != device ? "op belongs to another device"
                                                    : "flags hold undefined DML_EXECUTION_FLAGS bits");
        return E_INVALIDARG;
    }
    if (!(compiled = calloc(1, sizeof(*compiled))))
        return E_OUTOFMEMORY;
    compiled->IDMLCompiledOperator_iface.lpVtbl = &dml_compiled_operator_vtbl;
    dml_child_init(&compiled->dispatchable.child, device, compiled_operator_iids,
                   dml_compiled_operator_destroy);
    compiled->dispatchable.ops = &compiled_ops;
    compiled->dispatchable.descriptors_volatile = flags & DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
    op_iface->lpVtbl->AddRef(op_iface);
    compiled->op = op;
    atomic_init(&compiled->initialized, false);
    if (FAILED(hr = compiled_init(compiled)))
    {
        dml_compiled_operator_destroy(&compiled->dispatchable.child);
        return hr;
    }
    *out = &compiled->IDMLCompiledOperator_iface;
    return S_OK;
}

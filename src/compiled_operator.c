#include "compiled_operator.h"

#include <stdlib.h>
#include <string.h>

#include "children.h"
#include "diag.h"
#include "lower.h"
#include "operator.h"

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

static bool compiled_ready(struct dml_dispatchable *dispatchable)
{
    return atomic_load(&impl_from_dispatchable(dispatchable)->initialized);
}

static void compiled_recorded(struct dml_dispatchable *dispatchable)
{
}

static const struct dml_dispatchable_ops compiled_ops = {
    compiled_ready,
    compiled_recorded,
};

static struct dml_binding_rule tensor_rule(const struct dml_tensor *tensor,
                                           enum dml_binding_need need)
{
    struct dml_binding_rule rule = {need, tensor->total_bytes, tensor->base_alignment};
    return rule;
}

static HRESULT compiled_layout(struct dml_binding_layout *layout, const struct dml_op_def *def)
{
    layout->input_count = def->input_count + def->absent_inputs;
    layout->output_count = def->output_count;
    layout->in_place = def->in_place;
    layout->inputs = calloc(layout->input_count + 1, sizeof(*layout->inputs));
    layout->outputs = calloc(def->output_count + 1, sizeof(*layout->outputs));
    if (!layout->inputs || !layout->outputs)
        return E_OUTOFMEMORY;
    for (uint32_t i = 0; i < def->input_count; ++i)
    {
        const struct dml_tensor *tensor = dml_op_input(def, i);
        bool owned = tensor->flags & DML_TENSOR_FLAG_OWNED_BY_DML;

        layout->inputs[i] = tensor_rule(tensor, owned ? DML_BINDING_FORBIDDEN : DML_BINDING_REQUIRED);
    }
    for (uint32_t i = def->input_count; i < layout->input_count; ++i) /* read by nothing */
        layout->inputs[i] = (struct dml_binding_rule){DML_BINDING_OPTIONAL, 0,
                                                      DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT};
    for (uint32_t k = 0; k < def->output_count; ++k)
        layout->outputs[k] = tensor_rule(dml_op_output(def, k), DML_BINDING_REQUIRED);
    return S_OK;
}

/* Input i reads input binding i, or (OWNED_BY_DML) what the initializer copied into the persistent
 * resource: every byte the operator reads (DMLCalcBufferTensorSize), at a 256-byte boundary. */
static HRESULT add_input(struct program *program, const struct dml_op_def *def, uint32_t i,
                         struct program_slot *slot)
{
    const struct dml_tensor *tensor = dml_op_input(def, i);

    slot->access = PROGRAM_READ;
    if (tensor->flags & DML_TENSOR_FLAG_OWNED_BY_DML)
        return program_add_owned(program, i, tensor->min_bytes, &slot->tensor);
    return program_add_input(program, i, 0, tensor->total_bytes, &slot->tensor);
}

/* Adds the steps of the lowered operator; tensor_of maps operator tensors (and the scratch
 * tensor after them) to program tensors. */
static HRESULT add_steps(struct program *program, const struct dml_op_def *def,
                         struct dml_lower_steps *steps, const uint32_t *tensor_of,
                         struct program_slot *slots)
{
    uint32_t count = def->input_count + def->output_count;
    HRESULT hr = S_OK;

    for (uint32_t i = 0; i < steps->count && SUCCEEDED(hr); ++i)
    {
        struct dml_lower_step *step = &steps->steps[i];

        if (step->plan.slot_count > (step->mapped ? DML_LOWER_STEP_SLOTS : count))
            return E_INVALIDARG;
        for (uint32_t s = 0; s < step->plan.slot_count; ++s)
            slots[s].tensor = tensor_of[dml_lower_step_tensor(def, step, s, &slots[s].access)];
        hr = program_add_step(program, &step->plan, slots);
    }
    return hr;
}

/* The tensors: the inputs, then the outputs (slot s of a one-step operator's plan is tensor s),
 * then the scratch tensor of an operator of several steps. */
static HRESULT compiled_program(struct program *program, const struct dml_op_def *def)
{
    uint32_t count = def->input_count + def->output_count;
    struct program_slot *slots = calloc(count + DML_LOWER_STEP_SLOTS, sizeof(*slots));
    uint32_t *tensor_of = calloc(count + 1, sizeof(*tensor_of));
    struct dml_lower_steps steps;
    HRESULT hr = slots && tensor_of ? S_OK : E_OUTOFMEMORY;

    for (uint32_t i = 0; i < def->input_count && SUCCEEDED(hr); ++i)
        hr = add_input(program, def, i, &slots[i]);
    for (uint32_t k = 0; k < def->output_count && SUCCEEDED(hr); ++k)
        hr = program_add_output(program, k, 0, dml_op_output(def, k)->total_bytes,
                                &slots[def->input_count + k].tensor);
    for (uint32_t t = 0; t < count && SUCCEEDED(hr); ++t)
        tensor_of[t] = slots[t].tensor;
    if (SUCCEEDED(hr) && SUCCEEDED(hr = dml_lower_steps(def, &steps)))
    {
        if (steps.scratch_bytes)
            hr = program_add_intermediate(program, steps.scratch_bytes, &tensor_of[count]);
        if (SUCCEEDED(hr))
            hr = add_steps(program, def, &steps, tensor_of, slots);
        dml_lower_steps_cleanup(&steps);
    }
    free(tensor_of);
    free(slots);
    return hr;
}

static void dml_compiled_operator_destroy(struct dml_child *child)
{
    struct dml_compiled_operator *compiled = (struct dml_compiled_operator *)(
        (char *)child - offsetof(struct dml_compiled_operator, dispatchable.child));

    dml_dispatchable_cleanup(&compiled->dispatchable);
    if (compiled->source)
        compiled->source->lpVtbl->Release(compiled->source);
    dml_child_cleanup(child);
    free(compiled);
}

static HRESULT compiled_init(struct dml_compiled_operator *compiled, const struct dml_op_def *def)
{
    struct dml_dispatchable *dispatchable = &compiled->dispatchable;
    HRESULT hr;

    if (FAILED(hr = compiled_layout(&dispatchable->layout, def)) ||
        FAILED(hr = compiled_program(&dispatchable->program, def)))
        return hr;
    return dml_dispatchable_build(dispatchable);
}

/* A compiled operator with no program yet. */
static HRESULT compiled_new(struct dml_device *device, DML_EXECUTION_FLAGS flags,
                            struct dml_compiled_operator **out)
{
    struct dml_compiled_operator *compiled;

    if (!(compiled = calloc(1, sizeof(*compiled))))
        return E_OUTOFMEMORY;
    compiled->IDMLCompiledOperator_iface.lpVtbl = &dml_compiled_operator_vtbl;
    dml_child_init(&compiled->dispatchable.child, device, compiled_operator_iids,
                   dml_compiled_operator_destroy);
    dml_dispatchable_init(&compiled->dispatchable, &compiled_ops,
                          flags & DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    atomic_init(&compiled->initialized, false);
    *out = compiled;
    return S_OK;
}

/* Gives *out the object, or destroys it when hr failed. */
static HRESULT compiled_finish(struct dml_compiled_operator *compiled, HRESULT hr,
                               IDMLCompiledOperator **out)
{
    if (FAILED(hr))
    {
        dml_compiled_operator_destroy(&compiled->dispatchable.child);
        return hr;
    }
    *out = &compiled->IDMLCompiledOperator_iface;
    return S_OK;
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
    if (FAILED(hr = compiled_new(device, flags, &compiled)))
        return hr;
    op_iface->lpVtbl->AddRef(op_iface);
    compiled->source = op_iface;
    return compiled_finish(compiled, compiled_init(compiled, &op->def), out);
}

/* Every binding tensor names a binding of the layout and lies within what its rule makes the
 * application bind: resolving slots never reads past the table's arrays, nor a kernel past a
 * binding. */
static bool program_fits_layout(const struct program *program, const struct dml_binding_layout *layout)
{
    for (uint32_t t = 0; t < program->tensor_count; ++t)
    {
        const struct program_tensor *tensor = &program->tensors[t];
        const struct dml_binding_rule *rule = NULL;

        if (tensor->kind == PROGRAM_TENSOR_INPUT || tensor->kind == PROGRAM_TENSOR_OWNED)
            rule = tensor->binding < layout->input_count ? &layout->inputs[tensor->binding] : NULL;
        else if (tensor->kind == PROGRAM_TENSOR_OUTPUT)
            rule = tensor->binding < layout->output_count ? &layout->outputs[tensor->binding] : NULL;
        else
            continue;
        if (!rule || (tensor->kind == PROGRAM_TENSOR_OWNED) != (rule->need == DML_BINDING_FORBIDDEN))
            return false;
        /* An owned tensor is read from its binding at 0 by the initializer; add_binding refused
         * offsets that overflow. */
        if ((tensor->kind == PROGRAM_TENSOR_OWNED ? 0 : tensor->offset) + tensor->bytes > rule->min_size)
            return false;
    }
    return true;
}

HRESULT dml_compiled_program_create(struct dml_device *device, struct program *program,
                                    struct dml_binding_layout *layout, DML_EXECUTION_FLAGS flags,
                                    IDMLCompiledOperator **out)
{
    struct dml_compiled_operator *compiled;
    HRESULT hr = (flags & ~valid_execution_flags) || !program_fits_layout(program, layout)
                     ? E_INVALIDARG
                     : compiled_new(device, flags, &compiled);

    if (FAILED(hr))
    {
        program_cleanup(program);
        dml_binding_layout_cleanup(layout);
        return hr;
    }
    compiled->dispatchable.program = *program;
    compiled->dispatchable.layout = *layout;
    program_init(program);
    memset(layout, 0, sizeof(*layout));
    return compiled_finish(compiled, dml_dispatchable_build(&compiled->dispatchable), out);
}

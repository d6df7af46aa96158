/* A graph plan as a program: one program tensor per plan tensor, one step per plan step. */
#include "graph_program.h"

#include <stdlib.h>
#include <string.h>

#include "fuse.h"
#include "lower.h"
#include "tensor.h"

HRESULT dml_graph_copy_plan(const struct dml_tensor *desc, struct plan *out)
{
    memset(out, 0, sizeof(*out));
    if (!(out->parts = calloc(1, sizeof(*out->parts))))
        return E_OUTOFMEMORY;
    out->kernel = PLAN_KERNEL_COPY;
    out->elem_bytes = dml_data_type_size(desc->data_type);
    out->rank = desc->rank ? desc->rank : 1;
    out->part_count = 1;
    out->slot_count = 2;
    out->parts[0].slot = 1;
    out->count = 1;
    for (uint32_t d = 0; d < out->rank; ++d)
    {
        uint32_t size = desc->rank ? desc->sizes[d] : 1, stride = desc->rank ? desc->strides[d] : 1;

        out->dims[d] = (struct plan_dim){.size = size, .in_stride = stride};
        out->parts[0].strides[d] = stride;
        out->count *= size;
    }
    return S_OK;
}

/* A constant's data zero-padded to the largest consumer's extent (GD3: bytes past DataSize read
 * as zero). */
static HRESULT add_constant(const struct dml_graph_tensor *t, struct program *program,
                            uint32_t *index)
{
    uint8_t *padded = t->size <= SIZE_MAX - 1 ? calloc(t->size + 1, 1) : NULL;
    HRESULT hr;

    if (!padded)
        return E_OUTOFMEMORY;
    memcpy(padded, t->data, t->data_size);
    hr = program_add_constant(program, padded, t->size, index);
    free(padded);
    return hr;
}

/* The program tensor of plan tensor t, or no program tensor (an edge-less input binds NONE). */
static HRESULT add_tensor(const struct dml_graph_tensor *t, struct program *program,
                          uint32_t *index)
{
    switch (t->kind)
    {
    case DML_GRAPH_TENSOR_INPUT:
        return program_add_input(program, t->slot, 0, t->binding_size, index);
    case DML_GRAPH_TENSOR_OWNED:
        return program_add_owned(program, t->slot, t->size, index);
    case DML_GRAPH_TENSOR_OUTPUT:
        return program_add_output(program, t->slot, 0, t->size, index);
    case DML_GRAPH_TENSOR_INTERMEDIATE:
        return program_add_intermediate(program, t->size, index);
    case DML_GRAPH_TENSOR_CONSTANT:
        return add_constant(t, program, index);
    case DML_GRAPH_TENSOR_UNUSED_INPUT:
        break;
    }
    *index = UINT32_MAX;
    return S_OK;
}

/* What the graph's bindings must be: one rule per graph input and output (the graph's counts). */
static HRESULT graph_layout(const struct dml_graph_plan *plan, struct dml_binding_layout *layout)
{
    layout->input_count = plan->input_count;
    layout->output_count = plan->output_count;
    layout->inputs = calloc(plan->input_count + 1, sizeof(*layout->inputs));
    layout->outputs = calloc(plan->output_count + 1, sizeof(*layout->outputs));
    if (!layout->inputs || !layout->outputs)
        return E_OUTOFMEMORY;
    for (uint32_t i = 0; i < plan->input_count; ++i)
    {
        const struct dml_graph_tensor *t = &plan->tensors[plan->input_tensor[i]];
        static const enum dml_binding_need needs[] = {
            [DML_GRAPH_TENSOR_INPUT] = DML_BINDING_REQUIRED,
            [DML_GRAPH_TENSOR_UNUSED_INPUT] = DML_BINDING_OPTIONAL, /* GD2 */
            [DML_GRAPH_TENSOR_OWNED] = DML_BINDING_FORBIDDEN,       /* the initializer's */
        };

        layout->inputs[i] = (struct dml_binding_rule){
            needs[t->kind], t->binding_size,
            t->alignment ? t->alignment : DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT};
    }
    for (uint32_t j = 0; j < plan->output_count; ++j)
    {
        const struct dml_graph_tensor *t = &plan->tensors[plan->output_tensor[j]];

        layout->outputs[j] = (struct dml_binding_rule){
            DML_BINDING_REQUIRED, t->binding_size,
            t->alignment ? t->alignment : DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT};
    }
    return S_OK;
}

/* The step's plans: the operator lowered (slot s is input s, then the outputs, as a compiled
 * operator numbers them; an operator of several steps maps its own), or a copy. */
static HRESULT step_plans(const struct dml_graph_step *step, struct dml_lower_steps *out)
{
    HRESULT hr;

    if (step->kind == DML_GRAPH_STEP_OPERATOR)
        return dml_lower_steps(step->def, out);
    memset(out, 0, sizeof(*out));
    hr = step->desc ? dml_graph_copy_plan(step->desc, &out->steps[0].plan)
                    : dml_lower_copy_bytes(step->bytes, 0, 1, &out->steps[0].plan);
    out->count = SUCCEEDED(hr);
    return hr;
}

/* The data type step's slot s moves (0: raw bytes): what fusion checks across an edge (GD13). */
static uint32_t slot_type(const struct dml_graph_step *step, uint32_t s)
{
    if (step->kind == DML_GRAPH_STEP_COPY)
        return step->desc ? step->desc->data_type : 0;
    return s < step->read_count ? dml_op_input(step->def, s)->data_type
                                : dml_op_output(step->def, s - step->read_count)->data_type;
}

/* The graph step's tensor (its inputs, then its outputs) behind slot s of lowered step ls: an
 * index past them is the operator's scratch tensor. A copy reads slot 0 and writes slot 1. */
static uint32_t lowered_tensor(const struct dml_graph_step *step, const struct dml_lower_step *ls,
                               uint32_t s, uint32_t *access)
{
    *access = s ? PROGRAM_WRITE : PROGRAM_READ;
    return step->kind == DML_GRAPH_STEP_OPERATOR ? dml_lower_step_tensor(step->def, ls, s, access)
                                                 : s;
}

/* Slot s of lowered step ls as a program slot, and the data type fusion sees there (GD13; 0 for
 * the scratch tensor, never fused through). */
static struct program_slot step_slot(const struct dml_graph_step *step,
                                     const struct dml_lower_step *ls, uint32_t s,
                                     const uint32_t *tensor_of, uint32_t scratch, uint32_t *type)
{
    struct program_slot slot;
    uint32_t t = lowered_tensor(step, ls, s, &slot.access);

    *type = 0;
    if (t >= step->read_count + step->write_count)
        slot.tensor = scratch;
    else if ((*type = slot_type(step, t)), t < step->read_count)
        slot.tensor = tensor_of[step->reads[t]];
    else
        slot.tensor = tensor_of[step->writes[t - step->read_count]];
    return slot;
}

static HRESULT add_lowered(const struct dml_graph_step *step, const uint32_t *tensor_of,
                           uint32_t scratch, struct dml_lower_step *ls, struct program *program,
                           struct fuse_info *info)
{
    uint32_t count = step->read_count + step->write_count;
    uint32_t room = ls->mapped ? DML_LOWER_STEP_SLOTS : count, slot_count = ls->plan.slot_count;
    struct program_slot *slots;
    uint32_t *types;
    HRESULT hr;

    if (slot_count > room) /* a lowering that names slots the step does not have */
        return E_INVALIDARG;
    if (!ls->plan.count) /* nothing to copy (an empty constant): no step */
        return S_OK;
    if (!(slots = calloc(slot_count + 1, sizeof(*slots))))
        return E_OUTOFMEMORY;
    if (!(types = calloc(slot_count + 1, sizeof(*types))))
        return free(slots), E_OUTOFMEMORY;
    for (uint32_t s = 0; s < slot_count; ++s)
        slots[s] = step_slot(step, ls, s, tensor_of, scratch, &types[s]);
    /* program_add_step takes the plan over (ls->plan is emptied) */
    if (SUCCEEDED(hr = program_add_step(program, &ls->plan, slots)))
    {
        /* What fusion needs to know of the step: its node and the types of what it touches. */
        info->steps[program->step_count - 1].node = step->node;
        for (uint32_t s = 0; s < slot_count; ++s)
            dml_fuse_info_access(info, slots[s].tensor, types[s]);
    }
    free(types);
    free(slots);
    return hr;
}

static HRESULT add_step(const struct dml_graph_step *step, const uint32_t *tensor_of,
                        struct program *program, struct fuse_info *info)
{
    struct dml_lower_steps lowered;
    uint32_t scratch = UINT32_MAX;
    HRESULT hr = step_plans(step, &lowered);

    if (SUCCEEDED(hr) && lowered.scratch_bytes)
        hr = program_add_intermediate(program, lowered.scratch_bytes, &scratch);
    for (uint32_t i = 0; i < lowered.count && SUCCEEDED(hr); ++i)
        hr = add_lowered(step, tensor_of, scratch, &lowered.steps[i], program, info);
    dml_lower_steps_cleanup(&lowered);
    return hr;
}

/* Program steps before fusion: one per graph step, or each operator's own count. */
static uint32_t program_step_count(const struct dml_graph_plan *plan)
{
    uint32_t count = 0;

    for (uint32_t s = 0; s < plan->step_count; ++s)
        count += plan->steps[s].kind == DML_GRAPH_STEP_OPERATOR
                     ? dml_lower_step_count(plan->steps[s].def)
                     : 1;
    return count;
}

HRESULT dml_graph_program_build_fused(const struct dml_graph_plan *plan, bool fuse,
                                      struct program *program, struct dml_binding_layout *layout,
                                      struct fuse_info *info)
{
    uint32_t *tensor_of = malloc((plan->tensor_count + 1) * sizeof(*tensor_of));
    HRESULT hr = tensor_of ? graph_layout(plan, layout) : E_OUTOFMEMORY;

    for (uint32_t t = 0; SUCCEEDED(hr) && t < plan->tensor_count; ++t)
        hr = add_tensor(&plan->tensors[t], program, &tensor_of[t]);
    if (SUCCEEDED(hr))
        /* each operator adds at most one scratch tensor */
        hr = dml_fuse_info_init(info, program_step_count(plan),
                                program->tensor_count + plan->step_count);
    for (uint32_t s = 0; SUCCEEDED(hr) && s < plan->step_count; ++s)
        hr = add_step(&plan->steps[s], tensor_of, program, info);
    if (SUCCEEDED(hr))
    {
        info->count = program->step_count;
        if (fuse)
            hr = dml_fuse_program(program, info);
        if (SUCCEEDED(hr))
            hr = program_finish(program);
    }
    free(tensor_of);
    /* The graph is valid: what the program refuses is a resource past 64 bits. */
    return hr == E_INVALIDARG ? E_OUTOFMEMORY : hr;
}

HRESULT dml_graph_program_build(const struct dml_graph_plan *plan, struct program *program,
                                struct dml_binding_layout *layout)
{
    struct fuse_info info = {0};
    HRESULT hr = dml_graph_program_build_fused(plan, false, program, layout, &info);

    dml_fuse_info_cleanup(&info);
    return hr;
}

/* SCATTER_ELEMENTS and SCATTER_ND as four steps (src/ops/index.h): the input copied to the output,
 * then over the updates the scatter kernel's CLEAR, CLAIM and WRITE (src/plan.h, indexed plans).
 * The claim words live in the operator's scratch tensor, one per unit of the output; CLEAR and
 * CLAIM walk one coordinate per claim (the updates' dims without the slices one tuple writes). */
#include "ops/index.h"

#include <stdlib.h>

#define CLAIM_WORD_BYTES 4

/* The binding slots of the operator: its tensors, then its scratch tensor. */
enum scatter_tensor
{
    SCATTER_INPUT,
    SCATTER_INDICES,
    SCATTER_UPDATES,
    SCATTER_OUTPUT,
    SCATTER_SCRATCH,
};

static void map_step(struct dml_lower_step *step, uint32_t count, const uint32_t *tensors,
                     const uint32_t *access)
{
    step->mapped = true;
    for (uint32_t s = 0; s < count; ++s)
    {
        step->tensor[s] = tensors[s];
        step->access[s] = access[s];
    }
}

/* Input to output, each through its strides (the same sizes), as IDENTITY copies. */
static HRESULT copy_plan(const struct dml_op_def *def, struct plan *plan)
{
    const struct dml_tensor *input = dml_op_input(def, 0), *output = dml_op_output(def, 0);
    HRESULT hr = lower_plan_init(plan, def->elem_size, input->rank, 1);

    if (FAILED(hr))
        return hr;
    for (uint32_t d = 0; d < input->rank; ++d)
        plan->dims[d] = (struct plan_dim){.size = input->sizes[d], .in_stride = input->strides[d]};
    lower_part_strides(&plan->parts[0], output);
    plan->max_unit_bytes = dml_lower_unit_limit(def);
    dml_lower_simplify(plan);
    return S_OK;
}

/* A CLEAR or CLAIM plan from the WRITE plan: its outer dims, slot 0 the indices, slot 1 the
 * claim words (also the target's slot, never written in these modes). */
static HRESULT claim_plan(const struct plan *write, uint32_t mode, struct plan *plan)
{
    *plan = *write;
    if (!(plan->parts = malloc(sizeof(*plan->parts))))
        return E_OUTOFMEMORY;
    plan->parts[0] = write->parts[0];
    plan->parts[0].slot = 1;
    plan->in_slot = 0;
    plan->index.slot = 0;
    plan->index.claim_slot = 1;
    plan->index.mode = mode;
    plan->index.slice_rank = 0;
    plan->slot_count = 2;
    plan->rank = write->rank - write->index.slice_rank;
    if (!plan->rank)
    {
        plan->rank = 1;
        plan->dims[0] = (struct plan_dim){.size = 1};
        plan->parts[0].strides[0] = 0;
        plan->index.strides[0] = 0;
    }
    plan->count = 1;
    for (uint32_t d = 0; d < plan->rank; ++d)
        plan->count *= plan->dims[d].size;
    return S_OK;
}

static HRESULT write_plan(const struct dml_op_def *def, const struct dml_index_layout *layout,
                          struct plan *plan)
{
    const struct dml_index_roles roles = {PLAN_INDEX_SCATTER_WRITE,
                                          dml_op_output(def, 0),
                                          dml_op_input(def, SCATTER_INDICES),
                                          dml_op_input(def, SCATTER_UPDATES),
                                          2,
                                          1,
                                          0,
                                          3};
    HRESULT hr = dml_index_lower(layout, &roles, def->elem_size, plan);

    if (FAILED(hr))
        return hr;
    plan->max_unit_bytes = dml_lower_unit_limit(def);
    dml_lower_simplify(plan);
    return S_OK;
}

HRESULT dml_scatter_lower_steps(const struct dml_op_def *def, const struct dml_index_layout *layout,
                                struct dml_lower_steps *out)
{
    static const uint32_t copy_tensors[] = {SCATTER_INPUT, SCATTER_OUTPUT},
                          copy_access[] = {PROGRAM_READ, PROGRAM_WRITE},
                          claim_tensors[] = {SCATTER_INDICES, SCATTER_SCRATCH},
                          clear_access[] = {PROGRAM_READ, PROGRAM_WRITE},
                          claim_access[] = {PROGRAM_READ, PROGRAM_READ | PROGRAM_WRITE},
                          write_tensors[] = {SCATTER_UPDATES, SCATTER_INDICES, SCATTER_OUTPUT,
                                             SCATTER_SCRATCH},
                          write_access[] = {PROGRAM_READ, PROGRAM_READ, PROGRAM_WRITE,
                                            PROGRAM_READ};
    struct plan *write = &out->steps[3].plan;
    HRESULT hr;

    if (FAILED(hr = copy_plan(def, &out->steps[0].plan)) ||
        FAILED(hr = write_plan(def, layout, write)) ||
        FAILED(hr = claim_plan(write, PLAN_INDEX_SCATTER_CLEAR, &out->steps[1].plan)) ||
        FAILED(hr = claim_plan(write, PLAN_INDEX_SCATTER_CLAIM, &out->steps[2].plan)))
        return hr;
    map_step(&out->steps[0], 2, copy_tensors, copy_access);
    map_step(&out->steps[1], 2, claim_tensors, clear_access);
    map_step(&out->steps[2], 2, claim_tensors, claim_access);
    map_step(&out->steps[3], 4, write_tensors, write_access);
    out->count = DML_SCATTER_STEPS;
    out->scratch_bytes =
        CLAIM_WORD_BYTES *
        ((dml_op_output(def, 0)->min_bytes + write->elem_bytes - 1) / write->elem_bytes);
    return S_OK;
}

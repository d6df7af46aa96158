#include "bound_steps.h"

#include <stdlib.h>

/* The slots and pushed addresses of all steps (*slots, *pushed); where bound->steps is
 * allocated, each step pointed at its share of bound->slots and bound->pushed. */
static void lay_out(const struct dml_dispatchable *dispatchable, struct dml_bound_steps *bound,
                    size_t *slots, size_t *pushed)
{
    *slots = *pushed = 0;
    for (uint32_t s = 0; s < dispatchable->program.step_count; ++s)
    {
        if (bound->steps)
        {
            bound->steps[s].slots = bound->slots + *slots;
            bound->steps[s].pushed = bound->pushed + *pushed;
        }
        *slots += dispatchable->program.steps[s].plan.slot_count;
        *pushed += dml_vk_step_pushed_count(&dispatchable->steps[s]);
    }
}

HRESULT dml_bound_steps_create(const struct dml_dispatchable *dispatchable,
                               struct dml_bound_steps *out)
{
    size_t slots, pushed;

    *out = (struct dml_bound_steps){0};
    lay_out(dispatchable, out, &slots, &pushed);
    out->steps = calloc((size_t)dispatchable->program.step_count + 1, sizeof(*out->steps));
    out->slots = calloc(slots + 1, sizeof(*out->slots));
    out->pushed = calloc(pushed + 1, sizeof(*out->pushed));
    if (!out->steps || !out->slots || !out->pushed)
    {
        dml_bound_steps_destroy(out);
        return E_OUTOFMEMORY;
    }
    lay_out(dispatchable, out, &slots, &pushed);
    return S_OK;
}

void dml_bound_steps_destroy(struct dml_bound_steps *bound)
{
    free(bound->steps);
    free(bound->slots);
    free(bound->pushed);
    *bound = (struct dml_bound_steps){0};
}

void dml_bound_steps_update(const struct dml_dispatchable *dispatchable,
                            const struct dml_vk_slot *tensors, struct dml_bound_steps *bound)
{
    const struct program *program = &dispatchable->program;
    struct dml_vk_slot *slots = bound->slots; /* the step's, which bound->steps[s] reads */

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct program_step *step = &program->steps[s];

        for (uint32_t k = 0; k < step->plan.slot_count; ++k)
            *slots++ = tensors[step->slots[k].tensor];
        dml_vk_step_bind(&dispatchable->steps[s], &bound->steps[s]);
    }
}

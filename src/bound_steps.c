#include "bound_steps.h"

#include <stdlib.h>

static void point_steps(const struct dml_dispatchable *dispatchable, struct dml_bound_steps *bound)
{
    size_t slots = 0, pushed = 0;

    for (uint32_t s = 0; s < dispatchable->program.step_count; ++s)
    {
        bound->steps[s].slots = bound->slots + slots;
        bound->steps[s].pushed = bound->pushed + pushed;
        slots += dispatchable->program.steps[s].plan.slot_count;
        pushed += dml_vk_step_pushed_count(&dispatchable->steps[s]);
    }
}

HRESULT dml_bound_steps_create(const struct dml_dispatchable *dispatchable,
                               struct dml_bound_steps *out)
{
    const struct program *program = &dispatchable->program;
    size_t slots = 0, pushed = 0;

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        slots += program->steps[s].plan.slot_count;
        pushed += dml_vk_step_pushed_count(&dispatchable->steps[s]);
    }
    out->steps = calloc((size_t)program->step_count + 1, sizeof(*out->steps));
    out->slots = calloc(slots + 1, sizeof(*out->slots));
    out->pushed = calloc(pushed + 1, sizeof(*out->pushed));
    if (!out->steps || !out->slots || !out->pushed)
    {
        dml_bound_steps_destroy(out);
        return E_OUTOFMEMORY;
    }
    point_steps(dispatchable, out);
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

/* An operator as its steps (src/lower.h): one plan for most, several for SCATTER. */
#include <string.h>

#include "lower.h"
#include "ops/index.h"

typedef HRESULT (*lower_steps_fn)(const struct dml_op_def *def, struct dml_lower_steps *out);

/* The operators that run as several steps (their entry's lower is NULL): each fills the steps'
 * plans, simplified, and their slots, and fails only with E_OUTOFMEMORY. */
static lower_steps_fn multi_step(DML_OPERATOR_TYPE type, uint32_t *count)
{
    switch (type)
    {
    case DML_OPERATOR_SCATTER_ELEMENTS:
        *count = DML_SCATTER_STEPS;
        return dml_scatter_elements_lower_steps;
    case DML_OPERATOR_SCATTER_ND:
        *count = DML_SCATTER_STEPS;
        return dml_scatter_nd_lower_steps;
    default:
        *count = 1;
        return NULL;
    }
}

HRESULT dml_lower_steps(const struct dml_op_def *def, struct dml_lower_steps *out)
{
    uint32_t count;
    lower_steps_fn lower = multi_step(def->type, &count);
    HRESULT hr;

    memset(out, 0, sizeof(*out));
    if (lower)
    {
        if (FAILED(hr = lower(def, out)))
            dml_lower_steps_cleanup(out);
        return hr;
    }
    if (FAILED(hr = dml_lower(def, &out->steps[0].plan)))
        return hr;
    out->count = 1;
    return S_OK;
}

void dml_lower_steps_cleanup(struct dml_lower_steps *steps)
{
    for (uint32_t s = 0; s < DML_LOWER_MAX_STEPS; ++s)
        plan_cleanup(&steps->steps[s].plan);
    memset(steps, 0, sizeof(*steps));
}

uint32_t dml_lower_step_count(const struct dml_op_def *def)
{
    uint32_t count;

    multi_step(def->type, &count);
    return count;
}

uint32_t dml_lower_step_tensor(const struct dml_op_def *def, const struct dml_lower_step *step,
                               uint32_t s, uint32_t *access)
{
    if (step->mapped)
    {
        *access = step->access[s];
        return step->tensor[s];
    }
    *access = s < def->input_count ? PROGRAM_READ : PROGRAM_WRITE;
    return s;
}

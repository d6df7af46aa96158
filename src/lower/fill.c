/* Step 1 helper for the operators that generate their output (src/plan.h, FILL plans). */
#include <stdlib.h>

#include "lower_internal.h"

HRESULT lower_fill_init(struct plan *plan, const struct dml_tensor *output, uint32_t elem_bytes,
                        enum plan_fill_kind kind, bool has_input)
{
    int64_t row_major = 1;
    HRESULT hr = lower_plan_init(plan, elem_bytes, output->rank, 1);
    if (FAILED(hr))
        return hr;
    plan->fill.kind = kind;
    plan->fill.type_bytes = elem_bytes;
    /* t counts elements in logical row-major order: reordering dims later keeps it. A constant
     * needs no t: the output's own strides let it be widened wherever the output allows. */
    for (uint32_t d = output->rank; d-- > 0;)
    {
        plan->dims[d].size = output->sizes[d];
        plan->dims[d].in_stride = kind == PLAN_FILL_CONSTANT ? output->strides[d] : row_major;
        row_major *= output->sizes[d];
    }
    lower_part_strides(&plan->parts[0], output);
    if (!has_input)
    {
        plan->parts[0].slot = 0;
        plan->slot_count = 1;
        return S_OK;
    }
    return lower_plan_in_parts(plan, 0, 1); /* input part 0 at slot 0, the output at slot 1 */
}

void lower_fill_band(struct plan *plan, int64_t begin, int64_t end)
{
    uint32_t x = plan->rank - 1; /* the output has 2 dims or more */
    for (uint32_t d = 0; d < plan->rank; ++d)
        plan->dims[d].in_stride = d == x ? 1 : d == x - 1 ? -1 : 0;
    plan->in_base = 0;
    plan->fill.begin = begin;
    plan->fill.end = end;
}

/* What the kernels can run: a plan that passes here never makes a shader index outside the
 * parameter or binding block. (Addresses in the bound buffers are the validator's business.) */
#include "vk_private.h"

static bool elem_bytes_ok(uint32_t bytes)
{
    return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 16;
}

static const char *check_shape(const struct plan *plan)
{
    if ((unsigned)plan->kernel >= PLAN_KERNEL_COUNT)
        return "unknown kernel";
    if (!elem_bytes_ok(plan->elem_bytes))
        return "elem_bytes is not 1, 2, 4, 8 or 16";
    if (plan->rank < 1 || plan->rank > PLAN_MAX_RANK)
        return "rank outside 1..8";
    uint64_t count = 1;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (!plan->dims[d].size)
            return "a dimension of size 0";
        count *= plan->dims[d].size;
        if (count > UINT32_MAX)
            return "more than 2^32-1 elements";
    }
    return count == plan->count ? NULL : "count is not the product of the sizes";
}

/* Padded dimensions only in PAD plans, with known maps and non-empty inputs. */
static const char *check_maps(const struct plan *plan)
{
    bool padded = false;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        if (dim->map > PLAN_MAP_WRAP)
            return "unknown map";
        if (dim->map != PLAN_MAP_AFFINE && !dim->in_size)
            return "a padded dimension with an empty input";
        padded |= dim->map != PLAN_MAP_AFFINE;
    }
    if (padded != (plan->kernel == PLAN_KERNEL_PAD))
        return padded ? "padded dimensions outside a PAD plan" : "a PAD plan without padding";
    return NULL;
}

static const char *check_parts(const struct plan *plan)
{
    if (!plan->part_count || !plan->parts)
        return "no parts";
    if (plan->part_count > 1 && plan->kernel != PLAN_KERNEL_SPLIT)
        return "several parts outside a SPLIT plan";
    if (plan->part_axis >= plan->rank)
        return "part_axis outside the rank";
    if (plan->in_slot >= plan->slot_count)
        return "in_slot outside slot_count";
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        const struct plan_part *part = &plan->parts[k];
        if (part->slot >= plan->slot_count)
            return "a part's slot outside slot_count";
        if (k == 0 ? part->axis_begin != 0 : part->axis_begin <= plan->parts[k - 1].axis_begin)
            return "parts do not begin at 0 in increasing order";
        if (part->axis_begin >= plan->dims[plan->part_axis].size)
            return "a part begins past the end of part_axis";
    }
    return NULL;
}

HRESULT dml_vk_plan_check(const struct plan *plan, const char **what)
{
    const char *problem = check_shape(plan);
    if (!problem)
        problem = check_maps(plan);
    if (!problem)
        problem = check_parts(plan);
    if (what)
        *what = problem;
    return problem ? E_INVALIDARG : S_OK;
}

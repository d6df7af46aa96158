/* What the GATHER and SCATTER kernels can run (src/plan.h, indexed plans): with these checks an
 * index value, whatever it is, never makes a kernel address outside what the plan's tensors
 * span (x_j stays in [0, n_j)), nor read outside the parameter block. */
#include "plan_check.h"

#include "plan_constants.h"
#include "tensor.h"

static bool index_type_ok(uint32_t type)
{
    return type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_UINT32 ||
           type == DML_TENSOR_DATA_TYPE_INT64 || type == DML_TENSOR_DATA_TYPE_UINT64;
}

static bool mode_ok(const struct plan *plan)
{
    uint32_t mode = plan->index.mode;

    if (plan->kernel == PLAN_KERNEL_GATHER)
        return mode == PLAN_INDEX_GATHER || mode == PLAN_INDEX_REVERSE ||
               mode == PLAN_INDEX_ONE_HOT;
    return mode == PLAN_INDEX_SCATTER_CLEAR || mode == PLAN_INDEX_SCATTER_CLAIM ||
           mode == PLAN_INDEX_SCATTER_WRITE;
}

static const char *check_tuple(const struct plan *plan)
{
    const struct plan_index *index = &plan->index;
    bool single = index->mode == PLAN_INDEX_REVERSE || index->mode == PLAN_INDEX_ONE_HOT;

    if (index->count < 1 || index->count > PLAN_INDEX_MAX_TUPLE || (single && index->count != 1))
        return "an index tuple of no component, too many, or several where one is compared";
    for (uint32_t j = 0; j < index->count; ++j)
    {
        if (!index->sizes[j])
            return "an index component over an empty extent";
    }
    if (single && index->axis >= plan->rank)
        return "a compared axis outside the rank";
    return NULL;
}

const char *plan_check_index(const struct plan *plan)
{
    const struct plan_index *index = &plan->index;
    bool scatter = plan->kernel == PLAN_KERNEL_SCATTER;

    if (!plan_kernel_indexed(plan->kernel))
        return index->mode ? "index fields outside an indexed plan" : NULL;
    if (!mode_ok(plan))
        return "an index mode its kernel does not run";
    if (plan->part_count != 1 || plan->in_part_count)
        return "an indexed plan with parts";
    /* Input, indices, output and claim words at most: always within the push constants, so
     * an indexed step never needs a slot block. */
    if (plan->slot_count > DMLOPS_PUSH_SLOTS)
        return "an indexed plan with more slots than push constants hold";
    if (!index_type_ok(index->type))
        return "an index type other than INT32, UINT32, INT64, UINT64";
    if (index->slot >= plan->slot_count || (scatter && index->claim_slot >= plan->slot_count))
        return "an index or claim slot outside slot_count";
    if (index->slice_rank > (scatter ? plan->rank : 0))
        return "claim slices outside a scatter plan's rank";
    return check_tuple(plan);
}

/* What the kernels can run (see plan_check.h). */
#include "plan_check.h"

#include "tensor.h"

/* CAST plans carry DirectML's type values to the shaders through plan_constants.h. */
_Static_assert(DMLOPS_TYPE_FLOAT32 == DML_TENSOR_DATA_TYPE_FLOAT32 &&
                   DMLOPS_TYPE_FLOAT16 == DML_TENSOR_DATA_TYPE_FLOAT16 &&
                   DMLOPS_TYPE_UINT32 == DML_TENSOR_DATA_TYPE_UINT32 &&
                   DMLOPS_TYPE_UINT16 == DML_TENSOR_DATA_TYPE_UINT16 &&
                   DMLOPS_TYPE_UINT8 == DML_TENSOR_DATA_TYPE_UINT8 &&
                   DMLOPS_TYPE_INT32 == DML_TENSOR_DATA_TYPE_INT32 &&
                   DMLOPS_TYPE_INT16 == DML_TENSOR_DATA_TYPE_INT16 &&
                   DMLOPS_TYPE_INT8 == DML_TENSOR_DATA_TYPE_INT8 &&
                   DMLOPS_TYPE_FLOAT64 == DML_TENSOR_DATA_TYPE_FLOAT64 &&
                   DMLOPS_TYPE_UINT64 == DML_TENSOR_DATA_TYPE_UINT64 &&
                   DMLOPS_TYPE_INT64 == DML_TENSOR_DATA_TYPE_INT64,
               "plan_constants.h's type codes are DML_TENSOR_DATA_TYPE's");

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

/* Padded dimensions only in PAD (and GENERAL, SCALE_BIAS) plans, with known maps and non-empty
 * inputs. */
static const char *check_maps(const struct plan *plan)
{
    bool padded = false;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        if (dim->map > PLAN_MAP_DILATE)
            return "unknown map";
        if (dim->map == PLAN_MAP_DILATE && dim->step < 0)
            return "a DILATE dimension with a negative step";
        if (dim->map != PLAN_MAP_AFFINE && !dim->in_size)
            return "a padded dimension with an empty input";
        padded |= dim->map != PLAN_MAP_AFFINE;
    }
    if (plan->kernel == PLAN_KERNEL_GENERAL || plan->kernel == PLAN_KERNEL_SCALE_BIAS)
        return NULL;
    if (padded != (plan->kernel == PLAN_KERNEL_PAD))
        return padded ? "padded dimensions outside a PAD plan" : "a PAD plan without padding";
    return NULL;
}

/* Output parts along part_axis, or input parts along in_part_axis. */
static const char *check_part_list(const struct plan *plan, const struct plan_part *parts,
                                   uint32_t count, uint32_t axis)
{
    if (axis >= plan->rank)
        return "a part axis outside the rank";
    for (uint32_t k = 0; k < count; ++k)
    {
        const struct plan_part *part = &parts[k];
        if (part->slot >= plan->slot_count)
            return "a part's slot outside slot_count";
        if (k == 0 ? part->axis_begin != 0 : part->axis_begin <= parts[k - 1].axis_begin)
            return "parts do not begin at 0 in increasing order";
        if (part->axis_begin >= plan->dims[axis].size)
            return "a part begins past the end of its axis";
    }
    return NULL;
}

/* A conversion only in CAST plans, between two different known types of the plan's sizes. */
static const char *check_cast(const struct plan *plan)
{
    uint32_t from = PLAN_CAST_FROM(plan->cast_types), to = PLAN_CAST_TO(plan->cast_types);
    if ((plan->arith == PLAN_ARITH_CAST) != (plan->kernel == PLAN_KERNEL_CAST))
        return "a conversion outside a CAST plan, or a CAST plan without it";
    if (plan->kernel != PLAN_KERNEL_CAST)
        return plan->in_elem_bytes || plan->cast_types ? "cast fields outside a CAST plan" : NULL;
    if (from == to || !dml_data_type_size(from) || !dml_data_type_size(to) ||
        dml_data_type_size(from) != plan->in_elem_bytes ||
        dml_data_type_size(to) != plan->elem_bytes)
        return "a CAST plan's types do not match its element sizes";
    if (plan->part_count != 1 || plan->in_part_count)
        return "a CAST plan with parts";
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return "a CAST plan with padding";
    }
    return NULL;
}

/* Arithmetic only in SCALE_BIAS plans, on whole elements of its float type. */
static const char *check_arith(const struct plan *plan)
{
    if (plan->arith == PLAN_ARITH_CAST)
        return NULL; /* check_cast */
    static const uint32_t bytes[] = {
        [PLAN_ARITH_FMA_F16] = 2, [PLAN_ARITH_FMA_F32] = 4, [PLAN_ARITH_FMA_F64] = 8};
    if ((plan->arith != PLAN_ARITH_NONE) != (plan->kernel == PLAN_KERNEL_SCALE_BIAS))
        return "arithmetic outside a SCALE_BIAS plan, or a SCALE_BIAS plan without it";
    if (plan->arith > PLAN_ARITH_FMA_F64)
        return "unknown arithmetic";
    if (plan->arith && plan->elem_bytes != bytes[plan->arith])
        return "arithmetic on units of another size than its type";
    return NULL;
}

static const char *check_parts(const struct plan *plan)
{
    bool general = plan->kernel >= PLAN_KERNEL_GENERAL;
    if (!plan->part_count || !plan->parts)
        return "no parts";
    if (plan->part_count > 1 && plan->kernel != PLAN_KERNEL_SPLIT && !general)
        return "several parts outside a SPLIT, GENERAL or SCALE_BIAS plan";
    if ((plan->in_part_count && !general) || (plan->in_part_count && !plan->in_parts))
        return "input parts outside a GENERAL or SCALE_BIAS plan";
    if (!plan->in_part_count && plan->in_slot >= plan->slot_count)
        return "in_slot outside slot_count";
    const char *problem = check_part_list(plan, plan->parts, plan->part_count, plan->part_axis);
    if (!problem && plan->in_part_count)
        problem = check_part_list(plan, plan->in_parts, plan->in_part_count, plan->in_part_axis);
    return problem;
}

/* A generator only in FILL plans (src/plan.h): one output part, no padding, no arithmetic,
 * whole generated elements per unit, an input part only for a band. */
static const char *check_fill(const struct plan *plan)
{
    static const uint32_t float_bytes[] = {[PLAN_FILL_SEQ_F16] = 2, [PLAN_FILL_SEQ_F32] = 4};
    const struct plan_fill *fill = &plan->fill;
    uint32_t bytes = fill->type_bytes;

    if ((fill->kind != PLAN_FILL_NONE) != (plan->kernel == PLAN_KERNEL_FILL))
        return "a generator outside a FILL plan, or a FILL plan without one";
    if (plan->kernel != PLAN_KERNEL_FILL)
        return NULL;
    if (fill->kind > PLAN_FILL_BAND)
        return "unknown generator";
    if (!elem_bytes_ok(bytes) || bytes > 8 || plan->elem_bytes % bytes)
        return "a FILL plan's element size does not divide its unit";
    if (fill->kind < PLAN_FILL_BAND && fill->kind > PLAN_FILL_SEQ_INT &&
        bytes != float_bytes[fill->kind])
        return "a float sequence of another element size than its type";
    if (fill->kind == PLAN_FILL_BAND ? plan->elem_bytes != bytes : plan->in_part_count != 0)
        return "a band on units wider than its elements, or an input outside a band";
    if (plan->part_count != 1 || plan->in_part_count > 1 || plan->arith != PLAN_ARITH_NONE)
        return "a FILL plan with several parts or arithmetic";
    return NULL;
}

const char *plan_check(const struct plan *plan)
{
    const char *problem = check_shape(plan);
    if (!problem)
        problem = check_maps(plan);
    if (!problem)
        problem = check_parts(plan);
    if (!problem)
        problem = check_arith(plan);
    if (!problem)
        problem = check_cast(plan);
    if (!problem)
        problem = plan_check_index(plan);
    if (!problem)
        problem = check_fill(plan);
    return problem;
}

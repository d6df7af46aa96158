#include "plan_exec.h"

#include "cast_ref.h"
#include "plan_map.h"
#include "plan_exec_index.h"
#include "plan_exec_fill.h"
#include "reference.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct exec_state
{
    const struct plan *plan;
    void *const *slots;
    const uint64_t *slot_sizes; /* NULL: unchecked */
    char *error;
    size_t error_size;
};

/* Address of unit `units` of slot (of bytes bytes), or NULL (with the error set) when the access is
 * bad. */
static unsigned char *exec_address_sized(struct exec_state *state, uint32_t slot, int64_t units,
                                         uint32_t bytes)
{
    int64_t offset = units * (int64_t)bytes;
    unsigned char *address = (unsigned char *)state->slots[slot] + offset;
    const char *problem = NULL;
    if (slot >= state->plan->slot_count)
        problem = "slot beyond slot_count";
    else if (state->slot_sizes && (units < 0 || (uint64_t)offset + bytes > state->slot_sizes[slot]))
        problem = "outside the slot";
    else if (state->slot_sizes && (uintptr_t)address % bytes)
        problem = "misaligned unit";
    if (!problem)
        return address;
    snprintf(state->error, state->error_size,
             "%s: slot %" PRIu32 ", unit %" PRId64 " of %" PRIu32 " bytes", problem, slot, units,
             bytes);
    return NULL;
}

static unsigned char *exec_address(struct exec_state *state, uint32_t slot, int64_t units)
{
    return exec_address_sized(state, slot, units, state->plan->elem_bytes);
}

static void exec_coordinates(const struct plan *plan, uint64_t index, uint32_t *c)
{
    for (uint32_t d = plan->rank; d-- > 0;)
    {
        c[d] = (uint32_t)(index % plan->dims[d].size);
        index /= plan->dims[d].size;
    }
}

/* The last of count parts whose axis_begin <= x. */
static uint32_t exec_part(const struct plan_part *parts, uint32_t count, uint32_t x)
{
    uint32_t k = 0;
    while (k + 1 < count && parts[k + 1].axis_begin <= x)
        ++k;
    return k;
}

static unsigned char *exec_output(struct exec_state *state, const uint32_t *c)
{
    const struct plan *plan = state->plan;
    uint32_t k = exec_part(plan->parts, plan->part_count, c[plan->part_axis]);
    const struct plan_part *part = &plan->parts[k];
    int64_t units = part->base;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        uint32_t coordinate = c[d] - (d == plan->part_axis ? part->axis_begin : 0);
        units += (int64_t)coordinate * part->strides[d];
    }
    return exec_address(state, part->slot, units);
}

/* The source of one unit: an input address, the pad value, or NULL on a bad access. */
static const unsigned char *exec_input(struct exec_state *state, const uint32_t *c_out)
{
    const struct plan *plan = state->plan;
    uint32_t c[PLAN_MAX_RANK], slot = plan->in_slot;
    int64_t units = plan->in_base;
    const int64_t *strides = NULL;
    memcpy(c, c_out, sizeof(c));
    if (plan->in_part_count)
    {
        const struct plan_part *part =
            &plan->in_parts[exec_part(plan->in_parts, plan->in_part_count, c[plan->in_part_axis])];
        c[plan->in_part_axis] -= part->axis_begin;
        slot = part->slot;
        units = part->base;
        strides = part->strides;
    }
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        int64_t i = plan_dim_map(&plan->dims[d], c[d]);
        if (i == -1)
            return (const unsigned char *)plan->pad_value;
        if (i < 0)
        {
            snprintf(state->error, state->error_size, "dim %" PRIu32 ": unknown map %" PRIu32, d,
                     plan->dims[d].map);
            return NULL;
        }
        units += i * (strides ? strides[d] : plan->dims[d].in_stride);
    }
    /* CAST plans count the input in its own elements */
    return exec_address_sized(state, slot, units,
                              plan->in_elem_bytes ? plan->in_elem_bytes : plan->elem_bytes);
}

/* The unit at in through the plan's arithmetic, into out. */
static void exec_arith(const struct plan *plan, const unsigned char *in, unsigned char *out)
{
    static const DML_TENSOR_DATA_TYPE fma_types[] = {
        [PLAN_ARITH_FMA_F16] = DML_TENSOR_DATA_TYPE_FLOAT16,
        [PLAN_ARITH_FMA_F32] = DML_TENSOR_DATA_TYPE_FLOAT32,
        [PLAN_ARITH_FMA_F64] = DML_TENSOR_DATA_TYPE_FLOAT64,
    };
    uint64_t v64 = 0;
    switch (plan->arith)
    {
    case PLAN_ARITH_FMA_F16:
    case PLAN_ARITH_FMA_F32:
    case PLAN_ARITH_FMA_F64:
        memcpy(out, in, plan->elem_bytes);
        ref_scale_bias(fma_types[plan->arith], plan->scale, plan->bias, out);
        break;
    case PLAN_ARITH_CAST:
        memcpy(&v64, in, plan->in_elem_bytes); /* little-endian */
        v64 = cast_ref(v64, (DML_TENSOR_DATA_TYPE)PLAN_CAST_FROM(plan->cast_types),
                       (DML_TENSOR_DATA_TYPE)PLAN_CAST_TO(plan->cast_types));
        memcpy(out, &v64, plan->elem_bytes);
        break;
    default:
        memcpy(out, in, plan->elem_bytes);
    }
}

static int exec_run(struct exec_state *state)
{
    const struct plan *plan = state->plan;
    if (plan->kernel == PLAN_KERNEL_FILL)
        return plan_exec_fill(plan, state->slots, state->slot_sizes, state->error,
                              state->error_size);
    uint32_t c[PLAN_MAX_RANK] = {0};
    uint64_t product = 1;
    for (uint32_t d = 0; d < plan->rank; ++d)
        product *= plan->dims[d].size;
    if (plan->rank < 1 || plan->rank > PLAN_MAX_RANK || product != plan->count)
    {
        snprintf(state->error, state->error_size,
                 "rank %" PRIu32 " or count %" PRIu64 " is inconsistent", plan->rank, plan->count);
        return -1;
    }
    for (uint64_t index = 0; index < plan->count; ++index)
    {
        exec_coordinates(plan, index, c);
        unsigned char *out = exec_output(state, c);
        const unsigned char *in = out ? exec_input(state, c) : NULL;
        if (!in)
            return -1;
        if (plan->arith && in != (const unsigned char *)plan->pad_value)
            exec_arith(plan, in, out);
        else
            memcpy(out, in, plan->elem_bytes);
    }
    return 0;
}

int plan_exec_checked(const struct plan *plan, void *const *slot_addresses,
                      const uint64_t *slot_sizes, char *error, size_t error_size)
{
    struct exec_state state = {plan, slot_addresses, slot_sizes, error, error_size};
    if (error_size)
        error[0] = 0;
    if (plan_kernel_indexed(plan->kernel))
        return plan_exec_index(plan, slot_addresses, slot_sizes, error, error_size);
    return exec_run(&state);
}

void plan_exec(const struct plan *plan, void *const *slot_addresses)
{
    char error[160];
    struct exec_state state = {plan, slot_addresses, NULL, error, sizeof(error)};
    if (plan_kernel_indexed(plan->kernel)
            ? plan_exec_index(plan, slot_addresses, NULL, error, sizeof(error))
            : exec_run(&state))
    {
        fprintf(stderr, "plan_exec: %s\n", error);
        abort();
    }
}

void plan_describe(FILE *file, const struct plan *plan)
{
    static const char *const kernels[] = {"COPY",       "SPLIT", "PAD",    "GENERAL", "SCALE_BIAS",
                                          "CAST",       "GATHER", "SCATTER", "FILL"};
    _Static_assert(sizeof(kernels) / sizeof(kernels[0]) == PLAN_KERNEL_COUNT,
                   "a name for every plan kernel");
    static const char *const maps[] = {"AFFINE",  "CONSTANT",  "EDGE",
                                       "REFLECT", "SYMMETRIC", "WRAP", "DILATE"};
    fprintf(file,
            "plan: kernel %s elem_bytes %" PRIu32 " rank %" PRIu32 " count %" PRIu64
            " in_slot %" PRIu32 " in_base %" PRId64 " part_axis %" PRIu32 " part_count %" PRIu32
            " slot_count %" PRIu32 " pad_value %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32
            " arith %" PRIu32 " scale %a bias %a\n",
            plan->kernel < PLAN_KERNEL_COUNT ? kernels[plan->kernel] : "?", plan->elem_bytes,
            plan->rank, plan->count, plan->in_slot, plan->in_base, plan->part_axis,
            plan->part_count, plan->slot_count, plan->pad_value[0], plan->pad_value[1],
            plan->pad_value[2], plan->pad_value[3], plan->arith, (double)plan->scale,
            (double)plan->bias);
    if (plan->fill.kind)
        fprintf(file,
                "  fill: kind %" PRIu32 " type_bytes %" PRIu32 " start %" PRId64 " delta %" PRId64
                " begin %" PRId64 " end %" PRId64 "\n",
                plan->fill.kind, plan->fill.type_bytes, plan->fill.start, plan->fill.delta,
                plan->fill.begin, plan->fill.end);
    for (uint32_t d = 0; d < plan->rank && d < PLAN_MAX_RANK; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        fprintf(file,
                "  dim %" PRIu32 ": size %" PRIu32 " in_stride %" PRId64 " map %s in_size %" PRIu32
                " pad_start %" PRId64 " step %" PRId32 "\n",
                d, dim->size, dim->in_stride, dim->map <= PLAN_MAP_DILATE ? maps[dim->map] : "?",
                dim->in_size, dim->pad_start, dim->step);
    }
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
    {
        const struct plan_part *part = &plan->in_parts[j];
        fprintf(file,
                "  in part %" PRIu32 " (axis %" PRIu32 "): slot %" PRIu32 " axis_begin %" PRIu32
                " base %" PRId64 " strides",
                j, plan->in_part_axis, part->slot, part->axis_begin, part->base);
        for (uint32_t d = 0; d < plan->rank && d < PLAN_MAX_RANK; ++d)
            fprintf(file, " %" PRId64, part->strides[d]);
        fprintf(file, "\n");
    }
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        const struct plan_part *part = &plan->parts[k];
        fprintf(file,
                "  part %" PRIu32 ": slot %" PRIu32 " axis_begin %" PRIu32 " base %" PRId64
                " strides",
                k, part->slot, part->axis_begin, part->base);
        for (uint32_t d = 0; d < plan->rank && d < PLAN_MAX_RANK; ++d)
            fprintf(file, " %" PRId64, part->strides[d]);
        fprintf(file, "\n");
    }
    if (plan_kernel_indexed(plan->kernel))
        plan_describe_index(file, plan);
}

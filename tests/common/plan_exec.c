#include "plan_exec.h"

#include <inttypes.h>
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

static int64_t exec_mod(int64_t x, int64_t p)
{
    int64_t m = x % p;
    return m < 0 ? m + p : m;
}

/* Input coordinate of output coordinate c along dim, or -1 for the pad value. */
static int64_t exec_map(const struct plan_dim *dim, uint32_t c)
{
    int64_t x = (int64_t)c - dim->pad_start, n = dim->in_size;
    switch (dim->map)
    {
    case PLAN_MAP_AFFINE:
        return c;
    case PLAN_MAP_CONSTANT:
        return x < 0 || x >= n ? -1 : x;
    case PLAN_MAP_EDGE:
        return x < 0 ? 0 : x >= n ? n - 1 : x;
    case PLAN_MAP_REFLECT:
    {
        if (n == 1)
            return 0;
        int64_t p = 2 * (n - 1), m = exec_mod(x, p);
        return m < n ? m : p - m;
    }
    case PLAN_MAP_SYMMETRIC:
    {
        int64_t p = 2 * n, m = exec_mod(x, p);
        return m < n ? m : p - 1 - m;
    }
    case PLAN_MAP_WRAP:
        return exec_mod(x, n);
    default:
        return -2;
    }
}

/* Address of unit `units` of slot, or NULL (with the error set) when the access is bad. */
static unsigned char *exec_address(struct exec_state *state, uint32_t slot, int64_t units)
{
    uint32_t bytes = state->plan->elem_bytes;
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

static void exec_coordinates(const struct plan *plan, uint64_t index, uint32_t *c)
{
    for (uint32_t d = plan->rank; d-- > 0;)
    {
        c[d] = (uint32_t)(index % plan->dims[d].size);
        index /= plan->dims[d].size;
    }
}

static uint32_t exec_part(const struct plan *plan, const uint32_t *c)
{
    uint32_t k = 0;
    while (k + 1 < plan->part_count && plan->parts[k + 1].axis_begin <= c[plan->part_axis])
        ++k;
    return k;
}

static unsigned char *exec_output(struct exec_state *state, const uint32_t *c)
{
    const struct plan *plan = state->plan;
    uint32_t k = plan->part_count > 1 ? exec_part(plan, c) : 0;
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
static const unsigned char *exec_input(struct exec_state *state, const uint32_t *c)
{
    const struct plan *plan = state->plan;
    int64_t units = plan->in_base;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        int64_t i = exec_map(&plan->dims[d], c[d]);
        if (i == -1)
            return (const unsigned char *)plan->pad_value;
        if (i < 0)
        {
            snprintf(state->error, state->error_size, "dim %" PRIu32 ": unknown map %" PRIu32, d,
                     plan->dims[d].map);
            return NULL;
        }
        units += i * plan->dims[d].in_stride;
    }
    return exec_address(state, plan->in_slot, units);
}

static int exec_run(struct exec_state *state)
{
    const struct plan *plan = state->plan;
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
    return exec_run(&state);
}

void plan_exec(const struct plan *plan, void *const *slot_addresses)
{
    char error[160];
    struct exec_state state = {plan, slot_addresses, NULL, error, sizeof(error)};
    if (exec_run(&state))
    {
        fprintf(stderr, "plan_exec: %s\n", error);
        abort();
    }
}

void plan_describe(FILE *file, const struct plan *plan)
{
    static const char *const kernels[] = {"COPY", "SPLIT", "PAD"};
    static const char *const maps[] = {"AFFINE",  "CONSTANT",  "EDGE",
                                       "REFLECT", "SYMMETRIC", "WRAP"};
    fprintf(file,
            "plan: kernel %s elem_bytes %" PRIu32 " rank %" PRIu32 " count %" PRIu64
            " in_slot %" PRIu32 " in_base %" PRId64 " part_axis %" PRIu32 " part_count %" PRIu32
            " slot_count %" PRIu32 " pad_value %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32
            "\n",
            plan->kernel < PLAN_KERNEL_COUNT ? kernels[plan->kernel] : "?", plan->elem_bytes,
            plan->rank, plan->count, plan->in_slot, plan->in_base, plan->part_axis,
            plan->part_count, plan->slot_count, plan->pad_value[0], plan->pad_value[1],
            plan->pad_value[2], plan->pad_value[3]);
    for (uint32_t d = 0; d < plan->rank && d < PLAN_MAX_RANK; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        fprintf(file,
                "  dim %" PRIu32 ": size %" PRIu32 " in_stride %" PRId64 " map %s in_size %" PRIu32
                " pad_start %" PRIu32 "\n",
                d, dim->size, dim->in_stride, dim->map <= PLAN_MAP_WRAP ? maps[dim->map] : "?",
                dim->in_size, dim->pad_start);
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
}

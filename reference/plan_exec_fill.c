/* plan_exec of FILL plans (src/plan.h): generated elements, read literally from the semantics. */
#include "plan_exec_fill.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "reference.h"

struct fill_state
{
    const struct plan *plan;
    void *const *slots;
    const uint64_t *slot_sizes;
    char *error;
    size_t error_size;
};

/* Address of `units` units of `bytes` in slot, or NULL with the error set. */
static unsigned char *fill_address(struct fill_state *s, uint32_t slot, int64_t units,
                                   uint32_t bytes)
{
    unsigned char *address = (unsigned char *)s->slots[slot] + units * (int64_t)bytes;
    const char *problem = NULL;
    if (slot >= s->plan->slot_count)
        problem = "slot beyond slot_count";
    else if (s->slot_sizes && (units < 0 || (uint64_t)units * bytes + bytes > s->slot_sizes[slot]))
        problem = "outside the slot";
    else if (s->slot_sizes && (uintptr_t)address % bytes)
        problem = "misaligned unit";
    if (!problem)
        return address;
    snprintf(s->error, s->error_size, "%s: slot %" PRIu32 ", unit %" PRId64 " of %" PRIu32 " bytes",
             problem, slot, units, bytes);
    return NULL;
}

static int64_t fill_affine(int64_t base, const int64_t *strides, const uint32_t *c, uint32_t rank)
{
    for (uint32_t d = 0; d < rank; ++d)
        base += (int64_t)c[d] * strides[d];
    return base;
}

static uint32_t float_bits(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof(bits));
    return bits;
}

/* Sequence element k, its bits in the low type_bytes bytes. */
static uint64_t fill_sequence(const struct plan_fill *fill, uint64_t k)
{
    uint32_t v = float_bits((float)k), delta = (uint32_t)fill->delta, start = (uint32_t)fill->start;
    float f, scale, bias;
    memcpy(&scale, &delta, sizeof(scale));
    memcpy(&bias, &start, sizeof(bias));
    ref_scale_bias(DML_TENSOR_DATA_TYPE_FLOAT32, scale, bias, &v); /* FD4: FD1's one FMA */
    switch (fill->kind)
    {
    case PLAN_FILL_SEQ_F32:
        return v;
    case PLAN_FILL_SEQ_F16:
        memcpy(&f, &v, sizeof(f));
        return ref_float_to_element(f, DML_TENSOR_DATA_TYPE_FLOAT16);
    default:
        return (uint64_t)fill->start + k * (uint64_t)fill->delta;
    }
}

/* The unit at coordinate c into out; -1 on a bad input access. */
static int fill_unit(struct fill_state *s, const uint32_t *c, unsigned char *out)
{
    const struct plan *plan = s->plan;
    const struct plan_fill *fill = &plan->fill;
    int64_t t = plan->in_base;
    for (uint32_t d = 0; d < plan->rank; ++d)
        t += (int64_t)c[d] * plan->dims[d].in_stride;
    if (fill->kind == PLAN_FILL_CONSTANT)
        return memcpy(out, plan->pad_value, plan->elem_bytes), 0;
    if (fill->kind == PLAN_FILL_BAND)
    {
        bool on = (fill->end >= fill->begin) ^ (t >= fill->begin) ^ (t < fill->end);
        const unsigned char *in = (const unsigned char *)plan->pad_value;
        static const unsigned char zero[16];
        if (!on && plan->in_part_count)
            in = fill_address(
                s, plan->in_parts[0].slot,
                fill_affine(plan->in_parts[0].base, plan->in_parts[0].strides, c, plan->rank),
                plan->elem_bytes);
        else if (!on)
            in = zero;
        return in ? (memcpy(out, in, plan->elem_bytes), 0) : -1;
    }
    uint32_t bytes = fill->type_bytes, w = plan->elem_bytes / bytes;
    for (uint32_t j = 0; j < w; ++j)
    {
        uint64_t bits = fill_sequence(fill, (uint64_t)t * w + j);
        memcpy(out + j * bytes, &bits, bytes); /* little-endian */
    }
    return 0;
}

int plan_exec_fill(const struct plan *plan, void *const *slots, const uint64_t *slot_sizes,
                   char *error, size_t error_size)
{
    struct fill_state s = {plan, slots, slot_sizes, error, error_size};
    uint32_t c[PLAN_MAX_RANK] = {0};
    if (!plan->fill.type_bytes || plan->elem_bytes % plan->fill.type_bytes)
        return snprintf(error, error_size,
                        "FILL plan of %" PRIu32 "-byte elements in %" PRIu32 "-byte units",
                        plan->fill.type_bytes, plan->elem_bytes),
               -1;
    for (uint64_t index = 0; index < plan->count; ++index)
    {
        uint64_t rest = index;
        for (uint32_t d = plan->rank; d-- > 0;)
        {
            c[d] = (uint32_t)(rest % plan->dims[d].size);
            rest /= plan->dims[d].size;
        }
        unsigned char *out =
            fill_address(&s, plan->parts[0].slot,
                         fill_affine(plan->parts[0].base, plan->parts[0].strides, c, plan->rank),
                         plan->elem_bytes);
        if (!out || fill_unit(&s, c, out))
            return -1;
    }
    return 0;
}

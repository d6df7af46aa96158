/* Finishing a program: lifetimes of its tensors, offsets of its intermediates in the temporary
 * resource, and where a step must wait for earlier ones. */
#include "program.h"

#include <stdlib.h>

static void lifetimes(struct program *program)
{
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct program_step *step = &program->steps[s];

        for (uint32_t i = 0; i < step->plan.slot_count; ++i)
        {
            struct program_tensor *tensor = &program->tensors[step->slots[i].tensor];

            if (tensor->first_step == PROGRAM_NO_STEP)
                tensor->first_step = s;
            tensor->last_step = s;
        }
    }
}

static bool lives_with(const struct program_tensor *a, const struct program_tensor *b)
{
    return a->first_step <= b->last_step && b->first_step <= a->last_step;
}

static uint64_t aligned(uint64_t bytes)
{
    return (bytes + PROGRAM_ALIGNMENT - 1) & ~(uint64_t)(PROGRAM_ALIGNMENT - 1);
}

/* The lowest aligned offset at which tensor t overlaps no intermediate placed before it that is
 * alive at the same time (first fit); placed intermediates are those with a lower index. */
static uint64_t first_fit(const struct program *program, uint32_t t)
{
    const struct program_tensor *tensor = &program->tensors[t];
    uint64_t offset = 0, size = aligned(tensor->bytes);
    bool moved = true;

    while (moved)
    {
        moved = false;
        for (uint32_t o = 0; o < t; ++o)
        {
            const struct program_tensor *other = &program->tensors[o];

            if (other->kind != PROGRAM_TENSOR_INTERMEDIATE ||
                other->first_step == PROGRAM_NO_STEP || !lives_with(tensor, other) ||
                other->offset >= offset + size || offset >= other->offset + aligned(other->bytes))
                continue;
            offset = other->offset + aligned(other->bytes);
            moved = true;
        }
    }
    return offset;
}

static HRESULT place_intermediates(struct program *program)
{
    program->temporary_size = 0;
    for (uint32_t t = 0; t < program->tensor_count; ++t)
    {
        struct program_tensor *tensor = &program->tensors[t];
        uint64_t end;

        if (tensor->kind != PROGRAM_TENSOR_INTERMEDIATE || tensor->first_step == PROGRAM_NO_STEP)
            continue;
        tensor->offset = first_fit(program, t);
        if (__builtin_add_overflow(tensor->offset, aligned(tensor->bytes), &end))
            return E_INVALIDARG;
        if (end > program->temporary_size)
            program->temporary_size = end;
    }
    return S_OK;
}

/* Whether two tensors may share bytes: the same binding or resource, overlapping ranges.
 * Different bindings are different memory (binding tables reject overlapping ones where either
 * is written). */
static bool may_alias(const struct program_tensor *a, const struct program_tensor *b)
{
    static const bool by_binding[PROGRAM_TENSOR_KIND_COUNT] = {
        [PROGRAM_TENSOR_INPUT] = true, [PROGRAM_TENSOR_OUTPUT] = true};

    if (a == b)
        return true;
    if (a->kind != b->kind || a->kind == PROGRAM_TENSOR_CONSTANT)
        return false;
    if (by_binding[a->kind] && a->binding != b->binding)
        return false;
    return a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
}

/* What the steps since the last barrier touched: access bits per tensor, and the list of the
 * tensors touched, so that a check costs what was touched rather than every tensor. */
struct touched
{
    uint8_t *bits;
    uint32_t *list, count;
};

static bool conflicts(const struct program *program, const struct touched *seen,
                      const struct program_slot *slot)
{
    const struct program_tensor *tensor = &program->tensors[slot->tensor];

    for (uint32_t i = 0; i < seen->count; ++i)
    {
        uint32_t t = seen->list[i];
        bool hazard = seen->bits[t] & PROGRAM_WRITE || slot->access & PROGRAM_WRITE;

        if (hazard && may_alias(tensor, &program->tensors[t]))
            return true;
    }
    return false;
}

static bool step_waits(const struct program *program, const struct touched *seen,
                       const struct program_step *step)
{
    for (uint32_t i = 0; i < step->plan.slot_count; ++i)
    {
        if (conflicts(program, seen, &step->slots[i]))
            return true;
    }
    return false;
}

static void touch(struct touched *seen, const struct program_step *step)
{
    for (uint32_t i = 0; i < step->plan.slot_count; ++i)
    {
        uint32_t t = step->slots[i].tensor;

        if (!seen->bits[t])
            seen->list[seen->count++] = t;
        seen->bits[t] |= (uint8_t)step->slots[i].access;
    }
}

static HRESULT place_waits(struct program *program)
{
    struct touched seen = {calloc(program->tensor_count + 1, 1),
                           malloc((program->tensor_count + 1) * sizeof(uint32_t)), 0};

    if (!seen.bits || !seen.list)
    {
        free(seen.bits);
        free(seen.list);
        return E_OUTOFMEMORY;
    }
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        struct program_step *step = &program->steps[s];

        step->wait = step_waits(program, &seen, step);
        for (uint32_t i = 0; step->wait && i < seen.count; ++i)
            seen.bits[seen.list[i]] = 0;
        if (step->wait)
            seen.count = 0;
        touch(&seen, step);
    }
    free(seen.bits);
    free(seen.list);
    return S_OK;
}

HRESULT program_finish(struct program *program)
{
    HRESULT hr;

    for (uint32_t t = 0; t < program->tensor_count; ++t)
        program->tensors[t].first_step = program->tensors[t].last_step = PROGRAM_NO_STEP;
    lifetimes(program);
    if (FAILED(hr = place_intermediates(program)))
        return hr;
    return place_waits(program);
}

uint32_t program_waits(const struct program *program, uint32_t *steps, uint32_t max)
{
    uint32_t n = 0;

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        if (program->steps[s].wait && n < max)
            steps[n] = s;
        n += program->steps[s].wait;
    }
    return n;
}

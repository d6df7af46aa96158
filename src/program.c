/* Building a program: tensors and steps appended to growing arrays. */
#include "program.h"

#include <stdlib.h>
#include <string.h>

void program_init(struct program *program)
{
    memset(program, 0, sizeof(*program));
}

void program_cleanup(struct program *program)
{
    for (uint32_t t = 0; t < program->tensor_count; ++t)
        free(program->tensors[t].data);
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        plan_cleanup(&program->steps[s].plan);
        free(program->steps[s].slots);
    }
    free(program->tensors);
    free(program->steps);
    program_init(program);
}

/* Room for one more element in an array that grows by doubling (count is a power of two or 0
 * whenever it needs to grow). */
static bool grow(void **items, uint32_t count, size_t size)
{
    void *bigger;

    if (count & (count - 1) && count)
        return true;
    if (count >= UINT32_MAX / 2 ||
        !(bigger = realloc(*items, (count ? 2 * (size_t)count : 1) * size)))
        return false;
    *items = bigger;
    return true;
}

static HRESULT add_tensor(struct program *program, const struct program_tensor *tensor,
                          uint32_t *index)
{
    if (program->finished)
        return E_INVALIDARG;
    if (!grow((void **)&program->tensors, program->tensor_count, sizeof(*program->tensors)))
        return E_OUTOFMEMORY;
    program->tensors[program->tensor_count] = *tensor;
    program->tensors[program->tensor_count].first_step = PROGRAM_NO_STEP;
    program->tensors[program->tensor_count].last_step = PROGRAM_NO_STEP;
    *index = program->tensor_count++;
    return S_OK;
}

static HRESULT add_binding(struct program *program, enum program_tensor_kind kind, uint32_t binding,
                           uint64_t offset, uint64_t bytes, uint32_t *index)
{
    struct program_tensor tensor = {kind, binding, offset, bytes, NULL, 0, 0};
    uint64_t end;

    if (__builtin_add_overflow(offset, bytes, &end))
        return E_INVALIDARG;
    return add_tensor(program, &tensor, index);
}

HRESULT program_add_input(struct program *program, uint32_t binding, uint64_t offset,
                          uint64_t bytes, uint32_t *index)
{
    return add_binding(program, PROGRAM_TENSOR_INPUT, binding, offset, bytes, index);
}

HRESULT program_add_output(struct program *program, uint32_t binding, uint64_t offset,
                           uint64_t bytes, uint32_t *index)
{
    return add_binding(program, PROGRAM_TENSOR_OUTPUT, binding, offset, bytes, index);
}

/* end rounded up to the next multiple of PROGRAM_ALIGNMENT; false on overflow. */
static bool align_end(uint64_t begin, uint64_t bytes, uint64_t *end)
{
    const uint64_t mask = PROGRAM_ALIGNMENT - 1;

    if (__builtin_add_overflow(begin, bytes, end) || __builtin_add_overflow(*end, mask, end))
        return false;
    *end &= ~mask;
    return true;
}

HRESULT program_add_owned(struct program *program, uint32_t binding, uint64_t bytes,
                          uint32_t *index)
{
    struct program_tensor tensor = {
        PROGRAM_TENSOR_OWNED, binding, program->persistent_size, bytes, NULL, 0, 0};
    uint64_t end;
    HRESULT hr;

    if (!align_end(program->persistent_size, bytes, &end))
        return E_INVALIDARG;
    if (SUCCEEDED(hr = add_tensor(program, &tensor, index)))
        program->persistent_size = end;
    return hr;
}

HRESULT program_add_intermediate(struct program *program, uint64_t bytes, uint32_t *index)
{
    struct program_tensor tensor = {PROGRAM_TENSOR_INTERMEDIATE, 0, 0, bytes, NULL, 0, 0};

    if (bytes > UINT64_MAX - PROGRAM_ALIGNMENT)
        return E_INVALIDARG;
    return add_tensor(program, &tensor, index);
}

HRESULT program_add_constant(struct program *program, const void *data, uint64_t bytes,
                             uint32_t *index)
{
    struct program_tensor tensor = {PROGRAM_TENSOR_CONSTANT, 0, 0, bytes, NULL, 0, 0};
    HRESULT hr;

    if (bytes > SIZE_MAX - 1 || (bytes && !data))
        return E_INVALIDARG;
    if (!(tensor.data = malloc(bytes ? bytes : 1)))
        return E_OUTOFMEMORY;
    memcpy(tensor.data, data, bytes);
    if (FAILED(hr = add_tensor(program, &tensor, index)))
        free(tensor.data);
    return hr;
}

static bool slots_valid(const struct program *program, const struct plan *plan,
                        const struct program_slot *slots)
{
    for (uint32_t s = 0; s < plan->slot_count; ++s)
    {
        if (slots[s].tensor >= program->tensor_count || !slots[s].access ||
            slots[s].access & ~(uint32_t)(PROGRAM_READ | PROGRAM_WRITE))
            return false;
        if (slots[s].access & PROGRAM_WRITE &&
            (program->tensors[slots[s].tensor].kind == PROGRAM_TENSOR_CONSTANT ||
             program->tensors[slots[s].tensor].kind == PROGRAM_TENSOR_OWNED))
            return false; /* read-only at execution */
    }
    return true;
}

HRESULT program_add_step(struct program *program, struct plan *plan,
                         const struct program_slot *slots)
{
    struct program_step *step;
    HRESULT hr = E_OUTOFMEMORY;

    if (program->finished || !plan->slot_count || !slots || !slots_valid(program, plan, slots))
        hr = E_INVALIDARG;
    else if (grow((void **)&program->steps, program->step_count, sizeof(*program->steps)))
    {
        step = &program->steps[program->step_count];
        if ((step->slots = malloc(plan->slot_count * sizeof(*slots))))
        {
            memcpy(step->slots, slots, plan->slot_count * sizeof(*slots));
            step->plan = *plan;
            step->wait = false;
            memset(plan, 0, sizeof(*plan)); /* moved into the step */
            ++program->step_count;
            return S_OK;
        }
    }
    plan_cleanup(plan);
    return hr;
}

static HRESULT clone_tensor(struct program *to, const struct program_tensor *tensor)
{
    struct program_tensor copy = *tensor;
    uint32_t index;
    HRESULT hr;

    if (tensor->kind == PROGRAM_TENSOR_CONSTANT)
    {
        if (!(copy.data = malloc(tensor->bytes ? tensor->bytes : 1)))
            return E_OUTOFMEMORY;
        memcpy(copy.data, tensor->data, tensor->bytes);
    }
    if (FAILED(hr = add_tensor(to, &copy, &index)))
    {
        free(copy.data);
        return hr;
    }
    to->tensors[index] = copy; /* the lifetime too */
    return S_OK;
}

static HRESULT clone_step(struct program *to, const struct program_step *step)
{
    struct plan plan;
    HRESULT hr;

    if (!plan_clone(&step->plan, &plan))
        return E_OUTOFMEMORY;
    if (SUCCEEDED(hr = program_add_step(to, &plan, step->slots)))
        to->steps[to->step_count - 1].wait = step->wait;
    return hr;
}

HRESULT program_clone(const struct program *from, struct program *to)
{
    HRESULT hr = S_OK;

    program_init(to);
    for (uint32_t t = 0; t < from->tensor_count && SUCCEEDED(hr); ++t)
        hr = clone_tensor(to, &from->tensors[t]);
    for (uint32_t s = 0; s < from->step_count && SUCCEEDED(hr); ++s)
        hr = clone_step(to, &from->steps[s]);
    if (FAILED(hr))
    {
        program_cleanup(to);
        return hr;
    }
    to->persistent_size = from->persistent_size;
    to->temporary_size = from->temporary_size;
    to->finished = from->finished;
    return S_OK;
}

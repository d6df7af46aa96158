#include "op_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "plan_exec.h"
#include "reference.h"
#include "validate.h"
#include "vk_test.h"

bool op_check_strides(struct rng *rng, uint32_t rank, const uint32_t *sizes, bool broadcast,
                      uint32_t *strides)
{
    uint32_t order[8], kind = rng_below(rng, broadcast ? 4 : 3);
    uint64_t step = 1;
    if (kind == 0)
        return false;
    for (uint32_t d = 0; d < rank; ++d)
        order[d] = d;
    for (uint32_t d = rank; d > 1; --d) /* permuted */
    {
        uint32_t j = rng_below(rng, d), t = order[d - 1];
        order[d - 1] = order[j];
        order[j] = t;
    }
    for (uint32_t i = rank; i-- > 0;) /* order[rank - 1] innermost */
    {
        uint32_t d = order[i];
        strides[d] = (uint32_t)step;
        step *= sizes[d] + (kind == 2 && rng_chance(rng, 50) ? rng_range(rng, 1, 3) : 0);
        if (kind == 3 && rng_chance(rng, 40))
            strides[d] = 0;
    }
    return true;
}

void op_check_alloc(struct op_check_buffers *b, uint32_t s, uint64_t bytes, struct rng *rng)
{
    b->bytes[s] = bytes;
    b->data[s] = malloc(bytes ? bytes : 1);
    for (uint64_t i = 0; i < bytes; ++i)
        b->data[s][i] = s < b->input_count ? (uint8_t)rng_next(rng) : VK_TEST_POISON;
}

void op_check_expect(struct op_check_buffers *b, const DML_OPERATOR_DESC *desc)
{
    ref_run(desc, (const void *const *)b->data, (void *const *)&b->data[b->input_count]);
}

void op_check_free(struct op_check_buffers *b)
{
    for (uint32_t s = 0; s < b->input_count + b->output_count; ++s)
        free(b->data[s]);
    memset(b, 0, sizeof(*b));
}

/* Fresh slots: the inputs as given, the outputs poisoned. */
static uint8_t **fresh_slots(const struct op_check_buffers *b)
{
    uint32_t n = b->input_count + b->output_count;
    uint8_t **slots = calloc(n, sizeof(*slots));
    for (uint32_t s = 0; s < n; ++s)
    {
        slots[s] = malloc(b->bytes[s] ? b->bytes[s] : 1);
        if (s < b->input_count)
            memcpy(slots[s], b->data[s], b->bytes[s]);
        else
            memset(slots[s], VK_TEST_POISON, b->bytes[s]);
    }
    return slots;
}

static bool compare(const struct op_check_buffers *b, uint8_t **slots, const char *what, char *why,
                    size_t why_size)
{
    for (uint32_t s = b->input_count; s < b->input_count + b->output_count; ++s)
    {
        for (uint64_t i = 0; i < b->bytes[s]; ++i)
        {
            if (slots[s][i] != b->data[s][i])
                return snprintf(why, why_size,
                                "%s: output slot %u byte %llu is %02x, expected %02x", what, s,
                                (unsigned long long)i, slots[s][i], b->data[s][i]),
                       false;
        }
    }
    return true;
}

static void free_slots(uint8_t **slots, uint32_t n)
{
    for (uint32_t s = 0; s < n; ++s)
        free(slots[s]);
    free(slots);
}

/* The slots of lowered step `step`: operator tensor t is slots[t], the scratch tensor slots[n]. */
static uint32_t step_slots(const struct dml_op_def *def, const struct dml_lower_step *step,
                           uint8_t **slots, const uint64_t *sizes, uint8_t **out,
                           uint64_t *out_sizes)
{
    uint32_t access;
    for (uint32_t s = 0; s < step->plan.slot_count; ++s)
    {
        uint32_t t = dml_lower_step_tensor(def, step, s, &access);
        out[s] = slots[t];
        out_sizes[s] = sizes[t];
    }
    return step->plan.slot_count;
}

/* Runs every step on the CPU (dev NULL) or the GPU, one after the other. */
static bool run_steps(struct dml_vk_device *dev, const struct dml_op_def *def,
                      const struct dml_lower_steps *steps, uint8_t **slots, const uint64_t *sizes,
                      uint32_t mode, char *why, size_t why_size)
{
    uint8_t *step_slot[OP_CHECK_MAX_SLOTS + 1];
    uint64_t step_size[OP_CHECK_MAX_SLOTS + 1];
    char error[160];

    for (uint32_t i = 0; i < steps->count; ++i)
    {
        const struct plan *plan = &steps->steps[i].plan;
        step_slots(def, &steps->steps[i], slots, sizes, step_slot, step_size);
        if (!dev &&
            plan_exec_checked(plan, (void *const *)step_slot, step_size, error, sizeof(error)))
            return snprintf(why, why_size, "plan_exec step %u: %s", i, error), false;
        HRESULT hr =
            dev ? vk_test_run(dev, plan, step_size, step_slot, (enum vk_test_slots)mode) : S_OK;
        if (FAILED(hr))
            return snprintf(why, why_size, "vk_test_run step %u: %#x", i, (unsigned)hr), false;
    }
    return true;
}

/* fresh_slots and, after them, the scratch tensor (garbage: the steps must not care). */
static uint8_t **fresh_with_scratch(const struct op_check_buffers *b, uint64_t scratch,
                                    uint64_t *sizes)
{
    uint32_t n = b->input_count + b->output_count;
    uint8_t **slots = fresh_slots(b);
    uint8_t **all = realloc(slots, (n + 1) * sizeof(*all));

    memcpy(sizes, b->bytes, n * sizeof(*sizes));
    sizes[n] = scratch;
    all[n] = malloc(scratch ? scratch : 1);
    for (uint64_t i = 0; i < scratch; ++i)
        all[n][i] = (uint8_t)(i * 131 + 7);
    return all;
}

bool op_check_run(struct dml_vk_device *dev, const DML_OPERATOR_DESC *desc,
                  const struct op_check_buffers *b, uint32_t mode, char *why, size_t why_size)
{
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_op_def def;
    struct dml_lower_steps steps;
    uint64_t sizes[OP_CHECK_MAX_SLOTS + 1];
    uint32_t n = b->input_count + b->output_count;
    bool ok;

    if (dml_operator_validate(&ctx, desc, &def) != S_OK)
        return snprintf(why, why_size, "rejected by %s", ctx.rejected->id), false;
    HRESULT hr = dml_lower_steps(&def, &steps);
    if (FAILED(hr))
    {
        dml_op_def_cleanup(&def);
        return snprintf(why, why_size, "dml_lower_steps: %#x", (unsigned)hr), false;
    }
    uint8_t **slots = fresh_with_scratch(b, steps.scratch_bytes, sizes);
    ok = run_steps(NULL, &def, &steps, slots, sizes, mode, why, why_size) &&
         compare(b, slots, "plan_exec", why, why_size);
    free_slots(slots, n + 1);
    if (ok && dev)
    {
        slots = fresh_with_scratch(b, steps.scratch_bytes, sizes);
        ok = run_steps(dev, &def, &steps, slots, sizes, mode, why, why_size) &&
             compare(b, slots, "GPU", why, why_size);
        free_slots(slots, n + 1);
    }
    for (uint32_t i = 0; !ok && i < steps.count; ++i)
        plan_describe(stderr, &steps.steps[i].plan);
    dml_lower_steps_cleanup(&steps);
    dml_op_def_cleanup(&def);
    return ok;
}

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

bool op_check_run(struct dml_vk_device *dev, const DML_OPERATOR_DESC *desc,
                  const struct op_check_buffers *b, uint32_t mode, char *why, size_t why_size)
{
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_op_def def;
    struct plan plan;
    uint32_t n = b->input_count + b->output_count;
    bool ok;

    if (dml_operator_validate(&ctx, desc, &def) != S_OK)
        return snprintf(why, why_size, "rejected by %s", dml_rule_info(ctx.rejected)->id), false;
    HRESULT hr = dml_lower(&def, &plan);
    dml_op_def_cleanup(&def);
    if (FAILED(hr))
        return snprintf(why, why_size, "dml_lower: %#x", (unsigned)hr), false;
    uint8_t **slots = fresh_slots(b);
    char error[160];
    ok = plan_exec_checked(&plan, (void *const *)slots, b->bytes, error, sizeof(error)) == 0;
    if (!ok)
        snprintf(why, why_size, "plan_exec: %s", error);
    ok = ok && compare(b, slots, "plan_exec", why, why_size);
    free_slots(slots, n);
    if (ok && dev)
    {
        slots = fresh_slots(b);
        hr = vk_test_run(dev, &plan, b->bytes, slots, (enum vk_test_slots)mode);
        ok = SUCCEEDED(hr);
        if (!ok)
            snprintf(why, why_size, "vk_test_run: %#x", (unsigned)hr);
        ok = ok && compare(b, slots, "GPU", why, why_size);
        free_slots(slots, n);
    }
    if (!ok)
        plan_describe(stderr, &plan);
    plan_cleanup(&plan);
    return ok;
}

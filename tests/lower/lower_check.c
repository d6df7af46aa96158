#include "lower_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan_exec.h"
#include "reference.h"
#include "rng.h"

#define GUARD_BYTES 64 /* before and after every tensor, which starts 16-aligned */

struct check_buffers
{
    uint32_t count; /* slots: input, then outputs */
    unsigned char *ref[LOWER_CHECK_MAX_TENSORS];
    unsigned char *got[LOWER_CHECK_MAX_TENSORS];
    uint64_t bytes[LOWER_CHECK_MAX_TENSORS]; /* TotalTensorSizeInBytes */
};

/* Input and output of the single-output operators. */
static void single_output_tensors(const DML_OPERATOR_DESC *desc, const DML_TENSOR_DESC **in,
                                  const DML_TENSOR_DESC **out)
{
    switch (desc->Type)
    {
    case DML_OPERATOR_SLICE:
        *in = ((const DML_SLICE_OPERATOR_DESC *)desc->Desc)->InputTensor;
        *out = ((const DML_SLICE_OPERATOR_DESC *)desc->Desc)->OutputTensor;
        break;
    case DML_OPERATOR_SLICE1:
        *in = ((const DML_SLICE1_OPERATOR_DESC *)desc->Desc)->InputTensor;
        *out = ((const DML_SLICE1_OPERATOR_DESC *)desc->Desc)->OutputTensor;
        break;
    case DML_OPERATOR_PADDING:
        *in = ((const DML_PADDING_OPERATOR_DESC *)desc->Desc)->InputTensor;
        *out = ((const DML_PADDING_OPERATOR_DESC *)desc->Desc)->OutputTensor;
        break;
    default:
        *in = ((const DML_PADDING1_OPERATOR_DESC *)desc->Desc)->InputTensor;
        *out = ((const DML_PADDING1_OPERATOR_DESC *)desc->Desc)->OutputTensor;
        break;
    }
}

uint32_t lower_check_tensors(const DML_OPERATOR_DESC *desc, const DML_BUFFER_TENSOR_DESC **tensors)
{
    const DML_SPLIT_OPERATOR_DESC *split = desc->Desc;
    if (desc->Type != DML_OPERATOR_SPLIT)
    {
        const DML_TENSOR_DESC *in, *out;
        single_output_tensors(desc, &in, &out);
        tensors[0] = in->Desc;
        tensors[1] = out->Desc;
        return 2;
    }
    tensors[0] = split->InputTensor->Desc;
    for (uint32_t k = 0; k < split->OutputCount && k + 1 < LOWER_CHECK_MAX_TENSORS; ++k)
        tensors[1 + k] = split->OutputTensors[k].Desc;
    return 1 + split->OutputCount;
}

static uint64_t region_bytes(uint64_t bytes)
{
    return (2 * GUARD_BYTES + bytes + 63) & ~UINT64_C(63);
}

static void buffers_free(struct check_buffers *b)
{
    for (uint32_t s = 0; s < b->count; ++s)
    {
        free(b->ref[s]);
        free(b->got[s]);
    }
}

/* Random bytes everywhere (input data, output poison); ref and got start identical. */
static int buffers_init(struct check_buffers *b, const DML_OPERATOR_DESC *desc, uint64_t seed)
{
    const DML_BUFFER_TENSOR_DESC *tensors[LOWER_CHECK_MAX_TENSORS];
    struct rng rng = rng_seeded(seed);
    memset(b, 0, sizeof(*b));
    b->count = lower_check_tensors(desc, tensors);
    for (uint32_t s = 0; s < b->count; ++s)
    {
        uint64_t n = region_bytes(tensors[s]->TotalTensorSizeInBytes);
        b->bytes[s] = tensors[s]->TotalTensorSizeInBytes;
        b->ref[s] = aligned_alloc(64, n);
        b->got[s] = aligned_alloc(64, n);
        if (!b->ref[s] || !b->got[s])
            return -1;
        for (uint64_t i = 0; i < n; ++i)
            b->ref[s][i] = (unsigned char)rng_next(&rng);
        memcpy(b->got[s], b->ref[s], n);
    }
    return 0;
}

static int buffers_compare(const struct check_buffers *b, char *what, size_t size)
{
    for (uint32_t s = 0; s < b->count; ++s)
    {
        uint64_t n = region_bytes(b->bytes[s]);
        for (uint64_t i = 0; i < n; ++i)
        {
            if (b->ref[s][i] == b->got[s][i])
                continue;
            snprintf(what, size, "slot %u differs at byte %lld (reference 0x%02x, plan 0x%02x)", s,
                     (long long)i - GUARD_BYTES, b->ref[s][i], b->got[s][i]);
            return -1;
        }
    }
    return 0;
}

static void run_reference(const DML_OPERATOR_DESC *desc, struct check_buffers *b)
{
    const void *inputs[1] = {b->ref[0] + GUARD_BYTES};
    void *outputs[LOWER_CHECK_MAX_TENSORS];
    for (uint32_t s = 1; s < b->count; ++s)
        outputs[s - 1] = b->ref[s] + GUARD_BYTES;
    ref_run(desc, inputs, outputs);
}

static int run_and_compare(const DML_OPERATOR_DESC *desc, const struct plan *plan,
                           struct check_buffers *b, char *what, size_t what_size)
{
    void *slots[LOWER_CHECK_MAX_TENSORS];
    if (plan->slot_count > b->count)
    {
        snprintf(what, what_size, "plan reads %u slots, the operator binds %u", plan->slot_count,
                 b->count);
        return -1;
    }
    for (uint32_t s = 0; s < b->count; ++s)
        slots[s] = b->got[s] + GUARD_BYTES;
    run_reference(desc, b);
    if (plan_exec_checked(plan, slots, b->bytes, what, what_size))
        return -1;
    return buffers_compare(b, what, what_size);
}

int lower_check_against_reference(const DML_OPERATOR_DESC *desc, const struct plan *plan,
                                  uint64_t seed, char *what, size_t what_size)
{
    struct check_buffers b;
    int result = -1;
    snprintf(what, what_size, "out of memory");
    if (buffers_init(&b, desc, seed) == 0)
        result = run_and_compare(desc, plan, &b, what, what_size);
    buffers_free(&b);
    return result;
}

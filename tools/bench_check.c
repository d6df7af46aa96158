/* The benchmark's check of its outputs against the C reference (reference/), element by element
 * so that only the checked ranges of large outputs are computed. */
#include <stdio.h>
#include <string.h>

#include "bench_op.h"
#include "reference.h"

static uint64_t mismatch(const struct bench_op *op, uint32_t k, uint64_t element,
                         uint64_t mismatches)
{
    if (mismatches < 4)
        fprintf(stderr, "  %s e%u: output %u element %llu differs\n", op->name, op->elem_bytes, k,
                (unsigned long long)element);
    return mismatches + 1;
}

uint64_t bench_check_range(const struct bench_op *op, const struct bench_desc *d,
                           const uint8_t *input, uint32_t k, uint64_t first, uint64_t count,
                           const uint8_t *actual)
{
    const struct bench_tensor *t = &op->outputs[k];
    const void *inputs[BENCH_MAX_OUTPUTS];
    struct ref_output out;
    uint64_t mismatches = 0;
    uint8_t expected[8];
    for (uint32_t j = 0; j < bench_input_count(op); ++j)
        inputs[j] = input + (bench_several_inputs(op) ? op->in_offsets[j] : 0);
    if (!ref_output_init(&out, &d->desc, inputs, k))
        return count;
    for (uint64_t i = 0; i < count; ++i)
    {
        int64_t c[REF_MAX_RANK] = {0};
        for (uint32_t dim = 0; dim < t->rank; ++dim)
            c[dim] = (int64_t)((first + i) / t->strides[dim] % t->sizes[dim]);
        ref_output_element(&out, c, expected);
        if (memcmp(expected, actual + i * op->elem_bytes, op->elem_bytes))
            mismatches = mismatch(op, k, first + i, mismatches);
    }
    ref_output_free(&out);
    return mismatches;
}

/* REVERSE_SUBSEQUENCES (datamove-family 11, FD7) on the GPU and through plan_exec, bit-exact
 * against the C reference (reference/): seeded random cases of all 11 data types and both length
 * types (UINT32, UINT64), rank 1-8, every Axis, with permuted, gapped and broadcast input and
 * lengths and permuted or gapped outputs, lengths 0, 1, within the axis, past it and huge; every
 * 8th case also through the whole API, as an operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct reverse_case
{
    uint32_t rank, axis;
    struct index_case_tensor input, lengths, output;
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC desc;
};

static void generate(struct reverse_case *rc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE length_type =
        (seed / 11) % 2 ? DML_TENSOR_DATA_TYPE_UINT64 : DML_TENSOR_DATA_TYPE_UINT32;
    uint32_t sizes[8], lengths[8], max;

    memset(rc, 0, sizeof(*rc));
    rc->rank = rng_range(&rng, 1, 8);
    rc->axis = rng_below(&rng, rc->rank);
    max = rc->rank > 4 ? 3 : 8;
    for (uint32_t d = 0; d < rc->rank; ++d)
        sizes[d] = lengths[d] = rng_range(&rng, 1, max);
    sizes[rc->axis] = rng_range(&rng, 1, max + 4);
    lengths[rc->axis] = 1;
    index_case_tensor(&rc->input, type, rc->rank, sizes, true, true, &rng);
    index_case_tensor(&rc->lengths, length_type, rc->rank, lengths, true, true, &rng);
    index_case_tensor(&rc->output, type, rc->rank, sizes, true, false, &rng);
    rc->desc = (DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC){&rc->input.desc, &rc->lengths.desc,
                                                        &rc->output.desc, rc->axis};
}

static void describe(const struct reverse_case *rc, uint64_t seed, const char *why)
{
    fprintf(stderr, "REVERSE_SUBSEQUENCES seed %llu: %s\n  rank %u axis %u\n",
            (unsigned long long)seed, why, rc->rank, rc->axis);
    index_case_describe("input", &rc->input);
    index_case_describe("lengths", &rc->lengths);
    index_case_describe("output", &rc->output);
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct reverse_case rc;
    int failures = 0;
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 2, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&rc, seed);
        op_check_alloc(&b, 0, rc.input.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, rc.lengths.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, rc.output.buffer.TotalTensorSizeInBytes, &rng);
        index_case_fill(b.data[1], b.bytes[1], rc.lengths.type, &rc.input.sizes[rc.axis], 1, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_REVERSE_SUBSEQUENCES, &rc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 8 == 0 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&rc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("REVERSE_SUBSEQUENCES: %d of %d cases failed\n", failures, (int)cases);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

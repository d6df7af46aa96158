/* ONE_HOT (datamove-family 12, FD7) on the GPU and through plan_exec, bit-exact against the C
 * reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank 1-8,
 * every Axis (of any length, 1 included), values of any shape with at least two elements, with
 * permuted, gapped and broadcast indices and values and permuted or gapped outputs, indices in
 * range, negative, out of range and huge; every 8th case also through the whole API, as an
 * operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct one_hot_case
{
    uint32_t rank, axis;
    struct index_case_tensor indices, values, output;
    DML_ONE_HOT_OPERATOR_DESC desc;
};

static void generate(struct one_hot_case *oc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t out[8], ix[8], values[8], max;

    memset(oc, 0, sizeof(*oc));
    oc->rank = rng_range(&rng, 1, 8);
    oc->axis = rng_below(&rng, oc->rank);
    max = oc->rank > 4 ? 3 : 8;
    for (uint32_t d = 0; d < oc->rank; ++d)
    {
        out[d] = ix[d] = rng_range(&rng, 1, max);
        values[d] = rng_chance(&rng, 70) ? 1 : rng_range(&rng, 2, 3);
    }
    out[oc->axis] = rng_range(&rng, 1, max + 2);
    ix[oc->axis] = 1;
    if (index_case_count(oc->rank, values) < 2)
        values[rng_below(&rng, oc->rank)] = 2;
    index_case_tensor(&oc->indices, index_type, oc->rank, ix, true, true, &rng);
    index_case_tensor(&oc->values, type, oc->rank, values, true, true, &rng);
    index_case_tensor(&oc->output, type, oc->rank, out, true, false, &rng);
    oc->desc = (DML_ONE_HOT_OPERATOR_DESC){&oc->indices.desc, &oc->values.desc, &oc->output.desc,
                                           oc->axis};
}

static void describe(const struct one_hot_case *oc, uint64_t seed, const char *why)
{
    fprintf(stderr, "ONE_HOT seed %llu: %s\n  rank %u axis %u\n", (unsigned long long)seed, why,
            oc->rank, oc->axis);
    index_case_describe("indices", &oc->indices);
    index_case_describe("values", &oc->values);
    index_case_describe("output", &oc->output);
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct one_hot_case oc;
    int failures = 0;
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 2, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&oc, seed);
        op_check_alloc(&b, 0, oc.indices.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, oc.values.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, oc.output.buffer.TotalTensorSizeInBytes, &rng);
        index_case_fill(b.data[0], b.bytes[0], oc.indices.type, &oc.output.sizes[oc.axis], 1, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_ONE_HOT, &oc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 8 == 0 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&oc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("ONE_HOT: %d of %d cases failed\n", failures, (int)cases);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

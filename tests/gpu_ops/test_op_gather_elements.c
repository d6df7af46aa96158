/* GATHER_ELEMENTS (datamove-family 5, FD7) on the GPU and through plan_exec, bit-exact against the
 * C reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank
 * 1-8, every Axis, the indices' axis extent smaller or larger than the input's, with permuted,
 * gapped and broadcast input and indices and permuted or gapped outputs, indices in range,
 * negative, out of range and huge; every 8th case also through the whole API, as an operator and as
 * a graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct elements_case
{
    uint32_t rank, axis;
    struct index_case_tensor input, indices, output;
    DML_GATHER_ELEMENTS_OPERATOR_DESC desc;
};

static void generate(struct elements_case *ec, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in_sizes[8], ix_sizes[8], max;

    memset(ec, 0, sizeof(*ec));
    ec->rank = rng_range(&rng, 1, 8);
    ec->axis = rng_below(&rng, ec->rank);
    max = ec->rank > 4 ? 3 : 9;
    for (uint32_t d = 0; d < ec->rank; ++d)
        in_sizes[d] = ix_sizes[d] = rng_range(&rng, 1, max);
    ix_sizes[ec->axis] = rng_range(&rng, 1, max + 2);
    index_case_tensor(&ec->input, type, ec->rank, in_sizes, true, true, &rng);
    index_case_tensor(&ec->indices, index_type, ec->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&ec->output, type, ec->rank, ix_sizes, true, false, &rng);
    ec->desc = (DML_GATHER_ELEMENTS_OPERATOR_DESC){&ec->input.desc, &ec->indices.desc,
                                                   &ec->output.desc, ec->axis};
}

static void describe(const struct elements_case *ec, uint64_t seed, const char *why)
{
    fprintf(stderr, "GATHER_ELEMENTS seed %llu: %s\n  rank %u axis %u\n", (unsigned long long)seed,
            why, ec->rank, ec->axis);
    index_case_describe("input", &ec->input);
    index_case_describe("indices", &ec->indices);
    index_case_describe("output", &ec->output);
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct elements_case ec;
    int failures = 0;
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 2, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&ec, seed);
        op_check_alloc(&b, 0, ec.input.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, ec.indices.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, ec.output.buffer.TotalTensorSizeInBytes, &rng);
        index_case_fill(b.data[1], b.bytes[1], ec.indices.type, &ec.input.sizes[ec.axis], 1, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_GATHER_ELEMENTS, &ec.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 8 == 0 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&ec, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("GATHER_ELEMENTS: %d of %d cases failed\n", failures, (int)cases);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

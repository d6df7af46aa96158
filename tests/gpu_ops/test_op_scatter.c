/* SCATTER_ELEMENTS (= SCATTER; datamove-family 7, FD7) on the GPU and through plan_exec, bit-exact
 * against the C reference (reference/): seeded random cases of all 11 data types and the 4 index
 * types, rank 1-8, every Axis, with permuted, gapped and broadcast input, indices and updates and
 * permuted or gapped outputs, indices in range, negative, out of range and huge, and many updates
 * of one element (the last in the updates' row-major order wins, on every run). Each case runs the
 * operator's four steps one by one; every 4th case also through the whole API (the program's
 * barriers and temporary resource), as an operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct scatter_case
{
    uint32_t rank, axis;
    struct index_case_tensor input, indices, updates, output;
    DML_SCATTER_OPERATOR_DESC desc;
};

static void generate(struct scatter_case *sc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in_sizes[8], ix_sizes[8], max;

    memset(sc, 0, sizeof(*sc));
    sc->rank = rng_range(&rng, 1, 8);
    sc->axis = rng_below(&rng, sc->rank);
    max = sc->rank > 4 ? 3 : 9;
    for (uint32_t d = 0; d < sc->rank; ++d)
        in_sizes[d] = ix_sizes[d] = rng_range(&rng, 1, max);
    ix_sizes[sc->axis] = rng_range(&rng, 1, max + 3); /* more updates than slots: duplicates */
    index_case_tensor(&sc->input, type, sc->rank, in_sizes, true, true, &rng);
    index_case_tensor(&sc->indices, index_type, sc->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&sc->updates, type, sc->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&sc->output, type, sc->rank, in_sizes, true, false, &rng);
    sc->desc = (DML_SCATTER_OPERATOR_DESC){&sc->input.desc, &sc->indices.desc, &sc->updates.desc,
                                           &sc->output.desc, sc->axis};
}

static void describe(const struct scatter_case *sc, uint64_t seed, const char *why)
{
    fprintf(stderr, "SCATTER_ELEMENTS seed %llu: %s\n  rank %u axis %u\n", (unsigned long long)seed,
            why, sc->rank, sc->axis);
    index_case_describe("input", &sc->input);
    index_case_describe("indices", &sc->indices);
    index_case_describe("updates", &sc->updates);
    index_case_describe("output", &sc->output);
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct scatter_case sc;
    int failures = 0, duplicates = 0;
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 3, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&sc, seed);
        op_check_alloc(&b, 0, sc.input.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, sc.indices.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, sc.updates.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 3, sc.output.buffer.TotalTensorSizeInBytes, &rng);
        index_case_fill(b.data[1], b.bytes[1], sc.indices.type, &sc.output.sizes[sc.axis], 1, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_SCATTER, &sc.desc};
        op_check_expect(&b, &desc);
        duplicates += sc.updates.sizes[sc.axis] > sc.output.sizes[sc.axis];
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 4 == 0 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&sc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("SCATTER_ELEMENTS: %d of %d cases failed (%d with more updates than elements along the "
           "axis)\n",
           failures, (int)cases, duplicates);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

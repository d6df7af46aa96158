/* GATHER_ND and GATHER_ND1 (datamove-family 5, FD5, FD7) on the GPU and through plan_exec,
 * bit-exact against the C reference (reference/): seeded random cases of all 11 data types and the
 * 4 index types, rank 1-8, every InputDimensionCount, IndicesDimensionCount, BatchDimensionCount
 * and tuple size the rules allow, with permuted, gapped and broadcast input and indices and
 * permuted or gapped outputs, tuple components in range, negative, out of range and huge; every 8th
 * case also through the whole API, as an operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct nd_case
{
    uint32_t rank, input_dims, indices_dims, batch_dims, tuple;
    struct index_case_tensor input, indices, output;
    DML_GATHER_ND_OPERATOR_DESC desc;
    DML_GATHER_ND1_OPERATOR_DESC desc1;
    bool v1;
};

/* Counts the rules allow: B < p, q; 1 <= k <= p - B; q - 1 + p - B - k <= rank. */
static void draw_counts(struct nd_case *nc, struct rng *rng)
{
    uint32_t rank = nc->rank;

    do
    {
        nc->input_dims = rng_range(rng, 1, rank);
        nc->indices_dims = rng_range(rng, 1, rank);
        nc->batch_dims = nc->v1
                             ? rng_below(rng, nc->input_dims < nc->indices_dims ? nc->input_dims
                                                                                : nc->indices_dims)
                             : 0;
        nc->tuple = rng_range(rng, 1, nc->input_dims - nc->batch_dims);
    } while (nc->indices_dims - 1 + nc->input_dims - nc->batch_dims - nc->tuple > rank);
}

static void generate(struct nd_case *nc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in[8], ix[8], out[8], max;

    memset(nc, 0, sizeof(*nc));
    nc->v1 = seed % 2;
    nc->rank = rng_range(&rng, 1, 8);
    draw_counts(nc, &rng);
    max = nc->rank > 4 ? 3 : 6;
    const uint32_t rank = nc->rank, batches = nc->batch_dims;
    const uint32_t trailing = nc->input_dims - batches - nc->tuple;
    const uint32_t positions = nc->indices_dims - 1, pad = rank - positions - trailing;
    for (uint32_t d = 0; d < rank; ++d)
    {
        in[d] = d < rank - nc->input_dims ? 1 : rng_range(&rng, 1, max);
        ix[d] = d < rank - nc->indices_dims ? 1 : rng_range(&rng, 1, max);
        out[d] = 1;
    }
    ix[rank - 1] = nc->tuple;
    for (uint32_t j = 0; j < batches; ++j)
        ix[rank - nc->indices_dims + j] = in[rank - nc->input_dims + j];
    for (uint32_t j = 0; j < positions; ++j)
        out[pad + j] = ix[rank - nc->indices_dims + j];
    for (uint32_t j = 0; j < trailing; ++j)
        out[pad + positions + j] = in[rank - trailing + j];
    index_case_tensor(&nc->input, type, rank, in, true, true, &rng);
    index_case_tensor(&nc->indices, index_type, rank, ix, true, true, &rng);
    index_case_tensor(&nc->output, type, rank, out, true, false, &rng);
    nc->desc = (DML_GATHER_ND_OPERATOR_DESC){&nc->input.desc, &nc->indices.desc, &nc->output.desc,
                                             nc->input_dims, nc->indices_dims};
    nc->desc1 = (DML_GATHER_ND1_OPERATOR_DESC){&nc->input.desc, &nc->indices.desc, &nc->output.desc,
                                               nc->input_dims,  nc->indices_dims,  nc->batch_dims};
}

static void describe(const struct nd_case *nc, uint64_t seed, const char *why)
{
    fprintf(stderr,
            "GATHER_ND%s seed %llu: %s\n  rank %u input dims %u indices dims %u batch dims %u "
            "tuple %u\n",
            nc->v1 ? "1" : "", (unsigned long long)seed, why, nc->rank, nc->input_dims,
            nc->indices_dims, nc->batch_dims, nc->tuple);
    index_case_describe("input", &nc->input);
    index_case_describe("indices", &nc->indices);
    index_case_describe("output", &nc->output);
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct nd_case nc;
    int failures = 0;
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 2, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        uint32_t extents[8];
        char why[256];
        generate(&nc, seed);
        op_check_alloc(&b, 0, nc.input.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, nc.indices.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, nc.output.buffer.TotalTensorSizeInBytes, &rng);
        for (uint32_t j = 0; j < nc.tuple; ++j)
            extents[j] = nc.input.sizes[nc.rank - nc.input_dims + nc.batch_dims + j];
        index_case_fill(b.data[1], b.bytes[1], nc.indices.type, extents, nc.tuple, &rng);
        DML_OPERATOR_DESC desc = {nc.v1 ? DML_OPERATOR_GATHER_ND1 : DML_OPERATOR_GATHER_ND,
                                  nc.v1 ? (const void *)&nc.desc1 : &nc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 8 < 2 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&nc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("GATHER_ND, GATHER_ND1: %d of %d cases failed\n", failures, (int)cases);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

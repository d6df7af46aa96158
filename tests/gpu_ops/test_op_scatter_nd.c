/* SCATTER_ND (datamove-family 7, FD5, FD7) on the GPU and through plan_exec, bit-exact against the
 * C reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank
 * 1-8, every InputDimensionCount, IndicesDimensionCount and tuple size the rules allow, with
 * permuted, gapped and broadcast input, indices and updates and permuted or gapped outputs, tuple
 * components in range, negative, out of range and huge, and many tuples naming one block (the last
 * in the updates' order wins, on every run); every 4th case also through the whole API, as an
 * operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "lower.h"
#include "op_check.h"
#include "plan_exec.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 300

struct nd_case
{
    uint32_t rank, input_dims, indices_dims, tuple;
    struct index_case_tensor input, indices, updates, output;
    DML_SCATTER_ND_OPERATOR_DESC desc;
};

static void generate(struct nd_case *nc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in[8], ix[8], up[8], max;

    memset(nc, 0, sizeof(*nc));
    nc->rank = rng_range(&rng, 1, 8);
    do
    {
        nc->input_dims = rng_range(&rng, 1, nc->rank);
        nc->indices_dims = rng_range(&rng, 1, nc->rank);
        nc->tuple = rng_range(&rng, 1, nc->input_dims);
    } while (nc->indices_dims - 1 + nc->input_dims - nc->tuple > nc->rank);
    max = nc->rank > 4 ? 3 : 6;
    const uint32_t rank = nc->rank, positions = nc->indices_dims - 1;
    const uint32_t trailing = nc->input_dims - nc->tuple, pad = rank - positions - trailing;
    for (uint32_t d = 0; d < rank; ++d)
    {
        in[d] = d < rank - nc->input_dims ? 1 : rng_range(&rng, 1, max);
        ix[d] = d < rank - nc->indices_dims ? 1 : rng_range(&rng, 1, max);
        up[d] = 1;
    }
    ix[rank - 1] = nc->tuple;
    for (uint32_t j = 0; j < positions; ++j)
        up[pad + j] = ix[rank - nc->indices_dims + j];
    for (uint32_t j = 0; j < trailing; ++j)
        up[pad + positions + j] = in[rank - trailing + j];
    index_case_tensor(&nc->input, type, rank, in, true, true, &rng);
    index_case_tensor(&nc->indices, index_type, rank, ix, true, true, &rng);
    index_case_tensor(&nc->updates, type, rank, up, true, true, &rng);
    index_case_tensor(&nc->output, type, rank, in, true, false, &rng);
    nc->desc =
        (DML_SCATTER_ND_OPERATOR_DESC){&nc->input.desc,  &nc->indices.desc, &nc->updates.desc,
                                       &nc->output.desc, nc->input_dims,    nc->indices_dims};
}

/* How many tuples the indices hold, and how many blocks of the output they can name. */
static uint64_t tuples(const struct nd_case *nc)
{
    return index_case_count(nc->rank, nc->indices.sizes) / nc->tuple;
}

static uint64_t blocks(const struct nd_case *nc)
{
    return index_case_count(nc->tuple, &nc->output.sizes[nc->rank - nc->input_dims]);
}

static void describe(const struct nd_case *nc, uint64_t seed, const char *why)
{
    fprintf(stderr, "SCATTER_ND seed %llu: %s\n  rank %u input dims %u indices dims %u tuple %u\n",
            (unsigned long long)seed, why, nc->rank, nc->input_dims, nc->indices_dims, nc->tuple);
    index_case_describe("input", &nc->input);
    index_case_describe("indices", &nc->indices);
    index_case_describe("updates", &nc->updates);
    index_case_describe("output", &nc->output);
}

/* A cache update, {8, 64} float32 rows by 3 row tuples: a plain copy, then CLEAR and CLAIM over
 * the 3 tuples, and WRITE moving rows in 16-byte units with one claim word per unit of the
 * output (8 * 64 * 4 / 16 words). */
static int golden(void)
{
    static struct nd_case nc;
    struct rng rng = rng_seeded(1);
    const uint32_t rows[2] = {8, 64}, ix[2] = {3, 1}, up[2] = {3, 64};
    static const uint32_t kernels[4] = {PLAN_KERNEL_COPY, PLAN_KERNEL_SCATTER, PLAN_KERNEL_SCATTER,
                                        PLAN_KERNEL_SCATTER};
    static const uint32_t modes[4] = {PLAN_INDEX_NONE, PLAN_INDEX_SCATTER_CLEAR,
                                      PLAN_INDEX_SCATTER_CLAIM, PLAN_INDEX_SCATTER_WRITE};
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_lower_steps steps;
    struct dml_op_def def;
    int failures = 0;

    index_case_tensor(&nc.input, DML_TENSOR_DATA_TYPE_FLOAT32, 2, rows, false, false, &rng);
    index_case_tensor(&nc.indices, DML_TENSOR_DATA_TYPE_INT64, 2, ix, false, false, &rng);
    index_case_tensor(&nc.updates, DML_TENSOR_DATA_TYPE_FLOAT32, 2, up, false, false, &rng);
    index_case_tensor(&nc.output, DML_TENSOR_DATA_TYPE_FLOAT32, 2, rows, false, false, &rng);
    nc.desc = (DML_SCATTER_ND_OPERATOR_DESC){
        &nc.input.desc, &nc.indices.desc, &nc.updates.desc, &nc.output.desc, 2, 2};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SCATTER_ND, &nc.desc};
    if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower_steps(&def, &steps)))
        return printf("golden: cache update rejected or not lowered\n"), 1;
    dml_op_def_cleanup(&def);
    failures += steps.count != 4 || steps.scratch_bytes != 8 * 64 * 4 / 16 * 4;
    for (uint32_t i = 0; i < steps.count && i < 4; ++i)
        failures +=
            steps.steps[i].plan.kernel != kernels[i] || steps.steps[i].plan.index.mode != modes[i];
    failures += steps.steps[1].plan.count != 3 || steps.steps[3].plan.elem_bytes != 16 ||
                steps.steps[3].plan.count != 3 * 16 || steps.steps[3].plan.index.slice_rank != 1;
    if (failures)
    {
        printf("golden: unexpected cache update steps (scratch %llu bytes)\n",
               (unsigned long long)steps.scratch_bytes);
        for (uint32_t i = 0; i < steps.count; ++i)
            plan_describe(stdout, &steps.steps[i].plan);
    }
    dml_lower_steps_cleanup(&steps);
    return failures != 0;
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct nd_case nc;
    int failures = golden(), duplicates = 0;
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 3, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        uint32_t extents[8];
        char why[256];
        generate(&nc, seed);
        op_check_alloc(&b, 0, nc.input.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, nc.indices.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, nc.updates.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 3, nc.output.buffer.TotalTensorSizeInBytes, &rng);
        for (uint32_t j = 0; j < nc.tuple; ++j)
            extents[j] = nc.input.sizes[nc.rank - nc.input_dims + j];
        index_case_fill(b.data[1], b.bytes[1], nc.indices.type, extents, nc.tuple, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_SCATTER_ND, &nc.desc};
        op_check_expect(&b, &desc);
        duplicates += tuples(&nc) > blocks(&nc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 4 == 0 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&nc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("SCATTER_ND: %d of %d cases failed (%d with more tuples than blocks)\n", failures,
           (int)cases, duplicates);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

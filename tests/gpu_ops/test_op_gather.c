/* GATHER (datamove-family 4, FD7) on the GPU and through plan_exec, bit-exact against the C
 * reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank 1-8,
 * every Axis and IndexDimensions 0..rank, with permuted, gapped and broadcast input and indices
 * and permuted or gapped outputs, indices in range, negative, out of range and huge; every 8th
 * case also through the whole API as an operator and as a one-node graph. Golden plans: an
 * embedding lookup moves whole rows in 16-byte units. */
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

struct gather_case
{
    uint32_t rank, axis, index_dims;
    struct index_case_tensor input, indices, output;
    DML_GATHER_OPERATOR_DESC desc;
};

/* Sizes that satisfy GA-4: the input dims before Axis that do not fit, and the indices dims
 * before the last IndexDimensions (or before the output's first), are 1. */
static void generate(struct gather_case *gc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in_sizes[8], ix_sizes[8], out_sizes[8], max = 0;

    memset(gc, 0, sizeof(*gc));
    gc->rank = rng_range(&rng, 1, 8);
    gc->axis = rng_below(&rng, gc->rank);
    gc->index_dims = rng_below(&rng, gc->rank + 1);
    max = gc->rank > 4 ? 3 : 9;
    for (uint32_t d = 0; d < gc->rank; ++d)
    {
        in_sizes[d] = rng_range(&rng, 1, max);
        ix_sizes[d] = d + gc->index_dims >= gc->rank && gc->rank - 1 - d <= gc->axis
                          ? rng_range(&rng, 1, max)
                          : 1;
        if (d + 1 < gc->index_dims && d < gc->axis)
            in_sizes[d] = 1;
    }
    /* The output: the walk of the reference, as sizes. */
    int a = (int)gc->axis, m = (int)gc->index_dims, rank = (int)gc->rank;
    for (int d = 0; d < rank; ++d)
        out_sizes[d] = d > a ? in_sizes[d] : 1;
    for (int t = 0; t < m && a - t >= 0; ++t)
        out_sizes[a - t] = ix_sizes[rank - 1 - t];
    for (int t = 0; a - m - t >= 0 && a - 1 - t >= 0; ++t)
        out_sizes[a - m - t] = in_sizes[a - 1 - t];
    index_case_tensor(&gc->input, type, gc->rank, in_sizes, true, true, &rng);
    index_case_tensor(&gc->indices, index_type, gc->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&gc->output, type, gc->rank, out_sizes, true, false, &rng);
    gc->desc = (DML_GATHER_OPERATOR_DESC){&gc->input.desc, &gc->indices.desc, &gc->output.desc,
                                          gc->axis, gc->index_dims};
}

static void describe(const struct gather_case *gc, uint64_t seed, const char *why)
{
    fprintf(stderr, "GATHER seed %llu: %s\n  rank %u axis %u index dims %u\n",
            (unsigned long long)seed, why, gc->rank, gc->axis, gc->index_dims);
    index_case_describe("input", &gc->input);
    index_case_describe("indices", &gc->indices);
    index_case_describe("output", &gc->output);
}

/* An embedding lookup, {V, D} rows by {1, N} indices: rows move as 16-byte units, and the
 * documentation's five examples' shapes are accepted. */
static int golden(void)
{
    static struct gather_case gc;
    struct rng rng = rng_seeded(1);
    const uint32_t table[2] = {1000, 64}, ids[2] = {1, 7}, out[2] = {7, 64};
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_op_def def;
    struct plan plan;
    int failures = 0;

    index_case_tensor(&gc.input, DML_TENSOR_DATA_TYPE_FLOAT32, 2, table, false, false, &rng);
    index_case_tensor(&gc.indices, DML_TENSOR_DATA_TYPE_INT64, 2, ids, false, false, &rng);
    index_case_tensor(&gc.output, DML_TENSOR_DATA_TYPE_FLOAT32, 2, out, false, false, &rng);
    gc.desc = (DML_GATHER_OPERATOR_DESC){&gc.input.desc, &gc.indices.desc, &gc.output.desc, 0, 1};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_GATHER, &gc.desc};
    if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower(&def, &plan)))
        return printf("golden: embedding lookup rejected or not lowered\n"), 1;
    dml_op_def_cleanup(&def);
    if (plan.kernel != PLAN_KERNEL_GATHER || plan.elem_bytes != 16 || plan.rank != 2 ||
        plan.count != 7 * 16 || plan.index.strides[0] != 1 || plan.index.data_strides[0] != 16)
    {
        printf("golden: unexpected embedding plan\n");
        plan_describe(stdout, &plan);
        ++failures;
    }
    plan_cleanup(&plan);
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct gather_case gc;
    int failures = golden();
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 2, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&gc, seed);
        op_check_alloc(&b, 0, gc.input.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, gc.indices.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, gc.output.buffer.TotalTensorSizeInBytes, &rng);
        index_case_fill(b.data[1], b.bytes[1], gc.indices.type, &gc.input.sizes[gc.axis], 1, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_GATHER, &gc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 8 == 0 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&gc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("GATHER: %d of %d cases failed\n", failures, (int)cases);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

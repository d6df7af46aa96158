/* TILE on the GPU and through plan_exec, bit-exact against the C reference (reference/): seeded
 * random cases of every element size (all 11 types), rank 1-8, repeats 1-4, with permuted, gapped
 * and broadcast input strides and permuted or gapped output strides. Ranks past 4 with many tiled
 * dimensions exceed the plan's rank when every one is split, so they take the WRAP map too. */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "op_check.h"
#include "plan_exec.h"
#include "tensor.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 200

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

struct tile_case
{
    uint32_t rank, elem;
    uint32_t sizes[2][8], strides[2][8], repeats[8];
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC descs[2];
    DML_TILE_OPERATOR_DESC desc;
};

static void tensor(struct tile_case *tc, uint32_t t, DML_TENSOR_DATA_TYPE type, struct rng *rng)
{
    const uint32_t *sizes = tc->sizes[t];
    bool strided = op_check_strides(rng, tc->rank, sizes, t == 0, tc->strides[t]);
    if (!strided)
        for (uint32_t d = tc->rank, step = 1; d-- > 0; step *= sizes[d])
            tc->strides[t][d] = step;
    tc->buffers[t] = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, tc->rank, sizes, strided ? tc->strides[t] : NULL, 0, 0};
    tc->buffers[t].TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, tc->rank, sizes, tc->buffers[t].Strides);
    tc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &tc->buffers[t]};
}

static void generate(struct tile_case *tc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    memset(tc, 0, sizeof(*tc));
    tc->rank = rng_range(&rng, 1, 8);
    tc->elem = dml_data_type_size(type);
    for (uint32_t d = 0; d < tc->rank; ++d)
    {
        tc->sizes[0][d] = rng_range(&rng, 1, tc->rank > 4 ? 3 : 17);
        tc->repeats[d] = rng_range(&rng, 1, tc->rank > 4 ? 2 : 4);
        tc->sizes[1][d] = tc->sizes[0][d] * tc->repeats[d];
    }
    tensor(tc, 0, type, &rng);
    tensor(tc, 1, type, &rng);
    tc->desc = (DML_TILE_OPERATOR_DESC){&tc->descs[0], &tc->descs[1], tc->rank, tc->repeats};
}

static void describe(const struct tile_case *tc, uint64_t seed, const char *why)
{
    fprintf(stderr, "TILE seed %llu: %s\n  rank %u elem %u", (unsigned long long)seed, why,
            tc->rank, tc->elem);
    for (uint32_t t = 0; t < 2; ++t)
    {
        fprintf(stderr, "\n  %s sizes/strides", t ? "output" : "input");
        for (uint32_t d = 0; d < tc->rank; ++d)
            fprintf(stderr, " %u/%u", tc->sizes[t][d],
                    tc->buffers[t].Strides ? tc->strides[t][d] : 0);
    }
    fprintf(stderr, "\n");
}

/* Packed float32 tensors of these input sizes and repeats. */
static void packed(struct tile_case *tc, uint32_t rank, const uint32_t *sizes,
                   const uint32_t *repeats)
{
    memset(tc, 0, sizeof(*tc));
    tc->rank = rank;
    tc->elem = 4;
    for (uint32_t d = 0; d < rank; ++d)
    {
        tc->sizes[0][d] = sizes[d];
        tc->repeats[d] = repeats[d];
        tc->sizes[1][d] = sizes[d] * repeats[d];
    }
    for (uint32_t t = 0; t < 2; ++t)
    {
        tc->buffers[t] = (DML_BUFFER_TENSOR_DESC){
            DML_TENSOR_DATA_TYPE_FLOAT32, 0, rank, tc->sizes[t], NULL, 0, 0};
        tc->buffers[t].TotalTensorSizeInBytes =
            dml_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, rank, tc->sizes[t], NULL);
        tc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &tc->buffers[t]};
    }
    tc->desc = (DML_TILE_OPERATOR_DESC){&tc->descs[0], &tc->descs[1], rank, tc->repeats};
}

/* The plans lowering must give: tiling as broadcast dims (a plain copy kernel, rows of 16-byte
 * units), WRAP only where splitting every tiled dim would pass the plan's rank. */
static int golden(void)
{
    static const struct
    {
        uint32_t rank, sizes[8], repeats[8], kernel, elem_bytes;
    } expect[] = {
        {4, {2, 8, 4, 4}, {1, 1, 2, 2}, PLAN_KERNEL_COPY, 16}, /* the bench's x2 on H, W */
        {2, {3, 8}, {5, 1}, PLAN_KERNEL_COPY, 16},             /* whole rows repeated */
        {8, {2, 2, 2, 2, 2, 2, 2, 2}, {2, 2, 2, 2, 2, 2, 2, 2}, PLAN_KERNEL_PAD, 4}, /* WRAP */
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); ++i)
    {
        static struct tile_case tc;
        packed(&tc, expect[i].rank, expect[i].sizes, expect[i].repeats);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_TILE, &tc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK)
            return printf("golden %zu: rejected\n", i), failures + 1;
        HRESULT hr = dml_lower(&def, &plan);
        dml_op_def_cleanup(&def);
        if (FAILED(hr))
            return printf("golden %zu: not lowered\n", i), failures + 1;
        if (plan.kernel != expect[i].kernel || plan.elem_bytes != expect[i].elem_bytes)
        {
            printf("golden %zu: unexpected plan\n", i);
            plan_describe(stdout, &plan);
            ++failures;
        }
        plan_cleanup(&plan);
    }
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_device();
    struct tile_case tc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 1, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&tc, seed);
        for (uint32_t t = 0; t < 2; ++t)
            op_check_alloc(&b, t, tc.buffers[t].TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_TILE, &tc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            describe(&tc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("TILE: %d of %d cases failed\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

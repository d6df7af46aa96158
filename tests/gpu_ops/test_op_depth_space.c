/* DEPTH_TO_SPACE, DEPTH_TO_SPACE1, SPACE_TO_DEPTH, SPACE_TO_DEPTH1 on the GPU and through
 * plan_exec, bit-exact against the C reference (reference/ref_depth_space.c: the spec's index maps):
 * seeded random cases of all four operators, both orders, every data type, BlockSize 1-4, with
 * permuted, gapped and broadcast input strides and permuted or gapped output strides. */
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

static const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_DEPTH_TO_SPACE, DML_OPERATOR_DEPTH_TO_SPACE1,
                                        DML_OPERATOR_SPACE_TO_DEPTH, DML_OPERATOR_SPACE_TO_DEPTH1};

struct ds_case
{
    DML_OPERATOR_TYPE type;
    bool to_space;
    uint32_t elem, block, order;
    uint32_t sizes[2][4], strides[2][4]; /* the input, the output */
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC descs[2];
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC desc; /* the four descs share this layout */
};

static void tensor(struct ds_case *dc, uint32_t t, DML_TENSOR_DATA_TYPE type, struct rng *rng)
{
    const uint32_t *sizes = dc->sizes[t];
    bool strided = op_check_strides(rng, 4, sizes, t == 0, dc->strides[t]);
    if (!strided)
        for (uint32_t d = 4, step = 1; d-- > 0; step *= sizes[d])
            dc->strides[t][d] = step;
    dc->buffers[t] = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, 4, sizes, strided ? dc->strides[t] : NULL, 0, 0};
    dc->buffers[t].TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, 4, sizes, dc->buffers[t].Strides);
    dc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &dc->buffers[t]};
}

static void generate(struct ds_case *dc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    memset(dc, 0, sizeof(*dc));
    dc->type = ops[(seed / 11) % 4];
    dc->to_space =
        dc->type == DML_OPERATOR_DEPTH_TO_SPACE || dc->type == DML_OPERATOR_DEPTH_TO_SPACE1;
    dc->order = dc->type == DML_OPERATOR_DEPTH_TO_SPACE1 || dc->type == DML_OPERATOR_SPACE_TO_DEPTH1
                    ? rng_below(&rng, 2)
                    : 0;
    dc->elem = dml_data_type_size(type);
    dc->block = rng_range(&rng, 1, 4);
    const uint32_t n = rng_range(&rng, 1, 3), c = rng_range(&rng, 1, 5);
    const uint32_t h = rng_range(&rng, 1, 6), w = rng_range(&rng, 1, 6), bb = dc->block;
    const uint32_t depth[4] = {n, c * bb * bb, h, w}, space[4] = {n, c, h * bb, w * bb};
    memcpy(dc->sizes[0], dc->to_space ? depth : space, sizeof(depth));
    memcpy(dc->sizes[1], dc->to_space ? space : depth, sizeof(depth));
    tensor(dc, 0, type, &rng);
    tensor(dc, 1, type, &rng);
    dc->desc = (DML_DEPTH_TO_SPACE1_OPERATOR_DESC){&dc->descs[0], &dc->descs[1], dc->block,
                                                   (DML_DEPTH_SPACE_ORDER)dc->order};
}

static void describe(const struct ds_case *dc, uint64_t seed, const char *why)
{
    fprintf(stderr, "%s seed %llu: %s\n  elem %u BlockSize %u Order %u",
            dc->to_space ? "DEPTH_TO_SPACE" : "SPACE_TO_DEPTH", (unsigned long long)seed, why,
            dc->elem, dc->block, dc->order);
    for (uint32_t t = 0; t < 2; ++t)
    {
        fprintf(stderr, "\n  %s sizes/strides", t ? "output" : "input");
        for (uint32_t d = 0; d < 4; ++d)
            fprintf(stderr, " %u/%u", dc->sizes[t][d],
                    dc->buffers[t].Strides ? dc->strides[t][d] : 0);
    }
    fprintf(stderr, "\n");
}

/* Every one of the four is one plain strided copy (no padded dim), 6-D at most after lowering
 * merges what it can: {1, 8, 2, 4} <-> {1, 2, 4, 8} with BlockSize 2, packed float32. */
static int golden(void)
{
    int failures = 0;
    for (uint32_t k = 0; k < 4; ++k)
    {
        static struct ds_case dc;
        const uint32_t depth[4] = {1, 8, 2, 4}, space[4] = {1, 2, 4, 8};
        memset(&dc, 0, sizeof(dc));
        dc.type = ops[k];
        dc.to_space = k < 2;
        memcpy(dc.sizes[0], dc.to_space ? depth : space, sizeof(depth));
        memcpy(dc.sizes[1], dc.to_space ? space : depth, sizeof(depth));
        for (uint32_t t = 0; t < 2; ++t)
        {
            dc.buffers[t] = (DML_BUFFER_TENSOR_DESC){
                DML_TENSOR_DATA_TYPE_FLOAT32, 0, 4, dc.sizes[t], NULL, 0, 0};
            dc.buffers[t].TotalTensorSizeInBytes =
                dml_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 4, dc.sizes[t], NULL);
            dc.descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &dc.buffers[t]};
        }
        dc.desc = (DML_DEPTH_TO_SPACE1_OPERATOR_DESC){&dc.descs[0], &dc.descs[1], 2,
                                                      DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};
        DML_OPERATOR_DESC desc = {dc.type, &dc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK)
            return printf("golden %u: rejected\n", k), failures + 1;
        HRESULT hr = dml_lower(&def, &plan);
        dml_op_def_cleanup(&def);
        if (FAILED(hr))
            return printf("golden %u: not lowered\n", k), failures + 1;
        if (plan.kernel != PLAN_KERNEL_COPY || plan.rank > 6 || plan.count != 64)
        {
            printf("golden %u: unexpected plan\n", k);
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
    struct ds_case dc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 1, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&dc, seed);
        for (uint32_t t = 0; t < 2; ++t)
            op_check_alloc(&b, t, dc.buffers[t].TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {dc.type, &dc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            describe(&dc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1): %d of %d cases failed\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

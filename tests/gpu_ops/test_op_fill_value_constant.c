/* FILL_VALUE_CONSTANT on the GPU and through plan_exec, bit-exact against the C reference
 * (reference/): seeded random cases of all 11 types, rank 1-8, packed, permuted and gapped outputs,
 * any value bits (NaNs and signalling NaNs of the float types stay as they are). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "op_check.h"
#include "op_tensor.h"
#include "plan_exec.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 200

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

struct fill_case
{
    struct op_tensor out;
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC desc;
};

static void generate(struct fill_case *fc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    uint32_t rank = rng_range(&rng, 1, 8), sizes[8];
    for (uint32_t d = 0; d < rank; ++d)
        sizes[d] = rng_range(&rng, 1, rank > 4 ? 4 : 19);
    op_tensor_random_strides(&fc->out, type, rank, sizes, false, &rng);
    fc->desc =
        (DML_FILL_VALUE_CONSTANT_OPERATOR_DESC){&fc->out.desc, type, {.UInt64 = rng_next(&rng)}};
}

/* The plans lowering must give: packed runs in 16-byte units whatever the element, nothing read. */
static int golden(void)
{
    static const struct
    {
        DML_TENSOR_DATA_TYPE type;
        uint32_t rank, sizes[4], strides[4], elem_bytes, plan_rank;
    } expect[] = {
        {DML_TENSOR_DATA_TYPE_UINT8, 4, {2, 3, 4, 8}, {0}, 16, 1},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 2, {3, 5}, {0}, 8, 1},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 2, {3, 8}, {1, 3}, 16, 1}, /* transposed: one run */
        {DML_TENSOR_DATA_TYPE_UINT16, 2, {3, 8}, {16, 1}, 16, 1}, /* gapped rows of one unit */
        {DML_TENSOR_DATA_TYPE_UINT8, 2, {3, 6}, {9, 1}, 1, 2},    /* rows of 6 bytes */
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); ++i)
    {
        static struct fill_case fc;
        op_tensor_set(&fc.out, expect[i].type, expect[i].rank, expect[i].sizes,
                      expect[i].strides[0] ? expect[i].strides : NULL);
        fc.desc =
            (DML_FILL_VALUE_CONSTANT_OPERATOR_DESC){&fc.out.desc, expect[i].type, {.UInt64 = 0}};
        DML_OPERATOR_DESC desc = {DML_OPERATOR_FILL_VALUE_CONSTANT, &fc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK)
            return printf("golden %zu: rejected\n", i), failures + 1;
        HRESULT hr = dml_lower(&def, &plan);
        dml_op_def_cleanup(&def);
        if (FAILED(hr))
            return printf("golden %zu: not lowered\n", i), failures + 1;
        if (plan.kernel != PLAN_KERNEL_FILL || plan.fill.kind != PLAN_FILL_CONSTANT ||
            plan.elem_bytes != expect[i].elem_bytes || plan.rank != expect[i].plan_rank ||
            plan.slot_count != 1 || plan.parts[0].slot != 0)
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
    static struct fill_case fc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 0, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&fc, seed);
        op_check_alloc(&b, 0, fc.out.buffer.TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_FILL_VALUE_CONSTANT, &fc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            fprintf(stderr, "FILL_VALUE_CONSTANT seed %llu: %s\n", (unsigned long long)seed, why);
            op_tensor_describe(stderr, "output", &fc.out);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("FILL_VALUE_CONSTANT: %d of %d cases failed\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

/* DIAGONAL_MATRIX on the GPU and through plan_exec, bit-exact against the C reference (reference/):
 * seeded random cases of all 11 types, rank 2-4, square and not, packed, permuted and gapped
 * outputs, offsets inside and outside the matrix (INT32_MIN and INT32_MAX too), values that are
 * exact, fractional, huge or NaN (D4 on the integer types). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "op_check.h"
#include "op_tensor.h"
#include "plan_exec.h"
#include "reference.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 200

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

struct diagonal_case
{
    struct op_tensor out;
    DML_DIAGONAL_MATRIX_OPERATOR_DESC desc;
};

static float random_value(struct rng *rng)
{
    switch (rng_below(rng, 8))
    {
    case 0:
        return NAN;
    case 1:
        return rng_chance(rng, 50) ? INFINITY : -INFINITY;
    case 2: /* past every integer type's range, or near it */
        return ldexpf(rng_chance(rng, 50) ? 1.0f : -1.0f, (int)rng_range(rng, 7, 70));
    default:
        return (float)((int32_t)rng_below(rng, 2001) - 1000) / 8.0f;
    }
}

static void generate(struct diagonal_case *dc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    uint32_t rank = rng_range(&rng, 2, 4), sizes[4];
    for (uint32_t d = 0; d < rank; ++d)
        sizes[d] = rng_range(&rng, 1, d + 2 < rank ? 3 : 24);
    op_tensor_random_strides(&dc->out, type, rank, sizes, false, &rng);
    int32_t offset =
        (int32_t)rng_below(&rng, 2 * sizes[rank - 1] + 5) - (int32_t)sizes[rank - 2] - 2;
    if (rng_chance(&rng, 5))
        offset = rng_chance(&rng, 50) ? INT32_MIN : INT32_MAX;
    dc->desc = (DML_DIAGONAL_MATRIX_OPERATOR_DESC){&dc->out.desc, offset, random_value(&rng)};
}

/* The plans lowering must give: a band over t = x - y of single elements, batches merged. */
static int golden(void)
{
    static struct diagonal_case dc;
    op_tensor_set(&dc.out, DML_TENSOR_DATA_TYPE_UINT8, 4, (const uint32_t[]){2, 3, 5, 7}, NULL);
    dc.desc = (DML_DIAGONAL_MATRIX_OPERATOR_DESC){&dc.out.desc, 2, 1.0f};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_DIAGONAL_MATRIX, &dc.desc};
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_op_def def;
    struct plan plan;
    int failures = 0;
    if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower(&def, &plan)))
        return printf("golden: not lowered\n"), 1;
    dml_op_def_cleanup(&def);
    if (plan.kernel != PLAN_KERNEL_FILL || plan.fill.kind != PLAN_FILL_BAND || plan.rank != 3 ||
        plan.elem_bytes != 1 || plan.dims[0].size != 6 || plan.dims[0].in_stride != 0 ||
        plan.dims[1].in_stride != -1 || plan.dims[2].in_stride != 1 || plan.fill.begin != 2 ||
        plan.fill.end != 3 || plan.slot_count != 1)
    {
        printf("golden: unexpected plan\n");
        plan_describe(stdout, &plan);
        ++failures;
    }
    plan_cleanup(&plan);
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_device();
    static struct diagonal_case dc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 0, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&dc, seed);
        op_check_alloc(&b, 0, dc.out.buffer.TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_DIAGONAL_MATRIX, &dc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            fprintf(stderr, "DIAGONAL_MATRIX seed %llu: %s (offset %d, value %a)\n",
                    (unsigned long long)seed, why, dc.desc.Offset, (double)dc.desc.Value);
            op_tensor_describe(stderr, "output", &dc.out);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("DIAGONAL_MATRIX: %d failures over %d cases\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

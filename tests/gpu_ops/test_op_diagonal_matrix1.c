/* DIAGONAL_MATRIX1 on the GPU and through plan_exec, bit-exact against the C reference
 * (reference/): seeded random cases of all 11 types, rank 2-4, with and without the optional input
 * (permuted, gapped and broadcast input strides; permuted and gapped outputs), bands inside, across
 * and outside the matrix, inverted (Begin > End), empty (Begin == End) and onnxruntime's Trilu
 * bounds (INT32_MIN, k) and (k + 1, INT32_MAX), any value bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "op_check.h"
#include "op_tensor.h"
#include "plan_exec.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 300

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

struct diagonal1_case
{
    struct op_tensor in, out;
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC desc;
};

static int32_t random_bound(struct rng *rng, int32_t n)
{
    if (rng_chance(rng, 10))
        return rng_chance(rng, 50) ? INT32_MIN : INT32_MAX;
    return (int32_t)rng_below(rng, 2 * (uint32_t)n + 7) - n - 3;
}

static void generate(struct diagonal1_case *dc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    uint32_t rank = rng_range(&rng, 2, 4), sizes[4];
    for (uint32_t d = 0; d < rank; ++d)
        sizes[d] = rng_range(&rng, 1, d + 2 < rank ? 3 : 24);
    bool input = rng_chance(&rng, 60);
    op_tensor_random_strides(&dc->in, type, rank, sizes, true, &rng);
    op_tensor_random_strides(&dc->out, type, rank, sizes, false, &rng);
    int32_t n = (int32_t)(sizes[rank - 1] > sizes[rank - 2] ? sizes[rank - 1] : sizes[rank - 2]);
    int32_t begin = random_bound(&rng, n), end = random_bound(&rng, n);
    if (rng_chance(&rng, 20)) /* Trilu, upper or lower, keeping k */
    {
        int32_t k = (int32_t)rng_below(&rng, 9) - 4;
        begin = rng_chance(&rng, 50) ? INT32_MIN : k + 1;
        end = begin == INT32_MIN ? k : INT32_MAX;
    }
    dc->desc = (DML_DIAGONAL_MATRIX1_OPERATOR_DESC){
        input ? &dc->in.desc : NULL, &dc->out.desc, type, {.UInt64 = rng_next(&rng)}, begin, end};
}

/* The plans lowering must give: a band of single elements reading an input part, and a band
 * without input. */
static int golden(void)
{
    static struct diagonal1_case dc;
    int failures = 0;
    for (int with_input = 0; with_input < 2; ++with_input)
    {
        op_tensor_set(&dc.in, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (const uint32_t[]){6, 9}, NULL);
        op_tensor_set(&dc.out, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (const uint32_t[]){6, 9}, NULL);
        dc.desc = (DML_DIAGONAL_MATRIX1_OPERATOR_DESC){with_input ? &dc.in.desc : NULL,
                                                       &dc.out.desc,
                                                       DML_TENSOR_DATA_TYPE_FLOAT32,
                                                       {.Float32 = 0},
                                                       INT32_MIN,
                                                       1};
        DML_OPERATOR_DESC desc = {DML_OPERATOR_DIAGONAL_MATRIX1, &dc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower(&def, &plan)))
            return printf("golden: not lowered\n"), failures + 1;
        bool absent_ok = def.absent_inputs == (uint32_t)!with_input;
        dml_op_def_cleanup(&def);
        if (plan.kernel != PLAN_KERNEL_FILL || plan.fill.kind != PLAN_FILL_BAND ||
            plan.in_part_count != (uint32_t)with_input || plan.slot_count != 1u + with_input ||
            plan.parts[0].slot != (uint32_t)with_input || plan.elem_bytes != 4 || !absent_ok)
        {
            printf("golden (input %d): unexpected plan\n", with_input);
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
    static struct diagonal1_case dc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        generate(&dc, seed);
        uint32_t inputs = dc.desc.InputTensor != NULL;
        struct op_check_buffers b = {.input_count = inputs, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        if (inputs)
            op_check_alloc(&b, 0, dc.in.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, inputs, dc.out.buffer.TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_DIAGONAL_MATRIX1, &dc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            fprintf(stderr, "DIAGONAL_MATRIX1 seed %llu: %s (begin %d, end %d)\n",
                    (unsigned long long)seed, why, dc.desc.DiagonalFillBegin,
                    dc.desc.DiagonalFillEnd);
            if (inputs)
                op_tensor_describe(stderr, "input", &dc.in);
            op_tensor_describe(stderr, "output", &dc.out);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("DIAGONAL_MATRIX1: %d failures over %d cases\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

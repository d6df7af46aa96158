/* SLICE_GRAD on the GPU and through plan_exec, bit-exact against the C reference (reference/):
 * seeded random cases of all 11 types, rank 1-8, windows anywhere in the output gradient with
 * strides of either sign up to 4, input gradients that fill the window or hold fewer elements,
 * permuted, gapped and broadcast input gradients, permuted and gapped output gradients. */
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

struct grad_case
{
    struct op_tensor in, out; /* the input gradient, the output gradient */
    UINT offsets[8], sizes[8];
    INT strides[8];
    DML_SLICE_GRAD_OPERATOR_DESC desc;
};

static void generate(struct grad_case *gc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    uint32_t rank = rng_range(&rng, 1, 8), out_sizes[8], in_sizes[8];
    for (uint32_t d = 0; d < rank; ++d)
    {
        out_sizes[d] = rng_range(&rng, 1, rank > 4 ? 5 : 17);
        gc->offsets[d] = rng_below(&rng, out_sizes[d]);
        gc->sizes[d] = rng_range(&rng, 1, out_sizes[d] - gc->offsets[d]);
        uint32_t step = rng_range(&rng, 1, 4);
        gc->strides[d] = rng_chance(&rng, 40) ? -(INT)step : (INT)step;
        uint32_t reach = 1 + (gc->sizes[d] - 1) / step;
        in_sizes[d] = rng_chance(&rng, 70) ? reach : rng_range(&rng, 1, reach);
    }
    op_tensor_random_strides(&gc->in, type, rank, in_sizes, true, &rng);
    op_tensor_random_strides(&gc->out, type, rank, out_sizes, false, &rng);
    gc->desc = (DML_SLICE_GRAD_OPERATOR_DESC){&gc->in.desc, &gc->out.desc, rank,
                                              gc->offsets,  gc->sizes,     gc->strides};
}

/* The plans lowering must give: stride 1 a constant padding, larger strides the DILATE map, a
 * whole window a copy. */
static int golden(void)
{
    static const struct
    {
        INT stride;
        uint32_t window, kernel, map;
    } expect[] = {
        {1, 8, PLAN_KERNEL_COPY, PLAN_MAP_AFFINE},
        {-1, 5, PLAN_KERNEL_PAD, PLAN_MAP_CONSTANT},
        {3, 7, PLAN_KERNEL_PAD, PLAN_MAP_DILATE},
        {-2, 6, PLAN_KERNEL_PAD, PLAN_MAP_DILATE},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); ++i)
    {
        static struct grad_case gc;
        INT s = expect[i].stride;
        uint32_t n = 1 + (expect[i].window - 1) / (uint32_t)(s < 0 ? -s : s);
        op_tensor_set(&gc.in, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (const uint32_t[]){4, n}, NULL);
        op_tensor_set(&gc.out, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (const uint32_t[]){4, 8}, NULL);
        gc.offsets[0] = 0, gc.sizes[0] = 4, gc.strides[0] = 1;
        gc.offsets[1] = 8 - expect[i].window, gc.sizes[1] = expect[i].window, gc.strides[1] = s;
        gc.desc = (DML_SLICE_GRAD_OPERATOR_DESC){&gc.in.desc, &gc.out.desc, 2,
                                                 gc.offsets,  gc.sizes,     gc.strides};
        DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE_GRAD, &gc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower(&def, &plan)))
            return printf("golden %zu: not lowered\n", i), failures + 1;
        dml_op_def_cleanup(&def);
        if (plan.kernel != expect[i].kernel || plan.dims[plan.rank - 1].map != expect[i].map)
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
    static struct grad_case gc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 1, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&gc, seed);
        op_check_alloc(&b, 0, gc.in.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, gc.out.buffer.TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE_GRAD, &gc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            fprintf(stderr, "SLICE_GRAD seed %llu: %s\n  window offset/size/stride",
                    (unsigned long long)seed, why);
            for (uint32_t d = 0; d < gc.in.rank; ++d)
                fprintf(stderr, " %u/%u/%d", gc.offsets[d], gc.sizes[d], gc.strides[d]);
            fprintf(stderr, "\n");
            op_tensor_describe(stderr, "input gradient", &gc.in);
            op_tensor_describe(stderr, "output gradient", &gc.out);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("SLICE_GRAD: %d failures over %d cases\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

/* SLICE_GRAD (datamove-family 13): the input gradient written where SLICE1 would have read it, zero
 * elsewhere. Its parts (op_part.h): the C reference, each output element from the desc; the
 * validation cases, every rule, the feature-level boundaries and the debug line; the GPU random
 * differential, seeded random cases on the GPU and through plan_exec bit-exact against the
 * reference, strides of either sign; the fuzz part, its builder, valid default and seeds for the
 * fuzzer; the graph part, its maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* SLICE_GRAD (datamove-family 13): zero everywhere, except that input gradient element w goes
 * where SLICE1 would have read it: Offset + w * Stride, or, for a negative stride, from the
 * window's last element, Offset + Size - 1 - w * |Stride|. Element by element: output coordinate
 * p holds the w that lands there in every dim, or zero. */
#include <string.h>

#include "ref_internal.h"

static void grad_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SLICE_GRAD_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputGradientTensor, op->OutputGradientTensor, out);
}

static void grad_element(const struct ref_output *out, const int64_t *p, void *bytes)
{
    const DML_SLICE_GRAD_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputGradientTensor->Desc;
    const uint64_t zero = 0;
    int64_t w[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->DimensionCount; ++d)
    {
        const int64_t s = op->InputWindowStrides[d], step = s < 0 ? -s : s;
        const int64_t start = op->InputWindowOffsets[d] + (s < 0 ? op->InputWindowSizes[d] - 1 : 0);
        const int64_t x = s < 0 ? start - p[d] : p[d] - start;
        if (x < 0 || x % step || x / step >= in->Sizes[d])
        {
            memcpy(bytes, &zero, ref_element_size(in->DataType));
            return;
        }
        w[d] = x / step;
    }
    ref_read(op->InputGradientTensor, out->inputs[0], w, bytes);
}

const struct ref_entry ref_slice_grad = {DML_OPERATOR_SLICE_GRAD, grad_tensors, NULL, grad_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* SLICE_GRAD (datamove-family 13): every rule, the feature-level boundaries and the debug line. */
#include "vt.h"

#include <string.h>

#define GRAD DML_OPERATOR_SLICE_GRAD

static struct
{
    struct vt_tensor in, out; /* the input gradient (small), the output gradient */
    UINT offsets[DML_MAX_RANK], sizes[DML_MAX_RANK];
    INT strides[DML_MAX_RANK];
    DML_SLICE_GRAD_OPERATOR_DESC desc;
} c;

/* The backward of a SLICE1 of output_sizes with window offset 1, size 5 and the given stride on
 * the last dimension (the whole of every other). */
static void build(DML_TENSOR_DATA_TYPE type, UINT rank, INT stride)
{
    UINT out_sizes[DML_MAX_RANK], in_sizes[DML_MAX_RANK];
    memset(&c, 0, sizeof(c));
    for (UINT d = 0; d < rank; ++d)
    {
        out_sizes[d] = d + 1 < rank ? 2 : 7;
        c.offsets[d] = d + 1 < rank ? 0 : 1;
        c.sizes[d] = d + 1 < rank ? 2 : 5;
        c.strides[d] = d + 1 < rank ? 1 : stride;
        in_sizes[d] = 1 + (c.sizes[d] - 1) / (UINT)(stride < 0 ? -stride : stride);
        if (d + 1 < rank)
            in_sizes[d] = 2;
    }
    vt_tensor_init(&c.in, type, rank, in_sizes);
    vt_tensor_init(&c.out, type, rank, out_sizes);
    c.desc = (DML_SLICE_GRAD_OPERATOR_DESC){&c.in.desc, &c.out.desc, rank,
                                            c.offsets,  c.sizes,     c.strides};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, 2);
}

/* Negative strides, a smaller input gradient than the window holds, strided tensors. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, -3);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    c.in.sizes[3] = 1;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    seed();
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0}); /* broadcast input gradient */
    vt_tensor_strides(&c.out, (UINT[]){28, 1, 2, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){28, 1, 0, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

/* SG-1: one DataType and DimensionCount (T10) equal to the desc's DimensionCount. */
static void sg_1_tensors(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 2, 2, 2, 7});
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    c.desc.DimensionCount = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_DESC_DIMENSION_COUNT);
    seed();
    c.desc.InputWindowStrides = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_DESC_ARRAY_NULL);
    seed();
    c.desc.InputGradientTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_T1_TENSOR_NULL);
}

/* SG-2: unlike SLICE1, never a zero stride. */
static void sg_2_stride_zero(void **state)
{
    seed();
    c.strides[1] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_2_WINDOW_STRIDE_ZERO);
}

/* SG-3: the window inside the output gradient, non-empty, holding the input gradient. */
static void sg_3_window(void **state)
{
    seed();
    c.sizes[2] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_WINDOW_SIZE_ZERO);
    seed();
    c.offsets[3] = 3; /* 3 + 5 > 7 */
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_WINDOW_OUT_OF_BOUNDS);
    seed();
    c.offsets[3] = 0xFFFFFFFFu; /* past 2^32: never wraps */
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_WINDOW_OUT_OF_BOUNDS);
    seed();
    c.strides[3] = 3; /* 1 + 4 / 3 = 2 < 3 */
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_INPUT_SIZE);
    c.strides[3] = -3;
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_INPUT_SIZE);
}

/* The plan's step is an int32: |INT32_MIN| with two elements needs 2^31 + 1 positions. */
static void sg_3_stride_range(void **state)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){2});
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){0x80000001u});
    c.sizes[0] = 0x80000001u;
    c.strides[0] = INT32_MIN;
    c.desc =
        (DML_SLICE_GRAD_OPERATOR_DESC){&c.in.desc, &c.out.desc, 1, c.offsets, c.sizes, c.strides};
    VT_EXPECT_REJECT(VT_FL_MAX, GRAD, &c.desc, DML_RULE_SG_3_STRIDE_RANGE);
    c.in.sizes[0] = 1;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_OK(VT_FL_MAX, GRAD, &c.desc);
}

/* From 3.0: 4-5 dims of 8 types; 1-8 dims at 3.1; 11 types at 4.1. */
static void sg_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_INT8, 4, 1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GRAD, &c.desc, DML_RULE_FL_OPERATOR);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_UINT16, rank, -1);
        if (rank < 4 || rank > 5)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GRAD, &c.desc);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, GRAD, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, 2);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, GRAD, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GRAD, &c.desc);
    }
}

static void validate_input_size(void *arg)
{
    seed();
    c.strides[3] = -3;
    vt_validate(VT_FL_MAX, GRAD, &c.desc, NULL, NULL);
}

static void sg_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_input_size, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SLICE_GRAD: rule SG-3 input gradient size: "
                        "InputGradientTensor.Sizes[3] is 3; allowed: 1..2\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(sg_1_tensors),
    cmocka_unit_test(sg_2_stride_zero),  cmocka_unit_test(sg_3_window),
    cmocka_unit_test(sg_3_stride_range), cmocka_unit_test(sg_feature_levels),
    cmocka_unit_test(sg_debug_line),
};

VT_GROUP("slice_grad", tests)

#elif OP_TEST_PART == OP_PART_GPU

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

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's SLICE_GRAD (fuzz_op.h), SLICE1's backward: from a SLICE1 case (never a zero
 * stride), the input gradient shaped like the slice's output and the output gradient like its
 * input; the window arrays as SLICE1's. */
#include "fuzz_op.h"

static void generate_slice_grad(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    fp_slice1_windows(p, rng, options);
    const struct fuzz_shape slice_input = p->input;
    p->input = p->outputs[0];
    p->outputs[0] = slice_input;
}

static void *build_slice_grad(struct fuzz_decoder *d, const struct fuzz_params *p,
                              DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SLICE_GRAD_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputGradientTensor = c->inputs;
    desc->OutputGradientTensor = c->outputs;
    desc->DimensionCount = fd_dimension_count(d, p);
    desc->InputWindowOffsets = fd_desc_array(d, p, 0, desc->DimensionCount);
    desc->InputWindowSizes = fd_desc_array(d, p, 1, desc->DimensionCount);
    desc->InputWindowStrides = (const INT *)fd_desc_array(d, p, 2, desc->DimensionCount);
    return desc;
}

/* Valid ones; a stride of 0. */
static const struct fuzz_seed slice_grad_seeds[] = {
    {"slice-grad-f32-rank4-negative", 0, 0, FUZZ_OPT_NEGATIVE, F32, RANK(4), 0, 0x3456, 1},
    {"slice-grad-i8-rank7-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, I8, RANK(7),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_REVERSED), 0x2121212, 2},
    {"slice-grad-stride-0-rejected", 0, 0, 0, F32, RANK(2), 0, 0x66, 3,
     .patches = {SET(FF_ARRAY, 2, 0, 0)}},
};

const struct fuzz_op fuzz_op_slice_grad = {DML_OPERATOR_SLICE_GRAD, generate_slice_grad,
                                           build_slice_grad, .seeds = slice_grad_seeds,
                                           .seed_count = FUZZ_COUNT(slice_grad_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* SLICE_GRAD: input 0 is the gradient of a window with strides of -3..3 (not 0), written into
 * zeros up to 2 elements larger on each side. */
static IDMLOperator *make_slice_grad(struct gr_build *b)
{
    UINT offsets[GR_MAX_RANK], windows[GR_MAX_RANK];
    INT strides[GR_MAX_RANK];
    uint32_t out[GR_MAX_RANK];

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        uint32_t step = 1 + gr_next(b->rng, 3);

        strides[d] = gr_next(b->rng, 3) ? (INT)step : -(INT)step;
        windows[d] = (b->in.sizes[d] - 1) * step + 1 + gr_next(b->rng, step);
        offsets[d] = gr_next(b->rng, 3);
        out[d] = offsets[d] + windows[d] + gr_next(b->rng, 3);
    }
    if (!gr_fits(b->in.type, b->in.rank, out))
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, out);
    DML_SLICE_GRAD_OPERATOR_DESC desc = {
        gr_tensor(b, &b->in), gr_output(b, 0, &o), b->in.rank, offsets, windows, strides};
    return gr_create(b->device, DML_OPERATOR_SLICE_GRAD, &desc);
}

const struct gr_op gr_op_slice_grad = {.type = DML_OPERATOR_SLICE_GRAD,
                                       .name = "SLICE_GRAD",
                                       .draw = 21,
                                       .make = make_slice_grad,
                                       .grows = true};

#endif

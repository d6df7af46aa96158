/* DIAGONAL_MATRIX1 (datamove-family 9): Value on a band of diagonals over the last two dims, the
 * optional input's elements (or zero) elsewhere. Its parts (op_part.h): the C reference, each
 * output element from the desc; the validation cases, every rule, the feature-level boundaries and
 * the debug lines; the GPU random differential, seeded random cases on the GPU and through
 * plan_exec bit-exact against the reference, with and without the input, bands inside, across and
 * outside the matrix; the fuzz part, its builder, valid default and seeds for the fuzzer; the graph
 * part, its maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* DIAGONAL_MATRIX1 (datamove-family 9): a band over the last two dims (y, x), the leading dims
 * batches. */
#include <string.h>

#include "ref_internal.h"

static void diagonal1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_DIAGONAL_MATRIX1_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, NULL, NULL, op->OutputTensor, out);
}

/* DM1-3: topX = x - y; useValue = (End >= Begin) ^ (topX >= Begin) ^ (topX < End); the output
 * is Value's bits, else the input's element, or 0 without input. */
static void diagonal1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_DIAGONAL_MATRIX1_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    const uint32_t rank = t->DimensionCount;
    const int64_t top_x = c[rank - 1] - c[rank - 2];
    const int64_t begin = op->DiagonalFillBegin, end = op->DiagonalFillEnd;
    const uint64_t zero = 0;
    if ((end >= begin) ^ (top_x >= begin) ^ (top_x < end))
        memcpy(bytes, &op->Value, ref_element_size(t->DataType));
    else if (op->InputTensor)
        ref_read(op->InputTensor, out->inputs[0], c, bytes);
    else
        memcpy(bytes, &zero, ref_element_size(t->DataType));
}

const struct ref_entry ref_diagonal_matrix1 = {DML_OPERATOR_DIAGONAL_MATRIX1, diagonal1_tensors,
                                               NULL, diagonal1_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* DIAGONAL_MATRIX1 (datamove-family 9): every rule (the optional input's included), the
 * feature-level boundaries and the debug lines. */
#include "vt.h"

#include <string.h>

#define DIAGONAL1 DML_OPERATOR_DIAGONAL_MATRIX1

static struct
{
    struct vt_tensor in, out;
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC desc;
} c;

/* onnxruntime's Trilu (upper, k = 1): input and output of these sizes. */
static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, sizes);
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc = (DML_DIAGONAL_MATRIX1_OPERATOR_DESC){&c.in.desc,    &c.out.desc, type,
                                                  {.UInt64 = 0}, INT32_MIN,   1};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT16, 3, (UINT[]){2, 4, 5});
}

/* Without input (EyeLike's form), inverted bands, strided input and output, any bounds. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    c.desc.InputTensor = NULL;
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    seed();
    c.desc.DiagonalFillBegin = INT32_MAX;
    c.desc.DiagonalFillEnd = INT32_MIN;
    vt_tensor_strides(&c.in, (UINT[]){0, 1, 4}); /* broadcast and transposed */
    vt_tensor_strides(&c.out, (UINT[]){1, 10, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    c.in.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){1, 0, 2});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

static void dm1_1_value_type(void **state)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_DM1_1_VALUE_TYPE);
    c.desc.InputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_DM1_1_VALUE_TYPE);
}

/* DM1-2: the input's DataType and DimensionCount (T10), then its sizes. */
static void dm1_2_input(void **state)
{
    seed();
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_UINT16);
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT16, 2, (UINT[]){4, 5});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT16, 3, (UINT[]){2, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_DM1_2_SIZE_MISMATCH);
    seed();
    c.in.buffer.DimensionCount = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_T4_DIMENSION_COUNT);
}

/* 5.1 only: 2-4 dims of 11 types, input and output alike. */
static void dm1_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_5_0, DIAGONAL1, &c.desc, DML_RULE_FL_OPERATOR);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_INT64, rank, twos);
        if (rank < 2 || rank > 4)
        {
            VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
            c.desc.InputTensor = NULL;
            VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL1, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        }
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    }
    for (int t = DML_TENSOR_DATA_TYPE_FLOAT32; t <= DML_TENSOR_DATA_TYPE_INT64; ++t)
    {
        build((DML_TENSOR_DATA_TYPE)t, 2, twos);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL1, &c.desc);
    }
}

static void validate_sizes(void *arg)
{
    seed();
    vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT16, 3, (UINT[]){2, 5, 5});
    vt_validate(VT_FL_MAX, DIAGONAL1, &c.desc, NULL, NULL);
}

static void validate_value_type(void *arg)
{
    seed();
    c.desc.InputTensor = NULL;
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_INT8;
    vt_validate(VT_FL_MAX, DIAGONAL1, &c.desc, NULL, NULL);
}

static void dm1_debug_lines(void **state)
{
    assert_string_equal(
        vt_capture(validate_sizes, NULL, true),
        "[DIRECTML ERROR]: DML_OPERATOR_DIAGONAL_MATRIX1: rule DM1-2 size "
        "mismatch: InputTensor.Sizes[1] is 5; allowed: OutputTensor.Sizes[1] (4)\n");
    assert_string_equal(vt_capture(validate_value_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_DIAGONAL_MATRIX1: rule DM1-1 value type: "
                        "ValueDataType is DML_TENSOR_DATA_TYPE_INT8 (8); allowed: "
                        "OutputTensor.DataType (DML_TENSOR_DATA_TYPE_FLOAT16)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),        cmocka_unit_test(dm1_1_value_type),
    cmocka_unit_test(dm1_2_input),     cmocka_unit_test(dm1_feature_levels),
    cmocka_unit_test(dm1_debug_lines),
};

VT_GROUP("diagonal_matrix1", tests)

#elif OP_TEST_PART == OP_PART_GPU

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

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's DIAGONAL_MATRIX1 (fuzz_op.h), rank 2-4: the input present on two cases in three,
 * any Value bits, DiagonalFillBegin and End near the matrix or at INT32_MIN, INT32_MAX. */
#include "fuzz_op.h"

static void generate_diagonal1(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    const uint32_t rank = p->input.rank, h = p->input.sizes[rank - 2], w = p->input.sizes[rank - 1];
    p->input_count = fuzz_rng_below(rng, 3) != 0;
    p->value = fp_scalar_bits(p->data_type, rng);
    p->band[0] = fp_band_bound(rng, h > w ? h : w);
    p->band[1] = fp_band_bound(rng, h > w ? h : w);
}

/* The input is optional: present by default when p's input count is 1 (FF_TENSOR_PTR 0 drops
 * it); absent, it takes one NONE binding. FF_BAND: index 0 DiagonalFillBegin, 1 End. */
static void *build_diagonal1(struct fuzz_decoder *d, const struct fuzz_params *p,
                             DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const bool present = fd_u32(d, FF_TENSOR_PTR, 0, 0, p->input_count != 0) != 0;
    const DML_TENSOR_DESC *in[1] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, present, 0, in, c);
    c->absent_inputs = !present;
    *desc =
        (DML_DIAGONAL_MATRIX1_OPERATOR_DESC){in[0],
                                             c->outputs,
                                             fd_value_type(d, p),
                                             fd_scalar(d, 0, p->value),
                                             (INT)fd_u32(d, FF_BAND, 0, 0, (uint32_t)p->band[0]),
                                             (INT)fd_u32(d, FF_BAND, 0, 1, (uint32_t)p->band[1])};
    return desc;
}

/* With and without the input, a lower triangle; below FL 5.1. */
static const struct fuzz_seed diagonal1_seeds[] = {
    {"diagonal1-i64-rank3-shared", 0, 0, FUZZ_OPT_SHARED_BUFFER, I64, RANK(3),
     STRIDES(FUZZ_STRIDES_BROADCAST, 0), 0x345, 1, .patches = {SET(FF_TENSOR_PTR, 0, 0, 1)}},
    {"diagonal1-no-input-volatile", 0, 0, FUZZ_OPT_VOLATILE, F32, RANK(2), 0, 0x9C, 2,
     .patches = {SET(FF_TENSOR_PTR, 0, 0, 0)}},
    {"diagonal1-u16-rank4-owned-trilu", 0, 0, FUZZ_OPT_OWNED_INPUT, U16, RANK(4), 0, 0x2345, 3,
     .patches = {SET(FF_TENSOR_PTR, 0, 0, 1), SET(FF_BAND, 0, 0, 0x80000000),
                 SET(FF_BAND, 0, 1, 1)}},
    {"diagonal1-fl5.0-rejected", FUZZ_LEVEL_5_0, 0, 0, F32, RANK(2), 0, 0x9C, 4},
};

const struct fuzz_op fuzz_op_diagonal_matrix1 = {DML_OPERATOR_DIAGONAL_MATRIX1,
                                                 generate_diagonal1,
                                                 build_diagonal1,
                                                 .min_rank = 2,
                                                 .max_rank = 4,
                                                 .seeds = diagonal1_seeds,
                                                 .seed_count = FUZZ_COUNT(diagonal1_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* Over input 0's 2-4 dims, the band of x - y between -4 and 4, without the optional input a
 * third of the time (never when input 0 is a constant made for it: nothing else reads that). */
static IDMLOperator *make_diagonal1(struct gr_build *b)
{
    INT begin = (INT)gr_next(b->rng, 9) - 4, end = (INT)gr_next(b->rng, 9) - 4;
    bool with_input = gr_next(b->rng, 3) || b->g->values[b->node->inputs[0]].kind == GR_CONSTANT;

    if (b->in.rank < 2 || b->in.rank > 4)
        return NULL;
    const DML_TENSOR_DESC *in = with_input ? gr_tensor(b, &b->in) : NULL;
    b->node->absent_inputs = !with_input;
    struct gr_view o = with_input ? gr_write_view(b, b->in.type, b->in.rank, b->in.sizes)
                                  : gr_generated(b, b->in.type);
    const DML_TENSOR_DESC *out = gr_output(b, 0, &o);
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC desc = {in,    out, b->in.type, gr_random_scalar(b->rng),
                                               begin, end};
    return gr_create(b->device, DML_OPERATOR_DIAGONAL_MATRIX1, &desc);
}

const struct gr_op gr_op_diagonal_matrix1 = {.type = DML_OPERATOR_DIAGONAL_MATRIX1,
                                             .name = "DIAGONAL_MATRIX1",
                                             .draw = 25,
                                             .make = make_diagonal1,
                                             .float64 = true};

#endif

/* DIAGONAL_MATRIX (datamove-family 9): Value on the diagonal shifted by Offset over the last two
 * dims, zero elsewhere. Its parts (op_part.h): the C reference, each output element from the desc;
 * the validation cases, the feature-level boundaries and the debug line; the GPU random
 * differential, seeded random cases on the GPU and through plan_exec bit-exact against the
 * reference, offsets inside and outside the matrix; the fuzz part, its builder, valid default and
 * seeds for the fuzzer; the graph part, its maker for the random graph differential
 * (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* DIAGONAL_MATRIX (datamove-family 9): a band over the last two dims (y, x), the leading dims
 * batches. */
#include <string.h>

#include "ref_internal.h"

static void diagonal_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_DIAGONAL_MATRIX_OPERATOR_DESC *op = desc;
    ref_listed_inputs(NULL, NULL, NULL, op->OutputTensor, out);
}

/* Value converted to the output's type as PADDING's value (D4). */
static bool diagonal_init(struct ref_output *out)
{
    const DML_DIAGONAL_MATRIX_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    out->value = ref_float_to_element(op->Value, t->DataType);
    return true;
}

/* Output[..., y, x] = (y + Offset == x) ? Value : 0. */
static void diagonal_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_DIAGONAL_MATRIX_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    const uint32_t rank = t->DimensionCount;
    uint64_t bits = c[rank - 2] + op->Offset == c[rank - 1] ? out->value : 0;
    memcpy(bytes, &bits, ref_element_size(t->DataType)); /* little-endian: the low bytes */
}

const struct ref_entry ref_diagonal_matrix = {DML_OPERATOR_DIAGONAL_MATRIX, diagonal_tensors,
                                              diagonal_init, diagonal_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* DIAGONAL_MATRIX (datamove-family 9): the feature-level boundaries (the operator has no rule of
 * its own beyond its output tensor's) and the debug line. */
#include "vt.h"

#include <math.h>
#include <string.h>

#define DIAGONAL DML_OPERATOR_DIAGONAL_MATRIX

static struct
{
    struct vt_tensor out;
    DML_DIAGONAL_MATRIX_OPERATOR_DESC desc;
} c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc = (DML_DIAGONAL_MATRIX_OPERATOR_DESC){&c.out.desc, -1, 2.5f};
}

/* Any offset (INT32_MIN and INT32_MAX too), value, strides; non-square. */
static void accepted(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){2, 1, 3, 5});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc);
    c.desc.Offset = INT32_MIN;
    VT_EXPECT_OK(VT_FL_MAX, DIAGONAL, &c.desc);
    c.desc.Offset = INT32_MAX;
    c.desc.Value = -INFINITY;
    VT_EXPECT_OK(VT_FL_MAX, DIAGONAL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){1, 2, 2, 6}); /* column-major planes */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){15, 15, 0, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    c.desc.OutputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL, &c.desc, DML_RULE_T1_TENSOR_NULL);
}

/* From 2.0: 4 dims of FLOAT32/FLOAT16; 8 types at 2.1; 2-4 dims at 4.0; 11 types at 5.1. */
static void dm_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    build(DML_TENSOR_DATA_TYPE_FLOAT16, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_1_0, DIAGONAL, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc);
    build(DML_TENSOR_DATA_TYPE_INT32, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, DIAGONAL, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, DIAGONAL, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_UINT8, rank, twos);
        if (rank != 4)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, DIAGONAL, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        if (rank < 2 || rank > 4)
            VT_EXPECT_REJECT(VT_FL_MAX, DIAGONAL, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, DIAGONAL, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 2, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_5_0, DIAGONAL, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_1, DIAGONAL, &c.desc);
    }
}

static void validate_rank_5(void *arg)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 1, 1, 2, 2});
    vt_validate(VT_FL_MAX, DIAGONAL, &c.desc, NULL, NULL);
}

static void dm_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_rank_5, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_DIAGONAL_MATRIX: rule T4 dimension count: "
                        "OutputTensor.DimensionCount is 5; allowed at DML_FEATURE_LEVEL_6_4: 2..4; "
                        "needs a level that does not exist yet\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),
    cmocka_unit_test(dm_feature_levels),
    cmocka_unit_test(dm_debug_line),
};

VT_GROUP("diagonal_matrix", tests)

#elif OP_TEST_PART == OP_PART_GPU

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

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's DIAGONAL_MATRIX (fuzz_op.h), rank 2-4: no input, the output shaped like the input's
 * default, a float Value and an Offset near the matrix. */
#include <string.h>

#include "fuzz_op.h"

static void generate_diagonal(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    const uint32_t rank = p->input.rank, h = p->input.sizes[rank - 2], w = p->input.sizes[rank - 1];
    p->input_count = 0;
    p->value = fp_float_bits(rng);
    p->band[0] = fp_band_bound(rng, h > w ? h : w);
}

static void *build_diagonal(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_DIAGONAL_MATRIX_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    uint32_t bits = (uint32_t)fd_u64(d, FF_VALUE, 0, 0, p->value);

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 0, 0, NULL, c);
    desc->OutputTensor = c->outputs;
    desc->Offset = (INT)fd_u32(d, FF_OFFSET, 0, 0, (uint32_t)p->band[0]);
    memcpy(&desc->Value, &bits, sizeof(bits));
    return desc;
}

/* Valid ones; an output of rank 1. */
static const struct fuzz_seed diagonal_seeds[] = {
    {"diagonal-f32-rank2", 0, 0, 0, F32, RANK(2), 0, 0xAB, 1},
    {"diagonal-i16-rank4-twice", 0, 0, FUZZ_OPT_TWICE, I16, RANK(4),
     STRIDES(0, FUZZ_STRIDES_PADDED), 0x3232, 2},
    {"diagonal-rank1-rejected", 0, 0, 0, F32, RANK(2), 0, 0x12, 3,
     .patches = {SET(FF_DIMENSION_COUNT, 1, 0, 1)}},
};

const struct fuzz_op fuzz_op_diagonal_matrix = {DML_OPERATOR_DIAGONAL_MATRIX,
                                                generate_diagonal,
                                                build_diagonal,
                                                .min_rank = 2,
                                                .max_rank = 4,
                                                .seeds = diagonal_seeds,
                                                .seed_count = FUZZ_COUNT(diagonal_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* Over input 0's 2-4 dims (its shape only), the band of x - y between -4 and 4. */
static IDMLOperator *make_diagonal(struct gr_build *b)
{
    INT offset = (INT)gr_next(b->rng, 9) - 4, end = (INT)gr_next(b->rng, 9) - 4;

    if (b->in.rank < 2 || b->in.rank > 4)
        return NULL;
    struct gr_view o = gr_generated(b, b->in.type);
    DML_DIAGONAL_MATRIX_OPERATOR_DESC desc = {gr_output(b, 0, &o), offset, (FLOAT)end * 1.5f};
    return gr_create(b->device, DML_OPERATOR_DIAGONAL_MATRIX, &desc);
}

const struct gr_op gr_op_diagonal_matrix = {.type = DML_OPERATOR_DIAGONAL_MATRIX,
                                            .name = "DIAGONAL_MATRIX",
                                            .draw = 24,
                                            .make = make_diagonal,
                                            .float64 = true,
                                            .generator = true};

#endif

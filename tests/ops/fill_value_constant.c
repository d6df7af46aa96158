/* FILL_VALUE_CONSTANT (datamove-family 6): every element of the output is Value. Its parts
 * (op_part.h): the C reference, each output element from the desc; the validation cases, every
 * rule, the feature-level boundaries and the debug line; the GPU random differential, seeded random
 * cases on the GPU and through plan_exec bit-exact against the reference, all 11 types, any value
 * bits; the fuzz part, its builder, valid default and seeds for the fuzzer; the graph part, its
 * maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* FILL_VALUE_CONSTANT (datamove-family 6): a generator, no input. The union's bits are the
 * element's, in its low bytes (D5). */
#include <string.h>

#include "ref_internal.h"

static void constant_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *op = desc;
    ref_listed_inputs(NULL, NULL, NULL, op->OutputTensor, out);
}

static void constant_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    memcpy(bytes, &op->Value, ref_element_size(t->DataType)); /* little-endian: the low bytes */
}

const struct ref_entry ref_fill_value_constant = {DML_OPERATOR_FILL_VALUE_CONSTANT,
                                                  constant_tensors, NULL, constant_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* FILL_VALUE_CONSTANT (datamove-family 6): every rule, the feature-level boundaries and the debug
 * line. */
#include "vt.h"

#include <string.h>

#define FILL DML_OPERATOR_FILL_VALUE_CONSTANT

static struct
{
    struct vt_tensor out;
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC desc;
} c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc = (DML_FILL_VALUE_CONSTANT_OPERATOR_DESC){&c.out.desc, type, {.UInt64 = 7}};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4});
}

/* FV-2: any sizes and strides; every type at 4.1. An aliasing or owned output is still refused. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, FILL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){1, 40, 10, 2}); /* permuted and gapped */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, FILL, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){24, 0, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    seed();
    c.out.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_T3_OWNED_BY_DML_OUTPUT);
    for (int t = DML_TENSOR_DATA_TYPE_FLOAT32; t <= DML_TENSOR_DATA_TYPE_INT64; ++t)
    {
        build((DML_TENSOR_DATA_TYPE)t, 2, (UINT[]){3, 5});
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, FILL, &c.desc);
    }
    c.desc.OutputTensor = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_T1_TENSOR_NULL);
}

static void fv_1_value_type(void **state)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_FV_1_VALUE_TYPE);
    c.desc.ValueDataType = (DML_TENSOR_DATA_TYPE)99;
    VT_EXPECT_REJECT(VT_FL_MAX, FILL, &c.desc, DML_RULE_FV_1_VALUE_TYPE);
}

/* From 2.1: 4 dims of 8 types; 1-8 dims at 4.0; 11 types at 4.1. */
static void fv_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    build(DML_TENSOR_DATA_TYPE_UINT8, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, FILL, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, FILL, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_INT16, rank, twos);
        if (rank != 4)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, FILL, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, FILL, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, FILL, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, FILL, &c.desc);
    }
}

static void validate_value_type(void *arg)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_INT32;
    vt_validate(VT_FL_MAX, FILL, &c.desc, NULL, NULL);
}

static void validate_rank_at_2_1(void *arg)
{
    build(DML_TENSOR_DATA_TYPE_UINT8, 3, (UINT[]){2, 2, 2});
    vt_validate(DML_FEATURE_LEVEL_2_1, FILL, &c.desc, NULL, NULL);
}

static void fv_debug_lines(void **state)
{
    assert_string_equal(vt_capture(validate_value_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_CONSTANT: rule FV-1 value type: "
                        "ValueDataType is DML_TENSOR_DATA_TYPE_INT32 (6); allowed: "
                        "OutputTensor.DataType (DML_TENSOR_DATA_TYPE_FLOAT32)\n");
    assert_string_equal(
        vt_capture(validate_rank_at_2_1, NULL, true),
        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_CONSTANT: rule T4 dimension "
        "count: OutputTensor.DimensionCount is 3; allowed at DML_FEATURE_LEVEL_2_1: "
        "4; needs DML_FEATURE_LEVEL_4_0\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),
    cmocka_unit_test(fv_1_value_type),
    cmocka_unit_test(fv_feature_levels),
    cmocka_unit_test(fv_debug_lines),
};

VT_GROUP("fill_value_constant", tests)

#elif OP_TEST_PART == OP_PART_GPU

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

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's FILL_VALUE_CONSTANT (fuzz_op.h): no input, the output shaped like the input's
 * default, any value bits (mostly small values of float types). */
#include "fuzz_op.h"

static void generate_fill_constant(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    p->input_count = 0;
    p->value = fp_scalar_bits(p->data_type, rng);
}

static void *build_fill_constant(struct fuzz_decoder *d, const struct fuzz_params *p,
                                 DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 0, 0, NULL, c);
    *desc = (DML_FILL_VALUE_CONSTANT_OPERATOR_DESC){c->outputs, fd_value_type(d, p),
                                                    fd_scalar(d, 0, p->value)};
    return desc;
}

static const struct fuzz_seed fill_constant_seeds[] = {
    {"fill-constant-u8-rank3-padded", 0, 0, 0, U8, RANK(3), STRIDES(0, FUZZ_STRIDES_PADDED), 0x345,
     1},
    {"fill-constant-f64-rank8-shared-twice", 0, 0, FUZZ_OPT_SHARED_BUFFER | FUZZ_OPT_TWICE, F64,
     RANK(8), 0, 0x21212121, 2},
};

const struct fuzz_op fuzz_op_fill_value_constant = {
    DML_OPERATOR_FILL_VALUE_CONSTANT, generate_fill_constant, build_fill_constant,
    .seeds = fill_constant_seeds, .seed_count = FUZZ_COUNT(fill_constant_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

static IDMLOperator *make_fill_constant(struct gr_build *b)
{
    struct gr_view o = gr_generated(b, b->in.type);
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC desc = {gr_output(b, 0, &o), b->in.type,
                                                  gr_random_scalar(b->rng)};
    return gr_create(b->device, DML_OPERATOR_FILL_VALUE_CONSTANT, &desc);
}

const struct gr_op gr_op_fill_value_constant = {.type = DML_OPERATOR_FILL_VALUE_CONSTANT,
                                                .name = "FILL_VALUE_CONSTANT",
                                                .draw = 22,
                                                .make = make_fill_constant,
                                                .float64 = true,
                                                .generator = true};

#endif

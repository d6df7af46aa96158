/* FILL_VALUE_SEQUENCE (datamove-family 6, FD4): element k of the output, in row-major order, is
 * ValueStart + k * ValueDelta. Its parts (op_part.h): the C reference, each output element from the
 * desc; the validation cases, every rule, the feature-level boundaries and the debug line; the GPU
 * random differential, seeded random cases on the GPU and through plan_exec bit-exact against the
 * reference, and indices up to 2^32 - 1 on hand-built plans; the fuzz part, its builder, valid
 * default and seeds for the fuzzer; the graph part, its maker for the random graph differential
 * (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* FILL_VALUE_SEQUENCE (datamove-family 6): a generator, no input. The union's bits are the
 * element's, in its low bytes (D5). */
#include <math.h>
#include <string.h>

#include "cast_ref.h"
#include "ref_internal.h"

static void sequence_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *op = desc;
    ref_listed_inputs(NULL, NULL, NULL, op->OutputTensor, out);
}

/* The union as a 64-bit two's complement value of an integer type (sign- or zero-extended). */
static uint64_t integer_of(const DML_SCALAR_UNION *v, DML_TENSOR_DATA_TYPE type)
{
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_UINT8:
        return v->UInt8;
    case DML_TENSOR_DATA_TYPE_INT8:
        return (uint64_t)(int64_t)v->Int8;
    case DML_TENSOR_DATA_TYPE_UINT16:
        return v->UInt16;
    case DML_TENSOR_DATA_TYPE_INT16:
        return (uint64_t)(int64_t)v->Int16;
    case DML_TENSOR_DATA_TYPE_UINT32:
        return v->UInt32;
    case DML_TENSOR_DATA_TYPE_INT32:
        return (uint64_t)(int64_t)v->Int32;
    default:
        return v->UInt64;
    }
}

/* fma(k, Delta, Start) in float32, one rounding (the reference's one FMA, FD1's NaN rules); k
 * converted to float32 by C (exact when it fits, else rounded once to nearest even). */
static float float_sequence(uint64_t k, float start, float delta)
{
    float x = (float)k;
    ref_scale_bias(DML_TENSOR_DATA_TYPE_FLOAT32, delta, start, &x);
    return x;
}

static float half_widened(uint16_t h)
{
    uint32_t bits =
        (uint32_t)cast_ref(h, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32);
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* FD4: element k in logical row-major order is Start + k * Delta; integers in 64-bit two's
 * complement then wrapped to the type (the low bytes), FLOAT16 through float32, FLOAT64 in
 * float64. */
static void sequence_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    const DML_SCALAR_UNION *start = &op->ValueStart, *delta = &op->ValueDelta;
    const uint64_t k = ref_row_major(t->Sizes, t->DimensionCount, c);
    uint64_t bits;
    float f;
    double g;
    switch (t->DataType)
    {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        f = float_sequence(k, start->Float32, delta->Float32);
        memcpy(&bits, &f, sizeof(f));
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        f = float_sequence(k, half_widened(start->UInt16), half_widened(delta->UInt16));
        bits = ref_float_to_element(f, DML_TENSOR_DATA_TYPE_FLOAT16);
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        g = fma((double)k, delta->Float64, start->Float64);
        memcpy(&bits, &g, sizeof(g));
        break;
    default:
        bits = integer_of(start, t->DataType) + k * integer_of(delta, t->DataType);
        break;
    }
    memcpy(bytes, &bits, ref_element_size(t->DataType)); /* little-endian: the low bytes */
}

const struct ref_entry ref_fill_value_sequence = {DML_OPERATOR_FILL_VALUE_SEQUENCE,
                                                  sequence_tensors, NULL, sequence_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* FILL_VALUE_SEQUENCE (datamove-family 6, FD4): every rule, the feature-level boundaries and the
 * debug line. */
#include "vt.h"

#include <string.h>

#define SEQUENCE DML_OPERATOR_FILL_VALUE_SEQUENCE

static struct
{
    struct vt_tensor out;
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC desc;
} c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, sizes);
    c.desc =
        (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){&c.out.desc, type, {.UInt8 = 10}, {.Int8 = -2}};
}

static void seed(void) /* the page's example 2 */
{
    build(DML_TENSOR_DATA_TYPE_UINT8, 4, (UINT[]){1, 1, 2, 2});
}

/* Any sizes and strides; 10 types at 5.0. An aliasing output is still refused. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SEQUENCE, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){4, 4, 1, 2}); /* column-major rows */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SEQUENCE, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){4, 4, 0, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    for (int t = DML_TENSOR_DATA_TYPE_FLOAT32; t <= DML_TENSOR_DATA_TYPE_INT64; ++t)
    {
        build((DML_TENSOR_DATA_TYPE)t, 3, (UINT[]){3, 5, 2});
        if (t == DML_TENSOR_DATA_TYPE_FLOAT64)
            VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_FL_DATA_TYPE);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, SEQUENCE, &c.desc);
    }
}

static void fv_1_value_type(void **state)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_INT8;
    VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_FV_1_VALUE_TYPE);
}

/* From 2.1: 4 dims of 8 types; 1-8 dims at 4.0; INT64 and UINT64 at 5.0; FLOAT64 at no level. */
static void fv_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    build(DML_TENSOR_DATA_TYPE_FLOAT16, 4, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SEQUENCE, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SEQUENCE, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_INT8, rank, twos);
        if (rank != 4)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, SEQUENCE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, SEQUENCE, &c.desc);
    }
    static const DML_TENSOR_DATA_TYPE wide[] = {DML_TENSOR_DATA_TYPE_INT64,
                                                DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, SEQUENCE, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, SEQUENCE, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_FLOAT64, 4, twos);
    VT_EXPECT_REJECT(VT_FL_MAX, SEQUENCE, &c.desc, DML_RULE_FL_DATA_TYPE);
}

static void validate_float64(void *arg)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT64, 1, (UINT[]){8});
    vt_validate(VT_FL_MAX, SEQUENCE, &c.desc, NULL, NULL);
}

static void validate_value_type(void *arg)
{
    seed();
    c.desc.ValueDataType = DML_TENSOR_DATA_TYPE_UINT16;
    vt_validate(VT_FL_MAX, SEQUENCE, &c.desc, NULL, NULL);
}

static void fv_debug_lines(void **state)
{
    assert_string_equal(vt_capture(validate_float64, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_SEQUENCE: rule T2 data type: "
                        "OutputTensor.DataType is DML_TENSOR_DATA_TYPE_FLOAT64 (9); allowed at "
                        "DML_FEATURE_LEVEL_6_4: FLOAT32, FLOAT16, UINT32, UINT16, UINT8, INT32, "
                        "INT16, INT8, UINT64, INT64; needs a level that does not exist yet\n");
    assert_string_equal(vt_capture(validate_value_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_FILL_VALUE_SEQUENCE: rule FV-1 value type: "
                        "ValueDataType is DML_TENSOR_DATA_TYPE_UINT16 (4); allowed: "
                        "OutputTensor.DataType (DML_TENSOR_DATA_TYPE_UINT8)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),
    cmocka_unit_test(fv_1_value_type),
    cmocka_unit_test(fv_feature_levels),
    cmocka_unit_test(fv_debug_lines),
};

VT_GROUP("fill_value_sequence", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* FILL_VALUE_SEQUENCE on the GPU and through plan_exec, bit-exact against the C reference
 * (reference/) (decision FD4): seeded random cases of all 10 types, rank 1-8, packed, permuted and
 * gapped outputs (the index stays the logical row-major one), integer operands with garbage in the
 * union's unused bytes, float operands that are small exact values, random finite values, or any
 * bits (NaN, infinities, subnormals). Indices past 2^24, where float32(k) rounds, and up to
 * 2^32 - 1 are checked on hand-built plans (no tensor that large is needed). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "op_check.h"
#include "op_tensor.h"
#include "plan_exec.h"
#include "reference.h"
#include "tensor.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 300

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8,  DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16,  DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32,  DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT64,
    DML_TENSOR_DATA_TYPE_UINT64,
};
#define TYPE_COUNT (sizeof(types) / sizeof(types[0]))

struct sequence_case
{
    struct op_tensor out;
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC desc;
};

/* Element k of the sequence (its bits in the low bytes), from the C reference: the element of a
 * {2^32 - 1, 2^32 - 1} tensor at k's coordinate (a generator's reference reads no memory). */
static uint64_t element(const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *desc, uint64_t k)
{
    static const UINT sizes[2] = {UINT32_MAX, UINT32_MAX};
    const DML_BUFFER_TENSOR_DESC *out = desc->OutputTensor->Desc;
    DML_BUFFER_TENSOR_DESC wide = {out->DataType, DML_TENSOR_FLAG_NONE, 2, sizes, NULL, 0, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &wide};
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC sequence = *desc;
    DML_OPERATOR_DESC op = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &sequence};
    const int64_t c[2] = {(int64_t)(k / UINT32_MAX), (int64_t)(k % UINT32_MAX)};
    struct ref_output r;
    uint64_t bits = 0;
    sequence.OutputTensor = &tensor;
    ref_output_init(&r, &op, NULL, 0);
    ref_output_element(&r, c, &bits);
    ref_output_free(&r);
    return bits;
}

/* A float operand's bits (FLOAT16: in the low 16 bits, the rest garbage). */
static DML_SCALAR_UNION float_operand(struct rng *rng, DML_TENSOR_DATA_TYPE type)
{
    DML_SCALAR_UNION v = {.UInt64 = rng_next(rng)}; /* any bits */
    float f = (float)((int32_t)rng_below(rng, 401) - 200) / (float)(1u << rng_below(rng, 4));
    uint32_t kind = rng_below(rng, 10);
    if (kind < 6) /* exact small values */
        v.Float32 = f;
    else if (kind < 9) /* random finite */
        v.Float32 = ldexpf((float)(int32_t)rng_next(rng), (int)rng_below(rng, 40) - 40);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && kind < 9)
        v.UInt16 = (uint16_t)ref_float_to_element(v.Float32, DML_TENSOR_DATA_TYPE_FLOAT16);
    return v;
}

static void generate(struct sequence_case *sc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % TYPE_COUNT]; /* every type as often */
    uint32_t rank = rng_range(&rng, 1, 8), sizes[8];
    bool is_float = type == DML_TENSOR_DATA_TYPE_FLOAT32 || type == DML_TENSOR_DATA_TYPE_FLOAT16;
    for (uint32_t d = 0; d < rank; ++d)
        sizes[d] = rng_range(&rng, 1, rank > 4 ? 4 : 19);
    op_tensor_random_strides(&sc->out, type, rank, sizes, false, &rng);
    sc->desc = (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){
        &sc->out.desc, type,
        is_float ? float_operand(&rng, type) : (DML_SCALAR_UNION){.UInt64 = rng_next(&rng)},
        is_float ? float_operand(&rng, type) : (DML_SCALAR_UNION){.UInt64 = rng_next(&rng)}};
}

/* The page's example 2 and the plans lowering must give: the index in row-major order whatever
 * the layout, packed runs in 16-byte units (several elements each). */
static int golden(void)
{
    static const struct
    {
        DML_TENSOR_DATA_TYPE type;
        uint32_t rank, sizes[4], strides[4], elem_bytes, plan_rank;
    } expect[] = {
        {DML_TENSOR_DATA_TYPE_UINT8, 4, {1, 1, 2, 2}, {0}, 4, 1},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 2, {4, 8}, {0}, 16, 1},
        {DML_TENSOR_DATA_TYPE_INT32, 2, {4, 8}, {1, 4}, 4, 2}, /* transposed: not one run of k */
    };
    static const uint8_t example[4] = {10, 8, 6, 4};
    int failures = 0;
    for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); ++i)
    {
        static struct sequence_case sc;
        op_tensor_set(&sc.out, expect[i].type, expect[i].rank, expect[i].sizes,
                      expect[i].strides[0] ? expect[i].strides : NULL);
        sc.desc = (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){
            &sc.out.desc, expect[i].type, {.UInt8 = 10}, {.Int8 = -2}};
        DML_OPERATOR_DESC desc = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &sc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK)
            return printf("golden %zu: rejected\n", i), failures + 1;
        HRESULT hr = dml_lower(&def, &plan);
        dml_op_def_cleanup(&def);
        if (FAILED(hr))
            return printf("golden %zu: not lowered\n", i), failures + 1;
        uint8_t out[4];
        void *slots[1] = {out};
        if (i == 0)
            plan_exec(&plan, slots);
        if (plan.kernel != PLAN_KERNEL_FILL || plan.elem_bytes != expect[i].elem_bytes ||
            plan.rank != expect[i].plan_rank || (i == 0 && memcmp(out, example, 4)))
        {
            printf("golden %zu: unexpected plan\n", i);
            plan_describe(stdout, &plan);
            ++failures;
        }
        plan_cleanup(&plan);
    }
    return failures;
}

/* A FILL plan of kind over 300 elements of type_bytes from index first (units of w elements),
 * on the GPU against plan_exec, and plan_exec against element(). */
static int large_index(struct dml_vk_device *dev, DML_TENSOR_DATA_TYPE type, uint64_t first,
                       uint32_t w, DML_SCALAR_UNION start, DML_SCALAR_UNION delta)
{
    static struct sequence_case sc;
    const uint32_t units = 300 / w, bytes = dml_data_type_size(type);
    uint64_t size = (uint64_t)units * w * bytes;
    uint8_t *got = calloc(1, size);
    void *slots[1] = {got};
    struct plan plan;
    char why[256] = "";
    int failures = 0;
    op_tensor_set(&sc.out, type, 1, (const uint32_t[]){units * w}, NULL);
    sc.desc = (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){&sc.out.desc, type, start, delta};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &sc.desc};
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_op_def def;
    if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower(&def, &plan)))
        return free(got), printf("large index: not lowered\n"), 1;
    dml_op_def_cleanup(&def);
    /* the operator's own plan, moved to the index: units of w elements from first */
    plan.elem_bytes = w * bytes;
    plan.rank = 1;
    plan.count = units;
    plan.dims[0] = (struct plan_dim){.size = units, .in_stride = 1};
    plan.parts[0].strides[0] = 1;
    plan.in_base = (int64_t)(first / w);
    plan_exec(&plan, slots);
    for (uint32_t i = 0; i < units * w && !failures; ++i)
    {
        uint64_t want = element(&sc.desc, first + i), have = 0;
        memcpy(&have, got + (uint64_t)i * bytes, bytes);
        if (memcmp(&want, &have, bytes))
            failures += printf("large index %llu: plan_exec %llx, reference %llx\n",
                               (unsigned long long)(first + i), (unsigned long long)have,
                               (unsigned long long)want) > 0;
    }
    if (dev && !vk_test_check(dev, &plan, &size, VK_TEST_SLOTS_ADDRESSES, why, sizeof(why)))
        failures += printf("large index from %llu: %s\n", (unsigned long long)first, why) > 0;
    plan_cleanup(&plan);
    free(got);
    return failures;
}

static int large_indices(struct dml_vk_device *dev)
{
    const DML_SCALAR_UNION third = {.Float32 = 1.0f / 3.0f}, one = {.Float32 = 1.0f};
    const DML_SCALAR_UNION h_third = {.UInt16 = 0x3555}, h_tiny = {.UInt16 = 0x0001};
    const DML_SCALAR_UNION big = {.Int64 = INT64_C(0x123456789abcdef)}, odd = {.Int64 = -7};
    int failures = 0;
    failures += large_index(dev, DML_TENSOR_DATA_TYPE_FLOAT32, (1u << 24) - 100, 1, third, one);
    failures += large_index(dev, DML_TENSOR_DATA_TYPE_FLOAT32, (1u << 24) - 100, 4, one, third);
    failures += large_index(dev, DML_TENSOR_DATA_TYPE_FLOAT32, UINT32_MAX - 299, 1, third, third);
    failures += large_index(dev, DML_TENSOR_DATA_TYPE_FLOAT16, (1u << 24) - 96, 8, h_third, h_tiny);
    failures += large_index(dev, DML_TENSOR_DATA_TYPE_INT64, UINT32_MAX - 299, 1, big, odd);
    failures += large_index(dev, DML_TENSOR_DATA_TYPE_INT8, (1u << 31) - 96, 16, big, odd);
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_device();
    static struct sequence_case sc;
    int failures = golden() + large_indices(dev);

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 0, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&sc, seed);
        op_check_alloc(&b, 0, sc.out.buffer.TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &sc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            fprintf(stderr, "FILL_VALUE_SEQUENCE seed %llu: %s (start %llx, delta %llx)\n",
                    (unsigned long long)seed, why, (unsigned long long)sc.desc.ValueStart.UInt64,
                    (unsigned long long)sc.desc.ValueDelta.UInt64);
            op_tensor_describe(stderr, "output", &sc.out);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("FILL_VALUE_SEQUENCE: %d failures over %d cases\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's FILL_VALUE_SEQUENCE (fuzz_op.h): no input, the output shaped like the input's
 * default, any ValueStart and ValueDelta bits; no FLOAT64 (FL 5.0's table): FLOAT32 instead. */
#include "fuzz_op.h"

static void generate_fill_sequence(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    if (p->data_type == DML_TENSOR_DATA_TYPE_FLOAT64)
        p->data_type = p->out_data_type = DML_TENSOR_DATA_TYPE_FLOAT32;
    p->input_count = 0;
    p->value = fp_scalar_bits(p->data_type, rng);
    p->delta = fp_scalar_bits(p->data_type, rng);
}

/* FF_VALUE: tensor byte 0 ValueStart, 1 ValueDelta. */
static void *build_fill_sequence(struct fuzz_decoder *d, const struct fuzz_params *p,
                                 DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 0, 0, NULL, c);
    *desc = (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){
        c->outputs, fd_value_type(d, p), fd_scalar(d, 0, p->value), fd_scalar(d, 1, p->delta)};
    return desc;
}

/* Valid ones; FLOAT64 and a value type that differs. */
static const struct fuzz_seed fill_sequence_seeds[] = {
    {"fill-sequence-f16-rank2", 0, 0, 0, F16, RANK(2), 0, 0x9F, 1},
    {"fill-sequence-i32-rank4-reversed", 0, 0, FUZZ_OPT_VOLATILE, I32, RANK(4),
     STRIDES(0, FUZZ_STRIDES_REVERSED), 0x4444, 2},
    {"fill-sequence-f32-rank3", 0, 0, 0, F32, RANK(3), 0, 0x777, 3},
    {"fill-sequence-f64-rejected", 0, 0, 0, F32, RANK(2), 0, 0x55, 4,
     .patches = {SET(FF_DATA_TYPE, 1, 0, DML_TENSOR_DATA_TYPE_FLOAT64),
                 SET(FF_VALUE_TYPE, 0, 0, DML_TENSOR_DATA_TYPE_FLOAT64)}},
    {"fill-sequence-value-type-rejected", 0, 0, 0, F32, RANK(2), 0, 0x55, 5,
     .patches = {SET(FF_VALUE_TYPE, 0, 0, DML_TENSOR_DATA_TYPE_INT32)}},
};

const struct fuzz_op fuzz_op_fill_value_sequence = {
    DML_OPERATOR_FILL_VALUE_SEQUENCE, generate_fill_sequence, build_fill_sequence,
    .seeds = fill_sequence_seeds, .seed_count = FUZZ_COUNT(fill_sequence_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

static IDMLOperator *make_fill_sequence(struct gr_build *b)
{
    DML_TENSOR_DATA_TYPE type = b->in.type;

    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) /* FD4: no level has it */
        type = DML_TENSOR_DATA_TYPE_INT64;
    struct gr_view o = gr_generated(b, type);
    const DML_TENSOR_DESC *out = gr_output(b, 0, &o);
    DML_SCALAR_UNION start = gr_random_scalar(b->rng);
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC desc = {out, type, start, gr_random_scalar(b->rng)};
    return gr_create(b->device, DML_OPERATOR_FILL_VALUE_SEQUENCE, &desc);
}

const struct gr_op gr_op_fill_value_sequence = {.type = DML_OPERATOR_FILL_VALUE_SEQUENCE,
                                                .name = "FILL_VALUE_SEQUENCE",
                                                .draw = 23,
                                                .make = make_fill_sequence,
                                                .float64 = true,
                                                .generator = true};

#endif

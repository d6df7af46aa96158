/* CAST (datamove-family 3, FD3): each element converted from the input's type to the output's. Its
 * parts (op_part.h): the C reference, each output element from the desc; the validation cases,
 * every rule and the feature-level boundaries of both tensors; the GPU random differential, seeded
 * random cases on the GPU and through plan_exec bit-exact against the reference, every type pair
 * over every edge value of its input type first (the conversions themselves are
 * reference/cast_ref.c); the fuzz part, its builder, valid default and seeds for the fuzzer; the
 * graph part, its maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* CAST (FD3): each element converted from the input's type to the output's (cast_ref.c). */
#include <string.h>

#include "cast_ref.h"
#include "ref_internal.h"

static void cast_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_CAST_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

static void cast_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_CAST_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc, *to = op->OutputTensor->Desc;
    uint64_t v = 0;
    ref_read(op->InputTensor, out->inputs[0], c, &v); /* little-endian: the low bytes */
    v = cast_ref(v, in->DataType, to->DataType);
    memcpy(bytes, &v, ref_element_size(to->DataType));
}

const struct ref_entry ref_cast = {DML_OPERATOR_CAST, cast_tensors, NULL, cast_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* CAST (datamove-family 3, FD3): every rule and the feature-level boundaries of both tensors. */
#include "vt.h"

#include <string.h>

#define CAST DML_OPERATOR_CAST

struct cast_case
{
    struct vt_tensor in, out;
    DML_CAST_OPERATOR_DESC desc;
};

static struct cast_case c;

static void build(DML_TENSOR_DATA_TYPE from, DML_TENSOR_DATA_TYPE to, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, from, rank, sizes);
    vt_tensor_init(&c.out, to, rank, sizes);
    c.desc = (DML_CAST_OPERATOR_DESC){&c.in.desc, &c.out.desc};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 2, 3, 4});
}

/* Any pair of types at 4.1; strides on either side; an aliasing output is still rejected. */
static void every_pair_and_strides(void **state)
{
    for (int from = DML_TENSOR_DATA_TYPE_FLOAT32; from <= DML_TENSOR_DATA_TYPE_INT64; ++from)
    {
        for (int to = DML_TENSOR_DATA_TYPE_FLOAT32; to <= DML_TENSOR_DATA_TYPE_INT64; ++to)
        {
            build(from, to, 4, (UINT[]){1, 2, 3, 4});
            VT_EXPECT_OK(VT_FL_MAX, CAST, &c.desc);
        }
    }
    seed();
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0});
    vt_tensor_strides(&c.out, (UINT[]){24, 1, 8, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, CAST, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){12, 0, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, CAST, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

static void ca_1_rank_and_sizes(void **state)
{
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_INT8, 5, (UINT[]){1, 1, 2, 3, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, CAST, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 2, 4, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, CAST, &c.desc, DML_RULE_CA_1_SIZE_MISMATCH);
}

/* CA-2 and FD3: 8 types (INT32/UINT32 included) and 4 dims at 1.0, INT64/UINT64 at 3.0, 1-8 dims
 * at 3.1, FLOAT64 at 4.1; the output's type is checked as the input's. */
static void ca_2_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, CAST, &c.desc);
    static const DML_TENSOR_DATA_TYPE wide[] = {DML_TENSOR_DATA_TYPE_INT64,
                                                DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 2, 3, 4});
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, CAST, &c.desc);
        build(DML_TENSOR_DATA_TYPE_INT8, wide[i], 4, (UINT[]){1, 2, 3, 4});
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, CAST, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, CAST, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, CAST, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, CAST, &c.desc);
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        const UINT sizes[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
        build(DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_UINT8, rank, sizes);
        if (rank == 4)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, CAST, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, CAST, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, CAST, &c.desc);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_pair_and_strides),
    cmocka_unit_test(ca_1_rank_and_sizes),
    cmocka_unit_test(ca_2_feature_levels),
};

VT_GROUP("cast", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* CAST (FD3) on the GPU and through plan_exec, bit-exact against reference/cast_ref.c on all
 * 11 x 11 type pairs: first one case per pair over every edge value of its input type (zeros,
 * +-1, integer bounds of every width and the values just beyond, +-inf, NaN payloads, halfway
 * cases of float16/float32 rounding, subnormals, 2^53, 2^63, 2^64 and their neighbours, int64
 * values that double rounding would get wrong), then seeded random shapes, rank 1-8, with
 * permuted, gapped and broadcast input strides, gapped or permuted output strides, elements drawn
 * from the edges or random bits; outputs poisoned and every byte outside the writes checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast_ref.h"
#include "gpu.h"
#include "op_check.h"
#include "tensor.h"
#include "vk_test.h"

#define PAIRS 121
#define CASES (PAIRS * 3)

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

/* Integer edges as 64-bit two's complement values, kept in each type's low bits. */
static const uint64_t int_edges[] = {
    0,
    1,
    UINT64_MAX,
    2,
    UINT64_MAX - 1,
    127,
    128,
    (uint64_t)-128,
    (uint64_t)-129,
    255,
    256,
    32767,
    32768,
    (uint64_t)-32768,
    (uint64_t)-32769,
    65535,
    65536,
    2047,
    2049,
    32785,
    65504,
    65519,
    65520,
    65536 + 16,
    0x7fffffff,
    0x80000000,
    (uint64_t)-0x80000000LL,
    (uint64_t)-0x80000001LL,
    0xffffffff,
    0x100000000,
    0x1000001,
    0x1000003,
    0x1ffffff,
    (UINT64_C(1) << 53) + 1,
    (UINT64_C(1) << 53) - 1,
    (UINT64_C(1) << 54) + 2,
    (UINT64_C(1) << 60) + (UINT64_C(1) << 36) + 1,
    (UINT64_C(1) << 60) + (UINT64_C(1) << 36),
    (UINT64_C(1) << 60) + (UINT64_C(1) << 36) * 3,
    (UINT64_C(1) << 62) + (UINT64_C(1) << 9) + 1,
    (UINT64_C(1) << 62) + (UINT64_C(1) << 9),
    UINT64_C(0x7fffffffffffffff),
    UINT64_C(0x8000000000000000),
    UINT64_C(0x8000000000000001),
    UINT64_C(0xfffffffffffff800),
    UINT64_C(0xfffffffffffffbff),
    UINT64_C(0xffffff7fffffffff),
    UINT64_C(0xffffff8000000001),
    UINT64_C(0x7fffff8000000000),
    UINT64_C(0x7fffff8000000001),
    UINT64_C(0x7ffffc0000000000),
};

static const uint64_t f16_edges[] = {
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe01, 0x7fff, 0x7bff,
    0xfbff, 0x0001, 0x8001, 0x03ff, 0x0400, 0x5800, 0x57f8, 0xd808, 0xd804, 0x5bfc, 0x5c00,
    0x7800, 0xb800, 0xbbff, 0x3800, 0x77ff, 0xf800, 0x7400, 0x3bff, 0xb7ff, 0x6bff,
};

static const uint64_t f32_edges[] = {
    0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
    0xffc00001, 0x7fffffff, 0x7fa00005, 0x7f7fffff, 0xff7fffff, 0x00000001, 0x807fffff, 0x00800000,
    0x5f000000, 0x5effffff, 0x5f800000, 0x5f7fffff, 0xdf000000, 0xdf000001, 0xdeffffff, 0x4f000000,
    0x4effffff, 0x4f800000, 0x4f7fffff, 0xcf000000, 0xcf000001, 0x42ff0000, 0x43000000, 0xc3008000,
    0xc3010000, 0x437f8000, 0x43800000, 0x47000000, 0x47800000, 0x477ff000, 0x477fefff, 0x477fe000,
    0x3f801000, 0x3f801001, 0x3f803000, 0x33000000, 0x33000001, 0x33800000, 0x33c00000, 0x387fc000,
    0x387fe000, 0xbf000000, 0xbf7fffff, 0x3f000000, 0x46fffe00, 0xc7000100, 0x5a000000, 0x4b000001,
};

static const uint64_t f64_edges[] = {
    0,
    UINT64_C(0x8000000000000000),
    UINT64_C(0x3ff0000000000000),
    UINT64_C(0xbff0000000000000),
    UINT64_C(0x7ff0000000000000),
    UINT64_C(0xfff0000000000000),
    UINT64_C(0x7ff8000000000000),
    UINT64_C(0x7ff8000000000001),
    UINT64_C(0x7ff0000000000001),
    UINT64_C(0xfff8000020000000),
    UINT64_C(0x7fffffffffffffff),
    UINT64_C(0x7fefffffffffffff),
    UINT64_C(0xffefffffffffffff),
    1,
    UINT64_C(0x8000000000000001),
    UINT64_C(0x000fffffffffffff),
    UINT64_C(0x0010000000000000),
    UINT64_C(0x43e0000000000000),
    UINT64_C(0x43dfffffffffffff),
    UINT64_C(0x43f0000000000000),
    UINT64_C(0x43efffffffffffff),
    UINT64_C(0xc3e0000000000000),
    UINT64_C(0xc3e0000000000001),
    UINT64_C(0xc3dfffffffffffff),
    UINT64_C(0x41e0000000000000),
    UINT64_C(0x41dfffffffe00000),
    UINT64_C(0x41dfffffffffffff),
    UINT64_C(0x41f0000000000000),
    UINT64_C(0x41efffffffffffff),
    UINT64_C(0xc1e0000000000000),
    UINT64_C(0xc1e0000000100000),
    UINT64_C(0xc1e00000001fffff),
    UINT64_C(0x405fe00000000000),
    UINT64_C(0x4060000000000000),
    UINT64_C(0xc060100000000000),
    UINT64_C(0xc060200000000000),
    UINT64_C(0x406ff00000000000),
    UINT64_C(0x4070000000000000),
    UINT64_C(0x40dfffc000000000),
    UINT64_C(0x40e0000000000000),
    UINT64_C(0x40efffe000000000),
    UINT64_C(0x40f0000000000000),
    UINT64_C(0x40effe0000000000),
    UINT64_C(0x40effdffffffffff),
    UINT64_C(0x3ff0000001000000),
    UINT64_C(0x3ff0000001000001),
    UINT64_C(0x3ff0000003000000),
    UINT64_C(0x3ff0020000000000),
    UINT64_C(0x3ff0020000000001),
    UINT64_C(0x3ff0060000000000),
    UINT64_C(0x3ff0000000000001),
    UINT64_C(0x3e60000000000000),
    UINT64_C(0x3e60000000000001),
    UINT64_C(0x3e70000000000000),
    UINT64_C(0x3690000000000000),
    UINT64_C(0x3690000000000001),
    UINT64_C(0x36a8000000000000),
    UINT64_C(0x47efffffe0000000),
    UINT64_C(0x47effffff0000000),
    UINT64_C(0x47efffffefffffff),
    UINT64_C(0x4340000000000000),
    UINT64_C(0x4340000000000001),
    UINT64_C(0x433fffffffffffff),
    UINT64_C(0xbfe0000000000000),
    UINT64_C(0xbfefffffffffffff),
    UINT64_C(0x7e37e43c8800759c),
    UINT64_C(0x8000000000000fff),
    UINT64_C(0x380ffffff0000000),
};

struct edges
{
    const uint64_t *values;
    uint32_t count;
};

static struct edges edges_of(DML_TENSOR_DATA_TYPE type)
{
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return (struct edges){f16_edges, 32};
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return (struct edges){f32_edges, sizeof(f32_edges) / sizeof(f32_edges[0])};
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        return (struct edges){f64_edges, sizeof(f64_edges) / sizeof(f64_edges[0])};
    default:
        return (struct edges){int_edges, sizeof(int_edges) / sizeof(int_edges[0])};
    }
}

struct cast_case
{
    uint32_t rank, elem[2];
    DML_TENSOR_DATA_TYPE type[2];
    uint32_t sizes[8], strides[2][8];
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC descs[2];
    DML_CAST_OPERATOR_DESC desc;
};

static void tensor(struct cast_case *cc, uint32_t t, bool packed, struct rng *rng)
{
    bool strided = !packed && op_check_strides(rng, cc->rank, cc->sizes, t == 0, cc->strides[t]);
    if (!strided)
        for (uint32_t d = cc->rank, step = 1; d-- > 0; step *= cc->sizes[d])
            cc->strides[t][d] = step;
    cc->buffers[t] = (DML_BUFFER_TENSOR_DESC){cc->type[t],
                                              DML_TENSOR_FLAG_NONE,
                                              cc->rank,
                                              cc->sizes,
                                              strided ? cc->strides[t] : NULL,
                                              0,
                                              0};
    cc->buffers[t].TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(cc->type[t], cc->rank, cc->sizes, cc->buffers[t].Strides);
    cc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &cc->buffers[t]};
}

/* Seeds 1..121: pair seed-1, rank 1 over all the input type's edges, packed input. Later seeds:
 * a random pair and shape. */
static void generate(struct cast_case *cc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    bool sweep = seed <= PAIRS;
    uint32_t pair = sweep ? (uint32_t)(seed - 1) : rng_below(&rng, PAIRS);
    memset(cc, 0, sizeof(*cc));
    cc->type[0] = types[pair / 11];
    cc->type[1] = types[pair % 11];
    for (uint32_t t = 0; t < 2; ++t)
        cc->elem[t] = dml_data_type_size(cc->type[t]);
    cc->rank = sweep ? 1 : rng_range(&rng, 1, 8);
    for (uint32_t d = 0; d < cc->rank; ++d)
        cc->sizes[d] =
            sweep ? edges_of(cc->type[0]).count : rng_range(&rng, 1, cc->rank > 4 ? 4 : 12);
    tensor(cc, 0, sweep, &rng);
    tensor(cc, 1, false, &rng);
    cc->desc = (DML_CAST_OPERATOR_DESC){&cc->descs[0], &cc->descs[1]};
}

/* The input's elements: the edges in order (sweep), else edges or random bits. */
static void fill_input(const struct cast_case *cc, struct op_check_buffers *b, bool sweep,
                       struct rng *rng)
{
    struct edges e = edges_of(cc->type[0]);
    uint64_t n = b->bytes[0] / cc->elem[0];
    for (uint64_t i = 0; i < n; ++i)
    {
        if (sweep || rng_chance(rng, 60))
        {
            uint64_t v = e.values[sweep ? i % e.count : rng_below(rng, e.count)];
            memcpy(b->data[0] + i * cc->elem[0], &v, cc->elem[0]);
        }
    }
}

static void describe(const struct cast_case *cc, uint64_t seed, const char *why)
{
    fprintf(stderr, "CAST seed %llu: %s\n  %s -> %s rank %u sizes", (unsigned long long)seed, why,
            dml_data_type_name(cc->type[0]), dml_data_type_name(cc->type[1]), cc->rank);
    for (uint32_t d = 0; d < cc->rank; ++d)
        fprintf(stderr, " %u", cc->sizes[d]);
    for (uint32_t t = 0; t < 2; ++t)
    {
        fprintf(stderr, "\n  %s strides", t ? "output" : "input");
        for (uint32_t d = 0; d < cc->rank; ++d)
            fprintf(stderr, " %u", cc->buffers[t].Strides ? cc->strides[t][d] : 0);
    }
    fprintf(stderr, "\n");
}

/* The reference itself against values worked out by hand (FD3's hard cases): returns failures. */
static int reference_known_answers(void)
{
    static const struct
    {
        uint64_t in;
        DML_TENSOR_DATA_TYPE from, to;
        uint64_t out;
    } known[] = {
        /* int64 -> float32 once: through float64 this would tie to 2^60 */
        {(UINT64_C(1) << 60) + (UINT64_C(1) << 36) + 1, DML_TENSOR_DATA_TYPE_INT64,
         DML_TENSOR_DATA_TYPE_FLOAT32, 0x5d800001},
        {UINT64_MAX, DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_FLOAT32, 0x5f800000},
        {UINT64_MAX, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_FLOAT32, 0xbf800000},
        /* float64 -> float16 once, ties to even, overflow, subnormal ties */
        {UINT64_C(0x3ff0020000000001), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT16,
         0x3c01},
        {UINT64_C(0x3ff0020000000000), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT16,
         0x3c00},
        {UINT64_C(0x40effe0000000000), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT16,
         0x7c00},
        {UINT64_C(0x3e60000000000000), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT16,
         0},
        {2049, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_FLOAT16, 0x6800},
        /* NaN: quiet, sign and high payload kept */
        {0x7f800001, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64,
         UINT64_C(0x7ff8000020000000)},
        {UINT64_C(0xfff8000020000001), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT32,
         0xffc00001},
        /* float -> integer: truncation, saturation at the exact bounds, NaN to 0 */
        {UINT64_C(0x43e0000000000000), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64,
         UINT64_C(0x7fffffffffffffff)},
        {UINT64_C(0x43dfffffffffffff), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64,
         UINT64_C(0x7ffffffffffffc00)},
        {UINT64_C(0xc3e0000000000001), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64,
         UINT64_C(0x8000000000000000)},
        {UINT64_C(0x43f0000000000000), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_UINT64,
         UINT64_MAX},
        {UINT64_C(0xbfefffffffffffff), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_UINT64,
         0},
        {UINT64_C(0xc060100000000000), DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT8,
         0x80},
        {0x7fc00000, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT32, 0},
        /* integer -> integer: low bits */
        {0x180, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8, 0x80},
        {0xff, DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT16, 0xffff},
        {0xff, DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT16, 0xff},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); ++i)
    {
        uint64_t got = cast_ref(known[i].in, known[i].from, known[i].to);
        if (got != known[i].out)
        {
            fprintf(stderr, "cast_ref %zu: %llx gives %llx, expected %llx\n", i,
                    (unsigned long long)known[i].in, (unsigned long long)got,
                    (unsigned long long)known[i].out);
            ++failures;
        }
    }
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_device();
    struct cast_case cc;
    int failures = reference_known_answers();
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 1, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&cc, seed);
        for (uint32_t t = 0; t < 2; ++t)
            op_check_alloc(&b, t, cc.buffers[t].TotalTensorSizeInBytes, &rng);
        fill_input(&cc, &b, seed <= PAIRS, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_CAST, &cc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            describe(&cc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("CAST: %d of %d cases failed\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's CAST (fuzz_op.h): the output of another of the 11 types. */
#include "fuzz_op.h"

static void generate_cast(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    p->out_data_type =
        (DML_TENSOR_DATA_TYPE)(1 + (p->data_type - 1 + 1 + fuzz_rng_below(rng, 10)) % 11);
}

static void *build_cast(struct fuzz_decoder *d, const struct fuzz_params *p,
                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_CAST_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    return desc;
}

/* Valid ones between types, with options and layouts; an output type 0. */
static const struct fuzz_seed cast_seeds[] = {
    {"cast-f16-to-int8", 0, 0, 0, F16, RANK(3), 0, 0x345, 2},
    {"cast-f64-to-int64-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, F64, RANK(2),
     STRIDES(FUZZ_STRIDES_REVERSED, 0), 0x56, 1},
    {"cast-int64-to-f16-twice", 0, 0, FUZZ_OPT_TWICE, I64, RANK(6),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x212121, 1},
    {"cast-u8-to-int64-shared", 0, 0, FUZZ_OPT_SHARED_BUFFER, U8, RANK(8), 0, 0x12121212, 2},
    {"cast-output-type-unknown", 0, 0, 0, F32, RANK(2), 0, 0x23, 1,
     .patches = {SET(FF_DATA_TYPE, 1, 0, 0)}},
};

const struct fuzz_op fuzz_op_cast = {DML_OPERATOR_CAST, generate_cast, build_cast,
                                     .seeds = cast_seeds, .seed_count = FUZZ_COUNT(cast_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

static IDMLOperator *make_cast(struct gr_build *b)
{
    DML_TENSOR_DATA_TYPE to = gr_pick_type(b->rng, 1u << gr_next(b->rng, 4));
    struct gr_view o = gr_write_view(b, to, b->in.rank, b->in.sizes);

    if (gr_elements(o.sizes, o.rank) * gr_type_size(to) > GR_MAX_BYTES)
        return NULL;
    DML_CAST_OPERATOR_DESC desc = {gr_tensor(b, &b->in), gr_output(b, 0, &o)};
    return gr_create(b->device, DML_OPERATOR_CAST, &desc);
}

const struct gr_op gr_op_cast = {.type = DML_OPERATOR_CAST,
                                 .name = "CAST",
                                 .draw = 8,
                                 .make = make_cast,
                                 .grows = true,
                                 .float64 = true};

#endif

/* TILE (datamove-family 8, FD6): the output is the input repeated Repeats[d] times along each dim
 * d. Its parts (op_part.h): the C reference, each output element from the desc; the validation
 * cases, every rule and the feature-level boundaries; the GPU random differential, seeded random
 * cases on the GPU and through plan_exec bit-exact against the reference, and golden plans; the
 * fuzz part, its builder, valid default and seeds for the fuzzer; the graph part, its maker for the
 * random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* TILE: out[c] = in[c mod InputTensor.Sizes]. */
#include "ref_internal.h"

static void tile_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_TILE_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

static void tile_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_TILE_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < in->DimensionCount; ++d)
        i[d] = c[d] % in->Sizes[d];
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_tile = {DML_OPERATOR_TILE, tile_tensors, NULL, tile_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* TILE (datamove-family 8, FD6): every rule and the feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define TILE DML_OPERATOR_TILE

struct tile_case
{
    struct vt_tensor in, out;
    UINT repeats[DML_MAX_RANK];
    DML_TILE_OPERATOR_DESC desc;
};

static struct tile_case c;

/* Input of the given sizes, output of sizes * repeats. */
static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, const UINT *repeats)
{
    UINT out_sizes[DML_MAX_RANK];
    memset(&c, 0, sizeof(c));
    for (UINT d = 0; d < rank; ++d)
    {
        c.repeats[d] = repeats[d];
        out_sizes[d] = sizes[d] * repeats[d];
    }
    vt_tensor_init(&c.in, type, rank, sizes);
    vt_tensor_init(&c.out, type, rank, out_sizes);
    c.desc = (DML_TILE_OPERATOR_DESC){&c.in.desc, &c.out.desc, rank, c.repeats};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4}, (UINT[]){2, 1, 3, 2});
}

/* Strided and broadcast input, permuted output: all accepted. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, TILE, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 3});
    vt_tensor_strides(&c.out, (UINT[]){1, 2, 4, 36});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, TILE, &c.desc);
}

/* TI-1: one DataType and DimensionCount (T10). */
static void ti_1_same_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 2, 2, 9, 8});
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void ti_2_repeats_count(void **state)
{
    seed();
    c.desc.RepeatsCount = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_2_REPEATS_COUNT);
    c.desc.RepeatsCount = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_2_REPEATS_COUNT);
    seed();
    c.desc.Repeats = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_DESC_ARRAY_NULL);
}

static void ti_3_repeats_zero(void **state)
{
    seed();
    c.repeats[2] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_3_REPEATS_ZERO);
}

/* TI-4 in 64 bits: Sizes * Repeats past 2^32 never wraps onto the output's size. */
static void ti_4_output_size(void **state)
{
    seed();
    c.repeats[3] = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_4_OUTPUT_SIZE);
    seed();
    c.repeats[1] = 0x80000001u; /* 2 * 0x80000001 wraps to 2 in 32 bits */
    VT_EXPECT_REJECT(VT_FL_MAX, TILE, &c.desc, DML_RULE_TI_4_OUTPUT_SIZE);
}

/* 4 dims of FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 1-8 dims at 3.1, 11 types (FD6) at 4.1. */
static void ti_feature_levels(void **state)
{
    const UINT twos[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        build(DML_TENSOR_DATA_TYPE_FLOAT16, rank, twos, twos);
        if (rank == 4)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, TILE, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, TILE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, TILE, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_UINT8, 4, twos, twos);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, TILE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, TILE, &c.desc);
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, twos, twos);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, TILE, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, TILE, &c.desc);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),           cmocka_unit_test(ti_1_same_type_rank),
    cmocka_unit_test(ti_2_repeats_count), cmocka_unit_test(ti_3_repeats_zero),
    cmocka_unit_test(ti_4_output_size),   cmocka_unit_test(ti_feature_levels),
};

VT_GROUP("tile", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* TILE on the GPU and through plan_exec, bit-exact against the C reference (reference/): seeded
 * random cases of every element size (all 11 types), rank 1-8, repeats 1-4, with permuted, gapped
 * and broadcast input strides and permuted or gapped output strides. Ranks past 4 with many tiled
 * dimensions exceed the plan's rank when every one is split, so they take the WRAP map too. */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "op_check.h"
#include "plan_exec.h"
#include "tensor.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 200

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

struct tile_case
{
    uint32_t rank, elem;
    uint32_t sizes[2][8], strides[2][8], repeats[8];
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC descs[2];
    DML_TILE_OPERATOR_DESC desc;
};

static void tensor(struct tile_case *tc, uint32_t t, DML_TENSOR_DATA_TYPE type, struct rng *rng)
{
    const uint32_t *sizes = tc->sizes[t];
    bool strided = op_check_strides(rng, tc->rank, sizes, t == 0, tc->strides[t]);
    if (!strided)
        for (uint32_t d = tc->rank, step = 1; d-- > 0; step *= sizes[d])
            tc->strides[t][d] = step;
    tc->buffers[t] = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, tc->rank, sizes, strided ? tc->strides[t] : NULL, 0, 0};
    tc->buffers[t].TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, tc->rank, sizes, tc->buffers[t].Strides);
    tc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &tc->buffers[t]};
}

static void generate(struct tile_case *tc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    memset(tc, 0, sizeof(*tc));
    tc->rank = rng_range(&rng, 1, 8);
    tc->elem = dml_data_type_size(type);
    for (uint32_t d = 0; d < tc->rank; ++d)
    {
        tc->sizes[0][d] = rng_range(&rng, 1, tc->rank > 4 ? 3 : 17);
        tc->repeats[d] = rng_range(&rng, 1, tc->rank > 4 ? 2 : 4);
        tc->sizes[1][d] = tc->sizes[0][d] * tc->repeats[d];
    }
    tensor(tc, 0, type, &rng);
    tensor(tc, 1, type, &rng);
    tc->desc = (DML_TILE_OPERATOR_DESC){&tc->descs[0], &tc->descs[1], tc->rank, tc->repeats};
}

static void describe(const struct tile_case *tc, uint64_t seed, const char *why)
{
    fprintf(stderr, "TILE seed %llu: %s\n  rank %u elem %u", (unsigned long long)seed, why,
            tc->rank, tc->elem);
    for (uint32_t t = 0; t < 2; ++t)
    {
        fprintf(stderr, "\n  %s sizes/strides", t ? "output" : "input");
        for (uint32_t d = 0; d < tc->rank; ++d)
            fprintf(stderr, " %u/%u", tc->sizes[t][d],
                    tc->buffers[t].Strides ? tc->strides[t][d] : 0);
    }
    fprintf(stderr, "\n");
}

/* Packed float32 tensors of these input sizes and repeats. */
static void packed(struct tile_case *tc, uint32_t rank, const uint32_t *sizes,
                   const uint32_t *repeats)
{
    memset(tc, 0, sizeof(*tc));
    tc->rank = rank;
    tc->elem = 4;
    for (uint32_t d = 0; d < rank; ++d)
    {
        tc->sizes[0][d] = sizes[d];
        tc->repeats[d] = repeats[d];
        tc->sizes[1][d] = sizes[d] * repeats[d];
    }
    for (uint32_t t = 0; t < 2; ++t)
    {
        tc->buffers[t] = (DML_BUFFER_TENSOR_DESC){
            DML_TENSOR_DATA_TYPE_FLOAT32, 0, rank, tc->sizes[t], NULL, 0, 0};
        tc->buffers[t].TotalTensorSizeInBytes =
            dml_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, rank, tc->sizes[t], NULL);
        tc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &tc->buffers[t]};
    }
    tc->desc = (DML_TILE_OPERATOR_DESC){&tc->descs[0], &tc->descs[1], rank, tc->repeats};
}

/* The plans lowering must give: tiling as broadcast dims (a plain copy kernel, rows of 16-byte
 * units), WRAP only where splitting every tiled dim would pass the plan's rank. */
static int golden(void)
{
    static const struct
    {
        uint32_t rank, sizes[8], repeats[8], kernel, elem_bytes;
    } expect[] = {
        {4, {2, 8, 4, 4}, {1, 1, 2, 2}, PLAN_KERNEL_COPY, 16}, /* the bench's x2 on H, W */
        {2, {3, 8}, {5, 1}, PLAN_KERNEL_COPY, 16},             /* whole rows repeated */
        {8, {2, 2, 2, 2, 2, 2, 2, 2}, {2, 2, 2, 2, 2, 2, 2, 2}, PLAN_KERNEL_PAD, 4}, /* WRAP */
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); ++i)
    {
        static struct tile_case tc;
        packed(&tc, expect[i].rank, expect[i].sizes, expect[i].repeats);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_TILE, &tc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK)
            return printf("golden %zu: rejected\n", i), failures + 1;
        HRESULT hr = dml_lower(&def, &plan);
        dml_op_def_cleanup(&def);
        if (FAILED(hr))
            return printf("golden %zu: not lowered\n", i), failures + 1;
        if (plan.kernel != expect[i].kernel || plan.elem_bytes != expect[i].elem_bytes)
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
    struct tile_case tc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 1, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&tc, seed);
        for (uint32_t t = 0; t < 2; ++t)
            op_check_alloc(&b, t, tc.buffers[t].TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_TILE, &tc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            describe(&tc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("TILE: %d of %d cases failed\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's TILE (fuzz_op.h): repeats 1-3 (1-2 above rank 3). */
#include "fuzz_op.h"

static void generate_tile(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        p->arrays[0][i] = 1 + fuzz_rng_below(rng, p->input.rank <= 3 ? 3 : 2);
        p->outputs[0].sizes[i] = p->input.sizes[i] * p->arrays[0][i];
    }
}

static void *build_tile(struct fuzz_decoder *d, const struct fuzz_params *p,
                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_TILE_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->RepeatsCount = fd_dimension_count(d, p);
    desc->Repeats = fd_desc_array(d, p, 0, desc->RepeatsCount);
    return desc;
}

/* Valid ones with options and layouts; a repeat of 0, RepeatsCount short, Repeats NULL. */
static const struct fuzz_seed tile_seeds[] = {
    {"tile-f16-rank4", 0, 0, 0, F16, RANK(4), 0, 0x3232, 1},
    {"tile-i8-rank7-shared-twice", 0, 0, FUZZ_OPT_SHARED_BUFFER | FUZZ_OPT_TWICE, I8, RANK(7),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x2121212, 2},
    {"tile-u64-rank2-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, U64, RANK(2), 0, 0x77, 3},
    {"tile-repeats-0", 0, 0, 0, F32, RANK(3), 0, 0x345, 4, .patches = {SET(FF_ARRAY, 0, 1, 0)}},
    {"tile-repeats-count-short", 0, 0, 0, F32, RANK(3), 0, 0x345, 4,
     .patches = {SET(FF_DESC_DIMENSION_COUNT, 0, 0, 2)}},
    {"tile-null-repeats", 0, 0, 0, F32, RANK(3), 0, 0x345, 4,
     .patches = {NULLPTR(FF_ARRAY_PTR, 0)}},
};

const struct fuzz_op fuzz_op_tile = {DML_OPERATOR_TILE, generate_tile, build_tile,
                                     .seeds = tile_seeds, .seed_count = FUZZ_COUNT(tile_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

static IDMLOperator *make_tile(struct gr_build *b)
{
    UINT repeats[GR_MAX_RANK];
    uint32_t out[GR_MAX_RANK];
    uint64_t count = gr_elements(b->in.sizes, b->in.rank);

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        repeats[d] = 1 + gr_next(b->rng, 3);
        if ((count * repeats[d]) * gr_type_size(b->in.type) > GR_MAX_BYTES)
            repeats[d] = 1;
        count *= repeats[d];
        out[d] = b->in.sizes[d] * repeats[d];
    }
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, out);
    DML_TILE_OPERATOR_DESC desc = {gr_tensor(b, &b->in), gr_output(b, 0, &o), b->in.rank, repeats};
    return gr_create(b->device, DML_OPERATOR_TILE, &desc);
}

const struct gr_op gr_op_tile = {
    .type = DML_OPERATOR_TILE, .name = "TILE", .draw = 7, .make = make_tile, .grows = true};

#endif

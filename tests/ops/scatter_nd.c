/* SCATTER_ND (datamove-family 7, FD5, FD7): the input with update blocks written where tuples of
 * indices name. Its parts (op_part.h): the C reference, each output element from the desc; the
 * validation cases, every rule, the documentation's examples and the feature-level boundaries; the
 * GPU random differential, seeded random cases on the GPU and through plan_exec bit-exact against
 * the reference, every index type with indices in range, negative, out of range and huge, also
 * through the whole API, many tuples naming one block; the fuzz part, its builder, valid default
 * and seeds for the fuzzer; the graph part, its maker for the random graph differential
 * (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* SCATTER_ND (datamove-family 7): output = input, then each update block written where its tuple of
 * indices names, in the updates' row-major order, so that the last update of an element wins; a
 * tuple with a component out of range after FD7's wrap is dropped. Element by element: output c
 * holds the last update that names it, or input[c]. */
#include <stdlib.h>
#include <string.h>

#include "ref_internal.h"

/* SCATTER_ND's dims (SC-3): the output's are {leading 1s, the k dims a tuple names, the trailing
 * ones}; the updates' {leading 1s, the tuple positions, the trailing ones}. */
struct nd_dims
{
    uint32_t rank, k, lead, positions, trailing, pad;
};

static struct nd_dims nd_dims_of(const DML_SCATTER_ND_OPERATOR_DESC *op)
{
    const DML_BUFFER_TENSOR_DESC *indices = op->IndicesTensor->Desc;
    struct nd_dims n = {0};
    n.rank = indices->DimensionCount;
    n.k = indices->Sizes[n.rank - 1];
    n.lead = n.rank - op->InputDimensionCount;
    n.positions = op->IndicesDimensionCount - 1;
    n.trailing = op->InputDimensionCount - n.k;
    n.pad = n.rank - n.positions - n.trailing;
    return n;
}

/* The output block (row-major over the k named dims) that tuple p names, or -1 when a component
 * is out of range. */
static int64_t nd_block(const DML_SCATTER_ND_OPERATOR_DESC *op, const struct nd_dims *n,
                        const void *indices, uint64_t p)
{
    const DML_BUFFER_TENSOR_DESC *ix = op->IndicesTensor->Desc, *output = op->OutputTensor->Desc;
    int64_t x[REF_MAX_RANK] = {0};
    int64_t block = 0;
    for (uint32_t j = n->positions; j-- > 0; p /= ix->Sizes[n->rank - 1 - n->positions + j])
    {
        uint32_t d = n->rank - 1 - n->positions + j;
        x[d] = (int64_t)(p % ix->Sizes[d]);
    }
    for (uint32_t j = 0; j < n->k; ++j)
    {
        const uint32_t size = output->Sizes[n->lead + j];
        x[n->rank - 1] = j;
        int64_t v = ref_index_wrap(ref_index(op->IndicesTensor, indices, x), size);
        if (v < 0 || v >= size)
            return -1;
        block = block * size + v;
    }
    return block;
}

/* state: for each output block, 1 + the last tuple that names it (0: none). */
static bool nd_output_init(struct ref_output *out)
{
    const DML_SCATTER_ND_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *ix = op->IndicesTensor->Desc, *output = op->OutputTensor->Desc;
    const struct nd_dims n = nd_dims_of(op);
    uint64_t blocks = 1, tuples = 1, *winners;
    for (uint32_t j = 0; j < n.k; ++j)
        blocks *= output->Sizes[n.lead + j];
    for (uint32_t j = 0; j < n.positions; ++j)
        tuples *= ix->Sizes[n.rank - 1 - n.positions + j];
    if (!(out->state = winners = calloc(blocks ? blocks : 1, sizeof(*winners))))
        return false;
    for (uint64_t p = 0; p < tuples; ++p)
    {
        int64_t block = nd_block(op, &n, out->inputs[1], p);
        if (block >= 0)
            winners[block] = p + 1;
    }
    return true;
}

static void nd_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SCATTER_ND_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, op->UpdatesTensor, op->OutputTensor, out);
}

static void nd_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SCATTER_ND_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *output = op->OutputTensor->Desc,
                                 *updates = op->UpdatesTensor->Desc;
    const struct nd_dims n = nd_dims_of(op);
    const uint64_t *winners = out->state;
    uint64_t p = winners[ref_row_major(&output->Sizes[n.lead], n.k, &c[n.lead])];
    int64_t u[REF_MAX_RANK] = {0};
    if (!p--)
    {
        ref_read(op->InputTensor, out->inputs[0], c, bytes);
        return;
    }
    for (uint32_t j = n.positions; j-- > 0; p /= updates->Sizes[n.pad + j])
        u[n.pad + j] = (int64_t)(p % updates->Sizes[n.pad + j]);
    for (uint32_t j = 0; j < n.trailing; ++j)
        u[n.pad + n.positions + j] = c[n.rank - n.trailing + j];
    ref_read(op->UpdatesTensor, out->inputs[2], u, bytes);
}

const struct ref_entry ref_scatter_nd = {DML_OPERATOR_SCATTER_ND, nd_tensors, nd_output_init,
                                         nd_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* SCATTER_ND (datamove-family 7, FD5, FD7): every rule, the documentation's examples and the
 * feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define SND DML_OPERATOR_SCATTER_ND

struct snd_case
{
    struct vt_tensor in, indices, updates, out;
    DML_SCATTER_ND_OPERATOR_DESC desc;
};

static struct snd_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, const UINT *updates, UINT input_dims,
                  UINT indices_dims)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.updates, type, rank, updates);
    vt_tensor_init(&c.out, type, rank, in);
    c.desc = (DML_SCATTER_ND_OPERATOR_DESC){&c.in.desc,  &c.indices.desc, &c.updates.desc,
                                            &c.out.desc, input_dims,      indices_dims};
}

/* The page's shape example: a {1, 2} array of 3-tuples into {3, 4, 5, 6, 7}. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){3, 4, 5, 6, 7},
          (UINT[]){1, 1, 1, 2, 3}, (UINT[]){1, 1, 2, 6, 7}, 5, 3);
}

static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
    /* The page's data example: {8} by {4, 1} with {4} updates (two dims here). */
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){1, 8},
          (UINT[]){4, 1}, (UINT[]){1, 4}, 1, 2);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0});
    vt_tensor_strides(&c.indices, (UINT[]){0, 1});
    vt_tensor_strides(&c.updates, (UINT[]){0, 3});
    vt_tensor_strides(&c.out, (UINT[]){1, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
}

/* SC-1: Input, Updates and Output of one DataType; all four of one DimensionCount. */
static void sc_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_UINT32);
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 6, 7});
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void sc_3_output_size(void **state)
{
    seed();
    c.out.sizes[1] = 5;
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_OUTPUT_SIZE);
}

/* FD5: the closed ranges [1, DimensionCount] (the page's half-open ones reject its own example). */
static void sc_3_counts(void **state)
{
    static const UINT bad[] = {0, 6};
    for (size_t i = 0; i < VT_COUNT(bad); ++i)
    {
        seed();
        c.desc.InputDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_DIMENSION_COUNTS);
        seed();
        c.desc.IndicesDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_DIMENSION_COUNTS);
    }
}

static void sc_3_leading_ones(void **state)
{
    seed();
    c.desc.InputDimensionCount = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_LEADING_ONES);
}

static void sc_3_tuple(void **state)
{
    seed();
    c.desc.InputDimensionCount = 2; /* 3-tuples into 2 meaningful dims */
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_TUPLE_SIZE);
}

static void sc_3_updates(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){2, 3, 4},
          (UINT[]){5, 6, 1}, (UINT[]){5, 6, 3}, 3, 3);
    VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_UPDATES_RANK);
    for (UINT d = 0; d < 5; ++d)
    {
        seed();
        c.updates.sizes[d] += 1;
        vt_tensor_strides(&c.updates, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, SND, &c.desc, DML_RULE_SC_3_UPDATES_SIZE);
    }
}

/* 4 dims of 8 types and UINT32 indices from 2.1, 1-8 dims and IDX at 3.0, 11 types at 4.1. */
static void sc_nd_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 4, 5},
          (UINT[]){1, 1, 3, 1}, (UINT[]){1, 1, 3, 5}, 2, 2);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SND, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SND, &c.desc);
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SND, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SND, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT64);
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_INT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, SND, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, SND, &c.desc);
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SND, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
}

static void validate_counts(void *arg)
{
    seed();
    c.desc.IndicesDimensionCount = 6;
    vt_validate(VT_FL_MAX, SND, &c.desc, NULL, NULL);
}

static void sc_nd_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_counts, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SCATTER_ND: rule SC-3/FD5 dimension "
                        "counts: IndicesDimensionCount is 6; allowed: 1..5 (the DimensionCount, "
                        "FD5)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(sc_1_type_rank),
    cmocka_unit_test(sc_3_output_size),  cmocka_unit_test(sc_3_counts),
    cmocka_unit_test(sc_3_leading_ones), cmocka_unit_test(sc_3_tuple),
    cmocka_unit_test(sc_3_updates),      cmocka_unit_test(sc_nd_feature_levels),
    cmocka_unit_test(sc_nd_debug_line),
};

VT_GROUP("scatter_nd", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* SCATTER_ND (datamove-family 7, FD5, FD7) on the GPU and through plan_exec, bit-exact against the
 * C reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank
 * 1-8, every InputDimensionCount, IndicesDimensionCount and tuple size the rules allow, with
 * permuted, gapped and broadcast input, indices and updates and permuted or gapped outputs, tuple
 * components in range, negative, out of range and huge, and many tuples naming one block (the last
 * in the updates' order wins, on every run); every 4th case also through the whole API, as an
 * operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "lower.h"
#include "op_check.h"
#include "plan_exec.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 300

struct nd_case
{
    uint32_t rank, input_dims, indices_dims, tuple;
    struct index_case_tensor input, indices, updates, output;
    DML_SCATTER_ND_OPERATOR_DESC desc;
};

static void generate(struct nd_case *nc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in[8], ix[8], up[8], max;

    memset(nc, 0, sizeof(*nc));
    nc->rank = rng_range(&rng, 1, 8);
    do
    {
        nc->input_dims = rng_range(&rng, 1, nc->rank);
        nc->indices_dims = rng_range(&rng, 1, nc->rank);
        nc->tuple = rng_range(&rng, 1, nc->input_dims);
    } while (nc->indices_dims - 1 + nc->input_dims - nc->tuple > nc->rank);
    max = nc->rank > 4 ? 3 : 6;
    const uint32_t rank = nc->rank, positions = nc->indices_dims - 1;
    const uint32_t trailing = nc->input_dims - nc->tuple, pad = rank - positions - trailing;
    for (uint32_t d = 0; d < rank; ++d)
    {
        in[d] = d < rank - nc->input_dims ? 1 : rng_range(&rng, 1, max);
        ix[d] = d < rank - nc->indices_dims ? 1 : rng_range(&rng, 1, max);
        up[d] = 1;
    }
    ix[rank - 1] = nc->tuple;
    for (uint32_t j = 0; j < positions; ++j)
        up[pad + j] = ix[rank - nc->indices_dims + j];
    for (uint32_t j = 0; j < trailing; ++j)
        up[pad + positions + j] = in[rank - trailing + j];
    index_case_tensor(&nc->input, type, rank, in, true, true, &rng);
    index_case_tensor(&nc->indices, index_type, rank, ix, true, true, &rng);
    index_case_tensor(&nc->updates, type, rank, up, true, true, &rng);
    index_case_tensor(&nc->output, type, rank, in, true, false, &rng);
    nc->desc =
        (DML_SCATTER_ND_OPERATOR_DESC){&nc->input.desc,  &nc->indices.desc, &nc->updates.desc,
                                       &nc->output.desc, nc->input_dims,    nc->indices_dims};
}

/* How many tuples the indices hold, and how many blocks of the output they can name. */
static uint64_t tuples(const struct nd_case *nc)
{
    return index_case_count(nc->rank, nc->indices.sizes) / nc->tuple;
}

static uint64_t blocks(const struct nd_case *nc)
{
    return index_case_count(nc->tuple, &nc->output.sizes[nc->rank - nc->input_dims]);
}

static void describe(const struct nd_case *nc, uint64_t seed, const char *why)
{
    fprintf(stderr, "SCATTER_ND seed %llu: %s\n  rank %u input dims %u indices dims %u tuple %u\n",
            (unsigned long long)seed, why, nc->rank, nc->input_dims, nc->indices_dims, nc->tuple);
    index_case_describe("input", &nc->input);
    index_case_describe("indices", &nc->indices);
    index_case_describe("updates", &nc->updates);
    index_case_describe("output", &nc->output);
}

/* A cache update, {8, 64} float32 rows by 3 row tuples: a plain copy, then CLEAR and CLAIM over
 * the 3 tuples, and WRITE moving rows in 16-byte units with one claim word per unit of the
 * output (8 * 64 * 4 / 16 words). */
static int golden(void)
{
    static struct nd_case nc;
    struct rng rng = rng_seeded(1);
    const uint32_t rows[2] = {8, 64}, ix[2] = {3, 1}, up[2] = {3, 64};
    static const uint32_t kernels[4] = {PLAN_KERNEL_COPY, PLAN_KERNEL_SCATTER, PLAN_KERNEL_SCATTER,
                                        PLAN_KERNEL_SCATTER};
    static const uint32_t modes[4] = {PLAN_INDEX_NONE, PLAN_INDEX_SCATTER_CLEAR,
                                      PLAN_INDEX_SCATTER_CLAIM, PLAN_INDEX_SCATTER_WRITE};
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_lower_steps steps;
    struct dml_op_def def;
    int failures = 0;

    index_case_tensor(&nc.input, DML_TENSOR_DATA_TYPE_FLOAT32, 2, rows, false, false, &rng);
    index_case_tensor(&nc.indices, DML_TENSOR_DATA_TYPE_INT64, 2, ix, false, false, &rng);
    index_case_tensor(&nc.updates, DML_TENSOR_DATA_TYPE_FLOAT32, 2, up, false, false, &rng);
    index_case_tensor(&nc.output, DML_TENSOR_DATA_TYPE_FLOAT32, 2, rows, false, false, &rng);
    nc.desc = (DML_SCATTER_ND_OPERATOR_DESC){
        &nc.input.desc, &nc.indices.desc, &nc.updates.desc, &nc.output.desc, 2, 2};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SCATTER_ND, &nc.desc};
    if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower_steps(&def, &steps)))
        return printf("golden: cache update rejected or not lowered\n"), 1;
    dml_op_def_cleanup(&def);
    failures += steps.count != 4 || steps.scratch_bytes != 8 * 64 * 4 / 16 * 4;
    for (uint32_t i = 0; i < steps.count && i < 4; ++i)
        failures +=
            steps.steps[i].plan.kernel != kernels[i] || steps.steps[i].plan.index.mode != modes[i];
    failures += steps.steps[1].plan.count != 3 || steps.steps[3].plan.elem_bytes != 16 ||
                steps.steps[3].plan.count != 3 * 16 || steps.steps[3].plan.index.slice_rank != 1;
    if (failures)
    {
        printf("golden: unexpected cache update steps (scratch %llu bytes)\n",
               (unsigned long long)steps.scratch_bytes);
        for (uint32_t i = 0; i < steps.count; ++i)
            plan_describe(stdout, &steps.steps[i].plan);
    }
    dml_lower_steps_cleanup(&steps);
    return failures != 0;
}

static struct nd_case random_case;
static int duplicates;

static void prepare(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc)
{
    uint32_t extents[8];
    generate(&random_case, seed);
    for (uint32_t j = 0; j < random_case.tuple; ++j)
        extents[j] = random_case.input.sizes[random_case.rank - random_case.input_dims + j];
    index_case_buffers(
        b,
        (const struct index_case_tensor *const[]){&random_case.input, &random_case.indices,
                                                  &random_case.updates, &random_case.output},
        3, 1, extents, random_case.tuple, rng);
    duplicates += tuples(&random_case) > blocks(&random_case);
    *desc = (DML_OPERATOR_DESC){DML_OPERATOR_SCATTER_ND, &random_case.desc};
}

static void report(uint64_t seed, const char *why)
{
    describe(&random_case, seed, why);
}

int main(void)
{
    static const struct op_check_cases cases = {"SCATTER_ND", CASES, 4, 1, prepare, report};
    int failures = golden() + op_check_cases_run(&cases);
    printf("SCATTER_ND: %d of them with more tuples than blocks\n", duplicates);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's SCATTER_ND (fuzz_op.h): counts the ND rules allow (FD5) and their shapes (fp_nd),
 * the output the input's. */
#include "fuzz_op.h"

static void generate_scatter_nd(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    fp_nd(p, rng, false, true);
}

static void *build_scatter_nd(struct fuzz_decoder *d, const struct fuzz_params *p,
                              DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SCATTER_ND_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[3] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 3, 1u << 1, in, c);
    *desc = (DML_SCATTER_ND_OPERATOR_DESC){
        in[0], in[1], in[2], c->outputs, fd_index_count(d, p, 0), fd_index_count(d, p, 1)};
    return desc;
}

/* Valid ones with options and layouts; InputDimensionCount 0. */
static const struct fuzz_seed scatter_nd_seeds[] = {
    {"scatter-nd-u8-rank4-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, U8, RANK(4), 0, 0x3434, 1},
    {"scatter-nd-f32-rank2-shared-twice", 0, 0, FUZZ_OPT_SHARED_BUFFER | FUZZ_OPT_TWICE, F32,
     RANK(2), 0, 0x97, 2},
    {"scatter-nd-i64-rank6-reversed", 0, 0, 0, I64, RANK(6), STRIDES(FUZZ_STRIDES_REVERSED, 0),
     0x212121, 3},
    {"scatter-nd-count-0-rejected", 0, 0, 0, F32, RANK(2), 0, 0x44, 4,
     .patches = {SET(FF_INDEX_COUNT, 0, 0, 0)}},
};

const struct fuzz_op fuzz_op_scatter_nd = {DML_OPERATOR_SCATTER_ND, generate_scatter_nd,
                                           build_scatter_nd, .seeds = scatter_nd_seeds,
                                           .seed_count = FUZZ_COUNT(scatter_nd_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

static IDMLOperator *make_scatter_nd(struct gr_build *b)
{
    uint32_t r = b->in.rank, q, isz[GR_MAX_RANK], usz[GR_MAX_RANK];

    gr_nd_shapes(b, &q, isz, usz);
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in);
    const DML_TENSOR_DESC *indices = gr_extra_input(b, 1, gr_pick_index_type(b->rng), r, isz);
    const DML_TENSOR_DESC *updates = indices ? gr_extra_input(b, 2, b->in.type, r, usz) : NULL;
    if (!updates)
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, r, b->in.sizes);
    DML_SCATTER_ND_OPERATOR_DESC desc = {in, indices,       updates, gr_output(b, 0, &o),
                                         r,  r == 1 ? 1 : 2};
    return gr_create(b->device, DML_OPERATOR_SCATTER_ND, &desc);
}

const struct gr_op gr_op_scatter_nd = {
    .type = DML_OPERATOR_SCATTER_ND, .name = "SCATTER_ND", .draw = 17, .make = make_scatter_nd};

#endif

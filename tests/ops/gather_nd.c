/* GATHER_ND and GATHER_ND1 (datamove-family 5, FD5, FD7): input blocks picked by tuples of indices,
 * GATHER_ND1 per batch. Its parts (op_part.h): the C reference, each output element from the desc;
 * the validation cases, every rule, the documentation's examples and the feature-level boundaries;
 * the GPU random differential, seeded random cases on the GPU and through plan_exec bit-exact
 * against the reference, every index type with indices in range, negative, out of range and huge,
 * also through the whole API; the fuzz part, its builder, valid default and seeds for the fuzzer;
 * the graph part, its maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* GATHER_ND and GATHER_ND1 (datamove-family 5): each output element is one input element, at the
 * coordinates that a tuple of the index tensor gives along the dims after the batches; an index is
 * read as FD7 says (a negative one counted once from the end, then clamped into the axis). */
#include "ref_internal.h"

/* GATHER_ND's fields, GATHER_ND1's with BatchDimensionCount (0 for GATHER_ND). */
struct nd
{
    const DML_TENSOR_DESC *input, *indices;
    uint32_t input_dims, indices_dims, batches;
};

/* output[batch, ...] = input[batch, indices[batch, ...], ...] (GN-5): the output coordinate is
 * {leading zeros, b (batches), p (tuple positions), t (the input's trailing dims)}; the input
 * coordinate is {zeros, b, the k components of indices[zeros, b, p, 0..k), t}. */
static void nd_element(const struct nd *op, const void *const *inputs, const int64_t *c,
                       void *bytes)
{
    const DML_BUFFER_TENSOR_DESC *in = op->input->Desc, *ix = op->indices->Desc;
    const uint32_t rank = in->DimensionCount, k = ix->Sizes[rank - 1];
    const uint32_t trailing = op->input_dims - op->batches - k, positions = op->indices_dims - 1;
    const uint32_t pad = rank - positions - trailing;
    int64_t i[REF_MAX_RANK] = {0}, x[REF_MAX_RANK] = {0};
    for (uint32_t j = 0; j < op->batches; ++j)
        i[rank - op->input_dims + j] = c[pad + j];
    for (uint32_t j = 0; j < positions; ++j)
        x[rank - op->indices_dims + j] = c[pad + j];
    for (uint32_t j = 0; j < trailing; ++j)
        i[rank - trailing + j] = c[pad + positions + j];
    for (uint32_t j = 0; j < k; ++j)
    {
        uint32_t d = rank - op->input_dims + op->batches + j;
        x[rank - 1] = j;
        i[d] = ref_index_clamp(ref_index(op->indices, inputs[1], x), in->Sizes[d]);
    }
    ref_read(op->input, inputs[0], i, bytes);
}

static void nd_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_ND_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

static void gather_nd_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_ND_OPERATOR_DESC *op = out->desc;
    const struct nd nd = {op->InputTensor, op->IndicesTensor, op->InputDimensionCount,
                          op->IndicesDimensionCount, 0};
    nd_element(&nd, out->inputs, c, bytes);
}

const struct ref_entry ref_gather_nd = {DML_OPERATOR_GATHER_ND, nd_tensors, NULL,
                                        gather_nd_element};

static void nd1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_ND1_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

static void gather_nd1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_ND1_OPERATOR_DESC *op = out->desc;
    const struct nd nd = {op->InputTensor, op->IndicesTensor, op->InputDimensionCount,
                          op->IndicesDimensionCount, op->BatchDimensionCount};
    nd_element(&nd, out->inputs, c, bytes);
}

const struct ref_entry ref_gather_nd1 = {DML_OPERATOR_GATHER_ND1, nd1_tensors, NULL,
                                         gather_nd1_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* GATHER_ND and GATHER_ND1 (datamove-family 5, FD5, FD7): every rule, the documentation's
 * examples and the feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define ND DML_OPERATOR_GATHER_ND
#define ND1 DML_OPERATOR_GATHER_ND1

struct nd_case
{
    struct vt_tensor in, indices, out;
    DML_GATHER_ND_OPERATOR_DESC desc;
    DML_GATHER_ND1_OPERATOR_DESC desc1;
};

static struct nd_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, const UINT *out, UINT input_dims,
                  UINT indices_dims, UINT batch_dims)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.out, type, rank, out);
    c.desc = (DML_GATHER_ND_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc, input_dims,
                                           indices_dims};
    c.desc1 = (DML_GATHER_ND1_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc,
                                             input_dims, indices_dims,    batch_dims};
}

/* The GATHER_ND page's example: a {1, 2} array of 3-tuples into {3, 4, 5, 6, 7}. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){3, 4, 5, 6, 7},
          (UINT[]){1, 1, 1, 2, 3}, (UINT[]){1, 1, 2, 6, 7}, 5, 3, 0);
}

/* ND1's example 2: 3 batches, each a 3x2 array of 2-tuples into 2x2 matrices. */
static void seed_batches(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 3, 2, 2},
          (UINT[]){1, 3, 2, 2}, (UINT[]){1, 1, 3, 2}, 3, 3, 1);
}

static void examples(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    seed_batches();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){2, 2},
          (UINT[]){2, 1}, (UINT[]){2, 2}, 2, 2, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 1});
    vt_tensor_strides(&c.indices, (UINT[]){0, 3});
    vt_tensor_strides(&c.out, (UINT[]){1, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
}

/* GN-1: one DataType for input and output, one DimensionCount for all three. */
static void gn_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT32);
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

/* GN-2, FD5: both counts in [1, DimensionCount]; the dims before them must be 1. */
static void gn_2_counts(void **state)
{
    static const UINT bad[] = {0, 6};
    for (size_t i = 0; i < VT_COUNT(bad); ++i)
    {
        seed();
        c.desc.InputDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_2_DIMENSION_COUNTS);
        seed();
        c.desc1.IndicesDimensionCount = bad[i];
        VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_2_DIMENSION_COUNTS);
    }
    seed(); /* the example with IndicesDimensionCount 5: its leading ones then count as tuple
             * positions, which with the input's two trailing dims need 6 output dims */
    c.desc.IndicesDimensionCount = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_5_OUTPUT_RANK);
}

static void gn_2_leading_ones(void **state)
{
    seed();
    c.desc.InputDimensionCount = 4; /* input dim 0 (3) is then a leading dim */
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_2_LEADING_ONES);
    seed();
    c.indices.sizes[1] = 2;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_2_LEADING_ONES);
}

/* GN-3: the batches come before the input's and the indices' meaningful dims, sized alike. */
static void gn_3_batches(void **state)
{
    seed_batches();
    c.desc1.BatchDimensionCount = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_3_BATCH_DIMENSIONS);
    seed_batches();
    c.desc1.IndicesDimensionCount = 1;
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_3_BATCH_DIMENSIONS);
    seed_batches();
    c.in.sizes[1] = 4;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_3_BATCH_SIZE);
}

/* GN-4: the tuple indexes at most the meaningful input dims after the batches. */
static void gn_4_tuple_size(void **state)
{
    seed_batches();
    c.indices.sizes[3] = 3;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ND1, &c.desc1, DML_RULE_GN_4_TUPLE_SIZE);
}

/* GN-5: the output's meaningful dims fit, and are the documented ones. */
static void gn_5_output(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){2, 3, 4},
          (UINT[]){5, 6, 1}, (UINT[]){5, 6, 3}, 3, 3, 0);
    VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_5_OUTPUT_RANK);
    for (UINT d = 0; d < 5; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, ND, &c.desc, DML_RULE_GN_5_OUTPUT_SIZE);
    }
}

/* ND: 4 dims of 8 types and UINT32 indices from 2.1, 1-8 dims and IDX at 3.0, 11 types at 4.1;
 * ND1 from 3.0. */
static void gn_feature_levels(void **state)
{
    build(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 4, 5},
          (UINT[]){1, 1, 3, 1}, (UINT[]){1, 1, 3, 5}, 2, 2, 0);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, ND, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, ND, &c.desc);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ND1, &c.desc1, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND1, &c.desc1);
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ND, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ND, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, ND1, &c.desc1, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, ND1, &c.desc1);
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ND, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
}

static void validate_tuple(void *arg)
{
    seed_batches();
    c.indices.sizes[3] = 3;
    vt_tensor_strides(&c.indices, NULL);
    vt_validate(VT_FL_MAX, ND1, &c.desc1, NULL, NULL);
}

static void gn_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_tuple, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER_ND1: rule GN-4 index tuple size: "
                        "IndicesTensor.Sizes[3] (the index tuple's size) is 3; allowed: 1..2 "
                        "(InputDimensionCount - BatchDimensionCount)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),      cmocka_unit_test(gn_1_type_rank),
    cmocka_unit_test(gn_2_counts),   cmocka_unit_test(gn_2_leading_ones),
    cmocka_unit_test(gn_3_batches),  cmocka_unit_test(gn_4_tuple_size),
    cmocka_unit_test(gn_5_output),   cmocka_unit_test(gn_feature_levels),
    cmocka_unit_test(gn_debug_line),
};

VT_GROUP("gather_nd", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* GATHER_ND and GATHER_ND1 (datamove-family 5, FD5, FD7) on the GPU and through plan_exec,
 * bit-exact against the C reference (reference/): seeded random cases of all 11 data types and the
 * 4 index types, rank 1-8, every InputDimensionCount, IndicesDimensionCount, BatchDimensionCount
 * and tuple size the rules allow, with permuted, gapped and broadcast input and indices and
 * permuted or gapped outputs, tuple components in range, negative, out of range and huge; every 8th
 * case also through the whole API, as an operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct nd_case
{
    uint32_t rank, input_dims, indices_dims, batch_dims, tuple;
    struct index_case_tensor input, indices, output;
    DML_GATHER_ND_OPERATOR_DESC desc;
    DML_GATHER_ND1_OPERATOR_DESC desc1;
    bool v1;
};

/* Counts the rules allow: B < p, q; 1 <= k <= p - B; q - 1 + p - B - k <= rank. */
static void draw_counts(struct nd_case *nc, struct rng *rng)
{
    uint32_t rank = nc->rank;

    do
    {
        nc->input_dims = rng_range(rng, 1, rank);
        nc->indices_dims = rng_range(rng, 1, rank);
        nc->batch_dims = nc->v1
                             ? rng_below(rng, nc->input_dims < nc->indices_dims ? nc->input_dims
                                                                                : nc->indices_dims)
                             : 0;
        nc->tuple = rng_range(rng, 1, nc->input_dims - nc->batch_dims);
    } while (nc->indices_dims - 1 + nc->input_dims - nc->batch_dims - nc->tuple > rank);
}

static void generate(struct nd_case *nc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in[8], ix[8], out[8], max;

    memset(nc, 0, sizeof(*nc));
    nc->v1 = seed % 2;
    nc->rank = rng_range(&rng, 1, 8);
    draw_counts(nc, &rng);
    max = nc->rank > 4 ? 3 : 6;
    const uint32_t rank = nc->rank, batches = nc->batch_dims;
    const uint32_t trailing = nc->input_dims - batches - nc->tuple;
    const uint32_t positions = nc->indices_dims - 1, pad = rank - positions - trailing;
    for (uint32_t d = 0; d < rank; ++d)
    {
        in[d] = d < rank - nc->input_dims ? 1 : rng_range(&rng, 1, max);
        ix[d] = d < rank - nc->indices_dims ? 1 : rng_range(&rng, 1, max);
        out[d] = 1;
    }
    ix[rank - 1] = nc->tuple;
    for (uint32_t j = 0; j < batches; ++j)
        ix[rank - nc->indices_dims + j] = in[rank - nc->input_dims + j];
    for (uint32_t j = 0; j < positions; ++j)
        out[pad + j] = ix[rank - nc->indices_dims + j];
    for (uint32_t j = 0; j < trailing; ++j)
        out[pad + positions + j] = in[rank - trailing + j];
    index_case_tensor(&nc->input, type, rank, in, true, true, &rng);
    index_case_tensor(&nc->indices, index_type, rank, ix, true, true, &rng);
    index_case_tensor(&nc->output, type, rank, out, true, false, &rng);
    nc->desc = (DML_GATHER_ND_OPERATOR_DESC){&nc->input.desc, &nc->indices.desc, &nc->output.desc,
                                             nc->input_dims, nc->indices_dims};
    nc->desc1 = (DML_GATHER_ND1_OPERATOR_DESC){&nc->input.desc, &nc->indices.desc, &nc->output.desc,
                                               nc->input_dims,  nc->indices_dims,  nc->batch_dims};
}

static void describe(const struct nd_case *nc, uint64_t seed, const char *why)
{
    fprintf(stderr,
            "GATHER_ND%s seed %llu: %s\n  rank %u input dims %u indices dims %u batch dims %u "
            "tuple %u\n",
            nc->v1 ? "1" : "", (unsigned long long)seed, why, nc->rank, nc->input_dims,
            nc->indices_dims, nc->batch_dims, nc->tuple);
    index_case_describe("input", &nc->input);
    index_case_describe("indices", &nc->indices);
    index_case_describe("output", &nc->output);
}

static struct nd_case random_case;

static void prepare(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc)
{
    uint32_t extents[8];
    generate(&random_case, seed);
    for (uint32_t j = 0; j < random_case.tuple; ++j)
        extents[j] =
            random_case.input
                .sizes[random_case.rank - random_case.input_dims + random_case.batch_dims + j];
    index_case_buffers(b,
                       (const struct index_case_tensor *const[]){
                           &random_case.input, &random_case.indices, &random_case.output},
                       2, 1, extents, random_case.tuple, rng);
    *desc =
        (DML_OPERATOR_DESC){random_case.v1 ? DML_OPERATOR_GATHER_ND1 : DML_OPERATOR_GATHER_ND,
                            random_case.v1 ? (const void *)&random_case.desc1 : &random_case.desc};
}

static void report(uint64_t seed, const char *why)
{
    describe(&random_case, seed, why);
}

int main(void)
{
    static const struct op_check_cases cases = {
        "GATHER_ND, GATHER_ND1", CASES, 8, 2, prepare, report};
    int failures = op_check_cases_run(&cases);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's GATHER_ND and GATHER_ND1 (fuzz_op.h): counts the ND rules allow (FD5), GATHER_ND1's
 * with batches, and their shapes (fp_nd). */
#include "fuzz_op.h"

static void generate_gather_nd(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    fp_nd(p, rng, p->type == DML_OPERATOR_GATHER_ND1, false);
}

/* GATHER_ND's desc is GATHER_ND1's without BatchDimensionCount (its allocation too, so that
 * reading it is an overflow). */
static void *build_gather_nd(struct fuzz_decoder *d, const struct fuzz_params *p,
                             DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    const bool v1 = p->type == DML_OPERATOR_GATHER_ND1;
    DML_GATHER_ND1_OPERATOR_DESC *desc =
        fd_alloc(d, 1, v1 ? sizeof(*desc) : sizeof(DML_GATHER_ND_OPERATOR_DESC));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    desc->InputTensor = in[0];
    desc->IndicesTensor = in[1];
    desc->OutputTensor = c->outputs;
    desc->InputDimensionCount = fd_index_count(d, p, 0);
    desc->IndicesDimensionCount = fd_index_count(d, p, 1);
    if (v1)
        desc->BatchDimensionCount = fd_index_count(d, p, 2);
    return desc;
}

/* Valid ones with options and layouts; BatchDimensionCount 7. */
static const struct fuzz_seed gather_nd_seeds[] = {
    {"gather-nd-i64-rank3", 0, 0, 0, I64, RANK(3), 0, 0x537, 1},
    {"gather-nd-u16-rank5-volatile", 0, 0, FUZZ_OPT_VOLATILE, U16, RANK(5),
     STRIDES(FUZZ_STRIDES_PADDED, 0), 0x21212, 2},
};

static const struct fuzz_seed gather_nd1_seeds[] = {
    {"gather-nd1-f64-rank5-broadcast", 0, 0, 0, F64, RANK(5), STRIDES(FUZZ_STRIDES_BROADCAST, 0),
     0x21212, 3},
    {"gather-nd1-f32-rank4-shared", 0, 0, FUZZ_OPT_SHARED_BUFFER, F32, RANK(4), 0, 0x3333, 4},
    {"gather-nd1-batches-7-rejected", 0, 0, 0, F32, RANK(3), 0, 0x333, 5,
     .patches = {SET(FF_INDEX_COUNT, 2, 0, 7)}},
};

const struct fuzz_op fuzz_op_gather_nd = {DML_OPERATOR_GATHER_ND, generate_gather_nd,
                                          build_gather_nd, .seeds = gather_nd_seeds,
                                          .seed_count = FUZZ_COUNT(gather_nd_seeds)};
const struct fuzz_op fuzz_op_gather_nd1 = {DML_OPERATOR_GATHER_ND1, generate_gather_nd,
                                           build_gather_nd, .seeds = gather_nd1_seeds,
                                           .seed_count = FUZZ_COUNT(gather_nd1_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* GATHER_ND or GATHER_ND1 (BatchDimensionCount 0). */
static IDMLOperator *make_gather_nd(struct gr_build *b)
{
    bool v1 = b->node->type == DML_OPERATOR_GATHER_ND1;
    uint32_t r = b->in.rank, q, isz[GR_MAX_RANK], out[GR_MAX_RANK];

    gr_nd_shapes(b, &q, isz, out);
    if (!gr_fits(b->in.type, r, out))
        return NULL;
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in);
    const DML_TENSOR_DESC *indices = gr_extra_input(b, 1, gr_pick_index_type(b->rng), r, isz);
    if (!indices)
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, r, out);
    UINT indices_dims = r == 1 ? 1 : 2;
    DML_GATHER_ND1_OPERATOR_DESC desc = {in, indices, gr_output(b, 0, &o), r, indices_dims, 0};
    if (v1)
        return gr_create(b->device, DML_OPERATOR_GATHER_ND1, &desc);
    DML_GATHER_ND_OPERATOR_DESC desc0 = {in, indices, desc.OutputTensor, r, indices_dims};
    return gr_create(b->device, DML_OPERATOR_GATHER_ND, &desc0);
}

const struct gr_op gr_op_gather_nd = {.type = DML_OPERATOR_GATHER_ND,
                                      .name = "GATHER_ND",
                                      .draw = 15,
                                      .make = make_gather_nd,
                                      .grows = true};

const struct gr_op gr_op_gather_nd1 = {.type = DML_OPERATOR_GATHER_ND1,
                                       .name = "GATHER_ND1",
                                       .draw = 16,
                                       .make = make_gather_nd,
                                       .grows = true};

#endif

/* REVERSE_SUBSEQUENCES (datamove-family 11, FD7): each sequence along Axis reversed over its first
 * SequenceLengths elements. Its parts (op_part.h): the C reference, each output element from the
 * desc; the validation cases, every rule, the documentation's examples and the feature-level
 * boundaries; the GPU random differential, seeded random cases on the GPU and through plan_exec
 * bit-exact against the reference, both length types, also through the whole API; the fuzz part,
 * its builder, valid default and seeds for the fuzzer; the graph part, its maker for the random
 * graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* REVERSE_SUBSEQUENCES (datamove-family 11): along Axis, out[i] = in[L - 1 - i] for i < L and
 * in[i] beyond, L the sequence's length clamped to the axis (RS-4, FD7). */
#include <string.h>

#include "ref_internal.h"

static void reverse_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->SequenceLengthsTensor, NULL, op->OutputTensor, out);
}

static void reverse_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    const uint32_t a = op->Axis;
    int64_t i[REF_MAX_RANK], x[REF_MAX_RANK];
    memcpy(i, c, sizeof(i));
    memcpy(x, c, sizeof(x));
    x[a] = 0;
    int64_t length = ref_index(op->SequenceLengthsTensor, out->inputs[1], x);
    if (length > in->Sizes[a])
        length = in->Sizes[a];
    if (c[a] < length)
        i[a] = length - 1 - c[a];
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_reverse_subsequences = {DML_OPERATOR_REVERSE_SUBSEQUENCES,
                                                   reverse_tensors, NULL, reverse_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* REVERSE_SUBSEQUENCES (datamove-family 11, FD7): every rule, the documentation's examples and the
 * feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define REVERSE DML_OPERATOR_REVERSE_SUBSEQUENCES

struct reverse_case
{
    struct vt_tensor in, lengths, out;
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC desc;
};

static struct reverse_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE length_type, UINT rank,
                  const UINT *in, const UINT *lengths, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.lengths, length_type, rank, lengths);
    vt_tensor_init(&c.out, type, rank, in);
    c.desc =
        (DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC){&c.in.desc, &c.lengths.desc, &c.out.desc, axis};
}

/* Example 1: {1, 1, 3, 4} reversed along axis 3 by {1, 1, 3, 1} lengths. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 4},
          (UINT[]){1, 1, 3, 1}, 3);
}

static void examples(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 4},
          (UINT[]){1, 1, 1, 4}, 2); /* example 2 */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 3});
    vt_tensor_strides(&c.lengths, (UINT[]){0, 0, 0, 0});
    vt_tensor_strides(&c.out, (UINT[]){12, 12, 4, 1});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc);
}

/* RS-1: one DataType for input and output, one DimensionCount for all three, equal sizes. */
static void rs_1(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.lengths, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 3, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_1_OUTPUT_SIZE);
    }
}

static void rs_2_lengths_size(void **state)
{
    seed();
    c.lengths.sizes[3] = 4;
    vt_tensor_strides(&c.lengths, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_2_LENGTHS_SIZE);
    seed();
    c.lengths.sizes[2] = 1;
    vt_tensor_strides(&c.lengths, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_2_LENGTHS_SIZE);
}

static void rs_3_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_RS_3_AXIS);
}

/* From 2.1: 4 dims of 8 types, UINT32 lengths; 3.0: 4-5 dims; 4.0: 1-8 dims; 5.0: 11 types and
 * UINT64 lengths. Signed lengths never. */
static void rs_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, REVERSE, &c.desc, DML_RULE_FL_OPERATOR);
    build(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){1, 1, 2, 3, 4},
          (UINT[]){1, 1, 2, 3, 1}, 4);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, REVERSE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, REVERSE, &c.desc);
    build(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 4}, (UINT[]){3, 1},
          1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_1, REVERSE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_0, REVERSE, &c.desc);
    vt_tensor_type(&c.lengths, DML_TENSOR_DATA_TYPE_UINT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, REVERSE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, REVERSE, &c.desc);
    vt_tensor_type(&c.lengths, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, REVERSE, &c.desc, DML_RULE_FL_DATA_TYPE);
    seed();
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, REVERSE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, REVERSE, &c.desc);
}

static void validate_lengths(void *arg)
{
    seed();
    c.lengths.sizes[3] = 4;
    vt_tensor_strides(&c.lengths, NULL);
    vt_validate(VT_FL_MAX, REVERSE, &c.desc, NULL, NULL);
}

static void rs_debug_line(void **state)
{
    assert_string_equal(
        vt_capture(validate_lengths, NULL, true),
        "[DIRECTML ERROR]: DML_OPERATOR_REVERSE_SUBSEQUENCES: rule RS-2 sequence "
        "lengths size: SequenceLengthsTensor.Sizes[3] is 4; allowed: 1 (along Axis)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),          cmocka_unit_test(rs_1),
    cmocka_unit_test(rs_2_lengths_size), cmocka_unit_test(rs_3_axis),
    cmocka_unit_test(rs_feature_levels), cmocka_unit_test(rs_debug_line),
};

VT_GROUP("reverse_subsequences", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* REVERSE_SUBSEQUENCES (datamove-family 11, FD7) on the GPU and through plan_exec, bit-exact
 * against the C reference (reference/): seeded random cases of all 11 data types and both length
 * types (UINT32, UINT64), rank 1-8, every Axis, with permuted, gapped and broadcast input and
 * lengths and permuted or gapped outputs, lengths 0, 1, within the axis, past it and huge; every
 * 8th case also through the whole API, as an operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct reverse_case
{
    uint32_t rank, axis;
    struct index_case_tensor input, lengths, output;
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC desc;
};

static void generate(struct reverse_case *rc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE length_type =
        (seed / 11) % 2 ? DML_TENSOR_DATA_TYPE_UINT64 : DML_TENSOR_DATA_TYPE_UINT32;
    uint32_t sizes[8], lengths[8], max;

    memset(rc, 0, sizeof(*rc));
    rc->rank = rng_range(&rng, 1, 8);
    rc->axis = rng_below(&rng, rc->rank);
    max = rc->rank > 4 ? 3 : 8;
    for (uint32_t d = 0; d < rc->rank; ++d)
        sizes[d] = lengths[d] = rng_range(&rng, 1, max);
    sizes[rc->axis] = rng_range(&rng, 1, max + 4);
    lengths[rc->axis] = 1;
    index_case_tensor(&rc->input, type, rc->rank, sizes, true, true, &rng);
    index_case_tensor(&rc->lengths, length_type, rc->rank, lengths, true, true, &rng);
    index_case_tensor(&rc->output, type, rc->rank, sizes, true, false, &rng);
    rc->desc = (DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC){&rc->input.desc, &rc->lengths.desc,
                                                        &rc->output.desc, rc->axis};
}

static void describe(const struct reverse_case *rc, uint64_t seed, const char *why)
{
    fprintf(stderr, "REVERSE_SUBSEQUENCES seed %llu: %s\n  rank %u axis %u\n",
            (unsigned long long)seed, why, rc->rank, rc->axis);
    index_case_describe("input", &rc->input);
    index_case_describe("lengths", &rc->lengths);
    index_case_describe("output", &rc->output);
}

static struct reverse_case random_case;

static void prepare(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc)
{
    generate(&random_case, seed);
    index_case_buffers(b,
                       (const struct index_case_tensor *const[]){
                           &random_case.input, &random_case.lengths, &random_case.output},
                       2, 1, &random_case.input.sizes[random_case.axis], 1, rng);
    *desc = (DML_OPERATOR_DESC){DML_OPERATOR_REVERSE_SUBSEQUENCES, &random_case.desc};
}

static void report(uint64_t seed, const char *why)
{
    describe(&random_case, seed, why);
}

int main(void)
{
    static const struct op_check_cases cases = {
        "REVERSE_SUBSEQUENCES", CASES, 8, 1, prepare, report};
    int failures = op_check_cases_run(&cases);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's REVERSE_SUBSEQUENCES (fuzz_op.h): lengths (UINT32 or UINT64) of 1 along Axis. */
#include "fuzz_op.h"

static void generate_reverse(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    p->index_type =
        fuzz_rng_below(rng, 2) ? DML_TENSOR_DATA_TYPE_UINT64 : DML_TENSOR_DATA_TYPE_UINT32;
    p->axis = fuzz_rng_below(rng, p->input.rank);
    p->input_count = 2;
    p->inputs[1] = p->input;
    p->inputs[1].sizes[p->axis] = 1;
}

static void *build_reverse(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    *desc = (DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC){in[0], in[1], c->outputs,
                                                     fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

static const struct fuzz_seed reverse_seeds[] = {
    {"reverse-subsequences-i64-rank5-padded", 0, 0, 0, I64, RANK(5),
     STRIDES(FUZZ_STRIDES_PADDED, FUZZ_STRIDES_REVERSED), 0x12321, 1},
    {"reverse-subsequences-u8-rank1-owned-twice", 0, 0, FUZZ_OPT_OWNED_INPUT | FUZZ_OPT_TWICE, U8,
     RANK(1), 0, 0xD, 2},
};

const struct fuzz_op fuzz_op_reverse_subsequences = {
    DML_OPERATOR_REVERSE_SUBSEQUENCES, generate_reverse, build_reverse, .seeds = reverse_seeds,
    .seed_count = FUZZ_COUNT(reverse_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include <string.h>

#include "gr_op.h"

static IDMLOperator *make_reverse(struct gr_build *b)
{
    uint32_t axis = gr_next(b->rng, b->in.rank), lsz[GR_MAX_RANK];
    DML_TENSOR_DATA_TYPE type =
        gr_next(b->rng, 2) ? DML_TENSOR_DATA_TYPE_UINT32 : DML_TENSOR_DATA_TYPE_UINT64;

    memcpy(lsz, b->in.sizes, sizeof(lsz));
    lsz[axis] = 1;
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in);
    const DML_TENSOR_DESC *lengths = gr_extra_input(b, 1, type, b->in.rank, lsz);
    if (!lengths)
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, b->in.sizes);
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC desc = {in, lengths, gr_output(b, 0, &o), axis};
    return gr_create(b->device, DML_OPERATOR_REVERSE_SUBSEQUENCES, &desc);
}

const struct gr_op gr_op_reverse_subsequences = {.type = DML_OPERATOR_REVERSE_SUBSEQUENCES,
                                                 .name = "REVERSE_SUBSEQUENCES",
                                                 .draw = 20,
                                                 .make = make_reverse};

#endif

/* ONE_HOT (datamove-family 12, FD7): OnValue at each sequence's index along Axis, OffValue
 * elsewhere. Its parts (op_part.h): the C reference, each output element from the desc; the
 * validation cases, every rule, the documentation's examples and the feature-level boundaries; the
 * GPU random differential, seeded random cases on the GPU and through plan_exec bit-exact against
 * the reference, every index type, also through the whole API; the fuzz part, its builder, valid
 * default and seeds for the fuzzer; the graph part, its maker for the random graph differential
 * (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* ONE_HOT (datamove-family 12): in every sequence along Axis, the element at the sequence's index
 * (a negative one counted once from the end) is OnValue, every other OffValue; an index out of
 * range leaves the whole sequence OffValue (FD7). OffValue is the values' element 0, OnValue
 * their element 1 along the fastest-changing dimension of size > 1 (OH-3). */
#include <string.h>

#include "ref_internal.h"

static void one_hot_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_ONE_HOT_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->IndicesTensor, op->ValuesTensor, NULL, op->OutputTensor, out);
}

static void one_hot_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_ONE_HOT_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *values = op->ValuesTensor->Desc, *output = op->OutputTensor->Desc;
    int64_t x[REF_MAX_RANK], v[REF_MAX_RANK] = {0};
    uint32_t d = values->DimensionCount - 1;
    memcpy(x, c, sizeof(x));
    x[op->Axis] = 0;
    int64_t index =
        ref_index_wrap(ref_index(op->IndicesTensor, out->inputs[0], x), output->Sizes[op->Axis]);
    while (d > 0 && values->Sizes[d] == 1)
        --d;
    v[d] = index == c[op->Axis];
    ref_read(op->ValuesTensor, out->inputs[1], v, bytes);
}

const struct ref_entry ref_one_hot = {DML_OPERATOR_ONE_HOT, one_hot_tensors, NULL, one_hot_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* ONE_HOT (datamove-family 12, FD7): every rule, the documentation's examples and the
 * feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define ONE_HOT DML_OPERATOR_ONE_HOT

struct one_hot_case
{
    struct vt_tensor indices, values, out;
    DML_ONE_HOT_OPERATOR_DESC desc;
};

static struct one_hot_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *indices, const UINT *values, const UINT *out, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.values, type, rank, values);
    vt_tensor_init(&c.out, type, rank, out);
    c.desc = (DML_ONE_HOT_OPERATOR_DESC){&c.indices.desc, &c.values.desc, &c.out.desc, axis};
}

/* Example 1: {1, 1, 3, 1} indices, {1, 1, 1, 2} values, {1, 1, 3, 4} output along axis 3. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 1},
          (UINT[]){1, 1, 1, 2}, (UINT[]){1, 1, 3, 4}, 3);
}

static void examples(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 1, 4},
          (UINT[]){1, 1, 1, 2}, (UINT[]){1, 1, 3, 4}, 2); /* example 2 */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 1},
          (UINT[]){1, 1, 3, 1}, (UINT[]){1, 1, 3, 4}, 3); /* example 3 */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT32, 4, (UINT[]){1, 1, 3, 1},
          (UINT[]){1, 1, 1, 2}, (UINT[]){1, 1, 3, 4}, 3); /* example 4: signed from 3.0 */
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ONE_HOT, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ONE_HOT, &c.desc);
    vt_tensor_strides(&c.indices, (UINT[]){0, 0, 0, 0});
    vt_tensor_strides(&c.values, (UINT[]){0, 0, 0, 5});
    vt_tensor_strides(&c.out, (UINT[]){0, 0, 1, 3});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ONE_HOT, &c.desc);
}

/* OH-1: values and output of one DataType, all three of one DimensionCount. */
static void oh_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.values, DML_TENSOR_DATA_TYPE_FLOAT32, 1, (UINT[]){2});
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void oh_2_indices_size(void **state)
{
    seed();
    c.indices.sizes[3] = 4;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_2_INDICES_SIZE);
    seed();
    c.indices.sizes[2] = 2;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_2_INDICES_SIZE);
}

static void oh_3_values_count(void **state)
{
    seed();
    c.values.sizes[3] = 1;
    vt_tensor_strides(&c.values, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_3_VALUES_COUNT);
}

static void oh_4_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, ONE_HOT, &c.desc, DML_RULE_OH_4_AXIS);
}

/* 4 dims of FLOAT32/FLOAT16 and UINT32 indices from 2.0, 8 types at 2.1, 1-8 dims and IDX at
 * 3.0, 11 types at 4.1. */
static void oh_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_1_0, ONE_HOT, &c.desc, DML_RULE_FL_OPERATOR);
    vt_tensor_type(&c.values, DML_TENSOR_DATA_TYPE_UINT8);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT8);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, ONE_HOT, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, ONE_HOT, &c.desc);
    vt_tensor_type(&c.values, DML_TENSOR_DATA_TYPE_INT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, ONE_HOT, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, ONE_HOT, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 1},
          (UINT[]){1, 2}, (UINT[]){3, 4}, 1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, ONE_HOT, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, ONE_HOT, &c.desc);
}

static void validate_values(void *arg)
{
    seed();
    c.values.sizes[3] = 1;
    vt_tensor_strides(&c.values, NULL);
    vt_validate(VT_FL_MAX, ONE_HOT, &c.desc, NULL, NULL);
}

static void oh_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_values, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_ONE_HOT: rule OH-3 values: ValuesTensor "
                        "has 1 element; allowed: >= 2 (OffValue, OnValue)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),          cmocka_unit_test(oh_1_type_rank),
    cmocka_unit_test(oh_2_indices_size), cmocka_unit_test(oh_3_values_count),
    cmocka_unit_test(oh_4_axis),         cmocka_unit_test(oh_feature_levels),
    cmocka_unit_test(oh_debug_line),
};

VT_GROUP("one_hot", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* ONE_HOT (datamove-family 12, FD7) on the GPU and through plan_exec, bit-exact against the C
 * reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank 1-8,
 * every Axis (of any length, 1 included), values of any shape with at least two elements, with
 * permuted, gapped and broadcast indices and values and permuted or gapped outputs, indices in
 * range, negative, out of range and huge; every 8th case also through the whole API, as an
 * operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct one_hot_case
{
    uint32_t rank, axis;
    struct index_case_tensor indices, values, output;
    DML_ONE_HOT_OPERATOR_DESC desc;
};

static void generate(struct one_hot_case *oc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t out[8], ix[8], values[8], max;

    memset(oc, 0, sizeof(*oc));
    oc->rank = rng_range(&rng, 1, 8);
    oc->axis = rng_below(&rng, oc->rank);
    max = oc->rank > 4 ? 3 : 8;
    for (uint32_t d = 0; d < oc->rank; ++d)
    {
        out[d] = ix[d] = rng_range(&rng, 1, max);
        values[d] = rng_chance(&rng, 70) ? 1 : rng_range(&rng, 2, 3);
    }
    out[oc->axis] = rng_range(&rng, 1, max + 2);
    ix[oc->axis] = 1;
    if (index_case_count(oc->rank, values) < 2)
        values[rng_below(&rng, oc->rank)] = 2;
    index_case_tensor(&oc->indices, index_type, oc->rank, ix, true, true, &rng);
    index_case_tensor(&oc->values, type, oc->rank, values, true, true, &rng);
    index_case_tensor(&oc->output, type, oc->rank, out, true, false, &rng);
    oc->desc = (DML_ONE_HOT_OPERATOR_DESC){&oc->indices.desc, &oc->values.desc, &oc->output.desc,
                                           oc->axis};
}

static void describe(const struct one_hot_case *oc, uint64_t seed, const char *why)
{
    fprintf(stderr, "ONE_HOT seed %llu: %s\n  rank %u axis %u\n", (unsigned long long)seed, why,
            oc->rank, oc->axis);
    index_case_describe("indices", &oc->indices);
    index_case_describe("values", &oc->values);
    index_case_describe("output", &oc->output);
}

static struct one_hot_case random_case;

static void prepare(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc)
{
    generate(&random_case, seed);
    index_case_buffers(b,
                       (const struct index_case_tensor *const[]){
                           &random_case.indices, &random_case.values, &random_case.output},
                       2, 0, &random_case.output.sizes[random_case.axis], 1, rng);
    *desc = (DML_OPERATOR_DESC){DML_OPERATOR_ONE_HOT, &random_case.desc};
}

static void report(uint64_t seed, const char *why)
{
    describe(&random_case, seed, why);
}

int main(void)
{
    static const struct op_check_cases cases = {"ONE_HOT", CASES, 8, 1, prepare, report};
    int failures = op_check_cases_run(&cases);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's ONE_HOT (fuzz_op.h): the input's shape is the output's; input 0 the indices (1
 * along Axis, tensor 0), input 1 the values {1.., 2} or {1.., 2, 1} (FUZZ_INPUT_TENSOR(1)). */
#include "fuzz_op.h"

static void generate_one_hot(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    const uint32_t rank = p->input.rank;
    fp_index_type(p, rng);
    p->axis = fuzz_rng_below(rng, rank);
    p->input_count = 2;
    p->outputs[0] = p->input;
    p->inputs[1] = fp_ones(p);
    p->inputs[1].sizes[rank > 1 && fuzz_rng_below(rng, 2) ? rank - 2 : rank - 1] = 2;
    p->input.sizes[p->axis] = 1;
}

static void *build_one_hot(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_ONE_HOT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 2, 1u << 0, in, c);
    *desc =
        (DML_ONE_HOT_OPERATOR_DESC){in[0], in[1], c->outputs, fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

/* Valid ones; INT32 indices below FL 3.0. */
static const struct fuzz_seed one_hot_seeds[] = {
    {"one-hot-f16-rank2", 0, 0, 0, F16, RANK(2), 0, 0x58, 1},
    {"one-hot-u64-rank5-shared", 0, 0, FUZZ_OPT_SHARED_BUFFER, U64, RANK(5),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x21212, 2},
    {"one-hot-int32-indices-fl2.1-rejected", FUZZ_LEVEL_2_1, 0, 0, F32, RANK(4), 0, 0x2222, 3,
     .patches = {SET(FF_DATA_TYPE, 0, 0, DML_TENSOR_DATA_TYPE_INT32)}},
};

const struct fuzz_op fuzz_op_one_hot = {DML_OPERATOR_ONE_HOT, generate_one_hot, build_one_hot,
                                        .seeds = one_hot_seeds,
                                        .seed_count = FUZZ_COUNT(one_hot_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include <string.h>

#include "gr_op.h"

/* ONE_HOT: input 0 read again as indices (1 along Axis), 2-3 values of a random type (the
 * output's rank, T10: {1, ..., 1, n}). */
static IDMLOperator *make_one_hot(struct gr_build *b)
{
    uint32_t r = b->in.rank, axis = gr_next(b->rng, r), out[GR_MAX_RANK], vsz[GR_MAX_RANK];
    DML_TENSOR_DATA_TYPE type = gr_pick_type(b->rng, 1u << gr_next(b->rng, 4));
    struct gr_view indices = {.type = gr_pick_index_type(b->rng), .rank = r};

    memcpy(indices.sizes, b->in.sizes, sizeof(indices.sizes));
    indices.sizes[axis] = 1;
    memcpy(out, b->in.sizes, sizeof(out));
    out[axis] = 1 + gr_next(b->rng, 6);
    for (uint32_t d = 0; d < r; ++d)
        vsz[d] = d + 1 == r ? 2 + gr_next(b->rng, 2) : 1;
    if (!gr_fits(type, r, out) || !gr_read_view(b, b->node->inputs[0], &indices))
        return NULL;
    b->in = indices;
    const DML_TENSOR_DESC *in = gr_tensor(b, &indices);
    const DML_TENSOR_DESC *values = gr_extra_input(b, 1, type, r, vsz);
    if (!values)
        return NULL;
    struct gr_view o = gr_write_view(b, type, r, out);
    DML_ONE_HOT_OPERATOR_DESC desc = {in, values, gr_output(b, 0, &o), axis};
    return gr_create(b->device, DML_OPERATOR_ONE_HOT, &desc);
}

const struct gr_op gr_op_one_hot = {.type = DML_OPERATOR_ONE_HOT,
                                    .name = "ONE_HOT",
                                    .draw = 19,
                                    .make = make_one_hot,
                                    .grows = true};

#endif

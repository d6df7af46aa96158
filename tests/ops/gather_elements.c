/* GATHER_ELEMENTS (datamove-family 5, FD7): each output element the input's at the index tensor's
 * coordinate along Axis. Its parts (op_part.h): the C reference, each output element from the desc;
 * the validation cases, every rule, the documentation's example and the feature-level boundaries of
 * the data and index types; the GPU random differential, seeded random cases on the GPU and through
 * plan_exec bit-exact against the reference, every index type with indices in range, negative, out
 * of range and huge, also through the whole API; the fuzz part, its builder, valid default and
 * seeds for the fuzzer; the graph part, its maker for the random graph differential
 * (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* GATHER_ELEMENTS (datamove-family 5): each output element is one input element, at the coordinate
 * along Axis that the index tensor's element at the same place gives; an index is read as FD7 says
 * (a negative one counted once from the end, then clamped into the axis). */
#include "ref_internal.h"

static void elements_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_ELEMENTS_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

/* output[c] = input[c with indices[c] at Axis]. */
static void elements_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_ELEMENTS_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < in->DimensionCount; ++d)
        i[d] = c[d];
    i[op->Axis] =
        ref_index_clamp(ref_index(op->IndicesTensor, out->inputs[1], c), in->Sizes[op->Axis]);
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_gather_elements = {DML_OPERATOR_GATHER_ELEMENTS, elements_tensors, NULL,
                                              elements_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* GATHER_ELEMENTS (datamove-family 5, FD7): every rule, the documentation's example and the
 * feature-level boundaries of the data and index types. */
#include "vt.h"

#include <string.h>

#define GE DML_OPERATOR_GATHER_ELEMENTS

struct ge_case
{
    struct vt_tensor in, indices, out;
    DML_GATHER_ELEMENTS_OPERATOR_DESC desc;
};

static struct ge_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.out, type, rank, indices);
    c.desc = (DML_GATHER_ELEMENTS_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc, axis};
}

/* The documentation's example in 4 dims: {3, 3} gathered by {2, 3} along axis 0. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 3},
          (UINT[]){1, 1, 2, 3}, 2);
}

static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GE, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 0, 1});
    vt_tensor_strides(&c.indices, (UINT[]){0, 7, 1, 2});
    vt_tensor_strides(&c.out, (UINT[]){40, 20, 1, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GE, &c.desc);
    build(DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_INT32, 1, (UINT[]){5}, (UINT[]){9}, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GE, &c.desc);
}

/* GE-1: one DataType for input and output, one DimensionCount for all three. */
static void ge_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void ge_2_indices_size(void **state)
{
    seed();
    c.indices.sizes[3] = 2;
    vt_tensor_strides(&c.indices, NULL);
    c.out.sizes[3] = 2;
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_GE_2_INDICES_SIZE);
    seed(); /* along Axis any size, larger than the input's too */
    c.indices.sizes[2] = 7;
    vt_tensor_strides(&c.indices, NULL);
    c.out.sizes[2] = 7;
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_OK(VT_FL_MAX, GE, &c.desc);
}

static void ge_3_output_size(void **state)
{
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_GE_3_OUTPUT_SIZE);
    }
}

static void ge_4_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_GE_4_AXIS);
}

/* From 2.1: 4 dims of 8 types and UINT32 indices; 3.0: 1-8 dims, IDX; 4.1: 11 types. */
static void ge_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, GE, &c.desc, DML_RULE_FL_OPERATOR);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_UINT8);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT8);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GE, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_UINT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_UINT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, GE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GE, &c.desc);
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GE, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GE, &c.desc);
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_FLOAT32);
    VT_EXPECT_REJECT(VT_FL_MAX, GE, &c.desc, DML_RULE_FL_DATA_TYPE);
    build(DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_UINT32, 5, (UINT[]){1, 2, 1, 3, 3},
          (UINT[]){1, 2, 1, 2, 3}, 3);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GE, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GE, &c.desc);
}

static void validate_indices_size(void *arg)
{
    seed();
    c.indices.sizes[3] = 2;
    vt_tensor_strides(&c.indices, NULL);
    vt_validate(VT_FL_MAX, GE, &c.desc, NULL, NULL);
}

static void ge_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_indices_size, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER_ELEMENTS: rule GE-2 indices size: "
                        "IndicesTensor.Sizes[3] is 2; allowed: InputTensor.Sizes[3] (3) on every "
                        "dimension but Axis (2)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(ge_1_type_rank),
    cmocka_unit_test(ge_2_indices_size), cmocka_unit_test(ge_3_output_size),
    cmocka_unit_test(ge_4_axis),         cmocka_unit_test(ge_feature_levels),
    cmocka_unit_test(ge_debug_line),
};

VT_GROUP("gather_elements", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* GATHER_ELEMENTS (datamove-family 5, FD7) on the GPU and through plan_exec, bit-exact against the
 * C reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank
 * 1-8, every Axis, the indices' axis extent smaller or larger than the input's, with permuted,
 * gapped and broadcast input and indices and permuted or gapped outputs, indices in range,
 * negative, out of range and huge; every 8th case also through the whole API, as an operator and as
 * a graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct elements_case
{
    uint32_t rank, axis;
    struct index_case_tensor input, indices, output;
    DML_GATHER_ELEMENTS_OPERATOR_DESC desc;
};

static void generate(struct elements_case *ec, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in_sizes[8], ix_sizes[8], max;

    memset(ec, 0, sizeof(*ec));
    ec->rank = rng_range(&rng, 1, 8);
    ec->axis = rng_below(&rng, ec->rank);
    max = ec->rank > 4 ? 3 : 9;
    for (uint32_t d = 0; d < ec->rank; ++d)
        in_sizes[d] = ix_sizes[d] = rng_range(&rng, 1, max);
    ix_sizes[ec->axis] = rng_range(&rng, 1, max + 2);
    index_case_tensor(&ec->input, type, ec->rank, in_sizes, true, true, &rng);
    index_case_tensor(&ec->indices, index_type, ec->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&ec->output, type, ec->rank, ix_sizes, true, false, &rng);
    ec->desc = (DML_GATHER_ELEMENTS_OPERATOR_DESC){&ec->input.desc, &ec->indices.desc,
                                                   &ec->output.desc, ec->axis};
}

static void describe(const struct elements_case *ec, uint64_t seed, const char *why)
{
    fprintf(stderr, "GATHER_ELEMENTS seed %llu: %s\n  rank %u axis %u\n", (unsigned long long)seed,
            why, ec->rank, ec->axis);
    index_case_describe("input", &ec->input);
    index_case_describe("indices", &ec->indices);
    index_case_describe("output", &ec->output);
}

static struct elements_case random_case;

static void prepare(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc)
{
    generate(&random_case, seed);
    index_case_buffers(b,
                       (const struct index_case_tensor *const[]){
                           &random_case.input, &random_case.indices, &random_case.output},
                       2, 1, &random_case.input.sizes[random_case.axis], 1, rng);
    *desc = (DML_OPERATOR_DESC){DML_OPERATOR_GATHER_ELEMENTS, &random_case.desc};
}

static void report(uint64_t seed, const char *why)
{
    describe(&random_case, seed, why);
}

int main(void)
{
    static const struct op_check_cases cases = {"GATHER_ELEMENTS", CASES, 8, 1, prepare, report};
    int failures = op_check_cases_run(&cases);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's GATHER_ELEMENTS (fuzz_op.h): indices like the input but along Axis, where they may
 * hold more or fewer; the output theirs. */
#include "fuzz_op.h"

static void generate_gather_elements(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    fp_index_type(p, rng);
    p->axis = fuzz_rng_below(rng, p->input.rank);
    p->input_count = 2;
    p->inputs[1] = p->input;
    p->inputs[1].sizes[p->axis] = 1 + fuzz_rng_below(rng, p->input.sizes[p->axis] + 2);
    p->outputs[0] = p->inputs[1];
}

static void *build_gather_elements(struct fuzz_decoder *d, const struct fuzz_params *p,
                                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_GATHER_ELEMENTS_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    *desc = (DML_GATHER_ELEMENTS_OPERATOR_DESC){in[0], in[1], c->outputs,
                                                fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

static const struct fuzz_seed gather_elements_seeds[] = {
    {"gather-elements-f16-rank3-twice", 0, 0, FUZZ_OPT_TWICE, F16, RANK(3), 0, 0x4A3, 1},
    {"gather-elements-i8-rank8-reversed", 0, 0, 0, I8, RANK(8),
     STRIDES(FUZZ_STRIDES_REVERSED, FUZZ_STRIDES_REVERSED), 0x12121212, 2},
};

const struct fuzz_op fuzz_op_gather_elements = {
    DML_OPERATOR_GATHER_ELEMENTS, generate_gather_elements, build_gather_elements,
    .seeds = gather_elements_seeds, .seed_count = FUZZ_COUNT(gather_elements_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

static IDMLOperator *make_gather_elements(struct gr_build *b)
{
    uint32_t isz[GR_MAX_RANK], axis = gr_elements_indices(b, isz);

    if (!gr_fits(b->in.type, b->in.rank, isz))
        return NULL;
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in);
    const DML_TENSOR_DESC *indices =
        gr_extra_input(b, 1, gr_pick_index_type(b->rng), b->in.rank, isz);
    if (!indices)
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, isz);
    DML_GATHER_ELEMENTS_OPERATOR_DESC desc = {in, indices, gr_output(b, 0, &o), axis};
    return gr_create(b->device, DML_OPERATOR_GATHER_ELEMENTS, &desc);
}

const struct gr_op gr_op_gather_elements = {.type = DML_OPERATOR_GATHER_ELEMENTS,
                                            .name = "GATHER_ELEMENTS",
                                            .draw = 14,
                                            .make = make_gather_elements,
                                            .grows = true};

#endif

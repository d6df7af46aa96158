/* SCATTER_ELEMENTS (= SCATTER; datamove-family 7, FD7): the input with updates written where their
 * indices name along Axis. Its parts (op_part.h): the C reference, each output element from the
 * desc; the validation cases, every rule, the documentation's examples and the feature-level
 * boundaries; the GPU random differential, seeded random cases on the GPU and through plan_exec
 * bit-exact against the reference, every index type with indices in range, negative, out of range
 * and huge, also through the whole API, many updates of one element; the fuzz part, its builder,
 * valid default and seeds for the fuzzer; the graph part, its maker for the random graph
 * differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* SCATTER_ELEMENTS (= SCATTER; datamove-family 7): output = input, then each update written where
 * its index names along Axis, in the updates' row-major order, so that the last update of an
 * element wins; an update whose index is out of range after FD7's wrap is dropped. Element by
 * element: output c holds the last update that names it, or input[c]. */
#include <string.h>

#include "ref_internal.h"

static void elements_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SCATTER_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, op->UpdatesTensor, op->OutputTensor, out);
}

/* The updates that can name c differ from c only along Axis (SC-2): the last of them in row-major
 * order is the one furthest along the axis. */
static void elements_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SCATTER_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *updates = op->UpdatesTensor->Desc,
                                 *output = op->OutputTensor->Desc;
    const uint32_t n = output->Sizes[op->Axis];
    int64_t u[REF_MAX_RANK];
    memcpy(u, c, sizeof(u));
    for (u[op->Axis] = (int64_t)updates->Sizes[op->Axis] - 1; u[op->Axis] >= 0; --u[op->Axis])
    {
        if (ref_index_wrap(ref_index(op->IndicesTensor, out->inputs[1], u), n) == c[op->Axis])
        {
            ref_read(op->UpdatesTensor, out->inputs[2], u, bytes);
            return;
        }
    }
    ref_read(op->InputTensor, out->inputs[0], c, bytes);
}

const struct ref_entry ref_scatter_elements = {DML_OPERATOR_SCATTER_ELEMENTS, elements_tensors,
                                               NULL, elements_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* SCATTER_ELEMENTS = SCATTER (datamove-family 7, FD7): every rule, the documentation's examples
 * and the feature-level boundaries (from 2.0, not the page's 1.0). */
#include "vt.h"

#include <string.h>

#define SCATTER DML_OPERATOR_SCATTER_ELEMENTS

struct scatter_case
{
    struct vt_tensor in, indices, updates, out;
    DML_SCATTER_ELEMENTS_OPERATOR_DESC desc;
};

static struct scatter_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, UINT axis)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.updates, type, rank, indices);
    vt_tensor_init(&c.out, type, rank, in);
    c.desc = (DML_SCATTER_ELEMENTS_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.updates.desc,
                                                  &c.out.desc, axis};
}

/* Example 2's shapes in 4 dims: {3, 3} with {2, 3} updates along axis 0. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 3, 3},
          (UINT[]){1, 1, 2, 3}, 2);
}

static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, DML_OPERATOR_SCATTER, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 0, 1});
    vt_tensor_strides(&c.indices, (UINT[]){0, 0, 3, 0});
    vt_tensor_strides(&c.updates, (UINT[]){0, 0, 1, 2});
    vt_tensor_strides(&c.out, (UINT[]){30, 30, 1, 4});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc);
    /* Example 1: 1-D, more updates than elements (duplicates are valid, FD7). */
    build(DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_INT32, 1, (UINT[]){5}, (UINT[]){9}, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, SCATTER, &c.desc);
}

/* SC-1: Input, Updates and Output of one DataType; all four of one DimensionCount. */
static void sc_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT32, 2, (UINT[]){2, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void sc_2_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_2_AXIS);
}

static void sc_2_sizes(void **state)
{
    seed();
    c.indices.sizes[3] = c.updates.sizes[3] = 2;
    vt_tensor_strides(&c.indices, NULL);
    vt_tensor_strides(&c.updates, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_2_INDICES_SIZE);
    seed();
    c.updates.sizes[2] = 3;
    vt_tensor_strides(&c.updates, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_2_UPDATES_SIZE);
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, SCATTER, &c.desc, DML_RULE_SC_OUTPUT_SIZE);
    }
}

/* 4 dims of FLOAT32/FLOAT16 and UINT32 indices from 2.0, 8 types at 2.1, 1-8 dims and IDX at
 * 3.0, 11 types at 4.1. */
static void sc_feature_levels(void **state)
{
    seed();
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_1_0, SCATTER, &c.desc, DML_RULE_FL_OPERATOR);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT16);
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_INT16);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT16);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SCATTER, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, SCATTER, &c.desc);
    seed();
    vt_tensor_type(&c.updates, DML_TENSOR_DATA_TYPE_INT8);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_UINT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SCATTER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SCATTER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 3},
          (UINT[]){2, 3}, 0);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SCATTER, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SCATTER, &c.desc);
}

static void validate_updates(void *arg)
{
    seed();
    c.updates.sizes[2] = 3;
    vt_tensor_strides(&c.updates, NULL);
    vt_validate(VT_FL_MAX, SCATTER, &c.desc, NULL, NULL);
}

static void sc_debug_line(void **state)
{
    assert_string_equal(vt_capture(validate_updates, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_SCATTER_ELEMENTS: rule SC-2 updates size: "
                        "UpdatesTensor.Sizes[2] is 3; allowed: IndicesTensor.Sizes[2] (2)\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(sc_1_type_rank),
    cmocka_unit_test(sc_2_axis),         cmocka_unit_test(sc_2_sizes),
    cmocka_unit_test(sc_feature_levels), cmocka_unit_test(sc_debug_line),
};

VT_GROUP("scatter", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* SCATTER_ELEMENTS (= SCATTER; datamove-family 7, FD7) on the GPU and through plan_exec, bit-exact
 * against the C reference (reference/): seeded random cases of all 11 data types and the 4 index
 * types, rank 1-8, every Axis, with permuted, gapped and broadcast input, indices and updates and
 * permuted or gapped outputs, indices in range, negative, out of range and huge, and many updates
 * of one element (the last in the updates' row-major order wins, on every run). Each case runs the
 * operator's four steps one by one; every 4th case also through the whole API (the program's
 * barriers and temporary resource), as an operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_case.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct scatter_case
{
    uint32_t rank, axis;
    struct index_case_tensor input, indices, updates, output;
    DML_SCATTER_OPERATOR_DESC desc;
};

static void generate(struct scatter_case *sc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in_sizes[8], ix_sizes[8], max;

    memset(sc, 0, sizeof(*sc));
    sc->rank = rng_range(&rng, 1, 8);
    sc->axis = rng_below(&rng, sc->rank);
    max = sc->rank > 4 ? 3 : 9;
    for (uint32_t d = 0; d < sc->rank; ++d)
        in_sizes[d] = ix_sizes[d] = rng_range(&rng, 1, max);
    ix_sizes[sc->axis] = rng_range(&rng, 1, max + 3); /* more updates than slots: duplicates */
    index_case_tensor(&sc->input, type, sc->rank, in_sizes, true, true, &rng);
    index_case_tensor(&sc->indices, index_type, sc->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&sc->updates, type, sc->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&sc->output, type, sc->rank, in_sizes, true, false, &rng);
    sc->desc = (DML_SCATTER_OPERATOR_DESC){&sc->input.desc, &sc->indices.desc, &sc->updates.desc,
                                           &sc->output.desc, sc->axis};
}

static void describe(const struct scatter_case *sc, uint64_t seed, const char *why)
{
    fprintf(stderr, "SCATTER_ELEMENTS seed %llu: %s\n  rank %u axis %u\n", (unsigned long long)seed,
            why, sc->rank, sc->axis);
    index_case_describe("input", &sc->input);
    index_case_describe("indices", &sc->indices);
    index_case_describe("updates", &sc->updates);
    index_case_describe("output", &sc->output);
}

static struct scatter_case random_case;
static int duplicates;

static void prepare(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc)
{
    generate(&random_case, seed);
    index_case_buffers(
        b,
        (const struct index_case_tensor *const[]){&random_case.input, &random_case.indices,
                                                  &random_case.updates, &random_case.output},
        3, 1, &random_case.output.sizes[random_case.axis], 1, rng);
    duplicates +=
        random_case.updates.sizes[random_case.axis] > random_case.output.sizes[random_case.axis];
    *desc = (DML_OPERATOR_DESC){DML_OPERATOR_SCATTER, &random_case.desc};
}

static void report(uint64_t seed, const char *why)
{
    describe(&random_case, seed, why);
}

int main(void)
{
    static const struct op_check_cases cases = {"SCATTER_ELEMENTS", CASES, 4, 1, prepare, report};
    int failures = op_check_cases_run(&cases);
    printf("SCATTER_ELEMENTS: %d of them with more updates than elements along the axis\n",
           duplicates);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's SCATTER_ELEMENTS (fuzz_op.h): indices and updates like the input but along Axis,
 * where they may hold more or fewer; the output the input's. */
#include "fuzz_op.h"

static void generate_scatter(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    fp_index_type(p, rng);
    p->axis = fuzz_rng_below(rng, p->input.rank);
    p->input_count = 3;
    p->inputs[1] = p->input;
    p->inputs[1].sizes[p->axis] = 1 + fuzz_rng_below(rng, p->input.sizes[p->axis] + 2);
    p->inputs[2] = p->inputs[1];
}

static void *build_scatter(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SCATTER_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[3] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 3, 1u << 1, in, c);
    *desc = (DML_SCATTER_OPERATOR_DESC){in[0], in[1], in[2], c->outputs,
                                        fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

static const struct fuzz_seed scatter_seeds[] = {
    {"scatter-f32-rank3-shared", 0, 0, FUZZ_OPT_SHARED_BUFFER, F32, RANK(3), 0, 0x676, 1},
    {"scatter-i8-rank1-volatile-twice", 0, 0, FUZZ_OPT_VOLATILE | FUZZ_OPT_TWICE, I8, RANK(1), 0,
     0xC, 2},
    {"scatter-f16-rank4-owned-padded", 0, 0, FUZZ_OPT_OWNED_INPUT, F16, RANK(4),
     STRIDES(FUZZ_STRIDES_PADDED, FUZZ_STRIDES_PADDED), 0x2323, 3},
};

const struct fuzz_op fuzz_op_scatter_elements = {DML_OPERATOR_SCATTER_ELEMENTS, generate_scatter,
                                                 build_scatter, .seeds = scatter_seeds,
                                                 .seed_count = FUZZ_COUNT(scatter_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* SCATTER_ELEMENTS: updates of the input's type read from any value, duplicates included. */
static IDMLOperator *make_scatter(struct gr_build *b)
{
    uint32_t isz[GR_MAX_RANK], axis = gr_elements_indices(b, isz);
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in);
    const DML_TENSOR_DESC *indices =
        gr_extra_input(b, 1, gr_pick_index_type(b->rng), b->in.rank, isz);
    const DML_TENSOR_DESC *updates =
        indices ? gr_extra_input(b, 2, b->in.type, b->in.rank, isz) : NULL;
    if (!updates)
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, b->in.sizes);
    DML_SCATTER_OPERATOR_DESC desc = {in, indices, updates, gr_output(b, 0, &o), axis};
    return gr_create(b->device, DML_OPERATOR_SCATTER_ELEMENTS, &desc);
}

const struct gr_op gr_op_scatter_elements = {.type = DML_OPERATOR_SCATTER_ELEMENTS,
                                             .name = "SCATTER_ELEMENTS",
                                             .draw = 18,
                                             .make = make_scatter};

#endif

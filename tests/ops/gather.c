/* GATHER (datamove-family 4, FD7): input elements picked along Axis by an index tensor. Its parts
 * (op_part.h): the C reference, each output element from the desc; the validation cases, every
 * rule, the documentation's examples and the feature-level boundaries of the data and index types;
 * the GPU random differential, seeded random cases on the GPU and through plan_exec bit-exact
 * against the reference, every index type with indices in range, negative, out of range and huge,
 * also through the whole API, and golden plans; the fuzz part, its builder, valid default and seeds
 * for the fuzzer; the graph part, its maker for the random graph differential
 * (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* GATHER (datamove-family 4): each output element is one input element, at the coordinate along
 * Axis that the index tensor gives; an index is read as FD7 says (a negative one counted once from
 * the end, then clamped into the axis). */
#include "ref_internal.h"

static void gather_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_GATHER_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, op->IndicesTensor, NULL, op->OutputTensor, out);
}

/* output[...] = input[..., indices[...], ...] with DirectMLX's output dims: for output coordinate
 * c, the input's coordinates after Axis are c's at the same place, the indices' last
 * IndexDimensions coordinates are c's ending at Axis, and the input's coordinates before Axis
 * are c's right before those (GA-4). */
static void gather_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_GATHER_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    const int a = (int)op->Axis, m = (int)op->IndexDimensions, rank = (int)in->DimensionCount;
    int64_t i[REF_MAX_RANK] = {0}, x[REF_MAX_RANK] = {0};
    for (int d = a + 1; d < rank; ++d)
        i[d] = c[d];
    for (int t = 0; t < m && a - t >= 0; ++t)
        x[rank - 1 - t] = c[a - t];
    for (int t = 0; a - m - t >= 0 && a - 1 - t >= 0; ++t)
        i[a - 1 - t] = c[a - m - t];
    i[a] = ref_index_clamp(ref_index(op->IndicesTensor, out->inputs[1], x), in->Sizes[a]);
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_gather = {DML_OPERATOR_GATHER, gather_tensors, NULL, gather_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* GATHER (datamove-family 4, FD7): every rule, the documentation's examples and the
 * feature-level boundaries of the data and index types. */
#include "vt.h"

#include <string.h>

#define GATHER DML_OPERATOR_GATHER

struct gather_case
{
    struct vt_tensor in, indices, out;
    DML_GATHER_OPERATOR_DESC desc;
};

static struct gather_case c;

static void build(DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type, UINT rank,
                  const UINT *in, const UINT *indices, const UINT *out, UINT axis, UINT index_dims)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in);
    vt_tensor_init(&c.indices, index_type, rank, indices);
    vt_tensor_init(&c.out, type, rank, out);
    c.desc = (DML_GATHER_OPERATOR_DESC){&c.in.desc, &c.indices.desc, &c.out.desc, axis, index_dims};
}

/* Rows {5, 3} gathered by {2, 4} indices along axis 0: output {2, 4, 3} in 4 dims. */
static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 4, (UINT[]){1, 1, 5, 3},
          (UINT[]){1, 1, 2, 4}, (UINT[]){1, 2, 4, 3}, 2, 2);
}

/* The documentation's examples 1, 2, 4 and 5, and example 3 with IndexDimensions 1 (as printed,
 * with IndexDimensions 2, it breaks the page's own rule: original rank 2 + 2 - 1 > 2). */
static void examples(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 1, (UINT[]){4}, (UINT[]){5},
          (UINT[]){5}, 0, 1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 2},
          (UINT[]){1, 4}, (UINT[]){4, 2}, 0, 1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 2},
          (UINT[]){1, 2}, (UINT[]){3, 2}, 1, 1);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    c.desc.IndexDimensions = 2;
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc, DML_RULE_GA_4_DIMENSION_FIT);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 3, 3},
          (UINT[]){1, 1, 2}, (UINT[]){3, 1, 2}, 2, 2);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 3, 2},
          (UINT[]){1, 2, 2}, (UINT[]){2, 2, 2}, 1, 2);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
}

/* Strided, broadcast and gapped tensors; IndexDimensions 0 (one index) and = DimensionCount. */
static void accepted(void **state)
{
    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, GATHER, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0});
    vt_tensor_strides(&c.indices, (UINT[]){9, 9, 1, 2});
    vt_tensor_strides(&c.out, (UINT[]){100, 50, 12, 3});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT64, 3, (UINT[]){4, 5, 6},
          (UINT[]){1, 1, 1}, (UINT[]){1, 4, 6}, 1, 0);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    build(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT64, 3, (UINT[]){1, 1, 6},
          (UINT[]){2, 3, 4}, (UINT[]){2, 3, 4}, 2, 3);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
}

/* GA-1: one DataType for input and output, one DimensionCount for all three. */
static void ga_1_type_rank(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.indices, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 2, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 3, (UINT[]){2, 4, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
}

static void ga_2_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_2_AXIS);
    c.desc.Axis = 0xffffffffu;
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_2_AXIS);
}

static void ga_3_index_dimensions(void **state)
{
    seed();
    c.desc.IndexDimensions = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_3_INDEX_DIMENSIONS);
}

/* What does not fit the output must be 1: an input dim before Axis (here 2 index dims push
 * input dim 0 out), an indices dim before the last IndexDimensions. */
static void ga_4_dimension_fit(void **state)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 3, (UINT[]){1, 5, 3},
          (UINT[]){1, 2, 4}, (UINT[]){2, 4, 3}, 1, 2);
    VT_EXPECT_OK(VT_FL_MAX, GATHER, &c.desc);
    c.in.sizes[0] = 2;
    vt_tensor_strides(&c.in, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_4_DIMENSION_FIT);
    seed();
    c.indices.sizes[1] = 3;
    vt_tensor_strides(&c.indices, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_4_DIMENSION_FIT);
}

static void ga_4_output_size(void **state)
{
    for (UINT d = 0; d < 4; ++d)
    {
        seed();
        c.out.sizes[d] += 1;
        vt_tensor_strides(&c.out, NULL);
        VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_GA_4_OUTPUT_SIZE);
    }
}

/* Data: 4 dims of FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 1-8 dims at 3.0, 11 types at 4.1.
 * Indices: UINT32 until 3.0 adds INT32, INT64, UINT64. */
static void ga_feature_levels(void **state)
{
    seed();
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT8);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT8);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc);
    vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, GATHER, &c.desc);
    static const DML_TENSOR_DATA_TYPE later[] = {
        DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < VT_COUNT(later); ++i)
    {
        seed();
        vt_tensor_type(&c.indices, later[i]);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
    }
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_UINT16);
    VT_EXPECT_REJECT(VT_FL_MAX, GATHER, &c.desc, DML_RULE_FL_DATA_TYPE);
    build(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT32, 2, (UINT[]){3, 2},
          (UINT[]){1, 4}, (UINT[]){4, 2}, 0, 1);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, GATHER, &c.desc);
}

static void validate_fit(void *arg)
{
    seed();
    c.indices.sizes[1] = 3;
    vt_tensor_strides(&c.indices, NULL);
    vt_validate(VT_FL_MAX, GATHER, &c.desc, NULL, NULL);
}

static void validate_index_type(void *arg)
{
    seed();
    vt_tensor_type(&c.indices, DML_TENSOR_DATA_TYPE_INT64);
    vt_validate(DML_FEATURE_LEVEL_2_1, GATHER, &c.desc, NULL, NULL);
}

/* The debug line names the rule, the tensor and dimension, the value and what is allowed. */
static void ga_debug_lines(void **state)
{
    assert_string_equal(vt_capture(validate_fit, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER: rule GA-4 dimensions that do not "
                        "fit: IndicesTensor.Sizes[1] is 3; allowed: 1 (a dimension the operator "
                        "does not use, outside its meaningful trailing ones)\n");
    assert_string_equal(vt_capture(validate_index_type, NULL, true),
                        "[DIRECTML ERROR]: DML_OPERATOR_GATHER: rule T2 data type: "
                        "IndicesTensor.DataType is DML_TENSOR_DATA_TYPE_INT64 (11); allowed at "
                        "DML_FEATURE_LEVEL_2_1: UINT32; needs DML_FEATURE_LEVEL_3_0\n");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(examples),
    cmocka_unit_test(accepted),
    cmocka_unit_test(ga_1_type_rank),
    cmocka_unit_test(ga_2_axis),
    cmocka_unit_test(ga_3_index_dimensions),
    cmocka_unit_test(ga_4_dimension_fit),
    cmocka_unit_test(ga_4_output_size),
    cmocka_unit_test(ga_feature_levels),
    cmocka_unit_test(ga_debug_lines),
};

VT_GROUP("gather", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* GATHER (datamove-family 4, FD7) on the GPU and through plan_exec, bit-exact against the C
 * reference (reference/): seeded random cases of all 11 data types and the 4 index types, rank 1-8,
 * every Axis and IndexDimensions 0..rank, with permuted, gapped and broadcast input and indices
 * and permuted or gapped outputs, indices in range, negative, out of range and huge; every 8th
 * case also through the whole API as an operator and as a one-node graph. Golden plans: an
 * embedding lookup moves whole rows in 16-byte units. */
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

struct gather_case
{
    uint32_t rank, axis, index_dims;
    struct index_case_tensor input, indices, output;
    DML_GATHER_OPERATOR_DESC desc;
};

/* Sizes that satisfy GA-4: the input dims before Axis that do not fit, and the indices dims
 * before the last IndexDimensions (or before the output's first), are 1. */
static void generate(struct gather_case *gc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_case_data_types[seed % INDEX_CASE_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_case_index_types[(seed / 11) % INDEX_CASE_INDEX_TYPES];
    uint32_t in_sizes[8], ix_sizes[8], out_sizes[8], max = 0;

    memset(gc, 0, sizeof(*gc));
    gc->rank = rng_range(&rng, 1, 8);
    gc->axis = rng_below(&rng, gc->rank);
    gc->index_dims = rng_below(&rng, gc->rank + 1);
    max = gc->rank > 4 ? 3 : 9;
    for (uint32_t d = 0; d < gc->rank; ++d)
    {
        in_sizes[d] = rng_range(&rng, 1, max);
        ix_sizes[d] = d + gc->index_dims >= gc->rank && gc->rank - 1 - d <= gc->axis
                          ? rng_range(&rng, 1, max)
                          : 1;
        if (d + 1 < gc->index_dims && d < gc->axis)
            in_sizes[d] = 1;
    }
    /* The output: the walk of the reference, as sizes. */
    int a = (int)gc->axis, m = (int)gc->index_dims, rank = (int)gc->rank;
    for (int d = 0; d < rank; ++d)
        out_sizes[d] = d > a ? in_sizes[d] : 1;
    for (int t = 0; t < m && a - t >= 0; ++t)
        out_sizes[a - t] = ix_sizes[rank - 1 - t];
    for (int t = 0; a - m - t >= 0 && a - 1 - t >= 0; ++t)
        out_sizes[a - m - t] = in_sizes[a - 1 - t];
    index_case_tensor(&gc->input, type, gc->rank, in_sizes, true, true, &rng);
    index_case_tensor(&gc->indices, index_type, gc->rank, ix_sizes, true, true, &rng);
    index_case_tensor(&gc->output, type, gc->rank, out_sizes, true, false, &rng);
    gc->desc = (DML_GATHER_OPERATOR_DESC){&gc->input.desc, &gc->indices.desc, &gc->output.desc,
                                          gc->axis, gc->index_dims};
}

static void describe(const struct gather_case *gc, uint64_t seed, const char *why)
{
    fprintf(stderr, "GATHER seed %llu: %s\n  rank %u axis %u index dims %u\n",
            (unsigned long long)seed, why, gc->rank, gc->axis, gc->index_dims);
    index_case_describe("input", &gc->input);
    index_case_describe("indices", &gc->indices);
    index_case_describe("output", &gc->output);
}

/* An embedding lookup, {V, D} rows by {1, N} indices: rows move as 16-byte units, and the
 * documentation's five examples' shapes are accepted. */
static int golden(void)
{
    static struct gather_case gc;
    struct rng rng = rng_seeded(1);
    const uint32_t table[2] = {1000, 64}, ids[2] = {1, 7}, out[2] = {7, 64};
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
    struct dml_op_def def;
    struct plan plan;
    int failures = 0;

    index_case_tensor(&gc.input, DML_TENSOR_DATA_TYPE_FLOAT32, 2, table, false, false, &rng);
    index_case_tensor(&gc.indices, DML_TENSOR_DATA_TYPE_INT64, 2, ids, false, false, &rng);
    index_case_tensor(&gc.output, DML_TENSOR_DATA_TYPE_FLOAT32, 2, out, false, false, &rng);
    gc.desc = (DML_GATHER_OPERATOR_DESC){&gc.input.desc, &gc.indices.desc, &gc.output.desc, 0, 1};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_GATHER, &gc.desc};
    if (dml_operator_validate(&ctx, &desc, &def) != S_OK || FAILED(dml_lower(&def, &plan)))
        return printf("golden: embedding lookup rejected or not lowered\n"), 1;
    dml_op_def_cleanup(&def);
    if (plan.kernel != PLAN_KERNEL_GATHER || plan.elem_bytes != 16 || plan.rank != 2 ||
        plan.count != 7 * 16 || plan.index.strides[0] != 1 || plan.index.data_strides[0] != 16)
    {
        printf("golden: unexpected embedding plan\n");
        plan_describe(stdout, &plan);
        ++failures;
    }
    plan_cleanup(&plan);
    return failures;
}

static struct gather_case random_case;

static void prepare(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc)
{
    generate(&random_case, seed);
    index_case_buffers(b,
                       (const struct index_case_tensor *const[]){
                           &random_case.input, &random_case.indices, &random_case.output},
                       2, 1, &random_case.input.sizes[random_case.axis], 1, rng);
    *desc = (DML_OPERATOR_DESC){DML_OPERATOR_GATHER, &random_case.desc};
}

static void report(uint64_t seed, const char *why)
{
    describe(&random_case, seed, why);
}

int main(void)
{
    static const struct op_check_cases cases = {"GATHER", CASES, 8, 1, prepare, report};
    int failures = golden() + op_check_cases_run(&cases);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's GATHER (fuzz_op.h), GA-4's shapes: the input dims before Axis that do not fit are
 * 1; the indices' last IndexDimensions dims (none past Axis's place) of 1-3; the output the walk
 * of the reference. */
#include "fuzz_op.h"

static void generate_gather(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    const int rank = (int)p->input.rank, a = (int)fuzz_rng_below(rng, p->input.rank);
    const int m = (int)fuzz_rng_below(rng, p->input.rank + 1);
    struct fuzz_shape indices = fp_ones(p), output = fp_ones(p);
    fp_index_type(p, rng);
    p->axis = (uint32_t)a;
    p->counts[0] = (uint32_t)m;
    p->input_count = 2;
    for (int d = 0; d < rank; ++d)
    {
        if (d + m >= rank && rank - 1 - d <= a)
            indices.sizes[d] = 1 + fuzz_rng_below(rng, 3);
        if (d + 1 < m && d < a)
            p->input.sizes[d] = 1;
        if (d > a)
            output.sizes[d] = p->input.sizes[d];
    }
    for (int t = 0; t < m && a - t >= 0; ++t)
        output.sizes[a - t] = indices.sizes[rank - 1 - t];
    for (int t = 0; a - m - t >= 0 && a - 1 - t >= 0; ++t)
        output.sizes[a - m - t] = p->input.sizes[a - 1 - t];
    p->inputs[1] = indices;
    p->outputs[0] = output;
}

static void *build_gather(struct fuzz_decoder *d, const struct fuzz_params *p,
                          DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_GATHER_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    fd_listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    *desc = (DML_GATHER_OPERATOR_DESC){in[0], in[1], c->outputs, fd_u32(d, FF_AXIS, 0, 0, p->axis),
                                       fd_index_count(d, p, 0)};
    return desc;
}

/* Valid ones with options and layouts (index tensor: FUZZ_INPUT_TENSOR(1)); FLOAT32 indices,
 * Axis 2^32-1. */
static const struct fuzz_seed gather_seeds[] = {
    {"gather-f32-rank4", 0, 0, 0, F32, RANK(4), 0, 0x2345, 1},
    {"gather-u8-rank2-owned-shared", 0, 0, FUZZ_OPT_OWNED_INPUT | FUZZ_OPT_SHARED_BUFFER, U8,
     RANK(2), 0, 0x9A, 2},
    {"gather-i64-rank6-broadcast-twice", 0, 0, FUZZ_OPT_TWICE, I64, RANK(6),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x212121, 3},
    {"gather-f16-rank3-fl3.0", FUZZ_LEVEL_3_0, 0, 0, F16, RANK(3), 0, 0x567, 4},
    {"gather-float-indices-rejected", 0, 0, 0, F32, RANK(3), 0, 0x345, 5,
     .patches = {SET(FF_DATA_TYPE, FUZZ_INPUT_TENSOR(1), 0, DML_TENSOR_DATA_TYPE_FLOAT32)}},
    {"gather-axis-max-rejected", 0, 0, 0, F32, RANK(2), 0, 0x45, 6,
     .patches = {SET(FF_AXIS, 0, 0, 0xFFFFFFFF)}},
};

const struct fuzz_op fuzz_op_gather = {DML_OPERATOR_GATHER, generate_gather, build_gather,
                                       .seeds = gather_seeds,
                                       .seed_count = FUZZ_COUNT(gather_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include <string.h>

#include "gr_op.h"

/* GATHER along a random axis by 1-4 indices ({1, ..., 1, m}, IndexDimensions 1). */
static IDMLOperator *make_gather(struct gr_build *b)
{
    uint32_t r = b->in.rank, axis = gr_next(b->rng, r), m = 1 + gr_next(b->rng, 4);
    uint32_t isz[GR_MAX_RANK], out[GR_MAX_RANK];

    memcpy(out, b->in.sizes, sizeof(out));
    out[axis] = m;
    for (uint32_t d = 0; d < r; ++d)
        isz[d] = d + 1 == r ? m : 1;
    if (!gr_fits(b->in.type, r, out))
        return NULL;
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in);
    const DML_TENSOR_DESC *indices = gr_extra_input(b, 1, gr_pick_index_type(b->rng), r, isz);
    if (!indices)
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, r, out);
    DML_GATHER_OPERATOR_DESC desc = {in, indices, gr_output(b, 0, &o), axis, 1};
    return gr_create(b->device, DML_OPERATOR_GATHER, &desc);
}

const struct gr_op gr_op_gather = {
    .type = DML_OPERATOR_GATHER, .name = "GATHER", .draw = 13, .make = make_gather, .grows = true};

#endif

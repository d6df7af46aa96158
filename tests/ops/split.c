/* SPLIT (spec 1.3): the input cut along Axis into consecutive outputs. Its parts (op_part.h): the C
 * reference, each output element from the desc; the validation cases, the seed examples, every
 * rule, the feature-level boundaries and large OutputCounts; no GPU part of its own: the gpu_ops
 * test (tests/gpu_ops) runs its random cases through the whole API; the fuzz part, its builder,
 * valid default and seeds for the fuzzer; the graph part, its maker for the random graph
 * differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* SPLIT (SP-8): output k holds the input's axis range [sum of the sizes before k, + its size). */
#include <string.h>

#include "ref_internal.h"

static void split_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SPLIT_OPERATOR_DESC *op = desc;
    *out = (struct ref_tensors){1, op->OutputCount, op->InputTensor, op->OutputTensors, {NULL}};
}

static bool split_output_init(struct ref_output *out)
{
    const DML_SPLIT_OPERATOR_DESC *op = out->desc;
    for (uint32_t k = 0; k < out->k; ++k)
    {
        const DML_BUFFER_TENSOR_DESC *t = op->OutputTensors[k].Desc;
        out->begin += t->Sizes[op->Axis];
    }
    return true;
}

static void split_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SPLIT_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    memcpy(i, c, sizeof(i));
    i[op->Axis] += out->begin;
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_split = {DML_OPERATOR_SPLIT, split_tensors, split_output_init,
                                    split_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* SPLIT (spec 1.3): the seed examples, every rule, the feature-level boundaries, and large
 * OutputCounts that must fail without reading or allocating for every output. */
#include "vt.h"

#include <string.h>

#define SPLIT DML_OPERATOR_SPLIT
#define F32 DML_TENSOR_DATA_TYPE_FLOAT32

struct split_case
{
    struct vt_tensor in;
    struct vt_tensor outs[4];
    DML_TENSOR_DESC descs[4]; /* contiguous DML_TENSOR_DESC values, as DirectML wants */
    DML_SPLIT_OPERATOR_DESC desc;
};

static struct split_case c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *in_sizes, UINT axis, UINT count,
                  const UINT *axis_sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, in_sizes);
    for (UINT k = 0; k < count; ++k)
    {
        UINT sizes[DML_MAX_RANK];
        memcpy(sizes, in_sizes, rank * sizeof(UINT));
        sizes[axis] = axis_sizes[k];
        vt_tensor_init(&c.outs[k], type, rank, sizes);
        c.descs[k] = c.outs[k].desc;
    }
    c.desc = (DML_SPLIT_OPERATOR_DESC){&c.in.desc, count, c.descs, axis};
}

/* The seeds' input {1,1,6,2}, example 1: axis 2 into 2 + 1 + 3. */
static void seed1(void)
{
    build(F32, 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
}

static void seed_examples_accepted(void **state)
{
    struct dml_op_def def;

    seed1();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, SPLIT, &c.desc);
    assert_int_equal(vt_validate(VT_FL_MAX, SPLIT, &c.desc, &def, NULL), S_OK);
    assert_int_equal(def.input_count, 1);
    assert_int_equal(def.output_count, 3);
    assert_int_equal(def.u.axis, 2);
    assert_int_equal(dml_op_output(&def, 0)->sizes[2], 2);
    assert_int_equal(dml_op_output(&def, 1)->sizes[2], 1);
    assert_int_equal(dml_op_output(&def, 2)->sizes[2], 3);
    assert_int_equal(dml_op_output(&def, 2)->strides[1], 6);
    assert_int_equal(dml_op_input(&def, 0)->sizes[2], 6);
    dml_op_def_cleanup(&def);
    /* Example 2: axis 3 into 1 + 1. */
    build(F32, 4, (UINT[]){1, 1, 6, 2}, 3, 2, (UINT[]){1, 1});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, SPLIT, &c.desc);
}

static void sp_6_single_output_is_a_copy(void **state)
{
    build(F32, 4, (UINT[]){1, 1, 6, 2}, 0, 1, (UINT[]){1});
    VT_EXPECT_OK(VT_FL_MAX, SPLIT, &c.desc);
}

static void sp_1_output_count(void **state)
{
    seed1();
    c.desc.OutputCount = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_1_OUTPUT_COUNT);
    seed1();
    c.desc.OutputCount = 7; /* more outputs than rows: rejected before reading them */
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_1_OUTPUT_COUNT);
    c.desc.OutputCount = UINT32_MAX;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_1_OUTPUT_COUNT);
    seed1();
    c.desc.OutputTensors = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_DESC_ARRAY_NULL);
}

static void huge_output_count_fails_at_the_first_bad_output(void **state)
{
    /* 2^32-1 outputs of one byte each would be valid; the second desc is not. Validation stops
     * there, reading two descs and allocating nothing. */
    build(DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){UINT32_MAX}, 0, 2, (UINT[]){1, 1});
    c.desc.OutputCount = UINT32_MAX;
    c.descs[1].Type = DML_TENSOR_TYPE_INVALID;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_T1_TENSOR_TYPE);
}

static void sp_2_axis(void **state)
{
    seed1();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_2_AXIS);
    c.desc.Axis = UINT32_MAX;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_2_AXIS);
}

static void sp_3_outputs_match_input(void **state)
{
    seed1();
    vt_tensor_type(&c.outs[1], DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed1();
    vt_tensor_init(&c.outs[2], F32, 5, (UINT[]){1, 1, 3, 2, 1});
    c.descs[2] = c.outs[2].desc;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed1();
    c.outs[2].buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_T3_OWNED_BY_DML_OUTPUT);
    seed1();
    vt_tensor_strides(&c.outs[0], (UINT[]){4, 4, 1, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

static void sp_4_non_axis_sizes(void **state)
{
    seed1();
    c.outs[1].sizes[3] = 3;
    vt_tensor_strides(&c.outs[1], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_4_SIZE_MISMATCH);
    seed1();
    c.outs[0].sizes[0] = 2;
    vt_tensor_strides(&c.outs[0], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_4_SIZE_MISMATCH);
}

static void sp_5_axis_sum(void **state)
{
    seed1();
    c.outs[2].sizes[2] = 2; /* 2 + 1 + 2 < 6 */
    vt_tensor_strides(&c.outs[2], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_5_AXIS_SUM);
    seed1();
    c.outs[0].sizes[2] = 6; /* too many from output 1 on */
    vt_tensor_strides(&c.outs[0], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_5_AXIS_SUM);
    /* Rejected as soon as the sum is too large, before the later outputs are looked at. */
    c.outs[0].sizes[2] = 7;
    vt_tensor_strides(&c.outs[0], NULL);
    c.descs[1].Type = DML_TENSOR_TYPE_INVALID;
    VT_EXPECT_REJECT(VT_FL_MAX, SPLIT, &c.desc, DML_RULE_SP_5_AXIS_SUM);
}

static void sp_7_exactly_4_dims_below_3_0(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        const UINT sizes[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
        build(F32, rank, sizes, rank - 1, 2, (UINT[]){1, 1});
        if (rank == 4)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, SPLIT, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SPLIT, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SPLIT, &c.desc);
    }
}

static void data_types_by_level(void **state)
{
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};
    static const DML_TENSOR_DATA_TYPE narrow[] = {DML_TENSOR_DATA_TYPE_INT8,
                                                  DML_TENSOR_DATA_TYPE_UINT8};

    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        build(wide[i], 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, SPLIT, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, SPLIT, &c.desc);
    }
    for (size_t i = 0; i < VT_COUNT(narrow); ++i)
    {
        build(narrow[i], 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SPLIT, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SPLIT, &c.desc);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(seed_examples_accepted),
    cmocka_unit_test(sp_6_single_output_is_a_copy),
    cmocka_unit_test(sp_1_output_count),
    cmocka_unit_test(huge_output_count_fails_at_the_first_bad_output),
    cmocka_unit_test(sp_2_axis),
    cmocka_unit_test(sp_3_outputs_match_input),
    cmocka_unit_test(sp_4_non_axis_sizes),
    cmocka_unit_test(sp_5_axis_sum),
    cmocka_unit_test(sp_7_exactly_4_dims_below_3_0),
    cmocka_unit_test(data_types_by_level),
};

VT_GROUP("split", tests)

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's SPLIT (fuzz_op.h): the axis cut into 1-4 pieces of at least one slice each. */
#include "fuzz_op.h"

static void generate_split(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    const uint32_t axis = fuzz_rng_below(rng, p->input.rank);
    const uint32_t length = p->input.sizes[axis];
    uint32_t left = length;

    p->axis = axis;
    p->output_count = 1 + fuzz_rng_below(rng, length < 4 ? length : 4);
    for (uint32_t k = 0; k < p->output_count; ++k)
    {
        const uint32_t still = p->output_count - 1 - k; /* pieces after this one */
        const uint32_t piece = still ? 1 + fuzz_rng_below(rng, left - still) : left;

        p->outputs[k] = p->input;
        p->outputs[k].sizes[axis] = piece;
        left -= piece;
    }
}

/* Output k's default shape: its own, or the input's with one slice of the axis. */
static void split_shape(const struct fuzz_params *p, uint32_t k, struct fuzz_shape *shape)
{
    if (k < p->output_count && k < FUZZ_DEFAULT_OUTPUTS)
    {
        *shape = p->outputs[k];
        return;
    }
    *shape = p->input;
    if (p->axis < FUZZ_RANK_MAX)
        shape->sizes[p->axis] = 1;
}

static DML_TENSOR_DESC *split_outputs(struct fuzz_decoder *d, const struct fuzz_params *p,
                                      uint32_t count)
{
    DML_TENSOR_DESC *outputs;
    struct fuzz_shape shape;

    if (!fd_present(d, FF_ARRAY_PTR, 0, 0) || !(outputs = fd_alloc(d, count, sizeof(*outputs))))
        return NULL;
    for (uint32_t k = 0; k < count && k < FUZZ_MAX_OUTPUTS_DRAWN; ++k)
    {
        split_shape(p, k, &shape);
        fd_tensor_into(d, 1 + k, p, &shape, DML_TENSOR_FLAG_NONE, &outputs[k]);
    }
    return outputs;
}

static void *build_split(struct fuzz_decoder *d, const struct fuzz_params *p,
                         DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SPLIT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    desc->InputTensor = c->inputs = fd_tensor(d, 0, p, &p->input, input_flags);
    c->input_count = 1;
    desc->OutputCount = c->output_count = fd_u32(d, FF_OUTPUT_COUNT, 0, 0, p->output_count);
    desc->OutputTensors = c->outputs = split_outputs(d, p, desc->OutputCount);
    desc->Axis = fd_u32(d, FF_AXIS, 0, 0, p->axis);
    return desc;
}

/* Valid ones with options; OutputCount 2^32-1 (the documentation's examples are
 * fuzz_seed_gen.c's). */
static const struct fuzz_seed split_seeds[] = {
    {"split-f32-rank4-shared", 0, 0, FUZZ_OPT_SHARED_BUFFER, F32, RANK(4),
     STRIDES(FUZZ_STRIDES_PACKED, FUZZ_STRIDES_REVERSED), 0x5F5F, 2},
    {"split-i64-rank7-owned-twice", 0, 0, FUZZ_OPT_OWNED_INPUT | FUZZ_OPT_TWICE | FUZZ_OPT_VOLATILE,
     I64, RANK(7), 0, 0x3333333, 5},
    {"split-output-count-max", 0, 0, 0, F32, RANK(1), 0, 0, 0,
     .patches = {SET(FF_OUTPUT_COUNT, 0, 0, 0xFFFFFFFF), SET(FF_SIZE, 0, 0, 0xFFFFFFFF)}},
};

const struct fuzz_op fuzz_op_split = {DML_OPERATOR_SPLIT, generate_split, build_split,
                                      .seeds = split_seeds, .seed_count = FUZZ_COUNT(split_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include <string.h>

#include "gr_op.h"

/* An axis whose size is at least `least` (UINT32_MAX: none). */
static uint32_t pick_axis(struct gr_build *b, uint32_t least)
{
    uint32_t start = gr_next(b->rng, b->in.rank);

    for (uint32_t i = 0; i < b->in.rank; ++i)
        if (b->in.sizes[(start + i) % b->in.rank] >= least)
            return (start + i) % b->in.rank;
    return UINT32_MAX;
}

static IDMLOperator *make_split(struct gr_build *b)
{
    uint32_t axis = pick_axis(b, 2), count, left, sizes[GR_MAX_RANK];
    DML_TENSOR_DESC outs[GR_MAX_NODE_IO];

    if (axis == UINT32_MAX)
        return NULL;
    count = 2 + gr_next(b->rng, 3);
    if (count > b->in.sizes[axis])
        count = b->in.sizes[axis];
    left = b->in.sizes[axis] - count; /* each part gets one, then the rest at random */
    memcpy(sizes, b->in.sizes, sizeof(sizes));
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in);
    for (uint32_t k = 0; k < count; ++k)
    {
        uint32_t extra = k + 1 == count ? left : gr_next(b->rng, left + 1);

        sizes[axis] = 1 + extra;
        left -= extra;
        struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, sizes);
        outs[k] = *gr_output(b, k, &o);
    }
    DML_SPLIT_OPERATOR_DESC desc = {in, count, outs, axis};
    return gr_create(b->device, DML_OPERATOR_SPLIT, &desc);
}

const struct gr_op gr_op_split = {
    .type = DML_OPERATOR_SPLIT, .name = "SPLIT", .draw = 2, .make = make_split, .cap = 8};

#endif

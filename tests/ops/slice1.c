/* SLICE1 (spec 1.1) and SLICE (spec 1.2): a strided window of the input. Its parts (op_part.h): the
 * C reference, each output element from the desc; the validation cases, the seed examples, every
 * rule, the feature-level boundaries and SLICE as a SLICE1 window; no GPU part of its own: the
 * gpu_ops test (tests/gpu_ops) runs its random cases through the whole API; the fuzz part, its
 * builder, valid default and seeds for the fuzzer; the graph part, its maker for the random graph
 * differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* SLICE and SLICE1: each output element is one input element. */
#include "ref_internal.h"

static void slice1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SLICE1_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* S1-8: in[start + stride * c], start the window's offset, or its last element for a negative
 * stride. */
static void slice1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SLICE1_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->DimensionCount; ++d)
    {
        int64_t start = op->InputWindowOffsets[d];
        if (op->InputWindowStrides[d] < 0)
            start += op->InputWindowSizes[d] - 1;
        i[d] = start + (int64_t)op->InputWindowStrides[d] * c[d];
    }
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_slice1 = {DML_OPERATOR_SLICE1, slice1_tensors, NULL, slice1_element};

static void slice_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_SLICE_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* SL-4: Out[c] = In[Offsets + Strides * c]. */
static void slice_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_SLICE_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->DimensionCount; ++d)
        i[d] = op->Offsets[d] + (int64_t)op->Strides[d] * c[d];
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

const struct ref_entry ref_slice = {DML_OPERATOR_SLICE, slice_tensors, NULL, slice_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* SLICE1 (spec 1.1) and SLICE (spec 1.2): the seed examples, every rule, the feature-level
 * boundaries, and SLICE expressed as a SLICE1 window. */
#include "vt.h"

#include <string.h>

#define SLICE1 DML_OPERATOR_SLICE1
#define SLICE DML_OPERATOR_SLICE
#define F32 DML_TENSOR_DATA_TYPE_FLOAT32

static struct vt_slice1 c;

/* The seeds' input {1,1,4,4} and example 1: offsets {0,0,0,1}, sizes {1,1,4,3}, strides
 * {1,1,2,2}, output {1,1,2,2}. */
static void seed(DML_TENSOR_DATA_TYPE type)
{
    vt_slice1_identity(&c, type, 4, (UINT[]){1, 1, 4, 4});
    vt_tensor_init(&c.out, type, 4, (UINT[]){1, 1, 2, 2});
    memcpy(c.offsets, (UINT[]){0, 0, 0, 1}, 4 * sizeof(UINT));
    memcpy(c.sizes, (UINT[]){1, 1, 4, 3}, 4 * sizeof(UINT));
    memcpy(c.strides, (INT[]){1, 1, 2, 2}, 4 * sizeof(INT));
}

static void seed_examples_accepted(void **state)
{
    struct dml_op_def def;

    seed(F32);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SLICE1, &c.desc);
    c.strides[2] = -2; /* example 2 */
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SLICE1, &c.desc);
    assert_int_equal(vt_validate(VT_FL_MAX, SLICE1, &c.desc, &def, NULL), S_OK);
    assert_memory_equal(def.u.slice.offsets, ((uint32_t[]){0, 0, 0, 1}), 16);
    assert_memory_equal(def.u.slice.sizes, ((uint32_t[]){1, 1, 4, 3}), 16);
    assert_memory_equal(def.u.slice.strides, ((int32_t[]){1, 1, -2, 2}), 16);
    dml_op_def_cleanup(&def);
}

static void s1_3_desc_dimension_count(void **state)
{
    seed(F32);
    c.desc.DimensionCount = 3;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_DESC_DIMENSION_COUNT);
    c.desc.DimensionCount = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_DESC_DIMENSION_COUNT);
}

static void s1_4_arrays_not_null(void **state)
{
    seed(F32);
    c.desc.InputWindowOffsets = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_DESC_ARRAY_NULL);
    seed(F32);
    c.desc.InputWindowSizes = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_DESC_ARRAY_NULL);
    seed(F32);
    c.desc.InputWindowStrides = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_DESC_ARRAY_NULL);
}

static void s1_5_window_size_zero(void **state)
{
    seed(F32);
    c.sizes[0] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_S1_5_WINDOW_SIZE_ZERO);
}

static void s1_5_window_out_of_bounds(void **state)
{
    seed(F32);
    c.offsets[3] = 2; /* 2 + 3 > 4 */
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_S1_5_WINDOW_OUT_OF_BOUNDS);
    seed(F32);
    c.offsets[3] = 0;
    c.sizes[3] = 4; /* 0 + 4 == 4: the whole row */
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
    /* Wraps to 1 in 32 bits. */
    seed(F32);
    c.offsets[2] = UINT32_MAX;
    c.sizes[2] = 2;
    c.strides[2] = 1;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_S1_5_WINDOW_OUT_OF_BOUNDS);
}

static void s1_6_window_stride_zero(void **state)
{
    seed(F32);
    c.strides[1] = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_S1_6_WINDOW_STRIDE_ZERO);
}

static void s1_7_output_size(void **state)
{
    seed(F32);
    c.out.sizes[3] = 3; /* window 3, stride 2: at most 2 */
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_S1_7_OUTPUT_SIZE);
    seed(F32);
    c.strides[3] = -3; /* |stride| counts: at most 1 */
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE1, &c.desc, DML_RULE_S1_7_OUTPUT_SIZE);
    /* The output need not reach the end of the window. */
    seed(F32);
    c.out.sizes[3] = 1;
    vt_tensor_strides(&c.out, NULL);
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
    c.strides[3] = INT32_MIN;
    VT_EXPECT_OK(VT_FL_MAX, SLICE1, &c.desc);
}

static void s1_1_absent_below_2_1(void **state)
{
    seed(F32);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SLICE1, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_1_0, SLICE1, &c.desc, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SLICE1, &c.desc);
}

static void identity_rank(DML_OPERATOR_TYPE type, UINT rank, DML_TENSOR_DATA_TYPE data_type);

static void s1_3_dimension_counts_by_level(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        identity_rank(SLICE1, rank, F32);
        if (rank == 4 || rank == 5)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, SLICE1, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SLICE1, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SLICE1, &c.desc);
    }
}

/* SLICE (v0): in {1,1,4,4}, offsets {0,0,0,1}, sizes {1,1,2,2}, strides {1,1,2,2}. */
struct slice_case
{
    struct vt_tensor in, out;
    UINT offsets[DML_MAX_RANK], sizes[DML_MAX_RANK], strides[DML_MAX_RANK];
    DML_SLICE_OPERATOR_DESC desc;
};

static struct slice_case s;

static void slice_seed(void)
{
    memset(&s, 0, sizeof(s));
    vt_tensor_init(&s.in, F32, 4, (UINT[]){1, 1, 4, 4});
    vt_tensor_init(&s.out, F32, 4, (UINT[]){1, 1, 2, 2});
    memcpy(s.offsets, (UINT[]){0, 0, 0, 1}, 4 * sizeof(UINT));
    memcpy(s.sizes, (UINT[]){1, 1, 2, 2}, 4 * sizeof(UINT));
    memcpy(s.strides, (UINT[]){1, 1, 2, 2}, 4 * sizeof(UINT));
    s.desc = (DML_SLICE_OPERATOR_DESC){&s.in.desc, &s.out.desc, 4, s.offsets, s.sizes, s.strides};
}

static void slice_as_window(void **state)
{
    struct dml_op_def def;

    slice_seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, SLICE, &s.desc);
    assert_int_equal(vt_validate(VT_FL_MAX, SLICE, &s.desc, &def, NULL), S_OK);
    assert_int_equal(def.type, DML_OPERATOR_SLICE);
    assert_memory_equal(def.u.slice.offsets, ((uint32_t[]){0, 0, 0, 1}), 16);
    assert_memory_equal(def.u.slice.sizes, ((uint32_t[]){1, 1, 3, 3}), 16);
    assert_memory_equal(def.u.slice.strides, ((int32_t[]){1, 1, 2, 2}), 16);
    dml_op_def_cleanup(&def);
}

static void slice_rules(void **state)
{
    slice_seed();
    s.desc.DimensionCount = 2;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE, &s.desc, DML_RULE_DESC_DIMENSION_COUNT);
    slice_seed();
    s.desc.Strides = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE, &s.desc, DML_RULE_DESC_ARRAY_NULL);
    slice_seed();
    s.sizes[3] = 1;
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE, &s.desc, DML_RULE_SL_2_SIZE_MISMATCH);
    slice_seed();
    s.strides[2] = 0; /* D7 */
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE, &s.desc, DML_RULE_SL_3_STRIDE_ZERO);
    slice_seed();
    s.offsets[3] = 2; /* 2 + 2 * 1 == 4: one past the end */
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE, &s.desc, DML_RULE_SL_3_OUT_OF_BOUNDS);
    slice_seed();
    s.strides[3] = 3; /* 1 + 3 * 1 == 4 */
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE, &s.desc, DML_RULE_SL_3_OUT_OF_BOUNDS);
    slice_seed();
    s.strides[2] = 3; /* 0 + 3 * 1 == 3: the last row */
    VT_EXPECT_OK(VT_FL_MAX, SLICE, &s.desc);
}

static void slice_stride_range(void **state)
{
    /* A 1-D UINT8 input of 2^31 + 2 elements read at 0 and 2^31. */
    memset(&s, 0, sizeof(s));
    vt_tensor_init(&s.in, DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){0x80000002u});
    vt_tensor_init(&s.out, DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){2});
    s.sizes[0] = 2;
    s.strides[0] = 0x80000000u;
    s.desc = (DML_SLICE_OPERATOR_DESC){&s.in.desc, &s.out.desc, 1, s.offsets, s.sizes, s.strides};
    VT_EXPECT_REJECT(VT_FL_MAX, SLICE, &s.desc, DML_RULE_SL_3_STRIDE_RANGE);
    s.strides[0] = INT32_MAX;
    VT_EXPECT_OK(VT_FL_MAX, SLICE, &s.desc);
    /* A huge stride on a dimension of size 1 is irrelevant. */
    s.sizes[0] = 1;
    s.strides[0] = UINT32_MAX;
    vt_tensor_init(&s.out, DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){1});
    VT_EXPECT_OK(VT_FL_MAX, SLICE, &s.desc);
}

/* A copy of an input of the given rank (sizes 2, 1, 3, 1, ...), as SLICE or SLICE1. */
static void identity_rank(DML_OPERATOR_TYPE type, UINT rank, DML_TENSOR_DATA_TYPE data_type)
{
    UINT sizes[DML_MAX_RANK] = {0};

    for (UINT i = 0; i < rank; ++i)
        sizes[i] = i % 2 ? 1 : 2 + i;
    vt_slice1_identity(&c, data_type, rank, sizes);
    if (type == SLICE)
    {
        memset(&s, 0, sizeof(s));
        vt_tensor_init(&s.in, data_type, rank, sizes);
        vt_tensor_init(&s.out, data_type, rank, sizes);
        for (UINT i = 0; i < rank; ++i)
        {
            s.sizes[i] = sizes[i];
            s.strides[i] = 1;
        }
        s.desc =
            (DML_SLICE_OPERATOR_DESC){&s.in.desc, &s.out.desc, rank, s.offsets, s.sizes, s.strides};
    }
}

static const void *identity_desc(DML_OPERATOR_TYPE type)
{
    return type == SLICE ? (const void *)&s.desc : (const void *)&c.desc;
}

static void slice_dimension_counts_by_level(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        identity_rank(SLICE, rank, F32);
        if (rank == 4 || rank == 5)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, SLICE, &s.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, SLICE, &s.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, SLICE, &s.desc);
    }
}

/* 8-bit types from 2.1 (SLICE; SLICE1 starts there), 64-bit types from 4.1, for both. */
static void data_types_by_level(void **state)
{
    static const DML_OPERATOR_TYPE types[] = {SLICE, SLICE1};
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};

    for (size_t t = 0; t < VT_COUNT(types); ++t)
    {
        for (size_t i = 0; i < VT_COUNT(wide); ++i)
        {
            identity_rank(types[t], 4, wide[i]);
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, types[t], identity_desc(types[t]),
                             DML_RULE_FL_DATA_TYPE);
            VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, types[t], identity_desc(types[t]));
        }
        identity_rank(types[t], 4, DML_TENSOR_DATA_TYPE_INT8);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, types[t], identity_desc(types[t]));
    }
    identity_rank(SLICE, 4, DML_TENSOR_DATA_TYPE_UINT8);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, SLICE, &s.desc, DML_RULE_FL_DATA_TYPE);
    identity_rank(SLICE, 4, DML_TENSOR_DATA_TYPE_UINT16);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, SLICE, &s.desc);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(seed_examples_accepted),
    cmocka_unit_test(s1_3_desc_dimension_count),
    cmocka_unit_test(s1_4_arrays_not_null),
    cmocka_unit_test(s1_5_window_size_zero),
    cmocka_unit_test(s1_5_window_out_of_bounds),
    cmocka_unit_test(s1_6_window_stride_zero),
    cmocka_unit_test(s1_7_output_size),
    cmocka_unit_test(s1_1_absent_below_2_1),
    cmocka_unit_test(s1_3_dimension_counts_by_level),
    cmocka_unit_test(slice_as_window),
    cmocka_unit_test(slice_rules),
    cmocka_unit_test(slice_stride_range),
    cmocka_unit_test(slice_dimension_counts_by_level),
    cmocka_unit_test(data_types_by_level),
};

VT_GROUP("slice", tests)

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's SLICE1 and SLICE (fuzz_op.h): windows inside the input, strides 1-3 (SLICE1's of
 * alternating sign with FUZZ_OPT_NEGATIVE). */
#include "fuzz_op.h"

static void generate_slice(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        const uint32_t size = p->input.sizes[i];
        const uint32_t offset = fuzz_rng_below(rng, size);
        const uint32_t stride = 1 + fuzz_rng_below(rng, 3);
        const uint32_t count = 1 + fuzz_rng_below(rng, 1 + (size - 1 - offset) / stride);

        p->arrays[0][i] = offset;
        p->arrays[1][i] = count;
        p->arrays[2][i] = stride;
        p->outputs[0].sizes[i] = count;
    }
}

static void *build_slice1(struct fuzz_decoder *d, const struct fuzz_params *p,
                          DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SLICE1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->DimensionCount = fd_dimension_count(d, p);
    desc->InputWindowOffsets = fd_desc_array(d, p, 0, desc->DimensionCount);
    desc->InputWindowSizes = fd_desc_array(d, p, 1, desc->DimensionCount);
    desc->InputWindowStrides = (const INT *)fd_desc_array(d, p, 2, desc->DimensionCount);
    return desc;
}

static void *build_slice(struct fuzz_decoder *d, const struct fuzz_params *p,
                         DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SLICE_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->DimensionCount = fd_dimension_count(d, p);
    desc->Offsets = fd_desc_array(d, p, 0, desc->DimensionCount);
    desc->Sizes = fd_desc_array(d, p, 1, desc->DimensionCount);
    desc->Strides = fd_desc_array(d, p, 2, desc->DimensionCount);
    return desc;
}

/* Valid ones over types, ranks and layouts; strides 2^31 and 0 (the documentation's SLICE1
 * examples are fuzz_seed_gen.c's). */
static const struct fuzz_seed slice1_seeds[] = {
    {"slice1-int8-rank1", 0, 0, 0, I8, RANK(1), 0, 0xF, 7},
    {"slice1-f16-rank3-negative", 0, 0, FUZZ_OPT_NEGATIVE, F16, RANK(3), 0, 0x9AB, 1},
    {"slice1-f64-rank8-reversed-padded", 0, 0, FUZZ_OPT_NEGATIVE, F64, RANK(8),
     STRIDES(FUZZ_STRIDES_REVERSED, FUZZ_STRIDES_PADDED), 0x12121212, 3},
};

static const struct fuzz_seed slice_seeds[] = {
    {"slice-u8-rank5-broadcast", 0, 0, 0, U8, RANK(5), STRIDES(FUZZ_STRIDES_BROADCAST, 0), 0x54321,
     9},
    {"slice-int64-rank2-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, I64, RANK(2), 0, 0xDE, 4},
    {"slice-stride-2p31", 0, 0, 0, F32, RANK(1), 0, 0, 0,
     .patches = {SET(FF_SIZE, 0, 0, 0x80000001), SET(FF_ARRAY, 1, 0, 2),
                 SET(FF_ARRAY, 2, 0, 0x80000000), SET(FF_SIZE, 1, 0, 2)}},
    {"slice-stride-0", 0, 0, 0, F32, RANK(2), 0, 0x44, 0, .patches = {SET(FF_ARRAY, 2, 1, 0)}},
};

const struct fuzz_op fuzz_op_slice1 = {DML_OPERATOR_SLICE1, fp_slice1_windows, build_slice1,
                                       .seeds = slice1_seeds,
                                       .seed_count = FUZZ_COUNT(slice1_seeds)};
const struct fuzz_op fuzz_op_slice = {DML_OPERATOR_SLICE, generate_slice, build_slice,
                                      .seeds = slice_seeds, .seed_count = FUZZ_COUNT(slice_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

static IDMLOperator *make_slice1(struct gr_build *b)
{
    UINT offsets[GR_MAX_RANK], windows[GR_MAX_RANK];
    INT strides[GR_MAX_RANK];
    uint32_t out[GR_MAX_RANK];
    bool reversed = false;

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        uint32_t n = b->in.sizes[d], m = 1 + gr_next(b->rng, 3);

        windows[d] = 1 + gr_next(b->rng, n);
        offsets[d] = gr_next(b->rng, n - windows[d] + 1);
        strides[d] = gr_next(b->rng, 3) ? (INT)m : -(INT)m;
        reversed |= strides[d] < 0 && windows[d] > 1;
        out[d] = 1 + (windows[d] - 1) / m;
    }
    if (reversed)
        gr_count(b, GR_STAT_REVERSED_SLICES);
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, out);
    DML_SLICE1_OPERATOR_DESC desc = {
        gr_tensor(b, &b->in), gr_output(b, 0, &o), b->in.rank, offsets, windows, strides};
    return gr_create(b->device, DML_OPERATOR_SLICE1, &desc);
}

static IDMLOperator *make_slice(struct gr_build *b)
{
    UINT offsets[GR_MAX_RANK], sizes[GR_MAX_RANK], strides[GR_MAX_RANK];
    uint32_t out[GR_MAX_RANK];

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        uint32_t n = b->in.sizes[d];

        strides[d] = 1 + gr_next(b->rng, 3);
        sizes[d] = out[d] = 1 + gr_next(b->rng, 1 + (n - 1) / strides[d]);
        offsets[d] = gr_next(b->rng, n - (sizes[d] - 1) * strides[d]);
    }
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, out);
    DML_SLICE_OPERATOR_DESC desc = {
        gr_tensor(b, &b->in), gr_output(b, 0, &o), b->in.rank, offsets, sizes, strides};
    return gr_create(b->device, DML_OPERATOR_SLICE, &desc);
}

const struct gr_op gr_op_slice1 = {
    .type = DML_OPERATOR_SLICE1, .name = "SLICE1", .draw = 0, .make = make_slice1};

const struct gr_op gr_op_slice = {
    .type = DML_OPERATOR_SLICE, .name = "SLICE", .draw = 1, .make = make_slice};

#endif

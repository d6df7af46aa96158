/* PADDING (spec 1.5) and PADDING1 (spec 1.6): the input inside a border of a constant, edge,
 * reflected or symmetric values. Its parts (op_part.h): the C reference, each output element from
 * the desc; the validation cases, the seed examples, every rule, the feature-level boundaries and
 * how the padding value is kept; no GPU part of its own: the gpu_ops test (tests/gpu_ops) runs its
 * random cases through the whole API; the fuzz part, its builder, valid default and seeds for the
 * fuzzer; the graph part, its maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* PADDING and PADDING1 (P-7 with D9, D10): per dimension, the input coordinate of
 * x = c - StartPadding, or the padding value. The formulas are written here again, on purpose,
 * apart from the library's (src/plan_map.h, shaders/dmlops_map.glsl): this is what checks them. */
#include <string.h>

#include "ref_internal.h"

static int64_t ref_mod(int64_t x, int64_t p)
{
    return ((x % p) + p) % p;
}

/* Input index for x in an input of extent n, or -1 for the value. */
static int64_t pad_index(DML_PADDING_MODE mode, int64_t x, int64_t n)
{
    switch (mode)
    {
    case DML_PADDING_MODE_CONSTANT:
        return x >= 0 && x < n ? x : -1;
    case DML_PADDING_MODE_EDGE:
        return x < 0 ? 0 : x > n - 1 ? n - 1 : x;
    case DML_PADDING_MODE_REFLECTION:
    {
        if (n == 1)
            return 0;
        int64_t m = ref_mod(x, 2 * (n - 1));
        return m < n ? m : 2 * (n - 1) - m;
    }
    case DML_PADDING_MODE_SYMMETRIC:
    {
        int64_t m = ref_mod(x, 2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    default:
        return ref_mod(x, n); /* WRAP */
    }
}

struct padding
{
    const DML_TENSOR_DESC *input;
    DML_PADDING_MODE mode;
    uint32_t rank;
    const UINT *start;
    uint64_t value; /* the output element's bits */
};

static void padding_element(const struct padding *op, const void *input, const int64_t *c,
                            void *bytes)
{
    const DML_BUFFER_TENSOR_DESC *in = op->input->Desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->rank; ++d)
    {
        i[d] = pad_index(op->mode, c[d] - op->start[d], in->Sizes[d]);
        if (i[d] < 0)
        {
            memcpy(bytes, &op->value, ref_element_size(in->DataType)); /* little-endian */
            return;
        }
    }
    ref_read(op->input, input, i, bytes);
}

static void padding_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_PADDING_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* PADDING: the FLOAT value converted to the output's type (D4). */
static bool padding_float_init(struct ref_output *out)
{
    const DML_PADDING_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *output = op->OutputTensor->Desc;
    out->value = ref_float_to_element(op->PaddingValue, output->DataType);
    return true;
}

static void padding_float_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_PADDING_OPERATOR_DESC *op = out->desc;
    struct padding run = {op->InputTensor, op->PaddingMode, op->DimensionCount, op->StartPadding,
                          out->value};
    padding_element(&run, out->inputs[0], c, bytes);
}

const struct ref_entry ref_padding = {DML_OPERATOR_PADDING, padding_tensors, padding_float_init,
                                      padding_float_element};

static void padding1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_PADDING1_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* PADDING1 (D5): the union holds the bits of PaddingValueDataType in its low bytes. */
static void padding1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_PADDING1_OPERATOR_DESC *op = out->desc;
    struct padding run = {op->InputTensor, op->PaddingMode, op->DimensionCount, op->StartPadding,
                          0};
    memcpy(&run.value, op->PaddingValue.Bytes, ref_element_size(op->PaddingValueDataType));
    padding_element(&run, out->inputs[0], c, bytes);
}

const struct ref_entry ref_padding1 = {DML_OPERATOR_PADDING1, padding1_tensors, NULL,
                                       padding1_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* PADDING (spec 1.5) and PADDING1 (spec 1.6): the seed examples, every rule, the feature-level
 * boundaries of dimensions, data types and modes, and how the padding value is kept. */
#include "vt.h"

#include <string.h>

#define PADDING DML_OPERATOR_PADDING
#define PADDING1 DML_OPERATOR_PADDING1
#define F32 DML_TENSOR_DATA_TYPE_FLOAT32

static struct vt_padding c;

static void seed_examples_accepted(void **state)
{
    static const DML_PADDING_MODE modes[] = {DML_PADDING_MODE_CONSTANT, DML_PADDING_MODE_EDGE,
                                             DML_PADDING_MODE_REFLECTION};

    for (size_t i = 0; i < VT_COUNT(modes); ++i)
    {
        vt_padding_seed(&c, F32, modes[i]);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, PADDING, &c.desc);
    }
    /* Example 4 is "from DML_FEATURE_LEVEL_3_0". */
    vt_padding_seed(&c, F32, DML_PADDING_MODE_SYMMETRIC);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, PADDING, &c.desc);
}

static void padding_def(void **state)
{
    struct dml_op_def def;

    vt_padding_seed(&c, DML_TENSOR_DATA_TYPE_INT16, DML_PADDING_MODE_EDGE);
    c.desc.PaddingValue = -2.5f;
    assert_int_equal(vt_validate(VT_FL_MAX, PADDING, &c.desc, &def, NULL), S_OK);
    assert_int_equal(def.elem_size, 2);
    assert_int_equal(def.u.padding.mode, DML_PADDING_MODE_EDGE);
    assert_memory_equal(def.u.padding.start, ((uint32_t[]){0, 0, 1, 2}), 16);
    assert_memory_equal(def.u.padding.end, ((uint32_t[]){0, 0, 3, 4}), 16);
    /* PADDING's FLOAT stays a FLOAT32 scalar; lowering converts it (D4). */
    assert_int_equal(def.u.padding.value_type, DML_TENSOR_DATA_TYPE_FLOAT32);
    assert_true(def.u.padding.value.Float32 == -2.5f);
    dml_op_def_cleanup(&def);

    vt_padding_seed(&c, DML_TENSOR_DATA_TYPE_UINT64, DML_PADDING_MODE_CONSTANT);
    c.desc1.PaddingValue.UInt64 = UINT64_C(0x0123456789abcdef);
    assert_int_equal(vt_validate(VT_FL_MAX, PADDING1, &c.desc1, &def, NULL), S_OK);
    assert_int_equal(def.type, DML_OPERATOR_PADDING1);
    assert_int_equal(def.u.padding.value_type, DML_TENSOR_DATA_TYPE_UINT64);
    assert_int_equal(def.u.padding.value.UInt64, UINT64_C(0x0123456789abcdef));
    dml_op_def_cleanup(&def);
}

static void p_1_desc_fields(void **state)
{
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    c.desc.DimensionCount = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING, &c.desc, DML_RULE_DESC_DIMENSION_COUNT);
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    c.desc.StartPadding = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING, &c.desc, DML_RULE_DESC_ARRAY_NULL);
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    c.desc1.EndPadding = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING1, &c.desc1, DML_RULE_DESC_ARRAY_NULL);
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
}

static void p_2_output_size(void **state)
{
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    c.end[3] = 5;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING, &c.desc, DML_RULE_P_2_OUTPUT_SIZE);
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    c.start[0] = 1;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING1, &c.desc1, DML_RULE_P_2_OUTPUT_SIZE);
    /* 4 + (2^32 - 1) + 1 wraps to 4 in 32 bits. */
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    vt_tensor_init(&c.out, F32, 4, (UINT[]){1, 1, 8, 4});
    c.start[3] = UINT32_MAX;
    c.end[3] = 1;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING, &c.desc, DML_RULE_P_2_OUTPUT_SIZE);
}

static void p_5_padding_larger_than_input(void **state)
{
    vt_padding_seed(&c, F32, DML_PADDING_MODE_REFLECTION);
    vt_tensor_init(&c.out, F32, 4, (UINT[]){1, 1, 4 + 9 + 5, 4 + 7 + 8});
    memcpy(c.start, (UINT[]){0, 0, 9, 7}, 4 * sizeof(UINT));
    memcpy(c.end, (UINT[]){0, 0, 5, 8}, 4 * sizeof(UINT));
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, PADDING, &c.desc);
}

static void p_3_padding_mode(void **state)
{
    static const DML_PADDING_MODE bad[] = {(DML_PADDING_MODE)5, (DML_PADDING_MODE)0x7fffffff,
                                           (DML_PADDING_MODE)0xffffffffu};

    for (size_t i = 0; i < VT_COUNT(bad); ++i)
    {
        vt_padding_seed(&c, F32, bad[i]);
        VT_EXPECT_REJECT(VT_FL_MAX, PADDING, &c.desc, DML_RULE_P_3_PADDING_MODE);
        VT_EXPECT_REJECT(VT_FL_MAX, PADDING1, &c.desc1, DML_RULE_P_3_PADDING_MODE);
    }
}

static void symmetric_from_3_0_wrap_from_6_4(void **state)
{
    vt_padding_seed(&c, F32, DML_PADDING_MODE_SYMMETRIC);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, PADDING, &c.desc, DML_RULE_FL_PADDING_MODE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, PADDING, &c.desc);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, PADDING1, &c.desc1);
    vt_padding_seed(&c, F32, DML_PADDING_MODE_WRAP);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_6_3, PADDING, &c.desc, DML_RULE_FL_PADDING_MODE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_6_4, PADDING, &c.desc);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_6_3, PADDING1, &c.desc1, DML_RULE_FL_PADDING_MODE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_6_4, PADDING1, &c.desc1);
}

static void dimension_counts_by_level(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        vt_padding_rank(&c, F32, rank);
        if (rank == 4 || rank == 5)
        {
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, PADDING, &c.desc);
            VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, PADDING, &c.desc);
        }
        else
        {
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, PADDING, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        }
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, PADDING, &c.desc);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, PADDING1, &c.desc1);
    }
}

static void data_types_by_level(void **state)
{
    static const DML_TENSOR_DATA_TYPE six[] = {
        DML_TENSOR_DATA_TYPE_INT32,  DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT32,
        DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_INT8,  DML_TENSOR_DATA_TYPE_UINT8};
    static const DML_TENSOR_DATA_TYPE wide[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64};

    vt_padding_seed(&c, DML_TENSOR_DATA_TYPE_FLOAT16, DML_PADDING_MODE_CONSTANT);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, PADDING, &c.desc);
    /* FL 1.0 is float-only; integers arrive at 2.1. */
    for (size_t i = 0; i < VT_COUNT(six); ++i)
    {
        vt_padding_seed(&c, six[i], DML_PADDING_MODE_CONSTANT);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, PADDING, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, PADDING, &c.desc);
    }
    for (size_t i = 0; i < VT_COUNT(wide); ++i)
    {
        vt_padding_seed(&c, wide[i], DML_PADDING_MODE_CONSTANT);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, PADDING, &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, PADDING, &c.desc);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, PADDING1, &c.desc1);
    }
}

static void padding1_absent_below_5_0(void **state)
{
    vt_padding_seed(&c, F32, DML_PADDING_MODE_CONSTANT);
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, PADDING1, &c.desc1, DML_RULE_FL_OPERATOR);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, PADDING1, &c.desc1);
}

static void p1_2_value_type(void **state)
{
    vt_padding_seed(&c, DML_TENSOR_DATA_TYPE_INT32, DML_PADDING_MODE_CONSTANT);
    c.desc1.PaddingValueDataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING1, &c.desc1, DML_RULE_P1_2_VALUE_TYPE);
    c.desc1.PaddingValueDataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    VT_EXPECT_REJECT(VT_FL_MAX, PADDING1, &c.desc1, DML_RULE_P1_2_VALUE_TYPE);
    c.desc1.PaddingValueDataType = DML_TENSOR_DATA_TYPE_INT32;
    VT_EXPECT_OK(VT_FL_MAX, PADDING1, &c.desc1);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(seed_examples_accepted),
    cmocka_unit_test(padding_def),
    cmocka_unit_test(p_1_desc_fields),
    cmocka_unit_test(p_2_output_size),
    cmocka_unit_test(p_5_padding_larger_than_input),
    cmocka_unit_test(p_3_padding_mode),
    cmocka_unit_test(symmetric_from_3_0_wrap_from_6_4),
    cmocka_unit_test(dimension_counts_by_level),
    cmocka_unit_test(data_types_by_level),
    cmocka_unit_test(padding1_absent_below_5_0),
    cmocka_unit_test(p1_2_value_type),
};

VT_GROUP("padding", tests)

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's PADDING and PADDING1 (fuzz_op.h): any mode, 0-3 elements on each side, any value
 * bits. */
#include <string.h>

#include "fuzz_op.h"

static void generate_padding(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    p->mode = fuzz_rng_below(rng, 5);
    p->value = fuzz_rng_next(rng);
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        p->arrays[0][i] = fuzz_rng_below(rng, 4);
        p->arrays[1][i] = fuzz_rng_below(rng, 4);
        p->outputs[0].sizes[i] = p->input.sizes[i] + p->arrays[0][i] + p->arrays[1][i];
    }
}

static void *build_padding(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_PADDING_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    uint32_t bits;

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->PaddingMode = (DML_PADDING_MODE)fd_u32(d, FF_MODE, 0, 0, p->mode);
    bits = (uint32_t)fd_u64(d, FF_VALUE, 0, 0, p->value);
    memcpy(&desc->PaddingValue, &bits, sizeof(bits));
    desc->DimensionCount = fd_dimension_count(d, p);
    desc->StartPadding = fd_desc_array(d, p, 0, desc->DimensionCount);
    desc->EndPadding = fd_desc_array(d, p, 1, desc->DimensionCount);
    return desc;
}

static void *build_padding1(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_PADDING1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->PaddingMode = (DML_PADDING_MODE)fd_u32(d, FF_MODE, 0, 0, p->mode);
    desc->PaddingValueDataType = fd_value_type(d, p);
    desc->PaddingValue.UInt64 = fd_u64(d, FF_VALUE, 0, 0, p->value);
    desc->DimensionCount = fd_dimension_count(d, p);
    desc->StartPadding = fd_desc_array(d, p, 0, desc->DimensionCount);
    desc->EndPadding = fd_desc_array(d, p, 1, desc->DimensionCount);
    return desc;
}

/* Valid ones over types, ranks, layouts and options; a NaN value on INT8, a value type that
 * differs (the documentation's examples are fuzz_seed_gen.c's). */
static const struct fuzz_seed padding_seeds[] = {
    {"padding-f16-rank5", FUZZ_LEVEL_3_0, 0, 0, F16, RANK(5), 0, 0x31313, 6},
    {"padding-u8-rank8-wrap", 0, 0, FUZZ_OPT_SHARED_BUFFER, U8, RANK(8),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x22222222, 4},
    {"input-broadcast-output-padded", 0, 0, FUZZ_OPT_TWICE, F16, RANK(3),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x5A7, 3},
    {"padding-value-nan-int8", 0, 0, 0, I8, RANK(4), 0, 0x1234, 0,
     .patches = {SET(FF_VALUE, 0, 0, 0x7FC00000), SET(FF_MODE, 0, 0, 0)}},
};

static const struct fuzz_seed padding1_seeds[] = {
    {"padding1-f64-rank2-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, F64, RANK(2), 0, 0x77, 11},
    {"padding1-i8-rank6-twice", 0, 0, FUZZ_OPT_TWICE, I8, RANK(6), 0, 0x212121, 12},
    {"padding1-value-type-mismatch", 0, 0, 0, F32, RANK(3), 0, 0x456, 1,
     .patches = {SET(FF_VALUE_TYPE, 0, 0, 2)}},
};

const struct fuzz_op fuzz_op_padding = {DML_OPERATOR_PADDING, generate_padding, build_padding,
                                        .seeds = padding_seeds,
                                        .seed_count = FUZZ_COUNT(padding_seeds)};
const struct fuzz_op fuzz_op_padding1 = {DML_OPERATOR_PADDING1, generate_padding, build_padding1,
                                         .seeds = padding1_seeds,
                                         .seed_count = FUZZ_COUNT(padding1_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* PADDING or PADDING1 of up to 2 elements each side on up to three dims; a mode that would read
 * past a short dim (reflection: pad < size; symmetric and wrap: pad <= size) becomes CONSTANT. */
static IDMLOperator *make_pad(struct gr_build *b)
{
    bool v1 = b->node->type == DML_OPERATOR_PADDING1;
    UINT start[GR_MAX_RANK] = {0}, end[GR_MAX_RANK] = {0};
    uint32_t out[GR_MAX_RANK], padded = 0;
    DML_PADDING_MODE mode = (DML_PADDING_MODE)gr_next(b->rng, 5);
    uint64_t count = 1;

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        if (padded < 3 && gr_next(b->rng, 2))
        {
            start[d] = gr_next(b->rng, 3);
            end[d] = gr_next(b->rng, 3);
            padded += start[d] || end[d];
        }
        if ((mode == DML_PADDING_MODE_REFLECTION &&
             (start[d] >= b->in.sizes[d] || end[d] >= b->in.sizes[d])) ||
            ((mode == DML_PADDING_MODE_SYMMETRIC || mode == DML_PADDING_MODE_WRAP) &&
             (start[d] > b->in.sizes[d] || end[d] > b->in.sizes[d])))
            mode = DML_PADDING_MODE_CONSTANT;
        out[d] = b->in.sizes[d] + start[d] + end[d];
        count *= out[d];
    }
    if (count * gr_type_size(b->in.type) > GR_MAX_BYTES)
        return NULL;
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, out);
    if (v1)
    {
        DML_SCALAR_UNION value;

        for (size_t i = 0; i < sizeof(value.Bytes); ++i)
            value.Bytes[i] = (BYTE)gr_next(b->rng, 256);
        DML_PADDING1_OPERATOR_DESC desc = {gr_tensor(b, &b->in),
                                           gr_output(b, 0, &o),
                                           mode,
                                           b->in.type,
                                           value,
                                           b->in.rank,
                                           start,
                                           end};
        return gr_create(b->device, DML_OPERATOR_PADDING1, &desc);
    }
    DML_PADDING_OPERATOR_DESC desc = {gr_tensor(b, &b->in),
                                      gr_output(b, 0, &o),
                                      mode,
                                      (FLOAT)gr_next(b->rng, 100) - 20.5f,
                                      b->in.rank,
                                      start,
                                      end};
    return gr_create(b->device, DML_OPERATOR_PADDING, &desc);
}

const struct gr_op gr_op_padding = {
    .type = DML_OPERATOR_PADDING, .name = "PADDING", .draw = 3, .make = make_pad, .grows = true};

const struct gr_op gr_op_padding1 = {
    .type = DML_OPERATOR_PADDING1, .name = "PADDING1", .draw = 4, .make = make_pad, .grows = true};

#endif

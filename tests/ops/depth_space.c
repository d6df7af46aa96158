/* DEPTH_TO_SPACE, DEPTH_TO_SPACE1, SPACE_TO_DEPTH and SPACE_TO_DEPTH1 (datamove-family 10): blocks
 * of BlockSize x BlockSize spatial elements moved to or from the channel dim. Its parts
 * (op_part.h): the C reference, each output element from the desc; the validation cases, every rule
 * and the feature-level boundaries of the four operators; the GPU random differential, seeded
 * random cases on the GPU and through plan_exec bit-exact against the reference, all four operators
 * in both orders; the fuzz part, its builder, valid default and seeds for the fuzzer; the graph
 * part, its maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* DEPTH_TO_SPACE(1) and SPACE_TO_DEPTH(1), read literally: the space tensor {N, C', H*B, W*B}'s
 * element (n, c, h*B+i, w*B+j) is the depth tensor {N, C'*B*B, H, W}'s element (n, ch, h, w) with
 * ch = (i*B + j)*C' + c (DEPTH_COLUMN_ROW, the only order of the first versions) or
 * c*B*B + i*B + j (COLUMN_ROW_DEPTH). DEPTH_TO_SPACE copies depth to space, SPACE_TO_DEPTH the
 * other way. The four descs share DEPTH_TO_SPACE1's layout up to Order. */
#include "ref_internal.h"

static void depth_space_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_DEPTH_TO_SPACE1_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* The depth coordinate of space coordinate s. */
static void to_depth(const int64_t *s, int64_t space_channels, int64_t b, bool crd, int64_t *z)
{
    int64_t i = s[2] % b, j = s[3] % b;
    z[0] = s[0];
    z[1] = crd ? s[1] * b * b + i * b + j : (i * b + j) * space_channels + s[1];
    z[2] = s[2] / b;
    z[3] = s[3] / b;
}

/* The space coordinate of depth coordinate z (the inverse). */
static void to_space(const int64_t *z, int64_t space_channels, int64_t b, bool crd, int64_t *s)
{
    int64_t cell = crd ? z[1] % (b * b) : z[1] / space_channels; /* i*B + j */
    s[0] = z[0];
    s[1] = crd ? z[1] / (b * b) : z[1] % space_channels;
    s[2] = z[2] * b + cell / b;
    s[3] = z[3] * b + cell % b;
}

static void depth_space_element(const struct ref_output *out, const int64_t *c, void *bytes,
                                bool depth_to_space, bool crd)
{
    const DML_DEPTH_TO_SPACE1_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *space =
        (depth_to_space ? op->OutputTensor : op->InputTensor)->Desc;
    int64_t i[REF_MAX_RANK] = {0};
    if (depth_to_space)
        to_depth(c, space->Sizes[1], op->BlockSize, crd, i);
    else
        to_space(c, space->Sizes[1], op->BlockSize, crd, i);
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

static void d2s(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, true, false);
}

static void s2d(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, false, false);
}

static bool order_crd(const struct ref_output *out)
{
    const DML_DEPTH_TO_SPACE1_OPERATOR_DESC *op = out->desc;
    return op->Order == DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH;
}

static void d2s1(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, true, order_crd(out));
}

static void s2d1(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, false, order_crd(out));
}

const struct ref_entry ref_depth_to_space = {DML_OPERATOR_DEPTH_TO_SPACE, depth_space_tensors, NULL,
                                             d2s};
const struct ref_entry ref_space_to_depth = {DML_OPERATOR_SPACE_TO_DEPTH, depth_space_tensors, NULL,
                                             s2d};
const struct ref_entry ref_depth_to_space1 = {DML_OPERATOR_DEPTH_TO_SPACE1, depth_space_tensors,
                                              NULL, d2s1};
const struct ref_entry ref_space_to_depth1 = {DML_OPERATOR_SPACE_TO_DEPTH1, depth_space_tensors,
                                              NULL, s2d1};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* DEPTH_TO_SPACE(1) and SPACE_TO_DEPTH(1) (datamove-family 10): every rule and the feature-level
 * boundaries, for the four operators. */
#include "vt.h"

#include <string.h>

struct ds_case
{
    struct vt_tensor in, out;
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC desc; /* the four descs share this layout */
};

static struct ds_case c;

static const DML_OPERATOR_TYPE to_space[] = {DML_OPERATOR_DEPTH_TO_SPACE,
                                             DML_OPERATOR_DEPTH_TO_SPACE1};
static const DML_OPERATOR_TYPE to_depth[] = {DML_OPERATOR_SPACE_TO_DEPTH,
                                             DML_OPERATOR_SPACE_TO_DEPTH1};

static void build(DML_TENSOR_DATA_TYPE type, const UINT *in, const UINT *out, UINT block)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, 4, in);
    vt_tensor_init(&c.out, type, 4, out);
    c.desc = (DML_DEPTH_TO_SPACE1_OPERATOR_DESC){&c.in.desc, &c.out.desc, block,
                                                 DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};
}

/* The pages' example: {1, 8, 2, 3} <-> {1, 2, 4, 6} with BlockSize 2. */
static void seed(bool space)
{
    const UINT deep[4] = {1, 8, 2, 3}, wide[4] = {1, 2, 4, 6};
    build(DML_TENSOR_DATA_TYPE_FLOAT32, space ? deep : wide, space ? wide : deep, 2);
}

static void accepted(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc);
        vt_tensor_strides(&c.in, (UINT[]){0, 1, 24, 8}); /* broadcast N, channels innermost */
        vt_tensor_strides(&c.out, (UINT[]){100, 30, 6, 1});
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc);
        seed(false);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_depth[v], &c.desc);
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){2, 3, 4, 5}, (UINT[]){2, 3, 4, 5}, 1);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc); /* B = 1: a copy */
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_depth[v], &c.desc);
    }
}

/* DS-1: one DataType; DimensionCount 4 (the tables) on both (T10). */
static void ds_1_type_rank(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
        seed(false);
        vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 1, 8, 2, 3});
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
        seed(true);
        vt_tensor_init(&c.in, DML_TENSOR_DATA_TYPE_FLOAT32, 3, (UINT[]){8, 2, 3});
        vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 3, (UINT[]){2, 4, 6});
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_FL_DIMENSION_COUNT);
    }
}

static void ds_2_block_size(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        c.desc.BlockSize = 0;
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_BLOCK_SIZE);
        seed(false);
        c.desc.BlockSize = 0;
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_BLOCK_SIZE);
    }
}

/* C mod B^2 (to space), H and W mod B (to depth); B^2 in 64 bits: 65536^2 never wraps to 0. */
static void ds_2_divisible(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){1, 6, 2, 3}, (UINT[]){1, 1, 4, 6}, 2);
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
        seed(true);
        c.desc.BlockSize = 65536;
        VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){1, 2, 4, 5}, (UINT[]){1, 8, 2, 2}, 2);
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
        build(DML_TENSOR_DATA_TYPE_FLOAT32, (UINT[]){1, 2, 3, 6}, (UINT[]){1, 8, 1, 3}, 2);
        VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_DIVISIBLE);
    }
}

/* Each output dimension in turn; the SPACE_TO_DEPTH pages' field text (the depth-to-space formula)
 * is the doc's copy error: their example's shape is the one accepted. The products are taken in
 * 64 bits, though T8 (2^32-1 elements) leaves no valid input whose H*B or C*B^2 would wrap. */
static void ds_2_output_size(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        for (UINT d = 0; d < 4; ++d)
        {
            seed(true);
            c.out.sizes[d] += 1;
            vt_tensor_strides(&c.out, NULL);
            VT_EXPECT_REJECT(VT_FL_MAX, to_space[v], &c.desc, DML_RULE_DS_2_OUTPUT_SIZE);
            seed(false);
            c.out.sizes[d] += 1;
            vt_tensor_strides(&c.out, NULL);
            VT_EXPECT_REJECT(VT_FL_MAX, to_depth[v], &c.desc, DML_RULE_DS_2_OUTPUT_SIZE);
        }
    }
}

/* DS-3: v1 only; v0 has no Order field (the same bytes are past its desc). */
static void ds_3_order(void **state)
{
    seed(true);
    c.desc.Order = (DML_DEPTH_SPACE_ORDER)2;
    VT_EXPECT_REJECT(VT_FL_MAX, DML_OPERATOR_DEPTH_TO_SPACE1, &c.desc, DML_RULE_DS_3_ORDER);
    VT_EXPECT_OK(VT_FL_MAX, DML_OPERATOR_DEPTH_TO_SPACE, &c.desc);
    c.desc.Order = DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW;
    VT_EXPECT_OK(VT_FL_MAX, DML_OPERATOR_DEPTH_TO_SPACE1, &c.desc);
    seed(false);
    c.desc.Order = (DML_DEPTH_SPACE_ORDER)0x80000000u;
    VT_EXPECT_REJECT(VT_FL_MAX, DML_OPERATOR_SPACE_TO_DEPTH1, &c.desc, DML_RULE_DS_3_ORDER);
}

/* v0: FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 11 at 5.0; v1: from 2.1 (8 types), 11 at 5.0. */
static void ds_feature_levels(void **state)
{
    for (int v = 0; v < 2; ++v)
    {
        seed(true);
        if (v)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, to_space[v], &c.desc, DML_RULE_FL_OPERATOR);
        else
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, to_space[v], &c.desc);
        vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_INT8);
        vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT8);
        if (!v)
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, to_space[v], &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, to_space[v], &c.desc);
        seed(false);
        vt_tensor_type(&c.in, DML_TENSOR_DATA_TYPE_FLOAT64);
        vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT64);
        VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_1, to_depth[v], &c.desc, DML_RULE_FL_DATA_TYPE);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_5_0, to_depth[v], &c.desc);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted),          cmocka_unit_test(ds_1_type_rank),
    cmocka_unit_test(ds_2_block_size),   cmocka_unit_test(ds_2_divisible),
    cmocka_unit_test(ds_2_output_size),  cmocka_unit_test(ds_3_order),
    cmocka_unit_test(ds_feature_levels),
};

VT_GROUP("depth_space", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* DEPTH_TO_SPACE, DEPTH_TO_SPACE1, SPACE_TO_DEPTH, SPACE_TO_DEPTH1 on the GPU and through
 * plan_exec, bit-exact against the C reference (its reference part: the spec's index maps):
 * seeded random cases of all four operators, both orders, every data type, BlockSize 1-4, with
 * permuted, gapped and broadcast input strides and permuted or gapped output strides. */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "op_check.h"
#include "plan_exec.h"
#include "tensor.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 200

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

static const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_DEPTH_TO_SPACE, DML_OPERATOR_DEPTH_TO_SPACE1,
                                        DML_OPERATOR_SPACE_TO_DEPTH, DML_OPERATOR_SPACE_TO_DEPTH1};

struct ds_case
{
    DML_OPERATOR_TYPE type;
    bool to_space;
    uint32_t elem, block, order;
    uint32_t sizes[2][4], strides[2][4]; /* the input, the output */
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC descs[2];
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC desc; /* the four descs share this layout */
};

static void tensor(struct ds_case *dc, uint32_t t, DML_TENSOR_DATA_TYPE type, struct rng *rng)
{
    const uint32_t *sizes = dc->sizes[t];
    bool strided = op_check_strides(rng, 4, sizes, t == 0, dc->strides[t]);
    if (!strided)
        for (uint32_t d = 4, step = 1; d-- > 0; step *= sizes[d])
            dc->strides[t][d] = step;
    dc->buffers[t] = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, 4, sizes, strided ? dc->strides[t] : NULL, 0, 0};
    dc->buffers[t].TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, 4, sizes, dc->buffers[t].Strides);
    dc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &dc->buffers[t]};
}

static void generate(struct ds_case *dc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[seed % 11]; /* every type as often */
    memset(dc, 0, sizeof(*dc));
    dc->type = ops[(seed / 11) % 4];
    dc->to_space =
        dc->type == DML_OPERATOR_DEPTH_TO_SPACE || dc->type == DML_OPERATOR_DEPTH_TO_SPACE1;
    dc->order = dc->type == DML_OPERATOR_DEPTH_TO_SPACE1 || dc->type == DML_OPERATOR_SPACE_TO_DEPTH1
                    ? rng_below(&rng, 2)
                    : 0;
    dc->elem = dml_data_type_size(type);
    dc->block = rng_range(&rng, 1, 4);
    const uint32_t n = rng_range(&rng, 1, 3), c = rng_range(&rng, 1, 5);
    const uint32_t h = rng_range(&rng, 1, 6), w = rng_range(&rng, 1, 6), bb = dc->block;
    const uint32_t depth[4] = {n, c * bb * bb, h, w}, space[4] = {n, c, h * bb, w * bb};
    memcpy(dc->sizes[0], dc->to_space ? depth : space, sizeof(depth));
    memcpy(dc->sizes[1], dc->to_space ? space : depth, sizeof(depth));
    tensor(dc, 0, type, &rng);
    tensor(dc, 1, type, &rng);
    dc->desc = (DML_DEPTH_TO_SPACE1_OPERATOR_DESC){&dc->descs[0], &dc->descs[1], dc->block,
                                                   (DML_DEPTH_SPACE_ORDER)dc->order};
}

static void describe(const struct ds_case *dc, uint64_t seed, const char *why)
{
    fprintf(stderr, "%s seed %llu: %s\n  elem %u BlockSize %u Order %u",
            dc->to_space ? "DEPTH_TO_SPACE" : "SPACE_TO_DEPTH", (unsigned long long)seed, why,
            dc->elem, dc->block, dc->order);
    for (uint32_t t = 0; t < 2; ++t)
    {
        fprintf(stderr, "\n  %s sizes/strides", t ? "output" : "input");
        for (uint32_t d = 0; d < 4; ++d)
            fprintf(stderr, " %u/%u", dc->sizes[t][d],
                    dc->buffers[t].Strides ? dc->strides[t][d] : 0);
    }
    fprintf(stderr, "\n");
}

/* Every one of the four is one plain strided copy (no padded dim), 6-D at most after lowering
 * merges what it can: {1, 8, 2, 4} <-> {1, 2, 4, 8} with BlockSize 2, packed float32. */
static int golden(void)
{
    int failures = 0;
    for (uint32_t k = 0; k < 4; ++k)
    {
        static struct ds_case dc;
        const uint32_t depth[4] = {1, 8, 2, 4}, space[4] = {1, 2, 4, 8};
        memset(&dc, 0, sizeof(dc));
        dc.type = ops[k];
        dc.to_space = k < 2;
        memcpy(dc.sizes[0], dc.to_space ? depth : space, sizeof(depth));
        memcpy(dc.sizes[1], dc.to_space ? space : depth, sizeof(depth));
        for (uint32_t t = 0; t < 2; ++t)
        {
            dc.buffers[t] = (DML_BUFFER_TENSOR_DESC){
                DML_TENSOR_DATA_TYPE_FLOAT32, 0, 4, dc.sizes[t], NULL, 0, 0};
            dc.buffers[t].TotalTensorSizeInBytes =
                dml_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 4, dc.sizes[t], NULL);
            dc.descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &dc.buffers[t]};
        }
        dc.desc = (DML_DEPTH_TO_SPACE1_OPERATOR_DESC){&dc.descs[0], &dc.descs[1], 2,
                                                      DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};
        DML_OPERATOR_DESC desc = {dc.type, &dc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK)
            return printf("golden %u: rejected\n", k), failures + 1;
        HRESULT hr = dml_lower(&def, &plan);
        dml_op_def_cleanup(&def);
        if (FAILED(hr))
            return printf("golden %u: not lowered\n", k), failures + 1;
        if (plan.kernel != PLAN_KERNEL_COPY || plan.rank > 6 || plan.count != 64)
        {
            printf("golden %u: unexpected plan\n", k);
            plan_describe(stdout, &plan);
            ++failures;
        }
        plan_cleanup(&plan);
    }
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_device();
    struct ds_case dc;
    int failures = golden();

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 1, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&dc, seed);
        for (uint32_t t = 0; t < 2; ++t)
            op_check_alloc(&b, t, dc.buffers[t].TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {dc.type, &dc.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            describe(&dc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1): %d of %d cases failed\n", failures, (int)cases);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's DEPTH_TO_SPACE(1) and SPACE_TO_DEPTH(1) (fuzz_op.h), 4-D: the depth tensor
 * {N, C*B*B, H, W}, the space one {N, C, H*B, W*B}, B 1-3, either order. */
#include <string.h>

#include "fuzz_op.h"

static bool to_space(DML_OPERATOR_TYPE type)
{
    return type == DML_OPERATOR_DEPTH_TO_SPACE || type == DML_OPERATOR_DEPTH_TO_SPACE1;
}

static void generate_depth_space(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    const uint32_t b = 1 + fuzz_rng_below(rng, 3);
    const uint32_t depth[4] = {p->input.sizes[0], p->input.sizes[1] * b * b, p->input.sizes[2],
                               p->input.sizes[3]};
    const uint32_t space[4] = {p->input.sizes[0], p->input.sizes[1], p->input.sizes[2] * b,
                               p->input.sizes[3] * b};

    p->block = b;
    p->order = fuzz_rng_below(rng, 2);
    memcpy(p->input.sizes, to_space(p->type) ? depth : space, sizeof(depth));
    memcpy(p->outputs[0].sizes, to_space(p->type) ? space : depth, sizeof(depth));
}

/* The four descs share DEPTH_TO_SPACE1's layout; the first versions end before Order (their
 * allocation too, so that reading Order of them is an overflow). */
static void *build_depth_space(struct fuzz_decoder *d, const struct fuzz_params *p,
                               DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    const bool ordered =
        p->type == DML_OPERATOR_DEPTH_TO_SPACE1 || p->type == DML_OPERATOR_SPACE_TO_DEPTH1;
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC *desc =
        fd_alloc(d, 1, ordered ? sizeof(*desc) : sizeof(DML_DEPTH_TO_SPACE_OPERATOR_DESC));

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->BlockSize = fd_u32(d, FF_BLOCK_SIZE, 0, 0, p->block);
    if (ordered)
        desc->Order = (DML_DEPTH_SPACE_ORDER)fd_u32(d, FF_ORDER, 0, 0, p->order);
    return desc;
}

/* The parameter seed picks BlockSize and Order: 17, 3 and 5 give BlockSize 2 and DEPTH_COLUMN_ROW,
 * 11 BlockSize 2 and COLUMN_ROW_DEPTH, 8 BlockSize 3 and COLUMN_ROW_DEPTH. Valid ones with
 * options and layouts; BlockSize 0 and 2^32-1, Order 2. */
static const struct fuzz_seed depth_to_space_seeds[] = {
    {"depth-to-space-f32", 0, 0, 0, F32, 0, 0, 0x2345, 17},
    {"depth-space-block-0", 0, 0, 0, F32, 0, 0, 0x2345, 17,
     .patches = {SET(FF_BLOCK_SIZE, 0, 0, 0)}},
};

static const struct fuzz_seed depth_to_space1_seeds[] = {
    {"depth-to-space1-u8-padded", 0, 0, 0, U8, 0,
     STRIDES(FUZZ_STRIDES_PADDED, FUZZ_STRIDES_REVERSED), 0x3333, 3},
    {"depth-space-block-max", 0, 0, 0, F32, 0, 0, 0x2345, 2,
     .patches = {SET(FF_BLOCK_SIZE, 0, 0, 0xFFFFFFFF)}},
};

static const struct fuzz_seed space_to_depth_seeds[] = {
    {"space-to-depth-f16-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, F16, 0, 0, 0x1234, 5},
};

static const struct fuzz_seed space_to_depth1_seeds[] = {
    {"space-to-depth1-i64-crd-twice", 0, 0, FUZZ_OPT_TWICE, I64, 0, 0, 0x2222, 8},
    {"space-to-depth1-crd-broadcast", 0, 0, 0, I16, 0, STRIDES(FUZZ_STRIDES_BROADCAST, 0), 0x4444,
     11},
    {"depth-space-order-2", 0, 0, 0, F32, 0, 0, 0x2345, 11, .patches = {SET(FF_ORDER, 0, 0, 2)}},
};

/* The four share the generator and the builder; each has its type and seeds. */
#define DEPTH_SPACE_OP(name, op_type)                                                              \
    const struct fuzz_op fuzz_op_##name = {.type = op_type,                                        \
                                           .generate = generate_depth_space,                       \
                                           .build = build_depth_space,                             \
                                           .min_rank = 4,                                          \
                                           .max_rank = 4,                                          \
                                           .seeds = name##_seeds,                                  \
                                           .seed_count = FUZZ_COUNT(name##_seeds)};
DEPTH_SPACE_OP(depth_to_space, DML_OPERATOR_DEPTH_TO_SPACE)
DEPTH_SPACE_OP(depth_to_space1, DML_OPERATOR_DEPTH_TO_SPACE1)
DEPTH_SPACE_OP(space_to_depth, DML_OPERATOR_SPACE_TO_DEPTH)
DEPTH_SPACE_OP(space_to_depth1, DML_OPERATOR_SPACE_TO_DEPTH1)

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* Input 0 4-D, its C or H and W divisible by a block of 1-3 (b->block) for the maker. */
static bool depth_space_input(struct gr_build *b, uint64_t budget)
{
    DML_OPERATOR_TYPE type = b->node->type;
    bool to_space = type == DML_OPERATOR_DEPTH_TO_SPACE || type == DML_OPERATOR_DEPTH_TO_SPACE1;

    b->block = 1 + gr_next(b->rng, 3);
    if (budget < (uint64_t)b->block * b->block)
        b->block = 1;
    b->in.rank = 4;
    gr_pick_shape(b->rng, 4, budget / (b->block * b->block), 3, b->in.sizes);
    if (to_space)
        b->in.sizes[1] *= b->block * b->block;
    else
        b->in.sizes[2] *= b->block, b->in.sizes[3] *= b->block;
    return gr_read_view(b, b->node->inputs[0], &b->in);
}

/* DEPTH_TO_SPACE(1) or SPACE_TO_DEPTH(1) of b->in, which depth_space_input made 4-D with sizes
 * divisible by b->block. */
static IDMLOperator *make_depth_space(struct gr_build *b)
{
    DML_OPERATOR_TYPE type = b->node->type;
    bool to_space = type == DML_OPERATOR_DEPTH_TO_SPACE || type == DML_OPERATOR_DEPTH_TO_SPACE1;
    bool v1 = type == DML_OPERATOR_DEPTH_TO_SPACE1 || type == DML_OPERATOR_SPACE_TO_DEPTH1;
    UINT block = b->block, bb = block * block;
    uint32_t out[4];
    DML_DEPTH_SPACE_ORDER order = (DML_DEPTH_SPACE_ORDER)gr_next(b->rng, 2);

    out[0] = b->in.sizes[0];
    out[1] = to_space ? b->in.sizes[1] / bb : b->in.sizes[1] * bb;
    out[2] = to_space ? b->in.sizes[2] * block : b->in.sizes[2] / block;
    out[3] = to_space ? b->in.sizes[3] * block : b->in.sizes[3] / block;
    struct gr_view o = gr_write_view(b, b->in.type, 4, out);
    const DML_TENSOR_DESC *in = gr_tensor(b, &b->in), *outd = gr_output(b, 0, &o);
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC desc1 = {in, outd, block, order};
    DML_DEPTH_TO_SPACE_OPERATOR_DESC desc0 = {in, outd, block};

    return gr_create(b->device, type, v1 ? (const void *)&desc1 : (const void *)&desc0);
}

const struct gr_op gr_op_depth_to_space = {.type = DML_OPERATOR_DEPTH_TO_SPACE,
                                           .name = "DEPTH_TO_SPACE",
                                           .draw = 9,
                                           .make = make_depth_space,
                                           .input = depth_space_input};

const struct gr_op gr_op_depth_to_space1 = {.type = DML_OPERATOR_DEPTH_TO_SPACE1,
                                            .name = "DEPTH_TO_SPACE1",
                                            .draw = 10,
                                            .make = make_depth_space,
                                            .input = depth_space_input};

const struct gr_op gr_op_space_to_depth = {.type = DML_OPERATOR_SPACE_TO_DEPTH,
                                           .name = "SPACE_TO_DEPTH",
                                           .draw = 11,
                                           .make = make_depth_space,
                                           .input = depth_space_input};

const struct gr_op gr_op_space_to_depth1 = {.type = DML_OPERATOR_SPACE_TO_DEPTH1,
                                            .name = "SPACE_TO_DEPTH1",
                                            .draw = 12,
                                            .make = make_depth_space,
                                            .input = depth_space_input};

#endif

/* ELEMENT_WISE_IDENTITY (datamove-family 1, FD1): a copy between tensors of any strides, through
 * ScaleBias when given. Its parts (op_part.h): the C reference, each output element from the desc;
 * the validation cases, every rule and the feature-level boundaries; the GPU random differential,
 * seeded random cases on the GPU and through plan_exec bit-exact against the reference, ScaleBias
 * on half of the float cases; the fuzz part, its builder, valid default and seeds for the fuzzer;
 * the graph part, its maker for the random graph differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* ELEMENT_WISE_IDENTITY (ID-2): out[c] = in[c], each side through its strides, through
 * ScaleBias when given (FD1: one rounding, as libm's fmaf and fma; a NaN operand is returned
 * quieted, in the order x, Scale, Bias; an invalid operation gives the positive default NaN). */
#include <math.h>
#include <string.h>

#include "ref_internal.h"

static void identity_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static bool nan32(uint32_t u)
{
    return (u & 0x7fffffffu) > 0x7f800000u;
}

static float fma_f32(float x, float s, float b)
{
    uint32_t xu = bits_of(x), su = bits_of(s), bu = bits_of(b), r;
    if (nan32(xu) || nan32(su) || nan32(bu))
        r = (nan32(xu) ? xu : nan32(su) ? su : bu) | 0x400000u;
    else
        r = isnan(fmaf(x, s, b)) ? 0x7fc00000u : bits_of(fmaf(x, s, b));
    memcpy(&x, &r, 4);
    return x;
}

static void scale_bias_f32(const DML_SCALE_BIAS *sb, void *bytes)
{
    float x;
    memcpy(&x, bytes, 4);
    x = fma_f32(x, sb->Scale, sb->Bias);
    memcpy(bytes, &x, 4);
}

/* FLOAT16: widened exactly to float32, the same, then rounded to nearest even. */
static void scale_bias_f16(const DML_SCALE_BIAS *sb, void *bytes)
{
    uint16_t h;
    memcpy(&h, bytes, 2);
    uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff, sign = (uint32_t)(h & 0x8000) << 16;
    float mag = e ? ldexpf((float)(m | 0x400), (int)e - 25) : ldexpf((float)m, -24);
    uint32_t xu = e == 0x1f ? sign | 0x7f800000u | m << 13 : sign | bits_of(mag);
    float x;
    memcpy(&x, &xu, 4);
    h = (uint16_t)ref_float_to_element(fma_f32(x, sb->Scale, sb->Bias),
                                       DML_TENSOR_DATA_TYPE_FLOAT16);
    memcpy(bytes, &h, 2);
}

/* FLOAT64: Scale and Bias widened exactly; a NaN among them keeps its payload's high bits. */
static void scale_bias_f64(const DML_SCALE_BIAS *sb, void *bytes)
{
    double x;
    uint64_t u;
    memcpy(&x, bytes, 8);
    memcpy(&u, bytes, 8);
    uint32_t su = bits_of(sb->Scale), bu = bits_of(sb->Bias);
    if (isnan(x))
        u |= UINT64_C(1) << 51;
    else if (nan32(su) || nan32(bu))
    {
        uint32_t nan_bits = nan32(su) ? su : bu;
        u = (uint64_t)(nan_bits & 0x80000000u) << 32 | UINT64_C(0x7ff8000000000000) |
            (uint64_t)(nan_bits & 0x7fffffu) << 29;
    }
    else
    {
        x = fma(x, (double)sb->Scale, (double)sb->Bias);
        memcpy(&u, &x, 8);
        if (isnan(x))
            u = UINT64_C(0x7ff8000000000000);
    }
    memcpy(bytes, &u, 8);
}

void ref_scale_bias(DML_TENSOR_DATA_TYPE type, float scale, float bias, void *bytes)
{
    const DML_SCALE_BIAS sb = {scale, bias};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32)
        scale_bias_f32(&sb, bytes);
    else if (type == DML_TENSOR_DATA_TYPE_FLOAT16)
        scale_bias_f16(&sb, bytes);
    else if (type == DML_TENSOR_DATA_TYPE_FLOAT64)
        scale_bias_f64(&sb, bytes);
}

static void identity_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    ref_read(op->InputTensor, out->inputs[0], c, bytes);
    if (op->ScaleBias)
        ref_scale_bias(in->DataType, op->ScaleBias->Scale, op->ScaleBias->Bias, bytes);
}

const struct ref_entry ref_identity = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, identity_tensors, NULL,
                                       identity_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* ELEMENT_WISE_IDENTITY (datamove-family 1, FD1): every rule and the feature-level boundaries. */
#include "vt.h"

#include <string.h>

#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY

struct identity_case
{
    struct vt_tensor in, out;
    DML_SCALE_BIAS scale_bias;
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc;
};

static struct identity_case c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.in, type, rank, sizes);
    vt_tensor_init(&c.out, type, rank, sizes);
    c.scale_bias = (DML_SCALE_BIAS){2.0f, 1.0f};
    c.desc = (DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC){&c.in.desc, &c.out.desc, NULL};
}

static void seed(void)
{
    build(DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 3, 4});
}

/* ID-3: NCHW -> NHWC through output strides, broadcast through input strides. */
static void strides_on_both_sides(void **state)
{
    seed();
    vt_tensor_strides(&c.out, (UINT[]){24, 1, 8, 2});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc);
    vt_tensor_strides(&c.in, (UINT[]){0, 0, 1, 0});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc);
    vt_tensor_strides(&c.out, (UINT[]){0, 12, 4, 1});
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc); /* size-1 dim: stride 0 is fine */
    vt_tensor_strides(&c.out, (UINT[]){12, 0, 4, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
}

static void id_1_same_type_rank_sizes(void **state)
{
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_FLOAT16);
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 5, (UINT[]){1, 1, 2, 3, 4});
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    vt_tensor_init(&c.out, DML_TENSOR_DATA_TYPE_FLOAT32, 4, (UINT[]){1, 2, 4, 3});
    VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_ID_1_SIZE_MISMATCH);
}

/* FD1: ScaleBias on integers is E_INVALIDARG; on the three float types it is kept for lowering. */
static void id_2_scale_bias(void **state)
{
    static const DML_TENSOR_DATA_TYPE ints[] = {
        DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT16,
        DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32,
        DML_TENSOR_DATA_TYPE_INT64,  DML_TENSOR_DATA_TYPE_UINT64};

    for (size_t i = 0; i < VT_COUNT(ints); ++i)
    {
        build(ints[i], 4, (UINT[]){1, 2, 3, 4});
        VT_EXPECT_OK(VT_FL_MAX, IDENTITY, &c.desc);
        c.desc.ScaleBias = &c.scale_bias;
        VT_EXPECT_REJECT(VT_FL_MAX, IDENTITY, &c.desc, DML_RULE_ID_2_SCALE_BIAS_TYPE);
    }
    static const DML_TENSOR_DATA_TYPE floats[] = {
        DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64};
    for (size_t i = 0; i < VT_COUNT(floats); ++i)
    {
        struct dml_op_def def;
        build(floats[i], 4, (UINT[]){1, 2, 3, 4});
        c.desc.ScaleBias = &c.scale_bias;
        assert_int_equal(vt_validate(VT_FL_MAX, IDENTITY, &c.desc, &def, NULL), S_OK);
        assert_true(def.u.scale_bias.present);
        assert_true(def.u.scale_bias.scale == 2.0f && def.u.scale_bias.bias == 1.0f);
        dml_op_def_cleanup(&def);
    }
}

/* ID-5: 4-5 dims of FLOAT32/FLOAT16 at 1.0, 8 types at 2.1, 1-8 dims at 3.0, 11 types at 4.1. */
static void id_5_feature_levels(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        const UINT sizes[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
        build(DML_TENSOR_DATA_TYPE_FLOAT16, rank, sizes);
        if (rank == 4 || rank == 5)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, IDENTITY, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, IDENTITY, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, IDENTITY, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_INT32, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, IDENTITY, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, IDENTITY, &c.desc);
    build(DML_TENSOR_DATA_TYPE_FLOAT64, 4, (UINT[]){1, 2, 3, 4});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, IDENTITY, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, IDENTITY, &c.desc);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(strides_on_both_sides),
    cmocka_unit_test(id_1_same_type_rank_sizes),
    cmocka_unit_test(id_2_scale_bias),
    cmocka_unit_test(id_5_feature_levels),
};

VT_GROUP("identity", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* ELEMENT_WISE_IDENTITY on the GPU and through plan_exec, bit-exact against the C reference
 * (reference/): seeded random cases with permuted, gapped and broadcast input strides and
 * permuted or gapped output strides (transposes, copies, broadcasts), every element size, rank
 * 1-8, and ScaleBias on half of the float cases (random input bits: NaNs, infinities, subnormals
 * and extreme exponents; Scale and Bias ordinary, zero, infinite, NaN or subnormal). */
#define COBJMACROS
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "op_check.h"
#include "reference.h"
#include "tensor.h"
#include "vk_test.h"

#define CASES 200

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

struct identity_case
{
    uint32_t rank, elem;
    DML_TENSOR_DATA_TYPE type;
    DML_SCALE_BIAS scale_bias;
    uint32_t sizes[8], strides[2][8];
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC descs[2];
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc;
};

static void tensor(struct identity_case *ic, uint32_t t, DML_TENSOR_DATA_TYPE type, struct rng *rng)
{
    bool strided = op_check_strides(rng, ic->rank, ic->sizes, t == 0, ic->strides[t]);
    if (!strided)
        for (uint32_t d = ic->rank, step = 1; d-- > 0; step *= ic->sizes[d])
            ic->strides[t][d] = step;
    ic->buffers[t] = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, ic->rank, ic->sizes, strided ? ic->strides[t] : NULL, 0, 0};
    ic->buffers[t].TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, ic->rank, ic->sizes, ic->buffers[t].Strides);
    ic->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &ic->buffers[t]};
}

/* Scale or Bias: ordinary most of the time, else a special value. */
static float pick_float(struct rng *rng)
{
    static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
                                        0x7fc00001u, 0x7fa00000u, 0x00000001u, 0x807fffffu,
                                        0x3f800000u, 0x7f7fffffu};
    uint32_t u = rng_chance(rng, 70) ? (0x3c000000u + rng_below(rng, 0x07000000u)) |
                                           (rng_chance(rng, 50) ? 0x80000000u : 0)
                                     : specials[rng_below(rng, 10)];
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static bool is_float_type(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

static void generate(struct identity_case *ic, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[rng_below(&rng, 11)];
    memset(ic, 0, sizeof(*ic));
    ic->type = type;
    ic->rank = rng_range(&rng, 1, 8);
    ic->elem = dml_data_type_size(type);
    for (uint32_t d = 0; d < ic->rank; ++d)
        ic->sizes[d] = rng_range(&rng, 1, ic->rank > 4 ? 4 : 40);
    tensor(ic, 0, type, &rng);
    tensor(ic, 1, type, &rng);
    ic->desc = (DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC){&ic->descs[0], &ic->descs[1], NULL};
    if (is_float_type(type) && rng_chance(&rng, 50))
    {
        ic->scale_bias = (DML_SCALE_BIAS){pick_float(&rng), pick_float(&rng)};
        ic->desc.ScaleBias = &ic->scale_bias;
    }
}

static void describe(const struct identity_case *ic, uint64_t seed, const char *why)
{
    fprintf(stderr, "IDENTITY seed %llu: %s\n  rank %u elem %u sizes", (unsigned long long)seed,
            why, ic->rank, ic->elem);
    for (uint32_t d = 0; d < ic->rank; ++d)
        fprintf(stderr, " %u", ic->sizes[d]);
    for (uint32_t t = 0; t < 2; ++t)
    {
        fprintf(stderr, "\n  %s strides", t ? "output" : "input");
        for (uint32_t d = 0; d < ic->rank; ++d)
            fprintf(stderr, " %u", ic->buffers[t].Strides ? ic->strides[t][d] : 0);
    }
    if (ic->desc.ScaleBias)
        fprintf(stderr, "\n  ScaleBias %a %a", (double)ic->scale_bias.Scale,
                (double)ic->scale_bias.Bias);
    fprintf(stderr, "\n");
}

/* FD2 through DirectML's API: the output bound to the input's very range (a float32 ScaleBias, so
 * that running in place changes the data), and the hazards that stay forbidden: a partial overlap,
 * descs that differ on one range. */
#define N 1000

static DML_TENSOR_DESC f32_desc(DML_BUFFER_TENSOR_DESC *buffer, UINT *sizes, const UINT *strides)
{
    *buffer = (DML_BUFFER_TENSOR_DESC){
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, strides, 4 * N, 0};
    return (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, buffer};
}

static HRESULT initialize_op(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *init;
    IDMLBindingTable *table;
    HRESULT hr = IDMLDevice_CreateOperatorInitializer(device, 1, &compiled,
                                                      &IID_IDMLOperatorInitializer, (void **)&init);
    if (FAILED(hr))
        return hr;
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)init, {0}, {0}, 0};
    if (SUCCEEDED(hr = IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable,
                                                     (void **)&table)))
    {
        hr = dmlopsExecute(device, (IDMLDispatchable *)init, table);
        IDMLBindingTable_Release(table);
    }
    IDMLOperatorInitializer_Release(init);
    return hr;
}

/* Runs the identity with input at in_offset and output at out_offset of one buffer. */
static HRESULT run(IDMLDevice *device, const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out,
                   ID3D12Resource *buffer, UINT64 in_offset, UINT64 out_offset)
{
    static const DML_SCALE_BIAS scale_bias = {3.0f, 0.5f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity = {in, out, &scale_bias};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    IDMLOperator *op = NULL;
    IDMLCompiledOperator *compiled = NULL;
    IDMLBindingTable *table = NULL;
    HRESULT hr = IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                        &IID_IDMLCompiledOperator, (void **)&compiled);
    if (SUCCEEDED(hr))
        hr = initialize_op(device, compiled);
    DML_BINDING_TABLE_DESC table_desc = {(IDMLDispatchable *)compiled, {0}, {0}, 0};
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateBindingTable(device, &table_desc, &IID_IDMLBindingTable,
                                           (void **)&table);
    if (SUCCEEDED(hr))
    {
        DML_BUFFER_BINDING b[2] = {{buffer, in_offset, 4 * N}, {buffer, out_offset, 4 * N}};
        DML_BINDING_DESC bindings[2] = {{DML_BINDING_TYPE_BUFFER, &b[0]},
                                        {DML_BINDING_TYPE_BUFFER, &b[1]}};
        IDMLBindingTable_BindInputs(table, 1, &bindings[0]);
        IDMLBindingTable_BindOutputs(table, 1, &bindings[1]);
        hr = IDMLDevice_GetDeviceRemovedReason(device);
        if (SUCCEEDED(hr))
            hr = dmlopsExecute(device, (IDMLDispatchable *)compiled, table);
    }
    if (table)
        IDMLBindingTable_Release(table);
    if (compiled)
        IDMLCompiledOperator_Release(compiled);
    if (op)
        IDMLOperator_Release(op);
    return hr;
}

/* One run on a fresh device, with input and output at in_offset and out_offset of one buffer
 * holding data; back gets the buffer's first N floats afterwards. */
static HRESULT run_fresh(const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out, UINT64 in_offset,
                         UINT64 out_offset, const float *data, float *back)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    ID3D12Resource *buffer = NULL;
    HRESULT hr = dmlopsCreateBuffer(device, 8 * N, &buffer);
    if (SUCCEEDED(hr))
        hr = dmlopsUploadBuffer(device, buffer, 0, data, 4 * N);
    if (SUCCEEDED(hr))
        hr = run(device, in, out, buffer, in_offset, out_offset);
    if (SUCCEEDED(hr))
        hr = dmlopsDownloadBuffer(device, buffer, 0, back, 4 * N);
    if (buffer)
        dmlopsDestroyBuffer(device, buffer);
    IDMLDevice_Release(device);
    return hr;
}

/* Returns the number of failures (prints them). */
static int op_identity_in_place(void)
{
    UINT sizes[1] = {N}, gapped[1] = {N / 2}, stride2[1] = {2};
    DML_BUFFER_TENSOR_DESC b[4];
    DML_TENSOR_DESC dense = f32_desc(&b[0], sizes, NULL), dense2 = f32_desc(&b[1], sizes, NULL);
    DML_TENSOR_DESC half1 = f32_desc(&b[2], gapped, stride2), half2 = f32_desc(&b[3], gapped, NULL);
    float data[N], back[N];
    int failures = 0;

    for (int i = 0; i < N; ++i)
        data[i] = (float)i * 0.37f - 100.0f;
    if (FAILED(run_fresh(&dense, &dense2, 0, 0, data, back)))
        ++failures, printf("in place: the run failed\n");
    for (int i = 0; i < N && !failures; ++i)
    {
        if (back[i] != fmaf(data[i], 3.0f, 0.5f))
            ++failures, printf("in place: element %d is %a, expected %a\n", i, (double)back[i],
                               (double)fmaf(data[i], 3.0f, 0.5f));
    }
    /* A partial overlap, or the same range under descs that differ (strides), stays a hazard:
     * the binding fails and the device keeps the reason (D13). */
    if (run_fresh(&dense, &dense2, 0, 16, data, back) != E_INVALIDARG)
        ++failures, printf("in place: a partial overlap was accepted\n");
    if (run_fresh(&half1, &half2, 0, 0, data, back) != E_INVALIDARG)
        ++failures, printf("in place: descs that differ were accepted on one range\n");
    printf("ELEMENT_WISE_IDENTITY in place: %d failures\n", failures);
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_device();
    struct identity_case ic;
    int failures = 0, scale_bias = 0;

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 1, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&ic, seed);
        scale_bias += ic.desc.ScaleBias != NULL;
        for (uint32_t t = 0; t < 2; ++t)
            op_check_alloc(&b, t, ic.buffers[t].TotalTensorSizeInBytes, &rng);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &ic.desc};
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)))
        {
            describe(&ic, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("ELEMENT_WISE_IDENTITY: %d of %d cases failed (%d with ScaleBias)\n", failures,
           (int)cases, scale_bias);
    if (dev)
        failures += op_identity_in_place();
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's ELEMENT_WISE_IDENTITY (fuzz_op.h): ScaleBias on half of the float cases, ordinary
 * values or any bits (NaNs, subnormals). */
#include <string.h>

#include "fuzz_op.h"

static void generate_identity(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    p->scale_bias = fp_is_float(p->data_type) && fuzz_rng_below(rng, 2);
    p->scale_bits = fuzz_rng_below(rng, 2) ? 0x3C000000u + fuzz_rng_below(rng, 0x07000000u)
                                           : fuzz_rng_next(rng);
    p->bias_bits = fuzz_rng_below(rng, 2) ? 0xBC000000u + fuzz_rng_below(rng, 0x07000000u)
                                          : fuzz_rng_next(rng);
}

static void *build_identity(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    DML_SCALE_BIAS *scale_bias;
    uint32_t bits;

    if (!desc)
        return NULL;
    fd_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->ScaleBias = NULL;
    if (fd_u32(d, FF_SCALE_BIAS_PTR, 0, 0, p->scale_bias) &&
        (scale_bias = fd_alloc(d, 1, sizeof(*scale_bias))))
    {
        bits = fd_u32(d, FF_SCALE, 0, 0, p->scale_bits);
        memcpy(&scale_bias->Scale, &bits, sizeof(bits));
        bits = fd_u32(d, FF_BIAS, 0, 0, p->bias_bits);
        memcpy(&scale_bias->Bias, &bits, sizeof(bits));
        desc->ScaleBias = scale_bias;
    }
    return desc;
}

/* Valid ones with and without ScaleBias (a NaN scale), layouts and options; ScaleBias on INT8. */
static const struct fuzz_seed identity_seeds[] = {
    {"identity-f32-rank5-scale-bias", 0, 0, 0, F32, RANK(5),
     STRIDES(FUZZ_STRIDES_REVERSED, FUZZ_STRIDES_PADDED), 0x23232, 1,
     .patches = {SET(FF_SCALE_BIAS_PTR, 0, 0, 1)}},
    {"identity-f16-rank2-nan-scale", 0, 0, FUZZ_OPT_TWICE, F16, RANK(2), 0, 0xCD, 2,
     .patches = {SET(FF_SCALE_BIAS_PTR, 0, 0, 1), SET(FF_SCALE, 0, 0, 0x7FA00001)}},
    {"identity-f64-rank4-owned", 0, 0, FUZZ_OPT_OWNED_INPUT, F64, RANK(4),
     STRIDES(FUZZ_STRIDES_BROADCAST, 0), 0x2222, 3, .patches = {SET(FF_SCALE_BIAS_PTR, 0, 0, 1)}},
    {"identity-u16-rank8-transposed", 0, 0, FUZZ_OPT_SHARED_BUFFER, U16, RANK(8),
     STRIDES(FUZZ_STRIDES_PACKED, FUZZ_STRIDES_REVERSED), 0x12121212, 4},
    {"identity-int8-scale-bias", 0, 0, 0, I8, RANK(3), 0, 0x333, 5,
     .patches = {SET(FF_SCALE_BIAS_PTR, 0, 0, 1)}},
};

const struct fuzz_op fuzz_op_identity = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, generate_identity,
                                         build_identity, .seeds = identity_seeds,
                                         .seed_count = FUZZ_COUNT(identity_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include "gr_op.h"

/* A copy, a transpose (permuted output strides), or x * scale + bias on floats. */
static IDMLOperator *make_identity(struct gr_build *b)
{
    DML_SCALE_BIAS scale_bias = {(FLOAT)gr_next(b->rng, 5) - 2.0f, 0.25f * gr_next(b->rng, 9)};
    bool scaled = b->g->float64 && gr_is_float(b->in.type) && gr_next(b->rng, 3) == 0;
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, b->in.sizes);

    if (scaled)
        gr_count(b, GR_STAT_SCALE_BIAS);
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {gr_tensor(b, &b->in), gr_output(b, 0, &o),
                                                    scaled ? &scale_bias : NULL};
    return gr_create(b->device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc);
}

const struct gr_op gr_op_identity = {.type = DML_OPERATOR_ELEMENT_WISE_IDENTITY,
                                     .name = "ELEMENT_WISE_IDENTITY",
                                     .draw = 6,
                                     .make = make_identity};

#endif

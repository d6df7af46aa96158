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

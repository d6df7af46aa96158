/* JOIN (spec 1.4): the inputs concatenated along Axis. Its parts (op_part.h): the C reference, each
 * output element from the desc; the validation cases, every rule, the feature-level boundaries and
 * large InputCounts; the GPU random differential, seeded random cases on the GPU and through
 * plan_exec bit-exact against the reference, 1-64 inputs along every axis; the fuzz part, its
 * builder, valid default and seeds for the fuzzer; the graph part, its maker for the random graph
 * differential (tests/graph/gr_op.h). */
#include "op_part.h"

#if OP_TEST_PART == OP_PART_REFERENCE

/* JOIN (J-4, J-5): output coordinate c comes from the input whose range along Axis holds
 * c[Axis], the inputs' ranges following one another in order. */
#include <string.h>

#include "ref_internal.h"

static void join_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_JOIN_OPERATOR_DESC *op = desc;
    *out = (struct ref_tensors){op->InputCount, 1, op->InputTensors, op->OutputTensor, {NULL}};
}

static void join_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_JOIN_OPERATOR_DESC *op = out->desc;
    int64_t i[REF_MAX_RANK];
    uint32_t k = 0;
    memcpy(i, c, sizeof(i));
    for (;; ++k)
    {
        const DML_BUFFER_TENSOR_DESC *t = op->InputTensors[k].Desc;
        if (i[op->Axis] < t->Sizes[op->Axis])
            break;
        i[op->Axis] -= t->Sizes[op->Axis];
    }
    ref_read(&op->InputTensors[k], out->inputs[k], i, bytes);
}

const struct ref_entry ref_join = {DML_OPERATOR_JOIN, join_tensors, NULL, join_element};

#elif OP_TEST_PART == OP_PART_VALIDATION

/* JOIN (spec 1.4): every rule, the feature-level boundaries, and large InputCounts that must fail
 * without reading every input. */
#include "vt.h"

#include <string.h>

#define JOIN DML_OPERATOR_JOIN
#define F32 DML_TENSOR_DATA_TYPE_FLOAT32

struct join_case
{
    struct vt_tensor ins[4];
    DML_TENSOR_DESC descs[4]; /* contiguous DML_TENSOR_DESC values, as DirectML wants */
    struct vt_tensor out;
    DML_JOIN_OPERATOR_DESC desc;
};

static struct join_case c;

static void build(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *out_sizes, UINT axis,
                  UINT count, const UINT *axis_sizes)
{
    memset(&c, 0, sizeof(c));
    vt_tensor_init(&c.out, type, rank, out_sizes);
    for (UINT k = 0; k < count; ++k)
    {
        UINT sizes[DML_MAX_RANK];
        memcpy(sizes, out_sizes, rank * sizeof(UINT));
        sizes[axis] = axis_sizes[k];
        vt_tensor_init(&c.ins[k], type, rank, sizes);
        c.descs[k] = c.ins[k].desc;
    }
    c.desc = (DML_JOIN_OPERATOR_DESC){count, c.descs, &c.out.desc, axis};
}

/* Output {1,1,6,2} joined along axis 2 from 2 + 1 + 3 (SPLIT's seed, inverted). */
static void seed(void)
{
    build(F32, 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
}

static void accepted_and_normalised(void **state)
{
    struct dml_op_def def;

    seed();
    VT_EXPECT_OK(DML_FEATURE_LEVEL_1_0, JOIN, &c.desc);
    assert_int_equal(vt_validate(VT_FL_MAX, JOIN, &c.desc, &def, NULL), S_OK);
    assert_int_equal(def.input_count, 3);
    assert_int_equal(def.output_count, 1);
    assert_int_equal(def.u.axis, 2);
    assert_int_equal(dml_op_input(&def, 2)->sizes[2], 3);
    assert_int_equal(dml_op_output(&def, 0)->sizes[2], 6);
    dml_op_def_cleanup(&def);
    /* J-5: one input is a copy. */
    build(F32, 4, (UINT[]){1, 1, 6, 2}, 0, 1, (UINT[]){1});
    VT_EXPECT_OK(VT_FL_MAX, JOIN, &c.desc);
}

static void j_1_input_count(void **state)
{
    seed();
    c.desc.InputCount = 0;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_1_INPUT_COUNT);
    seed();
    c.desc.InputCount = 7; /* more inputs than rows: rejected before reading them */
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_1_INPUT_COUNT);
    c.desc.InputCount = UINT32_MAX;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_1_INPUT_COUNT);
    seed();
    c.desc.InputTensors = NULL;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_DESC_ARRAY_NULL);
}

static void huge_input_count_fails_at_the_first_bad_input(void **state)
{
    build(DML_TENSOR_DATA_TYPE_UINT8, 1, (UINT[]){UINT32_MAX}, 0, 2, (UINT[]){1, 1});
    c.desc.InputCount = UINT32_MAX;
    c.descs[1].Type = DML_TENSOR_TYPE_INVALID;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T1_TENSOR_TYPE);
}

static void j_2_axis(void **state)
{
    seed();
    c.desc.Axis = 4;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_2_AXIS);
    c.desc.Axis = UINT32_MAX;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_2_AXIS);
}

static void j_3_inputs_match_output(void **state)
{
    seed();
    vt_tensor_type(&c.ins[1], DML_TENSOR_DATA_TYPE_INT32);
    c.descs[1] = c.ins[1].desc;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_type(&c.out, DML_TENSOR_DATA_TYPE_INT32);
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T10_DATA_TYPE_MISMATCH);
    seed();
    vt_tensor_init(&c.ins[2], F32, 5, (UINT[]){1, 1, 3, 2, 1});
    c.descs[2] = c.ins[2].desc;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T10_DIMENSION_COUNT_MISMATCH);
    seed();
    c.out.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_T3_OWNED_BY_DML_OUTPUT);
    seed();
    vt_tensor_strides(&c.out, (UINT[]){4, 4, 1, 1});
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_D8_OUTPUT_ALIASING);
    /* Inputs may broadcast (D8 is for outputs only) and be OWNED_BY_DML. */
    seed();
    vt_tensor_strides(&c.ins[2], (UINT[]){0, 0, 0, 0});
    c.ins[0].buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    c.descs[2] = c.ins[2].desc;
    VT_EXPECT_OK(VT_FL_MAX, JOIN, &c.desc);
}

static void j_4_sizes(void **state)
{
    seed();
    c.ins[1].sizes[3] = 3;
    vt_tensor_strides(&c.ins[1], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_4_SIZE_MISMATCH);
    seed();
    c.ins[2].sizes[2] = 2; /* 2 + 1 + 2 < 6 */
    vt_tensor_strides(&c.ins[2], NULL);
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_4_AXIS_SUM);
    seed();
    c.ins[0].sizes[2] = 6; /* too many from input 1 on: rejected before input 2 is read */
    vt_tensor_strides(&c.ins[0], NULL);
    c.descs[2].Type = DML_TENSOR_TYPE_INVALID;
    VT_EXPECT_REJECT(VT_FL_MAX, JOIN, &c.desc, DML_RULE_J_4_AXIS_SUM);
}

/* J-6 with D6: exactly 4 dims to FL 2.1, 4-5 at 3.0, 1-8 from 3.1; 64-bit types from 4.1. */
static void j_6_feature_levels(void **state)
{
    for (UINT rank = 1; rank <= 8; ++rank)
    {
        const UINT sizes[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
        build(F32, rank, sizes, rank - 1, 2, (UINT[]){1, 1});
        if (rank == 4)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, JOIN, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_1, JOIN, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        if (rank == 4 || rank == 5)
            VT_EXPECT_OK(DML_FEATURE_LEVEL_3_0, JOIN, &c.desc);
        else
            VT_EXPECT_REJECT(DML_FEATURE_LEVEL_3_0, JOIN, &c.desc, DML_RULE_FL_DIMENSION_COUNT);
        VT_EXPECT_OK(DML_FEATURE_LEVEL_3_1, JOIN, &c.desc);
    }
    build(DML_TENSOR_DATA_TYPE_INT8, 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_2_0, JOIN, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_2_1, JOIN, &c.desc);
    build(DML_TENSOR_DATA_TYPE_UINT64, 4, (UINT[]){1, 1, 6, 2}, 2, 3, (UINT[]){2, 1, 3});
    VT_EXPECT_REJECT(DML_FEATURE_LEVEL_4_0, JOIN, &c.desc, DML_RULE_FL_DATA_TYPE);
    VT_EXPECT_OK(DML_FEATURE_LEVEL_4_1, JOIN, &c.desc);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(accepted_and_normalised),
    cmocka_unit_test(j_1_input_count),
    cmocka_unit_test(huge_input_count_fails_at_the_first_bad_input),
    cmocka_unit_test(j_2_axis),
    cmocka_unit_test(j_3_inputs_match_output),
    cmocka_unit_test(j_4_sizes),
    cmocka_unit_test(j_6_feature_levels),
};

VT_GROUP("join", tests)

#elif OP_TEST_PART == OP_PART_GPU

/* JOIN on the GPU and through plan_exec, bit-exact against the C reference (reference/): seeded
 * random cases of 1-64 inputs (many with gaps, permuted or broadcast strides), every element size,
 * rank 1-8, along every axis. The reference reads as the spec's pseudo-code (J-4, J-5). */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "lower.h"
#include "op_check.h"
#include "plan_exec.h"
#include "tensor.h"
#include "validate.h"
#include "vk_test.h"

#define CASES 160
#define MAX_INPUTS 64

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

struct join_case
{
    uint32_t rank, axis, count, elem;
    uint32_t sizes[MAX_INPUTS + 1][8], strides[MAX_INPUTS + 1][8];
    DML_BUFFER_TENSOR_DESC buffers[MAX_INPUTS + 1];
    DML_TENSOR_DESC descs[MAX_INPUTS + 1]; /* inputs, then the output */
    DML_JOIN_OPERATOR_DESC desc;
};

static void tensor(struct join_case *jc, uint32_t t, DML_TENSOR_DATA_TYPE type, struct rng *rng,
                   bool input)
{
    bool strided = op_check_strides(rng, jc->rank, jc->sizes[t], input, jc->strides[t]);
    if (!strided)
        for (uint32_t d = jc->rank, step = 1; d-- > 0; step *= jc->sizes[t][d])
            jc->strides[t][d] = step;
    jc->buffers[t] = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, jc->rank, jc->sizes[t], strided ? jc->strides[t] : NULL, 0, 0};
    jc->buffers[t].TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, jc->rank, jc->sizes[t], jc->buffers[t].Strides);
    jc->descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &jc->buffers[t]};
}

static void generate(struct join_case *jc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = types[rng_below(&rng, 11)];
    memset(jc, 0, sizeof(*jc));
    jc->rank = rng_range(&rng, 1, 8);
    jc->axis = rng_below(&rng, jc->rank);
    jc->count = rng_chance(&rng, 20) ? rng_range(&rng, 17, MAX_INPUTS) : rng_range(&rng, 1, 6);
    jc->elem = dml_data_type_size(type);
    uint32_t *out = jc->sizes[jc->count];
    for (uint32_t d = 0; d < jc->rank; ++d)
        out[d] = rng_range(&rng, 1, jc->rank > 4 ? 3 : 6);
    out[jc->axis] = 0;
    for (uint32_t k = 0; k < jc->count; ++k)
    {
        memcpy(jc->sizes[k], out, sizeof(jc->sizes[k]));
        jc->sizes[k][jc->axis] = rng_range(&rng, 1, jc->count > 8 ? 2 : 5);
        out[jc->axis] += jc->sizes[k][jc->axis];
        tensor(jc, k, type, &rng, true);
    }
    tensor(jc, jc->count, type, &rng, false);
    jc->desc = (DML_JOIN_OPERATOR_DESC){jc->count, jc->descs, &jc->descs[jc->count], jc->axis};
}

static void describe(const struct join_case *jc, uint64_t seed, const char *why)
{
    fprintf(stderr, "JOIN seed %llu: %s\n  rank %u axis %u inputs %u elem %u\n",
            (unsigned long long)seed, why, jc->rank, jc->axis, jc->count, jc->elem);
    for (uint32_t t = 0; t <= jc->count; ++t)
    {
        fprintf(stderr, "  %s %u: sizes", t < jc->count ? "input" : "output", t);
        for (uint32_t d = 0; d < jc->rank; ++d)
            fprintf(stderr, " %u", jc->sizes[t][d]);
        fprintf(stderr, " strides");
        for (uint32_t d = 0; d < jc->rank; ++d)
            fprintf(stderr, " %u", jc->buffers[t].Strides ? jc->strides[t][d] : 0);
        fprintf(stderr, "\n");
    }
}

/* Input k shares input k-1's bytes (and, through the API, its binding) where their descs agree. */
static bool shares_previous(const struct join_case *jc, uint32_t k, struct rng *rng)
{
    const DML_BUFFER_TENSOR_DESC *a = &jc->buffers[k - 1], *b = &jc->buffers[k];
    bool same = a->TotalTensorSizeInBytes == b->TotalTensorSizeInBytes &&
                !memcmp(jc->sizes[k - 1], jc->sizes[k], sizeof(jc->sizes[k])) &&
                !memcmp(jc->strides[k - 1], jc->strides[k], sizeof(jc->strides[k])) &&
                !a->Strides == !b->Strides;
    return same && rng_chance(rng, 50);
}

static HRESULT init_compiled(IDMLDevice *device, IDMLCompiledOperator *compiled)
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

/* Binds every input into one buffer (shared ranges where shared), the output into another. */
static HRESULT bind_and_run(IDMLDevice *device, IDMLCompiledOperator *compiled,
                            const struct join_case *jc, ID3D12Resource *in, const uint64_t *offsets,
                            ID3D12Resource *out)
{
    static DML_BUFFER_BINDING b[MAX_INPUTS + 1];
    static DML_BINDING_DESC bindings[MAX_INPUTS + 1];
    IDMLBindingTable *table;
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)compiled, {0}, {0}, 0};
    HRESULT hr =
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)&table);
    if (FAILED(hr))
        return hr;
    for (uint32_t t = 0; t <= jc->count; ++t)
    {
        b[t] = (DML_BUFFER_BINDING){t < jc->count ? in : out, t < jc->count ? offsets[t] : 0,
                                    jc->buffers[t].TotalTensorSizeInBytes};
        bindings[t] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &b[t]};
    }
    IDMLBindingTable_BindInputs(table, jc->count, bindings);
    IDMLBindingTable_BindOutputs(table, 1, &bindings[jc->count]);
    hr = dmlopsExecute(device, (IDMLDispatchable *)compiled, table);
    IDMLBindingTable_Release(table);
    return hr;
}

/* The case through DirectML's API with its inputs in one buffer: b holds the inputs and the
 * expected output. */
static bool run_api(IDMLDevice *device, const struct join_case *jc,
                    const struct op_check_buffers *b, const uint64_t *offsets, uint64_t in_bytes,
                    char *why, size_t why_size)
{
    DML_OPERATOR_DESC desc = {DML_OPERATOR_JOIN, &jc->desc};
    IDMLOperator *op = NULL;
    IDMLCompiledOperator *compiled = NULL;
    ID3D12Resource *in = NULL, *out = NULL;
    uint64_t out_bytes = b->bytes[jc->count];
    uint8_t *staging = calloc(1, in_bytes > out_bytes ? in_bytes : out_bytes);
    HRESULT hr = IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                        &IID_IDMLCompiledOperator, (void **)&compiled);
    if (SUCCEEDED(hr))
        hr = init_compiled(device, compiled);
    if (SUCCEEDED(hr))
        hr = dmlopsCreateBuffer(device, in_bytes, &in);
    if (SUCCEEDED(hr))
        hr = dmlopsCreateBuffer(device, out_bytes, &out);
    for (uint32_t k = 0; SUCCEEDED(hr) && k < jc->count; ++k)
        memcpy(staging + offsets[k], b->data[k], b->bytes[k]);
    if (SUCCEEDED(hr))
        hr = dmlopsUploadBuffer(device, in, 0, staging, in_bytes);
    memset(staging, VK_TEST_POISON, out_bytes);
    if (SUCCEEDED(hr))
        hr = dmlopsUploadBuffer(device, out, 0, staging, out_bytes);
    if (SUCCEEDED(hr))
        hr = bind_and_run(device, compiled, jc, in, offsets, out);
    if (SUCCEEDED(hr))
        hr = dmlopsDownloadBuffer(device, out, 0, staging, out_bytes);
    bool ok = SUCCEEDED(hr) && !memcmp(staging, b->data[jc->count], out_bytes);
    if (!ok)
        snprintf(why, why_size, "through the API: %s (hr %#x)",
                 FAILED(hr) ? "failed" : "output differs", (unsigned)hr);
    if (in)
        dmlopsDestroyBuffer(device, in);
    if (out)
        dmlopsDestroyBuffer(device, out);
    if (compiled)
        IDMLCompiledOperator_Release(compiled);
    if (op)
        IDMLOperator_Release(op);
    free(staging);
    return ok;
}

/* Lowering, without a GPU: the plans of a few JOINs are known exactly. Returns failures. */
static int golden(void)
{
    static const struct
    {
        uint32_t axis, count, elem_bytes, rank, kernel, in_parts, in_axis, second_begin;
    } expect[] = {
        {0, 4, 16, 1, PLAN_KERNEL_GENERAL, 4, 0, 6}, /* contiguous parts: one run of units */
        {2, 4, 16, 2, PLAN_KERNEL_GENERAL, 4, 1, 1}, /* rows of 4 + 4 + 4 + 4 floats */
        {1, 1, 16, 1, PLAN_KERNEL_COPY, 0, 0, 0},    /* one input: a copy */
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); ++i)
    {
        static struct join_case jc;
        memset(&jc, 0, sizeof(jc));
        jc.rank = 3, jc.axis = expect[i].axis, jc.count = expect[i].count, jc.elem = 4;
        const uint32_t base[3] = {2, 3, 4};
        for (uint32_t t = 0; t <= jc.count; ++t)
        {
            memcpy(jc.sizes[t], base, sizeof(base));
            if (t == jc.count)
                jc.sizes[t][jc.axis] *= jc.count;
            jc.buffers[t] = (DML_BUFFER_TENSOR_DESC){
                DML_TENSOR_DATA_TYPE_FLOAT32, 0, 3, jc.sizes[t], NULL, 0, 0};
            jc.buffers[t].TotalTensorSizeInBytes =
                dml_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 3, jc.sizes[t], NULL);
            jc.descs[t] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &jc.buffers[t]};
        }
        jc.desc = (DML_JOIN_OPERATOR_DESC){jc.count, jc.descs, &jc.descs[jc.count], jc.axis};
        DML_OPERATOR_DESC desc = {DML_OPERATOR_JOIN, &jc.desc};
        struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4};
        struct dml_op_def def;
        struct plan plan;
        if (dml_operator_validate(&ctx, &desc, &def) != S_OK || dml_lower(&def, &plan) != S_OK)
            return printf("golden %zu: rejected\n", i), failures + 1;
        dml_op_def_cleanup(&def);
        bool ok = plan.elem_bytes == expect[i].elem_bytes && plan.rank == expect[i].rank &&
                  plan.kernel == expect[i].kernel && plan.in_part_count == expect[i].in_parts &&
                  plan.in_part_axis == expect[i].in_axis &&
                  (!plan.in_part_count || plan.in_parts[1].axis_begin == expect[i].second_begin);
        if (!ok)
        {
            printf("golden %zu: unexpected plan\n", i);
            plan_describe(stdout, &plan);
            ++failures;
        }
        plan_cleanup(&plan);
    }
    return failures;
}

int main(void)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    static struct join_case jc;
    int failures = golden(), shared = 0;

    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;
    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {0};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&jc, seed);
        uint64_t offsets[MAX_INPUTS], in_bytes = 0;
        b.input_count = jc.count;
        b.output_count = 1;
        for (uint32_t t = 0; t <= jc.count; ++t)
            op_check_alloc(&b, t, jc.buffers[t].TotalTensorSizeInBytes, &rng);
        for (uint32_t k = 0; k < jc.count; ++k) /* DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT: 16 */
        {
            bool share = k && shares_previous(&jc, k, &rng);
            if (share)
                memcpy(b.data[k], b.data[k - 1], b.bytes[k]);
            offsets[k] = share ? offsets[k - 1] : (in_bytes + 15) & ~(uint64_t)15;
            in_bytes = share ? in_bytes : offsets[k] + b.bytes[k];
            shared += share;
        }
        DML_OPERATOR_DESC desc = {DML_OPERATOR_JOIN, &jc.desc};
        op_check_expect(&b, &desc);
        bool ok = op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why));
        if (ok && device)
            ok = run_api(device, &jc, &b, offsets, in_bytes, why, sizeof(why));
        if (!ok)
        {
            describe(&jc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("JOIN: %d of %d cases failed (%d inputs sharing another's binding)\n", failures,
           (int)cases, shared);
    if (device)
        IDMLDevice_Release(device);
    return failures ? 1 : 0;
}

#endif

#if OP_TEST_PART == OP_PART_FUZZ

/* The fuzzer's JOIN (fuzz_op.h): 1-4 inputs of the input's shape but for the axis, whose extents
 * follow one another. */
#include "fuzz_op.h"

static void generate_join(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    const uint32_t axis = fuzz_rng_below(rng, p->input.rank);

    p->axis = axis;
    p->input_count = 1 + fuzz_rng_below(rng, 4);
    p->outputs[0].sizes[axis] = 0;
    for (uint32_t j = 0; j < p->input_count; ++j)
    {
        p->inputs[j] = p->input;
        p->inputs[j].sizes[axis] = 1 + fuzz_rng_below(rng, 3);
        p->outputs[0].sizes[axis] += p->inputs[j].sizes[axis];
    }
    p->input = p->inputs[0];
}

/* Input j's default shape: its own, or input 0's with one slice of the axis. */
static void join_shape(const struct fuzz_params *p, uint32_t j, struct fuzz_shape *shape)
{
    if (j < p->input_count && j < FUZZ_DEFAULT_OUTPUTS)
    {
        *shape = p->inputs[j];
        return;
    }
    *shape = p->input;
    if (p->axis < FUZZ_RANK_MAX)
        shape->sizes[p->axis] = 1;
}

static DML_TENSOR_DESC *join_inputs(struct fuzz_decoder *d, const struct fuzz_params *p,
                                    uint32_t count, DML_TENSOR_FLAGS input_flags)
{
    DML_TENSOR_DESC *inputs;
    struct fuzz_shape shape;

    if (!fd_present(d, FF_ARRAY_PTR, 0, 0) || !(inputs = fd_alloc(d, count, sizeof(*inputs))))
        return NULL;
    for (uint32_t j = 0; j < count && j < FUZZ_MAX_OUTPUTS_DRAWN; ++j)
    {
        join_shape(p, j, &shape);
        fd_tensor_into(d, FUZZ_INPUT_TENSOR(j), p, &shape, input_flags, &inputs[j]);
    }
    return inputs;
}

static void *build_join(struct fuzz_decoder *d, const struct fuzz_params *p,
                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_JOIN_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    desc->InputCount = c->input_count = fd_u32(d, FF_INPUT_COUNT, 0, 0, p->input_count);
    desc->InputTensors = c->inputs = join_inputs(d, p, desc->InputCount, input_flags);
    desc->OutputTensor = c->outputs = fd_tensor(d, 1, p, &p->outputs[0], DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
    desc->Axis = fd_u32(d, FF_AXIS, 0, 0, p->axis);
    return desc;
}

/* Valid ones with options and layouts; InputCount 0 and 2^32-1, InputTensors NULL, an input of
 * another type, a wrong axis size. */
static const struct fuzz_seed join_seeds[] = {
    {"join-f32-rank3", 0, 0, 0, F32, RANK(3), 0, 0x345, 1},
    {"join-u8-rank8-shared-twice", 0, 0, FUZZ_OPT_SHARED_BUFFER | FUZZ_OPT_TWICE, U8, RANK(8),
     STRIDES(FUZZ_STRIDES_PADDED, FUZZ_STRIDES_REVERSED), 0x21212121, 2},
    {"join-i64-rank4-owned-volatile", 0, 0, FUZZ_OPT_OWNED_INPUT | FUZZ_OPT_VOLATILE, I64, RANK(4),
     STRIDES(FUZZ_STRIDES_BROADCAST, 0), 0x4321, 3},
    {"join-f16-fl3.0", FUZZ_LEVEL_3_0, 0, 0, F16, RANK(5), 0, 0x11111, 4},
    {"join-input-count-0", 0, 0, 0, F32, RANK(2), 0, 0x23, 5,
     .patches = {SET(FF_INPUT_COUNT, 0, 0, 0)}},
    {"join-input-count-max", 0, 0, 0, F32, RANK(2), 0, 0x23, 5,
     .patches = {SET(FF_INPUT_COUNT, 0, 0, 0xFFFFFFFF)}},
    {"join-null-inputs", 0, 0, 0, F32, RANK(2), 0, 0x23, 6, .patches = {NULLPTR(FF_ARRAY_PTR, 0)}},
    {"join-input-type-differs", 0, 0, 0, I16, RANK(3), 0, 0x333, 7,
     .patches = {SET(FF_INPUT_COUNT, 0, 0, 3), SET(FF_DATA_TYPE, FUZZ_INPUT_TENSOR(2), 0, 5)}},
    {"join-axis-size-wrong", 0, 0, 0, F32, RANK(3), 0, 0x333, 8,
     .patches = {PLUS(FF_SIZE, 1, 0, 1)}},
};

const struct fuzz_op fuzz_op_join = {DML_OPERATOR_JOIN, generate_join, build_join,
                                     .seeds = join_seeds, .seed_count = FUZZ_COUNT(join_seeds)};

#endif

#if OP_TEST_PART == OP_PART_GRAPH

#include <string.h>

#include "gr_op.h"

/* JOIN of input 0 and one or two more values read with its type and non-axis sizes; a value that
 * holds too little for any of them gives way to input 0's own value and view. */
static IDMLOperator *make_join(struct gr_build *b)
{
    uint32_t axis = gr_next(b->rng, b->in.rank), count = 2 + gr_next(b->rng, 2), sizes[GR_MAX_RANK];
    DML_TENSOR_DESC ins[GR_MAX_NODE_IO];

    memcpy(sizes, b->in.sizes, sizeof(sizes));
    ins[0] = *gr_tensor(b, &b->in);
    sizes[axis] = b->in.sizes[axis];
    for (uint32_t i = 1; i < count; ++i)
    {
        struct gr_view v = {.type = b->in.type, .rank = b->in.rank};
        uint32_t vi = b->node->inputs[0];

        memcpy(v.sizes, b->in.sizes, sizeof(v.sizes));
        for (int tries = 0; tries < 4; ++tries)
        {
            uint32_t candidate = gr_pick_value(b->g, b->rng, 1, false);

            v.sizes[axis] = 1 + gr_next(b->rng, 4);
            if (gr_read_view(b, candidate, &v))
            {
                vi = candidate;
                break;
            }
        }
        if (vi == b->node->inputs[0] &&
            (v.sizes[axis] = b->in.sizes[axis], !gr_read_view(b, vi, &v)))
            v = b->in;
        b->node->inputs[i] = vi;
        ins[i] = *gr_tensor(b, &v);
        sizes[axis] += v.sizes[axis];
    }
    b->node->input_count = count;
    struct gr_view o = gr_write_view(b, b->in.type, b->in.rank, sizes);
    DML_JOIN_OPERATOR_DESC desc = {count, ins, gr_output(b, 0, &o), axis};
    return gr_create(b->device, DML_OPERATOR_JOIN, &desc);
}

const struct gr_op gr_op_join = {
    .type = DML_OPERATOR_JOIN, .name = "JOIN", .draw = 5, .make = make_join, .grows = true};

#endif

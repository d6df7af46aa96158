/* A few operators of every kind under the validation layer's GPU-assisted mode (run with
 * DMLOPS_VALIDATION=gpu-assisted): every documentation example, then seeded random cases of
 * SLICE, SLICE1, SPLIT, PADDING and PADDING1 over all data types, odd shapes, strided and
 * broadcast inputs and gapped outputs. The layer instruments every shader access, so a kernel that
 * touches memory outside a bound buffer is reported (and the library aborts on the report), which
 * lavapipe alone would hide by dropping the access. Results are also compared with the C
 * reference on the bytes the operator writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dml_util.h"
#include "gpu.h"
#include "random_case.h"
#include "reference.h"
#include "rng.h"
#include "seed_examples.h"

#define RANDOM_CASES 48
#define FIRST_SEED 0x6a7600u

static void run_seed_example(void **state)
{
    IDMLDevice *device = *state;
    for (unsigned e = 0; e < seed_example_count; ++e)
    {
        const struct seed_example *example = &seed_examples[e];
        float *results[SEED_MAX_OUTPUTS] = {0};
        for (unsigned k = 0; k < example->output_count; ++k)
            results[k] = calloc(seed_tensor_elements(&example->outputs[k]), sizeof(float));
        assert_int_equal(seed_run(device, example, results), S_OK);
        for (unsigned k = 0; k < example->output_count; ++k)
        {
            assert_memory_equal(results[k], example->outputs[k].data,
                                seed_tensor_elements(&example->outputs[k]) * sizeof(float));
            free(results[k]);
        }
        printf("gpu_av: seed example %-40s PASS\n", example->name);
    }
}

/* Host buffers of one case: the input, and each output as the GPU left it and as the reference
 * writes it over two different backgrounds (a byte equal in both is one the operator writes). */
struct case_data
{
    uint8_t *input;
    uint8_t *got[RANDOM_CASE_MAX_OUTPUTS], *on_zero[RANDOM_CASE_MAX_OUTPUTS],
        *on_ones[RANDOM_CASE_MAX_OUTPUTS];
};

static void case_data_init(struct case_data *d, const struct random_case *rc)
{
    struct rng rng = rng_seeded(rc->seed ^ 0x5eed);
    d->input = malloc(rc->input_bytes);
    for (uint64_t i = 0; i < rc->input_bytes; ++i)
        d->input[i] = (uint8_t)rng_next(&rng);
    for (uint32_t k = 0; k < rc->output_count; ++k)
    {
        d->got[k] = malloc(rc->output_bytes[k]);
        d->on_zero[k] = calloc(1, rc->output_bytes[k]);
        d->on_ones[k] = malloc(rc->output_bytes[k]);
        memset(d->on_ones[k], 0xFF, rc->output_bytes[k]);
    }
    const void *inputs[1] = {d->input};
    ref_run(&rc->desc, inputs, (void *const *)d->on_zero);
    ref_run(&rc->desc, inputs, (void *const *)d->on_ones);
}

static void case_data_free(struct case_data *d, const struct random_case *rc)
{
    free(d->input);
    for (uint32_t k = 0; k < rc->output_count; ++k)
    {
        free(d->got[k]);
        free(d->on_zero[k]);
        free(d->on_ones[k]);
    }
}

/* Runs the case on the GPU into d->got; the outputs start as 0xA5 poison. */
static HRESULT run_on_gpu(IDMLDevice *device, const struct random_case *rc, struct case_data *d)
{
    ID3D12Resource *input = NULL, *outputs[RANDOM_CASE_MAX_OUTPUTS] = {0};
    IDMLCompiledOperator *compiled = NULL;
    HRESULT hr = dml_util_compile(device, rc->desc.Type, rc->desc.Desc, &compiled);
    if (SUCCEEDED(hr) && SUCCEEDED(hr = dmlopsCreateBuffer(device, rc->input_bytes, &input)))
        hr = dmlopsUploadBuffer(device, input, 0, d->input, rc->input_bytes);
    for (uint32_t k = 0; k < rc->output_count && SUCCEEDED(hr); ++k)
    {
        memset(d->got[k], 0xA5, rc->output_bytes[k]);
        if (SUCCEEDED(hr = dmlopsCreateBuffer(device, rc->output_bytes[k], &outputs[k])))
            hr = dmlopsUploadBuffer(device, outputs[k], 0, d->got[k], rc->output_bytes[k]);
    }
    if (SUCCEEDED(hr))
        hr = dml_util_run(device, compiled, input, rc->input_bytes, rc->output_count, outputs,
                          rc->output_bytes);
    for (uint32_t k = 0; k < rc->output_count && SUCCEEDED(hr); ++k)
        hr = dmlopsDownloadBuffer(device, outputs[k], 0, d->got[k], rc->output_bytes[k]);
    for (uint32_t k = 0; k < rc->output_count; ++k)
        dmlopsDestroyBuffer(device, outputs[k]);
    dmlopsDestroyBuffer(device, input);
    if (compiled)
        IDMLCompiledOperator_Release(compiled);
    return hr;
}

/* Bytes the operator writes that differ from the reference. */
static uint64_t count_wrong(const struct random_case *rc, const struct case_data *d)
{
    uint64_t wrong = 0;
    for (uint32_t k = 0; k < rc->output_count; ++k)
    {
        for (uint64_t i = 0; i < rc->output_bytes[k]; ++i)
        {
            bool written = d->on_zero[k][i] == d->on_ones[k][i];
            if (written && d->got[k][i] != d->on_zero[k][i] && wrong++ < 8)
                fprintf(stderr, "output %u byte %llu: 0x%02X, expected 0x%02X\n", k,
                        (unsigned long long)i, d->got[k][i], d->on_zero[k][i]);
        }
    }
    return wrong;
}

static void run_random_cases(void **state)
{
    IDMLDevice *device = *state;
    unsigned failures = 0;
    for (uint64_t seed = FIRST_SEED; seed < FIRST_SEED + RANDOM_CASES; ++seed)
    {
        struct random_case rc;
        struct case_data d = {0};
        assert_int_equal(random_case_generate(&rc, seed, DML_FEATURE_LEVEL_6_4), 0);
        case_data_init(&d, &rc);
        HRESULT hr = run_on_gpu(device, &rc, &d);
        uint64_t wrong = SUCCEEDED(hr) ? count_wrong(&rc, &d) : 0;
        if (FAILED(hr) || wrong)
        {
            fprintf(stderr, "gpu_av: case 0x%llx: hr 0x%08X, %llu wrong bytes\n",
                    (unsigned long long)seed, (unsigned)hr, (unsigned long long)wrong);
            random_case_describe(stderr, &rc);
            ++failures;
        }
        printf("gpu_av: random case 0x%llx (operator %d, %u output(s)) %s\n",
               (unsigned long long)seed, (int)rc.desc.Type, rc.output_count,
               FAILED(hr) || wrong ? "FAIL" : "PASS");
        case_data_free(&d, &rc);
        random_case_free(&rc);
    }
    assert_int_equal(failures, 0);
}

static int setup(void **state)
{
    *state = gpu_create_device(0, TRUE); /* exits 77 without a device */
    return 0;
}

static int teardown(void **state)
{
    IDMLDevice_Release((IDMLDevice *)*state);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(run_seed_example),
        cmocka_unit_test(run_random_cases),
    };
    const char *mode = getenv("DMLOPS_VALIDATION");
    printf("gpu_av: DMLOPS_VALIDATION=%s\n", mode ? mode : "(unset)");
    gpu_require_device();
    return cmocka_run_group_tests_name("gpu_av", tests, setup, teardown);
}

/* GPU differential test through DirectML's whole API: seeded random SLICE, SLICE1, SPLIT,
 * PADDING and PADDING1 cases run on devices capped at several feature levels and compared
 * bit-exactly, poisoned guard bands and gaps included, with the C reference.
 *
 * Environment:
 *   DMLOPS_TEST_SEED=<seed> DMLOPS_TEST_LEVEL=<hex>  run that case only (the report of a
 *                                                     failure prints this line)
 *   DMLOPS_TEST_COUNT=<n>   with DMLOPS_TEST_SEED: n consecutive seeds (default 1)
 *   DMLOPS_TEST_BATCH=<n>   cases per command list (default BATCH_DEFAULT; 1 finds which case
 *                           of a batch aborts on a validation message)
 *   DMLOPS_TEST_SCALE=<p>   run p percent of the usual number of cases */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gpu.h"
#include "gpu_batch.h"
#include "gpu_coverage.h"
#include "gpu_report.h"

#define BATCH_DEFAULT 48
#define BATCH_LARGE 4 /* cases per batch with large tensors: bounds the memory used */
#define BATCH_MAX 256
#define MAX_REPORTED 5
#define SEED_BASE UINT64_C(0x6770750000000000)

struct level_run
{
    DML_FEATURE_LEVEL level;
    uint32_t cases;
    uint64_t seed_flags; /* GPU_CASE_LARGE_SEED: tensors of up to a million elements */
};

static const struct level_run level_runs[] = {
    {DML_FEATURE_LEVEL_1_0, 1500, 0},
    {DML_FEATURE_LEVEL_2_1, 1000, 0},
    {DML_FEATURE_LEVEL_3_0, 7000, 0},
    {DML_FEATURE_LEVEL_4_1, 1500, 0},
    {DML_FEATURE_LEVEL_5_0, 2000, 0},
    {DML_FEATURE_LEVEL_6_4, 10000, 0},
    {DML_FEATURE_LEVEL_3_0, 16, GPU_CASE_LARGE_SEED},
    {DML_FEATURE_LEVEL_6_4, 32, GPU_CASE_LARGE_SEED},
};

#define LEVEL_RUNS (sizeof(level_runs) / sizeof(level_runs[0]))

static uint32_t batch_limit = BATCH_DEFAULT;
static uint32_t scale_percent = 100;

/* What a validation abort prints: the batch that was running (set before each batch). */
static char abort_note[512];

static void on_abort(int signal_number)
{
    (void)signal_number;
    if (write(STDERR_FILENO, abort_note, strlen(abort_note)) < 0)
        return;
}

static void note_batch(DML_FEATURE_LEVEL level, uint64_t seed, uint32_t count)
{
    snprintf(abort_note, sizeof(abort_note),
             "ABORTED while running %u case(s) from seed 0x%016llx at feature level 0x%x; rerun "
             "them with DMLOPS_TEST_SEED=0x%016llx DMLOPS_TEST_LEVEL=0x%x DMLOPS_TEST_COUNT=%u "
             "DMLOPS_TEST_BATCH=1 DMLOPS_VALIDATION=%s to find the case\n",
             count, (unsigned long long)seed, (unsigned)level, (unsigned long long)seed,
             (unsigned)level, count, gpu_report_validation());
}

static uint64_t seed_of(DML_FEATURE_LEVEL level, uint32_t index)
{
    return SEED_BASE | (uint64_t)level << 24 | index;
}

static void reopen(struct gpu_device *dev)
{
    DML_FEATURE_LEVEL level = dev->level;
    gpu_device_close(dev);
    gpu_device_open(dev, level);
}

/* Runs count cases from seed in one batch; 0 when all pass, else the failures (reported). */
static uint32_t run_batch(struct gpu_device *dev, struct gpu_case *cases, uint64_t seed,
                          uint32_t count, char *why, size_t why_size, int *batch_failed)
{
    int failed;

    for (uint32_t i = 0; i < count; ++i)
        assert_int_equal(gpu_case_prepare(&cases[i], seed + i, dev->level), 0);
    note_batch(dev->level, seed, count);
    failed = gpu_batch_run(dev, cases, count, why, why_size);
    *batch_failed = failed < 0;
    for (uint32_t i = 0; i < count && failed >= 0; ++i)
        if (!cases[i].failed)
            gpu_coverage_add(&cases[i], dev->level);
    return failed < 0 ? 0 : (uint32_t)failed;
}

/* A batch failed as a whole: run its cases alone on fresh devices to name the culprits. */
static uint32_t run_alone(struct gpu_device *dev, struct gpu_case *cases, uint64_t seed,
                          uint32_t count, const char *batch_why)
{
    uint32_t failures = 0;
    char why[512];
    int batch_failed;

    fprintf(stderr, "batch of %u cases from seed 0x%016llx at level 0x%x failed: %s\n", count,
            (unsigned long long)seed, (unsigned)dev->level, batch_why);
    for (uint32_t i = 0; i < count; ++i)
    {
        reopen(dev);
        failures += run_batch(dev, cases, seed + i, 1, why, sizeof(why), &batch_failed);
        if (batch_failed)
            gpu_report_case(cases, why);
        failures += (uint32_t)batch_failed;
    }
    reopen(dev);
    if (!failures)
    {
        fprintf(stderr, "FAILED: every case of that batch passes alone; rerun the batch with:\n");
        gpu_report_rerun(stderr, seed, dev->level, count);
        failures = 1;
    }
    return failures;
}

/* count cases from first_seed in batches; stops after MAX_REPORTED failures. */
static uint32_t run_cases(DML_FEATURE_LEVEL level, uint64_t first_seed, uint32_t count)
{
    uint32_t batch_size =
        first_seed & GPU_CASE_LARGE_SEED && batch_limit > BATCH_LARGE ? BATCH_LARGE : batch_limit;
    struct gpu_case *cases = calloc(batch_size, sizeof(*cases));
    struct gpu_device dev;
    uint32_t failures = 0;
    char why[512];
    int batch_failed;

    assert_non_null(cases);
    gpu_device_open(&dev, level);
    for (uint32_t done = 0; done < count && failures < MAX_REPORTED; done += batch_size)
    {
        uint32_t n = count - done < batch_size ? count - done : batch_size;
        failures += run_batch(&dev, cases, first_seed + done, n, why, sizeof(why), &batch_failed);
        if (batch_failed)
            failures += run_alone(&dev, cases, first_seed + done, n, why);
    }
    gpu_device_close(&dev);
    free(cases);
    return failures;
}

static void test_level(void **state)
{
    const struct level_run *run = *state;
    uint32_t count = (uint32_t)((uint64_t)run->cases * scale_percent / 100);

    assert_int_equal(run_cases(run->level, seed_of(run->level, 0) | run->seed_flags, count), 0);
}

static void test_coverage(void **state)
{
    char missing[2048];
    int count = gpu_coverage_missing(missing, sizeof(missing));

    (void)state;
    if (scale_percent < 100)
        skip();
    if (count)
        fprintf(stderr, "never exercised by a passing case: %s\n", missing);
    assert_int_equal(count, 0);
}

static void test_chosen_cases(void **state)
{
    const char *count = getenv("DMLOPS_TEST_COUNT"), *level = getenv("DMLOPS_TEST_LEVEL");
    uint64_t seed = strtoull(getenv("DMLOPS_TEST_SEED"), NULL, 0);
    DML_FEATURE_LEVEL cap =
        level ? (DML_FEATURE_LEVEL)strtoul(level, NULL, 16) : DML_FEATURE_LEVEL_6_4;
    uint32_t n = count ? (uint32_t)strtoul(count, NULL, 0) : 1;
    struct gpu_case *c = calloc(1, sizeof(*c));

    (void)state;
    assert_non_null(c);
    for (uint32_t i = 0; i < n && i < 4; ++i)
    {
        assert_int_equal(gpu_case_prepare(c, seed + i, cap), 0);
        random_case_describe(stderr, &c->rc);
        gpu_case_describe_run(stderr, c);
    }
    free(c);
    assert_int_equal(run_cases(cap, seed, n), 0);
}

static uint32_t env_uint(const char *name, uint32_t fallback, uint32_t max)
{
    const char *text = getenv(name);
    unsigned long value = text ? strtoul(text, NULL, 0) : fallback;
    return value < 1 ? 1 : value > max ? max : (uint32_t)value;
}

int main(int argc, char **argv)
{
    static char level_names[LEVEL_RUNS][48];
    struct CMUnitTest level_tests[LEVEL_RUNS + 1];
    const struct CMUnitTest chosen[] = {cmocka_unit_test(test_chosen_cases)};
    size_t n = 0;

    (void)argc;
    gpu_report_set_program(argv[0]);
    signal(SIGABRT, on_abort);
    batch_limit = env_uint("DMLOPS_TEST_BATCH", BATCH_DEFAULT, BATCH_MAX);
    scale_percent = env_uint("DMLOPS_TEST_SCALE", 100, 100000);
    gpu_require_device();
    if (getenv("DMLOPS_TEST_SEED"))
        return cmocka_run_group_tests(chosen, NULL, NULL);
    for (; n < LEVEL_RUNS; ++n)
    {
        snprintf(level_names[n], sizeof(level_names[n]), "feature level 0x%x: %u %scases",
                 (unsigned)level_runs[n].level, level_runs[n].cases * scale_percent / 100,
                 level_runs[n].seed_flags ? "large " : "");
        level_tests[n] =
            (struct CMUnitTest){level_names[n], test_level, NULL, NULL, (void *)&level_runs[n]};
    }
    level_tests[n++] = (struct CMUnitTest){"coverage", test_coverage, NULL, NULL, NULL};
    return _cmocka_run_group_tests("gpu_ops", level_tests, n, NULL, NULL);
}

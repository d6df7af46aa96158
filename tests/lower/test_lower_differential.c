/* Differential test of lowering: random valid descs are validated (src/validate.h), lowered,
 * run by the plan interpreter on poisoned outputs and compared bit-exactly, guard bands
 * included, with the C reference run on identical buffers. Every failure prints the whole
 * case and the call that regenerates it from its seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "lower.h"
#include "lower_check.h"
#include "plan_exec.h"
#include "random_case.h"
#include "reference.h"
#include "validate.h"

#define CASES_PER_RUN 1000
#define MAX_REPORTED 5

static void report(const struct random_case *rc, const struct plan *plan, const char *what)
{
    fprintf(stderr, "FAILED: %s\n", what);
    random_case_describe(stderr, rc);
    if (plan)
        plan_describe(stderr, plan);
}

/* Bytes of all output elements: with every element written (the byte comparison shows it),
 * a plan moving exactly this many bytes writes each element once. */
static uint64_t output_element_bytes(const struct random_case *rc)
{
    uint64_t bytes = 0;
    for (uint32_t k = 0; k < rc->output_count; ++k)
    {
        const DML_BUFFER_TENSOR_DESC *b = &rc->outputs[k].buffer;
        uint64_t elements = 1;
        for (uint32_t d = 0; d < b->DimensionCount; ++d)
            elements *= b->Sizes[d];
        bytes += elements * ref_element_size(b->DataType);
    }
    return bytes;
}

static int plan_sane(const struct plan *plan, const struct random_case *rc, char *what, size_t size)
{
    uint32_t e = plan->elem_bytes;
    const char *problem = NULL;
    if (e != 1 && e != 2 && e != 4 && e != 8 && e != 16)
        problem = "elem_bytes";
    else if (plan->slot_count != 1 + rc->output_count || plan->in_slot != 0)
        problem = "slots";
    else if (plan->part_count != rc->output_count && plan->part_count != 1)
        problem = "part_count";
    else if ((plan->kernel == PLAN_KERNEL_SPLIT) != (plan->part_count > 1))
        problem = "kernel";
    else if (plan->count * plan->elem_bytes != output_element_bytes(rc))
        problem = "count: not one write per output element";
    if (problem)
        snprintf(what, size, "malformed plan: %s", problem);
    return problem ? -1 : 0;
}

static int lower_case(const struct random_case *rc, struct dml_op_def *def, struct plan *plan)
{
    char what[256];
    struct dml_validate_ctx ctx = {.feature_level = rc->feature_level};
    HRESULT hr = dml_operator_validate(&ctx, &rc->desc, def);
    if (FAILED(hr))
    {
        snprintf(what, sizeof(what), "validation rejected the case: hr 0x%08x, rule %s",
                 (unsigned)hr, ctx.rejected->id);
        report(rc, NULL, what);
        return -1;
    }
    if (FAILED(hr = dml_lower(def, plan)))
    {
        snprintf(what, sizeof(what), "dml_lower failed: hr 0x%08x", (unsigned)hr);
        report(rc, NULL, what);
        dml_op_def_cleanup(def);
        return -1;
    }
    return 0;
}

/* One case: 0 when it passes, -1 (reported) when it fails. */
static int run_case(uint64_t seed, DML_FEATURE_LEVEL level)
{
    struct random_case rc;
    struct dml_op_def def;
    struct plan plan;
    char what[256] = "";
    assert_int_equal(random_case_generate(&rc, seed, level), 0);
    if (lower_case(&rc, &def, &plan))
        return -1;
    int failed =
        plan_sane(&plan, &rc, what, sizeof(what)) ||
        lower_check_against_reference(&rc.desc, &plan, seed ^ UINT64_C(0x5eed), what, sizeof(what));
    if (failed)
        report(&rc, &plan, what);
    plan_cleanup(&plan);
    dml_op_def_cleanup(&def);
    random_case_free(&rc);
    return failed ? -1 : 0;
}

static void run_level(DML_FEATURE_LEVEL level, uint64_t base_seed)
{
    uint32_t failures = 0;
    for (uint32_t i = 0; i < CASES_PER_RUN && failures < MAX_REPORTED; ++i)
        failures += run_case(base_seed * UINT64_C(1000003) + i, level) ? 1 : 0;
    assert_int_equal(failures, 0);
}

static void test_level_1_0(void **state)
{
    run_level(DML_FEATURE_LEVEL_1_0, 10);
}
static void test_level_2_1(void **state)
{
    run_level(DML_FEATURE_LEVEL_2_1, 21);
}
static void test_level_3_0(void **state)
{
    run_level(DML_FEATURE_LEVEL_3_0, 30);
}
static void test_level_3_1(void **state)
{
    run_level(DML_FEATURE_LEVEL_3_1, 31);
}
static void test_level_4_1(void **state)
{
    run_level(DML_FEATURE_LEVEL_4_1, 41);
}
static void test_level_5_0(void **state)
{
    run_level(DML_FEATURE_LEVEL_5_0, 50);
}
static void test_level_6_4(void **state)
{
    run_level(DML_FEATURE_LEVEL_6_4, 64);
}
static void test_level_6_4_more(void **state)
{
    run_level(DML_FEATURE_LEVEL_6_4, 6464);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_1_0), cmocka_unit_test(test_level_2_1),
        cmocka_unit_test(test_level_3_0), cmocka_unit_test(test_level_3_1),
        cmocka_unit_test(test_level_4_1), cmocka_unit_test(test_level_5_0),
        cmocka_unit_test(test_level_6_4), cmocka_unit_test(test_level_6_4_more),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

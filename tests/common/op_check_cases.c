/* The loop over an operator's seeded random cases (op_check.h). */
#include <stdio.h>
#include <stdlib.h>

#include "api_run.h"
#include "op_check.h"
#include "vk_test.h"

static uint64_t case_count(uint64_t fallback)
{
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    return env ? strtoull(env, NULL, 10) : fallback;
}

int op_check_cases_run(const struct op_check_cases *cases)
{
    struct dml_vk_device *dev = NULL;
    IDMLDevice *device = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_api_device(&dev);
    const uint64_t count = case_count(cases->count);
    int failures = 0;

    for (uint64_t seed = 1; seed <= count; ++seed)
    {
        struct op_check_buffers b = {0};
        struct rng rng = rng_seeded(seed * 7919);
        DML_OPERATOR_DESC desc;
        char why[256];
        cases->prepare(seed, &rng, &b, &desc);
        op_check_expect(&b, &desc);
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % cases->api_period < cases->api_runs &&
             !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            cases->describe(seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("%s: %d of %d cases failed\n", cases->name, failures, (int)count);
    if (device)
        IDMLDevice_Release(device);
    return failures;
}

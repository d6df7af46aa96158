/* Every example of the DirectML pages the project started from, through DirectML's whole call
 * sequence on the default device, compared exactly with the documented result. */
#define COBJMACROS
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gpu.h"
#include "seed_examples.h"

static void run_seed(void **state)
{
    const struct seed_example *example = *state;
    IDMLDevice *device = gpu_create_device(0, TRUE);
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
    IDMLDevice_Release(device);
}

int main(void)
{
    struct CMUnitTest tests[16];

    gpu_require_device();
    for (unsigned e = 0; e < seed_example_count; ++e)
        tests[e] = (struct CMUnitTest){seed_examples[e].name, run_seed, NULL, NULL,
                                       (void *)&seed_examples[e]};
    return _cmocka_run_group_tests("seeds", tests, seed_example_count, NULL, NULL);
}

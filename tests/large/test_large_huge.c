/* A SLICE1 of a 4.5 GiB UINT32 tensor into a 4.5 GiB output (1.2 G elements, under the
 * 2^32 - 1 elements per tensor of decision D15): the input is read and the output written beyond
 * 4 GiB, where 32-bit byte offsets would wrap. Checked on windows of the output: the start, the
 * end, where the output crosses 4 GiB, where the input read crosses 4 GiB, and 16 evenly spaced
 * samples. Needs about 9 GiB of device memory: runs only with DMLOPS_TEST_HUGE=1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu.h"
#include "large_slice.h"

#define ROWS 9u
#define ROW (128u << 20) /* 9 x 128 Mi UINT32: 4.5 GiB */
#define COLUMN_OFFSET 3u
#define OUT_ROW (ROW - COLUMN_OFFSET)
#define WINDOW (1u << 20)
#define SAMPLES 16u

static const struct large_slice slice = {
    .name = "large_huge",
    .type = DML_TENSOR_DATA_TYPE_UINT32,
    .in_sizes = {ROWS, ROW},
    .offsets = {0, COLUMN_OFFSET},
    .window = {ROWS, OUT_ROW},
    .strides = {1, 1},
};

static unsigned make_windows(struct large_window *w)
{
    const uint64_t total = (uint64_t)ROWS * OUT_ROW, four_gib = (UINT64_C(4) << 30) / 4;
    /* Output row 8 starts reading input element 8 * ROW = 2^30 (+ 3): the read crosses 4 GiB. */
    const uint64_t read_crossing = (uint64_t)8 * OUT_ROW;
    unsigned n = 0;
    w[n++] = (struct large_window){0, WINDOW};
    w[n++] = (struct large_window){four_gib - WINDOW / 2, WINDOW};
    w[n++] = (struct large_window){read_crossing - WINDOW / 2, WINDOW};
    w[n++] = (struct large_window){total - WINDOW, WINDOW};
    for (unsigned k = 0; k < SAMPLES; ++k)
        w[n++] = (struct large_window){total / SAMPLES * k + total / (2 * SAMPLES), WINDOW / 16};
    return n;
}

static void slice_over_4_gib(void **state)
{
    struct large_window windows[4 + SAMPLES];
    UINT out_sizes[2];
    large_slice_out_sizes(&slice, out_sizes);
    assert_true(large_slice_bytes(&slice, slice.in_sizes) > (UINT64_C(4) << 30));
    assert_true(large_slice_bytes(&slice, out_sizes) > (UINT64_C(4) << 30));
    int result = large_slice_run(&slice, windows, make_windows(windows));
    if (result == LARGE_OUT_OF_MEMORY)
    {
        printf("large_huge: skipped: the device cannot hold the 9 GiB this test needs\n");
        exit(TEST_EXIT_SKIP); /* not a failure of the library */
    }
    assert_int_equal(result, 0);
}

int main(void)
{
    const char *huge = getenv("DMLOPS_TEST_HUGE");
    if (!huge || strcmp(huge, "1"))
    {
        printf("large_huge: skipped: set DMLOPS_TEST_HUGE=1 to run (needs ~9 GiB of GPU memory)\n");
        return TEST_EXIT_SKIP;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(slice_over_4_gib)};
    return cmocka_run_group_tests_name("large_huge", tests, NULL, NULL);
}

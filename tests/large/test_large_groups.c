/* An operator with more elements than 65535 workgroups can cover in one dimension, even at 256
 * invocations per workgroup (Vulkan's minimum maxComputeWorkGroupCount[0] is 65535): the
 * dispatch must spread over more than one dimension and every element must still be written
 * once, from the right place. A stride-2 UINT16 slice cannot be widened into larger units, so
 * each invocation moves one element. Every output element is checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "large_slice.h"

#define OUTPUT_ELEMENTS (65535u * 256u + 1000u)
#define ROWS 4u
#define COLUMNS (OUTPUT_ELEMENTS / ROWS) /* 4194490 */

static void slice_wider_than_one_dispatch_dimension(void **state)
{
    static const struct large_slice slice = {
        .name = "large_groups",
        .type = DML_TENSOR_DATA_TYPE_UINT16,
        .in_sizes = {ROWS, 2 * COLUMNS},
        .offsets = {0, 1},
        .window = {ROWS, 2 * COLUMNS - 1},
        .strides = {1, 2},
    };
    UINT out_sizes[2];
    large_slice_out_sizes(&slice, out_sizes);
    assert_int_equal((uint64_t)out_sizes[0] * out_sizes[1], OUTPUT_ELEMENTS);
    assert_int_equal(large_slice_run(&slice, NULL, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(slice_wider_than_one_dispatch_dimension)};
    return cmocka_run_group_tests_name("large_groups", tests, NULL, NULL);
}

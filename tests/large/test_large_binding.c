/* A SLICE1 whose input and output are both larger than lavapipe's 128 MiB storage-buffer range
 * (maxStorageBufferRange): buffer device addresses have no such limit, so the whole copy must
 * be right. Every output element is checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "large_slice.h"

#define ROW (56u << 20) /* 3 rows: 168 MiB of UINT8 */

static void slice_larger_than_128_mib(void **state)
{
    static const struct large_slice slice = {
        .name = "large_binding",
        .type = DML_TENSOR_DATA_TYPE_UINT8,
        .in_sizes = {3, ROW},
        .offsets = {0, 5}, /* unaligned: one byte per invocation, 176 M of them */
        .window = {3, ROW - 6},
        .strides = {1, 1},
    };
    UINT out_sizes[2];
    large_slice_out_sizes(&slice, out_sizes);
    assert_true(large_slice_bytes(&slice, slice.in_sizes) > (128u << 20));
    assert_true(large_slice_bytes(&slice, out_sizes) > (128u << 20));
    assert_int_equal(large_slice_run(&slice, NULL, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(slice_larger_than_128_mib)};
    return cmocka_run_group_tests_name("large_binding", tests, NULL, NULL);
}

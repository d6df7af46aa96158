/* Issue 11 defect 6: a SPLIT into N outputs without DESCRIPTORS_VOLATILE is cut into dispatches of
 * 14 outputs, and each dispatch's slot map was sized for all N slots: memory quadratic in N (+234
 * MiB of virtual memory at 30,000 outputs). Compiled, bound, run and checked at 30,000 outputs,
 * the heap the calling thread holds while the operator lives (malloc's own count, mapped blocks
 * included: the quadratic maps were large zeroed blocks, mapped but never touched) and the peak
 * resident size must grow by less than ALLOWED_MIB. Not the peak virtual size: the driver's
 * worker threads reserve malloc arenas of 64 MiB each, whatever the library does. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>
#include <malloc.h>

#include "gpu.h"
#include "rp_util.h"

#define OUTPUTS 30000u
#define ALLOWED_MIB 64

/* Bytes malloc has handed out on this thread's arena, mapped blocks included. */
static long heap_kib(void)
{
    struct mallinfo2 info = mallinfo2();
    return (long)((info.uordblks + info.hblkhd) / 1024);
}

static void run(DML_EXECUTION_FLAGS flags)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    long heap = heap_kib(), peak = rp_status_kib("VmPeak"), hwm = rp_status_kib("VmHWM");
    IDMLCompiledOperator *compiled = rp_compile_split(device, OUTPUTS, flags);
    ID3D12Resource *buffer;
    IDMLBindingTable *table;
    float *values = malloc(OUTPUTS * sizeof(float)), got;

    assert_non_null(values);
    for (unsigned k = 0; k < OUTPUTS; ++k)
        values[k] = (float)k + 0.5f;
    assert_int_equal(dmlopsCreateBuffer(device, rp_output_offset(OUTPUTS, OUTPUTS), &buffer), S_OK);
    assert_int_equal(dmlopsUploadBuffer(device, buffer, 0, values, OUTPUTS * sizeof(float)), S_OK);
    rp_initialize(device, compiled);
    table = rp_table(device, (IDMLDispatchable *)compiled, 0);
    rp_bind_split(table, buffer, OUTPUTS, 1);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)compiled, table), S_OK);
    for (unsigned k = 0; k < OUTPUTS; k += 997)
    {
        assert_int_equal(
            dmlopsDownloadBuffer(device, buffer, rp_output_offset(OUTPUTS, k), &got, 4), S_OK);
        assert_true(got == values[k]);
    }
    long heap_growth = heap_kib() - heap;
    printf("SPLIT into %u outputs%s: heap +%ld KiB, VmPeak +%ld KiB, VmHWM +%ld KiB\n", OUTPUTS,
           flags ? " (DESCRIPTORS_VOLATILE)" : "", heap_growth, rp_status_kib("VmPeak") - peak,
           rp_status_kib("VmHWM") - hwm);
    assert_true(!RP_MEMORY_BOUNDS || heap_growth < ALLOWED_MIB * 1024);
    assert_true(!RP_MEMORY_BOUNDS || rp_status_kib("VmHWM") - hwm < ALLOWED_MIB * 1024);
    IDMLBindingTable_Release(table);
    IDMLCompiledOperator_Release(compiled);
    dmlopsDestroyBuffer(device, buffer);
    IDMLDevice_Release(device);
    free(values);
}

static void test_split_30000_outputs(void **state)
{
    (void)state;
    run(DML_EXECUTION_FLAG_NONE);
}

/* One dispatch reading 30,001 addresses from a slot block. */
static void test_split_30000_outputs_volatile(void **state)
{
    (void)state;
    run(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_30000_outputs),
        cmocka_unit_test(test_split_30000_outputs_volatile),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Issue 11 defect 8: a DESCRIPTORS_VOLATILE dispatch that executes with bindings missing writes
 * nothing. The kernel marks the table's slot block; on a debug device the next call on that table
 * (Bind*, Reset, release, or recording it again) prints one [DIRECTML ERROR] line saying so. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"
#include "gpu.h"
#include "rp_util.h"

static const char expected[] = "executed while its binding table";

/* Runs with outputs bound or not, binds them afterwards; what the debug stream got. */
static void run(int outputs_bound, char *text, size_t size)
{
    IDMLDevice *device = gpu_create_device(0, TRUE);
    IDMLCompiledOperator *compiled =
        rp_compile_split(device, 2, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    IDMLBindingTable *table;
    ID3D12Resource *buffer;
    FILE *stream = tmpfile();
    size_t n;

    assert_non_null(stream);
    rp_initialize(device, compiled);
    assert_int_equal(dmlopsCreateBuffer(device, 8192, &buffer), S_OK);
    table = rp_table(device, (IDMLDispatchable *)compiled, 0);
    rp_bind_split(table, buffer, 2, outputs_bound);
    dml_diag_set_stream(stream);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)compiled, table), S_OK);
    rp_bind_split(table, buffer, 2, 1); /* the next call on the table */
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)compiled, table), S_OK);
    IDMLBindingTable_Release(table);
    dml_diag_set_stream(NULL);
    rewind(stream);
    n = fread(text, 1, size - 1, stream);
    text[n] = '\0';
    fclose(stream);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(device), S_OK);
    dmlopsDestroyBuffer(device, buffer);
    IDMLCompiledOperator_Release(compiled);
    IDMLDevice_Release(device);
}

static void test_incomplete_execution_reported(void **state)
{
    char text[4096];

    (void)state;
    run(0, text, sizeof(text));
    assert_non_null(strstr(text, DML_DIAG_PREFIX));
    assert_non_null(strstr(text, expected));
    assert_null(strstr(strstr(text, expected) + 1, expected)); /* once */
}

static void test_complete_execution_silent(void **state)
{
    char text[4096];

    (void)state;
    run(1, text, sizeof(text));
    assert_null(strstr(text, expected));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incomplete_execution_reported),
        cmocka_unit_test(test_complete_execution_silent),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

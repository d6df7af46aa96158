/* Issue 11 defect 2: a DESCRIPTORS_VOLATILE compiled operator run RUNS times in onnxruntime's two
 * patterns (a new binding table per run; one table Reset per run) grew by 142 bytes a run, kept
 * until the operator was released. Slot blocks now belong to descriptor ranges (a table with no
 * range passes its block on when released or Reset): resident memory must stay flat. Also: tables
 * on one range share their bindings, as D3D12 tables on the same descriptors do. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gpu.h"
#include "rp_util.h"

#define WARMUP 2000u
#define RUNS 20000u
#define ALLOWED_GROWTH_KIB 256u /* about 13 bytes a run; the old code grew 142 */
#define PARTS 3u

enum pattern
{
    NEW_TABLE_PER_RUN,
    RESET_PER_RUN,
    RING_OF_RANGES, /* a new table per run on one of 3 descriptor ranges, round-robin */
};

struct run
{
    IDMLDevice *device;
    IDMLCompiledOperator *compiled;
    ID3D12Resource *buffer;
    IDMLBindingTable *table;
};

static void one_run(struct run *r, enum pattern pattern, unsigned i)
{
    IDMLDispatchable *d = (IDMLDispatchable *)r->compiled;

    if (pattern == RESET_PER_RUN && r->table)
        rp_reset(r->table, d, 0);
    else
    {
        if (r->table)
            IDMLBindingTable_Release(r->table);
        r->table = rp_table(r->device, d, pattern == RING_OF_RANGES ? 0x10000 + 64 * (i % 3) : 0);
    }
    rp_bind_split(r->table, r->buffer, PARTS, 1);
    assert_int_equal(dmlopsExecute(r->device, d, r->table), S_OK);
}

static void measure(enum pattern pattern, const char *name)
{
    struct run r = {gpu_create_device(0, FALSE), NULL, NULL, NULL};
    long before, after;

    r.compiled = rp_compile_split(r.device, PARTS, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    assert_int_equal(dmlopsCreateBuffer(r.device, 1 << 16, &r.buffer), S_OK);
    rp_initialize(r.device, r.compiled);
    for (unsigned i = 0; i < WARMUP; ++i)
        one_run(&r, pattern, i);
    before = rp_resident_kib();
    for (unsigned i = 0; i < RUNS; ++i)
        one_run(&r, pattern, i);
    after = rp_resident_kib();
    printf("%s: %u runs, resident %ld KiB -> %ld KiB (%+.1f bytes a run)\n", name, RUNS, before,
           after, (after - before) * 1024.0 / RUNS);
    if (RP_MEMORY_BOUNDS && after - before > (long)ALLOWED_GROWTH_KIB)
        fail_msg("%s: grew by %ld KiB over %u runs", name, after - before, RUNS);
    IDMLBindingTable_Release(r.table);
    dmlopsDestroyBuffer(r.device, r.buffer);
    IDMLCompiledOperator_Release(r.compiled);
    IDMLDevice_Release(r.device);
}

static void test_new_table_per_run(void **state)
{
    (void)state;
    measure(NEW_TABLE_PER_RUN, "a new table per run");
}

static void test_reset_per_run(void **state)
{
    (void)state;
    measure(RESET_PER_RUN, "one table Reset per run");
}

static void test_ring_of_ranges(void **state)
{
    (void)state;
    measure(RING_OF_RANGES, "a new table per run on 3 descriptor ranges");
}

/* Two tables on one range: the dispatch recorded with the first runs with what the second bound
 * last. Two tables with no range, both alive: each keeps its own. */
static void check_sharing(unsigned long long range, int shared)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLCompiledOperator *compiled =
        rp_compile_split(device, 1, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    IDMLDispatchable *d = (IDMLDispatchable *)compiled;
    ID3D12Resource *buffers[2];
    IDMLBindingTable *tables[2];
    float values[2] = {1.5f, 2.5f}, got[2], zero = 0;

    rp_initialize(device, compiled);
    for (int b = 0; b < 2; ++b)
    {
        assert_int_equal(dmlopsCreateBuffer(device, 8192, &buffers[b]), S_OK);
        assert_int_equal(dmlopsUploadBuffer(device, buffers[b], 0, &values[b], 4), S_OK);
        assert_int_equal(dmlopsUploadBuffer(device, buffers[b], 4096, &zero, 4), S_OK);
        tables[b] = rp_table(device, d, range);
    }
    rp_bind_split(tables[0], buffers[0], 1, 1);
    rp_bind_split(tables[1], buffers[1], 1, 1);
    assert_int_equal(dmlopsExecute(device, d, tables[0]), S_OK);
    for (int b = 0; b < 2; ++b)
        assert_int_equal(dmlopsDownloadBuffer(device, buffers[b], 4096, &got[b], 4), S_OK);
    assert_true(got[shared] == values[shared]); /* who received the copy */
    assert_true(got[!shared] == 0);
    for (int b = 0; b < 2; ++b)
    {
        IDMLBindingTable_Release(tables[b]);
        dmlopsDestroyBuffer(device, buffers[b]);
    }
    IDMLCompiledOperator_Release(compiled);
    IDMLDevice_Release(device);
}

static void test_tables_on_one_range_share(void **state)
{
    (void)state;
    check_sharing(0x4000, 1);
    check_sharing(0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_on_one_range_share),
        cmocka_unit_test(test_new_table_per_run),
        cmocka_unit_test(test_reset_per_run),
        cmocka_unit_test(test_ring_of_ranges),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}

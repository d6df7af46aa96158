/* Reliability: every event of one kind (fault_source.h: the library's host allocations, Vulkan's
 * host allocations, device-memory allocations, or queue submissions and waits that report a lost
 * device) failed one at a time during a whole DirectML flow. The call that hits the failure
 * reports it (E_OUTOFMEMORY, or for a void method the device is removed with it; a lost device:
 * DXGI_ERROR_DEVICE_REMOVED with DXGI_ERROR_DEVICE_HUNG as the reason), nothing crashes or leaks,
 * and a device that was not removed still runs the whole flow correctly. Device creation and device release have loops of their own (cheaper: no flow).
 * The pipeline cache goes to a private directory, warmed first, so that every device loads
 * the same file and the counts do not depend on the machine. DMLOPS_FAULTS_VERBOSE=1 lists
 * every injected failure, =2 with the callers of each failed allocation. */
#define _GNU_SOURCE
#define COBJMACROS
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "alloc_fault.h"
#include "fault_flow.h"
#include "fault_report.h"
#include "fault_source.h"
#include "gpu.h"

struct step_tally
{
    unsigned failures, removed;
};

static int verbose; /* 1: every case; 2: with the failed allocation's callers */
static uint64_t total_allocations;
static unsigned total_problems;
static char cache_home[] = "/tmp/dmlops-faults-XXXXXX";

static void summarize(const char *loop, uint64_t count, unsigned problems)
{
    printf("%s: %llu %ss, %llu failures injected, %s\n", loop, (unsigned long long)count,
           fault_source_event,
           (unsigned long long)count, problems ? "PROBLEMS (see above)" : "all survived");
    total_allocations += count;
    total_problems += problems;
    assert_int_equal(problems, 0);
    assert_int_equal(alloc_fault_bad_frees(), 0);
}

static void print_case(const char *loop, uint64_t n, const char *what, HRESULT hr, HRESULT reason)
{
    char where[4096];

    if (!verbose)
        return;
    fault_where(where, sizeof(where), verbose > 1);
    printf("%s, event %llu at %s: %s -> 0x%08X, removed reason 0x%08X\n", loop,
           (unsigned long long)n, where, what, (unsigned)hr, (unsigned)reason);
}

/* What device creation returns when one of its events fails. */
static HRESULT expected_failure(void)
{
    return fault_source_loses_device ? DXGI_ERROR_DEVICE_REMOVED : E_OUTOFMEMORY;
}

static void judge_creation(uint64_t n, HRESULT hr, IDMLDevice *device, unsigned *problems)
{
    char where[4096];

    print_case("device creation", n, "DMLCreateDevice", hr, S_OK);
    if (!alloc_fault_injected())
        return fault_problem(problems, n, "device creation made fewer events than before");
    if (hr == expected_failure() && !device)
        return;
    fault_where(where, sizeof(where), true);
    fault_problem(problems, n,
                  "device creation returned 0x%08X (device %p), not 0x%08X, when this event "
                  "failed:\n      %s",
                  (unsigned)hr, (void *)device, (unsigned)expected_failure(), where);
}

static void device_creation_fails_cleanly(void **state)
{
    size_t live = alloc_fault_live();
    uint64_t start = alloc_fault_count(), count;
    unsigned problems = 0;
    IDMLDevice *device;

    assert_int_equal(fault_source_create_device(&device), S_OK);
    count = alloc_fault_count() - start;
    IDMLDevice_Release(device);
    assert_int_equal(alloc_fault_live(), live);
    for (uint64_t n = 1; n <= count; ++n)
    {
        uint64_t since = alloc_fault_count() + 1;
        alloc_fault_arm(n);
        HRESULT hr = fault_source_create_device(&device);
        alloc_fault_arm(0);
        judge_creation(n, hr, device, &problems);
        if (device)
            IDMLDevice_Release(device);
        fault_check_leaks(&problems, n, since);
    }
    summarize("device creation", count, problems);
}

/* A clean run on a fresh device: how many allocations the flow makes, and how many the device
 * still holds once the flow's objects are released (its caches). */
struct flow_baseline
{
    uint64_t allocations;
    size_t live, device_live;
};

static void run_clean_flow(IDMLDevice *device)
{
    struct flow_outcome o;

    flow_run(device, &o);
    if (o.step >= 0)
        fprintf(stderr, "the flow fails with no injected failure: %s: %s (0x%08X, reason 0x%08X)\n",
                o.step_name, o.problem, (unsigned)o.hr, (unsigned)o.reason);
    assert_int_equal(o.step, -1);
}

static void measure_flow(struct flow_baseline *base)
{
    IDMLDevice *device;
    uint64_t start;

    base->live = alloc_fault_live();
    assert_int_equal(fault_source_create_device(&device), S_OK);
    start = alloc_fault_count();
    run_clean_flow(device);
    base->allocations = alloc_fault_count() - start;
    base->device_live = alloc_fault_live();
    IDMLDevice_Release(device);
    assert_int_equal(alloc_fault_live(), base->live);
}

static void judge_flow(uint64_t n, const struct flow_outcome *o, unsigned *problems)
{
    char where[4096];

    print_case("flow", n, o->step_name, o->hr, o->reason);
    if (!o->injected)
        return fault_problem(problems, n,
                             "the flow stopped at %s (%s, 0x%08X) before making that many "
                             "events",
                             o->step_name, o->problem ? o->problem : "", (unsigned)o->hr);
    if (!o->problem)
        return;
    fault_where(where, sizeof(where), true);
    fault_problem(problems, n,
                  "%s: %s (returned 0x%08X, removed reason 0x%08X); the failed event:\n"
                  "      %s",
                  o->step_name, o->problem, (unsigned)o->hr, (unsigned)o->reason, where);
}

/* A device that was not removed runs the whole flow again, correctly, and ends up holding
 * exactly what a device that never saw a failure holds. */
static void check_usable(IDMLDevice *device, uint64_t n, const struct flow_baseline *base,
                         unsigned *problems)
{
    struct flow_outcome again;

    flow_run(device, &again);
    if (again.step >= 0)
        fault_problem(problems, n,
                      "the device is not usable after the failure: the flow's rerun "
                      "stopped at %s: %s (0x%08X, removed reason 0x%08X)",
                      again.step_name, again.problem, (unsigned)again.hr, (unsigned)again.reason);
    else if (alloc_fault_live() != base->device_live)
        fault_problem(problems, n,
                      "after the failure and a clean rerun the device holds %zu "
                      "allocations; after a clean run alone it holds %zu",
                      alloc_fault_live(), base->device_live);
}

static void fail_flow_at(uint64_t n, const struct flow_baseline *base, struct step_tally *tally,
                         unsigned *problems)
{
    uint64_t since = alloc_fault_count() + 1;
    struct flow_outcome o;
    IDMLDevice *device;

    if (FAILED(fault_source_create_device(&device)))
        return fault_problem(problems, n, "device creation failed with no injected failure");
    alloc_fault_arm(n);
    flow_run(device, &o);
    alloc_fault_arm(0);
    judge_flow(n, &o, problems);
    if (o.step >= 0)
    {
        tally[o.step].failures++;
        tally[o.step].removed += IDMLDevice_GetDeviceRemovedReason(device) != S_OK;
    }
    if (IDMLDevice_GetDeviceRemovedReason(device) == S_OK)
        check_usable(device, n, base, problems);
    IDMLDevice_Release(device);
    fault_check_leaks(problems, n, since);
}

static void print_tally(const struct step_tally *tally)
{
    for (unsigned i = 0; i < flow_step_count; ++i)
    {
        if (tally[i].failures)
            printf("  %-50s %3u failed events, %3u left the device removed\n",
                   flow_steps[i].name, tally[i].failures, tally[i].removed);
    }
}

static void flow_fails_cleanly(void **state)
{
    static struct step_tally tally[128];
    struct flow_baseline base;
    unsigned problems = 0;

    assert_true(flow_step_count <= sizeof(tally) / sizeof(tally[0]));
    measure_flow(&base);
    for (uint64_t n = 1; n <= base.allocations; ++n)
        fail_flow_at(n, &base, tally, &problems);
    print_tally(tally);
    summarize("flow", base.allocations, problems);
}

/* Releasing a device that ran the flow (it saves the pipeline cache): cannot report a failure,
 * so it must only neither crash nor leak. */
static void device_release_fails_cleanly(void **state)
{
    size_t live = alloc_fault_live();
    unsigned problems = 0;
    IDMLDevice *device;
    uint64_t start, count;

    assert_int_equal(fault_source_create_device(&device), S_OK);
    run_clean_flow(device);
    start = alloc_fault_count();
    IDMLDevice_Release(device);
    count = alloc_fault_count() - start;
    assert_int_equal(alloc_fault_live(), live);
    for (uint64_t n = 1; n <= count; ++n)
    {
        uint64_t since = alloc_fault_count() + 1;
        assert_int_equal(fault_source_create_device(&device), S_OK);
        run_clean_flow(device);
        alloc_fault_arm(n);
        IDMLDevice_Release(device);
        alloc_fault_arm(0);
        print_case("device release", n, "Release (device)", S_OK, S_OK);
        if (!alloc_fault_injected())
            fault_problem(&problems, n,
                          "device release made fewer events than the first time");
        fault_check_leaks(&problems, n, since);
    }
    summarize("device release", count, problems);
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    return remove(path);
}

/* A private pipeline cache, written once by a device that ran the flow. */
static int warm_up(void **state)
{
    IDMLDevice *device;

    if (!mkdtemp(cache_home) || setenv("XDG_CACHE_HOME", cache_home, 1))
        return -1;
    if (FAILED(fault_source_create_device(&device)))
        return -1;
    run_clean_flow(device);
    IDMLDevice_Release(device);
    return 0;
}

static int clean_up(void **state)
{
    return nftw(cache_home, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(device_creation_fails_cleanly),
        cmocka_unit_test(flow_fails_cleanly),
        cmocka_unit_test(device_release_fails_cleanly),
    };
    const char *env = getenv("DMLOPS_FAULTS_VERBOSE");
    int failed;

    verbose = env ? atoi(env) : 0;
    gpu_require_device();
    fault_source_init();
    failed = cmocka_run_group_tests(tests, warm_up, clean_up);
    printf("%llu %ss, %llu failures injected, %s\n", (unsigned long long)total_allocations,
           fault_source_event, (unsigned long long)total_allocations,
           total_problems || failed ? "NOT all survived" : "all survived");
    return failed;
}

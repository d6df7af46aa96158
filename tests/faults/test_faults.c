/* Reliability: every event of one kind (fault_source.h: the library's host allocations, Vulkan's
 * host allocations, device-memory allocations, or queue submissions and waits that report a lost
 * device) failed one at a time: during device creation, during a whole DirectML flow, and during
 * the release of a device. The call that hits the failure reports it (E_OUTOFMEMORY, or for a
 * void method the device is removed with it; a lost device: DXGI_ERROR_DEVICE_REMOVED with
 * DXGI_ERROR_DEVICE_HUNG as the reason), nothing crashes or leaks, and a device that was not
 * removed still runs the whole flow correctly.
 *
 * The cases run in child processes (fault_child.h), one after another on devices of their own;
 * this parent never touches Vulkan. A case that crashes fails the test, except where a driver
 * crashes inside the very Vulkan call whose own allocation failed (lavapipe in Mesa 22.3 does, in
 * a few calls): such cases are counted and listed apart, since no library can survive them. The
 * pipeline cache goes to a private directory, warmed first, so that every device loads the same
 * file and counts do not depend on the machine. DMLOPS_FAULTS_VERBOSE=1 lists every injected
 * failure, =2 with its callers. */
#define _GNU_SOURCE
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_fault.h"
#include "fault_cases.h"
#include "fault_child.h"
#include "fault_flow.h"
#include "fault_source.h"
#include "gpu.h"

struct loop_tally
{
    uint64_t events;
    unsigned problems, crashes, driver_crashes;
    unsigned step_failures[128], step_removed[128];
};

static uint64_t total_events, total_driver_crashes;
static bool any_problem;
static char cache_home[] = "/tmp/dmlops-faults-XXXXXX";

static void record(struct loop_tally *t, uint64_t n, const struct child_result *r)
{
    if (r->step >= 0 && r->step < 128)
        t->step_failures[r->step]++, t->step_removed[r->step] += r->removed;
    if (r->status == CHILD_PROBLEM)
        t->problems++;
    if (r->status == CHILD_CRASH || r->status == CHILD_DRIVER_CRASH)
        printf("  event %llu: %s crashed: %s", (unsigned long long)n,
               r->status == CHILD_CRASH ? "THE TEST OR THE LIBRARY" : "the driver",
               r->crash_site);
    t->crashes += r->status == CHILD_CRASH;
    t->driver_crashes += r->status == CHILD_DRIVER_CRASH;
}

static void print_tally(const struct loop_tally *t)
{
    for (unsigned i = 0; i < flow_step_count && i < 128; ++i)
    {
        if (t->step_failures[i])
            printf("  %-50s %3u failed events, %3u left the device removed\n", flow_steps[i].name,
                   t->step_failures[i], t->step_removed[i]);
    }
}

static void summarize(const char *loop, const struct loop_tally *t)
{
    bool bad = t->problems || t->crashes;

    printf("%s: %llu %ss, %llu failures injected, %s", loop, (unsigned long long)t->events,
           fault_source_event, (unsigned long long)t->events,
           bad ? "PROBLEMS (see above)" : "all survived");
    if (t->driver_crashes)
        printf(" (%u of them by the library; the driver crashed in the other %u)",
               (unsigned)(t->events - t->driver_crashes), t->driver_crashes);
    printf("\n");
    total_events += t->events;
    total_driver_crashes += t->driver_crashes;
    any_problem |= bad;
    assert_int_equal(t->problems, 0);
    assert_int_equal(t->crashes, 0);
}

/* DMLOPS_FAULTS_LAST_STEP names the flow step after which the flow loop stops injecting (the
 * uncached runs: only the steps that differ without cache files, the first compile's probes);
 * -1: every event. A name that is no step fails the test rather than quietly testing all. */
static int last_flow_step(void)
{
    const char *name = getenv("DMLOPS_FAULTS_LAST_STEP");
    if (!name || !*name)
        return -1;
    for (unsigned i = 0; i < flow_step_count; ++i)
    {
        if (!strcmp(flow_steps[i].name, name))
            return (int)i;
    }
    fail_msg("DMLOPS_FAULTS_LAST_STEP=%s names no step of the flow", name);
    return -1;
}

/* A loop's cases as their children report them. */
struct loop_run
{
    enum fault_loop loop;
    int last_step;
    struct loop_tally *tally;
};

static bool on_case(void *context, uint64_t n, const struct child_result *r)
{
    struct loop_run *run = context;

    if (run->last_step >= 0 && r->step > run->last_step)
    {
        run->tally->events = n - 1; /* events come in step order: the rest are later steps' */
        printf("%s: stopped after step \"%s\" (DMLOPS_FAULTS_LAST_STEP)\n",
               fault_loop_names[run->loop], flow_steps[run->last_step].name);
        return false;
    }
    record(run->tally, n, r);
    return true;
}

static void run_loop(enum fault_loop loop)
{
    static struct loop_tally tally;
    struct loop_run run = {loop, loop == FAULT_LOOP_FLOW ? last_flow_step() : -1, &tally};
    struct child_result r;

    memset(&tally, 0, sizeof(tally));
    fault_child_run(fault_loop_names[loop], 0, &r);
    assert_int_equal(r.status, CHILD_OK); /* warm_up found a device: a skip now is a failure */
    tally.events = r.count;
    if (tally.events)
        fault_child_run_cases(fault_loop_names[loop], 1, tally.events, run.last_step, on_case,
                              &run);
    assert_true(run.last_step < 0 || tally.events > 0);
    print_tally(&tally);
    summarize(fault_loop_names[loop], &tally);
}

static void device_creation_fails_cleanly(void **state)
{
    run_loop(FAULT_LOOP_CREATION);
}

static void flow_fails_cleanly(void **state)
{
    run_loop(FAULT_LOOP_FLOW);
}

static void device_release_fails_cleanly(void **state)
{
    run_loop(FAULT_LOOP_RELEASE);
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    return remove(path);
}

/* A private pipeline cache, written once by a child that ran the flow (its count). */
static int warm_up(void **state)
{
    struct child_result r;

    if (!mkdtemp(cache_home) || setenv("XDG_CACHE_HOME", cache_home, 1))
        return -1;
    fault_child_run(fault_loop_names[FAULT_LOOP_FLOW], 0, &r);
    if (r.status == CHILD_SKIPPED)
        exit(TEST_EXIT_SKIP);
    return r.status == CHILD_OK ? 0 : -1;
}

static int clean_up(void **state)
{
    return nftw(cache_home, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* --case <loop> <first> [<last> [<last step>]]: the cases of fault_cases.h (a single case when
 * run by hand). */
static int run_child(int argc, char **argv)
{
    const char *env = getenv("DMLOPS_FAULTS_VERBOSE"), *loop_name = argv[2];
    uint64_t first = strtoull(argv[3], NULL, 10);
    uint64_t last = argc > 4 ? strtoull(argv[4], NULL, 10) : first;
    int last_step = argc > 5 ? atoi(argv[5]) : -1;

    for (int loop = 0; loop < FAULT_LOOP_COUNT; ++loop)
    {
        if (strcmp(loop_name, fault_loop_names[loop]))
            continue;
        fault_child_guard();
        gpu_require_device();
        fault_source_init();
        return fault_case_run(loop, first, last, last_step, env ? atoi(env) : 0);
    }
    return FAULT_EXIT_PROBLEM;
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(device_creation_fails_cleanly),
        cmocka_unit_test(flow_fails_cleanly),
        cmocka_unit_test(device_release_fails_cleanly),
    };
    int failed;

    if (argc >= 4 && argc <= 6 && !strcmp(argv[1], "--case"))
        return run_child(argc, argv);
    failed = cmocka_run_group_tests(tests, warm_up, clean_up);
    printf("%llu %ss, %llu failures injected, %s", (unsigned long long)total_events,
           fault_source_event, (unsigned long long)total_events,
           any_problem || failed ? "NOT all survived" : "all survived");
    if (total_driver_crashes)
        printf(" (the driver crashed in %llu, each inside the Vulkan call whose allocation failed)",
               (unsigned long long)total_driver_crashes);
    printf("\n");
    return failed;
}

/* The cases of the fault tests. Each runs on devices of its own, made from scratch in this
 * (child) process, so that counts are the same in every case: the first case of a process after
 * its clean run, or the tenth, fails the same event. */
#define COBJMACROS
#include "fault_cases.h"

#include <stdio.h>

#include "alloc_fault.h"
#include "fault_child.h"
#include "fault_flow.h"
#include "fault_report.h"
#include "fault_source.h"

const char *const fault_loop_names[FAULT_LOOP_COUNT] = {
    [FAULT_LOOP_CREATION] = "device creation",
    [FAULT_LOOP_FLOW] = "flow",
    [FAULT_LOOP_RELEASE] = "device release",
};

static int verbosity;

static void print_case(const char *loop, uint64_t n, const char *what, HRESULT hr, HRESULT reason)
{
    char where[4096];

    if (!verbosity)
        return;
    fault_where(where, sizeof(where), verbosity > 1);
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

    print_case("device creation", n, "device creation", hr, S_OK);
    if (!alloc_fault_injected())
        return fault_problem(problems, n, "device creation made fewer events than before");
    if (hr == expected_failure() && !device)
        return;
    if (fault_source_in_driver && hr == S_OK && device)
        return; /* the driver absorbed its own failure */
    fault_where(where, sizeof(where), true);
    fault_problem(problems, n,
                  "device creation returned 0x%08X (device %p), not 0x%08X, when this event "
                  "failed:\n      %s",
                  (unsigned)hr, (void *)device, (unsigned)expected_failure(), where);
}

static void count_creation(unsigned *problems)
{
    size_t live = alloc_fault_live();
    uint64_t start = alloc_fault_count();
    IDMLDevice *device;

    if (FAILED(fault_source_create_device(&device)))
        return fault_problem(problems, 0, "device creation failed with no injected failure");
    printf("COUNT %llu\n", (unsigned long long)(alloc_fault_count() - start));
    IDMLDevice_Release(device);
    if (alloc_fault_live() != live)
        fault_problem(problems, 0, "a device released holds %zu blocks, not %zu",
                      alloc_fault_live(), live);
}

static void creation_case(uint64_t n, unsigned *problems)
{
    uint64_t since = alloc_fault_count() + 1;
    IDMLDevice *device;

    alloc_fault_arm(n);
    HRESULT hr = fault_source_create_device(&device);
    alloc_fault_arm(0);
    judge_creation(n, hr, device, problems);
    if (device)
        IDMLDevice_Release(device);
    fault_check_leaks(problems, n, since);
}

/* A clean run on a fresh device: how many events the flow makes, and how many blocks the device
 * still holds once the flow's objects are released (its caches). */
struct flow_baseline
{
    uint64_t events;
    size_t live, device_live;
};

static bool run_clean_flow(IDMLDevice *device, unsigned *problems)
{
    struct flow_outcome o;

    flow_run(device, &o);
    if (o.step >= 0)
        fault_problem(problems, 0,
                      "the flow fails with no injected failure: %s: %s (0x%08X, reason 0x%08X)",
                      o.step_name, o.problem, (unsigned)o.hr, (unsigned)o.reason);
    return o.step < 0;
}

/* The process's clean run, made before its first flow case (instead of before each: every case
 * of the process starts from the same state, so it would measure the same). */
static struct flow_baseline flow_base;
static bool flow_measured;

static bool measure_flow(struct flow_baseline *base, unsigned *problems)
{
    IDMLDevice *device;
    uint64_t start;

    base->live = alloc_fault_live();
    if (FAILED(fault_source_create_device(&device)))
        return fault_problem(problems, 0, "device creation failed with no injected failure"),
               false;
    start = alloc_fault_count();
    bool ok = run_clean_flow(device, problems);
    base->events = alloc_fault_count() - start;
    base->device_live = alloc_fault_live();
    IDMLDevice_Release(device);
    if (ok && alloc_fault_live() != base->live) /* else the loop would count no event and pass */
        fault_problem(problems, 0, "the clean flow leaves %zu blocks live (%zu before it)",
                      alloc_fault_live(), base->live);
    return ok && alloc_fault_live() == base->live;
}

static void judge_flow(uint64_t n, const struct flow_outcome *o, unsigned *problems)
{
    char where[4096];

    print_case("flow", n, o->step_name, o->hr, o->reason);
    if (!o->injected)
        return fault_problem(problems, n,
                             "the flow stopped at %s (%s, 0x%08X) before making that many events",
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
    else if (!fault_source_in_driver && alloc_fault_live() != base->device_live)
        fault_problem(problems, n,
                      "after the failure and a clean rerun the device holds %zu blocks; after "
                      "a clean run alone it holds %zu",
                      alloc_fault_live(), base->device_live);
}

/* Returns the step the flow stopped at (-1: none). */
static int flow_case(uint64_t n, unsigned *problems)
{
    struct flow_outcome o;
    IDMLDevice *device;
    uint64_t since;

    if (!flow_measured && !(flow_measured = measure_flow(&flow_base, problems)))
        return -1;
    if (!n)
        return printf("COUNT %llu\n", (unsigned long long)flow_base.events), -1;
    since = alloc_fault_count() + 1;
    if (FAILED(fault_source_create_device(&device)))
        return fault_problem(problems, n, "device creation failed with no injected failure"), -1;
    alloc_fault_arm(n);
    flow_run(device, &o);
    alloc_fault_arm(0);
    judge_flow(n, &o, problems);
    printf("STEP %d %d\n", o.step, IDMLDevice_GetDeviceRemovedReason(device) != S_OK);
    if (IDMLDevice_GetDeviceRemovedReason(device) == S_OK)
        check_usable(device, n, &flow_base, problems);
    IDMLDevice_Release(device);
    fault_check_leaks(problems, n, since);
    return o.step;
}

/* Releasing a device that ran the flow (it saves the pipeline cache) cannot report a failure: it
 * must only neither crash nor leak. */
static void release_case(uint64_t n, unsigned *problems)
{
    size_t live = alloc_fault_live();
    uint64_t since = alloc_fault_count() + 1, start;
    IDMLDevice *device;

    if (FAILED(fault_source_create_device(&device)))
        return fault_problem(problems, n, "device creation failed with no injected failure");
    if (!run_clean_flow(device, problems))
        return IDMLDevice_Release(device), (void)0;
    start = alloc_fault_count();
    alloc_fault_arm(n);
    IDMLDevice_Release(device);
    alloc_fault_arm(0);
    if (!n)
        printf("COUNT %llu\n", (unsigned long long)(alloc_fault_count() - start));
    else if (!alloc_fault_injected())
        fault_problem(problems, n, "device release made fewer events than the first time");
    print_case("device release", n, "Release (device)", S_OK, S_OK);
    if (alloc_fault_live() != live)
        fault_check_leaks(problems, n, since);
}

/* Returns the step the flow stopped at (-1: none, or not the flow loop). */
static int run_case(enum fault_loop loop, uint64_t n, unsigned *problems)
{
    int step = -1;

    if (loop == FAULT_LOOP_CREATION && !n)
        count_creation(problems);
    else if (loop == FAULT_LOOP_CREATION)
        creation_case(n, problems);
    else if (loop == FAULT_LOOP_FLOW)
        step = flow_case(n, problems);
    else
        release_case(n, problems);
    return step;
}

/* One case between its CASE and DONE lines (flushed: a crash must not lose them), with nothing
 * of an earlier case's left to see: its failure, its lost device, its validation messages and
 * bad frees (counted for the whole process, so each case judges what it added). */
static int framed_case(enum fault_loop loop, uint64_t n)
{
    unsigned problems = 0, messages = fault_source_validation_messages();
    uint64_t bad_frees = alloc_fault_bad_frees();

    printf("CASE %llu\n", (unsigned long long)n);
    fflush(stdout);
    alloc_fault_clear();
    fault_source_restore();
    int step = run_case(loop, n, &problems);
    if (fault_source_validation_messages() != messages)
        fault_problem(&problems, n, "%u validation messages",
                      fault_source_validation_messages() - messages);
    if (alloc_fault_bad_frees() != bad_frees)
        fault_problem(&problems, n, "%llu frees of blocks that were not live",
                      (unsigned long long)(alloc_fault_bad_frees() - bad_frees));
    printf("DONE %llu %d\n", (unsigned long long)n, problems ? FAULT_EXIT_PROBLEM : FAULT_EXIT_OK);
    fflush(stdout);
    return step;
}

int fault_case_run(enum fault_loop loop, uint64_t first, uint64_t last, int last_step,
                   int verbose)
{
    verbosity = verbose;
    for (uint64_t n = first; n <= last; ++n)
    {
        int step = framed_case(loop, n);

        if (last_step >= 0 && step > last_step)
            break; /* the parent counts no later case */
    }
    return FAULT_EXIT_OK;
}

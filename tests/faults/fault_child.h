/* The injected cases run in child processes (this executable again, with --case), each case on
 * devices of its own: a driver that crashes on a failure it was handed cannot take the parent
 * down, and the parent, which never touches Vulkan, can tell a crash of the library from one of
 * the driver. A child runs cases one after another, so that starting a process and Vulkan and
 * the clean run that every case is judged against (two thirds of a case's time on lavapipe) happen
 * once per child, not once per case; a case that crashes ends its child, and the next child starts
 * at the case after it. */
#ifndef DMLOPS_TEST_FAULT_CHILD_H
#define DMLOPS_TEST_FAULT_CHILD_H

#include <stdbool.h>
#include <stdint.h>

/* What a case reported: COUNT, STEP and CRASH lines on its child's stdout, and how it ended. */
struct child_result
{
    enum
    {
        CHILD_OK,           /* the case behaved as required */
        CHILD_PROBLEM,      /* the case found a problem (described on stderr) */
        CHILD_SKIPPED,      /* no Vulkan device */
        CHILD_DRIVER_CRASH, /* crashed inside the Vulkan call whose own allocation failed */
        CHILD_CRASH,        /* crashed anywhere else: the library's fault */
    } status;
    uint64_t count;        /* COUNT: events of the loop, for n = 0 */
    int step, removed;     /* STEP: where the flow stopped, whether the device was removed */
    char crash_site[4096]; /* CRASH: where, described */
};

/* Called with each case's report, in order; false: run no more cases. */
typedef bool fault_case_report(void *context, uint64_t n, const struct child_result *result);

/* Runs cases first..last of a loop, in as many children as crashes take: each runs
 * `<this executable> --case <loop> <from> <last> <last step>` (fault_cases.h). */
void fault_child_run_cases(const char *loop, uint64_t first, uint64_t last, int last_step,
                           fault_case_report *report, void *context);
/* Runs the one case n and collects its report. */
void fault_child_run(const char *loop, uint64_t n, struct child_result *out);

/* In the child: a crash prints a CRASH line and exits with the status for CHILD_DRIVER_CRASH
 * when the innermost frame of this executable on the crashing stack is the one that called into
 * Vulkan when the injected failure happened, else with CHILD_CRASH's. */
void fault_child_guard(void);
/* Exit statuses of the child, and the statuses of its cases (DONE lines). */
enum
{
    FAULT_EXIT_OK = 0,
    FAULT_EXIT_PROBLEM = 1,
    FAULT_EXIT_DRIVER_CRASH = 3,
    FAULT_EXIT_CRASH = 4,
    FAULT_EXIT_SKIP = 77,
};

#endif

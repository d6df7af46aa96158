/* One case of a fault test, run inside a child process (fault_child.h): a loop's count of events
 * (n = 0), or the loop with its nth event failed. Prints COUNT and STEP lines on stdout, problems
 * on stderr, and returns the child's exit status (FAULT_EXIT_*). */
#ifndef DMLOPS_TEST_FAULT_CASES_H
#define DMLOPS_TEST_FAULT_CASES_H

#include <stdint.h>

/* The loops: device creation, the whole flow, and the release of a device that ran the flow. */
enum fault_loop
{
    FAULT_LOOP_CREATION,
    FAULT_LOOP_FLOW,
    FAULT_LOOP_RELEASE,
    FAULT_LOOP_COUNT
};
extern const char *const fault_loop_names[FAULT_LOOP_COUNT];

/* verbose 1: a line per case; 2: with the failed event's callers. */
int fault_case_run(enum fault_loop loop, uint64_t n, int verbose);

#endif

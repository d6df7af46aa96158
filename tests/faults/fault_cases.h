/* The cases of a fault test, run inside a child process (fault_child.h): a loop's count of events
 * (n = 0), or the loop with its nth event failed, for n from first to last in turn, each on
 * devices of its own. Each case prints CASE n, then COUNT and STEP lines, then DONE n and its
 * status (FAULT_EXIT_OK or FAULT_EXIT_PROBLEM) on stdout, and its problems on stderr. */
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

/* The flow loop stops after the first case that stopped past step last_step (-1: never).
 * verbose 1: a line per case; 2: with the failed event's callers. Returns the exit status. */
int fault_case_run(enum fault_loop loop, uint64_t first, uint64_t last, int last_step,
                   int verbose);

#endif

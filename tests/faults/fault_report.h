/* Problem reports of the fault test: what failed, where the failed allocation was made, what
 * leaked. */
#ifndef DMLOPS_TEST_FAULT_REPORT_H
#define DMLOPS_TEST_FAULT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Prints "allocation n: <message>" to stderr and counts the problem. */
void fault_problem(unsigned *problems, uint64_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The failed allocation's call site, with its callers (several lines) when `callers`. */
void fault_where(char *buf, size_t size, bool callers);
/* Counts a problem, listing each leak with its call site, when allocations made since serial
 * `since` are still live. */
void fault_check_leaks(unsigned *problems, uint64_t n, uint64_t since);

#endif

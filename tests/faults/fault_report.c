#include "fault_report.h"

#include <stdarg.h>
#include <stdio.h>

#include "alloc_fault.h"

void fault_problem(unsigned *problems, uint64_t n, const char *fmt, ...)
{
    va_list args;

    fprintf(stderr, "allocation %llu: ", (unsigned long long)n);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    ++*problems;
}

void fault_where(char *buf, size_t size, bool callers)
{
    alloc_fault_describe_injection(callers ? 5 : 1, buf, size);
}

void fault_check_leaks(unsigned *problems, uint64_t n, uint64_t since)
{
    char context[64];
    size_t leaks;

    snprintf(context, sizeof(context), "allocation %llu failed", (unsigned long long)n);
    if ((leaks = alloc_fault_report_live(stderr, since, context)))
        fault_problem(problems, n,
                      "%zu allocations made during this case are still live after "
                      "releasing everything",
                      leaks);
}

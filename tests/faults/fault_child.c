/* Process isolation for the fault tests: the child's crash guard and the parent's runner. */
#define _GNU_SOURCE
#include "fault_child.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#include "alloc_fault.h"

#define STACK_DEPTH 48

static const void *executable_base(void)
{
    Dl_info info;

    return dladdr((void *)executable_base, &info) ? info.dli_fbase : NULL;
}

static bool in_executable(const void *address)
{
    Dl_info info;

    return address && dladdr(address, &info) && info.dli_fbase == executable_base();
}

/* The innermost frame of this executable in frames[from ..), or NULL. */
static const void *first_own_frame(void *const *frames, int from, int depth)
{
    for (int i = from; i < depth; ++i)
    {
        if (in_executable(frames[i]))
            return frames[i];
    }
    return NULL;
}

/* The frame of this executable that called into Vulkan when the injected failure happened. */
static const void *injected_caller(void)
{
    const void *stack[ALLOC_FAULT_STACK_DEPTH];
    int depth = alloc_fault_injected_stack(stack, ALLOC_FAULT_STACK_DEPTH);

    for (int i = 0; i < depth; ++i)
    {
        if (in_executable(stack[i]))
            return stack[i];
    }
    return NULL;
}

static void print_frame(const char *label, const void *address)
{
    Dl_info info;

    if (address && dladdr(address, &info) && info.dli_fname)
        printf(" %s=%s+0x%llx", label,
               strrchr(info.dli_fname, '/') ? strrchr(info.dli_fname, '/') + 1 : info.dli_fname,
               (unsigned long long)((uintptr_t)address - (uintptr_t)info.dli_fbase));
}

/* Not async-signal-safe (dladdr, printf), but the child dies right after: good enough for a
 * report. The faulting instruction comes from the signal's context, its callers from backtrace
 * (the frames after that instruction's own). */
static void on_crash(int signal_number, siginfo_t *info, void *context)
{
    void *frames[STACK_DEPTH];
    int depth = backtrace(frames, STACK_DEPTH), from = 0;
    const void *pc = (const void *)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
    const void *own, *caller = injected_caller();

    while (from < depth && frames[from] != pc)
        ++from;
    own = in_executable(pc) ? pc : first_own_frame(frames, from < depth ? from : 0, depth);
    bool driver = !in_executable(pc) && own && own == caller;
    printf("CRASH signal %d", signal_number);
    print_frame("at", pc);
    print_frame("from", own);
    printf("\n");
    fflush(stdout);
    _exit(driver ? FAULT_EXIT_DRIVER_CRASH : FAULT_EXIT_CRASH);
}

void fault_child_guard(void)
{
    static const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    struct sigaction action = {.sa_sigaction = on_crash, .sa_flags = SA_SIGINFO | SA_RESETHAND};

    for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); ++i)
        sigaction(signals[i], &action, NULL);
}

/* The case a child is running, and what it reported so far. */
struct current
{
    uint64_t n;
    bool started, done;
    struct child_result result;
};

static int status_of_code(int code)
{
    switch (code)
    {
    case FAULT_EXIT_OK:
        return CHILD_OK;
    case FAULT_EXIT_SKIP:
        return CHILD_SKIPPED;
    case FAULT_EXIT_DRIVER_CRASH:
        return CHILD_DRIVER_CRASH;
    case FAULT_EXIT_CRASH:
        return CHILD_CRASH;
    default:
        return CHILD_PROBLEM;
    }
}

static int status_of(int wait_status)
{
    return WIFEXITED(wait_status) ? status_of_code(WEXITSTATUS(wait_status)) : CHILD_CRASH;
}

/* A CASE line; false when the report of the case before it asked to stop. */
static bool start_case(struct current *c, uint64_t n, fault_case_report *report, void *context)
{
    bool more = !c->started || report(context, c->n, &c->result);

    *c = (struct current){.n = n, .started = true, .result = {.step = -1}};
    return more;
}

static void parse_line(const char *line, struct current *c)
{
    unsigned long long count, n;
    int code;

    if (sscanf(line, "COUNT %llu", &count) == 1)
        c->result.count = count;
    else if (sscanf(line, "STEP %d %d", &c->result.step, &c->result.removed) == 2)
        return;
    else if (sscanf(line, "DONE %llu %d", &n, &code) == 2)
        c->done = true, c->result.status = status_of_code(code);
    else if (!strncmp(line, "CRASH ", 6))
        snprintf(c->result.crash_site, sizeof(c->result.crash_site), "%s", line + 6);
    else
        fputs(line, stdout); /* the child's own output, passed on */
}

/* The child's last case ends with the child: one it did not finish (or never began: no device)
 * ends as the child did, and a crash after it (at exit) is its too (the statuses run from the
 * best to the worst). */
static void end_child(struct current *c, int exit_status)
{
    if (exit_status == CHILD_OK && !c->done)
        exit_status = CHILD_PROBLEM; /* it exited in the middle of a case */
    if (!c->done || exit_status > (int)c->result.status)
        c->result.status = exit_status;
}

/* One child, from case *from on; reports its cases and sets *from to the case after the last it
 * ran. Returns false when a report asked to stop. */
static bool run_child(const char *loop, uint64_t *from, uint64_t last, int last_step,
                      fault_case_report *report, void *context)
{
    char self[PATH_MAX], command[PATH_MAX + 160], line[4096];
    ssize_t length = readlink("/proc/self/exe", self, sizeof(self) - 1);
    struct current c = {.n = *from, .result = {.step = -1}};
    bool more = true;
    FILE *pipe;

    self[length > 0 ? length : 0] = '\0';
    snprintf(command, sizeof(command), "'%s' --case '%s' %llu %llu %d", self, loop,
             (unsigned long long)*from, (unsigned long long)last, last_step);
    fflush(stdout);
    if (!(pipe = popen(command, "r")))
    {
        c.result.status = CHILD_PROBLEM;
        *from += 1;
        return report(context, c.n, &c.result);
    }
    while (fgets(line, sizeof(line), pipe))
    {
        unsigned long long n;

        if (sscanf(line, "CASE %llu", &n) == 1)
            more = more && start_case(&c, n, report, context);
        else
            parse_line(line, &c);
    }
    end_child(&c, status_of(pclose(pipe)));
    *from = c.n + 1;
    return more && report(context, c.n, &c.result);
}

void fault_child_run_cases(const char *loop, uint64_t first, uint64_t last, int last_step,
                           fault_case_report *report, void *context)
{
    for (uint64_t from = first; from <= last;)
    {
        if (!run_child(loop, &from, last, last_step, report, context))
            return;
    }
}

static bool keep(void *context, uint64_t n, const struct child_result *result)
{
    *(struct child_result *)context = *result;
    return true;
}

void fault_child_run(const char *loop, uint64_t n, struct child_result *out)
{
    fault_child_run_cases(loop, n, n, -1, keep, out);
}

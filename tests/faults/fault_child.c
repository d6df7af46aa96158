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

static void parse_line(const char *line, struct child_result *out)
{
    unsigned long long count;

    if (sscanf(line, "COUNT %llu", &count) == 1)
        out->count = count;
    else if (sscanf(line, "STEP %d %d", &out->step, &out->removed) == 2)
        return;
    else if (!strncmp(line, "CRASH ", 6))
        snprintf(out->crash_site, sizeof(out->crash_site), "%s", line + 6);
    else
        fputs(line, stdout); /* the child's own output, passed on */
}

static int status_of(int wait_status)
{
    if (!WIFEXITED(wait_status))
        return CHILD_CRASH;
    switch (WEXITSTATUS(wait_status))
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

void fault_child_run(const char *loop, uint64_t n, struct child_result *out)
{
    char self[PATH_MAX], command[PATH_MAX + 128], line[4096];
    ssize_t length = readlink("/proc/self/exe", self, sizeof(self) - 1);
    FILE *pipe;

    *out = (struct child_result){.step = -1};
    self[length > 0 ? length : 0] = '\0';
    snprintf(command, sizeof(command), "'%s' --case '%s' %llu", self, loop, (unsigned long long)n);
    fflush(stdout);
    if (!(pipe = popen(command, "r")))
    {
        out->status = CHILD_PROBLEM;
        return;
    }
    while (fgets(line, sizeof(line), pipe))
        parse_line(line, out);
    out->status = status_of(pclose(pipe));
}

/* Names code addresses for leak and failure reports: module and offset from dladdr, then
 * function and file:line from addr2line. Runs only while reporting, never inside a wrapper. */
#define _GNU_SOURCE
#include "alloc_fault.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* The source tree's root, to print paths relative to it. */
static size_t root_length(void)
{
    const char *marker = strstr(__FILE__, "tests/faults/");

    return marker ? (size_t)(marker - __FILE__) : 0;
}

static void append(char *buf, size_t size, const char *text)
{
    size_t used = strlen(buf);

    snprintf(buf + used, size - used, "%s", text);
}

/* addr2line's lines for one address, joined (an inlined call gives several). */
static void append_lines(const char *module, uintptr_t offset, char *buf, size_t size)
{
    char command[PATH_MAX + 96], line[512];
    size_t root = root_length();
    bool first = true;
    FILE *pipe;

    snprintf(command, sizeof(command), "addr2line -f -i -C -p -e '%s' 0x%llx 2>/dev/null", module,
             (unsigned long long)offset);
    if (!(pipe = popen(command, "r")))
        return;
    while (fgets(line, sizeof(line), pipe))
    {
        char *path = strstr(line, " at ");

        line[strcspn(line, "\n")] = '\0';
        if (path && root && !strncmp(path + 4, __FILE__, root))
            memmove(path + 4, path + 4 + root, strlen(path + 4 + root) + 1);
        append(buf, size, first ? " " : " / ");
        append(buf, size, line);
        first = false;
    }
    pclose(pipe);
}

/* Load base of the executable (the module holding this function). */
static const void *executable_base(void)
{
    Dl_info self;

    return dladdr((const void *)executable_base, &self) ? self.dli_fbase : NULL;
}

void alloc_fault_describe_site(const void *site, char *buf, size_t size)
{
    char module[PATH_MAX] = "";
    ssize_t length;
    Dl_info info;

    if (!site || !dladdr(site, &info) || !info.dli_fname)
    {
        snprintf(buf, size, "%p", site);
        return;
    }
    /* dladdr may name the executable by a relative or empty path. */
    if (info.dli_fbase == executable_base() &&
        (length = readlink("/proc/self/exe", module, sizeof(module) - 1)) > 0)
        module[length] = '\0';
    else
        snprintf(module, sizeof(module), "%s", info.dli_fname);
    /* A return address points after the call: step back into the call instruction. */
    uintptr_t offset = (uintptr_t)site - 1 - (uintptr_t)info.dli_fbase;
    snprintf(buf, size, "[%s+0x%llx]", strrchr(module, '/') ? strrchr(module, '/') + 1 : module,
             (unsigned long long)offset);
    append_lines(module, offset, buf, size);
}

void alloc_fault_describe_injection(int frames, char *buf, size_t size)
{
    const void *stack[ALLOC_FAULT_STACK_DEPTH];
    int depth = alloc_fault_injected_stack(
        stack, frames < ALLOC_FAULT_STACK_DEPTH ? frames : ALLOC_FAULT_STACK_DEPTH);
    char one[1024];

    buf[0] = '\0';
    for (int i = 0; i < depth; ++i)
    {
        alloc_fault_describe_site(stack[i], one, sizeof(one));
        append(buf, size, i ? "\n      <- " : "");
        append(buf, size, one);
    }
    if (!depth)
        alloc_fault_describe_site(alloc_fault_injected_site(), buf, size);
}

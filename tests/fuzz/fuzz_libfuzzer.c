/* The libFuzzer entry points (built with -fsanitize=fuzzer by .ci/fuzz). */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_harness.h"

int LLVMFuzzerInitialize(int *argc, char **argv[]);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* DMLOPS_FUZZ_KNOWN="prefix|prefix": findings whose text starts so are reported once and not
 * fatal, to explore past a bug already reported. CI never sets it: every finding fails there. */
static int is_known(const char *finding)
{
    static int reported;
    const char *known = getenv("DMLOPS_FUZZ_KNOWN");

    for (const char *p = known; p && *p;)
    {
        size_t length = strcspn(p, "|");
        if (length && !strncmp(finding, p, length))
        {
            if (!reported++)
                fprintf(stderr, "==dmlops_fuzz== known finding (DMLOPS_FUZZ_KNOWN): %s\n", finding);
            return 1;
        }
        p += length + (p[length] == '|');
    }
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char **argv[])
{
    /* Any Vulkan validation message is a finding. */
    setenv("DMLOPS_VALIDATION", "fatal", 0);
    /* Every cap's device now, and each run once: what Vulkan allocates when a device is created
     * or first used stays out of the inputs' leak checks (no device: this exits). */
    fuzz_device_warm_up();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *finding = fuzz_case_run(data, size);

    if (finding && !is_known(finding))
    {
        fprintf(stderr, "==dmlops_fuzz== FINDING: %s\n", finding);
        abort();
    }
    return 0;
}

/* One debug device per feature-level cap, created on first use and kept for the whole run:
 * creating a Vulkan device per input would cost more than the input itself. LeakSanitizer checks
 * their creation too: what the driver keeps there is named in tests/fuzz/lsan.supp. */
#define COBJMACROS
#include "fuzz_harness.h"

#include <stdio.h>
#include <stdlib.h>

#include "fuzz_format.h"
#include "gpu.h"

#define LEVEL_SLOTS 16

static struct
{
    DML_FEATURE_LEVEL level;
    IDMLDevice *device;
    IDMLDebugDevice *debug;
} cache[LEVEL_SLOTS];

/* The level's slot, else an empty one (there is a slot for each of the 16 caps). */
static unsigned slot_of(DML_FEATURE_LEVEL level)
{
    unsigned empty = LEVEL_SLOTS - 1;

    for (unsigned slot = LEVEL_SLOTS; slot-- > 0;)
    {
        if (cache[slot].device && cache[slot].level == level)
            return slot;
        if (!cache[slot].device)
            empty = slot;
    }
    return empty;
}

IDMLDevice *fuzz_device_get(DML_FEATURE_LEVEL level, bool print_debug)
{
    const unsigned slot = slot_of(level);

    if (!cache[slot].device || cache[slot].level != level)
    {
        fuzz_device_discard(cache[slot].level);
        cache[slot].level = level;
        cache[slot].device = gpu_create_device(level, TRUE);
        IDMLDevice_QueryInterface(cache[slot].device, &IID_IDMLDebugDevice,
                                  (void **)&cache[slot].debug);
    }
    if (cache[slot].debug) /* FUZZ_DEBUG=1: every rejection says why, to read a corpus */
        IDMLDebugDevice_SetMuteDebugOutput(cache[slot].debug,
                                           !print_debug && !getenv("FUZZ_DEBUG"));
    return cache[slot].device;
}

void fuzz_device_discard(DML_FEATURE_LEVEL level)
{
    for (unsigned slot = 0; slot < LEVEL_SLOTS; ++slot)
    {
        if (!cache[slot].device || cache[slot].level != level)
            continue;
        if (cache[slot].debug)
            IDMLDebugDevice_Release(cache[slot].debug);
        IDMLDevice_Release(cache[slot].device);
        cache[slot].device = NULL;
        cache[slot].debug = NULL;
    }
}

void fuzz_device_release_all(void)
{
    for (unsigned slot = 0; slot < LEVEL_SLOTS; ++slot)
    {
        if (cache[slot].device)
            fuzz_device_discard(cache[slot].level);
    }
}

void fuzz_device_warm_up(void)
{
    uint8_t input[FUZZ_HEADER_SIZE] = {0};
    const char *finding;

    for (unsigned level = 0; level < FUZZ_LEVEL_COUNT; ++level)
    {
        for (unsigned example = 0; example < FUZZ_KIND_EXAMPLE_END - FUZZ_KIND_EXAMPLE_0; ++example)
        {
            input[FH_LEVEL] = (uint8_t)level;
            input[FH_KIND] = (uint8_t)(FUZZ_KIND_EXAMPLE_0 + example);
            if ((finding = fuzz_case_run(input, sizeof(input))))
            {
                fprintf(stderr, "warm-up: %s\n", finding);
                abort();
            }
        }
    }
}

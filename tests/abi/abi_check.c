#include "abi_check.h"

#include <stdio.h>
#include <string.h>

unsigned abi_mismatch(const char *fact, long long got, long long want)
{
    if (got == want)
    {
        return 0;
    }
    fprintf(stderr, "ABI mismatch: %s is %lld, expected %lld\n", fact, got, want);
    return 1;
}

unsigned abi_guid_mismatch(const char *fact, const GUID *got, const char *want)
{
    char text[40];
    const uint8_t *b = got->Data4;
    snprintf(text, sizeof text, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             (unsigned)got->Data1, (unsigned)got->Data2, (unsigned)got->Data3, b[0], b[1], b[2],
             b[3], b[4], b[5], b[6], b[7]);
    if (strcmp(text, want) == 0)
    {
        return 0;
    }
    fprintf(stderr, "ABI mismatch: %s is %s, expected %s\n", fact, text, want);
    return 1;
}

/* Comparisons shared by the C and C++ ABI tests: each prints the fact that differs and returns
 * 1, or returns 0 when it matches, so a test can report every mismatch before it fails. */
#ifndef ABI_CHECK_H
#define ABI_CHECK_H

#include <DirectML.h>

#ifdef __cplusplus
extern "C"
{
#endif

    unsigned abi_mismatch(const char *fact, long long got, long long want);

    /* want: the lower-case "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" form of the facts file. */
    unsigned abi_guid_mismatch(const char *fact, const GUID *got, const char *want);

#ifdef __cplusplus
}
#endif

#endif /* ABI_CHECK_H */

/* The allocator wrappers behind -Wl,--wrap=malloc,...: every allocation of the objects linked
 * with them is counted, may be failed, and is tracked; they call only __real_* functions. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_fault.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *ptr, size_t size);
void __real_free(void *ptr);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
int __real_posix_memalign(void **out, size_t alignment, size_t size);
void *__real_aligned_alloc(size_t alignment, size_t size);

void *__wrap_malloc(size_t size)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial;
    void *ptr;

    if (alloc_fault_next(site, &serial))
        return NULL;
    ptr = __real_malloc(size);
    alloc_fault_track(ptr, size, site, serial);
    return ptr;
}

void *__wrap_calloc(size_t count, size_t size)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial;
    void *ptr;

    if (alloc_fault_next(site, &serial))
        return NULL;
    ptr = __real_calloc(count, size);
    alloc_fault_track(ptr, count * size, site, serial);
    return ptr;
}

void __wrap_free(void *ptr)
{
    if (ptr)
        alloc_fault_untrack(ptr);
    __real_free(ptr);
}

/* realloc(NULL, n) allocates, realloc(p, 0) frees (glibc), anything else may fail and then
 * leaves p untouched and still live. */
void *__wrap_realloc(void *ptr, size_t size)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial;
    void *bigger;

    if (ptr && !size)
        return __wrap_free(ptr), NULL;
    if (alloc_fault_next(site, &serial))
        return NULL;
    if (!(bigger = __real_realloc(ptr, size)))
        return NULL;
    alloc_fault_retrack(ptr, bigger, size, site, serial);
    return bigger;
}

char *__wrap_strdup(const char *s)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial;
    char *copy;

    if (alloc_fault_next(site, &serial))
        return NULL;
    copy = __real_strdup(s);
    alloc_fault_track(copy, strlen(s) + 1, site, serial);
    return copy;
}

char *__wrap_strndup(const char *s, size_t n)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial;
    char *copy;

    if (alloc_fault_next(site, &serial))
        return NULL;
    copy = __real_strndup(s, n);
    alloc_fault_track(copy, copy ? strlen(copy) + 1 : 0, site, serial);
    return copy;
}

int __wrap_posix_memalign(void **out, size_t alignment, size_t size)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial;
    int error;

    if (alloc_fault_next(site, &serial))
        return ENOMEM;
    if (!(error = __real_posix_memalign(out, alignment, size)))
        alloc_fault_track(*out, size, site, serial);
    return error;
}

void *__wrap_aligned_alloc(size_t alignment, size_t size)
{
    const void *site = __builtin_return_address(0);
    uint64_t serial;
    void *ptr;

    if (alloc_fault_next(site, &serial))
        return NULL;
    ptr = __real_aligned_alloc(alignment, size);
    alloc_fault_track(ptr, size, site, serial);
    return ptr;
}

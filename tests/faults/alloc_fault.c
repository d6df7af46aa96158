/* The counting core: count events, fail the armed one, track live blocks in a fixed table.
 * Nothing here allocates (the table is static), so allocator wrappers built on it can never
 * recurse into themselves. */
#define _GNU_SOURCE
#include "alloc_fault.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_BITS 16
#define TABLE_SIZE ((size_t)1 << TABLE_BITS)
#define TABLE_MASK (TABLE_SIZE - 1)

struct live_block
{
    void *ptr;
    size_t size;
    const void *site;
    uint64_t serial;
};

static struct live_block table[TABLE_SIZE];
static size_t live_count;
static uint64_t serial_count, fail_serial, injected_serial, bad_frees;
static const void *injected_site;
static void *injected_stack[ALLOC_FAULT_STACK_DEPTH];
static int injected_depth;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t slot_of(const void *ptr)
{
    return (size_t)(((uintptr_t)ptr >> 4) * UINT64_C(0x9E3779B97F4A7C15) >> (64 - TABLE_BITS));
}

/* Index of ptr in the table, or the empty slot where it would go. Lock held. */
static size_t find_slot(const void *ptr)
{
    size_t i = slot_of(ptr);

    while (table[i].ptr && table[i].ptr != ptr)
        i = (i + 1) & TABLE_MASK;
    return i;
}

static void insert_locked(void *ptr, size_t size, const void *site, uint64_t serial)
{
    if (live_count + 1 >= TABLE_SIZE / 2)
    {
        fputs("alloc_fault: too many live allocations for the tracking table\n", stderr);
        abort();
    }
    table[find_slot(ptr)] = (struct live_block){ptr, size, site, serial};
    ++live_count;
}

/* Linear-probing deletion by backward shift: no tombstones, so the table never degrades. */
static void remove_at(size_t hole)
{
    for (size_t j = hole;;)
    {
        table[hole].ptr = NULL;
        for (;;)
        {
            j = (j + 1) & TABLE_MASK;
            if (!table[j].ptr)
                return;
            size_t home = slot_of(table[j].ptr);
            bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
            if (!stays)
                break;
        }
        table[hole] = table[j];
        hole = j;
    }
}

/* Counts one allocation; true when it is the one that must fail. */
static bool next_fails(const void *site, uint64_t *serial)
{
    bool fail;

    pthread_mutex_lock(&lock);
    *serial = ++serial_count;
    fail = fail_serial && *serial == fail_serial;
    if (fail)
    {
        injected_serial = *serial;
        injected_site = site;
        /* The unwinder allocates (once) through libc's own malloc, never through the wrappers. */
        injected_depth = backtrace(injected_stack, ALLOC_FAULT_STACK_DEPTH);
    }
    pthread_mutex_unlock(&lock);
    return fail;
}

static void track(void *ptr, size_t size, const void *site, uint64_t serial)
{
    if (!ptr)
        return;
    pthread_mutex_lock(&lock);
    insert_locked(ptr, size, site, serial);
    pthread_mutex_unlock(&lock);
}

/* Forgets ptr; false when it was not live. */
static bool untrack(void *ptr)
{
    bool found;

    pthread_mutex_lock(&lock);
    size_t i = find_slot(ptr);
    found = table[i].ptr != NULL;
    if (found)
    {
        remove_at(i);
        --live_count;
    }
    else
        ++bad_frees;
    pthread_mutex_unlock(&lock);
    return found;
}

bool alloc_fault_next(const void *site, uint64_t *serial)
{
    return next_fails(site, serial);
}

void alloc_fault_track(void *ptr, size_t size, const void *site, uint64_t serial)
{
    track(ptr, size, site, serial);
}

void alloc_fault_track_uncounted(void *ptr, size_t size, const void *site)
{
    pthread_mutex_lock(&lock);
    uint64_t serial = serial_count + 1;
    pthread_mutex_unlock(&lock);
    track(ptr, size, site, serial);
}

bool alloc_fault_untrack(void *ptr)
{
    return untrack(ptr);
}

void alloc_fault_retrack(void *old, void *ptr, size_t size, const void *site, uint64_t serial)
{
    pthread_mutex_lock(&lock);
    if (old)
        remove_at(find_slot(old)), --live_count;
    insert_locked(ptr, size, site, serial);
    pthread_mutex_unlock(&lock);
}

size_t alloc_fault_size_of(const void *ptr)
{
    pthread_mutex_lock(&lock);
    size_t i = find_slot(ptr), size = table[i].ptr ? table[i].size : 0;
    pthread_mutex_unlock(&lock);
    return size;
}

bool alloc_fault_is_live(const void *ptr)
{
    pthread_mutex_lock(&lock);
    bool live = table[find_slot(ptr)].ptr != NULL;
    pthread_mutex_unlock(&lock);
    return live;
}

uint64_t alloc_fault_count(void)
{
    pthread_mutex_lock(&lock);
    uint64_t count = serial_count;
    pthread_mutex_unlock(&lock);
    return count;
}

void alloc_fault_arm(uint64_t nth)
{
    pthread_mutex_lock(&lock);
    fail_serial = nth ? serial_count + nth : 0;
    if (nth)
        injected_serial = 0, injected_site = NULL, injected_depth = 0;
    pthread_mutex_unlock(&lock);
}

void alloc_fault_clear(void)
{
    pthread_mutex_lock(&lock);
    fail_serial = 0;
    injected_serial = 0, injected_site = NULL, injected_depth = 0;
    pthread_mutex_unlock(&lock);
}

bool alloc_fault_injected(void)
{
    return alloc_fault_injected_serial() != 0;
}

uint64_t alloc_fault_injected_serial(void)
{
    pthread_mutex_lock(&lock);
    uint64_t serial = injected_serial;
    pthread_mutex_unlock(&lock);
    return serial;
}

const void *alloc_fault_injected_site(void)
{
    pthread_mutex_lock(&lock);
    const void *site = injected_site;
    pthread_mutex_unlock(&lock);
    return site;
}

/* The stack from the call site on: the frames of the wrapper itself are skipped. */
int alloc_fault_injected_stack(const void **frames, int max)
{
    int count = 0, first = 0;

    pthread_mutex_lock(&lock);
    while (first < injected_depth && injected_stack[first] != injected_site)
        ++first;
    for (int i = first; i < injected_depth && count < max; ++i)
        frames[count++] = injected_stack[i];
    pthread_mutex_unlock(&lock);
    return count;
}

size_t alloc_fault_live(void)
{
    pthread_mutex_lock(&lock);
    size_t count = live_count;
    pthread_mutex_unlock(&lock);
    return count;
}

uint64_t alloc_fault_bad_frees(void)
{
    pthread_mutex_lock(&lock);
    uint64_t count = bad_frees;
    pthread_mutex_unlock(&lock);
    return count;
}

/* Copies the blocks to report first: describing a site runs addr2line, which must not happen
 * with the lock held. */
size_t alloc_fault_report_live(FILE *out, uint64_t since, const char *context)
{
    static struct live_block found[64];
    size_t count = 0, shown = 0;
    char where[512];

    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < TABLE_SIZE; ++i)
    {
        if (!table[i].ptr || table[i].serial < since)
            continue;
        if (shown < sizeof(found) / sizeof(found[0]))
            found[shown++] = table[i];
        ++count;
    }
    pthread_mutex_unlock(&lock);
    for (size_t i = 0; i < shown; ++i)
    {
        alloc_fault_describe_site(found[i].site, where, sizeof(where));
        fprintf(out, "%s: leaked allocation #%llu (%zu bytes) from %s\n", context,
                (unsigned long long)found[i].serial, found[i].size, where);
    }
    return count;
}

/* The counting core of the fault tests. Each test feeds it one kind of event: the library's host
 * allocations (alloc_wrap.c, linked with -Wl,--wrap=malloc,... so that the Vulkan loader, the
 * driver and libc keep the real allocator), Vulkan's host allocations (fault_callbacks.c),
 * device-memory allocations or queue submissions and waits (fault_vulkan.c). Every event is
 * counted, the Nth from a chosen point can be made to fail, and what the events create is tracked
 * (pointer or handle, size, call site) so that leaks are measured exactly. */
#ifndef DMLOPS_TEST_ALLOC_FAULT_H
#define DMLOPS_TEST_ALLOC_FAULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Counts one event made at site; true when it is the armed one, which must then fail. */
bool alloc_fault_next(const void *site, uint64_t *serial);
/* Tracks a live block (NULL is ignored) made by event `serial`, or, uncounted, by no event. */
void alloc_fault_track(void *ptr, size_t size, const void *site, uint64_t serial);
void alloc_fault_track_uncounted(void *ptr, size_t size, const void *site);
/* Forgets ptr; false (and a bad free counted) when it was not live. */
bool alloc_fault_untrack(void *ptr);
/* old (NULL, or live) became ptr: what a successful realloc does. */
void alloc_fault_retrack(void *old, void *ptr, size_t size, const void *site, uint64_t serial);
/* Whether ptr is a live tracked block. */
bool alloc_fault_is_live(const void *ptr);
/* The tracked size of a live block, 0 when it is not live. */
size_t alloc_fault_size_of(const void *ptr);

/* Events counted since the program started (failed ones included). */
uint64_t alloc_fault_count(void);
/* The nth allocation from now returns NULL (n >= 1) and the record of the last failure is
 * cleared; 0 disarms and keeps that record for reporting. */
void alloc_fault_arm(uint64_t nth);
/* Disarms and clears the record of the last failure: a case that begins where another ran must
 * not see that one's failure (a crash report would blame the wrong call). */
void alloc_fault_clear(void);
/* Whether the armed failure has happened, and the serial number of the allocation it hit. */
bool alloc_fault_injected(void);
uint64_t alloc_fault_injected_serial(void);
/* The call site of the failed allocation (a return address in the caller). */
const void *alloc_fault_injected_site(void);
/* The call stack of the failed allocation, from its call site outwards; returns the depth. */
#define ALLOC_FAULT_STACK_DEPTH 24
int alloc_fault_injected_stack(const void **frames, int max);
/* Allocations live now, and frees of pointers that were not live (double or foreign frees). */
size_t alloc_fault_live(void);
uint64_t alloc_fault_bad_frees(void);
/* Prints every live allocation made at or after serial `since`, with its call site; returns how
 * many there were. */
size_t alloc_fault_report_live(FILE *out, uint64_t since, const char *context);
/* Writes "function at file:line" for a code address into buf (addr2line when available). */
void alloc_fault_describe_site(const void *site, char *buf, size_t size);
/* The same for the failed allocation's call stack: up to `frames` callers, innermost first. */
void alloc_fault_describe_injection(int frames, char *buf, size_t size);

#endif

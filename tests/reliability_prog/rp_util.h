/* Shared by the binding-table reliability tests: a device, a small operator, memory figures. */
#ifndef RP_UTIL_H
#define RP_UTIL_H

#include <DirectML.h>
#include <dmlops.h>

/* A SPLIT of a [1, parts] float tensor into parts [1, 1] outputs (parts 1: a copy). */
IDMLCompiledOperator *rp_compile_split(IDMLDevice *device, unsigned parts,
                                       DML_EXECUTION_FLAGS flags);
/* A table for dispatchable on descriptor range `range` (0: none). */
IDMLBindingTable *rp_table(IDMLDevice *device, IDMLDispatchable *dispatchable,
                           unsigned long long range);
void rp_reset(IDMLBindingTable *table, IDMLDispatchable *dispatchable, unsigned long long range);
/* Where rp_bind_split binds output k of a SPLIT into parts (the input is at 0). */
unsigned long long rp_output_offset(unsigned parts, unsigned k);
/* Binds input and outputs of a SPLIT from rp_compile_split (outputs only if `outputs`). */
void rp_bind_split(IDMLBindingTable *table, ID3D12Resource *buffer, unsigned parts, int outputs);
/* Initializes a compiled operator that has no OWNED_BY_DML input. */
void rp_initialize(IDMLDevice *device, IDMLCompiledOperator *compiled);
/* /proc/self/statm's resident size; /proc/self/status's VmPeak and VmHWM; in KiB. */
long rp_resident_kib(void);
long rp_status_kib(const char *field);

/* Resident figures hold only without ASan, whose quarantine keeps freed blocks resident (up to
 * 256 MiB) and whose shadow memory doubles what is touched: under it the figures are printed, the
 * runs still made (for ASan to check), and no bound is asserted. */
#if defined(__SANITIZE_ADDRESS__)
#define RP_MEMORY_BOUNDS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RP_MEMORY_BOUNDS 0
#endif
#endif
#ifndef RP_MEMORY_BOUNDS
#define RP_MEMORY_BOUNDS 1
#endif

#endif

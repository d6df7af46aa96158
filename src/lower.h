/* Lowering: a validated operator (struct dml_op_def) becomes a plan (src/plan.h).
 *
 * Binding slots: slot 0 is the input, slots 1 .. output_count the outputs (SPLIT's output k
 * at slot 1 + k). Units wider than an element are used only where every base, stride and
 * extent allows it and where every bound tensor's base_alignment does; this assumes that
 * every buffer's device address is itself at least 16-byte aligned (the library creates its
 * buffers so, and Vulkan's minStorageBufferOffsetAlignment is at most 256). */
#ifndef DMLOPS_LOWER_H
#define DMLOPS_LOWER_H

#include <stdint.h>

#include "op_def.h"
#include "plan.h"

/* def must already be valid. Fails only with E_OUTOFMEMORY; out is then left empty. */
HRESULT dml_lower(const struct dml_op_def *def, struct plan *out);

/* A plan copying `bytes` bytes (a multiple of 4) from slot src_slot to slot dst_slot, both
 * starting 16-byte aligned: used to copy OWNED_BY_DML inputs into the persistent resource.
 * Units are the largest of 16, 8 or 4 bytes dividing `bytes`; bytes == 0 gives count 0 (dispatch
 * nothing). E_OUTOFMEMORY also when the copy needs 2^32 units or more (64 GiB). */
HRESULT dml_lower_copy_bytes(uint64_t bytes, uint32_t src_slot, uint32_t dst_slot,
                             struct plan *out);

#endif

/* A plan that only moves contiguous runs of bytes (no padding, no arithmetic, no reversed or
 * strided innermost run; output parts, or input parts into one output) can also be carried out
 * by the copy engine (vkCmdCopyBuffer). This finds those runs. */
#ifndef DMLOPS_PLAN_COPY_H
#define DMLOPS_PLAN_COPY_H

#include <stdbool.h>
#include <stdint.h>

#include "plan.h"

/* Beyond this many runs, a plan is left to the compute kernel: the copy engine's cost per
 * region was never measured, only its bandwidth on whole buffers. */
#define PLAN_COPY_MAX_REGIONS 256u
/* Nor are runs shorter than this, when there are several: those are element-sized moves. */
#define PLAN_COPY_MIN_RUN_BYTES 64u

/* One contiguous run: size bytes from slot src_slot at src_offset to slot dst_slot at
 * dst_offset (offsets in bytes from the slots' addresses). */
struct plan_copy_region
{
    uint32_t src_slot, dst_slot;
    uint64_t src_offset, dst_offset, size;
};

/* Fills regions (room for PLAN_COPY_MAX_REGIONS) with the runs that together do exactly what
 * plan does; false, with *count 0, when the plan needs more regions or is not a plain copy. */
bool plan_copy_regions(const struct plan *plan, struct plan_copy_region *regions, uint32_t *count);

#endif

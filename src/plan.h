/* The plan: what one dispatch does, as pure data. Lowering (src/lower.c) writes it from a
 * struct dml_op_def; the Vulkan layer (src/vk) turns it into a pipeline and a parameter block.
 * No Vulkan type appears here, so plans can be built and checked without a GPU.
 *
 * Semantics (the shader and tests/common/plan_exec.c implement exactly this):
 *   for every coordinate c of the iteration space (sizes[0..rank), outermost first):
 *     part k = the last part with parts[k].axis_begin <= c[part_axis]   (k = 0 when part_count == 1)
 *     c'     = c with c'[part_axis] -= parts[k].axis_begin
 *     out    = address(slot parts[k].slot) + elem_bytes * (parts[k].base + sum c'[d] * parts[k].strides[d])
 *     for each dimension d, map the coordinate to an input coordinate i[d]:
 *       PLAN_MAP_AFFINE:   i[d] = c[d]
 *       padded dims:       x = c[d] - dims[d].pad_start, n = dims[d].in_size, then
 *         CONSTANT: out of [0, n) -> the element is pad_value
 *         EDGE: clamp(x, 0, n-1)   REFLECT: p = 2(n-1), m = x mod p, m < n ? m : p-m  (n == 1: 0)
 *         SYMMETRIC: p = 2n, m = x mod p, m < n ? m : p-1-m          WRAP: x mod n
 *     in     = address(slot in_slot) + elem_bytes * (in_base + sum i[d] * dims[d].in_stride)
 *     copy elem_bytes bytes from in to out (or write pad_value)
 * "x mod p" is the non-negative remainder. Strides and bases are in units of elem_bytes. */
#ifndef DMLOPS_PLAN_H
#define DMLOPS_PLAN_H

#include <stdint.h>

#define PLAN_MAX_RANK 8

enum plan_kernel
{
    PLAN_KERNEL_COPY,  /* one part, no padded dimension */
    PLAN_KERNEL_SPLIT, /* several parts along part_axis, no padded dimension */
    PLAN_KERNEL_PAD,   /* one part, at least one padded dimension */
    PLAN_KERNEL_COUNT
};

enum plan_map
{
    PLAN_MAP_AFFINE,
    PLAN_MAP_CONSTANT,
    PLAN_MAP_EDGE,
    PLAN_MAP_REFLECT,
    PLAN_MAP_SYMMETRIC,
    PLAN_MAP_WRAP,
};

struct plan_dim
{
    uint32_t size;      /* extent of the iteration space */
    int64_t in_stride;  /* input stride, in units */
    uint32_t map;       /* enum plan_map */
    uint32_t in_size;   /* padded dims: the input extent n */
    uint32_t pad_start; /* padded dims: the output coordinate where the input begins */
};

struct plan_part
{
    uint32_t slot;       /* binding slot of this output */
    uint32_t axis_begin; /* first coordinate along part_axis that belongs to this part */
    int64_t base;        /* units */
    int64_t strides[PLAN_MAX_RANK];
};

struct plan
{
    enum plan_kernel kernel;
    uint32_t elem_bytes; /* 1, 2, 4, 8 or 16 */
    uint32_t rank;       /* >= 1 */
    uint64_t count;      /* product of dims[].size: one thread per element */
    struct plan_dim dims[PLAN_MAX_RANK];
    uint32_t in_slot;
    int64_t in_base; /* units, >= 0 once negative strides are folded in */
    uint32_t part_axis;
    uint32_t part_count; /* >= 1 */
    struct plan_part *parts;
    uint32_t pad_value[4]; /* the bytes of one unit (elem_bytes of them) for CONSTANT padding */
    uint32_t slot_count;   /* bindings read: addresses of slots 0 .. slot_count-1 */
};

void plan_cleanup(struct plan *plan);

#endif

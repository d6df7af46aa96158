/* Fusion's parts (fuse.h): plans as values that can be copied, cut along an axis, put back
 * together and composed, all in the plan semantics of plan.h. Every function leaves its inputs
 * as they were and returns false (nothing allocated) when it cannot do its job exactly. */
#ifndef DMLOPS_FUSE_INTERNAL_H
#define DMLOPS_FUSE_INTERNAL_H

#include "fuse.h"

/* fuse_plan.c */

/* The plan rewritten in units of elem bytes (lowering moves packed runs in wider units; a
 * composition is done element by element): an inner dimension of the unit's elements. False
 * when it does not fit (rank, overflow); plan is then unchanged. */
bool fuse_narrow(struct plan *plan, uint32_t elem);
/* The plan over coordinates [lo, hi) of axis only (out: its own plan, coordinates from 0): parts
 * along axis clipped to the range, everything else shifted. Part boundaries, when cut, must
 * fall on lo or hi; the input part axis is never padded. */
bool fuse_restrict(const struct plan *plan, uint32_t axis, uint32_t lo, uint32_t hi,
                   struct plan *out);
/* b after a along axis, as one plan (out): both cut from one plan (same rank, same maps on
 * every other dimension, axis unpadded), a's output and input continuing into b's, or joined as
 * parts along axis. b's slots are numbered after a's (out.slot_count = the sum). False when
 * they do not fit one plan. a_tensors and b_tensors: the tensor each slot binds (a part of a
 * continues one of b only on the same tensor). */
bool fuse_merge(const struct plan *a, const uint32_t *a_tensors, const struct plan *b,
                const uint32_t *b_tensors, uint32_t axis, struct plan *out);
/* fuse_merge along the axis that leaves the fewest output parts, then input parts (a JOIN's
 * pieces merged along the join axis write one output part, not one per piece). */
bool fuse_merge_any(const struct plan *a, const uint32_t *a_tensors, const struct plan *b,
                    const uint32_t *b_tensors, struct plan *out);
/* A plan as lowering leaves one: padded dimensions of one coordinate folded, dimensions sorted
 * and merged, units widened up to max_unit_bytes, the kernel settled. False when the result is
 * not a plan the kernels run (more than 2^32 - 1 units, a dimension padded whole). */
bool fuse_finish(struct plan *plan, uint32_t max_unit_bytes);
/* Whether fusion may compose the plan: a pure index map (copy, split, padding, general), not
 * arithmetic, an indexed plan, a generator or a dilated window, whose elements do not come from
 * an address the maps alone give. */
bool fuse_plan_moves(const struct plan *plan);
/* The plan's memory traffic in bytes, as DRAM moves it: per tensor side, the distinct elements
 * touched, each costing its own bytes or, when neighbours are apart, up to a 32-byte sector. */
double fuse_cost(const struct plan *plan);
/* The input coordinate of coordinate c along dim (its pre-map and padding map), -1 for the pad
 * value. */
int64_t fuse_map_coordinate(const struct plan_dim *dim, int64_t c);
/* The dimensions of size > 1 by increasing stride (order, count of them), true when every stride
 * is positive and exceeds the furthest the smaller ones reach: each offset then has at most one
 * decomposition into coordinates, found greedily. */
bool fuse_injective_order(const uint32_t *sizes, const int64_t *strides, uint32_t rank,
                          uint32_t *order, uint32_t *count);
/* Whether a plan's output part k writes each address at most once: its coordinates, as
 * digits of increasing stride, decompose every offset at most one way. */
bool fuse_part_injective(const struct plan *plan, uint32_t k);

/* fuse_compose.c */

/* c after p: p (one output part, element units) writes the tensor that c (one plain input,
 * element units, no arithmetic) reads. out: c reading what p reads, p's slots numbered from
 * slot_offset on (out.slot_count = slot_offset + p's slot_count), p's padding and input parts
 * carried over where they compose. False, out untouched, when the composition is not provably
 * the same bytes: c reads an address p does not write exactly once, or the maps do not compose
 * into one plan. */
bool fuse_compose(const struct plan *p, const struct plan *c, uint32_t slot_offset,
                  struct plan *out);

#endif

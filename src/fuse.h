/* Fusion (issue 14, graph.md GD13): a pass over a program, before program_finish, that lets
 * steps read what their producers read instead of the tensor between them, so that an
 * intermediate every reader of which was fused is never written. Exact by construction: every
 * fused element is the element the steps run one after the other give (fuse_compose.c says
 * when a composition is one plan of plan.h).
 *
 * The pass visits the tensors in the order their writers run. For a tensor T written by the
 * output part of one step P (or by disjoint pieces of one step, see below), of one data type in
 * every step that touches it (an edge that reads the bytes as another type or element size is
 * not fused through), each step C reading T is rewritten to read P's input:
 *   - C's plain input: C composed with P's part (slice/pad/transpose/copy chains, pad after pad
 *     where the maps compose, a SPLIT's part read by its consumer, a JOIN's output read by a
 *     slice or another SPLIT);
 *   - C's input parts (a JOIN): C is cut into one piece per input part, the pieces reading T
 *     are composed, then the pieces are put back together where they still form one plan (a
 *     JOIN of slices stays one step reading the slices' input); a piece that does not fit back
 *     (its producer padded along the join axis) stays its own step: the producer writes its
 *     part of the JOIN's output.
 * Which rewrites are kept is counted in bytes (fuse_cost: distinct elements, a sector for a
 * lone one): when T is an intermediate (not a graph output) and every reader composes, all are
 * rewritten and P stops writing T (a SPLIT drops that output; a step left with no output is
 * removed) if that moves no more bytes than P writing T and the readers reading it; otherwise
 * T stays written and each reader is rewritten only where that alone moves fewer bytes (fan-out
 * to readers of different maps: re-reading P's input per reader, or reading T once written).
 * Arithmetic (CAST, ScaleBias) and a writer writing T twice are never fused. A tensor written
 * by several pieces of one step is fused through only when that step wrote each address once,
 * each reader composing with the one piece it reads. Adjacent steps writing one tensor that
 * something reads are put back together where they form one plan (the pieces of a JOIN whose
 * inputs were fused one at a time), and the pass runs again while anything changed (a reader
 * rewritten late may compose with a writer visited before it). */
#ifndef DMLOPS_FUSE_H
#define DMLOPS_FUSE_H

#include <stdbool.h>

#include "program.h"

#define FUSE_NONE UINT32_MAX
#define FUSE_MIXED_TYPES UINT32_MAX /* tensor_type: steps touch the tensor as several types */

/* One entry of a step's list of graph nodes. */
struct fuse_step
{
    uint32_t node;     /* a graph node the step does the work of */
    uint32_t absorbed; /* the next entry of the same step's list, or FUSE_NONE */
};

struct fuse_info
{
    uint32_t count;          /* steps before fusion */
    struct fuse_step *steps; /* entries; before fusion entry s is step s's only one */
    uint32_t *origin;        /* per program step: the first entry of its list (its own node) */
    uint32_t tensor_count;
    uint32_t *tensor_type; /* per program tensor: the DML_TENSOR_DATA_TYPE every step reads and
                              writes it as; 0 none known (never fused), or FUSE_MIXED_TYPES */
};

/* DMLOPS_FUSION: "0" turns fusion off, "1" (and anything else, unset too) leaves it on. */
bool dml_fusion_enabled(void);

/* info for a program of step_count steps (each its own entry, node 0: the caller fills node) and
 * tensor_count tensors (no type known); E_OUTOFMEMORY. */
HRESULT dml_fuse_info_init(struct fuse_info *info, uint32_t step_count, uint32_t tensor_count);
void dml_fuse_info_cleanup(struct fuse_info *info);
/* A step touches tensor as data_type (0: an unknown type, never fused through). */
void dml_fuse_info_access(struct fuse_info *info, uint32_t tensor, uint32_t data_type);

/* Fuses what the rules above allow, before program_finish; info's lists then describe the
 * fused steps. E_OUTOFMEMORY (the program then has no steps: the caller fails the compile);
 * a fusion that cannot be done for want of memory is just not done. */
HRESULT dml_fuse_program(struct program *program, struct fuse_info *info);

#endif

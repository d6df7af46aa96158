/* Fusion (issue 14, graph.md GD13): a pure pass over a program that merges a producer step into
 * its only consumer when both are pure affine copies, so that the consumer reads the producer's
 * input directly and the intermediate between them is never materialised. Exact by construction:
 * every fused element is the element the two steps run one after the other would give.
 *
 * What fuses (the first, always-exact part): P -> T -> C where P is a COPY plan (one input, one
 * output part, no input parts, no padded dimension, no arithmetic) and C a COPY plan or a PAD plan
 * moving single elements (pad after slice: a padded dim's reads over [0, in_size) are mapped
 * through P like any other; its map, pad_start, step and pad value stay), of the same element size
 * and data type across T (a reinterpreting edge is not fused), T is an intermediate written only
 * by P and read only by C, P writes T one element per coordinate (an injective layout), and every
 * input stride of C is a multiple of one of T's strides whose coordinate stays in range (so that
 * C's read address is P's write address at a coordinate P really writes). Chains of any length
 * fuse, one edge at a time. Everything else stays a separate step. */
#ifndef DMLOPS_FUSE_H
#define DMLOPS_FUSE_H

#include <stdbool.h>

#include "program.h"

#define FUSE_NONE UINT32_MAX

/* One step of the program before fusion. */
struct fuse_step
{
    uint32_t node;     /* the graph node it came from (for the dump) */
    uint32_t in_type;  /* DML_TENSOR_DATA_TYPE of input 0; 0 (UNKNOWN): never fused */
    uint32_t out_type; /* DML_TENSOR_DATA_TYPE of output 0; 0 (UNKNOWN): never fused */
    uint32_t absorbed; /* the step fused into this one (its index here), or FUSE_NONE */
};

struct fuse_info
{
    uint32_t count;          /* steps before fusion */
    struct fuse_step *steps; /* count of them */
    uint32_t *origin;        /* per program step: its index in steps */
};

/* DMLOPS_FUSION: "0" turns fusion off, "1" (and anything else, unset too) leaves it on. */
bool dml_fusion_enabled(void);

/* info->steps and info->origin for a program of step_count steps, each its own origin;
 * E_OUTOFMEMORY. The caller fills node and the types. */
HRESULT dml_fuse_info_init(struct fuse_info *info, uint32_t step_count);
void dml_fuse_info_cleanup(struct fuse_info *info);

/* Fuses what the rules above allow, before program_finish; returns the number of edges fused.
 * Never fails: a step that cannot be fused is left as it was. */
uint32_t dml_fuse_program(struct program *program, struct fuse_info *info);

/* Whether plan is a pure affine copy (the only form fused). */
bool dml_fuse_plan_affine(const struct plan *plan);

#endif

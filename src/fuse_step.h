/* The steps fusion works on (fuse.c): a plan, its slots and the graph nodes it does the work
 * of, owned together; and the pass's view of the program. */
#ifndef DMLOPS_FUSE_STEP_H
#define DMLOPS_FUSE_STEP_H

#include "fuse_internal.h"

struct fuse_work_step
{
    struct plan plan;
    struct program_slot *slots; /* plan.slot_count */
    uint32_t *nodes, node_count;
};

struct fuse_pass
{
    const struct program *program; /* its tensors */
    struct fuse_work_step *steps;
    uint32_t count;
    uint32_t *elem;                  /* per tensor: element bytes when fusable through, else 0 */
    uint32_t *node_mark, node_stamp; /* per graph node: scratch of fuse_step_add_nodes */
};

void fuse_step_free(struct fuse_work_step *step);
/* Slots no part or input names dropped, slots of one tensor and access shared; false on
 * E_OUTOFMEMORY. */
bool fuse_step_compact(struct fuse_work_step *step);
/* to's nodes followed by those of from it lacks; false on E_OUTOFMEMORY. */
bool fuse_step_add_nodes(struct fuse_pass *pass, struct fuse_work_step *to,
                         const struct fuse_work_step *from);
/* The widest unit the bindings a plan touches allow (lowering's max_unit_bytes, 0 read as the
 * element size). */
uint32_t fuse_unit_limit(const struct plan *plan);

/* Replaces steps[at[i]] by replace[i] (count[i] steps each, taken), at[] increasing; false (the
 * replacements freed, the pass unchanged) on E_OUTOFMEMORY. When no step becomes several, the
 * indices of the others hold: a step replaced by none is left empty (fuse_step_empty) until
 * fuse_pass_compact. */
bool fuse_pass_replace(struct fuse_pass *pass, const uint32_t *at, struct fuse_work_step **replace,
                       const uint32_t *count, uint32_t n);

bool fuse_step_empty(const struct fuse_work_step *step);
void fuse_pass_compact(struct fuse_pass *pass);

/* Adjacent steps that write one tensor, read by some step, put together where they form one
 * plan (the pieces of a JOIN whose inputs were fused one at a time): the tensor then has one
 * writer again for its readers to compose with. Whether any were. */
bool fuse_pass_merge_neighbours(struct fuse_pass *pass);

/* fuse_tensor.c: fuses through tensor t what fuse.h allows; whether a step changed. */
bool fuse_tensor(struct fuse_pass *pass, uint32_t t);

#endif

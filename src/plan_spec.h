/* Which kernel runs a plan, as pure logic (no Vulkan): the specialized kernels (shaders/vec.comp,
 * shaders/tile.comp) get the whole plan as specialization constants, one pipeline per distinct
 * operator shape, every divisor a compile-time constant, nothing read from a parameter block;
 * plan_spec_from_plan says which plans qualify and which of their strategies (mode and flags)
 * each gets. A plan that does not qualify runs on the generic kernel of its plan->kernel. The
 * thresholds below were tuned on an H100 (numbers where they are defined, in plan_spec.c). */
#ifndef DMLOPS_PLAN_SPEC_H
#define DMLOPS_PLAN_SPEC_H

#include <stdbool.h>
#include <stdint.h>

#include "plan.h"
#include "plan_spec_constants.h"

#define PLAN_SPEC_PARTS DMLOPS_SPEC_PARTS

/* Plans that write at most this many bytes are latency-bound: on a GPU they take MODE_MOVE, one
 * unit per thread, rather than a vector walk (the Vulkan layer's choice: plan_spec_from_plan's
 * move_bytes). */
#define PLAN_SPEC_MOVE_BYTES (64u * 1024u)

enum plan_spec_mode
{
    PLAN_SPEC_MODE_PARTS = DMLOPS_SPEC_MODE_PARTS,
    PLAN_SPEC_MODE_ROW_SPLIT = DMLOPS_SPEC_MODE_ROW_SPLIT,
    PLAN_SPEC_MODE_TILE = DMLOPS_SPEC_MODE_TILE,
    PLAN_SPEC_MODE_ROW_BLOCKS = DMLOPS_SPEC_MODE_ROW_BLOCKS,
    PLAN_SPEC_MODE_ROW_GROUPS = DMLOPS_SPEC_MODE_ROW_GROUPS,
    PLAN_SPEC_MODE_MOVE = DMLOPS_SPEC_MODE_MOVE,
    PLAN_SPEC_MODE_FILL = DMLOPS_SPEC_MODE_FILL,
};

#define PLAN_SPEC_C_U32 uint32_t
#define PLAN_SPEC_C_I32 int32_t
#define PLAN_SPEC_C_I64 int64_t
#define PLAN_SPEC_C_U64 uint64_t
#define PLAN_SPEC_FIELD(NAME, field, id, type, def) PLAN_SPEC_C_##type field;
#define PLAN_SPEC_ARRAY_FIELD(NAME, field, id, n, type, def, step) PLAN_SPEC_C_##type field[n];

/* The constants (src/plan_spec_constants.h: ids, meanings), one field each in the list's order;
 * zero-filled and without padding, so comparable and hashable as bytes. */
struct plan_spec
{
    DMLOPS_SPEC_CONSTANTS(PLAN_SPEC_FIELD, PLAN_SPEC_ARRAY_FIELD)
};

#define PLAN_SPEC_BYTES(NAME, field, id, type, def) +sizeof(PLAN_SPEC_C_##type)
#define PLAN_SPEC_ARRAY_BYTES(NAME, field, id, n, type, def, step) +(n) * sizeof(PLAN_SPEC_C_##type)
_Static_assert(sizeof(struct plan_spec) ==
                   0 + DMLOPS_SPEC_CONSTANTS(PLAN_SPEC_BYTES, PLAN_SPEC_ARRAY_BYTES),
               "struct plan_spec has padding: reorder src/plan_spec_constants.h");

/* Fills *spec when a specialized kernel takes the plan (a COPY, SPLIT, PAD or GENERAL one without
 * arithmetic, 32-bit thread counts). The vector walks take one input, plain paddings (pre-map
 * scale 1, the input inside the output), at most PLAN_SPEC_PARTS parts or any number of alike
 * ones, every part's output dense in iteration order (or one part's rows at a pitch) and
 * 16-byte aligned: spec->mode and spec->flags then say how the kernel walks the plan, and
 * mode PLAN_SPEC_MODE_TILE is tile.comp's. Plans they do not take, and plans that write at most
 * move_bytes (latency-bound: the shortest walk wins), take PLAN_SPEC_MODE_MOVE when they have
 * at most DMLOPS_MOVE_PARTS output and input parts together: move.comp's walk with the plan in
 * constants. spec->vtotal is the thread count. */
bool plan_spec_from_plan(const struct plan *plan, uint64_t move_bytes, struct plan_spec *spec);

#endif

/* Lowering: a validated operator (struct dml_op_def) becomes a plan (src/plan.h).
 *
 * Binding slots: the inputs first, then the outputs (SPLIT's output k at slot 1 + k, JOIN's
 * input k at slot k and its output at slot InputCount). Each operator's own lowering
 * (struct dml_op_entry's lower, src/ops/<op>.c) builds the plan; this file simplifies it. Units
 * wider than an element are used only where every base, stride and extent allows it and where every
 * bound tensor's base_alignment does; this assumes that every buffer's device address is itself at
 * least 16-byte aligned (the library creates its buffers so, and Vulkan's
 * minStorageBufferOffsetAlignment is at most 256). */
#ifndef DMLOPS_LOWER_H
#define DMLOPS_LOWER_H

#include <stdbool.h>
#include <stdint.h>

#include "op_def.h"
#include "plan.h"
#include "program.h"

/* def must already be valid. Fails only with E_OUTOFMEMORY; out is then left empty. An operator
 * that runs as several steps (src/lower_steps.c) has no single plan: use
 * dml_lower_steps (E_INVALIDARG here). */
HRESULT dml_lower(const struct dml_op_def *def, struct plan *out);

/* An operator as the steps that run it, in order (one for most operators; SCATTER: copy the
 * input, then clear, claim and write, FD7). Slot s of a step's plan is operator tensor
 * tensor[s] with the access access[s] (enum program_access); operator tensors are numbered as
 * CompileOperator binds them, the inputs then the outputs, and then the operator's scratch
 * tensor when scratch_bytes > 0 (a range of the temporary resource). A step that is not mapped
 * uses slot s = tensor s, the inputs read and the outputs written. */
#define DML_LOWER_MAX_STEPS 4
#define DML_LOWER_STEP_SLOTS 8

struct dml_lower_step
{
    struct plan plan;
    bool mapped;
    uint32_t tensor[DML_LOWER_STEP_SLOTS];
    uint32_t access[DML_LOWER_STEP_SLOTS];
};

struct dml_lower_steps
{
    uint32_t count;
    struct dml_lower_step steps[DML_LOWER_MAX_STEPS];
    uint64_t scratch_bytes;
};

/* Fails only with E_OUTOFMEMORY; out is then left empty. */
HRESULT dml_lower_steps(const struct dml_op_def *def, struct dml_lower_steps *out);
void dml_lower_steps_cleanup(struct dml_lower_steps *steps);
/* How many steps dml_lower_steps gives for def (without lowering it). */
uint32_t dml_lower_step_count(const struct dml_op_def *def);
/* The operator tensor behind slot s of step, and its access. */
uint32_t dml_lower_step_tensor(const struct dml_op_def *def, const struct dml_lower_step *step,
                               uint32_t s, uint32_t *access);

/* Simplifies a plan derived from a lowered one (a cut of it, plan_chunk.h) as lowering does:
 * unit dims dropped, dims sorted and merged, units widened up to plan->max_unit_bytes; kernel
 * and count settled. */
void dml_lower_simplify(struct plan *plan);

/* A plan copying `bytes` bytes (a multiple of 4) from slot src_slot to slot dst_slot, both
 * starting 16-byte aligned: used to copy OWNED_BY_DML inputs into the persistent resource.
 * Units are the largest of 16, 8 or 4 bytes dividing `bytes`; bytes == 0 gives count 0 (dispatch
 * nothing). E_OUTOFMEMORY also when the copy needs 2^32 units or more (64 GiB). */
HRESULT dml_lower_copy_bytes(uint64_t bytes, uint32_t src_slot, uint32_t dst_slot,
                             struct plan *out);

/* The widest unit (bytes, at most 16) that every bound tensor's base alignment allows: what
 * dml_lower sets as plan->max_unit_bytes for plans without arithmetic. */
uint32_t dml_lower_unit_limit(const struct dml_op_def *def);

/* For the operators' lowering (src/ops): allocates plan->parts (zeroed) and sets the common
 * fields of a plan of `rank` dims: input at slot 0, part k at slot 1 + k. */
HRESULT lower_plan_init(struct plan *plan, uint32_t elem_bytes, uint32_t rank, uint32_t part_count);
/* Input parts (zeroed) at slots 0 .. count-1, the output parts after them. */
HRESULT lower_plan_in_parts(struct plan *plan, uint32_t in_part_axis, uint32_t count);
/* part->strides from the tensor's strides. */
void lower_part_strides(struct plan_part *part, const struct dml_tensor *tensor);
/* A FILL plan of kind over output (one dim per tensor dim): t the logical row-major index,
 * the output at slot 0, or with has_input an input part at slot 0 (zeroed: the caller sets its
 * strides) and the output at slot 1. */
HRESULT lower_fill_init(struct plan *plan, const struct dml_tensor *output, uint32_t elem_bytes,
                        enum plan_fill_kind kind, bool has_input);
/* A BAND plan's index t = x - y over the last two dims (column minus row), and its band. */
void lower_fill_band(struct plan *plan, int64_t begin, int64_t end);

#endif

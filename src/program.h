/* The program: what a compiled dispatchable is, as pure data (no Vulkan type), so that it can be
 * built and checked without a GPU. A compiled operator is a one-step program; an initializer is
 * one copy step per OWNED_BY_DML input; a compiled graph is built through the same calls.
 *
 * Tensors are places in memory: a range of an input or output binding, a range of the persistent
 * resource (an OWNED_BY_DML input, copied there by an initializer), a range of the temporary
 * resource (an intermediate), or constant bytes. Steps run in order; each is one plan (handed
 * whole to the Vulkan layer, which may cut it to fit device limits) whose binding slot s is
 * tensor slots[s].tensor, read or written as slots[s].access says.
 *
 * Building: program_init, then program_add_* in any order (a step names tensors added before
 * it), then program_finish, which places the intermediates (256-byte aligned offsets, shared by
 * intermediates whose lifetimes do not overlap), computes the resource sizes and marks the steps
 * that must wait for earlier ones. A finished program is read-only: share it between threads. */
#ifndef DMLOPS_PROGRAM_H
#define DMLOPS_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#include "plan.h"

#define PROGRAM_ALIGNMENT 256u
#define PROGRAM_NO_STEP UINT32_MAX

enum program_tensor_kind
{
    PROGRAM_TENSOR_INPUT,  /* input binding `binding`, from `offset` bytes on */
    PROGRAM_TENSOR_OUTPUT, /* output binding `binding`, from `offset` bytes on */
    PROGRAM_TENSOR_OWNED,  /* persistent resource at `offset`; initialized from input `binding` */
    PROGRAM_TENSOR_INTERMEDIATE, /* temporary resource at `offset` (placed by program_finish) */
    PROGRAM_TENSOR_CONSTANT,     /* `bytes` bytes of `data` */
    PROGRAM_TENSOR_KIND_COUNT
};

struct program_tensor
{
    enum program_tensor_kind kind;
    uint32_t binding;
    uint64_t offset;
    uint64_t bytes;
    void *data;                     /* CONSTANT: the program's own copy */
    uint32_t first_step, last_step; /* lifetime; PROGRAM_NO_STEP when no step touches it */
};

enum program_access
{
    PROGRAM_READ = 1,
    PROGRAM_WRITE = 2,
};

struct program_slot
{
    uint32_t tensor;
    uint32_t access; /* enum program_access bits */
};

struct program_step
{
    struct plan plan;           /* the program's own */
    struct program_slot *slots; /* plan.slot_count of them */
    bool wait; /* program_finish: a barrier before this step (it touches what an earlier one wrote,
                  or writes what an earlier one touched, since the last barrier) */
};

struct program
{
    uint32_t tensor_count, step_count;
    struct program_tensor *tensors;
    struct program_step *steps;
    uint64_t persistent_size, temporary_size; /* program_finish */
    bool finished; /* program_finish succeeded: nothing may be added; finishing again does nothing */
};

void program_init(struct program *program);
void program_cleanup(struct program *program);

/* Each adds one tensor and gives its index; E_OUTOFMEMORY, or E_INVALIDARG for a size or offset
 * that overflows. Owned tensors are packed into the persistent resource in the order added. */
HRESULT program_add_input(struct program *program, uint32_t binding, uint64_t offset,
                          uint64_t bytes, uint32_t *index);
HRESULT program_add_output(struct program *program, uint32_t binding, uint64_t offset,
                           uint64_t bytes, uint32_t *index);
HRESULT program_add_owned(struct program *program, uint32_t binding, uint64_t bytes,
                          uint32_t *index);
HRESULT program_add_intermediate(struct program *program, uint64_t bytes, uint32_t *index);
HRESULT program_add_constant(struct program *program, const void *data, uint64_t bytes,
                             uint32_t *index);

/* Appends a step running plan with its slot s bound to slots[s] (plan->slot_count of them, each
 * naming a tensor already added). Takes the plan: the program frees it, on failure too. */
HRESULT program_add_step(struct program *program, struct plan *plan,
                         const struct program_slot *slots);

/* Lifetimes, intermediate offsets, sizes and waits, once; E_OUTOFMEMORY or E_INVALIDARG (the
 * temporary resource overflows 64 bits). */
HRESULT program_finish(struct program *program);

/* A deep copy of a program, finished or not (E_OUTOFMEMORY; *to is then empty). */
HRESULT program_clone(const struct program *from, struct program *to);

/* The indices of the steps that wait (for tests and tools): fills up to max, returns the count. */
uint32_t program_waits(const struct program *program, uint32_t *steps, uint32_t max);

#endif

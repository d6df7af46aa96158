/* What compiled operators and operator initializers share: a program (program.h) and its steps
 * made ready for the Vulkan layer, binding properties, the bindings a binding table must check,
 * and the slot blocks that indirect steps read at execution. */
#ifndef DMLOPS_DISPATCHABLE_H
#define DMLOPS_DISPATCHABLE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#include "child.h"
#include "program.h"
#include "vk/steps.h"
#include "vk/vk.h"

enum dml_binding_need
{
    DML_BINDING_REQUIRED,  /* a buffer must be bound */
    DML_BINDING_FORBIDDEN, /* must be left unbound (an OWNED_BY_DML input at execution) */
    DML_BINDING_OPTIONAL,  /* an initializer input that is not OWNED_BY_DML; an input nothing
                              reads (a graph input with no edge, an absent optional tensor) */
};

struct dml_binding_rule
{
    enum dml_binding_need need;
    uint64_t min_size;  /* SizeInBytes must be at least this */
    uint32_t alignment; /* Offset must be a multiple of this */
};

struct dml_binding_layout
{
    uint32_t input_count; /* flattened over input_groups */
    struct dml_binding_rule *inputs;
    uint32_t input_group_count; /* initializers: one BUFFER_ARRAY per target; 0: one BUFFER each */
    uint32_t *input_group_sizes;
    uint32_t output_count;
    struct dml_binding_rule *outputs;
    bool init_hazards; /* initializer rule: inputs never share a buffer with outputs */
    bool in_place;     /* output 0 may be bound to exactly input 0's range (IDENTITY, FD2) */
};

/* What a binding table resolved: a slot per binding (address 0 where unbound). */
struct dml_bound_slots
{
    const struct dml_vk_slot *inputs;
    const struct dml_vk_slot *outputs;
    struct dml_vk_slot persistent;
    struct dml_vk_slot temporary;
};

/* The slot block of one descriptor range (DML_BINDING_TABLE_DESC's GPUDescriptorHandle and
 * SizeInDescriptors): every binding table created or Reset on that range for this dispatchable
 * writes the same block, as every such table writes the same descriptors in D3D12, so recorded
 * work reads what was bound last, and memory grows with the ranges, never with the runs. A table
 * with no range (GPUDescriptorHandle 0) gets a block of its own while it lives; once it is
 * released or Reset, the next table with no range gets that block (a descriptor allocator that
 * reuses freed ranges, as onnxruntime's does). Work recorded without DESCRIPTORS_VOLATILE reads
 * these only on an application's device (interop), whose command buffers the library does not see
 * retire: as in D3D12, its bindings must then stay as they were recorded until it has run. On the
 * library's own device it reads a block of its recording's own, written when recorded (each
 * recording sees its own bindings) and freed once it has run (dml_vk_command_block). */
struct dml_range_block
{
    struct dml_range_block *next;
    uint64_t gpu_handle;
    uint32_t descriptors;
    bool taken; /* no range: a live table has it */
    struct dml_vk_block block;
};

struct dml_dispatchable;

struct dml_dispatchable_ops
{
    /* Whether recording now is allowed (a compiled operator must be initialized first). */
    bool (*ready)(struct dml_dispatchable *dispatchable);
    /* Called once the program is recorded. */
    void (*recorded)(struct dml_dispatchable *dispatchable);
};

struct dml_dispatchable
{
    struct dml_child child;
    const struct dml_dispatchable_ops *ops;
    DML_BINDING_PROPERTIES properties;
    struct dml_binding_layout layout;
    struct program program;
    struct dml_vk_step *steps;      /* one per program step */
    struct dml_vk_block *constants; /* one per program tensor (zeroed unless constant) */
    uint64_t *block_offsets;        /* per step: bytes into a slot block (indirect steps) */
    uint64_t block_size;            /* 0: no slot block */
    bool descriptors_volatile;
    atomic_uint generation; /* changes when an initializer is Reset: tables made before are stale */
    pthread_mutex_t blocks_lock;
    struct dml_range_block *blocks;
};

/* Before anything else (after dml_child_init). */
void dml_dispatchable_init(struct dml_dispatchable *dispatchable,
                           const struct dml_dispatchable_ops *ops, bool descriptors_volatile);
/* Once dispatchable->program and layout are built: finishes the program, makes its steps, uploads
 * its constants and sets the resource sizes in properties. */
HRESULT dml_dispatchable_build(struct dml_dispatchable *dispatchable);
/* The slot of every program tensor (program.tensor_count of them) from what is bound. */
void dml_dispatchable_resolve(const struct dml_dispatchable *dispatchable,
                              const struct dml_bound_slots *bound, struct dml_vk_slot *tensors);
struct dml_bound_steps; /* bound_steps.h */
/* Records every step, with a barrier before each step that waits. Steps take the slots as they
 * were bound (bound), except late (volatile) ones; indirect steps (volatile ones, and those with
 * more slots than push constants hold) read them at execution from slot_block, written by
 * dml_dispatchable_write_block. */
void dml_dispatchable_record(struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                             const struct dml_bound_steps *bound, VkDeviceAddress slot_block);
/* Writes a slot block (block_size bytes: every indirect step's) from the slots bound. */
void dml_dispatchable_write_block(const struct dml_dispatchable *dispatchable,
                                  const struct dml_bound_steps *bound, void *block);
/* The slot block of a descriptor range, made on first use; kept until the program is released,
 * since recorded work may read it for as long as the dispatchable lives. Thread-safe. */
HRESULT dml_dispatchable_range_block(struct dml_dispatchable *dispatchable, uint64_t gpu_handle,
                                     uint32_t descriptors, struct dml_range_block **out);
/* A table is done with its block (released or Reset): a block of no range goes to the next. */
void dml_dispatchable_return_block(struct dml_dispatchable *dispatchable,
                                   struct dml_range_block *block);
/* Whether a step that executed since the block was last written found a slot unbound (the
 * kernels mark the block, see DML_VK_SLOT_BLOCK_RAN_UNBOUND); clears the mark. */
bool dml_range_block_take_incomplete(const struct dml_dispatchable *dispatchable,
                                     struct dml_range_block *block);
/* Releases the program, the steps, the blocks and the layout (not the child), and makes tables
 * created before stale. */
void dml_dispatchable_release(struct dml_dispatchable *dispatchable);
/* dml_dispatchable_release, and the lock. */
void dml_dispatchable_cleanup(struct dml_dispatchable *dispatchable);

/* The dispatches of every step, in recording order (for the benchmark and tests). */
uint32_t dml_dispatchable_dispatch_count(const struct dml_dispatchable *dispatchable);
const struct dml_vk_kernel *dml_dispatchable_kernel(const struct dml_dispatchable *dispatchable,
                                                    uint32_t index);

/* NULL when iface is not a compiled operator or initializer of this library. */
struct dml_dispatchable *dml_dispatchable_from_iface(IDMLDispatchable *iface);
struct dml_dispatchable *dml_compiled_operator_dispatchable(IDMLDispatchable *iface);
struct dml_dispatchable *dml_initializer_dispatchable(IDMLDispatchable *iface);

void dml_binding_layout_cleanup(struct dml_binding_layout *layout);
/* A deep copy (E_OUTOFMEMORY; *to is then empty). */
HRESULT dml_binding_layout_clone(const struct dml_binding_layout *from,
                                 struct dml_binding_layout *to);

#endif

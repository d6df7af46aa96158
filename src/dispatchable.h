/* What compiled operators and operator initializers share: binding properties, the bindings a
 * binding table must check for them, how bound addresses map onto the plan's slots, and how
 * they are recorded. */
#ifndef DMLOPS_DISPATCHABLE_H
#define DMLOPS_DISPATCHABLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#include "child.h"
#include "plan.h"
#include "vk/vk.h"

enum dml_binding_need
{
    DML_BINDING_REQUIRED,  /* a buffer must be bound */
    DML_BINDING_FORBIDDEN, /* must be left unbound (an OWNED_BY_DML input at execution) */
    DML_BINDING_OPTIONAL,  /* an initializer input that is not OWNED_BY_DML */
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
};

/* What a binding table resolved: a slot per binding (address 0 where unbound). */
struct dml_bound_slots
{
    const struct dml_vk_slot *inputs;
    const struct dml_vk_slot *outputs;
    struct dml_vk_slot persistent;
    struct dml_vk_slot temporary;
};

/* Without DESCRIPTORS_VOLATILE, a dispatch's slot addresses are pushed when it is recorded, so a
 * plan reading more slots than push constants hold is cut into several dispatches (plan_chunk.h).
 * Volatile ones read them at execution from a binding table's slot block, one dispatch per plan. */
struct dml_dispatch
{
    struct dml_vk_kernel kernel;
    uint32_t *slot_map;    /* kernel slot s -> the dispatchable's global slot */
    uint64_t block_offset; /* volatile: bytes into a binding table's slot block */
};

/* A binding table's slot block that recorded work may still read: kept by the dispatchable, which
 * the application keeps alive until that work has run, and freed with it. */
struct dml_kept_block
{
    struct dml_kept_block *next;
    struct dml_vk_block block;
};

struct dml_dispatchable;

struct dml_dispatchable_ops
{
    /* Writes the global slots (global_slot_count of them) from the bound addresses. */
    void (*global_slots)(struct dml_dispatchable *dispatchable, const struct dml_bound_slots *bound,
                         struct dml_vk_slot *slots);
    /* Whether recording now is allowed (a compiled operator must be initialized first). */
    bool (*ready)(struct dml_dispatchable *dispatchable);
    /* Called once the dispatches are recorded. */
    void (*recorded)(struct dml_dispatchable *dispatchable);
};

struct dml_dispatchable
{
    struct dml_child child;
    const struct dml_dispatchable_ops *ops;
    DML_BINDING_PROPERTIES properties;
    struct dml_binding_layout layout;
    uint32_t global_slot_count;
    uint32_t dispatch_count;
    struct dml_dispatch *dispatches;
    bool descriptors_volatile;
    _Atomic(struct dml_kept_block *) kept;
};

/* Appends the dispatches that run plan (cut into chunks when its slots must be pushed and do not
 * fit), with the plan's slots numbered from first_global_slot in the dispatchable's global slots. */
HRESULT dml_dispatchable_add_plan(struct dml_dispatchable *dispatchable, const struct plan *plan,
                                  uint32_t first_global_slot);
/* Records every dispatch. Without DESCRIPTORS_VOLATILE the slots are pushed as they are now
 * (global); otherwise each dispatch reads them at execution from slot_block. */
void dml_dispatchable_record(struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                             const struct dml_vk_slot *global, VkDeviceAddress slot_block);
/* The slot block of a volatile dispatchable: one dml_vk_slot_block_write layout per dispatch, at
 * its block_offset. */
uint64_t dml_dispatchable_block_size(const struct dml_dispatchable *dispatchable);
void dml_dispatchable_write_block(const struct dml_dispatchable *dispatchable,
                                  const struct dml_vk_slot *global, void *block);
/* Takes kept (thread-safe): binding tables hand over recorded blocks when they are Reset or
 * released, since D3D12 lets an application release a table before its work has run. */
void dml_dispatchable_keep_block(struct dml_dispatchable *dispatchable, struct dml_kept_block *kept);
/* Releases the dispatches, the kept blocks and the layout (not the child). */
void dml_dispatchable_cleanup(struct dml_dispatchable *dispatchable);

/* NULL when iface is not a compiled operator or initializer of this library. */
struct dml_dispatchable *dml_dispatchable_from_iface(IDMLDispatchable *iface);
struct dml_dispatchable *dml_compiled_operator_dispatchable(IDMLDispatchable *iface);
struct dml_dispatchable *dml_initializer_dispatchable(IDMLDispatchable *iface);

void dml_binding_layout_cleanup(struct dml_binding_layout *layout);

#endif

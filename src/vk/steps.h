/* A program step in the Vulkan layer: its plan as one kernel, or, for a plan with input parts
 * (JOIN) that plan_cut_count cuts, one ordinary copy per input part (plan_cut_input), with no
 * barrier between them: they write disjoint outputs. A kernel's slots are pushed when recorded
 * where they fit in push constants; otherwise (more slots than that), and always where they are
 * known only at execution (late: DESCRIPTORS_VOLATILE), the kernel reads them at execution from a
 * slot block (indirect): the step is still one dispatch (per cut) whatever its slot count.
 *
 * The copy engine is a per-step choice, made once when the step is created and kept in engine:
 * TRANSFER when the step's slots are pushed (known at recording), its plan is a few contiguous
 * runs (plan_copy.h) and the device's probes say vkCmdCopyBuffer carries that many bytes in that
 * many runs faster (dml_vk_device_engines); COMPUTE otherwise. A TRANSFER step is recorded as its
 * runs whenever the slots bound allow it (dml_vk_copies_possible: every buffer the library's own,
 * no run overlapping its destination), and as its dispatches when they do not: an application's
 * own buffer may lack transfer usage. */
#ifndef DMLOPS_VK_STEPS_H
#define DMLOPS_VK_STEPS_H

#include "vk.h"

struct dml_vk_step_dispatch
{
    struct dml_vk_kernel kernel;
    uint32_t *slot_map;     /* kernel slot -> step slot; NULL: the same */
    uint64_t *slot_offsets; /* bytes each kernel slot starts past its step slot; NULL: none */
};

struct dml_vk_step
{
    uint32_t slot_count; /* the plan's */
    bool indirect;       /* slots read from a slot block at execution */
    bool late;           /* slots known only at execution (so never pushed nor copied) */
    enum dml_vk_engine engine;
    uint32_t region_count; /* TRANSFER: the plan's runs, in the step's slots */
    struct plan_copy_region *regions;
    uint32_t dispatch_count;
    struct dml_vk_step_dispatch *dispatches;
};

/* late: the step's slots are known only at execution (read from a slot block then). */
HRESULT dml_vk_step_create(struct dml_vk_device *dev, const struct plan *plan, bool late,
                           struct dml_vk_step *out);
void dml_vk_step_destroy(struct dml_vk_device *dev, struct dml_vk_step *step);
/* Bytes of the step's slot block (indirect steps; 0 otherwise), written by
 * dml_vk_slot_block_write. */
uint64_t dml_vk_step_block_bytes(const struct dml_vk_step *step);
/* A step with its slots as bound, made ready for recording once, when they are bound, rather
 * than at every recording: whether its runs go to the copy engine, and what each of its direct
 * dispatches pushes. */
struct dml_vk_step_bound
{
    const struct dml_vk_slot *slots; /* the step's slot_count, as bound (the caller's) */
    VkDeviceAddress *pushed; /* dml_vk_step_pushed_count of them (the caller's): per dispatch */
    bool copies;             /* its runs, on the copy engine */
};
/* How many addresses dml_vk_step_bind writes to bound->pushed (0 for an indirect step). */
size_t dml_vk_step_pushed_count(const struct dml_vk_step *step);
/* Works out the rest of bound from bound->slots (ignored for a late step). */
void dml_vk_step_bind(const struct dml_vk_step *step, struct dml_vk_step_bound *bound);
/* Records the step with the slots that made bound (none for a late step), and slot_block
 * (holding them, for an indirect step): its runs on the copy engine where it chose that engine
 * and the slots allow, otherwise its dispatches. */
void dml_vk_step_record_bound(struct dml_vk_device *dev, const struct dml_vk_step *step,
                              const struct dml_vk_step_bound *bound, VkCommandBuffer cmd,
                              VkDeviceAddress slot_block);
/* Whether the step, bound to these slots, records its runs (the copy engine). */
bool dml_vk_step_uses_copy_engine(const struct dml_vk_step *step, const struct dml_vk_slot *slots);
/* A kernel that runs with a slot block whose word 0 (the unbound count) is not 0 writes nothing
 * and sets this bit in word 0 (shaders/dmlops_slots.glsl), so that the library can tell the
 * application, on a debug device, that work ran with incomplete bindings. Returns and clears it. */
#define DML_VK_SLOT_BLOCK_RAN_UNBOUND (UINT64_C(1) << DMLOPS_RAN_UNBOUND_BIT)
bool dml_vk_slot_block_take_ran_unbound(void *host);

/* A barrier between two steps: everything compute shaders and copies wrote before it is visible
 * to, and finished before, what they read or write after it. */
void dml_vk_step_barrier(struct dml_vk_device *dev, VkCommandBuffer cmd);

#endif

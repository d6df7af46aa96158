/* Binding slots, shared by every kernel (generic and specialized): the push constants, the
 * indirect slot block, and the unbound-slot guard, as src/vk/kernels.c writes them (their
 * constants from plan_constants.h). Needs GL_EXT_buffer_reference and the int64 types first. */

/* Push constants: params is the parameter block's address (64-byte aligned; the specialized
 * kernels have none) whose low bit set means "slot[0] is the address of a slot block, read at
 * execution" (DESCRIPTORS_VOLATILE, or more slots than the push constants hold); otherwise
 * slot[s] is the address of binding slot s. */
#include "../src/plan_constants.h"

#define MAX_SLOTS DMLOPS_PUSH_SLOTS
#define SLOTS_INDIRECT uint64_t(DMLOPS_SLOTS_INDIRECT)

/* A slot block: word 0 counts the unbound slots, word 1 + s is slot s's address. */
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer Bindings
{
    uint64_t word[];
};

/* The same words, written: a kernel that finds a slot unbound sets bit 63 of word 0, which the
 * library reads (DML_VK_SLOT_BLOCK_RAN_UNBOUND, src/vk/steps.h) to report it on a debug device.
 * Only pipelines built for slot blocks set SLOTS_MARK: with it false (the default) the store is
 * compiled away, and a store in the prologue cost the copy kernels up to 25% on an H100. */
layout(constant_id = DMLOPS_SPEC_ID_SLOTS_MARK) const bool SLOTS_MARK = false;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer BindingsMark
{
    uint64_t word[];
};
#define SLOTS_RAN_UNBOUND (uint64_t(1) << DMLOPS_RAN_UNBOUND_BIT)

layout(push_constant) uniform Push
{
    uint64_t params;
    uint64_t slot[MAX_SLOTS];
}
pc;

bool slots_indirect()
{
    return (pc.params & SLOTS_INDIRECT) != 0;
}

uint64_t slot_address(uint slot)
{
    if (slots_indirect())
        return Bindings(pc.slot[0]).word[1 + slot];
    return pc.slot[slot];
}

/* False when a slot the kernel uses has address 0: one the application never bound (possible
 * with DESCRIPTORS_VOLATILE). The kernel then touches no memory at all; the condition is the same
 * for every thread, so the branch is uniform. mask (bit s: slot s) names the slots used when
 * they are pushed; a slot block counts its own unbound slots: the plan's input and parts. */
bool slots_bound(uint mask)
{
    if (slots_indirect())
    {
        uint64_t unbound = Bindings(pc.slot[0]).word[0];
        if (SLOTS_MARK && unbound != 0 && (unbound & SLOTS_RAN_UNBOUND) == 0)
            BindingsMark(pc.slot[0]).word[0] = unbound | SLOTS_RAN_UNBOUND;
        return unbound == 0;
    }
    for (; mask != 0; mask &= mask - 1)
    {
        if (pc.slot[findLSB(mask)] == 0)
            return false;
    }
    return true;
}

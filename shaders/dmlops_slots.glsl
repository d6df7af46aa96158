/* Binding slots, shared by every kernel (generic and specialized): the push constants, the
 * indirect slot block of DESCRIPTORS_VOLATILE, and the unbound-slot guard. Mirrors struct push
 * in src/vk/kernels.c. Needs GL_EXT_buffer_reference and the int64 types enabled first. */

/* Push constants: params is the parameter block's address (64-byte aligned; the specialized
 * kernels have none) whose low bit set means "slot[0] is the address of a slot block, read at
 * execution" (DESCRIPTORS_VOLATILE); otherwise slot[s] is the address of binding slot s. */
#define MAX_SLOTS 15
#define SLOTS_INDIRECT uint64_t(1)

layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer Bindings
{
    uint64_t address[];
};

layout(push_constant) uniform Push
{
    uint64_t params;
    uint64_t slot[MAX_SLOTS];
}
pc;

uint64_t slot_address(uint slot)
{
    if ((pc.params & SLOTS_INDIRECT) != 0)
        return Bindings(pc.slot[0]).address[slot];
    return pc.slot[slot];
}

/* False when a slot in mask (bit s: slot s) has address 0: a slot the application never bound
 * (possible with DESCRIPTORS_VOLATILE). The kernel then touches no memory at all; the condition
 * is the same for every thread, so the branch is uniform. */
bool slots_bound(uint mask)
{
    for (; mask != 0; mask &= mask - 1)
    {
        if (slot_address(uint(findLSB(mask))) == 0)
            return false;
    }
    return true;
}

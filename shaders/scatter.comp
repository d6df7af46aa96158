#version 450
/* PLAN_KERNEL_SCATTER (src/plan.h, indexed plans): the output address (the target) moved by the
 * index tuple; a tuple with a component outside [0, n_j) is dropped. Three modes make the result
 * independent of thread order (FD7): CLEAR zeroes each target's claim word, CLAIM raises it to
 * the highest id aiming at the target, WRITE lets only that id write. */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#include "dmlops_index.glsl"

layout(buffer_reference, std430, buffer_reference_align = 4) buffer ClaimWord
{
    uint v;
};

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index) || !index_slots_bound(true))
        return;
    uint rank = PARAMS.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    /* Fields read once (see gather.comp). */
    uint mode = INDEX.mode, type = INDEX.type, count = INDEX.count;
    uint outer = rank - INDEX.slice_rank;
    uint64_t indices = slot_address(INDEX.slot);
    int64_t e = index_element(rank, c), step = INDEX.step;
    /* The target of the slice's first element: the claim word's number. */
    int64_t target = PARAMS.parts[0].base;
    for (uint d = 0; d < outer; ++d)
        target += int64_t(c[d]) * PARAMS.parts[0].strides[d];
    for (uint j = 0; j < count; ++j)
    {
        uint n = INDEX.sizes[j];
        int64_t x = wrap_index(load_index(indices, type, e + int64_t(j) * step), n);
        if (x < 0 || x >= int64_t(n))
            return;
        target += x * INDEX.data_strides[j];
    }
    ClaimWord claim = ClaimWord(slot_address(INDEX.claim_slot) + uint64_t(target * 4));
    if (mode == DMLOPS_INDEX_SCATTER_CLEAR)
    {
        claim.v = 0u;
        return;
    }
    if (mode == DMLOPS_INDEX_SCATTER_CLAIM)
    {
        atomicMax(claim.v, uint(index) + 1u);
        return;
    }
    if (claim.v != uint(index / uint64_t(INDEX.slice_count)) + 1u)
        return;
    int64_t units = target;
    for (uint d = outer; d < rank; ++d)
        units += int64_t(c[d]) * PARAMS.parts[0].strides[d];
    Elem src = elem_at(PARAMS.in_slot, input_units_affine(rank, c));
    elem_at(PARAMS.parts[0].slot, units).value = src.value;
}

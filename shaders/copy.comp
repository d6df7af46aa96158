#version 450
/* PLAN_KERNEL_COPY: out[c] = in[c] through affine input and output maps (see src/plan.h). */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"

void main()
{
    uint64_t index = linear_index();
    if (index >= pc.params.count)
        return;
    uint rank = pc.params.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    Elem src = elem_at(pc.params.in_slot, input_units_affine(rank, c));
    elem_at(pc.params.parts[0].slot, output_units(0, rank, c)).value = src.value;
}

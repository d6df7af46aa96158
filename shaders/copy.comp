#version 450
/* PLAN_KERNEL_COPY: out[c] = in[c] through affine input and output maps (see src/plan.h). */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index))
        return;
    uint rank = PARAMS.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    Elem src = elem_at(PARAMS.in_slot, input_units_affine(rank, c));
    elem_at(PARAMS.parts[0].slot, output_units(0, rank, c)).value = src.value;
}

#version 450
/* PLAN_KERNEL_SPLIT: as COPY, but the coordinate along part_axis selects the output part,
 * and is made relative to that part's first coordinate (see src/plan.h). */
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
    uint axis = PARAMS.part_axis;
    uint part = find_part(0, PARAMS.part_count, c[axis]);
    c[axis] -= PARAMS.parts[part].axis_begin;
    elem_at(PARAMS.parts[part].slot, output_units(part, rank, c)).value = src.value;
}

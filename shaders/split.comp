#version 450
/* PLAN_KERNEL_SPLIT: as COPY, but the coordinate along part_axis selects the output part,
 * and is made relative to that part's first coordinate (see src/plan.h). */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"

/* The last part whose axis_begin <= x; parts are sorted and part 0 begins at 0. */
uint find_part(uint x)
{
    uint lo = 0;
    uint hi = pc.params.part_count - 1;
    while (lo < hi)
    {
        uint mid = hi - (hi - lo) / 2;
        if (pc.params.parts[mid].axis_begin <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void main()
{
    uint64_t index = linear_index();
    if (index >= pc.params.count)
        return;
    uint rank = pc.params.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    Elem src = elem_at(pc.params.in_slot, input_units_affine(rank, c));
    uint axis = pc.params.part_axis;
    uint part = find_part(c[axis]);
    c[axis] -= pc.params.parts[part].axis_begin;
    elem_at(pc.params.parts[part].slot, output_units(part, rank, c)).value = src.value;
}

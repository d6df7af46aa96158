#version 450
/* PLAN_KERNEL_SPLIT: as COPY, but the coordinate along part_axis selects the output part,
 * and is made relative to that part's first coordinate (see src/plan.h). */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"

/* The last part whose axis_begin <= x; parts are sorted and part 0 begins at 0. */
uint find_part(uint x)
{
    uint lo = 0;
    uint hi = PARAMS.part_count - 1;
    while (lo < hi)
    {
        uint mid = hi - (hi - lo) / 2;
        if (PARAMS.parts[mid].axis_begin <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

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
    uint part = find_part(c[axis]);
    c[axis] -= PARAMS.parts[part].axis_begin;
    elem_at(PARAMS.parts[part].slot, output_units(part, rank, c)).value = src.value;
}

#version 450
/* PLAN_KERNEL_PAD: every output coordinate maps to an input coordinate per dimension, or to
 * the constant pad value (see src/plan.h for the map formulas). */
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
    Elem dst = elem_at(PARAMS.parts[0].slot, output_units(0, rank, c));
    int64_t units = PARAMS.in_base;
    for (uint d = 0; d < rank; ++d)
    {
        Dim dim = PARAMS.dims[d];
        int64_t i = map_coordinate(dim, c[d]);
        if (i < 0)
        {
            dst.value = ELEM_FROM_UVEC4(PARAMS.pad_value);
            return;
        }
        units += i * dim.in_stride;
    }
    dst.value = elem_at(PARAMS.in_slot, units).value;
}

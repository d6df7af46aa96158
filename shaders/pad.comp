#version 450
/* PLAN_KERNEL_PAD: every output coordinate maps to an input coordinate per dimension, or to
 * the constant pad value (see src/plan.h for the map formulas). */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"

/* Non-negative remainder of x by a positive p. Only unsigned remainders: SPIR-V leaves OpSRem and
 * OpSMod undefined for negative operands (NVIDIA's driver really differs from lavapipe there). */
int64_t mod_positive(int64_t x, int64_t p)
{
    uint64_t up = uint64_t(p);
    if (x >= 0)
        return int64_t(uint64_t(x) % up);
    return p - 1 - int64_t(uint64_t(-x - 1) % up);
}

/* Input coordinate for output coordinate c of dimension d; -1 selects the pad value. */
int64_t map_coordinate(Dim dim, uint c)
{
    if (dim.map == MAP_AFFINE)
        return int64_t(c);
    int64_t x = int64_t(c) - int64_t(dim.pad_start);
    int64_t n = int64_t(dim.in_size);
    switch (dim.map)
    {
    case MAP_CONSTANT:
        return (x < 0 || x >= n) ? -1 : x;
    case MAP_EDGE:
        return clamp(x, int64_t(0), n - 1);
    case MAP_REFLECT: {
        if (n == 1)
            return 0;
        int64_t p = 2 * (n - 1);
        int64_t m = mod_positive(x, p);
        return m < n ? m : p - m;
    }
    case MAP_SYMMETRIC: {
        int64_t p = 2 * n;
        int64_t m = mod_positive(x, p);
        return m < n ? m : p - 1 - m;
    }
    default: /* MAP_WRAP */
        return mod_positive(x, n);
    }
}

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

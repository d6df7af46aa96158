/* Shared by every generic kernel: element type, parameter block (declared from the list in
 * src/vk/params_layout.h, as struct dml_vk_params is), slot addresses and thread index.
 * Semantics: src/plan.h. No descriptor sets: everything is reached by buffer device address. */
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
#ifdef PLAN_IN_CONSTANTS
#extension GL_EXT_control_flow_attributes : require
#include "vec_spec.glsl"
#endif

#ifndef ELEM_BYTES
#error "ELEM_BYTES must be defined (1, 2, 4, 8 or 16)"
#endif

/* One element is moved as one value of this type; pad values are the low bytes of a uvec4. */
#if ELEM_BYTES == 1
#define ELEM_T uint8_t
#define ELEM_FROM_UVEC4(v) uint8_t((v).x)
#elif ELEM_BYTES == 2
#define ELEM_T uint16_t
#define ELEM_FROM_UVEC4(v) uint16_t((v).x)
#elif ELEM_BYTES == 4
#define ELEM_T uint
#define ELEM_FROM_UVEC4(v) ((v).x)
#elif ELEM_BYTES == 8
#define ELEM_T uvec2
#define ELEM_FROM_UVEC4(v) ((v).xy)
#elif ELEM_BYTES == 16
#define ELEM_T uvec4
#define ELEM_FROM_UVEC4(v) (v)
#else
#error "unsupported ELEM_BYTES"
#endif

#include "../src/plan_constants.h"
#define MAX_RANK DMLOPS_MAX_RANK
#define MAP_AFFINE DMLOPS_MAP_AFFINE
#define MAP_CONSTANT DMLOPS_MAP_CONSTANT
#define MAP_EDGE DMLOPS_MAP_EDGE
#define MAP_REFLECT DMLOPS_MAP_REFLECT
#define MAP_SYMMETRIC DMLOPS_MAP_SYMMETRIC
#define MAP_WRAP DMLOPS_MAP_WRAP
#define MAP_DILATE DMLOPS_MAP_DILATE

#ifdef PLAN_IN_CONSTANTS
#define WORKGROUP_SIZE GROUP_SIZE /* the plan's (src/plan_spec.c) */
layout(local_size_x_id = DMLOPS_SPEC_GROUP_SIZE_ID) in;
#else
/* A module may set its own before including this (fill.comp); src/vk/kernels.c knows which. */
#ifndef KERNEL_WORKGROUP_SIZE
#define KERNEL_WORKGROUP_SIZE DMLOPS_WORKGROUP_SIZE
#endif
#define WORKGROUP_SIZE KERNEL_WORKGROUP_SIZE
layout(local_size_x = WORKGROUP_SIZE) in;
#endif

#include "../src/vk/params_layout.h"
#define PARAMS_FIELD_U32(name) uint name;
#define PARAMS_FIELD_I32(name) int name;
#define PARAMS_FIELD_I64(name) int64_t name;
#define PARAMS_FIELD_U32X4(name) uvec4 name;
#define PARAMS_FIELD_F32(name) uint name;
#define PARAMS_FIELD_I64_RANK(name) int64_t name[MAX_RANK];
#define PARAMS_FIELD(kind, name) PARAMS_FIELD_##kind(name)

struct Dim
{
    DMLOPS_PARAMS_DIM_FIELDS(PARAMS_FIELD)
};

struct Part
{
    DMLOPS_PARAMS_PART_FIELDS(PARAMS_FIELD)
};

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Params
{
    DMLOPS_PARAMS_FIELDS(PARAMS_FIELD)
    Dim dims[MAX_RANK];
    Part parts[];
};

/* Element access through a raw 64-bit address: byte offsets may exceed 4 GiB. */
layout(buffer_reference, std430, buffer_reference_align = ELEM_BYTES) buffer Elem
{
    ELEM_T value;
};

#include "dmlops_slots.glsl"
#include "dmlops_map.glsl"

#define PARAMS_ALIGN_MASK uint64_t(DMLOPS_PARAMS_ALIGNMENT - 1)
#define PARAMS Params(pc.params & ~PARAMS_ALIGN_MASK)

/* The plan's values. A kernel that defines PLAN_IN_CONSTANTS (move_spec.comp, fill_spec.comp)
 * declares the specialization constants (vec_spec.glsl, included above) and reads them from there
 * when its pipeline was built in MODE_MOVE or MODE_FILL (src/plan_spec_constants.h says which);
 * otherwise, and in every other kernel, from the parameter block, which a pipeline of those modes
 * does not have.
 * Branches, not selects: a load from the absent block must not even be issued. */
#ifdef PLAN_IN_CONSTANTS
#define IN_CONSTANTS (MODE == DMLOPS_SPEC_MODE_MOVE || MODE == DMLOPS_SPEC_MODE_FILL)
#define FROM_CONSTANTS(value)                                                                      \
    if (IN_CONSTANTS)                                                                              \
        return value;
#define CONSTANT_OR(value, otherwise) (IN_CONSTANTS ? (value) : (otherwise)) /* no loads */

/* Whole 16-byte vectors of VEC_UNITS units: SPEC_FLAG_PACKED's stores (a thread's one vector,
 * MODE_MOVE and MODE_FILL) and SPEC_FLAG_ZIP's loads and stores. */
#define PACKED ((FLAGS & DMLOPS_SPEC_FLAG_PACKED) != 0u)
#define VEC_UNITS (16 / ELEM_BYTES)

layout(buffer_reference, std430, buffer_reference_align = 16) writeonly buffer Vector
{
    uvec4 value;
};

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer VectorIn
{
    uvec4 value;
};
#else
#define IN_CONSTANTS false
#define FROM_CONSTANTS(value)
#define CONSTANT_OR(value, otherwise) (otherwise)
#endif

uint plan_count()
{
    FROM_CONSTANTS(VTOTAL)
    return PARAMS.count;
}

uint plan_slot_mask()
{
    FROM_CONSTANTS(SLOT_MASK)
    return PARAMS.slot_mask;
}

uint plan_rank()
{
    FROM_CONSTANTS(RANK)
    return PARAMS.rank;
}

uint plan_part_count()
{
    FROM_CONSTANTS(PARTS)
    return PARAMS.part_count;
}

uint plan_part_axis()
{
    FROM_CONSTANTS(PART_AXIS)
    return PARAMS.part_axis;
}

/* Input parts: how many (0: the plain input) and along which dim; their records follow the
 * output parts' (plan_part_slot etc. at plan_part_count() + j). */
uint plan_in_part_count()
{
    FROM_CONSTANTS(IN_PARTS)
    return PARAMS.in_part_count;
}

uint plan_in_part_axis()
{
    FROM_CONSTANTS(IN_PART_AXIS)
    return PARAMS.in_part_axis;
}

uint plan_in_slot()
{
    FROM_CONSTANTS(IN_SLOT)
    return PARAMS.in_slot;
}

int64_t plan_in_base()
{
    FROM_CONSTANTS(IN_BASE)
    return PARAMS.in_base;
}

uvec4 plan_pad_value()
{
    FROM_CONSTANTS(uvec4(PAD(0), PAD(1), PAD(2), PAD(3)))
    return PARAMS.pad_value;
}

Dim plan_dim(uint d)
{
#ifdef PLAN_IN_CONSTANTS
    if (IN_CONSTANTS)
    {
        Dim dim;
        dim.in_stride = IN_STRIDE(d);
        dim.pad_start = int64_t(int(PAD_START(d)));
        dim.size = SIZE(d);
        dim.map = MAP(d);
        dim.in_size = IN_SIZE(d);
        dim.step = STEP(d);
        return dim;
    }
#endif
    return PARAMS.dims[d];
}

/* Output part k's slot, first coordinate along the part axis, base (units) and strides; k may
 * also be an input part's index (part_count + j): the parameter block and MODE_MOVE's tables
 * both hold the input parts after the output parts (the tables' OUT_BASE in bytes for all). */
uint plan_part_slot(uint k)
{
    FROM_CONSTANTS(OUT_SLOT(k))
    return PARAMS.parts[k].slot;
}

uint plan_part_begin(uint k)
{
    FROM_CONSTANTS(BEGIN(k))
    return PARAMS.parts[k].axis_begin;
}

int64_t plan_part_base(uint k)
{
    FROM_CONSTANTS(int64_t(OUT_BASE(k)) / ELEM_BYTES)
    return PARAMS.parts[k].base;
}

int64_t plan_part_stride(uint k, uint d)
{
#ifdef PLAN_IN_CONSTANTS
    if (IN_CONSTANTS)
    {
        uint64_t s = k == 0u ? OUT_STRIDE(d) : (k == 1u ? OUT_STRIDE_1(d) : OUT_STRIDE_2(d));
        return int64_t(k == 3u ? OUT_STRIDE_3(d) : s);
    }
#endif
    return PARAMS.parts[k].strides[d];
}

/* Every generic kernel starts here: false when its thread has nothing to do, or when a slot it
 * uses is unbound (see slots_bound). */
bool thread_active(uint64_t index)
{
    return index < plan_count() && slots_bound(plan_slot_mask());
}

/* The group count is folded into Y and Z when it exceeds the X limit. */
uint64_t linear_index()
{
    uint64_t group = uint64_t(gl_WorkGroupID.z) * gl_NumWorkGroups.y + gl_WorkGroupID.y;
    group = group * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    return group * WORKGROUP_SIZE + gl_LocalInvocationID.x;
}

/* Coordinates of element `index`, outermost dimension first. */
void coordinates(uint index, uint rank, out uint c[MAX_RANK])
{
    for (int d = int(rank) - 1; d >= 0; --d)
    {
        uint size = plan_dim(uint(d)).size;
        c[d] = index % size;
        index /= size;
    }
}

Elem elem_at(uint slot, int64_t units)
{
    return Elem(slot_address(slot) + uint64_t(units * ELEM_BYTES));
}

int64_t input_units_affine(uint rank, uint c[MAX_RANK])
{
    int64_t units = plan_in_base();
    for (uint d = 0; d < rank; ++d)
        units += int64_t(c[d]) * plan_dim(d).in_stride;
    return units;
}

int64_t output_units(uint part, uint rank, uint c[MAX_RANK])
{
    int64_t units = plan_part_base(part);
    for (uint d = 0; d < rank; ++d)
        units += int64_t(c[d]) * plan_part_stride(part, d);
    return units;
}

/* The last of parts[first .. first + count) whose axis_begin <= x; they are sorted and the first
 * begins at 0. */
uint find_part(uint first, uint count, uint x)
{
    uint lo = first;
    uint hi = first + count - 1;
    while (lo < hi)
    {
        uint mid = hi - (hi - lo) / 2;
        if (plan_part_begin(mid) <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* a % b, in 32 bits where both fit (they nearly always do: b is an extent): a 64-bit remainder
 * is a long software routine on GPUs, and the padding maps take one per element and dimension. */
uint64_t rem_unsigned(uint64_t a, uint64_t b)
{
    if ((a | b) <= uint64_t(0xFFFFFFFFu))
        return uint64_t(uint(a) % uint(b));
    return a % b;
}

/* Non-negative remainder of x by a positive p. Only unsigned remainders: SPIR-V leaves OpSRem and
 * OpSMod undefined for negative operands (NVIDIA's driver really differs from lavapipe there). */
int64_t mod_positive(int64_t x, int64_t p)
{
    uint64_t up = uint64_t(p);
    if (x >= 0)
        return int64_t(rem_unsigned(uint64_t(x), up));
    return p - 1 - int64_t(rem_unsigned(uint64_t(-x - 1), up));
}

/* Input coordinate for coordinate c of dimension d (pre-map, then padding map); -1 selects the
 * pad value. */
int64_t map_coordinate(Dim dim, uint c)
{
    if (dim.map == MAP_AFFINE)
        return int64_t(c);
    if (dim.map == MAP_DILATE)
    {
        /* Unsigned division only (see mod_positive), in 32 bits where x fits (it always does
         * for SLICE_GRAD, whose start is >= 0): a 64-bit division costs several times more. */
        int64_t x = int64_t(c) - dim.pad_start;
        uint a = uint(dim.step == 0 ? 1 : dim.step);
        if (x < 0)
            return -1;
        uint64_t q = x < int64_t(0x100000000l) ? uint64_t(uint(x) / a) : uint64_t(x) / a;
        return q * a != uint64_t(x) || q >= uint64_t(dim.in_size) ? -1 : int64_t(q);
    }
    int64_t x = int64_t(dim.step == 0 ? 1 : dim.step) * int64_t(c) - dim.pad_start;
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
        int64_t p = MAP_REFLECT_PERIOD(n);
        int64_t m = mod_positive(x, p);
        return MAP_FOLD_REFLECT(m, n, p);
    }
    case MAP_SYMMETRIC: {
        int64_t p = MAP_SYMMETRIC_PERIOD(n);
        int64_t m = mod_positive(x, p);
        return MAP_FOLD_SYMMETRIC(m, n, p);
    }
    default: /* MAP_WRAP */
        return mod_positive(x, n);
    }
}

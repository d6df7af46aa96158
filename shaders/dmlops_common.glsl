/* Shared by every kernel: element type, parameter block, slot addresses and thread index.
 * The parameter block mirrors struct dml_vk_params in src/vk/params.h (checked there by
 * static assertions), the push constants struct push in src/vk/kernels.c; keep them in step.
 * Semantics: src/plan.h. No descriptor sets: everything is reached by buffer device address. */
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require

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

#define MAX_RANK 8
#define MAP_AFFINE 0u
#define MAP_CONSTANT 1u
#define MAP_EDGE 2u
#define MAP_REFLECT 3u
#define MAP_SYMMETRIC 4u
#define MAP_WRAP 5u

#define WORKGROUP_SIZE 64
layout(local_size_x = WORKGROUP_SIZE) in;

struct Dim
{
    int64_t in_stride;
    uint size;
    uint map;
    uint in_size;
    uint pad_start;
};

struct Part
{
    int64_t base;
    int64_t strides[MAX_RANK];
    uint slot;
    uint axis_begin;
};

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Params
{
    uint rank;
    uint part_axis;
    uint part_count;
    uint in_slot;
    uint count;
    uint slot_count;
    uint slot_mask; /* bit s: the kernel reads or writes slot s */
    uint reserved1;
    int64_t in_base;
    uvec4 pad_value;
    Dim dims[MAX_RANK];
    Part parts[];
};

/* Element access through a raw 64-bit address: byte offsets may exceed 4 GiB. */
layout(buffer_reference, std430, buffer_reference_align = ELEM_BYTES) buffer Elem
{
    ELEM_T value;
};

#include "dmlops_slots.glsl"

#define PARAMS_ALIGN_MASK uint64_t(63)
#define PARAMS Params(pc.params & ~PARAMS_ALIGN_MASK)

/* Every generic kernel starts here: false when its thread has nothing to do, or when a slot it
 * uses is unbound (see slots_bound). */
bool thread_active(uint64_t index)
{
    return index < PARAMS.count && slots_bound(PARAMS.slot_mask);
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
        uint size = PARAMS.dims[d].size;
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
    int64_t units = PARAMS.in_base;
    for (uint d = 0; d < rank; ++d)
        units += int64_t(c[d]) * PARAMS.dims[d].in_stride;
    return units;
}

int64_t output_units(uint part, uint rank, uint c[MAX_RANK])
{
    int64_t units = PARAMS.parts[part].base;
    for (uint d = 0; d < rank; ++d)
        units += int64_t(c[d]) * PARAMS.parts[part].strides[d];
    return units;
}

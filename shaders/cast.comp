#version 450
/* PLAN_KERNEL_CAST: IDENTITY's strided map where each element is converted from the input type
 * to the output type (decision FD3, dmlops_cast.glsl). The types come from the parameter block,
 * so every ELEM_BYTES variant runs every pair; plans select the variant of their output size. */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#include "dmlops_cast.glsl"

layout(buffer_reference, std430, buffer_reference_align = 1) buffer Bytes1
{
    uint8_t v;
};
layout(buffer_reference, std430, buffer_reference_align = 2) buffer Bytes2
{
    uint16_t v;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Bytes4
{
    uint v;
};
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Bytes8
{
    uvec2 v;
};

uint64_t load_bits(uint64_t address, uint bytes)
{
    if (bytes == 1u)
        return uint64_t(uint(Bytes1(address).v));
    if (bytes == 2u)
        return uint64_t(uint(Bytes2(address).v));
    if (bytes == 4u)
        return uint64_t(Bytes4(address).v);
    uvec2 w = Bytes8(address).v;
    return uint64_t(w.x) | (uint64_t(w.y) << 32);
}

void store_bits(uint64_t address, uint bytes, uint64_t bits)
{
    if (bytes == 1u)
        Bytes1(address).v = uint8_t(uint(bits));
    else if (bytes == 2u)
        Bytes2(address).v = uint16_t(uint(bits));
    else if (bytes == 4u)
        Bytes4(address).v = uint(bits);
    else
        Bytes8(address).v = uvec2(uint(bits), uint(bits >> 32));
}

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index))
        return;
    uint rank = PARAMS.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    uint from = PARAMS.cast_types & ((1u << DMLOPS_CAST_OUT_SHIFT) - 1u);
    uint to = PARAMS.cast_types >> DMLOPS_CAST_OUT_SHIFT;
    uint in_bytes = type_bytes(from), out_bytes = type_bytes(to);
    int64_t in_units = input_units_affine(rank, c), out_units = output_units(0u, rank, c);
    uint64_t raw = load_bits(slot_address(PARAMS.in_slot) + uint64_t(in_units * int64_t(in_bytes)), in_bytes);
    store_bits(slot_address(PARAMS.parts[0].slot) + uint64_t(out_units * int64_t(out_bytes)), out_bytes,
               cast_bits(raw, from, to));
}

#version 450
/* PLAN_KERNEL_FILL: generated elements (struct plan_fill, semantics in src/plan.h): a constant,
 * an arithmetic sequence in the logical row-major index (decision FD4; floats bit-exact through
 * dmlops_fma.glsl, never the device's own float conversions), or a band of the index with the
 * input part or zero outside it. The generator follows the parts in the parameter block. */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#if ELEM_BYTES >= 2
#include "dmlops_fma.glsl" /* float sequences: 2-byte elements and wider units */
#endif

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer FillParams
{
    int64_t start;
    int64_t delta;
    int64_t begin;
    int64_t end;
    uint kind;
    uint type_bytes;
};

FillParams fill_params()
{
    uint records = PARAMS.part_count + PARAMS.in_part_count;
    return FillParams((pc.params & ~PARAMS_ALIGN_MASK) + uint64_t(DMLOPS_PARAMS_PARTS_OFFSET) +
                      uint64_t(DMLOPS_PARAMS_PART_BYTES) * records);
}

#if ELEM_BYTES >= 2
/* float32 bits of k, rounded to nearest even: k is exact in float64 (2^52 + k - 2^52). */
uint float_bits_of(uint k)
{
    precise double x = packDouble2x32(uvec2(k, 0x43300000u)) - 4503599627370496.0lf;
    return narrow32(x);
}
#endif

/* The bits of sequence element k (low type_bytes bytes). */
uint64_t sequence_bits(FillParams f, uint k)
{
#if ELEM_BYTES >= 2
    if (f.kind == DMLOPS_FILL_SEQ_F32)
        return uint64_t(fma32(float_bits_of(k), uint(f.delta), uint(f.start)));
    if (f.kind == DMLOPS_FILL_SEQ_F16)
        return uint64_t(narrow16(fma32(float_bits_of(k), uint(f.delta), uint(f.start))));
#endif
    if (f.type_bytes <= 4u) /* the low 32 bits alone decide the result: 32-bit arithmetic */
        return uint64_t(uint(f.start) + k * uint(f.delta));
    return uint64_t(f.start) + uint64_t(k) * uint64_t(f.delta);
}

/* Puts the low `bytes` bytes of bits at byte `at` of the unit. */
void put_bits(inout uvec4 unit, uint at, uint bytes, uint64_t bits)
{
    uint word = at / 4u;
    if (bytes == 8u)
    {
        unit[word] = uint(bits);
        unit[word + 1u] = uint(bits >> 32);
        return;
    }
    uint mask = bytes == 4u ? 0xffffffffu : (1u << (8u * bytes)) - 1u;
    unit[word] |= (uint(bits) & mask) << (8u * (at % 4u));
}

/* The element of input part 0 at coordinate c (a band's input). */
ELEM_T input_part_value(uint rank, uint c[MAX_RANK])
{
    uint p = PARAMS.part_count;
    int64_t units = PARAMS.parts[p].base;
    for (uint d = 0; d < rank; ++d)
        units += int64_t(c[d]) * PARAMS.parts[p].strides[d];
    return elem_at(PARAMS.parts[p].slot, units).value;
}

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index))
        return;
    uint rank = PARAMS.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    Elem dst = elem_at(PARAMS.parts[0].slot, output_units(0u, rank, c));
    FillParams f = fill_params();
    uint kind = f.kind;
    if (kind == DMLOPS_FILL_CONSTANT)
    {
        dst.value = ELEM_FROM_UVEC4(PARAMS.pad_value);
        return;
    }
    int64_t t = input_units_affine(rank, c);
    if (kind == DMLOPS_FILL_BAND)
    {
        bool on = (f.end >= f.begin) ^^ (t >= f.begin) ^^ (t < f.end);
        if (on)
            dst.value = ELEM_FROM_UVEC4(PARAMS.pad_value);
        else if (PARAMS.in_part_count != 0u)
            dst.value = input_part_value(rank, c);
        else
            dst.value = ELEM_FROM_UVEC4(uvec4(0u));
        return;
    }
    uint bytes = f.type_bytes, w = uint(ELEM_BYTES) / bytes;
    uvec4 unit = uvec4(0u);
    for (uint j = 0u; j < w; ++j)
        put_bits(unit, j * bytes, bytes, sequence_bits(f, uint(t) * w + j));
    dst.value = ELEM_FROM_UVEC4(unit);
}

/* PLAN_KERNEL_FILL's generators (struct plan_fill, semantics in src/plan.h): a constant, an
 * arithmetic sequence in the logical row-major index (decision FD4; floats bit-exact through
 * dmlops_fma.glsl, never the device's own float conversions), or a band of the index with the
 * input part or zero outside it. Included by fill.comp, which reads the plan and the generator
 * from the parameter block, and fill_spec.comp (MODE_FILL, src/plan_spec.c), which reads both
 * from constants: there every loop over a unit's elements unrolls and each element's place in
 * the unit is a constant (with a variable place the unit lived in scratch memory), and with
 * SPEC_FLAG_PACKED a thread builds and stores a whole 16-byte vector of units. A FILL plan has
 * one output part, so a band's input part is part 1 in either. */
#if ELEM_BYTES >= 2
#include "dmlops_fma.glsl" /* float sequences: 2-byte elements and wider units */
#endif
#include "dmlops_units.glsl"

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer FillParams
{
    int64_t start;
    int64_t delta;
    int64_t begin;
    int64_t end;
    uint kind;
    uint type_bytes;
};

struct Fill
{
    int64_t start;
    int64_t delta;
    int64_t begin;
    int64_t end;
    uint kind;
    uint type_bytes;
    bool band_input; /* a band reads input part 1 outside the band, else writes zero bytes */
};

Fill plan_fill()
{
#ifdef PLAN_IN_CONSTANTS
    if (IN_CONSTANTS)
        return Fill(int64_t(FILL_START), int64_t(FILL_DELTA), FILL_BEGIN, FILL_END, FILL_KIND,
                    FILL_TYPE_BYTES, (FLAGS & DMLOPS_SPEC_FLAG_FILL_INPUT) != 0u);
#endif
    uint records = PARAMS.part_count + PARAMS.in_part_count;
    FillParams f = FillParams((pc.params & ~PARAMS_ALIGN_MASK) +
                              uint64_t(DMLOPS_PARAMS_PARTS_OFFSET) +
                              uint64_t(DMLOPS_PARAMS_PART_BYTES) * records);
    return Fill(f.start, f.delta, f.begin, f.end, f.kind, f.type_bytes,
                PARAMS.in_part_count != 0u);
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
uint64_t sequence_bits(Fill f, uint k)
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

/* The sequence unit of generator index t: elements t*w .. t*w + w-1. */
uvec4 sequence_unit(Fill f, int64_t t)
{
    uint bytes = f.type_bytes, w = uint(ELEM_BYTES) / bytes;
    uvec4 unit = uvec4(0u);
    for (uint j = 0u; j < w; ++j)
        put_bits(unit, j * bytes, bytes, sequence_bits(f, uint(t) * w + j));
    return unit;
}

/* A band's unit at generator index t: the pad value inside, else input (band_input) or zero. */
bool band_on(Fill f, int64_t t)
{
    return (f.end >= f.begin) ^^ (t >= f.begin) ^^ (t < f.end);
}

/* The unit of input part 1 at `units`. */
ELEM_T band_input_value(int64_t units)
{
    return elem_at(plan_part_slot(1u), units).value;
}

ELEM_T fill_unit(Fill f, int64_t t, int64_t in_units)
{
    if (f.kind == DMLOPS_FILL_CONSTANT)
        return ELEM_FROM_UVEC4(plan_pad_value());
    if (f.kind != DMLOPS_FILL_BAND)
        return ELEM_FROM_UVEC4(sequence_unit(f, t));
    if (band_on(f, t))
        return ELEM_FROM_UVEC4(plan_pad_value());
    return f.band_input ? band_input_value(in_units) : ELEM_FROM_UVEC4(uvec4(0u));
}

/* Input part 1's units at c (a band's input; 0 when there is none). */
int64_t band_input_units(Fill f, uint rank, uint c[MAX_RANK])
{
    return f.band_input ? output_units(1u, rank, c) : 0;
}

#ifdef PLAN_IN_CONSTANTS
/* SPEC_FLAG_PACKED: thread `index` writes units index * VEC_UNITS .. + VEC_UNITS - 1, which lie
 * in one row and start 16-byte aligned; along the row the generator index and the input move by
 * the last dim's strides. */
void fill_vector(uint index)
{
    uint c[MAX_RANK], last = RANK - 1u;
    Fill f = plan_fill();
    coordinates(index * VEC_UNITS, RANK, c);
    uint64_t target = slot_address(OUT_SLOT(0)) + uint64_t(output_units(0u, RANK, c) * ELEM_BYTES);
    uvec4 v = uvec4(PAD(0), PAD(1), PAD(2), PAD(3)); /* the pad unit over 16 bytes */
    if (f.kind != DMLOPS_FILL_CONSTANT)
    {
        int64_t t = input_units_affine(RANK, c), in_units = band_input_units(f, RANK, c);
        v = uvec4(0u);
        [[unroll]] for (uint r = 0; r < VEC_UNITS; ++r)
        {
            int64_t at = int64_t(r);
            insert(v, r, VALUE_T(fill_unit(f, t + at * IN_STRIDE(last),
                                           in_units + at * int64_t(OUT_STRIDE_1(last)))));
        }
    }
    Vector(target).value = v;
}
#endif

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index))
        return;
#ifdef PLAN_IN_CONSTANTS
    if (PACKED)
    {
        fill_vector(uint(index));
        return;
    }
#endif
    uint rank = plan_rank();
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    Fill f = plan_fill();
    Elem dst = elem_at(plan_part_slot(0u), output_units(0u, rank, c));
    int64_t t = f.kind == DMLOPS_FILL_CONSTANT ? 0 : input_units_affine(rank, c);
    dst.value = fill_unit(f, t, f.kind == DMLOPS_FILL_BAND ? band_input_units(f, rank, c) : 0);
}

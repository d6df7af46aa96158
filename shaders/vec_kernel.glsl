/* The specialized kernel (every enum plan_kernel, see src/plan.h), included by vec.comp
 * (MODE_PARTS), vec_rows.comp and vec_row_groups.comp (see there): the whole plan arrives as
 * specialization constants (src/plan_spec.c), so divisions are by constants and no parameter
 * block is read. Each thread writes 16 aligned output bytes whatever the element size:
 *   - a window inside one output row whose input is a forward or reversed contiguous run (the
 *     interior of a padded row included) is read as one or two aligned 16-byte loads, shifted
 *     and, when reversed, turned around;
 *   - other strides are gathered element by element into one 16-byte store;
 *   - windows across rows or at a padded border are built from two row-aligned chunks
 *     (vec_chunks.glsl, SPEC_FLAG_CHUNKS) where plan_spec.c allows, else element by element, as
 *     is a part's partial last window.
 * MODE_PARTS walks each part's output in turn (dense, or one part's rows at a pitch);
 * MODE_ROW_SPLIT and MODE_ROW_BLOCKS walk the input's rows (a split of the innermost axis whose
 * parts' rows are whole 16-byte vectors), or the output's (SPEC_FLAG_JOIN, the mirror: a JOIN);
 * MODE_ROW_GROUPS builds whole short rows per thread (vec_groups.glsl). */
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_control_flow_attributes : require

#include "vec_spec.glsl"

/* ELEM_T: an element in memory; VALUE_T (dmlops_units.glsl): the same bits in registers. */
#if ELEM_BYTES == 1
#define ELEM_T uint8_t
#elif ELEM_BYTES == 2
#define ELEM_T uint16_t
#elif ELEM_BYTES == 4
#define ELEM_T uint
#elif ELEM_BYTES == 8
#define ELEM_T uvec2
#elif ELEM_BYTES == 16
#define ELEM_T uvec4
#else
#error "unsupported ELEM_BYTES"
#endif

#include "dmlops_units.glsl"

#define VEC (DMLOPS_VEC_BYTES / ELEM_BYTES)
#define MODE_PARTS DMLOPS_SPEC_MODE_PARTS
#define MODE_ROW_SPLIT DMLOPS_SPEC_MODE_ROW_SPLIT
#define MODE_ROW_BLOCKS DMLOPS_SPEC_MODE_ROW_BLOCKS
#define MODE_ROW_GROUPS DMLOPS_SPEC_MODE_ROW_GROUPS
#define MAP_AFFINE DMLOPS_MAP_AFFINE
#define MAP_CONSTANT DMLOPS_MAP_CONSTANT
#define MAP_EDGE DMLOPS_MAP_EDGE
#define MAP_REFLECT DMLOPS_MAP_REFLECT
#define MAP_SYMMETRIC DMLOPS_MAP_SYMMETRIC
#define MAP_WRAP DMLOPS_MAP_WRAP

#define WORKGROUP_SIZE GROUP_SIZE /* the plan's (src/plan_spec.c) */
layout(local_size_x_id = DMLOPS_SPEC_GROUP_SIZE_ID) in;

layout(buffer_reference, std430, buffer_reference_align = 16) buffer Vec16
{
    uvec4 v;
};

layout(buffer_reference, std430, buffer_reference_align = ELEM_BYTES) buffer Elem
{
    ELEM_T value;
};

#include "dmlops_slots.glsl"

uint linear_index()
{
    uint group = (gl_WorkGroupID.z * gl_NumWorkGroups.y + gl_WorkGroupID.y) * gl_NumWorkGroups.x +
                 gl_WorkGroupID.x;
    return group * WORKGROUP_SIZE + gl_LocalInvocationID.x;
}

const uvec4 PAD_VEC = uvec4(PAD0, PAD1, PAD2, PAD3);

VALUE_T pad_elem()
{
#if ELEM_BYTES <= 4
    return PAD0 & (0xFFFFFFFFu >> (32 - 8 * ELEM_BYTES));
#elif ELEM_BYTES == 8
    return uvec2(PAD0, PAD1);
#else
    return PAD_VEC;
#endif
}

/* Element j of a 16-byte vector (j a constant once unrolled), over whatever was there. Halves by
 * shift and mask, bytes by bitfield instructions: on the H100 the other way round measured slower
 * each (A/B in one call, tools/perf/h100-2026-11-27-nobfi-ab.txt: shift and mask for halves took
 * REFLECT and SYMMETRIC padding of 2-byte rows 0.96 -> 0.98 of the copy ceiling, the fused slice
 * -> reflect pad 0.93 -> 0.95; for bytes, padding 0.01-0.03 lower). */
void put(inout uvec4 acc, uint j, VALUE_T value)
{
#if ELEM_BYTES == 1
    acc[j / 4] = bitfieldInsert(acc[j / 4], value, int(8 * (j % 4)), 8);
#elif ELEM_BYTES == 2
    uint s = 16 * (j % 2);
    acc[j / 2] = (acc[j / 2] & ~(0xFFFFu << s)) | (value << s);
#elif ELEM_BYTES == 4
    acc[j] = value;
#elif ELEM_BYTES == 8
    acc[2 * j] = value.x;
    acc[2 * j + 1] = value.y;
#else
    acc = value;
#endif
}

/* The elements of v in the opposite order. */
uvec4 reverse_elems(uvec4 v)
{
#if ELEM_BYTES == 1
    uvec4 w = v.wzyx;
    return ((w & 0xFFu) << 24) | ((w & 0xFF00u) << 8) | ((w >> 8) & 0xFF00u) | (w >> 24);
#elif ELEM_BYTES == 2
    uvec4 w = v.wzyx;
    return (w >> 16) | (w << 16);
#elif ELEM_BYTES == 4
    return v.wzyx;
#elif ELEM_BYTES == 8
    return v.zwxy;
#else
    return v;
#endif
}

/* Bits s .. s+31 (s in 0..31) of the 64 bits hi:lo: one funnel shift. */
uint shift_pair(uint lo, uint hi, uint s)
{
    return uint(packUint2x32(uvec2(lo, hi)) >> s);
}

/* Bytes r .. r+15 (r in 0..15) of the 32 bytes lo, hi: words r / 4 .. r / 4 + 4 picked in two
 * steps of selects (by 2 words, then by 1), then funnel shifts; no branch on r, which is
 * seldom a constant. */
uvec4 funnel(uvec4 lo, uvec4 hi, uint r)
{
    bool two = (r & 8u) != 0, one = (r & 4u) != 0;
    uint w0 = two ? lo.z : lo.x, w1 = two ? lo.w : lo.y, w2 = two ? hi.x : lo.z;
    uint w3 = two ? hi.y : lo.w, w4 = two ? hi.z : hi.x, w5 = two ? hi.w : hi.y;
    uint a0 = one ? w1 : w0, a1 = one ? w2 : w1, a2 = one ? w3 : w2;
    uint a3 = one ? w4 : w3, a4 = one ? w5 : w4, s = (r & 3u) * 8u;
    return uvec4(shift_pair(a0, a1, s), shift_pair(a1, a2, s), shift_pair(a2, a3, s),
                 shift_pair(a3, a4, s));
}

/* Inputs of at most 1 GiB (IN_LIMIT is a constant): every unit and byte offset, even a few
 * vectors before or past the input, is a 32-bit number, so that the compiler can narrow the
 * 64-bit arithmetic that leads to each address. */
#define SMALL_INPUT (IN_LIMIT <= (1ul << 30))

/* The input's address plus byte offset b (b >= 0). */
uint64_t in_address(int64_t b)
{
    return slot_address(IN_SLOT) + (SMALL_INPUT ? uint64_t(uint(b)) : uint64_t(b));
}

/* Whether bytes [b, b + n) lie inside what the plan reads (n a small constant). */
bool in_bounds(int64_t b, uint n)
{
    if (SMALL_INPUT)
        return int(b) >= 0 && int(b) + int(n) <= int(IN_LIMIT);
    return b >= 0 && b + n <= int64_t(IN_LIMIT);
}

/* VEC elements from input unit u on, through aligned 16-byte loads; false (nothing read) when
 * the second load would pass the end of what the plan reads. */
bool load_forward(int64_t u, out uvec4 v)
{
    int64_t b = u * ELEM_BYTES;
    uint r = uint(b) & 15u;
    int64_t aligned = b - r;
    v = uvec4(0);
    if (r == 0)
    {
        v = Vec16(in_address(b)).v;
        return true;
    }
    if (!in_bounds(aligned, 32))
        return false;
    v = funnel(Vec16(in_address(aligned)).v, Vec16(in_address(aligned + 16)).v, r);
    return true;
}

VALUE_T load_elem(int64_t u)
{
    return VALUE_T(Elem(in_address(u * ELEM_BYTES)).value);
}

/* SPEC_FLAG_NEAR0 << d (plan_spec.c): dim d's pads reach at most one period, so that a periodic
 * map folds y = x - PAD_START once, with compares instead of a remainder. */
#define SPEC_FLAG_NEAR0 DMLOPS_SPEC_FLAG_NEAR0

#include "dmlops_map.glsl"

/* Input coordinate of output coordinate x along a dim (map, input extent n, pad start, bias,
 * near: SPEC_FLAG_NEAR0 << d); -1: the pad value. Periodic maps see x + bias - ps, never
 * negative (bias is a multiple of the period). */
int64_t map_dim(uint map, uint n, uint ps, uint bias, bool near, uint x)
{
    if (map == MAP_AFFINE)
        return int64_t(x);
    if (map == MAP_CONSTANT)
        return x < ps || x - ps >= n ? -1 : int64_t(x - ps);
    if (map == MAP_EDGE)
        return x < ps ? 0 : int64_t(min(x - ps, n - 1));
    if (near)
        return int64_t(fold_near(map, n, int(x) - int(ps)));
    uint y = x + bias - ps;
    if (map == MAP_WRAP)
        return int64_t(y % n);
    if (map == MAP_REFLECT)
    {
        uint p = n > 1 ? MAP_REFLECT_PERIOD(n) : 1, m = y % p;
        return int64_t(MAP_FOLD_REFLECT(m, n, p));
    }
    uint p = MAP_SYMMETRIC_PERIOD(n), m = y % p; /* SYMMETRIC */
    return int64_t(MAP_FOLD_SYMMETRIC(m, n, p));
}

/* Along dim d (a constant once unrolled). */
int64_t map_coordinate(uint d, uint x)
{
    return map_dim(MAP(d), IN_SIZE(d), PAD_START(d), BIAS(d), (FLAGS & (SPEC_FLAG_NEAR0 << d)) != 0,
                   x);
}

/* Along the last dim. */
int64_t map_last(uint x)
{
    return map_dim(LAST_MAP, LAST_IN_SIZE, LAST_PAD_START, LAST_BIAS,
                   (FLAGS & (SPEC_FLAG_NEAR0 << (RANK - 1))) != 0, x);
}

/* Part k's extent along dim d. */
uint dim_size(uint k, uint d)
{
    return d == PART_AXIS ? EXT(k) : SIZE(d);
}

/* Part k's extent along the last dim. */
uint last_width(uint k)
{
    return RANK - 1 == PART_AXIS ? EXT(k) : LAST_SIZE;
}

/* Coordinates of element e of part k's dense output, outermost first. */
void decompose(uint e, uint k, out uint c[VEC_MAX_RANK])
{
    [[unroll]] for (int d = VEC_MAX_RANK - 1; d >= 0; --d)
    {
        c[d] = 0;
        if (uint(d) >= RANK)
            continue;
        if (d == 0)
        {
            c[d] = e;
            continue;
        }
        uint size = dim_size(k, uint(d));
        c[d] = e % size;
        e /= size;
    }
}

/* Coordinates of input row `row` (every dim but the last, which is left 0); MODE_ROW_SPLIT. */
void decompose_row(uint row, out uint c[VEC_MAX_RANK])
{
    [[unroll]] for (int d = VEC_MAX_RANK - 1; d >= 0; --d)
    {
        c[d] = 0;
        if (uint(d) + 1 >= RANK)
            continue;
        if (d == 0)
        {
            c[d] = row;
            continue;
        }
        c[d] = row % SIZE(d);
        row /= SIZE(d);
    }
}

/* Input units of the row holding c (all dims but the last); false: the row is padding. The
 * loop's bound is RANK itself: bounded by VEC_MAX_RANK with a `continue`, the NVIDIA compiler
 * kept it as a loop, so MAP(d) stayed a runtime switch and every periodic map's code ran per
 * row (H100: 17.5 KB of code instead of 7.7 KB, last-dim-3 REFLECT at 0.37 of the ceiling). */
bool row_units(uint k, uint c[VEC_MAX_RANK], out int64_t units)
{
    units = IN_BASE;
    [[unroll]] for (uint d = 0; d + 1 < RANK; ++d)
    {
        int64_t i = map_coordinate(d, c[d] + (d == PART_AXIS ? BEGIN(k) : 0));
        if (i < 0)
            return false;
        units += i * IN_STRIDE(d);
    }
    return true;
}

/* c moved to the next element of part k's output (row-major). */
void advance(uint k, inout uint c[VEC_MAX_RANK])
{
    c[RANK - 1] += 1;
    [[unroll]] for (int d = VEC_MAX_RANK - 1; d > 0; --d)
    {
        if (uint(d) < RANK && c[d] == dim_size(k, uint(d)))
        {
            c[d] = 0;
            c[d - 1] += 1;
        }
    }
}

/* A window within one row whose input needs no per-element mapping; false: go element by
 * element (a padded border, or the end of the input). */
bool window_fast(uint k, uint c[VEC_MAX_RANK], out uvec4 v)
{
    uint last = RANK - 1;
    int64_t row;
    v = PAD_VEC;
    if (!row_units(k, c, row))
        return true;
    int64_t x = int64_t(c[last] + (last == PART_AXIS ? BEGIN(k) : 0));
    if (LAST_MAP != MAP_AFFINE)
    {
        x -= int64_t(LAST_PAD_START);
        if (x < 0 || x + VEC > int64_t(LAST_IN_SIZE))
            return false;
    }
    int64_t s = LAST_IN_STRIDE;
    if (s == 1)
        return load_forward(row + x, v);
    if (s == -1)
    {
        bool ok = load_forward(row - x - (VEC - 1), v);
        v = reverse_elems(v);
        return ok;
    }
    v = uvec4(0);
    [[unroll]] for (uint j = 0; j < VEC; ++j)
        insert(v, j, load_elem(row + (x + j) * s));
    return true;
}

/* Element by element from e0 (coordinates c) to the window's or the part's end; the row's
 * input base is mapped again only when the window crosses into the next row. (Working out all
 * addresses before issuing the loads cut the latency of tiny operators but cost registers, and
 * so occupancy, in every large one: measured slower on the H100.) */
void window_slow(uint k, uint c[VEC_MAX_RANK], uint e0, uint64_t dst)
{
    uint last = RANK - 1, count = min(uint(VEC), ELEMS(k) - e0), width = last_width(k);
    uint shift = last == PART_AXIS ? BEGIN(k) : 0;
    int64_t row;
    bool padded_row = !row_units(k, c, row);
    uvec4 acc = uvec4(0);
    [[unroll]] for (uint j = 0; j < VEC; ++j)
    {
        if (j >= count)
            break;
        int64_t i = map_last(c[last] + shift);
        VALUE_T value = padded_row || i < 0 ? pad_elem() : load_elem(row + i * LAST_IN_STRIDE);
        if (count == VEC)
            insert(acc, j, value);
        else
            Elem(dst + j * ELEM_BYTES).value = ELEM_T(value);
        if (c[last] + 1 < width)
        {
            c[last] += 1;
            continue;
        }
        advance(k, c);
        padded_row = !row_units(k, c, row);
    }
    if (count == VEC)
        Vec16(dst).v = acc;
}

#include "vec_chunks.glsl"
#include "vec_groups.glsl"

/* The part that vector g of the outputs belongs to. */
uint part_of_vector(uint g)
{
    if (UNIFORM_PARTS)
        return g / VSTART1;
    uint k = 0;
    [[unroll]] for (uint j = 1; j < VEC_MAX_PARTS; ++j)
    {
        if (j < PARTS && g >= VSTART(j))
            k = j;
    }
    return k;
}

/* The part that column x of the input's rows belongs to (a split of the last axis). */
uint part_of_column(uint x)
{
    if (UNIFORM_PARTS)
        return x / EXT0;
    uint k = 0;
    [[unroll]] for (uint j = 1; j < VEC_MAX_PARTS; ++j)
    {
        if (j < PARTS && x >= BEGIN(j))
            k = j;
    }
    return k;
}

/* Where output element e0 of part k lies. */
uint64_t out_address(uint k, uint e0)
{
    uint64_t at = OUT_ROW == 0 ? uint64_t(e0) : uint64_t(e0 / OUT_ROW) * OUT_PITCH + e0 % OUT_ROW;
    return slot_address(OUT_SLOT(k)) + OUT_BASE(k) + at * ELEM_BYTES;
}

/* With SPEC_FLAG_PAIRED the output address is worked out after the window's loads, and
 * window_chunks maps both chunks' rows before loading, so that neither the address nor the
 * coordinates hold registers while the loads are in flight (H100, padded rows of 1032 bytes:
 * REFLECT and SYMMETRIC 0.94 -> 0.96 of the copy ceiling, CONSTANT and EDGE 0.97 -> 0.98; rows
 * of 516 bytes unchanged). Done for every window, it took CONSTANT and EDGE rows of 2064 bytes
 * (CHUNKS, not paired) from 1.00 to 0.94. */
void walk_parts(uint g)
{
    uint k = part_of_vector(g);
    uint e0 = (g - VSTART(k)) * VEC;
    uint c[VEC_MAX_RANK];
    decompose(e0, k, c);
    bool late = (FLAGS & SPEC_FLAG_PAIRED) != 0;
    uint64_t dst = late ? 0ul : out_address(k, e0);
    uvec4 v;
    bool full = e0 + VEC <= ELEMS(k);
    if ((FLAGS & SPEC_FLAG_PAIRED) != 0 && full)
        window_chunks(k, c, v);
    else if (c[RANK - 1] + VEC <= last_width(k) && window_fast(k, c, v))
        ;
    else if ((FLAGS & SPEC_FLAG_CHUNKS) != 0 && full)
        window_chunks(k, c, v);
    else
    {
        window_slow(k, c, e0, late ? out_address(k, e0) : dst);
        return;
    }
    Vec16(late ? out_address(k, e0) : dst).v = v;
}

/* MODE_ROW_SPLIT: vector g of the input's rows, row-major; the part follows from the column.
 * MODE_ROW_BLOCKS (parts whose rows are one or two vectors): ROW_BLOCK consecutive threads take
 * one column vector of ROW_BLOCK consecutive rows: a warp reads 64 contiguous bytes (two whole
 * sectors) of each of 8 rows, and stores 128 contiguous bytes into each of 4 parts of one-vector
 * rows. (SPLIT into 32 of 512-byte rows on the H100, one dispatch: 0.94 of the copy ceiling
 * with 8 rows, 0.93 with 4 or 16, 0.88 with 32, 0.82 with 64; the JOIN of 32 the same way: 0.94
 * with 8, 0.92 with 16, 0.87 with 4. Tried and slower, SPLIT / JOIN: two adjacent vectors a
 * thread 0.93 / 0.79; two vectors a column apart 0.93 / 0.93; a workgroup's 8 rows through shared
 * memory, read and written in whole lines, 0.93 / 0.82; later, against 0.936 / 0.940 in the same
 * call: four vectors a thread, rows 8 apart, 0.91 / 0.94; warps of 4 rows by 8 vectors (whole-line
 * reads) 0.93 / 0.94; a column group's blocks first within 1024 or 8192 blocks, so fewer parts are
 * written at a time, 0.93 / 0.92: tools/perf/h100-2026-11-27-tile2-ab.txt.) */
#define ROW_BLOCK DMLOPS_ROW_BLOCK

/* SPEC_FLAG_JOIN: the mirror, a JOIN along the innermost axis (plan_spec.c join_rows): the parts
 * are the input parts, part k dense rows of EXT(k) elements at OUT_BASE(k) bytes in slot
 * OUT_SLOT(k), and IN_SLOT, IN_BASE (units) the one dense output, whose rows the walk follows. */
#define SPEC_FLAG_JOIN DMLOPS_SPEC_FLAG_JOIN

/* Where column x of row `row` lies in its part's rows (the part follows from the column). */
uint64_t part_row_address(uint row, uint x)
{
    uint k = part_of_column(x);
    uint64_t e = uint64_t(row) * EXT(k) + (x - BEGIN(k));
    return slot_address(OUT_SLOT(k)) + OUT_BASE(k) + e * ELEM_BYTES;
}

/* The vector at column x of input row `row` (SPLIT). */
uvec4 input_row_vector(uint row, uint x)
{
    uint c[VEC_MAX_RANK];
    decompose_row(row, c);
    int64_t units;
    row_units(0, c, units);
    uvec4 v;
    if (!load_forward(units + x, v))
    {
        v = uvec4(0);
        [[unroll]] for (uint j = 0; j < VEC; ++j)
            insert(v, j, load_elem(units + x + j));
    }
    return v;
}

void walk_rows(uint g)
{
    uint rows = ELEMS(0) / EXT(0), row = g / VROW, x = g % VROW * VEC;
    if (MODE == MODE_ROW_BLOCKS)
    {
        uint rest = g / ROW_BLOCK;
        row = rest / VROW * ROW_BLOCK + g % ROW_BLOCK;
        x = rest % VROW * VEC;
        if (row >= rows)
            return;
    }
    if ((FLAGS & SPEC_FLAG_JOIN) != 0)
    {
        uint64_t o = uint64_t(IN_BASE) + uint64_t(row) * (VROW * VEC) + x;
        Vec16(slot_address(IN_SLOT) + o * ELEM_BYTES).v = Vec16(part_row_address(row, x)).v;
        return;
    }
    Vec16(part_row_address(row, x)).v = input_row_vector(row, x);
}

/* This thread's output vector g; false: past the plan's vectors, or a slot left unbound. */
bool vec_thread(out uint g)
{
    g = linear_index();
    return g < VTOTAL && slots_bound(spec_slot_mask());
}

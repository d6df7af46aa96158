#version 450
/* The specialized transposing kernel (src/plan_spec.c, mode DMLOPS_SPEC_MODE_TILE): input and output
 * disagree on the fastest dimension. One workgroup moves a TILE x TILE block of the plane
 * (TILE_DIM: the input's unit-stride dim, b; the last dim, a: the output's) through shared
 * memory, so that both the loads (along b) and the stores (along a) are contiguous; every other
 * dim is a batch. One part, no padding, dense output (plan_spec.c checks). */
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_GOOGLE_include_directive : require

#include "vec_spec.glsl"

#if ELEM_BYTES == 1
#define ELEM_T uint8_t
#define VALUE_T uint
#elif ELEM_BYTES == 2
#define ELEM_T uint16_t
#define VALUE_T uint
#elif ELEM_BYTES == 4
#define ELEM_T uint
#define VALUE_T uint
#elif ELEM_BYTES == 8
#define ELEM_T uvec2
#define VALUE_T uvec2
#else
#define ELEM_T uvec4
#define VALUE_T uvec4
#endif

#define TILE DMLOPS_TILE_SIDE
#define ROWS DMLOPS_TILE_ROWS /* threads along the second tile axis; each covers TILE / ROWS rows */
layout(local_size_x = TILE * ROWS) in;

layout(buffer_reference, std430, buffer_reference_align = ELEM_BYTES) buffer Elem
{
    ELEM_T value;
};

#include "dmlops_slots.glsl"

#if ELEM_BYTES <= 2
/* FLAGS & SPEC_FLAG_WORDS (plan_spec.c: 4-byte aligned rows, sides multiples of a word): 4-byte
 * loads and stores, K x K element blocks turned around in registers. A tile is TW words along
 * both sides: 64 bytes for 1-byte elements, so each warp access covers whole 32-byte sectors;
 * 128 bytes for 2-byte elements, whole lines and 128 bytes a thread (H100, NCHW -> NHWC and
 * back of 2-byte elements: 0.89 / 0.92 of the copy ceiling with 64 bytes, 0.975 / 0.964 with
 * 128). The skew below keeps the bound TW_SIDE * (TW + 1): its last index is one past the
 * unskewed one, which ends a word short of it. */
#define SPEC_FLAG_WORDS DMLOPS_SPEC_FLAG_WORDS
#define K (4 / ELEM_BYTES)
#define TW DMLOPS_TILE_WORD_SIDE(ELEM_BYTES)
#define TW_SIDE (TW * K)
#define TILE_WORDS (TW_SIDE * (TW + 1) > TILE * (TILE + 1) ? TW_SIDE * (TW + 1) : TILE * (TILE + 1))
shared uint tile_mem[TILE_WORDS]; /* one array for both paths: shared memory is occupancy */
#define TILE_AT(y, x) tile_mem[(y) * (TILE + 1) + (x)]
#define TW_SIDE_OR_TILE TW_SIDE
/* A warp stores rows b = K * lane + r: with TW = 32 (K = 2) lanes l and l + 16 would share a
 * bank, so the rows' second half moves one word along. */
#define WORDS_SKEW(b) (TW == 32 ? (b) >> 5 : 0)
#define WORDS_AT(b, w) tile_mem[(b) * (TW + 1) + (w) + WORDS_SKEW(b)]

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Word
{
    uint value;
};
#else
shared VALUE_T tile_mem[TILE][TILE + 1];
#define TILE_AT(y, x) tile_mem[y][x]
#define TW_SIDE_OR_TILE TILE
#endif

/* The batch coordinates of batch index n (every dim but TILE_DIM and the last). */
void batch_coordinates(uint n, out uint c[VEC_MAX_RANK])
{
    [[unroll]] for (int d = VEC_MAX_RANK - 1; d >= 0; --d)
    {
        c[d] = 0;
        if (uint(d) + 1 >= RANK || uint(d) == TILE_DIM)
            continue;
        c[d] = n % SIZE(d);
        n /= SIZE(d);
    }
}

/* One tile of elements, a TILE x TILE block, through shared memory. */
void copy_elements(uint ta, uint tb, uint64_t in_base, uint64_t out_base)
{
    uint thread = gl_LocalInvocationIndex, x = thread % TILE, y = thread / TILE;
    [[unroll]] for (uint i = 0; i < TILE / ROWS; ++i)
    {
        uint b = tb * TILE + x, a = ta * TILE + y + ROWS * i;
        int64_t at = int64_t(b) * IN_STRIDE(TILE_DIM) + int64_t(a) * LAST_IN_STRIDE;
        if (b < SIZE(TILE_DIM) && a < LAST_SIZE)
            TILE_AT(y + ROWS * i, x) = VALUE_T(Elem(in_base + uint64_t(at * ELEM_BYTES)).value);
    }
    barrier();
    [[unroll]] for (uint i = 0; i < TILE / ROWS; ++i)
    {
        uint a = ta * TILE + x, b = tb * TILE + y + ROWS * i;
        if (b < SIZE(TILE_DIM) && a < LAST_SIZE)
            Elem(out_base + (uint64_t(b) * OUT_STRIDE(TILE_DIM) + a) * ELEM_BYTES).value =
                ELEM_T(TILE_AT(x, y + ROWS * i));
    }
}

#if ELEM_BYTES <= 2
/* Element r of each of the K words w, as one word. */
uint gather_word(uint w[K], uint r)
{
    uint t = 0;
    [[unroll]] for (uint j = 0; j < K; ++j)
        t = bitfieldInsert(t, bitfieldExtract(w[j], int(r * 8 * ELEM_BYTES), 8 * ELEM_BYTES),
                           int(j * 8 * ELEM_BYTES), 8 * ELEM_BYTES);
    return t;
}

/* One tile of words: each thread loads 4 blocks of K x K elements (K words along b, one per
 * a), turns each around and stores K words along a into shared memory. */
void copy_words(uint ta, uint tb, uint64_t in_base, uint64_t out_base)
{
    uint thread = gl_LocalInvocationIndex, bw = thread % TW;
    [[unroll]] for (uint i = 0; i < TW * TW / (TILE * ROWS); ++i)
    {
        uint aw = thread / TW + TILE * ROWS / TW * i;
        uint a0 = ta * TW_SIDE + aw * K, b0 = tb * TW_SIDE + bw * K;
        uint w[K];
        [[unroll]] for (uint j = 0; j < K; ++j)
        {
            int64_t at = int64_t(b0) + int64_t(a0 + j) * LAST_IN_STRIDE;
            w[j] = 0;
            if (a0 + j < LAST_SIZE && b0 < SIZE(TILE_DIM))
                w[j] = Word(in_base + uint64_t(at * ELEM_BYTES)).value;
        }
        [[unroll]] for (uint r = 0; r < K; ++r)
            WORDS_AT(bw * K + r, aw) = gather_word(w, r);
    }
    barrier();
    [[unroll]] for (uint i = 0; i < TW_SIDE * TW / (TILE * ROWS); ++i)
    {
        uint row = thread / TW + TILE * ROWS / TW * i, aw = thread % TW;
        uint b = tb * TW_SIDE + row, a = ta * TW_SIDE + aw * K;
        if (b < SIZE(TILE_DIM) && a < LAST_SIZE)
            Word(out_base + (uint64_t(b) * OUT_STRIDE(TILE_DIM) + a) * ELEM_BYTES).value =
                WORDS_AT(row, aw);
    }
}
#endif

bool use_words()
{
#if ELEM_BYTES <= 2
    return (FLAGS & SPEC_FLAG_WORDS) != 0;
#else
    return false;
#endif
}

void main()
{
    uint group = (gl_WorkGroupID.z * gl_NumWorkGroups.y + gl_WorkGroupID.y) * gl_NumWorkGroups.x +
                 gl_WorkGroupID.x;
    /* A whole workgroup past the last tile, or (for all) an unbound slot: no barrier is left
     * waiting. */
    if (group * ROWS * TILE + gl_LocalInvocationIndex >= VTOTAL || !slots_bound(spec_slot_mask()))
        return;
    uint side = use_words() ? TW_SIDE_OR_TILE : TILE;
    uint tiles_a = (LAST_SIZE + side - 1) / side, tiles_b = (SIZE(TILE_DIM) + side - 1) / side;
    uint ta = group % tiles_a, tb = (group / tiles_a) % tiles_b, n = group / tiles_a / tiles_b;
    uint c[VEC_MAX_RANK];
    batch_coordinates(n, c);
    int64_t in_units = IN_BASE;
    uint64_t out_units = 0;
    [[unroll]] for (uint d = 0; d < VEC_MAX_RANK; ++d)
    {
        if (d < RANK)
        {
            in_units += int64_t(c[d]) * IN_STRIDE(d);
            out_units += uint64_t(c[d]) * OUT_STRIDE(d);
        }
    }
    uint64_t in_base = slot_address(IN_SLOT) + uint64_t(in_units * ELEM_BYTES);
    uint64_t out_base = slot_address(OUT_SLOT(0)) + OUT_BASE(0) + out_units * ELEM_BYTES;
#if ELEM_BYTES <= 2
    if (use_words())
    {
        copy_words(ta, tb, in_base, out_base);
        return;
    }
#endif
    copy_elements(ta, tb, in_base, out_base);
}

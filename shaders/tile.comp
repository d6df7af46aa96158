#version 450
/* The specialized transposing kernel (src/vk/spec.c, mode DML_VK_SPEC_TILE): input and output
 * disagree on the fastest dimension. One workgroup moves a TILE x TILE block of the plane
 * (TILE_DIM: the input's unit-stride dim, b; the last dim, a: the output's) through shared
 * memory, so that both the loads (along b) and the stores (along a) are contiguous; every other
 * dim is a batch. One part, no padding, dense output (spec.c checks). */
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

#define TILE 32
#define ROWS 2 /* threads along the second tile axis; each covers TILE / ROWS rows */
layout(local_size_x = TILE * ROWS) in; /* 64, as WORKGROUP_SIZE in src/vk/kernels.c */

layout(buffer_reference, std430, buffer_reference_align = ELEM_BYTES) buffer Elem
{
    ELEM_T value;
};

#include "dmlops_slots.glsl"

shared VALUE_T tile[TILE][TILE + 1];

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

void main()
{
    uint group = (gl_WorkGroupID.z * gl_NumWorkGroups.y + gl_WorkGroupID.y) * gl_NumWorkGroups.x +
                 gl_WorkGroupID.x;
    uint thread = gl_LocalInvocationIndex;
    /* A whole workgroup past the last tile, or (for all) an unbound slot: no barrier is left
     * waiting. */
    if (group * ROWS * TILE + thread >= VTOTAL || !slots_bound(spec_slot_mask()))
        return;
    uint last = RANK - 1, tiles_a = (SIZE(last) + TILE - 1) / TILE;
    uint tiles_b = (SIZE(TILE_DIM) + TILE - 1) / TILE;
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
    uint x = thread % TILE, y = thread / TILE;
    uint64_t in_base = slot_address(IN_SLOT) + uint64_t(in_units * ELEM_BYTES);
    [[unroll]] for (uint i = 0; i < TILE / ROWS; ++i)
    {
        uint b = tb * TILE + x, a = ta * TILE + y + ROWS * i;
        if (b < SIZE(TILE_DIM) && a < SIZE(last))
            tile[y + ROWS * i][x] = VALUE_T(Elem(in_base + uint64_t((int64_t(b) * IN_STRIDE(TILE_DIM) +
                                                                  int64_t(a) * IN_STRIDE(last)) *
                                                                 ELEM_BYTES)).value);
    }
    barrier();
    uint64_t out_base = slot_address(OUT_SLOT(0)) + OUT_BASE(0) + out_units * ELEM_BYTES;
    [[unroll]] for (uint i = 0; i < TILE / ROWS; ++i)
    {
        uint a = ta * TILE + x, b = tb * TILE + y + ROWS * i;
        if (b < SIZE(TILE_DIM) && a < SIZE(last))
            Elem(out_base + (uint64_t(b) * OUT_STRIDE(TILE_DIM) + a) * ELEM_BYTES).value =
                ELEM_T(tile[x][y + ROWS * i]);
    }
}

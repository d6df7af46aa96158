/* Part of vec_kernel.glsl, MODE_ROW_GROUPS: one part whose output rows are at most GROUP_BYTES long
 * (plan_spec.c), where 16-byte windows would span several rows. Each thread builds VROW whole rows,
 * a multiple of 4 bytes, in registers: every column and so every mapping is a constant, every
 * element a load at a constant offset from its row. The workgroup stages its rows in shared
 * memory and writes them out as aligned 16-byte vectors. */

#define GROUP_BYTES DMLOPS_GROUP_BYTES
#define GROUP_WORDS (GROUP_BYTES / 4)
#define GROUP_ELEMS (GROUP_BYTES / ELEM_BYTES)
#define GROUP_ROWS DMLOPS_GROUP_ROWS /* VROW's largest value */

/* Exactly the workgroup's rows: shared memory here costs occupancy (measured on the H100:
 * staging in tile.comp's larger array took 4- and 8-byte last-dim-3 rows from 0.97 to 0.6). */
shared uint stage[STAGE_WORDS];

/* The element at byte offset `at` (a constant once unrolled) of a thread's rows, into zero
 * bits: a shift and an OR (or one LEA) instead of a bitfield insert, which Hopper emulates. */
void put_word(inout uint words[GROUP_WORDS], uint at, VALUE_T value)
{
#if ELEM_BYTES <= 2
    words[at / 4] |= value << (8 * (at % 4));
#elif ELEM_BYTES == 4
    words[at / 4] = value;
#elif ELEM_BYTES == 8
    words[at / 4] = value.x;
    words[at / 4 + 1] = value.y;
#else
    words[at / 4] = value.x;
    words[at / 4 + 1] = value.y;
    words[at / 4 + 2] = value.z;
    words[at / 4 + 3] = value.w;
#endif
}

/* c (the coordinates of output row first + r, every dim but the last) moved on to the next
 * row: a carry instead of a division per row. */
void next_row(inout uint c[VEC_MAX_RANK])
{
    if (RANK < 2)
        return;
    c[RANK - 2] += 1;
    [[unroll]] for (int d = int(RANK) - 2; d > 0; --d)
    {
        if (c[d] == SIZE(uint(d)))
        {
            c[d] = 0;
            c[d - 1] += 1;
        }
    }
}

/* Input units of row first + r at coordinates c, then c moved on; valid: the row exists and
 * is not padding. */
bool group_row_units(uint first, uint r, inout uint c[VEC_MAX_RANK], out int64_t units)
{
    units = 0;
    bool valid = r < VROW && first + r < ELEMS(0) / LAST_SIZE && row_units(0, c, units);
    if (r + 1 < VROW)
        next_row(c);
    return valid;
}

/* Of four values, the one for row r: no array indexed by a specialization-dependent value,
 * which the driver may place in local memory. */
int64_t pick_row(uint r, int64_t u0, int64_t u1, int64_t u2, int64_t u3)
{
    return r == 0 ? u0 : (r == 1 ? u1 : (r == 2 ? u2 : u3));
}

#define SPEC_FLAG_FEW_COLS DMLOPS_SPEC_FLAG_FEW_COLS /* rows read at most 4 input columns */

/* Of 4 values, number i: once specialized, i is a literal and the selects fold away. */
VALUE_T pick4(uint i, VALUE_T a, VALUE_T b, VALUE_T c, VALUE_T d)
{
    return i == 0 ? a : (i == 1 ? b : (i == 2 ? c : d));
}

/* Input column i of row r, from the columns loaded once per row (SPEC_FLAG_FEW_COLS). */
VALUE_T held_value(uint r, uint i, VALUE_T held[GROUP_ROWS * 4])
{
    return pick4(r, pick4(i, held[0], held[1], held[2], held[3]),
                 pick4(i, held[4], held[5], held[6], held[7]),
                 pick4(i, held[8], held[9], held[10], held[11]),
                 pick4(i, held[12], held[13], held[14], held[15]));
}

/* With SPEC_FLAG_FEW_COLS, every input element of the thread's rows, loaded once: the
 * driver does not merge the repeated loads of a column that pads copy (measured on the H100:
 * 1-byte last-dim-3 rows at 0.32 of the copy ceiling for REFLECT, 0.91 for CONSTANT). */
void load_held(uint valid, int64_t u0, int64_t u1, int64_t u2, int64_t u3,
               out VALUE_T held[GROUP_ROWS * 4])
{
    uint n = LAST_MAP == MAP_AFFINE ? LAST_SIZE : LAST_IN_SIZE;
    [[unroll]] for (uint r = 0; r < GROUP_ROWS; ++r)
    {
        [[unroll]] for (uint j = 0; j < 4; ++j)
        {
            held[4 * r + j] = pad_elem();
            if ((FLAGS & SPEC_FLAG_FEW_COLS) != 0 && j < n && (valid & (1u << r)) != 0)
                held[4 * r + j] = load_elem(pick_row(r, u0, u1, u2, u3) + int64_t(j) * LAST_IN_STRIDE);
        }
    }
}

/* The thread's rows, element by element: e (the loop index) is a constant, and its row and
 * input column come from a table of specialization constants, so that they are literals
 * once the pipeline is specialized. */
void build_rows(uint first, out uint words[GROUP_WORDS])
{
    uint width = LAST_SIZE;
    int64_t u0 = 0, u1 = 0, u2 = 0, u3 = 0;
    uint c[VEC_MAX_RANK];
    decompose_row(first, c);
    bool v0 = group_row_units(first, 0, c, u0), v1 = group_row_units(first, 1, c, u1);
    bool v2 = group_row_units(first, 2, c, u2), v3 = group_row_units(first, 3, c, u3);
    uint valid = (v0 ? 1u : 0u) | (v1 ? 2u : 0u) | (v2 ? 4u : 0u) | (v3 ? 8u : 0u);
    VALUE_T held[GROUP_ROWS * 4];
    load_held(valid, u0, u1, u2, u3, held);
    [[unroll]] for (uint w = 0; w < GROUP_WORDS; ++w)
        words[w] = 0;
    [[unroll]] for (uint e = 0; e < GROUP_ELEMS; ++e)
    {
        if (e >= VROW * width)
            break;
        uint entry = (GTAB(e / 4) >> (8 * (e % 4))) & 0xFFu, r = entry >> 6, i = entry & 63u;
        VALUE_T value = pad_elem();
        if (entry != 0xFFu && (FLAGS & SPEC_FLAG_FEW_COLS) != 0)
            value = held_value(r, i, held);
        else if (entry != 0xFFu && (valid & (1u << r)) != 0)
            value = load_elem(pick_row(r, u0, u1, u2, u3) + int64_t(i) * LAST_IN_STRIDE);
        put_word(words, e * ELEM_BYTES, value);
    }
}

/* The first `count` elements of v (fewer than VEC) at dst. */
void store_head(uint64_t dst, uvec4 v, uint count)
{
    [[unroll]] for (uint j = 0; j < VEC; ++j)
    {
        if (j < count)
            Elem(dst + j * ELEM_BYTES).value = ELEM_T(elem_of(v, j));
    }
}

/* g: this thread's index; whole workgroups run or return together (VTOTAL is a multiple of
 * the workgroup size), so every thread reaches the barrier. */
void walk_row_groups(uint g)
{
    uint per_thread = VROW * LAST_SIZE * ELEM_BYTES / 4, lid = gl_LocalInvocationID.x;
    uint words[GROUP_WORDS];
    build_rows(g * VROW, words);
    [[unroll]] for (uint w = 0; w < GROUP_WORDS; ++w)
    {
        if (w < per_thread)
            stage[lid * per_thread + w] = words[w];
    }
    barrier();
    uint vectors = WORKGROUP_SIZE * per_thread / 4;
    uint64_t first = uint64_t(g - lid) * per_thread * 4, total = uint64_t(ELEMS(0)) * ELEM_BYTES;
    uint64_t dst = slot_address(OUT_SLOT(0)) + OUT_BASE(0);
    for (uint v = lid; v < vectors; v += WORKGROUP_SIZE)
    {
        uint64_t at = first + v * 16;
        uvec4 value = uvec4(stage[4 * v], stage[4 * v + 1], stage[4 * v + 2], stage[4 * v + 3]);
        if (at + 16 <= total)
            Vec16(dst + at).v = value;
        else if (at < total)
            store_head(dst + at, value, uint(total - at) / ELEM_BYTES);
    }
}

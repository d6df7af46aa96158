/* Part of vec_kernel.glsl (FLAGS & SPEC_FLAG_CHUNKS): every window is built from whole 16-byte
 * loads, including those at a padded border of their row and those that cross into the next row.
 * Such a window is 16 bytes of the concatenation of two row-aligned chunks: a row's first VEC
 * elements (its left pads at constant positions), its last VEC elements (its right pads at
 * constant positions) or VEC interior elements (one shifted load). A window touching the left
 * border is head|chunk at VEC, one touching the right border is chunk at width-2VEC|end, one
 * crossing rows is end|next row's head. plan_spec.c sets the flag only where pads are at most VEC
 * wide and rows at least 2 VEC long, so that these middle chunks hold no pad. Per element, only
 * the pad columns are mapped, with constants; the warp never waits for element-wise loads. */

#define SPEC_FLAG_CHUNKS DMLOPS_SPEC_FLAG_CHUNKS

/* A 16-byte aligned vector of the input at byte offset a (possibly negative); only elements
 * inside [0, IN_LIMIT) are read, the others are zero (never used: outside every row). */
uvec4 load_aligned(int64_t a)
{
    if (in_bounds(a, 16))
        return Vec16(in_address(a)).v;
    uvec4 v = uvec4(0);
    [[dont_unroll]] for (uint j = 0; j < VEC; ++j) /* the input's ends only */
    {
        int64_t b = a + int64_t(j * ELEM_BYTES);
        if (in_bounds(b, ELEM_BYTES))
            put(v, j, load_elem(b / ELEM_BYTES));
    }
    return v;
}

/* VEC elements from input unit u on (u may lie outside the input: those are don't-care). */
uvec4 load_run(int64_t u)
{
    int64_t b = u * ELEM_BYTES, a = b & ~int64_t(15);
    uint r = uint(b - a);
    uvec4 lo = load_aligned(a);
    return r == 0 ? lo : funnel(lo, load_aligned(a + 16), r);
}

/* Bytes r .. r+15 (r in 0..16) of the 32 bytes lo, hi. */
uvec4 funnel_any(uvec4 lo, uvec4 hi, uint r)
{
    if (r == 0)
        return lo;
    return r >= 16 ? hi : funnel(lo, hi, r);
}

uint last_pad_start()
{
    return LAST_MAP == MAP_AFFINE ? 0u : LAST_PAD_START;
}

/* Input columns of a row: the padded input extent, or the whole axis. */
uint last_in_size()
{
    return LAST_MAP == MAP_AFFINE ? LAST_SIZE : LAST_IN_SIZE;
}

/* VEC elements of input row `row` from column x on; columns outside the row are don't-care. */
uvec4 row_run(int64_t row, int64_t x)
{
    int64_t s = LAST_IN_STRIDE;
    if (s == 1 || s == -1)
    {
        uvec4 v = load_run(s == 1 ? row + x : row - x - (VEC - 1));
        return s == 1 ? v : reverse_elems(v);
    }
    uvec4 v = uvec4(0);
    [[dont_unroll]] for (uint j = 0; j < VEC; ++j)
    {
        int64_t col = x + j;
        if (col >= 0 && col < int64_t(last_in_size()))
            put(v, j, load_elem(row + col * s));
    }
    return v;
}

/* The pad elements of the chunk at output column a0 (a constant: 0 or the row's last VEC), whose
 * other elements v holds. A pad that repeats an input column the chunk's run holds is taken
 * from it: position p of `held` holds input column c0 + p (c0 a constant). Tried for WRAP, whose
 * pads lie at the row's other end, and slower on the H100 (1 / 2 / 4 bytes, main 0.89 / 0.92 /
 * 0.93 of the copy ceiling): the pads from a second run of that end 0.85 / 0.89 / 0.92; their
 * element loads issued before the run 0.17 / 0.86 / 0.93 (tools/perf/h100-2026-11-27-pad-hx.txt). */
void fill_pads(inout uvec4 v, uvec4 held, int64_t row, uint a0, int c0)
{
    uint ps = LAST_PAD_START, n = LAST_IN_SIZE;
    [[unroll]] for (uint j = 0; j < VEC; ++j)
    {
        uint col = a0 + j;
        if (col >= ps && col - ps < n)
            continue;
        int64_t i = map_last(col), p = i - int64_t(c0);
        VALUE_T value = pad_elem();
        if (i >= 0 && p >= 0 && p < VEC)
            value = elem_of(held, uint(p));
        else if (i >= 0)
            value = load_elem(row + i * LAST_IN_STRIDE);
        put(v, j, value);
    }
}

/* Whether a run from input column c0 holds every pad of the chunk at output column a0 (a
 * constant once specialized). */
bool pads_held(uint a0, int c0)
{
    bool held = true;
    [[unroll]] for (uint j = 0; j < VEC; ++j)
    {
        uint col = a0 + j;
        int64_t i = map_last(col), p = i - int64_t(c0);
        if ((col < LAST_PAD_START || col - LAST_PAD_START >= LAST_IN_SIZE) && i >= 0 &&
            (p < 0 || p >= VEC))
            held = false;
    }
    return held;
}

#define CHUNK_MID 0u
#define CHUNK_HEAD 1u /* the row's first VEC elements */
#define CHUNK_END 2u  /* the row's last VEC elements */

/* Output elements [a, a + VEC) of a row of part k (valid: not a padding row): a run of input
 * from column a - PAD_START, a padded row's border chunks with their pads filled in. At 4 and
 * 8 bytes, where that run does not hold the pads that repeat columns near the border but the
 * row's first (head) or last (end) VEC input elements do (REFLECT at 4 bytes: column 2), the
 * chunk reads those and moves them into place by a constant shift, instead of loading the pads
 * element by element after the run (H100, against main in the same call: REFLECT 4 bytes
 * 0.93 -> 1.00 of the copy ceiling, the fused slice -> reflect pad 0.92 -> 0.99; every other
 * padding within noise). Not at 1 and 2 bytes, where the run from -PAD_START already holds such
 * pads: done there for every mode, it took 1-byte rows of 516 from 0.94-0.96 to 0.91-0.93
 * (tools/perf/h100-2026-11-27-pad-hx.txt). */
uvec4 chunk(uint kind, bool valid, int64_t row, uint k, uint a)
{
    if (!valid)
        return PAD_VEC;
    uint shift = RANK - 1 == PART_AXIS ? BEGIN(k) : 0, ps = last_pad_start();
    int64_t x = int64_t(a + shift) - int64_t(ps);
    if (LAST_MAP == MAP_AFFINE)
        return row_run(row, x);
    uint end_at = LAST_SIZE - VEC; /* padded: one part, width LAST_SIZE */
    int head0 = -int(ps), end0 = int(end_at - ps);
#if ELEM_BYTES >= 4
    int last_vec = int(LAST_IN_SIZE) - VEC;
    head0 = !pads_held(0, head0) && pads_held(0, 0) ? 0 : head0;
    end0 = !pads_held(end_at, end0) && pads_held(end_at, last_vec) ? last_vec : end0;
    x = kind == CHUNK_HEAD ? head0 : (kind == CHUNK_END ? end0 : x);
#endif
    uvec4 held = row_run(row, x), v = held;
    if (kind == CHUNK_HEAD)
    {
#if ELEM_BYTES >= 4
        v = funnel_any(held, held, (VEC - ps - head0) * ELEM_BYTES);
#endif
        fill_pads(v, held, row, 0, head0);
    }
    if (kind == CHUNK_END)
    {
#if ELEM_BYTES >= 4
        v = funnel_any(held, held, (int(end_at - ps) - end0) * ELEM_BYTES);
#endif
        fill_pads(v, held, row, end_at, end0);
    }
    return v;
}

#define SPEC_FLAG_PAIRED DMLOPS_SPEC_FLAG_PAIRED

/* The full window at coordinates c of part k: one chunk inside the row's interior, else bytes
 * of two chunks. With SPEC_FLAG_PAIRED (rows so short that nearly every warp holds a border
 * window) every thread builds two chunks, an interior window the same one twice, so that the
 * warp issues all its loads at once instead of one round per kind of window. */
void window_chunks(uint k, uint c[VEC_MAX_RANK], out uvec4 v)
{
    uint width = last_width(k), x0 = c[RANK - 1], ps = last_pad_start();
    bool crossing = x0 + VEC > width, left = !crossing && x0 < ps;
    bool right = !crossing && !left && x0 + VEC > ps + last_in_size();
    bool border = left || right || crossing, paired = (FLAGS & SPEC_FLAG_PAIRED) != 0;
    uint lo_at = left ? 0 : (crossing ? width - VEC : (right ? width - 2 * VEC : x0));
    uint kinds[2] = {left ? CHUNK_HEAD : (crossing ? CHUNK_END : CHUNK_MID),
                     left ? CHUNK_MID : (crossing ? CHUNK_HEAD : (right ? CHUNK_END : CHUNK_MID))};
    uint at[2] = {lo_at, left ? VEC : (crossing ? 0 : (right ? width - VEC : x0))};
    /* Paired: both chunks' rows first, so that the coordinates are dead before any load (see
     * walk_parts). Tried and slower on the H100: every load of both chunks issued before any
     * funnel (the periodic maps at 0.79-0.94 of the copy ceiling, from 0.90-1.00), the pads'
     * element loads issued with the chunk's run (WRAP at 1 byte 0.90 -> 0.79). */
    int64_t rows[2] = {0, 0};
    bool valid[2] = {false, false};
    if (paired)
    {
        valid[0] = valid[1] = row_units(k, c, rows[0]);
        rows[1] = rows[0];
        if (crossing)
        {
            c[RANK - 1] = width - 1;
            advance(k, c);
            valid[1] = row_units(k, c, rows[1]);
        }
    }
    uvec4 parts[2] = {uvec4(0), uvec4(0)};
    [[unroll]] for (uint i = 0; i < 2; ++i) /* unrolled: parts stays in registers */
    {
        if (i == 1 && !border && !paired)
            break;
        if (!paired && i == 1 && crossing)
        {
            c[RANK - 1] = width - 1;
            advance(k, c);
        }
        if (!paired)
            valid[i] = row_units(k, c, rows[i]);
        parts[i] = chunk(kinds[i], valid[i], rows[i], k, at[i]);
    }
    v = border ? funnel_any(parts[0], parts[1], (x0 - lo_at) * ELEM_BYTES) : parts[0];
}

/* Which specialized kernel and strategy a plan gets (see plan_spec.h). Pure logic: the Vulkan
 * layer turns the result into specialization constants (src/vk/spec.c). */
#include "plan_spec.h"

#include <string.h>

#include "plan_map.h"

#define VEC_BYTES ((uint32_t)DMLOPS_VEC_BYTES)
#define MAX_THREADS (UINT32_MAX - 1024u) /* the shader's 32-bit vector index, with headroom */

/* Part k's output is dense in iteration order and starts 16-byte aligned; *elems its size. */
static bool part_dense(const struct plan *plan, uint32_t k, uint64_t *elems)
{
    const struct plan_part *part = &plan->parts[k];
    uint64_t stride = 1;
    for (uint32_t d = plan->rank; d-- > 0;)
    {
        if (part->strides[d] != (int64_t)stride)
            return false;
        stride *= d == plan->part_axis ? plan_part_extent(plan, k) : plan->dims[d].size;
    }
    *elems = stride;
    return part->base >= 0 && (uint64_t)part->base * plan->elem_bytes % VEC_BYTES == 0 &&
           stride <= MAX_THREADS;
}

/* A single part whose output is rows with gaps (JOIN's per-input copies write every other run of
 * the output): the dims from some j on dense (a row), those before dense at a pitch larger than
 * the row; row, pitch and base whole vectors. Sets spec->out_row and out_pitch; *elems the
 * part's size. */
static bool part_rows(const struct plan *plan, struct plan_spec *spec, uint64_t *elems)
{
    const struct plan_part *part = &plan->parts[0];
    uint64_t row = 1, pitch, outer;
    uint32_t d = plan->rank;

    if (plan->part_count != 1)
        return false;
    for (; d > 0 && part->strides[d - 1] == (int64_t)row; --d)
        row *= plan->dims[d - 1].size;
    if (d == 0 || d == plan->rank || part->strides[d - 1] <= (int64_t)row)
        return false;
    pitch = outer = (uint64_t)part->strides[d - 1];
    for (uint32_t o = d; o-- > 0; outer *= plan->dims[o].size)
        if (part->strides[o] != (int64_t)outer)
            return false;
    *elems = row;
    for (uint32_t o = 0; o < d; ++o)
        *elems *= plan->dims[o].size;
    if (part->base < 0 || (uint64_t)part->base * plan->elem_bytes % VEC_BYTES ||
        row * plan->elem_bytes % VEC_BYTES || pitch * plan->elem_bytes % VEC_BYTES ||
        pitch > UINT32_MAX || *elems > MAX_THREADS)
        return false;
    spec->out_row = (uint32_t)row;
    spec->out_pitch = (uint32_t)pitch;
    return true;
}

/* A periodic dim whose pads reach at most one period: one fold, no remainder. */
static bool pads_near(const struct plan_dim *dim)
{
    uint32_t n = dim->in_size, ps = (uint32_t)dim->pad_start, pe = dim->size - ps - n;
    switch (dim->map)
    {
    case PLAN_MAP_WRAP:
    case PLAN_MAP_SYMMETRIC:
        return ps <= n && pe <= n;
    case PLAN_MAP_REFLECT:
        return n >= 2 && ps < n && pe < n;
    default:
        return false;
    }
}

/* The last dim's values once more (the shader's LAST_*). */
static void spec_last_dim(struct plan_spec *spec, uint32_t last)
{
    spec->last_size = spec->size[last];
    spec->last_in_stride = spec->in_stride[last];
    spec->last_map = spec->map[last];
    spec->last_in_size = spec->in_size[last];
    spec->last_pad_start = spec->pad_start[last];
    spec->last_bias = spec->bias[last];
}

/* Dims, the input's extent and the periodic maps' bias; false when a value overflows. */
static bool spec_dims(const struct plan *plan, struct plan_spec *spec)
{
    int64_t last = plan->in_base;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        uint32_t n = dim->map == PLAN_MAP_AFFINE ? dim->size : dim->in_size,
                 p = (uint32_t)plan_map_period(dim->map, dim->in_size);
        uint64_t bias = ((uint64_t)dim->pad_start + p - 1) / p * p;
        if (n == 0 || bias + dim->size > UINT32_MAX)
            return false;
        spec->size[d] = dim->size;
        spec->in_stride[d] = dim->in_stride;
        spec->map[d] = dim->map;
        spec->in_size[d] = dim->in_size;
        spec->pad_start[d] = (uint32_t)dim->pad_start;
        spec->bias[d] = (uint32_t)bias;
        spec->flags |= pads_near(dim) ? DMLOPS_SPEC_FLAG_NEAR0 << d : 0;
        last += dim->in_stride > 0 ? (int64_t)(n - 1) * dim->in_stride : 0;
    }
    spec_last_dim(spec, plan->rank - 1);
    spec->in_base = plan->in_base;
    spec->in_limit = (uint64_t)(last + 1) * plan->elem_bytes;
    return true;
}

/* The innermost axis split into parts whose rows are whole vectors, read straight along. */
static bool row_split(const struct plan *plan)
{
    uint32_t last = plan->rank - 1, e = plan->elem_bytes;
    if (plan->part_count == 1 || plan->part_axis != last || plan->dims[last].in_stride != 1)
        return false;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        if ((uint64_t)plan_part_extent(plan, k) * e % VEC_BYTES)
            return false;
    }
    return true;
}

/* Row walks: row-major, or in blocks of ROW_BLOCK rows when every part's row (parts: the
 * spec's first, or all alike) is at most SHORT_ROW_BYTES (stores along rows would be too short,
 * measured on the H100 for 16-byte rows; long rows keep row-major order, blocks would scatter
 * their stores). The thread count. */
#define SHORT_ROW_BYTES 32u
static uint64_t spec_rows(const struct plan *plan, uint32_t parts, struct plan_spec *spec)
{
    uint64_t rows = plan->count / plan->dims[plan->rank - 1].size, vectors;
    bool short_rows = true;
    for (uint32_t k = 0; k < parts && k < PLAN_SPEC_PARTS; ++k)
        short_rows &= (uint64_t)spec->ext[k] * plan->elem_bytes <= SHORT_ROW_BYTES;
    spec->mode = short_rows ? PLAN_SPEC_MODE_ROW_BLOCKS : PLAN_SPEC_MODE_ROW_SPLIT;
    spec->vrow = plan->dims[plan->rank - 1].size * plan->elem_bytes / VEC_BYTES;
    vectors = short_rows
                  ? (rows + DMLOPS_ROW_BLOCK - 1) / DMLOPS_ROW_BLOCK * DMLOPS_ROW_BLOCK * spec->vrow
                  : rows * spec->vrow;
    spec->vtotal = (uint32_t)(vectors <= MAX_THREADS ? vectors : 0);
    return vectors;
}

/* Parts beyond the tables are described by part 0 (DMLOPS_SPEC_FLAG_UNIFORM), so every part
 * must be like it. */
static bool uniform_parts(const struct plan *plan)
{
    const struct plan_part *first = &plan->parts[0];
    for (uint32_t k = 1; k < plan->part_count; ++k)
    {
        const struct plan_part *part = &plan->parts[k];
        if (plan_part_extent(plan, k) != plan_part_extent(plan, 0) || part->base != first->base ||
            part->slot != first->slot + k)
            return false;
    }
    return true;
}

static bool spec_parts(const struct plan *plan, struct plan_spec *spec)
{
    uint64_t vectors = 0;
    if (plan->part_count > PLAN_SPEC_PARTS)
    {
        if (!uniform_parts(plan))
            return false;
        spec->flags |= DMLOPS_SPEC_FLAG_UNIFORM;
    }
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        uint64_t elems;
        if (!part_dense(plan, k, &elems) && !part_rows(plan, spec, &elems))
            return false;
        if (k < PLAN_SPEC_PARTS)
        {
            spec->vstart[k] = (uint32_t)vectors;
            spec->ext[k] = plan_part_extent(plan, k);
            spec->elems[k] = (uint32_t)elems;
            spec->begin[k] = plan->parts[k].axis_begin;
            spec->out_base[k] = (uint64_t)plan->parts[k].base * plan->elem_bytes;
            spec->out_slot[k] = plan->parts[k].slot;
        }
        vectors += (elems * plan->elem_bytes + VEC_BYTES - 1) / VEC_BYTES;
        if (vectors > MAX_THREADS)
            return false;
    }
    for (uint32_t k = plan->part_count; k < PLAN_SPEC_PARTS; ++k)
        spec->vstart[k] = UINT32_MAX;
    spec->vtotal = (uint32_t)vectors;
    if (row_split(plan))
        vectors = spec_rows(plan, plan->part_count, spec);
    return vectors <= MAX_THREADS;
}

#define TILE ((uint32_t)DMLOPS_TILE_SIDE)
#define TILE_THREADS ((uint32_t)(DMLOPS_TILE_SIDE * DMLOPS_TILE_ROWS))
#define TILE_MIN_SIDE 8u                            /* sides this short are not worth a tile */
#define TILE_ROW_BYTES(e) (4u * DMLOPS_TILE_WORD_SIDE(e)) /* tile.comp's words: a side's bytes */

static uint64_t magnitude(int64_t v)
{
    return v < 0 ? (uint64_t)-v : (uint64_t)v;
}

/* tile.comp's 4-byte path for 1- and 2-byte elements: every word it loads or stores is
 * aligned and lies whole inside the tensor (in_stride[b] is 1, the part base 16-aligned). */
static bool tile_words(const struct plan *plan, uint32_t b)
{
    uint32_t e = plan->elem_bytes, last = plan->rank - 1, k = 4 / e;
    if (e > 2 || plan->dims[b].size % k || plan->dims[last].size % k ||
        magnitude(plan->in_base) * e % 4)
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        if (d != b && magnitude(plan->dims[d].in_stride) * e % 4)
            return false;
        if (magnitude(plan->parts[0].strides[d]) * e % 4 && d != last)
            return false;
    }
    return true;
}

/* A single dense part whose innermost dim reads with a stride while another dim reads
 * contiguously: tiled through shared memory (tile.comp), the batch being every other dim. */
static void tile_transpose(const struct plan *plan, struct plan_spec *spec)
{
    uint32_t last = plan->rank - 1, b = last;
    int64_t s = plan->dims[last].in_stride;
    if (plan->part_count != 1 || plan->kernel != PLAN_KERNEL_COPY || s == 1 || s == -1 ||
        plan->dims[last].size < TILE_MIN_SIDE)
        return;
    for (uint32_t d = 0; d < last; ++d)
        b = plan->dims[d].in_stride == 1 && plan->dims[d].size >= TILE_MIN_SIDE ? d : b;
    if (b == last)
        return;
    bool words = tile_words(plan, b);
    uint32_t side = words ? TILE_ROW_BYTES(plan->elem_bytes) / plan->elem_bytes : TILE;
    uint64_t groups = 1;
    for (uint32_t d = 0; d < last; ++d)
        groups *= d == b ? (plan->dims[d].size + side - 1) / side : plan->dims[d].size;
    groups *= (plan->dims[last].size + side - 1) / side;
    if (groups * TILE_THREADS > MAX_THREADS)
        return;
    for (uint32_t d = 0; d < plan->rank; ++d)
        spec->out_stride[d] = (uint64_t)plan->parts[0].strides[d];
    spec->mode = PLAN_SPEC_MODE_TILE;
    spec->flags |= words ? DMLOPS_SPEC_FLAG_WORDS : 0;
    spec->tile_dim = b;
    spec->vtotal = (uint32_t)(groups * TILE_THREADS);
}

/* Some 16-byte window of some part's dense output spans two rows. */
static bool rows_cross(const struct plan *plan)
{
    uint32_t last = plan->rank - 1;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        uint32_t width = plan->part_axis == last ? plan_part_extent(plan, k) : plan->dims[last].size;
        if ((uint64_t)width * plan->elem_bytes % VEC_BYTES)
            return true;
    }
    return false;
}

/* Border and row-crossing windows from row chunks (vec_chunks.glsl): every part's rows hold
 * two vectors, and a padded last dim's pads are at most a vector wide with the second and the
 * last-but-one vector of the row free of pad. */
static bool chunks_fit(const struct plan *plan)
{
    uint32_t last = plan->rank - 1, vec = VEC_BYTES / plan->elem_bytes;
    const struct plan_dim *dim = &plan->dims[last];
    if (vec < 2)
        return false;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        if ((plan->part_axis == last ? plan_part_extent(plan, k) : dim->size) < 2 * vec)
            return false;
    }
    if (dim->map == PLAN_MAP_AFFINE)
        return rows_cross(plan);
    uint32_t ps = (uint32_t)dim->pad_start, n = dim->in_size, pe = dim->size - ps - n;
    return ps <= vec && pe <= vec && ps + n >= 2 * vec && n + pe >= 2 * vec;
}

#define GROUP_BYTES ((uint32_t)DMLOPS_GROUP_BYTES)
#define GROUP_THREADS DMLOPS_WORKGROUP_SIZE

/* Per element of a thread's rows (vec_groups.glsl): row << 6 | input column, 0xFF the pad. */
static void group_table(const struct plan *plan, uint32_t rows, struct plan_spec *spec)
{
    const struct plan_dim *dim = &plan->dims[plan->rank - 1];
    unsigned char *table = (unsigned char *)spec->gtab;
    memset(spec->gtab, 0xFF, sizeof(spec->gtab));
    for (uint32_t e = 0; e < rows * dim->size; ++e)
    {
        int64_t i = plan_dim_map(dim, e % dim->size);
        table[e] = i < 0 ? 0xFF : (unsigned char)(e / dim->size << 6 | (uint32_t)i);
    }
}

/* One part of short rows that 16-byte windows would cross or pad: whole rows per thread
 * (vec_groups.glsl), a multiple of 4 bytes, staged through shared memory. */
static bool row_groups(const struct plan *plan, struct plan_spec *spec)
{
    uint32_t last = plan->rank - 1, width = plan->dims[last].size;
    uint64_t row = (uint64_t)width * plan->elem_bytes;
    if (plan->part_count != 1 || row > GROUP_BYTES)
        return false;
    if (plan->dims[last].map == PLAN_MAP_AFFINE && row % VEC_BYTES == 0)
        return false; /* windows never cross rows */
    /* Whole 4-byte words per thread: VROW (at most vec_groups.glsl's GROUP_ROWS) rows. */
    _Static_assert(DMLOPS_GROUP_ROWS == 4, "a thread takes 1, 2 or 4 rows");
    uint32_t rows_per_thread = row % 4 == 0 ? 1 : row % 2 == 0 ? 2 : 4;
    if (rows_per_thread * row > GROUP_BYTES)
        return false;
    uint64_t threads = (plan->count / width + rows_per_thread - 1) / rows_per_thread;
    threads = (threads + GROUP_THREADS - 1) / GROUP_THREADS * GROUP_THREADS;
    if (threads > MAX_THREADS)
        return false;
    spec->mode = PLAN_SPEC_MODE_ROW_GROUPS;
    spec->vrow = rows_per_thread;
    spec->vtotal = (uint32_t)threads;
    spec->stage_words = (uint32_t)(GROUP_THREADS * rows_per_thread * row / 4);
    group_table(plan, rows_per_thread, spec);
    const struct plan_dim *dim = &plan->dims[last];
    if ((dim->map == PLAN_MAP_AFFINE ? dim->size : dim->in_size) <= 4)
        spec->flags |= DMLOPS_SPEC_FLAG_FEW_COLS;
    return true;
}

/* Rows of at most this many bytes (three warps' stores) put a border or row-crossing window
 * into most warps: every window is then built from two chunks, so that a warp's loads go out
 * in one round. Measured on the H100 with padded rows of 1032 bytes (2-byte elements): 0.88-0.92
 * of the copy ceiling one window at a time, 0.91-0.97 paired; at 2064 bytes neither wins. */
#define PAIRED_ROW_BYTES 1536u

/* Rows that 16-byte windows cross or pad: chunks for rows of GROUP_BYTES and more, whole rows
 * per thread below that (or where chunks do not fit). */
static void spec_short_rows(const struct plan *plan, struct plan_spec *spec)
{
    bool chunks = chunks_fit(plan);
    uint64_t row = (uint64_t)plan->dims[plan->rank - 1].size * plan->elem_bytes;
    if ((!chunks || row < GROUP_BYTES) && row_groups(plan, spec))
        return;
    spec->flags |= chunks ? DMLOPS_SPEC_FLAG_CHUNKS : 0;
    if (chunks && row <= PAIRED_ROW_BYTES)
        spec->flags |= DMLOPS_SPEC_FLAG_PAIRED;
}

static void spec_pad(const struct plan *plan, struct plan_spec *spec)
{
    unsigned char *pad = (unsigned char *)spec->pad;
    for (uint32_t at = 0; at < VEC_BYTES; at += plan->elem_bytes)
        memcpy(pad + at, plan->pad_value, plan->elem_bytes);
}

/* A padded dim that is not a plain padding (a pre-map of scale other than 1, or an input that
 * does not lie whole inside the output): the generic kernels' business. */
static bool has_step(const struct plan *plan)
{
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        if (dim->map != PLAN_MAP_AFFINE &&
            (plan_dim_step(dim) != 1 || dim->pad_start < 0 ||
             dim->pad_start + (int64_t)dim->in_size > (int64_t)dim->size))
            return true;
    }
    return false;
}

/* Input part k is dense rows of whole vectors (its extent along the last axis), 16-byte aligned;
 * like part 0 where required (UNIFORM). */
static bool in_part_rows(const struct plan *plan, uint32_t k, bool uniform)
{
    const struct plan_part *part = &plan->in_parts[k], *first = &plan->in_parts[0];
    uint32_t last = plan->rank - 1, ext = plan_in_part_extent(plan, k);
    uint64_t stride = 1;
    for (uint32_t d = plan->rank; d-- > 0; stride *= d == last ? ext : plan->dims[d].size)
        if (part->strides[d] != (int64_t)stride)
            return false;
    if (uniform && (ext != plan_in_part_extent(plan, 0) || part->base != first->base ||
                    part->slot != first->slot + k))
        return false;
    return part->base >= 0 && (uint64_t)part->base * plan->elem_bytes % VEC_BYTES == 0 &&
           (uint64_t)ext * plan->elem_bytes % VEC_BYTES == 0;
}

/* A JOIN along the innermost axis whose inputs are dense rows of whole vectors, into one dense
 * output: the mirror of a row split (DMLOPS_SPEC_FLAG_JOIN), walking the output's rows. */
static bool join_rows(const struct plan *plan, struct plan_spec *spec)
{
    uint32_t last = plan->rank - 1, n = plan->in_part_count;
    uint64_t elems, rows = plan->count / plan->dims[last].size;
    bool uniform = n > PLAN_SPEC_PARTS;
    if (plan->in_part_axis != last || plan->part_count != 1 || n < 2 ||
        !part_dense(plan, 0, &elems))
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return false;
    for (uint32_t k = 0; k < n; ++k)
    {
        if (!in_part_rows(plan, k, uniform))
            return false;
        if (k >= PLAN_SPEC_PARTS)
            continue;
        spec->ext[k] = plan_in_part_extent(plan, k);
        spec->elems[k] = (uint32_t)(rows * spec->ext[k]);
        spec->begin[k] = plan->in_parts[k].axis_begin;
        spec->out_base[k] = (uint64_t)plan->in_parts[k].base * plan->elem_bytes;
        spec->out_slot[k] = plan->in_parts[k].slot;
    }
    spec->flags |= DMLOPS_SPEC_FLAG_JOIN | (uniform ? DMLOPS_SPEC_FLAG_UNIFORM : 0);
    spec->parts = n;
    spec->part_axis = last;
    spec->in_slot = plan->parts[0].slot;
    spec->in_base = plan->parts[0].base;
    spec->in_limit = (uint64_t)(plan->parts[0].base + (int64_t)elems) * plan->elem_bytes;
    for (uint32_t d = 0; d < plan->rank; ++d)
        spec->size[d] = plan->dims[d].size;
    spec_last_dim(spec, last);
    return spec_rows(plan, n, spec) <= MAX_THREADS;
}

/* DILATE maps are the move kernel's alone. */
static bool has_dilate(const struct plan *plan)
{
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].map == PLAN_MAP_DILATE)
            return true;
    return false;
}

/* The vector walks (vec*.comp, tile.comp), when the plan fits one. */
static bool spec_vectors(const struct plan *plan, struct plan_spec *spec)
{
    memset(spec, 0, sizeof(*spec));
    if (plan->in_base < 0 || VEC_BYTES % plan->elem_bytes || has_step(plan) || has_dilate(plan) ||
        plan->in_part_count == 1)
        return false;
    spec->mode = PLAN_SPEC_MODE_PARTS;
    spec->rank = plan->rank;
    spec->stage_words = 1;
    spec_pad(plan, spec);
    if (plan->in_part_count)
        return join_rows(plan, spec);
    spec->parts = plan->part_count;
    spec->part_axis = plan->part_axis;
    spec->in_slot = plan->in_slot;
    spec->vrow = 1;
    if (!spec_dims(plan, spec) || !spec_parts(plan, spec))
        return false;
    if (spec->out_row) /* the tiled transposer and row groups write dense outputs */
        return true;
    tile_transpose(plan, spec);
    if (spec->mode == PLAN_SPEC_MODE_PARTS)
        spec_short_rows(plan, spec);
    return true;
}

/* MODE_MOVE: the move kernel's walk, one unit per thread, with the whole plan in constants
 * (plan_spec_constants.h says which): no output dense, no vector alignment needed; output and
 * input parts share the part tables. */
static bool move_fits(const struct plan *plan)
{
    if ((uint64_t)plan->part_count + plan->in_part_count > DMLOPS_MOVE_PARTS ||
        plan->count > MAX_THREADS)
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].pad_start < INT32_MIN || plan->dims[d].pad_start > INT32_MAX)
            return false;
    return true;
}

/* Record k of MODE_MOVE's part tables: the output parts, then the input parts (the parameter
 * block's order, which the shader's accessors assume in both). */
static const struct plan_part *move_record(const struct plan *plan, uint32_t k)
{
    return k < plan->part_count ? &plan->parts[k] : &plan->in_parts[k - plan->part_count];
}

static void move_records(const struct plan *plan, struct plan_spec *spec)
{
    uint64_t *strides[DMLOPS_MOVE_PARTS] = {spec->out_stride, spec->out_stride_1,
                                            spec->out_stride_2, spec->out_stride_3};
    for (uint32_t k = 0; k < plan->part_count + plan->in_part_count; ++k)
    {
        const struct plan_part *part = move_record(plan, k);
        spec->begin[k] = part->axis_begin;
        spec->out_base[k] = (uint64_t)(part->base * plan->elem_bytes); /* bytes, every record */
        spec->out_slot[k] = part->slot;
        for (uint32_t d = 0; d < plan->rank; ++d)
            strides[k][d] = (uint64_t)part->strides[d];
    }
}

/* Every 16 output bytes in a row lie in one row of one part, 16-byte aligned (vectors of at
 * least two units): each part's last dim at unit stride with whole vectors of extent, its base
 * and outer strides whole vectors. */
static bool move_packed(const struct plan *plan)
{
    uint32_t e = plan->elem_bytes, last = plan->rank - 1;
    if (VEC_BYTES % e || VEC_BYTES / e < 2)
        return false;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        const struct plan_part *part = &plan->parts[k];
        uint32_t width =
            plan->part_axis == last ? plan_part_extent(plan, k) : plan->dims[last].size;
        if (part->strides[last] != 1 || (uint64_t)width * e % VEC_BYTES ||
            magnitude(part->base) * e % VEC_BYTES)
            return false;
        for (uint32_t d = 0; d < last; ++d)
            if (magnitude(part->strides[d]) * e % VEC_BYTES)
                return false;
    }
    return true;
}

/* The move kernel's constants: the plan's dims and parts, one unit per thread. */
static void move_constants(const struct plan *plan, struct plan_spec *spec)
{
    spec->rank = plan->rank;
    spec->parts = plan->part_count;
    spec->part_axis = plan->part_axis;
    spec->in_parts = plan->in_part_count;
    spec->in_part_axis = plan->in_part_count ? plan->in_part_axis : 0; /* one pipeline per shape */
    spec->in_base = plan->in_base;
    spec->in_slot = plan->in_slot;
    spec->vtotal = (uint32_t)plan->count;
    spec->slot_mask = plan->slot_count <= DMLOPS_PUSH_SLOTS ? plan_slot_mask(plan) : 0;
    spec_pad(plan, spec);
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        spec->size[d] = dim->size;
        spec->in_stride[d] = dim->in_stride;
        spec->map[d] = dim->map;
        spec->in_size[d] = dim->in_size;
        spec->pad_start[d] = (uint32_t)(int32_t)dim->pad_start;
        spec->step[d] = dim->step;
    }
    move_records(plan, spec);
}

/* A 16-byte vector per thread where the output allows it. */
static void move_pack(const struct plan *plan, struct plan_spec *spec)
{
    if (!move_packed(plan))
        return;
    spec->flags |= DMLOPS_SPEC_FLAG_PACKED;
    spec->vtotal /= VEC_BYTES / plan->elem_bytes;
}

/* The packed walk reads a vector's units from one input part, picked by the vector's outer
 * coordinates: input parts along the last dim (a JOIN of rows, whose vectors may span two
 * parts) stay one unit per thread. */
static bool in_parts_pack(const struct plan *plan)
{
    return plan->in_part_count == 0 || plan->in_part_axis != plan->rank - 1;
}

static bool spec_move(const struct plan *plan, struct plan_spec *spec)
{
    memset(spec, 0, sizeof(*spec));
    if (!move_fits(plan))
        return false;
    spec->mode = PLAN_SPEC_MODE_MOVE;
    move_constants(plan, spec);
    if (in_parts_pack(plan))
        move_pack(plan, spec);
    return true;
}

/* ZIP (MODE_MOVE with DMLOPS_SPEC_FLAG_ZIP): a transpose of a small dim J (2 to ZIP_MAX) with
 * the innermost dim X, where one side holds (x, j) interleaved (J at unit stride, X at stride
 * |J|) and the other each j's run of x contiguous (X at unit stride, the runs whole vectors
 * apart): DEPTH_TO_SPACE and SPACE_TO_DEPTH of block 2 to 4, NHWC <-> NCHW of 2 to 4 channels,
 * which the tiled transpose does not take (a side under TILE_MIN_SIDE). X is the last dim, or
 * the one before a last J. A thread moves V = 16 / elem_bytes x-values times every j, |J| whole
 * vectors on each side, reordered in registers: every load and store is a 16-byte vector where
 * an element at a time left a sector half used or took a load per byte. */
#define ZIP_MAX ((uint32_t)DMLOPS_ZIP_MAX)

/* One side's strides of X and J: interleaved, or runs whole vectors apart. */
static bool zip_side(int64_t sx, int64_t sj, uint32_t b, uint32_t e, bool *interleaved)
{
    *interleaved = sj == 1 && sx == (int64_t)b;
    return *interleaved || (sx == 1 && magnitude(sj) * e % VEC_BYTES == 0);
}

/* Dims x and j as ZIP's X and J: one side interleaved (*out_zipped: the output), the other in
 * runs, every other stride and both bases whole vectors. */
static bool zip_dims(const struct plan *plan, uint32_t x, uint32_t j, bool *out_zipped)
{
    const struct plan_part *out = &plan->parts[0];
    uint32_t e = plan->elem_bytes, b = plan->dims[j].size;
    bool in_zipped;
    if (b < 2 || b > ZIP_MAX || plan->dims[x].size % (VEC_BYTES / e) ||
        !zip_side(plan->dims[x].in_stride, plan->dims[j].in_stride, b, e, &in_zipped) ||
        !zip_side(out->strides[x], out->strides[j], b, e, out_zipped) || in_zipped == *out_zipped)
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (d != x && d != j &&
            (magnitude(plan->dims[d].in_stride) * e % VEC_BYTES ||
             magnitude(out->strides[d]) * e % VEC_BYTES))
            return false;
    return magnitude(plan->in_base) * e % VEC_BYTES == 0 &&
           magnitude(out->base) * e % VEC_BYTES == 0;
}

/* A thread's block on an interleaved output side is J vectors: at an odd J not whole 32-byte
 * sectors, and each store of a warp left every sector partly written (J = 3, H100: 0.87 of the
 * ceiling). Those stores are staged through shared memory (dmlops_move.glsl: 1.00); at J = 2
 * DEPTH_TO_SPACE with staging measured 0.92-0.94 against 0.97 without (two H100 runs an hour
 * apart), so an even J stores directly. */
static uint32_t zip_flags(bool out_zipped, uint32_t b)
{
    return DMLOPS_SPEC_FLAG_ZIP | (out_zipped && b % 2 ? DMLOPS_SPEC_FLAG_ZIP_STAGED : 0);
}

static bool spec_zip(const struct plan *plan, struct plan_spec *spec)
{
    uint32_t last = plan->rank - 1, e = plan->elem_bytes;
    bool out_zipped;
    if (plan->kernel != PLAN_KERNEL_COPY || plan->in_part_count || plan->rank < 2 ||
        e > VEC_BYTES / 2)
        return false;
    for (uint32_t j = 0; j <= last; ++j)
    {
        uint32_t x = j == last ? last - 1 : last;
        if (!zip_dims(plan, x, j, &out_zipped) || !spec_move(plan, spec))
            continue;
        spec->flags = zip_flags(out_zipped, plan->dims[j].size);
        spec->zip_dim = j; /* the shader derives x from it */
        spec->vtotal = (uint32_t)(plan->count / (plan->dims[j].size * (VEC_BYTES / e)));
        return true;
    }
    return false;
}

/* MODE_FILL: fill.comp's generators with MODE_MOVE's constants, a band's input part as part 1
 * (output part 0 alone decides the packing), and the generator's fields. */
static bool spec_fill(const struct plan *plan, struct plan_spec *spec)
{
    struct plan_part parts[2] = {plan->parts[0]};
    struct plan with_input = *plan;
    with_input.parts = parts;
    with_input.part_count = 1 + plan->in_part_count;
    with_input.in_part_count = 0;
    if (plan->in_part_count)
        parts[1] = plan->in_parts[0];
    memset(spec, 0, sizeof(*spec));
    if (!move_fits(&with_input))
        return false;
    spec->mode = PLAN_SPEC_MODE_FILL;
    move_constants(&with_input, spec);
    move_pack(plan, spec);
    spec->parts = 1;
    spec->flags |= plan->in_part_count ? DMLOPS_SPEC_FLAG_FILL_INPUT : 0;
    spec->fill_start = (uint64_t)plan->fill.start;
    spec->fill_delta = (uint64_t)plan->fill.delta;
    spec->fill_begin = plan->fill.begin;
    spec->fill_end = plan->fill.end;
    spec->fill_kind = plan->fill.kind;
    spec->fill_type_bytes = plan->fill.type_bytes;
    return true;
}

static bool spec_walk(const struct plan *plan, uint64_t move_bytes, struct plan_spec *spec)
{
    if (plan->kernel == PLAN_KERNEL_FILL)
        return spec_fill(plan, spec);
    if (!plan_kernel_moves(plan->kernel))
        return false;
    if (plan->count * plan->elem_bytes <= move_bytes && spec_move(plan, spec))
        return true;
    return spec_zip(plan, spec) || spec_vectors(plan, spec) || spec_move(plan, spec);
}

/* Threads per workgroup (GROUP_SIZE) of each walk. The vector walks, MODE_MOVE and MODE_FILL
 * have a thread move a vector or two and end: at 64 the H100 started their workgroups slower than
 * they moved bytes. At 256 (one A/B call, 2026-12-07): the generators 0.55 -> 1.00 of the write
 * ceiling; with every kernel at 256, the broadcasting IDENTITY (a PARTS walk) 0.57 -> 1.02 of
 * the copy ceiling, the reversed W slice (PARTS) 0.70 -> 0.90 in L2 and 1.00 in DRAM both ways,
 * the tiny cases (MODE_MOVE) within noise. The tiles and ROW_GROUPS size their shared memory by
 * theirs; ZIP measured 1.00 -> 0.91 at 256. */
static uint32_t group_size(const struct plan_spec *spec)
{
    static const uint32_t sizes[] = {
        [PLAN_SPEC_MODE_PARTS] = DMLOPS_WIDE_WORKGROUP_SIZE,
        [PLAN_SPEC_MODE_ROW_SPLIT] = DMLOPS_WIDE_WORKGROUP_SIZE,
        [PLAN_SPEC_MODE_ROW_BLOCKS] = DMLOPS_WIDE_WORKGROUP_SIZE,
        [PLAN_SPEC_MODE_ROW_GROUPS] = GROUP_THREADS,
        [PLAN_SPEC_MODE_TILE] = TILE_THREADS,
        [PLAN_SPEC_MODE_MOVE] = DMLOPS_WIDE_WORKGROUP_SIZE,
        [PLAN_SPEC_MODE_FILL] = DMLOPS_WIDE_WORKGROUP_SIZE,
    };
    return spec->flags & DMLOPS_SPEC_FLAG_ZIP ? DMLOPS_WORKGROUP_SIZE : sizes[spec->mode];
}

bool plan_spec_from_plan(const struct plan *plan, uint64_t move_bytes, struct plan_spec *spec)
{
    memset(spec, 0, sizeof(*spec));
    if (plan->rank == 0 || plan->count == 0 || plan->arith || !spec_walk(plan, move_bytes, spec))
        return false;
    spec->group_size = group_size(spec);
    return true;
}

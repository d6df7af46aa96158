/* Plans as specialization constants of shaders/vec.comp. */
#include "spec.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>

#define VEC_BYTES 16u
#define MAX_THREADS (UINT32_MAX - 1024u) /* the shader's 32-bit vector index, with headroom */
#define ROW_BLOCK 32u                    /* rows per thread block in vec.comp's walk_rows */

/* Runs of consecutive constant ids over arrays of the struct. */
static const struct
{
    uint32_t first_id;
    uint32_t offset;
    uint32_t size;
    uint32_t count;
} spec_runs[] = {
    {0, offsetof(struct dml_vk_spec, mode), 4, 4},
    {4, offsetof(struct dml_vk_spec, in_base), 8, 2},
    {6, offsetof(struct dml_vk_spec, vtotal), 4, 2},
    {8, offsetof(struct dml_vk_spec, pad), 4, 6},
    {16, offsetof(struct dml_vk_spec, size), 4, PLAN_MAX_RANK},
    {24, offsetof(struct dml_vk_spec, in_stride), 8, PLAN_MAX_RANK},
    {32, offsetof(struct dml_vk_spec, map), 4, PLAN_MAX_RANK},
    {40, offsetof(struct dml_vk_spec, in_size), 4, PLAN_MAX_RANK},
    {48, offsetof(struct dml_vk_spec, pad_start), 4, PLAN_MAX_RANK},
    {56, offsetof(struct dml_vk_spec, bias), 4, PLAN_MAX_RANK},
    {64, offsetof(struct dml_vk_spec, vstart), 4, DML_VK_SPEC_PARTS},
    {80, offsetof(struct dml_vk_spec, ext), 4, DML_VK_SPEC_PARTS},
    {96, offsetof(struct dml_vk_spec, elems), 4, DML_VK_SPEC_PARTS},
    {112, offsetof(struct dml_vk_spec, begin), 4, DML_VK_SPEC_PARTS},
    {128, offsetof(struct dml_vk_spec, out_base), 8, DML_VK_SPEC_PARTS},
    {144, offsetof(struct dml_vk_spec, out_slot), 4, DML_VK_SPEC_PARTS},
    {160, offsetof(struct dml_vk_spec, out_stride), 8, PLAN_MAX_RANK},
};

#define SPEC_ENTRIES (4 + 2 + 2 + 6 + 7 * PLAN_MAX_RANK + 6 * DML_VK_SPEC_PARTS)

static VkSpecializationMapEntry spec_entries[SPEC_ENTRIES];

static void spec_entries_fill(void)
{
    uint32_t n = 0;
    for (size_t r = 0; r < sizeof(spec_runs) / sizeof(spec_runs[0]); ++r)
    {
        for (uint32_t i = 0; i < spec_runs[r].count; ++i)
            spec_entries[n++] = (VkSpecializationMapEntry){
                spec_runs[r].first_id + i, spec_runs[r].offset + i * spec_runs[r].size,
                spec_runs[r].size};
    }
}

void dml_vk_spec_info(const struct dml_vk_spec *spec, VkSpecializationInfo *info)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, spec_entries_fill);
    *info = (VkSpecializationInfo){SPEC_ENTRIES, spec_entries, sizeof(*spec), spec};
}

/* Part k's extent along the part axis. */
static uint32_t part_extent(const struct plan *plan, uint32_t k)
{
    if (plan->part_count == 1)
        return plan->dims[plan->part_axis].size;
    uint32_t end =
        k + 1 < plan->part_count ? plan->parts[k + 1].axis_begin : plan->dims[plan->part_axis].size;
    return end - plan->parts[k].axis_begin;
}

/* Part k's output is dense in iteration order and starts 16-byte aligned; *elems its size. */
static bool part_dense(const struct plan *plan, uint32_t k, uint64_t *elems)
{
    const struct plan_part *part = &plan->parts[k];
    uint64_t stride = 1;
    for (uint32_t d = plan->rank; d-- > 0;)
    {
        if (part->strides[d] != (int64_t)stride)
            return false;
        stride *= d == plan->part_axis ? part_extent(plan, k) : plan->dims[d].size;
    }
    *elems = stride;
    return part->base >= 0 && (uint64_t)part->base * plan->elem_bytes % VEC_BYTES == 0 &&
           stride <= MAX_THREADS;
}

static uint32_t period(const struct plan_dim *dim)
{
    switch (dim->map)
    {
    case PLAN_MAP_WRAP:
        return dim->in_size;
    case PLAN_MAP_REFLECT:
        return dim->in_size > 1 ? 2 * (dim->in_size - 1) : 1;
    case PLAN_MAP_SYMMETRIC:
        return 2 * dim->in_size;
    default:
        return 1;
    }
}

/* Dims, the input's extent and the periodic maps' bias; false when a value overflows. */
static bool spec_dims(const struct plan *plan, struct dml_vk_spec *spec)
{
    int64_t last = plan->in_base;
    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        uint32_t n = dim->map == PLAN_MAP_AFFINE ? dim->size : dim->in_size, p = period(dim);
        uint64_t bias = ((uint64_t)dim->pad_start + p - 1) / p * p;
        if (n == 0 || bias + dim->size > UINT32_MAX)
            return false;
        spec->size[d] = dim->size;
        spec->in_stride[d] = dim->in_stride;
        spec->map[d] = dim->map;
        spec->in_size[d] = dim->in_size;
        spec->pad_start[d] = dim->pad_start;
        spec->bias[d] = (uint32_t)bias;
        last += dim->in_stride > 0 ? (int64_t)(n - 1) * dim->in_stride : 0;
    }
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
        if ((uint64_t)part_extent(plan, k) * e % VEC_BYTES)
            return false;
    }
    return true;
}

/* Row walks: row-major, or in blocks of ROW_BLOCK rows when every part's row is at most
 * SHORT_ROW_BYTES (stores along rows would be too short, measured on the H100 for 16-byte
 * rows; long rows keep row-major order, blocks would scatter their stores). The thread count. */
#define SHORT_ROW_BYTES 32u
static uint64_t spec_rows(const struct plan *plan, struct dml_vk_spec *spec)
{
    uint64_t rows = plan->count / plan->dims[plan->rank - 1].size, vectors;
    bool short_rows = true;
    for (uint32_t k = 0; k < plan->part_count; ++k)
        short_rows &= (uint64_t)part_extent(plan, k) * plan->elem_bytes <= SHORT_ROW_BYTES;
    spec->mode = short_rows ? DML_VK_SPEC_ROW_BLOCKS : DML_VK_SPEC_ROW_SPLIT;
    spec->vrow = plan->dims[plan->rank - 1].size * plan->elem_bytes / VEC_BYTES;
    vectors = short_rows ? (rows + ROW_BLOCK - 1) / ROW_BLOCK * ROW_BLOCK * spec->vrow
                         : rows * spec->vrow;
    spec->vtotal = (uint32_t)(vectors <= MAX_THREADS ? vectors : 0);
    return vectors;
}

static bool spec_parts(const struct plan *plan, struct dml_vk_spec *spec)
{
    uint64_t vectors = 0;
    for (uint32_t k = 0; k < plan->part_count; ++k)
    {
        uint64_t elems;
        if (!part_dense(plan, k, &elems))
            return false;
        spec->vstart[k] = (uint32_t)vectors;
        spec->ext[k] = part_extent(plan, k);
        spec->elems[k] = (uint32_t)elems;
        spec->begin[k] = plan->parts[k].axis_begin;
        spec->out_base[k] = (uint64_t)plan->parts[k].base * plan->elem_bytes;
        spec->out_slot[k] = plan->parts[k].slot;
        vectors += (elems * plan->elem_bytes + VEC_BYTES - 1) / VEC_BYTES;
    }
    for (uint32_t k = plan->part_count; k < DML_VK_SPEC_PARTS; ++k)
        spec->vstart[k] = UINT32_MAX;
    spec->vtotal = (uint32_t)vectors;
    if (row_split(plan))
        vectors = spec_rows(plan, spec);
    return vectors <= MAX_THREADS;
}

#define TILE 32u
#define TILE_THREADS 64u
#define TILE_MIN_SIDE 8u

/* A single dense part whose innermost dim reads with a stride while another dim reads
 * contiguously: tiled through shared memory (tile.comp), the batch being every other dim. */
static void tile_transpose(const struct plan *plan, struct dml_vk_spec *spec)
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
    uint64_t groups = 1;
    for (uint32_t d = 0; d < last; ++d)
        groups *= d == b ? (plan->dims[d].size + TILE - 1) / TILE : plan->dims[d].size;
    groups *= (plan->dims[last].size + TILE - 1) / TILE;
    if (groups * TILE_THREADS > MAX_THREADS)
        return;
    for (uint32_t d = 0; d < plan->rank; ++d)
        spec->out_stride[d] = (uint64_t)plan->parts[0].strides[d];
    spec->mode = DML_VK_SPEC_TILE;
    spec->tile_dim = b;
    spec->vtotal = (uint32_t)(groups * TILE_THREADS);
}

static void spec_pad(const struct plan *plan, struct dml_vk_spec *spec)
{
    unsigned char *pad = (unsigned char *)spec->pad;
    for (uint32_t at = 0; at < VEC_BYTES; at += plan->elem_bytes)
        memcpy(pad + at, plan->pad_value, plan->elem_bytes);
}

bool dml_vk_spec_from_plan(const struct plan *plan, struct dml_vk_spec *spec)
{
    memset(spec, 0, sizeof(*spec));
    if (plan->part_count > DML_VK_SPEC_PARTS || plan->rank == 0 || plan->count == 0 ||
        plan->in_base < 0 || VEC_BYTES % plan->elem_bytes)
        return false;
    spec->mode = DML_VK_SPEC_PARTS_MODE;
    spec->rank = plan->rank;
    spec->parts = plan->part_count;
    spec->part_axis = plan->part_axis;
    spec->in_slot = plan->in_slot;
    spec->vrow = 1;
    spec_pad(plan, spec);
    if (!spec_dims(plan, spec) || !spec_parts(plan, spec))
        return false;
    tile_transpose(plan, spec);
    return true;
}

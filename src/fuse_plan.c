/* Plans as values for fusion (fuse_internal.h): copied, narrowed to elements, cut along an axis,
 * put back together, finished as lowering finishes them, and priced in bytes. */
#include <stdlib.h>
#include <string.h>

#include "fuse_internal.h"
#include "lower.h"
#include "plan_spec.h"

#define SECTOR_BYTES 32 /* what DRAM moves for a lone element */

/* Whether x * k overflows, for every scaled field of plan. */
static bool part_fits(const struct plan_part *part, uint32_t rank, int64_t k)
{
    int64_t unused;
    bool fits = !__builtin_mul_overflow(part->base, k, &unused);

    for (uint32_t d = 0; d < rank; ++d)
        fits &= !__builtin_mul_overflow(part->strides[d], k, &unused);
    return fits;
}

static bool narrow_fits(const struct plan *plan, int64_t k)
{
    int64_t unused;
    uint64_t count;
    bool fits = !__builtin_mul_overflow(plan->in_base, k, &unused) &&
                !__builtin_mul_overflow(plan->count, (uint64_t)k, &count);

    for (uint32_t d = 0; d < plan->rank; ++d)
        fits &= !__builtin_mul_overflow(plan->dims[d].in_stride, k, &unused);
    for (uint32_t i = 0; i < plan->part_count; ++i)
        fits &= part_fits(&plan->parts[i], plan->rank, k);
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        fits &= part_fits(&plan->in_parts[j], plan->rank, k);
    return fits;
}

static void scale_part(struct plan_part *part, uint32_t rank, int64_t k)
{
    part->base *= k;
    for (uint32_t d = 0; d < rank; ++d)
        part->strides[d] *= k;
    part->strides[rank] = 1;
}

bool fuse_plan_moves(const struct plan *plan)
{
    static const bool moves[PLAN_KERNEL_COUNT] = {
        [PLAN_KERNEL_COPY] = true,
        [PLAN_KERNEL_SPLIT] = true,
        [PLAN_KERNEL_PAD] = true,
        [PLAN_KERNEL_GENERAL] = true,
    };

    if (plan->kernel >= PLAN_KERNEL_COUNT || !moves[plan->kernel] || plan->arith)
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].map == PLAN_MAP_DILATE)
            return false;
    return true;
}

bool fuse_narrow(struct plan *plan, uint32_t elem)
{
    uint32_t r = plan->rank, k = elem ? plan->elem_bytes / elem : 0;

    if (!k || plan->elem_bytes % elem || !fuse_plan_moves(plan))
        return false;
    if (k == 1)
        return true;
    if (r >= PLAN_MAX_RANK || !narrow_fits(plan, k))
        return false;
    plan->in_base *= k;
    plan->count *= k;
    for (uint32_t d = 0; d < r; ++d)
        plan->dims[d].in_stride *= k;
    for (uint32_t i = 0; i < plan->part_count; ++i)
        scale_part(&plan->parts[i], r, k);
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        scale_part(&plan->in_parts[j], r, k);
    plan->dims[r] = (struct plan_dim){.size = k, .in_stride = 1, .map = PLAN_MAP_AFFINE};
    plan->rank = r + 1;
    plan->elem_bytes = elem;
    return true;
}

/* The parts of a list that meet [lo, hi) of their axis, made relative to lo (along: the list's
 * axis is the one cut), or every part shifted by lo along axis (a list along another axis, or
 * one part). */
static void cut_parts(struct plan_part *parts, uint32_t *count, bool along, uint32_t axis,
                      uint32_t size, uint32_t lo, uint32_t hi)
{
    uint32_t kept = 0;

    for (uint32_t k = 0; k < *count; ++k)
    {
        uint32_t begin = parts[k].axis_begin, end = k + 1 < *count ? parts[k + 1].axis_begin : size;
        struct plan_part part = parts[k];

        if (!along)
        {
            parts[k].base += (int64_t)lo * parts[k].strides[axis];
            continue;
        }
        if (end <= lo || begin >= hi)
            continue;
        begin = begin > lo ? begin : lo;
        part.base += (int64_t)(begin - part.axis_begin) * part.strides[axis];
        part.axis_begin = begin - lo;
        parts[kept++] = part; /* kept <= k: the next part is still unread */
    }
    if (along)
        *count = kept;
}

/* The plain input of a plan whose input parts came down to one. */
static void single_input(struct plan *plan)
{
    const struct plan_part part = plan->in_parts[0];

    plan->in_slot = part.slot;
    plan->in_base = part.base;
    for (uint32_t d = 0; d < plan->rank; ++d)
        plan->dims[d].in_stride = part.strides[d];
    free(plan->in_parts);
    plan->in_parts = NULL;
    plan->in_part_count = 0;
    plan->in_part_axis = 0;
}

bool fuse_restrict(const struct plan *plan, uint32_t axis, uint32_t lo, uint32_t hi,
                   struct plan *out)
{
    uint32_t size = plan->dims[axis].size;
    struct plan_dim *dim;

    if (lo >= hi || hi > size || !plan_clone(plan, out))
        return false;
    dim = &out->dims[axis];
    cut_parts(out->parts, &out->part_count, plan->part_count > 1 && plan->part_axis == axis, axis,
              size, lo, hi);
    if (out->in_part_count > 1 && out->in_part_axis == axis)
        cut_parts(out->in_parts, &out->in_part_count, true, axis, size, lo, hi);
    else if (dim->map != PLAN_MAP_AFFINE) /* x = a (c + lo) - s */
        dim->pad_start -= (int64_t)plan_dim_step(dim) * lo;
    else if (out->in_part_count)
        cut_parts(out->in_parts, &out->in_part_count, false, axis, size, lo, hi);
    else
        out->in_base += (int64_t)lo * dim->in_stride;
    if (out->in_part_count == 1)
        single_input(out);
    if (out->part_count == 1)
        out->parts[0].axis_begin = 0;
    dim->size = hi - lo;
    out->count = out->count / size * dim->size;
    return true;
}

/* One side of a plan seen along an axis: a list of parts (a plain input or a single output part
 * is a list of one), or parts along another axis (cross). */
struct side
{
    const struct plan_part *parts;
    uint32_t count, axis;
    bool cross;
    struct plan_part single;
};

static void output_side(const struct plan *plan, uint32_t axis, struct side *side)
{
    side->parts = plan->parts;
    side->count = plan->part_count;
    side->axis = plan->part_axis;
    side->cross = plan->part_count > 1 && plan->part_axis != axis;
}

static void input_side(const struct plan *plan, uint32_t axis, struct side *side)
{
    if (plan->in_part_count)
    {
        side->parts = plan->in_parts;
        side->count = plan->in_part_count;
        side->axis = plan->in_part_axis;
        side->cross = plan->in_part_axis != axis;
        return;
    }
    memset(&side->single, 0, sizeof(side->single));
    side->single.slot = plan->in_slot;
    side->single.base = plan->in_base;
    for (uint32_t d = 0; d < plan->rank; ++d)
        side->single.strides[d] = plan->dims[d].in_stride;
    side->parts = &side->single;
    side->count = 1;
    side->cross = false;
}

struct merging
{
    const struct plan *a, *b;
    const uint32_t *a_tensors, *b_tensors; /* per slot */
    uint32_t axis, a_size;
};

/* b's part continues a's: the same tensor and strides, b's base where a's run ends. */
static bool continues(const struct merging *m, const struct plan_part *pa, uint32_t a_extent,
                      const struct plan_part *pb)
{
    int64_t end;

    if (m->a_tensors[pa->slot] != m->b_tensors[pb->slot] ||
        memcmp(pa->strides, pb->strides, m->a->rank * sizeof(pa->strides[0])) ||
        __builtin_mul_overflow((int64_t)a_extent, pa->strides[m->axis], &end))
        return false;
    return pb->base == pa->base + end;
}

/* The merged list of one side (out: allocated, *count of them); false when they do not fit. */
static bool merge_side(const struct merging *m, const struct side *sa, const struct side *sb,
                       struct plan_part **out, uint32_t *count, uint32_t *axis)
{
    uint32_t n = 0, last_begin;

    if (sa->cross || sb->cross)
    {
        if (!sa->cross || !sb->cross || sa->axis != sb->axis || sa->count != sb->count)
            return false;
        for (uint32_t k = 0; k < sa->count; ++k)
            if (sa->parts[k].axis_begin != sb->parts[k].axis_begin ||
                !continues(m, &sa->parts[k], m->a_size, &sb->parts[k]))
                return false;
        *axis = sa->axis;
        *count = sa->count;
        return (*out = plan_parts_copy(sa->parts, sa->count)) != NULL;
    }
    if (!(*out = malloc(((size_t)sa->count + sb->count) * sizeof(**out))))
        return false;
    memcpy(*out, sa->parts, sa->count * sizeof(**out));
    n = sa->count;
    last_begin = sa->parts[n - 1].axis_begin;
    for (uint32_t k = 0; k < sb->count; ++k)
    {
        struct plan_part part = sb->parts[k];

        if (k == 0 && continues(m, &sa->parts[n - 1], m->a_size - last_begin, &part))
            continue; /* a's last part runs on into b */
        part.slot += m->a->slot_count;
        part.axis_begin += m->a_size;
        (*out)[n++] = part;
    }
    *axis = m->axis;
    *count = n;
    return true;
}

/* The same map on every dimension but axis (unpadded in both), and the same pad value. */
static bool same_maps(const struct plan *a, const struct plan *b, uint32_t axis)
{
    bool constant = false;

    if (a->rank != b->rank || a->elem_bytes != b->elem_bytes || !fuse_plan_moves(a) ||
        !fuse_plan_moves(b) || a->dims[axis].map != PLAN_MAP_AFFINE ||
        b->dims[axis].map != PLAN_MAP_AFFINE)
        return false;
    for (uint32_t d = 0; d < a->rank; ++d)
    {
        const struct plan_dim *x = &a->dims[d], *y = &b->dims[d];

        if (d == axis)
            continue;
        if (x->size != y->size || x->map != y->map ||
            (x->map != PLAN_MAP_AFFINE &&
             (x->in_size != y->in_size || x->pad_start != y->pad_start ||
              plan_dim_step(x) != plan_dim_step(y))))
            return false;
        constant |= x->map == PLAN_MAP_CONSTANT;
    }
    return !constant || !memcmp(a->pad_value, b->pad_value, a->elem_bytes);
}

static uint32_t unit_limit(const struct plan *plan)
{
    return plan->max_unit_bytes ? plan->max_unit_bytes : plan->elem_bytes;
}

bool fuse_merge(const struct plan *a, const uint32_t *a_tensors, const struct plan *b,
                const uint32_t *b_tensors, uint32_t axis, struct plan *out)
{
    struct merging m = {a, b, a_tensors, b_tensors, axis, a->dims[axis].size};
    struct side sa, sb, ia, ib;
    struct plan_part *parts = NULL, *in_parts = NULL;
    uint32_t part_count, in_count, part_axis, in_axis, size;

    if (!same_maps(a, b, axis) || __builtin_add_overflow(m.a_size, b->dims[axis].size, &size))
        return false;
    output_side(a, axis, &sa);
    output_side(b, axis, &sb);
    input_side(a, axis, &ia);
    input_side(b, axis, &ib);
    if (!merge_side(&m, &sa, &sb, &parts, &part_count, &part_axis) ||
        !merge_side(&m, &ia, &ib, &in_parts, &in_count, &in_axis))
    {
        free(parts);
        return false;
    }
    *out = *a;
    out->dims[axis].size = size;
    out->count = a->count / m.a_size * size;
    out->slot_count = a->slot_count + b->slot_count;
    out->max_unit_bytes = unit_limit(a) < unit_limit(b) ? unit_limit(a) : unit_limit(b);
    out->parts = parts;
    out->part_count = part_count;
    out->part_axis = part_count > 1 ? part_axis : 0;
    out->in_parts = in_parts;
    out->in_part_count = in_count;
    out->in_part_axis = in_axis;
    if (in_count == 1)
        single_input(out);
    return true;
}

bool fuse_merge_any(const struct plan *a, const uint32_t *a_tensors, const struct plan *b,
                    const uint32_t *b_tensors, struct plan *out)
{
    uint64_t best = UINT64_MAX;

    for (uint32_t axis = 0; axis < a->rank; ++axis)
    {
        struct plan merged;
        uint64_t parts;

        if (!fuse_merge(a, a_tensors, b, b_tensors, axis, &merged))
            continue;
        parts = (uint64_t)merged.part_count << 32 | merged.in_part_count;
        if (parts < best)
        {
            if (best != UINT64_MAX)
                plan_cleanup(out);
            *out = merged;
            best = parts;
        }
        else
            plan_cleanup(&merged);
    }
    return best != UINT64_MAX;
}

int64_t fuse_map_coordinate(const struct plan_dim *dim, int64_t c)
{
    int64_t x = plan_dim_step(dim) * c - dim->pad_start, n = dim->in_size, p, m;

    switch (dim->map)
    {
    case PLAN_MAP_AFFINE:
        return c;
    case PLAN_MAP_CONSTANT:
        return x < 0 || x >= n ? -1 : x;
    case PLAN_MAP_EDGE:
        return x < 0 ? 0 : x >= n ? n - 1 : x;
    case PLAN_MAP_REFLECT:
        if (n == 1)
            return 0;
        p = 2 * (n - 1), m = ((x % p) + p) % p;
        return m < n ? m : p - m;
    case PLAN_MAP_SYMMETRIC:
        p = 2 * n, m = ((x % p) + p) % p;
        return m < n ? m : p - 1 - m;
    default: /* WRAP */
        return ((x % n) + n) % n;
    }
}

/* A padded dimension of one coordinate reads one fixed input coordinate: folded into the base,
 * as lowering would drop it otherwise. False when that coordinate is the pad value. */
static bool fold_single(struct plan *plan, uint32_t d)
{
    int64_t i = fuse_map_coordinate(&plan->dims[d], 0), add;

    if (i < 0)
        return false;
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        if (__builtin_mul_overflow(i, plan->in_parts[j].strides[d], &add) ||
            __builtin_add_overflow(plan->in_parts[j].base, add, &plan->in_parts[j].base))
            return false;
    if (__builtin_mul_overflow(i, plan->dims[d].in_stride, &add) ||
        __builtin_add_overflow(plan->in_base, add, &plan->in_base))
        return false;
    plan->dims[d].map = PLAN_MAP_AFFINE;
    return true;
}

bool fuse_finish(struct plan *plan, uint32_t max_unit_bytes)
{
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].size == 1 && plan->dims[d].map != PLAN_MAP_AFFINE &&
            !fold_single(plan, d))
            return false;
    plan->max_unit_bytes = max_unit_bytes;
    dml_lower_simplify(plan);
    /* Output parts with padding: only the whole semantics (lowering never makes this). */
    if (plan->kernel == PLAN_KERNEL_PAD && plan->part_count > 1)
        plan->kernel = PLAN_KERNEL_GENERAL;
    return plan->count <= UINT32_MAX;
}

/* Bytes of one tensor side: the distinct elements its strides reach over the iteration (axis
 * limited to extent), each costing its unit or, spread out, up to a sector. Spread is the
 * stride of the innermost dim the kernel walks (innermost: along the iteration, as every walk
 * but the tiled transpose goes), else the smallest stride. */
static double side_bytes(const struct plan *plan, const int64_t *strides, bool input, uint32_t axis,
                         uint32_t extent, bool innermost)
{
    double distinct = 1;
    int64_t smallest = 0;
    uint64_t unit = plan->elem_bytes, spread;

    for (uint32_t d = 0; d < plan->rank; ++d)
    {
        const struct plan_dim *dim = &plan->dims[d];
        bool padded = input && dim->map != PLAN_MAP_AFFINE;
        uint64_t n = d == axis ? extent : dim->size;
        int64_t s = strides[d] * (padded ? plan_dim_step(dim) : 1);

        n = padded && dim->in_size < n ? dim->in_size : n;
        if (n <= 1 || s == 0)
            continue;
        distinct *= (double)n;
        s = s < 0 ? -s : s;
        smallest = innermost || !smallest || s < smallest ? s : smallest;
    }
    spread = smallest ? unit * (uint64_t)smallest : unit;
    spread = spread > SECTOR_BYTES ? SECTOR_BYTES : spread;
    return distinct * (double)(spread > unit ? spread : unit);
}

static double parts_bytes(const struct plan *plan, const struct plan_part *parts, uint32_t count,
                          uint32_t axis, bool input, bool innermost)
{
    double bytes = 0;

    for (uint32_t k = 0; k < count; ++k)
    {
        uint32_t end = k + 1 < count ? parts[k + 1].axis_begin : plan->dims[axis].size;

        bytes +=
            side_bytes(plan, parts[k].strides, input, axis, end - parts[k].axis_begin, innermost);
    }
    return bytes;
}

/* The tiled transpose (tile.comp) reads along the input's unit-stride dim; every other kernel
 * reads along the iteration's innermost dim, so a transpose fused into a plan the tile does not
 * take reads a sector per element (the NHWC -> NCHW transpose fused with a padding and a SPLIT
 * measured 8 times slower than its three steps at 1-byte elements on the H100). Plans that
 * write at most PLAN_SPEC_MOVE_BYTES are latency-bound, their tensors in caches: for them one
 * dispatch less wins whatever the walk, so they keep the smallest stride. */
static bool reads_along_iteration(const struct plan *plan)
{
    struct plan_spec spec;
    if (plan->count * plan->elem_bytes <= PLAN_SPEC_MOVE_BYTES)
        return false;
    return !plan_spec_from_plan(plan, 0, &spec) || spec.mode != PLAN_SPEC_MODE_TILE;
}

double fuse_cost(const struct plan *plan)
{
    int64_t strides[PLAN_MAX_RANK];
    double bytes = parts_bytes(plan, plan->parts, plan->part_count, plan->part_axis, false, false);

    if (plan->in_part_count)
        return bytes + parts_bytes(plan, plan->in_parts, plan->in_part_count, plan->in_part_axis,
                                   true, reads_along_iteration(plan));
    for (uint32_t d = 0; d < plan->rank; ++d)
        strides[d] = plan->dims[d].in_stride;
    return bytes +
           side_bytes(plan, strides, true, 0, plan->dims[0].size, reads_along_iteration(plan));
}

bool fuse_injective_order(const uint32_t *sizes, const int64_t *strides, uint32_t rank,
                          uint32_t *order, uint32_t *count)
{
    int64_t reach = 0, span;

    *count = 0;
    for (uint32_t d = 0; d < rank; ++d)
    {
        uint32_t i = *count;

        if (sizes[d] <= 1)
            continue;
        if (strides[d] <= 0)
            return false;
        for (; i && strides[order[i - 1]] > strides[d]; --i) /* insertion sort */
            order[i] = order[i - 1];
        order[i] = d;
        ++*count;
    }
    for (uint32_t i = 0; i < *count; ++i)
    {
        uint32_t d = order[i];

        if (strides[d] <= reach ||
            __builtin_mul_overflow(strides[d], (int64_t)sizes[d] - 1, &span) ||
            __builtin_add_overflow(reach, span, &reach))
            return false;
    }
    return true;
}

bool fuse_part_injective(const struct plan *plan, uint32_t k)
{
    uint32_t sizes[PLAN_MAX_RANK], order[PLAN_MAX_RANK], count;

    for (uint32_t d = 0; d < plan->rank; ++d)
        sizes[d] = plan->dims[d].size;
    if (plan->part_count > 1)
    {
        uint32_t axis = plan->part_axis,
                 end = k + 1 < plan->part_count ? plan->parts[k + 1].axis_begin : sizes[axis];

        sizes[axis] = end - plan->parts[k].axis_begin;
    }
    return fuse_injective_order(sizes, plan->parts[k].strides, plan->rank, order, &count);
}

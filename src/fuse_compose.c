/* c after p as one plan (fuse_internal.h). c reads p's output tensor T at
 * in_base + sum y[k] * in_stride[k], y[k] the coordinate c's dimension k reads (c[k], or its
 * padding map of c[k]). p writes T injectively: every offset it writes is one decomposition into
 * p's coordinates ("digits"). When each of c's strides is a whole multiple m of one digit's
 * stride and every digit stays in range for every coordinate c reads, the digit q[d] c reads is
 * b[d] + sum m[k] y[k] over the dimensions k on d, and c's element is p's input at q: p's own map
 * of q. That map goes into c:
 *   p's affine digit d:  c's strides on d become m * p's input stride; b[d] goes into the base;
 *   p's padded digit d read by one affine dimension k of c: k takes p's padding map with the
 *                        pre-map x = a m c - (s - a b[d]) (slice after pad);
 *   p's padded digit d read by a padded dimension k of c: only CONSTANT after CONSTANT of one
 *                        value, whose valid coordinates are one interval again (pad after pad);
 *   p's padded digit read by no dimension: one fixed input coordinate, or the pad value (not
 *                        fused);
 *   p's input part axis read by one affine dimension k with m > 0: input parts along k (join
 *                        then anything); read by none: one of p's input parts.
 * Where c as it is fails, it is tried once more regrouped: its runs merged into single
 * dimensions, then cut where p's digits end (a packed copy of a transpose reads whole rows of
 * it). Anything else is not fused. */
#include <stdlib.h>
#include <string.h>

#include "fuse_internal.h"

#define NONE UINT32_MAX
#define MAX_VIEWS 64 /* p with more input parts is not fused through */

struct assignment
{
    int64_t digit[PLAN_MAX_RANK];  /* b[d]: the digit at c's coordinate 0, per dimension of p */
    uint32_t drive[PLAN_MAX_RANK]; /* per dimension of c: the digit it moves, or NONE */
    int64_t mult[PLAN_MAX_RANK];   /* per dimension of c: m */
    uint32_t drivers[PLAN_MAX_RANK], driver[PLAN_MAX_RANK]; /* per digit: how many, the last */
    int64_t anchor[PLAN_MAX_RANK]; /* per padded digit: its input coordinate at c's origin */
};

static int64_t floor_div(int64_t x, int64_t a)
{
    int64_t q = x / a;

    return (x % a != 0 && ((x < 0) != (a < 0))) ? q - 1 : q;
}

static int64_t ceil_div(int64_t x, int64_t a)
{
    return -floor_div(-x, a);
}

/* outer == inner * n, without overflow. */
static bool continues_run(int64_t outer, int64_t inner, uint32_t n)
{
    int64_t run;

    return !__builtin_mul_overflow(inner, (int64_t)n, &run) && run == outer;
}

static bool next_to(const int64_t *strides, uint32_t o, uint32_t i, uint32_t n)
{
    return continues_run(strides[o], strides[i], n);
}

/* p's inner and outer dimensions that run on as one on every side become one digit, which c
 * may cross freely (a packed run split into units and elements, a slice of whole rows). */
static bool runs_on(const struct plan *p, uint32_t o, uint32_t i)
{
    const struct plan_dim *outer = &p->dims[o], *inner = &p->dims[i];
    uint32_t size;

    if (o == i || outer->size <= 1 || inner->size <= 1 || outer->map != PLAN_MAP_AFFINE ||
        inner->map != PLAN_MAP_AFFINE || __builtin_mul_overflow(inner->size, outer->size, &size) ||
        (p->in_part_count && (o == p->in_part_axis || i == p->in_part_axis)) ||
        !next_to(p->parts[0].strides, o, i, inner->size))
        return false;
    if (!p->in_part_count)
        return continues_run(outer->in_stride, inner->in_stride, inner->size);
    for (uint32_t j = 0; j < p->in_part_count; ++j)
        if (!next_to(p->in_parts[j].strides, o, i, inner->size))
            return false;
    return true;
}

static void coalesce(struct plan *p)
{
    bool merged = true;

    while (merged)
    {
        merged = false;
        for (uint32_t o = 0; o < p->rank; ++o)
            for (uint32_t i = 0; i < p->rank; ++i)
                if (runs_on(p, o, i))
                {
                    p->dims[i].size *= p->dims[o].size;
                    p->dims[o].size = 1;
                    merged = true;
                }
    }
}

/* offset - p's base as digits (each below its size, nothing left over). */
static bool decompose(const struct plan *p, const uint32_t *order, uint32_t count, int64_t offset,
                      int64_t *digit)
{
    const int64_t *strides = p->parts[0].strides;

    if (__builtin_sub_overflow(offset, p->parts[0].base, &offset) || offset < 0)
        return false;
    for (uint32_t i = count; i-- > 0;)
    {
        uint32_t d = order[i];

        digit[d] = offset / strides[d];
        if (digit[d] >= p->dims[d].size)
            return false;
        offset -= digit[d] * strides[d];
    }
    return offset == 0;
}

/* The digit whose (largest) stride divides stride, and the multiple. */
static bool digit_of(const struct plan *p, const uint32_t *order, uint32_t count, int64_t stride,
                     uint32_t *digit, int64_t *multiple)
{
    for (uint32_t i = count; i-- > 0;)
    {
        int64_t s = p->parts[0].strides[order[i]];

        if (stride % s == 0)
        {
            *digit = order[i];
            *multiple = stride / s;
            return true;
        }
    }
    return false;
}

/* How many coordinates of T c's dimension reads: all of an affine one, the padding's input. */
static uint32_t read_extent(const struct plan_dim *dim)
{
    return dim->map == PLAN_MAP_AFFINE ? dim->size : dim->in_size;
}

/* p's digits: its output dimensions by increasing stride, and the digits of c's origin. */
struct digits
{
    uint32_t order[PLAN_MAX_RANK], count;
};

static bool producer_digits(const struct plan *p, int64_t offset, struct digits *g,
                            struct assignment *a)
{
    uint32_t sizes[PLAN_MAX_RANK];

    for (uint32_t d = 0; d < p->rank; ++d)
        sizes[d] = p->dims[d].size;
    return fuse_injective_order(sizes, p->parts[0].strides, p->rank, g->order, &g->count) &&
           decompose(p, g->order, g->count, offset, a->digit);
}

/* Whether c's affine dimensions o (outer) and i (inner) run on as one on its input and every
 * output part; i must not be the output part axis (o may: it then moves to i). */
static bool reader_runs_on(const struct plan *c, uint32_t o, uint32_t i)
{
    uint32_t size;

    if (o == i || c->dims[o].size <= 1 || c->dims[i].size <= 1 ||
        c->dims[o].map != PLAN_MAP_AFFINE || c->dims[i].map != PLAN_MAP_AFFINE ||
        (c->part_count > 1 && c->part_axis == i) ||
        __builtin_mul_overflow(c->dims[i].size, c->dims[o].size, &size) ||
        !continues_run(c->dims[o].in_stride, c->dims[i].in_stride, c->dims[i].size))
        return false;
    for (uint32_t k = 0; k < c->part_count; ++k)
        if (!next_to(c->parts[k].strides, o, i, c->dims[i].size))
            return false;
    return true;
}

/* c's runs as single dimensions (a row split into units and elements, whole rows), so that
 * they can be cut again where p's digits end. */
static void coalesce_reader(struct plan *c)
{
    bool merged = true;

    while (merged)
    {
        merged = false;
        for (uint32_t o = 0; o < c->rank; ++o)
            for (uint32_t i = 0; i < c->rank; ++i)
            {
                if (!reader_runs_on(c, o, i))
                    continue;
                if (c->part_count > 1 && c->part_axis == o)
                {
                    for (uint32_t k = 0; k < c->part_count; ++k)
                        c->parts[k].axis_begin *= c->dims[i].size;
                    c->part_axis = i;
                }
                c->dims[i].size *= c->dims[o].size;
                c->dims[o].size = 1;
                merged = true;
            }
    }
}

/* c's affine dimension k cut in two: `inner` coordinates at its stride, and the rest (a new
 * outer dimension) at inner strides; the output part axis goes to the outer one. */
static bool split_dim(struct plan *c, uint32_t k, uint32_t inner)
{
    uint32_t r = c->rank;
    bool axis = c->part_count > 1 && c->part_axis == k;

    if (r >= PLAN_MAX_RANK || inner <= 1 || c->dims[k].size % inner || c->dims[k].size == inner)
        return false;
    for (uint32_t j = 0; axis && j < c->part_count; ++j)
        if (c->parts[j].axis_begin % inner)
            return false;
    c->dims[r] = c->dims[k];
    c->dims[r].size = c->dims[k].size / inner;
    c->dims[r].in_stride = c->dims[k].in_stride * inner;
    c->dims[k].size = inner;
    for (uint32_t j = 0; j < c->part_count; ++j)
    {
        c->parts[j].strides[r] = c->parts[j].strides[k] * inner;
        c->parts[j].axis_begin /= axis ? inner : 1;
    }
    c->part_axis = axis ? r : c->part_axis;
    c->rank = r + 1;
    return true;
}

/* c's affine dimensions that run past the end of the digit they step through, cut where it
 * ends (a merged N x C read of an N, C layout): the same iteration, one digit per dimension. */
static void align(const struct plan *p, const struct digits *g, const struct assignment *a,
                  struct plan *c)
{
    for (uint32_t k = 0; k < c->rank; ++k)
    {
        const struct plan_dim *dim = &c->dims[k];
        uint32_t d;
        int64_t m, size;

        if (dim->map != PLAN_MAP_AFFINE || dim->size <= 1 || dim->in_stride <= 0 ||
            !digit_of(p, g->order, g->count, dim->in_stride, &d, &m) || m <= 0)
            continue;
        size = p->dims[d].size;
        if (a->digit[d] + m * ((int64_t)dim->size - 1) >= size && size % m == 0)
            split_dim(c, k, (uint32_t)(size / m)); /* the outer part is visited later */
    }
}

/* c's dimensions on p's digits, every digit kept in range. */
static bool assign(const struct plan *p, const struct digits *g, const struct plan *c,
                   struct assignment *a)
{
    int64_t lo[PLAN_MAX_RANK] = {0}, hi[PLAN_MAX_RANK] = {0};

    for (uint32_t k = 0; k < c->rank; ++k)
    {
        uint32_t extent = read_extent(&c->dims[k]), d;
        int64_t reach;

        a->drive[k] = NONE;
        if (extent <= 1 || c->dims[k].in_stride == 0)
            continue;
        if (!digit_of(p, g->order, g->count, c->dims[k].in_stride, &d, &a->mult[k]) ||
            __builtin_mul_overflow(a->mult[k], (int64_t)extent - 1, &reach) ||
            __builtin_add_overflow(reach < 0 ? lo[d] : hi[d], reach, reach < 0 ? &lo[d] : &hi[d]))
            return false;
        a->drive[k] = d;
        a->driver[d] = k;
        ++a->drivers[d];
    }
    for (uint32_t d = 0; d < p->rank; ++d)
        if (a->digit[d] + lo[d] < 0 || a->digit[d] + hi[d] > (int64_t)p->dims[d].size - 1)
            return false;
    return true;
}

/* [*lo, *hi] narrowed to the coordinates c with 0 <= a c - s <= n - 1. */
static void clip(int64_t a, int64_t s, int64_t n, int64_t *lo, int64_t *hi)
{
    int64_t l = a > 0 ? ceil_div(s, a) : ceil_div(s + n - 1, a);
    int64_t h = a > 0 ? floor_div(s + n - 1, a) : floor_div(s, a);

    *lo = l > *lo ? l : *lo;
    *hi = h < *hi ? h : *hi;
}

/* CONSTANT padding of c's dimension (x = a_c c - s_c) after p's CONSTANT padding of the digit
 * it reads (q = b + m x, then x' = a_p q - s_p): the element is p's input where both are in
 * range, one interval [lo, hi] of c, else the pad value. Written back as one CONSTANT map on
 * dim whose input coordinate is x' = A c - S; *anchor = x' at the interval's first element
 * (toward which the new pre-map counts from 0). */
static bool constant_after_constant(const struct plan_dim *pd, int64_t b, int64_t m,
                                    struct plan_dim *dim, int64_t *anchor)
{
    int64_t ap = plan_dim_step(pd), ac = plan_dim_step(dim), A, S, am, t, lo = 0,
            hi = dim->size - 1, at, n;

    /* S = s_p + a_p m s_c - a_p b */
    if (__builtin_mul_overflow(ap, m, &am) || __builtin_mul_overflow(am, ac, &A) || A < INT32_MIN ||
        A > INT32_MAX || __builtin_mul_overflow(am, dim->pad_start, &S) ||
        __builtin_add_overflow(S, pd->pad_start, &S) || __builtin_mul_overflow(ap, b, &t) ||
        __builtin_sub_overflow(S, t, &S) || S < -(INT64_C(1) << 62) || S > INT64_C(1) << 62)
        return false;
    clip(ac, dim->pad_start, dim->in_size, &lo, &hi);
    clip(A, S, pd->in_size, &lo, &hi);
    at = A > 0 ? lo : hi;
    n = (A > 0 ? A : -A) * (hi - lo) + 1;
    if (lo > hi || n > UINT32_MAX)
        return false;
    *anchor = A * at - S;
    *dim = (struct plan_dim){.size = dim->size,
                             .map = PLAN_MAP_CONSTANT,
                             .in_size = (uint32_t)n,
                             .pad_start = A * at,
                             .step = (int32_t)A};
    return true;
}

/* p's padded dimension d into c's dimension k that reads it (m per step of k). */
static bool pad_into(const struct plan *p, uint32_t d, int64_t b, int64_t m, struct plan_dim *dim,
                     int64_t *anchor)
{
    const struct plan_dim *pd = &p->dims[d];
    int64_t a = plan_dim_step(pd), step, start;

    if (dim->map != PLAN_MAP_AFFINE)
        return dim->map == PLAN_MAP_CONSTANT && pd->map == PLAN_MAP_CONSTANT &&
               constant_after_constant(pd, b, m, dim, anchor);
    if (__builtin_mul_overflow(a, m, &step) || step < INT32_MIN || step > INT32_MAX ||
        __builtin_mul_overflow(a, b, &start) ||
        __builtin_sub_overflow(pd->pad_start, start, &start))
        return false;
    *anchor = 0;
    *dim = (struct plan_dim){.size = dim->size,
                             .map = pd->map,
                             .in_size = pd->in_size,
                             .pad_start = start,
                             .step = (int32_t)step};
    return true;
}

static bool has_constant(const struct plan *plan)
{
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].map == PLAN_MAP_CONSTANT)
            return true;
    return false;
}

/* p's padded digits into out (c's copy): maps, pad value and anchors. */
static bool compose_maps(const struct plan *p, struct assignment *a, struct plan *out)
{
    bool constant = has_constant(out), introduced = false;

    for (uint32_t d = 0; d < p->rank; ++d)
    {
        const struct plan_dim *pd = &p->dims[d];
        uint32_t k = a->driver[d];

        a->anchor[d] = 0;
        if (pd->map == PLAN_MAP_AFFINE)
            continue;
        if (a->drivers[d] > 1 ||
            (a->drivers[d] == 0 && (a->anchor[d] = fuse_map_coordinate(pd, a->digit[d])) < 0) ||
            (a->drivers[d] == 1 &&
             !pad_into(p, d, a->digit[d], a->mult[k], &out->dims[k], &a->anchor[d])))
            return false;
        introduced |= a->drivers[d] == 1 && pd->map == PLAN_MAP_CONSTANT;
    }
    if (introduced && constant && memcmp(out->pad_value, p->pad_value, p->elem_bytes))
        return false;
    if (introduced)
        memcpy(out->pad_value, p->pad_value, sizeof(out->pad_value));
    return true;
}

/* Where out reads p's input from: one of p's input parts (or its plain input), seen from c. */
struct view
{
    uint32_t slot, axis_begin;
    int64_t base, strides[PLAN_MAX_RANK]; /* p's input base and strides */
    int64_t part_digit; /* p's input part axis: the digit at c's origin of this view, relative
                           to the part */
};

static void view_of_part(const struct plan_part *part, uint32_t rank, struct view *v)
{
    v->slot = part->slot;
    v->base = part->base;
    memcpy(v->strides, part->strides, rank * sizeof(v->strides[0]));
}

/* The views: p's plain input, the one input part c reads, or one per part along the dimension
 * of c that moves p's part axis. *axis: that dimension. */
static bool views_of(const struct plan *p, const struct plan *c, const struct assignment *a,
                     struct view *views, uint32_t *count, uint32_t *axis)
{
    uint32_t ap = p->in_part_axis, k = a->driver[ap], size = c->dims[k].size;
    int64_t q = a->digit[ap], m = a->mult[k];

    *count = 0;
    *axis = 0;
    if (!p->in_part_count)
    {
        views[0] = (struct view){.slot = p->in_slot, .base = p->in_base};
        for (uint32_t d = 0; d < p->rank; ++d)
            views[0].strides[d] = p->dims[d].in_stride;
        *count = 1;
        return true;
    }
    if (a->drivers[ap] > 1 ||
        (a->drivers[ap] == 1 && (m <= 0 || c->dims[k].map != PLAN_MAP_AFFINE)))
        return false;
    for (uint32_t j = 0; j < p->in_part_count; ++j)
    {
        int64_t begin = p->in_parts[j].axis_begin,
                end = begin + plan_in_part_extent(p, j),
                lo, hi;
        struct view *v = &views[*count];

        if (!a->drivers[ap]) /* c reads one coordinate of the part axis */
            lo = 0, hi = q >= begin && q < end;
        else
        {
            lo = ceil_div(begin - q, m), hi = ceil_div(end - q, m);
            lo = lo < 0 ? 0 : lo;
            hi = hi > size ? size : hi;
        }
        if (lo >= hi)
            continue;
        view_of_part(&p->in_parts[j], p->rank, v);
        v->axis_begin = (uint32_t)lo;
        v->part_digit = q + (a->drivers[ap] ? m * lo : 0) - begin;
        ++*count;
    }
    *axis = k;
    return *count > 0 && views[0].axis_begin == 0;
}

/* One view as c's input (base and strides per dimension of c). */
static bool view_input(const struct plan *p, const struct assignment *a, const struct view *v,
                       uint32_t c_rank, struct plan_part *in)
{
    int64_t add;

    memset(in, 0, sizeof(*in));
    in->base = v->base;
    for (uint32_t d = 0; d < p->rank; ++d)
    {
        bool padded = p->dims[d].map != PLAN_MAP_AFFINE;
        int64_t q = padded                                     ? a->anchor[d]
                    : p->in_part_count && d == p->in_part_axis ? v->part_digit
                                                               : a->digit[d];

        if (__builtin_mul_overflow(q, v->strides[d], &add) ||
            __builtin_add_overflow(in->base, add, &in->base))
            return false;
    }
    for (uint32_t k = 0; k < c_rank; ++k)
    {
        uint32_t d = a->drive[k];

        if (d == NONE)
            continue;
        if (p->dims[d].map != PLAN_MAP_AFFINE)
            in->strides[k] = v->strides[d];
        else if (__builtin_mul_overflow(a->mult[k], v->strides[d], &in->strides[k]))
            return false;
    }
    in->slot = v->slot;
    in->axis_begin = v->axis_begin;
    return true;
}

/* out's input side from the views: plain for one, input parts along axis for several. */
static bool set_input(const struct plan *p, const struct assignment *a, const struct view *views,
                      uint32_t count, uint32_t axis, uint32_t slot_offset, struct plan *out)
{
    struct plan_part parts[MAX_VIEWS], *in_parts;

    if (count > sizeof(parts) / sizeof(parts[0]))
        return false;
    for (uint32_t v = 0; v < count; ++v)
        if (!view_input(p, a, &views[v], out->rank, &parts[v]))
            return false;
    for (uint32_t v = 0; v < count; ++v)
        parts[v].slot += slot_offset;
    if (count == 1)
    {
        out->in_slot = parts[0].slot;
        out->in_base = parts[0].base;
        for (uint32_t k = 0; k < out->rank; ++k)
            out->dims[k].in_stride = parts[0].strides[k];
        return true;
    }
    if (!(in_parts = malloc(count * sizeof(*in_parts))))
        return false;
    memcpy(in_parts, parts, count * sizeof(*in_parts));
    out->in_parts = in_parts;
    out->in_part_count = count;
    out->in_part_axis = axis;
    return true;
}

/* out (c's copy) composed after p; reshape: c's dimensions first regrouped along p's digits. */
static bool compose_into(const struct plan *p, const struct digits *g, struct assignment *a,
                         bool reshape, uint32_t slot_offset, struct plan *out)
{
    struct view views[MAX_VIEWS];
    uint32_t count, axis;

    if (reshape)
    {
        coalesce_reader(out);
        align(p, g, a, out);
    }
    return assign(p, g, out, a) && compose_maps(p, a, out) &&
           views_of(p, out, a, views, &count, &axis) &&
           set_input(p, a, views, count, axis, slot_offset, out);
}

bool fuse_compose(const struct plan *p_in, const struct plan *c, uint32_t slot_offset,
                  struct plan *out)
{
    struct assignment a, origin;
    struct digits g;
    struct plan p;
    bool ok = false;

    if (p_in->part_count != 1 || !fuse_plan_moves(p_in) || !fuse_plan_moves(c) ||
        c->in_part_count || p_in->elem_bytes != c->elem_bytes || p_in->in_part_count > MAX_VIEWS ||
        !plan_clone(p_in, &p))
        return false;
    memset(&origin, 0, sizeof(origin));
    coalesce(&p);
    /* c as it is first (pieces of one plan keep one shape, to be put back together), then
     * regrouped. */
    for (int reshape = 0; !ok && reshape < 2 && producer_digits(&p, c->in_base, &g, &origin);
         ++reshape)
    {
        a = origin;
        if (!plan_clone(c, out))
            break;
        ok = compose_into(&p, &g, &a, reshape, slot_offset, out);
        out->slot_count = slot_offset + p.slot_count;
        if (!ok)
            plan_cleanup(out);
    }
    plan_cleanup(&p);
    return ok;
}

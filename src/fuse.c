/* Fusion of pure affine copy chains (fuse.h): the consumer's input map composed with the
 * producer's, after proving that every address the consumer reads is one the producer writes
 * exactly once. */
#include "fuse.h"

#include <stdlib.h>
#include <string.h>

#include "tensor.h"

bool dml_fusion_enabled(void)
{
    const char *value = getenv("DMLOPS_FUSION");

    /* Hostile: only the exact strings "0" and "1" mean anything; "1" is the default. */
    return !(value && strcmp(value, "0") == 0);
}

HRESULT dml_fuse_info_init(struct fuse_info *info, uint32_t step_count)
{
    info->count = step_count;
    info->steps = calloc((size_t)step_count + 1, sizeof(*info->steps));
    info->origin = calloc((size_t)step_count + 1, sizeof(*info->origin));
    if (!info->steps || !info->origin)
    {
        dml_fuse_info_cleanup(info);
        return E_OUTOFMEMORY;
    }
    for (uint32_t s = 0; s < step_count; ++s)
    {
        info->steps[s].absorbed = FUSE_NONE;
        info->origin[s] = s;
    }
    return S_OK;
}

void dml_fuse_info_cleanup(struct fuse_info *info)
{
    free(info->steps);
    free(info->origin);
    memset(info, 0, sizeof(*info));
}

/* One input, one output part, no arithmetic: a COPY, or a PAD when padded is true. */
static bool plain_plan(const struct plan *plan, bool padded)
{
    return (plan->kernel == PLAN_KERNEL_COPY || (padded && plan->kernel == PLAN_KERNEL_PAD)) &&
           plan->part_count == 1 && plan->parts && !plan->in_part_count &&
           plan->arith == PLAN_ARITH_NONE && plan->slot_count == 2 && plan->in_slot == 0 &&
           plan->parts[0].slot == 1 && plan->rank && plan->rank <= PLAN_MAX_RANK;
}

bool dml_fuse_plan_affine(const struct plan *plan)
{
    if (plan->kernel != PLAN_KERNEL_COPY || plan->part_count != 1 || !plan->parts ||
        plan->in_part_count || plan->arith != PLAN_ARITH_NONE || plan->slot_count != 2 ||
        plan->in_slot != 0 || plan->parts[0].slot != 1 || !plan->rank || plan->rank > PLAN_MAX_RANK)
        return false;
    for (uint32_t d = 0; d < plan->rank; ++d)
        if (plan->dims[d].map != PLAN_MAP_AFFINE)
            return false;
    return true;
}

/* The producer's output layout as digits: dims of size > 1 by increasing stride. True when every
 * stride is positive and exceeds the furthest lower dims reach (each element written once, and
 * an offset has at most one decomposition, found greedily). */
static bool injective_order(const struct plan *p, uint32_t *order, uint32_t *count)
{
    const int64_t *strides = p->parts[0].strides;
    int64_t reach = 0, span;

    *count = 0;
    for (uint32_t d = 0; d < p->rank; ++d)
    {
        uint32_t i = (*count)++;

        if (p->dims[d].size <= 1)
        {
            --*count;
            continue;
        }
        if (strides[d] <= 0)
            return false;
        for (; i && strides[order[i - 1]] > strides[d]; --i) /* insertion sort */
            order[i] = order[i - 1];
        order[i] = d;
    }
    for (uint32_t i = 0; i < *count; ++i)
    {
        uint32_t d = order[i];

        if (strides[d] <= reach ||
            __builtin_mul_overflow(strides[d], (int64_t)p->dims[d].size - 1, &span) ||
            __builtin_add_overflow(reach, span, &reach))
            return false;
    }
    return true;
}

/* base - the producer's base as digits of its layout (digit[d] < size, remainder 0). */
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

/* The producer dim whose (largest) stride divides stride, and the multiple; false if none. */
static bool digit_of(const struct plan *p, const uint32_t *order, uint32_t count, int64_t stride,
                     uint32_t *dim, int64_t *multiple)
{
    for (uint32_t i = count; i-- > 0;)
    {
        int64_t s = p->parts[0].strides[order[i]];

        if (stride % s == 0)
        {
            *dim = order[i];
            *multiple = stride / s;
            return true;
        }
    }
    return false;
}

struct composed
{
    int64_t in_base;
    int64_t in_stride[PLAN_MAX_RANK];
};

/* The coordinates a consumer dim reads along T: [0, size) for an affine dim, [0, in_size) for a
 * padded one (every padding mode reads anywhere in its input; CONSTANT reads nothing outside). */
static uint32_t read_extent(const struct plan_dim *dim)
{
    return dim->map == PLAN_MAP_AFFINE ? dim->size : dim->in_size;
}

/* The consumer's input dims assigned to producer digits, each digit's range checked. */
static bool assign(const struct plan *p, const struct plan *c, const uint32_t *order,
                   uint32_t count, const int64_t *base_digit, struct composed *out)
{
    int64_t lo[PLAN_MAX_RANK] = {0}, hi[PLAN_MAX_RANK] = {0}, reach, in;

    for (uint32_t k = 0; k < c->rank; ++k)
    {
        int64_t stride = c->dims[k].in_stride, m;
        uint32_t d;

        out->in_stride[k] = 0;
        if (read_extent(&c->dims[k]) <= 1 || stride == 0)
            continue;
        if (!digit_of(p, order, count, stride, &d, &m) ||
            __builtin_mul_overflow(m, (int64_t)read_extent(&c->dims[k]) - 1, &reach) ||
            __builtin_add_overflow(reach < 0 ? lo[d] : hi[d], reach, reach < 0 ? &lo[d] : &hi[d]) ||
            __builtin_mul_overflow(m, p->dims[d].in_stride, &out->in_stride[k]))
            return false;
    }
    out->in_base = p->in_base;
    for (uint32_t d = 0; d < p->rank; ++d)
    {
        if (base_digit[d] + lo[d] < 0 || base_digit[d] + hi[d] > (int64_t)p->dims[d].size - 1 ||
            __builtin_mul_overflow(base_digit[d], p->dims[d].in_stride, &in) ||
            __builtin_add_overflow(out->in_base, in, &out->in_base))
            return false;
    }
    return out->in_base >= 0;
}

/* plan (one part, its own copy) rewritten in elem-byte units: lowering moves packed runs in
 * wider units, and a composition is done element by element (an inner dim of the unit's
 * elements). False when it does not fit. */
static bool narrow(struct plan *plan, uint32_t elem)
{
    uint32_t k = elem ? plan->elem_bytes / elem : 0, r = plan->rank;
    struct plan_part *part = &plan->parts[0];

    if (!k || plan->elem_bytes % elem)
        return false;
    if (k == 1)
        return true;
    if (r == PLAN_MAX_RANK || __builtin_mul_overflow(plan->in_base, k, &plan->in_base) ||
        __builtin_mul_overflow(part->base, k, &part->base) ||
        __builtin_mul_overflow(plan->count, k, &plan->count))
        return false;
    for (uint32_t d = 0; d < r; ++d)
        if (__builtin_mul_overflow(plan->dims[d].in_stride, k, &plan->dims[d].in_stride) ||
            __builtin_mul_overflow(part->strides[d], k, &part->strides[d]))
            return false;
    plan->dims[r] = (struct plan_dim){.size = k, .in_stride = 1, .map = PLAN_MAP_AFFINE};
    part->strides[r] = 1;
    plan->rank = r + 1;
    plan->elem_bytes = elem;
    return true;
}

/* The inverse of narrow for units of elem_bytes * k, when the plan still moves whole units
 * (its inner dim k elements of stride 1 both sides, everything else a multiple of k). */
static void widen(struct plan *plan, uint32_t k)
{
    uint32_t r = plan->rank - 1;
    struct plan_part *part = &plan->parts[0];
    bool whole = k > 1 && r > 0 && plan->dims[r].size == k && plan->dims[r].in_stride == 1 &&
                 part->strides[r] == 1 && plan->in_base % k == 0 && part->base % k == 0;

    for (uint32_t d = 0; whole && d < r; ++d)
        whole = plan->dims[d].in_stride % k == 0 && part->strides[d] % k == 0;
    if (!whole)
        return;
    for (uint32_t d = 0; d < r; ++d)
        plan->dims[d].in_stride /= k, part->strides[d] /= k;
    plan->in_base /= k;
    part->base /= k;
    plan->count /= k;
    plan->elem_bytes *= k;
    plan->rank = r;
}

/* Merges dims of the producer (its own copy) that run on as one, on both its input and output
 * sides (outer stride = inner stride * inner size): a packed run split into units and elements,
 * or a slice of whole rows, becomes one digit, which the consumer may cross freely. The same map:
 * the merged dim keeps the inner strides; the outer one becomes size 1. */
static void coalesce(struct plan *plan)
{
    struct plan_part *part = &plan->parts[0];
    bool merged = true;

    while (merged)
    {
        merged = false;
        for (uint32_t o = 0; o < plan->rank; ++o)
            for (uint32_t i = 0; i < plan->rank; ++i)
            {
                struct plan_dim *outer = &plan->dims[o], *inner = &plan->dims[i];
                int64_t in_run, out_run;
                uint32_t size;

                if (o == i || outer->size <= 1 || inner->size <= 1 ||
                    __builtin_mul_overflow(inner->in_stride, (int64_t)inner->size, &in_run) ||
                    __builtin_mul_overflow(part->strides[i], (int64_t)inner->size, &out_run) ||
                    __builtin_mul_overflow(inner->size, outer->size, &size) ||
                    in_run != outer->in_stride || out_run != part->strides[o])
                    continue;
                inner->size = size;
                outer->size = 1;
                merged = true;
            }
    }
}

/* Writes the composition of consumer c after producer p (both moving elements of elem bytes)
 * into c's input map; false (c untouched) when it is not provably exact. */
static bool compose(const struct plan *p, struct plan *c, uint32_t elem)
{
    struct plan pn = *p, cn = *c;
    struct plan_part pp, cp;
    uint32_t order[PLAN_MAX_RANK], count, k = elem ? c->elem_bytes / elem : 0;
    int64_t digit[PLAN_MAX_RANK] = {0};
    struct composed out;

    /* A padding consumer only in units of one element (its pad value is one element's bytes). */
    if (!dml_fuse_plan_affine(p) || !plain_plan(c, c->elem_bytes == elem) ||
        (c->kernel == PLAN_KERNEL_COPY && !dml_fuse_plan_affine(c)))
        return false;
    pp = p->parts[0], cp = c->parts[0];
    pn.parts = &pp, cn.parts = &cp;
    if (!narrow(&pn, elem) || !narrow(&cn, elem) ||
        (cn.count > UINT32_MAX && cn.count > c->count)) /* past what one dispatch counts */
        return false;
    coalesce(&pn);
    if (!injective_order(&pn, order, &count) || !decompose(&pn, order, count, cn.in_base, digit) ||
        !assign(&pn, &cn, order, count, digit, &out))
        return false;
    cn.in_base = out.in_base;
    for (uint32_t d = 0; d < cn.rank; ++d)
        cn.dims[d].in_stride = out.in_stride[d];
    cn.parts = c->parts;
    *c = cn;
    c->parts[0] = cp;
    widen(c, k);
    return true;
}

static bool touches(const struct program_step *step, uint32_t tensor, uint32_t access)
{
    for (uint32_t i = 0; i < step->plan.slot_count; ++i)
        if (step->slots[i].tensor == tensor && step->slots[i].access & access)
            return true;
    return false;
}

/* Per tensor: how many step slots touch it, and a step writing it (PROGRAM_NO_STEP: none), kept
 * up to date while steps fuse, so that finding a producer costs no scan of every step. */
struct users
{
    uint32_t *count, *writer;
};

static bool users_init(const struct program *program, struct users *u)
{
    u->count = calloc((size_t)program->tensor_count + 1, sizeof(*u->count));
    u->writer = malloc(((size_t)program->tensor_count + 1) * sizeof(*u->writer));
    if (!u->count || !u->writer)
        return false;
    memset(u->writer, 0xff, ((size_t)program->tensor_count + 1) * sizeof(*u->writer));
    for (uint32_t s = 0; s < program->step_count; ++s)
        for (uint32_t i = 0; i < program->steps[s].plan.slot_count; ++i)
        {
            const struct program_slot *slot = &program->steps[s].slots[i];

            ++u->count[slot->tensor];
            if (slot->access & PROGRAM_WRITE)
                u->writer[slot->tensor] = s;
        }
    return true;
}

/* The step writing program step c's input, when the edge between them may be fused: the
 * intermediate touched by no other step and by those two only in their one slot each, the
 * producer's input written by no step until c, the types equal across the edge. */
static uint32_t producer_of(const struct program *program, const struct fuse_info *info,
                            const struct users *u, uint32_t c)
{
    const struct program_step *steps = program->steps;
    const struct fuse_step *fc = &info->steps[info->origin[c]], *fp;
    uint32_t t = steps[c].slots[0].tensor, p = u->writer[t], x;

    if (program->tensors[t].kind != PROGRAM_TENSOR_INTERMEDIATE ||
        steps[c].slots[0].access != PROGRAM_READ || steps[c].slots[1].access != PROGRAM_WRITE ||
        steps[c].slots[1].tensor == t || u->count[t] != 2 || p == PROGRAM_NO_STEP || p > c ||
        steps[p].plan.slot_count != 2 || steps[p].slots[1].tensor != t ||
        steps[p].slots[1].access != PROGRAM_WRITE || steps[p].slots[0].tensor == t ||
        steps[p].slots[0].access != PROGRAM_READ)
        return PROGRAM_NO_STEP;
    fp = &info->steps[info->origin[p]];
    if (!fc->in_type || fc->in_type != fp->out_type || !fp->in_type)
        return PROGRAM_NO_STEP;
    x = steps[p].slots[0].tensor;
    for (uint32_t s = p + 1; s <= c; ++s)
        if (touches(&steps[s], x, PROGRAM_WRITE))
            return PROGRAM_NO_STEP;
    return p;
}

/* Empties program step p (its plan and slots freed; no slot touches anything any more): steps
 * are compacted once at the end, so that fusing a chain of n steps moves each step once rather
 * than n times. */
static void remove_step(struct program *program, uint32_t p)
{
    plan_cleanup(&program->steps[p].plan);
    free(program->steps[p].slots);
    program->steps[p].slots = NULL;
}

/* Drops the emptied steps and their origin entries, keeping the order of the others. */
static void compact(struct program *program, struct fuse_info *info)
{
    uint32_t kept = 0;

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        if (!program->steps[s].slots)
            continue;
        program->steps[kept] = program->steps[s];
        info->origin[kept++] = info->origin[s];
    }
    program->step_count = kept;
}

/* Fuses the edge into step c if it can; true when it did. */
static bool fuse_into(struct program *program, struct fuse_info *info, struct users *u, uint32_t c)
{
    uint32_t p = producer_of(program, info, u, c);
    struct fuse_step *fc = &info->steps[info->origin[c]];

    if (p == PROGRAM_NO_STEP ||
        !compose(&program->steps[p].plan, &program->steps[c].plan, dml_data_type_size(fc->in_type)))
        return false;
    u->count[program->steps[c].slots[0].tensor] = 0; /* c's read and p's write are gone */
    u->writer[program->steps[c].slots[0].tensor] = PROGRAM_NO_STEP;
    program->steps[c].slots[0].tensor = program->steps[p].slots[0].tensor;
    fc->in_type = info->steps[info->origin[p]].in_type;
    fc->absorbed = info->origin[p];
    remove_step(program, p);
    return true;
}

uint32_t dml_fuse_program(struct program *program, struct fuse_info *info)
{
    struct users u = {0};
    bool indexed = users_init(program, &u); /* out of memory: nothing fused, always correct */
    uint32_t fused = 0;

    for (uint32_t c = 0; indexed && c < program->step_count; ++c)
    {
        if (program->steps[c].plan.slot_count != 2)
            continue;
        while (fuse_into(program, info, &u, c)) /* the producer's own producer next: whole chains */
            ++fused;
    }
    compact(program, info);
    free(u.count);
    free(u.writer);
    return fused;
}

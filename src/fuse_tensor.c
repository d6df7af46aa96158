/* Fusion through one tensor T (fuse.h): its writers, each reader rewritten to read what they
 * read, and the choice between writing T and re-reading the writers' inputs, in bytes. */
#include <stdlib.h>
#include <string.h>

#include "fuse_step.h"

/* An output part writing T, alone and in elements: the producer fuse_compose takes. */
struct writer
{
    uint32_t step, part;
    struct plan p;
    uint32_t limit; /* fuse_unit_limit of the step */
};

/* A reader (or a piece of one, cut along its input part axis) while it is rewritten. */
struct piece
{
    struct plan plan;
    struct program_slot *slots;
};

struct candidate
{
    uint32_t step;
    struct fuse_work_step *steps; /* what replaces the reader */
    uint32_t count;
    bool fully; /* nothing of it reads T any more */
    double before, after;
};

struct through
{
    struct fuse_pass *pass;
    uint32_t t, elem;
    struct writer *writers;
    uint32_t writer_count;
    struct candidate *readers;
    uint32_t reader_count;
};

/* Whether the piece's input (plain or any input part) is tensor t. */
static bool piece_reads(const struct piece *pc, uint32_t t)
{
    const struct plan *plan = &pc->plan;

    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        if (pc->slots[plan->in_parts[j].slot].tensor == t)
            return true;
    return !plan->in_part_count && pc->slots[plan->in_slot].tensor == t;
}

static void piece_free(struct piece *pc)
{
    plan_cleanup(&pc->plan);
    free(pc->slots);
    pc->slots = NULL;
}

static struct program_slot *join_slots(const struct program_slot *a, uint32_t na,
                                       const struct program_slot *b, uint32_t nb)
{
    struct program_slot *slots = malloc(((size_t)na + nb + 1) * sizeof(*slots));

    if (slots && na)
        memcpy(slots, a, na * sizeof(*slots));
    if (slots && nb)
        memcpy(slots + na, b, nb * sizeof(*slots));
    return slots;
}

/* The output part of step s that writes t: false when none, or when the step is not one fusion
 * takes as a producer (arithmetic, two parts writing t). */
static bool writes(const struct fuse_work_step *step, uint32_t t, uint32_t *part, bool *skip)
{
    uint32_t found = 0;

    for (uint32_t k = 0; k < step->plan.part_count; ++k)
        if (step->slots[step->plan.parts[k].slot].tensor == t)
            *part = k, ++found;
    *skip |= found > 1 || (found && !fuse_plan_moves(&step->plan));
    return found == 1;
}

static bool writer_init(const struct fuse_work_step *step, uint32_t part, uint32_t elem,
                        struct writer *w)
{
    const struct plan *plan = &step->plan;
    uint32_t axis = plan->part_axis, size = plan->dims[axis].size;
    uint32_t begin = plan->parts[part].axis_begin,
             end = part + 1 < plan->part_count ? plan->parts[part + 1].axis_begin : size;

    w->part = part;
    w->limit = fuse_unit_limit(plan);
    if (plan->part_count > 1 ? !fuse_restrict(plan, axis, begin, end, &w->p)
                             : !plan_clone(plan, &w->p))
        return false;
    if (fuse_narrow(&w->p, elem))
        return true;
    plan_cleanup(&w->p);
    return false;
}

/* The writers among the steps touching T (touching[0..count)). */
static bool find_writers(struct through *th, const uint32_t *touching, uint32_t count)
{
    struct fuse_pass *pass = th->pass;
    bool skip = false;
    uint32_t part, writers = 0;

    for (uint32_t i = 0; i < count && !skip; ++i)
        writers += writes(&pass->steps[touching[i]], th->t, &part, &skip);
    if (!writers || skip || !(th->writers = calloc(writers, sizeof(*th->writers))))
        return false;
    for (uint32_t i = 0; i < count; ++i)
    {
        uint32_t s = touching[i];

        if (!writes(&pass->steps[s], th->t, &part, &skip))
            continue;
        th->writers[th->writer_count].step = s;
        if (!writer_init(&pass->steps[s], part, th->elem, &th->writers[th->writer_count]))
            return false;
        ++th->writer_count;
    }
    return true;
}

static bool reads(const struct fuse_work_step *step, uint32_t t)
{
    for (uint32_t i = 0; i < step->plan.slot_count; ++i)
        if (step->slots[i].tensor == t && step->slots[i].access & PROGRAM_READ)
            return true;
    return false;
}

/* The reader's pieces: itself, or one per input part (each then one plain input), in
 * elements. */
static bool cut(const struct fuse_work_step *r, uint32_t elem, struct piece *pieces, uint32_t *n)
{
    const struct plan *plan = &r->plan;
    uint32_t axis = plan->in_part_axis, count = plan->in_part_count;
    struct plan whole;
    bool ok = plan_clone(plan, &whole) && fuse_narrow(&whole, elem);

    *n = 0;
    if (ok && !count) /* one piece: the copy itself */
    {
        pieces[0].plan = whole;
        ok = (pieces[0].slots = join_slots(r->slots, plan->slot_count, NULL, 0)) != NULL;
        *n = ok;
        return ok || (plan_cleanup(&pieces[0].plan), false);
    }
    for (uint32_t j = 0; ok && j < count; ++j)
    {
        uint32_t end = j + 1 < count ? plan->in_parts[j + 1].axis_begin : plan->dims[axis].size;
        struct piece *pc = &pieces[*n];

        pc->slots = join_slots(r->slots, plan->slot_count, NULL, 0);
        ok = pc->slots && fuse_restrict(&whole, axis, plan->in_parts[j].axis_begin, end, &pc->plan);
        if (ok)
            ++*n;
        else
            free(pc->slots);
    }
    plan_cleanup(&whole);
    return ok;
}

/* The piece reading what one of the writers reads; which one in *used. */
static bool compose_piece(const struct through *th, struct piece *pc, uint32_t *used)
{
    for (uint32_t w = 0; w < th->writer_count; ++w)
    {
        const struct fuse_work_step *ws = &th->pass->steps[th->writers[w].step];
        struct plan out;
        struct program_slot *slots;

        if (!fuse_compose(&th->writers[w].p, &pc->plan, pc->plan.slot_count, &out))
            continue;
        if (!(slots = join_slots(pc->slots, pc->plan.slot_count, ws->slots, ws->plan.slot_count)))
            return plan_cleanup(&out), false;
        piece_free(pc);
        pc->plan = out;
        pc->slots = slots;
        *used = w;
        return true;
    }
    return false;
}

/* b put after a as one plan (fuse_merge_any: pieces regrouped for their writers may no longer
 * have the reader's axes). */
static bool merge_pieces(struct piece *a, struct piece *b)
{
    uint32_t ta[256], tb[256];
    struct program_slot *slots;
    struct plan out;

    if (a->plan.slot_count > 256 || b->plan.slot_count > 256)
        return false;
    for (uint32_t s = 0; s < a->plan.slot_count; ++s)
        ta[s] = a->slots[s].tensor;
    for (uint32_t s = 0; s < b->plan.slot_count; ++s)
        tb[s] = b->slots[s].tensor;
    if (!fuse_merge_any(&a->plan, ta, &b->plan, tb, &out))
        return false;
    if (!(slots = join_slots(a->slots, a->plan.slot_count, b->slots, b->plan.slot_count)))
        return plan_cleanup(&out), false;
    piece_free(a);
    piece_free(b);
    a->plan = out;
    a->slots = slots;
    return true;
}

/* Adjacent pieces put back together where they form one plan; *n becomes how many remain. */
static void merge_all(struct piece *pieces, uint32_t *n)
{
    uint32_t kept = 0;

    for (uint32_t i = 0; i < *n; ++i)
    {
        if (kept && merge_pieces(&pieces[kept - 1], &pieces[i]))
            continue;
        pieces[kept++] = pieces[i];
    }
    *n = kept;
}

/* The pieces as finished steps with the reader's nodes and the writers' it used. */
static bool finish(const struct through *th, const struct fuse_work_step *r, struct piece *pieces,
                   uint32_t n, const bool *used, uint32_t limit, struct candidate *cand)
{
    bool ok = (cand->steps = calloc((size_t)n + 1, sizeof(*cand->steps))) != NULL;

    for (uint32_t i = 0; ok && i < n; ++i)
    {
        struct fuse_work_step *step = &cand->steps[i];

        ok = fuse_finish(&pieces[i].plan, limit);
        step->plan = pieces[i].plan;
        step->slots = pieces[i].slots;
        memset(&pieces[i], 0, sizeof(pieces[i]));
        cand->count = i + 1;
        ok = ok && fuse_step_add_nodes(th->pass, step, r) && fuse_step_compact(step);
        for (uint32_t w = 0; ok && w < th->writer_count; ++w)
            ok = !used[w] ||
                 fuse_step_add_nodes(th->pass, step, &th->pass->steps[th->writers[w].step]);
        if (ok)
            cand->after += fuse_cost(&step->plan);
    }
    return ok;
}

/* Reader step s rewritten where its pieces compose; false when nothing changed. */
static bool rewrite(const struct through *th, uint32_t s, struct candidate *cand)
{
    const struct fuse_work_step *r = &th->pass->steps[s];
    uint32_t n = 0, limit = fuse_unit_limit(&r->plan), count = r->plan.in_part_count, w;
    struct piece *pieces = calloc((size_t)count + 1, sizeof(*pieces));
    bool *used = calloc((size_t)th->writer_count + 1, sizeof(*used)), composed = false, ok;

    cand->step = s;
    cand->fully = false;
    cand->before = fuse_cost(&r->plan);
    ok = pieces && used && fuse_plan_moves(&r->plan) && cut(r, th->elem, pieces, &n);
    cand->fully = ok;
    for (uint32_t i = 0; ok && i < n; ++i)
    {
        if (!piece_reads(&pieces[i], th->t))
            continue;
        if (compose_piece(th, &pieces[i], &w))
        {
            composed = used[w] = true;
            limit = th->writers[w].limit < limit ? th->writers[w].limit : limit;
        }
        cand->fully &= !piece_reads(&pieces[i], th->t);
    }
    if (ok && composed && count)
        merge_all(pieces, &n);
    ok = ok && composed && finish(th, r, pieces, n, used, limit, cand);
    for (uint32_t i = 0; pieces && i < n; ++i)
        piece_free(&pieces[i]);
    free(pieces);
    free(used);
    if (!ok)
    {
        for (uint32_t i = 0; i < cand->count; ++i)
            fuse_step_free(&cand->steps[i]);
        free(cand->steps);
        cand->steps = NULL;
        cand->count = 0;
        cand->fully = false; /* it still reads T */
    }
    return ok;
}

/* Writer w without its part writing T: the runs of its other parts (none for one part). */
static bool drop_part(struct fuse_pass *pass, const struct fuse_work_step *w, uint32_t part,
                      struct candidate *out)
{
    const struct plan *plan = &w->plan;
    uint32_t axis = plan->part_axis, size = plan->dims[axis].size;
    uint32_t ranges[2][2] = {
        {0, plan->parts[part].axis_begin},
        {part + 1 < plan->part_count ? plan->parts[part + 1].axis_begin : size, size}};
    bool ok = (out->steps = calloc(3, sizeof(*out->steps))) != NULL;

    out->before = fuse_cost(plan);
    for (int r = 0; ok && r < 2; ++r)
    {
        struct fuse_work_step *step = &out->steps[out->count];

        if (plan->part_count == 1 || ranges[r][0] >= ranges[r][1])
            continue;
        ok = fuse_restrict(plan, axis, ranges[r][0], ranges[r][1], &step->plan);
        if (!ok)
            break;
        ++out->count;
        step->slots = join_slots(w->slots, plan->slot_count, NULL, 0);
        ok = step->slots && fuse_finish(&step->plan, fuse_unit_limit(plan)) &&
             fuse_step_add_nodes(pass, step, w) && fuse_step_compact(step);
        if (ok)
            out->after += fuse_cost(&step->plan);
    }
    return ok;
}

static void candidate_free(struct candidate *c)
{
    for (uint32_t i = 0; c->steps && i < c->count; ++i)
        fuse_step_free(&c->steps[i]);
    free(c->steps);
    memset(c, 0, sizeof(*c));
}

/* Splitting a reader into several steps that write one tensor makes that tensor written by
 * several steps: fused through later only when the reader wrote each address once. */
static void note_writers(struct through *th, const struct candidate *c)
{
    const struct fuse_work_step *r = &th->pass->steps[c->step];

    for (uint32_t k = 0; k < r->plan.part_count; ++k)
    {
        uint32_t u = r->slots[r->plan.parts[k].slot].tensor, n = 0, part;
        bool skip = false;

        for (uint32_t i = 0; i < c->count; ++i)
            n += writes(&c->steps[i], u, &part, &skip);
        if (n > 1 && !fuse_part_injective(&r->plan, k))
            th->pass->elem[u] = 0;
    }
}

/* Replaces the chosen steps (chosen[i]: candidates, increasing step order) in the pass; false
 * when it could not. */
static bool apply(struct through *th, struct candidate **chosen, uint32_t n)
{
    uint32_t *at = malloc(((size_t)n + 1) * sizeof(*at)), *count = malloc(((size_t)n + 1) * 4);
    struct fuse_work_step **replace = malloc(((size_t)n + 1) * sizeof(*replace));
    bool done = false;

    if (at && count && replace)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            note_writers(th, chosen[i]);
            at[i] = chosen[i]->step;
            count[i] = chosen[i]->count;
            replace[i] = chosen[i]->steps;
            chosen[i]->steps = NULL;
            chosen[i]->count = 0;
        }
        done = fuse_pass_replace(th->pass, at, replace, count, n);
    }
    free(at);
    free(count);
    free(replace);
    return done;
}

static int by_step(const void *a, const void *b)
{
    uint32_t x = (*(const struct candidate *const *)a)->step,
             y = (*(const struct candidate *const *)b)->step;

    return (x > y) - (x < y);
}

/* Every reader rewritten and T no longer written, when that moves no more bytes. */
static bool fuse_all(struct through *th)
{
    struct candidate *drops = calloc((size_t)th->writer_count + 1, sizeof(*drops));
    struct candidate **chosen =
        calloc((size_t)th->writer_count + th->reader_count + 1, sizeof(*chosen));
    double saved = 0;
    bool ok = drops && chosen;
    uint32_t n = 0;

    for (uint32_t r = 0; ok && r < th->reader_count; ++r)
    {
        ok = th->readers[r].fully;
        saved += th->readers[r].before - th->readers[r].after;
        chosen[n++] = &th->readers[r];
    }
    for (uint32_t w = 0; ok && w < th->writer_count; ++w)
    {
        drops[w].step = th->writers[w].step;
        ok = drop_part(th->pass, &th->pass->steps[drops[w].step], th->writers[w].part, &drops[w]);
        saved += drops[w].before - drops[w].after;
        chosen[n++] = &drops[w];
    }
    ok = ok && saved >= 0;
    if (ok)
    {
        qsort(chosen, n, sizeof(*chosen), by_step);
        ok = apply(th, chosen, n);
    }
    if (ok) /* T is gone: nothing writes it again */
        th->pass->elem[th->t] = 0;
    for (uint32_t w = 0; drops && w < th->writer_count; ++w)
        candidate_free(&drops[w]);
    free(drops);
    free(chosen);
    return ok;
}

/* T stays written; each reader reads the writers' input where that alone moves fewer bytes. */
static bool fuse_cheaper(struct through *th)
{
    bool done = false;

    struct candidate **chosen = calloc((size_t)th->reader_count + 1, sizeof(*chosen));
    uint32_t n = 0;

    for (uint32_t r = 0; chosen && r < th->reader_count; ++r)
        if (th->readers[r].steps && th->readers[r].after < th->readers[r].before)
            chosen[n++] = &th->readers[r];
    if (n)
        done = apply(th, chosen, n);
    free(chosen);
    return done;
}

static bool fusable(const struct fuse_pass *pass, uint32_t t)
{
    enum program_tensor_kind kind = pass->program->tensors[t].kind;

    return pass->elem[t] && (kind == PROGRAM_TENSOR_INTERMEDIATE || kind == PROGRAM_TENSOR_OUTPUT);
}

/* The steps whose slots name t, in order; *count of them. */
static uint32_t *touching_steps(const struct fuse_pass *pass, uint32_t t, uint32_t *count)
{
    uint32_t *steps = malloc(((size_t)pass->count + 1) * sizeof(*steps));

    *count = 0;
    for (uint32_t s = 0; steps && s < pass->count; ++s)
        for (uint32_t i = 0; i < pass->steps[s].plan.slot_count; ++i)
            if (pass->steps[s].slots[i].tensor == t)
            {
                steps[(*count)++] = s;
                break;
            }
    return steps;
}

bool fuse_tensor(struct fuse_pass *pass, uint32_t t)
{
    struct through th = {pass, t, pass->elem[t], NULL, 0, NULL, 0};
    uint32_t count = 0, *touching = fusable(pass, t) ? touching_steps(pass, t, &count) : NULL;
    bool changed = false, ok = touching && find_writers(&th, touching, count);

    ok = ok && (th.readers = calloc((size_t)count + 1, sizeof(*th.readers)));
    for (uint32_t i = 0; ok && i < count; ++i)
        if (reads(&pass->steps[touching[i]], t))
            rewrite(&th, touching[i], &th.readers[th.reader_count++]);
    if (ok)
        changed =
            (pass->program->tensors[t].kind == PROGRAM_TENSOR_INTERMEDIATE && fuse_all(&th)) ||
            fuse_cheaper(&th);
    for (uint32_t r = 0; th.readers && r < th.reader_count; ++r)
        candidate_free(&th.readers[r]);
    for (uint32_t w = 0; th.writers && w < th.writer_count; ++w)
        plan_cleanup(&th.writers[w].p);
    free(th.readers);
    free(th.writers);
    free(touching);
    return changed;
}

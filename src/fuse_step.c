/* Fusion's steps (fuse_step.h): plans with their slots and nodes, replaced in the pass. */
#include <stdlib.h>
#include <string.h>

#include "fuse_step.h"

void fuse_step_free(struct fuse_work_step *step)
{
    plan_cleanup(&step->plan);
    free(step->slots);
    free(step->nodes);
    memset(step, 0, sizeof(*step));
}

uint32_t fuse_unit_limit(const struct plan *plan)
{
    return plan->max_unit_bytes ? plan->max_unit_bytes : plan->elem_bytes;
}

/* map[old] = new for the slots the plan names, slots of one tensor and access sharing one;
 * use: slot_count flags (scratch). Returns how many. */
static uint32_t renumber(const struct fuse_work_step *step, bool *use, uint32_t *map)
{
    const struct plan *plan = &step->plan;
    uint32_t count = 0;

    for (uint32_t k = 0; k < plan->part_count; ++k)
        use[plan->parts[k].slot] = true;
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        use[plan->in_parts[j].slot] = true;
    if (!plan->in_part_count)
        use[plan->in_slot] = true;
    for (uint32_t s = 0; s < plan->slot_count; ++s)
    {
        map[s] = UINT32_MAX;
        for (uint32_t e = 0; use[s] && e < s && map[s] == UINT32_MAX; ++e)
            if (use[e] && step->slots[e].tensor == step->slots[s].tensor &&
                step->slots[e].access == step->slots[s].access)
                map[s] = map[e];
        if (use[s] && map[s] == UINT32_MAX)
            map[s] = count++;
    }
    return count;
}

bool fuse_step_compact(struct fuse_work_step *step)
{
    struct plan *plan = &step->plan;
    uint32_t *map = malloc(((size_t)plan->slot_count + 1) * sizeof(*map)), count;
    bool *use = calloc((size_t)plan->slot_count + 1, sizeof(*use));
    struct program_slot *slots = NULL;

    if (map && use)
        count = renumber(step, use, map), slots = malloc(((size_t)count + 1) * sizeof(*slots));
    free(use);
    if (!slots)
        return free(map), false;
    for (uint32_t s = 0; s < plan->slot_count; ++s)
        if (map[s] != UINT32_MAX)
            slots[map[s]] = step->slots[s];
    for (uint32_t k = 0; k < plan->part_count; ++k)
        plan->parts[k].slot = map[plan->parts[k].slot];
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        plan->in_parts[j].slot = map[plan->in_parts[j].slot];
    plan->in_slot = plan->in_part_count ? 0 : map[plan->in_slot];
    plan->slot_count = count;
    free(map);
    free(step->slots);
    step->slots = slots;
    return true;
}

bool fuse_step_add_nodes(struct fuse_pass *pass, struct fuse_work_step *to,
                         const struct fuse_work_step *from)
{
    uint32_t *nodes = realloc(to->nodes,
                              ((size_t)to->node_count + from->node_count + 1) * sizeof(*nodes)),
             stamp = ++pass->node_stamp;

    if (!nodes)
        return false;
    to->nodes = nodes;
    for (uint32_t i = 0; i < to->node_count; ++i)
        pass->node_mark[to->nodes[i]] = stamp;
    for (uint32_t i = 0; i < from->node_count; ++i)
        if (pass->node_mark[from->nodes[i]] != stamp)
        {
            pass->node_mark[from->nodes[i]] = stamp;
            to->nodes[to->node_count++] = from->nodes[i];
        }
    return true;
}

/* The steps of pass with the replacements moved into steps (new memory). */
static uint32_t move_steps(struct fuse_pass *pass, struct fuse_work_step *steps, const uint32_t *at,
                           struct fuse_work_step **replace, const uint32_t *count, uint32_t n)
{
    uint32_t next = 0, i = 0;

    for (uint32_t s = 0; s < pass->count; ++s)
    {
        if (i < n && at[i] == s)
        {
            fuse_step_free(&pass->steps[s]);
            memcpy(&steps[next], replace[i], count[i] * sizeof(*steps));
            next += count[i];
            free(replace[i++]);
            continue;
        }
        steps[next++] = pass->steps[s];
    }
    return next;
}

bool fuse_pass_replace(struct fuse_pass *pass, const uint32_t *at, struct fuse_work_step **replace,
                       const uint32_t *count, uint32_t n)
{
    uint64_t total = pass->count;
    bool grows = false;
    struct fuse_work_step *steps;

    for (uint32_t r = 0; r < n; ++r)
        total = total + count[r] - 1, grows |= count[r] > 1;
    if (!grows)
    {
        /* One step or none for each (a reader rewritten, a writer gone): in place, the removed
         * ones left empty until fuse_pass_compact, so that step indices hold meanwhile. */
        for (uint32_t r = 0; r < n; ++r)
        {
            fuse_step_free(&pass->steps[at[r]]);
            if (count[r])
                pass->steps[at[r]] = replace[r][0];
            free(replace[r]);
        }
        return true;
    }
    if (total >= UINT32_MAX || !(steps = malloc((total + 1) * sizeof(*steps))))
    {
        for (uint32_t r = 0; r < n; ++r)
        {
            for (uint32_t k = 0; k < count[r]; ++k)
                fuse_step_free(&replace[r][k]);
            free(replace[r]);
        }
        return false;
    }
    pass->count = move_steps(pass, steps, at, replace, count, n);
    free(pass->steps);
    pass->steps = steps;
    return true;
}

bool fuse_step_empty(const struct fuse_work_step *step)
{
    return !step->plan.part_count;
}

void fuse_pass_compact(struct fuse_pass *pass)
{
    uint32_t next = 0;

    for (uint32_t s = 0; s < pass->count; ++s)
        if (!fuse_step_empty(&pass->steps[s]))
            pass->steps[next++] = pass->steps[s];
    pass->count = next;
}

/* The one tensor every output part of step writes, or UINT32_MAX. */
static uint32_t only_output(const struct fuse_work_step *step)
{
    uint32_t u = step->slots[step->plan.parts[0].slot].tensor;

    for (uint32_t k = 1; k < step->plan.part_count; ++k)
        if (step->slots[step->plan.parts[k].slot].tensor != u)
            return UINT32_MAX;
    return u;
}

static bool is_read(const struct fuse_pass *pass, uint32_t u)
{
    for (uint32_t s = 0; s < pass->count; ++s)
        for (uint32_t i = 0; i < pass->steps[s].plan.slot_count; ++i)
            if (pass->steps[s].slots[i].tensor == u &&
                pass->steps[s].slots[i].access & PROGRAM_READ)
                return true;
    return false;
}

/* Steps a and b (b after a) as one step. */
static bool merge_pair(struct fuse_pass *pass, const struct fuse_work_step *a,
                       const struct fuse_work_step *b, struct fuse_work_step *out)
{
    uint32_t ta[256], tb[256], la = fuse_unit_limit(&a->plan), lb = fuse_unit_limit(&b->plan);

    if (a->plan.slot_count > 256 || b->plan.slot_count > 256)
        return false;
    for (uint32_t s = 0; s < a->plan.slot_count; ++s)
        ta[s] = a->slots[s].tensor;
    for (uint32_t s = 0; s < b->plan.slot_count; ++s)
        tb[s] = b->slots[s].tensor;
    memset(out, 0, sizeof(*out));
    if (!fuse_merge_any(&a->plan, ta, &b->plan, tb, &out->plan))
        return false;
    out->slots = malloc(((size_t)out->plan.slot_count + 1) * sizeof(*out->slots));
    if (out->slots)
    {
        memcpy(out->slots, a->slots, a->plan.slot_count * sizeof(*out->slots));
        memcpy(out->slots + a->plan.slot_count, b->slots, b->plan.slot_count * sizeof(*out->slots));
    }
    if (out->slots && fuse_finish(&out->plan, la < lb ? la : lb) &&
        fuse_step_add_nodes(pass, out, a) && fuse_step_add_nodes(pass, out, b) &&
        fuse_step_compact(out))
        return true;
    fuse_step_free(out);
    return false;
}

bool fuse_pass_merge_neighbours(struct fuse_pass *pass)
{
    bool changed = false;

    for (uint32_t s = 0; s < pass->count;)
    {
        uint32_t t = s + 1, u, at[2], count[2] = {1, 0};
        struct fuse_work_step *a = &pass->steps[s], *b, *merged, *replace[2];

        while (t < pass->count && fuse_step_empty(&pass->steps[t])) /* removed steps between */
            ++t;
        if (t == pass->count)
            break;
        b = &pass->steps[t];
        if (fuse_step_empty(a) || (u = only_output(a)) == UINT32_MAX || u != only_output(b) ||
            !fuse_plan_moves(&a->plan) || !fuse_plan_moves(&b->plan) || !is_read(pass, u) ||
            !(merged = calloc(1, sizeof(*merged))))
        {
            s = t;
            continue;
        }
        if (!merge_pair(pass, a, b, merged))
        {
            free(merged);
            s = t;
            continue;
        }
        at[0] = s, at[1] = t;
        replace[0] = merged;
        if (!(replace[1] = calloc(1, sizeof(*replace[1]))))
            fuse_step_free(merged), free(merged), s = t;
        else if (fuse_pass_replace(pass, at, replace, count, 2))
            changed = true; /* s now holds the merged step: try it with the next one */
        else
            s = t;
    }
    return changed;
}

/* Fusion (fuse.h): the pass over a program's tensors, and what it tells about each step. */
#include "fuse.h"

#include <stdlib.h>
#include <string.h>

#include "fuse_step.h"
#include "tensor.h"

#define FUSE_MAX_ROUNDS 16

bool dml_fusion_enabled(void)
{
    const char *value = getenv("DMLOPS_FUSION");

    /* Hostile: only the exact strings "0" and "1" mean anything; "1" is the default. */
    return !(value && strcmp(value, "0") == 0);
}

HRESULT dml_fuse_info_init(struct fuse_info *info, uint32_t step_count, uint32_t tensor_count)
{
    memset(info, 0, sizeof(*info));
    info->count = step_count;
    info->tensor_count = tensor_count;
    info->steps = calloc((size_t)step_count + 1, sizeof(*info->steps));
    info->origin = calloc((size_t)step_count + 1, sizeof(*info->origin));
    info->tensor_type = calloc((size_t)tensor_count + 1, sizeof(*info->tensor_type));
    if (!info->steps || !info->origin || !info->tensor_type)
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
    free(info->tensor_type);
    memset(info, 0, sizeof(*info));
}

void dml_fuse_info_access(struct fuse_info *info, uint32_t tensor, uint32_t data_type)
{
    uint32_t *seen;

    if (tensor >= info->tensor_count)
        return;
    seen = &info->tensor_type[tensor];
    if (!data_type)
        *seen = FUSE_MIXED_TYPES;
    else if (!*seen)
        *seen = data_type;
    else if (*seen != data_type)
        *seen = FUSE_MIXED_TYPES;
}

/* The program's steps moved into the pass, each with its node; element sizes per tensor. False
 * (nothing moved) on E_OUTOFMEMORY. */
static bool begin(struct fuse_pass *pass, struct program *program, const struct fuse_info *info)
{
    uint32_t n = program->step_count, nodes = 0;
    bool ok;

    memset(pass, 0, sizeof(*pass));
    for (uint32_t s = 0; s < n; ++s)
        if (info->steps[info->origin[s]].node >= nodes)
            nodes = info->steps[info->origin[s]].node + 1;
    pass->program = program;
    pass->steps = calloc((size_t)n + 1, sizeof(*pass->steps));
    pass->elem = calloc((size_t)program->tensor_count + 1, sizeof(*pass->elem));
    pass->node_mark = calloc((size_t)nodes + 1, sizeof(*pass->node_mark));
    ok = pass->steps && pass->elem && pass->node_mark;
    for (uint32_t s = 0; ok && s < n; ++s)
        ok = (pass->steps[s].nodes = malloc(sizeof(*pass->steps[s].nodes))) != NULL;
    if (!ok)
    {
        for (uint32_t s = 0; pass->steps && s < n; ++s)
            free(pass->steps[s].nodes);
        free(pass->steps);
        free(pass->elem);
        free(pass->node_mark);
        return false;
    }
    for (uint32_t t = 0; t < program->tensor_count && t < info->tensor_count; ++t)
        if (info->tensor_type[t] != FUSE_MIXED_TYPES)
            pass->elem[t] = dml_data_type_size(info->tensor_type[t]);
    for (uint32_t s = 0; s < n; ++s)
    {
        pass->steps[s].nodes[0] = info->steps[info->origin[s]].node;
        pass->steps[s].node_count = 1;
        pass->steps[s].plan = program->steps[s].plan;
        pass->steps[s].slots = program->steps[s].slots;
    }
    pass->count = n;
    program->step_count = 0; /* the pass owns the plans now */
    return true;
}

static void pass_free(struct fuse_pass *pass)
{
    for (uint32_t s = 0; s < pass->count; ++s)
        fuse_step_free(&pass->steps[s]);
    free(pass->steps);
    free(pass->elem);
    free(pass->node_mark);
}

/* The tensors in the order of the first step writing each. */
static uint32_t *tensor_order(const struct fuse_pass *pass, uint32_t *count)
{
    const struct program *program = pass->program;
    uint32_t *order = malloc(((size_t)program->tensor_count + 1) * sizeof(*order));
    bool *seen = calloc((size_t)program->tensor_count + 1, sizeof(*seen));

    *count = 0;
    for (uint32_t s = 0; order && seen && s < pass->count; ++s)
        for (uint32_t i = 0; i < pass->steps[s].plan.slot_count; ++i)
        {
            uint32_t t = pass->steps[s].slots[i].tensor;

            if (pass->steps[s].slots[i].access & PROGRAM_WRITE && !seen[t])
                seen[t] = true, order[(*count)++] = t;
        }
    if (!seen)
        free(order), order = NULL;
    free(seen);
    return order;
}

/* The pass's steps back into the program, their node lists into info. */
static bool end(struct fuse_pass *pass, struct program *program, struct fuse_info *info)
{
    uint64_t entries = 0;
    struct program_step *steps = calloc((size_t)pass->count + 1, sizeof(*steps));
    struct fuse_step *lists;
    uint32_t *origin = malloc(((size_t)pass->count + 1) * sizeof(*origin)), e = 0;

    for (uint32_t s = 0; s < pass->count; ++s)
        entries += pass->steps[s].node_count;
    lists = malloc((entries + 1) * sizeof(*lists));
    if (!steps || !origin || !lists)
        return free(steps), free(origin), free(lists), false;
    for (uint32_t s = 0; s < pass->count; ++s)
    {
        struct fuse_work_step *step = &pass->steps[s];

        origin[s] = e;
        for (uint32_t i = 0; i < step->node_count; ++i, ++e)
            lists[e] =
                (struct fuse_step){step->nodes[i], i + 1 < step->node_count ? e + 1 : FUSE_NONE};
        steps[s] = (struct program_step){step->plan, step->slots, false};
        free(step->nodes);
    }
    free(program->steps);
    program->steps = steps;
    program->step_count = pass->count;
    free(info->steps);
    free(info->origin);
    info->steps = lists;
    info->origin = origin;
    free(pass->steps);
    free(pass->elem);
    free(pass->node_mark);
    return true;
}

HRESULT dml_fuse_program(struct program *program, struct fuse_info *info)
{
    struct fuse_pass pass;
    uint32_t *order, count;
    bool changed = true;

    if (!begin(&pass, program, info))
        return E_OUTOFMEMORY;
    /* Again while something changed: a reader rewritten late (a single element read through a
     * transpose) may compose with a writer visited before it. */
    for (uint32_t round = 0; changed && round < FUSE_MAX_ROUNDS; ++round)
    {
        changed = false;
        if (!(order = tensor_order(&pass, &count)))
            break;
        for (uint32_t i = 0; i < count; ++i)
            if (fuse_tensor(&pass, order[i]))
                changed = true, fuse_pass_merge_neighbours(&pass);
        free(order);
        fuse_pass_compact(&pass);
    }
    fuse_pass_compact(&pass);
    if (end(&pass, program, info))
        return S_OK;
    pass_free(&pass);
    return E_OUTOFMEMORY;
}

/* What every plan of a valid graph, and the program it becomes, must satisfy, checked on each
 * valid fuzz input. */
#include "graph_program.h"

#include <stdlib.h>
#include <string.h>

const char *fuzz_graph_check_plan(const struct dml_graph_plan *plan);

static const char *check_steps(const struct dml_graph_plan *plan, uint32_t *writer)
{
    for (uint32_t s = 0; s < plan->step_count; ++s)
    {
        const struct dml_graph_step *step = &plan->steps[s];
        for (uint32_t r = 0; r < step->read_count; ++r)
        {
            const struct dml_graph_tensor *t = &plan->tensors[step->reads[r]];
            if ((t->kind == DML_GRAPH_TENSOR_INTERMEDIATE || t->kind == DML_GRAPH_TENSOR_OUTPUT) &&
                writer[step->reads[r]] >= s)
                return "plan: a step reads a tensor no earlier step wrote";
            if (t->kind == DML_GRAPH_TENSOR_UNUSED_INPUT)
                return "plan: a step reads an edge-less graph input";
        }
        for (uint32_t w = 0; w < step->write_count; ++w)
        {
            uint32_t id = step->writes[w];
            if (plan->tensors[id].kind != DML_GRAPH_TENSOR_INTERMEDIATE &&
                plan->tensors[id].kind != DML_GRAPH_TENSOR_OUTPUT)
                return "plan: a step writes an input or a constant";
            if (writer[id] != UINT32_MAX)
                return "plan: a tensor is written twice";
            writer[id] = s;
        }
    }
    for (uint32_t j = 0; j < plan->output_count; ++j)
        if (writer[plan->output_tensor[j]] == UINT32_MAX)
            return "plan: a graph output is never written";
    return NULL;
}

static uint64_t end_of(const struct program_tensor *t)
{
    return t->offset + t->bytes;
}

static bool alias(const struct program_tensor *x, const struct program_tensor *y)
{
    if (x == y)
        return true;
    if (x->kind != y->kind || x->kind == PROGRAM_TENSOR_CONSTANT ||
        ((x->kind == PROGRAM_TENSOR_INPUT || x->kind == PROGRAM_TENSOR_OUTPUT) &&
         x->binding != y->binding))
        return false;
    return x->offset < end_of(y) && y->offset < end_of(x);
}

/* Intermediates alive together and owned inputs never share bytes, each inside its resource. */
static const char *check_memory(const struct program *p)
{
    for (uint32_t a = 0; a < p->tensor_count; ++a)
    {
        const struct program_tensor *x = &p->tensors[a];
        bool temp = x->kind == PROGRAM_TENSOR_INTERMEDIATE;

        if (!temp && x->kind != PROGRAM_TENSOR_OWNED)
            continue;
        if (x->offset % 256 || end_of(x) > (temp ? p->temporary_size : p->persistent_size))
            return "program: a tensor is misaligned or outside its resource";
        for (uint32_t c = a + 1; c < p->tensor_count; ++c)
        {
            const struct program_tensor *y = &p->tensors[c];
            bool live = !temp || (x->first_step <= y->last_step && y->first_step <= x->last_step);
            if (y->kind == x->kind && live && alias(x, y))
                return "program: two live tensors share bytes";
        }
    }
    return NULL;
}

static bool hazard(const struct program *p, uint32_t a, uint32_t c)
{
    const struct program_step *x = &p->steps[a], *y = &p->steps[c];

    for (uint32_t i = 0; i < x->plan.slot_count; ++i)
        for (uint32_t j = 0; j < y->plan.slot_count; ++j)
            if (((x->slots[i].access | y->slots[j].access) & PROGRAM_WRITE) &&
                alias(&p->tensors[x->slots[i].tensor], &p->tensors[y->slots[j].tensor]))
                return true;
    return false;
}

/* Two steps touching the same bytes, one writing, have a wait between them (quadratic: only
 * for programs of up to 256 steps). */
static const char *check_waits(const struct program *p)
{
    for (uint32_t c = 0; c < p->step_count && p->step_count <= 256; ++c)
        for (uint32_t a = c; a-- > 0 && !p->steps[a + 1].wait;)
            if (hazard(p, a, c))
                return "program: a wait is missing";
    return NULL;
}

static const char *check_program(const struct dml_graph_plan *plan)
{
    struct dml_binding_layout layout = {0};
    struct program program;
    const char *finding = NULL;

    program_init(&program);
    if (SUCCEEDED(dml_graph_program_build(plan, &program, &layout)))
    {
        finding = check_memory(&program);
        if (!finding)
            finding = check_waits(&program);
    }
    program_cleanup(&program);
    dml_binding_layout_cleanup(&layout);
    return finding;
}

const char *fuzz_graph_check_plan(const struct dml_graph_plan *plan);

const char *fuzz_graph_check_plan(const struct dml_graph_plan *plan)
{
    uint32_t *writer = malloc((plan->tensor_count + 1) * sizeof(*writer));
    const char *finding;

    if (!writer)
        return NULL;
    memset(writer, 0xff, (plan->tensor_count + 1) * sizeof(*writer));
    finding = check_steps(plan, writer);
    free(writer);
    return finding ? finding : check_program(plan);
}

/* After CompileGraph accepted a fuzz graph (fuzz_graph.h): the program built with fusion and the
 * one built without, run on the CPU plan interpreter with every access checked against its
 * tensor, must give the same output bytes (fusion never changes a byte); and on a device with
 * Vulkan, CompileGraph compiles the graph for real, with fusion on and off, into a compiled
 * operator whose binding properties are those programs' sizes and which its one Release frees. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#define COBJMACROS
#include "fuzz_graph.h"

#include <stdlib.h>
#include <string.h>

#include "fuse.h"
#include "graph_program.h"
#include "plan_exec.h"

struct built
{
    struct program program;
    struct dml_binding_layout layout;
    struct fuse_info info;
    HRESULT hr;
};

static void build(const struct dml_graph_plan *plan, bool fuse, struct built *b)
{
    memset(b, 0, sizeof(*b));
    program_init(&b->program);
    b->hr = dml_graph_program_build_fused(plan, fuse, &b->program, &b->layout, &b->info);
}

static void release(struct built *b)
{
    dml_fuse_info_cleanup(&b->info);
    program_cleanup(&b->program);
    dml_binding_layout_cleanup(&b->layout);
}

/* A tensor's first bytes: a pattern of its binding for inputs and owned inputs (the same in both
 * programs), its data for constants, 0xEE for what the steps write. */
static void fill(const struct program_tensor *t, uint8_t *mem)
{
    memset(mem, 0xEE, t->bytes);
    if (t->kind == PROGRAM_TENSOR_CONSTANT)
        memcpy(mem, t->data, t->bytes);
    else if (t->kind == PROGRAM_TENSOR_INPUT || t->kind == PROGRAM_TENSOR_OWNED)
        for (uint64_t i = 0; i < t->bytes; ++i)
            mem[i] = (uint8_t)(i * 37 + 11 + t->binding * 101);
}

/* Runs the program with each tensor in memory of its own; *out: the output tensors' bytes, in
 * tensor order (the same tensors in both programs: fusion only removes steps). */
static const char *run(const struct program *p, uint8_t **out, size_t *size)
{
    uint8_t **mem = calloc(p->tensor_count + 1, sizeof(*mem));
    const char *finding = NULL;
    bool skipped = false;
    size_t total = 0;

    *out = NULL;
    for (uint32_t t = 0; mem && t < p->tensor_count; ++t)
    {
        if ((mem[t] = malloc(p->tensors[t].bytes + 16)))
            fill(&p->tensors[t], mem[t]);
        total += p->tensors[t].kind == PROGRAM_TENSOR_OUTPUT ? p->tensors[t].bytes : 0;
    }
    for (uint32_t s = 0; mem && s < p->step_count && !finding; ++s)
    {
        const struct program_step *step = &p->steps[s];
        void *slots[64];
        uint64_t sizes[64];
        char error[256];

        if ((skipped = step->plan.slot_count > 64)) /* wider than the palette makes */
            break;
        for (uint32_t i = 0; i < step->plan.slot_count; ++i)
        {
            slots[i] = mem[step->slots[i].tensor];
            sizes[i] = p->tensors[step->slots[i].tensor].bytes;
        }
        if (plan_exec_checked(&step->plan, slots, sizes, error, sizeof(error)))
            finding = "program: a step reads or writes outside its tensors (plan_exec_checked)";
    }
    if (mem && !finding && !skipped && (*out = malloc(total + 1)))
    {
        *size = 0;
        for (uint32_t t = 0; t < p->tensor_count; ++t)
            if (p->tensors[t].kind == PROGRAM_TENSOR_OUTPUT)
                memcpy(*out + *size, mem[t], p->tensors[t].bytes), *size += p->tensors[t].bytes;
    }
    for (uint32_t t = 0; mem && t < p->tensor_count; ++t)
        free(mem[t]);
    free(mem);
    return finding;
}

static const char *compare(const struct built *fused, const struct built *plain)
{
    uint8_t *a = NULL, *b = NULL;
    size_t a_size = 0, b_size = 0;
    const char *finding = run(&fused->program, &a, &a_size);

    if (!finding)
        finding = run(&plain->program, &b, &b_size);
    if (!finding && a && b && (a_size != b_size || memcmp(a, b, a_size)))
        finding = "fusion changed the bytes of a graph output";
    if (!finding && fused->program.step_count > plain->program.step_count)
        finding = "fusion added steps";
    free(a);
    free(b);
    return finding;
}

/* CompileGraph with ppv, fusion on (fuse) or off: the properties of the program built here. */
static const char *compile(struct dml_device *dev, const DML_GRAPH_DESC *desc,
                           DML_EXECUTION_FLAGS flags, bool fuse, const struct program *program)
{
    IDMLCompiledOperator *compiled = NULL;
    DML_BINDING_PROPERTIES props;
    HRESULT hr;

    setenv("DMLOPS_FUSION", fuse ? "1" : "0", 1);
    hr = IDMLDevice1_CompileGraph(&dev->IDMLDevice1_iface, desc, flags, &IID_IDMLCompiledOperator,
                                  (void **)&compiled);
    unsetenv("DMLOPS_FUSION");
    if (hr == E_OUTOFMEMORY)
        return NULL;
    if (hr != S_OK || !compiled)
        return "a graph accepted with ppv NULL did not compile with ppv set";
    props = IDMLCompiledOperator_GetBindingProperties(compiled);
    if (props.TemporaryResourceSize != program->temporary_size ||
        props.PersistentResourceSize != program->persistent_size || props.RequiredDescriptorCount)
        return IDMLCompiledOperator_Release(compiled),
               "a compiled graph's binding properties are not its program's";
    if (IDMLCompiledOperator_Release(compiled))
        return "a compiled graph outlived its last Release";
    return NULL;
}

static unsigned compared, fewer_steps, compiled_for_real;

const char *fuzz_graph_exec(struct dml_device *dev, bool vulkan, const DML_GRAPH_DESC *desc,
                            DML_EXECUTION_FLAGS flags, const struct dml_graph_plan *plan)
{
    struct built fused, plain;
    const char *finding = NULL;

    build(plan, true, &fused);
    build(plan, false, &plain);
    if (FAILED(fused.hr) || FAILED(plain.hr))
        finding = fused.hr == E_OUTOFMEMORY || plain.hr == E_OUTOFMEMORY
                      ? NULL
                      : "a valid graph's program could not be built";
    else if (!(finding = compare(&fused, &plain)))
    {
        ++compared;
        fewer_steps += fused.program.step_count < plain.program.step_count;
    }
    for (int fuse = 0; vulkan && !finding && SUCCEEDED(fused.hr) && fuse < 2; ++fuse)
        if (!(finding = compile(dev, desc, flags, fuse, fuse ? &fused.program : &plain.program)))
            ++compiled_for_real;
    release(&fused);
    release(&plain);
    return finding;
}

void fuzz_graph_exec_counts(unsigned *fusion_compared, unsigned *fused, unsigned *real_compiles)
{
    *fusion_compared = compared;
    *fused = fewer_steps;
    *real_compiles = compiled_for_real;
}

/* IDMLDevice1::CompileGraph: validate, plan, build the program, and hand it to a compiled operator
 * (issue 13). A valid graph compiles into one IDMLCompiledOperator that binds with the graph's
 * InputCount and OutputCount. */
#include "graph_compile.h"

#include <stdio.h>

#include "compiled_operator.h"
#include "diag.h"
#include "fuse.h"
#include "graph_cache.h"
#include "graph_program.h"

/* The nodes a step came from, last first ("4<-3<-1": node 1 fused into 3 fused into 4). */
static void step_nodes(const struct fuse_info *info, uint32_t origin, char *text, size_t size)
{
    size_t used = 0;

    text[0] = 0;
    for (uint32_t o = origin; o != FUSE_NONE && used < size; o = info->steps[o].absorbed)
    {
        int n = snprintf(text + used, size - used, "%s%u", used ? "<-" : "",
                         (unsigned)info->steps[o].node);
        used += n > 0 ? (size_t)n : size;
    }
}

/* One line per step on a debug device: the plan chosen for the graph (issue 14). */
static void dump_program(bool debug, bool fused, const struct program *program,
                         const struct fuse_info *info)
{
    static const char *const kernels[] = {
        [PLAN_KERNEL_COPY] = "COPY",
        [PLAN_KERNEL_SPLIT] = "SPLIT",
        [PLAN_KERNEL_PAD] = "PAD",
        [PLAN_KERNEL_GENERAL] = "GENERAL",
        [PLAN_KERNEL_SCALE_BIAS] = "SCALE_BIAS",
        [PLAN_KERNEL_CAST] = "CAST",
        [PLAN_KERNEL_GATHER] = "GATHER",
        [PLAN_KERNEL_SCATTER] = "SCATTER",
        [PLAN_KERNEL_FILL] = "FILL",
    };
    _Static_assert(sizeof(kernels) / sizeof(kernels[0]) == PLAN_KERNEL_COUNT,
                   "a name for every plan kernel");
    char nodes[256];

    if (!debug)
        return;
    dml_diag_rule(true, DMLOPS_MESSAGE_SEVERITY_INFO, NULL,
                  "CompileGraph: %u steps (fusion %s, %u before), temporary %llu bytes",
                  (unsigned)program->step_count, fused ? "on" : "off", (unsigned)info->count,
                  (unsigned long long)program->temporary_size);
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct plan *plan = &program->steps[s].plan;
        const char *kernel = plan->kernel < PLAN_KERNEL_COUNT ? kernels[plan->kernel] : NULL;

        step_nodes(info, info->origin[s], nodes, sizeof(nodes));
        dml_diag_rule(true, DMLOPS_MESSAGE_SEVERITY_INFO, NULL,
                      "CompileGraph step %u: kernel %s, rank %u, %u-byte elements, nodes %s",
                      (unsigned)s, kernel ? kernel : "?", (unsigned)plan->rank,
                      (unsigned)plan->elem_bytes, nodes);
    }
}

/* Plans, fuses and builds the program; remembers it under key (when there is one). */
static HRESULT compile_plan(struct dml_device *device, const struct dml_graph_plan *plan, bool fuse,
                            const struct dml_graph_key *key, DML_EXECUTION_FLAGS flags,
                            IDMLCompiledOperator **out)
{
    struct dml_binding_layout layout = {0};
    struct fuse_info info = {0};
    struct program program;
    HRESULT hr;

    program_init(&program);
    if (FAILED(hr = dml_graph_program_build_fused(plan, fuse, &program, &layout, &info)))
    {
        dml_fuse_info_cleanup(&info);
        program_cleanup(&program);
        dml_binding_layout_cleanup(&layout);
        return hr;
    }
    dump_program(dml_device_debug_enabled(device), fuse, &program, &info);
    dml_fuse_info_cleanup(&info);
    if (key)
        dml_graph_cache_add(device->graph_cache, key, &program, &layout);
    return dml_compiled_program_create(device, &program, &layout, flags, out);
}

/* Validates, plans and compiles desc (out NULL: validates only). */
static HRESULT compile_new(struct dml_device *device, const DML_GRAPH_DESC *desc, bool fuse,
                           const struct dml_graph_key *key, DML_EXECUTION_FLAGS flags,
                           IDMLCompiledOperator **out)
{
    struct dml_graph_ctx ctx = {
        .feature_level = device->feature_level,
        .debug = dml_device_debug_enabled(device),
        .device = device,
    };
    struct dml_graph_plan plan;
    struct dml_graph graph;
    HRESULT hr;

    if (FAILED(hr = dml_graph_validate(&ctx, desc, flags, &graph)))
        return hr;
    if (!out) /* ppv NULL: validation only (S_FALSE) */
        hr = S_FALSE;
    else if (SUCCEEDED(hr = dml_graph_plan_build(&graph, &plan)))
    {
        hr = compile_plan(device, &plan, fuse, key, flags, out);
        dml_graph_plan_cleanup(&plan);
    }
    dml_graph_cleanup(&graph);
    return hr;
}

/* A graph compiled before (graph_cache.h) is not validated, planned or fused again. A debug
 * device with its output on compiles anew, so that it prints the program it chose each time,
 * and remembers the result all the same. */
HRESULT dml_graph_compile(struct dml_device *device, const DML_GRAPH_DESC *desc,
                          DML_EXECUTION_FLAGS flags, IDMLCompiledOperator **out)
{
    bool fuse = dml_fusion_enabled(); /* once per compile */
    struct dml_binding_layout layout;
    struct dml_graph_key key;
    struct program program;
    bool keyed = out && dml_graph_key_build(device, desc, flags, fuse, &key);
    HRESULT hr;

    if (keyed && !dml_device_debug_enabled(device) &&
        dml_graph_cache_find(device->graph_cache, &key, &program, &layout))
        hr = dml_compiled_program_create(device, &program, &layout, flags, out);
    else
        hr = compile_new(device, desc, fuse, keyed ? &key : NULL, flags, out);
    if (keyed)
        dml_graph_key_cleanup(&key);
    return hr;
}

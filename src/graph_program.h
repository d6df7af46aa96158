/* A graph plan (graph_plan.h) as a program (program.h) and the binding layout of the graph's
 * counts: what CompileGraph hands to dml_compiled_program_create. Pure: no Vulkan, so tests
 * check placement and waits without a GPU. */
#ifndef DMLOPS_GRAPH_PROGRAM_H
#define DMLOPS_GRAPH_PROGRAM_H

#include "dispatchable.h"
#include "graph_plan.h"

/* Fills program (initialized by the caller) and layout; on failure (E_OUTOFMEMORY, also for a
 * resource past 64 bits) both are left for the caller to clean up. Ends with program_finish:
 * intermediates placed, waits set. No fusion. */
HRESULT dml_graph_program_build(const struct dml_graph_plan *plan, struct program *program,
                                struct dml_binding_layout *layout);

struct fuse_info;

/* The same, fused (fuse.h) when fuse is true; info (initialized here, cleaned up by the caller,
 * on failure too) tells where each remaining step came from. */
HRESULT dml_graph_program_build_fused(const struct dml_graph_plan *plan, bool fuse,
                                      struct program *program, struct dml_binding_layout *layout,
                                      struct fuse_info *info);

/* A plan copying the elements desc addresses (its sizes and strides) from slot 0 to slot 1: a
 * node output written into a second graph output (GD6), strided gaps left untouched. */
HRESULT dml_graph_copy_plan(const struct dml_tensor *desc, struct plan *out);

#endif

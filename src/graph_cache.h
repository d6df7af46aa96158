/* CompileGraph's cache: the program and binding layout of each graph a device compiled lately,
 * found by the graph's key (graph_key.h), so that compiling a graph again skips validation,
 * planning and fusion and costs about what a CompileOperator does. A match compares every key
 * word, operator def and constant byte, never only a hash. Bounded: GRAPH_CACHE_ENTRIES graphs
 * and GRAPH_CACHE_BYTES bytes at most, the least recently used dropped first. Thread-safe. */
#ifndef DMLOPS_GRAPH_CACHE_H
#define DMLOPS_GRAPH_CACHE_H

#include <stdbool.h>

#include "dispatchable.h"
#include "graph_key.h"
#include "program.h"

#define GRAPH_CACHE_ENTRIES 64u
#define GRAPH_CACHE_BYTES (16u << 20)

struct dml_graph_cache;

HRESULT dml_graph_cache_create(struct dml_graph_cache **out);
void dml_graph_cache_destroy(struct dml_graph_cache *cache);

/* On a match, copies of the graph's program and layout; false on a miss, or when memory ran
 * out for the copies (the caller then compiles the graph as if it were new). */
bool dml_graph_cache_find(struct dml_graph_cache *cache, const struct dml_graph_key *key,
                          struct program *program, struct dml_binding_layout *layout);
/* Remembers copies of a graph's program and layout under key; does nothing when memory is short
 * or the graph alone would fill the cache. */
void dml_graph_cache_add(struct dml_graph_cache *cache, const struct dml_graph_key *key,
                         const struct program *program, const struct dml_binding_layout *layout);

struct dml_graph_cache_stats
{
    uint64_t hits, misses; /* finds since creation */
    uint32_t entries;
    size_t bytes;
};

/* For tests and the benchmark. */
struct dml_graph_cache_stats dml_graph_cache_stats(struct dml_graph_cache *cache);

#endif

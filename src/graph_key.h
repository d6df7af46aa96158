/* What makes two CompileGraph calls compile to the same program, read from the application's
 * DML_GRAPH_DESC without validating it: the flags, whether fusion is on, the counts, each node's
 * type and content (an operator's def, a constant's bytes) and every edge's fields. Names are
 * left out: they only ever appear in messages, and a graph found in the cache (graph_cache.h)
 * was valid, so it has none to print. */
#ifndef DMLOPS_GRAPH_KEY_H
#define DMLOPS_GRAPH_KEY_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#include "op_def.h"

struct dml_device;

/* The content a node's key words only hash: compared byte for byte on a match. */
struct dml_graph_key_node
{
    const struct dml_op_def *def; /* OPERATOR: the operator's, borrowed for the call */
    const void *data;             /* CONSTANT: the caller's Data, borrowed for the call */
    uint64_t data_size;
};

struct dml_graph_key
{
    uint64_t *words; /* the flags, the counts, then per node and per edge its fields */
    uint32_t word_count;
    uint32_t node_count;
    struct dml_graph_key_node *nodes;
    uint64_t hash; /* of the words */
};

/* The key of desc on device, or false when there is none: desc breaks a rule that the key
 * would have to check (a NULL array or Desc, an unknown node type, an operator of another
 * device or library, counts over their limits) or memory ran out. The full validation then
 * runs and says what is wrong. */
bool dml_graph_key_build(const struct dml_device *device, const DML_GRAPH_DESC *desc,
                         DML_EXECUTION_FLAGS flags, bool fusion, struct dml_graph_key *key);
void dml_graph_key_cleanup(struct dml_graph_key *key);

#endif

#include "graph_key.h"

#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "hash.h"
#include "operator.h"

#define HEADER_WORDS 8u
#define NODE_WORDS 3u
#define INPUT_EDGE_WORDS 2u
#define OUTPUT_EDGE_WORDS 2u
#define INTERMEDIATE_EDGE_WORDS 3u
#define KEY_WORDS_MAX (1u << 20)          /* a bigger graph compiles without a key */
#define KEY_CONSTANT_BYTES_MAX (1u << 20) /* constants are hashed and kept: not megabytes */

static uint64_t pair(uint32_t high, uint32_t low)
{
    return (uint64_t)high << 32 | low;
}

/* The words of node n, or false when the node would need validating. */
static bool node_words(const struct dml_device *device, const DML_GRAPH_NODE_DESC *node,
                       uint64_t *words, struct dml_graph_key_node *content, uint64_t *constants)
{
    words[0] = (uint64_t)node->Type;
    if (!node->Desc)
        return false;
    if (node->Type == DML_GRAPH_NODE_TYPE_OPERATOR)
    {
        const DML_OPERATOR_GRAPH_NODE_DESC *d = node->Desc;
        const struct dml_operator *op = dml_operator_from_iface(d->Operator);

        if (!op || op->child.device != device)
            return false;
        content->def = &op->def;
        words[1] = op->digest;
        words[2] = 0;
        return true;
    }
    if (node->Type == DML_GRAPH_NODE_TYPE_CONSTANT)
    {
        const DML_CONSTANT_DATA_GRAPH_NODE_DESC *d = node->Desc;

        if ((!d->Data && d->DataSize) || d->DataSize > KEY_CONSTANT_BYTES_MAX - *constants)
            return false;
        *constants += d->DataSize;
        content->data = d->Data;
        content->data_size = d->DataSize;
        words[1] = dml_hash(d->Data, d->DataSize);
        words[2] = d->DataSize;
        return true;
    }
    return false;
}

/* One edge's words (its Type and every index), or false for a NULL Desc or an edge in the
 * array of another type. */
static bool edge_words(const DML_GRAPH_EDGE_DESC *edge, DML_GRAPH_EDGE_TYPE kind, uint64_t *words)
{
    if (!edge->Desc || edge->Type != kind)
        return false;
    if (kind == DML_GRAPH_EDGE_TYPE_INPUT)
    {
        const DML_INPUT_GRAPH_EDGE_DESC *d = edge->Desc;
        words[0] = pair(edge->Type, d->GraphInputIndex);
        words[1] = pair(d->ToNodeIndex, d->ToNodeInputIndex);
    }
    else if (kind == DML_GRAPH_EDGE_TYPE_OUTPUT)
    {
        const DML_OUTPUT_GRAPH_EDGE_DESC *d = edge->Desc;
        words[0] = pair(edge->Type, d->FromNodeIndex);
        words[1] = pair(d->FromNodeOutputIndex, d->GraphOutputIndex);
    }
    else
    {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC *d = edge->Desc;
        words[0] = pair(edge->Type, d->FromNodeIndex);
        words[1] = pair(d->FromNodeOutputIndex, d->ToNodeIndex);
        words[2] = d->ToNodeInputIndex;
    }
    return true;
}

/* The words of one array of edges from *at on; false as edge_words. */
static bool edges_words(const DML_GRAPH_EDGE_DESC *edges, uint32_t count, DML_GRAPH_EDGE_TYPE kind,
                        uint32_t per_edge, uint64_t *words, uint32_t *at)
{
    if (count && !edges)
        return false;
    for (uint32_t e = 0; e < count; ++e, *at += per_edge)
        if (!edge_words(&edges[e], kind, words + *at))
            return false;
    return true;
}

static uint64_t words_needed(const DML_GRAPH_DESC *desc)
{
    return HEADER_WORDS + (uint64_t)NODE_WORDS * desc->NodeCount +
           (uint64_t)INPUT_EDGE_WORDS * desc->InputEdgeCount +
           (uint64_t)OUTPUT_EDGE_WORDS * desc->OutputEdgeCount +
           (uint64_t)INTERMEDIATE_EDGE_WORDS * desc->IntermediateEdgeCount;
}

static bool fill(const struct dml_device *device, const DML_GRAPH_DESC *desc,
                 struct dml_graph_key *key)
{
    uint64_t constants = 0;
    uint32_t at = HEADER_WORDS;

    if (!desc->Nodes)
        return false;
    for (uint32_t n = 0; n < desc->NodeCount; ++n, at += NODE_WORDS)
        if (!node_words(device, &desc->Nodes[n], key->words + at, &key->nodes[n], &constants))
            return false;
    return edges_words(desc->InputEdges, desc->InputEdgeCount, DML_GRAPH_EDGE_TYPE_INPUT,
                       INPUT_EDGE_WORDS, key->words, &at) &&
           edges_words(desc->OutputEdges, desc->OutputEdgeCount, DML_GRAPH_EDGE_TYPE_OUTPUT,
                       OUTPUT_EDGE_WORDS, key->words, &at) &&
           edges_words(desc->IntermediateEdges, desc->IntermediateEdgeCount,
                       DML_GRAPH_EDGE_TYPE_INTERMEDIATE, INTERMEDIATE_EDGE_WORDS, key->words, &at);
}

bool dml_graph_key_build(const struct dml_device *device, const DML_GRAPH_DESC *desc,
                         DML_EXECUTION_FLAGS flags, bool fusion, struct dml_graph_key *key)
{
    uint64_t words = desc ? words_needed(desc) : 0;

    memset(key, 0, sizeof(*key));
    if (!desc || desc->NodeCount > DML_GRAPH_COUNT_MAX || words > KEY_WORDS_MAX)
        return false;
    key->word_count = (uint32_t)words;
    key->node_count = desc->NodeCount;
    key->words = malloc(words * sizeof(*key->words));
    key->nodes = calloc(desc->NodeCount + 1, sizeof(*key->nodes));
    if (!key->words || !key->nodes || !fill(device, desc, key))
    {
        dml_graph_key_cleanup(key);
        return false;
    }
    key->words[0] = flags;
    key->words[1] = fusion;
    key->words[2] = desc->InputCount;
    key->words[3] = desc->OutputCount;
    key->words[4] = desc->NodeCount;
    key->words[5] = desc->InputEdgeCount;
    key->words[6] = desc->OutputEdgeCount;
    key->words[7] = desc->IntermediateEdgeCount;
    key->hash = dml_hash(key->words, words * sizeof(*key->words));
    return true;
}

void dml_graph_key_cleanup(struct dml_graph_key *key)
{
    free(key->words);
    free(key->nodes);
    memset(key, 0, sizeof(*key));
}

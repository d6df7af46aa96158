#include "graph_cache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct entry
{
    uint64_t hash;
    uint32_t word_count, node_count;
    uint64_t *words;
    struct dml_op_def *defs; /* per node; empty for constants */
    uint8_t *constants;      /* the constant nodes' bytes, in node order */
    struct program program;
    struct dml_binding_layout layout;
    size_t bytes; /* about what the entry holds, for GRAPH_CACHE_BYTES */
};

struct dml_graph_cache
{
    pthread_mutex_t lock;
    struct entry *entries[GRAPH_CACHE_ENTRIES]; /* most recently used first */
    uint32_t count;
    size_t bytes;
    uint64_t hits, misses;
};

HRESULT dml_graph_cache_create(struct dml_graph_cache **out)
{
    struct dml_graph_cache *cache = calloc(1, sizeof(*cache));

    if (!cache)
        return E_OUTOFMEMORY;
    pthread_mutex_init(&cache->lock, NULL);
    *out = cache;
    return S_OK;
}

static void entry_free(struct entry *e)
{
    for (uint32_t n = 0; e->defs && n < e->node_count; ++n)
        dml_op_def_cleanup(&e->defs[n]);
    free(e->defs);
    free(e->words);
    free(e->constants);
    program_cleanup(&e->program);
    dml_binding_layout_cleanup(&e->layout);
    free(e);
}

void dml_graph_cache_destroy(struct dml_graph_cache *cache)
{
    if (!cache)
        return;
    for (uint32_t i = 0; i < cache->count; ++i)
        entry_free(cache->entries[i]);
    pthread_mutex_destroy(&cache->lock);
    free(cache);
}

static bool entry_matches(const struct entry *e, const struct dml_graph_key *key)
{
    const uint8_t *constants = e->constants;

    if (e->hash != key->hash || e->word_count != key->word_count ||
        memcmp(e->words, key->words, key->word_count * sizeof(*key->words)))
        return false;
    /* Equal words: the same node count and types, so key->nodes lines up with e->defs. */
    for (uint32_t n = 0; n < key->node_count; ++n)
    {
        const struct dml_graph_key_node *node = &key->nodes[n];

        if (node->def ? !dml_op_def_same(&e->defs[n], node->def)
                      : node->data_size && memcmp(constants, node->data, node->data_size))
            return false;
        constants += node->def ? 0 : node->data_size;
    }
    return true;
}

/* The index of the entry matching key, or count. */
static uint32_t find(const struct dml_graph_cache *cache, const struct dml_graph_key *key)
{
    uint32_t i = 0;

    while (i < cache->count && !entry_matches(cache->entries[i], key))
        ++i;
    return i;
}

/* Moves entry i to the front (most recently used). */
static void touch(struct dml_graph_cache *cache, uint32_t i)
{
    struct entry *e = cache->entries[i];

    memmove(cache->entries + 1, cache->entries, i * sizeof(*cache->entries));
    cache->entries[0] = e;
}

bool dml_graph_cache_find(struct dml_graph_cache *cache, const struct dml_graph_key *key,
                          struct program *program, struct dml_binding_layout *layout)
{
    bool found;
    uint32_t i;

    pthread_mutex_lock(&cache->lock);
    i = find(cache, key);
    found = i < cache->count && SUCCEEDED(program_clone(&cache->entries[i]->program, program));
    if (found && FAILED(dml_binding_layout_clone(&cache->entries[i]->layout, layout)))
    {
        program_cleanup(program);
        found = false;
    }
    if (found)
        touch(cache, i);
    ++*(found ? &cache->hits : &cache->misses);
    pthread_mutex_unlock(&cache->lock);
    return found;
}

static size_t program_bytes(const struct program *program)
{
    size_t bytes = program->tensor_count * sizeof(*program->tensors) +
                   program->step_count * sizeof(*program->steps);

    for (uint32_t t = 0; t < program->tensor_count; ++t)
        bytes +=
            program->tensors[t].kind == PROGRAM_TENSOR_CONSTANT ? program->tensors[t].bytes : 0;
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct plan *plan = &program->steps[s].plan;

        bytes += (plan->part_count + plan->in_part_count) * sizeof(*plan->parts) +
                 plan->slot_count * sizeof(*program->steps[s].slots);
    }
    return bytes;
}

/* The key's nodes: defs copied, constants gathered. */
static bool copy_nodes(struct entry *e, const struct dml_graph_key *key)
{
    size_t constant_bytes = 0;

    for (uint32_t n = 0; n < key->node_count; ++n)
        constant_bytes += key->nodes[n].def ? 0 : key->nodes[n].data_size;
    e->defs = calloc(key->node_count + 1, sizeof(*e->defs));
    e->constants = malloc(constant_bytes + 1);
    if (!e->defs || !e->constants)
        return false;
    e->bytes += constant_bytes;
    for (uint32_t n = 0, at = 0; n < key->node_count; ++n)
    {
        const struct dml_graph_key_node *node = &key->nodes[n];

        if (node->def && FAILED(dml_op_def_copy(node->def, &e->defs[n])))
            return false;
        if (!node->def && node->data_size)
            memcpy(e->constants + at, node->data, node->data_size);
        at += node->def ? 0 : node->data_size;
        e->bytes += node->def
                        ? sizeof(*e->defs) + (node->def->input_count + node->def->output_count) *
                                                 sizeof(*node->def->tensors)
                        : 0;
    }
    return true;
}

static struct entry *entry_new(const struct dml_graph_key *key, const struct program *program,
                               const struct dml_binding_layout *layout)
{
    struct entry *e = calloc(1, sizeof(*e));

    if (!e)
        return NULL;
    e->hash = key->hash;
    e->word_count = key->word_count;
    e->node_count = key->node_count;
    e->bytes = sizeof(*e) + key->word_count * sizeof(*key->words) + program_bytes(program);
    if ((e->words = malloc(key->word_count * sizeof(*key->words))) && copy_nodes(e, key) &&
        SUCCEEDED(program_clone(program, &e->program)) &&
        SUCCEEDED(dml_binding_layout_clone(layout, &e->layout)))
    {
        memcpy(e->words, key->words, key->word_count * sizeof(*key->words));
        return e;
    }
    entry_free(e);
    return NULL;
}

/* Drops the least recently used entries until room for `bytes` more and one more entry. */
static void make_room(struct dml_graph_cache *cache, size_t bytes)
{
    while (cache->count &&
           (cache->count == GRAPH_CACHE_ENTRIES || cache->bytes + bytes > GRAPH_CACHE_BYTES))
    {
        struct entry *last = cache->entries[--cache->count];

        cache->bytes -= last->bytes;
        entry_free(last);
    }
}

void dml_graph_cache_add(struct dml_graph_cache *cache, const struct dml_graph_key *key,
                         const struct program *program, const struct dml_binding_layout *layout)
{
    struct entry *e = entry_new(key, program, layout);

    if (!e)
        return;
    pthread_mutex_lock(&cache->lock);
    if (e->bytes > GRAPH_CACHE_BYTES || find(cache, key) < cache->count) /* too big, or raced */
    {
        pthread_mutex_unlock(&cache->lock);
        entry_free(e);
        return;
    }
    make_room(cache, e->bytes);
    memmove(cache->entries + 1, cache->entries, cache->count * sizeof(*cache->entries));
    cache->entries[0] = e;
    ++cache->count;
    cache->bytes += e->bytes;
    pthread_mutex_unlock(&cache->lock);
}

struct dml_graph_cache_stats dml_graph_cache_stats(struct dml_graph_cache *cache)
{
    struct dml_graph_cache_stats stats;

    pthread_mutex_lock(&cache->lock);
    stats = (struct dml_graph_cache_stats){cache->hits, cache->misses, cache->count, cache->bytes};
    pthread_mutex_unlock(&cache->lock);
    return stats;
}

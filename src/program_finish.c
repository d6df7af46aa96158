/* Finishing a program: lifetimes of its tensors, offsets of its intermediates in the temporary
 * resource, and where a step must wait for earlier ones. */
#include "program.h"

#include <stdlib.h>
#include <string.h>

static void lifetimes(struct program *program)
{
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct program_step *step = &program->steps[s];

        for (uint32_t i = 0; i < step->plan.slot_count; ++i)
        {
            struct program_tensor *tensor = &program->tensors[step->slots[i].tensor];

            if (tensor->first_step == PROGRAM_NO_STEP)
                tensor->first_step = s;
            tensor->last_step = s;
        }
    }
}

static uint64_t aligned(uint64_t bytes)
{
    return (bytes + PROGRAM_ALIGNMENT - 1) & ~(uint64_t)(PROGRAM_ALIGNMENT - 1);
}

/* The placed intermediates alive with a tensor are found without looking at every earlier one
 * (which made placing a chain of n nodes quadratic): the intermediates sorted by first step, and
 * over them a tree of the latest last step in each range, so that a query walks only into ranges
 * holding one that is still alive. */
struct by_first
{
    uint32_t first_step, tensor;
};

struct placed
{
    uint64_t begin, end;
};

struct alive_index
{
    const struct program_tensor *tensors;
    uint32_t count, leaves;  /* intermediates indexed; leaves: a power of two >= count */
    struct by_first *sorted; /* count of them, by first step, then tensor */
    uint32_t *latest;        /* 2 * leaves: the latest last step under each tree node */
    struct placed *found;    /* a query's result, count at most */
    uint32_t found_count;
};

static int compare_first(const void *a, const void *b)
{
    const struct by_first *x = a, *y = b;

    if (x->first_step != y->first_step)
        return x->first_step < y->first_step ? -1 : 1;
    return (x->tensor > y->tensor) - (x->tensor < y->tensor);
}

static int compare_begin(const void *a, const void *b)
{
    const struct placed *x = a, *y = b;

    return (x->begin > y->begin) - (x->begin < y->begin);
}

static bool placed_intermediate(const struct program_tensor *tensor)
{
    return tensor->kind == PROGRAM_TENSOR_INTERMEDIATE && tensor->first_step != PROGRAM_NO_STEP;
}

static void alive_index_cleanup(struct alive_index *index)
{
    free(index->sorted);
    free(index->latest);
    free(index->found);
}

static HRESULT alive_index_init(struct alive_index *index, const struct program *program)
{
    memset(index, 0, sizeof(*index));
    index->tensors = program->tensors;
    for (uint32_t t = 0; t < program->tensor_count; ++t)
        index->count += placed_intermediate(&program->tensors[t]);
    for (index->leaves = 1; index->leaves < index->count; index->leaves *= 2)
        ;
    index->sorted = malloc(((size_t)index->count + 1) * sizeof(*index->sorted));
    index->latest = calloc(2 * (size_t)index->leaves, sizeof(*index->latest));
    index->found = malloc(((size_t)index->count + 1) * sizeof(*index->found));
    if (!index->sorted || !index->latest || !index->found)
    {
        alive_index_cleanup(index);
        return E_OUTOFMEMORY;
    }
    for (uint32_t t = 0, n = 0; t < program->tensor_count; ++t)
        if (placed_intermediate(&program->tensors[t]))
            index->sorted[n++] = (struct by_first){program->tensors[t].first_step, t};
    qsort(index->sorted, index->count, sizeof(*index->sorted), compare_first);
    for (uint32_t i = 0; i < index->count; ++i)
        index->latest[index->leaves + i] = program->tensors[index->sorted[i].tensor].last_step;
    for (uint32_t node = index->leaves; node-- > 1;)
    {
        uint32_t l = index->latest[2 * node], r = index->latest[2 * node + 1];
        index->latest[node] = l > r ? l : r;
    }
    return S_OK;
}

/* Collects, under node (covering positions [lo, hi)), the intermediates before position end that
 * are alive at or after step first and were placed before tensor t. */
static void collect(struct alive_index *index, uint32_t node, uint32_t lo, uint32_t hi,
                    uint32_t end, uint32_t first, uint32_t t)
{
    if (lo >= end || index->latest[node] < first)
        return;
    if (hi - lo > 1)
    {
        uint32_t mid = lo + (hi - lo) / 2;
        collect(index, 2 * node, lo, mid, end, first, t);
        collect(index, 2 * node + 1, mid, hi, end, first, t);
        return;
    }
    uint32_t o = index->sorted[lo].tensor;
    if (o < t)
    {
        const struct program_tensor *other = &index->tensors[o];
        index->found[index->found_count++] =
            (struct placed){other->offset, other->offset + aligned(other->bytes)};
    }
}

/* The lowest aligned offset at which tensor t overlaps no intermediate placed before it that is
 * alive at the same time (first fit): the first gap from 0 between those, by offset, that t fits
 * in; placed intermediates are those with a lower index. */
static uint64_t first_fit(struct alive_index *index, uint32_t t)
{
    const struct program_tensor *tensor = &index->tensors[t];
    uint64_t offset = 0, size = aligned(tensor->bytes), reach;
    uint32_t end = 0;

    /* The positions whose first step is at most t's last (sorted is in that order). */
    for (uint32_t lo = 0, hi = index->count; lo < hi;)
    {
        uint32_t mid = lo + (hi - lo) / 2;
        if (index->sorted[mid].first_step <= tensor->last_step)
            end = lo = mid + 1;
        else
            hi = mid;
    }
    index->found_count = 0;
    if (index->count)
        collect(index, 1, 0, index->leaves, end, tensor->first_step, t);
    qsort(index->found, index->found_count, sizeof(*index->found), compare_begin);
    for (uint32_t i = 0; i < index->found_count; ++i)
    {
        if (!__builtin_add_overflow(offset, size, &reach) && index->found[i].begin >= reach)
            break;
        if (index->found[i].end > offset)
            offset = index->found[i].end;
    }
    return offset;
}

static HRESULT place_intermediates(struct program *program)
{
    struct alive_index index;
    HRESULT hr = alive_index_init(&index, program);

    program->temporary_size = 0;
    if (FAILED(hr))
        return hr;
    for (uint32_t t = 0; SUCCEEDED(hr) && t < program->tensor_count; ++t)
    {
        struct program_tensor *tensor = &program->tensors[t];
        uint64_t end;

        if (!placed_intermediate(tensor))
            continue;
        tensor->offset = first_fit(&index, t);
        if (__builtin_add_overflow(tensor->offset, aligned(tensor->bytes), &end))
            hr = E_INVALIDARG;
        else if (end > program->temporary_size)
            program->temporary_size = end;
    }
    alive_index_cleanup(&index);
    return hr;
}

/* Tensors share bytes only within one region: the same kind and, for inputs and outputs, the same
 * binding (different bindings are different memory: binding tables reject overlapping ones where
 * either is written). Constants are never written, so never a hazard. */
static const bool by_binding[PROGRAM_TENSOR_KIND_COUNT] = {
    [PROGRAM_TENSOR_INPUT] = true, [PROGRAM_TENSOR_OUTPUT] = true};

struct leaf
{
    uint32_t kind, binding; /* the region */
    uint64_t begin;
    uint32_t tensor;
};

/* What the steps since the last barrier touched, found by memory range rather than by walking
 * everything touched (which made a wide graph quadratic): every tensor a leaf, sorted by region
 * then offset, and two trees of the furthest end among the touched leaves under each node, one
 * for any access, one for writes. An end of 0 is "none" (an empty range at 0 overlaps nothing). */
struct touched
{
    uint8_t *bits;                       /* per tensor: the accesses since the last barrier */
    uint32_t *list, count;               /* the tensors touched since the last barrier */
    uint32_t *position;                  /* per tensor: its leaf */
    uint32_t *region_first, *region_end; /* per leaf: its region's leaves [first, end) */
    struct leaf *leaves;
    uint32_t size;                   /* leaves in the trees: a power of two >= tensor_count */
    uint64_t *any_end, *written_end; /* 2 * size */
};

static int compare_leaf(const void *a, const void *b)
{
    const struct leaf *x = a, *y = b;

    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->binding != y->binding)
        return x->binding < y->binding ? -1 : 1;
    if (x->begin != y->begin)
        return x->begin < y->begin ? -1 : 1;
    return (x->tensor > y->tensor) - (x->tensor < y->tensor);
}

static bool same_region(const struct leaf *a, const struct leaf *b)
{
    return a->kind == b->kind && a->binding == b->binding;
}

static void touched_cleanup(struct touched *seen)
{
    free(seen->bits);
    free(seen->list);
    free(seen->position);
    free(seen->region_first);
    free(seen->region_end);
    free(seen->leaves);
    free(seen->any_end);
    free(seen->written_end);
}

static HRESULT touched_init(struct touched *seen, const struct program *program)
{
    size_t n = program->tensor_count;

    memset(seen, 0, sizeof(*seen));
    for (seen->size = 1; seen->size < n; seen->size *= 2)
        ;
    seen->bits = calloc(n + 1, 1);
    seen->list = malloc((n + 1) * sizeof(*seen->list));
    seen->position = malloc((n + 1) * sizeof(*seen->position));
    seen->region_first = malloc((n + 1) * sizeof(*seen->region_first));
    seen->region_end = malloc((n + 1) * sizeof(*seen->region_end));
    seen->leaves = malloc((n + 1) * sizeof(*seen->leaves));
    seen->any_end = calloc(2 * (size_t)seen->size, sizeof(*seen->any_end));
    seen->written_end = calloc(2 * (size_t)seen->size, sizeof(*seen->written_end));
    if (!seen->bits || !seen->list || !seen->position || !seen->region_first || !seen->region_end ||
        !seen->leaves || !seen->any_end || !seen->written_end)
    {
        touched_cleanup(seen);
        return E_OUTOFMEMORY;
    }
    for (uint32_t t = 0; t < n; ++t)
    {
        const struct program_tensor *tensor = &program->tensors[t];
        seen->leaves[t] = (struct leaf){
            tensor->kind, by_binding[tensor->kind] ? tensor->binding : 0, tensor->offset, t};
    }
    qsort(seen->leaves, n, sizeof(*seen->leaves), compare_leaf);
    for (size_t i = 0; i < n; ++i)
    {
        seen->position[seen->leaves[i].tensor] = (uint32_t)i;
        seen->region_first[i] = i && same_region(&seen->leaves[i - 1], &seen->leaves[i])
                                    ? seen->region_first[i - 1]
                                    : (uint32_t)i;
    }
    for (size_t i = n; i-- > 0;)
        seen->region_end[i] = i + 1 < n && same_region(&seen->leaves[i], &seen->leaves[i + 1])
                                  ? seen->region_end[i + 1]
                                  : (uint32_t)i + 1;
    return S_OK;
}

static uint64_t end_of(const struct program_tensor *tensor)
{
    return tensor->offset + tensor->bytes;
}

/* Sets leaf i of tree to value and updates the maxima above it. */
static void tree_set(uint64_t *tree, uint32_t size, uint32_t i, uint64_t value)
{
    uint32_t node = size + i;

    for (tree[node] = value; node > 1; node /= 2)
    {
        uint64_t l = tree[node & ~1u], r = tree[node | 1u];
        tree[node / 2] = l > r ? l : r;
    }
}

/* The furthest end among leaves [lo, hi) of tree. */
static uint64_t tree_max(const uint64_t *tree, uint32_t size, uint32_t lo, uint32_t hi)
{
    uint64_t best = 0;

    for (lo += size, hi += size; lo < hi; lo /= 2, hi /= 2)
    {
        if (lo & 1)
            best = tree[lo] > best ? tree[lo] : best, ++lo;
        if (hi & 1)
            --hi, best = tree[hi] > best ? tree[hi] : best;
    }
    return best;
}

/* Whether the slot touches memory that a step since the last barrier wrote, or (writing) touched:
 * the same tensor, or one of its region whose range overlaps its own. */
static bool conflicts(const struct program *program, const struct touched *seen,
                      const struct program_slot *slot)
{
    const struct program_tensor *tensor = &program->tensors[slot->tensor];
    bool writes = slot->access & PROGRAM_WRITE;
    uint8_t bits = seen->bits[slot->tensor];
    uint32_t leaf = seen->position[slot->tensor], first = seen->region_first[leaf], lo, hi;

    if (tensor->kind == PROGRAM_TENSOR_CONSTANT)
        return false;
    if (bits && (writes || bits & PROGRAM_WRITE))
        return true;
    /* The leaves of the region that begin before this range ends. */
    for (lo = first, hi = seen->region_end[leaf]; lo < hi;)
    {
        uint32_t mid = lo + (hi - lo) / 2;
        if (seen->leaves[mid].begin < end_of(tensor))
            lo = mid + 1;
        else
            hi = mid;
    }
    return tree_max(writes ? seen->any_end : seen->written_end, seen->size, first, lo) >
           tensor->offset;
}
static bool step_waits(const struct program *program, const struct touched *seen,
                       const struct program_step *step)
{
    for (uint32_t i = 0; i < step->plan.slot_count; ++i)
    {
        if (conflicts(program, seen, &step->slots[i]))
            return true;
    }
    return false;
}

static void touch(const struct program *program, struct touched *seen,
                  const struct program_step *step)
{
    for (uint32_t i = 0; i < step->plan.slot_count; ++i)
    {
        uint32_t t = step->slots[i].tensor, leaf = seen->position[t];
        uint64_t end = end_of(&program->tensors[t]);

        if (!seen->bits[t])
        {
            seen->list[seen->count++] = t;
            tree_set(seen->any_end, seen->size, leaf, end);
        }
        if (step->slots[i].access & PROGRAM_WRITE && !(seen->bits[t] & PROGRAM_WRITE))
            tree_set(seen->written_end, seen->size, leaf, end);
        seen->bits[t] |= (uint8_t)step->slots[i].access;
    }
}

/* A barrier: nothing is touched since. */
static void forget_touched(struct touched *seen)
{
    for (uint32_t i = 0; i < seen->count; ++i)
    {
        uint32_t t = seen->list[i];

        if (seen->bits[t] & PROGRAM_WRITE)
            tree_set(seen->written_end, seen->size, seen->position[t], 0);
        tree_set(seen->any_end, seen->size, seen->position[t], 0);
        seen->bits[t] = 0;
    }
    seen->count = 0;
}

static HRESULT place_waits(struct program *program)
{
    struct touched seen;
    HRESULT hr = touched_init(&seen, program);

    if (FAILED(hr))
        return hr;
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        struct program_step *step = &program->steps[s];

        step->wait = step_waits(program, &seen, step);
        if (step->wait)
            forget_touched(&seen);
        touch(program, &seen, step);
    }
    touched_cleanup(&seen);
    return S_OK;
}

HRESULT program_finish(struct program *program)
{
    HRESULT hr;

    if (program->finished)
        return S_OK;
    for (uint32_t t = 0; t < program->tensor_count; ++t)
        program->tensors[t].first_step = program->tensors[t].last_step = PROGRAM_NO_STEP;
    lifetimes(program);
    if (FAILED(hr = place_intermediates(program)) || FAILED(hr = place_waits(program)))
        return hr;
    program->finished = true;
    return S_OK;
}

uint32_t program_waits(const struct program *program, uint32_t *steps, uint32_t max)
{
    uint32_t n = 0;

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        if (program->steps[s].wait && n < max)
            steps[n] = s;
        n += program->steps[s].wait;
    }
    return n;
}

#include "plan_exec_index.h"

#include <inttypes.h>
#include <string.h>

#include <DirectML.h>

struct index_exec
{
    const struct plan *plan;
    void *const *slots;
    const uint64_t *sizes; /* NULL: unchecked */
    char *error;
    size_t error_size;
};

/* bytes at byte offset `at` of slot, or NULL (error set) outside it or misaligned. */
static unsigned char *at_slot(struct index_exec *x, uint32_t slot, int64_t at, uint32_t bytes)
{
    unsigned char *address = (unsigned char *)x->slots[slot] + at;
    const char *problem = NULL;

    if (slot >= x->plan->slot_count)
        problem = "slot beyond slot_count";
    else if (x->sizes && (at < 0 || (uint64_t)at + bytes > x->sizes[slot]))
        problem = "outside the slot";
    else if (x->sizes && (uintptr_t)address % bytes)
        problem = "misaligned access";
    if (!problem)
        return address;
    snprintf(x->error, x->error_size, "%s: slot %" PRIu32 ", byte %" PRId64 " (%" PRIu32 " bytes)",
             problem, slot, at, bytes);
    return NULL;
}

/* Index element e as a signed value; UINT64 past INT64_MAX saturates (past every extent). */
static int load_index(struct index_exec *x, int64_t e, int64_t *v)
{
    uint32_t type = x->plan->index.type;
    uint32_t bytes =
        type == DML_TENSOR_DATA_TYPE_INT64 || type == DML_TENSOR_DATA_TYPE_UINT64 ? 8 : 4;
    const unsigned char *p = at_slot(x, x->plan->index.slot, e * (int64_t)bytes, bytes);
    uint64_t bits = 0;

    if (!p)
        return -1;
    memcpy(&bits, p, bytes); /* little-endian */
    if (type == DML_TENSOR_DATA_TYPE_INT32)
        *v = (int32_t)(uint32_t)bits;
    else if (type == DML_TENSOR_DATA_TYPE_UINT64 && bits > INT64_MAX)
        *v = INT64_MAX;
    else
        *v = (int64_t)bits;
    return 0;
}

static int64_t wrap(int64_t v, uint32_t n)
{
    return v < 0 ? v + n : v;
}

/* x_j of a GATHER-kernel mode (src/plan.h). */
static int64_t gathered(uint32_t mode, int64_t v, uint32_t n, uint32_t at)
{
    if (mode == PLAN_INDEX_REVERSE)
    {
        int64_t length = v < (int64_t)n ? v : n;
        return at < length ? length - 1 - at : at;
    }
    v = wrap(v, n);
    if (mode == PLAN_INDEX_ONE_HOT)
        return v == at;
    return v < 0 ? 0 : v >= n ? n - 1 : v;
}

/* base + sum c[d] * strides[d] over dims [from, to). */
static int64_t affine(int64_t base, const uint32_t *c, uint32_t from, uint32_t to,
                      const int64_t *strides)
{
    for (uint32_t d = from; d < to; ++d)
        base += c[d] * strides[d];
    return base;
}

/* The input's units at c (in_base and the dims' in_stride). */
static int64_t input_units(const struct plan *plan, const uint32_t *c)
{
    int64_t units = plan->in_base;
    for (uint32_t d = 0; d < plan->rank; ++d)
        units += c[d] * plan->dims[d].in_stride;
    return units;
}

static int copy_unit(struct index_exec *x, int64_t in_units, int64_t out_units)
{
    const struct plan *plan = x->plan;
    uint32_t bytes = plan->elem_bytes;
    const unsigned char *in = at_slot(x, plan->in_slot, in_units * bytes, bytes);
    unsigned char *out = in ? at_slot(x, plan->parts[0].slot, out_units * bytes, bytes) : NULL;

    if (!out)
        return -1;
    memmove(out, in, bytes);
    return 0;
}

static int gather_one(struct index_exec *x, const uint32_t *c, const int64_t *v)
{
    const struct plan *plan = x->plan;
    const struct plan_index *index = &plan->index;
    int64_t in = input_units(plan, c);

    for (uint32_t j = 0; j < index->count; ++j)
        in += gathered(index->mode, v[j], index->sizes[j], c[index->axis]) * index->data_strides[j];
    return copy_unit(x, in, affine(plan->parts[0].base, c, 0, plan->rank, plan->parts[0].strides));
}

static uint64_t slice_count(const struct plan *plan)
{
    uint64_t count = 1;

    for (uint32_t d = plan->rank - plan->index.slice_rank; d < plan->rank; ++d)
        count *= plan->dims[d].size;
    return count;
}

static int scatter_one(struct index_exec *x, const uint32_t *c, const int64_t *v, uint64_t linear)
{
    const struct plan *plan = x->plan;
    const struct plan_index *index = &plan->index;
    uint32_t outer = plan->rank - index->slice_rank;
    int64_t target = affine(plan->parts[0].base, c, 0, outer, plan->parts[0].strides);
    uint32_t word;
    unsigned char *claim;

    for (uint32_t j = 0; j < index->count; ++j)
    {
        int64_t xj = wrap(v[j], index->sizes[j]);
        if (xj < 0 || xj >= index->sizes[j])
            return 0; /* dropped */
        target += xj * index->data_strides[j];
    }
    if (!(claim = at_slot(x, index->claim_slot, target * 4, 4)))
        return -1;
    memcpy(&word, claim, 4);
    if (index->mode == PLAN_INDEX_SCATTER_CLEAR)
        word = 0;
    else if (index->mode == PLAN_INDEX_SCATTER_CLAIM)
        word = word > linear + 1 ? word : (uint32_t)(linear + 1);
    else if (word == linear / slice_count(plan) + 1)
        return copy_unit(x, input_units(plan, c),
                         affine(target, c, outer, plan->rank, plan->parts[0].strides));
    memcpy(claim, &word, 4);
    return 0;
}

int plan_exec_index(const struct plan *plan, void *const *slots, const uint64_t *slot_sizes,
                    char *error, size_t error_size)
{
    struct index_exec x = {plan, slots, slot_sizes, error, error_size};
    const struct plan_index *index = &plan->index;
    uint32_t c[PLAN_MAX_RANK] = {0};
    int64_t v[PLAN_INDEX_MAX_TUPLE];

    if (plan->rank < 1 || plan->rank > PLAN_MAX_RANK || index->count < 1 ||
        index->count > PLAN_INDEX_MAX_TUPLE || !plan->parts || index->slice_rank > plan->rank)
        return snprintf(error, error_size, "malformed indexed plan"), -1;
    for (uint64_t linear = 0; linear < plan->count; ++linear)
    {
        uint64_t rest = linear;
        for (uint32_t d = plan->rank; d-- > 0; rest /= plan->dims[d].size)
            c[d] = (uint32_t)(rest % plan->dims[d].size);
        int64_t e = affine(index->base, c, 0, plan->rank, index->strides);
        for (uint32_t j = 0; j < index->count; ++j)
            if (load_index(&x, e + j * index->step, &v[j]))
                return -1;
        if (plan->kernel == PLAN_KERNEL_GATHER ? gather_one(&x, c, v)
                                               : scatter_one(&x, c, v, linear))
            return -1;
    }
    return 0;
}

void plan_describe_index(FILE *file, const struct plan *plan)
{
    const struct plan_index *index = &plan->index;

    fprintf(file,
            "  index: mode %" PRIu32 " slot %" PRIu32 " type %" PRIu32 " count %" PRIu32
            " base %" PRId64 " step %" PRId64 " axis %" PRIu32 " claim_slot %" PRIu32
            " slice_rank %" PRIu32 "\n    strides",
            index->mode, index->slot, index->type, index->count, index->base, index->step,
            index->axis, index->claim_slot, index->slice_rank);
    for (uint32_t d = 0; d < plan->rank && d < PLAN_MAX_RANK; ++d)
        fprintf(file, " %" PRId64, index->strides[d]);
    fprintf(file, "\n    tuple (size, data stride)");
    for (uint32_t j = 0; j < index->count && j < PLAN_INDEX_MAX_TUPLE; ++j)
        fprintf(file, " (%" PRIu32 ", %" PRId64 ")", index->sizes[j], index->data_strides[j]);
    fprintf(file, "\n");
}

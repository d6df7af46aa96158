/* Random tensor shapes and layouts for the case generator. */
#include <math.h>

#include "random_case_internal.h"
#include "reference.h"

static void random_shuffle(struct rng *rng, uint32_t *order, uint32_t rank)
{
    for (uint32_t d = 0; d < rank; ++d)
        order[d] = d;
    for (uint32_t d = rank; d > 1; --d)
    {
        uint32_t j = rng_below(rng, d), t = order[d - 1];
        order[d - 1] = order[j];
        order[j] = t;
    }
}

void random_sizes(struct rng *rng, uint32_t rank, uint32_t budget, uint32_t *sizes)
{
    uint32_t order[RANDOM_CASE_MAX_RANK];
    uint32_t left = budget ? budget : 1;
    random_shuffle(rng, order, rank); /* uneven shapes: the first dims visited may be the larger */
    for (uint32_t n = 0; n < rank; ++n)
    {
        uint32_t d = order[n];
        double root = pow(left, 1.0 / (rank - n)) * (rng_chance(rng, 30) ? 3.0 : 1.5);
        uint32_t cap = root < 1.0 ? 1 : root > left ? left : (uint32_t)root;
        sizes[d] = rng_chance(rng, 20) ? 1 : rng_range(rng, 1, cap);
        left /= sizes[d];
    }
}

/* Strides laid out along `order`, whose last entry is the fastest dim. */
static void random_strides(struct rng *rng, struct random_tensor *t, uint32_t rank,
                           enum random_layout layout)
{
    uint32_t order[RANDOM_CASE_MAX_RANK];
    int shuffled = layout == RANDOM_LAYOUT_PERMUTED ||
                   (layout == RANDOM_LAYOUT_BROADCAST && rng_chance(rng, 50));
    random_shuffle(rng, order, shuffled ? rank : 0);
    for (uint32_t d = 0; d < rank && !shuffled; ++d)
        order[d] = d;
    int gaps =
        layout == RANDOM_LAYOUT_GAPPED || (layout != RANDOM_LAYOUT_PACKED && rng_chance(rng, 40));
    uint32_t next = gaps && rng_chance(rng, 50) ? rng_range(rng, 1, 3) : 1;
    for (uint32_t i = rank; i-- > 0;)
    {
        uint32_t d = order[i];
        if (layout == RANDOM_LAYOUT_BROADCAST && rng_chance(rng, 40))
        {
            t->strides[d] = 0;
            continue;
        }
        t->strides[d] = next;
        next = next * t->sizes[d] + (gaps && rng_chance(rng, 60) ? rng_range(rng, 1, 5) : 0);
    }
}

uint64_t random_case_min_bytes(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *sizes,
                               const uint32_t *strides)
{
    uint64_t elements = 1;
    if (strides)
    {
        uint32_t last = 0; /* 32-bit, as DMLCalcBufferTensorSize accumulates it */
        for (uint32_t d = 0; d < rank; ++d)
            last += (sizes[d] - 1) * strides[d];
        elements = (uint64_t)last + 1;
    }
    else
    {
        for (uint32_t d = 0; d < rank; ++d)
            elements *= sizes[d];
    }
    return (elements * ref_element_size(type) + 3) & ~UINT64_C(3);
}

/* 0 (none) half of the time, otherwise a power of two from the element size to 256 (T9). */
static uint32_t random_alignment(struct rng *rng, uint32_t elem)
{
    if (rng_chance(rng, 50))
        return 0;
    uint32_t alignment = elem;
    while (alignment < 256 && rng_chance(rng, 60))
        alignment *= 2;
    return alignment;
}

void random_tensor_finish(struct rng *rng, struct random_tensor *t, DML_TENSOR_DATA_TYPE type,
                          uint32_t rank, int is_input)
{
    enum random_layout layout =
        rng_below(rng, is_input ? RANDOM_LAYOUT_COUNT : RANDOM_LAYOUT_BROADCAST);
    random_strides(rng, t, rank, layout == RANDOM_LAYOUT_IMPLICIT ? RANDOM_LAYOUT_PACKED : layout);
    const uint32_t *strides = layout == RANDOM_LAYOUT_IMPLICIT ? NULL : t->strides;
    uint64_t bytes = random_case_min_bytes(type, rank, t->sizes, strides);
    if (rng_chance(rng, 25))
        bytes += 4 * rng_range(rng, 1, 4);
    t->buffer = (DML_BUFFER_TENSOR_DESC){
        .DataType = type,
        .Flags = DML_TENSOR_FLAG_NONE,
        .DimensionCount = rank,
        .Sizes = t->sizes,
        .Strides = strides,
        .TotalTensorSizeInBytes = bytes,
        .GuaranteedBaseOffsetAlignment = random_alignment(rng, ref_element_size(type)),
    };
    t->desc = (DML_TENSOR_DESC){.Type = DML_TENSOR_TYPE_BUFFER, .Desc = &t->buffer};
}

#include "index_ref.h"

#include <stdio.h>
#include <string.h>

#include "op_check.h"
#include "tensor.h"

const DML_TENSOR_DATA_TYPE index_ref_data_types[INDEX_REF_DATA_TYPES] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

const DML_TENSOR_DATA_TYPE index_ref_index_types[INDEX_REF_INDEX_TYPES] = {
    DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT64,
    DML_TENSOR_DATA_TYPE_INT64};

void index_ref_tensor(struct index_ref_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                      const uint32_t *sizes, bool random_layout, bool broadcast, struct rng *rng)
{
    bool strided;

    memset(t, 0, sizeof(*t));
    t->type = type;
    t->rank = rank;
    t->elem = dml_data_type_size(type);
    memcpy(t->sizes, sizes, rank * sizeof(*sizes));
    strided = random_layout && op_check_strides(rng, rank, sizes, broadcast, t->strides);
    if (!strided)
        for (uint32_t d = rank, step = 1; d-- > 0; step *= sizes[d])
            t->strides[d] = step;
    t->buffer = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, rank, t->sizes, strided ? t->strides : NULL, 0, 0};
    t->buffer.TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, rank, t->sizes, t->buffer.Strides);
    t->desc = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buffer};
}

static bool is_signed(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64;
}

/* One index value for extent n. */
static int64_t draw(DML_TENSOR_DATA_TYPE type, uint32_t n, struct rng *rng)
{
    uint32_t kind = rng_below(rng, 100);

    if (kind < 55)
        return rng_below(rng, n);
    if (kind < 75 && is_signed(type))
        return -(int64_t)rng_range(rng, 1, n);
    if (kind < 85)
        return (int64_t)n + rng_below(rng, 3);
    if (kind < 92 && is_signed(type))
        return -(int64_t)n - 1 - rng_below(rng, 3);
    return (int64_t)(rng_next(rng) >> rng_below(rng, 40)); /* huge, either sign */
}

void index_ref_fill(uint8_t *data, uint64_t bytes, DML_TENSOR_DATA_TYPE type,
                    const uint32_t *extents, uint32_t count, struct rng *rng)
{
    uint32_t elem = dml_data_type_size(type);

    for (uint64_t at = 0; at + elem <= bytes; at += elem)
    {
        int64_t v = draw(type, extents[rng_below(rng, count)], rng);
        memcpy(data + at, &v, elem); /* little-endian: the low bytes */
    }
}

int64_t index_ref_value(const uint8_t *data, DML_TENSOR_DATA_TYPE type, uint64_t at)
{
    uint32_t elem = dml_data_type_size(type);
    uint64_t bits = 0;

    memcpy(&bits, data + at * elem, elem);
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_INT32:
        return (int32_t)(uint32_t)bits;
    case DML_TENSOR_DATA_TYPE_UINT64:
        return bits > INT64_MAX ? INT64_MAX : (int64_t)bits;
    default: /* UINT32, INT64 */
        return (int64_t)bits;
    }
}

int64_t index_ref_wrap(int64_t v, uint32_t n)
{
    return v < 0 ? v + n : v;
}

uint32_t index_ref_clamp(int64_t v, uint32_t n)
{
    v = index_ref_wrap(v, n);
    return v < 0 ? 0 : v >= n ? n - 1 : (uint32_t)v;
}

void index_ref_coords(uint64_t i, uint32_t rank, const uint32_t *sizes, uint32_t *c)
{
    for (uint32_t d = rank; d-- > 0; i /= sizes[d])
        c[d] = (uint32_t)(i % sizes[d]);
}

uint64_t index_ref_offset(const struct index_ref_tensor *t, const uint32_t *c)
{
    uint64_t at = 0;
    for (uint32_t d = 0; d < t->rank; ++d)
        at += (uint64_t)c[d] * t->strides[d];
    return at;
}

uint64_t index_ref_count(uint32_t rank, const uint32_t *sizes)
{
    uint64_t count = 1;
    for (uint32_t d = 0; d < rank; ++d)
        count *= sizes[d];
    return count;
}

void index_ref_describe(const char *name, const struct index_ref_tensor *t)
{
    fprintf(stderr, "  %s %s sizes/strides", name, dml_data_type_name(t->type));
    for (uint32_t d = 0; d < t->rank; ++d)
        fprintf(stderr, " %u/%u", t->sizes[d], t->buffer.Strides ? t->strides[d] : 0);
    fprintf(stderr, "\n");
}

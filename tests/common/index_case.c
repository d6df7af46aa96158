#include "index_case.h"

#include <stdio.h>
#include <string.h>

#include "op_check.h"
#include "tensor.h"

const DML_TENSOR_DATA_TYPE index_case_data_types[INDEX_CASE_DATA_TYPES] = {
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
};

const DML_TENSOR_DATA_TYPE index_case_index_types[INDEX_CASE_INDEX_TYPES] = {
    DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT64,
    DML_TENSOR_DATA_TYPE_INT64};

void index_case_tensor(struct index_case_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
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

void index_case_fill(uint8_t *data, uint64_t bytes, DML_TENSOR_DATA_TYPE type,
                     const uint32_t *extents, uint32_t count, struct rng *rng)
{
    uint32_t elem = dml_data_type_size(type);

    for (uint64_t at = 0; at + elem <= bytes; at += elem)
    {
        int64_t v = draw(type, extents[rng_below(rng, count)], rng);
        memcpy(data + at, &v, elem); /* little-endian: the low bytes */
    }
}

uint64_t index_case_count(uint32_t rank, const uint32_t *sizes)
{
    uint64_t count = 1;
    for (uint32_t d = 0; d < rank; ++d)
        count *= sizes[d];
    return count;
}

void index_case_describe(const char *name, const struct index_case_tensor *t)
{
    fprintf(stderr, "  %s %s sizes/strides", name, dml_data_type_name(t->type));
    for (uint32_t d = 0; d < t->rank; ++d)
        fprintf(stderr, " %u/%u", t->sizes[d], t->buffer.Strides ? t->strides[d] : 0);
    fprintf(stderr, "\n");
}

void index_case_buffers(struct op_check_buffers *b, const struct index_case_tensor *const *tensors,
                        uint32_t input_count, uint32_t index_slot, const uint32_t *extents,
                        uint32_t count, struct rng *rng)
{
    b->input_count = input_count;
    b->output_count = 1;
    for (uint32_t s = 0; s <= input_count; ++s)
        op_check_alloc(b, s, tensors[s]->buffer.TotalTensorSizeInBytes, rng);
    index_case_fill(b->data[index_slot], b->bytes[index_slot], tensors[index_slot]->type, extents,
                    count, rng);
}

#include "op_tensor.h"

#include <string.h>

#include "op_check.h"
#include "tensor.h"

void op_tensor_set(struct op_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                   const uint32_t *sizes, const uint32_t *strides)
{
    memset(t, 0, sizeof(*t));
    t->type = type;
    t->rank = rank;
    t->elem = dml_data_type_size(type);
    memcpy(t->sizes, sizes, rank * sizeof(*sizes));
    if (strides)
        memcpy(t->strides, strides, rank * sizeof(*strides));
    else
        for (uint32_t d = rank, step = 1; d-- > 0; step *= sizes[d])
            t->strides[d] = step;
    t->buffer = (DML_BUFFER_TENSOR_DESC){
        type, DML_TENSOR_FLAG_NONE, rank, t->sizes, strides ? t->strides : NULL, 0, 0};
    t->buffer.TotalTensorSizeInBytes =
        dml_calc_buffer_tensor_size(type, rank, t->sizes, t->buffer.Strides);
    t->desc = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buffer};
}

void op_tensor_random_strides(struct op_tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                              const uint32_t *sizes, bool broadcast, struct rng *rng)
{
    uint32_t strides[8];
    bool strided = op_check_strides(rng, rank, sizes, broadcast, strides);
    op_tensor_set(t, type, rank, sizes, strided ? strides : NULL);
}

uint64_t op_tensor_count(const struct op_tensor *t)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < t->rank; ++d)
        n *= t->sizes[d];
    return n;
}

void op_tensor_coords(const struct op_tensor *t, uint64_t index, uint32_t *c)
{
    for (uint32_t d = t->rank; d-- > 0;)
    {
        c[d] = (uint32_t)(index % t->sizes[d]);
        index /= t->sizes[d];
    }
}

uint64_t op_tensor_offset(const struct op_tensor *t, const uint32_t *c)
{
    uint64_t at = 0;
    for (uint32_t d = 0; d < t->rank; ++d)
        at += (uint64_t)c[d] * t->strides[d];
    return at * t->elem;
}

void op_tensor_describe(FILE *file, const char *name, const struct op_tensor *t)
{
    fprintf(file, "  %s type %d sizes/strides", name, (int)t->type);
    for (uint32_t d = 0; d < t->rank; ++d)
        fprintf(file, " %u/%u", t->sizes[d], t->buffer.Strides ? t->strides[d] : 0);
    fprintf(file, "\n");
}

/* How the index-carrying operators read an index (FD7), and the row-major position of a
 * coordinate. */
#include <string.h>

#include "ref_internal.h"

int64_t ref_index(const DML_TENSOR_DESC *tensor, const void *base, const int64_t *coord)
{
    const DML_BUFFER_TENSOR_DESC *t = tensor->Desc;
    uint64_t bits = 0;
    ref_read(tensor, base, coord, &bits); /* little-endian: the low bytes */
    switch (t->DataType)
    {
    case DML_TENSOR_DATA_TYPE_INT8:
        return (int8_t)bits;
    case DML_TENSOR_DATA_TYPE_INT16:
        return (int16_t)bits;
    case DML_TENSOR_DATA_TYPE_INT32:
        return (int32_t)bits;
    case DML_TENSOR_DATA_TYPE_INT64:
        return (int64_t)bits;
    default: /* the unsigned types */
        return bits > INT64_MAX ? INT64_MAX : (int64_t)bits;
    }
}

int64_t ref_index_wrap(int64_t v, uint32_t n)
{
    return v < 0 ? v + n : v;
}

int64_t ref_index_clamp(int64_t v, uint32_t n)
{
    v = ref_index_wrap(v, n);
    return v < 0 ? 0 : v >= n ? (int64_t)n - 1 : v;
}

uint64_t ref_row_major(const UINT *sizes, uint32_t rank, const int64_t *c)
{
    uint64_t k = 0;
    for (uint32_t d = 0; d < rank; ++d)
        k = k * sizes[d] + (uint64_t)c[d];
    return k;
}

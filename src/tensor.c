#include "tensor.h"

#include <string.h>

struct data_type_info
{
    const char *name;
    uint32_t bits;
};

#define DATA_TYPE_(name, bits) [DML_TENSOR_DATA_TYPE_##name] = {"DML_TENSOR_DATA_TYPE_" #name, bits}
static const struct data_type_info data_types[] = {
    DATA_TYPE_(UNKNOWN, 0),  DATA_TYPE_(FLOAT32, 32), DATA_TYPE_(FLOAT16, 16),
    DATA_TYPE_(UINT32, 32),  DATA_TYPE_(UINT16, 16),  DATA_TYPE_(UINT8, 8),
    DATA_TYPE_(INT32, 32),   DATA_TYPE_(INT16, 16),   DATA_TYPE_(INT8, 8),
    DATA_TYPE_(FLOAT64, 64), DATA_TYPE_(UINT64, 64),  DATA_TYPE_(INT64, 64),
    DATA_TYPE_(UINT4, 4),    DATA_TYPE_(INT4, 4),
};
#undef DATA_TYPE_

#define DATA_TYPE_PREFIX_LEN (sizeof("DML_TENSOR_DATA_TYPE_") - 1)

bool dml_data_type_is_defined(DML_TENSOR_DATA_TYPE type)
{
    return (uint32_t)type < sizeof(data_types) / sizeof(data_types[0]);
}

static uint32_t data_type_bits(DML_TENSOR_DATA_TYPE type)
{
    return dml_data_type_is_defined(type) ? data_types[type].bits : 0;
}

uint32_t dml_data_type_size(DML_TENSOR_DATA_TYPE type)
{
    uint32_t bits = data_type_bits(type);
    return bits % 8 ? 0 : bits / 8;
}

const char *dml_data_type_name(DML_TENSOR_DATA_TYPE type)
{
    return dml_data_type_is_defined(type) ? data_types[type].name : "(undefined)";
}

const char *dml_data_type_short_name(DML_TENSOR_DATA_TYPE type)
{
    return dml_data_type_is_defined(type) ? data_types[type].name + DATA_TYPE_PREFIX_LEN
                                          : "(undefined)";
}

bool dml_element_count(uint32_t rank, const uint32_t *sizes, uint64_t *count)
{
    uint64_t product = 1;

    for (uint32_t i = 0; i < rank; ++i)
    {
        if (__builtin_mul_overflow(product, (uint64_t)sizes[i], &product))
            return false;
    }
    *count = product;
    return true;
}

/* Elements from the first to the last addressable one: the index of the last one, plus one. */
static bool strided_element_span(uint32_t rank, const uint32_t *sizes, const uint32_t *strides,
                                 uint64_t *span)
{
    uint64_t last = 0;

    for (uint32_t i = 0; i < rank; ++i)
    {
        uint64_t term;
        if (!sizes[i])
            return false;
        if (__builtin_mul_overflow((uint64_t)(sizes[i] - 1), (uint64_t)strides[i], &term) ||
            __builtin_add_overflow(last, term, &last))
            return false;
    }
    return !__builtin_add_overflow(last, 1, span);
}

/* ceil(elements * bits / 8) without overflowing where the result itself fits. */
static bool elements_to_bytes(uint64_t elements, uint32_t bits, uint64_t *bytes)
{
    uint64_t whole;

    if (__builtin_mul_overflow(elements / 8, (uint64_t)bits, &whole))
        return false;
    return !__builtin_add_overflow(whole, ((elements % 8) * bits + 7) / 8, bytes);
}

uint64_t dml_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type, UINT dimension_count,
                                     const UINT *sizes, const UINT *strides)
{
    uint32_t bits = data_type_bits(type);
    uint64_t elements, bytes;
    bool ok;

    if (!bits || (dimension_count && !sizes))
        return 0;
    ok = strides ? strided_element_span(dimension_count, sizes, strides, &elements)
                 : dml_element_count(dimension_count, sizes, &elements);
    if (!ok || !elements_to_bytes(elements, bits, &bytes) || bytes > UINT64_MAX - 3)
        return 0;
    return (bytes + 3) & ~(uint64_t)3;
}

static void packed_strides(uint32_t rank, const uint32_t *sizes, uint32_t *strides)
{
    uint32_t stride = 1;

    /* T8 has bounded the element count by 2^32-1, so no suffix product wraps. */
    for (uint32_t i = rank; i-- > 0;)
    {
        strides[i] = stride;
        stride *= sizes[i];
    }
}

bool dml_tensor_strides_alias(const struct dml_tensor *t, uint32_t *dim, uint64_t *reach)
{
    uint32_t order[DML_MAX_RANK], n = 0;
    uint64_t extent = 0;

    for (uint32_t i = 0; i < t->rank; ++i)
    {
        uint32_t j;
        if (t->sizes[i] == 1)
            continue;
        for (j = n++; j > 0 && t->strides[order[j - 1]] > t->strides[i]; --j)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (uint32_t k = 0; k < n; ++k)
    {
        const uint32_t d = order[k];
        if (t->strides[d] <= extent)
        {
            *dim = d;
            *reach = extent;
            return true;
        }
        /* Fits: D15 has bounded the whole extent by 2^64. */
        extent += (uint64_t)t->strides[d] * (t->sizes[d] - 1);
    }
    return false;
}

static HRESULT check_buffer_desc(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                                 const char *name)
{
    if (!desc)
        return dml_reject(ctx, DML_RULE_T1_TENSOR_NULL, "%s is NULL; allowed: a DML_TENSOR_DESC",
                          name);
    if (desc->Type != DML_TENSOR_TYPE_BUFFER)
        return dml_reject(ctx, DML_RULE_T1_TENSOR_TYPE,
                          "%s.Type is %u; allowed: DML_TENSOR_TYPE_BUFFER (1)", name,
                          (unsigned)desc->Type);
    if (!desc->Desc)
        return dml_reject(ctx, DML_RULE_T1_BUFFER_DESC_NULL,
                          "%s.Desc is NULL; allowed: a DML_BUFFER_TENSOR_DESC", name);
    return S_OK;
}

static HRESULT check_type_and_flags(struct dml_validate_ctx *ctx, const DML_BUFFER_TENSOR_DESC *b,
                                    const char *name, enum dml_tensor_role role)
{
    if (!dml_data_type_size(b->DataType))
        return dml_reject(ctx, DML_RULE_T2_DATA_TYPE,
                          "%s.DataType is %s (%u); allowed: a byte-sized type (not UNKNOWN, UINT4, "
                          "INT4)",
                          name, dml_data_type_name(b->DataType), (unsigned)b->DataType);
    if ((uint32_t)b->Flags & ~(uint32_t)DML_TENSOR_FLAG_OWNED_BY_DML)
        return dml_reject(ctx, DML_RULE_T3_FLAGS,
                          "%s.Flags is 0x%x; allowed: DML_TENSOR_FLAG_NONE, "
                          "DML_TENSOR_FLAG_OWNED_BY_DML",
                          name, (unsigned)b->Flags);
    if (role == DML_TENSOR_OUTPUT && (b->Flags & DML_TENSOR_FLAG_OWNED_BY_DML))
        return dml_reject(ctx, DML_RULE_T3_OWNED_BY_DML_OUTPUT,
                          "%s.Flags is DML_TENSOR_FLAG_OWNED_BY_DML; allowed on an output: "
                          "DML_TENSOR_FLAG_NONE",
                          name);
    return S_OK;
}

static HRESULT check_shape(struct dml_validate_ctx *ctx, const DML_BUFFER_TENSOR_DESC *b,
                           const char *name)
{
    uint64_t count;

    if (b->DimensionCount < 1 || b->DimensionCount > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return dml_reject(ctx, DML_RULE_T4_DIMENSION_COUNT,
                          "%s.DimensionCount is %u; allowed: 1..%u", name, b->DimensionCount,
                          DML_TENSOR_DIMENSION_COUNT_MAX1);
    if (!b->Sizes)
        return dml_reject(ctx, DML_RULE_T5_SIZES_NULL, "%s.Sizes is NULL; allowed: %u sizes", name,
                          b->DimensionCount);
    for (uint32_t i = 0; i < b->DimensionCount; ++i)
    {
        if (!b->Sizes[i])
            return dml_reject(ctx, DML_RULE_T5_SIZE_ZERO, "%s.Sizes[%u] is 0; allowed: >= 1", name,
                              i);
    }
    if (!dml_element_count(b->DimensionCount, b->Sizes, &count) || count > UINT32_MAX)
        return dml_reject(ctx, DML_RULE_T8_ELEMENT_COUNT,
                          "%s has more than 2^32-1 elements; allowed: at most 4294967295", name);
    return S_OK;
}

static HRESULT check_alignment(struct dml_validate_ctx *ctx, const DML_BUFFER_TENSOR_DESC *b,
                               const char *name)
{
    const UINT align = b->GuaranteedBaseOffsetAlignment;
    const uint32_t elem = dml_data_type_size(b->DataType);

    if (align && ((align & (align - 1)) || align < elem))
        return dml_reject(ctx, DML_RULE_T9_ALIGNMENT,
                          "%s.GuaranteedBaseOffsetAlignment is %u; allowed: 0 or a power of two "
                          ">= %u",
                          name, align, elem);
    return S_OK;
}

static HRESULT check_total_size(struct dml_validate_ctx *ctx, const DML_BUFFER_TENSOR_DESC *b,
                                const char *name, uint64_t *min_bytes)
{
    *min_bytes = dml_calc_buffer_tensor_size(b->DataType, b->DimensionCount, b->Sizes, b->Strides);
    if (!*min_bytes)
        return dml_reject(ctx, DML_RULE_D15_SIZE_OVERFLOW,
                          "%s: the last element's byte offset does not fit in 64 bits", name);
    if (b->TotalTensorSizeInBytes < *min_bytes)
        return dml_reject(
            ctx, DML_RULE_T7_TOTAL_SIZE, "%s.TotalTensorSizeInBytes is %llu; allowed: >= %llu",
            name, (unsigned long long)b->TotalTensorSizeInBytes, (unsigned long long)*min_bytes);
    return S_OK;
}

static void normalise(const DML_BUFFER_TENSOR_DESC *b, uint64_t min_bytes, struct dml_tensor *out)
{
    const uint32_t rank = b->DimensionCount;

    memset(out, 0, sizeof(*out));
    out->data_type = b->DataType;
    out->flags = b->Flags;
    out->rank = rank;
    memcpy(out->sizes, b->Sizes, rank * sizeof(*b->Sizes));
    out->has_strides = b->Strides != NULL;
    if (b->Strides)
        memcpy(out->strides, b->Strides, rank * sizeof(*b->Strides));
    else
        packed_strides(rank, out->sizes, out->strides);
    out->total_bytes = b->TotalTensorSizeInBytes;
    out->min_bytes = min_bytes;
    out->base_alignment = b->GuaranteedBaseOffsetAlignment > DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT
                              ? b->GuaranteedBaseOffsetAlignment
                              : DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT;
}

static HRESULT check_aliasing(struct dml_validate_ctx *ctx, const struct dml_tensor *t,
                              const char *name)
{
    uint64_t reach;
    uint32_t dim;

    if (dml_tensor_strides_alias(t, &dim, &reach))
        return dml_reject(ctx, DML_RULE_D8_OUTPUT_ALIASING,
                          "%s.Strides[%u] is %u (Sizes[%u] is %u); allowed: > %llu, the furthest "
                          "offset of the dimensions with smaller strides, so that no two output "
                          "elements share an address",
                          name, dim, t->strides[dim], dim, t->sizes[dim],
                          (unsigned long long)reach);
    return S_OK;
}

HRESULT dml_tensor_validate(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                            const char *name, enum dml_tensor_role role, struct dml_tensor *out)
{
    const DML_BUFFER_TENSOR_DESC *b;
    uint64_t min_bytes;
    HRESULT hr;

    if (FAILED(hr = check_buffer_desc(ctx, desc, name)))
        return hr;
    b = desc->Desc;
    if (FAILED(hr = check_type_and_flags(ctx, b, name, role)) ||
        FAILED(hr = check_shape(ctx, b, name)) || FAILED(hr = check_alignment(ctx, b, name)) ||
        FAILED(hr = check_total_size(ctx, b, name, &min_bytes)))
        return hr;
    normalise(b, min_bytes, out);
    if (role == DML_TENSOR_OUTPUT)
        return check_aliasing(ctx, out, name);
    return S_OK;
}

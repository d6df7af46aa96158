#include "feature_level.h"

#include "tensor.h"
#include "validate.h"

#define LEVEL_(major, minor)                                                                       \
    {                                                                                              \
        DML_FEATURE_LEVEL_##major##_##minor, "DML_FEATURE_LEVEL_" #major "_" #minor                \
    }
static const struct
{
    DML_FEATURE_LEVEL level;
    const char *name;
} levels[] = {
    LEVEL_(1, 0), LEVEL_(2, 0), LEVEL_(2, 1), LEVEL_(3, 0), LEVEL_(3, 1),
    LEVEL_(4, 0), LEVEL_(4, 1), LEVEL_(5, 0), LEVEL_(5, 1), LEVEL_(5, 2),
    LEVEL_(6, 0), LEVEL_(6, 1), LEVEL_(6, 2), LEVEL_(6, 3), LEVEL_(6, 4),
};
#undef LEVEL_

#define LEVEL_COUNT (sizeof(levels) / sizeof(levels[0]))

const char *dml_feature_level_name(DML_FEATURE_LEVEL level)
{
    for (uint32_t i = 0; i < LEVEL_COUNT; ++i)
    {
        if (levels[i].level == level)
            return levels[i].name;
    }
    return "(undefined)";
}

bool dml_feature_level_is_known(DML_FEATURE_LEVEL level)
{
    for (uint32_t i = 0; i < LEVEL_COUNT; ++i)
    {
        if (levels[i].level == level)
            return true;
    }
    return false;
}

const struct dml_fl_row *dml_fl_row_at(const struct dml_fl_table *table, DML_FEATURE_LEVEL level)
{
    const struct dml_fl_row *row = NULL;

    for (uint32_t i = 0; i < table->count && table->rows[i].level <= level; ++i)
        row = &table->rows[i];
    return row;
}

bool dml_fl_row_allows(const struct dml_fl_row *row, enum dml_fl_field field, uint32_t value)
{
    switch (field)
    {
    case DML_FL_DIMS:
        return value >= row->min_dims && value <= row->max_dims;
    case DML_FL_TYPE:
        return value < 16 && (row->types & (1u << value));
    case DML_FL_MODE:
        return value < 8 && (row->modes & (1u << value));
    }
    return false;
}

DML_FEATURE_LEVEL dml_fl_lowest_allowing(const struct dml_fl_table *table, enum dml_fl_field field,
                                         uint32_t value)
{
    for (uint32_t i = 0; i < table->count; ++i)
    {
        if (dml_fl_row_allows(&table->rows[i], field, value))
            return table->rows[i].level;
    }
    return (DML_FEATURE_LEVEL)0;
}

static HRESULT check_data_type_support(UINT query_size, const void *query, UINT data_size,
                                       void *data)
{
    const DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT *q = query;
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT *d = data;

    if (!q || !d || query_size != sizeof(*q) || data_size != sizeof(*d))
        return E_INVALIDARG;
    if (!dml_data_type_is_defined(q->DataType))
        return E_INVALIDARG;
    /* D2: these operators only move bits, so every byte-sized type works on every device. */
    d->IsSupported = dml_data_type_size(q->DataType) != 0;
    return S_OK;
}

static HRESULT check_feature_levels(DML_FEATURE_LEVEL device_level, UINT query_size,
                                    const void *query, UINT data_size, void *data)
{
    const DML_FEATURE_QUERY_FEATURE_LEVELS *q = query;
    DML_FEATURE_DATA_FEATURE_LEVELS *d = data;
    DML_FEATURE_LEVEL best = (DML_FEATURE_LEVEL)0;

    if (!q || !d || query_size != sizeof(*q) || data_size != sizeof(*d))
        return E_INVALIDARG;
    if (!q->RequestedFeatureLevelCount || !q->RequestedFeatureLevels)
        return E_INVALIDARG; /* D14 */
    for (UINT i = 0; i < q->RequestedFeatureLevelCount; ++i)
    {
        const DML_FEATURE_LEVEL level = q->RequestedFeatureLevels[i];
        if (dml_feature_level_is_known(level) && level <= device_level && level > best)
            best = level;
    }
    if (!best)
        return DXGI_ERROR_UNSUPPORTED;
    d->MaxSupportedFeatureLevel = best;
    return S_OK;
}

HRESULT dml_check_feature_support(DML_FEATURE_LEVEL device_level, DML_FEATURE feature,
                                  UINT query_size, const void *query, UINT data_size, void *data)
{
    switch (feature)
    {
    case DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT:
        return check_data_type_support(query_size, query, data_size, data);
    case DML_FEATURE_FEATURE_LEVELS:
        return check_feature_levels(device_level, query_size, query, data_size, data);
    }
    return DXGI_ERROR_UNSUPPORTED;
}

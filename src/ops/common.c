/* Checks shared by the operators: feature-level rules on the input, T10, desc arrays and
 * padding modes, with their debug messages. */
#include "ops/ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const padding_mode_names[] = {"CONSTANT", "EDGE", "REFLECTION", "SYMMETRIC",
                                                 "WRAP"};
#define PADDING_MODE_COUNT (sizeof(padding_mode_names) / sizeof(padding_mode_names[0]))

/* "FLOAT32, FLOAT16" for a DML_TYPE_BIT mask, "CONSTANT, EDGE" for a DML_MODE_BIT mask. */
static const char *format_mask(uint32_t mask, enum dml_fl_field field, char *buf, size_t size)
{
    size_t len = 0;

    buf[0] = 0;
    for (uint32_t v = 0; v < 32 && len < size; ++v)
    {
        const char *name;
        if (!(mask & (1u << v)))
            continue;
        name = field == DML_FL_TYPE ? dml_data_type_short_name((DML_TENSOR_DATA_TYPE)v)
                                    : (v < PADDING_MODE_COUNT ? padding_mode_names[v] : "?");
        len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "", name);
    }
    return buf;
}

static const char *format_dims(const struct dml_fl_row *row, char *buf, size_t size)
{
    if (row->min_dims == row->max_dims)
        snprintf(buf, size, "%u", row->min_dims);
    else
        snprintf(buf, size, "%u..%u", row->min_dims, row->max_dims);
    return buf;
}

static const char *format_allowed(const struct dml_fl_row *row, enum dml_fl_field field, char *buf,
                                  size_t size)
{
    if (field == DML_FL_DIMS)
        return format_dims(row, buf, size);
    return format_mask(field == DML_FL_TYPE ? row->types : row->modes, field, buf, size);
}

static const struct
{
    enum dml_rule rule;
    const char *member; /* of the tensor desc, or of the operator desc for a mode */
} fl_fields[] = {
    [DML_FL_DIMS] = {DML_RULE_FL_DIMENSION_COUNT, "DimensionCount"},
    [DML_FL_TYPE] = {DML_RULE_FL_DATA_TYPE, "DataType"},
    [DML_FL_MODE] = {DML_RULE_FL_PADDING_MODE, "PaddingMode"},
};

static void format_value(enum dml_fl_field field, uint32_t value, char *buf, size_t size)
{
    if (field == DML_FL_DIMS)
        snprintf(buf, size, "%u", value);
    else if (field == DML_FL_TYPE)
        snprintf(buf, size, "%s (%u)", dml_data_type_name((DML_TENSOR_DATA_TYPE)value), value);
    else
        snprintf(buf, size, "DML_PADDING_MODE_%s (%u)", padding_mode_names[value], value);
}

/* The feature-level rule of field: value must be allowed by the row in force at ctx's level. The
 * message names the lowest level that allows it. tensor is NULL for the operator's own fields. */
static HRESULT check_fl(struct dml_validate_ctx *ctx, enum dml_fl_field field, uint32_t value,
                        const char *tensor)
{
    const struct dml_fl_row *row = dml_fl_row_at(ctx->fl, ctx->feature_level);
    const DML_FEATURE_LEVEL needs = dml_fl_lowest_allowing(ctx->fl, field, value);
    char shown[96], allowed[256];

    if (dml_fl_row_allows(row, field, value))
        return S_OK;
    if (!ctx->debug)
        return dml_reject(ctx, fl_fields[field].rule, NULL);
    format_value(field, value, shown, sizeof(shown));
    format_allowed(row, field, allowed, sizeof(allowed));
    return dml_reject(ctx, fl_fields[field].rule, "%s%s%s is %s; allowed at %s: %s; needs %s",
                      tensor ? tensor : "", tensor ? "." : "", fl_fields[field].member, shown,
                      dml_feature_level_name(ctx->feature_level), allowed,
                      needs ? dml_feature_level_name(needs) : "a level that does not exist yet");
}

HRESULT dml_check_padding_mode(struct dml_validate_ctx *ctx, dml_rule_code undefined,
                               DML_PADDING_MODE mode)
{
    if ((uint32_t)mode >= PADDING_MODE_COUNT)
        return dml_reject(ctx, undefined, "PaddingMode is %u; allowed: 0..%u (CONSTANT..WRAP)",
                          (unsigned)mode, (unsigned)PADDING_MODE_COUNT - 1);
    return check_fl(ctx, DML_FL_MODE, mode, NULL);
}

HRESULT dml_validate_input(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                           const char *name, struct dml_tensor *out)
{
    HRESULT hr;

    if (FAILED(hr = dml_tensor_validate(ctx, desc, name, DML_TENSOR_INPUT, out)) ||
        FAILED(hr = check_fl(ctx, DML_FL_TYPE, out->data_type, name)))
        return hr;
    return check_fl(ctx, DML_FL_DIMS, out->rank, name);
}

HRESULT dml_validate_output(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                            const char *name, const struct dml_tensor *in, struct dml_tensor *out)
{
    HRESULT hr;

    if (FAILED(hr = dml_tensor_validate(ctx, desc, name, DML_TENSOR_OUTPUT, out)))
        return hr;
    if (out->data_type != in->data_type)
        return dml_reject(ctx, DML_RULE_T10_DATA_TYPE_MISMATCH,
                          "%s.DataType is %s; allowed: the input's %s", name,
                          dml_data_type_name(out->data_type), dml_data_type_name(in->data_type));
    if (out->rank != in->rank)
        return dml_reject(ctx, DML_RULE_T10_DIMENSION_COUNT_MISMATCH,
                          "%s.DimensionCount is %u; allowed: the input's %u", name, out->rank,
                          in->rank);
    return S_OK;
}

HRESULT dml_validate_output_any_type(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                                     const char *name, const struct dml_tensor *in,
                                     struct dml_tensor *out)
{
    HRESULT hr;

    if (FAILED(hr = dml_tensor_validate(ctx, desc, name, DML_TENSOR_OUTPUT, out)) ||
        FAILED(hr = check_fl(ctx, DML_FL_TYPE, out->data_type, name)))
        return hr;
    if (out->rank != in->rank)
        return dml_reject(ctx, DML_RULE_T10_DIMENSION_COUNT_MISMATCH,
                          "%s.DimensionCount is %u; allowed: the input's %u", name, out->rank,
                          in->rank);
    return S_OK;
}

HRESULT dml_validate_generated_output(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                                      const char *name, struct dml_tensor *out)
{
    HRESULT hr;

    if (FAILED(hr = dml_tensor_validate(ctx, desc, name, DML_TENSOR_OUTPUT, out)) ||
        FAILED(hr = check_fl(ctx, DML_FL_TYPE, out->data_type, name)))
        return hr;
    return check_fl(ctx, DML_FL_DIMS, out->rank, name);
}

HRESULT dml_check_value_type(struct dml_validate_ctx *ctx, dml_rule_code rule,
                             DML_TENSOR_DATA_TYPE value_type, const struct dml_tensor *output)
{
    if (value_type != output->data_type)
        return dml_reject(ctx, rule,
                          "ValueDataType is %s (%u); allowed: OutputTensor.DataType (%s)",
                          dml_data_type_name(value_type), (unsigned)value_type,
                          dml_data_type_name(output->data_type));
    return S_OK;
}

HRESULT dml_validate_in_out(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *in_desc,
                            const DML_TENSOR_DESC *out_desc, struct dml_tensor t[2])
{
    HRESULT hr;

    if (FAILED(hr = dml_validate_input(ctx, in_desc, "InputTensor", &t[0])))
        return hr;
    return dml_validate_output(ctx, out_desc, "OutputTensor", &t[0], &t[1]);
}

HRESULT dml_check_desc_dims(struct dml_validate_ctx *ctx, UINT dimension_count, uint32_t rank)
{
    if (dimension_count != rank)
        return dml_reject(ctx, DML_RULE_DESC_DIMENSION_COUNT,
                          "DimensionCount is %u; allowed: the tensors' %u", dimension_count, rank);
    return S_OK;
}

HRESULT dml_validate_fill(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *output_desc,
                          DML_TENSOR_DATA_TYPE value_type, const DML_SCALAR_UNION *value,
                          const DML_SCALAR_UNION *delta, struct dml_op_def *def)
{
    struct dml_tensor output;
    HRESULT hr;

    if (FAILED(hr = dml_validate_generated_output(ctx, output_desc, "OutputTensor", &output)) ||
        FAILED(hr = dml_check_value_type(ctx, DML_RULE_FV_1_VALUE_TYPE, value_type, &output)) ||
        FAILED(hr = dml_op_def_store(ctx, def, &output, 0, 1)))
        return hr;
    def->u.generator.value_type = value_type;
    def->u.generator.value = *value;
    if (delta)
        def->u.generator.delta = *delta;
    return S_OK;
}

HRESULT dml_check_window(struct dml_validate_ctx *ctx, const struct dml_window_rules *rules,
                         uint32_t i, uint32_t offset, uint32_t size, int32_t stride, uint32_t bound,
                         uint32_t count)
{
    const uint64_t end = (uint64_t)offset + size;
    uint64_t reach;

    if (!size)
        return dml_reject(ctx, rules->size_zero, "InputWindowSizes[%u] is 0; allowed: >= 1", i);
    if (end > bound)
        return dml_reject(ctx, rules->out_of_bounds,
                          "InputWindowOffsets[%u] + InputWindowSizes[%u] is %llu; allowed: <= "
                          "%s.Sizes[%u] (%u)",
                          i, i, (unsigned long long)end, rules->bounded, i, bound);
    if (!stride)
        return dml_reject(ctx, rules->stride_zero, "InputWindowStrides[%u] is 0; allowed: non-zero",
                          i);
    reach = 1 + (size - 1) / (uint64_t)llabs(stride);
    if (count > reach)
        return dml_reject(ctx, rules->count_too_large, "%s.Sizes[%u] is %u; allowed: 1..%llu",
                          rules->counted, i, count, (unsigned long long)reach);
    return S_OK;
}

HRESULT dml_check_array(struct dml_validate_ctx *ctx, const void *array, const char *field)
{
    if (!array)
        return dml_reject(ctx, DML_RULE_DESC_ARRAY_NULL,
                          "%s is NULL; allowed: DimensionCount values", field);
    return S_OK;
}

HRESULT dml_op_def_store(struct dml_validate_ctx *ctx, struct dml_op_def *out,
                         const struct dml_tensor *tensors, uint32_t input_count,
                         uint32_t output_count)
{
    HRESULT hr;

    if (FAILED(hr = dml_op_def_init(out, ctx->op_type, input_count, output_count)))
        return hr;
    memcpy(out->tensors, tensors, (input_count + output_count) * sizeof(*tensors));
    out->elem_size = dml_data_type_size(tensors[0].data_type);
    return S_OK;
}

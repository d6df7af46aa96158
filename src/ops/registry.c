/* dml_operator_validate: which operators libdmlops implements, and the checks that come before
 * any operator's own (null desc, operator type, feature level of the operator). */
#include "ops/ops.h"

#include <string.h>

static const struct dml_op_entry *const implemented[] = {
    &dml_op_slice, &dml_op_slice1, &dml_op_split, &dml_op_padding, &dml_op_padding1,
};

static const struct dml_op_entry *find_entry(DML_OPERATOR_TYPE type)
{
    for (size_t i = 0; i < sizeof(implemented) / sizeof(implemented[0]); ++i)
    {
        if (implemented[i]->type == type)
            return implemented[i];
    }
    return NULL;
}

static HRESULT check_operator(struct dml_validate_ctx *ctx, const DML_OPERATOR_DESC *desc,
                              const struct dml_op_entry **entry)
{
    if (!desc)
        return dml_reject(ctx, DML_RULE_DESC_NULL, "desc is NULL; allowed: a DML_OPERATOR_DESC");
    if (!dml_operator_type_is_defined(desc->Type))
        return dml_reject(ctx, DML_RULE_OP_TYPE_UNDEFINED, "Type is %u; allowed: 1..%u",
                          (unsigned)desc->Type, (unsigned)DML_OPERATOR_UNFOLD);
    if (!(*entry = find_entry(desc->Type)))
        return dml_reject(ctx, DML_RULE_OP_TYPE_UNSUPPORTED,
                          "Type is %s (%u), a DirectML operator that libdmlops does not implement; "
                          "implemented: SLICE, SLICE1, SPLIT, PADDING, PADDING1",
                          dml_operator_type_name(desc->Type), (unsigned)desc->Type);
    if (!desc->Desc)
        return dml_reject(ctx, DML_RULE_DESC_NULL,
                          "Desc is NULL; allowed: a pointer to the operator's desc");
    ctx->fl = &(*entry)->fl;
    if (!dml_fl_row_at(ctx->fl, ctx->feature_level))
        return dml_reject(ctx, DML_RULE_FL_OPERATOR, "%s is not available at %s; needs %s",
                          dml_operator_type_name(desc->Type),
                          dml_feature_level_name(ctx->feature_level),
                          dml_feature_level_name(ctx->fl->rows[0].level));
    return S_OK;
}

HRESULT dml_operator_validate(struct dml_validate_ctx *ctx, const DML_OPERATOR_DESC *desc,
                              struct dml_op_def *out)
{
    const struct dml_op_entry *entry = NULL;
    HRESULT hr;

    memset(out, 0, sizeof(*out));
    ctx->rejected = DML_RULE_NONE;
    ctx->op_type = desc ? desc->Type : DML_OPERATOR_INVALID;
    ctx->fl = NULL;
    if (FAILED(hr = check_operator(ctx, desc, &entry)))
        return hr;
    if (FAILED(hr = entry->validate(ctx, desc->Desc, out)))
        dml_op_def_cleanup(out);
    return hr;
}

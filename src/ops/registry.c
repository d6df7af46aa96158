/* dml_operator_validate: which operators libdmlops implements, and the checks that come before
 * any operator's own (null desc, operator type, feature level of the operator). */
#include "ops/op_list.h"
#include "ops/ops.h"

#include <stdio.h>
#include <string.h>

/* The implemented operators: DML_OPS (op_list.h), one dml_op_<op> each. */
#define DML_OP_DECLARE_(op) extern const struct dml_op_entry dml_op_##op;
DML_OPS(DML_OP_DECLARE_)
#undef DML_OP_DECLARE_

static const struct dml_op_entry *const implemented[] = {
#define DML_OP_POINTER_(op) &dml_op_##op,
    DML_OPS(DML_OP_POINTER_)
#undef DML_OP_POINTER_
};

#define IMPLEMENTED_COUNT (sizeof(implemented) / sizeof(implemented[0]))

const struct dml_op_entry *dml_op_find(DML_OPERATOR_TYPE type)
{
    for (size_t i = 0; i < IMPLEMENTED_COUNT; ++i)
    {
        if (implemented[i]->type == type)
            return implemented[i];
    }
    return NULL;
}

const struct dml_op_entry *dml_op_at(size_t i)
{
    return i < IMPLEMENTED_COUNT ? implemented[i] : NULL;
}

/* "SLICE, SLICE1, ...": the implemented operators, for the debug line. */
static const char *implemented_names(char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (size_t i = 0; i < IMPLEMENTED_COUNT && len < size; ++i)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", implemented[i]->name);
    return buf;
}

static HRESULT reject_unsupported(struct dml_validate_ctx *ctx, const DML_OPERATOR_DESC *desc)
{
    char names[1024]; /* every implemented operator's name */
    return dml_reject(ctx, DML_RULE_OP_TYPE_UNSUPPORTED,
                      "Type is %s (%u), a DirectML operator that libdmlops does not implement; "
                      "implemented: %s",
                      dml_operator_type_name(desc->Type), (unsigned)desc->Type,
                      implemented_names(names, sizeof(names)));
}

static HRESULT check_operator(struct dml_validate_ctx *ctx, const DML_OPERATOR_DESC *desc,
                              const struct dml_op_entry **entry)
{
    if (!desc)
        return dml_reject(ctx, DML_RULE_DESC_NULL, "desc is NULL; allowed: a DML_OPERATOR_DESC");
    if (!dml_operator_type_is_defined(desc->Type))
        return dml_reject(ctx, DML_RULE_OP_TYPE_UNDEFINED, "Type is %u; allowed: 1..%u",
                          (unsigned)desc->Type, (unsigned)DML_OPERATOR_UNFOLD);
    if (!(*entry = dml_op_find(desc->Type)))
        return reject_unsupported(ctx, desc);
    if (!desc->Desc)
        return dml_reject(ctx, DML_RULE_DESC_NULL,
                          "Desc is NULL; allowed: a pointer to the operator's desc");
    ctx->entry = *entry;
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
    ctx->rejected = dml_rule_info(DML_RULE_NONE);
    ctx->op_type = desc ? desc->Type : DML_OPERATOR_INVALID;
    ctx->entry = NULL;
    ctx->fl = NULL;
    if (FAILED(hr = check_operator(ctx, desc, &entry)))
        return hr;
    if (FAILED(hr = entry->validate(ctx, desc->Desc, out)))
        dml_op_def_cleanup(out);
    return hr;
}

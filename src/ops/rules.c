/* The catalogue of validation rules (DML_RULES in validate.h) and the one reporting function. */
#include "diag.h"
#include "ops/ops.h"

#include <stdarg.h>
#include <stdio.h>

static const struct dml_rule_info rules[] = {
#define DML_RULE_INFO_(id, short_name, title, message)                                             \
    [DML_RULE_##id] = {"DML_RULE_" #id, short_name, title, message},
    DML_RULES(DML_RULE_INFO_)
    DML_GRAPH_RULES(DML_RULE_INFO_)
#undef DML_RULE_INFO_
};

const struct dml_rule_info *dml_rule_info(enum dml_rule rule)
{
    return (uint32_t)rule < DML_RULE_COUNT ? &rules[rule] : NULL;
}

static const char *subject_name(DML_OPERATOR_TYPE type)
{
    return dml_operator_type_is_defined(type) ? dml_operator_type_name(type) : "DML_OPERATOR_DESC";
}

HRESULT dml_reject(struct dml_validate_ctx *ctx, enum dml_rule rule, const char *fmt, ...)
{
    const struct dml_rule_info *info = &rules[rule];
    char detail[768];
    va_list args;

    ctx->rejected = rule;
    if (ctx->debug)
    {
        if (fmt)
        {
            va_start(args, fmt);
            vsnprintf(detail, sizeof(detail), fmt, args);
            va_end(args);
        }
        dml_diag_rule(true, DMLOPS_MESSAGE_SEVERITY_ERROR, info->short_name, "%s: rule %s %s: %s",
                      subject_name(ctx->op_type), info->short_name, info->title,
                      fmt ? detail : info->message);
    }
    return rule == DML_RULE_OP_TYPE_UNSUPPORTED ? DXGI_ERROR_UNSUPPORTED : E_INVALIDARG;
}

/* The rule catalogue (the shared rules of validate.h, each operator's own, the graph's) and the
 * one reporting function. */
#include "diag.h"
#include "ops/ops.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>

/* Indexed by enum dml_rule. */
static const struct dml_rule_info rules[] = {
    DML_RULES(DML_RULE_INFO)       /* the shared rules, */
    DML_GRAPH_RULES(DML_RULE_INFO) /* then the graph's */
};

const struct dml_rule_info *dml_rule_info(enum dml_rule rule)
{
    return (uint32_t)rule < DML_RULE_COUNT ? &rules[rule] : NULL;
}

/* The table of entry e, unless an earlier entry of its family listed it already (or it has none).
 */
static const struct dml_rule_table *own_table(size_t e)
{
    const struct dml_rule_table *table = dml_op_at(e)->rules;

    for (size_t before = 0; table && before < e; ++before)
    {
        if (dml_op_at(before)->rules == table)
            return NULL;
    }
    return table;
}

const struct dml_rule_info *dml_rule_at(uint32_t i)
{
    if (i < DML_RULE_GRAPH_FIRST)
        return &rules[i];
    i -= DML_RULE_GRAPH_FIRST;
    for (size_t e = 0; dml_op_at(e); ++e)
    {
        const struct dml_rule_table *table = own_table(e);
        if (table && i < table->count)
            return &table->rules[i];
        i -= table ? table->count : 0;
    }
    return dml_rule_info((enum dml_rule)(DML_RULE_GRAPH_FIRST + i));
}

/* A shared rule, or one of the entry's own (a code it does not have is a bug in its file). */
static const struct dml_rule_info *resolve(const struct dml_validate_ctx *ctx, dml_rule_code rule)
{
    const struct dml_rule_table *own = ctx->entry ? ctx->entry->rules : NULL;
    const uint32_t i = (uint32_t)(rule - DML_RULE_OP_FIRST);

    if ((uint32_t)rule < DML_RULE_COUNT)
        return &rules[rule];
    assert(own && i < own->count);
    return own && i < own->count ? &own->rules[i] : &rules[DML_RULE_NONE];
}

static const char *subject_name(DML_OPERATOR_TYPE type)
{
    return dml_operator_type_is_defined(type) ? dml_operator_type_name(type) : "DML_OPERATOR_DESC";
}

HRESULT dml_reject(struct dml_validate_ctx *ctx, dml_rule_code rule, const char *fmt, ...)
{
    const struct dml_rule_info *info = resolve(ctx, rule);
    char detail[768];
    va_list args;

    ctx->rejected = info;
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

/* Prints the table of docs/rules.md that comes from the rule catalogue (DML_RULES in
 * src/validate.h): one row per rule, in catalogue order. The rules_doc test compares it with the
 * committed page; `cmake --build build --target rules_doc` rewrites the page's table. */
#include <stdio.h>

#include "validate.h"

/* Text in a markdown table cell: '|' would end the cell. */
static void cell(const char *text)
{
    for (; *text; ++text)
        fputs(*text == '|' ? "\\|" : (char[2]){*text, 0}, stdout);
}

int main(void)
{
    puts("| id in the debug line | what | what the rule requires | HRESULT | catalogue name |");
    puts("|---|---|---|---|---|");
    for (int r = 1; r < DML_RULE_COUNT; ++r)
    {
        const struct dml_rule_info *info = dml_rule_info((enum dml_rule)r);
        printf("| %s | %s | ", info->short_name, info->title);
        cell(info->message);
        printf(" | %s | `%s` |\n",
               r == DML_RULE_OP_TYPE_UNSUPPORTED ? "DXGI_ERROR_UNSUPPORTED" : "E_INVALIDARG",
               info->id);
    }
    return 0;
}

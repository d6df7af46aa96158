/* Prints the table of docs/rules.md that comes from the rule catalogue (dml_rule_at: the shared
 * rules of src/validate.h, each operator's own in its src/ops file, the graph's): one row per
 * rule, in catalogue order. The rules_doc test compares it with the committed page;
 * `cmake --build build --target rules_doc` rewrites the page's table. */
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
    const struct dml_rule_info *info;

    for (uint32_t i = 1; (info = dml_rule_at(i)); ++i)
    {
        printf("| %s | %s | ", info->short_name, info->title);
        cell(info->message);
        printf(" | %s | `%s` |\n",
               info == dml_rule_info(DML_RULE_OP_TYPE_UNSUPPORTED) ? "DXGI_ERROR_UNSUPPORTED"
                                                                   : "E_INVALIDARG",
               info->id);
    }
    return 0;
}

/* One executable for the validation layer: every group, then a check that the groups together
 * exercised every rule of the catalogue. */
#include "vt.h"

/* Every rule of the catalogue up to the graph rules, which come last (tests/graph covers them). */
static void every_rule_has_a_test(void **state)
{
    const struct dml_rule_info *const graph_first = dml_rule_info(DML_RULE_GRAPH_FIRST);
    const struct dml_rule_info *info;
    int missing = 0;

    for (uint32_t i = 1; (info = dml_rule_at(i)) && info != graph_first; ++i)
    {
        if (!vt_rule_was_seen(info->id))
        {
            print_error("no test rejects a desc by %s\n", info->id);
            ++missing;
        }
    }
    assert_int_equal(missing, 0);
}

int main(void)
{
    static const struct CMUnitTest coverage[] = {cmocka_unit_test(every_rule_has_a_test)};
    size_t count;
    const struct vt_group *const *groups = vt_groups(&count);
    int failed = 0;

    for (size_t i = 0; i < count; ++i)
        failed += _cmocka_run_group_tests(groups[i]->name, groups[i]->tests, groups[i]->count, NULL,
                                          NULL);
    failed += cmocka_run_group_tests_name("coverage", coverage, NULL, NULL);
    return failed ? 1 : 0;
}

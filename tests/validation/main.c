/* One executable for the validation layer: every group, then a check that the groups together
 * exercised every rule of the catalogue. */
#include "vt.h"

static void every_rule_has_a_test(void **state)
{
    int missing = 0;

    for (int r = DML_RULE_NONE + 1; r < DML_RULE_GRAPH_FIRST; ++r) /* graph: tests/graph */
    {
        if (!vt_rule_was_seen((enum dml_rule)r))
        {
            print_error("no test rejects a desc by %s\n", dml_rule_info((enum dml_rule)r)->id);
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

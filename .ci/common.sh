# shellcheck shell=bash
# Shared by .ci/run and .ci/sanitize (sourced, not run).

# ctest counts a skipped test (exit code 77: no Vulkan device) as passed; CI fails it instead.
# Tests disabled on purpose (opt-in, DISABLED by configuration) are listed, not failed.
# usage: check_all_tests_ran CTEST_OUTPUT_LOG
check_all_tests_ran()
{
    local log=$1 skipped disabled
    skipped=$(grep -E '^[[:space:]]+[0-9]+ - .* \(Skipped\)$' "$log" || true)
    disabled=$(grep -E '^[[:space:]]+[0-9]+ - .* \(Disabled\)$' "$log" || true)
    [ -z "$disabled" ] || printf '%s\n' "== note: disabled by configuration (opt-in):" "$disabled"
    if [ -n "$skipped" ]; then
        printf '%s\n' "== FAIL: skipped tests (CI has lavapipe, so a skip is a bug):" "$skipped"
        return 1
    fi
    grep -E '^100% tests passed, 0 tests failed out of [1-9]' "$log" ||
        { echo "== FAIL: no ctest summary saying every test passed"; return 1; }
}

# Runs a command line that ends in ctest, its output shown and kept in LOG, then
# check_all_tests_ran. usage: ctest_all_ran LOG COMMAND...
ctest_all_ran()
{
    local - log=$1 status=0
    set -o pipefail
    shift
    "$@" 2>&1 | tee "$log" || status=$?
    [ "$status" -eq 0 ] || { echo "== FAIL: exit status $status: $*"; return 1; }
    check_all_tests_ran "$log"
}

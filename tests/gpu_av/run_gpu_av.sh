#!/bin/sh
# Runs a GPU test under DMLOPS_VALIDATION=gpu-assisted, with vk_layer_settings.txt making the
# validation layer log every message to stdout, and checks that the layer really ran with
# GPU-assisted validation (its start-up banner lists the enabled features), that it logged nothing
# of WARNING or ERROR severity, and that the test passed. Exit 77 (skipped) passes through.
# Usage: run_gpu_av.sh <test executable> [arguments...]
here=$(cd "$(dirname "$0")" && pwd)
export DMLOPS_VALIDATION=gpu-assisted
export VK_LAYER_SETTINGS_PATH="$here/vk_layer_settings.txt"
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
start=$(date +%s)
"$@" >"$out" 2>&1
rc=$?
cat "$out"
echo "run_gpu_av: $1 exited with $rc after $(($(date +%s) - start)) s"
if [ "$rc" -ne 0 ] && [ "$CI" != "true" ] &&
    grep -q "VK_LAYER_KHRONOS_validation is not installed" "$out"; then
    echo "run_gpu_av: the validation layer is not installed: skipped (CI=true makes this a failure)"
    exit 77
fi
[ "$rc" -eq 0 ] || exit "$rc"
if ! grep -q "Current Enables:.*GPU_ASSISTED" "$out"; then
    echo "run_gpu_av: FAIL: the validation layer did not report GPU-assisted validation enabled"
    exit 1
fi
if grep -Eq "\((ERROR|WARN) / " "$out"; then
    echo "run_gpu_av: FAIL: the validation layer reported problems (above)"
    exit 1
fi
echo "run_gpu_av: PASS (GPU-assisted validation active, no warning or error)"

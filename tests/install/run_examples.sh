#!/usr/bin/env bash
# Installs the build into a fresh prefix, builds examples/ against it as an application would
# (find_package(dmlops)), and runs the examples' own tests. Exit 77 when they were skipped (no
# Vulkan device). usage: run_examples.sh BUILD_DIR WORK_DIR EXAMPLES_SRC CMAKE CTEST GENERATOR
#                                         REQUIRE_COMPTR(ON|OFF)
set -euo pipefail
build=$1 work=$2 src=$3 cmake=$4 ctest=$5 generator=$6 require_comptr=$7
prefix=$work/prefix
rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log"
"$cmake" -S "$src" -B "$work/examples" -G "$generator" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DDMLOPS_EXAMPLES_REQUIRE_COMPTR="$require_comptr"
"$cmake" --build "$work/examples"
libdir=$(dirname "$(find "$prefix" -name 'libdmlops.so.0' | head -1)")
status=0
LD_LIBRARY_PATH=$libdir "$ctest" --test-dir "$work/examples" --output-on-failure \
    | tee "$work/ctest.log" || status=$?
[ "$status" -eq 0 ] || exit "$status"
if grep -q '(Skipped)' "$work/ctest.log"; then
    echo "examples skipped: no Vulkan device"
    exit 77
fi

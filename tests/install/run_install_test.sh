#!/usr/bin/env bash
# Installs the build into a fresh prefix, then builds and runs a consumer against that prefix only:
# once through CMake's find_package(dmlops), once through pkg-config.
# usage: run_install_test.sh BUILD_DIR WORK_DIR CONSUMER_SRC VERSION LIBDIR INCLUDEDIR BINDIR
#                            EXPECT_TOOL(0|1) CMAKE GENERATOR CC
set -euo pipefail

build=$1 work=$2 src=$3 version=$4 libdir_rel=$5 includedir_rel=$6 bindir_rel=$7
expect_tool=$8 cmake=$9 generator=${10} cc=${11}
prefix=$work/prefix
libdir=$prefix/$libdir_rel
log=$work/step.log

# Runs one step quietly; on failure shows its output and stops.
step()
{
    local what=$1
    shift
    if "$@" >"$log" 2>&1; then
        echo "ok: $what"
    else
        cat "$log"
        echo "FAIL: $what"
        exit 1
    fi
}

expect()
{
    local what=$1
    shift
    step "$what" test "$@"
}

# Nothing installed may point back into the build tree (debug info aside: it names sources), but
# for the install prefix itself, which this test puts under the build tree.
no_build_paths()
{
    ! cat "$@" | sed -e "s|$prefix||g" -e "s|$(realpath "$prefix")||g" | grep -qF "$(realpath "$build")"
}

no_build_runpath()
{
    no_build_paths <(readelf --dynamic "$1")
}

# A command's output as single-spaced words (pkg-config ends its lines with a space).
words()
{
    local out
    out=$("$@")
    # shellcheck disable=SC2086 # unquoted on purpose: word splitting trims
    echo $out
}

rm -rf "$work"
mkdir -p "$work"

step "cmake --install into $prefix" "$cmake" --install "$build" --prefix "$prefix"
expect "DirectML.h installed" -f "$prefix/$includedir_rel/DirectML.h"
expect "dmlops.h installed" -f "$prefix/$includedir_rel/dmlops.h"
expect "libdmlops.so links to the SONAME" "$(readlink "$libdir/libdmlops.so")" = libdmlops.so.0
expect "libdmlops.so.0 links to libdmlops.so.$version" "$(readlink "$libdir/libdmlops.so.0")" = "libdmlops.so.$version"
step "no build-tree path in the installed package files" no_build_paths \
    "$libdir/pkgconfig/dmlops.pc" "$libdir"/cmake/dmlops/*.cmake
step "no build-tree RUNPATH in libdmlops.so" no_build_runpath "$libdir/libdmlops.so.$version"
expect "the licence is installed" -f "$prefix/share/doc/dmlops/LICENSE"
expect "docs/rules.md is installed" -f "$prefix/share/doc/dmlops/rules.md"
if [ "$expect_tool" = 1 ]; then
    expect "the dmlops tool is in $bindir_rel" -x "$prefix/$bindir_rel/dmlops"
    expect "the benchmark is off PATH, in libexec/dmlops" -x "$prefix/libexec/dmlops/dmlops-bench"
    expect "no dmlops-bench in $bindir_rel" ! -e "$prefix/$bindir_rel/dmlops-bench"
    expect "the man page is installed" -f "$prefix/share/man/man1/dmlops.1"
    step "the installed dmlops finds its benchmark (dmlops bench --help)" \
        env LD_LIBRARY_PATH="$libdir" "$prefix/$bindir_rel/dmlops" bench --help
    expect "dmlops --version names the version" \
        "$(LD_LIBRARY_PATH=$libdir "$prefix/$bindir_rel/dmlops" --version)" = "dmlops $version (libdmlops $version)"
    step "no build-tree RUNPATH in the dmlops tool" no_build_runpath "$prefix/$bindir_rel/dmlops"
    step "the dmlops tool finds the installed library" \
        grep -qF "libdmlops.so.0 => $libdir/libdmlops.so.0" \
        <(LD_LIBRARY_PATH=$libdir ldd "$prefix/$bindir_rel/dmlops")
fi

step "configure a consumer with find_package(dmlops)" \
    "$cmake" -S "$src" -B "$work/cmake-consumer" -G "$generator" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
    -DDMLOPS_EXPECTED_PREFIX="$prefix" -DDMLOPS_EXPECTED_VERSION="$version"
step "build the find_package consumer" "$cmake" --build "$work/cmake-consumer"
"$work/cmake-consumer/consumer" "$libdir"

# The .pc names the prefix given to cmake --install, not the configured one.
pc=(env PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config)
step "pkg-config resolves dmlops and its Requires.private (vulkan)" "${pc[@]}" --exists --print-errors dmlops
expect "pkg-config --cflags names the install prefix" \
    "$(words "${pc[@]}" --cflags-only-I dmlops)" = "-I$prefix/$includedir_rel"
expect "pkg-config --libs names the install prefix" \
    "$(words "${pc[@]}" --libs dmlops)" = "-L$libdir -ldmlops"
expect "pkg-config --modversion is the project version" "$("${pc[@]}" --modversion dmlops)" = "$version"
read -ra pc_flags <<<"$("${pc[@]}" --cflags --libs dmlops)"
mkdir -p "$work/pc-consumer"
step "build a consumer with pkg-config --cflags --libs dmlops" \
    "$cc" -std=c11 -Wall -Wextra -Werror "$src/consumer.c" -o "$work/pc-consumer/consumer" \
    "${pc_flags[@]}"
LD_LIBRARY_PATH=$libdir "$work/pc-consumer/consumer" "$libdir"

#!/usr/bin/env bash
# Checks the dynamic symbol table and SONAME of libdmlops.so against the public API.
# usage: check_exports.sh LIB SONAME MAP_FILE DMLOPS_H READELF CC [CFLAGS...]
set -euo pipefail
export LC_ALL=C

lib=$1 soname=$2 map=$3 header=$4 readelf=$5
shift 5
failures=0

fail()
{
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# "name version" for every defined GLOBAL/WEAK/UNIQUE dynamic symbol; version is "-" if none.
exported_symbols()
{
    "$readelf" --dyn-syms --wide "$lib" |
        awk '$1 ~ /^[0-9]+:$/ && $5 != "LOCAL" && $7 != "UND" && NF >= 8 {
                 n = split($8, part, "@+"); print part[1], (n > 1 ? part[n] : "-") }'
}

# Version nodes the map file defines ("DMLOPS_0 {"): ld also emits each as an ABS symbol.
version_nodes()
{
    sed -n 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_.]*\)[[:space:]]*{.*/\1/p' "$map"
}

# Functions dmlops.h declares, from the preprocessed header so comments and macros do not count.
declared_functions()
{
    local text
    text=$(printf '#include "%s"\n' "$header" | "$@" -std=c11 -E -P -x c -) || return 1
    { grep -o '\bdmlops[A-Za-z0-9_]*[[:space:]]*(' <<<"$text" || true; } | tr -d '( \t' | sort -u
}

actual_soname=$("$readelf" --dynamic "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[ "$actual_soname" = "$soname" ] || fail "SONAME is '${actual_soname}', expected '${soname}'"

nodes=$(version_nodes)
[ -n "$nodes" ] || fail "no version node found in $map"
symbols=$(exported_symbols | awk 'NR == FNR { node[$1]; next } !($1 in node)' <(echo "$nodes") -)
[ -n "$symbols" ] || fail "no exported symbol at all in $lib"

declared=$(declared_functions "$@") || fail "$header does not preprocess on its own"
[ -n "$declared" ] || fail "no dmlops* function found in $header"
expected=$(printf '%s\n' DMLCreateDevice DMLCreateDevice1 "$declared" | sort -u)
names=$(cut -d' ' -f1 <<<"$symbols" | sort -u)

while read -r name; do
    case $name in
        vk* | volk*) fail "volk's Vulkan symbol leaks: $name" ;;
        *) fail "exported but not public API: $name" ;;
    esac
done < <(comm -13 <(echo "$expected") <(echo "$names") | grep .)
while read -r name; do
    fail "public API not exported: $name"
done < <(comm -23 <(echo "$expected") <(echo "$names") | grep .)
while read -r name version; do
    [ -n "$name" ] || continue
    grep -qxF "$version" <<<"$nodes" || fail "$name has version '$version', not a node of $(basename "$map")"
done <<<"$symbols"

if [ "$failures" -ne 0 ]; then
    echo "$failures export check(s) failed for $lib"
    exit 1
fi
echo "OK: $lib exports $(wc -l <<<"$names") symbols, SONAME $actual_soname"

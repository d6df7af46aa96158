#!/usr/bin/env bash
# The dmlops tool as a user meets it: help and version, bad commands, options and values named
# with status 2 before any work, the benchmark's progress and CSV rows, the short suite on a CPU
# device, the picture redrawn from a CSV (clipped bars marked, the whole title, the tiny axis),
# and the message for a machine without a Vulkan driver. Exit 77 when there is no Vulkan device
# for the parts that need one. usage: run_tool_test.sh DMLOPS WORK_DIR
set -euo pipefail
dmlops=$1 work=$2
rm -rf "$work"
mkdir -p "$work"
out=$work/stdout err=$work/stderr
failures=0

# Runs the tool; keeps stdout, stderr and the status.
tool()
{
    status=0
    "$dmlops" "$@" >"$out" 2>"$err" || status=$?
}

check()
{
    local what=$1
    shift
    if "$@"; then
        echo "ok: $what"
    else
        echo "FAIL: $what (status $status)"
        sed 's/^/  stdout: /' "$out"
        sed 's/^/  stderr: /' "$err"
        failures=$((failures + 1))
    fi
}

has() { grep -qF -- "$2" "$1"; }
empty() { [ ! -s "$1" ]; }

tool --help
check "--help: status 0, usage on stdout, nothing on stderr" \
    eval '[ $status = 0 ] && has $out "usage: dmlops" && empty $err'
tool --version
check "--version: status 0, the version" eval '[ $status = 0 ] && grep -qE "^dmlops [0-9]+\.[0-9]+\.[0-9]+ \(libdmlops" $out'
tool
check "no command: status 2, said on stderr" eval '[ $status = 2 ] && has $err "no command" && empty $out'
tool frobnicate
check "an unknown command is named" eval '[ $status = 2 ] && has $err "unknown command '"'frobnicate'"'"'
tool --frob
check "an unknown option is named" eval '[ $status = 2 ] && has $err "'"'--frob'"'"'
tool info extra
check "info with an argument: named" eval '[ $status = 2 ] && has $err "'"'extra'"'"'
tool run --help
check "run --help: stdout, status 0" eval '[ $status = 0 ] && has $out "usage: dmlops run" && empty $err'
tool bench --help
check "bench --help: stdout, status 0, runs nothing" \
    eval '[ $status = 0 ] && has $out "usage: dmlops bench" && empty $err'
tool bench --runs abc
check "bench --runs abc: the option and the value named" \
    eval '[ $status = 2 ] && has $err "--runs" && has $err "'"'abc'"'"'
tool bench --repeat 0
check "bench --repeat 0: refused" eval '[ $status = 2 ] && has $err "--repeat"'
tool bench --runs
check "bench --runs without a value: named" eval '[ $status = 2 ] && has $err "--runs needs a value"'
tool bench --short --full
check "bench --short --full: refused" eval '[ $status = 2 ] && has $err "exclude"'
tool bench --filter no-such-case --out "$work/nothing"
check "bench --filter matching nothing fails before any work" \
    eval '[ $status = 2 ] && has $err "'"'no-such-case'"' matches none" && [ ! -e $work/nothing ]'
tool bench --out "$work/missing/parent/dir"
check "bench --out whose parent is missing fails before any case runs" \
    eval '[ $status = 2 ] && has $err "missing/parent/dir" && ! has $err "[1/"'
touch "$work/a-file"
tool bench --out "$work/a-file"
check "bench --out naming a file fails before any case runs" \
    eval '[ $status = 2 ] && has $err "not a directory"'

# The picture from a CSV: one bar beyond the axis (ratio 1.75), and the tiny cases.
{
    echo "case,elem_bytes,target,read_bytes,write_bytes,op_ns,ceiling_ns,copy_ns,empty_ns,gbps,ceiling_gbps,copy_gbps,ratio,dispatches,copy_engine_dispatches,compile_first_ms,compile_warm_ms,verified,mismatches,meets_target"
    echo "fast_case,1,contiguous,1000,1000,1000,1750,2000,0,2.0,3.5,1.0,1.7500,1,0,1,1,1,0,1"
    echo "fast_case,2,contiguous,1000,1000,1000,900,2000,0,2.0,1.8,1.0,0.9000,1,0,1,1,1,0,0"
    echo "small_tiny,4,tiny,64,64,5000,900,2000,2000,0.1,0.1,0.1,0.1800,1,0,1,1,1,0,0"
} >"$work/in.csv"
title="A device & its driver, a date, and a title long enough to need a second line: 0123456789 0123456789 0123456789 END-OF-TITLE"
tool bench --from-csv "$work/in.csv" --out "$work/svg" --title "$title"
svg=$work/svg/bench.svg
check "--from-csv writes bench.svg" eval '[ $status = 0 ] && [ -s $svg ]'
check "the clipped bar ends in an arrow with its value" \
    eval 'has $svg "<path" && has $svg ">1.75</text>"'
check "the whole title is drawn (escaped), nothing cut" \
    eval 'has $svg "A device &amp; its driver" && has $svg "END-OF-TITLE"'
check "the tiny cases have their own axis" \
    eval 'has $svg "Tiny cases" && has $svg ">2.5</text>"'
printf 'case,elem_bytes\nnot,a,row\n' >"$work/bad.csv"
tool bench --from-csv "$work/bad.csv" --out "$work/svg2"
check "--from-csv of something else: status 2" eval '[ $status = 2 ]'

# No Vulkan driver: said as such, with the package to install.
status=0
VK_ICD_FILENAMES=/nonexistent.json VK_DRIVER_FILES=/nonexistent.json "$dmlops" info >"$out" 2>"$err" || status=$?
check "no driver: info fails and names VK-DRIVER and mesa-vulkan-drivers" \
    eval '[ $status = 1 ] && has $err "VK-DRIVER" && has $err "mesa-vulkan-drivers"'
status=0
VK_ICD_FILENAMES=/nonexistent.json VK_DRIVER_FILES=/nonexistent.json "$dmlops" run >"$out" 2>"$err" || status=$?
check "no driver: run names the HRESULT" eval '[ $status = 1 ] && has $err "DXGI_ERROR_UNSUPPORTED (0x887A0004)"'

# No Vulkan loader: libvulkan.so.1 hidden under /dev/null in a mount namespace of this test's own
# (where the test may do so: root with unshare; elsewhere not checked).
# (awk reads to the end: an early exit would kill ldconfig with SIGPIPE, which pipefail and set -e
# turned into the script's own status 141, now and then.)
loader=$(ldconfig -p 2>/dev/null | awk '/libvulkan\.so\.1 / && !found {print $NF; found = 1}')
if [ -n "$loader" ] && unshare -m true 2>/dev/null; then
    status=0
    unshare -m sh -c 'mount --bind /dev/null "$1" && exec "$2" info' _ "$(readlink -f "$loader")" \
        "$dmlops" >"$out" 2>"$err" || status=$?
    check "no loader: info fails and names VK-LOADER and libvulkan1" \
        eval '[ $status = 1 ] && has $err "VK-LOADER" && has $err "libvulkan1"'
else
    echo "not checked: no loader (needs unshare -m)"
fi

# With a device: progress and rows as cases finish; the short suite on a CPU device by default.
"$dmlops" info >"$out" 2>"$err" || { echo "no Vulkan device: the rest is skipped"; exit $((failures ? 1 : 77)); }
tool bench --filter slice_h_step2_l2 --runs 2 --out "$work/run"
check "bench: progress per case on stderr, a CSV row per case" \
    eval '[ $status = 0 ] && has $err "[1/4] slice_h_step2_l2 e1" && has $err "[4/4]" && [ $(wc -l <$work/run/bench.csv) = 5 ]'
if grep -q "(CPU" <("$dmlops" info); then
    check "bench on a CPU device runs the short suite unless --full" \
        eval 'has $err "the default device is a CPU: running the short suite"'
fi
[ "$failures" = 0 ] || { echo "$failures failed"; exit 1; }
echo "all passed"

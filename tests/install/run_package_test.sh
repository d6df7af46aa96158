#!/usr/bin/env bash
# Builds the Debian packages with CPack, unpacks them into a scratch root (dpkg -x) and checks
# what each holds and depends on, then uses the unpacked tree: the tool runs, pkg-config answers.
# usage: run_package_test.sh BUILD_DIR WORK_DIR VERSION CPACK
set -euo pipefail
build=$1 work=$2 version=$3 cpack=$4
root=$work/root
log=$work/step.log
major=${version%%.*}
runtime=libdmlops${major} dev=libdmlops-dev tools=dmlops-tools

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

deb() { echo "$work/packages/${1}_${version}-1_$(dpkg --print-architecture).deb"; }
field() { dpkg-deb --field "$(deb "$1")" "$2"; }
contents() { dpkg-deb --contents "$(deb "$1")"; }
# (grep on a variable: grep -q on a pipe would end dpkg-deb early, which pipefail counts)
holds() { grep -qE " \./$2( ->.*)?\$" <<<"$(contents "$1")"; }

rm -rf "$work"
mkdir -p "$work/packages" "$root"
step "cpack -G DEB" "$cpack" -G DEB -B "$work/packages" --config "$build/CPackConfig.cmake"
for p in "$runtime" "$dev" "$tools"; do
    step "$p is built" test -f "$(deb "$p")"
    step "unpack $p into the scratch root" dpkg -x "$(deb "$p")" "$root"
done

step "$runtime holds the library" holds "$runtime" "usr/lib/libdmlops.so.$version"
step "$runtime holds the SONAME link" holds "$runtime" "usr/lib/libdmlops.so.$major"
step "$runtime holds the licence" holds "$runtime" "usr/share/doc/dmlops/LICENSE"
step "$runtime depends on Vulkan's loader" grep -qw libvulkan1 <(field "$runtime" Depends)
step "$runtime depends on libc (dpkg-shlibdeps)" grep -qw libc6 <(field "$runtime" Depends)
step "$runtime recommends a Vulkan driver" grep -qw mesa-vulkan-drivers <(field "$runtime" Recommends)
step "$runtime has no headers" bash -c "! grep -q '\.h\$' <<<'$(contents "$runtime")'"

for f in usr/include/DirectML.h usr/include/dmlops.h usr/lib/libdmlops.so \
    usr/lib/pkgconfig/dmlops.pc usr/lib/cmake/dmlops/dmlopsConfig.cmake \
    usr/share/doc/dmlops/rules.md usr/share/doc/dmlops/examples/slice.c; do
    step "$dev holds $f" holds "$dev" "$f"
done
step "$dev depends on exactly this $runtime" \
    grep -qF "$runtime (= $version-1)" <(field "$dev" Depends)
step "$dev depends on Vulkan's headers" grep -qw libvulkan-dev <(field "$dev" Depends)

for f in usr/bin/dmlops usr/libexec/dmlops/dmlops-bench usr/share/man/man1/dmlops.1; do
    step "$tools holds $f" holds "$tools" "$f"
done
step "$tools puts no benchmark on PATH" bash -c "! grep -q usr/bin/dmlops-bench <<<'$(contents "$tools")'"
step "$tools depends on exactly this $runtime" \
    grep -qF "$runtime (= $version-1)" <(field "$tools" Depends)

step "the unpacked dmlops runs from the unpacked library" \
    grep -qxF "dmlops $version (libdmlops $version)" <("$root/usr/bin/dmlops" --version)
step "the unpacked dmlops finds its benchmark" "$root/usr/bin/dmlops" bench --help
man_page()
{
    local warnings
    warnings=$(man --warnings -l -Tutf8 "$1" 2>&1 >/dev/null)
    [ -z "$warnings" ] || { echo "$warnings"; return 1; }
    grep -q "dmlops bench" <<<"$(MANWIDTH=100 man -l -P cat "$1")"
}
step "the man page renders, without warnings" man_page "$root/usr/share/man/man1/dmlops.1"
pc=(env PKG_CONFIG_PATH="$root/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root" pkg-config)
step "dmlops.pc says /usr" grep -qx "prefix=/usr" "$root/usr/lib/pkgconfig/dmlops.pc"
step "pkg-config finds the unpacked headers" \
    test -f "$("${pc[@]}" --cflags-only-I dmlops | sed 's/^-I//; s/ *$//')/dmlops.h"
echo "packages: $(cd "$work/packages" && ls ./*.deb | tr '\n' ' ')"

#!/usr/bin/env bash
# `make install-check` (tools/install.mk, issue 32): installs into a scratch prefix and into a
# DESTDIR staging directory, checks what landed there, then uninstalls and checks that nothing is
# left. Each check is one count in build/results/install.txt ("<passed> <failed> <what>").
# Arguments: the scratch directory, the shared library's file name, its SONAME, the version.
set -uo pipefail
dir=$1 so_file=$2 so_name=$3 version=$4
root=$PWD/$dir/install-check
prefix=$root/prefix
stage=$root/stage
mkdir -p build/results
rm -rf "$root"
passed=0 failed=0
check() { # check <what> <command...>: one count
  local what=$1; shift
  if "$@" > "$root/last.log" 2>&1; then passed=$((passed + 1)); echo "  ok   $what"
  else failed=$((failed + 1)); echo "  FAIL $what"; sed 's/^/       /' "$root/last.log" | head -20; fi
}
mkdir -p "$root"
make_install() { make --no-print-directory -s "$@" > "$root/make.log" 2>&1 || { cat "$root/make.log"; return 1; }; }

# The files a user gets, relative to the prefix: the same list as `make install` writes.
expected() {
  printf '%s\n' lib/libsonnx_broadcast.a "lib/$so_file" "lib/$so_name" lib/libsonnx_broadcast.so \
    lib/pkgconfig/sonnx_broadcast.pc lib/cmake/sonnx_broadcast/sonnx_broadcastConfig.cmake \
    lib/cmake/sonnx_broadcast/sonnx_broadcastConfigVersion.cmake share/sonnx_broadcast/why3/z3_lean.drv
  for h in src/sonnx_broadcast.h src/sonnx_broadcast.hpp src/sonnx_testing.hpp; do
    [ -f "$h" ] && echo "include/$(basename "$h")"
  done
  for a in spec/acsl/*.h; do echo "include/sonnx_broadcast/acsl/$(basename "$a")"; done
}
same_files() { # the tree under $1 holds exactly the expected files
  diff <(expected | sort) <(cd "$1" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
}
headers_are_sources() {
  cmp src/sonnx_broadcast.h "$prefix/include/sonnx_broadcast.h" &&
  for a in spec/acsl/*.h; do cmp "$a" "$prefix/include/sonnx_broadcast/acsl/$(basename "$a")" || return 1; done
}
symlinks() {
  [ "$(readlink "$prefix/lib/libsonnx_broadcast.so")" = "$so_name" ] &&
  [ "$(readlink "$prefix/lib/$so_name")" = "$so_file" ]
}
soname() { readelf -d "$prefix/lib/$so_file" | grep -F "Library soname: [$so_name]"; }
# The exports are exactly the functions the public header declares, all named sonnx_*.
public_functions() { grep -oE '^[a-z_]+( \*)? ?sonnx_[a-z0-9_]+\(' src/sonnx_broadcast.h | sed -E 's/.*(sonnx_[a-z0-9_]+)\(/\1/' | sort -u; }
exports() { nm -D --defined-only "$prefix/lib/$so_file" | awk '{print $3}' | sort -u; }
exports_are_public() { diff <(public_functions) <(exports); }
only_sonnx() { ! exports | grep -v '^sonnx_'; }
# The private helpers of src/sonnx_internal.h are in the static archive but not exported.
private_hidden() {
  local priv; priv=$(nm --defined-only "$prefix/lib/libsonnx_broadcast.a" | awk '$2 == "T" {print $3}' | sort -u | comm -23 - <(public_functions))
  [ -n "$priv" ] && echo "private: $priv" && ! exports | grep -Fx -f <(echo "$priv")
}
needs_libc_only() { [ "$(readelf -d "$prefix/lib/$so_file" | grep NEEDED | grep -vc 'libc\.so')" = 0 ]; }
pc() { local out; out=$(PKG_CONFIG_PATH=$1/lib/pkgconfig pkg-config "${@:2}" sonnx_broadcast) && echo "${out% }"; }
pkgconfig_fields() {
  [ "$(pc "$prefix" --modversion)" = "$version" ] &&
  [ "$(pc "$prefix" --cflags)" = "-I$prefix/include" ] &&
  [ "$(pc "$prefix" --libs)" = "-L$prefix/lib -lsonnx_broadcast" ] &&
  [ -f "$(pc "$prefix" --variable=acsldir)/shape_logic.h" ] &&
  [ -f "$(pc "$prefix" --variable=why3driver)" ]
}
staged_for_prefix() { # a DESTDIR install keeps the final prefix in its pkg-config and CMake files
  grep -qx "prefix=/opt/sonnx" "$stage/opt/sonnx/lib/pkgconfig/sonnx_broadcast.pc" &&
  grep -q '"/opt/sonnx/lib/libsonnx_broadcast.so.' "$stage/opt/sonnx/lib/cmake/sonnx_broadcast/sonnx_broadcastConfig.cmake"
}
empty_tree() { [ -z "$(find "$1" \( -type f -o -type l \))" ]; }

echo "install-check: make install into $prefix and DESTDIR=$stage PREFIX=/opt/sonnx"
check "make install PREFIX=<scratch>" make_install install PREFIX="$prefix"
check "installed files: exactly the package's" same_files "$prefix"
check "installed headers and ACSL files are the sources" headers_are_sources
check "symlinks libsonnx_broadcast.so -> $so_name -> $so_file" symlinks
check "SONAME $so_name" soname
check "nm -D --defined-only: exactly the functions of sonnx_broadcast.h" exports_are_public
check "nm -D --defined-only: only sonnx_* symbols" only_sonnx
check "private sonnx_* helpers not exported" private_hidden
check "the shared library needs libc only" needs_libc_only
check "pkg-config: version $version, cflags, libs, acsldir, why3driver" pkgconfig_fields
check "make install DESTDIR=<stage> PREFIX=/opt/sonnx" make_install install DESTDIR="$stage" PREFIX=/opt/sonnx
check "DESTDIR: files under <stage>/opt/sonnx" same_files "$stage/opt/sonnx"
check "DESTDIR: pkg-config and CMake files name /opt/sonnx" staged_for_prefix
check "make uninstall PREFIX=<scratch>" make_install uninstall PREFIX="$prefix"
check "uninstall: no file left in the prefix" empty_tree "$prefix"
check "make uninstall DESTDIR=<stage> PREFIX=/opt/sonnx" make_install uninstall DESTDIR="$stage" PREFIX=/opt/sonnx
check "uninstall: no file left in the staging directory" empty_tree "$stage"
echo "$passed $failed install: make install/uninstall, PREFIX and DESTDIR, files, SONAME, exports (nm -D), pkg-config" > build/results/install.txt
echo "install-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# `make consumer-c` (tools/install.mk): builds examples/c_consumer/main.c only through pkg-config
# from the scratch prefix ($1), linked against the shared library and against the static one,
# runs both, and writes build/results/consumer_c.txt: the checks of both runs plus the checks of
# the build (headers and shared library taken from the prefix).
set -uo pipefail
prefix=$1 out=$2
src=examples/c_consumer/main.c
mkdir -p "$out" build/results
rm -f "$out"/*
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
passed=0 failed=0
note() { if [ "$1" -eq 0 ]; then passed=$((passed + 1)); echo "  ok   $2"; else failed=$((failed + 1)); echo "  FAIL $2"; fi; }
cflags=$(pkg-config --cflags sonnx_broadcast) libs=$(pkg-config --libs sonnx_broadcast)
libdir=$(pkg-config --variable=libdir sonnx_broadcast)
echo "consumer-c: cc $cflags main.c $libs"
# shellcheck disable=SC2086
gcc -std=c11 -O2 -Wall -Wextra -Werror -pedantic $cflags -MD -MF "$out/main.d" "$src" $libs \
  -Wl,-rpath,"$libdir" -o "$out/main-shared"
note $? "built through pkg-config, shared"
# The header came from the prefix: no file of src/ or spec/ among the dependencies.
! grep -qE '(^| )(\./)?(src|spec)/|/wt-[a-z]+/(src|spec)/|/main/(src|spec)/' "$out/main.d" && grep -q "$prefix/include/sonnx_broadcast.h" "$out/main.d"
note $? "sonnx_broadcast.h read from the prefix, nothing from the source tree"
# shellcheck disable=SC2086
gcc -std=c11 -O2 -Wall -Wextra -Werror -pedantic $cflags "$src" "$libdir/libsonnx_broadcast.a" -o "$out/main-static"
note $? "built through pkg-config, static archive"
ldd "$out/main-shared" | grep "libsonnx_broadcast.so.* => $libdir/libsonnx_broadcast.so" > /dev/null
note $? "the shared build loads the prefix's libsonnx_broadcast.so"
for kind in shared static; do
  echo "consumer-c: run ($kind)"
  "$out/main-$kind" | tee "$out/$kind.log"
  note "${PIPESTATUS[0]}" "the $kind program ran to its end"
  line=$(grep -E '^consumer_c: [0-9]+ passed, [0-9]+ failed$' "$out/$kind.log")
  p=$(echo "$line" | awk '{print $2}') f=$(echo "$line" | awk '{print $4}')
  passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
done
echo "$passed $failed consumer-c: a C program built through pkg-config from the installed package (shared and static)" > build/results/consumer_c.txt
echo "consumer-c: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

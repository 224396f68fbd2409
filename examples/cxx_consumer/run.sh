#!/usr/bin/env bash
# `make consumer-cxx` (tools/install.mk): configures examples/cxx_consumer with CMake, the package
# found only through CMAKE_PREFIX_PATH=<scratch prefix> ($1) and find_package(sonnx_broadcast
# CONFIG), builds it against sonnx::broadcast (shared) and sonnx::broadcast_static, runs both,
# and writes build/results/consumer_cxx.txt.
set -uo pipefail
prefix=$1 out=$2
rm -rf "$out"
mkdir -p "$out" build/results
passed=0 failed=0
note() { if [ "$1" -eq 0 ]; then passed=$((passed + 1)); echo "  ok   $2"; else failed=$((failed + 1)); echo "  FAIL $2"; fi; }
echo "consumer-cxx: cmake -DCMAKE_PREFIX_PATH=$prefix examples/cxx_consumer"
cmake -S examples/cxx_consumer -B "$out" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=g++ > "$out/configure.log" 2>&1
note $? "find_package(sonnx_broadcast 1.0 CONFIG) found the package" || cat "$out/configure.log"
grep -q "^sonnx_broadcast_DIR:PATH=$prefix/lib/cmake/sonnx_broadcast$" "$out/CMakeCache.txt"
note $? "the package came from the prefix ($prefix/lib/cmake/sonnx_broadcast)"
cmake --build "$out" -j 2 > "$out/build.log" 2>&1
note $? "built against sonnx::broadcast and sonnx::broadcast_static" || tail -30 "$out/build.log"
# A version the package cannot serve must be refused (ConfigVersion: same MAJOR, not older).
mkdir -p "$out/v2" && printf 'cmake_minimum_required(VERSION 3.16)\nproject(v LANGUAGES NONE)\nfind_package(sonnx_broadcast 2.0 CONFIG REQUIRED)\n' > "$out/v2/CMakeLists.txt"
! cmake -S "$out/v2" -B "$out/v2/build" -DCMAKE_PREFIX_PATH="$prefix" > "$out/v2.log" 2>&1
note $? "find_package(sonnx_broadcast 2.0) is refused by the 1.x package"
for exe in cxx_consumer cxx_consumer_static; do
  echo "consumer-cxx: run $exe"
  "$out/$exe" | tee "$out/$exe.log"
  note "${PIPESTATUS[0]}" "$exe ran to its end"
  line=$(grep -E '^consumer_cxx: [0-9]+ passed, [0-9]+ failed$' "$out/$exe.log")
  p=$(echo "$line" | awk '{print $2}') f=$(echo "$line" | awk '{print $4}')
  passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
done
ldd "$out/cxx_consumer" | grep "libsonnx_broadcast.so.* => $prefix/lib/libsonnx_broadcast.so" > /dev/null
note $? "cxx_consumer loads the prefix's libsonnx_broadcast.so"
echo "$passed $failed consumer-cxx: a C++20 program built by CMake find_package(sonnx_broadcast) from the installed package" > build/results/consumer_cxx.txt
echo "consumer-cxx: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# `make xtensor-oracle` (tools/install.mk): builds examples/xtensor_oracle against the scratch
# prefix ($1) through pkg-config (sonnx_testing.hpp and the library from there, never from src/),
# with RapidCheck and xtensor from the system, runs 1000 cases per class and writes
# build/results/xtensor_oracle.txt. RC_SEED fixes RapidCheck's seed (default: the one below).
set -uo pipefail
prefix=$1 out=$2
mkdir -p "$out" build/results
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cflags=$(pkg-config --cflags sonnx_broadcast) libs=$(pkg-config --libs sonnx_broadcast)
libdir=$(pkg-config --variable=libdir sonnx_broadcast)
# shellcheck disable=SC2086
# -Wno-nonnull: a false positive of gcc 12 inside xtensor 0.24's headers (xbroadcast.hpp has_linear_assign)
if ! g++ -std=c++20 -O2 -Wall -Wextra -Werror -Wno-nonnull $cflags -MD -MF "$out/xtensor_oracle.d" \
    examples/xtensor_oracle/xtensor_oracle.cpp $libs -Wl,-rpath,"$libdir" -lrapidcheck -o "$out/xtensor_oracle"; then
  echo "0 1 xtensor-oracle: did not build" > build/results/xtensor_oracle.txt
  exit 1
fi
if grep -qE '(^| )(\./)?(src|spec)/' "$out/xtensor_oracle.d" || ! grep -q "$prefix/include/sonnx_testing.hpp" "$out/xtensor_oracle.d"; then
  echo "xtensor-oracle: headers not taken from the prefix"; echo "0 1 xtensor-oracle: headers not from the prefix" > build/results/xtensor_oracle.txt
  exit 1
fi
seed=${RC_SEED:-3203203}
echo "xtensor-oracle: xtensor $(dpkg-query -W -f='${Version}' libxtensor-dev 2>/dev/null), RC_PARAMS=max_success=1000 seed=$seed"
RC_PARAMS="max_success=1000 seed=$seed" "$out/xtensor_oracle" > "$out/run.log" 2>&1
status=$?
grep -E '^(ORACLE|CLASS|      |xtensor_oracle:)' "$out/run.log"
line=$(grep -E '^xtensor_oracle: [0-9]+ passed, [0-9]+ failed$' "$out/run.log")
p=$(echo "$line" | awk '{print $2}') f=$(echo "$line" | awk '{print $4}')
p=${p:-0} f=${f:-1}
if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
echo "$p $f xtensor-oracle: cases of the SONNX oracle against xtensor's broadcasting, as expected (10 classes)" > build/results/xtensor_oracle.txt
[ "$f" -eq 0 ]

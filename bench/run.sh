#!/usr/bin/env bash
# Runs the bench binary ($1, optional case name $2) and, for a full run, appends a dated
# section to bench/results.md: the machine (lscpu), compilers, flags, load before and after,
# then the table. Older sections are kept.
set -euo pipefail
bin=$1; only=${2:-}
echo "bench: library CFLAGS: ${LIB_CFLAGS:-?}"
echo "bench: bench flags:    ${BENCH_FLAGS:-?}"
# The tree's state, read before this run appends to bench/results.md (read inside the
# block below, it always saw the half-written section as an uncommitted change).
# bench/results.md itself does not count: a run appended before this one is not a code change.
revision="$(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet -- . ':!bench/results.md' 2>/dev/null || echo ', uncommitted changes')"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
table=$(mktemp)
trap 'rm -f "$table"' EXIT
"$bin" $only | tee "$table"
status=${PIPESTATUS[0]}
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
echo "bench: load average (1, 5, 15 min) before: $load_before, after: $load_after"
if [ "$status" -ne 0 ] || [ -n "$only" ]; then exit "$status"; fi
{
  echo
  echo "## $(date -u '+%Y-%m-%d %H:%M UTC') ($revision)"
  echo
  echo "- machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs ($(lscpu | sed -n 's/^Thread(s) per core: *//p') thread/core), caches: L1d $(lscpu | sed -n 's/^L1d cache: *//p'), L2 $(lscpu | sed -n 's/^L2 cache: *//p'), L3 $(lscpu | sed -n 's/^L3 cache: *//p'); $(free -g | awk '/^Mem:/ {print $2 " GiB RAM"}'); $(uname -sr)"
  echo "- compilers: $(${CC:-gcc} --version | head -1); $(${CXX:-g++} --version | head -1)"
  echo "- library CFLAGS: \`${LIB_CFLAGS:-?}\`; bench flags: \`${BENCH_FLAGS:-?}\`"
  echo "- peers: NumPy $(/usr/bin/python3 -c 'import numpy; print(numpy.__version__)') ($(/usr/bin/python3 --version)), xtensor $(dpkg-query -W -f='${Version}' libxtensor-dev), Eigen $(dpkg-query -W -f='${Version}' libeigen3-dev), google-benchmark $(dpkg-query -W -f='${Version}' libbenchmark-dev) (DoNotOptimize/ClobberMemory)"
  echo "- load average (1, 5, 15 min): before $load_before, after $load_after (machine shared with other users)"
  echo
  cat "$table"
} >> bench/results.md
echo "bench: appended to bench/results.md"

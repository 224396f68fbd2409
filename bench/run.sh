#!/usr/bin/env bash
# Runs a bench binary and, for a full run, appends a dated section to bench/results.md: the
# machine (lscpu), compilers, flags, load before and after, then the tables. Older sections
# are kept.
#   run.sh <bench binary> [case]   the cases of issue 8 (bench/bench.cpp); a case alone is
#                                  printed only
#   run.sh --sweep <sweep binary>  the size sweep of issue 34 (bench/sweep.cpp), and its curve
#                                  drawn into bench/sweep.svg (bench/sweep.gp)
set -euo pipefail
sweep=
if [ "${1:-}" = --sweep ]; then sweep=1; shift; fi
bin=$1; only=${2:-}
echo "bench: library CFLAGS: ${LIB_CFLAGS:-?}"
echo "bench: bench flags:    ${BENCH_FLAGS:-?}"
# The tree's state, read before this run appends to bench/results.md (read inside the
# block below, it always saw the half-written section as an uncommitted change).
# bench/results.md and bench/sweep.svg do not count: a run before this one is not a code change.
revision="$(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet -- . ':!bench/results.md' ':!bench/sweep.svg' 2>/dev/null || echo ', uncommitted changes')"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
table=$(mktemp)
trap 'rm -f "$table"' EXIT
data=$(dirname "$bin")/sweep.dat
if [ -n "$sweep" ]; then
  "$bin" "$data" | tee "$table"
else
  "$bin" $only | tee "$table"
fi
status=${PIPESTATUS[0]}
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
echo "bench: load average (1, 5, 15 min) before: $load_before, after: $load_after"
if [ "$status" -ne 0 ] || [ -n "$only" ]; then exit "$status"; fi
if [ -n "$sweep" ]; then
  gnuplot -e "data='$data'; out='bench/sweep.svg'" bench/sweep.gp
  echo "bench: drew bench/sweep.svg from $data"
fi
{
  echo
  echo "## $(date -u '+%Y-%m-%d %H:%M UTC') ($revision)${sweep:+: size sweep (issue 34, bench/sweep.svg)}"
  echo
  echo "- machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs ($(lscpu | sed -n 's/^Thread(s) per core: *//p') thread/core), caches: L1d $(lscpu | sed -n 's/^L1d cache: *//p'), L2 $(lscpu | sed -n 's/^L2 cache: *//p'), L3 $(lscpu | sed -n 's/^L3 cache: *//p'); $(free -g | awk '/^Mem:/ {print $2 " GiB RAM"}'); $(uname -sr); transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo '?')"
  echo "- compilers: $(${CC:-gcc} --version | head -1); $(${CXX:-g++} --version | head -1)"
  echo "- library CFLAGS: \`${LIB_CFLAGS:-?}\`; bench flags: \`${BENCH_FLAGS:-?}\`"
  echo "- peers: NumPy $(/usr/bin/python3 -c 'import numpy; print(numpy.__version__)') ($(/usr/bin/python3 --version)), xtensor $(dpkg-query -W -f='${Version}' libxtensor-dev), Eigen $(dpkg-query -W -f='${Version}' libeigen3-dev), google-benchmark $(dpkg-query -W -f='${Version}' libbenchmark-dev) (DoNotOptimize/ClobberMemory)"
  echo "- load average (1, 5, 15 min): before $load_before, after $load_after (machine shared with other users)"
  echo
  cat "$table"
} >> bench/results.md
echo "bench: appended to bench/results.md"

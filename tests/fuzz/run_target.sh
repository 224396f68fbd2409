#!/usr/bin/env bash
# One libFuzzer run of a target of tests/fuzz/ and its verdict (issue 31 item 5), for
# `make fuzz-check` (the short round of `make check`) and `make fuzz-campaign`.
#   run_target.sh <fuzz build dir> <target> <log dir> <stop flag> <min executions>
# The stop flag is -max_total_time=S (the short round) or -runs=N (the campaign). The run
# starts from the committed seeds (tests/fuzz/corpus/<target>) and what earlier runs found
# (<fuzz build dir>/corpus/<target>). tools/fuzz_verdict.py reads the verdict from the log
# (exit status, executions >= the minimum, no mismatch or sanitizer report, every outcome
# of tests/fuzz/outcomes.txt reached) and prints its line; the exit status is its verdict.
set -uo pipefail
build=$1 t=$2 logs=$3 stop=$4 min=$5
mkdir -p "$build/corpus/$t" "$logs" "$build/artifacts"
log=$logs/$t.log
start=$(date +%s)
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$build/fuzz_$t" "$stop" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$build/artifacts/$t-" "$build/corpus/$t" "tests/fuzz/corpus/$t" > "$log" 2>&1
rc=$?
if ! python3 tools/fuzz_verdict.py --target "$t" --log "$log" --rc "$rc" \
       --seconds "$(( $(date +%s) - start ))" --min-execs "$min"; then
  grep -E 'MISMATCH|ERROR: (Address|Leak|libFuzzer)|runtime error|Test unit written' "$log" | head -n 5 >&2
  exit 1
fi

#!/usr/bin/env bash
# Runs a test binary, appends "<passed> <failed> <what>" to a results file, and
# keeps its log. Used by `make sanitize` (tests/sanitize.mk) for runs whose
# summary line has one of the project's formats:
#   doctest:     "[doctest] test cases: N | P passed | F failed | ..."
#   properties:  "properties: P passed, F failed"
#   numpy:       "numpy: N cases, P passed, F failed"
# A non-zero exit (a sanitizer report, a valgrind error, a crash) without a
# recorded failure counts as one failure.
#
# usage: run-counted.sh <results-file> <log-file> <what> <command...>
set -uo pipefail
results=$1; log=$2; what=$3; shift 3
mkdir -p "$(dirname "$results")" "$(dirname "$log")"
"$@" > "$log" 2>&1
rc=$?
line=$(grep -E '^\[doctest\] test cases:|^(properties|numpy): .*[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
if [[ "$line" == "[doctest]"* ]]; then
  passed=$(sed -E 's/.*\|\s*([0-9]+) passed.*/\1/' <<< "$line")
  failed=$(sed -E 's/.*\|\s*([0-9]+) failed.*/\1/' <<< "$line")
else
  passed=$(sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed$/\1/p' <<< "$line")
  failed=$(sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed$/\2/p' <<< "$line")
fi
[[ "$passed" =~ ^[0-9]+$ ]] || passed=0
[[ "$failed" =~ ^[0-9]+$ ]] || failed=0
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed $failed $what" >> "$results"
if [ "$rc" -ne 0 ] || [ "$failed" -ne 0 ]; then
  echo "FAILED ($what, exit $rc): last lines of $log"
  tail -n 30 "$log"
  exit 1
fi
echo "ok: $passed passed, 0 failed: $what"

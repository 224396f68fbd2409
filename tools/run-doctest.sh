#!/usr/bin/env bash
# Runs a doctest binary and records "<passed> <failed> doctest cases (<name>)" for the summary.
# With a third argument, runs it a second time with doctest's XML reporter into that file
# (under a second: the suites are fast): `make trace` reads it to count a test case for its
# requirements only if it ran and passed. A failing XML run fails too.
#
# usage: run-doctest.sh <name> <binary> [xml-report]
set -uo pipefail
name=$1; bin=$2; xml=${3:-}
mkdir -p build/results
out=$("$bin" 2>&1); rc=$?
echo "$out" | tail -n 4
line=$(echo "$out" | grep -E '^\[doctest\] test cases:' | tail -1)
passed=$(echo "$line" | sed -E 's/.*\|\s*([0-9]+) passed.*/\1/')
failed=$(echo "$line" | sed -E 's/.*\|\s*([0-9]+) failed.*/\1/')
[[ "$passed" =~ ^[0-9]+$ ]] || passed=0
[[ "$failed" =~ ^[0-9]+$ ]] || failed=1
[ $rc -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
if [ -n "$xml" ]; then
  rm -f "$xml"
  # a test that failed above fails here too; a run that disagrees with the first is one failure
  if ! "$bin" --reporters=xml --out="$xml" > /dev/null 2>&1 && [ $rc -eq 0 ]; then
    echo "doctest ($name): the first run passed but the XML run ($xml) failed"
    failed=1
    rc=1
  fi
fi
echo "$passed $failed doctest cases ($name)" > "build/results/doctest-$name.txt"
exit $rc

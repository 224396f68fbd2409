#!/usr/bin/env bash
# Runs a doctest binary and records "<passed> <failed> <what>" for the summary.
set -uo pipefail
name=$1; bin=$2
mkdir -p build/results
out=$("$bin" 2>&1); rc=$?
echo "$out" | tail -n 4
line=$(echo "$out" | grep -E '^\[doctest\] test cases:' | tail -1)
passed=$(echo "$line" | sed -E 's/.*\|\s*([0-9]+) passed.*/\1/')
failed=$(echo "$line" | sed -E 's/.*\|\s*([0-9]+) failed.*/\1/')
[[ "$passed" =~ ^[0-9]+$ ]] || passed=0
[[ "$failed" =~ ^[0-9]+$ ]] || failed=1
[ $rc -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "$passed $failed doctest cases ($name)" > "build/results/doctest-$name.txt"
exit $rc

#!/usr/bin/env bash
# Static analysis of the core (issue 9), run by `make lint` (tools/lint.mk):
#   clang-tidy-19  bugprone-*, cert-*, misc-*   on src/*.c (C11) and src/sonnx_broadcast.hpp (C++20)
#   cppcheck       its own checks + the MISRA C 2012 addon on src/*.c (and the headers they include)
#   gcc -fanalyzer on src/*.c
# Every finding is written as "tool|rule|file|line|message" to build/lint/findings.txt, then
# tools/lint_check.py matches each one against the deviations listed one by one in
# spec/misra-deviations.md (rule, file and the exact source line) and fails on any finding that
# is not listed. Writes build/results/lint.txt ("<passed> <failed> <what>").
set -uo pipefail
out=build/lint
mkdir -p "$out" build/results
: > "$out/findings.txt"
TIDY=${TIDY:-clang-tidy-19}
status=0

# ---- clang-tidy ----
# misc-include-cleaner: the .c files reach the public API and <stddef.h>/<stdint.h> through
# src/sonnx_internal.h by design (spec/misra-deviations.md, "clang-tidy configuration").
TIDY_CONFIG='{Checks: "-*,bugprone-*,cert-*,misc-*", CheckOptions: {misc-include-cleaner.IgnoreHeaders: ".*stddef.*;.*stdint.*;.*sonnx_broadcast\\.h;.*sonnx_internal\\.h"}}'
tidy_run() {
  "$TIDY" --quiet --config="$TIDY_CONFIG" "$@" 2>/dev/null \
    | sed -nE 's#^(/[^:]*/)?(src/[^:]+):([0-9]+):[0-9]+: (warning|error): (.*) \[([^]]+)\]$#clang-tidy|\6|\2|\3|\5#p' \
    >> "$out/findings.txt"
}
tidy_run src/*.c -- -std=c11 -Isrc || status=1
tidy_run src/sonnx_broadcast.hpp -- -x c++ -std=c++20 -Isrc || status=1

# ---- cppcheck + MISRA C 2012 ----
# A fresh build dir each run: cppcheck reuses the MISRA addon's results of a cached file
# with their old line numbers after an edit (seen 2026-11-25: 14 findings on comment lines).
rm -rf "$out/cppcheck"
mkdir -p "$out/cppcheck"
cppcheck --quiet --std=c11 --addon=misra --enable=warning,style,performance,portability \
  --suppress=missingIncludeSystem --cppcheck-build-dir="$out/cppcheck" -Isrc \
  --template='cppcheck|{id}|{file}|{line}|{message}' src/*.c 2>> "$out/findings.txt" \
  || status=1

# ---- gcc -fanalyzer ----
for f in src/*.c; do
  gcc -std=c11 -O2 -fanalyzer -Wall -Wextra -pedantic -Isrc -c "$f" -o "$out/$(basename "$f" .c).o" 2>&1 \
    | sed -nE 's#^(src/[^:]+):([0-9]+):[0-9]+: warning: (.*) \[([^]]+)\]$#gcc-analyzer|\4|\1|\2|\3#p' \
    >> "$out/findings.txt"
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "lint: gcc -fanalyzer failed on $f"; status=1; }
done

# the same finding can be reported once per translation unit (headers): keep one
sort -u -o "$out/findings.txt" "$out/findings.txt"
python3 tools/lint_check.py "$out/findings.txt" spec/misra-deviations.md || status=1
exit $status

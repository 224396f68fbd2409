#!/usr/bin/env python3
"""Prints the `make check` summary; its last line is `N passed, N failed`.

Each stage writes build/results/<stage>.txt as "<passed> <failed> <what>".
argv[1] is the exit status of the stages: non-zero counts as one failure
when no stage recorded one (a build that broke before any test ran).
"""
import glob
import sys

status = int(sys.argv[1]) if len(sys.argv) > 1 else 0
passed = failed = 0
print("---- summary ----")
for path in sorted(glob.glob("build/results/*.txt")):
    for line in open(path, encoding="utf-8"):
        parts = line.split(None, 2)
        if len(parts) < 2:
            continue
        p, f = int(parts[0]), int(parts[1])
        what = parts[2].strip() if len(parts) > 2 else path
        print(f"  {what}: {p} passed, {f} failed")
        passed += p
        failed += f
if status != 0 and failed == 0:
    print("  a stage failed before recording results")
    failed = 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or status else 0)

#!/usr/bin/env python3
"""Prints the `make check` summary; its last line is `N passed, N failed` (CI reads it).

usage: check_summary.py --stages "<stage> ..." STATUS

Every stage is mandatory. --stages (STAGES in the Makefile, the one list) names the result
file of each stage, build/results/<stage>.txt, one line "<passed> <failed> <what>" per run.
A listed file that is missing or holds no valid line is one failure; so is a result file that
STAGES does not list (a stage that runs but is not declared). STATUS is the exit status of the
stages: non-zero with no failure recorded counts as one failure.

How the last line counts (each test once, in its unit; UNITS below):
- tests: WP goals, doctest test cases, RapidCheck properties, NumPy differential cases, fuzz
  targets, ONNX backend node tests. A line with nothing run (0 passed, 0 failed) is one failure.
- re-runs: the same tests run again in another build (clang, ASan+UBSan, valgrind, TSan) add
  no pass: a test passes once, if no run of it failed. Their failures count, and a test a
  re-run did not reach counts as failed there. For a group of N tests (its first run):
  failed = min(N, the failures of all its runs), passed = N - failed.
- checks, not tests: requirements traced (trace), coverage points (coverage), static analysis
  tools (lint), the no-allocation and stack checks, WP's smoke goals (smoke). Each has its own line; its failures add to
  `failed` (the last line never reads 0 failed while a check fails), its passes are not added
  to `passed`.
So `N passed` = tests that passed, each once; `N failed` = tests that failed + failed checks +
missing stages. A stage not in UNITS counts as tests in a unit named after it.
"""
import glob
import os
import sys

TEST, CHECK = "test", "check"
# stage -> (unit, kind, the stage whose tests it re-runs or None)
UNITS = {
    "proofs": ("WP goals", TEST, None),
    "doctest-gcc": ("doctest test cases (tests/*.cpp)", TEST, None),
    "doctest-clang": ("doctest test cases (tests/*.cpp)", TEST, "doctest-gcc"),
    "doctest-threads": ("doctest test cases (tests/threads/)", TEST, None),
    "doctest-stream": ("doctest test cases (tests/stream/, tests/test_fast_copy.cpp streaming)", TEST, None),
    "properties": ("RapidCheck properties (properties.cpp)", TEST, None),
    "numpy": ("NumPy differential cases", TEST, None),
    "xla_properties": ("RapidCheck properties (xla_properties.cpp)", TEST, None),
    "fast_copy": ("RapidCheck properties (fast_copy_properties.cpp)", TEST, None),
    "fuzz": ("fuzz targets", TEST, None),
    "conformance": ("ONNX backend node tests (libonnx-testdata, tools/conformance)", TEST, None),
    "consumer_c": ("C consumer checks (examples/c_consumer, pkg-config)", TEST, None),
    "consumer_cxx": ("C++ consumer checks (examples/cxx_consumer, CMake)", TEST, None),
    "consumer_wp": ("WP goals of the proved caller (examples/wp_consumer)", TEST, None),
    "xtensor_oracle": ("oracle cases against xtensor (examples/xtensor_oracle)", TEST, None),
    "smoke": ("WP smoke tests (no inconsistent contract, no dead code)", CHECK, None),
    "install": ("install checks (make install / uninstall)", CHECK, None),
    "noalloc": ("no-allocation checks", CHECK, None),
    "stack": ("stack and recursion checks", CHECK, None),
    "lint": ("static analysis tools", CHECK, None),
    "trace": ("requirements traced", CHECK, None),
    "coverage": ("coverage points of src/", CHECK, None),
}
# Stages whose lines re-run other stages' tests, told apart by the start of the line's text.
LINE_RERUNS = {
    "sanitize": [("doctest cases under", "doctest-gcc"), ("RapidCheck properties under", "properties"),
                 ("NumPy differential cases under", "numpy"), ("threads test under", "doctest-threads")],
}


def read_lines(path):
    """[(passed, failed, what)] or None when a line is malformed."""
    out = []
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        parts = line.split(None, 2)
        if len(parts) < 2 or not parts[0].isdigit() or not parts[1].isdigit():
            return None
        out.append((int(parts[0]), int(parts[1]), parts[2].strip() if len(parts) > 2 else ""))
    return out


def main(argv):
    stages = argv[argv.index("--stages") + 1].split() if "--stages" in argv else []
    rest = [a for i, a in enumerate(argv) if a != "--stages" and (i == 0 or argv[i - 1] != "--stages")]
    status = int(rest[0]) if rest else 0
    problems = []   # stage-level failures, one each
    groups = {}     # primary stage -> {"first": [lines], "reruns": [(stage, line)]}
    order = []
    if not stages:
        problems.append("no --stages list: the Makefile's STAGES must be passed")
    present = {os.path.basename(p)[:-4] for p in glob.glob("build/results/*.txt")}
    for extra in sorted(present - set(stages)):
        problems.append(f"build/results/{extra}.txt is not a stage of STAGES (Makefile): declare it")
    for stage in stages:
        path = f"build/results/{stage}.txt"
        lines = read_lines(path) if os.path.exists(path) else []
        if lines is None:
            problems.append(f"{path}: a line is not `<passed> <failed> <what>`")
            continue
        if not lines:
            problems.append(f"stage {stage} did not run: {path} missing or empty")
            continue
        for p, f, what in lines:
            target = next((t for prefix, t in LINE_RERUNS.get(stage, []) if what.startswith(prefix)), None)
            primary = target or UNITS.get(stage, (None, None, None))[2]
            if primary:
                groups.setdefault(primary, {"first": [], "reruns": []})["reruns"].append((stage, (p, f, what)))
                if primary not in order:
                    order.append(primary)
            else:
                key = stage if stage in UNITS or stage not in LINE_RERUNS else f"{stage}: {what}"
                groups.setdefault(key, {"first": [], "reruns": []})["first"].append((stage, (p, f, what)))
                if key not in order:
                    order.append(key)
    passed = failed = 0
    test_rows, check_rows = [], []
    for key in order:
        g = groups[key]
        unit, kind, _ = UNITS.get(key, (f"{key} results", TEST, None))
        n = sum(p + f for _, (p, f, _) in g["first"])
        fails = sum(f for _, (_, f, _) in g["first"])
        detail = [f"    {s}: {p} passed, {f} failed -- {w}" for s, (p, f, w) in g["first"]]
        if not g["first"]:
            detail.append(f"    {key}: its first run is missing")
        if kind == TEST and n == 0 and g["first"]:
            fails += 1
            detail.append("    nothing ran: counted as one failure")
        for s, (p, f, w) in g["reruns"]:
            short = max(f, n - p) if n else f   # a test a re-run did not reach is not evidence there
            fails += short
            detail.append(f"    re-run {s}: {p} passed, {f} failed"
                          + (f" ({n - p} of the {n} not reached)" if n and p + f < n else "") + f" -- {w}")
        if kind == TEST:
            f_count = min(n, fails) if n else fails
            p_count = n - f_count if n else 0
            passed += p_count
            failed += f_count
            test_rows.append((f"  {unit}: {p_count} passed, {f_count} failed", detail))
        else:
            p_count = sum(p for _, (p, _, _) in g["first"])
            failed += fails
            check_rows.append((f"  {unit}: {p_count} passed, {fails} failed", detail))
    print("---- summary ----")
    print("tests, each counted once in its unit (a re-run in another build adds its failures, never a pass):")
    for head, detail in test_rows:
        print(head)
        for d in detail:
            print(d)
    print("checks, not tests (their failures count as failed, their passes are not added to passed):")
    for head, detail in check_rows:
        print(head)
        for d in detail:
            print(d)
    for p in problems:
        print(f"  FAIL: {p}")
    failed += len(problems)
    if status != 0 and failed == 0:
        print("  a stage failed before recording results")
        failed = 1
    print(f"stages: {len(stages)} declared (STAGES), {len([s for s in stages if s in present])} with results")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or status else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

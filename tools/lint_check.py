#!/usr/bin/env python3
"""Matches static-analysis findings against the deviations listed one by one.

usage: lint_check.py FINDINGS DEVIATIONS_MD [--propose] [--relines]

FINDINGS: lines "tool|rule|file|line|message" (tools/lint.sh).
DEVIATIONS_MD: spec/misra-deviations.md; every table row
    | rule | file | line | `source line` | justification |
is one deviation. A finding is covered by a row with the same rule, the same file and the same
source line text (whitespace-normalised; the line number is informative only, so deviations
survive edits elsewhere in the file). Each row covers one finding. Findings not covered fail the
run; rows that cover nothing are reported as stale (the code changed: update the list).
--propose prints the table rows of the uncovered findings (justification left to write).
--relines rewrites the line column of the covering rows to where their findings are now
(rows of one key take its findings in order), so that a reviewer reading a row finds its line.
Writes build/results/lint.txt: "<clean tools> <failing tools> static analysis (...)".
"""
import collections
import re
import sys


def norm(code):
    return " ".join(code.replace("\\|", "|").strip().strip("`").split())


def split_row(line):
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [c.strip() for c in cells[1:-1]]


def rewrite_lines(md_path, findings):
    """Sets each covering row's line cell to its finding's current line, in file order."""
    lines_of = collections.defaultdict(list)
    for tool, rule, path, line, src, msg in findings:
        lines_of[(rule, path, src)].append(line)
    for key in lines_of:
        lines_of[key].sort()
    out = []
    for raw in open(md_path, encoding="utf-8"):
        cells = split_row(raw) if raw.startswith("|") else []
        if len(cells) == 5 and cells[3].startswith("`"):
            key = (cells[0], cells[1], norm(cells[3]))
            if lines_of.get(key):
                parts = re.split(r"(?<!\\)\|", raw)
                parts[3] = f" {lines_of[key].pop(0)} "
                raw = "|".join(parts)
        out.append(raw)
    with open(md_path, "w", encoding="utf-8") as f:
        f.write("".join(out))


def main():
    findings_path, md_path = sys.argv[1], sys.argv[2]
    propose = "--propose" in sys.argv
    relines = "--relines" in sys.argv
    findings = []
    for raw in open(findings_path, encoding="utf-8"):
        parts = raw.rstrip("\n").split("|", 4)
        if len(parts) < 5:
            continue
        tool, rule, path, line, msg = parts
        try:
            src = open(path, encoding="utf-8").read().split("\n")[int(line) - 1]
        except (OSError, IndexError, ValueError):
            src = ""
        findings.append((tool, rule, path, int(line), norm(src), msg))

    allowed = collections.Counter()
    rows = []
    for raw in open(md_path, encoding="utf-8"):
        if not raw.startswith("|"):
            continue
        cells = split_row(raw)
        if len(cells) != 5 or not cells[3].startswith("`"):
            continue
        key = (cells[0], cells[1], norm(cells[3]))
        allowed[key] += 1
        rows.append((key, cells[2]))

    used = collections.Counter()
    uncovered = []
    per_tool = collections.Counter()
    for f in findings:
        tool, rule, path, line, src, msg = f
        key = (rule, path, src)
        per_tool[tool] += 1
        if used[key] < allowed[key]:
            used[key] += 1
        else:
            uncovered.append(f)
    stale = [(k, n - used[k]) for k, n in allowed.items() if used[k] < n]

    if relines:
        rewrite_lines(md_path, findings)
    for tool, rule, path, line, src, msg in uncovered:
        print(f"lint: {path}:{line}: [{tool} {rule}] {msg}\n      {src}")
    for (rule, path, src), n in stale:
        print(f"lint: stale deviation ({n} unused): {rule} {path} `{src}`")
    if propose:
        for tool, rule, path, line, src, msg in uncovered:
            code = src.replace("|", "\\|")
            print(f"| {rule} | {path} | {line} | `{code}` | TODO |")

    tools = ["clang-tidy", "cppcheck", "gcc-analyzer"]
    bad_tools = {f[0] for f in uncovered}
    summary = ", ".join(f"{t}: {per_tool[t]} findings, {per_tool[t] - sum(1 for f in uncovered if f[0] == t)} deviations listed"
                        for t in tools)
    clean = len([t for t in tools if t not in bad_tools])
    with open("build/results/lint.txt", "w", encoding="utf-8") as out:
        out.write(f"{clean} {len(bad_tools)} static analysis tools without unlisted findings ({summary})\n")
    print(f"lint: {len(findings)} findings, {len(findings) - len(uncovered)} covered by "
          f"spec/misra-deviations.md, {len(uncovered)} not covered, {len(stale)} stale rows ({summary})")
    return 1 if uncovered else 0


sys.exit(main())

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
The prose before the table (before "## The deviations, one by one") has one "### " section
per rule ("### Rule 12.1" for misra-c2012-12.1, else the rule's own name: "### unusedLabel"),
whose first "N location" / "N locations" states how many rows the rule has. A section is a
rule's when its heading is "Rule X.Y", names a rule with rows, or states a count (so
"### clang-tidy configuration" is not one). Reported as stale, like rows that cover nothing: a
section whose count is not its rule's number of rows or that states none ("lint: stale count in
section ..."), a section whose rule has no rows ("lint: section ... has no rows"), and a rule
with rows but no section ("lint: no section for rule ..."); the summary line counts them as
stale sections.
--propose prints the table rows of the uncovered findings (justification left to write).
--relines rewrites the line column of the covering rows to where their findings are now
(rows of one key take its findings in order), so that a reviewer reading a row finds its line,
and each stale section count to its rule's number of rows (printing each one it sets: the
section's text may then need a new kind of location described).
Stale rows and sections are reported, not failed: only uncovered findings fail the run.
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


TABLE_HEADING = "## The deviations, one by one"
COUNT = re.compile(r"(?<![\w.])(\d+) locations?\b")


def locations(n):
    return f"{n} location" if n == 1 else f"{n} locations"


def sections(md_lines):
    """The "### " sections before the table, in file order: [heading, rule, index of the line
    stating the count or None, the count or None]."""
    found = []
    current = None
    for i, raw in enumerate(md_lines):
        if raw.startswith("#"):
            if raw.startswith(TABLE_HEADING):
                break
            current = None
            if raw.startswith("### "):
                heading = raw[4:].strip()
                m = re.fullmatch(r"Rule (\d+\.\d+)", heading)
                current = [heading, f"misra-c2012-{m.group(1)}" if m else heading, None, None]
                found.append(current)
        elif current is not None and current[2] is None:
            m = COUNT.search(raw)
            if m:
                current[2], current[3] = i, int(m.group(1))
    return found


def check_sections(md_lines, rows_of):
    """Compares each rule section with its rule's rows: (problems, {line index: right count})."""
    problems = []
    recount = {}
    covered = set()
    for heading, rule, at, n in sections(md_lines):
        if not (heading.startswith("Rule ") or rule in rows_of or n is not None):
            continue  # prose only, no rule (clang-tidy configuration)
        covered.add(rule)
        have = rows_of.get(rule, 0)
        if have == 0:
            problems.append(f"lint: section {heading} has no rows (rule {rule})")
        elif n is None:
            problems.append(f"lint: stale count in section {heading}: states no "
                            f"\"N locations\", the table has {have} rows of {rule}")
        elif n != have:
            problems.append(f"lint: stale count in section {heading}: {locations(n)}, "
                            f"the table has {have} rows of {rule}")
            recount[at] = have
    for rule, have in sorted(rows_of.items()):
        if rule not in covered:
            problems.append(f"lint: no section for rule {rule} ({have} rows)")
    return problems, recount


def rewrite(md_path, findings, recount):
    """Sets each covering row's line cell to its finding's current line, in file order, and
    each stale section count to its rule's number of rows."""
    lines_of = collections.defaultdict(list)
    for tool, rule, path, line, src, msg in findings:
        lines_of[(rule, path, src)].append(line)
    for key in lines_of:
        lines_of[key].sort()
    out = []
    for i, raw in enumerate(open(md_path, encoding="utf-8")):
        cells = split_row(raw) if raw.startswith("|") else []
        if len(cells) == 5 and cells[3].startswith("`"):
            key = (cells[0], cells[1], norm(cells[3]))
            if lines_of.get(key):
                parts = re.split(r"(?<!\\)\|", raw)
                parts[3] = f" {lines_of[key].pop(0)} "
                raw = "|".join(parts)
        elif i in recount:
            raw = COUNT.sub(locations(recount[i]), raw, count=1)
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
    md_lines = open(md_path, encoding="utf-8").readlines()
    for raw in md_lines:
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
    rows_of = collections.Counter(key[0] for key, line in rows)
    section_problems, recount = check_sections(md_lines, rows_of)

    if relines:
        rewrite(md_path, findings, recount)
        for at, n in sorted(recount.items()):
            print(f"lint: count set to {locations(n)} on line {at + 1} of {md_path}: "
                  f"check that the section's text describes every row")
        section_problems, recount = check_sections(open(md_path, encoding="utf-8").readlines(),
                                                   rows_of)
    for tool, rule, path, line, src, msg in uncovered:
        print(f"lint: {path}:{line}: [{tool} {rule}] {msg}\n      {src}")
    for (rule, path, src), n in stale:
        print(f"lint: stale deviation ({n} unused): {rule} {path} `{src}`")
    for problem in section_problems:
        print(problem)
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
          f"spec/misra-deviations.md, {len(uncovered)} not covered, {len(stale)} stale rows, "
          f"{len(section_problems)} stale sections ({summary})")
    return 1 if uncovered else 0


sys.exit(main())

#!/usr/bin/env python3
"""Reads the log and JSON report of proofs/smoke.sh's WP smoke-test run, matches each finding
with the committed justifications and writes build/proofs/smoke.json (format in
tools/evidence/deadcode.py) and the `make check` stage line build/results/smoke.txt.

usage: smoke_summary.py --log L --report R --justifications J --command C
                        --frama-c-status S --json OUT --result RESULT

A smoke goal "Passed" when the prover could not prove `false` there (nothing found); "Failed"
is a finding. Each finding is justified by one line of J,
    function | kind | src/FILE:LINE | why the code or precondition is expected to be dead
(`#` starts a comment). The stage line is "<passed> <failed> WP smoke tests ...": passed = goals
with no finding + justified findings; failed = findings without justification + justification
lines that match no finding (stale: renumber or delete them) + one for a broken run (frama-c
failed, no goal, a goal that is not a smoke test, a verdict the log does not explain)."""
import json
import re
import sys

RESULT_RE = re.compile(r"^\[wp\] \[(\w+)\] Smoke-test typed_(\S+)")
WHERE_RE = re.compile(r"^\[wp\] (\S+?):(\d+): Warning: Failed smoke-test")
SCHEDULED_RE = re.compile(r"^\[wp\] (\d+) goals? scheduled")
OTHER_GOAL_RE = re.compile(r"^\[wp\] \[[^\]]+\] Goal ")


def kind_of(name):
    """(kind, callee or None) from a smoke goal's name (without typed_)."""
    head, _, tail = name.partition("_wp_smoke_")
    tail = re.sub(r"_s\d+$", "", tail)
    if tail == "default_requires":
        return "inconsistent precondition", None
    if tail.endswith("_assumes"):
        return f"inconsistent assumes of behavior {tail[:-len('_assumes')]}", None
    if tail == "dead_code":
        return "dead code", None
    if tail == "dead_loop":
        return "dead loop (inconsistent loop invariant)", None
    if tail == "dead_call":
        return f"dead call (the call of {head} never returns)", head
    return tail.replace("_", " "), None


def load_justifications(path):
    out = []
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|", 3)]
        if len(parts) != 4 or not all(parts):
            raise SystemExit(f"{path}:{n}: expected `function | kind | src/FILE:LINE | why`")
        out.append({"function": parts[0], "kind": parts[1], "where": parts[2], "why": parts[3], "line": n})
    return out


def main(argv):
    args = dict(zip(argv[1::2], argv[2::2]))
    problems = []
    results, where_of, scheduled, others = [], {}, None, 0
    last_failed = None
    for line in open(args["--log"], encoding="utf-8", errors="replace"):
        m = RESULT_RE.match(line)
        if m:
            results.append((m.group(1), m.group(2)))
            last_failed = m.group(2) if m.group(1) == "Failed" else None
            continue
        m = WHERE_RE.match(line)
        if m and last_failed:
            where_of[last_failed] = f"{m.group(1)}:{m.group(2)}"
            last_failed = None
            continue
        m = SCHEDULED_RE.match(line)
        if m:
            scheduled = int(m.group(1))
        if OTHER_GOAL_RE.match(line):
            others += 1
    status = int(args.get("--frama-c-status", "0"))
    if status:
        problems.append(f"frama-c exited with status {status} (see the log)")
    if others:
        problems.append(f"{others} goals that are not smoke tests ran (proofs/smoke.sh's -wp-prop misses a category)")
    if not results:
        problems.append("no smoke goal ran")
    if scheduled is not None and scheduled != len(results):
        problems.append(f"{scheduled} goals scheduled, {len(results)} smoke verdicts in the log")
    fct_of = {}
    try:
        rep = json.load(open(args["--report"], encoding="utf-8"))
        for fct, goals in rep.get("wp:functions", {}).items():
            for g in goals:
                fct_of[g] = fct
    except (OSError, ValueError) as e:
        problems.append(f"no readable WP report ({e})")
    justs = load_justifications(args["--justifications"])
    used = set()
    findings, passed = [], 0
    for verdict, name in results:
        if verdict == "Passed":
            passed += 1
            continue
        if verdict != "Failed":
            problems.append(f"smoke goal {name}: verdict {verdict}")
            continue
        kind, _ = kind_of(name)
        fct = fct_of.get(name, name.partition("_wp_smoke_")[0])
        where = where_of.get(name, "?")
        j = next((j for j in justs if (j["function"], j["kind"], j["where"]) == (fct, kind, where)), None)
        if j:
            used.add(j["line"])
        findings.append({"function": fct, "where": where, "kind": kind, "goal": name,
                         "justification": j["why"] if j else None})
    stale = [j for j in justs if j["line"] not in used]
    for j in stale:
        problems.append(f"{args['--justifications']}:{j['line']}: matches no finding "
                        f"({j['function']} | {j['kind']} | {j['where']})")
    json.dump({"command": args["--command"], "goals": len(results), "findings": findings,
               "problems": problems}, open(args["--json"], "w", encoding="utf-8"), indent=1)
    bad = [f for f in findings if not f["justification"]]
    ok = passed + len(findings) - len(bad)
    failed = len(bad) + len(problems)
    what = (f"WP smoke tests: {len(results)} goals, {len(findings)} findings, {len(bad)} without "
            "justification" + (f", {len(problems)} problems" if problems else ""))
    with open(args["--result"], "w", encoding="utf-8") as f:
        f.write(f"{ok} {failed} {what}\n")
    print(what)
    for x in findings:
        print(f"  {'justified' if x['justification'] else 'NOT JUSTIFIED'}: {x['function']} | {x['kind']} | {x['where']}")
    for p in problems:
        print(f"  problem: {p}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Summarise a WP run and gate it against the committed results.

usage: wp_summary.py wp.json wp.log open-goals.txt run-results.json lemmas.json
                     --baseline proofs/results.json [--partial]
       wp_summary.py --accept run-results.json proofs/results.json

Reads the JSON report of `frama-c -wp-report-json`, prints one line per
function and writes this run's per-function results (run-results.json,
build/proofs/results.json under `make proofs`). Then compares them with the
committed results (--baseline, proofs/results.json): the gate. Exits 1 when
- a goal is unproved and not listed in proofs/open-goals.txt, an ACSL lemma is
  unproved, or the log shows a kernel or WP error;
- the run has zero goals, or the baseline is missing;
- a function or ACSL lemma of the baseline has fewer goals, fewer proved goals,
  or is missing from this run (a deleted clause, a deleted or renamed function,
  a change in Frama-C's report all shrink the evidence).
Only goal counts are compared: the seconds and prover figures vary run to run.
More goals or a new function pass, with a note. Updating the baseline is the
explicit step `make proofs-accept` (the --accept form), which prints every
function that shrank, grew, appeared or disappeared and copies the last run's
results over proofs/results.json: its diff is what a reviewer reads.

A function listed as "<function> *" in open-goals.txt is not run (proofs/wp.sh
skips it); it stays in the results with its committed goal count, none proved,
so it is compared like any other function and its goals count as failed in the
`make check` summary. Goals listed one by one in open-goals.txt do not fail
`make proofs`, but they count as failed in the summary too: open is not proved.

Writes build/results/proofs.txt ("<passed> <failed> WP goals ...") for the
`make check` summary: passed = proved goals of functions and lemmas; failed =
unproved goals (listed or not, open functions with their committed count) plus
the goals the baseline has and this run lacks. build/proofs/run-verdict.txt
says whether --accept may take this run ("ok": full run, no unlisted failure).

--partial (a scratch run on some files only, never `make proofs`): functions
and lemmas absent from the run are not compared; such a run cannot be accepted.

The JSON report gives, per function, one entry per property plus a
"wp:section" entry that is the function's total: the total is a cross-check,
never a property (counting it doubled every figure). Prover times come from
the log's goal lines ("Goal typed_<property> : Valid (Qed:5ms) (60ms)"),
attributed to the function whose name is the longest prefix of the property.
lemmas.json is the report of the run that proves the global ACSL lemmas
(-wp-prop=@lemma; -wp-skip-fct leaves them out of the main run).
"""
import json
import os
import re
import sys

KINDS = [  # (substring of the property name, kind), first match wins
    ("_rte_", "rte"),
    ("_loop_assigns", "assigns"),
    ("_assigns", "assigns"),
    ("_loop_invariant", "loop invariant"),
    ("_loop_variant", "loop variant"),
    ("_ensures", "postcondition"),
    ("_assert", "assertion"),
    ("_call_", "call precondition"),
    ("_complete", "behaviours"),
    ("_disjoint", "behaviours"),
    ("_requires", "call precondition"),
]


def goal_kind(prop):
    for key, kind in KINDS:
        if key in prop:
            return kind
    return "other"


GOAL_LINE = re.compile(r"^\[wp\] \[([^\]]+)\] Goal typed_(\w+) : (\w+)(.*)$")
TIME = re.compile(r"\((\d+(?:\.\d+)?)(ms|s)\)")


def goal_times(log_text):
    """property (without the typed_ prefix) -> (prover, status, seconds)."""
    goals = {}
    for line in log_text.splitlines():
        m = GOAL_LINE.match(line)
        if not m:
            continue
        prover, prop, status, rest = m.groups()
        seconds = 0.0
        for value, unit in TIME.findall(rest):  # "(Qed:5ms)" is not matched: the solver time only
            seconds += float(value) / (1000.0 if unit == "ms" else 1.0)
        goals[prop] = (prover, status, seconds)
    return goals


def function_of(prop, by_length):
    """The function (of by_length, longest names first) whose name is the longest prefix of the
    property, or None: a goal's name is its function's, then the property's."""
    return next((fn for fn in by_length if prop.startswith(fn + "_")), None)


def read_lemmas(path):
    """ACSL lemma -> {"proved", "total", "provers"} from the @lemma run's JSON report."""
    lemmas = {}
    if not path or not os.path.exists(path):
        return lemmas
    report = json.load(open(path, encoding="utf-8"))
    for axiomatic, props in report.get("wp:axiomatics", {}).items():
        for prop, stats in props.items():
            if prop == "wp:section":
                continue
            main_stats = stats.get("wp:main", {})
            lemmas[prop] = {"proved": main_stats.get("valid", 0), "total": main_stats.get("total", 0),
                            "axiomatic": axiomatic,
                            "provers": sorted(k for k in stats if k != "wp:main")}
    return lemmas


def read_open_goals(path):
    listed = {}
    if not os.path.exists(path):
        return listed
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, _, why = line.partition("--")
        parts = head.split()
        if len(parts) >= 2:
            listed[(parts[0], parts[1])] = why.strip()
    return listed


def load_baseline(path):
    """The committed results: {"functions": {fn: (proved, total)}, "lemmas": {...}} or None."""
    if not path or not os.path.exists(path):
        return None
    data = json.load(open(path, encoding="utf-8"))
    counts = lambda d: {k: (v.get("proved", 0), v.get("total", 0)) for k, v in d.items()}
    return {"functions": counts(data.get("functions", {})), "lemmas": counts(data.get("lemmas", {}))}


def compare(run, base, partial):
    """Rows (what, name, run (proved, total) or None, committed (proved, total) or None), by
    change: "shrank" (fewer goals or fewer proved goals), "gone", "grew", "new"."""
    rows = []
    for what in ("functions", "lemmas"):
        for name in sorted(set(run[what]) | set(base[what])):
            r, b = run[what].get(name), base[what].get(name)
            if r is None and b is not None:
                if not partial:
                    rows.append(("gone", what, name, None, b))
            elif b is None:
                rows.append(("new", what, name, r, None))
            elif r[0] < b[0] or r[1] < b[1]:
                rows.append(("shrank", what, name, r, b))
            elif r != b:
                rows.append(("grew", what, name, r, b))
    return rows


def print_changes(rows, against):
    labels = {"shrank": "FEWER", "gone": "GONE ", "grew": "more ", "new": "new  "}
    fmt = lambda c: "-" if c is None else f"{c[0]}/{c[1]}"
    for change, what, name, r, b in rows:
        kind = "lemma " if what == "lemmas" else ""
        print(f"  {labels[change]} {kind}{name}: {fmt(r)} proved/total (committed in {against}: {fmt(b)})")


def accept(run_path, baseline_path):
    """`make proofs-accept`: the last full run becomes the committed results, after printing
    what changed (a reviewer reads this and the diff of proofs/results.json)."""
    verdict_path = os.path.join(os.path.dirname(run_path), "run-verdict.txt")
    if not os.path.exists(run_path) or not os.path.exists(verdict_path):
        print(f"proofs-accept: no run to accept ({run_path}): run `make proofs` first")
        return 1
    verdict = open(verdict_path, encoding="utf-8").read().strip()
    if verdict != "ok":
        print(f"proofs-accept: the last run cannot be accepted: {verdict}")
        return 1
    run = load_baseline(run_path)
    base = load_baseline(baseline_path) or {"functions": {}, "lemmas": {}}
    rows = compare(run, base, partial=False)
    print(f"proofs-accept: {run_path} -> {baseline_path}")
    print_changes(rows, baseline_path)
    shrank = [r for r in rows if r[0] in ("shrank", "gone")]
    if shrank:
        print(f"proofs-accept: {len(shrank)} function(s)/lemma(s) with FEWER goals or GONE: the commit "
              "message must say why (a contract restructured, a helper renamed or split)")
    if not rows:
        print("proofs-accept: no change in goal counts")
    with open(run_path, encoding="utf-8") as src, open(baseline_path, "w", encoding="utf-8") as dst:
        dst.write(src.read())
    return 0


def main(argv):
    if argv[:1] == ["--accept"]:
        return accept(argv[1], argv[2])
    partial = "--partial" in argv
    baseline_path = argv[argv.index("--baseline") + 1] if "--baseline" in argv else None
    pos = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or argv[i - 1] != "--baseline")]
    json_path, log_path, open_path, results_path = pos[:4]
    lemmas_path = pos[4] if len(pos) > 4 else None
    report = json.load(open(json_path, encoding="utf-8"))
    functions = report.get("wp:functions", {})
    listed = read_open_goals(open_path)
    log = open(log_path, encoding="utf-8", errors="replace").read()
    times = goal_times(log)
    by_length = sorted(functions, key=len, reverse=True)
    fn_seconds = {}
    for prop, (_, _, seconds) in times.items():
        owner = function_of(prop, by_length)
        if owner:
            fn_seconds[owner] = fn_seconds.get(owner, 0.0) + seconds
    results = {}
    unproved = []
    inconsistent = []
    for fn in sorted(functions):
        props = functions[fn]
        entry = {"proved": 0, "total": 0, "kinds": {}, "provers": {},
                 "seconds": round(fn_seconds.get(fn, 0.0), 2)}
        for prop, stats in sorted(props.items()):
            if prop == "wp:section":  # the function's own total, checked below
                continue
            main_stats = stats.get("wp:main", {})
            total = main_stats.get("total", 0)
            valid = main_stats.get("valid", 0)
            entry["proved"] += valid
            entry["total"] += total
            kind = entry["kinds"].setdefault(goal_kind(prop), {"proved": 0, "total": 0})
            kind["proved"] += valid
            kind["total"] += total
            for prover, pstats in stats.items():
                if prover != "wp:main":
                    entry["provers"][prover] = entry["provers"].get(prover, 0) + pstats.get("valid", 0)
            if valid < total:
                unproved.append((fn, prop, total - valid))
        section = props.get("wp:section", {}).get("wp:main")
        if section and (section.get("total"), section.get("valid")) != (entry["total"], entry["proved"]):
            inconsistent.append(fn)
        results[fn] = entry
    base = load_baseline(baseline_path)
    lemmas = read_lemmas(lemmas_path)
    if lemmas_path and not os.path.exists(lemmas_path):
        print(f"FAIL: no report of the lemma run ({lemmas_path})")
        inconsistent.append("(lemmas)")
    errors = [l for l in log.splitlines() if re.match(r"\[(kernel|wp)\].*(User Error|Fatal|failure)", l)]
    run_proved = sum(e["proved"] for e in results.values())
    run_total = sum(e["total"] for e in results.values())
    width = max([len(f) for f in results] + [8])
    for fn, e in results.items():
        mark = "" if e["proved"] == e["total"] else "   <-- unproved goals"
        print(f"  {fn:<{width}} {e['proved']:>4} / {e['total']:<4}{mark}")
    print(f"WP: {run_proved} / {run_total} goals proved in {len(results)} functions")
    def listed_why(fn, prop):
        # "<function> *" lists every goal of a function whose proof is open as a whole
        return listed.get((fn, prop)) or listed.get((fn, "*"))

    unlisted = [(fn, p, n) for fn, p, n in unproved if not listed_why(fn, p)]
    # A function open as a whole is not run: it keeps its committed goal count, none proved
    # (at least one goal when it was never committed), so that it never counts as 0 goals.
    skipped = sorted(fn for fn, p in listed if p == "*" and fn not in results)
    for fn in skipped:
        committed = (base or {"functions": {}})["functions"].get(fn, (0, 1))[1] or 1
        results[fn] = {"proved": 0, "total": committed, "kinds": {}, "provers": {}, "seconds": 0.0,
                       "open": listed[(fn, "*")]}
        print(f"  {fn:<{width}}    0 / {committed:<4} open -- not run: {listed[(fn, '*')]}")
    if unproved:
        print("Unproved goals:")
        for fn, prop, n in unproved:
            why = listed_why(fn, prop)
            print(f"  {fn} {prop} ({n} goal(s))" + (f" -- listed: {why}" if why else " -- NOT LISTED"))
    stale = [k for k in listed if k[1] != "*" and k not in {(f, p) for f, p, _ in unproved}]
    for fn, prop in stale:
        print(f"  note: {fn} {prop} is listed in open-goals.txt but proved: remove it")
    proved = sum(e["proved"] for e in results.values())
    total = sum(e["total"] for e in results.values())
    os.makedirs(os.path.dirname(results_path) or ".", exist_ok=True)
    with open(results_path, "w", encoding="utf-8") as f:
        json.dump({"proved": proved, "total": total, "functions": results,
                   "lemmas": lemmas,
                   "open_functions": {fn: listed[(fn, "*")] for fn in skipped}},
                  f, indent=1, sort_keys=True)
        f.write("\n")
    lemma_open = [name for name, l in sorted(lemmas.items()) if l["proved"] < l["total"]]
    for name, l in sorted(lemmas.items()):
        print(f"  ACSL {name}: {l['proved']} / {l['total']}" + ("   <-- unproved" if name in lemma_open else ""))

    # ---- the gate: this run against the committed results ----
    run = {"functions": {k: (v["proved"], v["total"]) for k, v in results.items()},
           "lemmas": {k: (v["proved"], v["total"]) for k, v in lemmas.items()}}
    changes = compare(run, base, partial) if base else []
    regressions = [r for r in changes if r[0] in ("shrank", "gone")]
    if base is None:
        print(f"FAIL: no committed results to compare with ({baseline_path}): "
              "`make proofs-accept` records this run")
    else:
        print(f"Against the committed {baseline_path}"
              + (" (partial run: functions not run are not compared)" if partial else "") + ":")
        print_changes(changes, baseline_path)
        if not changes:
            print("  the same goal counts in every function and lemma")
    # failed goals: unproved ones (listed or not) plus the committed goals this run lacks
    missing = 0
    for change, what, name, r, b in regressions:
        missing += max(0, b[1] - (r[1] if r else 0))
    failed = (total - proved) + sum(l["total"] - l["proved"] for l in lemmas.values()) + missing \
        + len(inconsistent) + (1 if base is None else 0) + (1 if total == 0 else 0)
    passed = proved + sum(l["proved"] for l in lemmas.values())
    open_listed = sum(n for fn, p, n in unproved if listed_why(fn, p))
    os.makedirs("build/results", exist_ok=True)
    with open("build/results/proofs.txt", "w", encoding="utf-8") as f:
        f.write(f"{passed} {failed} WP goals ({len(lemmas)} of them ACSL lemmas; failed = unproved goals "
                f"({open_listed} listed in proofs/open-goals.txt, {len(skipped)} function(s) open as a "
                f"whole) + {missing} committed goal(s) missing from this run)\n")
    with open("build/proofs/open-goals-status.txt", "w", encoding="utf-8") as f:
        for fn, prop, n in unproved:
            f.write(f"{fn} {prop} {n} {'listed' if listed_why(fn, prop) else 'NOT-LISTED'}\n")
    problems = []
    if errors:
        print("Frama-C reported errors:\n  " + "\n  ".join(errors))
        problems.append("Frama-C reported errors")
    if total == 0:
        problems.append("the run has zero goals")
    if unlisted:
        problems.append(f"{len(unlisted)} unproved propert(y/ies) not listed in {open_path}")
    if lemma_open:
        problems.append(f"unproved ACSL lemma(s): {', '.join(lemma_open)}")
    if inconsistent:
        problems.append(f"per-property counts differ from WP's own totals for {', '.join(inconsistent)}")
    verdict = "partial run (--partial)" if partial else ("; ".join(problems) or "ok")
    with open(os.path.join(os.path.dirname(results_path) or ".", "run-verdict.txt"), "w", encoding="utf-8") as f:
        f.write(verdict + "\n")
    if regressions:
        problems.append(f"{len(regressions)} function(s)/lemma(s) with fewer goals or fewer proved goals "
                        f"than {baseline_path}, or missing from this run (FEWER/GONE above); if intended "
                        "(a contract restructured, a helper renamed or split), `make proofs-accept` "
                        "records this run for review")
    elif base is not None and any(c[0] in ("grew", "new") for c in changes):
        print(f"note: more goals than {baseline_path}: `make proofs-accept` records the growth")
    if base is None:
        problems.append(f"no committed results ({baseline_path})")
    for p in problems:
        print(f"FAIL: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

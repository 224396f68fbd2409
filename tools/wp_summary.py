#!/usr/bin/env python3
"""Summarise a WP run: per-function proved/total, goal kinds, open goals.

usage: wp_summary.py wp.json wp.log open-goals.txt results.json [lemmas.json]

Reads the JSON report of `frama-c -wp-report-json`, prints one line per
function, writes the committed per-function results (results.json, so that a
change in proof status shows as a diff), and exits 1 when a goal is unproved
and not listed in proofs/open-goals.txt, or when the log shows a kernel or WP
error. Writes build/results/proofs.txt ("<passed> <failed> proofs") for the
`make check` summary line.

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


def main():
    json_path, log_path, open_path, results_path = sys.argv[1:5]
    lemmas_path = sys.argv[5] if len(sys.argv) > 5 else None
    report = json.load(open(json_path, encoding="utf-8"))
    functions = report.get("wp:functions", {})
    listed = read_open_goals(open_path)
    log = open(log_path, encoding="utf-8", errors="replace").read()
    times = goal_times(log)
    by_length = sorted(functions, key=len, reverse=True)
    fn_seconds = {}
    for prop, (_, _, seconds) in times.items():
        owner = next((fn for fn in by_length if prop.startswith(fn + "_")), None)
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
    lemmas = read_lemmas(lemmas_path)
    if lemmas_path and not os.path.exists(lemmas_path):
        print(f"FAIL: no report of the lemma run ({lemmas_path})")
        inconsistent.append("(lemmas)")
    errors = [l for l in log.splitlines() if re.match(r"\[(kernel|wp)\].*(User Error|Fatal|failure)", l)]
    proved = sum(e["proved"] for e in results.values())
    total = sum(e["total"] for e in results.values())
    width = max([len(f) for f in results] + [8])
    for fn, e in results.items():
        mark = "" if e["proved"] == e["total"] else "   <-- unproved goals"
        print(f"  {fn:<{width}} {e['proved']:>4} / {e['total']:<4}{mark}")
    print(f"WP: {proved} / {total} goals proved in {len(results)} functions")
    def listed_why(fn, prop):
        # "<function> *" lists every goal of a function whose proof is open as a whole
        return listed.get((fn, prop)) or listed.get((fn, "*"))

    unlisted = [(fn, p, n) for fn, p, n in unproved if not listed_why(fn, p)]
    skipped = sorted(fn for fn, p in listed if p == "*" and fn not in results)
    for fn in skipped:
        print(f"  {fn:<{width}}  open -- not run: {listed[(fn, '*')]}")
    if unproved:
        print("Unproved goals:")
        for fn, prop, n in unproved:
            why = listed_why(fn, prop)
            print(f"  {fn} {prop} ({n} goal(s))" + (f" -- listed: {why}" if why else " -- NOT LISTED"))
    stale = [k for k in listed if k[1] != "*" and k not in {(f, p) for f, p, _ in unproved}]
    for fn, prop in stale:
        print(f"  note: {fn} {prop} is listed in open-goals.txt but proved: remove it")
    with open(results_path, "w", encoding="utf-8") as f:
        json.dump({"proved": proved, "total": total, "functions": results,
                   "lemmas": lemmas,
                   "open_functions": {fn: listed[(fn, "*")] for fn in skipped}},
                  f, indent=1, sort_keys=True)
        f.write("\n")
    os.makedirs("build/results", exist_ok=True)
    lemma_open = [name for name, l in sorted(lemmas.items()) if l["proved"] < l["total"]]
    for name, l in sorted(lemmas.items()):
        print(f"  ACSL {name}: {l['proved']} / {l['total']}" + ("   <-- unproved" if name in lemma_open else ""))
    failed = sum(n for fn, p, n in unlisted) + len(lemma_open) + len(inconsistent)
    proved += sum(l["proved"] for l in lemmas.values())
    open_listed = sum(n for fn, p, n in unproved if listed_why(fn, p))
    with open("build/results/proofs.txt", "w", encoding="utf-8") as f:
        f.write(f"{proved} {failed} WP goals ({len(lemmas)} of them ACSL lemmas; {open_listed} unproved and {len(skipped)} function(s) not run, listed in proofs/open-goals.txt)\n")
    with open("build/proofs/open-goals-status.txt", "w", encoding="utf-8") as f:
        for fn, prop, n in unproved:
            f.write(f"{fn} {prop} {n} {'listed' if listed_why(fn, prop) else 'NOT-LISTED'}\n")
    if errors:
        print("Frama-C reported errors:\n  " + "\n  ".join(errors))
        return 1
    if unlisted:
        print(f"FAIL: {len(unlisted)} unproved propert(y/ies) not listed in {open_path}")
        return 1
    if lemma_open:
        print(f"FAIL: unproved ACSL lemma(s): {', '.join(lemma_open)}")
        return 1
    if inconsistent:
        print(f"FAIL: per-property counts differ from WP's own totals for {', '.join(inconsistent)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

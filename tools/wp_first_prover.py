#!/usr/bin/env python3
"""Try first, for each goal, the prover that proved it in the last accepted run.

usage: wp_first_prover.py scripts proofs/first-prover.txt SESSION_DIR PROVER,...
       wp_first_prover.py record proofs/first-prover.txt WP_JSON LOG...

Why: WP races the provers of -wp-prover on every goal that Qed leaves: the loser
runs as long as the winner, and a goal only z3-lean proves waits for z3 or cvc4
to time out. With the record, WP took 3671 CPU s in CI instead of 7075
(proofs/ci-time.md). proofs/first-prover.txt names, for each goal, the prover
that proved it ("<goal> <prover>", one per line).

scripts: writes WP's session script SESSION_DIR/script/<goal>.json for each
recorded goal, naming its prover; proofs/wp.sh then runs WP with
-wp-session SESSION_DIR -wp-prover script,<provers>. For a goal with a script,
WP runs the recorded prover alone, under the run's timeouts; if that prover does
not prove the goal, WP tries the provers of -wp-prover one after the other
(Frama-C's ProverScript). A goal with no script is raced as before. The record
only orders the provers: every goal is still proved by a prover in this run,
and the report counts the prover that proved it. A stale record costs time,
never a verdict. Fails on a recorded prover that is not among PROVER,...
(WP would stop with "Prover not found").

record (make proofs-accept, after a full run): rewrites the record from the
run's logs. A goal raced in this run ("[wp] [CVC4 1.8] Goal typed_X : Valid")
gets its winner; a goal proved through its script ("[wp] [Script] Goal ...",
a line that does not name the prover) keeps its record, unless a prover failed
in its function (WP's JSON report, WP_JSON, counts each prover's results per
function, not per goal): then all the function's scripted goals leave the
record, so that the next run races them and the one after records their
winners again. Goals that Qed proves alone, that are not proved or that no
longer exist leave the record too. WP_FIRST_PROVER=0 make proofs races every
goal, so its accept records them all afresh.
"""
import json
import os
import re
import sys

from wp_summary import function_of, goal_times  # the log's goal lines, a goal's function

# WP's label of a why3 prover -> its shortcut in proofs/why3/config.sh's why3.conf:
# "CVC4 1.8" -> cvc4, "Z3 4.8.12" -> z3, "Z3 4.8.12 (lean)" -> z3-lean
LABEL = re.compile(r"^(\w+) [\w.]+(?: \((\w+)\))?$")
HEADER = """\
# The prover that proved each goal in the last accepted WP run, tried first by proofs/wp.sh:
# tools/wp_first_prover.py says why, and why a stale line costs time, never a verdict.
# Written by `make proofs-accept`; do not edit.
"""


def read_record(path):
    record = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            parts = line.split()
            if len(parts) == 2 and not line.startswith("#"):
                record[parts[0]] = parts[1]
    return record


def shortcut(label):
    m = LABEL.match(label)
    if not m:
        return None
    name, alternative = m.groups()
    return name.lower() + ("-" + alternative if alternative else "")


def scripts(record_path, session, provers):
    allowed = set(provers.split(","))
    record = read_record(record_path)
    unknown = sorted({p for p in record.values() if p not in allowed})
    if unknown:
        sys.exit(f"FAIL: {record_path} names provers not in {provers}: {', '.join(unknown)}")
    out = os.path.join(session, "script")
    os.makedirs(out, exist_ok=True)
    for goal, prover in record.items():
        with open(os.path.join(out, goal + ".json"), "w", encoding="utf-8") as f:
            json.dump([{"prover": prover, "verdict": "valid"}], f)
    print(f"first provers: {len(record)} goals from {record_path}")


def failed_functions(wp_json):
    """Functions in which some prover gave a result other than valid."""
    report = json.load(open(wp_json, encoding="utf-8"))
    failed = set()
    for fn, props in report.get("wp:functions", {}).items():
        section = props.get("wp:section", {})
        if any(stats.get("valid", 0) < stats.get("total", 0)
               for prover, stats in section.items() if prover not in ("wp:main", "qed")):
            failed.add(fn)
    return failed, sorted(report.get("wp:functions", {}), key=len, reverse=True)


def record(record_path, wp_json, logs):
    old = read_record(record_path)
    failed, functions = failed_functions(wp_json)
    new = {}
    raced = kept = retried = 0
    for log in logs:
        goals = goal_times(open(log, encoding="utf-8", errors="replace").read())
        for goal, (label, status, _) in goals.items():
            if status != "Valid":
                continue
            if label == "Script":
                if function_of(goal, functions) in failed:
                    retried += 1
                elif goal in old:
                    new[goal] = old[goal]
                    kept += 1
            elif label != "Qed":
                prover = shortcut(label)
                if prover is None:
                    sys.exit(f"FAIL: {log}: prover label {label!r} not understood")
                new[goal] = prover
                raced += 1
    with open(record_path, "w", encoding="utf-8") as f:
        f.write(HEADER)
        for goal in sorted(new):
            f.write(f"{goal} {new[goal]}\n")
    print(f"{record_path}: {len(new)} goals ({raced} raced this run, {kept} proved by their "
          f"recorded prover), {len(set(old) - set(new))} lines dropped ({retried} to be raced again: "
          f"a prover failed in their function)")


def main(argv):
    if len(argv) == 5 and argv[1] == "scripts":
        scripts(argv[2], argv[3], argv[4])
    elif len(argv) >= 5 and argv[1] == "record":
        record(argv[2], argv[3], argv[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)

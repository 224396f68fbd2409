#!/usr/bin/env python3
"""Shards of the WP run (proofs/wp.sh): plan them, and merge their reports.

usage: wp_shards.py plan FUNCTIONS BASELINE SHARDS EXCLUDE
       wp_shards.py merge OUT.json SHARD.json...

Why: much of a WP run is Frama-C's own single-threaded work, above all Qed, which
simplifies every goal inside the frama-c process before any prover sees it (put_message
alone, 2026-11-28: 294 goals, 49 s of wall, 35 s of CPU; one goal's Qed took 13.8 s, and no
prover needed more than 0.3 s). One frama-c process runs one Qed at a time. Several frama-c processes, each proving a part of
the functions (-wp-fct), use every core. Which goals exist and what each means does
not depend on the split: a goal of f is generated from f's body and the contracts it
calls, whichever other functions are selected.

plan: FUNCTIONS lists every function with a body, one per line (Frama-C's own list,
`-metrics -metrics-by-function`); EXCLUDE is a comma-separated list of functions run
elsewhere (the open functions of proofs/open-goals.txt, the eager run's). Prints
SHARDS lines of comma-separated functions, the heaviest shard first, balanced by a
weight read from the committed proofs/results.json (the function's goal count plus its
provers' seconds; a function new to the baseline weighs as the median). wp.sh adds one
more shard that skips (-wp-skip-fct) every function planned or excluded, so that a
function missing from FUNCTIONS is still proved.

merge: joins the "wp:functions" of the shard reports into OUT.json (the first
report's other fields kept). A function proved in two shards fails: each must be
proved exactly once.
"""
import json
import re
import statistics
import sys


def plan(functions_path, baseline_path, shards, exclude):
    functions = [l.strip() for l in open(functions_path, encoding="utf-8") if l.strip()]
    if not functions:
        sys.exit("FAIL: wp_shards: the function list is empty")
    excluded = {f for f in exclude.split(",") if f}
    baseline = json.load(open(baseline_path, encoding="utf-8")).get("functions", {})
    weights = {f: r.get("total", 0) + r.get("seconds", 0.0) for f, r in baseline.items()}
    default = statistics.median(weights.values()) if weights else 1.0
    # Frama-C renames the copies of a static function defined in a header that several
    # units include (count_lemmas.h's ghost lemmas: lemma_zero_absorbs, lemma_zero_absorbs_0,
    # ...), and -wp-fct <name> selects the function of that name *and* every copy of it
    # (the CI run of c9a2f71 proved 90 functions twice). So the copies of a name form one
    # group, which goes to one shard, named in full.
    names = set(functions)
    def group_of(f):
        base = re.sub(r"_[0-9]+$", "", f)
        return base if base in names else f
    groups = {}
    for f in dict.fromkeys(functions):
        groups.setdefault(group_of(f), []).append(f)
    for base, members in groups.items():
        inside = [f for f in members if f in excluded]
        if inside and len(inside) != len(members):
            sys.exit(f"FAIL: wp_shards: {', '.join(inside)} excluded but not the other copies of {base}")
    def weight(members):
        return sum(weights.get(f, default) for f in members)
    todo = sorted((m for m in groups.values() if m[0] not in excluded),
                  key=lambda m: (-weight(m), m[0]))
    bins = [[0.0, []] for _ in range(max(1, shards))]
    for members in todo:  # longest processing time first: each group to the lightest shard
        lightest = min(bins, key=lambda b: b[0])
        lightest[0] += weight(members)
        lightest[1].extend(members)
    for _, fns in sorted(bins, key=lambda b: -b[0]):  # the heaviest shard first
        if fns:
            print(",".join(fns))


def merge(out_path, shard_paths):
    merged = None
    owner = {}
    for path in shard_paths:
        # A shard that selects no function gets the report `null` from Frama-C 25.
        report = json.load(open(path, encoding="utf-8")) or {"wp:functions": {}}
        if merged is None:
            merged = report
            merged.setdefault("wp:functions", {})
            for fn in merged["wp:functions"]:
                owner[fn] = path
            continue
        for fn, props in report.get("wp:functions", {}).items():
            if fn in owner:
                sys.exit(f"FAIL: wp_shards: {fn} was proved in two shards ({owner[fn]}, {path})")
            owner[fn] = path
            merged["wp:functions"][fn] = props
    if merged is None:
        sys.exit("FAIL: wp_shards: no shard report to merge")
    json.dump(merged, open(out_path, "w", encoding="utf-8"), indent=1)


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "plan":
        plan(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
    elif len(sys.argv) >= 4 and sys.argv[1] == "merge":
        merge(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)

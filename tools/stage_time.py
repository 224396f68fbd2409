#!/usr/bin/env python3
"""Runs one stage of `make check` and records what it cost, for the next CI-time decision.

usage: stage_time.py [--out FILE] NAME -- COMMAND [ARG ...]
       stage_time.py --table

The first form runs COMMAND (its output and exit status are the stage's own) and appends
"NAME <wall s> <cpu s> rc=<status>" to FILE, build/stage-times.txt unless given (proofs/wp.sh
gives each WP shard's build/proofs/shards/<shard>.time). CPU is the user + system time
of COMMAND and every process it waited for (getrusage of the children): on this project's
2-core CI the run is CPU-bound (the Makefile's check recipe), so CPU, not wall time, says
which stage to cut. The second form prints the file, largest CPU first, with the total.
"""
import os
import resource
import subprocess
import sys
import time

TIMES = os.path.join("build", "stage-times.txt")


def run(name, command, times=TIMES):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    code = subprocess.call(command)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    os.makedirs(os.path.dirname(times) or ".", exist_ok=True)
    with open(times, "a", encoding="utf-8") as out:
        out.write(f"{name} {wall:.0f} {cpu:.0f} rc={code}\n")
    return code


def table():
    try:
        with open(TIMES, encoding="utf-8") as src:
            rows = [line.split() for line in src if line.strip()]
    except FileNotFoundError:
        print(f"stage times: {TIMES} missing")
        return 0
    rows.sort(key=lambda r: -int(r[2]))
    print("stage times (wall s, CPU s of the stage and its children; beside-wp ones and the smoke tests ran at nice 19):")
    for name, wall, cpu, rc in rows:
        print(f"  {name:28} {wall:>6} {cpu:>7}  {rc}")
    print(f"  {'total CPU':28} {'':>6} {sum(int(r[2]) for r in rows):>7}")
    return 0


def main(argv):
    if argv == ["--table"]:
        return table()
    times = TIMES
    if argv[:1] == ["--out"] and len(argv) > 1:
        times, argv = argv[1], argv[2:]
    if len(argv) < 3 or argv[1] != "--":
        sys.stderr.write(__doc__)
        return 2
    return run(argv[0], argv[2:], times)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

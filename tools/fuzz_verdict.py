#!/usr/bin/env python3
"""The verdict of one libFuzzer run of a target of tests/fuzz/ (issue 31 item 5), read from
its log, never assumed: `make fuzz-check` (the short round of `make check`) and
`make fuzz-campaign` (at least 10^7 executions per target) both print their lines with it.

A run passes when all of these hold, each read from the log:
  - libFuzzer exited 0 and printed its final statistics (-print_final_stats=1);
  - it executed at least --min-execs inputs (stat::number_of_executed_units);
  - no line of the log reports a mismatch with the reference ("MISMATCH", fuzz_support.hpp's
    fail()), a sanitizer error ("ERROR: AddressSanitizer", "runtime error") or a crash;
  - every outcome that tests/fuzz/outcomes.txt requires of the target was reached at least
    once: its count on the harness's "statuses:" or "outcomes:" line (printed at exit) is > 0.

Prints one result line (the format of build/results/*.txt: "<passed> <failed> <text>"):
  1 0 fuzz <target>: <E> executions in <S> s (<R>/s)[, <C> statuses checked against the
      reference], <M> mismatches, <X> sanitizer reports; outcomes (<K>/<K> required reached): name n, ...
Exit status 0 when the run passes, 1 otherwise.
"""
import argparse
import re
import sys

FAULTS = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)"
                    r"|runtime error:|deadly signal")


def required_outcomes(path, target):
    """The outcome names tests/fuzz/outcomes.txt requires of target (None: target not listed)."""
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, _, rest = line.partition(":")
            if name.strip() == target:
                return rest.split()
    return None


def counts(log, key):
    """{name: count} from the last '<key>: name n, name n' line of the log."""
    found = {}
    for line in log.splitlines():
        if line.startswith(key + ":"):
            found = {}
            for item in line[len(key) + 1:].split(","):
                parts = item.split()
                if len(parts) == 2 and parts[1].isdigit():
                    found[parts[0]] = int(parts[1])
    return found


def stat(log, name):
    m = re.findall(rf"^stat::{name}:\s*(\d+)", log, re.M)
    return int(m[-1]) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--target", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--rc", type=int, required=True, help="libFuzzer's exit status")
    ap.add_argument("--seconds", required=True, help="wall time of the run, for the text")
    ap.add_argument("--min-execs", type=int, default=1)
    ap.add_argument("--outcomes", default="tests/fuzz/outcomes.txt")
    a = ap.parse_args()

    with open(a.log, errors="replace") as f:
        log = f.read()
    problems = []
    execs = stat(log, "number_of_executed_units")
    rate = stat(log, "average_exec_per_sec")
    if a.rc != 0:
        problems.append(f"exit {a.rc}")
    if execs is None:
        problems.append("no final statistics")
    elif execs < a.min_execs:
        problems.append(f"{execs} executions, fewer than the {a.min_execs} required")
    mismatches = len(re.findall(r"MISMATCH with the reference", log))
    faults = len(FAULTS.findall(log))
    if mismatches:
        problems.append(f"{mismatches} mismatches")
    if faults:
        problems.append(f"{faults} sanitizer/crash reports")

    reached = counts(log, "statuses")
    reached.update(counts(log, "outcomes"))
    # Each status counted is one call's result compared with the reference (check_status).
    statuses = counts(log, "statuses")
    checked = f", {sum(statuses.values())} statuses checked against the reference" if statuses else ""
    want = required_outcomes(a.outcomes, a.target)
    if want is None:
        problems.append(f"{a.target} is not listed in {a.outcomes}")
        want = []
    missing = [w for w in want if reached.get(w, 0) == 0]
    if missing:
        problems.append("outcomes never reached: " + ", ".join(missing))
    shown = ", ".join(f"{k} {v}" for k, v in reached.items())
    text = (f"fuzz {a.target}: {execs if execs is not None else '?'} executions in {a.seconds} s"
            f" ({rate if rate is not None else '?'}/s){checked},"
            f" {mismatches} mismatches, {faults} sanitizer reports;"
            f" outcomes ({len(want) - len(missing)}/{len(want)} required reached): {shown}")
    if problems:
        print(f"0 1 {text}; FAILED: {'; '.join(problems)}, see {a.log}")
        return 1
    print(f"1 0 {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""make mutants (issue 31 item 4): run every mutant of proofs/mutants/catalogue.json against WP
and against the tests, and write the kill matrix.

For each mutant, in build/mutants/m/<id>/ (a copy of src/ with the one occurrence of `old`
replaced by `new`):
  WP     frama-c with proofs/wp.sh's flags (-wp-rte, both -warn-unsigned-*, the provers, the
         per-function timeouts of proofs/timeouts.txt, z3-eager for proofs/eager.txt), -wp-fct
         on the mutated function and its direct callers. Killed if a goal is left unproved.
         (A caller reads the mutated function's contract, never its body, so its goals do not
         change; they run because the issue asks for them, and a kill seen only there would be
         a flaky goal: the matrix names the functions whose goals failed.)
  tests  the mutated object linked with the other objects of src/ (compiled once, unmutated)
         and with the test objects (compiled once): doctest (tests/*.cpp), the RapidCheck
         properties (properties/properties.cpp, xla_properties.cpp) and the NumPy differential
         (properties/numpy_diff.cpp on properties/numpy_cases.txt). Killed if one of them fails,
         crashes or runs past its time limit. The compiler flags are the Makefile's (-Werror):
         a mutant that does not compile is a catalogue error, not a kill.
A mutant survives WP if every goal proves, the tests if every program passes. Both must kill
each mutant (issue 31: "killed by WP ... and by the tests").

Writes build/mutants/results.json (one record per mutant) and build/mutants/matrix.md, prints
one line per mutant and `N passed, N failed` (a mutant passes when both kill it); exits 1 on a
survivor or an error. --accept copies the results to proofs/mutants/results.json, which the
evidence report reads (a survivor there fails `make evidence`).

usage: run.py --cc CC --cflags F --cxx CXX --cxxflags F --propflags F [--only id,id] [--accept]
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "build", "mutants")
CATALOGUE = os.path.join(ROOT, "proofs", "mutants", "catalogue.json")
ACCEPTED = os.path.join(ROOT, "proofs", "mutants", "results.json")
TEST_TIMEOUT = 600  # seconds per test program: a mutant that loops is killed by it


def sh(cmd, cwd=ROOT, timeout=None, env=None):
    """Runs cmd (a list); returns (exit code or 'timeout', combined output)."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors="replace", timeout=timeout, env=env)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return "timeout", out


# ---- the call graph of src/*.c, by text: definitions at column 0, bodies to the `}` at column 0

DEF = re.compile(r"^(?:static\s+|inline\s+)*[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(")


def functions(path):
    """{name: body text} of the C functions defined in path (not ghost ones: those are in
    comments, indented)."""
    out, name, body = {}, None, []
    for line in open(path, encoding="utf-8"):
        if name is None:
            m = DEF.match(line)
            if m and not line.rstrip().endswith(";") and m.group(1) not in ("if", "while", "for"):
                name, body = m.group(1), []
            continue
        body.append(line)
        if line.startswith("}"):
            out[name] = "".join(body)
            name = None
    return out


def direct_callers(fn, src_files):
    bodies = {}
    for f in src_files:
        bodies.update(functions(f))
    call = re.compile(r"\b%s\s*\(" % re.escape(fn))
    return sorted(g for g, b in bodies.items() if g != fn and call.search(b))


# ---- WP


def listed(path, min_fields):
    rows = []
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if f and not line.startswith("#") and len(f) >= min_fields:
            rows.append(f)
    return rows


def why3_config(wdir):
    """proofs/why3/config.sh writes the private why3 config (z3-lean, z3-eager) into wdir."""
    os.makedirs(wdir, exist_ok=True)
    code, out = sh(["bash", "-c", "why3_dir=%s; source proofs/why3/config.sh; echo $WHY3CONFIG"
                    % shlex.quote(os.path.relpath(wdir, ROOT))])
    if code != 0:
        sys.exit("FAIL: proofs/why3/config.sh: " + out)
    return out.strip().splitlines()[-1]


def baseline_wp(fcts, why3conf):
    """The same WP run on the unmutated src/ (once per set of functions, kept in
    build/mutants/baseline/): a goal counts as a kill only if it proves there. Without this,
    a goal that times out on a loaded machine would pass for a kill."""
    h = hashlib.sha256(",".join(fcts).encode())
    for f in sorted(os.listdir(os.path.join(ROOT, "src"))):
        h.update(f.encode() + open(os.path.join(ROOT, "src", f), "rb").read())
    key = h.hexdigest()[:16]
    bdir = os.path.join(OUT, "baseline", key)
    cached = os.path.join(bdir, "result.json")
    if os.path.exists(cached):
        return json.load(open(cached))
    shutil.rmtree(bdir, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "src"), os.path.join(bdir, "src"))
    res = run_wp(bdir, fcts, why3conf)
    json.dump(res, open(cached, "w"), indent=1)
    return res


def run_wp(mdir, fcts, why3conf):
    eager = {r[0] for r in listed(os.path.join(ROOT, "proofs", "eager.txt"), 1)}
    provers = "z3,cvc4,z3-lean" + (",z3-eager" if eager & set(fcts) else "")
    timeouts = ",".join("%s:%s" % (r[0], r[1])
                        for r in listed(os.path.join(ROOT, "proofs", "timeouts.txt"), 2))
    src = sorted(os.path.join(mdir, "src", f) for f in os.listdir(os.path.join(mdir, "src"))
                 if f.endswith(".c"))
    cmd = ["frama-c", "-cpp-extra-args=-I%s -I%s" % (os.path.join(mdir, "src"),
                                                      os.path.join(ROOT, "spec", "acsl")),
           "-wp", "-wp-rte", "-warn-unsigned-overflow", "-warn-unsigned-downcast",
           "-wp-timeout", os.environ.get("WP_TIMEOUT", "20"), "-wp-par", str(os.cpu_count() or 2),
           "-wp-cache", "update", "-wp-cache-dir", os.path.join(OUT, "wp-cache"),
           "-wp-prover", provers, "-wp-fct", ",".join(fcts),
           "-wp-report-json", os.path.join(mdir, "wp.json")]
    if timeouts:
        cmd += ["-wp-fct-timeout", timeouts]
    code, log = sh(cmd + src, env=dict(os.environ, WHY3CONFIG=why3conf))
    open(os.path.join(mdir, "wp.log"), "w").write(log)
    m = re.search(r"Proved goals:\s+(\d+)\s*/\s*(\d+)", log)
    if code != 0 or not m:
        return {"status": "error", "detail": log[-2000:]}
    proved, total = int(m.group(1)), int(m.group(2))
    failed = sorted(set(re.findall(r"\[(?:Failed|Timeout|Unknown|Stepout)\] Goal (typed_\S+)", log)))
    where = sorted({f for f in fcts for g in failed if g.startswith("typed_%s_" % f)})
    return {"status": "killed" if proved < total else "survived", "proved": proved,
            "total": total, "unproved": failed, "functions": fcts, "failed_in": where}


# ---- tests

PROGRAMS = [  # (name, sources, extra link flags, arguments)
    ("doctest", "tests/*.cpp", [], []),
    ("properties", "properties/properties.cpp", ["-lrapidcheck"], []),
    ("xla_properties", "properties/xla_properties.cpp", ["-lrapidcheck"], []),
    ("numpy_diff", "properties/numpy_diff.cpp", [], ["properties/numpy_cases.txt"]),
]


def compile_once(jobs, args):
    """The unmutated objects of src/ and every test program's objects, in build/mutants/base."""
    base = os.path.join(OUT, "base")
    tasks = []
    for f in sorted(os.listdir(os.path.join(ROOT, "src"))):
        if f.endswith(".c"):
            tasks.append(([args.cc] + shlex.split(args.cflags) + ["-c", "src/" + f],
                          os.path.join(base, "src", f[:-2] + ".o")))
    for name, pattern, _, _ in PROGRAMS:
        flags = args.cxxflags if name == "doctest" else args.propflags
        d, pat = os.path.split(pattern)
        names = sorted(x for x in os.listdir(os.path.join(ROOT, d))
                       if re.fullmatch(pat.replace(".", r"\.").replace("*", ".*"), x))
        for x in names:
            tasks.append(([args.cxx] + shlex.split(flags) + ["-c", os.path.join(d, x)],
                          os.path.join(base, name, x[:-4] + ".o")))

    def build(task):
        cmd, obj = task
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        code, out = sh(cmd + ["-o", obj])
        return obj, code, out

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for obj, code, out in ex.map(build, tasks):
            if code != 0:
                sys.exit("FAIL: compiling %s:\n%s" % (obj, out))
    return base


def run_tests(mdir, mutated_c, base, args):
    obj = os.path.join(mdir, os.path.basename(mutated_c)[:-2] + ".o")
    code, out = sh([args.cc] + shlex.split(args.cflags) + ["-I" + os.path.join(ROOT, "src"), "-c",
                   os.path.join(mdir, "src", os.path.basename(mutated_c)), "-o", obj])
    if code != 0:
        return {"status": "error", "detail": "does not compile: " + out[-1500:]}
    objs = [obj if o == os.path.basename(obj) else os.path.join(base, "src", o)
            for o in sorted(os.listdir(os.path.join(base, "src")))]
    results = {}
    for name, _, link, argv in PROGRAMS:
        exe = os.path.join(mdir, name)
        tobjs = sorted(os.path.join(base, name, o) for o in os.listdir(os.path.join(base, name)))
        code, out = sh([args.cxx] + tobjs + objs + link + ["-o", exe])
        if code != 0:
            return {"status": "error", "detail": "does not link: " + out[-1500:]}
        start = time.time()
        code, out = sh([exe] + argv, timeout=TEST_TIMEOUT)
        open(exe + ".log", "w").write(out)
        fails = re.findall(r"TEST CASE:\s+(.+)", out) if name == "doctest" else []
        results[name] = {"exit": code, "seconds": round(time.time() - start, 1),
                         "failed_cases": sorted(set(fails))[:10]}
    killers = sorted(n for n, r in results.items() if r["exit"] != 0)
    return {"status": "killed" if killers else "survived", "killed_by": killers,
            "programs": results}


# ---- one mutant


def run_mutant(m, base, why3conf, args, src_files):
    mdir = os.path.join(OUT, "m", m["id"])
    shutil.rmtree(mdir, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "src"), os.path.join(mdir, "src"))
    path = os.path.join(mdir, m["file"])
    text = open(path, encoding="utf-8").read()
    if text.count(m["old"]) != 1:
        return {"id": m["id"], "error": "`old` occurs %d times in %s" % (text.count(m["old"]), m["file"])}
    open(path, "w", encoding="utf-8").write(text.replace(m["old"], m["new"]))
    fcts = [m["function"]] + direct_callers(m["function"], src_files)
    rec = {"id": m["id"], "category": m["category"], "req": m["req"], "file": m["file"],
           "function": m["function"]}
    start = time.time()
    if args.tests_only:
        rec["wp"] = {"status": "not run"}
    else:
        rec["wp"] = wp = run_wp(mdir, fcts, why3conf)
        if wp["status"] == "killed":
            base_wp = baseline_wp(fcts, why3conf)
            if base_wp["status"] != "survived":   # unmutated: every goal must prove
                wp["status"] = "error"
                wp["detail"] = "the unmutated functions leave goals unproved: %s" % base_wp.get(
                    "unproved", base_wp.get("detail"))
            elif not wp["unproved"]:
                wp["status"] = "error"
                wp["detail"] = "fewer goals proved, but no failed goal named in the log"
    rec["wp_seconds"] = round(time.time() - start, 1)
    start = time.time()
    rec["tests"] = run_tests(mdir, m["file"], base, args) if not args.wp_only else {"status": "not run"}
    rec["tests_seconds"] = round(time.time() - start, 1)
    return rec


def matrix(results, commit):
    lines = ["# Mutation analysis: kill matrix (issue 31 item 4)", "",
             "Made by `make mutants` (tools/mutants/run.py) at commit `%s`. Each row: one mutant "
             "of proofs/mutants/catalogue.json; WP = a goal of the mutated function or a caller "
             "left unproved (the functions where it failed), tests = the test programs that "
             "failed." % commit, "",
             "| mutant | category | requirement | function | WP | tests |", "|---|---|---|---|---|---|"]
    for r in results:
        if "error" in r:
            lines.append("| `%s` | | | | ERROR: %s | |" % (r["id"], r["error"]))
            continue
        wp, t = r["wp"], r["tests"]
        wcell = ("killed (%d/%d; %s)" % (wp["proved"], wp["total"], ", ".join(wp["failed_in"]) or "?")
                 if wp["status"] == "killed" else wp["status"].upper())
        tcell = ("killed (%s)" % ", ".join(t["killed_by"]) if t["status"] == "killed"
                 else t["status"].upper())
        lines.append("| `%s` | %s | %s | `%s` | %s | %s |" % (r["id"], r["category"], r["req"],
                                                            r["function"], wcell, tcell))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    for a in ("--cc", "--cflags", "--cxx", "--cxxflags", "--propflags"):
        ap.add_argument(a, required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--accept", action="store_true")
    ap.add_argument("--wp-only", action="store_true")
    ap.add_argument("--tests-only", action="store_true")
    args = ap.parse_args()
    if args.accept:
        shutil.copy(os.path.join(OUT, "results.json"), ACCEPTED)
        print("proofs/mutants/results.json updated from build/mutants/results.json")
        return 0
    cat = json.load(open(CATALOGUE, encoding="utf-8"))
    only = set(filter(None, args.only.split(",")))
    todo = [m for m in cat if not only or m["id"] in only]
    if only - {m["id"] for m in cat}:
        sys.exit("FAIL: unknown mutants: %s" % ", ".join(sorted(only - {m["id"] for m in cat})))
    os.makedirs(OUT, exist_ok=True)
    commit = sh(["git", "rev-parse", "--short", "HEAD"])[1].strip() or "unknown"
    base = compile_once(os.cpu_count() or 2, args)
    why3conf = why3_config(os.path.join(OUT, "why3"))
    src_files = sorted(os.path.join(ROOT, "src", f) for f in os.listdir(os.path.join(ROOT, "src"))
                       if f.endswith(".c"))
    results, passed, failed = [], 0, 0
    for m in todo:
        r = run_mutant(m, base, why3conf, args, src_files)
        results.append(r)
        ok = ("error" not in r and r["wp"]["status"] in ("killed", "not run")
              and r["tests"]["status"] in ("killed", "not run"))
        passed, failed = passed + ok, failed + (not ok)
        print("%d %d mutant %s: WP %s, tests %s" % (
            ok, not ok, m["id"], r.get("wp", {}).get("status", r.get("error")),
            r.get("tests", {}).get("status", "-")), flush=True)
    digest = hashlib.sha256(open(CATALOGUE, "rb").read()).hexdigest()[:16]
    json.dump({"commit": commit, "catalogue_sha256": digest, "partial": bool(only),
               "mutants": results}, open(os.path.join(OUT, "results.json"), "w"), indent=1)
    open(os.path.join(OUT, "matrix.md"), "w").write(matrix(results, commit))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

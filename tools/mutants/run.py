#!/usr/bin/env python3
"""make mutants (issue 31 item 4): run every mutant of proofs/mutants/catalogue.json against WP
and against the tests, and write the kill matrix.

For each mutant, in build/mutants/m/<id>/ (a copy of src/ with the one occurrence of `old`
replaced by `new`):
  WP     frama-c with the proof standard of proofs/wp_flags.sh (the flags wp.sh uses: -wp-rte,
         both -warn-unsigned-*; the per-function timeouts of proofs/timeouts.txt; z3-eager for
         proofs/eager.txt), wp.sh's provers and timeout, -wp-fct on the mutated function, and
         only if every goal of it proves, on its direct callers (mutant_wp says why the verdict
         is the same as one run on all of them). Killed if a goal is left unproved and the
         same run on the unmutated functions whose goals failed (failed_in) proves every goal
         (the baseline, kept per set of functions in build/mutants/baseline/).
  tests  the mutated object linked with the other objects of src/ (compiled once, unmutated)
         and with the test objects (compiled once): doctest (tests/*.cpp), the RapidCheck
         properties (properties/properties.cpp, xla_properties.cpp), the NumPy differential
         (properties/numpy_diff.cpp on properties/numpy_cases.txt) and the stream stage of
         make tests (STREAM below: the kernel's unit, mutated or not, included by
         tests/stream/stream_shim.c, which reaches its static store functions). Killed if one of
         them fails, crashes or runs past its time limit. The compiler flags are the Makefile's (-Werror):
         a mutant that does not compile is a catalogue error, not a kill.
A mutant survives WP if every goal proves, the tests if every program passes. Both must kill
each mutant (issue 31: "killed by WP ... and by the tests").

--jobs N runs N mutants side by side, each WP run with -wp-par (cores / N), at least 2: with
one slot WP runs a goal's provers one after the other, so a goal cvc4 proves at once first waits
for z3's timeout (proofs/wp.sh, WP_PAR). The limits are wall-clock, so with more provers than
cores proofs/wp_flags.sh doubles them (LIMIT_SCALE): each prover keeps the CPU time it had. A WP verdict is kept
with the digest of the inputs that decide it and reused while they are the same (see "WP
verdicts kept across runs" below; --keep, `make mutants-keep`, commits them), so the WP column
can be built over several sessions; the tests column always runs.

Writes build/mutants/results.json (one record per mutant) and build/mutants/matrix.md, prints
one line per mutant and `N passed, N failed` (a mutant passes when both kill it); exits 1 on a
survivor or an error. --accept copies the results to proofs/mutants/results.json, which the
evidence report reads (a survivor there fails `make evidence`).

usage: run.py --cc CC --cflags F --cxx CXX --cxxflags F --propflags F --stream-tests FILES
              [--only id,id] [--jobs N] [--accept | --keep]
"""
import argparse
import collections
import concurrent.futures
import functools
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
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


# ---- the call graph of src/*.c: definitions and bodies as tools/mutants/check_catalogue.py finds
# them (code_masks, function_body), so the catalogue's check and the runner agree on "a body"

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_catalogue import code_masks, function_body  # noqa: E402

DEF = re.compile(r"^(?:static\s+|inline\s+)*[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(", re.M)


def definitions(text):
    """{function: (signature start, body start, body end)} of the C functions defined in text,
    the body's braces included (ghost functions live in comments and are not code, so not
    among them)."""
    code, syntax = code_masks(text)
    spans = {}
    for m in DEF.finditer(text):
        name = m.group(1)
        if not code[m.start()] or name in spans or name in ("if", "while", "for"):
            continue
        span = function_body(text, syntax, name)
        if isinstance(span, tuple):
            spans[name] = (m.start(), span[0], span[1])
    return spans


def c_bodies(text):
    """{function: (start, end)} of the C function bodies defined in text, braces included."""
    return {name: (b, e) for name, (_, b, e) in definitions(text).items()}


def call_graph(src_files):
    """{function: sorted direct callers} over the C functions defined in src_files."""
    bodies = {}
    for path in src_files:
        text = open(path, encoding="utf-8").read()
        code, _ = code_masks(text)
        for name, span in c_bodies(text).items():
            if name not in bodies:
                bodies[name] = "".join(c if code[i] else " " for i, c in
                                       enumerate(text[span[0]:span[1]], span[0]))
    callers = {}
    for g, body in bodies.items():
        for f in bodies:
            if f != g and re.search(r"\b%s\s*\(" % re.escape(f), body):
                callers.setdefault(f, []).append(g)
    return {f: sorted(v) for f, v in callers.items()}


# Compiler attributes that the sources define as nothing where Frama-C reads them (__FRAMAC__
# defined): target_clones and always_inline (src/sonnx_internal.h, src/sonnx_fast_copy.c). WP
# never sees them, so they are no part of a unit's interface (interface_of); framac_empty()
# checks with the preprocessor that each one is empty there before any digest is made.
FRAMAC_EMPTY = ("KERNEL_CLONES", "SONNX_INLINE_IN_CLONES", "SONNX_WIDE_STORES")


def framac_empty(src_files):
    """Exits unless every macro of FRAMAC_EMPTY that a unit defines under -D__FRAMAC__ expands
    to nothing there (cpp -dM with the include paths of proofs/wp_flags.sh's runs)."""
    for path in src_files:
        code, out = sh(["cpp", "-dM", "-D__FRAMAC__", "-Isrc", "-Ispec/acsl", path])
        if code != 0:
            sys.exit("FAIL: cpp -D__FRAMAC__ %s: %s" % (path, out[-500:]))
        for name in FRAMAC_EMPTY:
            for m in re.finditer(r"^#define %s\b(.*)$" % name, out, re.M):
                if m.group(1).strip():
                    sys.exit("FAIL: %s expands to '%s' under __FRAMAC__ in %s: it is read by WP, "
                             "so FRAMAC_EMPTY must not list it" % (name, m.group(1).strip(), path))


def interface_of(text):
    """What a WP run on a function of another unit can read of this unit: the contracts and
    signatures of its functions with external linkage and its ACSL annotations outside them
    (logic, lemmas, ghost code), whitespace-normalised. Left out: C function bodies (WP builds
    a function's goals from its own body and its callees' contracts), static functions with
    the contract before each (no other unit can call them), the unit's typedefs (a type
    defined in a .c file is that unit's alone: a type another unit uses is in a header,
    hashed whole), preprocessor lines (a unit's macros and includes are its own), plain
    comments, and the attributes of FRAMAC_EMPTY.
    Every static function goes, each definition and each declaration without a body (the
    streaming primitive of sonnx_fast_copy.c: a contract and a prototype for Frama-C, two
    definitions under #if for the compilers), with the contract before it."""
    cut = []
    for sig, _, end in definitions(text).values():
        start = text.index("{", sig)
        if not re.search(r"\bstatic\b", text[sig:start]):
            cut.append((start, end))
    code, _ = code_masks(text)
    for m in DEF.finditer(text):
        if not code[m.start()] or not re.search(r"\bstatic\b", m.group(0)) \
                or m.group(1) in ("if", "while", "for"):
            continue
        depth, j = 1, m.end()
        while j < len(text) and depth:  # the parameter list
            if code[j]:
                depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        while j < len(text) and (text[j].isspace() or not code[j]):
            j += 1  # comments between the list and the body: a ghost parameter list
        if j >= len(text) or text[j] not in ";{":
            continue
        end = j + 1
        if text[j] == "{":
            depth = 1
            while end < len(text) and depth:
                if code[end]:
                    depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
        start = m.start()
        before = text[:start].rstrip()
        if before.endswith("*/") and text.startswith("/*@", before.rfind("/*")):
            start = before.rfind("/*")
        cut.append((start, end))
    for m in re.finditer(r"\btypedef\b", text):  # a unit's own types: no other unit can name them
        if not code[m.start()] or any(s <= m.start() < e for s, e in cut):
            continue
        depth, end = 0, m.end()
        while end < len(text) and not (code[end] and depth == 0 and text[end] == ";"):
            if code[end]:
                depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        cut.append((m.start(), end + 1))
    cut.sort()
    merged = []
    for start, end in cut:  # a body cut inside a static function's cut: one range
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    cut = merged
    for start, end in sorted(cut, reverse=True):
        text = text[:start] + text[end:]
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            if text.startswith("/*@", i):
                out.append(text[i:j])
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            if text.startswith("//@", i):
                out.append(text[i:j] + "\n")
            i = j
        elif text[i] in "\"'":
            j = i + 1
            while j < n and text[j] != text[i]:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text[i] == "#" and text[:i].rstrip(" \t")[-1:] in ("\n", ""):  # at a line's start
            j = i
            while True:  # the directive and its continuation lines
                k = text.find("\n", j)
                if k < 0:
                    j = n
                    break
                j = k + 1
                if not text[:k].endswith("\\"):
                    break
            i = j
        else:
            out.append(text[i])
            i += 1
    kept = re.sub(r"\b(?:%s)\b" % "|".join(FRAMAC_EMPTY), " ", "".join(out))
    return " ".join(kept.split())


# ---- WP


def why3_config(wdir):
    """proofs/why3/config.sh writes the private why3 config (z3-lean, z3-eager) into wdir."""
    os.makedirs(wdir, exist_ok=True)
    code, out = sh(["bash", "-c", "why3_dir=%s; source proofs/why3/config.sh; echo $WHY3CONFIG"
                    % shlex.quote(os.path.relpath(wdir, ROOT))])
    if code != 0:
        sys.exit("FAIL: proofs/why3/config.sh: " + out)
    return out.strip().splitlines()[-1]


BASELINE_LOCKS = collections.defaultdict(threading.Lock)
BASELINE_LOCKS_GUARD = threading.Lock()


def baseline_wp(fcts, why3conf, par):
    """The same WP run on the unmutated src/ (once per set of functions, kept in
    build/mutants/baseline/): a goal counts as a kill only if it proves there. Without this,
    a goal that times out on a loaded machine would pass for a kill."""
    h = hashlib.sha256(",".join(fcts).encode())
    for f in sorted(os.listdir(os.path.join(ROOT, "src"))):
        h.update(f.encode() + open(os.path.join(ROOT, "src", f), "rb").read())
    key = h.hexdigest()[:16]
    bdir = os.path.join(OUT, "baseline", key)
    cached = os.path.join(bdir, "result.json")
    with BASELINE_LOCKS_GUARD:
        lock = BASELINE_LOCKS[key]
    with lock:
        if os.path.exists(cached):
            return json.load(open(cached))
        shutil.rmtree(bdir, ignore_errors=True)
        shutil.copytree(os.path.join(ROOT, "src"), os.path.join(bdir, "src"))
        res = run_wp(bdir, fcts, why3conf, par)
        json.dump(res, open(cached, "w"), indent=1)
        return res


# Prover limits are wall-clock (proofs/wp_flags.sh). Two jobs of two prover slots run twice as
# many provers on the cores as the one frama-c the limits were set for, so wp_flags.sh scales
# every limit by LIMIT_SCALE: each prover keeps its CPU time, and a goal that times out only
# because the machine is loaded cannot pass for a kill (the baseline guards the same from the
# other side).
LIMIT_SCALE = 2


def wp_standard(mdir):
    """proofs/wp_flags.sh's flags (the proof standard, shared with wp.sh and smoke.sh) with the
    mutant's headers first and the limits times LIMIT_SCALE: (flags, timeout, per-function
    timeouts, eager functions)."""
    code, out = sh(["bash", "-c", 'wp_src=%s; wp_limit_scale=%d; source proofs/wp_flags.sh; '
                    'printf "%%s\\0" "$wp_timeout" "$wp_fct_timeouts" "$wp_eager" "${wp_standard[@]}"'
                    % (shlex.quote(os.path.join(mdir, "src")), LIMIT_SCALE)])
    if code != 0:
        sys.exit("FAIL: proofs/wp_flags.sh: " + out)
    fields = out.split("\0")[:-1]
    return fields[3:], fields[0], fields[1], set(filter(None, fields[2].split(",")))


def run_wp(mdir, fcts, why3conf, par, tag="wp"):
    flags, timeout, timeouts, eager = wp_standard(mdir)
    provers = "z3,cvc4,z3-lean" + (",z3-eager" if eager & set(fcts) else "")
    src = sorted(os.path.join(mdir, "src", f) for f in os.listdir(os.path.join(mdir, "src"))
                 if f.endswith(".c"))
    cmd = ["frama-c"] + flags + [
           "-wp-timeout", timeout, "-wp-par", str(par),
           "-wp-cache", "update", "-wp-cache-dir", os.path.join(OUT, "wp-cache"),
           "-wp-prover", provers, "-wp-fct", ",".join(fcts),
           "-wp-report-json", os.path.join(mdir, tag + ".json")]
    if timeouts:
        cmd += ["-wp-fct-timeout", timeouts]
    code, log = sh(cmd + src, env=dict(os.environ, WHY3CONFIG=why3conf))
    open(os.path.join(mdir, tag + ".log"), "w").write(log)
    m = re.search(r"Proved goals:\s+(\d+)\s*/\s*(\d+)", log)
    if code != 0 or not m:
        return {"status": "error", "detail": log[-2000:]}
    proved, total = int(m.group(1)), int(m.group(2))
    failed = sorted(set(re.findall(r"\[(?:Failed|Timeout|Unknown|Stepout)\] Goal (typed_\S+)", log)))
    where = sorted({f for f in fcts for g in failed if g.startswith("typed_%s_" % f)})
    return {"status": "killed" if proved < total else "survived", "proved": proved,
            "total": total, "unproved": failed, "functions": fcts, "failed_in": where}


def mutant_wp(mdir, fct, callers_of, why3conf, par):
    """The mutant's WP run, in two stages. First the mutated function alone: its body is the
    only thing that changed, so that is where a goal breaks, and a kill there needs nothing
    more. Only if every goal of it proves, its direct callers (wp-callers.log). A caller reads
    the function's contract, never its body, so its goals are the unmutated ones; the second
    stage can only find a kill the first missed if the mutation reaches a caller some other
    way. The verdict is the same as one run on all of them; the callers' goals, which cost
    most of that run (they hold the large functions), are run only when they can decide it."""
    wp = run_wp(mdir, [fct], why3conf, par)
    if wp["status"] != "survived" or not callers_of:
        return wp
    up = run_wp(mdir, callers_of, why3conf, par, tag="wp-callers")
    if up["status"] not in ("killed", "survived"):
        return up
    return {"status": up["status"], "proved": wp["proved"] + up["proved"],
            "total": wp["total"] + up["total"], "unproved": up["unproved"],
            "functions": [fct] + callers_of, "failed_in": up["failed_in"]}


# ---- tests

PROGRAMS = [  # (name, sources, extra link flags, arguments)
    ("doctest", "tests/*.cpp", [], []),
    ("properties", "properties/properties.cpp", ["-lrapidcheck"], []),
    ("xla_properties", "properties/xla_properties.cpp", ["-lrapidcheck"], []),
    ("numpy_diff", "properties/numpy_diff.cpp", [], ["properties/numpy_cases.txt"]),
]


# The stream stage of `make tests` (the Makefile's stream-tests): its test objects (the Makefile's
# STREAM_TESTS, passed as --stream-tests), compiled once with -Itests/stream, and tests/stream/stream_shim.c, compiled per mutant on that mutant's
# src/sonnx_fast_copy.c (the shim includes the unit, so the copy includes the mutated one),
# linked with the other objects of src/. It runs the kernel's static functions directly (the
# pattern of every element size, the streaming primitive), which the public calls cannot all
# reach: make_pattern's 1-byte unit, for one (spec/coverage-justifications.md).
STREAM = "stream"
STREAM_SHIM = "tests/stream/stream_shim.c"
STREAM_UNIT = "sonnx_fast_copy.c"
STREAM_INCLUDE = '"../../src/' + STREAM_UNIT + '"'  # the shim's #include of the unit


def stream_program(mdir, objs, base, args):
    """Builds mdir/stream (the stream stage on the mutant's kernel unit); (exe, None) or
    (None, error text)."""
    unit = os.path.join(mdir, "src", STREAM_UNIT)
    if not os.path.exists(unit):
        unit = os.path.join(ROOT, "src", STREAM_UNIT)
    text = open(os.path.join(ROOT, STREAM_SHIM), encoding="utf-8").read()
    if text.count(STREAM_INCLUDE) != 1:  # else the stage would test the unmutated unit
        return None, "%s does not include %s once" % (STREAM_SHIM, STREAM_INCLUDE)
    shim = os.path.join(mdir, "stream_shim.c")
    open(shim, "w", encoding="utf-8").write(text.replace(STREAM_INCLUDE, '"' + unit + '"'))
    shim_obj = os.path.join(mdir, "stream_shim.o")
    code, out = sh([args.cc] + shlex.split(args.cflags) + ["-I" + os.path.join(ROOT, "tests", "stream"),
                   "-I" + os.path.join(ROOT, "src"), "-c", shim, "-o", shim_obj])
    if code != 0:
        return None, "stream shim does not compile: " + out[-1500:]
    exe = os.path.join(mdir, STREAM)
    tobjs = sorted(os.path.join(base, STREAM, o) for o in os.listdir(os.path.join(base, STREAM)))
    others = [o for o in objs if os.path.basename(o) != STREAM_UNIT[:-2] + ".o"]
    code, out = sh([args.cxx] + tobjs + [shim_obj] + others + ["-o", exe])
    if code != 0:
        return None, "stream tests do not link: " + out[-1500:]
    return exe, None


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
    for path in shlex.split(args.stream_tests):
        tasks.append(([args.cxx] + shlex.split(args.cxxflags) + ["-Itests/stream", "-c", path],
                      os.path.join(base, STREAM, os.path.basename(path)[:-4] + ".o")))

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
    for name, _, link, argv in PROGRAMS + [(STREAM, None, [], [])]:
        exe = os.path.join(mdir, name)
        if name == STREAM:
            exe, err = stream_program(mdir, objs, base, args)
            if err:
                return {"status": "error", "detail": err}
        else:
            tobjs = sorted(os.path.join(base, name, o) for o in os.listdir(os.path.join(base, name)))
            code, out = sh([args.cxx] + tobjs + objs + link + ["-o", exe])
            if code != 0:
                return {"status": "error", "detail": "does not link: " + out[-1500:]}
        start = time.time()
        code, out = sh([exe] + argv, timeout=TEST_TIMEOUT)
        open(exe + ".log", "w").write(out)
        fails = re.findall(r"TEST CASE:\s+(.+)", out) if name in ("doctest", STREAM) else []
        results[name] = {"exit": code, "seconds": round(time.time() - start, 1),
                         "failed_cases": sorted(set(fails))[:10]}
    killers = sorted(n for n, r in results.items() if r["exit"] != 0)
    return {"status": "killed" if killers else "survived", "killed_by": killers,
            "programs": results}


# ---- one mutant


# ---- WP verdicts kept across runs
# A mutant's WP verdict depends only on its catalogue entry, the sources WP reads and the proof
# setup. It is kept (build/mutants/m/<id>/wp-verdict.json as soon as it is known; `make
# mutants-keep` gathers them into the committed proofs/mutants/wp-verdicts.json) with the digest
# of exactly those inputs, and reused while the digest is the same: the WP column takes hours,
# more than one session, and a verdict made on the same inputs is the same verdict. Any change
# to those inputs, the flags, timeouts, provers or tool versions, or to WP_METHOD, runs it
# again.
# The sources WP reads for the mutated function: its unit and the units of its direct callers
# (the second stage's), whole; every header of src/ and spec/acsl/; and, of every other unit of
# src/, its interface (interface_of: the contracts of its functions with external linkage and
# its ACSL annotations). WP is modular: the goals of a function are built from its own body and
# from the contracts of what it calls, never from another function's body, and no other unit
# can call a static function or see a unit's macros. A change inside sonnx_fast_copy.c (bodies,
# static helpers, comments, the attributes of FRAMAC_EMPTY) then runs the WP column again for
# the mutants of that unit and of the functions it calls in another unit, not for all of them.
# The tests column is cheap (minutes for all) and always runs.
KEPT = os.path.join(ROOT, "proofs", "mutants", "wp-verdicts.json")
WP_METHOD = ("wp on the function, then on its direct callers if it survives; baseline on failed_in; "
             "wp.sh provers z3,cvc4,z3-lean; limits x2 by wp_flags.sh (wall-clock), at least 2 prover slots")


def tool_versions():
    return "|".join(sh(c)[1].strip() for c in (["frama-c", "-version"], ["why3", "--version"],
                                                ["z3", "--version"], ["cvc4", "--version"]))


@functools.lru_cache(maxsize=None)
def defining_units(src_files):
    """{C function: the first unit of src_files (a tuple) that defines it}, parsed once: the
    units are the repository's src/, which no mutant edits (each has its own copy)."""
    where = {}
    for path in src_files:
        for name in c_bodies(open(path, encoding="utf-8").read()):
            where.setdefault(name, path)
    return where


def unit_of(function, src_files):
    """The unit of src_files that defines the C function, or None."""
    return defining_units(tuple(src_files)).get(function)


def wp_digest(m, versions, callers, src_files):
    """The digest of the inputs that decide m's WP verdict (the comment above)."""
    h = hashlib.sha256(json.dumps(m, sort_keys=True).encode())
    h.update((WP_METHOD + "|" + versions + "|timeout " + os.environ.get("WP_TIMEOUT", "20")).encode())
    up = callers.get(m["function"], [])
    h.update(("callers " + ",".join(up)).encode())
    whole = {os.path.join(ROOT, m["file"])} | {unit_of(f, src_files) for f in up}
    for path in sorted(src_files):
        text = open(path, encoding="utf-8").read()
        h.update(os.path.relpath(path, ROOT).encode()
                 + (text if path in whole else interface_of(text)).encode())
    for d in ("src", "spec/acsl", "proofs/why3"):
        for base_dir, dirs, names in sorted(os.walk(os.path.join(ROOT, d))):
            dirs.sort()
            for f in sorted(names):
                path = os.path.join(base_dir, f)
                if not path.endswith(".c"):
                    h.update(os.path.relpath(path, ROOT).encode() + open(path, "rb").read())
    for f in ("proofs/wp_flags.sh", "proofs/timeouts.txt", "proofs/eager.txt"):
        h.update(f.encode() + open(os.path.join(ROOT, f), "rb").read())
    return h.hexdigest()


def src_units():
    return sorted(os.path.join(ROOT, "src", f) for f in os.listdir(os.path.join(ROOT, "src"))
                  if f.endswith(".c"))


def kept_verdict(m, digest):
    """The WP verdict of m made from the same inputs: this build's, else the committed one."""
    local = os.path.join(OUT, "m", m["id"], "wp-verdict.json")
    for path, where in ((local, "this build"), (KEPT, "proofs/mutants/wp-verdicts.json")):
        if os.path.exists(path):
            v = json.load(open(path))
            v = v if path == local else v.get(m["id"], {})
            if v.get("wp_digest") == digest:
                return v, where
    return None, None


def keep():
    """Gathers this build's WP verdicts into proofs/mutants/wp-verdicts.json (make mutants-keep);
    a committed verdict whose inputs have changed since is dropped."""
    versions = tool_versions()
    units = src_units()
    framac_empty(units)
    callers = call_graph(units)
    cat = {m["id"]: m for m in json.load(open(CATALOGUE, encoding="utf-8"))}
    kept = json.load(open(KEPT)) if os.path.exists(KEPT) else {}
    out, fresh = {}, 0
    for mid, m in cat.items():
        digest = wp_digest(m, versions, callers, units)
        local = os.path.join(OUT, "m", mid, "wp-verdict.json")
        if os.path.exists(local) and json.load(open(local)).get("wp_digest") == digest:
            out[mid] = json.load(open(local))
            fresh += 1
        elif kept.get(mid, {}).get("wp_digest") == digest:
            out[mid] = kept[mid]
    json.dump(out, open(KEPT, "w"), indent=1, sort_keys=True)
    print("proofs/mutants/wp-verdicts.json: %d of %d mutants have a WP verdict for today's inputs "
          "(%d from this build)" % (len(out), len(cat), fresh))


def run_mutant(m, base, why3conf, args, callers, par, digest, commit):
    mdir = os.path.join(OUT, "m", m["id"])
    verdict, where = kept_verdict(m, digest)
    shutil.rmtree(os.path.join(mdir, "src"), ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "src"), os.path.join(mdir, "src"))
    path = os.path.join(mdir, m["file"])
    text = open(path, encoding="utf-8").read()
    if text.count(m["old"]) != 1:
        return {"id": m["id"], "error": "`old` occurs %d times in %s" % (text.count(m["old"]), m["file"])}
    open(path, "w", encoding="utf-8").write(text.replace(m["old"], m["new"]))
    rec = {"id": m["id"], "category": m["category"], "req": m["req"], "file": m["file"],
           "function": m["function"]}
    start = time.time()
    if args.tests_only:
        rec["wp"] = {"status": "not run"}
    elif verdict is not None:
        rec["wp"], rec["wp_made"] = verdict["wp"], "%s, kept in %s" % (verdict["made"], where)
    else:
        rec["wp"] = wp = mutant_wp(mdir, m["function"], callers.get(m["function"], []), why3conf, par)
        if wp["status"] == "killed" and not wp["failed_in"]:
            wp["status"] = "error"
            wp["detail"] = "fewer goals proved, but no failed goal of these functions named in the log"
        elif wp["status"] == "killed":
            # The kill rests on the goals of failed_in: those functions, unmutated, must prove
            # every goal (the callers where nothing failed add nothing to the claim).
            base_wp = baseline_wp(wp["failed_in"], why3conf, par)
            wp["baseline"] = {k: base_wp.get(k) for k in ("status", "proved", "total", "functions")}
            if base_wp["status"] != "survived":   # unmutated: every goal must prove
                wp["status"] = "error"
                wp["detail"] = "the unmutated functions leave goals unproved: %s" % base_wp.get(
                    "unproved", base_wp.get("detail"))
    rec["wp_seconds"] = round(time.time() - start, 1)
    if verdict is None and rec["wp"]["status"] in ("killed", "survived"):
        rec["wp_made"] = "%s, %s" % (commit, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
        json.dump({"wp_digest": digest, "wp": rec["wp"], "made": rec["wp_made"],
                   "wp_seconds": rec["wp_seconds"]}, open(os.path.join(mdir, "wp-verdict.json"), "w"), indent=1)
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
    for a in ("--cc", "--cflags", "--cxx", "--cxxflags", "--propflags", "--stream-tests"):
        ap.add_argument(a, required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--accept", action="store_true")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--wp-only", action="store_true")
    ap.add_argument("--tests-only", action="store_true")
    ap.add_argument("--jobs", type=int, default=1,
                    help="mutants run side by side; WP's -wp-par is the cores divided among them")
    args = ap.parse_args()
    if args.keep:
        keep()
        return 0
    if args.accept:
        shutil.copy(os.path.join(OUT, "results.json"), ACCEPTED)
        print("proofs/mutants/results.json updated from build/mutants/results.json")
        keep()
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
    src_files = src_units()
    framac_empty(src_files)
    callers = call_graph(src_files)
    jobs = max(1, args.jobs)
    par = max(2, (os.cpu_count() or 2) // jobs)  # at least 2: the provers race (see --jobs above)
    passed, failed = 0, 0

    versions = tool_versions()

    def one(m):
        return run_mutant(m, base, why3conf, args, callers, par,
                          wp_digest(m, versions, callers, src_files), commit)

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        futures = {ex.submit(one, m): m for m in todo}
        for fut in concurrent.futures.as_completed(futures):
            m, r = futures[fut], fut.result()
            ok = ("error" not in r and r["wp"]["status"] in ("killed", "not run")
                  and r["tests"]["status"] in ("killed", "not run"))
            passed, failed = passed + ok, failed + (not ok)
            print("%d %d mutant %s: WP %s, tests %s%s" % (
                ok, not ok, m["id"], r.get("wp", {}).get("status", r.get("error")),
                r.get("tests", {}).get("status", "-"),
                " (WP verdict kept: %s)" % r["wp_made"] if "kept in" in r.get("wp_made", "") else ""), flush=True)
    order = {m["id"]: i for i, m in enumerate(todo)}
    results = sorted((f.result() for f in futures), key=lambda r: order[r["id"]])
    digest = hashlib.sha256(open(CATALOGUE, "rb").read()).hexdigest()[:16]
    json.dump({"commit": commit, "catalogue_sha256": digest, "partial": bool(only),
               "mutants": results}, open(os.path.join(OUT, "results.json"), "w"), indent=1)
    open(os.path.join(OUT, "matrix.md"), "w").write(matrix(results, commit))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

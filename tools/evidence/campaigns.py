"""Section 9: the two long runs that are not stages of `make check` (issue 31 items 4 and 5),
read from their committed records:
  - the mutation analysis, proofs/mutants/results.json (`make mutants`, then
    `make mutants-accept`): each mutant of proofs/mutants/catalogue.json must be killed by WP
    and by the tests. A survivor is RED; no record, a partial one or one made from another
    catalogue is OPEN.
  - the fuzz campaign, tests/fuzz/campaign.txt (`make fuzz-campaign`, its verdict lines kept
    with the commit and the run count): every target of tests/fuzz/fuzz.mk must pass with at
    least 10^7 executions. A failed or short target is RED; no record is OPEN.
A record speaks for the tree it was made on. Each is compared with the record's commit (git):
  - mutation analysis: src/ and spec/acsl/ byte for byte (the catalogue edits that text and WP
    reads its ACSL); a change is OPEN. A change to the test programs since is named, not OPEN:
    it cannot turn a killed mutant into a survivor unless it removes a test, and it is in view.
  - fuzz campaign: every translation unit the targets compile (src/*.c, tests/fuzz/fuzz_*.cpp)
    as the compiler sees it (gcc -E: no ACSL, ghost code or comment, which never reach the
    objects), and tests/fuzz/outcomes.txt; a change is OPEN. The flags of tests/fuzz/fuzz.mk
    are not compared."""
import collections
import fnmatch
import glob
import hashlib
import json
import os
import re
import subprocess

from .common import OK, OPEN, RED, ROOT, md_table, read, short

MUTANTS = os.path.join(ROOT, "proofs", "mutants", "results.json")
CATALOGUE = os.path.join(ROOT, "proofs", "mutants", "catalogue.json")
CAMPAIGN = os.path.join(ROOT, "tests", "fuzz", "campaign.txt")
MIN_EXECS = 10 ** 7  # issue 31 item 5


def changed_since(commit, patterns):
    """Files matching patterns (globs under ROOT) that differ between the commit and the working
    tree (added, removed or edited). None when git cannot tell (no repository, unknown commit)."""
    try:
        listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", commit], cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
    except OSError:
        return None
    if listed.returncode != 0:
        return None
    # a glob's * stops at /: the same depth, as glob.glob reads today's tree
    then = {f for f in listed.stdout.split()
            if any(fnmatch.fnmatch(f, p) and f.count("/") == p.count("/") for p in patterns)}
    now = set()
    for p in patterns:
        now |= {os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, p))}
    out = sorted(then ^ now)
    for f in sorted(then & now):
        old = subprocess.run(["git", "show", f"{commit}:{f}"], cwd=ROOT, capture_output=True, timeout=60).stdout
        new = open(os.path.join(ROOT, f), "rb").read()
        if old != new:
            out.append(f)
    return sorted(out)


def compiled_changes(commit, units):
    """Translation units (globs: src/*.c, tests/fuzz/fuzz_*.cpp) whose preprocessed text
    (gcc -E -P, without __FRAMAC__, so no ACSL, ghost code or comment) differs between the commit
    and the working tree, or that exist in only one. None when git or the compiler cannot tell."""
    import tarfile
    import tempfile
    with tempfile.TemporaryDirectory() as old_root:
        try:
            arch = subprocess.run(["git", "archive", "--format=tar", commit, "src", "tests", "spec"],
                                  cwd=ROOT, capture_output=True, timeout=120)
        except OSError:
            return None
        if arch.returncode != 0:
            return None
        tar_path = os.path.join(old_root, "old.tar")
        open(tar_path, "wb").write(arch.stdout)
        with tarfile.open(tar_path) as t:
            t.extractall(old_root)

        def unit_text(root, unit):
            path = os.path.join(root, unit)
            if not os.path.exists(path):
                return None
            cc = ["gcc", "-std=c11"] if unit.endswith(".c") else ["g++", "-std=c++20"]
            p = subprocess.run(cc + ["-E", "-P", "-Isrc", unit], cwd=root, capture_output=True,
                               text=True, timeout=120)
            return " ".join(p.stdout.split()) if p.returncode == 0 else "(does not preprocess)"

        names = set()
        for pattern in units:
            for root in (ROOT, old_root):
                names |= {os.path.relpath(f, root) for f in glob.glob(os.path.join(root, pattern))}
        return sorted(u for u in names if unit_text(ROOT, u) != unit_text(old_root, u))


def fuzz_targets():
    text = read(os.path.join(ROOT, "tests", "fuzz", "fuzz.mk"))
    m = re.search(r"^FUZZ_TARGETS\s*:=\s*((?:.*\\\n)*.*)$", text, re.M)
    return m.group(1).replace("\\\n", " ").split() if m else []


def mutation_section(red):
    md = ["### 9.1 Mutation analysis (`make mutants`)", ""]
    cat = json.load(open(CATALOGUE, encoding="utf-8"))
    digest = hashlib.sha256(open(CATALOGUE, "rb").read()).hexdigest()[:16]
    if not os.path.exists(MUTANTS):
        red.append(("mutation", OPEN + ": proofs/mutants/results.json missing (make mutants not run and accepted)"))
        md.append(f"**{OPEN}**: no accepted run. proofs/mutants/catalogue.json holds {len(cat)} mutants; "
                  "`make mutants` then `make mutants-accept` records their kills "
                  "(proofs/mutants/README.md says what has been measured so far).")
        md.append("")
        return md
    res = json.load(open(MUTANTS, encoding="utf-8"))
    if res.get("catalogue_sha256") != digest or res.get("partial"):
        red.append(("mutation", OPEN + ": proofs/mutants/results.json is partial or from another catalogue"))
        md.append(f"**{OPEN}**: the accepted run is partial or was made from another catalogue "
                  f"(its sha256 {res.get('catalogue_sha256')}, today's {digest}).")
        md.append("")
    commit = res.get("commit", "?")
    stale = changed_since(commit, ["src/*", "spec/acsl/*"])
    if stale is None or stale:
        what = "git cannot compare it with today's tree" if stale is None else "changed since: " + ", ".join(stale)
        red.append(("mutation", f"{OPEN}: the accepted run was made at {commit}; src/ or spec/acsl/ {what}"))
        md.append(f"**{OPEN}**: the accepted run was made at commit `{commit}`, and src/ or spec/acsl/ "
                  f"is not the same today ({what}). Run `make mutants` again.")
        md.append("")
    else:
        tests = changed_since(commit, ["tests/*.cpp", "tests/*.hpp", "properties/*"]) or []
        md.append(f"src/ and spec/acsl/ are byte for byte those of `{commit}`. Test programs changed since: "
                  + (", ".join(tests) if tests else "none") + ".")
        md.append("")
    rows, per_cat = [], collections.defaultdict(lambda: [0, 0, 0])
    for r in res.get("mutants", []):
        wp = r.get("wp", {}).get("status", r.get("error", "error"))
        ts = r.get("tests", {}).get("status", r.get("error", "error"))
        c = per_cat[r.get("category", "?")]
        c[0] += 1
        c[1] += wp == "killed"
        c[2] += ts == "killed"
        if wp != "killed" or ts != "killed":
            red.append(("mutation", f"{RED}: mutant {r['id']} not killed (WP {wp}, tests {ts})"))
        rows.append([f"`{r['id']}`", r.get("category", ""), r.get("req", ""), f"`{r.get('function', '')}`",
                     OK + f" ({', '.join(r['wp'].get('failed_in', []))})" if wp == "killed" else f"{RED} ({wp})",
                     OK + f" ({', '.join(r['tests'].get('killed_by', []))})" if ts == "killed" else f"{RED} ({ts})"])
    made = collections.Counter(r.get("wp_made", "?").split(",")[0] for r in res.get("mutants", []))
    md.append("WP verdicts made at: " + ", ".join(f"`{c}` ({n})" for c, n in sorted(made.items())) +
              " (tools/mutants/run.py reuses a verdict only while the digest of its inputs is the same: "
              "src/'s headers, spec/acsl/, proofs/why3/, the proof flags and limits, the mutated "
              "function's unit and its callers' units whole, "
              "and every other unit of src/ by its interface, the contracts and signatures of its "
              "external functions and its ACSL annotations).")
    md.append("")
    md.append(f"Run at commit `{res.get('commit')}` on the catalogue of sha256 `{res.get('catalogue_sha256')}`. "
              "WP runs the mutated function, then its direct callers only if every goal of it proves, and "
              "kills where a goal of those is left unproved and the unmutated functions prove every goal; "
              "the tests kill where doctest, a RapidCheck program or the "
              "NumPy differential fails (tools/mutants/run.py).")
    md.append("")
    md.append(md_table(["category", "mutants", "killed by WP", "killed by the tests"],
                       [[k, v[0], v[1], v[2]] for k, v in sorted(per_cat.items())]))
    md.append("")
    md.append(md_table(["mutant", "category", "requirement", "function", "WP (where)", "tests (which)"], rows))
    md.append("")
    return md


def campaign_section(red):
    md = ["### 9.2 Fuzz campaign (`make fuzz-campaign`)", ""]
    targets = fuzz_targets()
    if not os.path.exists(CAMPAIGN):
        red.append(("fuzz campaign", OPEN + ": tests/fuzz/campaign.txt missing (make fuzz-campaign not recorded)"))
        md.append(f"**{OPEN}**: no recorded campaign ({len(targets)} targets, {MIN_EXECS} executions each).")
        md.append("")
        return md
    text = read(CAMPAIGN)
    meta = dict(re.findall(r"^# (\w+): (.*)$", text, re.M))
    seen, rows = {}, []
    for m in re.finditer(r"^([01]) ([01]) fuzz (\w+): (\d+) executions(.*)$", text, re.M):
        ok, name, execs, rest = m.group(1) == "1", m.group(3), int(m.group(4)), m.group(5)
        seen[name] = ok and execs >= MIN_EXECS
        outcomes = re.search(r"outcomes \(([^)]*)\): (.*)$", rest)
        rows.append([f"`{name}`", execs, OK if seen[name] else RED,
                     short(outcomes.group(1) + ": " + outcomes.group(2), 200) if outcomes else short(rest, 200)])
    for t in targets:
        if not seen.get(t):
            red.append(("fuzz campaign", f"{RED}: target {t} " + ("failed or ran fewer than 10^7 inputs"
                                                                   if t in seen else "missing from the record")))
    commit = meta.get("commit", "?")
    stale = compiled_changes(commit, ["src/*.c", "tests/fuzz/fuzz_*.cpp"])
    outcomes = changed_since(commit, ["tests/fuzz/outcomes.txt"])
    stale = None if stale is None or outcomes is None else stale + outcomes
    if stale is None or stale:
        what = "git cannot compare it with today's tree" if stale is None else "code changed since: " + ", ".join(stale)
        red.append(("fuzz campaign", f"{OPEN}: the campaign ran at {commit}; {what}"))
        md.append(f"**{OPEN}**: the campaign ran at commit `{commit}`; {what}. Run `make fuzz-campaign` again.")
    else:
        md.append(f"Every translation unit of the targets (src/*.c, tests/fuzz/fuzz_*.cpp), preprocessed as the "
                  f"compiler sees it, and tests/fuzz/outcomes.txt are those of `{commit}` (ACSL, ghost code and "
                  "comments are not compared: they do not reach the objects).")
    md.append("")
    md.append(f"Recorded in tests/fuzz/campaign.txt: commit `{meta.get('commit', '?')}`, {meta.get('date', '?')}, "
              f"FUZZ_RUNS={meta.get('runs', '?')}, {meta.get('machine', '?')}. Each line is tools/fuzz_verdict.py's "
              "verdict: libFuzzer exited 0, the executed count is at least FUZZ_RUNS, no mismatch against the "
              "reference and no sanitizer report, and every outcome of tests/fuzz/outcomes.txt reached.")
    md.append("")
    md.append(md_table(["target", "executions", "verdict", "outcomes reached"], rows))
    md.append("")
    return md


def report_section(m, red):
    md = ["## 9. Long runs: mutation analysis and fuzz campaign", "",
          "Neither is a stage of `make check` (hours of CPU); each is read from the record its run commits."]
    md.append("")
    md += mutation_section(red)
    md += campaign_section(red)
    return md

"""Proofs: the WP results of this run (build/proofs/, written by proofs/wp.sh and
tools/wp_summary.py), the checks that no goal is admitted or assumed away, and the report's
proof section. A function counts as proved only when WP's results give proved == total."""
import json
import os
import re

from .common import BUILD, OK, OPEN, RED, ROOT, files, md_table, read, rel, sh, short
from .sources import doc_comment_above


# ---------------------------------------------------------------------------
# Proofs
# ---------------------------------------------------------------------------

def load_proofs():
    """Per-function WP results: this run's (build/proofs/results.json, written by
    tools/wp_summary.py from WP's JSON report), else the committed proofs/results.json
    (EVIDENCE_PROOFS=reuse with no run here: shown, never fresh), and the run's files."""
    out = {"source": None, "functions": {}, "open": {}, "lemmas": {}, "log": "", "command": "",
           "versions": "", "wall": None, "fresh": False}
    wp_json = os.path.join(BUILD, "proofs", "wp.json")
    run_results = os.path.join(BUILD, "proofs", "results.json")
    results = run_results if os.path.exists(run_results) else os.path.join(ROOT, "proofs", "results.json")
    out["stale"] = []
    if os.path.exists(wp_json) and results == run_results and os.path.getmtime(results) >= os.path.getmtime(wp_json) - 1:
        out["fresh"] = True
        # the run must be of the current sources: none edited after WP's report was written
        started = os.path.getmtime(os.path.join(BUILD, "proofs", "command.txt")) \
            if os.path.exists(os.path.join(BUILD, "proofs", "command.txt")) else os.path.getmtime(wp_json)
        out["stale"] = [rel(p) for p in files("src/*.h", "src/*.c", "spec/acsl/*.h", "proofs/open-goals.txt")
                        if os.path.getmtime(p) > started]
        if out["stale"]:
            out["fresh"] = False
    if os.path.exists(results):
        data = json.load(open(results, encoding="utf-8"))
        out["source"] = rel(results)
        out["functions"] = data.get("functions", {})
        out["open"] = data.get("open_functions", {})
        out["lemmas"] = data.get("lemmas", {})
        out["has_lemma_run"] = "lemmas" in data
    for key, name in (("log", "wp.log"), ("command", "command.txt"), ("versions", "versions.txt"),
                      ("lemma_log", "lemmas.log")):
        p = os.path.join(BUILD, "proofs", name)
        out[key] = read(p) if os.path.exists(p) else ""
    p = os.path.join(BUILD, "proofs", "wall-seconds.txt")
    out["wall"] = read(p).strip() if os.path.exists(p) else None
    return out


def without_plain_comments(text):
    """The text with its C comments blanked, ACSL annotations (/*@ ... */, //@) kept, line
    numbers kept: the grep checks below then read code and ACSL, not prose about them
    (a comment saying "no axiom" is not an axiom)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i) and not text.startswith("/*@", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i) and not text.startswith("//@", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def admitted_checks(proofs, logic):
    """Checks (not claims) that no goal is admitted or assumed away."""
    checks = []
    srcs = files("src/*.h", "src/*.c", "spec/acsl/*.h")
    hits = {"admit": [], "axiom": [], "check_only": [], "smoke": []}
    for path in srcs:
        for n, line in enumerate(without_plain_comments(read(path)).splitlines(), 1):
            code = line
            if re.search(r"\badmit\b", code):
                hits["admit"].append(f"{rel(path)}:{n}")
            if re.search(r"\baxiom\b|\baxiomatic\b", code):
                hits["axiom"].append(f"{rel(path)}:{n}")
            if re.search(r"\bcheck\s+(requires|ensures|invariant|assert)\b", code):
                hits["check_only"].append(f"{rel(path)}:{n}")
    checks.append(("no `admit` annotation in src/ and spec/acsl/ (grep)", not hits["admit"], ", ".join(hits["admit"]) or "none found"))
    checks.append(("no `axiom` or `axiomatic` block in src/ and spec/acsl/ (grep; definitions are `logic`/`predicate`, facts are proved `lemma`s)",
                   not hits["axiom"], ", ".join(hits["axiom"]) or "none found"))
    checks.append(("no `check`-only annotation (proved but not used as a hypothesis) standing in for a contract (grep)",
                   not hits["check_only"], ", ".join(hits["check_only"]) or "none found"))
    log = proofs.get("log", "")
    if log:
        bad = [l for l in log.splitlines() if re.search(r"Goal typed_\w+ : (?!Valid)\w+", l)]
        open_fns = set(proofs["open"])
        unlisted = [l for l in bad if not any(f"typed_{fn}_" in l for fn in open_fns)]
        admitted = [l for l in log.splitlines() if re.search(r"\b(Admit|Admitted|admit)\b", l) and "Goal" in l]
        checks.append(("no goal of the WP log has a status other than Valid (outside the functions open as a whole)",
                       not unlisted, f"{len(unlisted)} found" + (": " + "; ".join(unlisted[:5]) if unlisted else "")))
        checks.append(("no goal of the WP log is admitted", not admitted, f"{len(admitted)} found"))
        smoke = re.search(r"-wp-smoke|-wp-admit", proofs.get("command", ""))
        checks.append(("the WP command line has no option that admits goals (`-wp-admit`, ...)", not smoke,
                       proofs.get("command", "").strip().splitlines()[0][:60] + " ..."))
    else:
        checks.append(("the WP log of this run is present (build/proofs/wp.log)", False, "missing: run `make proofs`"))
    # assumes: every `assumes` belongs to a behavior (a case split checked by complete/disjoint)
    stray = []
    for path in srcs:
        text = read(path)
        for m in re.finditer(r"\bassumes\b", text):
            before = text[:m.start()]
            last_behavior = before.rfind("behavior ")
            last_end = max(before.rfind("*/"), before.rfind("@/"))
            if last_behavior < 0 or last_behavior < last_end:
                stray.append(f"{rel(path)}:{before.count(chr(10)) + 1}")
    checks.append(("every `assumes` clause belongs to a named behavior (no default-behavior escape); "
                   "the behaviors of each contract are `complete` and `disjoint` (goals proved above)",
                   not stray, ", ".join(stray) or "none outside a behavior"))
    if proofs.get("has_lemma_run"):
        unproved = [n for n, l in proofs["lemmas"].items() if l["proved"] < l["total"]]
        declared = sorted({d["name"] for d in logic if d["kind"] == "lemma"})
        missing = [n for n in declared if "lemma_" + n not in proofs["lemmas"]]
        checks.append(("every ACSL `lemma` of spec/acsl and src is a proved WP goal (run with -wp-prop=@lemma)",
                       not unproved and not missing,
                       f"{len(declared)} declared, {len(proofs['lemmas'])} proved goals"
                       + (f"; unproved: {unproved}" if unproved else "") + (f"; no goal: {missing}" if missing else "")))
    else:
        checks.append(("every ACSL `lemma` is a proved WP goal", False,
                       "no lemma run recorded in proofs/results.json (proofs/wp.sh older than issue 7)"))
    return checks


def report_section(m, red):
    """Section 2 of the report: goals per function and kind, lemmas, the no-admit checks,
    the tool versions and the WP command line."""
    md = []
    pr = m.proofs
    md.append("## 2. Proof results (Frama-C/WP)")
    md.append("")
    if not pr["source"]:
        md.append("RED: no proof results (proofs/results.json missing).")
        red.append(("proofs", "no results"))
    else:
        md.append(f"Read from `{pr['source']}` (written by tools/wp_summary.py from WP's JSON report "
                  f"`build/proofs/wp.json` and log `build/proofs/wp.log`)"
                  + ("; the WP run started after the last edit of src/, spec/acsl/ and proofs/open-goals.txt."
                     if pr["fresh"] else
                     (f"; **RED: sources edited after the WP run started: {', '.join(pr['stale'])}**" if pr["stale"] else
                      "; **no WP report of this run: the committed results are shown** (EVIDENCE_PROOFS=reuse or "
                      "`make proofs` not run).")))
        if not pr["fresh"]:
            red.append(("proofs", "results not produced by a WP run of the current sources"
                        + (f" ({', '.join(pr['stale'])} edited since)" if pr["stale"] else "")))
        md.append("")
        kinds = ["postcondition", "assigns", "loop invariant", "loop variant", "rte", "assertion",
                 "call precondition", "behaviours", "other"]
        rows = []
        tp = tt = 0
        tsec = 0.0
        for fn in sorted(set(pr["functions"]) | set(pr["open"])):
            if fn in pr["open"]:
                rows.append([f"`{fn}`", OPEN, "-", "-", "-", "-"] + ["-"] * len(kinds))
                continue
            e = pr["functions"][fn]
            tp += e["proved"]
            tt += e["total"]
            tsec += e.get("seconds", 0.0)
            v = OK if e["proved"] == e["total"] else RED
            if v == RED:
                red.append(("proofs", f"{fn}: {e['proved']}/{e['total']}"))
            provers = ", ".join(f"{k} {n}" for k, n in sorted(e.get("provers", {}).items()))
            rows.append([f"`{fn}`", v, f"{e['proved']}/{e['total']}", provers,
                         f"{e.get('seconds', '?')}", ""] +
                        [(f"{e['kinds'][k]['proved']}/{e['kinds'][k]['total']}" if k in e["kinds"] else "") for k in kinds])
        for row in rows:
            del row[5]
        # goals proved by the prover recorded for them (proofs/first-prover.txt): WP's goal line
        # says "[Script]" and gives no time, so the time column leaves them out
        first = len(re.findall(r"^\[wp\] \[Script\] Goal ", pr["log"] + pr.get("lemma_log", ""), re.M))
        md.append(f"**{tp}/{tt} goals proved** in {len(pr['functions'])} functions (prover time {tsec:.1f} s, summed "
                  f"from the goal lines of build/proofs/wp.log: the time of the prover that proved each goal, or of "
                  f"Qed for goals Qed proves alone; cached results keep the time of the run that proved them"
                  + (f"; {first} goals were proved by the prover that proved them in the last accepted run, tried "
                     f"first (proofs/first-prover.txt, tools/wp_first_prover.py), and WP logs no time for them"
                     if first else "")
                  + (f", wall time of the run {pr['wall']} s" if pr["wall"] else "") + f"); "
                  f"**{len(pr['open'])} functions OPEN** (listed whole in proofs/open-goals.txt, not run).")
        md.append("")
        md.append(md_table(["function", "verdict", "proved/total", "goals by prover", "prover s"] + kinds, rows))
        md.append("")
        for fn, why in sorted(pr["open"].items()):
            md.append(f"- OPEN `{fn}`: {short(why, 300)}")
            red.append(("proofs", f"{fn} open"))
        md.append("")
        md.append("### ACSL lemmas and lemma functions")
        md.append("")
        lrows = []
        for d in m.logic:
            if d["kind"] != "lemma":
                continue
            res = pr["lemmas"].get("lemma_" + d["name"])
            st = f"{res['proved']}/{res['total']} ({', '.join(res['provers'])})" if res else "no goal (RED)"
            if not res or res["proved"] < res["total"]:
                red.append(("proofs", f"ACSL lemma {d['name']} not proved"))
            lrows.append([f"`{d['name']}`", f"{d['file']}:{d['line']}", "ACSL lemma", st, short(" ".join(d["comment"]), 200)])
        for fname, fn in sorted(m.functions.items()):
            if not fname.startswith("lemma_"):
                continue
            f0 = fn["decls"][0]
            instances = [k for k in pr["functions"] if k == fname or re.fullmatch(re.escape(fname) + r"_\d+", k)]
            st = ", ".join(f"{k} {pr['functions'][k]['proved']}/{pr['functions'][k]['total']}" for k in instances) \
                or (OPEN if fname in pr["open"] else "no WP result")
            why = doc_comment_above(f0)
            lrows.append([f"`{fname}`", f"{f0['file']}:{f0['line']}", "lemma function (ghost C function whose contract is the fact)", st, short(why, 200)])
        md.append(md_table(["name", "where", "kind", "WP", "justification (its comment)"], lrows))
        md.append("")
        md.append("### No admitted goal: checks")
        md.append("")
        crow = []
        for what, ok, detail in admitted_checks(pr, m.logic):
            crow.append([OK if ok else RED, what, detail])
            if not ok:
                red.append(("proofs", what))
        md.append(md_table(["verdict", "check", "found"], crow))
        md.append("")
        md.append("### Tool versions and options")
        md.append("")
        md.append("```")
        md.append((pr["versions"].strip() or "(build/proofs/versions.txt missing: versions now) \n" + sh(
            "frama-c -version; why3 --version; z3 --version; cvc4 --version | head -1")))
        md.append("")
        md.append(pr["command"].strip() or "(build/proofs/command.txt missing)")
        md.append("```")
        md.append("")
    return md

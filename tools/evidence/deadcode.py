"""Dead and deactivated code: the coverage of src/ (section 4's figures, every point not covered
justified or RED) and WP's smoke tests, when a run wrote them.

Smoke tests (`-wp-smoke-tests`) ask a prover to prove `false` at each precondition set and
each reachable point: a success means inconsistent preconditions or unreachable code.
`make proofs` runs them after proofs/wp.sh (proofs/smoke.sh: cvc4 with a 100000-step limit per
goal; all of WP's smoke kinds; tools/smoke_summary.py matches the findings with
proofs/smoke-justifications.txt) and writes build/proofs/smoke.json:
    {"command": "frama-c ... -wp-smoke-tests ...",
     "goals": <smoke goals tried>,
     "findings": [{"function": F, "where": "src/FILE:LINE", "kind": "dead code" | "inconsistent
                   precondition" | ..., "justification": "why it is expected" or null}],
     "problems": [why the run is not to be trusted, e.g. a goal that is not a smoke test ran]}
No file: the section says "not run", which fails `make evidence` when smoke tests are mandatory
(EVIDENCE_SMOKE=required, make evidence's default; evidence.py --smoke-required).
A finding without a justification is RED; an unreadable file is RED."""
import json
import os

from .common import BUILD, OK, RED, md_table, pct
from .coverage import coverage_totals

SMOKE = os.path.join(BUILD, "proofs", "smoke.json")


def load_smoke():
    """None (not run), or {"goals", "findings", "command"}, or {"error": why}."""
    if not os.path.exists(SMOKE):
        return None
    try:
        data = json.load(open(SMOKE, encoding="utf-8"))
        goals = int(data["goals"])
        findings = list(data["findings"])
        for f in findings:
            if not isinstance(f, dict) or "where" not in f:
                raise ValueError("a finding without `where`")
    except (OSError, ValueError, KeyError, TypeError) as e:
        return {"error": f"{type(e).__name__}: {e}"}
    return {"goals": goals, "findings": findings, "command": str(data.get("command", "")),
            "problems": [str(p) for p in data.get("problems", [])]}


def report_section(m, red, smoke_required=False):
    md = ["## 7. Dead and deactivated code", ""]
    md.append("Code no test reaches and code no execution can reach. Coverage (section 4) shows the first: every "
              "statement, branch and MC/DC condition of src/ is covered or justified one by one in "
              "spec/coverage-justifications.md. WP's smoke tests show the second: a precondition set that is "
              "inconsistent (so every goal under it holds vacuously) or a point no execution reaches.")
    md.append("")
    if m.cov_items is None or m.gcov is None or m.mcdc is None:
        md.append("Coverage: not measured (RED in section 4).")
    else:
        tot = coverage_totals(m.cov_items)
        md.append(md_table(["metric", "points", "covered", "justified (unreachable by a test, reason given)",
                            "uncovered, unjustified"],
                           [[k, t["total"], f"{t['covered']} ({pct(t['covered'], t['total'])})", t["justified"],
                             (RED + " " if t["uncovered"] else "") + str(t["uncovered"])] for k, t in tot.items()]))
    md.append("")
    sm = load_smoke()
    m.smoke = sm   # for the summary
    md.append("### WP smoke tests")
    md.append("")
    if sm is None:
        md.append("**Not run**: no build/proofs/smoke.json (`make proofs` runs them: proofs/smoke.sh). "
                  "Nothing in this report shows that no precondition is inconsistent or that no code is "
                  "unreachable; coverage shows only what the tests reach. "
                  + ("Smoke tests are declared mandatory (EVIDENCE_SMOKE=required): RED."
                     if smoke_required else "Not required for this report (EVIDENCE_SMOKE=required would make "
                                            "their absence fail it)."))
        if smoke_required:
            red.append(("dead code", "WP smoke tests not run (EVIDENCE_SMOKE=required)"))
    elif "error" in sm:
        md.append(f"RED: build/proofs/smoke.json unreadable ({sm['error']}); format in tools/evidence/deadcode.py.")
        red.append(("dead code", "smoke.json unreadable"))
    else:
        bad = [f for f in sm["findings"] if not f.get("justification")]
        md.append(f"build/proofs/smoke.json: {sm['goals']} smoke goals, {len(sm['findings'])} findings, "
                  f"{len(bad)} without justification." + (f" Command: `{sm['command']}`." if sm["command"] else ""))
        md.append("")
        md.append("What a passed smoke goal shows, and what it does not: cvc4 found no proof of `false` within "
                  "its step limit (proofs/smoke.sh, SMOKE_STEPS); an inconsistency that needs a longer search "
                  "is not excluded. WP puts no dead-code goal on a statement that is no instruction (a bare "
                  "`return;` of a void function, a `break`), so such dead code is not looked for; coverage "
                  "(section 4) still shows whether a test reaches it. Two kinds are not run, for CI time "
                  "(proofs/smoke.sh says why): dead_call (a call whose callee never returns; every callee is "
                  "proved against its own postcondition with loop variants, and code after a call still has "
                  "its dead-code goals) and dead_local_init.")
        md.append("")
        for p in sm.get("problems", []):
            md.append(f"RED: {p}")
            red.append(("dead code", f"smoke run: {p}"))
        if sm["findings"]:
            md.append(md_table(["verdict", "where", "function", "kind", "justification"],
                               [[OK if f.get("justification") else RED, f["where"], f.get("function", ""),
                                 f.get("kind", ""), f.get("justification") or "none"] for f in sm["findings"]]))
        for f in bad:
            red.append(("dead code", f"smoke finding at {f['where']} not justified"))
        if sm["goals"] == 0:
            red.append(("dead code", "smoke run with 0 goals"))
            md.append("RED: a smoke run with no goal shows nothing.")
    md.append("")
    return md

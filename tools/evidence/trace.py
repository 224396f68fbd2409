"""Traceability: every requirement -> contract (or documented rule) -> WP goals -> tests that
ran and passed -> coverage. The Model gathers what each column reads; row_status turns it into
the verdict of each cell (rules in spec/README.md). `make trace` (trace_stage) checks the
contract and tests columns; the report (report_section) adds proofs and coverage."""
import os
import re

from . import coverage as cov_mod
from . import proofs as proofs_mod
from .common import BUILD, OK, OPEN, RED, RULE, md_table, pct, rel, result_line, short, write_result, files, read
from .sources import (all_citations, c_model, logic_closure, parse_requirements, parse_rules)
from .tests import DOCTEST_XML, NUMPY_SOURCE, PROPERTY_RUNS, doctest_cases, doctest_results, property_results


class Model:
    """with_results: proofs and coverage of this run too (the report); with_tests: the test
    results of this run (the report and `make trace`): a test counts for its requirements only
    if its result shows it ran and passed; without them, tests are read from the sources."""
    def __init__(self, with_results, with_tests=None):
        with_tests = with_results if with_tests is None else with_tests
        self.with_tests = with_tests
        self.reqs = parse_requirements()
        self.defined = {r["id"] for r in self.reqs}
        self.citations = all_citations()
        self.functions, self.logic = c_model()
        self.via_logic, self.logic_ids = logic_closure(self.logic, self.functions)
        self.rules = parse_rules()
        self.cases = doctest_cases()
        self.with_results = with_results
        self.proofs = proofs_mod.load_proofs() if with_results else None
        self.case_results = doctest_results(DOCTEST_XML[0]) if with_tests else None
        threads = doctest_results(DOCTEST_XML[1]) if with_tests else None
        if self.case_results is not None and threads is not None:
            self.case_results.update(threads)
        self.props_src = self.source_properties()
        self.props = self.run_properties() if with_tests else None
        self.gcov = cov_mod.load_gcovr() if with_results else None
        self.mcdc = cov_mod.load_mcdc() if with_results else None
        self.justs = cov_mod.parse_justifications()
        self.cov_items = cov_mod.coverage_items(self.gcov, self.mcdc, self.justs) if with_results else None

    def source_properties(self):
        """Every property the sources declare, and the NumPy differential as one test of the
        IDs its source cites; ok None: no result read."""
        props = []
        for src, log in PROPERTY_RUNS:
            for path in files(src):
                for m in re.finditer(r'property\(\s*"([^"]*)",\s*"([^"]*)"', read(path)):
                    props.append({"ok": None, "name": m.group(2), "ids": m.group(1).split(), "cases": 0,
                                  "seed": "", "ms": 0, "log": log})
        ids = sorted({rid for f, n, cited in self.citations if f == NUMPY_SOURCE for rid in cited})
        if ids:
            props.append({"ok": None, "name": "numpy-diff: the NumPy differential cases of properties/numpy_cases.txt",
                          "ids": ids, "cases": 0, "seed": "", "ms": 0, "log": "numpy.txt"})
        return props

    def run_properties(self):
        """The declared properties with the results of this run's logs; one declared and absent
        from its log (a crash, a program not run) stays ok None: not run."""
        ran = {}
        for src, log in PROPERTY_RUNS:
            for p in property_results(os.path.join(BUILD, "results", log)) or []:
                ran[(log, p["name"])] = dict(p, log=log)
        out = []
        for p in self.props_src:
            if p["log"] == "numpy.txt":
                res = result_line("numpy")
                ok = None if res is None else (res[0] > 0 and res[1] == 0)
                out.append(dict(p, ok=ok, cases=res[0] + res[1] if res else 0))
            else:
                out.append(ran.pop((p["log"], p["name"]), p))
        return out + list(ran.values())   # run but not found in the sources: shown, counted

    def properties(self):
        return self.props if self.props is not None else self.props_src

    # -- per requirement --------------------------------------------------
    def trace(self, r):
        rid = r["id"]
        direct = {}
        for fname, fn in self.functions.items():
            for cid, kind, f, ln in fn["cites"]:
                if cid == rid:
                    direct.setdefault(fname, set()).add(kind)
        # a contract that cites the ID counts; only when none does, the contracts that use an
        # ACSL definition citing it (spec/README.md, rule of the contract column)
        via = {} if direct else self.via_logic.get(rid, {})
        contract_fns = sorted(set(direct) | set(via))
        tests = [c for c in self.cases if rid in c["ids"]]
        props = [p for p in self.properties() if rid in p["ids"]]
        other = [(f, n) for f, n, ids in self.citations if rid in ids and not f.startswith("tests/")
                 and not f.startswith("properties/")]
        return {"direct": direct, "via": via, "contract_fns": contract_fns, "tests": tests,
                "props": props, "other": other, "rule": self.rules.get(rid)}

    def rule_status(self, rule):
        """The named check of a rule, from its tool's result file or the property log."""
        kind, target = rule["kind"], rule["target"]
        if kind == "check":
            res = result_line(target)
            if res is None:
                return False, f"`{target}` not run (build/results/{target}.txt missing)"
            return res[1] == 0 and res[0] > 0, f"`make {target}`: {res[0]} passed, {res[1]} failed"
        if kind == "precondition":
            return True, "an ACSL precondition: checked by the proof of every caller, not executable"
        if kind == "property":
            names = [t.strip() for t in target.split(",")]
            props = self.properties()
            found = [p for p in props if any(p["name"].startswith(n + ":") or p["name"] == n for n in names)]
            if len(found) < len(names):
                return False, f"propert(y/ies) {target} not found in the run"
            if any(p["ok"] is None for p in found):
                return (False if self.with_tests else None), f"properties {target} (not run)"
            ok = all(p["ok"] for p in found)
            return ok, ", ".join(f"{p['name'].split(':')[0]} {'PASS' if p['ok'] else 'FAIL'} ({p['cases']} cases)" for p in found)
        if kind == "tested":
            # tested only: the tests that cite the ID are the whole evidence; each must have run and passed
            rid = rule["id"]
            cases = [c for c in self.cases if rid in c["ids"]]
            props = [p for p in self.properties() if rid in p["ids"]]
            if not cases and not props:
                return False, "tested only, but no test cites it"
            if self.case_results is None and cases:
                return (False if self.with_tests else None), \
                    f"tested only: {len(cases)} doctest cases, {len(props)} properties cite it (not run)"
            bad = sum(1 for c in cases if not (self.case_results.get((c["file"], c["line"])) or (False,))[0]) \
                + sum(1 for p in props if not p["ok"])
            return bad == 0, (f"tested only: {len(cases)} doctest cases and {len(props)} properties cite it, "
                              f"{bad} failed or not run")
        return False, f"unknown rule kind `{kind}`"

    def row_status(self, r, t):
        """(contract, proof, tests, coverage) cells with their verdicts; verdict OK/RED/RULE/OPEN."""
        rule = t["rule"]
        replaces = rule["replaces"] if rule else set()
        # contract
        if t["contract_fns"]:
            parts = []
            for fn in t["contract_fns"]:
                tag = ""
                if fn in t["direct"]:
                    tag = "" if "acsl" in t["direct"][fn] else " (doc comment)"
                else:
                    tag = " (via " + " > ".join(t["via"][fn]) + ")"
                parts.append(f"`{fn}`{tag}")
            contract = (OK, ", ".join(parts))
        elif "contract" in replaces:
            contract = (RULE, rule["evidence"])
        else:
            contract = (RED, "no contract cites it")
        # proof
        if t["contract_fns"]:
            if not self.with_results:
                proof = (OK, "not checked in this stage")
            else:
                cells, verdict = [], OK
                for fn in t["contract_fns"]:
                    pf = self.proofs["functions"].get(fn)
                    if fn in self.proofs["open"]:
                        cells.append(f"`{fn}` OPEN")
                        verdict = OPEN
                    elif pf is None:
                        cells.append(f"`{fn}` no WP result")
                        verdict = RED if verdict == OK else verdict
                    else:
                        cells.append(f"`{fn}` {pf['proved']}/{pf['total']}")
                        if pf["proved"] < pf["total"]:
                            verdict = RED
                proof = (verdict, ", ".join(cells))
        elif "proof" in replaces:
            if self.with_results:
                ok, what = self.rule_status(rule)
                proof = (RULE if ok else RED, what)
            else:
                proof = (RULE, "named check: " + rule["target"])
        else:
            proof = (RED, "nothing to prove")
        # tests
        tnames = []
        tverdict = OK if (t["tests"] or t["props"]) else RED
        for c in t["tests"]:
            res = None
            if self.case_results is not None:
                res = self.case_results.get((c["file"], c["line"]))
                if res is None or not res[0]:
                    tverdict = RED
            tnames.append(f"{c['file']}:{c['line']}" + ("" if not self.with_tests else
                          " NOT RUN" if res is None else (" ok" if res[0] else " FAIL")))
        for p in t["props"]:
            if p["ok"] is False or (p["ok"] is None and self.with_tests):
                tverdict = RED
            tnames.append("property " + p["name"].split(":")[0] + ("" if not self.with_tests else
                          " NOT RUN" if p["ok"] is None else (" ok" if p["ok"] else " FAIL")))
        if self.with_tests and self.case_results is None and t["tests"]:
            tverdict = RED
            tnames.append("(doctest XML report missing)")
        tests = (tverdict, f"{len(t['tests'])} doctest, {len(t['props'])} properties")
        if tverdict == RED and "tests" in replaces and not (t["tests"] or t["props"]):
            ok, what = self.rule_status(rule)
            tests = (RULE if ok else RED, rule["evidence"])
        # tested only (spec/README.md): no contract states it, so no proof is shown; a contract that
        # cites it would show the requirement proved by a contract that does not state it
        if rule is not None and rule["kind"] == "tested":
            if t["contract_fns"]:
                contract = (RED, "cited by the contract of " + ", ".join(f"`{fn}`" for fn in t["contract_fns"])
                            + ", but its rule says tested only (no contract states it)")
                proof = (RED, "not shown: a tested-only requirement cited by a contract")
            else:
                contract = (RULE, "tested only: no contract states it; " + rule["evidence"])
                proof = (RULE, "none: tested only (rule in spec/README.md)")
        # coverage of the contract functions
        cov = ("", "-")
        if self.with_results and self.cov_items is not None and t["contract_fns"]:
            agg = {"statement": [0, 0], "branch": [0, 0], "mcdc": [0, 0]}
            for fn in t["contract_fns"]:
                fc = cov_mod.fn_coverage(self.functions.get(fn, {}), self.cov_items)
                if fc:
                    for k in agg:
                        agg[k][0] += fc[k][0]
                        agg[k][1] += fc[k][1]
            full = all(a == b for a, b in agg.values())
            cov = (OK if full else RED, " / ".join(f"{pct(a, b)}" for a, b in agg.values()))
        elif self.with_results and self.cov_items is None:
            cov = (RED, "coverage not run")
        return contract, proof, tests, cov, tnames

    def undefined_citations(self):
        out = []
        for f, n, ids in self.citations:
            for rid in ids:
                if rid not in self.defined:
                    out.append((f, n, rid))
        for c in self.cases:
            for rid in c["ids"]:
                if rid not in self.defined and not any(f == c["file"] and rid in ids for f, _, ids in self.citations):
                    out.append((c["file"], c["line"], rid))
        for p in self.properties():
            for rid in p["ids"]:
                if rid not in self.defined:
                    out.append(("property " + p["name"].split(":")[0], 0, rid))
        for rid in self.rules:
            if rid not in self.defined:
                out.append(("spec/README.md (evidence rules)", 0, rid))
        return out


def verdict_of(cells):
    vs = [c[0] for c in cells]
    if RED in vs:
        return RED
    if OPEN in vs:
        return OPEN
    return OK


def trace_stage():
    m = Model(with_results=False, with_tests=True)
    passed = failed = 0
    print("traceability: every requirement -> contract (or documented rule) -> tests that ran and passed "
          "in this run (build/results/); every cited ID defined")
    for r in m.reqs:
        t = m.trace(r)
        contract, proof, tests, cov, tnames = m.row_status(r, t)
        bad = [name for name, cell in (("contract", contract), ("tests", tests)) if cell[0] == RED]
        if bad:
            failed += 1
            why = [n for n in tnames if n.endswith((" FAIL", " NOT RUN"))]
            fails = [n for n in why if n.endswith(" FAIL")]
            shown = (fails + [n for n in why if n not in fails])[:4]
            print(f"  RED {r['id']}: " + "; ".join(
                (("no contract" if contract[1] == "no contract cites it" else contract[1]) if b == "contract" else
                 (f"{len(why)} of {len([n for n in tnames if not n.startswith('(')])} tests failed or did not run: " + ", ".join(shown)
                  + (" ..." if len(why) > len(shown) else "") if why else "no test")) for b in bad))
        else:
            passed += 1
    missing = [rel(p) for p in DOCTEST_XML if not os.path.exists(p)] + \
        sorted({"build/results/" + p["log"] for p in m.properties() if p["ok"] is None})
    if missing:
        print("  not run in this build (run `make tests properties fast-copy-properties` first): "
              + ", ".join(missing))
    und = m.undefined_citations()
    for f, n, rid in und:
        print(f"  RED {f}:{n} cites {rid}, which spec/requirements.md does not define")
    failed += len(und)
    write_result("trace", passed, failed, "requirements traced to a contract and to tests that ran and passed "
                 "(undefined citations fail)")
    print(f"traceability: {passed} requirements traced, {failed} red")
    return 0 if failed == 0 else 1


def report_section(m, red):
    """Section 1 of the report: the matrix, one row per requirement, the quotes, the rules.
    Returns the lines and the count of requirements per verdict (for the summary)."""
    md = []
    md.append("## 1. Traceability matrix")
    md.append("")
    md.append("Requirement (spec/requirements.md) -> contract: functions whose ACSL contract cites it "
              "(directly, in the doc comment attached to the contract, or via an ACSL definition the "
              "contract uses) -> WP goals of those functions (proved/total) -> doctest cases and RapidCheck "
              "properties citing it -> coverage of those functions (statement / branch / MC/DC, "
              "justified points counted as covered).")
    md.append("")
    rows = []
    details = []
    counts = {OK: 0, RULE: 0, OPEN: 0, RED: 0}
    for r in m.reqs:
        t = m.trace(r)
        contract, proof, tests, cov, tnames = m.row_status(r, t)
        cells = [contract, proof, tests] + ([cov] if cov[0] else [])
        v = verdict_of(cells)
        if v == OK and (contract[0] == RULE or proof[0] == RULE):
            v = RULE
        counts[v] += 1
        shown = v + (" (tested only)" if v == RULE and t["rule"] and t["rule"]["kind"] == "tested" else "")
        if v in (RED, OPEN):
            which = [n for n, c in zip(("contract", "proof", "tests", "coverage"), cells) if c[0] in (RED, OPEN)]
            red.append(("traceability", f"{r['id']}: {', '.join(which)} {'open' if v == OPEN else 'missing or failed'}"))
        rows.append([f"[{r['id']}](../../spec/requirements.md#{r['id'].lower()})", shown,
                     f"{contract[0]}: {contract[1]}", f"{proof[0]}: {proof[1]}", f"{tests[0]}: {tests[1]}",
                     f"{cov[0]}: {cov[1]}" if cov[0] else "-"])
        q = r["quotes"][0] if r["quotes"] else ("", "")
        details.append(f"- **{r['id']}** ({shown}). Source: {short(r['source'], 200)} Quote (`{q[0]}`): "
                       f"\"{short(q[1], 220)}\"" + (f" (+{len(r['quotes']) - 1} more passage(s))" if len(r["quotes"]) > 1 else "")
                       + (f". Tests: {'; '.join(tnames)}" if tnames else ". Tests: none")
                       + (f". Other citations: {', '.join(f'{f}:{n}' for f, n in t['other'][:8])}"
                          + (" ..." if len(t["other"]) > 8 else "") if t["other"] else ""))
    md.append(md_table(["ID", "verdict", "contract", "proof (WP goals)", "tests", "coverage s / b / MC/DC"], rows))
    md.append("")
    und = m.undefined_citations()
    if und:
        md.append("**Citations of IDs that spec/requirements.md does not define (RED):**")
        md.append("")
        for f, n, rid in und:
            md.append(f"- `{f}:{n}` cites `{rid}`")
            red.append(("traceability", f"{f}:{n} cites undefined {rid}"))
    else:
        md.append(f"Every ID cited in the sources, tests, properties and tools ({len(m.citations)} `@req` lines) "
                  "is defined in spec/requirements.md.")
    md.append("")
    md.append("### Requirements by source clause")
    md.append("")
    md += details
    md.append("")
    md.append("### Rules for requirements that are not function contracts")
    md.append("")
    md.append("From spec/README.md; each is checked by its named tool, never assumed.")
    md.append("")
    md.append(md_table(["ID", "replaces", "evidence instead", "named check", "status", "why"],
                       [[r["id"], ", ".join(sorted(r["replaces"])), r["evidence"], f"{r['kind']} `{r['target']}`",
                         (lambda s: ("ok" if s[0] else ("not run" if s[0] is None else "RED")) + ": " + s[1])(m.rule_status(r)),
                         r["why"]] for r in m.rules.values()]))
    md.append("")
    return md, counts

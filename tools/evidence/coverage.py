"""Coverage: gcovr's statements and branches and llvm-cov's MC/DC conditions of src/
(build/coverage/), each uncovered point matched against spec/coverage-justifications.md;
`make coverage`'s stage verdict, `--relines`, and the report's coverage section."""
import json
import os
import re

from .common import BUILD, OK, RED, ROOT, md_table, pct, read, rel, write_result


# ---------------------------------------------------------------------------
# Coverage
# ---------------------------------------------------------------------------

def load_gcovr():
    p = os.path.join(BUILD, "coverage", "gcc", "gcovr.json")
    if not os.path.exists(p):
        return None
    data = json.load(open(p, encoding="utf-8"))
    out = {}
    for f in data.get("files", []):
        name = f["file"]
        name = rel(name) if os.path.isabs(name) else name
        lines = {}
        for l in f.get("lines", []):
            if l.get("gcovr/noncode"):
                continue
            n = l["line_number"]
            br = l.get("branches", [])
            prev = lines.get(n)
            if prev:
                prev["count"] += l["count"]
                prev["branches"] += br
            else:
                lines[n] = {"count": l["count"], "branches": list(br)}
        out[name] = lines
    return out


def load_mcdc():
    p = os.path.join(BUILD, "coverage", "clang", "llvm-cov.json")
    if not os.path.exists(p):
        return None
    data = json.load(open(p, encoding="utf-8"))
    out = {}
    for f in data["data"][0]["files"]:
        name = rel(f["filename"])
        if not name.startswith("src/"):
            continue
        recs = {}
        for r in f.get("mcdc_records", []):
            key = (r[0], r[1], r[2], r[3])
            conds = r[6]
            prev = recs.get(key)
            # a template instantiated several times has one record per instantiation:
            # a condition counts as covered when some instantiation shows its independence
            recs[key] = [a or b for a, b in zip(prev, conds)] if prev and len(prev) == len(conds) else list(conds)
        out[name] = {"records": recs, "summary": f["summary"]}
    return out


def parse_justifications():
    """spec/coverage-justifications.md:
    `- src/FILE:LINE[-LAST] [statement, branch, mcdc] at "ANCHOR": why`. ANCHOR is the text of
    line LINE (spaces trimmed); when the code has moved, the entry follows the line with that
    text nearest to LINE (the report says so), and with no such line it matches nothing."""
    p = os.path.join(ROOT, "spec", "coverage-justifications.md")
    out = []
    if not os.path.exists(p):
        return out
    for n, line in enumerate(read(p).splitlines(), 1):
        m = re.match(r'^- `(src/[\w.]+):(\d+)(?:-(\d+))?` \[([a-z, ]+)\](?: at "([^"]*)")?:\s*(.+)$', line)
        if not m:
            continue
        first, last = int(m.group(2)), int(m.group(3) or m.group(2))
        entry = {"file": m.group(1), "first": first, "last": last, "moved": None,
                 "kinds": {k.strip() for k in m.group(4).split(",")}, "why": m.group(6), "line": n}
        anchor = m.group(5)
        src = os.path.join(ROOT, m.group(1))
        if anchor is not None and os.path.exists(src):
            code = [l.strip() for l in read(src).splitlines()]
            if not (0 < first <= len(code) and code[first - 1] == anchor.strip()):
                hits = [k + 1 for k, l in enumerate(code) if l == anchor.strip()]
                if hits:
                    new_first = min(hits, key=lambda h: abs(h - first))
                    entry["moved"] = (first, new_first)
                    entry["first"], entry["last"] = new_first, new_first + (last - first)
                else:
                    entry["first"] = entry["last"] = -1   # the anchored line is gone: stale
        out.append(entry)
    return out


def justified(justs, file, line, kind):
    for j in justs:
        if j["file"] == file and j["first"] <= line <= j["last"] and kind in j["kinds"]:
            return j
    return None


def unused_justifications(justs, cov_items):
    """The entries of spec/coverage-justifications.md that justify no uncovered point."""
    return [j for j in justs if not any(
        not r["covered"] and r["justified"] is j for rows in cov_items.values() for r in rows)]


def relines_justifications():
    """Rewrites the LINE[-LAST] of every entry whose anchor moved (the line that
    parse_justifications follows); the text of the reasons is left to the author."""
    p = os.path.join(ROOT, "spec", "coverage-justifications.md")
    moved = {j["line"]: j for j in parse_justifications() if j["moved"]}
    lines = read(p).splitlines(keepends=True)
    for n, j in moved.items():
        span = str(j["first"]) if j["first"] == j["last"] else f"{j['first']}-{j['last']}"
        lines[n - 1] = re.sub(r'^(- `src/[\w.]+):\d+(?:-\d+)?`', lambda m: f"{m.group(1)}:{span}`",
                              lines[n - 1], count=1)
    with open(p, "w", encoding="utf-8") as f:
        f.write("".join(lines))
    print(f"relines: {len(moved)} justification(s) of spec/coverage-justifications.md renumbered")
    return 0


def coverage_items(gcov, mcdc, justs):
    """Every coverage point of src/ with its state: covered, justified (with why) or uncovered."""
    items = {"statement": [], "branch": [], "mcdc": []}
    for f in sorted(gcov or {}):
        if not f.startswith("src/"):
            continue
        for n, l in sorted(gcov[f].items()):
            items["statement"].append((f, n, "", l["count"] > 0))
            for b_i, b in enumerate(l["branches"]):
                items["branch"].append((f, n, f"branch {b_i}", b.get("count", 0) > 0))
    for f in sorted(mcdc or {}):
        for key, conds in sorted(mcdc[f]["records"].items()):
            for c_i, ok in enumerate(conds):
                items["mcdc"].append((f, key[0], f"decision {key[0]}:{key[1]}-{key[2]}:{key[3]} condition {c_i + 1}/{len(conds)}", ok))
    out = {}
    for kind, lst in items.items():
        rows = []
        for f, n, what, ok in lst:
            j = None if ok else justified(justs, f, n, kind)
            rows.append({"file": f, "line": n, "what": what, "covered": ok, "justified": j})
        out[kind] = rows
    return out


def coverage_totals(items):
    tot = {}
    for kind, rows in items.items():
        cov = sum(1 for r in rows if r["covered"])
        just = sum(1 for r in rows if not r["covered"] and r["justified"])
        tot[kind] = {"total": len(rows), "covered": cov, "justified": just,
                     "uncovered": len(rows) - cov - just}
    return tot


def fn_coverage(fn, items):
    d = fn.get("def")
    if not d:
        return None
    out = {}
    for kind, rows in items.items():
        sel = [r for r in rows if r["file"] == d["file"] and d["line"] <= r["line"] <= d["end"]]
        out[kind] = (sum(1 for r in sel if r["covered"] or r["justified"]), len(sel))
    return out


class _Coverage:
    """What the coverage stage reads: the same loads as the report's Model."""
    def __init__(self):
        self.gcov = load_gcovr()
        self.mcdc = load_mcdc()
        self.justs = parse_justifications()
        self.cov_items = coverage_items(self.gcov, self.mcdc, self.justs)


def coverage_stage():
    m = _Coverage()
    if m.cov_items is None or m.gcov is None or m.mcdc is None:
        write_result("coverage", 0, 1, "coverage points of src/ (gcovr, llvm-cov MC/DC): not measured")
        print("coverage: no gcovr or llvm-cov report (run `make coverage`)")
        return 1
    tot = coverage_totals(m.cov_items)
    failed_runs = []
    for build in ("gcc", "clang"):
        st = os.path.join(BUILD, "coverage", build, "logs", "status")
        if not os.path.exists(st) or read(st).strip() != "0":
            failed_runs.append(build)
    passed = sum(t["covered"] + t["justified"] for t in tot.values())
    failed = sum(t["uncovered"] for t in tot.values()) + len(failed_runs)
    for kind, t in tot.items():
        print(f"  {kind:<9} {t['covered']}/{t['total']} covered ({pct(t['covered'], t['total'])}), "
              f"{t['justified']} justified, {t['uncovered']} uncovered")
        for r in m.cov_items[kind]:
            if not r["covered"] and not r["justified"]:
                print(f"    uncovered {r['file']}:{r['line']} {r['what']}")
    for b in failed_runs:
        print(f"  a test program of the {b} coverage build failed (build/coverage/{b}/logs)")
    # A justification that matches no uncovered point states a reason for nothing: the
    # reviewer would read it against code that no longer has the point. It fails, as a
    # stale deviation row fails `make lint`. A moved one still matches: a note only.
    unused = unused_justifications(m.justs, m.cov_items)
    for j in unused:
        print(f"  stale justification spec/coverage-justifications.md:{j['line']} ({j['file']}): "
              "matches no uncovered point, remove it")
    moved = [j for j in m.justs if j["moved"]]
    if moved:
        print(f"  note: {len(moved)} justification(s) follow their anchor to another line: "
              "`python3 tools/evidence.py --relines` updates the numbers")
    failed += len(unused)
    write_result("coverage", passed, failed,
                 "coverage points of src/: statements, branches (gcovr), MC/DC conditions (llvm-cov)")
    return 0 if failed == 0 else 1


def report_section(m, red):
    """Section 4 of the report: totals per metric, per file, and every point not covered."""
    md = []
    md.append("## 4. Coverage of src/")
    md.append("")
    if m.cov_items is None or m.gcov is None or m.mcdc is None:
        md.append("RED: coverage not measured (build/coverage/gcc/gcovr.json, build/coverage/clang/llvm-cov.json).")
        red.append(("coverage", "not measured"))
    else:
        tot = coverage_totals(m.cov_items)
        md.append("Statement and branch: gcc `--coverage -O0` build of the doctest cases, the RapidCheck properties "
                  "and the NumPy differential, gcovr `--exclude-throw-branches --exclude-unreachable-branches` "
                  "(build/coverage/gcc/gcovr.json). MC/DC: clang-19 `-fcoverage-mcdc` build of the same programs, "
                  "llvm-profdata-19 / llvm-cov-19 export (build/coverage/clang/llvm-cov.json); a decision of a "
                  "template counts a condition as covered when one instantiation shows its independent effect. "
                  "Justified points: spec/coverage-justifications.md.")
        md.append("")
        crow = []
        for kind, t in tot.items():
            v = OK if t["uncovered"] == 0 else RED
            if v == RED:
                red.append(("coverage", f"{kind}: {t['uncovered']} uncovered, unjustified"))
            crow.append([kind, v, t["total"], t["covered"], pct(t["covered"], t["total"]), t["justified"],
                         t["uncovered"], pct(t["covered"] + t["justified"], t["total"])])
        md.append(md_table(["metric", "verdict", "points", "covered", "covered %", "justified", "uncovered",
                            "covered + justified %"], crow))
        md.append("")
        per_file = []
        for f in sorted({r["file"] for rows in m.cov_items.values() for r in rows}):
            cells = [f"`{f}`"]
            for kind in ("statement", "branch", "mcdc"):
                sel = [r for r in m.cov_items[kind] if r["file"] == f]
                cells.append(f"{sum(1 for r in sel if r['covered'])}/{len(sel)}")
            per_file.append(cells)
        md.append(md_table(["file", "statements", "branches", "MC/DC conditions"], per_file))
        md.append("")
        md.append("Every point not covered:")
        md.append("")
        any_unc = False
        for kind in ("statement", "branch", "mcdc"):
            for r in m.cov_items[kind]:
                if r["covered"]:
                    continue
                any_unc = True
                j = r["justified"]
                md.append(f"- {'justified' if j else 'RED'} {kind} `{r['file']}:{r['line']}` {r['what']}"
                          + (f": {j['why']} (spec/coverage-justifications.md:{j['line']})" if j else ""))
        if not any_unc:
            md.append("- none")
        unused = unused_justifications(m.justs, m.cov_items)
        for j in m.justs:
            if j["moved"]:
                md.append(f"- note: justification spec/coverage-justifications.md:{j['line']} follows its anchor "
                          f"from {j['file']}:{j['moved'][0]} to line {j['moved'][1]}: update the line number")
        for j in unused:
            md.append(f"- note: justification spec/coverage-justifications.md:{j['line']} ({j['file']}:{j['first']}) "
                      "matches no uncovered point: remove it")
        for build in ("gcc", "clang"):
            st = os.path.join(BUILD, "coverage", build, "logs", "status")
            if not os.path.exists(st) or read(st).strip() != "0":
                md.append(f"- RED: a test program of the {build} coverage build failed or did not run")
                red.append(("coverage", f"{build} coverage programs failed"))
    md.append("")
    return md

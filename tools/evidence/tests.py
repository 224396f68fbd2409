"""Tests: the doctest cases and RapidCheck properties the sources declare, with the IDs they cite,
and the results of this run (doctest's XML report, the property logs, build/results/)."""
import os
import re
import xml.etree.ElementTree as ET

from .common import BUILD, OK, RED, files, md_table, read, rel, result_line
from .sources import ids_after_req


# ---------------------------------------------------------------------------
# Tests: doctest cases and RapidCheck properties, with their citations and results
# ---------------------------------------------------------------------------

def doctest_cases():
    """TEST_CASE / TEST_CASE_TEMPLATE of tests/*.cpp with the IDs cited in the comment
    group directly above them and inside their body."""
    cases = []
    for path in files("tests/*.cpp", "tests/*/*.cpp"):
        lines = read(path).splitlines()
        group_ids = []
        cur = None
        for n, line in enumerate(lines, 1):
            s = line.strip()
            m = re.match(r'^(TEST_CASE|TEST_CASE_TEMPLATE|SCENARIO)\s*\(\s*"((?:\\.|[^"\\])*)"', s)
            if m:
                cur = {"file": rel(path), "line": n, "name": m.group(2).replace('\\"', '"'), "ids": list(group_ids)}
                cases.append(cur)
                group_ids = []
                continue
            if s.startswith("//") or s.startswith("/*") or s.startswith("*"):
                ids = ids_after_req(s)
                if line.startswith("//") or line.startswith("/*"):   # column 0: above the next case
                    group_ids += ids
                elif cur is not None:
                    cur["ids"] += ids
                continue
            if not s:
                group_ids = []
                continue
            if cur is not None:
                cur["ids"] += ids_after_req(line)
    for c in cases:
        c["ids"] = sorted(set(c["ids"]))
    return cases


def doctest_results(xml_path):
    """(file, line) -> (passed: bool, asserts) from doctest's XML reporter."""
    out = {}
    if not os.path.exists(xml_path):
        return None
    try:
        tree = ET.parse(xml_path)
    except ET.ParseError:
        return None
    for tc in tree.iter("TestCase"):
        key = (tc.get("filename"), int(tc.get("line", 0)))
        if tc.get("skipped") == "true":
            continue
        res = tc.find("OverallResultsAsserts")
        ok = res is not None and res.get("test_case_success") == "true"
        n = int(res.get("successes", 0)) + int(res.get("failures", 0)) if res is not None else 0
        prev = out.get(key)
        out[key] = ((prev[0] if prev else True) and ok, (prev[1] if prev else 0) + n)
    return out


def property_results(log_path):
    """RapidCheck properties as the run printed them: PASS|FAIL name | req IDS | N cases | seed=S."""
    props = []
    if not os.path.exists(log_path):
        return None
    for line in read(log_path).splitlines():
        m = re.match(r"^(PASS|FAIL) (.*?) \| req (.*?) \| (\d+) .*?\| seed=(\d+) \| (\d+) ms", line)
        if m:
            props.append({"ok": m.group(1) == "PASS", "name": m.group(2), "ids": m.group(3).split(),
                          "cases": int(m.group(4)), "seed": m.group(5), "ms": int(m.group(6))})
    return props


# The RapidCheck programs: source (properties declared as `property("IDS", "name", ...)`) and
# the log its run writes in build/results/ (properties/properties.mk).
PROPERTY_RUNS = [("properties/properties.cpp", "properties.log"),
                 ("properties/xla_properties.cpp", "xla_properties.log"),
                 ("properties/fast_copy_properties.cpp", "fast_copy.log")]
NUMPY_SOURCE = "properties/numpy_diff.cpp"
DOCTEST_XML = [os.path.join(BUILD, "results", "doctest-gcc.xml"),       # `make tests`
               os.path.join(BUILD, "results", "doctest-threads.xml")]


def report_section(m, red):
    """Section 3 of the report: every test stage's result line, the properties, doctest's counts."""
    md = []
    # ---- 3. tests ----
    md.append("## 3. Tests")
    md.append("")
    trows = []
    for stage in ("doctest-gcc", "doctest-clang", "doctest-threads", "doctest-stream", "properties", "numpy", "xla_properties",
                  "fast_copy", "noalloc", "stack", "trace"):
        res = result_line(stage)
        if res is None:
            trows.append([stage, RED, "-", "-", "not run"])
            red.append(("tests", f"{stage} not run"))
        else:
            v = OK if res[1] == 0 and res[0] > 0 else RED
            if v == RED and stage != "trace":
                red.append(("tests", f"{stage}: {res[1]} failed"))
            trows.append([stage, v, res[0], res[1], res[2]])
    md.append(md_table(["stage (build/results/)", "verdict", "passed", "failed", "what"], trows))
    md.append("")
    nlog = os.path.join(BUILD, "results", "numpy.log")
    if os.path.exists(nlog):
        md.append("NumPy differential (build/results/numpy.log): " + "; ".join(
            l.strip() for l in read(nlog).splitlines() if l.startswith("numpy:")))
        md.append("")
    plog = os.path.join(BUILD, "results", "properties.log")
    if os.path.exists(plog):
        head = [l.strip() for l in read(plog).splitlines() if l.startswith("RapidCheck properties") or l.startswith("reproduce")]
        md.append("RapidCheck (build/results/properties.log): " + " ".join(head))
        md.append("")
    if m.props:
        md.append(md_table(["property", "result", "cases", "seed", "ms", "cites"],
                           [[p["name"].split(":")[0], "NOT RUN" if p["ok"] is None else ("PASS" if p["ok"] else "FAIL"),
                             p["cases"], p["seed"], p["ms"],
                             " ".join(p["ids"])] for p in m.props]))
        md.append("")
    if m.case_results is not None:
        n_ok = sum(1 for v in m.case_results.values() if v[0])
        n_as = sum(v[1] for v in m.case_results.values())
        opts = ET.parse(DOCTEST_XML[0]).getroot().find("Options")
        order = f"order_by={opts.get('order_by')}, rand_seed={opts.get('rand_seed')}" if opts is not None else "?"
        md.append(f"doctest XML report (build/results/doctest-gcc.xml, {order}): {len(m.case_results)} test cases at distinct "
                  f"source lines, {n_ok} passed, {n_as} assertions. Cases citing no requirement: " +
                  (", ".join(f"{c['file']}:{c['line']}" for c in m.cases if not c["ids"]) or "none") + ".")
    else:
        md.append("RED: no doctest XML report (build/results/doctest-gcc.xml).")
        red.append(("tests", "doctest XML report missing"))
    md.append("")
    return md

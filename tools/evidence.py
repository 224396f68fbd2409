#!/usr/bin/env python3
"""The certification evidence report of sonnx-broadcast (issue 7).

usage:
  evidence.py --trace-stage          traceability only (sources, seconds); writes
                                     build/results/trace.txt; `make check` runs it
  evidence.py --coverage-stage       coverage figures of the last `make coverage` against
                                     spec/coverage-justifications.md; writes
                                     build/results/coverage.txt
  evidence.py --relines              renumbers the entries of spec/coverage-justifications.md
                                     whose anchored line has moved (after an edit of src/)
  evidence.py --report [--stages-status N]
                                     the whole report: build/evidence/report.md and
                                     build/evidence/index.html (the same content), a
                                     one-screen summary; exit 1 if anything is red

Every figure comes from a tool's own output: the @req citations of the sources
(rules in spec/README.md), WP's JSON report and log (build/proofs/, written by
proofs/wp.sh), doctest's XML report, the RapidCheck and NumPy logs
(build/results/), gcovr's JSON and llvm-cov's JSON (build/coverage/). Nothing in
the report is typed by hand; what cannot be computed is shown as missing, and
missing is red. Standard library only (runs under /usr/bin/python3).
"""
import datetime
import hashlib
import html
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BUILD = os.path.join(ROOT, "build")
EV_DIR = os.path.join(BUILD, "evidence")
ID_RE = r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+"
REQ_RE = re.compile(r"@req\b")


def rel(path):
    return os.path.relpath(path, ROOT)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def exists(path):
    return os.path.exists(os.path.join(ROOT, path))


def files(*patterns):
    import glob
    out = []
    for p in patterns:
        out += sorted(glob.glob(os.path.join(ROOT, p)))
    return out


# ---------------------------------------------------------------------------
# @req citations (form: spec/README.md)
# ---------------------------------------------------------------------------

def ids_after_req(text):
    """IDs cited by every `@req` of one line: one or more IDs separated by spaces or
    commas; the list ends at the first token that is not an ID."""
    out = []
    for m in REQ_RE.finditer(text):
        pos = m.end()
        while True:
            sep = re.match(r"[ ,]+", text[pos:])
            if not sep:
                break
            idm = re.match(ID_RE, text[pos + sep.end():])
            if not idm:
                break
            end = pos + sep.end() + idm.end()
            nxt = text[end:end + 1]
            if nxt and (nxt.isalnum() or nxt in "-_"):
                break
            out.append(idm.group(0))
            pos = end
            if nxt and nxt not in " ,":
                break
    return out


def all_citations():
    """(file, line, [ids]) of every @req in the project's sources, tests, tools and makefiles."""
    paths = files("src/*", "spec/acsl/*", "tests/*.cpp", "tests/*.hpp", "properties/*.cpp",
                  "properties/*.hpp", "properties/*.py", "tools/*.sh", "tools/*.mk", "Makefile",
                  "properties/*.mk", "tests/*/*.cpp", "tests/*.mk", "tests/*/*.mk")
    cites = []
    for path in paths:
        if path.endswith("tools/evidence.py"):
            continue
        for n, line in enumerate(read(path).splitlines(), 1):
            ids = ids_after_req(line)
            if ids:
                cites.append((rel(path), n, ids))
    return cites


# ---------------------------------------------------------------------------
# spec/requirements.md
# ---------------------------------------------------------------------------

def parse_requirements():
    reqs = {}
    order = []
    cur = None
    lines = read(os.path.join(ROOT, "spec/requirements.md")).splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^### (" + ID_RE + r")\s*$", line)
        if m:
            cur = {"id": m.group(1), "line": i + 1, "source": "", "quotes": [], "family": m.group(1).split("-")[0]}
            reqs[cur["id"]] = cur
            order.append(cur["id"])
        elif line.startswith("## ") or line.startswith("---"):
            cur = None if line.startswith("## ") else cur
        elif cur is not None:
            sm = re.match(r"^\*\*Source:\*\*\s*(.*)", line)
            if sm:
                text = sm.group(1)
                while i + 1 < len(lines) and lines[i + 1].strip():
                    i += 1
                    text += " " + lines[i].strip()
                cur["source"] = text
            qm = re.match(r"^\*\*Quote\*\*\s*\((.*?)\):?", line)
            if qm:
                j = i + 1
                while j < len(lines) and not lines[j].startswith(">"):
                    j += 1
                body = []
                while j < len(lines) and (lines[j].startswith(">") or
                                          (not lines[j].strip() and j + 1 < len(lines) and lines[j + 1].startswith(">"))):
                    body.append(re.sub(r"^> ?", "", lines[j]))
                    j += 1
                cur["quotes"].append((qm.group(1).strip("`"), "\n".join(body).strip()))
                i = j - 1
        i += 1
    return [reqs[k] for k in order]


# ---------------------------------------------------------------------------
# C sources: functions, their contracts, ACSL logic definitions and lemmas
# ---------------------------------------------------------------------------

C_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else", "case"}
FUNC_HEAD = re.compile(r"^\s*(?:(?:static|inline|extern|const|unsigned|signed|struct)\s+)*"
                       r"[A-Za-z_]\w*(?:\s*\*)*\s+\**\s*([a-z_]\w*)\s*\(")
LOGIC_DEF = re.compile(r"^\s*(?:logic\s+[\w\s\*]+?|predicate|lemma|axiom)\s+([A-Za-z_]\w*)\s*[({:]")


def unghost(lines):
    """Lines of a C file with ghost blocks opened up: `/*@ ghost` ... `*/` becomes code,
    and its `/@ ... @/` annotations become `/*@ ... */` (their contracts are contracts)."""
    out = []
    in_ghost = False
    for line in lines:
        s = line.strip()
        if not in_ghost and s.startswith("/*@") and s[3:].strip().startswith("ghost"):
            # a one-line ghost statement (`/*@ ghost f(x); */`) is code inside a body
            in_ghost = "*/" not in s
            out.append("//@ ghost" if in_ghost else "")   # keeps the comment group above a ghost function
            continue
        if in_ghost and s == "*/":
            in_ghost = False
            out.append("")
            continue
        if in_ghost:
            line = line.replace("/@", "/*@").replace("@/", "*/")
        out.append(line)
    return out


def scan_c(path):
    """Functions (declared or defined) with the comment group directly above each, and
    the ACSL logic definitions of the file with their comment and body.

    The comment group of a function: the comment lines (/* */, /*@ */, //) that
    directly precede its first line, with no blank line and no code between. It is
    its contract when it holds an ACSL annotation (/*@ ... */) that is not a logic
    block (predicate/logic/lemma/axiomatic)."""
    raw = read(path).splitlines()
    lines = unghost(raw)
    functions = []
    logic = []
    group = []          # [(line number, text, kind)] kind: "acsl" | "doc"
    in_comment = None   # None | "acsl" | "doc"
    acsl_is_logic = False
    depth = 0
    current_fn = None
    n_lines = len(lines)
    in_cplusplus = False
    i = 0
    while i < n_lines:
        line = lines[i]
        s = line.strip()
        lineno = i + 1
        # `#ifdef __cplusplus` / `extern "C" {` / `#endif`: C++ linkage wrappers, not code
        if s.startswith("#ifdef __cplusplus"):
            in_cplusplus = True
        if in_cplusplus:
            if s.startswith("#endif"):
                in_cplusplus = False
            i += 1
            continue
        if in_comment:
            group.append((lineno, line, in_comment))
            if in_comment == "acsl":
                lm = LOGIC_DEF.match(line)
                if lm:
                    acsl_is_logic = True
                    logic.append({"name": lm.group(1), "file": rel(path), "line": lineno,
                                  "kind": s.split()[0], "comment": [], "body": []})
                if acsl_is_logic and logic:
                    logic[-1]["body"].append(line)
            if "*/" in line:
                in_comment = None
            i += 1
            continue
        if depth == 0 and (s.startswith("/*") or s.startswith("//")):
            kind = "acsl" if s.startswith("/*@") or s.startswith("//@") else "doc"
            if kind == "acsl":
                body = s[3:].strip()
                acsl_is_logic = False
                lm = LOGIC_DEF.match(body) if body else None
                if lm or body.startswith("axiomatic"):
                    acsl_is_logic = True
                    if lm:
                        logic.append({"name": lm.group(1), "file": rel(path), "line": lineno,
                                      "kind": body.split()[0], "comment": [], "body": [body]})
            group.append((lineno, line, kind))
            if s.startswith("/*") and "*/" not in s[2:]:
                in_comment = kind
            i += 1
            continue
        if not s:
            if depth == 0:
                group = []
            i += 1
            continue
        if depth == 0 and not s.startswith("#"):
            m = FUNC_HEAD.match(line)
            if m and m.group(1) not in C_KEYWORDS:
                # the declarator may span lines: find ';' (declaration) or '{' (definition)
                j = i
                text = ""
                while j < n_lines:
                    text += lines[j] + "\n"
                    if ";" in lines[j] or "{" in lines[j]:
                        break
                    j += 1
                is_def = "{" in lines[j] and (";" not in lines[j] or lines[j].index("{") < lines[j].index(";"))
                has_acsl = any(k == "acsl" for _, _, k in group) and not acsl_is_logic_group(group)
                fn = {"name": m.group(1), "file": rel(path), "line": lineno, "definition": is_def,
                      "end": j + 1, "contract": has_acsl, "cites": []}
                for ln, text_line, kind in group:
                    for rid in ids_after_req(text_line):
                        fn["cites"].append((rid, "acsl" if kind == "acsl" else "doc", ln))
                fn["contract_text"] = "\n".join(t for _, t, k in group if k == "acsl")
                functions.append(fn)
                if is_def:
                    current_fn = fn
                group = []
        # brace depth over code (strings and comments are rare enough in the code lines)
        code = re.sub(r"/\*.*?\*/|//.*$|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", "", line)
        depth += code.count("{") - code.count("}")
        if depth < 0:
            depth = 0
        if depth == 0 and current_fn is not None and "}" in code:
            current_fn["end"] = lineno
            current_fn = None
        if depth == 0 and s.endswith(";"):
            group = []
        i += 1
    # comments directly above each logic definition (inside its ACSL block); the comment
    # lines at the end of a body are the comment of the next definition
    text_lines = lines
    for d in logic:
        while d["body"] and (not d["body"][-1].strip() or d["body"][-1].strip().startswith("//")):
            d["body"].pop()
        k = d["line"] - 2
        while k >= 0 and text_lines[k].strip().startswith("//"):
            d["comment"].insert(0, text_lines[k].strip()[2:].strip())
            k -= 1
        # in src/ (MISRA 3.1: no // inside a comment) a definition that opens its /*@ block
        # takes the C comment that ends on the line above
        if not d["comment"] and text_lines[d["line"] - 1].strip().startswith("/*@") \
                and k >= 0 and text_lines[k].rstrip().endswith("*/") \
                and not text_lines[k].strip().startswith("/*@"):
            block = []
            while k >= 0:
                block.insert(0, text_lines[k].strip())
                if text_lines[k].strip().startswith("/*"):
                    break
                k -= 1
            text = " ".join(block)
            d["comment"] = [text[2:-2].strip()] if text.startswith("/*") and text.endswith("*/") else []
        d["cites"] = []
        prev = logic[logic.index(d) - 1] if logic.index(d) > 0 else None
        if not d["comment"] and d["kind"] == "lemma" and prev and prev["kind"] == "lemma" \
                and prev["file"] == d["file"]:
            d["comment"] = list(prev["comment"])   # one comment above a run of lemmas
        for c in d["comment"] + d["body"]:
            d["cites"] += ids_after_req(c)
    return functions, logic


def acsl_is_logic_group(group):
    """A group whose only ACSL is logic (predicates/definitions) is not a function contract."""
    acsl_text = "\n".join(t for _, t, k in group if k == "acsl")
    contract_words = re.search(r"\b(requires|ensures|assigns|behavior|terminates|decreases)\b", acsl_text)
    return contract_words is None


def c_model():
    functions, logic = [], []
    for path in files("src/*.h", "src/*.c", "spec/acsl/*.h"):
        f, l = scan_c(path)
        functions += f
        logic += l
    by_name = {}
    for fn in functions:
        e = by_name.setdefault(fn["name"], {"name": fn["name"], "decls": [], "def": None, "cites": [],
                                            "contract": False, "contract_text": ""})
        e["decls"].append(fn)
        if fn["definition"]:
            e["def"] = fn
        if fn["contract"]:
            e["contract"] = True
            e["contract_text"] += fn["contract_text"] + "\n"
            e["cites"] += [(rid, kind, fn["file"], ln) for rid, kind, ln in fn["cites"]]
    # keep only functions with a body or a contract in C (macros and prototypes of the C++ layer are out)
    return by_name, logic


def logic_closure(logic, by_name):
    """ID -> {function: [definition names]}: a contract that uses an ACSL definition
    citing ID (directly, or through definitions that use it) cites ID through it."""
    defs = {d["name"]: d for d in logic}
    uses = {}
    for d in logic:
        body = "\n".join(d["body"])
        uses[d["name"]] = {o for o in defs if o != d["name"] and re.search(r"\b" + re.escape(o) + r"\b", body)}
    # the IDs each definition carries, through the definitions it uses
    carried = {}

    def ids_of(name, seen):
        if name in carried:
            return carried[name]
        out = {rid: [name] for rid in defs[name]["cites"]}
        for o in uses.get(name, ()):
            if o in seen:
                continue
            for rid, chain in ids_of(o, seen | {o}).items():
                out.setdefault(rid, [name] + chain)
        carried[name] = out
        return out

    for name in defs:
        ids_of(name, {name})
    via = {}
    for fname, fn in by_name.items():
        if not fn["contract"]:
            continue
        for name in defs:
            if re.search(r"\b" + re.escape(name) + r"\b", fn["contract_text"]):
                for rid, chain in carried[name].items():
                    via.setdefault(rid, {}).setdefault(fname, chain)
    return via, carried


# ---------------------------------------------------------------------------
# Evidence rules for requirements that are not function contracts (spec/README.md)
# ---------------------------------------------------------------------------

def parse_rules():
    """The table of spec/README.md § "Evidence for requirements that are not function
    contracts": | ID | replaces | evidence | kind | target | why |."""
    rules = {}
    text = read(os.path.join(ROOT, "spec/README.md"))
    sec = re.search(r"^## Evidence for requirements that are not function contracts\s*$(.*?)(?=^## |\Z)",
                    text, re.M | re.S)
    if not sec:
        return rules
    for line in sec.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and re.fullmatch("`?" + ID_RE + "`?", cells[0]):
            rid = cells[0].strip("`")
            rules[rid] = {"id": rid, "replaces": {c.strip() for c in cells[1].split(",")},
                          "evidence": cells[2], "kind": cells[3].strip("`"),
                          "target": cells[4].strip("`"), "why": cells[5]}
    return rules


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


def result_line(name):
    path = os.path.join(BUILD, "results", name + ".txt")
    if not os.path.exists(path):
        return None
    parts = read(path).split(None, 2)
    if len(parts) < 2:
        return None
    return int(parts[0]), int(parts[1]), parts[2].strip() if len(parts) > 2 else name


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


# ---------------------------------------------------------------------------
# Errata, environment
# ---------------------------------------------------------------------------

def rebase_links(text, page):
    """Markdown links of text quoted from `page` (a path under ROOT), made relative to
    build/evidence/, where the report is written."""
    def fix(m):
        target = m.group(1)
        if re.match(r"[a-z]+:|/|\.\./\.\./", target):
            return m.group(0)
        if target.startswith("#"):
            target = os.path.basename(page) + target
        return f"]({os.path.normpath(os.path.join('../..', os.path.dirname(page), target))})"
    return re.sub(r"\]\(([^)\s]+)\)", fix, text)


def parse_errata():
    text = read(os.path.join(ROOT, "spec/errata.md"))
    out = []
    for m in re.finditer(r"^### (E\d+): (.*?)$(.*?)(?=^### |^## |\Z)", text, re.M | re.S):
        body = m.group(3)
        reading = re.search(r"\*\*Reading chosen:\*\*\s*(.*?)(?=\n\n|\Z)", body, re.S)
        reading_text = rebase_links(" ".join(reading.group(1).split()), "spec/errata.md") if reading else ""
        out.append({"id": m.group(1), "title": m.group(2).strip(), "reading": reading_text,
                    "deviation": bool(re.search(r"\b(depart\w*|deviat\w*|differ\w*)\b", body)),
                    "functions": sorted(set(re.findall(r"`(sonnx_\w+)`", body))),
                    "reqs": sorted(set(re.findall(r"\((?:requirements\.md)?#([a-z0-9-]+)\)", body)))})
    return out


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True, cwd=ROOT, timeout=60).stdout.strip()
    except Exception as e:  # noqa: BLE001 - the report shows what could not be run
        return f"(not available: {e})"


def makefile_var(name):
    text = read(os.path.join(ROOT, "Makefile"))
    m = re.search(r"^" + name + r"\s*:=\s*(.*)$", text, re.M)
    return m.group(1).strip() if m else "?"


# ---------------------------------------------------------------------------
# Report assembly
# ---------------------------------------------------------------------------

OK, RED, RULE, OPEN = "ok", "RED", "rule", "OPEN"


def md_table(header, rows):
    esc = lambda c: str(c).replace("|", "\\|").replace("\n", " ")
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def pct(a, b):
    return "-" if b == 0 else f"{100.0 * a / b:.1f}%"


def short(text, n=160):
    t = " ".join(text.split())
    return t if len(t) <= n else t[: n - 1] + "…"


# The RapidCheck programs: source (properties declared as `property("IDS", "name", ...)`) and
# the log its run writes in build/results/ (properties/properties.mk).
PROPERTY_RUNS = [("properties/properties.cpp", "properties.log"),
                 ("properties/xla_properties.cpp", "xla_properties.log"),
                 ("properties/fast_copy_properties.cpp", "fast_copy.log")]
NUMPY_SOURCE = "properties/numpy_diff.cpp"
DOCTEST_XML = [os.path.join(BUILD, "results", "doctest-gcc.xml"),       # `make tests`
               os.path.join(BUILD, "results", "doctest-threads.xml")]


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
        self.proofs = load_proofs() if with_results else None
        self.case_results = doctest_results(DOCTEST_XML[0]) if with_tests else None
        threads = doctest_results(DOCTEST_XML[1]) if with_tests else None
        if self.case_results is not None and threads is not None:
            self.case_results.update(threads)
        self.props_src = self.source_properties()
        self.props = self.run_properties() if with_tests else None
        self.gcov = load_gcovr() if with_results else None
        self.mcdc = load_mcdc() if with_results else None
        self.justs = parse_justifications()
        self.cov_items = coverage_items(self.gcov, self.mcdc, self.justs) if with_results else None

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
        # coverage of the contract functions
        cov = ("", "-")
        if self.with_results and self.cov_items is not None and t["contract_fns"]:
            agg = {"statement": [0, 0], "branch": [0, 0], "mcdc": [0, 0]}
            for fn in t["contract_fns"]:
                fc = fn_coverage(self.functions.get(fn, {}), self.cov_items)
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


# ---------------------------------------------------------------------------
# Stages
# ---------------------------------------------------------------------------

def write_result(stage, passed, failed, what):
    os.makedirs(os.path.join(BUILD, "results"), exist_ok=True)
    with open(os.path.join(BUILD, "results", stage + ".txt"), "w", encoding="utf-8") as f:
        f.write(f"{passed} {failed} {what}\n")


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
                ("no contract" if b == "contract" else
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


def coverage_stage():
    m = Model(with_results=True)
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


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------

def report(stages_status):
    m = Model(with_results=True)
    md = []
    red = []   # (section, what)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    commit = sh("git rev-parse HEAD")
    dirty = sh("git status --porcelain --untracked-files=no")
    md.append("# sonnx-broadcast: certification evidence report")
    md.append("")
    md.append(f"Generated by `make evidence` (tools/evidence.py) on {now}, commit `{commit}`"
              + (" **with uncommitted changes**" if dirty else "") + ". Every figure below is read from a tool's "
              "output (paths given per section); the rules that turn them into verdicts are in "
              "[spec/README.md](../../spec/README.md). Verdicts: `ok`; `rule` = the requirement is not a "
              "function contract by nature and is traced by the named check of its documented rule; "
              "`OPEN` = a proof listed as open in proofs/open-goals.txt; `RED` = missing or failed. "
              "Any `RED` or `OPEN` fails `make evidence`.")
    md.append("")
    summary_at = len(md)

    # ---- 1. traceability ----
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
        if v in (RED, OPEN):
            which = [n for n, c in zip(("contract", "proof", "tests", "coverage"), cells) if c[0] in (RED, OPEN)]
            red.append(("traceability", f"{r['id']}: {', '.join(which)} {'open' if v == OPEN else 'missing or failed'}"))
        rows.append([f"[{r['id']}](../../spec/requirements.md#{r['id'].lower()})", v,
                     f"{contract[0]}: {contract[1]}", f"{proof[0]}: {proof[1]}", f"{tests[0]}: {tests[1]}",
                     f"{cov[0]}: {cov[1]}" if cov[0] else "-"])
        q = r["quotes"][0] if r["quotes"] else ("", "")
        details.append(f"- **{r['id']}** ({v}). Source: {short(r['source'], 200)} Quote (`{q[0]}`): "
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

    # ---- 2. proofs ----
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
        md.append(f"**{tp}/{tt} goals proved** in {len(pr['functions'])} functions (prover time {tsec:.1f} s, summed "
                  f"from the goal lines of build/proofs/wp.log: the time of the prover that proved each goal, or of "
                  f"Qed for goals Qed proves alone; cached results keep the time of the run that proved them" + (f", wall time of the run {pr['wall']} s" if pr["wall"] else "") + f"); "
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

    # ---- 3. tests ----
    md.append("## 3. Tests")
    md.append("")
    trows = []
    for stage in ("doctest-gcc", "doctest-clang", "doctest-threads", "properties", "numpy", "xla_properties",
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

    # ---- 4. coverage ----
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

    # ---- 5. errata ----
    md.append("## 5. Errata and deviations")
    md.append("")
    errata = parse_errata()
    md.append(f"{len(errata)} entries in spec/errata.md. Deviations (entries whose text says the library or a "
              "source departs / differs): " + ", ".join(e["id"] for e in errata if e["deviation"]) + ".")
    md.append("")
    md.append(md_table(["erratum", "title", "deviation", "functions named", "reading chosen"],
                       [[f"[{e['id']}](../../spec/errata.md#{e['id'].lower()})", e["title"],
                         "yes" if e["deviation"] else "", " ".join(e["functions"]), short(e["reading"], 260)]
                        for e in errata]))
    md.append("")
    md.append("Options that select a reading where the sources differ (zero sizes, erratum E21): "
              "`sonnx_broadcast_shape` (SONNX max rule with C1) or `sonnx_broadcast_shape_numpy` "
              "(Array API / NumPy rule); in C++ `sonnx::broadcast_shape` / `sonnx::broadcast_shape_numpy`. "
              "The data functions follow the SONNX rule." if any(e["id"] == "E21" for e in errata) else "")
    md.append("")

    # ---- 6. environment ----
    md.append("## 6. Environment")
    md.append("")
    env = [
        ["git commit", commit + (" (uncommitted changes)" if dirty else "")],
        ["date", now],
        ["gcc", sh("gcc --version | head -1")],
        ["clang", sh("clang-19 --version | head -1")],
        ["llvm-cov", sh("llvm-cov-19 --version | grep -i version | head -1")],
        ["gcovr", sh("gcovr --version | head -1")],
        ["python", sh("/usr/bin/python3 --version")],
        ["doctest", sh("dpkg-query -W -f='${Version}' doctest-dev")],
        ["RapidCheck", sh("dpkg-query -W -f='${Version}' librapidcheck-dev")],
        ["numpy", sh("/usr/bin/python3 -c 'import numpy; print(numpy.__version__)'")],
        ["CFLAGS / CXXFLAGS", f"{makefile_var('CFLAGS').replace('$(WARN)', makefile_var('WARN'))} / "
                              f"{makefile_var('CXXFLAGS').replace('$(WARN)', makefile_var('WARN'))}"],
        ["coverage flags", "gcc --coverage -O0 -g; clang-19 -O0 -fprofile-instr-generate -fcoverage-mapping -fcoverage-mcdc"],
        ["OS", sh("uname -srm") + " " + sh(". /etc/os-release && echo $PRETTY_NAME")],
    ]
    md.append(md_table(["item", "value"], env))
    md.append("")
    md.append("sha256 of every source and specification file:")
    md.append("")
    md.append("```")
    for path in files("src/*", "spec/acsl/*", "spec/*.md", "proofs/wp.sh", "proofs/open-goals.txt", "tests/*.cpp",
                      "properties/*.cpp", "properties/*.hpp", "properties/numpy_cases.txt"):
        md.append(f"{hashlib.sha256(open(path, 'rb').read()).hexdigest()}  {rel(path)}")
    md.append("```")
    md.append("")

    if stages_status:
        red.append(("stages", f"a stage of `make evidence` exited non-zero (status {stages_status})"))

    # ---- summary, at the top ----
    total_reqs = len(m.reqs)
    summ = ["## Summary", ""]
    summ.append(f"- Requirements: {total_reqs} defined; {counts[OK]} traced with contract, proof and test ok; "
                f"{counts[RULE]} traced through a documented rule; {counts[OPEN]} with an OPEN proof; "
                f"{counts[RED]} RED.")
    if pr and pr["source"]:
        tp = sum(e["proved"] for e in pr["functions"].values())
        tt = sum(e["total"] for e in pr["functions"].values())
        summ.append(f"- WP: {tp}/{tt} goals proved in {len(pr['functions'])} functions, {sum(1 for l in pr['lemmas'].values() if l['proved'] == l['total'])}/{len(pr['lemmas'])} ACSL lemmas "
                    f"proved; {len(pr['open'])} functions OPEN.")
    if m.cov_items is not None:
        tot = coverage_totals(m.cov_items)
        summ.append("- Coverage of src/: " + "; ".join(
            f"{k} {pct(t['covered'], t['total'])} covered ({t['covered']}/{t['total']}), {t['justified']} justified, "
            f"{t['uncovered']} uncovered" for k, t in tot.items()) + ".")
    summ.append(f"- Verdict: **{'PASS' if not red else 'FAIL'}** ({len(red)} red or open item(s)).")
    if red:
        summ.append("")
        summ.append("Red or open items:")
        summ.append("")
        for sec, what in red:
            summ.append(f"- {sec}: {what}")
    summ.append("")
    md[summary_at:summary_at] = summ
    text = "\n".join(md) + "\n"
    os.makedirs(EV_DIR, exist_ok=True)
    with open(os.path.join(EV_DIR, "report.md"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(EV_DIR, "index.html"), "w", encoding="utf-8") as f:
        f.write(md_to_html(text, "sonnx-broadcast evidence report"))
    # one screen
    print("==== sonnx-broadcast evidence ====")
    for line in summ[2:]:
        if line.startswith("- ") and ":" in line and line[2:].split(":")[0] in (
                "traceability", "proofs", "tests", "coverage", "stages"):
            continue
        if line in ("Red or open items:", ""):
            continue
        print(line)
    if red:
        bysec = {}
        for sec, what in red:
            bysec.setdefault(sec, []).append(what)
        for sec, lst in bysec.items():
            print(f"  {sec}: {len(lst)} red/open: " + "; ".join(lst[:6]) + (" ..." if len(lst) > 6 else ""))
    print(f"report: {rel(os.path.join(EV_DIR, 'index.html'))} (and report.md)")
    return 0 if not red else 1


def doc_comment_above(fn):
    lines = read(os.path.join(ROOT, fn["file"])).splitlines()
    k = fn["line"] - 2
    # skip the function's own ACSL contract, then collect the plain comment above it
    while k >= 0 and ("@/" in lines[k] or "/@" in lines[k] or lines[k].strip().startswith(("requires", "assigns", "ensures"))):
        k -= 1
    while k >= 0 and lines[k].strip().startswith("/*@ ghost"):
        k -= 1
    out = []
    if k >= 0 and lines[k].rstrip().endswith("*/") and not lines[k].strip().startswith("/*@"):
        while k >= 0:
            s = lines[k].strip()
            out.insert(0, s.replace("*/", "").lstrip("/*").strip())
            if s.startswith("/*"):
                break
            k -= 1
    return " ".join(x for x in out if x)


# ---------------------------------------------------------------------------
# A small Markdown -> HTML converter for the subset this report uses
# ---------------------------------------------------------------------------

def inline(text):
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for p in parts:
        if p.startswith("`") and p.endswith("`") and len(p) >= 2:
            out.append("<code>" + html.escape(p[1:-1]) + "</code>")
            continue
        s = html.escape(p, quote=False)
        s = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", lambda m: f'<a href="{m.group(2)}">{m.group(1)}</a>', s)
        s = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", s)
        s = re.sub(r"\b(RED|FAIL|OPEN)\b", r'<span class="red">\1</span>', s)
        s = re.sub(r"(^|[\s(:])(ok|PASS)\b", r'\1<span class="ok">\2</span>', s)
        s = re.sub(r"(^|[\s(:])(rule|justified)\b", r'\1<span class="rule">\2</span>', s)
        out.append(s)
    return "".join(out)


def md_to_html(text, title):
    out = ["<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\">", f"<title>{html.escape(title)}</title>",
           "<style>body{font-family:sans-serif;max-width:110em;margin:1em auto;padding:0 1em;line-height:1.4}"
           "table{border-collapse:collapse;margin:0.5em 0;font-size:0.85em}td,th{border:1px solid #bbb;"
           "padding:2px 5px;vertical-align:top}th{background:#eee}code{background:#f4f4f4}"
           "pre{background:#f4f4f4;padding:0.5em;overflow-x:auto;font-size:0.8em}"
           ".red{color:#fff;background:#c00;padding:0 3px;font-weight:bold}.ok{color:#060;font-weight:bold}"
           ".rule{color:#036;font-weight:bold}</style></head><body>"]
    lines = text.splitlines()
    i = 0
    in_list = False
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            j = i + 1
            block = []
            while j < len(lines) and not lines[j].startswith("```"):
                block.append(lines[j])
                j += 1
            out.append("<pre>" + html.escape("\n".join(block)) + "</pre>")
            i = j + 1
            continue
        if in_list and not line.startswith("- "):
            out.append("</ul>")
            in_list = False
        m = re.match(r"^(#{1,4}) (.*)$", line)
        if m:
            level = len(m.group(1))
            anchor = re.sub(r"[^a-z0-9]+", "-", m.group(2).lower()).strip("-")
            out.append(f'<h{level} id="{anchor}">{inline(m.group(2))}</h{level}>')
        elif line.startswith("| ") and i + 1 < len(lines) and re.match(r"^\|(---\|)+$", lines[i + 1]):
            header = split_row(line)
            out.append("<table><tr>" + "".join(f"<th>{inline(c)}</th>" for c in header) + "</tr>")
            i += 2
            while i < len(lines) and lines[i].startswith("| "):
                out.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in split_row(lines[i])) + "</tr>")
                i += 1
            out.append("</table>")
            continue
        elif line.startswith("- "):
            if not in_list:
                out.append("<ul>")
                in_list = True
            out.append(f"<li>{inline(line[2:])}</li>")
        elif line.strip():
            out.append(f"<p>{inline(line)}</p>")
        i += 1
    if in_list:
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def split_row(line):
    cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
    return [c.strip().replace("\\|", "|") for c in cells]


def sample(out_path):
    """A trimmed copy of build/evidence/report.md for the repository (spec/evidence-sample.md):
    every section kept, long tables and lists cut to their first rows, marked."""
    src = os.path.join(EV_DIR, "report.md")
    lines = read(src).splitlines()
    out = ["<!-- Trimmed copy of build/evidence/report.md written by `make evidence`",
           "     (tools/evidence.py --sample spec/evidence-sample.md). Long tables and lists keep",
           "     their first rows; \"(... N more)\" marks a cut. Links are relative to build/evidence/. -->", ""]
    keep_rows, keep_items = 12, 6
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("|"):
            j = i
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            block = lines[i:j]
            limit = 2 + (40 if "| ID | verdict |" in block[0] else keep_rows)
            out += block[:limit]
            if len(block) > limit:
                out.append(f"| (... {len(block) - limit} more rows) |")
            i = j
            continue
        if line.startswith("- "):
            j = i
            while j < len(lines) and lines[j].startswith("- "):
                j += 1
            block = lines[i:j]
            out += [b if len(b) < 400 else b[:397] + "..." for b in block[:keep_items]]
            if len(block) > keep_items:
                out.append(f"- (... {len(block) - keep_items} more)")
            i = j
            continue
        if line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            block = lines[i + 1:j]
            out.append(line)
            out += block[:8]
            if len(block) > 8:
                out.append(f"(... {len(block) - 8} more lines)")
            out.append("```")
            i = j + 1
            continue
        out.append(line)
        i += 1
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"sample: {out_path} ({len(out)} lines from {len(lines)})")
    return 0


def main(argv):
    if "--sample" in argv:
        return sample(argv[argv.index("--sample") + 1])
    if "--trace-stage" in argv:
        return trace_stage()
    if "--coverage-stage" in argv:
        return coverage_stage()
    if "--relines" in argv:
        return relines_justifications()
    if "--report" in argv:
        status = 0
        if "--stages-status" in argv:
            status = int(argv[argv.index("--stages-status") + 1])
        return report(status)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

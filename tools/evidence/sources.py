"""What the project's own files state, read without running anything: the `@req` citations
(form: spec/README.md), the requirements of spec/requirements.md with their source quotes, the
C functions with the ACSL contract above each and the ACSL logic definitions and lemmas
(src/, spec/acsl/), the evidence rules of spec/README.md and the errata of spec/errata.md."""
import os
import re

from .common import ID_RE, REQ_RE, ROOT, files, read, rel


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


def acsl_block_above(lines, k, skip_blank=False):
    """(first, last) line indices of the /*@ ... */ block that ends right above line index k,
    or None. skip_blank: blank lines may sit between the block and line k (libc headers)."""
    j = k - 1
    while skip_blank and j >= 0 and not lines[j].strip():
        j -= 1
    if j < 0 or not lines[j].rstrip().endswith("*/"):
        return None
    i = j
    while i >= 0 and "/*@" not in lines[i]:
        i -= 1
    return i, j


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


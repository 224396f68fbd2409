"""Assumptions: the preconditions of the public contracts (src/sonnx_broadcast.h) that the code
does not check at run time, so a caller must guarantee them. Read from the header itself: every
`requires` clause of every public function, quoted with its line, and every ACSL predicate such
a clause uses (src/, spec/acsl/), quoted with its comment.

A clause is a *memory* assumption when it (or a predicate it uses, transitively) states
validity (`\\valid`, `\\valid_read`) or separation (`\\separated`): no C code can check that a
pointer addresses memory it may use or that two ranges do not overlap. Any other clause is a
*value* assumption: a condition on the arguments that the function does not check (its
contract leaves the call undefined outside it). Every `requires` is listed: none is left out
because it looks checkable."""
import re

from .common import ROOT, md_table, read, short
from .sources import acsl_block_above, c_model, scan_c

HEADER = "src/sonnx_broadcast.h"
MEMORY = re.compile(r"\\(valid_read|valid|separated)\b")
CLAUSE_START = re.compile(r"^\s*(?:/\*@)?\s*(requires|assigns|ensures|behavior|assumes|complete|disjoint|"
                          r"terminates|decreases|allocates|frees|exits)\b")


def contract_clauses(lines, decl_line):
    """[(line, keyword, text)] of the ACSL block that ends right above line decl_line (1-based)."""
    blk = acsl_block_above(lines, decl_line - 1)
    if blk is None:
        return []
    start, j = blk
    clauses, cur = [], None
    for k in range(start, j + 1):
        line = lines[k]
        m = CLAUSE_START.match(line)
        if m:
            cur = [k + 1, m.group(1), [line]]
            clauses.append(cur)
        elif cur is not None:
            cur[2].append(line)
    out = []
    for ln, kw, body in clauses:
        text = "\n".join(body).replace("/*@", "   ").rstrip()
        text = re.sub(r"\*/\s*$", "", text).rstrip()
        # the clause ends at its last ';' (a quantifier's ';' sits inside it)
        text = text[:text.rfind(";") + 1] if ";" in text else text
        out.append((ln, kw, "\n".join(l.rstrip() for l in text.splitlines())))
    return out


def predicates_used(text, defs):
    return [n for n in defs if re.search(r"\b" + re.escape(n) + r"\s*(\{[^}]*\})?\s*\(", text)]


def calls(text, name):
    """The argument text of every `name(...)` in text, parentheses balanced."""
    out = []
    for m in re.finditer(re.escape(name) + r"(?:\{[^}]*\})?\s*\(", text):
        depth, k = 1, m.end()
        while k < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[k], 0)
            k += 1
        out.append(" ".join(text[m.end():k - 1].split()))
    return out


def top_level_split(text, op):
    """text split on op where no parenthesis is open."""
    parts, depth, last, k = [], 0, 0, 0
    while k < len(text):
        c = text[k]
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and text.startswith(op, k):
            parts.append(text[last:k].strip())
            last = k + len(op)
            k += len(op)
            continue
        k += 1
    return parts + [text[last:].strip()]


def guarantee(clause, defs, mem_preds):
    """The clause in words, from its ACSL: the condition it holds under, the alternatives it
    allows, then each validity, separation or predicate it asks for. Generated, so it says only
    what the ACSL says."""
    body = re.sub(r"//.*", "", clause)
    body = " ".join(re.sub(r"^\s*requires\s+(\w+\s*:)?", "", body).split()).rstrip(";")
    sides = top_level_split(body, "==>")
    cond, need = (" ==> ".join(sides[:-1]), sides[-1]) if len(sides) > 1 else ("", body)
    alts = top_level_split(need, "||")
    unless = [a for a in alts[:-1] if not MEMORY.search(a) and not predicates_used(a, defs)]
    rest = " || ".join(a for a in alts if a not in unless)
    parts = [f"`{a}` readable" for a in calls(rest, "\\valid_read")]
    parts += [f"`{a}` writable" for a in calls(rest, "\\valid")]
    parts += [f"`{a}` do not overlap" for a in calls(rest, "\\separated")]
    parts += [f"`{p}` holds ({'memory' if p in mem_preds else 'value'}, quoted below)"
              for p in predicates_used(rest, defs)]
    if not parts:
        parts.append(f"`{short(rest, 120)}`")
    return ((f"when `{short(cond, 120)}`: " if cond else "")
            + (f"unless `{' or '.join(unless)}`: " if unless else "") + "; ".join(parts))


def collect():
    """{"functions": [(name, line, [(line, label, kind, acsl, guarantee)])], "defs": [...]}."""
    _, logic = c_model()
    defs = {d["name"]: d for d in logic if d["kind"] in ("predicate", "logic")}
    # a predicate is a memory assumption when it or one it uses states validity or separation
    uses = {n: set(predicates_used("\n".join(d["body"][1:] if len(d["body"]) > 1 else d["body"]), defs)) - {n}
            for n, d in defs.items()}
    mem = {n for n, d in defs.items() if MEMORY.search("\n".join(d["body"]))}
    changed = True
    while changed:
        changed = False
        for n in defs:
            if n not in mem and uses[n] & mem:
                mem.add(n)
                changed = True
    path = f"{ROOT}/{HEADER}"
    lines = read(path).splitlines()
    functions, shown = [], []
    fns, _ = scan_c(path)
    for fn in fns:
        if not fn["name"].startswith("sonnx_") or not fn["contract"]:
            continue
        rows = []
        for ln, kw, text in contract_clauses(lines, fn["line"]):
            if kw != "requires":
                continue
            label = re.match(r"\s*requires\s+(\w+)\s*:", text)
            used = predicates_used(text, defs)
            # what it asks: validity and/or separation, through the predicates it uses too
            seen, todo, body = set(), list(used), text
            while todo:
                q = todo.pop()
                if q not in seen:
                    seen.add(q)
                    body += "\n" + "\n".join(defs[q]["body"])
                    todo += list(uses[q])
            what = [w for w, r in (("validity", r"\\valid"), ("separation", r"\\separated")) if re.search(r, body)]
            kind = "memory: " + " and ".join(what) if what else "value"
            rows.append((ln, label.group(1) if label else "", kind, text.strip(), guarantee(text, defs, mem)))
            for p in used:
                if p not in shown:
                    shown.append(p)
        functions.append((fn["name"], fn["line"], rows))
    # the predicates quoted: those the clauses use, and the memory ones these use in turn
    k = 0
    while k < len(shown):
        for p in sorted(uses[shown[k]]):
            if p in mem and p not in shown:
                shown.append(p)
        k += 1
    return {"functions": functions, "defs": [defs[p] for p in shown], "mem": mem}


def report_section(m, red):
    md = ["## 5. Assumptions: what a caller must guarantee", ""]
    a = collect()
    n_mem = sum(1 for _, _, rows in a["functions"] for r in rows if r[2].startswith("memory"))
    n_val = sum(1 for _, _, rows in a["functions"] for r in rows if r[2] == "value")
    md.append(f"Every `requires` clause of the {len(a['functions'])} public functions of `{HEADER}` (read from the "
              f"header by tools/evidence/assumptions.py): {n_mem} memory assumptions (validity or separation of "
              f"memory: no C code can check them, the caller must guarantee them, and a caller proved with WP "
              f"discharges them at each call) and {n_val} value assumptions (conditions on the arguments the "
              "function does not check). Everything else a function receives is checked at run time and "
              "reported by a status (the behaviours of each contract). The \"caller must guarantee\" column "
              "is generated from the ACSL; the ACSL is what is proved against.")
    md.append("")
    if not a["functions"]:
        md.append(f"RED: no public function with a contract found in `{HEADER}`.")
        red.append(("assumptions", "no contract read"))
        return md
    groups = {}
    for name, _, rows in a["functions"]:
        for r in rows:
            groups.setdefault(r[2], []).append(name)
    md.append(md_table(["kind", "clauses", "functions"],
                       [[k, len(v), ", ".join(f"`{f}`" for f in dict.fromkeys(v))] for k, v in sorted(groups.items())]))
    md.append("")
    for name, line, rows in a["functions"]:
        md.append(f"### `{name}` ({HEADER}:{line})")
        md.append("")
        if not rows:
            md.append("No precondition: every input is checked at run time.")
            md.append("")
            continue
        md.append(md_table(["line", "label", "kind", "ACSL (quoted)", "the caller must guarantee"],
                           [[f"{HEADER}:{ln}", label or "-", kind, "`" + " ".join(text.split()) + "`", g]
                            for ln, label, kind, text, g in rows]))
        md.append("")
    md.append("### Predicates these preconditions use")
    md.append("")
    for d in a["defs"]:
        md.append(f"- `{d['name']}` ({d['file']}:{d['line']}, "
                  f"{'memory' if d['name'] in a['mem'] else 'value'})"
                  + (": " + " ".join(d["comment"]) if d["comment"] else ""))
        md.append("")
        md.append("```")
        md += [l.rstrip() for l in d["body"]]
        md.append("```")
        md.append("")
    return md

"""Completeness of the requirements against the sources: every paragraph of the four source
files (../shared/spec-sources/, spec/README.md) is mapped, in spec/source-map.md, to requirement
IDs of spec/requirements.md or to a written exclusion with its reason.

A paragraph, computed here from the source text (the map cannot choose its own): a run of
non-blank lines (a line of spaces or tabs is blank); a fenced block (```) is one paragraph,
blank lines included; a Markdown heading line (`#` ... `######`) is not a paragraph but the
section the following ones belong to. Its anchor is its line range in the file, `L<first>-<last>`,
with the opening words of its first line, which the check compares with the text (so a changed
source shows as a mismatch instead of silently mapping another paragraph).

Map entries, one line each (spec/source-map.md states the format again for its readers):
    - 001 L30-L30 "Broadcasting consists in": SONNX-STEP1-RANK SONNX-STEP2-MAX
    - 001 L41-L41 "> Schema": excluded: a drafting note ("diagram to add"), no content
The verdict: RED for a paragraph with no entry, an entry that names no paragraph or whose
opening words differ, an ID that spec/requirements.md does not define, an exclusion without a
reason, and a paragraph mapped twice."""
import os
import re

from .common import ID_RE, OK, RED, ROOT, md_table, read, short

SOURCES_DIR = os.environ.get("SONNX_SPEC_SOURCES") or os.path.join(ROOT, "..", "shared", "spec-sources")
MAP = os.path.join(ROOT, "spec", "source-map.md")
ENTRY = re.compile(r'^- (\d{3}) L(\d+)-L(\d+) "([^"]*)": (.*)$')


def source_files():
    """{'000': path, ...}: the numbered source files (README.md is their index, not a source)."""
    if not os.path.isdir(SOURCES_DIR):
        return {}
    return {f[:3]: os.path.join(SOURCES_DIR, f) for f in sorted(os.listdir(SOURCES_DIR))
            if re.match(r"^\d{3}_.*\.txt$", f)}


def paragraphs(path):
    """[(first, last, heading, first line text)], 1-based lines, by the rule of the docstring."""
    out, heading = [], ""
    lines = read(path).splitlines()
    i, n = 0, len(lines)
    while i < n:
        s = lines[i].strip()
        if not s:
            i += 1
            continue
        if re.match(r"^#{1,6} ", s):
            heading = s.lstrip("#").strip()
            i += 1
            continue
        first = i
        if s.startswith("```"):
            i += 1
            while i < n and not lines[i].strip().startswith("```"):
                i += 1
            out.append((first + 1, min(i, n - 1) + 1, heading, s))
            i += 1
            continue
        while i < n and lines[i].strip() and not re.match(r"^#{1,6} ", lines[i].strip()) \
                and not lines[i].strip().startswith("```"):
            i += 1
        out.append((first + 1, i, heading, s))
    return out


def parse_map():
    """[(map line, file key, first, last, opening words, target text)]."""
    if not os.path.exists(MAP):
        return None
    out = []
    for n, line in enumerate(read(MAP).splitlines(), 1):
        m = ENTRY.match(line)
        if m:
            out.append((n, m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5).strip()))
    return out


def check(defined):
    """Rows per paragraph and the problems: {"rows": [...], "red": [...], "files": {...}}."""
    res = {"rows": [], "red": [], "files": {}, "entries": 0}
    srcs = source_files()
    if not srcs:
        res["red"].append(f"the sources are not found ({os.path.normpath(SOURCES_DIR)}; "
                          "SONNX_SPEC_SOURCES names another directory)")
        return res
    entries = parse_map()
    if entries is None:
        res["red"].append("spec/source-map.md is missing")
        return res
    res["entries"] = len(entries)
    by_key = {}
    for e in entries:
        by_key.setdefault((e[1], e[2], e[3]), []).append(e)
    seen = set()
    for key, path in srcs.items():
        paras = paragraphs(path)
        counts = {"paragraphs": len(paras), "mapped": 0, "excluded": 0, "unmapped": 0}
        for first, last, heading, text in paras:
            found = by_key.get((key, first, last), [])
            seen.add((key, first, last))
            row = {"file": key, "first": first, "last": last, "heading": heading, "text": text,
                   "ids": [], "excluded": None, "verdict": OK, "why": ""}
            if not found:
                row["verdict"], row["why"] = RED, "no entry in spec/source-map.md"
                counts["unmapped"] += 1
            else:
                mline, _, _, _, opening, target = found[0]
                if len(found) > 1:
                    row["verdict"], row["why"] = RED, f"mapped {len(found)} times (spec/source-map.md:" \
                        + ", ".join(str(f[0]) for f in found) + ")"
                elif not " ".join(text.split()).startswith(" ".join(opening.split())):
                    row["verdict"], row["why"] = RED, f'opening words "{opening}" (spec/source-map.md:{mline}) ' \
                        "do not match the source: re-read the paragraph"
                ex = re.match(r"^excluded:\s*(.*)$", target)
                if ex:
                    row["excluded"] = ex.group(1).strip()
                    if len(row["excluded"]) < 10 and row["verdict"] == OK:
                        row["verdict"], row["why"] = RED, "an exclusion without its reason"
                    counts["excluded"] += 1
                else:
                    ids = target.split()
                    row["ids"] = ids
                    bad = [i for i in ids if not re.fullmatch(ID_RE, i) or i not in defined]
                    if not ids or bad:
                        if row["verdict"] == OK:
                            row["verdict"], row["why"] = RED, ("no requirement ID" if not ids else
                                                               "not defined in spec/requirements.md: " + " ".join(bad))
                    counts["mapped"] += 1
                if row["verdict"] == RED and found:
                    pass
            if row["verdict"] == RED:
                res["red"].append(f"{key} L{first}-L{last}: {row['why']}")
            res["rows"].append(row)
        res["files"][key] = (os.path.basename(path), counts)
    for e in entries:
        if (e[1], e[2], e[3]) not in seen:
            res["red"].append(f"spec/source-map.md:{e[0]}: {e[1]} L{e[2]}-L{e[3]} is not a paragraph of the source")
    return res


def report_section(m, red):
    """Section: completeness of the requirements against the sources."""
    md = ["## 8. Completeness: every paragraph of the sources", ""]
    res = check(m.defined)
    m.completeness = res   # for the summary
    md.append("Each paragraph of the four sources (`../shared/spec-sources/`; paragraphs computed by "
              "tools/evidence/completeness.py: runs of non-blank lines, a fenced block as one, headings as "
              "section names) must be mapped in [spec/source-map.md](../../spec/source-map.md) to requirement "
              "IDs that spec/requirements.md defines, or excluded with a written reason. An untraced "
              "paragraph is RED and fails `make evidence`.")
    md.append("")
    if res["files"]:
        md.append(md_table(["source", "paragraphs", "mapped to requirements", "excluded (with reason)", "unmapped"],
                           [[f"`{name}`", c["paragraphs"], c["mapped"], c["excluded"],
                             (RED + " " if c["unmapped"] else "") + str(c["unmapped"])]
                            for _, (name, c) in sorted(res["files"].items())]))
        md.append("")
    if res["red"]:
        md.append("**Untraced or inconsistent (RED):**")
        md.append("")
        for what in res["red"]:
            md.append(f"- RED {what}")
            red.append(("completeness", what))
        md.append("")
    else:
        md.append(f"Every paragraph is traced ({res['entries']} entries).")
        md.append("")
    if res["rows"]:
        md.append(md_table(["paragraph", "section", "opens with", "verdict", "requirements / exclusion"],
                           [[f"{r['file']} L{r['first']}-L{r['last']}", short(r["heading"], 50), short(r["text"], 60),
                             r["verdict"], (" ".join(r["ids"]) if r["ids"] else
                                            ("excluded: " + short(r["excluded"], 160) if r["excluded"] is not None
                                             else "")) + (f" ({r['why']})" if r["why"] else "")]
                            for r in res["rows"]]))
        md.append("")
    return md

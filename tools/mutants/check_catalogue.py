#!/usr/bin/env python3
"""Validates proofs/mutants/catalogue.json, the catalogue of semantic mutants of src/ (issue 31
item 4), without building or proving anything: it only reads text.

For each mutant it checks that
  - the object has the fields id, req, category, file, function, old, new, why, test_hint,
    each a non-empty string; id is kebab-case and unique; category is one of CATEGORIES;
    every ID in req is a heading (### ID) of spec/requirements.md;
  - old != new, and old occurs exactly once in file;
  - that occurrence lies inside the body of function: its definition is the line at column 0
    naming `function(` whose declarator is followed by `{` before any `;` (a prototype is
    not), and its body runs from that `{` to the matching `}`, which must be at column 0;
  - old changes executable C: no character that the mutant changes (old without the prefix and
    suffix it shares with new) is inside a comment, an ACSL annotation (/*@ */, //@) or ghost
    code (which lives in /*@ ghost */), and the line where old starts neither begins, after
    whitespace, with //, /* or * nor lies between /*@ and */. The unchanged rest may quote an
    annotation that follows the code, to make old unique.
And for the catalogue: 48 to 64 mutants, at least 2 per category (at least 48: issue 31 asks 40
and every kernel path; at most 64: each one costs a WP run).

Prints one line per problem, then "N mutants, K categories, P problems"; exits 1 on any problem.
Usage: tools/mutants/check_catalogue.py [CATALOGUE]   (run from anywhere; paths are the repo's)
"""
import json
import os
import re
import sys

CATEGORIES = ["f", "padding", "max", "C1", "numpy-rule", "fold-order", "first-violation",
              "capacity", "overflow", "no-write-on-error", "row-major", "xla-order", "xla-match",
              "kernel-path", "error-fields", "iteration"]
FIELDS = ["id", "req", "category", "file", "function", "old", "new", "why", "test_hint"]
COUNT_MIN, COUNT_MAX, PER_CATEGORY_MIN = 48, 64, 2
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def code_masks(text):
    """Two masks over text: code[i] is True when text[i] is C code, outside comments (ACSL
    annotations and ghost code are comments to the compiler); syntax[i] also excludes string
    and character literals, so that a brace inside one is not counted."""
    code = [True] * len(text)
    syntax = [True] * len(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            masks = (code, syntax)
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            masks = (code, syntax)
        elif text[i] in "\"'":
            j = i + 1
            while j < n and text[j] != text[i]:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            masks = (syntax,)
        else:
            i += 1
            continue
        for mask in masks:
            for t in range(i, j):
                mask[t] = False
        i = j
    return code, syntax


def function_body(text, syntax, name):
    """(start, end) offsets of the body of function name, braces included, or an error text."""
    pattern = re.compile(r"^[A-Za-z_][^\n]*?(?<![A-Za-z0-9_])" + re.escape(name) + r"\(", re.M)
    bodies = []
    for m in pattern.finditer(text):
        if not syntax[m.start()]:
            continue
        i = m.end()
        while i < len(text) and not (syntax[i] and text[i] in "{;"):
            i += 1
        if i == len(text) or text[i] == ";":
            continue  # a prototype
        depth, j = 0, i
        while j < len(text):
            if syntax[j] and text[j] == "{":
                depth += 1
            elif syntax[j] and text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        if j == len(text):
            return "the body of %s() never closes" % name
        if j > 0 and text[j - 1] != "\n":
            return "the closing brace of %s() is not at column 0" % name
        bodies.append((i, j + 1))
    if len(bodies) != 1:
        return "%d definitions of %s() found" % (len(bodies), name)
    return bodies[0]


def in_annotation_lines(text, line_no):
    """Whether line line_no (1-based) lies between a /*@ and its */ (the rule of the brief, on
    lines; code_masks already rejects any character inside a comment)."""
    inside = False
    for k, line in enumerate(text.split("\n"), 1):
        if k == line_no:
            return inside
        pos = 0
        while True:
            if not inside:
                a = line.find("/*@", pos)
                if a < 0:
                    break
                inside, pos = True, a + 3
            else:
                b = line.find("*/", pos)
                if b < 0:
                    break
                inside, pos = False, b + 2
    return inside


def requirement_ids():
    with open(os.path.join(ROOT, "spec", "requirements.md"), encoding="utf-8") as f:
        return set(re.findall(r"^### ([A-Z0-9-]+)\s*$", f.read(), re.M))


def check(path):
    problems = []
    try:
        with open(path, encoding="utf-8") as f:
            mutants = json.load(f)
    except (OSError, ValueError) as e:
        return [], ["%s: not readable JSON: %s" % (path, e)]
    if not isinstance(mutants, list):
        return [], ["%s: not a JSON list" % path]
    known = requirement_ids()
    seen, sources = set(), {}
    for k, mu in enumerate(mutants):
        where = "mutant %d" % k
        if not isinstance(mu, dict):
            problems.append("%s: not an object" % where)
            continue
        missing = [f for f in FIELDS if not isinstance(mu.get(f), str) or not mu.get(f)]
        if missing:
            problems.append("%s: missing or empty field(s): %s" % (where, ", ".join(missing)))
            continue
        where = "%s (%s)" % (where, mu["id"])
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", mu["id"]):
            problems.append("%s: id is not kebab-case" % where)
        if mu["id"] in seen:
            problems.append("%s: id used twice" % where)
        seen.add(mu["id"])
        if mu["category"] not in CATEGORIES:
            problems.append("%s: unknown category %r" % (where, mu["category"]))
        for rid in mu["req"].split():
            if rid not in known:
                problems.append("%s: requirement %s is not in spec/requirements.md" % (where, rid))
        if mu["old"] == mu["new"]:
            problems.append("%s: old and new are equal" % where)
        if mu["file"] not in sources:
            try:
                with open(os.path.join(ROOT, mu["file"]), encoding="utf-8") as f:
                    text = f.read()
                sources[mu["file"]] = (text,) + code_masks(text)
            except OSError as e:
                sources[mu["file"]] = None
                problems.append("%s: %s" % (where, e))
        if sources[mu["file"]] is None:
            continue
        text, code, syntax = sources[mu["file"]]
        hits = text.count(mu["old"])
        if hits != 1:
            problems.append("%s: old occurs %d times in %s" % (where, hits, mu["file"]))
            continue
        start = text.find(mu["old"])
        end = start + len(mu["old"])
        body = function_body(text, syntax, mu["function"])
        if isinstance(body, str):
            problems.append("%s: %s" % (where, body))
        elif not (body[0] < start and end <= body[1]):
            problems.append("%s: old is not inside the body of %s()" % (where, mu["function"]))
        line_no = text.count("\n", 0, start) + 1
        line = text.split("\n")[line_no - 1].lstrip()
        if line.startswith(("//", "/*", "*")) or in_annotation_lines(text, line_no):
            problems.append("%s: old starts on a comment or annotation line (%s:%d)"
                            % (where, mu["file"], line_no))
        else:
            # the characters the mutant changes: old without the prefix and suffix it shares
            # with new (a following ACSL line may be kept as context, to make old unique)
            head = len(os.path.commonprefix([mu["old"], mu["new"]]))
            tail = len(os.path.commonprefix([mu["old"][head:][::-1], mu["new"][head:][::-1]]))
            if not all(code[start + head:end - tail]):
                problems.append("%s: the text old changes reaches into a comment or annotation (%s:%d)"
                                % (where, mu["file"], line_no))
    counts = {c: sum(1 for mu in mutants if isinstance(mu, dict) and mu.get("category") == c)
              for c in CATEGORIES}
    if not COUNT_MIN <= len(mutants) <= COUNT_MAX:
        problems.append("%d mutants, not %d to %d" % (len(mutants), COUNT_MIN, COUNT_MAX))
    for c in CATEGORIES:
        if counts[c] < PER_CATEGORY_MIN:
            problems.append("category %s: %d mutants, fewer than %d" % (c, counts[c], PER_CATEGORY_MIN))
    return mutants, problems


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "proofs", "mutants", "catalogue.json")
    mutants, problems = check(path)
    for p in problems:
        print(p)
    categories = {mu.get("category") for mu in mutants if isinstance(mu, dict)} & set(CATEGORIES)
    print("%d mutants, %d categories, %d problems" % (len(mutants), len(categories), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Paths, file reading, the verdict words and the Markdown helpers every stage shares."""
import os
import re
import subprocess

# tools/evidence/common.py -> the repository root
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
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


# One line "<passed> <failed> <what>" per stage in build/results/<stage>.txt (tools/check_summary.py)
def result_line(name):
    path = os.path.join(BUILD, "results", name + ".txt")
    if not os.path.exists(path):
        return None
    parts = read(path).split(None, 2)
    if len(parts) < 2:
        return None
    return int(parts[0]), int(parts[1]), parts[2].strip() if len(parts) > 2 else name


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
# Verdicts and Markdown
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


def write_result(stage, passed, failed, what):
    os.makedirs(os.path.join(BUILD, "results"), exist_ok=True)
    with open(os.path.join(BUILD, "results", stage + ".txt"), "w", encoding="utf-8") as f:
        f.write(f"{passed} {failed} {what}\n")


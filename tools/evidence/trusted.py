"""Trusted base: what the proofs rest on without being proved here, each item read from a tool:
- the versions of Frama-C (and its WP plugin), Why3 and the provers: recorded by proofs/wp.sh
  for the proof run (build/proofs/versions.txt) and queried now;
- the Frama-C libc functions the proved code calls (`frama-c -metrics -metrics-libc` over
  src/*.c, as proofs/wp.sh parses it), each with its specification quoted from Frama-C's libc
  (file and line), and the ACSL predicates, logic functions and axioms those specifications use;
- the primitives of src/ that Frama-C sees as a contract without a body (the same listing, each
  name declared in src/*.c), each contract quoted, with the test program that checks its body;
- the z3 driver change (proofs/why3/z3_lean.drv), quoted with the reason it gives;
- the compilers and flags, from `make -n -B` (a dry run: the commands make would run, not
  the Makefile's text), and which compiled objects each test program runs on;
- where the proved text and the compiled text differ: every preprocessor test of
  `__FRAMAC__` in src/ (Frama-C defines it, the compilers do not)."""
import hashlib
import os
import re

from .common import BUILD, OK, RED, ROOT, md_table, read, result_line, sh
from .sources import acsl_block_above

# The make targets whose commands the dry run lists. None of their recipes runs $(MAKE),
# which `make -n` would execute; `check` and `evidence` do, so they are not listed.
DRY_TARGETS = ("build-gcc build-clang tests noalloc properties fast-copy-properties sanitize fuzz-check "
               "coverage-gcc coverage-clang")
# The result file (build/results/<stage>.txt) of each test program's plain run (tools/run-doctest.sh,
# properties/properties.mk); the re-runs under tools/run-counted.sh (sanitizers, valgrind) are read
# from the dry run itself, and a fuzz target's line is "fuzz <name>: ..." of fuzz.txt.
RESULT_OF = [(r"^build/gcc/unit-tests$", "doctest-gcc"), (r"^build/clang/unit-tests$", "doctest-clang"),
             (r"^build/gcc/threads-tests$", "doctest-threads"), (r"^build/properties/properties$", "properties"),
             (r"^build/properties/numpy_diff$", "numpy"), (r"^build/properties/xla_properties$", "xla_properties"),
             (r"^build/properties/fast_copy_properties$", "fast_copy"), (r"^build/gcc/stream-tests$", "doctest-stream")]
# The primitives of src/ outside WP (bodies compiled only where __FRAMAC__ is not defined), each
# with the test that checks its body against the function its contract states, and that test's
# stage. A primitive missing here is a RED item of the report.
PRIMITIVE_TESTS = {
    "stream_store": ("tests/stream/test_stream.cpp (against memcpy, 32 and 16 bytes, at every alignment; the kernel's "
                     "tests/test_fast_copy.cpp on the streaming build)", "doctest-stream"),
    "repeat_forward": ("tests/stream/test_stream.cpp (against the forward byte loop of its contract, which WP "
                       "proves as repeat_bytes: every distance 1 to 600, lengths 0 to 130 and around 256 to "
                       "2048; fill_aligned and replicate_block with `rep movsb` forced on)", "doctest-stream"),
    "movsb_fast": ("none needed for the proof: WP proves its callers for either answer (its contract says only "
                   "that it writes nothing), and the answer chooses between two proved ways to write the same "
                   "bytes; tests/stream/test_stream.cpp runs the `rep movsb` way with the answer forced "
                   "(SONNX_MOVSB 1), the other tests run the library's answer on their machine", "doctest-stream"),
    "stream_fence": ("tests/stream/test_stream.cpp calls it after the stores of every streaming case; what "
                     "it adds, the order of the streaming stores for other threads (SSE2 `sfence`), is the "
                     "instruction's and is not tested", "doctest-stream"),
}
FRAMAC_CPP = '-cpp-extra-args="-Isrc -Ispec/acsl"'   # proofs/wp_flags.sh's preprocessing of src/*.c


def libc_dir():
    share = sh("frama-c -print-share-path")
    return os.path.join(share, "libc") if share and not share.startswith("(") else None


def libc_functions_called():
    """{name: calls} of the Frama-C libc functions with a specification that src/*.c calls."""
    out = sh(f"frama-c {FRAMAC_CPP} src/*.c -metrics -metrics-libc 2>/dev/null")
    m = re.search(r"Specified-only functions \(\d+\)\s*=+\s*(.*?)\n\s*\n", out, re.S)
    if not m:
        return None
    return {name: int(n) for name, n in re.findall(r"(\w+) \((\d+) calls?\)", m.group(1)) if int(n) > 0}


def src_declaration(name):
    """(file, first line, text) of name's contract and declaration in src/*.c, or None: a function
    of src/ that Frama-C sees without a body is declared there with its contract above."""
    for path in sorted(os.listdir(os.path.join(ROOT, "src"))):
        if not path.endswith(".c"):
            continue
        lines = read(os.path.join(ROOT, "src", path)).splitlines()
        for k, l in enumerate(lines):
            if re.match(r"^\s*(static\s+)?(inline\s+)?\w[\w\s\*]*\b" + re.escape(name) + r"\s*\([^)]*\)\s*;", l):
                blk = acsl_block_above(lines, k, skip_blank=True)
                start = blk[0] if blk else k
                return f"src/{path}", start + 1, "\n".join(x.rstrip() for x in lines[start:k + 1])
    return None


def libc_specs(names, ldir):
    """[(name, file, line, spec)] and the logic they use: [(kind, name, file, line, text)]."""
    headers = sorted(f for f in os.listdir(ldir) if f.endswith(".h"))
    texts = {f: read(os.path.join(ldir, f)).splitlines() for f in headers}
    specs = []
    for name in sorted(names):
        for f in headers:
            lines = texts[f]
            hit = next((k for k, l in enumerate(lines)
                        if re.match(r"^\s*extern\b.*\b" + re.escape(name) + r"\s*\(", l)), None)
            if hit is not None:
                blk = acsl_block_above(lines, hit, skip_blank=True)
                if blk:
                    blk = (blk[0] + 1, "\n".join(lines[blk[0]:hit]).rstrip())
                    end = hit
                    while end < len(lines) - 1 and ";" not in lines[end]:
                        end += 1
                    specs.append((name, f, blk[0], blk[1] + "\n" + "\n".join(l.rstrip() for l in lines[hit:end + 1])))
                    break
    # logic symbols: predicates and logic functions defined in the libc headers, found in the
    # specifications, then in the definitions found (transitively)
    defs = {}
    for f, lines in texts.items():
        text = "\n".join(lines)
        for m in re.finditer(r"(?:predicate|logic\s+[^\s(]+)\s+(\w+)\s*(?:\{[^}]*\})?\s*\(", text):
            line = text[:m.start()].count("\n") + 1
            # the enclosing block: an axiomatic (quoted whole, with its axioms) or the definition
            start = text.rfind("/*@", 0, m.start())
            end = text.find("*/", m.start())
            block = text[start:end + 2]
            ax = re.match(r"/\*@\s*axiomatic\s+(\w+)", block)
            if ax:
                kind, shown = f"axiomatic {ax.group(1)}", block
                bline = text[:start].count("\n") + 1
            else:
                # the definition alone: up to the next definition or the end of the block
                nxt = re.search(r"\n\s*(?:predicate|logic)\b", text[m.end():end])
                shown = text[m.start():(m.end() + nxt.start()) if nxt else end].rstrip().splitlines()
                while shown and (not shown[-1].strip() or shown[-1].strip().startswith("//")):
                    shown.pop()   # the comment of the next definition
                shown = "\n".join(shown)
                kind, bline = "definition", line
            defs.setdefault(m.group(1), (kind, f, bline, shown))
    used, queue = [], [s[3] for s in specs]
    while queue:
        t = queue.pop(0)
        for n, d in defs.items():
            if n not in [u[1] for u in used] and re.search(r"\b" + re.escape(n) + r"\s*(\{[^}]*\})?\s*\(", t):
                used.append((d[0], n, d[1], d[2], d[3]))
                queue.append(d[3])
    # other axioms of the libc that mention a used symbol
    others = []
    names_used = {u[1] for u in used}
    shown_blocks = {u[4] for u in used}
    for f, lines in texts.items():
        for k, l in enumerate(lines):
            am = re.match(r"^\s*@?\s*axiom\s+(\w+)", l)
            if am:
                stmt = " ".join(x.strip(" @") for x in lines[k:k + 4])
                if any(re.search(r"\b" + re.escape(n) + r"\b", stmt) for n in names_used) \
                        and not any(f"axiom {am.group(1)}" in b for b in shown_blocks):
                    others.append((am.group(1), f, k + 1))
    return specs, used, others


def dry_run():
    return sh(f"make --no-print-directory -n -B {DRY_TARGETS} 2>/dev/null")


def builds(text):
    """Object directories with the compiler and flags of their compile lines, the archives, and
    the link lines of the programs: {"objdirs": {dir: cmd}, "programs": [(out, compiler, dirs)]}."""
    objdirs, archives, programs = {}, {}, []
    # one command per item: continuation lines joined, shell lists split
    cmds = [c.strip() for c in re.split(r"\n|;|&&|\|\||\bdo\b|\bthen\b", text.replace("\\\n", " "))]
    for s in cmds:
        s = " ".join(s.split())
        m = re.match(r"^(\S+) (.*) -c (src/\w+\.c|\$f) -o (\S+)$", s)
        if m:
            objdirs.setdefault(os.path.dirname(m.group(4)), f"{m.group(1)} {m.group(2)}")
            continue
        m = re.match(r"^ar rcs (\S+) (.*)$", s)
        if m:
            archives[m.group(1)] = sorted({os.path.dirname(o) for o in m.group(2).split()})
            continue
        m = re.match(r"^(g\+\+|clang\+\+-\d+|gcc|clang-\d+) (.*) -o (\S+)$", s)
        if m and " -c " not in s:
            dirs = set()
            for tok in m.group(2).split():
                if tok in archives:
                    dirs.update(archives[tok])
                elif tok.startswith("build/") and tok.endswith(".o"):
                    dirs.add(os.path.dirname(tok))
            flags = " ".join(t for t in m.group(2).split() if t.startswith(("-O", "-fsanitize")))
            programs.append((m.group(3), f"{m.group(1)} {flags}", sorted(dirs)))
    return {"objdirs": objdirs, "programs": programs}


def runs_of(prog, text):
    """The result lines of every run of prog: its plain run's stage, each tools/run-counted.sh
    run that names it (the line of its result file with that run's text), its fuzz line."""
    out = []
    stage = next((st for pat, st in RESULT_OF if re.search(pat, prog)), None)
    if stage:
        res = result_line(stage)
        out.append(f"{stage}: " + (f"{res[0]} passed, {res[1]} failed" if res else "no result"))
    joined = text.replace("\\\n", " ")
    for m in re.finditer(r"run-counted\.sh (\S+) \S+ \"([^\"]+)\" ([^;|]*)", joined):
        if prog in m.group(3).split():
            path = os.path.join(ROOT, m.group(1))
            line = next((l for l in (read(path).splitlines() if os.path.exists(path) else [])
                         if l.split(None, 2)[2:] and l.split(None, 2)[2].startswith(m.group(2))), None)
            out.append(f"{os.path.basename(m.group(1))[:-4]} \"{m.group(2)}\": "
                       + (f"{line.split()[0]} passed, {line.split()[1]} failed" if line else "no result"))
    fm = re.match(r"^build/fuzz/fuzz_(\w+)$", prog)
    if fm:
        path = os.path.join(BUILD, "results", "fuzz.txt")
        line = next((l for l in (read(path).splitlines() if os.path.exists(path) else [])
                     if f" fuzz {fm.group(1)}:" in f" {l.split(None, 2)[2] if len(l.split()) > 2 else ''}"), None)
        out.append(f"fuzz {fm.group(1)}: " + (f"{line.split()[0]} passed, {line.split()[1]} failed" if line else "no result"))
    return out


def framac_conditionals():
    out = []
    for path in sorted(os.listdir(os.path.join(ROOT, "src"))):
        if not path.endswith((".c", ".h")):
            continue
        for n, l in enumerate(read(os.path.join(ROOT, "src", path)).splitlines(), 1):
            if l.lstrip().startswith("#") and "__FRAMAC__" in l:
                out.append((f"src/{path}:{n}", l.strip()))
    return out


def report_section(m, red):
    md = ["## 6. Trusted base", ""]
    md.append("What the proofs rest on without being proved here. Each item is read from a tool "
              "(tools/evidence/trusted.py names the command).")
    md.append("")
    # -- versions
    md.append("### Proof tools")
    md.append("")
    rec = os.path.join(BUILD, "proofs", "versions.txt")
    md.append("Recorded by proofs/wp.sh for the proof run (build/proofs/versions.txt):" if os.path.exists(rec)
              else "No version record of a proof run (build/proofs/versions.txt missing).")
    md.append("")
    md.append("```")
    if os.path.exists(rec):
        md += read(rec).strip().splitlines()
    md.append("```")
    md.append("")
    wp = sh("frama-c -plugins 2>/dev/null | grep -E '^WP '")
    md.append(md_table(["tool, queried now", "version"],
                       [["Frama-C (`frama-c -version`)", sh("frama-c -version")],
                        ["WP (`frama-c -plugins`: a plugin of that Frama-C)", " ".join(wp.split()) or "(not listed)"],
                        ["Why3", sh("why3 --version")], ["Z3", sh("z3 --version")],
                        ["CVC4", sh("cvc4 --version | head -1")]]))
    md.append("")
    cmd_path = os.path.join(BUILD, "proofs", "command.txt")
    cmd = read(cmd_path) if os.path.exists(cmd_path) else ""
    md.append("Also trusted as parts of these tools: Frama-C's C front end and ACSL typing, WP's memory model "
              "and its simplifier Qed (goals Qed closes reach no prover), Why3's theories and drivers. The options "
              "that set WP's model and arithmetic are those of the command lines in section 2 (build/proofs/"
              "command.txt)" + ("" if not cmd else
                                ": " + ", ".join(f"`{o}`" for o in sorted(set(re.findall(r"(-wp-rte|-warn-[\w-]+|-wp-model\s+\S+|-machdep\s+\S+)", cmd))))
                                + ("; no `-machdep`: Frama-C's default machine" if "-machdep" not in cmd else "")
                                + ("; no `-wp-model`: WP's default (Typed)" if "-wp-model" not in cmd else ""))
              + ".")
    md.append("")
    # -- libc
    md.append("### Frama-C libc specifications the proofs use")
    md.append("")
    called = libc_functions_called()
    prims = {}
    if called is not None:
        found = {n: src_declaration(n) for n in called}  # each reads src/*.c: once per name
        prims = {n: d for n, d in found.items() if d}
        called = {n: c for n, c in called.items() if n not in prims}
    ldir = libc_dir()
    if called is None or not ldir or not os.path.isdir(ldir):
        md.append("RED: could not list the libc functions src/ calls (`frama-c -metrics -metrics-libc`) or find "
                  "Frama-C's libc (`frama-c -print-share-path`).")
        red.append(("trusted base", "libc functions not listed"))
    else:
        md.append(f"`frama-c {FRAMAC_CPP} src/*.c -metrics -metrics-libc` lists the specified-only functions "
                  f"(a contract, no body) that src/ calls: "
                  + (", ".join(f"`{n}` ({c} call{'s' if c > 1 else ''})" for n, c in sorted(called.items())) or "none")
                  + f". WP takes each one's contract as given at the call. Frama-C's libc: `{ldir}`.")
        md.append("")
        specs, used, others = libc_specs(called, ldir)
        for name in called:
            if name not in [s[0] for s in specs]:
                md.append(f"- RED: no specification of `{name}` found in {ldir}")
                red.append(("trusted base", f"libc specification of {name} not found"))
        for name, f, line, text in specs:
            md.append(f"`{name}`: {ldir}/{f}:{line}")
            md.append("")
            md += ["```"] + text.splitlines() + ["```", ""]
        if used:
            md.append("The predicates, logic functions and axioms these specifications use (an axiomatic block "
                      "is quoted whole: WP may use its axioms in any goal that mentions its symbols):")
            md.append("")
            for kind, name, f, line, text in used:
                md.append(f"`{name}` ({kind}): {ldir}/{f}:{line}")
                md.append("")
                md += ["```"] + text.splitlines() + ["```", ""]
        if others:
            md.append("Other libc axioms that mention these symbols, in other axiomatic blocks (listed so that "
                      "none is hidden): " + ", ".join(f"`{n}` ({f}:{l})" for n, f, l in others) + ".")
            md.append("")
    # -- src primitives
    md.append("### Primitives of src/ outside WP")
    md.append("")
    if not prims:
        md.append("None: every function of src/ that src/ calls has a body WP proves.")
        md.append("")
    else:
        md.append("Functions of src/ that Frama-C sees with a contract and no body (the same `-metrics` listing; "
                  "their bodies are compiled only where `__FRAMAC__` is not defined, see the last table of this "
                  "section). WP takes each contract as given at the call, as it does the libc's. Each body is "
                  "tested against the function its contract describes:")
        md.append("")
        rows = []
        for name in sorted(prims):
            test = PRIMITIVE_TESTS.get(name)
            res = result_line(test[1]) if test else None
            ok = bool(test) and res is not None and res[1] == 0 and res[0] > 0
            if not ok:
                red.append(("trusted base", f"primitive {name}: " + ("no test listed in tools/evidence/trusted.py"
                                                                      if not test else f"{test[1]} not passed")))
            status = (f"{test[1]}: " + (f"{res[0]} passed, {res[1]} failed" if res else "not run")
                      if test else "no test")
            rows.append([f"`{name}`", f"{prims[name][0]}:{prims[name][1]}", test[0] if test else "none",
                         f"{OK if ok else RED} {status}"])
        md.append(md_table(["primitive", "contract", "tested by", "result (build/results/)"], rows))
        md.append("")
        for name in sorted(prims):
            md.append(f"`{name}`: {prims[name][0]}:{prims[name][1]}")
            md.append("")
            md += ["```"] + prims[name][2].splitlines() + ["```", ""]
    # -- z3 driver
    md.append("### The z3-lean driver")
    md.append("")
    drv = os.path.join(ROOT, "proofs", "why3", "z3_lean.drv")
    if not os.path.exists(drv):
        md.append("RED: proofs/why3/z3_lean.drv missing.")
        red.append(("trusted base", "z3 driver missing"))
    else:
        text = read(drv)
        removed = re.findall(r"remove\s+prop\s+(\w+)", text)
        added = re.findall(r"^\s*(axiom|prop|lemma|goal)\b", text, re.M)
        imported = re.findall(r'import\s+"([^"]+)"', text)
        ok = not added
        md.append(f"proofs/why3/z3_lean.drv (sha256 {hashlib.sha256(text.encode()).hexdigest()[:16]}) imports "
                  + ", ".join(f"`{i}`" for i in imported) + " and removes " + ", ".join(f"`{r}`" for r in removed)
                  + " from WP's memory theory. Soundness: removing hypotheses only weakens what the prover may "
                  "use, so a goal proved without them is proved; the driver adds no axiom "
                  + ("(checked: no `axiom`, `prop`, `lemma` line)" if ok else "(RED: it has axiom/prop/lemma lines)")
                  + ". What it still trusts is the imported Why3 driver for z3, as the plain `z3` prover does. "
                  "Its own comment, quoted:")
        if not ok:
            red.append(("trusted base", "z3_lean.drv adds hypotheses"))
        md.append("")
        md += ["```"] + text.strip().splitlines() + ["```", ""]
    # -- compilers and what runs
    md.append("### Compilers, flags, and the objects the tests run on")
    md.append("")
    dry = dry_run()
    b = builds(dry)
    md.append(md_table(["compiler", "version"], [["gcc", sh("gcc --version | head -1")],
                                                 ["clang", sh("clang-19 --version | head -1")]]))
    md.append("")
    md.append(f"Object directories of src/*.c and their compile command, from `make -n -B {DRY_TARGETS}`:")
    md.append("")
    md.append(md_table(["objects", "compiled with"], [[f"`{d}/`", f"`{c}`"] for d, c in sorted(b["objdirs"].items())]))
    md.append("")
    rows = []
    core = set(b["objdirs"])
    for out, how, dirs in b["programs"]:
        rows.append([f"`{out}`", f"`{how}`", ", ".join(f"`{d}/`" for d in dirs if d in core) or "-",
                     "; ".join(runs_of(out, dry)) or "not run by these targets (coverage runs: section 4)"])
    md.append("Test programs, the core objects each is linked with, and the result of its run (build/results/):")
    md.append("")
    md.append(md_table(["program", "linked by", "core objects", "result"], rows))
    md.append("")
    ran = {}
    for out, how, dirs in b["programs"]:
        for d in dirs:
            ran.setdefault(d, []).append(out)
    o2 = sorted(d for d, c in b["objdirs"].items() if " -O2 " in f" {c} " and d in ran)
    unlinked = sorted(d for d in b["objdirs"] if d not in ran)
    ref = [d for d, c in b["objdirs"].items() if "SONNX_REFERENCE_KERNEL" in c]
    # the same test program (by name) on each -O2 object set
    by_name = {}
    for d in o2:
        for p in ran[d]:
            by_name.setdefault(os.path.basename(p), []).append(d)
    both = sorted(n for n, ds in by_name.items() if len(ds) > 1)
    one = sorted(f"`{n}` ({', '.join(f'`{d}/`' for d in ds)} only)" for n, ds in by_name.items() if len(ds) == 1)
    md.append("What this shows about the proved source and the code that runs (computed from the dry run above): "
              + "the `-O2` objects are " + " and ".join(f"`{d}/` ({b['objdirs'][d].split()[0]})" for d in o2) + "; "
              + ("run on each of them: " + ", ".join(f"`{n}`" for n in both) if both else "no program runs on each of them")
              + ("; run on one only: " + ", ".join(one) if one else "")
              + ". Compiled but linked by no test program: " + (", ".join(f"`{d}/`" for d in unlinked) or "none")
              + ". " + ("The build with `-DSONNX_REFERENCE_KERNEL` (the reference kernel behind the public API) is "
                        "compiled only into " + ", ".join(f"`{d}/`" for d in ref)
                        + ", which " + ("no test program links" if not any(d in ran for d in ref) else "test programs link")
                        + "; the reference kernel itself (`sonnx_reference_copy`) is in every build, and is called "
                        "directly by " + (", ".join(sorted({os.path.relpath(p, ROOT) for p in _callers('sonnx_reference_copy')}))
                                          or "no test") + "." if ref else ""))
    md.append("")
    cond = framac_conditionals()
    md.append(f"WP reads src/*.c preprocessed by Frama-C with `{FRAMAC_CPP}` and `__FRAMAC__` defined; the "
              "compilers do not define it. Every line of src/ that tests it (the text the proof reads and the "
              "text compiled differ there, and only there, besides the compilers' own predefined macros):")
    md.append("")
    md.append(md_table(["where", "line"], [[w, f"`{t}`"] for w, t in cond]) if cond else "none")
    md.append("")
    return md


def _callers(fn):
    out = []
    for sub in ("tests", "properties"):
        for dp, _, fs in os.walk(os.path.join(ROOT, sub)):
            for f in fs:
                if f.endswith((".cpp", ".hpp")) and re.search(r"\b" + fn + r"\b\s*\)?\s*\(",
                                                                read(os.path.join(dp, f))):
                    out.append(os.path.join(dp, f))
    return out

#!/usr/bin/env python3
"""@req LIB-NOALLOC: no recursion and a bounded stack, checked on the compiled core.

usage: check_stack.py DIR...  each DIR holds the gcc call graphs (*.ci) of src/*.c of one
                              build (default kernel, reference kernel), compiled with the
                              library's flags plus -fstack-usage -fcallgraph-info=su

From gcc's own figures (the frame size of every function and every call it makes), it
checks that
  - every frame is static or "dynamic,bounded" (no variable-length array, no alloca);
  - the call graph of the core has no cycle (no recursion, direct or indirect);
  - nothing is called through a pointer, and the only functions called outside the core
    are memcpy, memmove and memset (whose frames belong to the C library; GCC turns the unit
    loop of lay_elements, inlined into sonnx_fast_copy's clones, into a memmove), and
    __cpu_indicator_init,
    which only the target_clones resolvers call, once, at load time;
and prints the worst-case stack of each public function: its frame plus the deepest chain of
frames below it. A call to a target_clones function reaches one of its clones (default, AVX2,
AVX-512), whichever the loader chose: all are counted, the largest wins. gcc names the clones
of a function with external linkage after its unit (src/u.c:f.avx2) while its callers in other
units name f alone, so clones are matched on the function's name.
Writes build/results/stack.txt ("<passed> <failed> <what>") for `make check`.
"""
import glob
import os
import re
import sys

EXTERNAL_OK = {"memcpy", "memmove", "memset", "__cpu_indicator_init"}
NODE = re.compile(r'node: \{ title: "([^"]*)" label: "([^"\\]*)\\n([^"]*?)(?:\\n(\d+) bytes \(([^)]*)\))?"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')


def load(directory):
    frames, quals, edges = {}, {}, []
    for path in sorted(glob.glob(os.path.join(directory, "*.ci"))):
        text = open(path, encoding="utf-8").read()
        for title, _name, _where, size, qual in NODE.findall(text):
            if size:  # a definition; a node without a size is a declaration
                frames[title] = int(size)
                quals[title] = qual
        edges += EDGE.findall(text)
    return frames, quals, edges


def check(directory):
    """(problems, public functions with their worst-case stack, number of functions)."""
    frames, quals, edges = load(directory)
    problems = []
    if not frames:
        problems.append(f"no call graph in {directory}")
    for f, q in sorted(quals.items()):
        if q not in ("static", "dynamic,bounded"):
            problems.append(f"{f}: frame {q}")
    calls = {f: set() for f in frames}
    clones = {}  # a target_clones function's name (as its callers give it) -> its clones
    for t in frames:
        name, dot, target = t.rpartition(".")
        if dot and target != "resolver" and re.fullmatch(r"[A-Za-z0-9_]+", target) and ":" in name:
            clones.setdefault(name, []).append(t)  # a static function's callers
            clones.setdefault(name.split(":")[-1], []).append(t)  # an external one's
    for src, dst in edges:
        if dst in frames:
            targets = [dst]
        else:  # a target_clones function: the call goes to one of its clones
            targets = sorted(clones.get(dst, []))
        if not targets:
            name = dst.split(":")[-1]
            if name not in EXTERNAL_OK:
                problems.append(f"{src} calls {dst}, outside the core")
            continue
        calls.setdefault(src, set()).update(targets)

    depth, state = {}, {}

    def worst(f, chain):
        if state.get(f) == "open":
            problems.append("recursion: " + " -> ".join(chain + [f]))
            return 0
        if f not in depth:
            state[f] = "open"
            below = [worst(g, chain + [f]) for g in sorted(calls.get(f, ()))]
            depth[f] = frames.get(f, 0) + max(below, default=0)
            state[f] = "done"
        return depth[f]

    for f in sorted(frames):
        worst(f, [])
    public = sorted(f for f in frames if ":" not in f and f.startswith("sonnx_"))
    return problems, {f: depth[f] for f in public}, len(frames)


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    problems, summary = [], []
    for directory in argv:
        probs, public, count = check(directory)
        problems += [f"{directory}: {p}" for p in probs]
        for f, d in public.items():
            print(f"  stack {directory} {f}: {d} bytes")
        if public:
            deepest = max(public, key=public.get)
            summary.append(f"{os.path.basename(directory.rstrip('/'))} {count} functions, "
                           f"deepest public call {deepest} {public[deepest]} bytes")
    what = "stack bound and no recursion (gcc call graph of src/)"
    if not problems:
        what += ": " + "; ".join(summary) + " (memcpy/memmove/memset frames not included)"
    os.makedirs("build/results", exist_ok=True)
    with open("build/results/stack.txt", "w", encoding="utf-8") as out:
        out.write(f"{0 if problems else 1} {1 if problems else 0} {what}\n")
    for p in problems:
        print(f"stack: {p}")
    if problems:
        return 1
    print(f"stack: {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""NumPy peer of `make bench` (bench/bench.cpp drives it through a pipe, one command a line).

Run by /usr/bin/python3 (the interpreter that has numpy). Commands:
  setup <case>   build the input and a preallocated output, copy once so that every output
                 page is touched (no page fault is timed); answers "ok <bytes written>
                 <bytes of the process on huge pages>"
  shapes <dtype> <x> <z>   the same for a broadcast given by its shapes (bench/sweep.cpp):
                 sizes separated by commas, "-" for rank 0; dtype a NumPy name (float32, ...)
  pages huge|ordinary   NumPy's own rule (madvise huge pages on arrays of 4 MiB and more) on
                 or off, for the arrays made after it; answers "ok"
  time <iters>   run the copy <iters> times, answers the seconds per copy
  quit
Only the copy is timed: np.copyto(out, np.broadcast_to(x, shape)), the operation a NumPy user
writes (np.broadcast_arrays for the N-ary case; np.add(a, b, out=out) for the add case). The names of the cases are bench.cpp's.
"""
import sys
import time

import numpy as np


def cases():
    f32 = np.float32
    return {
        "rows": [((1, 1024), (8192, 1024), f32)],
        "columns": [((8192, 1), (8192, 1024), f32)],
        "middle": [((64, 1, 256), (64, 512, 256), f32)],
        "scalar": [((), (8388608,), f32)],
        "short-inner": [((4096, 1, 3), (4096, 1024, 3), f32)],
        "n-ary": "nary",
        "middle-u8": [((64, 1, 256), (64, 512, 256), np.uint8)],
        "middle-f64": [((64, 1, 256), (64, 512, 256), np.float64)],
        "rows-f16": [((1, 1024), (8192, 1024), np.float16)],
        "small": [((1, 4), (4, 4), f32)],
        "shape": "shape",
        "add": "add",
    }


def setup(name):
    spec = cases()[name]
    if spec == "shape":
        def op():
            np.broadcast_shapes((8, 1, 6, 1), (1, 7, 1, 5))
        return op, 0
    if spec == "add":
        # elementwise Add with broadcasting, into a preallocated output (bench.cpp, add_case)
        a = (np.arange(8192) % 251 + 1).astype(np.float32).reshape(8192, 1)
        b = (np.arange(1024) % 251 + 1).astype(np.float32).reshape(1, 1024)
        out = np.empty((8192, 1024), np.float32)

        def op():
            np.add(a, b, out=out)
        op()
        return op, out.nbytes
    if spec == "nary":
        a = np.arange(8192, dtype=np.float32).reshape(8192, 1)
        b = np.arange(1024, dtype=np.float32).reshape(1, 1024)
        oa = np.empty((8192, 1024), np.float32)
        ob = np.empty((8192, 1024), np.float32)

        def op():
            va, vb = np.broadcast_arrays(a, b)
            np.copyto(oa, va)
            np.copyto(ob, vb)
        op()
        return op, oa.nbytes + ob.nbytes
    (xs, zs, dt), = spec
    return copy_op(xs, zs, dt)


def copy_op(xs, zs, dt):
    """np.copyto(out, np.broadcast_to(x, zs)) into a preallocated, touched output."""
    n = int(np.prod(xs, dtype=np.int64))
    x = (np.arange(n) % 251).astype(dt).reshape(xs)
    out = np.empty(zs, dt)

    def op():
        np.copyto(out, np.broadcast_to(x, zs))
    op()
    return op, out.nbytes


def huge_bytes():
    """Bytes of this process on transparent huge pages: NumPy asks for them on its arrays
    of 4 MiB and more, and bench.cpp's buffers ask too, so that both write the same memory."""
    try:
        with open("/proc/self/smaps_rollup") as f:
            for line in f:
                if line.startswith("AnonHugePages:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def main():
    op = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "setup":
            op = None
            op, nbytes = setup(words[1])
            print("ok", nbytes, huge_bytes(), flush=True)
        elif words[0] == "shapes":
            op = None
            dims = [tuple(int(v) for v in w.split(",")) if w != "-" else () for w in words[2:4]]
            op, nbytes = copy_op(dims[0], dims[1], np.dtype(words[1]))
            print("ok", nbytes, huge_bytes(), flush=True)
        elif words[0] == "pages":
            np.core.multiarray._set_madvise_hugepage(words[1] == "huge")
            print("ok", flush=True)
        elif words[0] == "time":
            iters = int(words[1])
            t0 = time.perf_counter()
            for _ in range(iters):
                op()
            t1 = time.perf_counter()
            print(repr((t1 - t0) / iters), flush=True)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()

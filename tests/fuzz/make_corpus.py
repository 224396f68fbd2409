#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets (tests/fuzz/corpus/<target>/) from the spec
examples, in the byte format of fuzz_support.hpp (Bytes, decode_shape) and of each target's
header comment. Run from the repository root: python3 tests/fuzz/make_corpus.py
The output is committed; libFuzzer mutates from these seeds."""
import os
import struct

M64 = (1 << 64) - 1
SPECIAL = {M64: 0xE0, M64 - 1: 0xE1, 1 << 32: 0xE2, (1 << 32) + 1: 0xE3, (1 << 32) - 1: 0xE4,
           1 << 31: 0xE5, (1 << 31) - 1: 0xE6, 1 << 63: 0xE7, 1 << 33: 0xE8}


def size(v):
    if v < 0xE0:
        return bytes([v])
    if v in SPECIAL:
        return bytes([SPECIAL[v]])
    return bytes([0xF8]) + struct.pack("<Q", v)


def shape(dims, null=False, rank=None):
    r = len(dims) if rank is None else rank
    flag = 0x80 if null else 0
    if r <= 8:
        out = bytes([r | flag])
    elif r == 64:
        out = bytes([9 | flag])
    elif r == 65:
        out = bytes([10 | flag])
    else:
        out = bytes([11 | flag]) + size(r)
    if r <= 64 and not null:
        out += b"".join(size(d) for d in dims)
    return out


def shape_call(shapes, flags=0, n=None, cap_mode=0, cap=None):
    out = bytes([flags | (0x10 if n is not None else 0), len(shapes)])
    if n is not None:
        out += size(n)
    out += bytes([cap_mode]) + (size(cap) if cap_mode == 2 else b"")
    return out + b"".join(shape(*s) if isinstance(s, tuple) else shape(s) for s in shapes)


EX_002 = [[(8, 1, 6, 1), (7, 1, 5)], [(5, 4), (1,)], [(5, 4), (4,)], [(15, 3, 5), (15, 1, 5)],
          [(15, 3, 5), (3, 5)], [(15, 3, 5), (3, 1)], [(3,), (4,)], [(2, 1), (8, 4, 3)]]
EX_003 = [[(2, 3), (3,)], [(2, 3), ()], [(2, 1), (1, 3)], [(0,), (1,)], [(0,), (0,)]]

seeds = {}
shape_seeds = {}
for i, ex in enumerate(EX_002 + EX_003):
    shape_seeds[f"example-{i:02d}"] = shape_call([list(s) for s in ex])
shape_seeds["rank-64"] = shape_call([[2] * 64, [2, 1]], cap_mode=3)
shape_seeds["rank-65"] = shape_call([[3], ([], False, 65)], cap_mode=3)
shape_seeds["n-0"] = shape_call([], n=0)
shape_seeds["n-2pow31"] = shape_call([[3]], n=1 << 31)
shape_seeds["inputs-null"] = shape_call([[3]], flags=0x01)
shape_seeds["capacity-short"] = shape_call([[8, 1, 6, 1], [7, 1, 5]], cap_mode=1)
shape_seeds["dims-null"] = shape_call([[3], ([1, 2], True)])
seeds["broadcast_shape"] = shape_seeds
seeds["broadcast_shape_numpy"] = shape_seeds

seeds["shape_count"] = {
    "example": bytes([0]) + shape([8, 7, 6, 5]),
    "overflow": bytes([0]) + shape([1 << 32, 1 << 32]),
    "zero": bytes([0]) + shape([0, M64, M64]),
    "rank-65": bytes([0]) + shape([], rank=65),
    "count-null": bytes([1]) + shape([2]),
}


def to_call(x, z, es=4, flags=0, cap_mode=0, cap=None):
    out = bytes([flags]) + size(es) + bytes([cap_mode])
    if cap_mode == 2:
        out += size(cap)
    elif cap_mode == 3:
        out += bytes([cap])
    return out + shape(x) + shape(z)


seeds["broadcast_to"] = {
    "row-to-matrix": to_call([3], [2, 3]),
    "column-to-matrix": to_call([2, 1], [2, 3]),
    "scalar": to_call([], [2, 2], es=8),
    "002-example": to_call([7, 1, 5], [8, 7, 6, 5], es=1),
    "elem-size-0": to_call([3], [2, 3], es=0),
    "capacity-short": to_call([3], [2, 3], cap_mode=1),
    "one-to-zero": to_call([1], [0]),
    "overflow": to_call([1], [1 << 32, 1 << 32], es=1),
    "x-null": to_call([3], [2, 3], flags=1),
    # every status of the contract has a seed (tests/fuzz/outcomes.txt): x of rank 65
    "rank-65": bytes([0]) + size(4) + bytes([0]) + shape([], rank=65) + shape([2, 3]),
}


def nary_call(inputs, flags=0, n=None, dcap_mode=0):
    out = bytes([flags | (0x20 if n is not None else 0), len(inputs)])
    if n is not None:
        out += size(n)
    out += bytes([dcap_mode])
    for dims, es in inputs:
        out += bytes([0]) + size(es) + bytes([0]) + shape(dims)
    return out


seeds["broadcast"] = {
    "outer": nary_call([([2, 1], 4), ([1, 3], 4)]),
    "003-plus-row": nary_call([([2, 3], 4), ([3], 4)]),
    "003-plus-scalar": nary_call([([2, 3], 8), ([], 8)]),
    "002-example": nary_call([([8, 1, 6, 1], 1), ([7, 1, 5], 2)]),
    "three-inputs": nary_call([([15, 3, 5], 1), ([15, 1, 5], 1), ([3, 1], 1)]),
    "incompatible": nary_call([([2, 3], 4), ([4], 4)]),
    "zero": nary_call([([0], 4), ([2, 0], 4)]),
    "n-0": nary_call([], n=0),
    "overflow": nary_call([([1 << 32, 1], 1), ([1, 1 << 32], 1)]),
    "inputs-null": nary_call([([2], 4)], flags=1),
    # input 0 of rank 65; output 0 one byte short of its count * elem_size
    "rank-65": bytes([0, 1, 0]) + bytes([0]) + size(4) + bytes([0]) + shape([], rank=65),
    "capacity-short": bytes([0, 2, 0]) + bytes([0]) + size(4) + bytes([1]) + shape([2, 1])
                      + bytes([0]) + size(4) + bytes([0]) + shape([1, 3]),
}

seeds["broadcast_strides"] = {
    "column-in-cube": bytes([0]) + shape([3, 1]) + shape([2, 3, 4]),
    "same": bytes([0]) + shape([2, 3]) + shape([2, 3]),
    "overflow": bytes([0]) + shape([1 << 32, 1 << 32]) + shape([1 << 32, 1 << 32]),
    "incompatible": bytes([0]) + shape([4, 1]) + shape([5, 1]),
    "strides-null": bytes([1]) + shape([3]) + shape([2, 3]),
    "rank-65": bytes([0]) + shape([], rank=65) + shape([2, 3]),
}

seeds["source_offset"] = {
    "column-in-cube": bytes([0]) + shape([3, 1]) + shape([2, 3, 4]) + size(1) + size(2) + size(3),
    "out-of-range": bytes([0]) + shape([3, 1]) + shape([2, 3, 4]) + size(1) + size(3) + size(0),
    "folded": bytes([8]) + shape([5, 1, 7]) + shape([4, 5, 6, 7]) + size(200) + size(201) + size(202) + size(203),
    "offset-null": bytes([2]) + shape([3]) + shape([2, 3]) + size(0) + size(0),
    "rank-65": bytes([0]) + shape([], rank=65) + shape([2, 3]) + size(0) + size(0),
    "incompatible": bytes([0]) + shape([4, 1]) + shape([5, 1]) + size(0) + size(0),
    "overflow": bytes([0]) + shape([1 << 32, 1 << 32]) + shape([1 << 32, 1 << 32]) + size(0) + size(0),
}


def err_bytes(status, inp, axis, sz, exp, cap_mode=2, flags=0, rule=None):
    """rule (sonnx_error.rule) comes after the cap mode (cap_mode 2 reads no value); absent, the
    target reads 0, SONNX_RULE_SONNX."""
    out = bytes([flags, status]) + size(inp) + size(axis) + size(sz) + size(exp) + bytes([cap_mode])
    return out if rule is None else out + bytes([rule])


seeds["format_error"] = {
    "ok": err_bytes(0, M64, M64, 0, 0),
    "null-argument": err_bytes(1, M64, M64, 0, 3),
    "null-input": err_bytes(1, 2, M64, 0, 0),
    "null-input-data": err_bytes(1, 2, M64, 0, 2),
    "null-output": err_bytes(1, 1, M64, 0, 3),
    "count": err_bytes(2, M64, M64, 0, (1 << 31) - 1),
    "elem-size": err_bytes(2, 0, M64, 0, 1),
    "index": err_bytes(2, M64, 1, 5, 3),
    "rank": err_bytes(3, 1, M64, 65, 64),
    "c1": err_bytes(4, 1, 2, 4, 3),
    "indim-match": err_bytes(4, 0, 1, 3, 4, rule=1),
    "degenerate": err_bytes(4, 1, 2, 6, 5, rule=2),
    "rule-unknown": err_bytes(4, 1, 2, 4, 3, rule=3),
    "unidir": err_bytes(4, 0, M64, 3, 2),
    "overflow": err_bytes(5, M64, M64, 0, 0),
    "capacity": err_bytes(6, M64, M64, 3, 4),
    "truncated": err_bytes(4, 1, 2, 4, 3, cap_mode=1) + size(10),
    "err-null": err_bytes(0, 0, 0, 0, 0, flags=1),
    "extreme": err_bytes(3, M64 - 1, M64 - 1, M64, M64),
    "unknown-status": err_bytes(7, M64, M64, 0, 0),
}

seeds["index_map"] = {
    "f": size(3) + size(2) + bytes([0]) + shape([3, 1]) + bytes([2]) + size(1),
    "stretch": size(5) + size(4) + bytes([1]) + shape([8, 1, 6, 1]) + bytes([0]) + size(3),
}

# ---- the XLA functions and the ONNX operator forms (issue 6): fuzz_broadcast_in_dim.cpp,
# fuzz_xla_binary_shape.cpp, fuzz_unidirectional_check.cpp, fuzz_expand_shape.cpp ----

def rank_mode(r, null=False):
    """The mode byte of a shape (decode_rank), with the size() of a rank above 65."""
    flag = 0x80 if null else 0
    if r <= 8:
        return bytes([r | flag])
    if r == 64:
        return bytes([9 | flag])
    if r == 65:
        return bytes([10 | flag])
    return bytes([11 | flag]) + size(r)


def raw_list(bd):
    """decode_list mode 0: every entry read with size()."""
    return bytes([0]) + b"".join(size(v) for v in bd)


def in_dim_call(x, bd, z, es=4, flags=0, cap_mode=0, cap=None, x_rank=None, x_null=False):
    """x's sizes raw (flag bit4); bd None means a NULL list (flag bit3)."""
    flags |= 0x10 | (0x08 if bd is None else 0)
    r = len(x) if x_rank is None else x_rank
    out = bytes([flags]) + size(es) + bytes([cap_mode])
    if cap_mode == 2:
        out += size(cap)
    elif cap_mode == 3:
        out += bytes([cap])
    out += shape(z) + rank_mode(r, x_null)
    if bd is not None and r <= 64:
        out += raw_list(bd)
    if r <= 64 and not x_null:
        out += b"".join(size(d) for d in x)
    return out


MNPQ = (2, 3, 4, 5)
in_dim_seeds = {
    "003-row": in_dim_call([3], [1], [2, 3]),
    "003-scalar": in_dim_call([], [], [2, 3]),
    "003-scalar-null-list": in_dim_call([], None, [2, 3]),
    "003-columns": in_dim_call([3], [1], [3, 3]),
    "003-rows": in_dim_call([3], [0], [3, 3]),
    "003-cuboid": in_dim_call([3, 4], [1, 2], [2, 3, 4]),
    "003-compose-vector": in_dim_call([4], [0], [4, 2]),
    "003-compose-matrix": in_dim_call([1, 2], [0, 1], [4, 2]),
    "003-compose-1x2": in_dim_call([1, 2], [1, 2], [4, 3, 2], es=8),
    "003-compose-4x3x1": in_dim_call([4, 3, 1], [0, 1, 2], [4, 3, 2], es=2),
    "trailing": in_dim_call([3, 1], [1, 2], [2, 3, 4]),
    "order-decreasing": in_dim_call([3, 4], [2, 1], [2, 3, 4]),
    "order-repeated": in_dim_call([3, 4], [1, 1], [2, 3, 4]),
    "past-rank": in_dim_call([3, 4], [1, 3], [2, 3, 4]),
    "past-rank-max": in_dim_call([3], [M64], [2, 3]),
    "rank-above-target": in_dim_call([1, 2], [0, 1], [2]),
    "mismatch": in_dim_call([3], [1], [2, 4]),
    "one-to-zero": in_dim_call([1], [0], [0]),
    "null-list": in_dim_call([3], None, [2, 3]),
    "capacity-short": in_dim_call([3], [1], [2, 3], cap_mode=1),
    "overflow": in_dim_call([1], [1], [1 << 32, 1 << 32], es=1),
    "overflow-bytes": in_dim_call([1], [0], [1 << 33], es=1 << 31),
    "x-null": in_dim_call([3], [1], [2, 3], flags=0x01),
    "z-null": in_dim_call([3], [1], [2, 3], flags=0x02),
    "zero-null-data": in_dim_call([3, 0], [0, 1], [3, 0], flags=0x03, cap_mode=4),
    "elem-size-0": in_dim_call([3], [1], [2, 3], es=0),
    "rank-65": in_dim_call([], [], [2, 3], x_rank=65),
    "dims-null": in_dim_call([], [0], [2, 3], x_rank=1, x_null=True),
}
for d in range(4):
    in_dim_seeds[f"003-mnpq-dim{d}"] = in_dim_call([MNPQ[d]], [d], list(MNPQ))
for a, c in [(2, 3), (1, 2), (0, 3)]:
    in_dim_seeds[f"003-mnpq-dims{a}{c}"] = in_dim_call([MNPQ[a], MNPQ[c]], [a, c], list(MNPQ), es=1)
seeds["broadcast_in_dim"] = in_dim_seeds


def xla_call(lhs, rhs, bd, flags=0, cap_mode=0, cap=None, n=None):
    """n_dims read with size() (flag bit4), the list raw; bd None means a NULL list (bit3)."""
    flags |= 0x10 | (0x08 if bd is None else 0)
    n_dims = (0 if bd is None else len(bd)) if n is None else n
    out = bytes([flags, cap_mode]) + (size(cap) if cap_mode == 2 else b"")
    out += b"".join(shape(*o) if isinstance(o, tuple) else shape(o) for o in (lhs, rhs))
    out += size(n_dims)
    if bd is not None and n_dims <= 66:
        out += raw_list(bd)
    return out


seeds["xla_binary_shape"] = {
    "003-matrix-vector": xla_call([2, 3], [3], [1]),
    "003-3x3-dim1": xla_call([3, 3], [3], [1]),
    "003-3x3-dim0": xla_call([3, 3], [3], [0]),
    "003-cuboid": xla_call([2, 3, 4], [3, 4], [1, 2]),
    "003-scalar-rhs": xla_call([2, 3], [], []),
    "003-scalar-lhs": xla_call([], [2, 3], []),
    "003-degenerate-21-23": xla_call([2, 1], [2, 3], []),
    "003-degenerate-125-725": xla_call([1, 2, 5], [7, 2, 5], []),
    "003-degenerate-725-715": xla_call([7, 2, 5], [7, 1, 5], []),
    "003-degenerate-incompatible": xla_call([7, 2, 5], [7, 2, 6], []),
    "003-outer": xla_call([2, 1], [1, 3], []),
    "003-outer-identity": xla_call([2, 1], [1, 3], [0, 1]),
    "003-compose-4-12": xla_call([4], [1, 2], [0]),
    "003-compose-12-431": xla_call([1, 2], [4, 3, 1], [1, 2]),
    "scalars": xla_call([], [], []),
    "one-against-zero": xla_call([0], [1], []),
    "vector-into-zero": xla_call([1], [4, 0], [0]),
    "missing-list": xla_call([2, 3], [3], []),
    "too-long": xla_call([2, 3], [3], [0, 1]),
    "scalar-with-list": xla_call([], [2, 3], [1]),
    "equal-not-identity": xla_call([2, 3], [2, 3], [1, 0]),
    "past-rank": xla_call([2, 3], [3], [2]),
    "decreasing": xla_call([3, 4], [2, 3, 4], [2, 1]),
    "repeated": xla_call([3, 4], [2, 3, 4], [1, 1]),
    "null-list": xla_call([2, 3], [3], None, n=1),
    "n-size-max": xla_call([2, 3], [3], [], n=M64),
    "capacity-short": xla_call([2, 3], [3], [1], cap_mode=1),
    "incompatible-vector": xla_call([2, 3], [2], [1]),
    "rank-65": xla_call([3], ([], False, 65), []),
    "out-dims-null": xla_call([2, 3], [3], [1], flags=0x01),
    "out-rank-null": xla_call([2, 3], [3], [1], flags=0x02),
}


def unidir_call(a, b, flags=0):
    return bytes([flags]) + (shape(*a) if isinstance(a, tuple) else shape(a)) + \
        (shape(*b) if isinstance(b, tuple) else shape(b))


A = [2, 3, 4, 5]
seeds["unidirectional_check"] = {
    "onnx-scalar": unidir_call(A, []),
    "onnx-vector": unidir_call(A, [5]),
    "onnx-matrix": unidir_call(A, [4, 5]),
    "onnx-2115": unidir_call(A, [2, 1, 1, 5]),
    "onnx-1315": unidir_call(A, [1, 3, 1, 5]),
    "onnx-same": unidir_call(A, A),
    "a-one-does-not-stretch": unidir_call([1], [3]),
    "b-rank-above": unidir_call([3], [2, 3]),
    "c1": unidir_call(A, [3]),
    "one-against-zero": unidir_call([0], [1]),
    "zero-against-one": unidir_call([1], [0]),
    "zeros": unidir_call([0], [0]),
    "rank-65": unidir_call(([], False, 65), [3]),
    "dims-null": unidir_call([2], ([1], True)),
}


def expand_call(x, s, flags=0, cap_mode=0, cap=None):
    out = bytes([flags, cap_mode]) + (size(cap) if cap_mode == 2 else b"")
    return out + (shape(*x) if isinstance(x, tuple) else shape(x)) + \
        (shape(*s) if isinstance(s, tuple) else shape(s))


seeds["expand_shape"] = {
    "onnx-216": expand_call([3, 1], [2, 1, 6]),
    "onnx-34": expand_call([3, 1], [3, 4]),
    "to-scalar": expand_call([2, 3], []),
    "incompatible": expand_call([3, 2], [3, 4]),
    "one-against-zero": expand_call([1], [0]),
    "capacity-short": expand_call([3, 1], [2, 1, 6], cap_mode=1),
    "out-dims-null": expand_call([3, 1], [2, 1, 6], flags=0x01),
    "out-rank-null": expand_call([3, 1], [2, 1, 6], flags=0x02),
    "rank-65": expand_call([3], ([], False, 65)),
    "dims-null": expand_call(([2], True), [3]),
    "extreme-sizes": expand_call([M64, 1 << 32], [1, 1]),
}


def iter_call(shapes, flags=0, n=None):
    out = bytes([flags | (0x08 if n is not None else 0), len(shapes)])
    if n is not None:
        out += size(n)
    return out + b"".join(shape(*s) if isinstance(s, tuple) else shape(s) for s in shapes)


iter_seeds = {}
for i, ex in enumerate(EX_002 + EX_003):
    iter_seeds[f"example-{i:02d}"] = iter_call([list(s) for s in ex])
iter_seeds["add-3x1-1x4"] = iter_call([[3, 1], [1, 4]])
iter_seeds["where-3"] = iter_call([[2, 1, 3], [1, 4, 1], [3]])
iter_seeds["middle-axis"] = iter_call([[2, 1, 4], [2, 3, 4]])
iter_seeds["overflow"] = iter_call([[1 << 32, 1], [1, 1 << 32]])
iter_seeds["zero-size"] = iter_call([[0, 3], [1, 3]])
iter_seeds["rank-65"] = iter_call([[3], ([], False, 65)])
iter_seeds["n-0"] = iter_call([], n=0)
iter_seeds["inputs-null"] = iter_call([[3]], flags=0x01)
iter_seeds["it-null"] = iter_call([[3]], flags=0x02)
iter_seeds["dims-null"] = iter_call([[3], ([1, 2], True)])
seeds["broadcast_iter"] = iter_seeds


root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
for target, files in seeds.items():
    d = os.path.join(root, target)
    os.makedirs(d, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(d, name), "wb") as fh:
            fh.write(data)
print(f"{sum(len(v) for v in seeds.values())} seeds in {len(seeds)} targets under {root}")

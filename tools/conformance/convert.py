#!/usr/bin/python3
"""Decodes the ONNX backend node tests that use broadcasting into the runner's raw format.

usage: convert.py <tests.txt> <data_dir> <out_dir>

The tests are Debian's libonnx-testdata (<data_dir>/<test>/model.onnx and
test_data_set_*/{input,output}_*.pb), read with python3-onnx. This script only *decodes*: each
tensor becomes its dtype, its shape and its little-endian row-major bytes (onnx.numpy_helper);
each node its op type, input and output names and attributes. It computes nothing: every
index and every value of the results is computed by tools/conformance/runner.cpp through the
library. The expected outputs are ONNX's own, decoded the same way.

<tests.txt> lists the test names or shell patterns (fnmatch) to run, one a line; a pattern that
matches no test of <data_dir> is written to <out_dir>/MISSING (the runner prints it). The
selected names go to <out_dir>/LIST, one case file each: <out_dir>/<test>.case, text lines:

    test <name>
    node <op> <n_in> <input names> <n_out> <output names>   (graph order; "" is written -)
    attr <name> int <value> | float <value> | ints <k> <values>
    const <name> <tensor>                                   (graph initializers)
    dataset <k>
    input <name> <tensor>                                   (graph inputs in order)
    output <name> <tensor>                                  (the expected graph outputs)
    end

where <tensor> is `<dtype> <rank> <dims...> <hex bytes>` (hex `-` when there are no bytes) and
<dtype> is numpy's name: bool, int8 .. int64, uint8 .. uint64, float16, float32, float64.
"""
import fnmatch
import glob
import os
import sys

import numpy as np
import onnx
from onnx import numpy_helper

DTYPES = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64"}


def tensor_text(array):
    a = np.asarray(array)
    if a.dtype.name not in DTYPES:
        raise ValueError(f"dtype {a.dtype.name} is not one the runner reads")
    raw = np.ascontiguousarray(a.astype(a.dtype.newbyteorder("<"), copy=False)).tobytes()
    dims = " ".join(str(d) for d in a.shape)
    return f"{a.dtype.name} {a.ndim}{' ' + dims if dims else ''} {raw.hex() or '-'}"


def read_pb(path):
    t = onnx.TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    return numpy_helper.to_array(t)


def attr_text(a):
    if a.type == onnx.AttributeProto.INT:
        return f"attr {a.name} int {a.i}"
    if a.type == onnx.AttributeProto.FLOAT:
        return f"attr {a.name} float {float(a.f)!r}"
    if a.type == onnx.AttributeProto.INTS:
        return f"attr {a.name} ints {len(a.ints)}" + "".join(f" {v}" for v in a.ints)
    raise ValueError(f"attribute {a.name} of type {a.type} is not one the runner reads")


def convert(case_dir, name):
    model = onnx.load(os.path.join(case_dir, "model.onnx"))
    g = model.graph
    lines = [f"test {name}"]
    for n in g.node:
        ins = [i or "-" for i in n.input]
        outs = [o or "-" for o in n.output]
        lines.append(" ".join(["node", n.op_type, str(len(ins)), *ins, str(len(outs)), *outs]))
        lines += [attr_text(a) for a in n.attribute]
    inits = {t.name for t in g.initializer}
    lines += [f"const {t.name} {tensor_text(numpy_helper.to_array(t))}" for t in g.initializer]
    feeds = [i.name for i in g.input if i.name not in inits]
    sets = sorted(glob.glob(os.path.join(case_dir, "test_data_set_*")),
                  key=lambda p: int(p.rsplit("_", 1)[1]))
    if not sets:
        raise ValueError("no test_data_set_*")
    for k, d in enumerate(sets):
        lines.append(f"dataset {k}")
        # input_<i>.pb is the i-th graph input (onnx/backend/test/runner, _load_proto order)
        for i, feed in enumerate(feeds):
            lines.append(f"input {feed} {tensor_text(read_pb(os.path.join(d, f'input_{i}.pb')))}")
        for i, out in enumerate(g.output):
            lines.append(f"output {out.name} {tensor_text(read_pb(os.path.join(d, f'output_{i}.pb')))}")
        lines.append("end")
    return "\n".join(lines) + "\n"


def main(argv):
    tests_file, data_dir, out_dir = argv
    patterns = [l.strip() for l in open(tests_file, encoding="utf-8")
                if l.strip() and not l.lstrip().startswith("#")]
    if not os.path.isdir(data_dir):
        print(f"convert: {data_dir} is not a directory (libonnx-testdata's data/node)")
        return 1
    available = sorted(d for d in os.listdir(data_dir) if os.path.isdir(os.path.join(data_dir, d)))
    os.makedirs(out_dir, exist_ok=True)
    selected, missing = [], []
    for p in patterns:
        hits = fnmatch.filter(available, p)
        if not hits:
            missing.append(p)
        selected += [h for h in hits if h not in selected]
    status = 0
    for name in selected:
        try:
            text = convert(os.path.join(data_dir, name), name)
        except Exception as e:  # a test we cannot decode is the runner's failure to report
            text = f"test {name}\nerror converter: {type(e).__name__}: {e}\n"
            status = 1
        with open(os.path.join(out_dir, name + ".case"), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(out_dir, "LIST"), "w", encoding="utf-8") as f:
        f.write("".join(n + "\n" for n in selected))
    with open(os.path.join(out_dir, "MISSING"), "w", encoding="utf-8") as f:
        f.write("".join(p + "\n" for p in missing))
    print(f"convert: {len(selected)} tests from {data_dir}, onnx {onnx.__version__}"
          + (f"; no test matches {' '.join(missing)}" if missing else ""))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

// RapidCheck properties of sonnx-broadcast, through the C API (src/sonnx_broadcast.h).
//
// Usage: properties [FILTER...]
//   Runs every property (or those whose name or requirement IDs contain one of the FILTERs).
//   Default 1000 cases per property; LONG=1 in the environment: 20000. RC_PARAMS is honoured
//   (RapidCheck's own configuration); when it names no seed a random one is chosen and printed,
//   and `RC_PARAMS="seed=<seed>" properties` replays the same cases. On a failure RapidCheck also
//   prints an RC_PARAMS="reproduce=..." string that replays the minimal counterexample only.
// Output: one line per property (name, requirement IDs, cases, seed, time), then
//   `properties: <passed> passed, <failed> failed`; the exit status is non-zero on any failure.
//
// Every property is tagged with the requirement IDs it gives evidence for, in the citation form
// of spec/README.md, on the comment line directly above its function and above its run in main.
#include <rapidcheck.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "prop_support.hpp"
#include "sonnx_broadcast.h"
#include "sonnx_broadcast.hpp"

using namespace props;

namespace {

std::size_t g_cases = 0;
int g_passed = 0;
int g_failed = 0;
std::vector<std::string> g_filters;

// Runs one property with rc::check, counts the cases that completed, prints the result line.
template <typename Body> void property(const char *reqs, const char *name, Body body)
{
  if (!g_filters.empty()) {
    bool hit = false;
    for (const std::string &f : g_filters)
      hit = hit || std::string(name).find(f) != std::string::npos || std::string(reqs).find(f) != std::string::npos;
    if (!hit) return;
  }
  g_cases = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const bool ok = rc::check(std::string(name) + " [" + reqs + "]", [&body] {
    body();
    ++g_cases;
  });
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  std::cout << (ok ? "PASS " : "FAIL ") << name << " | req " << reqs << " | " << g_cases
            << (ok ? " cases" : " passing runs, then a counterexample (above)") << " | seed="
            << rc::detail::configuration().testParams.seed << " | " << ms << " ms" << std::endl;
  (ok ? g_passed : g_failed)++;
}

// A random permutation of 0..n-1 (Fisher-Yates on RapidCheck picks, so it shrinks).
std::vector<std::size_t> draw_permutation(std::size_t n)
{
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), std::size_t{0});
  for (std::size_t i = n; i > 1; --i) std::swap(p[i - 1], p[pick<std::size_t>(0, i - 1)]);
  return p;
}

// Every permutation for n <= 3, plus one random permutation.
std::vector<std::vector<std::size_t>> permutations_for(std::size_t n)
{
  std::vector<std::vector<std::size_t>> all;
  if (n <= 3) {
    std::vector<std::size_t> p(n);
    std::iota(p.begin(), p.end(), std::size_t{0});
    do all.push_back(p);
    while (std::next_permutation(p.begin(), p.end()));
  }
  all.push_back(draw_permutation(n));
  return all;
}

template <typename T> std::vector<T> permute(const std::vector<T> &v, const std::vector<std::size_t> &sigma)
{
  std::vector<T> out;
  for (std::size_t k : sigma) out.push_back(v[k]);
  return out;
}

std::string show(const Shape &s)
{
  std::string r = "(";
  for (std::size_t k = 0; k < s.size(); ++k) r += (k ? "," : "") + std::to_string(s[k]);
  return r + ")";
}

std::string show(const Shapes &in)
{
  std::string r;
  for (const Shape &s : in) r += (r.empty() ? "" : " ") + show(s);
  return r;
}

std::string show_perm(const std::vector<std::size_t> &p)
{
  std::string r = "sigma =";
  for (std::size_t k : p) r += " " + std::to_string(k);
  return r;
}

void tag_status(bool ok) { RC_TAG(ok ? "compatible" : "incompatible"); }

// Row-major odometer over a 0-based multi-index; false after the last index.
bool next_index(std::vector<std::size_t> &idx, const Shape &z)
{
  for (std::size_t k = z.size(); k-- > 0;) {
    if (++idx[k] < z[k]) return true;
    idx[k] = 0;
  }
  return false;
}

// ---------------------------------------------------------------------------
// 1. Commutativity
// ---------------------------------------------------------------------------

// @req SONNX-COMMUT
void commut_shape()
{
  const Shapes in = *gen_shapes(2, 5);
  for (bool numpy : {false, true}) {
    const ShapeCall base = call_shape(numpy, in);
    if (!numpy) tag_status(base.st == SONNX_OK);
    for (const auto &sigma : permutations_for(in.size())) {
      const Shapes pin = permute(in, sigma);
      RC_LOG() << (numpy ? "NumPy rule, " : "SONNX rule, ") << show_perm(sigma) << ": " << show(pin) << std::endl;
      const ShapeCall c = call_shape(numpy, pin);
      RC_ASSERT(c.st == base.st);
      if (c.st == SONNX_OK) {
        RC_ASSERT(c.dims == base.dims);
      } else {
        // the first failing axis does not depend on the order; the input is a call position
        RC_ASSERT(c.err.axis == base.err.axis);
        RC_ASSERT(c.err.input < pin.size());
        RC_ASSERT(c.err.size == pad0(pin[c.err.input], max_rank(pin), c.err.axis));
      }
    }
  }
}

// @req SONNX-COMMUT SONNX-ELEM
void commut_data()
{
  const Shapes in = *gen_shapes(2, 5);
  std::vector<Kind> kinds;
  for (std::size_t m = 0; m < in.size(); ++m) kinds.push_back(draw_kind(true)); // int32, int64, 3 bytes
  const std::vector<Tensor> ts = make_tensors(in, kinds);
  const OpCall base = call_op(ts);
  tag_status(base.st == SONNX_OK);
  RC_ASSERT(base.st == SONNX_OK || base.st == SONNX_ERR_INCOMPATIBLE);
  for (const auto &sigma : permutations_for(in.size())) {
    RC_LOG() << show_perm(sigma) << std::endl;
    const OpCall c = call_op(permute(ts, sigma));
    RC_ASSERT(c.st == base.st);
    if (c.st != SONNX_OK) {
      RC_ASSERT(c.untouched);
      continue;
    }
    RC_ASSERT(c.dims == base.dims);
    for (std::size_t k = 0; k < sigma.size(); ++k) RC_ASSERT(c.outs[k] == base.outs[sigma[k]]);
  }
}

// ---------------------------------------------------------------------------
// 2. Recursive (left-fold) definition
// ---------------------------------------------------------------------------

// @req SONNX-REC
// The binary step of the fold is the test's own reference, not the library's two-input call:
// ref_sonnx on the pair (SONNX-STEP1-PAD, SONNX-STEP2-MAX, SONNX-C1) or, for the NumPy rule,
// e22_binary (ARRAYAPI-ALGO).
void rec_fold()
{
  const Shapes in = *gen_shapes(1, 8);
  const std::size_t n = in.size();
  for (bool numpy : {false, true}) {
    const ShapeCall nary = call_shape(numpy, in);
    const ShapeCall first = call_shape(numpy, Shapes{in[0]});
    RC_ASSERT(first.st == SONNX_OK);
    RC_ASSERT(first.dims == in[0]);
    Shape acc = in[0];
    std::size_t fail_step = n;
    Shape acc_at_fail;
    for (std::size_t k = 1; k < n; ++k) {
      std::optional<Shape> step;
      if (numpy) {
        step = e22_binary(acc, in[k]);
      } else {
        const RefShape pair = ref_sonnx(Shapes{acc, in[k]});
        if (pair.ok) step = pair.dims;
      }
      if (!step) {
        fail_step = k;
        acc_at_fail = acc;
        break;
      }
      acc = *step;
    }
    if (!numpy) tag_status(fail_step == n);
    RC_ASSERT((nary.st == SONNX_OK) == (fail_step == n));
    if (nary.st == SONNX_OK) {
      RC_ASSERT(nary.dims == acc);
    } else {
      RC_ASSERT(nary.st == SONNX_ERR_INCOMPATIBLE);
    }
    if (numpy) continue;
    // The data operator is defined by the fold: its shape is the fold's, and an incompatibility
    // names the first input whose addition makes the fold fail.
    std::vector<Kind> kinds(n, Kind::I32);
    const OpCall op = call_op(make_tensors(in, kinds));
    if (fail_step == n) {
      RC_ASSERT(op.st == SONNX_OK);
      RC_ASSERT(op.dims == acc);
    } else {
      RC_ASSERT(op.st == SONNX_ERR_INCOMPATIBLE);
      RC_ASSERT(op.err.status == op.st);
      RC_ASSERT(op.err.rule == SONNX_RULE_SONNX); // a C1 violation, no target shape (LIB-ERR-STATUS)
      RC_ASSERT(op.untouched);
      RC_ASSERT(op.err.input == fail_step);
      const RefShape pair = ref_sonnx(Shapes{acc_at_fail, in[fail_step]});
      const std::size_t ny = std::max(acc_at_fail.size(), in[fail_step].size());
      RC_ASSERT(!pair.ok);
      RC_ASSERT(op.err.axis == pair.axis);
      RC_ASSERT(op.err.size == pad0(in[fail_step], ny, pair.axis));
      RC_ASSERT(op.err.expected == pad0(acc_at_fail, ny, pair.axis));
    }
  }
}

// ---------------------------------------------------------------------------
// 3. Shape rules against independent transcriptions; elements against the 1-based relation
// ---------------------------------------------------------------------------

// @req ARRAYAPI-ALGO ARRAYAPI-INCOMPAT LIB-ERR-NOWRITE
void arrayapi_algo()
{
  const Shapes in = *gen_shapes(1, 8);
  const ShapeCall c = call_shape(true, in);
  const std::optional<Shape> e22 = e22_fold(in);
  const RefShape closed = ref_numpy_closed(in);
  tag_status(e22.has_value());
  RC_ASSERT(closed.ok == e22.has_value()); // the two references agree with each other
  RC_ASSERT((c.st == SONNX_OK) == e22.has_value());
  RC_ASSERT(c.untouched);
  if (e22) {
    RC_ASSERT(closed.dims == *e22);
    RC_ASSERT(c.dims == *e22);
    RC_ASSERT(c.err.status == SONNX_OK);
  } else {
    RC_ASSERT(c.st == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(c.err.status == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(c.err.input == closed.input);
    RC_ASSERT(c.err.axis == closed.axis);
    RC_ASSERT(c.err.size == closed.size);
    RC_ASSERT(c.err.expected == closed.expected);
  }
}

// @req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 LIB-ERR-NOWRITE
void sonnx_max_c1()
{
  const Shapes in = *gen_shapes(1, 8);
  const ShapeCall c = call_shape(false, in);
  const RefShape ref = ref_sonnx(in);
  tag_status(ref.ok);
  RC_ASSERT((c.st == SONNX_OK) == ref.ok);
  RC_ASSERT(c.untouched);
  if (ref.ok) {
    RC_ASSERT(c.dims == ref.dims);
    RC_ASSERT(c.err.status == SONNX_OK);
  } else {
    RC_ASSERT(c.st == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(c.err.status == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(c.err.input == ref.input);
    RC_ASSERT(c.err.axis == ref.axis);
    RC_ASSERT(c.err.size == ref.size);
    RC_ASSERT(c.err.expected == ref.expected);
  }
}

// @req ARRAYAPI-ALGO SONNX-STEP2-MAX SONNX-C1
void rules_agree()
{
  const Shapes in = *gen_shapes(1, 6);
  const ShapeCall s = call_shape(false, in);
  const ShapeCall p = call_shape(true, in);
  const bool zero = has_zero(in);
  RC_TAG(zero ? "some size 0" : "no size 0");
  if (!zero) {
    RC_ASSERT(s.st == p.st);
    if (s.st == SONNX_OK) RC_ASSERT(s.dims == p.dims);
    else RC_ASSERT(s.err.axis == p.err.axis);
    return;
  }
  // With zeros (erratum E21): SONNX-compatible implies NumPy-compatible with the same shape; the
  // rules differ only on an axis whose padded sizes are all 0 or 1, with at least one of each.
  if (s.st == SONNX_OK) {
    RC_ASSERT(p.st == SONNX_OK);
    RC_ASSERT(s.dims == p.dims);
  }
  if (p.st != SONNX_OK) RC_ASSERT(s.st == SONNX_ERR_INCOMPATIBLE);
  if (p.st == SONNX_OK && s.st != SONNX_OK) {
    RC_TAG("rules differ");
    RC_ASSERT(s.st == SONNX_ERR_INCOMPATIBLE);
    const std::size_t ny = max_rank(in);
    bool zeros = false, ones = false, other = false;
    for (const Shape &x : in) {
      const std::size_t d = pad0(x, ny, s.err.axis);
      zeros = zeros || d == 0;
      ones = ones || d == 1;
      other = other || d > 1;
    }
    RC_ASSERT(zeros && ones && !other);
    RC_ASSERT(p.dims[s.err.axis] == 0u);
  }
}

// @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-TYPES
void elements()
{
  const Shapes in = *gen_compatible(1, 5);
  std::vector<Kind> kinds;
  for (std::size_t m = 0; m < in.size(); ++m) kinds.push_back(draw_kind(false));
  const std::vector<Tensor> ts = make_tensors(in, kinds);
  for (const Tensor &t : ts) RC_LOG() << show(t.shape) << " " << kind_name(t.kind) << std::endl;
  const RefShape ref = ref_sonnx(in);
  RC_ASSERT(ref.ok); // by construction
  RC_TAG(count_of(ref.dims) == 0 ? "empty output" : "non-empty output");
  const OpCall op = call_op(ts);
  RC_ASSERT(op.st == SONNX_OK);
  RC_ASSERT(op.dims == ref.dims);
  for (std::size_t m = 0; m < ts.size(); ++m) {
    const Bytes expect = ref_materialize(ts[m], ref.dims);
    RC_ASSERT(op.outs[m] == expect);
    const ToCall to = call_to(ts[m], ref.dims);
    RC_ASSERT(to.st == SONNX_OK);
    RC_ASSERT(to.out == expect);
  }
}

// std::string elements: the library moves uint32 indices 0..count(x)-1, the test moves strings.
// @req SONNX-ELEM SONNX-TYPES LIB-STRIDES
void strings()
{
  const Shapes in = *gen_compatible(1, 4);
  const RefShape ref = ref_sonnx(in);
  RC_ASSERT(ref.ok);
  const Shape &D = ref.dims;
  const std::size_t zc = count_of(D);
  std::vector<std::vector<std::string>> xs(in.size());
  std::vector<std::vector<std::uint32_t>> ids(in.size());
  for (std::size_t m = 0; m < in.size(); ++m) {
    const std::size_t extra = pick<std::size_t>(0, 40); // beyond the small-string buffer sometimes
    for (std::size_t k = 0; k < count_of(in[m]); ++k) {
      xs[m].push_back((k % 7 == 3) ? std::string() : "x" + std::to_string(m) + "." + std::to_string(k) + std::string(extra, 'p'));
      ids[m].push_back(static_cast<std::uint32_t>(k));
    }
  }
  // the N-ary operator over the index arrays
  std::vector<sonnx_tensor> ts;
  std::vector<std::vector<std::uint32_t>> outs(in.size(), std::vector<std::uint32_t>(zc, 0xFFFFFFFFu));
  std::vector<sonnx_buffer> bufs;
  for (std::size_t m = 0; m < in.size(); ++m) {
    ts.push_back(sonnx_tensor{view(in[m]), ids[m].empty() ? nullptr : ids[m].data(), sizeof(std::uint32_t)});
    bufs.push_back(sonnx_buffer{outs[m].empty() ? nullptr : outs[m].data(), zc * sizeof(std::uint32_t)});
  }
  std::size_t dims[SONNX_MAX_RANK];
  std::size_t rank = 0;
  RC_ASSERT(sonnx_broadcast(in.size(), ts.data(), bufs.data(), dims, SONNX_MAX_RANK, &rank, nullptr) == SONNX_OK);
  RC_ASSERT(Shape(dims, dims + rank) == D);
  for (std::size_t m = 0; m < in.size(); ++m) {
    const std::vector<std::size_t> src = ref_source_offsets(in[m], D);
    std::vector<std::string> expect, via_op, via_to, via_offset;
    for (std::size_t o = 0; o < zc; ++o) {
      expect.push_back(xs[m][src[o]]);
      RC_ASSERT(outs[m][o] < xs[m].size());
      via_op.push_back(xs[m][outs[m][o]]);
    }
    // unidirectional broadcast of the indices
    const ToCall to = call_to(in[m], ids[m].empty() ? nullptr : ids[m].data(), sizeof(std::uint32_t), D);
    RC_ASSERT(to.st == SONNX_OK);
    for (std::size_t o = 0; o < zc; ++o) {
      std::uint32_t id;
      std::memcpy(&id, to.out.data() + o * sizeof id, sizeof id);
      RC_ASSERT(id < xs[m].size());
      via_to.push_back(xs[m][id]);
    }
    // the test's own copy through sonnx_source_offset
    if (zc > 0) {
      std::vector<std::size_t> idx(D.size(), 0);
      do {
        std::size_t off = kSentinel;
        RC_ASSERT(sonnx_source_offset(view(in[m]), view(D), idx.data(), &off, nullptr) == SONNX_OK);
        RC_ASSERT(off < xs[m].size());
        via_offset.push_back(xs[m][off]);
      } while (next_index(idx, D));
    }
    RC_ASSERT(via_op == expect);
    RC_ASSERT(via_to == expect);
    RC_ASSERT(via_offset == expect);
  }
}

// @req SONNX-F
void index_map()
{
  const int cls = pick(0, 3);
  std::size_t c;
  if (cls == 0) c = pick<std::size_t>(1, 9);
  else if (cls == 1) c = SIZE_MAX;
  else c = std::max<std::size_t>(1, *rc::gen::arbitrary<std::size_t>());
  const std::size_t a = pick<std::size_t>(0, c - 1);
  const std::size_t b = chance(50) ? c : 1;
  RC_LOG() << "sonnx_index_map(" << a << ", " << b << ", " << c << ")" << std::endl;
  const std::size_t r = sonnx_index_map(a, b, c);
  RC_ASSERT(r == f_spec(a + 1, b, c) - 1); // index_map(j, b, c) = f(j + 1, b, c) - 1
  RC_ASSERT(r < b);
}

// @req SONNX-STEP1-PAD
void padded_dim()
{
  const std::size_t r = pick<std::size_t>(0, SONNX_MAX_RANK);
  Shape x(r);
  for (std::size_t &d : x) d = pick<std::size_t>(0, 9);
  const std::size_t ny = pick<std::size_t>(std::max<std::size_t>(r, 1), SONNX_MAX_RANK);
  const std::size_t i = pick<std::size_t>(0, ny - 1);
  RC_LOG() << "sonnx_padded_dim(" << show(x) << ", " << ny << ", " << i << ")" << std::endl;
  RC_ASSERT(sonnx_padded_dim(view(x), ny, i) == padded_1based(x, ny, i + 1));
}

// ---------------------------------------------------------------------------
// 4. Zero-copy view
// ---------------------------------------------------------------------------

// @req LIB-STRIDES SONNX-ELEM
void strides_view()
{
  const Shape z = *rc::gen::exec([] { return draw_target(10); });
  const Shape x = *rc::gen::exec([z] { return draw_inputs(z, 1, Mode::SonnxCompat)[0]; });
  Tensor tx;
  tx.shape = x;
  tx.kind = draw_kind(false);
  fill(tx, 7);
  RC_LOG() << "x " << show(x) << " -> z " << show(z) << ", " << kind_name(tx.kind) << std::endl;
  const std::size_t es = elem_size(tx.kind);
  std::vector<std::size_t> strides(z.size() + 1, kSentinel);
  sonnx_error err{};
  RC_ASSERT(sonnx_broadcast_strides(view(x), view(z), strides.data(), &err) == SONNX_OK);
  RC_ASSERT(strides[z.size()] == kSentinel);
  // the stride values of LIB-STRIDES
  const std::size_t p = z.size() - x.size();
  for (std::size_t k = 0; k < z.size(); ++k) {
    if (k < p) { RC_ASSERT(strides[k] == 0u); continue; }
    std::size_t rm = 1;
    for (std::size_t j = k - p + 1; j < x.size(); ++j) rm *= x[j];
    const std::size_t px = x[k - p];
    if (px == 1 && z[k] != 1) RC_ASSERT(strides[k] == 0u);
    else if (px != 1) RC_ASSERT(strides[k] == rm);
    else RC_ASSERT(strides[k] == 0u || strides[k] == rm);
  }
  const ToCall to = call_to(tx, z);
  RC_ASSERT(to.st == SONNX_OK);
  const std::vector<std::size_t> ref = ref_source_offsets(x, z);
  const std::size_t zc = count_of(z);
  RC_TAG(zc == 0 ? "empty" : "non-empty");
  if (zc == 0) return;
  std::vector<std::size_t> idx(z.size(), 0);
  std::size_t o = 0;
  do {
    std::size_t by_strides = 0;
    for (std::size_t k = 0; k < z.size(); ++k) by_strides += idx[k] * strides[k];
    std::size_t off = kSentinel;
    RC_ASSERT(sonnx_source_offset(view(x), view(z), idx.data(), &off, nullptr) == SONNX_OK);
    RC_ASSERT(off == by_strides);
    RC_ASSERT(off == ref[o]);
    RC_ASSERT(std::memcmp(to.out.data() + o * es, tx.bytes.data() + off * es, es) == 0);
    ++o;
  } while (next_index(idx, z));
  RC_ASSERT(o == zc);
}

// @req LIB-STRIDES LIB-ERR-NOWRITE
void offset_out_of_range()
{
  const Shape z = *rc::gen::exec([] { return draw_target(10); });
  RC_PRE(!z.empty());
  const Shape x = *rc::gen::exec([z] { return draw_inputs(z, 1, Mode::SonnxCompat)[0]; });
  std::vector<std::size_t> idx(z.size());
  for (std::size_t k = 0; k < z.size(); ++k) idx[k] = pick<std::size_t>(0, z[k] + 1);
  const std::size_t forced = pick<std::size_t>(0, z.size() - 1);
  idx[forced] = z[forced] + pick<std::size_t>(0, 3);
  std::size_t first = 0;
  while (idx[first] < z[first]) ++first;
  RC_LOG() << "x " << show(x) << " -> z " << show(z) << ", index " << show(idx) << std::endl;
  std::size_t off = kSentinel;
  sonnx_error err{};
  RC_ASSERT(sonnx_source_offset(view(x), view(z), idx.data(), &off, &err) == SONNX_ERR_ARGUMENT);
  RC_ASSERT(err.status == SONNX_ERR_ARGUMENT);
  RC_ASSERT(err.axis == first);
  RC_ASSERT(err.size == idx[first]);
  RC_ASSERT(off == kSentinel);
}

// ---------------------------------------------------------------------------
// 5. Algebra
// ---------------------------------------------------------------------------

// @req SONNX-STEP2-MAX ARRAYAPI-ALGO SONNX-ELEM
void identity()
{
  const Shape s = (*gen_shapes(1, 1))[0];
  const std::size_t n = pick<std::size_t>(1, 5);
  const Shapes copies(n, s);
  for (bool numpy : {false, true}) {
    const ShapeCall c = call_shape(numpy, copies);
    RC_ASSERT(c.st == SONNX_OK);
    RC_ASSERT(c.dims == s);
  }
  const std::vector<Tensor> ts = make_tensors(copies, std::vector<Kind>(n, draw_kind(false)));
  const OpCall op = call_op(ts);
  RC_ASSERT(op.st == SONNX_OK);
  RC_ASSERT(op.dims == s);
  for (std::size_t m = 0; m < n; ++m) RC_ASSERT(op.outs[m] == ts[m].bytes);
}

// @req SONNX-STEP2-MAX SONNX-C1 ARRAYAPI-ALGO
void all_ones()
{
  const Shapes in = *gen_shapes(1, 5);
  const std::size_t ny = max_rank(in);
  const std::size_t r1 = pick<std::size_t>(0, ny);
  const std::size_t pos = pick<std::size_t>(0, in.size());
  Shapes in2 = in;
  in2.insert(in2.begin() + static_cast<std::ptrdiff_t>(pos), Shape(r1, 1));
  RC_LOG() << "with the all-ones input: " << show(in2) << std::endl;
  // NumPy rule: a 1 stretches to anything, so nothing changes.
  const ShapeCall a = call_shape(true, in), b = call_shape(true, in2);
  RC_ASSERT(a.st == b.st);
  if (a.st == SONNX_OK) RC_ASSERT(a.dims == b.dims);
  // SONNX rule: nothing changes, except that a 1 facing a result size 0 violates C1 (E21).
  const ShapeCall s = call_shape(false, in), t = call_shape(false, in2);
  tag_status(s.st == SONNX_OK);
  if (s.st != SONNX_OK) {
    RC_ASSERT(t.st == SONNX_ERR_INCOMPATIBLE);
    return;
  }
  // an all-ones input is padded with 1s to the result rank: it faces every axis of the result
  std::size_t first_zero = s.dims.size();
  for (std::size_t k = 0; k < s.dims.size(); ++k)
    if (s.dims[k] == 0) { first_zero = k; break; }
  if (first_zero < s.dims.size()) {
    RC_TAG("ones meet a 0");
    RC_ASSERT(t.st == SONNX_ERR_INCOMPATIBLE);
    // the max on that axis becomes 1, so an original input's 0 is the first violation
    RC_ASSERT(t.err.axis == first_zero);
    RC_ASSERT(t.err.size == 0u && t.err.expected == 1u);
    RC_ASSERT(t.err.input != pos);
  } else {
    RC_ASSERT(t.st == SONNX_OK);
    RC_ASSERT(t.dims == s.dims);
  }
}

// @req SONNX-REC
void idempotent()
{
  const Shapes in = *gen_compatible(1, 5);
  std::vector<Kind> kinds;
  for (std::size_t m = 0; m < in.size(); ++m) kinds.push_back(draw_kind(false));
  const OpCall op = call_op(make_tensors(in, kinds));
  RC_ASSERT(op.st == SONNX_OK);
  std::vector<Tensor> zs(in.size());
  for (std::size_t m = 0; m < in.size(); ++m) {
    zs[m].shape = op.dims;
    zs[m].kind = kinds[m];
    zs[m].bytes = op.outs[m];
  }
  const OpCall again = call_op(zs);
  RC_ASSERT(again.st == SONNX_OK);
  RC_ASSERT(again.dims == op.dims);
  for (std::size_t m = 0; m < in.size(); ++m) RC_ASSERT(again.outs[m] == op.outs[m]);
}

// @req ONNX-UNIDIR SONNX-REC
void to_equals_nary()
{
  const Shapes in = *gen_compatible(1, 5);
  std::vector<Kind> kinds;
  for (std::size_t m = 0; m < in.size(); ++m) kinds.push_back(draw_kind(false));
  const std::vector<Tensor> ts = make_tensors(in, kinds);
  const OpCall op = call_op(ts);
  RC_ASSERT(op.st == SONNX_OK);
  for (std::size_t m = 0; m < in.size(); ++m) {
    const ToCall to = call_to(ts[m], op.dims);
    RC_ASSERT(to.st == SONNX_OK);
    RC_ASSERT(to.out == op.outs[m]);
  }
}

// @req ONNX-UNIDIR SONNX-C1 LIB-STRIDES LIB-RANK
void unidirectional()
{
  const Shape z = *rc::gen::exec([] { return draw_target(25); });
  const Shape x = *rc::gen::exec([z] {
    const int c = pick(0, 4);
    if (c == 0) return draw_inputs(z, 1, Mode::SonnxCompat)[0];
    if (c == 1) return draw_inputs(z, 1, Mode::NumpyZero)[0];
    if (c == 2) { // one size changed to a non-1 value that is not z's
      Shape s = draw_inputs(z, 1, Mode::SonnxCompat)[0];
      if (s.empty()) s.push_back(0);
      const std::size_t q = pick<std::size_t>(0, s.size() - 1);
      const std::size_t zq = z.size() >= s.size() ? z[z.size() - s.size() + q] : 7;
      std::size_t v = chance(20) ? 0 : pick<std::size_t>(2, 8);
      if (v == zq) v = zq + 1;
      s[q] = v;
      return s;
    }
    if (c == 3) { // higher rank than z
      Shape s = z;
      s.insert(s.begin(), pick<std::size_t>(1, 3));
      return s;
    }
    return draw_random(1)[0];
  });
  const bool ref = ref_broadcasts_to(x, z);
  tag_status(ref);
  RC_LOG() << "x " << show(x) << " -> z " << show(z) << (ref ? " (broadcasts)" : " (does not broadcast)") << std::endl;
  // x of rank SONNX_MAX_RANK + 1 (above a rank-64 z) is a rank error, checked first (LIB-RANK)
  const bool rank_error = x.size() > SONNX_MAX_RANK;
  const sonnx_status refused = rank_error ? SONNX_ERR_RANK : SONNX_ERR_INCOMPATIBLE;
  if (rank_error) RC_TAG("rank above SONNX_MAX_RANK");
  Tensor tx;
  tx.shape = x;
  tx.kind = Kind::I32;
  fill(tx, 3);
  // The refusal report the contracts of sonnx_broadcast_to, _strides and sonnx_source_offset
  // promise: the status returned, input 0 (x), and ONNX-UNIDIR's rule, or for x's rank
  // (LIB-RANK) no axis, its rank against SONNX_MAX_RANK and the default rule.
  const auto refusal_reported = [&](const sonnx_error &e, sonnx_status st) {
    RC_ASSERT(e.status == st);
    RC_ASSERT(e.input == 0u);
    if (rank_error) {
      RC_ASSERT(e.axis == SONNX_NO_INDEX);
      RC_ASSERT(e.size == x.size());
      RC_ASSERT(e.expected == SONNX_MAX_RANK);
      RC_ASSERT(e.rule == SONNX_RULE_SONNX);
    } else {
      RC_ASSERT(e.rule == SONNX_RULE_ONNX_UNIDIR);
    }
  };
  const ToCall to = call_to(tx, z);
  RC_ASSERT((to.st == SONNX_OK) == ref);
  if (ref) {
    RC_ASSERT(to.out == ref_materialize(tx, z));
  } else {
    RC_ASSERT(to.st == refused);
    RC_ASSERT(!to.out.empty());
    RC_ASSERT(to.untouched); // LIB-ERR-NOWRITE: every output byte still 0x5A
    refusal_reported(to.err, to.st);
    if (x.size() <= z.size()) {
      std::size_t first = 0;
      for (; first < z.size(); ++first) {
        const std::size_t p = pad0(x, z.size(), first);
        if (!(p == z[first] || (p == 1 && z[first] != 0))) break;
      }
      RC_ASSERT(to.err.axis == first);
      RC_ASSERT(to.err.size == pad0(x, z.size(), first));
      RC_ASSERT(to.err.expected == z[first]);
    }
  }
  // ONNX-UNIDIR: x broadcasts to z iff the SONNX rule on (x, z) succeeds and gives z
  const ShapeCall sh = call_shape(false, Shapes{x, z});
  RC_ASSERT((sh.st == SONNX_OK && sh.dims == z) == ref);
  // the view functions accept exactly the same pairs (err NULL, then, on a refusal, a record
  // whose fields start as sentinels)
  const sonnx_error fresh{SONNX_OK, kSentinel, kSentinel, kSentinel, kSentinel, kRuleSentinel};
  std::vector<std::size_t> strides(z.size() + 1, kSentinel);
  const sonnx_status st = sonnx_broadcast_strides(view(x), view(z), strides.data(), nullptr);
  RC_ASSERT(st == (ref ? SONNX_OK : refused));
  if (!ref) {
    sonnx_error e = fresh;
    RC_ASSERT(sonnx_broadcast_strides(view(x), view(z), strides.data(), &e) == refused);
    refusal_reported(e, refused);
  }
  if (count_of(z) > 0 || !ref) {
    std::vector<std::size_t> idx(z.size(), 0);
    std::size_t off = kSentinel;
    const sonnx_status so = sonnx_source_offset(view(x), view(z), idx.data(), &off, nullptr);
    RC_ASSERT(so == (ref ? SONNX_OK : refused));
    if (!ref) {
      RC_ASSERT(off == kSentinel);
      sonnx_error e = fresh;
      RC_ASSERT(sonnx_source_offset(view(x), view(z), idx.data(), &off, &e) == refused);
      RC_ASSERT(off == kSentinel);
      refusal_reported(e, refused);
    }
  }
}


// ---------------------------------------------------------------------------
// 6. Broadcast iteration
// ---------------------------------------------------------------------------

// @req LIB-ITER SONNX-ELEM LIB-ROWMAJOR
// sonnx::for_each_broadcast (over the proved C iteration): for compatible inputs the runs tile
// [0, count) in order, each of length >= 1, and at every output element each input's offset
// src[m] + s * step[m] is the 1-based spec relation's (ref_source_offsets, prop_support.hpp);
// for incompatible inputs nothing is visited and the error is the reference's first violation.
void iter_runs()
{
  const Shapes in = *gen_shapes(1, 5);
  RC_LOG() << "inputs:";
  for (const Shape &s : in) RC_LOG() << " " << show(s);
  RC_LOG() << std::endl;
  const RefShape ref = ref_sonnx(in);
  std::vector<sonnx::shape> shapes;
  for (const Shape &s : in) shapes.emplace_back(std::span<const std::size_t>(s.data(), s.size()));
  std::size_t next = 0;  // the output offset the next run must start at
  std::size_t runs = 0;
  std::vector<std::vector<std::size_t>> want;
  if (ref.ok)
    for (const Shape &s : in) want.push_back(ref_source_offsets(s, ref.dims));
  bool visited_bad = false;
  const auto r = sonnx::for_each_broadcast(
      std::span<const sonnx::shape>(shapes.data(), shapes.size()),
      [&](std::size_t o, std::size_t len, std::span<const std::size_t> src, std::span<const std::size_t> step) {
        if (!ref.ok) { visited_bad = true; return; }
        RC_ASSERT(o == next);
        RC_ASSERT(len >= 1u);
        RC_ASSERT(src.size() == in.size() && step.size() == in.size());
        for (std::size_t m = 0; m < in.size(); ++m) {
          RC_ASSERT(step[m] <= 1u);
          for (std::size_t s = 0; s < len; ++s) RC_ASSERT(src[m] + s * step[m] == want[m].at(o + s));
        }
        next = o + len;
        ++runs;
      });
  RC_ASSERT(!visited_bad);
  if (!ref.ok) {
    RC_ASSERT(!r);
    RC_ASSERT(r.status() == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(r.error().input() == ref.input && r.error().axis() == ref.axis);
    RC_ASSERT(r.error().size() == ref.size && r.error().expected() == ref.expected);
    return;
  }
  RC_ASSERT(static_cast<bool>(r));
  RC_ASSERT(r->rank() == ref.dims.size());
  for (std::size_t k = 0; k < ref.dims.size(); ++k) RC_ASSERT((*r)[k] == ref.dims[k]);
  RC_ASSERT(next == count_of(ref.dims));  // the runs end at count: every element, once, in order
  RC_ASSERT(runs <= count_of(ref.dims));
  RC_TAG(runs == 0 ? "empty" : runs == 1 ? "one run" : "several runs");
}

} // namespace

int main(int argc, char **argv)
{
  for (int i = 1; i < argc; ++i) g_filters.emplace_back(argv[i]);
  // Defaults: 1000 cases per property (LONG=1: 20000) and a fresh seed, unless RC_PARAMS says
  // otherwise; RapidCheck reads RC_PARAMS when the first property runs.
  const char *env = std::getenv("RC_PARAMS");
  std::string params = env ? env : "";
  const char *lng = std::getenv("LONG");
  const bool long_mode = lng && *lng && std::string(lng) != "0";
  if (params.find("max_success") == std::string::npos)
    params += std::string(params.empty() ? "" : " ") + "max_success=" + (long_mode ? "20000" : "1000");
  if (params.find("seed") == std::string::npos) {
    std::random_device rd;
    const std::uint64_t seed = (std::uint64_t{rd()} << 32) ^ rd();
    params += " seed=" + std::to_string(seed);
  }
  setenv("RC_PARAMS", params.c_str(), 1);
  (void)rc::detail::configuration(); // loads RC_PARAMS now (RapidCheck prints "Using configuration")
  std::cout << "RapidCheck properties of sonnx-broadcast (RC_PARAMS=\"" << params << "\""
            << (long_mode ? ", LONG" : "") << ")" << std::endl;
  std::cout << "reproduce a run with: RC_PARAMS=\"seed=" << rc::detail::configuration().testParams.seed
            << "\" " << argv[0] << std::endl;

  const auto t0 = std::chrono::steady_clock::now();

  // 1. Commutativity
  // @req SONNX-COMMUT
  property("SONNX-COMMUT", "commut-shape: both shape rules are invariant under every permutation of 2..5 inputs", commut_shape);
  // @req SONNX-COMMUT SONNX-ELEM
  property("SONNX-COMMUT SONNX-ELEM", "commut-data: Broadcast(sigma(X)) = sigma(Broadcast(X)), int32/int64/3-byte elements", commut_data);

  // 2. Recursive definition
  // @req SONNX-REC
  property("SONNX-REC", "rec-fold: N-ary shape = left fold of the binary one (N <= 8); the operator names the failing step", rec_fold);

  // 3. Independent transcriptions of the rules and of the element relation
  // @req ARRAYAPI-ALGO ARRAYAPI-INCOMPAT LIB-ERR-NOWRITE
  property("ARRAYAPI-ALGO ARRAYAPI-INCOMPAT LIB-ERR-NOWRITE", "arrayapi-algo: NumPy rule = E22 algorithm folded over the inputs", arrayapi_algo);
  // @req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 LIB-ERR-NOWRITE
  property("SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 LIB-ERR-NOWRITE", "sonnx-max-c1: SONNX rule = max + C1, first violation axis-major", sonnx_max_c1);
  // @req ARRAYAPI-ALGO SONNX-STEP2-MAX SONNX-C1
  property("ARRAYAPI-ALGO SONNX-STEP2-MAX SONNX-C1", "rules-agree: the two rules agree without size 0 and differ only on 0/1 axes (E21)", rules_agree);
  // @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-TYPES
  property("SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-TYPES", "elements: every output element = the 1-based spec relation (7 element types)", elements);
  // @req SONNX-ELEM SONNX-TYPES LIB-STRIDES
  property("SONNX-ELEM SONNX-TYPES LIB-STRIDES", "strings: std::string elements through broadcast uint32 indices and source offsets", strings);
  // @req SONNX-F
  property("SONNX-F", "index-map: sonnx_index_map(a, b, c) = f(a+1, b, c) - 1 < b", index_map);
  // @req SONNX-STEP1-PAD
  property("SONNX-STEP1-PAD", "padded-dim: sonnx_padded_dim = 1-based step-1 formula", padded_dim);

  // 4. Zero-copy view
  // @req LIB-STRIDES SONNX-ELEM
  property("LIB-STRIDES SONNX-ELEM", "strides: strides and source offsets agree with the materialized output at every index", strides_view);
  // @req LIB-STRIDES LIB-ERR-NOWRITE
  property("LIB-STRIDES LIB-ERR-NOWRITE", "offset-range: an index outside Z names its first axis out of range", offset_out_of_range);

  // 5. Algebra
  // @req SONNX-STEP2-MAX ARRAYAPI-ALGO SONNX-ELEM
  property("SONNX-STEP2-MAX ARRAYAPI-ALGO SONNX-ELEM", "identity: broadcasting a shape (tensor) with itself is the identity", identity);
  // @req SONNX-STEP2-MAX SONNX-C1 ARRAYAPI-ALGO
  property("SONNX-STEP2-MAX SONNX-C1 ARRAYAPI-ALGO", "all-ones: adding an all-ones input of rank <= result rank changes nothing", all_ones);
  // @req SONNX-REC
  property("SONNX-REC", "idempotent: Broadcast(Z1..Zn) = (Z1..Zn)", idempotent);
  // @req ONNX-UNIDIR SONNX-REC
  property("ONNX-UNIDIR SONNX-REC", "to-equals-nary: sonnx_broadcast_to(Xm, D) = output m of the N-ary operator", to_equals_nary);
  // @req ONNX-UNIDIR SONNX-C1 LIB-STRIDES LIB-RANK
  property("ONNX-UNIDIR SONNX-C1 LIB-STRIDES LIB-RANK", "unidirectional: broadcast_to/strides/source_offset accept x iff shape({x, z}) = z", unidirectional);

  // 6. Broadcast iteration
  // @req LIB-ITER SONNX-ELEM LIB-ROWMAJOR
  property("LIB-ITER SONNX-ELEM LIB-ROWMAJOR", "iter-runs: the runs of for_each_broadcast tile [0, count) in order, each input at the spec relation's offset", iter_runs);

  const auto secs = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count() / 1000.0;
  std::cout << "time: " << secs << " s" << std::endl;
  std::cout << "properties: " << g_passed << " passed, " << g_failed << " failed" << std::endl;
  return g_failed == 0 && g_passed > 0 ? 0 : 1;
}

// Support for the RapidCheck properties (properties.cpp): reference
// transcriptions of the spec, wrappers over the C API, and generators.
//
// The references here are written from the spec texts, independently of
// src/: they share no code with the library. Indices follow the spec where
// the spec gives a formula (f and the element relation are 1-based, as in
// 000/001; the Array API algorithm is 0-based, as in 002 corrected by E22).
#ifndef SONNX_PROP_SUPPORT_HPP
#define SONNX_PROP_SUPPORT_HPP

#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sonnx_broadcast.h"

namespace props {

using Shape = std::vector<std::size_t>;
using Shapes = std::vector<Shape>;
using Bytes = std::vector<unsigned char>;

constexpr std::size_t kSentinel = static_cast<std::size_t>(0xA5A5A5A5A5A5A5A5ull);
/* sonnx_error.rule before a call: a value inside the enum's range (0..3) that none of the
   wrapped functions reports (they are not XLA ones), so that comparing rule is not vacuous. */
constexpr sonnx_rule kRuleSentinel = SONNX_RULE_XLA_DEGENERATE;
constexpr std::size_t kMaxElements = 4096; // bound on generated element counts

// ---------------------------------------------------------------------------
// Plain helpers
// ---------------------------------------------------------------------------

inline sonnx_shape view(const Shape &s) { return sonnx_shape{s.size(), s.empty() ? nullptr : s.data()}; }

inline std::size_t count_of(const Shape &s)
{
  std::size_t c = 1;
  for (std::size_t d : s) c *= d; // generated shapes are bounded: no overflow
  return c;
}

inline bool has_zero(const Shapes &in)
{
  for (const Shape &s : in)
    for (std::size_t d : s)
      if (d == 0) return true;
  return false;
}

inline std::size_t max_rank(const Shapes &in)
{
  std::size_t r = 0;
  for (const Shape &s : in) r = std::max(r, s.size());
  return r;
}

// Step 1 of 001 (requirement SONNX-STEP1-PAD), written 1-based as in § Relation between input tensors
// and tensors with a common number of dimensions:
//   dYm_i = 1 if i <= nY - nXm, dXm_{i-nY+nXm} otherwise, i in [1, nY].
inline std::size_t padded_1based(const Shape &x, std::size_t nY, std::size_t i)
{
  const std::size_t nX = x.size();
  if (i <= nY - nX) return 1;
  return x[(i - nY + nX) - 1]; // dXm_j with 1-based j
}

// 0-based padded size of axis k (k = i - 1).
inline std::size_t pad0(const Shape &x, std::size_t ny, std::size_t k) { return padded_1based(x, ny, k + 1); }

// ---------------------------------------------------------------------------
// Reference shape rules
// ---------------------------------------------------------------------------

struct RefShape {
  bool ok = false;
  Shape dims;               // when ok
  std::size_t input = 0;    // first violation, when !ok
  std::size_t axis = 0;
  std::size_t size = 0;
  std::size_t expected = 0;
};

// SONNX rule, transcribed from 001: nY = max nXm (step 1), dY_i = max_m dYm_i (step 2),
// C1: every dYm_i is dY_i or 1; the first violation scanning axes, then inputs.
inline RefShape ref_sonnx(const Shapes &in)
{
  RefShape r;
  const std::size_t ny = max_rank(in);
  Shape d(ny);
  for (std::size_t i = 1; i <= ny; ++i) {
    std::size_t mx = 0;
    for (const Shape &s : in) mx = std::max(mx, padded_1based(s, ny, i));
    d[i - 1] = mx;
  }
  for (std::size_t i = 1; i <= ny; ++i)
    for (std::size_t m = 0; m < in.size(); ++m) {
      const std::size_t p = padded_1based(in[m], ny, i);
      if (!(p == d[i - 1] || p == 1)) {
        r.input = m; r.axis = i - 1; r.size = p; r.expected = d[i - 1];
        return r;
      }
    }
  r.ok = true;
  r.dims = d;
  return r;
}

// NumPy rule in closed form (ACSL is_numpy_dim): D_i = first padded size that is not 1, or 1;
// compatible iff every padded size is D_i or 1. Used for the error location only; the shape
// itself is checked against the E22 transcription below.
inline RefShape ref_numpy_closed(const Shapes &in)
{
  RefShape r;
  const std::size_t ny = max_rank(in);
  Shape d(ny, 1);
  for (std::size_t k = 0; k < ny; ++k)
    for (const Shape &s : in)
      if (pad0(s, ny, k) != 1) { d[k] = pad0(s, ny, k); break; }
  for (std::size_t k = 0; k < ny; ++k)
    for (std::size_t m = 0; m < in.size(); ++m) {
      const std::size_t p = pad0(in[m], ny, k);
      if (!(p == d[k] || p == 1)) {
        r.input = m; r.axis = k; r.size = p; r.expected = d[k];
        return r;
      }
    }
  r.ok = true;
  r.dims = d;
  return r;
}

// The Array API algorithm of 002, steps 1 to 10, with the correction of erratum E22
// (right alignment: d1 = shape1[i - (N - N1)] when i >= N - N1, else 1).
inline std::optional<Shape> e22_binary(const Shape &shape1, const Shape &shape2)
{
  const std::ptrdiff_t N1 = static_cast<std::ptrdiff_t>(shape1.size());
  const std::ptrdiff_t N2 = static_cast<std::ptrdiff_t>(shape2.size());
  const std::ptrdiff_t N = std::max(N1, N2);
  Shape shape(static_cast<std::size_t>(N));
  std::ptrdiff_t i = N - 1;
  while (i >= 0) {
    const std::size_t d1 = (i >= N - N1) ? shape1[static_cast<std::size_t>(i - (N - N1))] : 1;
    const std::size_t d2 = (i >= N - N2) ? shape2[static_cast<std::size_t>(i - (N - N2))] : 1;
    if (d1 == 1) shape[static_cast<std::size_t>(i)] = d2;
    else if (d2 == 1) shape[static_cast<std::size_t>(i)] = d1;
    else if (d1 == d2) shape[static_cast<std::size_t>(i)] = d1;
    else return std::nullopt; // "throw an exception" (E23)
    i = i - 1;
  }
  return shape;
}

// Requirement ARRAYAPI-ALGO: folded from the left over the inputs.
inline std::optional<Shape> e22_fold(const Shapes &in)
{
  std::optional<Shape> acc = in.at(0);
  for (std::size_t k = 1; k < in.size() && acc; ++k) acc = e22_binary(*acc, in[k]);
  return acc;
}

// Requirement ONNX-UNIDIR: x broadcasts to z under the SONNX rule.
inline bool ref_broadcasts_to(const Shape &x, const Shape &z)
{
  if (x.size() > z.size()) return false;
  for (std::size_t k = 0; k < z.size(); ++k) {
    const std::size_t p = pad0(x, z.size(), k);
    if (!(p == z[k] || (p == 1 && z[k] != 0))) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Reference element relation (SONNX-ELEM, SONNX-F), 1-based as in 000/001
// ---------------------------------------------------------------------------

// f(a,B,C) = a if B = C and f(a,B,C) = 1 if B = 1 (000, 001), a in [1, C].
inline std::size_t f_spec(std::size_t a, std::size_t B, std::size_t C)
{
  if (B == C) return a;
  if (B == 1) return 1;
  throw std::logic_error("f outside its domain (C1 violated)");
}

// For every output element of X broadcast to D, in row-major order (last axis fastest), the
// 0-based flat offset in X of the element the spec selects:
//   Zm[i_1..i_nY] = Ym[f(i_1, dYm_1, dY_1), ..., f(i_nY, dYm_nY, dY_nY)]          (001)
//   Ym[i_1, .., i_{nY-nXm+1}, .., i_nY] = Xm[i_{nY-nXm+1}, .., i_nY]               (001 step 1)
// Every index is 1-based; the conversion to a flat 0-based offset happens at the very end.
inline std::vector<std::size_t> ref_source_offsets(const Shape &x, const Shape &D)
{
  const std::size_t nY = D.size(), nX = x.size();
  const std::size_t total = count_of(D);
  std::vector<std::size_t> out;
  out.reserve(total);
  if (total == 0) return out;
  std::vector<std::size_t> i(nY + 1, 1); // i[1..nY], 1-based
  for (std::size_t o = 0; o < total; ++o) {
    std::size_t offset = 0;
    for (std::size_t k = 1; k <= nY; ++k) {
      const std::size_t y = f_spec(i[k], padded_1based(x, nY, k), D[k - 1]);
      if (k <= nY - nX) {
        if (y != 1) throw std::logic_error("padded axis selects an index other than 1");
        continue;
      }
      const std::size_t j = k - (nY - nX); // 1-based axis of X
      offset = offset * x[j - 1] + (y - 1);
    }
    out.push_back(offset);
    for (std::size_t k = nY; k >= 1; --k) { // odometer, last axis fastest
      if (++i[k] <= D[k - 1]) break;
      i[k] = 1;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Tensors and element data
// ---------------------------------------------------------------------------

enum class Kind { I8, I32, I64, F64, TRI, PENTA, U16 };

inline std::size_t elem_size(Kind k)
{
  switch (k) {
  case Kind::I8: return 1;
  case Kind::U16: return 2;
  case Kind::TRI: return 3;
  case Kind::I32: return 4;
  case Kind::PENTA: return 5;
  case Kind::I64: return 8;
  case Kind::F64: return 8;
  }
  return 1;
}

inline const char *kind_name(Kind k)
{
  switch (k) {
  case Kind::I8: return "int8";
  case Kind::U16: return "uint16";
  case Kind::TRI: return "bytes3";
  case Kind::I32: return "int32";
  case Kind::PENTA: return "bytes5";
  case Kind::I64: return "int64";
  case Kind::F64: return "double";
  }
  return "?";
}

struct Tensor {
  Shape shape;
  Kind kind = Kind::I32;
  Bytes bytes; // count(shape) * elem_size(kind), row-major
};

// Element k of a tensor: a value that identifies k (and the tensor's salt) whenever the type
// has room for it, so that reading a wrong element shows.
inline void fill(Tensor &t, std::uint32_t salt)
{
  const std::size_t n = count_of(t.shape), es = elem_size(t.kind);
  t.bytes.assign(n * es, 0);
  for (std::size_t k = 0; k < n; ++k) {
    unsigned char *p = t.bytes.data() + k * es;
    switch (t.kind) {
    case Kind::I8: { std::int8_t v = static_cast<std::int8_t>((k * 37u + salt) & 0x7f); std::memcpy(p, &v, es); break; }
    case Kind::U16: { std::uint16_t v = static_cast<std::uint16_t>(k + (salt << 13)); std::memcpy(p, &v, es); break; }
    case Kind::I32: { std::int32_t v = static_cast<std::int32_t>(k * 7u + (salt << 20)); std::memcpy(p, &v, es); break; }
    case Kind::I64: { std::int64_t v = static_cast<std::int64_t>((std::uint64_t{salt} << 40) ^ (k * 1000003u)); std::memcpy(p, &v, es); break; }
    case Kind::F64: { double v = static_cast<double>(k) + 0.25 + static_cast<double>(salt) * 1e6; std::memcpy(p, &v, es); break; }
    case Kind::TRI: p[0] = static_cast<unsigned char>(k); p[1] = static_cast<unsigned char>(k >> 8); p[2] = static_cast<unsigned char>(salt); break;
    case Kind::PENTA:
      p[0] = static_cast<unsigned char>(salt); p[1] = static_cast<unsigned char>(k);
      p[2] = static_cast<unsigned char>(k >> 8); p[3] = static_cast<unsigned char>(k >> 16);
      p[4] = static_cast<unsigned char>(salt >> 8); break;
    }
  }
}

// Z = X broadcast to D by the reference element relation.
inline Bytes ref_materialize(const Tensor &x, const Shape &D)
{
  const std::size_t es = elem_size(x.kind);
  const std::vector<std::size_t> src = ref_source_offsets(x.shape, D);
  Bytes z(src.size() * es);
  for (std::size_t o = 0; o < src.size(); ++o)
    std::memcpy(z.data() + o * es, x.bytes.data() + src[o] * es, es);
  return z;
}

// ---------------------------------------------------------------------------
// Wrappers over the C API, with sentinel-filled outputs (LIB-ERR-NOWRITE)
// ---------------------------------------------------------------------------

struct ShapeCall {
  sonnx_status st = SONNX_OK;
  sonnx_error err{};
  Shape dims;
  bool untouched = true; // error: out_dims/out_rank unchanged; success: out_dims beyond rank unchanged
};

inline ShapeCall call_shape(bool numpy, const Shapes &in)
{
  std::vector<sonnx_shape> v;
  for (const Shape &s : in) v.push_back(view(s));
  std::vector<std::size_t> out(SONNX_MAX_RANK, kSentinel);
  std::size_t rank = kSentinel;
  ShapeCall c;
  c.err = sonnx_error{SONNX_OK, kSentinel, kSentinel, kSentinel, kSentinel, kRuleSentinel};
  c.st = numpy ? sonnx_broadcast_shape_numpy(v.size(), v.data(), out.data(), out.size(), &rank, &c.err)
               : sonnx_broadcast_shape(v.size(), v.data(), out.data(), out.size(), &rank, &c.err);
  if (c.st == SONNX_OK) {
    if (rank > out.size()) { c.untouched = false; return c; }
    c.dims.assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(rank));
    for (std::size_t k = rank; k < out.size(); ++k) c.untouched = c.untouched && out[k] == kSentinel;
  } else {
    c.untouched = rank == kSentinel;
    for (std::size_t d : out) c.untouched = c.untouched && d == kSentinel;
  }
  return c;
}

struct OpCall {
  sonnx_status st = SONNX_OK;
  sonnx_error err{};
  Shape dims;
  std::vector<Bytes> outs;
  bool untouched = true;
};

// sonnx_broadcast over the tensors; each output buffer has exactly the capacity the reference
// shape needs. When the reference says incompatible, each buffer holds max(1, largest input
// count) elements (at most kMaxElements) of 0x5A, so that `untouched` checks real data bytes
// (LIB-ERR-NOWRITE) instead of an empty buffer.
inline OpCall call_op(const std::vector<Tensor> &in)
{
  Shapes shapes;
  for (const Tensor &t : in) shapes.push_back(t.shape);
  const RefShape ref = ref_sonnx(shapes);
  std::size_t zc = 1;
  if (ref.ok) {
    zc = count_of(ref.dims);
  } else {
    for (const Shape &s : shapes) zc = std::max(zc, count_of(s));
    zc = std::min(zc, kMaxElements);
  }
  std::vector<sonnx_tensor> ts;
  for (const Tensor &t : in)
    ts.push_back(sonnx_tensor{view(t.shape), t.bytes.empty() ? nullptr : t.bytes.data(), elem_size(t.kind)});
  OpCall c;
  c.outs.resize(in.size());
  std::vector<sonnx_buffer> bufs;
  for (std::size_t m = 0; m < in.size(); ++m) {
    c.outs[m].assign(zc * elem_size(in[m].kind), 0x5A);
    bufs.push_back(sonnx_buffer{c.outs[m].empty() ? nullptr : c.outs[m].data(), c.outs[m].size()});
  }
  std::vector<std::size_t> out(SONNX_MAX_RANK, kSentinel);
  std::size_t rank = kSentinel;
  c.err = sonnx_error{SONNX_OK, kSentinel, kSentinel, kSentinel, kSentinel, kRuleSentinel};
  c.st = sonnx_broadcast(in.size(), ts.data(), bufs.data(), out.data(), out.size(), &rank, &c.err);
  if (c.st == SONNX_OK) {
    if (rank > out.size()) { c.untouched = false; return c; }
    c.dims.assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(rank));
  } else {
    c.untouched = rank == kSentinel;
    for (std::size_t d : out) c.untouched = c.untouched && d == kSentinel;
    for (const Bytes &b : c.outs) {
      c.untouched = c.untouched && (ref.ok || !b.empty()); // not vacuous on the expected-error path
      for (unsigned char u : b) c.untouched = c.untouched && u == 0x5A;
    }
  }
  return c;
}

struct ToCall {
  sonnx_status st = SONNX_OK;
  sonnx_error err{};
  Bytes out;
  bool untouched = true; // error: out non-empty and every byte still 0x5A (LIB-ERR-NOWRITE)
};

// sonnx_broadcast_to with exactly the capacity z needs when the reference says x broadcasts to z;
// otherwise max(1, count(z), count(x)) elements (at most kMaxElements) of 0x5A, so that
// `untouched` checks real data bytes.
inline ToCall call_to(const Shape &x, const void *x_data, std::size_t es, const Shape &z)
{
  ToCall c;
  const bool fits = ref_broadcasts_to(x, z);
  const std::size_t cap = fits ? count_of(z) : std::min(std::max({std::size_t{1}, count_of(z), count_of(x)}), kMaxElements);
  c.out.assign(cap * es, 0x5A);
  c.err = sonnx_error{SONNX_OK, kSentinel, kSentinel, kSentinel, kSentinel, kRuleSentinel};
  c.st = sonnx_broadcast_to(view(x), x_data, es, view(z), c.out.empty() ? nullptr : c.out.data(),
                            c.out.size(), &c.err);
  if (c.st != SONNX_OK) {
    c.untouched = fits || !c.out.empty(); // not vacuous on the expected-error path
    for (unsigned char u : c.out) c.untouched = c.untouched && u == 0x5A;
  }
  return c;
}

inline ToCall call_to(const Tensor &x, const Shape &z)
{
  return call_to(x.shape, x.bytes.empty() ? nullptr : x.bytes.data(), elem_size(x.kind), z);
}

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

// Uniform pick in [lo, hi], independent of RapidCheck's size ramp (shrinks towards lo).
template <typename T> T pick(T lo, T hi)
{
  return *rc::gen::resize(100, rc::gen::inRange<T>(lo, static_cast<T>(hi + 1)));
}
inline bool chance(int percent) { return pick<int>(0, 99) < percent; }

// A target (result) shape: rank 0..4 most often, up to SONNX_MAX_RANK sometimes; most axes 1
// when the rank is large; the product of the non-zero sizes stays <= kMaxElements.
inline Shape draw_target(int zero_percent)
{
  const int cls = pick(0, 9);
  std::size_t r;
  if (cls < 6) r = chance(12) ? 0 : pick<std::size_t>(1, 4);
  else if (cls < 9) r = pick<std::size_t>(5, 10);
  else r = chance(25) ? SONNX_MAX_RANK : pick<std::size_t>(11, SONNX_MAX_RANK);
  const bool big = chance(25); // larger sizes, to reach the element bound more often
  const int non_one = r <= 6 ? (big ? 85 : 65) : std::max(4, static_cast<int>(260 / r));
  Shape t(r, 1);
  std::size_t prod = 1;
  for (std::size_t a = 0; a < r; ++a) {
    if (!chance(non_one)) continue;
    if (chance(zero_percent)) { t[a] = 0; continue; }
    std::size_t d = big ? pick<std::size_t>(2, 16) : chance(85) ? pick<std::size_t>(2, 5) : pick<std::size_t>(6, 13);
    if (prod * d > kMaxElements) d = 1;
    prod *= d;
    t[a] = d;
  }
  return t;
}

enum class Mode { SonnxCompat, NumpyZero, NearMiss, Random };

inline const char *mode_name(Mode m)
{
  switch (m) {
  case Mode::SonnxCompat: return "compatible";
  case Mode::NumpyZero: return "zero-stretch";
  case Mode::NearMiss: return "near-miss";
  case Mode::Random: return "random";
  }
  return "?";
}

// n inputs, each a random suffix of the target with random axes set to 1. SonnxCompat keeps
// every input compatible under the SONNX rule (a 0 of the target is a 0 in every input, so every
// input covers it); NumpyZero also lets a 1 (or a missing axis) face a 0.
inline Shapes draw_inputs(const Shape &t, std::size_t n, Mode mode)
{
  const std::size_t r = t.size();
  std::size_t first_zero = r;
  for (std::size_t a = 0; a < r; ++a)
    if (t[a] == 0) { first_zero = a; break; }
  const int one_percent = pick(0, 2) * 25; // 0, 25 or 50 % of the kept axes become 1
  Shapes in(n);
  for (std::size_t m = 0; m < n; ++m) {
    const std::size_t lo = (mode == Mode::SonnxCompat && first_zero < r) ? r - first_zero : 0;
    const std::size_t ri = chance(35) ? r : pick<std::size_t>(lo, r);
    Shape s(ri);
    for (std::size_t q = 0; q < ri; ++q) {
      const std::size_t a = r - ri + q;
      if (t[a] == 0) s[q] = (mode == Mode::NumpyZero && chance(40)) ? 1 : 0;
      else s[q] = chance(one_percent) ? 1 : t[a];
    }
    in[m] = s;
  }
  return in;
}

// Near-miss: compatible by construction, then on one axis one input gets a non-1 size different
// from another input's non-1 size (incompatible under both rules).
inline Shapes draw_near_miss(std::size_t n)
{
  Shape t = draw_target(8);
  if (t.empty()) t.push_back(pick<std::size_t>(2, 5));
  Shapes in = draw_inputs(t, n, Mode::SonnxCompat);
  const std::size_t r = t.size();
  const std::size_t a = pick<std::size_t>(0, r - 1);
  const std::size_t j = pick<std::size_t>(0, n - 1);
  std::size_t m = pick<std::size_t>(0, n - 2);
  if (m >= j) ++m;
  for (std::size_t w : {j, m}) // make both inputs cover axis a (prepend 1s)
    while (in[w].size() < r - a) in[w].insert(in[w].begin(), 1);
  std::size_t s = t[a];
  if (s == 1) s = chance(20) ? 0 : pick<std::size_t>(2, 7);
  std::size_t v = chance(15) ? 0 : pick<std::size_t>(2, 9);
  if (v == s) v = (s == 0) ? 2 : s + 1;
  in[j][in[j].size() - (r - a)] = s;
  in[m][in[m].size() - (r - a)] = v;
  return in;
}

// Small random shapes: rank 0..5, sizes in {0..4} (weighted towards 1), often incompatible.
inline Shapes draw_random(std::size_t n)
{
  Shapes in(n);
  for (Shape &s : in) {
    s.resize(pick<std::size_t>(0, 5));
    for (std::size_t &d : s) {
      const int c = pick(0, 99);
      d = c < 40 ? 1 : c < 60 ? 2 : c < 78 ? 3 : c < 90 ? 4 : 0;
    }
  }
  return in;
}

inline Shapes draw_shapes(std::size_t n, Mode mode)
{
  switch (mode) {
  case Mode::SonnxCompat: return draw_inputs(draw_target(8), n, mode);
  case Mode::NumpyZero: return draw_inputs(draw_target(45), n, mode);
  case Mode::NearMiss: return n >= 2 ? draw_near_miss(n) : draw_inputs(draw_target(8), n, Mode::SonnxCompat);
  case Mode::Random: return draw_random(n);
  }
  return {};
}

inline Mode draw_mode()
{
  const int c = pick(0, 99);
  return c < 45 ? Mode::SonnxCompat : c < 60 ? Mode::NumpyZero : c < 80 ? Mode::NearMiss : Mode::Random;
}

// A list of n in [nmin, nmax] shapes of any kind: compatible, zero-stretch, near-miss, random.
inline rc::Gen<Shapes> gen_shapes(std::size_t nmin, std::size_t nmax)
{
  return rc::gen::exec([=] {
    const Mode mode = draw_mode();
    const std::size_t n = pick(nmin, nmax);
    return draw_shapes(n, mode);
  });
}

// A list of shapes compatible under the SONNX rule.
inline rc::Gen<Shapes> gen_compatible(std::size_t nmin, std::size_t nmax)
{
  return rc::gen::exec([=] {
    const std::size_t n = pick(nmin, nmax);
    return draw_inputs(draw_target(8), n, Mode::SonnxCompat);
  });
}

inline Kind draw_kind(bool commut_only)
{
  static const Kind commut[] = {Kind::I32, Kind::I64, Kind::TRI};
  static const Kind all[] = {Kind::I8, Kind::U16, Kind::TRI, Kind::I32, Kind::PENTA, Kind::I64, Kind::F64};
  return commut_only ? commut[pick<std::size_t>(0, 2)] : all[pick<std::size_t>(0, 6)];
}

inline std::vector<Tensor> make_tensors(const Shapes &shapes, const std::vector<Kind> &kinds)
{
  std::vector<Tensor> ts(shapes.size());
  for (std::size_t m = 0; m < shapes.size(); ++m) {
    ts[m].shape = shapes[m];
    ts[m].kind = kinds[m];
    fill(ts[m], static_cast<std::uint32_t>(m + 1));
  }
  return ts;
}

} // namespace props

#endif

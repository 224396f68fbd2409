// RapidCheck properties of XLA explicit broadcasting and the ONNX operator forms (issue 6),
// through the C API: sonnx_broadcast_in_dim, sonnx_xla_binary_shape,
// sonnx_unidirectional_check, sonnx_expand_shape.
//
// Usage: xla_properties. Default 1000 cases per property; LONG=1 in the environment: 20000.
// RC_PARAMS is honoured (a seed is chosen and printed when it names none).
// Output: one line per property, then `xla_properties: <passed> passed, <failed> failed`; the
// exit status is non-zero on any failure.
//
// The references below are transcriptions of the requirement statements (spec/requirements.md)
// written here, sharing no code with src/: `ref_in_dim` (XLA-INDIM-TUPLE / XLA-INDIM-MATCH, with
// 1s stretching to any size, E25), `ref_first_bad_entry` (XLA-INDIM-ORDER), `ref_xla_shape`
// (XLA-COMPOSE with the NumPy rule, E27/E28/E29, and where it first fails), `ref_sonnx_pair`
// (SONNX max rule + C1, and its first violation). Error fields are checked against them and
// against the reports the header documents (status, input, axis, size, expected, rule).
#include <rapidcheck.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "sonnx_broadcast.h"

namespace {

using Shape = std::vector<std::size_t>;
using Ints = std::vector<std::int32_t>;
constexpr std::int32_t kCanary = -1234567;
constexpr std::size_t kSentinel = static_cast<std::size_t>(0xA5A5A5A5A5A5A5A5ull);

int g_passed = 0;
int g_failed = 0;
std::size_t g_cases = 0;

template <typename Body> void property(const char *reqs, const char *name, Body body)
{
  g_cases = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const bool ok = rc::check(std::string(name) + " [" + reqs + "]", [&body] {
    body();
    ++g_cases;
  });
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  std::cout << (ok ? "PASS " : "FAIL ") << name << " | req " << reqs << " | " << g_cases << " cases | seed="
            << rc::detail::configuration().testParams.seed << " | " << ms << " ms" << std::endl;
  (ok ? g_passed : g_failed)++;
}

template <typename T> T pick(T lo, T hi) { return *rc::gen::resize(100, rc::gen::inRange<T>(lo, static_cast<T>(hi + 1))); }
bool chance(int percent) { return pick<int>(0, 99) < percent; }

sonnx_shape view(const Shape &s) { return sonnx_shape{s.size(), s.empty() ? nullptr : s.data()}; }

// An error record before a call: every field a sentinel, rule `never`, a rule the call is not
// expected to report (inside the enum's range), so that no field check passes by default.
sonnx_error fresh_error(sonnx_rule never) { return sonnx_error{SONNX_OK, kSentinel, kSentinel, kSentinel, kSentinel, never}; }

std::size_t count_of(const Shape &s)
{
  std::size_t c = 1;
  for (std::size_t d : s) c *= d;
  return c;
}

// A result shape: rank 0..5, sizes 0..4 (0 sometimes), at most a few hundred elements.
Shape draw_result(int zero_percent)
{
  const std::size_t r = pick<std::size_t>(0, 5);
  Shape z(r);
  for (std::size_t &d : z) d = chance(zero_percent) ? 0 : pick<std::size_t>(1, 4);
  return z;
}

// A strictly increasing list of n entries below r (n <= r).
Shape draw_increasing(std::size_t n, std::size_t r)
{
  std::vector<std::size_t> all(r);
  for (std::size_t k = 0; k < r; ++k) all[k] = k;
  for (std::size_t i = r; i > 1; --i) std::swap(all[i - 1], all[pick<std::size_t>(0, i - 1)]);
  Shape bd(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
  std::sort(bd.begin(), bd.end());
  return bd;
}

// An operand for z through bd: each size is z's matched size or 1 (valid), or, with
// `mismatch`, one size that is neither.
Shape draw_operand(const Shape &z, const Shape &bd, bool mismatch)
{
  Shape x(bd.size());
  for (std::size_t k = 0; k < bd.size(); ++k) x[k] = chance(30) ? 1 : z[bd[k]];
  if (mismatch && !x.empty()) {
    const std::size_t k = pick<std::size_t>(0, x.size() - 1);
    x[k] = z[bd[k]] + 2; // never z's size, never 1
  }
  return x;
}

// XLA-INDIM-ORDER: the first entry not below r or not above the one before; n if none.
std::size_t ref_first_bad_entry(const Shape &bd, std::size_t r)
{
  for (std::size_t k = 0; k < bd.size(); ++k)
    if (bd[k] >= r || (k > 0 && bd[k] <= bd[k - 1])) return k;
  return bd.size();
}

// XLA-INDIM-TUPLE: Z[i] = X[(i[bd[0]] or 0 if stretched, ...)], written with multi-indices.
Ints ref_in_dim(const Ints &x, const Shape &xd, const Shape &bd, const Shape &zd)
{
  Ints z;
  const std::size_t n = count_of(zd);
  for (std::size_t o = 0; o < n; ++o) {
    Shape i(zd.size());
    std::size_t q = o;
    for (std::size_t a = zd.size(); a-- > 0;) {
      i[a] = q % zd[a];
      q /= zd[a];
    }
    std::size_t src = 0;
    for (std::size_t k = 0; k < xd.size(); ++k) src = src * xd[k] + (xd[k] == 1 ? 0 : i[bd[k]]);
    z.push_back(x[src]);
  }
  return z;
}

struct InDimCall {
  sonnx_status st;
  sonnx_error err;
  Ints z;
};

InDimCall call_in_dim(const Ints &x, const Shape &xd, const Shape &bd, const Shape &zd)
{
  InDimCall c{};
  c.z.assign(count_of(zd) + 1, kCanary); // one slot more than needed: must stay untouched
  std::memset(&c.err, 0xA5, sizeof c.err);
  c.st = sonnx_broadcast_in_dim(view(xd), x.empty() ? nullptr : x.data(), sizeof(std::int32_t),
                                bd.empty() ? nullptr : bd.data(), view(zd), c.z.data(),
                                c.z.size() * sizeof(std::int32_t), &c.err);
  return c;
}

Ints numbered(std::size_t n)
{
  Ints x(n);
  for (std::size_t k = 0; k < n; ++k) x[k] = static_cast<std::int32_t>(k * 7 + 3);
  return x;
}

bool all_canary(const Ints &z, std::size_t from)
{
  for (std::size_t k = from; k < z.size(); ++k)
    if (z[k] != kCanary) return false;
  return true;
}

// @req XLA-INDIM-TUPLE ONNX-UNIDIR
// With the trailing tuple (z.rank - x.rank, ..., z.rank - 1), broadcast_in_dim = sonnx_broadcast_to:
// same status and same bytes, except where a size 1 of x meets a size 0 of z (E21): in_dim
// accepts (nothing written), broadcast_to rejects.
void trailing_equals_broadcast_to()
{
  const Shape z = draw_result(15);
  const std::size_t xr = pick<std::size_t>(0, z.size());
  Shape bd(xr);
  for (std::size_t k = 0; k < xr; ++k) bd[k] = z.size() - xr + k;
  const Shape x = draw_operand(z, bd, chance(20));
  const Ints xv = numbered(count_of(x));
  RC_LOG() << "x rank " << x.size() << ", z rank " << z.size() << std::endl;
  const InDimCall a = call_in_dim(xv, x, bd, z);
  Ints to(count_of(z) + 1, kCanary);
  sonnx_error e = fresh_error(SONNX_RULE_SONNX);
  const sonnx_status st = sonnx_broadcast_to(view(x), xv.empty() ? nullptr : xv.data(), sizeof(std::int32_t),
                                             view(z), to.data(), to.size() * sizeof(std::int32_t), &e);
  bool one_meets_zero = false; // the padded axes have size 1 in x too
  for (std::size_t j = 0; j < z.size() - xr; ++j) one_meets_zero = one_meets_zero || z[j] == 0;
  for (std::size_t k = 0; k < xr; ++k) one_meets_zero = one_meets_zero || (x[k] == 1 && z[bd[k]] == 0);
  std::size_t mis = xr; // the first operand axis whose size is neither z's nor 1
  for (std::size_t k = 0; k < xr && mis == xr; ++k)
    if (x[k] != z[bd[k]] && x[k] != 1) mis = k;
  const bool matched = mis == xr;
  if (st != SONNX_OK) { // sonnx_broadcast_to's refusal: x (input 0) does not broadcast to z
    RC_ASSERT(e.status == st);
    RC_ASSERT(e.input == 0u);
    RC_ASSERT(e.rule == SONNX_RULE_ONNX_UNIDIR);
  }
  if (!matched) { // XLA-INDIM-MATCH, sizes checked in turn: the first mismatch is reported
    RC_ASSERT(a.st == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(a.err.status == a.st);
    RC_ASSERT(a.err.input == 0u);
    RC_ASSERT(a.err.axis == bd[mis]);
    RC_ASSERT(a.err.size == x[mis]);
    RC_ASSERT(a.err.expected == z[bd[mis]]);
    RC_ASSERT(a.err.rule == SONNX_RULE_XLA_INDIM_MATCH);
  }
  if (one_meets_zero) {
    RC_ASSERT(st == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(a.st == (matched ? SONNX_OK : SONNX_ERR_INCOMPATIBLE));
    RC_ASSERT(all_canary(a.z, 0));
    return;
  }
  RC_ASSERT(a.st == st);
  RC_ASSERT(a.z == to);
  if (st == SONNX_ERR_INCOMPATIBLE) {
    RC_ASSERT(!matched); // its fields are checked above
    RC_ASSERT(a.err.axis == e.axis); // the trailing tuple puts operand axis k on result axis bd[k]
    RC_ASSERT(a.err.size == e.size);
    RC_ASSERT(a.err.expected == e.expected);
  }
}

// @req XLA-INDIM-TUPLE XLA-INDIM-MATCH XLA-INDIM-ORDER LIB-ERR-NOWRITE
// Random valid and invalid lists against the naive reference: the elements when valid; the
// status, the fields of the first bad entry or mismatch, and nothing written when not.
void in_dim_against_reference()
{
  const Shape z = draw_result(10);
  const std::size_t xr = pick<std::size_t>(0, z.size());
  Shape bd = draw_increasing(xr, z.size());
  const int kind = pick(0, 4); // 0..1 valid, 2 bad entry, 3 mismatch, 4 longer operand than z
  if (kind == 2 && !bd.empty()) {
    const std::size_t k = pick<std::size_t>(0, bd.size() - 1);
    const int how = pick(0, 2);
    if (how == 0) bd[k] = z.size() + pick<std::size_t>(0, 3);             // out of range
    else if (how == 1 && k > 0) bd[k] = bd[k - 1];                        // repeated
    else if (k > 0) bd[k] = pick<std::size_t>(0, bd[k - 1]);              // out of order
    else bd[k] = z.size();
  }
  Shape x;
  if (kind == 4) {
    x.assign(z.size() + 1, 1);
    bd.resize(x.size());
    for (std::size_t k = 0; k < bd.size(); ++k) bd[k] = k;
  } else {
    Shape safe = bd;
    for (std::size_t &v : safe) v = std::min(v, z.empty() ? 0 : z.size() - 1);
    x = z.empty() ? Shape(bd.size(), 1) : draw_operand(z, safe, kind == 3);
  }
  const Ints xv = numbered(count_of(x));
  const InDimCall c = call_in_dim(xv, x, bd, z);
  const std::size_t bad = ref_first_bad_entry(bd, z.size());
  if (bad < bd.size()) {
    RC_ASSERT(c.st == SONNX_ERR_ARGUMENT);
    RC_ASSERT(c.err.status == c.st);
    RC_ASSERT(c.err.rule == SONNX_RULE_SONNX); // not an incompatible size: the default rule
    RC_ASSERT(c.err.input == 0);
    RC_ASSERT(c.err.axis == bad);
    RC_ASSERT(c.err.size == bd[bad]);
    RC_ASSERT(c.err.expected == (bd[bad] >= z.size() ? z.size() : bd[bad - 1] + 1));
    RC_ASSERT(all_canary(c.z, 0));
    return;
  }
  std::size_t mis = x.size();
  for (std::size_t k = 0; k < x.size() && mis == x.size(); ++k)
    if (x[k] != z[bd[k]] && x[k] != 1) mis = k;
  if (mis < x.size()) {
    RC_ASSERT(c.st == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(c.err.status == c.st);
    RC_ASSERT(c.err.input == 0);
    RC_ASSERT(c.err.rule == SONNX_RULE_XLA_INDIM_MATCH);
    RC_ASSERT(c.err.axis == bd[mis]);
    RC_ASSERT(c.err.size == x[mis]);
    RC_ASSERT(c.err.expected == z[bd[mis]]);
    RC_ASSERT(all_canary(c.z, 0));
    return;
  }
  RC_ASSERT(c.st == SONNX_OK);
  const Ints want = ref_in_dim(xv, x, bd, z);
  RC_ASSERT(Ints(c.z.begin(), c.z.begin() + static_cast<std::ptrdiff_t>(want.size())) == want);
  RC_ASSERT(all_canary(c.z, want.size()));
}

// Where XLA-DEGENERATE first fails: the axis and the two operands' sizes there, at the higher rank.
struct DegenerateFail {
  std::size_t axis = 0, lhs = 0, rhs = 0;
};

// XLA-COMPOSE, transcribed: the lower-rank operand (lhs for equal ranks) through InDim, the
// other padded on the left, then the NumPy rule per axis. nullopt when incompatible (and *fail,
// when given, says where).
std::optional<Shape> ref_xla_shape(const Shape &lhs, const Shape &rhs, const Shape &bd, DegenerateFail *fail = nullptr)
{
  const std::size_t h = std::max(lhs.size(), rhs.size());
  const bool lhs_low = lhs.size() <= rhs.size();
  const Shape &low = lhs_low ? lhs : rhs;
  const Shape &high = lhs_low ? rhs : lhs;
  Shape mid(h, 1);
  if (bd.empty()) {
    for (std::size_t k = 0; k < low.size(); ++k) mid[h - low.size() + k] = low[k];
  } else {
    for (std::size_t k = 0; k < low.size(); ++k) mid[bd[k]] = low[k];
  }
  Shape hi(h, 1);
  for (std::size_t k = 0; k < high.size(); ++k) hi[h - high.size() + k] = high[k];
  Shape out(h);
  for (std::size_t i = 0; i < h; ++i) {
    const std::size_t a = lhs_low ? mid[i] : hi[i], b = lhs_low ? hi[i] : mid[i];
    if (a != b && a != 1 && b != 1) {
      if (fail) *fail = DegenerateFail{i, a, b};
      return std::nullopt;
    }
    out[i] = (a == 1) ? b : a;
  }
  return out;
}

// @req XLA-COMPOSE XLA-DEGENERATE XLA-OUTER XLA-SCALAR XLA-INDIM-TUPLE XLA-INDIM-ORDER LIB-ERR-NOWRITE
void xla_shape_against_reference()
{
  const Shape high = draw_result(10);
  const std::size_t lr = pick<std::size_t>(0, high.size());
  Shape bd = draw_increasing(lr, high.size());
  Shape low(lr);
  for (std::size_t k = 0; k < lr; ++k) low[k] = chance(25) ? 1 : chance(15) ? pick<std::size_t>(0, 5) : high[bd[k]];
  if (chance(40)) bd.clear(); // the degenerate / scalar forms, or a missing list
  if (chance(10) && !bd.empty()) bd[pick<std::size_t>(0, bd.size() - 1)] += pick<std::size_t>(1, 3);
  const bool swap = chance(50);
  const Shape &lhs = swap ? high : low;
  const Shape &rhs = swap ? low : high;
  std::size_t dims[8];
  std::fill(std::begin(dims), std::end(dims), kSentinel);
  std::size_t rank = kSentinel;
  sonnx_error e = fresh_error(SONNX_RULE_ONNX_UNIDIR);
  const sonnx_status st = sonnx_xla_binary_shape(view(lhs), view(rhs), bd.empty() ? nullptr : bd.data(), bd.size(),
                                                 dims, 8, &rank, &e);
  const bool length_ok = bd.size() == lr || (lhs.size() == rhs.size() && bd.empty());
  const bool untouched = rank == kSentinel && std::all_of(std::begin(dims), std::end(dims),
                                                          [](std::size_t d) { return d == kSentinel; });
  if (st != SONNX_OK) RC_ASSERT(e.status == st);
  if (!length_ok) {
    RC_ASSERT(st == SONNX_ERR_ARGUMENT);
    RC_ASSERT(e.rule == SONNX_RULE_SONNX); // not an incompatible size: the default rule
    RC_ASSERT(e.input == SONNX_NO_INDEX && e.axis == SONNX_NO_INDEX && e.size == bd.size() && e.expected == lr);
    RC_ASSERT(untouched);
    return;
  }
  const std::size_t bad = ref_first_bad_entry(bd, high.size());
  if (bad < bd.size()) {
    RC_ASSERT(st == SONNX_ERR_ARGUMENT);
    RC_ASSERT(e.rule == SONNX_RULE_SONNX);
    RC_ASSERT(e.axis == bad);
    RC_ASSERT(e.input == (lhs.size() <= rhs.size() ? 0u : 1u));
    RC_ASSERT(e.size == bd[bad]);
    RC_ASSERT(e.expected == (bd[bad] >= high.size() ? high.size() : bd[bad - 1] + 1));
    RC_ASSERT(untouched);
    return;
  }
  DegenerateFail fail;
  const std::optional<Shape> want = ref_xla_shape(lhs, rhs, bd, &fail);
  if (!want) {
    // the NumPy rule's report on the two operands at the higher rank, lhs input 0: at the first
    // failing axis lhs's size (not 1) is the expected one and rhs's (neither it nor 1) offends
    RC_ASSERT(st == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(e.rule == SONNX_RULE_XLA_DEGENERATE);
    RC_ASSERT(e.input == 1u);
    RC_ASSERT(e.axis == fail.axis);
    RC_ASSERT(e.size == fail.rhs);
    RC_ASSERT(e.expected == fail.lhs);
    RC_ASSERT(untouched);
    return;
  }
  RC_ASSERT(st == SONNX_OK);
  RC_ASSERT(Shape(dims, dims + rank) == *want);
  for (std::size_t k = rank; k < 8; ++k) RC_ASSERT(dims[k] == kSentinel);
}

// The first C1 violation of {a, b} (a is input 0), axis by axis then input by input.
struct C1Fail {
  std::size_t input = 0, axis = 0, size = 0, expected = 0;
};

// SONNX max rule for two shapes (max + C1); nullopt when C1 fails (and *fail, when given, says
// where: the padded size that is neither the max nor 1, against the max).
std::optional<Shape> ref_sonnx_pair(const Shape &a, const Shape &b, C1Fail *fail = nullptr)
{
  const std::size_t h = std::max(a.size(), b.size());
  Shape out(h);
  for (std::size_t i = 0; i < h; ++i) {
    const std::size_t pa = i < h - a.size() ? 1 : a[i - (h - a.size())];
    const std::size_t pb = i < h - b.size() ? 1 : b[i - (h - b.size())];
    const std::size_t d = std::max(pa, pb);
    const bool a_bad = pa != d && pa != 1, b_bad = pb != d && pb != 1;
    if (a_bad || b_bad) {
      if (fail) *fail = a_bad ? C1Fail{0, i, pa, d} : C1Fail{1, i, pb, d};
      return std::nullopt;
    }
    out[i] = d;
  }
  return out;
}

// @req ONNX-EXPAND ONNX-UNIDIR
// expand_shape = the SONNX rule on {x, shape}; unidirectional_check(a, b) accepts iff that rule
// on {a, b} gives a and b.rank <= a.rank.
void onnx_forms()
{
  const Shape a = draw_result(10);
  Shape b = draw_result(10);
  if (chance(50)) { // mostly related shapes: suffixes of a with some 1s
    const std::size_t r = pick<std::size_t>(0, a.size());
    b.assign(a.end() - static_cast<std::ptrdiff_t>(r), a.end());
    for (std::size_t &d : b)
      if (d == 1 && chance(40)) d = pick<std::size_t>(2, 4); // stretches a's 1: C1 holds, result is not a
      else if (chance(30)) d = 1;
  }
  std::size_t dims[8];
  std::size_t rank = 0;
  sonnx_error e = fresh_error(SONNX_RULE_ONNX_UNIDIR);
  const sonnx_status st = sonnx_expand_shape(view(a), view(b), dims, 8, &rank, &e);
  C1Fail c1;
  const std::optional<Shape> want = ref_sonnx_pair(a, b, &c1);
  RC_ASSERT((st == SONNX_OK) == want.has_value());
  if (want) RC_ASSERT(Shape(dims, dims + rank) == *want);
  // expand_shape reports as sonnx_broadcast_shape({x, shape}): the first C1 violation, SONNX-C1
  const auto c1_reported = [&c1](const sonnx_error &r) {
    RC_ASSERT(r.rule == SONNX_RULE_SONNX);
    RC_ASSERT(r.input == c1.input);
    RC_ASSERT(r.axis == c1.axis);
    RC_ASSERT(r.size == c1.size);
    RC_ASSERT(r.expected == c1.expected);
  };
  if (!want) {
    RC_ASSERT(st == SONNX_ERR_INCOMPATIBLE);
    RC_ASSERT(e.status == st);
    c1_reported(e);
  }
  const bool uni = b.size() <= a.size() && want && *want == a;
  sonnx_error u = fresh_error(SONNX_RULE_XLA_DEGENERATE);
  const sonnx_status ust = sonnx_unidirectional_check(view(a), view(b), &u);
  RC_ASSERT((ust == SONNX_OK) == uni);
  RC_ASSERT(u.status == ust);
  if (uni) return;
  RC_ASSERT(ust == SONNX_ERR_INCOMPATIBLE);
  if (b.size() > a.size()) { // b's rank against a's, no axis
    RC_TAG("unidir: rank");
    RC_ASSERT(u.rule == SONNX_RULE_ONNX_UNIDIR);
    RC_ASSERT(u.input == 1u);
    RC_ASSERT(u.axis == SONNX_NO_INDEX);
    RC_ASSERT(u.size == b.size());
    RC_ASSERT(u.expected == a.size());
  } else if (!want) { // C1 of {a, b} broken: sonnx_broadcast_shape's report
    RC_TAG("unidir: C1");
    c1_reported(u);
  } else { // the common shape is not a: b (input 1) stretches a 1 of a on axis i
    RC_TAG("unidir: not a");
    const std::size_t i = u.axis;
    RC_ASSERT(u.rule == SONNX_RULE_ONNX_UNIDIR);
    RC_ASSERT(u.input == 1u);
    RC_ASSERT(i < a.size());
    RC_ASSERT((*want)[i] != a[i]); // an axis where the common shape differs from a
    const std::size_t pb = i < a.size() - b.size() ? 1 : b[i - (a.size() - b.size())];
    RC_ASSERT(u.size == pb);
    RC_ASSERT(u.expected == a[i]);
  }
}

} // namespace

int main()
{
  const char *env = std::getenv("RC_PARAMS");
  std::string params = env ? env : "";
  const char *lng = std::getenv("LONG");
  const bool long_mode = lng && *lng && std::string(lng) != "0";
  if (params.find("max_success") == std::string::npos)
    params += std::string(params.empty() ? "" : " ") + "max_success=" + (long_mode ? "20000" : "1000");
  if (params.find("seed") == std::string::npos) {
    std::random_device rd;
    params += " seed=" + std::to_string((std::uint64_t{rd()} << 32) ^ rd());
  }
  setenv("RC_PARAMS", params.c_str(), 1);
  (void)rc::detail::configuration();
  std::cout << "XLA / ONNX properties of sonnx-broadcast (RC_PARAMS=\"" << params << "\")" << std::endl;

  // @req XLA-INDIM-TUPLE ONNX-UNIDIR
  property("XLA-INDIM-TUPLE ONNX-UNIDIR", "in-dim-trailing: broadcast_in_dim with (z.rank - x.rank, ..., z.rank - 1) = sonnx_broadcast_to (E21 aside)", trailing_equals_broadcast_to);
  // @req XLA-INDIM-TUPLE XLA-INDIM-MATCH XLA-INDIM-ORDER LIB-ERR-NOWRITE
  property("XLA-INDIM-TUPLE XLA-INDIM-MATCH XLA-INDIM-ORDER LIB-ERR-NOWRITE", "in-dim-reference: valid and invalid lists against the naive InDim reference", in_dim_against_reference);
  // @req XLA-COMPOSE XLA-DEGENERATE XLA-OUTER XLA-SCALAR XLA-INDIM-TUPLE XLA-INDIM-ORDER LIB-ERR-NOWRITE
  property("XLA-COMPOSE XLA-DEGENERATE XLA-SCALAR XLA-INDIM-ORDER", "xla-shape: xla_binary_shape against InDim then the NumPy rule", xla_shape_against_reference);
  // @req ONNX-EXPAND ONNX-UNIDIR
  property("ONNX-EXPAND ONNX-UNIDIR", "onnx-forms: expand_shape = SONNX rule; unidirectional_check iff the rule gives a", onnx_forms);

  std::cout << "xla_properties: " << g_passed << " passed, " << g_failed << " failed" << std::endl;
  return g_failed == 0 && g_passed > 0 ? 0 : 1;
}

/* Unit tests of the shape part of sonnx_broadcast.h: the SONNX max rule
 * (spec-sources 000/001), the Array API / NumPy rule (002), XLA degenerate
 * dimensions (003), the library's error reporting (order, fields, no output
 * written on error), the element count and the error messages.
 *
 * Every expected value below is derived by hand from the spec text or from
 * the contracts in sonnx_broadcast.h, never taken from a run of the library.
 * Axes and inputs are 0-based, as in the library.
 */
#include "sonnx_broadcast.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using Dims = std::vector<size_t>;

namespace doctest {
template <> struct StringMaker<Dims> {
  static String convert(const Dims &d)
  {
    std::string s = "(";
    for (size_t k = 0; k < d.size(); ++k) {
      s += (k == 0 ? "" : ",") + std::to_string(d[k]);
    }
    s += ")";
    return String(s.c_str());
  }
};
} // namespace doctest

namespace {

using ShapeFn = sonnx_status (*)(size_t, const sonnx_shape *, size_t *, size_t, size_t *,
                                 sonnx_error *);

struct Rule {
  const char *name;
  ShapeFn fn;
};
const Rule kSonnx{"SONNX max rule", sonnx_broadcast_shape};
const Rule kNumpy{"NumPy rule", sonnx_broadcast_shape_numpy};
const Rule kBothRules[] = {kSonnx, kNumpy};

constexpr unsigned char kCanaryByte = 0xA5;
constexpr size_t kNoIndex = SONNX_NO_INDEX;

size_t canary_value()
{
  size_t c;
  std::memset(&c, kCanaryByte, sizeof c);
  return c;
}

/* A list of input shapes; owns the sizes the sonnx_shape views point into.
   A rank-0 shape gets dims == NULL. */
class Inputs {
public:
  Inputs(std::initializer_list<Dims> list) : dims_(list) { link(); }
  explicit Inputs(std::vector<Dims> list) : dims_(std::move(list)) { link(); }
  Inputs(const Inputs &) = delete;
  Inputs &operator=(const Inputs &) = delete;

  size_t n() const { return shapes_.size(); }
  const sonnx_shape *data() const { return shapes_.data(); }
  const std::vector<Dims> &dims() const { return dims_; }

  std::string describe() const
  {
    std::string s;
    for (const Dims &d : dims_) {
      s += (s.empty() ? "" : " with ") + std::string(doctest::toString(d).c_str());
    }
    return s;
  }

private:
  void link()
  {
    for (const Dims &d : dims_) {
      shapes_.push_back(sonnx_shape{d.size(), d.empty() ? nullptr : d.data()});
    }
  }
  std::vector<Dims> dims_;
  std::vector<sonnx_shape> shapes_;
};

/* Output buffers filled with canary bytes, so that any write shows. */
struct Outputs {
  explicit Outputs(size_t capacity = SONNX_MAX_RANK) : dims(capacity, canary_value())
  {
    std::memset(&rank, kCanaryByte, sizeof rank);
    std::memset(&err, kCanaryByte, sizeof err);
  }

  size_t *dims_ptr() { return dims.empty() ? nullptr : dims.data(); }

  sonnx_status call(const Rule &rule, const Inputs &in, bool with_err = true)
  {
    return rule.fn(in.n(), in.data(), dims_ptr(), dims.size(), &rank, with_err ? &err : nullptr);
  }

  /* out_dims[first .. capacity-1] still hold the canary bytes. */
  bool dims_untouched_from(size_t first) const
  {
    const size_t c = canary_value();
    for (size_t k = first; k < dims.size(); ++k) {
      if (std::memcmp(&dims[k], &c, sizeof c) != 0) {
        return false;
      }
    }
    return true;
  }
  bool rank_untouched() const
  {
    const size_t c = canary_value();
    return std::memcmp(&rank, &c, sizeof c) == 0;
  }
  bool untouched() const { return dims_untouched_from(0) && rank_untouched(); }

  Dims result() const { return Dims(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(rank)); }

  std::vector<size_t> dims;
  size_t rank;
  sonnx_error err;
};

/* Broadcasting `in` succeeds with shape `expected`; err->status is SONNX_OK;
   out_dims past the result rank keep their canary; err may be NULL. */
void check_shape(const Rule &rule, const Inputs &in, const Dims &expected)
{
  INFO(rule.name, ": ", in.describe(), " -> ", expected);
  Outputs out;
  CHECK(out.call(rule, in) == SONNX_OK);
  CHECK(out.err.status == SONNX_OK);
  REQUIRE(out.rank == expected.size());
  CHECK(out.result() == expected);
  CHECK(out.dims_untouched_from(out.rank));

  Outputs quiet;
  CHECK(quiet.call(rule, in, false) == SONNX_OK);
  REQUIRE(quiet.rank == expected.size());
  CHECK(quiet.result() == expected);
}

void check_shape_both_rules(const Inputs &in, const Dims &expected)
{
  for (const Rule &rule : kBothRules) {
    check_shape(rule, in, expected);
  }
}

/* Broadcasting `in` fails C1 first at (input, axis): its padded size `size`
   is neither `expected` nor 1. Nothing but *err is written; err may be NULL. */
void check_incompatible(const Rule &rule, const Inputs &in, size_t input, size_t axis, size_t size,
                        size_t expected)
{
  INFO(rule.name, ": ", in.describe(), " must fail at input ", input, ", axis ", axis);
  Outputs out;
  CHECK(out.call(rule, in) == SONNX_ERR_INCOMPATIBLE);
  CHECK(out.err.status == SONNX_ERR_INCOMPATIBLE);
  CHECK(out.err.input == input);
  CHECK(out.err.axis == axis);
  CHECK(out.err.size == size);
  CHECK(out.err.expected == expected);
  CHECK(out.untouched());

  Outputs quiet;
  CHECK(quiet.call(rule, in, false) == SONNX_ERR_INCOMPATIBLE);
  CHECK(quiet.untouched());
}

/* Calls rule.fn with raw arguments, with and without err; checks the status
   both times and returns the filled err. Canaries are checked by the caller. */
sonnx_error call_raw(const Rule &rule, size_t n, const sonnx_shape *inputs, size_t *out_dims,
                     size_t capacity, size_t *out_rank, sonnx_status expected_status)
{
  sonnx_error err;
  std::memset(&err, kCanaryByte, sizeof err);
  CHECK(rule.fn(n, inputs, out_dims, capacity, out_rank, nullptr) == expected_status);
  CHECK(rule.fn(n, inputs, out_dims, capacity, out_rank, &err) == expected_status);
  CHECK(err.status == expected_status);
  return err;
}

std::string format(const sonnx_error &e)
{
  char buf[SONNX_MESSAGE_MAX + 16];
  std::memset(buf, 'X', sizeof buf);
  const size_t len = sonnx_format_error(&e, buf, sizeof buf);
  CHECK(len < SONNX_MESSAGE_MAX);
  CHECK(std::strlen(buf) == len);
  return std::string(buf);
}

bool contains(const std::string &text, const std::string &part)
{
  return text.find(part) != std::string::npos;
}

sonnx_error make_error(sonnx_status status, size_t input, size_t axis, size_t size, size_t expected)
{
  sonnx_error e{}; /* every field set, rule = SONNX_RULE_SONNX */
  e.status = status;
  e.input = input;
  e.axis = axis;
  e.size = size;
  e.expected = expected;
  return e;
}

/* ---- Oracles for the randomised sweep, written from the spec text ---- */

size_t padded(const Dims &x, size_t ny, size_t i)
{
  /* 001 step 1: dYm_i = 1 if i < nY - nXm, dXm_(i - nY + nXm) otherwise. */
  return i < ny - x.size() ? 1u : x[i - (ny - x.size())];
}

/* 001 steps 1 and 2 with C1: max of the padded sizes; nullopt when C1 fails. */
std::optional<Dims> sonnx_oracle(const std::vector<Dims> &in)
{
  size_t ny = 0;
  for (const Dims &x : in) {
    ny = std::max(ny, x.size());
  }
  Dims out(ny);
  for (size_t i = 0; i < ny; ++i) {
    size_t d = 0;
    for (const Dims &x : in) {
      d = std::max(d, padded(x, ny, i));
    }
    for (const Dims &x : in) {
      if (padded(x, ny, i) != d && padded(x, ny, i) != 1) {
        return std::nullopt;
      }
    }
    out[i] = d;
  }
  return out;
}

/* 002's two-array algorithm (with the lower-rank offset it omits), folded
   left to right over the inputs. */
std::optional<Dims> array_api_oracle(const std::vector<Dims> &in)
{
  Dims acc = in[0];
  for (size_t m = 1; m < in.size(); ++m) {
    const Dims &x2 = in[m];
    const size_t n = std::max(acc.size(), x2.size());
    Dims shape(n);
    for (size_t i = 0; i < n; ++i) {
      const size_t d1 = padded(acc, n, i);
      const size_t d2 = padded(x2, n, i);
      if (d1 == 1) {
        shape[i] = d2;
      } else if (d2 == 1) {
        shape[i] = d1;
      } else if (d1 == d2) {
        shape[i] = d1;
      } else {
        return std::nullopt;
      }
    }
    acc = shape;
  }
  return acc;
}

/* Small deterministic generator, so the sweep is reproducible. */
struct Lcg {
  uint32_t state;
  uint32_t next(uint32_t bound)
  {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % bound;
  }
};

std::vector<Dims> random_shapes(Lcg &rng, const std::vector<size_t> &sizes)
{
  std::vector<Dims> in(1 + rng.next(4));
  for (Dims &x : in) {
    x.resize(rng.next(5));
    for (size_t &d : x) {
      d = sizes[rng.next(static_cast<uint32_t>(sizes.size()))];
    }
  }
  return in;
}

} // namespace

/* ======================= f and step 1 helpers ======================= */

// @req SONNX-F
TEST_CASE("sonnx_index_map is f(a, B, C) of the spec, 0-based")
{
  /* f(a, B, C) = a if B == C; the first index (1 in the spec, 0 here) if B == 1. */
  CHECK(sonnx_index_map(2, 3, 3) == 2);
  CHECK(sonnx_index_map(0, 3, 3) == 0);
  CHECK(sonnx_index_map(4, 5, 5) == 4);
  CHECK(sonnx_index_map(2, 1, 3) == 0);
  CHECK(sonnx_index_map(6, 1, 7) == 0);
  CHECK(sonnx_index_map(0, 1, 1) == 0);
  CHECK(sonnx_index_map(SIZE_MAX - 1, SIZE_MAX, SIZE_MAX) == SIZE_MAX - 1);
  CHECK(sonnx_index_map(SIZE_MAX - 1, 1, SIZE_MAX) == 0);

  /* Over the whole domain the result is a valid index of the input (< B). */
  for (size_t c = 1; c <= 6; ++c) {
    for (size_t b : {size_t{1}, c}) {
      for (size_t a = 0; a < c; ++a) {
        CAPTURE(a);
        CAPTURE(b);
        CAPTURE(c);
        const size_t r = sonnx_index_map(a, b, c);
        CHECK(r == (b == c ? a : 0));
        CHECK(r < b);
      }
    }
  }
}

// @req SONNX-STEP1-PAD SONNX-STEP1-RANK
TEST_CASE("sonnx_padded_dim prepends 1s on the left up to the common rank")
{
  const Dims x{7, 1, 5};
  const sonnx_shape s{x.size(), x.data()};
  /* nY = 4, nX = 3: dY_0 = 1, dY_i = dX_(i-1) otherwise. */
  CHECK(sonnx_padded_dim(s, 4, 0) == 1);
  CHECK(sonnx_padded_dim(s, 4, 1) == 7);
  CHECK(sonnx_padded_dim(s, 4, 2) == 1);
  CHECK(sonnx_padded_dim(s, 4, 3) == 5);
  /* nY = nX: no padding. */
  CHECK(sonnx_padded_dim(s, 3, 0) == 7);
  CHECK(sonnx_padded_dim(s, 3, 1) == 1);
  CHECK(sonnx_padded_dim(s, 3, 2) == 5);

  const Dims y{5, 4};
  const sonnx_shape t{y.size(), y.data()};
  CHECK(sonnx_padded_dim(t, 4, 0) == 1);
  CHECK(sonnx_padded_dim(t, 4, 1) == 1);
  CHECK(sonnx_padded_dim(t, 4, 2) == 5);
  CHECK(sonnx_padded_dim(t, 4, 3) == 4);

  /* A zero size is kept as is; only missing axes become 1. */
  const Dims z{0};
  const sonnx_shape u{z.size(), z.data()};
  CHECK(sonnx_padded_dim(u, 2, 0) == 1);
  CHECK(sonnx_padded_dim(u, 2, 1) == 0);

  /* A scalar is all 1s. */
  const sonnx_shape scalar{0, nullptr};
  CHECK(sonnx_padded_dim(scalar, 2, 0) == 1);
  CHECK(sonnx_padded_dim(scalar, 2, 1) == 1);

  /* Rank SONNX_MAX_RANK. */
  Dims big(SONNX_MAX_RANK);
  for (size_t i = 0; i < big.size(); ++i) {
    big[i] = i + 2;
  }
  const sonnx_shape b{big.size(), big.data()};
  CHECK(sonnx_padded_dim(b, SONNX_MAX_RANK, 0) == 2);
  CHECK(sonnx_padded_dim(b, SONNX_MAX_RANK, SONNX_MAX_RANK - 1) == SONNX_MAX_RANK + 1);
}

/* ======================= 002: Array API examples ======================= */

// @req ARRAYAPI-ALGO SONNX-STEP1-RANK SONNX-STEP1-PAD SONNX-STEP2-MAX SONNX-C1 LIB-ERR-STATUS
TEST_CASE("Array API compatible examples (002), both orders, both rules")
{
  check_shape_both_rules({{8, 1, 6, 1}, {7, 1, 5}}, {8, 7, 6, 5});
  check_shape_both_rules({{7, 1, 5}, {8, 1, 6, 1}}, {8, 7, 6, 5});

  check_shape_both_rules({{5, 4}, {1}}, {5, 4});
  check_shape_both_rules({{1}, {5, 4}}, {5, 4});

  check_shape_both_rules({{5, 4}, {4}}, {5, 4});
  check_shape_both_rules({{4}, {5, 4}}, {5, 4});

  check_shape_both_rules({{15, 3, 5}, {15, 1, 5}}, {15, 3, 5});
  check_shape_both_rules({{15, 1, 5}, {15, 3, 5}}, {15, 3, 5});

  check_shape_both_rules({{15, 3, 5}, {3, 5}}, {15, 3, 5});
  check_shape_both_rules({{3, 5}, {15, 3, 5}}, {15, 3, 5});

  check_shape_both_rules({{15, 3, 5}, {3, 1}}, {15, 3, 5});
  check_shape_both_rules({{3, 1}, {15, 3, 5}}, {15, 3, 5});
}

// @req ARRAYAPI-INCOMPAT SONNX-C1 SONNX-STEP2-MAX LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("Array API incompatible examples (002) under the SONNX max rule")
{
  /* (3) vs (4): dY_0 = max(3, 4) = 4; the first input that is neither 4 nor 1 is reported. */
  check_incompatible(kSonnx, {{3}, {4}}, 0, 0, 3, 4);
  check_incompatible(kSonnx, {{4}, {3}}, 1, 0, 3, 4);

  /* (2,1) padded to (1,2,1) vs (8,4,3): axis 0 is fine (1 vs 8), axis 1 has
     max(2, 4) = 4 and 2 is neither 4 nor 1. */
  check_incompatible(kSonnx, {{2, 1}, {8, 4, 3}}, 0, 1, 2, 4);
  check_incompatible(kSonnx, {{8, 4, 3}, {2, 1}}, 1, 1, 2, 4);
}

// @req ARRAYAPI-INCOMPAT ARRAYAPI-ALGO LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("Array API incompatible examples (002) under the NumPy rule")
{
  /* The axis size is the first padded size that is not 1; the first input
     that is neither that size nor 1 is reported. */
  check_incompatible(kNumpy, {{3}, {4}}, 1, 0, 4, 3);
  check_incompatible(kNumpy, {{4}, {3}}, 1, 0, 3, 4);

  check_incompatible(kNumpy, {{2, 1}, {8, 4, 3}}, 1, 1, 4, 2);
  check_incompatible(kNumpy, {{8, 4, 3}, {2, 1}}, 1, 1, 2, 4);
}

/* ======================= 003: XLA examples ======================= */

// @req XLA-DEGENERATE SONNX-STEP2-MAX SONNX-C1 ARRAYAPI-ALGO SONNX-STEP1-RANK
TEST_CASE("XLA degenerate dimensions (003)")
{
  check_shape_both_rules({{2, 1}, {2, 3}}, {2, 3});
  check_shape_both_rules({{2, 3}, {2, 1}}, {2, 3});

  check_shape_both_rules({{1, 2, 5}, {7, 2, 5}}, {7, 2, 5});
  check_shape_both_rules({{7, 2, 5}, {1, 2, 5}}, {7, 2, 5});

  check_shape_both_rules({{7, 2, 5}, {7, 1, 5}}, {7, 2, 5});
  check_shape_both_rules({{7, 1, 5}, {7, 2, 5}}, {7, 2, 5});

  /* The introduction's matrix + vector and matrix + scalar. */
  check_shape_both_rules({{2, 3}, {3}}, {2, 3});
  check_shape_both_rules({{2, 3}, {}}, {2, 3});
  check_shape_both_rules({{3, 3}, {3}}, {3, 3});
}

// @req XLA-DEGENERATE SONNX-C1 ARRAYAPI-INCOMPAT LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("XLA incompatible pair (7,2,5) vs (7,2,6) (003)")
{
  /* Axes 0 and 1 agree; axis 2: max(5, 6) = 6 (SONNX), first non-1 is the
     first input's size (NumPy). */
  check_incompatible(kSonnx, {{7, 2, 5}, {7, 2, 6}}, 0, 2, 5, 6);
  check_incompatible(kSonnx, {{7, 2, 6}, {7, 2, 5}}, 1, 2, 5, 6);
  check_incompatible(kNumpy, {{7, 2, 5}, {7, 2, 6}}, 1, 2, 6, 5);
  check_incompatible(kNumpy, {{7, 2, 6}, {7, 2, 5}}, 1, 2, 5, 6);
}

// @req XLA-OUTER XLA-DEGENERATE SONNX-STEP2-MAX SONNX-C1 ARRAYAPI-ALGO
TEST_CASE("XLA outer operation: degenerate dimensions at different indices (003)")
{
  check_shape_both_rules({{2, 1}, {1, 3}}, {2, 3});
  check_shape_both_rules({{1, 3}, {2, 1}}, {2, 3});

  /* The degenerate-dimension halves of 003's composition examples. */
  check_shape_both_rules({{4, 1}, {1, 2}}, {4, 2});
  check_shape_both_rules({{4, 3, 1}, {4, 1, 2}}, {4, 3, 2});
  check_shape_both_rules({{4, 1, 2}, {4, 3, 1}}, {4, 3, 2});
  /* Same with rank padding: (1,2) becomes (1,1,2). */
  check_shape_both_rules({{4, 3, 1}, {1, 2}}, {4, 3, 2});
}

/* ======================= N-ary broadcasting ======================= */

// @req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 LIB-ERR-NOWRITE LIB-NULL LIB-CAPACITY
TEST_CASE("two inputs: every pair of shapes of rank <= 3, sizes 0..3, against the 001 oracle")
{
  /* sonnx_broadcast_shape answers a successful two-input call by its own path
     (check_pair in src/sonnx_shape.c) and hands every other call to the general
     checker; both must agree with the oracle, at capacity == nY and nY - 1. */
  std::vector<Dims> all{{}};
  for (size_t rank = 1; rank <= 3; ++rank) {
    const size_t count = static_cast<size_t>(1) << (2 * rank); /* 4^rank */
    for (size_t code = 0; code < count; ++code) {
      Dims d(rank);
      for (size_t k = 0; k < rank; ++k) {
        d[k] = (code >> (2 * k)) & 3u;
      }
      all.push_back(d);
    }
  }
  int successes = 0, failures = 0;
  for (const Dims &a : all) {
    for (const Dims &b : all) {
      const Inputs in{a, b};
      const std::optional<Dims> want = sonnx_oracle(in.dims());
      const size_t ny = std::max(a.size(), b.size());
      Outputs out(ny);
      const sonnx_status st = out.call(kSonnx, in);
      if (want) {
        ++successes;
        if (st != SONNX_OK || out.result() != *want) {
          FAIL_CHECK(in.describe() << ": status " << st << ", want " << doctest::toString(*want));
        }
      } else {
        ++failures;
        if (st != SONNX_ERR_INCOMPATIBLE || !out.untouched() || out.err.input > 1u ||
            out.err.axis >= ny) {
          FAIL_CHECK(in.describe() << ": status " << st << ", want SONNX_ERR_INCOMPATIBLE, nothing written");
        }
      }
      if (ny > 0u) {
        Outputs small(ny - 1u);
        if (small.call(kSonnx, in) != SONNX_ERR_CAPACITY || !small.untouched()) {
          FAIL_CHECK(in.describe() << ": capacity nY - 1 must give SONNX_ERR_CAPACITY, nothing written");
        }
      }
    }
  }
  /* A pair the fast path must decline for each input's own fault: dims NULL
     with a positive rank (LIB-NULL), either input; the general checker
     reports it. */
  const size_t sizes[2] = {3, 1};
  for (size_t bad = 0; bad < 2; ++bad) {
    sonnx_shape pair[2] = {{2, sizes}, {2, sizes}};
    pair[bad].dims = nullptr;
    Outputs out;
    CHECK(kSonnx.fn(2, pair, out.dims_ptr(), out.dims.size(), &out.rank, &out.err) == SONNX_ERR_NULL);
    CHECK(out.err.input == bad);
    CHECK(out.untouched());
  }

  /* 85 shapes, 7225 pairs: both outcomes are well represented. */
  CHECK(successes + failures == 85 * 85);
  CHECK(successes > 1000);
  CHECK(failures > 1000);
}

// @req SONNX-STEP1-RANK SONNX-STEP1-PAD SONNX-STEP2-MAX SONNX-C1 ARRAYAPI-ALGO
TEST_CASE("three or more inputs")
{
  /* Padded to rank 3: (1,1,3), (1,2,1), (1,1,1). */
  check_shape_both_rules({{1, 3}, {2, 1}, {1, 1, 1}}, {1, 2, 3});
  /* Padded to rank 4: (8,1,6,1), (1,7,1,5), (1,1,6,1), (1,1,1,1). */
  check_shape_both_rules({{8, 1, 6, 1}, {7, 1, 5}, {6, 1}, {}}, {8, 7, 6, 5});
  /* Padded to rank 2: (1,5), (1,1), (1,5), (1,5). */
  check_shape_both_rules({{5}, {1}, {5}, {1, 5}}, {1, 5});
  /* Padded to rank 4: (1,1,1,1), (1,1,2,1), (1,3,1,1), (1,1,1,4), (1,1,1,1). */
  check_shape_both_rules({{1}, {2, 1}, {3, 1, 1}, {1, 1, 1, 4}, {}}, {1, 3, 2, 4});
  /* A single input broadcasts to itself, zero sizes included. */
  check_shape_both_rules({{3, 0, 2}}, {3, 0, 2});
  check_shape_both_rules({{6}}, {6});
}

// @req SONNX-STEP1-RANK SONNX-STEP2-MAX ARRAYAPI-ALGO
TEST_CASE("broadcasting is commutative (001): every permutation gives the same shape")
{
  const std::vector<Dims> shapes{{1, 3}, {2, 1}, {1, 1, 1}, {4, 1, 1}};
  std::array<size_t, 4> order{0, 1, 2, 3};
  /* Padded to rank 3: (1,1,3), (1,2,1), (1,1,1), (4,1,1) -> (4,2,3). */
  do {
    std::vector<Dims> permuted;
    for (size_t k : order) {
      permuted.push_back(shapes[k]);
    }
    check_shape_both_rules(Inputs(permuted), {4, 2, 3});
  } while (std::next_permutation(order.begin(), order.end()));
}

// @req SONNX-C1 ARRAYAPI-INCOMPAT SONNX-STEP2-MAX LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("N-ary incompatibility: first violation axis by axis, then input by input")
{
  /* Axis 0: 5, 1, 4 -> size 5 under both rules, input 2 is wrong. Axis 1
     (2, 3, 3) would also fail under the SONNX rule, but axis 0 comes first. */
  check_incompatible(kSonnx, {{5, 2}, {1, 3}, {4, 3}}, 2, 0, 4, 5);
  check_incompatible(kNumpy, {{5, 2}, {1, 3}, {4, 3}}, 2, 0, 4, 5);

  /* One axis, three sizes 3, 2, 4: max 4 (input 0 first wrong); first non-1 is 3 (input 1 first wrong). */
  check_incompatible(kSonnx, {{3}, {2}, {4}}, 0, 0, 3, 4);
  check_incompatible(kNumpy, {{3}, {2}, {4}}, 1, 0, 2, 3);

  /* Axis 0: 2, 1, 2, 4. */
  check_incompatible(kSonnx, {{2, 3}, {1, 3}, {2, 1}, {4, 3}}, 0, 0, 2, 4);
  check_incompatible(kNumpy, {{2, 3}, {1, 3}, {2, 1}, {4, 3}}, 3, 0, 4, 2);

  /* The axis is the padded one: (3,1) -> (1,3,1) against (2,2,2): axis 0 is
     fine, axis 1 has 3 and 2. */
  check_incompatible(kSonnx, {{3, 1}, {2, 2, 2}}, 1, 1, 2, 3);
  check_incompatible(kNumpy, {{3, 1}, {2, 2, 2}}, 1, 1, 2, 3);

  /* (6) -> (1,1,6) against (2,1,5): only the last axis fails. */
  check_incompatible(kSonnx, {{6}, {2, 1, 5}}, 1, 2, 5, 6);
  check_incompatible(kNumpy, {{6}, {2, 1, 5}}, 1, 2, 5, 6);

  /* Axis 0: 1,1,1,2,1,2 is fine; axis 1: 1,1,1,2,2,3. */
  check_incompatible(kSonnx, {{1, 1}, {1, 1}, {1, 1}, {2, 2}, {1, 2}, {2, 3}}, 3, 1, 2, 3);
  check_incompatible(kNumpy, {{1, 1}, {1, 1}, {1, 1}, {2, 2}, {1, 2}, {2, 3}}, 5, 1, 3, 2);
}

/* ======================= Rank 0 and rank SONNX_MAX_RANK ======================= */

// @req SONNX-STEP1-RANK SONNX-STEP1-PAD SONNX-STEP2-MAX ARRAYAPI-ALGO
TEST_CASE("rank-0 inputs (scalars)")
{
  check_shape_both_rules({{}}, {});
  check_shape_both_rules({{}, {}, {}}, {});
  check_shape_both_rules({{}, {5, 4}}, {5, 4});
  check_shape_both_rules({{5, 4}, {}}, {5, 4});
  check_shape_both_rules({{}, {1}}, {1});
  check_shape_both_rules({{}, {3}}, {3});
  check_shape_both_rules({{}, {1, 1, 7}, {}}, {1, 1, 7});

  for (const Rule &rule : kBothRules) {
    CAPTURE(rule.name);
    /* A rank-0 input's dims pointer is not a size: (), whatever it points to, with (3) is (3). */
    const size_t nine = 9;
    const Dims three{3};
    const sonnx_shape with_pointer[] = {{0, &nine}, {1, three.data()}};
    Outputs out;
    CHECK(rule.fn(2, with_pointer, out.dims_ptr(), out.dims.size(), &out.rank, &out.err) ==
          SONNX_OK);
    CHECK(out.rank == 1);
    CHECK(out.dims[0] == 3);
    CHECK(out.dims_untouched_from(1));

    /* All scalars: result rank 0, out_dims may be NULL with capacity 0. */
    const Inputs scalars{{}, {}};
    size_t rank = 777;
    sonnx_error err;
    std::memset(&err, kCanaryByte, sizeof err);
    CHECK(rule.fn(scalars.n(), scalars.data(), nullptr, 0, &rank, &err) == SONNX_OK);
    CHECK(err.status == SONNX_OK);
    CHECK(rank == 0);
    rank = 777;
    CHECK(rule.fn(scalars.n(), scalars.data(), nullptr, 0, &rank, nullptr) == SONNX_OK);
    CHECK(rank == 0);
  }
}

// @req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 ARRAYAPI-ALGO ARRAYAPI-INCOMPAT LIB-CAPACITY
TEST_CASE("inputs of rank SONNX_MAX_RANK")
{
  REQUIRE(SONNX_MAX_RANK == 64);
  Dims odd_twos(SONNX_MAX_RANK), even_twos(SONNX_MAX_RANK), counting(SONNX_MAX_RANK);
  for (size_t i = 0; i < SONNX_MAX_RANK; ++i) {
    odd_twos[i] = (i % 2 == 1) ? 2 : 1;
    even_twos[i] = (i % 2 == 0) ? 2 : 1;
    counting[i] = i + 1;
  }
  const Dims all_twos(SONNX_MAX_RANK, 2);

  /* Outer operation across 64 axes; (2) pads to 63 ones then 2 and odd_twos
     has 2 on axis 63. */
  check_shape_both_rules(Inputs(std::vector<Dims>{odd_twos, even_twos, {2}}), all_twos);
  check_shape_both_rules(Inputs(std::vector<Dims>{counting, {64}}), counting);
  check_shape_both_rules(Inputs(std::vector<Dims>{{}, counting}), counting);

  /* Only axis 63 conflicts: 3 against (4) padded to (1, ..., 1, 4). */
  Dims last_three(SONNX_MAX_RANK, 1);
  last_three[SONNX_MAX_RANK - 1] = 3;
  check_incompatible(kSonnx, Inputs(std::vector<Dims>{last_three, {4}}), 0, 63, 3, 4);
  check_incompatible(kNumpy, Inputs(std::vector<Dims>{last_three, {4}}), 1, 63, 4, 3);

  /* Capacity one short of the common rank. */
  for (const Rule &rule : kBothRules) {
    CAPTURE(rule.name);
    const Inputs in(std::vector<Dims>{odd_twos, even_twos});
    Outputs out(SONNX_MAX_RANK - 1);
    CHECK(out.call(rule, in) == SONNX_ERR_CAPACITY);
    CHECK(out.err.size == SONNX_MAX_RANK - 1);
    CHECK(out.err.expected == SONNX_MAX_RANK);
    CHECK(out.untouched());
  }
}

/* ======================= Zero sizes: where the rules differ ======================= */

// @req SONNX-C1 SONNX-STEP2-MAX LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("zero sizes under the SONNX max rule: a 1 does not stretch to 0")
{
  /* max(0, 1) = 1 and 0 is neither 1 nor 1. */
  check_incompatible(kSonnx, {{0}, {1}}, 0, 0, 0, 1);
  check_incompatible(kSonnx, {{1}, {0}}, 1, 0, 0, 1);
  /* A scalar pads to (1). */
  check_incompatible(kSonnx, {{0}, {}}, 0, 0, 0, 1);
  check_incompatible(kSonnx, {{}, {0}}, 1, 0, 0, 1);
  check_incompatible(kSonnx, {{3, 0}, {3, 1}}, 0, 1, 0, 1);
  check_incompatible(kSonnx, {{0, 5}, {1, 5}}, 0, 0, 0, 1);
  check_incompatible(kSonnx, {{0}, {2}}, 0, 0, 0, 2);
  check_incompatible(kSonnx, {{2}, {0}}, 1, 0, 0, 2);

  /* Equal zero sizes are fine. */
  check_shape(kSonnx, {{0}, {0}}, {0});
  check_shape(kSonnx, {{2, 0}, {2, 0}}, {2, 0});
  check_shape(kSonnx, {{2, 0}, {0}}, {2, 0});
  check_shape(kSonnx, {{0}, {2, 0}}, {2, 0});
  check_shape(kSonnx, {{0, 3}, {0, 1}}, {0, 3});
}

// @req ARRAYAPI-ALGO ARRAYAPI-INCOMPAT LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("zero sizes under the NumPy rule: a 1 stretches to 0")
{
  check_shape(kNumpy, {{0}, {1}}, {0});
  check_shape(kNumpy, {{1}, {0}}, {0});
  check_shape(kNumpy, {{0}, {}}, {0});
  check_shape(kNumpy, {{}, {0}}, {0});
  check_shape(kNumpy, {{0}, {0}}, {0});
  check_shape(kNumpy, {{3, 0}, {3, 1}}, {3, 0});
  check_shape(kNumpy, {{0, 5}, {1, 5}}, {0, 5});
  check_shape(kNumpy, {{1}, {1}, {0}, {1}}, {0});
  check_shape(kNumpy, {{2, 0}, {0}}, {2, 0});
  check_shape(kNumpy, {{0, 3}, {0, 1}}, {0, 3});

  /* 0 and 2 are still incompatible: the axis size is the first non-1 size. */
  check_incompatible(kNumpy, {{0}, {2}}, 1, 0, 2, 0);
  check_incompatible(kNumpy, {{2}, {0}}, 1, 0, 0, 2);
  check_incompatible(kNumpy, {{1}, {1}, {0}, {5}}, 3, 0, 5, 0);
}

// @req SONNX-C1 SONNX-STEP2-MAX ARRAYAPI-ALGO ARRAYAPI-INCOMPAT
TEST_CASE("the two rules agree without zero sizes; a SONNX success is a NumPy success")
{
  /* Hand-picked zero-free cases: same status, same shape. */
  const std::vector<std::vector<Dims>> agree{
      {{8, 1, 6, 1}, {7, 1, 5}}, {{5, 4}, {1}},        {{15, 3, 5}, {3, 1}},
      {{3}, {4}},                {{2, 1}, {8, 4, 3}}, {{2, 1}, {1, 3}},
      {{7, 2, 5}, {7, 2, 6}},    {{}, {9, 9}},        {{1, 3}, {2, 1}, {1, 1, 1}},
  };
  for (const auto &shapes : agree) {
    const Inputs in(shapes);
    INFO(in.describe());
    Outputs a, b;
    const sonnx_status sa = a.call(kSonnx, in);
    const sonnx_status sb = b.call(kNumpy, in);
    CHECK(sa == sb);
    if (sa == SONNX_OK && sb == SONNX_OK) {
      CHECK(a.result() == b.result());
    } else {
      CHECK(a.err.axis == b.err.axis);
    }
  }

  /* Randomised sweep against the two oracles written from 001 and 002. */
  Lcg rng{12345u};
  const std::vector<size_t> zero_free{1, 2, 3};
  const std::vector<size_t> with_zero{0, 1, 2};
  int successes = 0, failures = 0, rules_differ = 0;
  for (int round = 0; round < 3000; ++round) {
    const bool zeros = round % 2 == 1;
    const Inputs in(random_shapes(rng, zeros ? with_zero : zero_free));
    INFO(in.describe());
    const std::optional<Dims> want_sonnx = sonnx_oracle(in.dims());
    const std::optional<Dims> want_numpy = array_api_oracle(in.dims());

    Outputs a, b;
    const sonnx_status sa = a.call(kSonnx, in);
    const sonnx_status sb = b.call(kNumpy, in);
    CHECK(sa == (want_sonnx ? SONNX_OK : SONNX_ERR_INCOMPATIBLE));
    CHECK(sb == (want_numpy ? SONNX_OK : SONNX_ERR_INCOMPATIBLE));
    if (sa == SONNX_OK && want_sonnx) {
      CHECK(a.result() == *want_sonnx);
    }
    if (sb == SONNX_OK && want_numpy) {
      CHECK(b.result() == *want_numpy);
    }
    if (want_sonnx) {
      /* SONNX-compatible implies NumPy-compatible with the same shape. */
      CHECK(want_numpy.has_value());
      CHECK(sb == SONNX_OK);
      if (sb == SONNX_OK) {
        CHECK(b.result() == *want_sonnx);
      }
    }
    if (!zeros) {
      CHECK(sa == sb);
    }
    successes += sa == SONNX_OK;
    failures += sa == SONNX_ERR_INCOMPATIBLE;
    rules_differ += sa != sb;
    /* Any C1 error names an input whose padded size on that axis is neither
       the axis size nor 1, and writes nothing. */
    for (const auto &[status, out] : {std::pair<sonnx_status, const Outputs *>{sa, &a},
                                     std::pair<sonnx_status, const Outputs *>{sb, &b}}) {
      if (status == SONNX_ERR_INCOMPATIBLE) {
        CHECK(out->untouched());
        REQUIRE(out->err.input < in.n());
        size_t ny = 0;
        for (const Dims &x : in.dims()) {
          ny = std::max(ny, x.size());
        }
        REQUIRE(out->err.axis < ny);
        const size_t p = padded(in.dims()[out->err.input], ny, out->err.axis);
        CHECK(out->err.size == p);
        CHECK(p != out->err.expected);
        CHECK(p != 1);
      }
    }
    if (!zeros && sa == SONNX_ERR_INCOMPATIBLE && sb == SONNX_ERR_INCOMPATIBLE) {
      CHECK(a.err.axis == b.err.axis);
    }
  }
  /* The sweep exercises both outcomes and the zero-size difference. */
  CHECK(successes > 300);
  CHECK(failures > 300);
  CHECK(rules_differ > 30);
}

/* ======================= Errors: order, fields, nothing written ======================= */

// @req LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("NULL arguments: SONNX_ERR_NULL, in argument order, nothing written")
{
  const Inputs in{{2, 3}, {3}}; /* compatible: only the NULL check can fail */
  for (const Rule &rule : kBothRules) {
    CAPTURE(rule.name);
    Outputs out(4);
    sonnx_error e;

    { /* inputs NULL (argument 2) */
      e = call_raw(rule, in.n(), nullptr, out.dims_ptr(), 4, &out.rank, SONNX_ERR_NULL);
      CHECK(e.input == kNoIndex);
      CHECK(e.expected == 2);
      CHECK(out.untouched());
    }
    { /* out_dims NULL with capacity > 0 (argument 3) */
      e = call_raw(rule, in.n(), in.data(), nullptr, 4, &out.rank, SONNX_ERR_NULL);
      CHECK(e.input == kNoIndex);
      CHECK(e.expected == 3);
      CHECK(out.untouched());
    }
    { /* out_rank NULL (argument 5) */
      e = call_raw(rule, in.n(), in.data(), out.dims_ptr(), 4, nullptr, SONNX_ERR_NULL);
      CHECK(e.input == kNoIndex);
      CHECK(e.expected == 5);
      CHECK(out.untouched());
    }
    { /* several NULLs: the first in argument order is reported */
      e = call_raw(rule, in.n(), nullptr, nullptr, 4, nullptr, SONNX_ERR_NULL);
      CHECK(e.expected == 2);
      e = call_raw(rule, in.n(), nullptr, out.dims_ptr(), 4, nullptr, SONNX_ERR_NULL);
      CHECK(e.expected == 2);
      e = call_raw(rule, in.n(), in.data(), nullptr, 4, nullptr, SONNX_ERR_NULL);
      CHECK(e.input == kNoIndex);
      CHECK(e.expected == 3);
      CHECK(out.untouched());
    }
    { /* NULL arguments come before the input count and the inputs */
      e = call_raw(rule, 0, nullptr, out.dims_ptr(), 4, &out.rank, SONNX_ERR_NULL);
      CHECK(e.expected == 2);
      e = call_raw(rule, 0, in.data(), out.dims_ptr(), 4, nullptr, SONNX_ERR_NULL);
      CHECK(e.expected == 5);
      const Dims three{3};
      const sonnx_shape bad[] = {{SONNX_MAX_RANK + 1, nullptr}, {1, three.data()}};
      e = call_raw(rule, 2, bad, out.dims_ptr(), 4, nullptr, SONNX_ERR_NULL);
      CHECK(e.input == kNoIndex);
      CHECK(e.expected == 5);
      e = call_raw(rule, 2, bad, nullptr, 4, &out.rank, SONNX_ERR_NULL);
      CHECK(e.input == kNoIndex);
      CHECK(e.expected == 3);
      CHECK(out.untouched());
    }
    { /* out_dims NULL is fine with capacity 0 when no axis is needed */
      const Inputs scalar{{}};
      e = call_raw(rule, 1, scalar.data(), nullptr, 0, &out.rank, SONNX_OK);
      CHECK(out.rank == 0);
    }
  }
}

// @req SONNX-L-RANGE LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("input count out of [1, 2^31 - 1]: SONNX_ERR_ARGUMENT, inputs not read")
{
  /* 001: L in [0, 2^31 - 1[, n = L + 1. */
  CHECK(SONNX_MAX_INPUTS == 2147483647u);
  const Dims three{3};
  const sonnx_shape one[] = {{1, three.data()}}; /* only one element may be read */
  const size_t too_many = static_cast<size_t>(SONNX_MAX_INPUTS) + 1u; /* 2^31 */

  for (const Rule &rule : kBothRules) {
    CAPTURE(rule.name);
    for (size_t n : {size_t{0}, too_many, SIZE_MAX}) {
      CAPTURE(n);
      Outputs out(4);
      const sonnx_error e = call_raw(rule, n, one, out.dims_ptr(), 4, &out.rank, SONNX_ERR_ARGUMENT);
      CHECK(e.size == n);
      CHECK(e.input == kNoIndex);
      CHECK(e.axis == kNoIndex);
      CHECK(e.expected == SONNX_MAX_INPUTS);
      CHECK(out.untouched());

      /* Also before the capacity check. */
      Outputs none(0);
      CHECK(call_raw(rule, n, one, nullptr, 0, &none.rank, SONNX_ERR_ARGUMENT).size == n);
      CHECK(none.rank_untouched());
    }
  }
}

// @req LIB-RANK LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("bad inputs: the first bad input decides; its rank is checked before its dims")
{
  Dims ones65(SONNX_MAX_RANK + 1, 1);
  const Dims three{3}, four{4}, two_three{2, 3};

  for (const Rule &rule : kBothRules) {
    CAPTURE(rule.name);
    Outputs out(4);

    { /* rank above SONNX_MAX_RANK */
      const sonnx_shape in[] = {{1, three.data()}, {ones65.size(), ones65.data()}};
      const sonnx_error e = call_raw(rule, 2, in, out.dims_ptr(), 4, &out.rank, SONNX_ERR_RANK);
      CHECK(e.input == 1);
      CHECK(e.size == SONNX_MAX_RANK + 1);
      CHECK(e.expected == SONNX_MAX_RANK);
      CHECK(out.untouched());
    }
    { /* rank above SONNX_MAX_RANK with NULL dims is a rank error */
      const sonnx_shape in[] = {{SONNX_MAX_RANK + 1, nullptr}};
      sonnx_error e = call_raw(rule, 1, in, out.dims_ptr(), 4, &out.rank, SONNX_ERR_RANK);
      CHECK(e.input == 0);
      CHECK(e.size == SONNX_MAX_RANK + 1);
      CHECK(e.expected == SONNX_MAX_RANK);
      const sonnx_shape huge[] = {{1, three.data()}, {SIZE_MAX, nullptr}};
      e = call_raw(rule, 2, huge, out.dims_ptr(), 4, &out.rank, SONNX_ERR_RANK);
      CHECK(e.input == 1);
      CHECK(e.size == SIZE_MAX);
      CHECK(e.expected == SONNX_MAX_RANK);
      CHECK(out.untouched());
    }
    { /* positive rank with NULL dims */
      const sonnx_shape in[] = {{1, three.data()}, {2, nullptr}};
      const sonnx_error e = call_raw(rule, 2, in, out.dims_ptr(), 4, &out.rank, SONNX_ERR_NULL);
      CHECK(e.input == 1);
      CHECK(e.expected == 0);
      CHECK(out.untouched());
    }
    { /* the first bad input wins, whatever its kind */
      const sonnx_shape null_first[] = {{2, nullptr}, {ones65.size(), ones65.data()}};
      sonnx_error e = call_raw(rule, 2, null_first, out.dims_ptr(), 4, &out.rank, SONNX_ERR_NULL);
      CHECK(e.input == 0);
      CHECK(e.expected == 0);
      const sonnx_shape rank_first[] = {
          {2, two_three.data()}, {ones65.size(), ones65.data()}, {1, nullptr}};
      e = call_raw(rule, 3, rank_first, out.dims_ptr(), 4, &out.rank, SONNX_ERR_RANK);
      CHECK(e.input == 1);
      CHECK(e.size == SONNX_MAX_RANK + 1);
      CHECK(out.untouched());
    }
    { /* bad inputs come before the capacity and C1 checks */
      /* (3) and (4) are incompatible, but input 2 is bad. */
      const sonnx_shape in[] = {{1, three.data()}, {1, four.data()}, {ones65.size(), ones65.data()}};
      sonnx_error e = call_raw(rule, 3, in, out.dims_ptr(), 4, &out.rank, SONNX_ERR_RANK);
      CHECK(e.input == 2);
      /* Capacity 0 (out_dims NULL) is too small, but input 1 is bad. */
      const sonnx_shape in2[] = {{1, three.data()}, {1, nullptr}};
      e = call_raw(rule, 2, in2, nullptr, 0, &out.rank, SONNX_ERR_NULL);
      CHECK(e.input == 1);
      CHECK(out.untouched());
    }
  }
}

// @req LIB-CAPACITY LIB-ERR-STATUS LIB-ERR-NOWRITE SONNX-STEP1-RANK
TEST_CASE("capacity below the common rank: SONNX_ERR_CAPACITY, nothing written")
{
  for (const Rule &rule : kBothRules) {
    CAPTURE(rule.name);
    {
      /* Common rank 3; (2,3) -> (1,2,3) with (4,1,1) gives (4,2,3). */
      const Inputs in{{2, 3}, {4, 1, 1}};
      Outputs small(2);
      CHECK(small.call(rule, in) == SONNX_ERR_CAPACITY);
      CHECK(small.err.status == SONNX_ERR_CAPACITY);
      CHECK(small.err.size == 2);
      CHECK(small.err.expected == 3);
      CHECK(small.untouched());
      CHECK(small.call(rule, in, false) == SONNX_ERR_CAPACITY);
      CHECK(small.untouched());

      Outputs exact(3);
      CHECK(exact.call(rule, in) == SONNX_OK);
      CHECK(exact.rank == 3);
      CHECK(exact.result() == Dims{4, 2, 3});

      /* Entries past the result rank are left alone on success too. */
      Outputs roomy(10);
      CHECK(roomy.call(rule, in) == SONNX_OK);
      CHECK(roomy.rank == 3);
      CHECK(roomy.result() == Dims{4, 2, 3});
      CHECK(roomy.dims_untouched_from(3));
    }
    {
      /* Capacity is checked before C1: (3) -> (1,3) against (4,5) is incompatible. */
      const Inputs in{{3}, {4, 5}};
      Outputs out(1);
      CHECK(out.call(rule, in) == SONNX_ERR_CAPACITY);
      CHECK(out.err.size == 1);
      CHECK(out.err.expected == 2);
      CHECK(out.untouched());
    }
    {
      /* Capacity 0 with out_dims NULL and a rank-1 input. */
      const Inputs in{{7}};
      size_t rank = canary_value();
      const sonnx_error e = call_raw(rule, in.n(), in.data(), nullptr, 0, &rank, SONNX_ERR_CAPACITY);
      CHECK(e.size == 0);
      CHECK(e.expected == 1);
      CHECK(rank == canary_value());
    }
  }
}

/* ======================= Element count ======================= */

// @req LIB-OVERFLOW
TEST_CASE("sonnx_shape_count: product of the sizes")
{
  auto count_of = [](const Dims &d) {
    size_t count = canary_value();
    const sonnx_status st = sonnx_shape_count(sonnx_shape{d.size(), d.empty() ? nullptr : d.data()}, &count);
    CHECK(st == SONNX_OK);
    return count;
  };
  CHECK(count_of({}) == 1);
  CHECK(count_of({7}) == 7);
  CHECK(count_of({2, 3, 4}) == 24);
  CHECK(count_of({8, 7, 6, 5}) == 1680);
  CHECK(count_of({0}) == 0);
  CHECK(count_of({5, 0, 7}) == 0);
  CHECK(count_of({SIZE_MAX}) == SIZE_MAX);
  CHECK(count_of({SIZE_MAX, 1}) == SIZE_MAX);
  CHECK(count_of({1, SIZE_MAX, 1}) == SIZE_MAX);
  CHECK(count_of({SIZE_MAX / 2, 2}) == SIZE_MAX - 1);
  CHECK(count_of(Dims(SONNX_MAX_RANK, 1)) == 1);

  /* 2^(bits-1) fits, the largest power of two a size_t holds. */
  const size_t bits = sizeof(size_t) * CHAR_BIT;
  if (bits - 1 <= SONNX_MAX_RANK) {
    CHECK(count_of(Dims(bits - 1, 2)) == SIZE_MAX / 2 + 1);
  }

  /* A zero anywhere gives 0, even after a prefix that overflows. */
  CHECK(count_of({SIZE_MAX, 2, 0}) == 0);
  CHECK(count_of({SIZE_MAX, SIZE_MAX, 0}) == 0);
  CHECK(count_of({0, SIZE_MAX, SIZE_MAX}) == 0);
  Dims big_then_zero(SONNX_MAX_RANK, 1000);
  big_then_zero.back() = 0;
  CHECK(count_of(big_then_zero) == 0);
}

// @req LIB-OVERFLOW LIB-ERR-NOWRITE
TEST_CASE("sonnx_shape_count: overflow is SONNX_ERR_OVERFLOW and leaves *count alone")
{
  auto overflows = [](const Dims &d) {
    size_t count = canary_value();
    const sonnx_status st = sonnx_shape_count(sonnx_shape{d.size(), d.data()}, &count);
    CHECK(count == canary_value());
    return st == SONNX_ERR_OVERFLOW;
  };
  CHECK(overflows({SIZE_MAX, 2}));
  CHECK(overflows({2, SIZE_MAX}));
  CHECK(overflows({SIZE_MAX / 2 + 1, 2}));
  CHECK(overflows({2, SIZE_MAX / 2 + 1}));
  CHECK(overflows({SIZE_MAX, SIZE_MAX}));
  const size_t bits = sizeof(size_t) * CHAR_BIT;
  if (bits <= SONNX_MAX_RANK) {
    CHECK(overflows(Dims(bits, 2))); /* 2^bits = SIZE_MAX + 1 */
  }
  CHECK(overflows(Dims(SONNX_MAX_RANK, 1000)));
}

// @req LIB-NULL LIB-RANK LIB-ERR-NOWRITE
TEST_CASE("sonnx_shape_count: NULL and rank errors, NULL checked first")
{
  const Dims two_three{2, 3};
  const Dims ones65(SONNX_MAX_RANK + 1, 1);
  size_t count = canary_value();

  CHECK(sonnx_shape_count(sonnx_shape{2, two_three.data()}, nullptr) == SONNX_ERR_NULL);
  CHECK(sonnx_shape_count(sonnx_shape{0, nullptr}, nullptr) == SONNX_ERR_NULL);
  CHECK(sonnx_shape_count(sonnx_shape{2, nullptr}, &count) == SONNX_ERR_NULL);
  CHECK(sonnx_shape_count(sonnx_shape{SONNX_MAX_RANK + 1, nullptr}, &count) == SONNX_ERR_NULL);
  CHECK(sonnx_shape_count(sonnx_shape{SIZE_MAX, nullptr}, &count) == SONNX_ERR_NULL);
  CHECK(sonnx_shape_count(sonnx_shape{ones65.size(), ones65.data()}, &count) == SONNX_ERR_RANK);
  CHECK(count == canary_value());
  CHECK(sonnx_shape_count(sonnx_shape{ones65.size(), ones65.data()}, nullptr) == SONNX_ERR_NULL);
}

/* ======================= Messages ======================= */

// @req LIB-ERR-MESSAGE LIB-ERR-STATUS SONNX-C1
TEST_CASE("sonnx_format_error: the C1 message, exactly")
{
  const std::string want = "input 1, axis 2: size 4 is neither 3 nor 1 (SONNX-C1)";
  const sonnx_error e = make_error(SONNX_ERR_INCOMPATIBLE, 1, 2, 4, 3);
  CHECK(format(e) == want);
  CHECK(sonnx_format_error(&e, nullptr, 0) == want.size());

  /* Round trip from real calls. NumPy: (1,1,3) with (1,1,4): axis 2 size 3, input 1 has 4. */
  Outputs a;
  CHECK(a.call(kNumpy, {{1, 1, 3}, {1, 1, 4}}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(format(a.err) == want);
  /* SONNX: (1,1,4) with (1,1,3): axis 2 size max(4, 3) = 4, input 1 has 3. */
  Outputs b;
  CHECK(b.call(kSonnx, {{1, 1, 4}, {1, 1, 3}}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(format(b.err) == "input 1, axis 2: size 3 is neither 4 nor 1 (SONNX-C1)");
  /* The zero-size case of the SONNX rule. */
  Outputs c;
  CHECK(c.call(kSonnx, {{0}, {1}}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(format(c.err) == "input 0, axis 0: size 0 is not 1 (SONNX-C1)");
}

// @req LIB-ERR-MESSAGE LIB-ERR-STATUS LIB-NULL SONNX-L-RANGE LIB-RANK LIB-CAPACITY LIB-OVERFLOW
TEST_CASE("sonnx_format_error: each status names its requirement")
{
  CHECK(contains(format(make_error(SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 2)), "LIB-NULL"));
  CHECK(contains(format(make_error(SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 5)), "LIB-NULL"));
  CHECK(contains(format(make_error(SONNX_ERR_NULL, 1, kNoIndex, 0, 0)), "LIB-NULL"));
  CHECK(contains(format(make_error(SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, 0, SONNX_MAX_INPUTS)),
                 "SONNX-L-RANGE"));
  CHECK(contains(format(make_error(SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, SIZE_MAX, SONNX_MAX_INPUTS)),
                 "SONNX-L-RANGE"));
  const std::string rank = format(make_error(SONNX_ERR_RANK, 3, kNoIndex, 65, 64));
  CHECK(contains(rank, "LIB-RANK"));
  CHECK(contains(rank, "input 3"));
  CHECK(contains(format(make_error(SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 2, 3)), "LIB-CAPACITY"));
  CHECK(contains(format(make_error(SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, 0, 0)), "LIB-OVERFLOW"));

  /* The messages of real errors. */
  Outputs out(1);
  CHECK(out.call(kSonnx, {{2, 3}}) == SONNX_ERR_CAPACITY);
  CHECK(contains(format(out.err), "LIB-CAPACITY"));
  Outputs none;
  CHECK(kSonnx.fn(0, nullptr, none.dims_ptr(), 4, &none.rank, &none.err) == SONNX_ERR_NULL);
  CHECK(contains(format(none.err), "LIB-NULL"));
  const Inputs one{{3}};
  CHECK(kSonnx.fn(0, one.data(), none.dims_ptr(), 4, &none.rank, &none.err) == SONNX_ERR_ARGUMENT);
  CHECK(contains(format(none.err), "SONNX-L-RANGE"));
}

// @req LIB-ERR-MESSAGE LIB-ERR-STATUS
TEST_CASE("sonnx_format_error: snprintf-like length and truncation")
{
  const sonnx_error e = make_error(SONNX_ERR_INCOMPATIBLE, 1, 2, 4, 3);
  const std::string want = "input 1, axis 2: size 4 is neither 3 nor 1 (SONNX-C1)";

  /* cap 0 and buf NULL: just the length. */
  CHECK(sonnx_format_error(&e, nullptr, 0) == want.size());

  /* cap 0 with a buffer: nothing written. */
  char untouched[8];
  std::memset(untouched, 'X', sizeof untouched);
  CHECK(sonnx_format_error(&e, untouched, 0) == want.size());
  CHECK(std::string(untouched, sizeof untouched) == std::string(sizeof untouched, 'X'));

  for (size_t cap : {size_t{1}, size_t{2}, size_t{10}, want.size(), want.size() + 1, want.size() + 2}) {
    CAPTURE(cap);
    char buf[SONNX_MESSAGE_MAX + 16];
    std::memset(buf, 'X', sizeof buf);
    CHECK(sonnx_format_error(&e, buf, cap) == want.size());
    const size_t kept = std::min(want.size(), cap - 1);
    CHECK(buf[kept] == '\0');
    CHECK(std::string(buf) == want.substr(0, kept));
    /* Nothing at or past cap. */
    for (size_t k = cap; k < sizeof buf; ++k) {
      if (buf[k] != 'X') {
        FAIL_CHECK("byte ", k, " past cap written");
        break;
      }
    }
  }
}

// @req LIB-ERR-MESSAGE LIB-ERR-STATUS
TEST_CASE("sonnx_format_error: every message fits SONNX_MESSAGE_MAX, even with extreme fields")
{
  const sonnx_status statuses[] = {SONNX_OK,           SONNX_ERR_NULL,         SONNX_ERR_ARGUMENT,
                                   SONNX_ERR_RANK,     SONNX_ERR_INCOMPATIBLE, SONNX_ERR_OVERFLOW,
                                   SONNX_ERR_CAPACITY};
  for (sonnx_status st : statuses) {
    CAPTURE(st);
    for (size_t v : {size_t{0}, size_t{SONNX_MAX_INPUTS}, SIZE_MAX - 1, SIZE_MAX}) {
      CAPTURE(v);
      const std::string msg = format(make_error(st, v, v, v, v));
      CHECK(!msg.empty());
    }
  }
  /* err NULL is allowed. */
  char buf[SONNX_MESSAGE_MAX];
  std::memset(buf, 'X', sizeof buf);
  const size_t len = sonnx_format_error(nullptr, buf, sizeof buf);
  CHECK(len < SONNX_MESSAGE_MAX);
  CHECK(std::strlen(buf) == len);
  CHECK(sonnx_format_error(nullptr, nullptr, 0) == len);
}

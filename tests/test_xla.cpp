/* Unit tests of XLA explicit broadcasting and the ONNX operator forms (issue 6):
 * sonnx_broadcast_in_dim, sonnx_xla_binary_shape, sonnx_unidirectional_check,
 * sonnx_expand_shape, their C++ wrappers and their error messages.
 *
 * Every example of 003 (XLA broadcasting semantics) is reproduced with its numbers (erratum E26
 * gives the matrices their rows back), and the ONNX Expand / unidirectional cases with theirs.
 * Expected values are written by hand from the spec texts; the only computed expectation is
 * `naive_in_dim`, a transcription of the XLA-INDIM-TUPLE statement (result index i takes operand
 * index (i[bd[0]] or 0 if stretched, ...)) that shares no code with the library. Every error
 * checks its fields, its message and that nothing but *err was written.
 */
#include "sonnx_broadcast.h"
#include "sonnx_broadcast.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

namespace {

using Sizes = std::vector<size_t>;
using Ints = std::vector<int32_t>;
constexpr size_t kNo = SONNX_NO_INDEX;
constexpr int32_t kCanary = -77;
constexpr size_t kCanarySize = 0xA5A5A5A5u;

sonnx_shape view(const Sizes &d) { return sonnx_shape{d.size(), d.empty() ? nullptr : d.data()}; }

size_t product(const Sizes &d)
{
  size_t p = 1;
  for (size_t v : d) p *= v;
  return p;
}

/* Printed form, so that doctest shows both sides of a failed comparison. */
template <class T> std::string str(const std::vector<T> &v)
{
  std::string s = "(";
  for (size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s + ")";
}

std::string message(const sonnx_error &e)
{
  char buf[SONNX_MESSAGE_MAX];
  sonnx_format_error(&e, buf, sizeof buf);
  return buf;
}

void check_error(const sonnx_error &e, sonnx_status st, size_t input, size_t axis, size_t size,
                 size_t expected)
{
  CHECK(e.status == st);
  CHECK(e.input == input);
  CHECK(e.axis == axis);
  CHECK(e.size == size);
  CHECK(e.expected == expected);
}

/* XLA-INDIM-TUPLE, transcribed: Z[i] = X[j] with j_k = i[bd[k]] when x.dims[k] == z.dims[bd[k]],
   0 when x.dims[k] == 1 is stretched. Row-major on both sides. */
Ints naive_in_dim(const Ints &x, const Sizes &xd, const Sizes &bd, const Sizes &zd)
{
  Ints z(product(zd));
  std::vector<size_t> idx(zd.size(), 0);
  for (size_t o = 0; o < z.size(); ++o) {
    size_t rest = o;
    for (size_t a = zd.size(); a-- > 0;) {
      idx[a] = rest % zd[a];
      rest /= zd[a];
    }
    size_t src = 0;
    for (size_t k = 0; k < xd.size(); ++k) {
      const size_t j = (xd[k] == zd[bd[k]]) ? idx[bd[k]] : 0;
      src = src * xd[k] + j;
    }
    z[o] = x[src];
  }
  return z;
}

struct InDim {
  Ints z;
  sonnx_error err{};
  sonnx_status st{};
  InDim(const Ints &x, const Sizes &xd, const size_t *bd, const Sizes &zd, size_t slack = 0)
      : z(product(zd) + slack, kCanary)
  {
    std::memset(&err, 0xA5, sizeof err);
    st = sonnx_broadcast_in_dim(view(xd), x.empty() ? nullptr : x.data(), sizeof(int32_t), bd, view(zd),
                                z.empty() ? nullptr : z.data(), z.size() * sizeof(int32_t), &err);
  }
  bool untouched() const
  {
    for (int32_t v : z)
      if (v != kCanary) return false;
    return true;
  }
};

Ints add(const Ints &a, const Ints &b)
{
  Ints s(a.size());
  for (size_t k = 0; k < a.size(); ++k) s[k] = a[k] + b[k];
  return s;
}

struct ShapeOut {
  std::array<size_t, 8> dims;
  size_t rank = kCanarySize;
  sonnx_error err{};
  ShapeOut() { dims.fill(kCanarySize); }
  Sizes result() const { return Sizes(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(rank)); }
  bool untouched() const
  {
    for (size_t d : dims)
      if (d != kCanarySize) return false;
    return rank == kCanarySize;
  }
};

sonnx_status xla(ShapeOut &o, const Sizes &lhs, const Sizes &rhs, const Sizes &bd)
{
  return sonnx_xla_binary_shape(view(lhs), view(rhs), bd.empty() ? nullptr : bd.data(), bd.size(),
                                o.dims.data(), o.dims.size(), &o.rank, &o.err);
}

sonnx_status expand(ShapeOut &o, const Sizes &x, const Sizes &shape)
{
  return sonnx_expand_shape(view(x), view(shape), o.dims.data(), o.dims.size(), &o.rank, &o.err);
}

} // namespace

/* ---- sonnx_broadcast_in_dim: the examples of 003 ---- */

// @req XLA-INDIM-TUPLE XLA-INDIM-MATCH
TEST_CASE("in_dim: |1 2 3; 4 5 6| + |7 8 9| with broadcast dimension (1) (003 What is broadcasting?)")
{
  const Ints v{7, 8, 9};
  const Sizes bd{1};
  InDim r(v, {3}, bd.data(), {2, 3});
  REQUIRE(r.st == SONNX_OK);
  CHECK(str(r.z) == "(7,8,9,7,8,9)");
  CHECK(str(add(Ints{1, 2, 3, 4, 5, 6}, r.z)) == "(8,10,12,11,13,15)");
  CHECK(r.err.status == SONNX_OK);
}

// @req XLA-SCALAR
TEST_CASE("in_dim: |1 2 3; 4 5 6| + 7, a scalar needs no broadcast dimensions (NULL list)")
{
  InDim r(Ints{7}, {}, nullptr, {2, 3});
  REQUIRE(r.st == SONNX_OK);
  CHECK(str(r.z) == "(7,7,7,7,7,7)");
  CHECK(str(add(Ints{1, 2, 3, 4, 5, 6}, r.z)) == "(8,9,10,11,12,13)");
  /* A scalar stretches to a result with a size 0 too: nothing to write. */
  InDim empty(Ints{7}, {}, nullptr, {2, 0});
  CHECK(empty.st == SONNX_OK);
}

// @req XLA-INDIM-TUPLE
TEST_CASE("in_dim: a vector (3) onto a 3x3 matrix, dimension 1 (rows repeat) and 0 (columns repeat)")
{
  const Ints v{7, 8, 9};
  const Sizes one{1}, zero{0};
  InDim cols(v, {3}, one.data(), {3, 3});
  REQUIRE(cols.st == SONNX_OK);
  CHECK(str(cols.z) == "(7,8,9,7,8,9,7,8,9)");
  InDim rows(v, {3}, zero.data(), {3, 3});
  REQUIRE(rows.st == SONNX_OK);
  CHECK(str(rows.z) == "(7,7,7,8,8,8,9,9,9)");
}

// @req XLA-INDIM-TUPLE
TEST_CASE("in_dim: a 3x4 matrix onto a 2x3x4 cuboid with (1,2)")
{
  Ints m(12);
  for (int k = 0; k < 12; ++k) m[static_cast<size_t>(k)] = k + 1;
  const Sizes bd{1, 2};
  InDim r(m, {3, 4}, bd.data(), {2, 3, 4});
  REQUIRE(r.st == SONNX_OK);
  Ints want = m;
  want.insert(want.end(), m.begin(), m.end());
  CHECK(str(r.z) == str(want));
}

// @req XLA-INDIM-TUPLE XLA-INDIM-MATCH
TEST_CASE("in_dim: a vector T onto MxNxPxQ at each of dims 0..3, and a TxV matrix at (2,3), (1,2), (0,3)")
{
  const Sizes z{2, 3, 4, 5};
  for (size_t d = 0; d < 4; ++d) {
    Ints v(z[d]);
    for (size_t k = 0; k < v.size(); ++k) v[k] = static_cast<int32_t>(10 * k + 1);
    const Sizes bd{d};
    InDim r(v, {z[d]}, bd.data(), z);
    REQUIRE(r.st == SONNX_OK);
    CHECK(str(r.z) == str(naive_in_dim(v, {z[d]}, bd, z)));
  }
  for (const Sizes &bd : {Sizes{2, 3}, Sizes{1, 2}, Sizes{0, 3}}) {
    const Sizes xd{z[bd[0]], z[bd[1]]};
    Ints m(product(xd));
    for (size_t k = 0; k < m.size(); ++k) m[k] = static_cast<int32_t>(k * 3 + 2);
    InDim r(m, xd, bd.data(), z);
    REQUIRE(r.st == SONNX_OK);
    CHECK(str(r.z) == str(naive_in_dim(m, xd, bd, z)));
  }
}

// @req XLA-COMPOSE XLA-INDIM-TUPLE XLA-DEGENERATE
TEST_CASE("in_dim: composition, |1 2 3 4| + [5 6] with (0) gives the 4x2 sums")
{
  ShapeOut s;
  REQUIRE(xla(s, {4}, {1, 2}, {0}) == SONNX_OK);
  CHECK(str(s.result()) == "(4,2)");
  const Sizes bd_v{0}, bd_m{0, 1};
  InDim v(Ints{1, 2, 3, 4}, {4}, bd_v.data(), {4, 2});
  REQUIRE(v.st == SONNX_OK);
  CHECK(str(v.z) == "(1,1,2,2,3,3,4,4)");
  InDim m(Ints{5, 6}, {1, 2}, bd_m.data(), {4, 2});
  REQUIRE(m.st == SONNX_OK);
  CHECK(str(m.z) == "(5,6,5,6,5,6,5,6)");
  CHECK(str(add(v.z, m.z)) == "(6,7,7,8,8,9,9,10)");
}

// @req XLA-COMPOSE XLA-INDIM-TUPLE XLA-DEGENERATE
TEST_CASE("in_dim: composition, a 1x2 matrix + a 4x3x1 array with (1,2) gives 4x3x2")
{
  ShapeOut s;
  REQUIRE(xla(s, {1, 2}, {4, 3, 1}, {1, 2}) == SONNX_OK);
  CHECK(str(s.result()) == "(4,3,2)");
  const Sizes bd_m{1, 2}, bd_a{0, 1, 2};
  InDim m(Ints{5, 6}, {1, 2}, bd_m.data(), {4, 3, 2});
  REQUIRE(m.st == SONNX_OK);
  Ints a(12);
  for (size_t k = 0; k < 12; ++k) a[k] = static_cast<int32_t>(100 * (k + 1));
  InDim b(a, {4, 3, 1}, bd_a.data(), {4, 3, 2});
  REQUIRE(b.st == SONNX_OK);
  /* Element (i, j, k) = m[0, k] + a[i, j, 0]. */
  Ints want(24);
  for (size_t i = 0; i < 4; ++i)
    for (size_t j = 0; j < 3; ++j)
      for (size_t k = 0; k < 2; ++k) want[(i * 3 + j) * 2 + k] = (k == 0 ? 5 : 6) + a[i * 3 + j];
  CHECK(str(add(m.z, b.z)) == str(want));
}

// @req XLA-INDIM-TUPLE ONNX-UNIDIR
TEST_CASE("in_dim with the trailing tuple equals sonnx_broadcast_to")
{
  const Ints x{1, 2, 3};
  const Sizes bd{1, 2};
  InDim r(x, {3, 1}, bd.data(), {2, 3, 4});
  REQUIRE(r.st == SONNX_OK);
  Ints to(24, kCanary);
  const Sizes xd{3, 1}, zd{2, 3, 4};
  REQUIRE(sonnx_broadcast_to(view(xd), x.data(), 4, view(zd), to.data(), 96, nullptr) == SONNX_OK);
  CHECK(str(r.z) == str(to));
  CHECK(str(r.z) == "(1,1,1,1,2,2,2,2,3,3,3,3,1,1,1,1,2,2,2,2,3,3,3,3)");
}

// @req XLA-INDIM-MATCH LIB-ERR-NOWRITE
TEST_CASE("in_dim: a size 1 stretches to a size 0 (E25), where sonnx_broadcast_to rejects (E21)")
{
  const Sizes bd{0};
  InDim r(Ints{5}, {1}, bd.data(), {0}, 2);
  CHECK(r.st == SONNX_OK);
  CHECK(r.untouched());
  CHECK(r.err.status == SONNX_OK);
  int32_t x = 5;
  const Sizes one{1}, zero{0};
  CHECK(sonnx_broadcast_to(view(one), &x, 4, view(zero), nullptr, 0, nullptr) == SONNX_ERR_INCOMPATIBLE);
  /* NULL output with a count of 0 is fine. */
  sonnx_error e{};
  CHECK(sonnx_broadcast_in_dim(view(one), &x, 4, bd.data(), view(zero), nullptr, 0, &e) == SONNX_OK);
}

/* ---- sonnx_broadcast_in_dim: errors ---- */

// @req XLA-INDIM-ORDER LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("in_dim: dimensions out of order, repeated or out of range name the entry")
{
  Ints m(12, 1);
  SUBCASE("(2,1): V to N and T to P is illegal") {
    const Sizes bd{2, 1};
    InDim r(m, {3, 4}, bd.data(), {2, 3, 4});
    CHECK(r.st == SONNX_ERR_ARGUMENT);
    check_error(r.err, SONNX_ERR_ARGUMENT, 0, 1, 1, 3);
    CHECK(message(r.err) == "input 0, axis 1: broadcast dimension 1 is below 3, out of order (XLA-INDIM-ORDER)");
    CHECK(r.untouched());
  }
  SUBCASE("(1,1): V to both P and N is illegal") {
    const Sizes bd{1, 1};
    InDim r(m, {3, 4}, bd.data(), {2, 3, 4});
    check_error(r.err, SONNX_ERR_ARGUMENT, 0, 1, 1, 2);
    CHECK(message(r.err) == "input 0, axis 1: broadcast dimension 1 is below 2, out of order (XLA-INDIM-ORDER)");
    CHECK(r.untouched());
  }
  SUBCASE("(1,3): 3 is not below the rank 3") {
    const Sizes bd{1, 3};
    InDim r(m, {3, 4}, bd.data(), {2, 3, 4});
    check_error(r.err, SONNX_ERR_ARGUMENT, 0, 1, 3, 3);
    CHECK(message(r.err) == "input 0, axis 1: broadcast dimension 3 is not below the rank 3 (XLA-INDIM-ORDER)");
    CHECK(r.untouched());
  }
  SUBCASE("an operand of higher rank than the result") {
    const Sizes bd{0, 1};
    InDim r(Ints{1, 2}, {1, 2}, bd.data(), {2});
    check_error(r.err, SONNX_ERR_ARGUMENT, 0, 1, 1, 1);
    CHECK(r.untouched());
  }
}

// @req XLA-INDIM-MATCH LIB-ERR-NOWRITE
TEST_CASE("in_dim: a size that is neither the matched size nor 1")
{
  const Sizes bd{1};
  InDim r(Ints{7, 8, 9}, {3}, bd.data(), {2, 4});
  CHECK(r.st == SONNX_ERR_INCOMPATIBLE);
  check_error(r.err, SONNX_ERR_INCOMPATIBLE, 0, 1, 3, 4);
  CHECK(message(r.err) == "input 0, axis 1: size 3 is neither 4 nor 1 (SONNX-C1)");
  CHECK(r.untouched());
  /* The matched axis decides, not "at least one of the dimensions" (E25). */
  const Sizes zero{0};
  InDim r0(Ints{7, 8, 9}, {3}, zero.data(), {2, 3});
  check_error(r0.err, SONNX_ERR_INCOMPATIBLE, 0, 0, 3, 2);
  CHECK(r0.untouched());
}

// @req LIB-NULL LIB-ELEM-SIZE LIB-CAPACITY LIB-RANK LIB-ERR-NOWRITE
TEST_CASE("in_dim: NULL list, shapes, element size, capacity")
{
  const Ints v{7, 8, 9};
  const Sizes xd{3}, zd{2, 3}, bd{1};
  Ints z(6, kCanary);
  sonnx_error e{};
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 4, nullptr, view(zd), z.data(), 24, &e) == SONNX_ERR_NULL);
  check_error(e, SONNX_ERR_NULL, kNo, kNo, 0, 4);
  CHECK(message(e) == "argument 4 is NULL (LIB-NULL)");
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 0, bd.data(), view(zd), z.data(), 24, &e) == SONNX_ERR_ARGUMENT);
  check_error(e, SONNX_ERR_ARGUMENT, 0, kNo, 0, 1);
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 4, bd.data(), view(zd), z.data(), 23, &e) == SONNX_ERR_CAPACITY);
  CHECK(e.expected == 24);
  CHECK(sonnx_broadcast_in_dim(view(xd), nullptr, 4, bd.data(), view(zd), z.data(), 24, &e) == SONNX_ERR_NULL);
  const sonnx_shape big{SONNX_MAX_RANK + 1, xd.data()};
  CHECK(sonnx_broadcast_in_dim(big, v.data(), 4, bd.data(), view(zd), z.data(), 24, &e) == SONNX_ERR_RANK);
  check_error(e, SONNX_ERR_RANK, 0, kNo, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 4, bd.data(), big, z.data(), 24, &e) == SONNX_ERR_RANK);
  CHECK(e.input == 1);
  for (int32_t c : z) CHECK(c == kCanary);
  /* err may be NULL. */
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 4, nullptr, view(zd), z.data(), 24, nullptr) == SONNX_ERR_NULL);
}

/* ---- sonnx_xla_binary_shape ---- */

// @req XLA-COMPOSE XLA-INDIM-TUPLE XLA-DEGENERATE XLA-OUTER XLA-SCALAR
TEST_CASE("xla_binary_shape: the shapes of 003")
{
  struct Case {
    Sizes lhs, rhs, bd;
    const char *want;
  };
  const Case cases[] = {
      {{2, 3}, {3}, {1}, "(2,3)"},         {{3, 3}, {3}, {1}, "(3,3)"},
      {{3, 3}, {3}, {0}, "(3,3)"},         {{2, 3, 4}, {3, 4}, {1, 2}, "(2,3,4)"},
      {{2, 3}, {}, {}, "(2,3)"},           {{}, {2, 3}, {}, "(2,3)"},
      {{2, 1}, {2, 3}, {}, "(2,3)"},       {{1, 2, 5}, {7, 2, 5}, {}, "(7,2,5)"},
      {{7, 2, 5}, {7, 1, 5}, {}, "(7,2,5)"}, {{2, 1}, {1, 3}, {}, "(2,3)"},
      {{4}, {1, 2}, {0}, "(4,2)"},         {{1, 2}, {4, 3, 1}, {1, 2}, "(4,3,2)"},
      {{2, 1}, {1, 3}, {0, 1}, "(2,3)"},   {{}, {}, {}, "()"},
      {{5, 3}, {2, 5, 1}, {1, 2}, "(2,5,3)"},
  };
  for (const Case &c : cases) {
    CAPTURE(str(c.lhs));
    CAPTURE(str(c.rhs));
    ShapeOut o;
    REQUIRE(xla(o, c.lhs, c.rhs, c.bd) == SONNX_OK);
    CHECK(str(o.result()) == c.want);
    CHECK(o.err.status == SONNX_OK);
    CHECK(o.dims[o.rank] == kCanarySize);
  }
}

// @req XLA-DEGENERATE XLA-SCALAR
TEST_CASE("xla_binary_shape: a 1 against a 0 gives 0 (E27), a scalar against (0) gives (0)")
{
  ShapeOut a;
  REQUIRE(xla(a, {0}, {1}, {}) == SONNX_OK);
  CHECK(str(a.result()) == "(0)");
  ShapeOut b;
  REQUIRE(xla(b, {}, {0}, {}) == SONNX_OK);
  CHECK(str(b.result()) == "(0)");
  ShapeOut c;
  REQUIRE(xla(c, {1}, {4, 0}, {0}) == SONNX_OK);
  CHECK(str(c.result()) == "(4,0)");
}

// @req XLA-DEGENERATE LIB-ERR-NOWRITE
TEST_CASE("xla_binary_shape: (7,2,5) and (7,2,6) are incompatible")
{
  ShapeOut o;
  CHECK(xla(o, {7, 2, 5}, {7, 2, 6}, {}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(o.err.axis == 2);
  CHECK(o.untouched());
  ShapeOut v;
  CHECK(xla(v, {2, 3}, {2}, {1}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(v.err.axis == 1);
  CHECK(v.untouched());
}

// @req XLA-INDIM-TUPLE XLA-INDIM-ORDER XLA-SCALAR LIB-NULL LIB-ERR-NOWRITE
TEST_CASE("xla_binary_shape: malformed lists")
{
  SUBCASE("missing when the ranks differ: without a list the vector + matrix is invalid") {
    ShapeOut o;
    CHECK(xla(o, {2, 3}, {3}, {}) == SONNX_ERR_ARGUMENT);
    check_error(o.err, SONNX_ERR_ARGUMENT, kNo, kNo, 0, 1);
    CHECK(message(o.err) == "broadcast dimensions: 0 entries given, 1 needed (XLA-INDIM-TUPLE)");
    CHECK(o.untouched());
  }
  SUBCASE("too long") {
    ShapeOut o;
    CHECK(xla(o, {2, 3}, {3}, {0, 1}) == SONNX_ERR_ARGUMENT);
    check_error(o.err, SONNX_ERR_ARGUMENT, kNo, kNo, 2, 1);
    CHECK(o.untouched());
  }
  SUBCASE("a scalar takes no list (E29)") {
    ShapeOut o;
    CHECK(xla(o, {}, {2, 3}, {1}) == SONNX_ERR_ARGUMENT);
    check_error(o.err, SONNX_ERR_ARGUMENT, kNo, kNo, 1, 0);
    CHECK(message(o.err) == "broadcast dimensions: 1 entries given, 0 needed (XLA-INDIM-TUPLE)");
    CHECK(o.untouched());
  }
  SUBCASE("equal ranks: the identity only (E29)") {
    ShapeOut o;
    CHECK(xla(o, {2, 3}, {2, 3}, {1, 0}) == SONNX_ERR_ARGUMENT);
    check_error(o.err, SONNX_ERR_ARGUMENT, 0, 1, 0, 2);
    CHECK(o.untouched());
    ShapeOut id;
    CHECK(xla(id, {2, 3}, {2, 3}, {0, 1}) == SONNX_OK);
  }
  SUBCASE("out of range names the lower-rank operand (rhs here)") {
    ShapeOut o;
    CHECK(xla(o, {2, 3}, {3}, {2}) == SONNX_ERR_ARGUMENT);
    check_error(o.err, SONNX_ERR_ARGUMENT, 1, 0, 2, 2);
    CHECK(message(o.err) == "input 1, axis 0: broadcast dimension 2 is not below the rank 2 (XLA-INDIM-ORDER)");
    CHECK(o.untouched());
  }
  SUBCASE("out of order") {
    ShapeOut o;
    CHECK(xla(o, {3, 4}, {2, 3, 4}, {2, 1}) == SONNX_ERR_ARGUMENT);
    check_error(o.err, SONNX_ERR_ARGUMENT, 0, 1, 1, 3);
    CHECK(o.untouched());
  }
  SUBCASE("NULL list with entries") {
    ShapeOut o;
    CHECK(sonnx_xla_binary_shape(view({2, 3}), view({3}), nullptr, 1, o.dims.data(), o.dims.size(),
                                 &o.rank, &o.err) == SONNX_ERR_NULL);
    check_error(o.err, SONNX_ERR_NULL, kNo, kNo, 0, 3);
    CHECK(o.untouched());
  }
  SUBCASE("capacity") {
    ShapeOut o;
    const Sizes bd{1};
    CHECK(sonnx_xla_binary_shape(view({2, 3}), view({3}), bd.data(), 1, o.dims.data(), 1, &o.rank,
                                 &o.err) == SONNX_ERR_CAPACITY);
    check_error(o.err, SONNX_ERR_CAPACITY, kNo, kNo, 1, 2);
    CHECK(o.untouched());
  }
}

/* ---- ONNX: Expand and unidirectional broadcasting ---- */

// @req ONNX-EXPAND
TEST_CASE("expand_shape: (3,1) to (2,1,6) gives (2,3,6); (3,1) to (3,4) gives (3,4)")
{
  ShapeOut a;
  REQUIRE(expand(a, {3, 1}, {2, 1, 6}) == SONNX_OK);
  CHECK(str(a.result()) == "(2,3,6)");
  ShapeOut b;
  REQUIRE(expand(b, {3, 1}, {3, 4}) == SONNX_OK);
  CHECK(str(b.result()) == "(3,4)");
  ShapeOut c;
  REQUIRE(expand(c, {2, 3}, {}) == SONNX_OK);
  CHECK(str(c.result()) == "(2,3)");
}

// @req ONNX-EXPAND SONNX-C1 LIB-ERR-NOWRITE
TEST_CASE("expand_shape: incompatible, the SONNX rule on 1 against 0 (E30), NULL, rank")
{
  ShapeOut a;
  CHECK(expand(a, {3, 2}, {3, 4}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(a.err.axis == 1);
  CHECK(message(a.err) == "input 0, axis 1: size 2 is neither 4 nor 1 (SONNX-C1)");
  CHECK(a.untouched());
  ShapeOut b;
  CHECK(expand(b, {1}, {0}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(b.untouched());
  ShapeOut c;
  CHECK(sonnx_expand_shape(view({3}), view({3}), c.dims.data(), 4, nullptr, &c.err) == SONNX_ERR_NULL);
  const Sizes d{3};
  CHECK(sonnx_expand_shape(view(d), sonnx_shape{SONNX_MAX_RANK + 1, d.data()}, c.dims.data(), 4, &c.rank,
                           &c.err) == SONNX_ERR_RANK);
  CHECK(c.err.input == 1);
  CHECK(c.untouched());
}

// @req ONNX-UNIDIR
TEST_CASE("unidirectional_check: B broadcasts to A")
{
  const Sizes a{2, 3, 4, 5};
  for (const Sizes &b : {Sizes{2, 3, 4, 5}, Sizes{5}, Sizes{4, 5}, Sizes{2, 1, 1, 5}, Sizes{}, Sizes{1, 1}}) {
    CAPTURE(str(b));
    sonnx_error e{};
    CHECK(sonnx_unidirectional_check(view(a), view(b), &e) == SONNX_OK);
    CHECK(e.status == SONNX_OK);
  }
  CHECK(sonnx_unidirectional_check(view({0}), view({0}), nullptr) == SONNX_OK);
}

// @req ONNX-UNIDIR SONNX-C1
TEST_CASE("unidirectional_check: rejections, with their fields and messages")
{
  sonnx_error e{};
  CHECK(sonnx_unidirectional_check(view({2, 3, 4, 5}), view({3}), &e) == SONNX_ERR_INCOMPATIBLE);
  CHECK(e.axis == 3);
  /* A's 1 may not stretch: Broadcast(A, B) exists but is not A. */
  CHECK(sonnx_unidirectional_check(view({1}), view({3}), &e) == SONNX_ERR_INCOMPATIBLE);
  check_error(e, SONNX_ERR_INCOMPATIBLE, 1, 0, 3, 1);
  CHECK(message(e) == "input 1, axis 0: size 3 is neither 1 nor 1 (SONNX-C1)");
  CHECK(sonnx_unidirectional_check(view({4, 1}), view({4, 3}), &e) == SONNX_ERR_INCOMPATIBLE);
  check_error(e, SONNX_ERR_INCOMPATIBLE, 1, 1, 3, 1);
  /* B has more dimensions than A. */
  CHECK(sonnx_unidirectional_check(view({3}), view({2, 3}), &e) == SONNX_ERR_INCOMPATIBLE);
  check_error(e, SONNX_ERR_INCOMPATIBLE, 1, kNo, 2, 1);
  CHECK(message(e) == "input 1: rank 2 is above the target rank 1 (ONNX-UNIDIR)");
  /* A 1 against a 0: the SONNX rule rejects it (E30). */
  CHECK(sonnx_unidirectional_check(view({0}), view({1}), &e) == SONNX_ERR_INCOMPATIBLE);
  CHECK(sonnx_unidirectional_check(view({2}), sonnx_shape{1, nullptr}, &e) == SONNX_ERR_NULL);
  CHECK(e.input == 1);
}

/* ---- the C++ API ---- */

// @req XLA-INDIM-TUPLE XLA-COMPOSE ONNX-EXPAND ONNX-UNIDIR LIB-CAPACITY
TEST_CASE("C++: broadcast_in_dim, xla_binary_shape, expand_shape, unidirectional_check")
{
  const std::array<float, 3> v{7, 8, 9};
  std::array<float, 6> out{};
  const std::array<std::size_t, 1> bd{0};
  auto r = sonnx::broadcast_in_dim<float>(v, sonnx::shape{3}, bd, out, sonnx::shape{3, 2});
  REQUIRE(r);
  CHECK(*r == sonnx::shape{3, 2});
  CHECK(out == std::array<float, 6>{7, 7, 8, 8, 9, 9});

  std::array<float, 5> small{};
  auto cap = sonnx::broadcast_in_dim<float>(v, sonnx::shape{3}, bd, small, sonnx::shape{3, 2});
  REQUIRE(!cap);
  CHECK(cap.status() == SONNX_ERR_CAPACITY);
  CHECK(cap.error().size() == 5);
  CHECK(cap.error().expected() == 6);

  const std::array<std::size_t, 2> two{0, 1};
  auto len = sonnx::broadcast_in_dim<float>(v, sonnx::shape{3}, two, out, sonnx::shape{3, 2});
  REQUIRE(!len);
  CHECK(std::string(len.error().message()) == "broadcast dimensions: 2 entries given, 1 needed (XLA-INDIM-TUPLE)");

  std::array<std::string, 3> s{"a", "b", "c"};
  std::array<std::string, 6> so{};
  const std::array<std::size_t, 1> one{1};
  auto rs = sonnx::broadcast_in_dim<std::string>(s, sonnx::shape{3}, one, so, sonnx::shape{2, 3});
  REQUIRE(rs);
  CHECK(so == std::array<std::string, 6>{"a", "b", "c", "a", "b", "c"});

  auto x = sonnx::xla_binary_shape(sonnx::shape{1, 2}, sonnx::shape{4, 3, 1}, {1, 2});
  REQUIRE(x);
  CHECK(*x == sonnx::shape{4, 3, 2});
  auto scalar = sonnx::xla_binary_shape(sonnx::shape{}, sonnx::shape{2, 3});
  REQUIRE(scalar);
  CHECK(*scalar == sonnx::shape{2, 3});
  auto missing = sonnx::xla_binary_shape(sonnx::shape{3}, sonnx::shape{2, 3});
  CHECK(missing.status() == SONNX_ERR_ARGUMENT);

  auto e = sonnx::expand_shape(sonnx::shape{3, 1}, sonnx::shape{2, 1, 6});
  REQUIRE(e);
  CHECK(*e == sonnx::shape{2, 3, 6});
  auto u = sonnx::unidirectional_check(sonnx::shape{2, 3}, sonnx::shape{3});
  REQUIRE(u);
  CHECK(*u == sonnx::shape{2, 3});
  CHECK(!sonnx::unidirectional_check(sonnx::shape{3}, sonnx::shape{2, 3}));
}

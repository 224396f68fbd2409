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
  /* sonnx_error.rule names the rule broken; the message cites it */
  CHECK(r.err.rule == SONNX_RULE_XLA_INDIM_MATCH);
  CHECK(message(r.err) == "input 0, axis 1: size 3 is neither 4 nor 1 (XLA-INDIM-MATCH)");
  CHECK(r.untouched());
  /* The matched axis decides, not "at least one of the dimensions" (E25). */
  const Sizes zero{0};
  InDim r0(Ints{7, 8, 9}, {3}, zero.data(), {2, 3});
  check_error(r0.err, SONNX_ERR_INCOMPATIBLE, 0, 0, 3, 2);
  CHECK(r0.err.rule == SONNX_RULE_XLA_INDIM_MATCH);
  CHECK(message(r0.err) == "input 0, axis 0: size 3 is neither 2 nor 1 (XLA-INDIM-MATCH)");
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

// Every shape check of check_in_dim, in the documented order: x then z, each rank then dims
// (sonnx_broadcast.h: "x then z (rank, dims)"). A NULL dims is LIB-NULL with the input named and
// expected = 0 (an input's dims, not an argument position); a rank-0 shape may have NULL dims.
// @req LIB-NULL LIB-RANK LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("in_dim: NULL dims of x or of z name the shape; rank-0 x and z may have NULL dims")
{
  const Ints v{7, 8, 9};
  const Sizes xd{3}, zd{2, 3}, bd{1};
  Ints z(6, kCanary);
  sonnx_error e{};
  const sonnx_shape x_null{1, nullptr};
  const sonnx_shape z_null{2, nullptr};
  CHECK(sonnx_broadcast_in_dim(x_null, v.data(), 4, bd.data(), view(zd), z.data(), 24, &e) == SONNX_ERR_NULL);
  check_error(e, SONNX_ERR_NULL, 0, kNo, 0, 0);
  CHECK(message(e) == "input 0: dims or data is NULL but its size is not zero (LIB-NULL)");
  /* x is checked before z: both bad names x */
  CHECK(sonnx_broadcast_in_dim(x_null, v.data(), 4, bd.data(), z_null, z.data(), 24, &e) == SONNX_ERR_NULL);
  CHECK(e.input == 0u);
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 4, bd.data(), z_null, z.data(), 24, &e) == SONNX_ERR_NULL);
  check_error(e, SONNX_ERR_NULL, 1, kNo, 0, 0);
  CHECK(message(e) == "input 1: dims or data is NULL but its size is not zero (LIB-NULL)");
  const sonnx_shape z_big{SONNX_MAX_RANK + 1, zd.data()};
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 4, bd.data(), z_big, z.data(), 24, &e) == SONNX_ERR_RANK);
  check_error(e, SONNX_ERR_RANK, 1, kNo, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  CHECK(message(e) == "input 1: rank 65 exceeds 64 (LIB-RANK)");
  for (int32_t c : z) CHECK(c == kCanary);
}

// XLA-SCALAR: a rank-0 operand takes an empty list (NULL); onto a rank-0 result, Z = X: one
// element, the scalar itself. Both shapes have rank 0 and NULL dims, which is valid (LIB-NULL).
// @req XLA-SCALAR XLA-INDIM-TUPLE LIB-NULL
TEST_CASE("in_dim: a scalar onto a scalar copies the one element")
{
  InDim r(Ints{42}, {}, nullptr, {}, 1);
  REQUIRE(r.st == SONNX_OK);
  CHECK(r.err.status == SONNX_OK);
  CHECK(r.z[0] == 42);
  CHECK(r.z[1] == kCanary); /* count(z) = 1: the rest of the buffer is not touched */
}

// The size checks after the shape checks ("then, when no size of z is 0, the checks of
// sonnx_broadcast_to (byte sizes, NULL data, capacity)"). LIB-OVERFLOW: the exact count or byte
// size exceeds SIZE_MAX. In every case below z's own count or byte size overflows (x' is never
// bigger than z when no size of z is 0), so the message names the output, as sonnx_broadcast_to's
// does. Nothing is written.
// @req LIB-OVERFLOW LIB-ERR-STATUS LIB-ERR-NOWRITE XLA-INDIM-MATCH
TEST_CASE("in_dim: element count or byte size beyond SIZE_MAX is SONNX_ERR_OVERFLOW")
{
  const std::string overflow = "output: element count or byte size exceeds SIZE_MAX (LIB-OVERFLOW)";
  int32_t x[2] = {1, 2};
  Ints z(4, kCanary);
  const size_t zcap = z.size() * sizeof(int32_t);
  SUBCASE("x's count (SIZE_MAX * 2) overflows, so does z's, the same shape") {
    const Sizes big{SIZE_MAX, 2}, bd{0, 1};
    sonnx_error e{};
    CHECK(sonnx_broadcast_in_dim(view(big), x, 4, bd.data(), view(big), z.data(), zcap, &e) == SONNX_ERR_OVERFLOW);
    check_error(e, SONNX_ERR_OVERFLOW, kNo, kNo, 0, 0);
    CHECK(message(e) == overflow);
  }
  SUBCASE("a scalar x, z's count (SIZE_MAX * 2) overflows") {
    const Sizes big{SIZE_MAX, 2};
    sonnx_error e{};
    CHECK(sonnx_broadcast_in_dim(view({}), x, 4, nullptr, view(big), z.data(), zcap, &e) == SONNX_ERR_OVERFLOW);
    check_error(e, SONNX_ERR_OVERFLOW, kNo, kNo, 0, 0);
    CHECK(message(e) == overflow);
  }
  SUBCASE("counts fit, x's byte size 4 * (SIZE_MAX / 4 + 1) does not, nor does z's") {
    const Sizes big{SIZE_MAX / 4 + 1}, bd{0};
    sonnx_error e{};
    CHECK(sonnx_broadcast_in_dim(view(big), x, 4, bd.data(), view(big), z.data(), zcap, &e) == SONNX_ERR_OVERFLOW);
    check_error(e, SONNX_ERR_OVERFLOW, kNo, kNo, 0, 0);
    CHECK(message(e) == overflow);
  }
  SUBCASE("a scalar x (4 bytes), z's byte size 4 * (SIZE_MAX / 4 + 1) overflows") {
    const Sizes big{SIZE_MAX / 4 + 1};
    sonnx_error e{};
    CHECK(sonnx_broadcast_in_dim(view({}), x, 4, nullptr, view(big), z.data(), zcap, &e) == SONNX_ERR_OVERFLOW);
    check_error(e, SONNX_ERR_OVERFLOW, kNo, kNo, 0, 0);
    /* the same shape fits with 1-byte elements: the byte size decides, not the count */
    std::memset(&e, 0xA5, sizeof e);
    CHECK(sonnx_broadcast_in_dim(view({}), x, 1, nullptr, view(big), z.data(), zcap, &e) == SONNX_ERR_CAPACITY);
    check_error(e, SONNX_ERR_CAPACITY, kNo, kNo, zcap, SIZE_MAX / 4 + 1);
  }
  for (int32_t c : z) CHECK(c == kCanary);
}

// LIB-NULL: z_data may be NULL only when count(z) is 0; otherwise argument 6 of
// sonnx_broadcast_in_dim (x, x_data, elem_size, broadcast_dimensions, z, z_data, ...) is named.
// @req LIB-NULL LIB-ERR-STATUS
TEST_CASE("in_dim: NULL output data with elements to write is argument 6")
{
  const Ints v{7, 8, 9};
  const Sizes xd{3}, zd{2, 3}, bd{1};
  sonnx_error e{};
  CHECK(sonnx_broadcast_in_dim(view(xd), v.data(), 4, bd.data(), view(zd), nullptr, 0, &e) == SONNX_ERR_NULL);
  check_error(e, SONNX_ERR_NULL, kNo, kNo, 0, 6);
  CHECK(message(e) == "argument 6 is NULL (LIB-NULL)");
  /* NULL x data is checked first (x before z), and names input 0 */
  CHECK(sonnx_broadcast_in_dim(view(xd), nullptr, 4, bd.data(), view(zd), nullptr, 0, &e) == SONNX_ERR_NULL);
  CHECK(e.status == SONNX_ERR_NULL);
  CHECK(e.input == 0u);
  CHECK(e.axis == kNo);
  CHECK(message(e) == "input 0: dims or data is NULL but its size is not zero (LIB-NULL)");
}

// sonnx_error's documentation (sonnx_broadcast.h): a NULL error has expected = the 1-based
// position of the NULL argument, 0 only for an input's dims. sonnx_broadcast_to reports its NULL
// x_data (argument 2) with expected = 2; sonnx_broadcast_in_dim, whose x_data is argument 2 too,
// does the same. The message names input 0.
// @req LIB-NULL LIB-ERR-STATUS
TEST_CASE("in_dim: NULL x data has expected = 2, its argument position, as in sonnx_broadcast_to")
{
  const Sizes xd{3}, zd{2, 3}, bd{1};
  Ints z(6, kCanary);
  sonnx_error to{};
  CHECK(sonnx_broadcast_to(view(xd), nullptr, 4, view({3}), z.data(), 12, &to) == SONNX_ERR_NULL);
  REQUIRE(to.expected == 2u);
  sonnx_error e{};
  CHECK(sonnx_broadcast_in_dim(view(xd), nullptr, 4, bd.data(), view(zd), z.data(), 24, &e) == SONNX_ERR_NULL);
  check_error(e, SONNX_ERR_NULL, 0, kNo, 0, 2);
  CHECK(message(e) == "input 0: dims or data is NULL but its size is not zero (LIB-NULL)");
  for (int32_t c : z) CHECK(c == kCanary);
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
  /* sonnx_error.rule names the rule broken; the message cites it (fields: header of
     sonnx_xla_binary_shape, those of sonnx_broadcast_shape_numpy with lhs input 0) */
  CHECK(o.err.rule == SONNX_RULE_XLA_DEGENERATE);
  CHECK(message(o.err) == "input 1, axis 2: size 6 is neither 5 nor 1 (XLA-DEGENERATE)");
  CHECK(o.untouched());
  ShapeOut v;
  CHECK(xla(v, {2, 3}, {2}, {1}) == SONNX_ERR_INCOMPATIBLE);
  CHECK(v.err.axis == 1);
  CHECK(v.err.rule == SONNX_RULE_XLA_DEGENERATE);
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

// The argument checks of sonnx_xla_binary_shape in the documented order: out_dims NULL
// (argument 5) with capacity > 0, out_rank NULL (argument 7), lhs then rhs (rank, dims). A NULL
// out_dims is fine with capacity 0, when the result has rank 0.
// @req LIB-NULL LIB-RANK LIB-CAPACITY LIB-ERR-STATUS LIB-ERR-NOWRITE XLA-SCALAR
TEST_CASE("xla_binary_shape: NULL outputs, ranks above 64 and NULL dims, in order")
{
  const Sizes a{2, 3};
  SUBCASE("out_dims NULL with capacity 1: argument 5, before a NULL out_rank") {
    sonnx_error e{};
    CHECK(sonnx_xla_binary_shape(view(a), view(a), nullptr, 0, nullptr, 1, nullptr, &e) == SONNX_ERR_NULL);
    check_error(e, SONNX_ERR_NULL, kNo, kNo, 0, 5);
    CHECK(message(e) == "argument 5 is NULL (LIB-NULL)");
  }
  SUBCASE("out_dims NULL with capacity 0 is allowed; out_rank NULL is argument 7") {
    sonnx_error e{};
    CHECK(sonnx_xla_binary_shape(view(a), view(a), nullptr, 0, nullptr, 0, nullptr, &e) == SONNX_ERR_NULL);
    check_error(e, SONNX_ERR_NULL, kNo, kNo, 0, 7);
    CHECK(message(e) == "argument 7 is NULL (LIB-NULL)");
  }
  SUBCASE("two scalars, out_dims NULL with capacity 0: rank 0") {
    size_t rank = kCanarySize;
    sonnx_error e{};
    CHECK(sonnx_xla_binary_shape(view({}), view({}), nullptr, 0, nullptr, 0, &rank, &e) == SONNX_OK);
    CHECK(rank == 0u);
    CHECK(e.status == SONNX_OK);
    /* capacity 0 is below a result rank of 2 */
    rank = kCanarySize;
    CHECK(sonnx_xla_binary_shape(view({}), view(a), nullptr, 0, nullptr, 0, &rank, &e) == SONNX_ERR_CAPACITY);
    check_error(e, SONNX_ERR_CAPACITY, kNo, kNo, 0, 2);
    CHECK(rank == kCanarySize);
  }
  SUBCASE("lhs of rank 65: input 0, before rhs") {
    ShapeOut o;
    const sonnx_shape big{SONNX_MAX_RANK + 1, a.data()};
    CHECK(sonnx_xla_binary_shape(big, big, nullptr, 0, o.dims.data(), o.dims.size(), &o.rank, &o.err) ==
          SONNX_ERR_RANK);
    check_error(o.err, SONNX_ERR_RANK, 0, kNo, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
    CHECK(message(o.err) == "input 0: rank 65 exceeds 64 (LIB-RANK)");
    CHECK(o.untouched());
  }
  SUBCASE("lhs with NULL dims: input 0") {
    ShapeOut o;
    CHECK(sonnx_xla_binary_shape(sonnx_shape{2, nullptr}, sonnx_shape{2, nullptr}, nullptr, 0, o.dims.data(),
                                 o.dims.size(), &o.rank, &o.err) == SONNX_ERR_NULL);
    check_error(o.err, SONNX_ERR_NULL, 0, kNo, 0, 0);
    CHECK(message(o.err) == "input 0: dims or data is NULL but its size is not zero (LIB-NULL)");
    CHECK(o.untouched());
  }
  SUBCASE("rhs of rank 65: input 1") {
    ShapeOut o;
    const sonnx_shape big{SONNX_MAX_RANK + 1, a.data()};
    CHECK(sonnx_xla_binary_shape(view(a), big, nullptr, 0, o.dims.data(), o.dims.size(), &o.rank, &o.err) ==
          SONNX_ERR_RANK);
    check_error(o.err, SONNX_ERR_RANK, 1, kNo, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
    CHECK(o.untouched());
  }
  SUBCASE("rhs with NULL dims: input 1") {
    ShapeOut o;
    CHECK(sonnx_xla_binary_shape(view(a), sonnx_shape{2, nullptr}, nullptr, 0, o.dims.data(), o.dims.size(),
                                 &o.rank, &o.err) == SONNX_ERR_NULL);
    check_error(o.err, SONNX_ERR_NULL, 1, kNo, 0, 0);
    CHECK(o.untouched());
  }
}

// Erratum E29: equal ranks take an empty list or the identity (as many entries as the rank); a
// list of another length is the XLA-INDIM-TUPLE length error.
// @req XLA-INDIM-TUPLE LIB-ERR-NOWRITE
TEST_CASE("xla_binary_shape: equal ranks with a list of one entry for rank 2")
{
  ShapeOut o;
  CHECK(xla(o, {2, 3}, {2, 3}, {0}) == SONNX_ERR_ARGUMENT);
  check_error(o.err, SONNX_ERR_ARGUMENT, kNo, kNo, 1, 2);
  CHECK(message(o.err) == "broadcast dimensions: 1 entries given, 2 needed (XLA-INDIM-TUPLE)");
  CHECK(o.untouched());
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
  CHECK(e.rule == SONNX_RULE_ONNX_UNIDIR); /* C1 holds for {(1), (3)}: the rule broken is ONNX-UNIDIR */
  CHECK(message(e) == "input 1, axis 0: size 3 does not broadcast to 1 (ONNX-UNIDIR)");
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

// sonnx_expand_shape's own checks, in sonnx_broadcast_shape's order: out_dims NULL (argument 3)
// with capacity > 0, out_rank (argument 5), x then shape (rank, dims), capacity >= the common rank.
// @req ONNX-EXPAND LIB-NULL LIB-RANK LIB-CAPACITY LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("expand_shape: NULL outputs, ranks, NULL dims, capacity; a scalar x expands to the shape")
{
  const Sizes d{2, 3};
  SUBCASE("out_dims NULL with capacity 1: argument 3, before a NULL out_rank") {
    sonnx_error e{};
    CHECK(sonnx_expand_shape(view(d), view(d), nullptr, 1, nullptr, &e) == SONNX_ERR_NULL);
    check_error(e, SONNX_ERR_NULL, kNo, kNo, 0, 3);
    CHECK(message(e) == "argument 3 is NULL (LIB-NULL)");
  }
  SUBCASE("out_dims NULL with capacity 0 for two scalars: rank 0") {
    size_t rank = kCanarySize;
    sonnx_error e{};
    CHECK(sonnx_expand_shape(view({}), view({}), nullptr, 0, &rank, &e) == SONNX_OK);
    CHECK(rank == 0u);
    CHECK(e.status == SONNX_OK);
  }
  SUBCASE("x of rank 65: input 0, before shape") {
    ShapeOut o;
    const sonnx_shape big{SONNX_MAX_RANK + 1, d.data()};
    CHECK(sonnx_expand_shape(big, big, o.dims.data(), o.dims.size(), &o.rank, &o.err) == SONNX_ERR_RANK);
    check_error(o.err, SONNX_ERR_RANK, 0, kNo, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
    CHECK(o.untouched());
  }
  SUBCASE("x with NULL dims: input 0") {
    ShapeOut o;
    CHECK(sonnx_expand_shape(sonnx_shape{2, nullptr}, view(d), o.dims.data(), o.dims.size(), &o.rank, &o.err) ==
          SONNX_ERR_NULL);
    check_error(o.err, SONNX_ERR_NULL, 0, kNo, 0, 0);
    CHECK(o.untouched());
  }
  SUBCASE("shape with NULL dims: input 1") {
    ShapeOut o;
    CHECK(sonnx_expand_shape(view(d), sonnx_shape{2, nullptr}, o.dims.data(), o.dims.size(), &o.rank, &o.err) ==
          SONNX_ERR_NULL);
    check_error(o.err, SONNX_ERR_NULL, 1, kNo, 0, 0);
    CHECK(message(o.err) == "input 1: dims or data is NULL but its size is not zero (LIB-NULL)");
    CHECK(o.untouched());
  }
  SUBCASE("capacity 2 below the common rank 3") {
    ShapeOut o;
    CHECK(sonnx_expand_shape(view({3, 1}), view({2, 1, 6}), o.dims.data(), 2, &o.rank, &o.err) ==
          SONNX_ERR_CAPACITY);
    check_error(o.err, SONNX_ERR_CAPACITY, kNo, kNo, 2, 3);
    CHECK(message(o.err) == "output: capacity 2 is below the 3 needed (LIB-CAPACITY)");
    CHECK(o.untouched());
  }
  SUBCASE("a scalar x: Broadcast((), (2,3)) = (2,3)") {
    ShapeOut o;
    REQUIRE(expand(o, {}, {2, 3}) == SONNX_OK);
    CHECK(str(o.result()) == "(2,3)");
    CHECK(o.dims[2] == kCanarySize);
  }
}

// sonnx_unidirectional_check: "a then b (rank, dims: input 0 is a, input 1 is b)"; a scalar b
// broadcasts to a scalar a (the common shape of () and () is ()).
// @req ONNX-UNIDIR LIB-NULL LIB-RANK LIB-ERR-STATUS
TEST_CASE("unidirectional_check: ranks above 64 and NULL dims of a and b, in order; () to ()")
{
  const Sizes d{2, 3};
  const sonnx_shape big{SONNX_MAX_RANK + 1, d.data()};
  sonnx_error e{};
  CHECK(sonnx_unidirectional_check(big, big, &e) == SONNX_ERR_RANK);
  check_error(e, SONNX_ERR_RANK, 0, kNo, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  CHECK(message(e) == "input 0: rank 65 exceeds 64 (LIB-RANK)");
  CHECK(sonnx_unidirectional_check(sonnx_shape{2, nullptr}, big, &e) == SONNX_ERR_NULL);
  check_error(e, SONNX_ERR_NULL, 0, kNo, 0, 0);
  CHECK(sonnx_unidirectional_check(view(d), big, &e) == SONNX_ERR_RANK);
  check_error(e, SONNX_ERR_RANK, 1, kNo, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  CHECK(message(e) == "input 1: rank 65 exceeds 64 (LIB-RANK)");
  std::memset(&e, 0xA5, sizeof e);
  CHECK(sonnx_unidirectional_check(view({}), view({}), &e) == SONNX_OK);
  CHECK(e.status == SONNX_OK);
  /* a scalar a accepts no b of rank 1, not even (1): B would have more dimensions than A */
  CHECK(sonnx_unidirectional_check(view({}), view({1}), &e) == SONNX_ERR_INCOMPATIBLE);
  check_error(e, SONNX_ERR_INCOMPATIBLE, 1, kNo, 1, 0);
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
  CHECK(missing.error().rule() == SONNX_RULE_SONNX);

  auto e = sonnx::expand_shape(sonnx::shape{3, 1}, sonnx::shape{2, 1, 6});
  REQUIRE(e);
  CHECK(*e == sonnx::shape{2, 3, 6});
  auto u = sonnx::unidirectional_check(sonnx::shape{2, 3}, sonnx::shape{3});
  REQUIRE(u);
  CHECK(*u == sonnx::shape{2, 3});
  CHECK(!sonnx::unidirectional_check(sonnx::shape{3}, sonnx::shape{2, 3}));
}

// error::rule() is sonnx_error.rule: the XLA rule an incompatible size broke, cited by message().
// @req XLA-INDIM-MATCH XLA-DEGENERATE LIB-ERR-STATUS
TEST_CASE("C++: the error of an XLA incompatibility names its rule")
{
  const std::array<float, 3> v{7, 8, 9};
  std::array<float, 8> out{};
  out.fill(-1.0f);
  const std::array<std::size_t, 1> bd{1};
  auto m = sonnx::broadcast_in_dim<float>(v, sonnx::shape{3}, bd, out, sonnx::shape{2, 4});
  REQUIRE(!m);
  CHECK(m.status() == SONNX_ERR_INCOMPATIBLE);
  CHECK(m.error().rule() == SONNX_RULE_XLA_INDIM_MATCH);
  CHECK(m.error().input() == 0u);
  CHECK(m.error().axis() == 1u);
  CHECK(m.error().size() == 3u);
  CHECK(m.error().expected() == 4u);
  CHECK(std::string(m.error().message()) == "input 0, axis 1: size 3 is neither 4 nor 1 (XLA-INDIM-MATCH)");
  for (float f : out) CHECK(f == -1.0f);

  auto d = sonnx::xla_binary_shape(sonnx::shape{7, 2, 5}, sonnx::shape{7, 2, 6});
  REQUIRE(!d);
  CHECK(d.status() == SONNX_ERR_INCOMPATIBLE);
  CHECK(d.error().rule() == SONNX_RULE_XLA_DEGENERATE);
  CHECK(std::string(d.error().message()) == "input 1, axis 2: size 6 is neither 5 nor 1 (XLA-DEGENERATE)");

  /* the SONNX functions keep the default rule, and SONNX-C1 */
  auto c = sonnx::expand_shape(sonnx::shape{3, 2}, sonnx::shape{3, 4});
  REQUIRE(!c);
  CHECK(c.error().rule() == SONNX_RULE_SONNX);
  CHECK(std::string(c.error().message()) == "input 0, axis 1: size 2 is neither 4 nor 1 (SONNX-C1)");
  CHECK(sonnx::error().rule() == SONNX_RULE_SONNX);
}

/* ---- the C++ wrappers: the checks of their own, and the std::string path ---- */

// C++ broadcast_in_dim, check 1: x.size() == count(xs) (@req LIB-ROWMAJOR), else
// SONNX_ERR_ARGUMENT, input 0, size() = x.size(), expected() = count(xs); nothing written.
// @req LIB-ROWMAJOR LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("C++ broadcast_in_dim: x shorter than its shape's count")
{
  const std::array<float, 2> v{7, 8};
  std::array<float, 6> out{};
  out.fill(-1.0f);
  const std::array<std::size_t, 1> bd{0};
  auto r = sonnx::broadcast_in_dim<float>(v, sonnx::shape{3}, bd, out, sonnx::shape{3, 2});
  REQUIRE(!r);
  CHECK(r.status() == SONNX_ERR_ARGUMENT);
  CHECK(r.error().input() == 0u);
  CHECK(r.error().axis() == sonnx::no_index);
  CHECK(r.error().size() == 2u);
  CHECK(r.error().expected() == 3u);
  CHECK(std::string(r.error().message()) == "input 0: 2 elements given, its shape has 3 (LIB-ROWMAJOR)");
  for (float f : out) CHECK(f == -1.0f);
}

// A shape of rank 65 has no count and no list length to compare: both C++ checks leave it to
// sonnx_broadcast_in_dim, which reports SONNX_ERR_RANK for x (input 0, size 65, expected 64).
// @req LIB-RANK LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("C++ broadcast_in_dim: x of rank 65 is SONNX_ERR_RANK from the C layer")
{
  std::array<std::size_t, SONNX_MAX_RANK + 1> ones{};
  ones.fill(1u);
  const sonnx::shape xs{std::span<const std::size_t>(ones)};
  REQUIRE(!xs.valid());
  const std::array<float, 1> v{5};
  std::array<float, 2> out{};
  out.fill(-1.0f);
  const std::array<std::size_t, 1> bd{0};
  auto r = sonnx::broadcast_in_dim<float>(v, xs, bd, out, sonnx::shape{2});
  REQUIRE(!r);
  CHECK(r.status() == SONNX_ERR_RANK);
  CHECK(r.error().input() == 0u);
  CHECK(r.error().size() == SONNX_MAX_RANK + 1);
  CHECK(r.error().expected() == SONNX_MAX_RANK);
  CHECK(std::string(r.error().message()) == "input 0: rank 65 exceeds 64 (LIB-RANK)");
  for (float f : out) CHECK(f == -1.0f);
}

// The std::string path (copies by assignment, SONNX-TYPES): the C checks with their fields, the
// capacity in elements, and a result with a size 0 (a 1 stretches to 0, E25: nothing written).
// @req SONNX-TYPES XLA-INDIM-ORDER XLA-INDIM-MATCH LIB-CAPACITY LIB-ERR-NOWRITE
TEST_CASE("C++ broadcast_in_dim<std::string>: errors, capacity, an empty result")
{
  const std::array<std::string, 3> s{"a", "b", "c"};
  std::array<std::string, 6> out;
  out.fill("keep");
  auto untouched = [&out] {
    for (const std::string &v : out)
      if (v != "keep") return false;
    return true;
  };
  SUBCASE("entry 0 of the list, 2, is not below the rank 2") {
    const std::array<std::size_t, 1> bd{2};
    auto r = sonnx::broadcast_in_dim<std::string>(s, sonnx::shape{3}, bd, out, sonnx::shape{2, 3});
    REQUIRE(!r);
    CHECK(r.status() == SONNX_ERR_ARGUMENT);
    CHECK(r.error().input() == 0u);
    CHECK(r.error().axis() == 0u);
    CHECK(r.error().size() == 2u);
    CHECK(r.error().expected() == 2u);
    CHECK(std::string(r.error().message()) ==
          "input 0, axis 0: broadcast dimension 2 is not below the rank 2 (XLA-INDIM-ORDER)");
    CHECK(untouched());
  }
  SUBCASE("a size 3 against 4") {
    const std::array<std::size_t, 1> bd{1};
    auto r = sonnx::broadcast_in_dim<std::string>(s, sonnx::shape{3}, bd, out, sonnx::shape{2, 4});
    REQUIRE(!r);
    CHECK(r.status() == SONNX_ERR_INCOMPATIBLE);
    CHECK(r.error().axis() == 1u);
    CHECK(r.error().size() == 3u);
    CHECK(r.error().expected() == 4u);
    CHECK(untouched());
  }
  SUBCASE("5 strings for 6 elements: capacity in elements") {
    const std::array<std::size_t, 1> bd{1};
    auto r = sonnx::broadcast_in_dim<std::string>(s, sonnx::shape{3}, bd, std::span<std::string>(out.data(), 5),
                                                  sonnx::shape{2, 3});
    REQUIRE(!r);
    CHECK(r.status() == SONNX_ERR_CAPACITY);
    CHECK(r.error().input() == sonnx::no_index);
    CHECK(r.error().size() == 5u);
    CHECK(r.error().expected() == 6u);
    CHECK(std::string(r.error().message()) == "output: capacity 5 is below the 6 needed (LIB-CAPACITY)");
    CHECK(untouched());
  }
  SUBCASE("(1) onto (2, 0) with (0): count 0, accepted, nothing written") {
    const std::array<std::string, 1> one{"z"};
    const std::array<std::size_t, 1> bd{0};
    auto r = sonnx::broadcast_in_dim<std::string>(one, sonnx::shape{1}, bd, out, sonnx::shape{2, 0});
    REQUIRE(r);
    CHECK(*r == sonnx::shape{2, 0});
    CHECK(untouched());
    /* an empty span is enough for an empty result */
    auto e = sonnx::broadcast_in_dim<std::string>(one, sonnx::shape{1}, bd, std::span<std::string>(),
                                                  sonnx::shape{0});
    REQUIRE(e);
    CHECK(*e == sonnx::shape{0});
  }
}

// C++ expand_shape returns sonnx_expand_shape's error with its fields (ONNX-EXPAND, SONNX rule).
// @req ONNX-EXPAND SONNX-C1 LIB-ERR-STATUS
TEST_CASE("C++ expand_shape: (3,2) does not expand to (3,4)")
{
  auto e = sonnx::expand_shape(sonnx::shape{3, 2}, sonnx::shape{3, 4});
  REQUIRE(!e);
  CHECK(e.status() == SONNX_ERR_INCOMPATIBLE);
  CHECK(e.error().input() == 0u);
  CHECK(e.error().axis() == 1u);
  CHECK(e.error().size() == 2u);
  CHECK(e.error().expected() == 4u);
  CHECK(std::string(e.error().message()) == "input 0, axis 1: size 2 is neither 4 nor 1 (SONNX-C1)");
}

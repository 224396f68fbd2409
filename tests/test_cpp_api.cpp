/* Unit tests of the C++20 layer, sonnx_broadcast.hpp: every data example of
 * the four spec sources (002's shape tables, 003's matrices and vectors),
 * every element type of 001's list, rank 0, rank SONNX_MAX_RANK, zero sizes,
 * every error status with canaries proving that nothing was written, and the
 * messages.
 *
 * Every expected value is derived by hand from the spec text (003 prints
 * most of its results) or from the contracts in sonnx_broadcast.h and the
 * documentation in sonnx_broadcast.hpp, never taken from a run of the
 * library. Inputs, axes and element indices are 0-based, as in the library.
 * Elements are compared through their printed form (integers in decimal,
 * floating point in hexfloat, float16 and bool by their bits), which is exact.
 */
#include "sonnx_broadcast.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <initializer_list>
#include <limits>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace doctest {
template <> struct StringMaker<sonnx::shape> {
  static String convert(const sonnx::shape &s)
  {
    std::string t = "(";
    for (std::size_t k = 0; k < s.dims().size(); ++k) {
      t += (k == 0 ? "" : ",") + std::to_string(s[k]);
    }
    if (!s.valid()) {
      t += ", ... rank " + std::to_string(s.rank());
    }
    t += ")";
    return String(t.c_str());
  }
};
} // namespace doctest

namespace {

using sonnx::shape;
constexpr std::size_t kNo = sonnx::no_index;

/* ---------------- compile-time guarantees ---------------- */

/* @req SONNX-TYPES: exactly 001's storage types. */
static_assert(sonnx::element<sonnx::float16> && sonnx::element<float> && sonnx::element<double>);
static_assert(sonnx::element<std::int8_t> && sonnx::element<std::int16_t> &&
              sonnx::element<std::int32_t> && sonnx::element<std::int64_t>);
static_assert(sonnx::element<std::uint8_t> && sonnx::element<std::uint16_t> &&
              sonnx::element<std::uint32_t> && sonnx::element<std::uint64_t>);
static_assert(sonnx::element<bool> && sonnx::element<std::string>);
static_assert(!sonnx::element<char *> && !sonnx::element<const char *> && !sonnx::element<char>);
static_assert(!sonnx::element<long double> && !sonnx::element<std::string_view>);
static_assert(!sonnx::element<const float> && !sonnx::element<float &> && !sonnx::element<void *>);
static_assert(sizeof(sonnx::float16) == 2 && std::is_trivially_copyable_v<sonnx::float16>);

/* Misuse does not compile: checked as unsatisfied requirements. */
template <class X, class Z>
concept deduced_broadcast_to = requires(std::span<const X> x, std::span<Z> z, const shape &s) {
  sonnx::broadcast_to(x, s, z, s);
};
template <class T, class XData, class ZData>
concept explicit_broadcast_to = requires(XData &x, ZData &z, const shape &s) {
  sonnx::broadcast_to<T>(x, s, z, s);
};
template <class S>
concept c_view_of_temporary = requires(S s) { std::move(s).as_c(); };

static_assert(deduced_broadcast_to<float, float>);
static_assert(!deduced_broadcast_to<float, double>);            /* x and z of different types */
static_assert(!deduced_broadcast_to<char *, char *>);           /* not an element type */
static_assert(!deduced_broadcast_to<long double, long double>); /* not an element type */
static_assert(explicit_broadcast_to<float, std::vector<float>, std::vector<float>>);
static_assert(!explicit_broadcast_to<char *, std::vector<char *>, std::vector<char *>>);
static_assert(!explicit_broadcast_to<float, std::vector<double>, std::vector<float>>);
static_assert(!explicit_broadcast_to<float, std::deque<float>, std::vector<float>>); /* not contiguous */
static_assert(!explicit_broadcast_to<bool, std::vector<bool>, std::vector<bool>>);  /* not contiguous */
static_assert(!explicit_broadcast_to<float, std::vector<float>, const std::vector<float>>); /* z read-only */
static_assert(!c_view_of_temporary<shape>);
static_assert(std::is_same_v<decltype(std::declval<const shape &>().as_c()), sonnx_shape>);
static_assert(noexcept(sonnx::broadcast_to<float>(std::span<const float>(), shape{}, std::span<float>(), shape{})));
static_assert(!std::is_convertible_v<sonnx::result<shape>, bool>); /* explicit operator bool */

/* ---------------- values and buffers ---------------- */

/* k-th test value of type T; distinct for distinct k (bool: by parity). Even-numbered strings
   are long enough to live on the heap, past any small-string buffer. */
template <class T>
T val(int k)
{
  if constexpr (std::is_same_v<T, std::string>) {
    std::string s = "s" + std::to_string(k);
    if (k % 2 == 0) {
      s += " is long enough to live on the heap, past any small-string buffer";
    }
    return s;
  } else if constexpr (std::is_same_v<T, sonnx::float16>) {
    return sonnx::float16{static_cast<std::uint16_t>(0x3C00 + k)}; /* 1.0 plus k ulps */
  } else if constexpr (std::is_same_v<T, bool>) {
    return k % 2 != 0;
  } else {
    return static_cast<T>(k);
  }
}

/* Owning contiguous buffer (std::vector<bool> is not contiguous); a contiguous range, so
   it converts to std::span like a std::vector does. */
template <class T>
class buf {
public:
  buf(std::initializer_list<T> v) : n_(v.size()), p_(new T[v.size() + 1])
  {
    std::copy(v.begin(), v.end(), p_.get());
  }
  buf(std::size_t n, const T &fill) : n_(n), p_(new T[n + 1]) { std::fill(p_.get(), p_.get() + n, fill); }
  static buf of(std::initializer_list<int> ks)
  {
    buf b(ks.size(), T{});
    std::size_t i = 0;
    for (int k : ks) {
      b.p_[i++] = val<T>(k);
    }
    return b;
  }
  buf(const buf &o) : n_(o.n_), p_(new T[o.n_ + 1]) { std::copy(o.begin(), o.end(), p_.get()); }
  buf(buf &&) = default;
  buf &operator=(const buf &) = delete;

  std::size_t size() const { return n_; }
  T &operator[](std::size_t i) { return p_[i]; }
  const T &operator[](std::size_t i) const { return p_[i]; }
  T *begin() { return p_.get(); }
  T *end() { return p_.get() + n_; }
  const T *begin() const { return p_.get(); }
  const T *end() const { return p_.get() + n_; }

private:
  std::size_t n_;
  std::unique_ptr<T[]> p_;
};

/* n canaries of type T, distinct from every val<T>(k) with k < 100 (except bool). */
template <class T>
buf<T> canaries(std::size_t n)
{
  buf<T> b(n, T{});
  for (std::size_t i = 0; i < n; ++i) {
    b[i] = val<T>(101 + static_cast<int>(i % 20));
  }
  return b;
}

/* bool has only two values, so some expected values equal any canary: a check on bool outputs runs
   twice (canary_passes<bool> == 2), once over all-true canaries and once over all-false ones, so
   that a skipped write differs from the expected value in one of the two passes. */
template <class T>
constexpr int canary_passes = std::is_same_v<T, bool> ? 2 : 1;

template <class T>
buf<T> canaries(std::size_t n, int pass)
{
  if constexpr (std::is_same_v<T, bool>) {
    return buf<T>(n, pass == 0);
  } else {
    (void)pass;
    return canaries<T>(n);
  }
}

template <class T>
std::string show_one(const T &v)
{
  if constexpr (std::is_same_v<T, std::string>) {
    std::string s = "\"";
    for (char c : v) {
      s += (c == '\0') ? std::string("\\0") : std::string(1, c);
    }
    return s + "\"";
  } else if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, sonnx::float16>) {
    char b[16];
    std::snprintf(b, sizeof b, "h%04x", static_cast<unsigned>(v.bits));
    return b;
  } else if constexpr (std::is_floating_point_v<T>) {
    std::ostringstream o;
    o << std::hexfloat << v;
    return o.str();
  } else if constexpr (std::is_signed_v<T>) {
    return std::to_string(static_cast<long long>(v));
  } else {
    return std::to_string(static_cast<unsigned long long>(v));
  }
}

/* The elements, space-separated: what the CHECKs compare. */
template <class R>
std::string show(const R &r)
{
  std::string s;
  for (const auto &v : r) {
    s += (s.empty() ? "" : " ") + show_one(v);
  }
  return s;
}

/* The printed form of val<T>(k) for each k. */
template <class T>
std::string show_vals(std::initializer_list<int> ks)
{
  return show(buf<T>::of(ks));
}

std::string msg(const sonnx::error &e) { return std::string(e.message()); }

void check_error(const sonnx::error &e, sonnx_status status, std::size_t input, std::size_t axis,
                 std::size_t size, std::size_t expected)
{
  CHECK(e.status() == status);
  CHECK(e.input() == input);
  CHECK(e.axis() == axis);
  CHECK(e.size() == size);
  CHECK(e.expected() == expected);
  /* message() is NUL-terminated and shorter than SONNX_MESSAGE_MAX. */
  CHECK(e.message().size() < SONNX_MESSAGE_MAX);
  CHECK(e.message().data()[e.message().size()] == '\0');
}

/* A shape of `rank` sizes 1, with the given sizes at the given axes. */
shape ones(std::size_t rank, std::initializer_list<std::pair<std::size_t, std::size_t>> at = {})
{
  std::vector<std::size_t> d(rank, 1);
  for (const auto &[axis, size] : at) {
    d[axis] = size;
  }
  return shape(std::span<const std::size_t>(d));
}

std::string describe(std::span<const shape> in)
{
  std::string t;
  for (const shape &s : in) {
    t += (t.empty() ? "" : " with ") + std::string(doctest::toString(s).c_str());
  }
  return t;
}

/* Both rules give `want`, in the given and in the reversed order (@req SONNX-COMMUT). */
void check_common(std::initializer_list<shape> in, const shape &want)
{
  std::vector<shape> list(in);
  INFO("inputs: ", describe(list));
  for (int pass = 0; pass < 2; ++pass) {
    const sonnx::result<shape> s = sonnx::broadcast_shape(std::span<const shape>(list));
    REQUIRE(s);
    CHECK(*s == want);
    CHECK(s.error().status() == SONNX_OK);
    const sonnx::result<shape> np = sonnx::broadcast_shape_numpy(std::span<const shape>(list));
    REQUIRE(np);
    CHECK(*np == want);
    std::reverse(list.begin(), list.end());
  }
}

/* The shape rule fails with these C error fields and this message. */
void check_no_common(bool numpy, std::initializer_list<shape> in, std::size_t input, std::size_t axis,
                     std::size_t size, std::size_t expected, const std::string &message)
{
  INFO((numpy ? "NumPy rule: " : "SONNX rule: "), describe(std::vector<shape>(in)));
  const sonnx::result<shape> r = numpy ? sonnx::broadcast_shape_numpy(in) : sonnx::broadcast_shape(in);
  REQUIRE(!r);
  CHECK(!r.has_value());
  check_error(r.error(), SONNX_ERR_INCOMPATIBLE, input, axis, size, expected);
  CHECK(msg(r.error()) == message);
  CHECK(r.status() == SONNX_ERR_INCOMPATIBLE);
  CHECK(*r == shape{}); /* the default value, never garbage */
}

/* 001's element relation, 0-based (spec/index-mapping.md), written independently of the
   library: for each output element in row-major order, the row-major offset in x of
   X[index_map(i_p, x_0, D_p), ..., index_map(i_{ny-1}, x_{r-1}, D_{ny-1})], p = ny - r. */
std::vector<std::size_t> sources(const std::vector<std::size_t> &x, const std::vector<std::size_t> &z)
{
  const std::size_t p = z.size() - x.size();
  std::size_t total = 1;
  for (std::size_t d : z) {
    total *= d;
  }
  std::vector<std::size_t> out;
  std::vector<std::size_t> i(z.size(), 0);
  for (std::size_t o = 0; o < total; ++o) {
    std::size_t rest = o;
    for (std::size_t k = z.size(); k-- > 0;) {
      i[k] = rest % z[k];
      rest /= z[k];
    }
    std::size_t offset = 0;
    for (std::size_t a = 0; a < x.size(); ++a) {
      const std::size_t j = (x[a] == z[p + a]) ? i[p + a] : 0; /* f(a, B, C), 0-based */
      offset = offset * x[a] + j;
    }
    out.push_back(offset);
  }
  return out;
}

template <class T>
std::string show_through(const buf<T> &x, const std::vector<std::size_t> &src)
{
  std::string s;
  for (std::size_t o : src) {
    s += (s.empty() ? "" : " ") + show_one(x[o]);
  }
  return s;
}

shape to_shape(const std::vector<std::size_t> &d) { return shape(std::span<const std::size_t>(d)); }

constexpr bool k64 = sizeof(std::size_t) == 8;
constexpr std::size_t k2p32 = k64 ? (std::size_t{1} << (k64 ? 32 : 0)) : 0;
constexpr std::size_t k2p62 = k64 ? (std::size_t{1} << (k64 ? 62 : 0)) : 0;

} // namespace

/* ======================= Shapes (002, 003) ======================= */

// @req ARRAYAPI-ALGO SONNX-STEP1-RANK SONNX-STEP1-PAD SONNX-STEP2-MAX SONNX-C1 SONNX-COMMUT
TEST_CASE("C++ broadcast_shape: the compatible examples of 002, both rules, both orders")
{
  check_common({{8, 1, 6, 1}, {7, 1, 5}}, {8, 7, 6, 5});
  check_common({{5, 4}, {1}}, {5, 4});
  check_common({{5, 4}, {4}}, {5, 4});
  check_common({{15, 3, 5}, {15, 1, 5}}, {15, 3, 5});
  check_common({{15, 3, 5}, {3, 5}}, {15, 3, 5});
  check_common({{15, 3, 5}, {3, 1}}, {15, 3, 5});
}

// @req ARRAYAPI-INCOMPAT SONNX-C1 ARRAYAPI-ALGO LIB-ERR-STATUS
TEST_CASE("C++ broadcast_shape: the incompatible examples of 002, with the C error and message")
{
  /* (3) with (4): SONNX max is 4, input 0's 3 violates; NumPy takes the first non-1, 3. */
  check_no_common(false, {{3}, {4}}, 0, 0, 3, 4, "input 0, axis 0: size 3 is neither 4 nor 1 (SONNX-C1)");
  check_no_common(true, {{3}, {4}}, 1, 0, 4, 3, "input 1, axis 0: size 4 is neither 3 nor 1 (SONNX-C1)");
  /* (2,1) with (8,4,3): padded (1,2,1); axis 1 of the padded rank 3 fails (E24). */
  check_no_common(false, {{2, 1}, {8, 4, 3}}, 0, 1, 2, 4,
                  "input 0, axis 1: size 2 is neither 4 nor 1 (SONNX-C1)");
  check_no_common(true, {{2, 1}, {8, 4, 3}}, 1, 1, 4, 2,
                  "input 1, axis 1: size 4 is neither 2 nor 1 (SONNX-C1)");
}

// @req XLA-DEGENERATE XLA-OUTER XLA-COMPOSE XLA-SCALAR SONNX-STEP1-PAD SONNX-STEP2-MAX SONNX-C1
TEST_CASE("C++ broadcast_shape: the shape examples of 003")
{
  check_common({{2, 1}, {2, 3}}, {2, 3});
  check_common({{1, 2, 5}, {7, 2, 5}}, {7, 2, 5});
  check_common({{7, 2, 5}, {7, 1, 5}}, {7, 2, 5});
  check_common({{2, 1}, {1, 3}}, {2, 3});        /* outer operation */
  check_common({{2, 3}, {3}}, {2, 3});           /* matrix + vector */
  check_common({{2, 3}, {}}, {2, 3});            /* matrix + scalar */
  check_common({{3, 3}, {1, 3}}, {3, 3});        /* vector as rows */
  check_common({{3, 3}, {3, 1}}, {3, 3});        /* vector as columns */
  check_common({{4, 1}, {1, 2}}, {4, 2});        /* |1 2 3 4| + [5 6] */
  check_common({{1, 2}, {4, 3, 1}}, {4, 3, 2});  /* 1x2 with 4x3x1 */
  check_common({{2, 3, 4}, {3, 4}}, {2, 3, 4});  /* cuboid with matrix */
  /* (7,2,5) and (7,2,6) are incompatible at axis 2. */
  check_no_common(false, {{7, 2, 5}, {7, 2, 6}}, 0, 2, 5, 6,
                  "input 0, axis 2: size 5 is neither 6 nor 1 (SONNX-C1)");
  check_no_common(true, {{7, 2, 5}, {7, 2, 6}}, 1, 2, 6, 5,
                  "input 1, axis 2: size 6 is neither 5 nor 1 (SONNX-C1)");
}

/* ======================= Data examples of 003 ======================= */

// @req SONNX-SIG SONNX-ELEM SONNX-STEP1-PAD SONNX-STEP1-SHIFT XLA-COMPOSE LIB-ROWMAJOR
TEST_CASE("003: |1 2 3; 4 5 6| + |7 8 9|, the vector replicated over the rows")
{
  const buf<std::int32_t> x{1, 2, 3, 4, 5, 6};
  const buf<std::int32_t> v{7, 8, 9};
  buf<std::int32_t> z0 = canaries<std::int32_t>(6);
  buf<std::int32_t> z1 = canaries<std::int32_t>(6);
  const sonnx::result<shape> r = sonnx::broadcast<std::int32_t>({x, v}, {{2, 3}, {3}}, {z0, z1});
  REQUIRE(r);
  CHECK(*r == shape{2, 3});
  CHECK(show(z0) == "1 2 3 4 5 6");
  CHECK(show(z1) == "7 8 9 7 8 9");
  buf<std::int32_t> sum(6, 0);
  for (std::size_t k = 0; k < 6; ++k) {
    sum[k] = z0[k] + z1[k];
  }
  CHECK(show(sum) == "8 10 12 11 13 15"); /* the result printed in 003 */

  buf<std::int32_t> z = canaries<std::int32_t>(6);
  const sonnx::result<shape> t = sonnx::broadcast_to<std::int32_t>(v, {3}, z, {2, 3});
  REQUIRE(t);
  CHECK(*t == shape{2, 3});
  CHECK(show(z) == "7 8 9 7 8 9");
  CHECK(show(v) == "7 8 9");
}

// @req XLA-SCALAR SONNX-STEP1-RANK SONNX-ELEM
TEST_CASE("003: |1 2 3; 4 5 6| + 7, a scalar over a matrix")
{
  const buf<std::int32_t> x{1, 2, 3, 4, 5, 6};
  const buf<std::int32_t> seven{7};
  buf<std::int32_t> z0 = canaries<std::int32_t>(6);
  buf<std::int32_t> z1 = canaries<std::int32_t>(6);
  const sonnx::result<shape> r = sonnx::broadcast<std::int32_t>({x, seven}, {{2, 3}, {}}, {z0, z1});
  REQUIRE(r);
  CHECK(*r == shape{2, 3});
  CHECK(show(z1) == "7 7 7 7 7 7");
  buf<std::int32_t> sum(6, 0);
  for (std::size_t k = 0; k < 6; ++k) {
    sum[k] = z0[k] + z1[k];
  }
  CHECK(show(sum) == "8 9 10 11 12 13"); /* the result printed in 003 */

  buf<std::int32_t> z = canaries<std::int32_t>(6);
  REQUIRE(sonnx::broadcast_to<std::int32_t>(seven, {}, z, {2, 3}));
  CHECK(show(z) == "7 7 7 7 7 7");
}

// @req XLA-COMPOSE SONNX-ELEM SONNX-F SONNX-STEP1-PAD
TEST_CASE("003: a 3-vector onto a 3x3 matrix, as rows (dimension 1) and as columns (dimension 0)")
{
  const buf<std::int32_t> v{7, 8, 9};
  SUBCASE("rows: (1,3) and (3) give |7 8 9| three times")
  {
    buf<std::int32_t> z = canaries<std::int32_t>(9);
    REQUIRE(sonnx::broadcast_to<std::int32_t>(v, {1, 3}, z, {3, 3}));
    CHECK(show(z) == "7 8 9 7 8 9 7 8 9");
    buf<std::int32_t> w = canaries<std::int32_t>(9);
    REQUIRE(sonnx::broadcast_to<std::int32_t>(v, {3}, w, {3, 3}));
    CHECK(show(w) == "7 8 9 7 8 9 7 8 9");
  }
  SUBCASE("columns: (3,1) gives rows 7 7 7, 8 8 8, 9 9 9")
  {
    buf<std::int32_t> z = canaries<std::int32_t>(9);
    const sonnx::result<shape> r = sonnx::broadcast_to<std::int32_t>(v, {3, 1}, z, {3, 3});
    REQUIRE(r);
    CHECK(*r == shape{3, 3});
    CHECK(show(z) == "7 7 7 8 8 8 9 9 9");
  }
}

// @req XLA-OUTER SONNX-ELEM SONNX-F SONNX-COMMUT
TEST_CASE("003: the outer operation (2,1) with (1,3), both outputs")
{
  const buf<std::int64_t> a{1, 2};
  const buf<std::int64_t> b{10, 20, 30};
  buf<std::int64_t> za = canaries<std::int64_t>(6);
  buf<std::int64_t> zb = canaries<std::int64_t>(6);
  const sonnx::result<shape> r = sonnx::broadcast<std::int64_t>({a, b}, {{2, 1}, {1, 3}}, {za, zb});
  REQUIRE(r);
  CHECK(*r == shape{2, 3});
  CHECK(show(za) == "1 1 1 2 2 2");
  CHECK(show(zb) == "10 20 30 10 20 30");
  /* Element (i, j) combines lhs[i, 0] with rhs[0, j]. */
  buf<std::int64_t> sum(6, 0);
  for (std::size_t k = 0; k < 6; ++k) {
    sum[k] = za[k] + zb[k];
  }
  CHECK(show(sum) == "11 21 31 12 22 32");

  /* Swapped inputs give swapped outputs. */
  buf<std::int64_t> wa = canaries<std::int64_t>(6);
  buf<std::int64_t> wb = canaries<std::int64_t>(6);
  const sonnx::result<shape> s = sonnx::broadcast<std::int64_t>({b, a}, {{1, 3}, {2, 1}}, {wb, wa});
  REQUIRE(s);
  CHECK(*s == shape{2, 3});
  CHECK(show(wa) == show(za));
  CHECK(show(wb) == show(zb));
}

// @req XLA-COMPOSE SONNX-ELEM SONNX-F SONNX-STEP1-PAD SONNX-STEP1-SHIFT
TEST_CASE("003: broadcast composition, |1 2 3 4| + [5 6] and the rank-3 examples")
{
  SUBCASE("(4,1) and (1,2) give 4x2 outputs whose sums are 6 7 / 7 8 / 8 9 / 9 10")
  {
    const buf<std::int16_t> v{1, 2, 3, 4};
    const buf<std::int16_t> m{5, 6};
    buf<std::int16_t> zv = canaries<std::int16_t>(8);
    buf<std::int16_t> zm = canaries<std::int16_t>(8);
    const sonnx::result<shape> r = sonnx::broadcast<std::int16_t>({v, m}, {{4, 1}, {1, 2}}, {zv, zm});
    REQUIRE(r);
    CHECK(*r == shape{4, 2});
    CHECK(show(zv) == "1 1 2 2 3 3 4 4");
    CHECK(show(zm) == "5 6 5 6 5 6 5 6");
    buf<std::int16_t> sum(8, 0);
    for (std::size_t k = 0; k < 8; ++k) {
      sum[k] = static_cast<std::int16_t>(zv[k] + zm[k]);
    }
    CHECK(show(sum) == "6 7 7 8 8 9 9 10"); /* the result printed in 003 */
  }
  SUBCASE("a 1x2 matrix with a 4x3x1 array gives 4x3x2")
  {
    const buf<std::uint32_t> m{5, 6};
    const buf<std::uint32_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    buf<std::uint32_t> zm = canaries<std::uint32_t>(24);
    buf<std::uint32_t> za = canaries<std::uint32_t>(24);
    const sonnx::result<shape> r = sonnx::broadcast<std::uint32_t>({m, a}, {{1, 2}, {4, 3, 1}}, {zm, za});
    REQUIRE(r);
    CHECK(*r == shape{4, 3, 2});
    CHECK(show(zm) == "5 6 5 6 5 6 5 6 5 6 5 6 5 6 5 6 5 6 5 6 5 6 5 6");
    CHECK(show(za) == "1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 11 11 12 12");
  }
  SUBCASE("a 3x4 matrix onto a 2x3x4 cuboid (dimensions 1, 2)")
  {
    const buf<std::uint64_t> m{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    buf<std::uint64_t> z = canaries<std::uint64_t>(24);
    REQUIRE(sonnx::broadcast_to<std::uint64_t>(m, {3, 4}, z, {2, 3, 4}));
    CHECK(show(z) == "1 2 3 4 5 6 7 8 9 10 11 12 1 2 3 4 5 6 7 8 9 10 11 12");
  }
}

// @req ARRAYAPI-ALGO SONNX-ELEM SONNX-F SONNX-STEP1-PAD SONNX-STEP1-SHIFT LIB-ROWMAJOR
TEST_CASE("002: data of the 8x1x6x1 with 7x1x5 example, by the element relation")
{
  /* A[i,0,k,0] = 10*i + k, B[j,0,l] = 100 + 10*j + l; the outputs (8,7,6,5) hold
     ZA[i,j,k,l] = A[i,0,k,0] and ZB[i,j,k,l] = B[j,0,l]. */
  buf<std::uint16_t> a(48, 0);
  for (std::size_t i = 0; i < 8; ++i) {
    for (std::size_t k = 0; k < 6; ++k) {
      a[i * 6 + k] = static_cast<std::uint16_t>(10 * i + k);
    }
  }
  buf<std::uint16_t> b(35, 0);
  for (std::size_t j = 0; j < 7; ++j) {
    for (std::size_t l = 0; l < 5; ++l) {
      b[j * 5 + l] = static_cast<std::uint16_t>(100 + 10 * j + l);
    }
  }
  buf<std::uint16_t> want_a(1680, 0);
  buf<std::uint16_t> want_b(1680, 0);
  std::size_t o = 0;
  for (std::size_t i = 0; i < 8; ++i) {
    for (std::size_t j = 0; j < 7; ++j) {
      for (std::size_t k = 0; k < 6; ++k) {
        for (std::size_t l = 0; l < 5; ++l, ++o) {
          want_a[o] = static_cast<std::uint16_t>(10 * i + k);
          want_b[o] = static_cast<std::uint16_t>(100 + 10 * j + l);
        }
      }
    }
  }
  buf<std::uint16_t> za(1680, 7);
  buf<std::uint16_t> zb(1680, 7);
  const sonnx::result<shape> r =
      sonnx::broadcast<std::uint16_t>({a, b}, {{8, 1, 6, 1}, {7, 1, 5}}, {za, zb});
  REQUIRE(r);
  CHECK(*r == shape{8, 7, 6, 5});
  CHECK(show(za) == show(want_a));
  CHECK(show(zb) == show(want_b));
}

/* ======================= Element types (001) ======================= */

// @req SONNX-TYPES SONNX-ELEM XLA-OUTER LIB-ELEM-SIZE
TEST_CASE_TEMPLATE("every element type of 001: columns (3,1) to (3,3), and the outer operation", T,
                   sonnx::float16, float, double, std::int8_t, std::int16_t, std::int32_t,
                   std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t, bool,
                   std::string)
{
  for (int pass = 0; pass < canary_passes<T>; ++pass) {
    INFO("canary pass ", pass);
    const buf<T> x = buf<T>::of({1, 2, 3});
    buf<T> z = canaries<T>(10, pass);
    const std::string past = show_one(z[9]);
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(x, {3, 1}, z, {3, 3});
    REQUIRE(r);
    CHECK(*r == shape{3, 3});
    CHECK(show(std::span<const T>(z.begin(), 9)) == show_vals<T>({1, 1, 1, 2, 2, 2, 3, 3, 3}));
    CHECK(show_one(z[9]) == past); /* past count(z): untouched */
    CHECK(show(x) == show_vals<T>({1, 2, 3}));

    const buf<T> a = buf<T>::of({4, 5});
    const buf<T> b = buf<T>::of({6, 7, 8});
    buf<T> za = canaries<T>(6, pass);
    buf<T> zb = canaries<T>(6, pass);
    const sonnx::result<shape> s = sonnx::broadcast<T>({a, b}, {{2, 1}, {1, 3}}, {za, zb});
    REQUIRE(s);
    CHECK(*s == shape{2, 3});
    CHECK(show(za) == show_vals<T>({4, 4, 4, 5, 5, 5}));
    CHECK(show(zb) == show_vals<T>({6, 7, 8, 6, 7, 8}));
  }
}

// @req SONNX-TYPES LIB-ELEM-SIZE SONNX-ELEM
TEST_CASE_TEMPLATE("numeric extremes cross unchanged: every byte of the element is copied", T, float,
                   double, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                   std::uint16_t, std::uint32_t, std::uint64_t)
{
  using lim = std::numeric_limits<T>;
  const buf<T> x{lim::lowest(), lim::max(), lim::min()};
  buf<T> z(6, T{});
  REQUIRE(sonnx::broadcast_to<T>(x, {1, 3}, z, {2, 3}));
  const std::string row = show(x);
  CHECK(show(z) == row + " " + row);
}

// @req SONNX-TYPES
TEST_CASE("float16 is 16 bits of storage: NaN, -0 and the largest finite value cross unchanged")
{
  const buf<sonnx::float16> x{{0x7E00}, {0x8000}, {0xFBFF}, {0x0001}};
  buf<sonnx::float16> z = canaries<sonnx::float16>(8);
  REQUIRE(sonnx::broadcast_to<sonnx::float16>(x, {4}, z, {2, 4}));
  CHECK(show(z) == "h7e00 h8000 hfbff h0001 h7e00 h8000 hfbff h0001");
  CHECK(sonnx::float16{0x7E00} == sonnx::float16{0x7E00}); /* bits, not IEEE: a NaN equals itself */
  CHECK(!(sonnx::float16{0x8000} == sonnx::float16{0x0000}));
}

// A float is copied as its 4 bytes, not as a value: payloads, a signalling NaN, -0.0 and a
// denormal cross unchanged. Set and compared through memcpy / memcmp, never as float values.
// @req SONNX-ELEM
TEST_CASE("float bit patterns cross broadcast_to exactly: NaN payloads, signalling NaN, -0.0, denormals, infinities")
{
  const std::uint32_t bits[6] = {0x7FC00001u, 0x7F800001u, 0x80000000u,
                                 0x00000001u, 0xFF800000u, 0xFFC12345u};
  buf<float> x(6, 0.0f);
  std::memcpy(x.begin(), bits, sizeof bits);
  buf<float> z(30, 1.0f);
  const sonnx::result<shape> r = sonnx::broadcast_to<float>(x, {1, 6}, z, {5, 6});
  REQUIRE(r);
  CHECK(*r == shape{5, 6});
  for (std::size_t row = 0; row < 5; ++row) {
    CAPTURE(row);
    CHECK(std::memcmp(z.begin() + row * 6, bits, sizeof bits) == 0);
  }
}

// @req SONNX-TYPES SONNX-ELEM LIB-STRIDES
TEST_CASE("std::string elements are copied by assignment, whatever their content")
{
  const std::string nul("a\0b", 3);
  const std::string longer(100, 'L');
  const buf<std::string> x{"", nul, longer, "x"};
  buf<std::string> z{"canary", std::string(200, 'C'), "", "c", "canary", "canary", "canary", "canary",
                     "tail"};
  const sonnx::result<shape> r = sonnx::broadcast_to<std::string>(x, {4}, z, {2, 4});
  REQUIRE(r);
  const std::string row = show(x);
  CHECK(show(std::span<const std::string>(z.begin(), 8)) == row + " " + row);
  CHECK(z[1].size() == 3); /* the NUL is data, not an end */
  CHECK(z[8] == "tail");
  CHECK(show(x) == "\"\" \"a\\0b\" \"" + longer + "\" \"x\"");

  /* N-ary: 003's composition with strings. */
  const buf<std::string> v{"1", "2", "3", "4"};
  const buf<std::string> m{"five", "six"};
  buf<std::string> zv = canaries<std::string>(8);
  buf<std::string> zm = canaries<std::string>(8);
  const sonnx::result<shape> s = sonnx::broadcast<std::string>({v, m}, {{4, 1}, {1, 2}}, {zv, zm});
  REQUIRE(s);
  CHECK(*s == shape{4, 2});
  CHECK(show(zv) == "\"1\" \"1\" \"2\" \"2\" \"3\" \"3\" \"4\" \"4\"");
  CHECK(show(zm) == "\"five\" \"six\" \"five\" \"six\" \"five\" \"six\" \"five\" \"six\"");
}

// @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-STRIDES LIB-ROWMAJOR SONNX-COMMUT
TEST_CASE_TEMPLATE("001's element relation on 4-D examples, against an oracle written from the spec", T,
                   std::int32_t, std::string)
{
  struct Case {
    std::vector<std::size_t> x, z;
  };
  const Case cases[] = {
      {{2, 1, 3}, {4, 2, 2, 3}}, {{1, 3}, {2, 2, 3}}, {{2, 1}, {2, 2, 3}},
      {{3, 1, 2}, {3, 4, 2}},    {{1}, {2, 3}},       {{2, 3, 1, 1}, {2, 3, 2, 2}},
  };
  for (const Case &c : cases) {
    const shape xs = to_shape(c.x);
    const shape zs = to_shape(c.z);
    INFO("x ", doctest::toString(xs), " to ", doctest::toString(zs));
    const std::vector<std::size_t> src = sources(c.x, c.z);
    buf<T> x(sonnx::count(xs).value(), T{});
    for (std::size_t k = 0; k < x.size(); ++k) {
      x[k] = val<T>(static_cast<int>(k));
    }
    buf<T> z = canaries<T>(src.size());
    REQUIRE(sonnx::broadcast_to<T>(x, xs, z, zs));
    CHECK(show(z) == show_through(x, src));

    /* As input 1 of the N-ary operator, beside a tensor of the target shape, and swapped. */
    buf<T> full(src.size(), T{});
    for (std::size_t k = 0; k < full.size(); ++k) {
      full[k] = val<T>(static_cast<int>(50 + k % 40));
    }
    buf<T> z0 = canaries<T>(src.size());
    buf<T> z1 = canaries<T>(src.size());
    const sonnx::result<shape> r = sonnx::broadcast<T>({full, x}, {zs, xs}, {z0, z1});
    REQUIRE(r);
    CHECK(*r == zs);
    CHECK(show(z0) == show(full));
    CHECK(show(z1) == show_through(x, src));
    buf<T> w0 = canaries<T>(src.size());
    buf<T> w1 = canaries<T>(src.size());
    REQUIRE(sonnx::broadcast<T>({x, full}, {xs, zs}, {w1, w0}));
    CHECK(show(w0) == show(z0));
    CHECK(show(w1) == show(z1));
  }
}

/* ======================= Ranks 0 and SONNX_MAX_RANK ======================= */

// @req SONNX-STEP1-RANK XLA-SCALAR LIB-OVERFLOW SONNX-ELEM
TEST_CASE("rank 0: a scalar has one element and broadcasts to any shape")
{
  CHECK(sonnx::count(shape{}).value() == 1);
  check_common({{}, {}}, {});
  check_common({{}, {2, 3}}, {2, 3});

  buf<double> z{-1.0, -2.0};
  const sonnx::result<shape> r = sonnx::broadcast_to<double>(buf<double>{2.5}, {}, z, {});
  REQUIRE(r);
  CHECK(r->rank() == 0);
  CHECK(z[0] == 2.5);
  CHECK(z[1] == -2.0);

  const buf<std::int8_t> a{3};
  const buf<std::int8_t> b{-4};
  buf<std::int8_t> za = canaries<std::int8_t>(1);
  buf<std::int8_t> zb = canaries<std::int8_t>(1);
  const sonnx::result<shape> s = sonnx::broadcast<std::int8_t>({a, b}, {{}, {}}, {za, zb});
  REQUIRE(s);
  CHECK(*s == shape{});
  CHECK(show(za) == "3");
  CHECK(show(zb) == "-4");

  const buf<std::string> word = buf<std::string>::of({2});
  buf<std::string> zw = canaries<std::string>(4);
  REQUIRE(sonnx::broadcast_to<std::string>(word, {}, zw, {2, 2}));
  CHECK(show(zw) == show_vals<std::string>({2, 2, 2, 2}));
}

// @req LIB-RANK SONNX-STEP1-RANK SONNX-STEP1-PAD SONNX-STEP1-SHIFT SONNX-ELEM
TEST_CASE_TEMPLATE("rank SONNX_MAX_RANK: accepted, padded on the left", T, std::int32_t, std::string)
{
  /* x: 64 axes of size 1 but axis 10 of size 2; z: the same plus axis 63 of size 2.
     z's row-major offset is 2 * i10 + i63 and x's is i10, so z = x0 x0 x1 x1. */
  const shape xs = ones(SONNX_MAX_RANK, {{10, 2}});
  const shape zs = ones(SONNX_MAX_RANK, {{10, 2}, {63, 2}});
  CHECK(xs.valid());
  CHECK(xs.rank() == 64);
  const buf<T> x = buf<T>::of({1, 2});
  buf<T> z = canaries<T>(4);
  REQUIRE(sonnx::broadcast_to<T>(x, xs, z, zs));
  CHECK(show(z) == show_vals<T>({1, 1, 2, 2}));

  /* (2) padded to rank 64 sits on axis 63: z' = (2, 1, ..., 1, 2) reads x at i63. */
  const buf<T> y = buf<T>::of({3, 4});
  buf<T> w = canaries<T>(4);
  REQUIRE(sonnx::broadcast_to<T>(y, {2}, w, ones(SONNX_MAX_RANK, {{0, 2}, {63, 2}})));
  CHECK(show(w) == show_vals<T>({3, 4, 3, 4}));

  const sonnx::result<shape> common = sonnx::broadcast_shape({xs, {2}});
  REQUIRE(common);
  CHECK(*common == zs);

  buf<T> z0 = canaries<T>(4);
  buf<T> z1 = canaries<T>(4);
  const sonnx::result<shape> r = sonnx::broadcast<T>({x, y}, {xs, {2}}, {z0, z1});
  REQUIRE(r);
  CHECK(*r == zs);
  CHECK(show(z0) == show_vals<T>({1, 1, 2, 2}));
  CHECK(show(z1) == show_vals<T>({3, 4, 3, 4}));
}

/* ======================= Zero sizes ======================= */

// @req SONNX-C1 ARRAYAPI-ALGO ONNX-UNIDIR LIB-OVERFLOW LIB-ERR-NOWRITE LIB-NULL
TEST_CASE_TEMPLATE("zero sizes: count 0 and nothing written; a 1 does not stretch to 0 (E21)", T,
                   std::int32_t, std::string)
{
  const buf<T> none(0, T{});
  SUBCASE("(0,3) to (0,3) and (1,0) to (2,0) succeed and write nothing")
  {
    buf<T> z = canaries<T>(4);
    const std::string before = show(z);
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(none, {0, 3}, z, {0, 3});
    REQUIRE(r);
    CHECK(*r == shape{0, 3});
    REQUIRE(sonnx::broadcast_to<T>(none, {1, 0}, z, {2, 0}));
    CHECK(show(z) == before);
    /* Empty spans (NULL data) are fine when nothing is read or written. */
    REQUIRE(sonnx::broadcast_to<T>(std::span<const T>(), {0}, std::span<T>(), {0}));
  }
  SUBCASE("N-ary (2,0) with (1,0) gives (2,0), nothing written")
  {
    buf<T> z0 = canaries<T>(2);
    buf<T> z1 = canaries<T>(2);
    const std::string before = show(z0) + show(z1);
    const sonnx::result<shape> r = sonnx::broadcast<T>({none, none}, {{2, 0}, {1, 0}}, {z0, z1});
    REQUIRE(r);
    CHECK(*r == shape{2, 0});
    CHECK(show(z0) + show(z1) == before);
  }
  SUBCASE("(1) to (0) and (3) to (0,3) are incompatible under the SONNX rule")
  {
    const buf<T> one = buf<T>::of({1});
    buf<T> z = canaries<T>(3);
    const std::string before = show(z);
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(one, {1}, z, {0});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_INCOMPATIBLE, 0, 0, 1, 0);
    CHECK(r.error().rule() == SONNX_RULE_ONNX_UNIDIR);
    CHECK(msg(r.error()) == "input 0, axis 0: size 1 does not broadcast to 0 (ONNX-UNIDIR)");
    const buf<T> three = buf<T>::of({1, 2, 3});
    const sonnx::result<shape> s = sonnx::broadcast_to<T>(three, {3}, z, {0, 3});
    REQUIRE(!s);
    check_error(s.error(), SONNX_ERR_INCOMPATIBLE, 0, 0, 1, 0);
    CHECK(show(z) == before);
  }
  SUBCASE("N-ary (0,3) with (3): incompatible, named at the input whose addition fails")
  {
    const buf<T> three = buf<T>::of({1, 2, 3});
    buf<T> z0 = canaries<T>(3);
    buf<T> z1 = canaries<T>(3);
    const std::string before = show(z0) + show(z1);
    const sonnx::result<shape> r = sonnx::broadcast<T>({none, three}, {{0, 3}, {3}}, {z0, z1});
    REQUIRE(!r);
    CHECK(r.error().status() == SONNX_ERR_INCOMPATIBLE);
    CHECK(r.error().input() == 1);
    CHECK(r.error().axis() == 0);
    CHECK(show(z0) + show(z1) == before);
  }
}

// @req SONNX-C1 ARRAYAPI-ALGO LIB-OVERFLOW
TEST_CASE("zero sizes in shapes: the two rules differ on (0) with (1); a 0 makes the count 0")
{
  check_no_common(false, {{0}, {1}}, 0, 0, 0, 1, "input 0, axis 0: size 0 is not 1 (SONNX-C1)");
  const sonnx::result<shape> np = sonnx::broadcast_shape_numpy({{0}, {1}});
  REQUIRE(np);
  CHECK(*np == shape{0});
  CHECK(sonnx::count(shape{0, 3}).value() == 0);
  if constexpr (k64) {
    CHECK(sonnx::count(shape{0, k2p32, k2p32}).value() == 0); /* never an overflow */
  }
}

/* ======================= Errors: every status, nothing written ======================= */

// @req LIB-ROWMAJOR LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE_TEMPLATE("SONNX_ERR_ARGUMENT: a data span whose length is not its shape's count", T,
                   std::int32_t, std::string)
{
  buf<T> z = canaries<T>(6);
  const std::string before = show(z);
  SUBCASE("too short")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(buf<T>::of({1, 2, 3, 4, 5}), {2, 3}, z, {2, 3});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_ARGUMENT, 0, kNo, 5, 6);
    CHECK(msg(r.error()) == "input 0: 5 elements given, its shape has 6 (LIB-ROWMAJOR)");
  }
  SUBCASE("too long")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(buf<T>::of({1, 2, 3, 4, 5, 6, 7}), {2, 3}, z, {2, 3});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_ARGUMENT, 0, kNo, 7, 6);
  }
  SUBCASE("checked before the shapes (step 1)")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(buf<T>::of({1, 2, 3, 4, 5}), {2, 3}, z, {4});
    REQUIRE(!r);
    CHECK(r.error().status() == SONNX_ERR_ARGUMENT);
  }
  SUBCASE("N-ary: input 1 too short")
  {
    buf<T> z1 = canaries<T>(6);
    const sonnx::result<shape> r = sonnx::broadcast<T>({buf<T>::of({1, 2, 3, 4, 5, 6}), buf<T>::of({7, 8})},
                                                       {{2, 3}, {3}}, {z, z1});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_ARGUMENT, 1, kNo, 2, 3);
    CHECK(msg(r.error()) == "input 1: 2 elements given, its shape has 3 (LIB-ROWMAJOR)");
    CHECK(show(z1) == before);
  }
  CHECK(show(z) == before);
}

// @req SONNX-SIG SONNX-L-RANGE LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("SONNX_ERR_ARGUMENT: input counts (one data span and one output per shape, 1 <= n)")
{
  const buf<std::int32_t> x{1, 2, 3, 4, 5, 6};
  const buf<std::int32_t> v{7, 8, 9};
  buf<std::int32_t> z0 = canaries<std::int32_t>(6);
  buf<std::int32_t> z1 = canaries<std::int32_t>(6);
  const std::string before = show(z0) + show(z1);

  const sonnx::result<shape> a = sonnx::broadcast<std::int32_t>({x, v}, {{2, 3}}, {z0, z1});
  REQUIRE(!a);
  check_error(a.error(), SONNX_ERR_ARGUMENT, kNo, kNo, 2, 1);
  CHECK(msg(a.error()) == "2 inputs, 1 shapes and 2 outputs: one of each per tensor (SONNX-SIG)");
  const sonnx::result<shape> b = sonnx::broadcast<std::int32_t>({x}, {{2, 3}}, {z0, z1});
  REQUIRE(!b);
  check_error(b.error(), SONNX_ERR_ARGUMENT, kNo, kNo, 2, 1);
  CHECK(msg(b.error()) == "1 inputs, 1 shapes and 2 outputs: one of each per tensor (SONNX-SIG)");

  /* n = 0: L = n - 1 must be in [0, 2^31 - 1[. */
  const std::string zero = "number of inputs 0 is outside [1, 2147483647] (SONNX-L-RANGE)";
  const sonnx::result<shape> c = sonnx::broadcast_shape({});
  REQUIRE(!c);
  check_error(c.error(), SONNX_ERR_ARGUMENT, kNo, kNo, 0, SONNX_MAX_INPUTS);
  CHECK(msg(c.error()) == zero);
  const sonnx::result<shape> c2 = sonnx::broadcast_shape_numpy(std::span<const shape>());
  REQUIRE(!c2);
  CHECK(msg(c2.error()) == zero);
  const sonnx::result<shape> d = sonnx::broadcast<std::int32_t>(
      std::span<const std::span<const std::int32_t>>(), std::span<const shape>(), std::span<const std::span<std::int32_t>>());
  REQUIRE(!d);
  check_error(d.error(), SONNX_ERR_ARGUMENT, kNo, kNo, 0, SONNX_MAX_INPUTS);
  const sonnx::result<shape> d2 = sonnx::broadcast<std::string>(
      std::span<const std::span<const std::string>>(), std::span<const shape>(), std::span<const std::span<std::string>>());
  REQUIRE(!d2);
  check_error(d2.error(), SONNX_ERR_ARGUMENT, kNo, kNo, 0, SONNX_MAX_INPUTS);
  CHECK(show(z0) + show(z1) == before);
}

// @req SONNX-L-RANGE LIB-NOALLOC LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx::max_inputs: the C++ layer's bound on n, with the SONNX-L-RANGE message")
{
  REQUIRE(sonnx::max_inputs == 256);
  std::vector<shape> shapes(sonnx::max_inputs, shape{1});
  shapes.back() = shape{3};
  const sonnx::result<shape> ok = sonnx::broadcast_shape(std::span<const shape>(shapes));
  REQUIRE(ok);
  CHECK(*ok == shape{3});

  std::vector<std::int32_t> data(sonnx::max_inputs + 1);
  std::vector<std::int32_t> out(sonnx::max_inputs + 1, -1);
  std::vector<std::span<const std::int32_t>> xs;
  std::vector<std::span<std::int32_t>> zs;
  for (std::size_t m = 0; m <= sonnx::max_inputs; ++m) {
    data[m] = static_cast<std::int32_t>(m);
    xs.emplace_back(&data[m], 1);
    zs.emplace_back(&out[m], 1);
  }
  std::vector<shape> ones1(sonnx::max_inputs + 1, shape{1});
  const sonnx::result<shape> n256 = sonnx::broadcast<std::int32_t>(
      std::span(xs).first(sonnx::max_inputs), std::span<const shape>(ones1).first(sonnx::max_inputs),
      std::span(zs).first(sonnx::max_inputs));
  REQUIRE(n256);
  CHECK(*n256 == shape{1});
  CHECK(out[255] == 255);
  CHECK(out[256] == -1);

  out.assign(out.size(), -1);
  const std::string message = "number of inputs 257 is outside [1, 256] (SONNX-L-RANGE)";
  const sonnx::result<shape> n257 = sonnx::broadcast<std::int32_t>(xs, ones1, zs);
  REQUIRE(!n257);
  check_error(n257.error(), SONNX_ERR_ARGUMENT, kNo, kNo, 257, 256);
  CHECK(msg(n257.error()) == message);
  CHECK(std::count(out.begin(), out.end(), -1) == 257);
  const sonnx::result<shape> s257 = sonnx::broadcast_shape(std::span<const shape>(ones1));
  REQUIRE(!s257);
  check_error(s257.error(), SONNX_ERR_ARGUMENT, kNo, kNo, 257, 256);
  CHECK(msg(s257.error()) == message);
  const sonnx::result<shape> np257 = sonnx::broadcast_shape_numpy(std::span<const shape>(ones1));
  REQUIRE(!np257);
  CHECK(msg(np257.error()) == message);
}

// @req LIB-RANK LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE_TEMPLATE("SONNX_ERR_RANK: a shape of rank SONNX_MAX_RANK + 1, nothing written", T, std::int32_t,
                   std::string)
{
  const shape r65 = ones(SONNX_MAX_RANK + 1);
  CHECK(!r65.valid());
  CHECK(r65.rank() == 65);
  CHECK(r65.dims().size() == 64);

  const sonnx::result<shape> s = sonnx::broadcast_shape({{2}, r65});
  REQUIRE(!s);
  check_error(s.error(), SONNX_ERR_RANK, 1, kNo, 65, 64);
  CHECK(msg(s.error()) == "input 1: rank 65 exceeds 64 (LIB-RANK)");
  const sonnx::result<std::size_t> c = sonnx::count(r65);
  REQUIRE(!c);
  check_error(c.error(), SONNX_ERR_RANK, 0, kNo, 65, 64);

  const buf<T> x = buf<T>::of({7});
  buf<T> z = canaries<T>(4);
  buf<T> z1 = canaries<T>(4);
  const std::string before = show(z);
  const sonnx::result<shape> a = sonnx::broadcast_to<T>(x, r65, z, {2, 2});
  REQUIRE(!a);
  check_error(a.error(), SONNX_ERR_RANK, 0, kNo, 65, 64);
  CHECK(msg(a.error()) == "input 0: rank 65 exceeds 64 (LIB-RANK)");
  const sonnx::result<shape> b = sonnx::broadcast_to<T>(x, {1}, z, r65);
  REQUIRE(!b);
  check_error(b.error(), SONNX_ERR_RANK, 1, kNo, 65, 64);
  const sonnx::result<shape> n = sonnx::broadcast<T>({buf<T>::of({1, 2}), x}, {{2}, r65}, {z, z1});
  REQUIRE(!n);
  check_error(n.error(), SONNX_ERR_RANK, 1, kNo, 65, 64);
  CHECK(show(z) == before);
  CHECK(show(z1) == before);
}

// @req SONNX-C1 ONNX-UNIDIR ARRAYAPI-INCOMPAT SONNX-REC LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE_TEMPLATE("SONNX_ERR_INCOMPATIBLE: nothing written, the C error fields and message", T,
                   std::int32_t, std::string)
{
  buf<T> z = canaries<T>(24);
  buf<T> z1 = canaries<T>(24);
  const std::string before = show(z);
  SUBCASE("broadcast_to (3) to (4)")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(buf<T>::of({1, 2, 3}), {3}, z, {4});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_INCOMPATIBLE, 0, 0, 3, 4);
    CHECK(r.error().rule() == SONNX_RULE_ONNX_UNIDIR);
    CHECK(msg(r.error()) == "input 0, axis 0: size 3 does not broadcast to 4 (ONNX-UNIDIR)");
  }
  SUBCASE("broadcast_to (2) to (2,3): axis 1 of the target")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(buf<T>::of({1, 2}), {2}, z, {2, 3});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_INCOMPATIBLE, 0, 1, 2, 3);
    CHECK(r.error().rule() == SONNX_RULE_ONNX_UNIDIR);
    CHECK(msg(r.error()) == "input 0, axis 1: size 2 does not broadcast to 3 (ONNX-UNIDIR)");
  }
  SUBCASE("broadcast_to (2,3) to (3): x has the higher rank")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(buf<T>::of({1, 2, 3, 4, 5, 6}), {2, 3}, z, {3});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_INCOMPATIBLE, 0, kNo, 2, 1);
    CHECK(msg(r.error()) == "input 0: rank 2 is above the target rank 1 (ONNX-UNIDIR)");
  }
  SUBCASE("N-ary 002 examples: the second input's addition makes the fold fail")
  {
    /* (3) then (4): input 1 has 4 where the fold so far has 3. */
    const sonnx::result<shape> r =
        sonnx::broadcast<T>({buf<T>::of({1, 2, 3}), buf<T>::of({4, 5, 6, 7})}, {{3}, {4}}, {z, z1});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_INCOMPATIBLE, 1, 0, 4, 3);
    CHECK(msg(r.error()) == "input 1, axis 0: size 4 is neither 3 nor 1 (SONNX-C1)");
    /* (2,1) then (8,4,3): axis 1 of the padded rank 3, input 1 has 4 where the fold has 2. */
    buf<T> big(96, T{});
    const sonnx::result<shape> s =
        sonnx::broadcast<T>({buf<T>::of({1, 2}), big}, {{2, 1}, {8, 4, 3}}, {z, z1});
    REQUIRE(!s);
    check_error(s.error(), SONNX_ERR_INCOMPATIBLE, 1, 1, 4, 2);
    CHECK(msg(s.error()) == "input 1, axis 1: size 4 is neither 2 nor 1 (SONNX-C1)");
  }
  SUBCASE("three inputs: the operator names the fold's failing input, the shape rule its first violation")
  {
    /* (1,3), (2,1), (4,4): the fold gives (2,3), then (4,4) meets the 2 on axis 0.
       The n-ary shape rule takes max (4,4) first, and input 1's 2 is its first violation. */
    buf<T> sixteen(16, T{});
    buf<T> z2 = canaries<T>(24);
    const sonnx::result<shape> r = sonnx::broadcast<T>(
        {buf<T>::of({1, 2, 3}), buf<T>::of({4, 5}), sixteen}, {{1, 3}, {2, 1}, {4, 4}}, {z, z1, z2});
    REQUIRE(!r);
    CHECK(r.error().status() == SONNX_ERR_INCOMPATIBLE);
    CHECK(r.error().input() == 2);
    CHECK(r.error().axis() == 0);
    CHECK(show(z2) == before);
    check_no_common(false, {{1, 3}, {2, 1}, {4, 4}}, 1, 0, 2, 4,
                    "input 1, axis 0: size 2 is neither 4 nor 1 (SONNX-C1)");
  }
  CHECK(show(z) == before);
  CHECK(show(z1) == before);
}

// @req LIB-OVERFLOW LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE_TEMPLATE("SONNX_ERR_OVERFLOW: counts and byte sizes beyond SIZE_MAX, nothing written", T,
                   std::uint8_t, std::int64_t, std::string)
{
  if constexpr (k64) {
    const std::string message = "output: element count or byte size exceeds SIZE_MAX (LIB-OVERFLOW)";
    const buf<T> one = buf<T>::of({1});
    buf<T> z = canaries<T>(4);
    buf<T> z1 = canaries<T>(4);
    const std::string before = show(z);

    /* 2^32 * 2^32 elements: the count itself overflows. */
    const sonnx::result<shape> a = sonnx::broadcast_to<T>(one, {1}, z, {k2p32, k2p32});
    REQUIRE(!a);
    check_error(a.error(), SONNX_ERR_OVERFLOW, kNo, kNo, 0, 0);
    CHECK(msg(a.error()) == message);
    /* 2^62 elements fit, 2^62 * sizeof(T) bytes do not (sizeof(T) >= 8); uint8_t fits: capacity. */
    const sonnx::result<shape> b = sonnx::broadcast_to<T>(one, {1}, z, {k2p62});
    REQUIRE(!b);
    if constexpr (sizeof(T) >= 4) {
      check_error(b.error(), SONNX_ERR_OVERFLOW, kNo, kNo, 0, 0);
    } else {
      check_error(b.error(), SONNX_ERR_CAPACITY, kNo, kNo, 4, k2p62);
    }
    /* N-ary: input 1's own count overflows; its length cannot be checked, C reports it. */
    const sonnx::result<shape> n =
        sonnx::broadcast<T>({one, std::span<const T>()}, {{1}, {k2p32, k2p32}}, {z, z1});
    REQUIRE(!n);
    check_error(n.error(), SONNX_ERR_OVERFLOW, kNo, kNo, 0, 0);
    CHECK(show(z) == before);
    CHECK(show(z1) == before);

    const sonnx::result<std::size_t> c = sonnx::count(shape{k2p32, k2p32});
    REQUIRE(!c);
    check_error(c.error(), SONNX_ERR_OVERFLOW, 0, kNo, 0, 0);
    /* Shapes alone never overflow. */
    const sonnx::result<shape> s = sonnx::broadcast_shape({{k2p32, k2p32}, {1}});
    REQUIRE(s);
    CHECK(*s == shape{k2p32, k2p32});
  }
}

// @req LIB-CAPACITY LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE_TEMPLATE("SONNX_ERR_CAPACITY: outputs counted in elements; an empty span is too small, never NULL",
                   T, std::int32_t, double, std::string)
{
  const buf<T> v = buf<T>::of({7, 8, 9});
  buf<T> z = canaries<T>(5);
  const std::string before = show(z);
  SUBCASE("broadcast_to: 5 elements for 6")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(v, {3}, z, {2, 3});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_CAPACITY, kNo, kNo, 5, 6);
    CHECK(msg(r.error()) == "output: capacity 5 is below the 6 needed (LIB-CAPACITY)");
  }
  SUBCASE("broadcast_to: an empty output span")
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(v, {3}, std::span<T>(), {2, 3});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_CAPACITY, kNo, kNo, 0, 6);
  }
  SUBCASE("broadcast_to: a longer output keeps its tail")
  {
    buf<T> w = canaries<T>(8);
    REQUIRE(sonnx::broadcast_to<T>(v, {3}, w, {2, 3}));
    CHECK(show(std::span<const T>(w.begin(), 6)) == show_vals<T>({7, 8, 9, 7, 8, 9}));
    CHECK(show_one(w[6]) + show_one(w[7]) == show_one(val<T>(107)) + show_one(val<T>(108)));
  }
  SUBCASE("N-ary: output 1 too small, output 0 untouched although large enough")
  {
    buf<T> z0 = canaries<T>(6);
    const std::string before0 = show(z0);
    const sonnx::result<shape> r =
        sonnx::broadcast<T>({buf<T>::of({1, 2, 3, 4, 5, 6}), v}, {{2, 3}, {3}}, {z0, z});
    REQUIRE(!r);
    check_error(r.error(), SONNX_ERR_CAPACITY, 1, kNo, 5, 6);
    CHECK(msg(r.error()) == "output 1: capacity 5 is below the 6 needed (LIB-CAPACITY)");
    CHECK(show(z0) == before0);
    const sonnx::result<shape> e =
        sonnx::broadcast<T>({buf<T>::of({1, 2, 3, 4, 5, 6}), v}, {{2, 3}, {3}}, {std::span<T>(), z0});
    REQUIRE(!e);
    check_error(e.error(), SONNX_ERR_CAPACITY, 0, kNo, 0, 6);
    CHECK(show(z0) == before0);
  }
  CHECK(show(z) == before);
}

/* ======================= The value types ======================= */

// @req LIB-RANK LIB-NOALLOC
TEST_CASE("sonnx::shape: a value of fixed capacity, viewed by C without copying")
{
  const shape s{2, 3};
  CHECK(s.rank() == 2);
  CHECK(s.valid());
  CHECK(s[0] == 2);
  CHECK(s[1] == 3);
  CHECK(s.dims().size() == 2);
  const std::vector<std::size_t> d{2, 3};
  CHECK(shape(std::span<const std::size_t>(d)) == s);
  CHECK(shape(d) == s);
  CHECK(!(s == shape{3, 2}));
  CHECK(!(s == shape{2, 3, 1}));
  CHECK(!(s == shape{1, 2, 3}));
  CHECK(shape{} == shape());
  CHECK(shape{}.rank() == 0);
  CHECK(shape{5}.rank() == 1); /* a braced size is a rank-1 shape */
  const sonnx_shape c = s.as_c();
  CHECK(c.rank == 2);
  CHECK(c.dims == s.dims().data());
  CHECK(c.dims[1] == 3);
  /* More sizes than SONNX_MAX_RANK: the first 64 kept, the rank as given, no longer valid. */
  const shape big = ones(100, {{63, 7}, {64, 9}});
  CHECK(big.rank() == 100);
  CHECK(!big.valid());
  CHECK(big.dims().size() == 64);
  CHECK(big[63] == 7);
  CHECK(big.as_c().rank == 100);
  CHECK(!(big == ones(64, {{63, 7}})));
  constexpr shape at_compile_time{4, 5};
  static_assert(at_compile_time.rank() == 2 && at_compile_time[1] == 5);
}

// @req LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx::error and sonnx::result: success, failure, messages")
{
  const sonnx::result<shape> ok = sonnx::broadcast_shape({{2, 1}, {3}});
  REQUIRE(ok);
  CHECK(ok.has_value());
  CHECK(ok.value() == shape{2, 3});
  CHECK(*ok == shape{2, 3});
  CHECK(ok->rank() == 2);
  CHECK(ok.status() == SONNX_OK);
  check_error(ok.error(), SONNX_OK, kNo, kNo, 0, 0);
  CHECK(msg(ok.error()) == "no error");

  const sonnx::error none;
  CHECK(none.status() == SONNX_OK);
  CHECK(msg(none) == "no error");

  sonnx_error c{}; /* rule = SONNX_RULE_SONNX, the default */
  c.status = SONNX_ERR_INCOMPATIBLE;
  c.input = 1;
  c.axis = 2;
  c.size = 4;
  c.expected = 3;
  const sonnx::error e(c);
  CHECK(msg(e) == "input 1, axis 2: size 4 is neither 3 nor 1 (SONNX-C1)"); /* issue #3's example */
  CHECK(e.c_error().size == 4);
  char text[SONNX_MESSAGE_MAX];
  CHECK(sonnx_format_error(&c, text, sizeof text) == e.message().size());
  CHECK(std::string(text) == msg(e));

  const sonnx::error longer(c, std::string(300, 'x'));
  CHECK(longer.message().size() == SONNX_MESSAGE_MAX - 1);
  CHECK(longer.message().data()[SONNX_MESSAGE_MAX - 1] == '\0');
  CHECK(longer.status() == SONNX_ERR_INCOMPATIBLE);

  const sonnx::result<shape> bad = sonnx::broadcast_shape({{2}, {3}});
  REQUIRE(!bad);
  CHECK(bad.status() == SONNX_ERR_INCOMPATIBLE);
  CHECK(*bad == shape{});
  CHECK(bad->rank() == 0);

  const sonnx::result<std::size_t> n = sonnx::count(shape{2, 3, 4});
  REQUIRE(n);
  CHECK(*n == 24);
}

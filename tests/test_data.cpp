/* Unit tests of the data part of sonnx_broadcast.h: sonnx_broadcast_to,
 * sonnx_broadcast_strides, sonnx_source_offset and the N-ary operator
 * sonnx_broadcast. Element placement (SONNX step 2 with f, row-major
 * storage), the examples of the spec sources 002 and 003 with real data,
 * rank 0, rank SONNX_MAX_RANK, zero sizes, element sizes, the zero-copy
 * view, and every error status with its precedence, its fields, its message
 * and the guarantee that nothing but *err is written.
 *
 * Every expected value below is derived by hand from the spec text or from
 * the contracts in sonnx_broadcast.h, never taken from a run of the library.
 * The only computed expectations are the reference source offsets of
 * `reference_sources`, written from the spec formulas (001 step 1 and the
 * element relation) independently of the library, and used for the
 * consistency properties. Axes, inputs and indices are 0-based.
 */
#include "sonnx_broadcast.h"
/* the two data kernels, sonnx_fast_copy and sonnx_reference_copy, run directly by one case */
#include "sonnx_internal.h"

#include <doctest/doctest.h>

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace {

/* Not `Dims`/`std::vector<size_t>` in doctest expressions: another test file
   specialises doctest's StringMaker for that type; vectors are compared here
   through their printed form instead. */
using Sizes = std::vector<size_t>;

constexpr unsigned char kCanary = 0xA5;
constexpr size_t kNoIndex = SONNX_NO_INDEX;

/* 2^(bits/2): its square overflows size_t, it alone does not. */
constexpr size_t kHalfBits = size_t{1} << (sizeof(size_t) * CHAR_BIT / 2);
/* 2^(bits-1): fits; times 2 (or more) overflows. */
constexpr size_t kTopBit = SIZE_MAX / 2 + 1;

size_t canary_size()
{
  size_t c;
  std::memset(&c, kCanary, sizeof c);
  return c;
}

sonnx_shape view(const Sizes &d)
{
  return sonnx_shape{d.size(), d.empty() ? nullptr : d.data()};
}

size_t product(const Sizes &d)
{
  size_t p = 1;
  for (size_t v : d) {
    p *= v;
  }
  return p;
}

template <class T> std::string show(const std::vector<T> &v)
{
  std::string s = "{";
  for (size_t k = 0; k < v.size(); ++k) {
    s += (k == 0 ? "" : ",") + std::to_string(v[k]);
  }
  return s + "}";
}

std::string show_bytes(const std::vector<unsigned char> &v)
{
  std::vector<unsigned> w(v.begin(), v.end());
  return show(w);
}

bool all_canary(const unsigned char *p, size_t n)
{
  for (size_t k = 0; k < n; ++k) {
    if (p[k] != kCanary) {
      return false;
    }
  }
  return true;
}

bool all_canary(const std::vector<unsigned char> &v)
{
  return all_canary(v.data(), v.size());
}

template <class T> bool canary_object(const T &t)
{
  return all_canary(reinterpret_cast<const unsigned char *>(&t), sizeof t);
}

std::string format(const sonnx_error &e)
{
  char buf[SONNX_MESSAGE_MAX + 8];
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

sonnx_error canary_error()
{
  sonnx_error e;
  std::memset(&e, kCanary, sizeof e);
  return e;
}

/* Reference oracle from the spec: for each output element o (row-major in z),
   the row-major offset in x of the element SONNX-ELEM selects. The multi-index
   of o is split digit by digit; the axes padded on the left (001 step 1) are
   skipped; on x's own axes f gives the index (a if B == C, first index if
   B == 1); the offset is accumulated in Horner form. */
Sizes reference_sources(const Sizes &x, const Sizes &z)
{
  const size_t r = z.size();
  const size_t p = r - x.size();
  const size_t count = product(z);
  Sizes out(count);
  for (size_t o = 0; o < count; ++o) {
    Sizes idx(r);
    size_t q = o;
    for (size_t k = r; k-- > 0;) {
      idx[k] = q % z[k];
      q /= z[k];
    }
    size_t off = 0;
    for (size_t j = 0; j < x.size(); ++j) {
      const size_t a = idx[p + j];
      const size_t f = (x[j] == z[p + j]) ? a : 0;
      off = off * x[j] + f;
    }
    out[o] = off;
  }
  return out;
}

/* Row-major multi-index of flat element o of shape z. */
Sizes unflatten(const Sizes &z, size_t o)
{
  Sizes idx(z.size());
  for (size_t k = z.size(); k-- > 0;) {
    idx[k] = o % z[k];
    o /= z[k];
  }
  return idx;
}

/* ---- sonnx_broadcast_to on typed data ---- */

struct ToResult {
  sonnx_status status;
  sonnx_error err;
  bool tail_untouched; /* bytes past count(z) * elem_size kept their canary */
};

/* Broadcasts x (values xv) to z into out (resized to count(z)); capacity exact. */
template <class T>
ToResult broadcast_to_typed(const Sizes &x, const std::vector<T> &xv, const Sizes &z,
                            std::vector<T> &out)
{
  const size_t count = product(z);
  constexpr size_t tail = 16;
  std::vector<unsigned char> buf(count * sizeof(T) + tail, kCanary);
  ToResult r;
  r.err = canary_error();
  r.status = sonnx_broadcast_to(view(x), xv.empty() ? nullptr : xv.data(), sizeof(T), view(z),
                                buf.data(), count * sizeof(T), &r.err);
  r.tail_untouched = all_canary(buf.data() + count * sizeof(T), tail);
  out.assign(count, T{});
  if (count > 0) {
    std::memcpy(out.data(), buf.data(), count * sizeof(T));
  }
  /* The same call without err gives the same status and the same bytes. */
  std::vector<unsigned char> quiet(count * sizeof(T) + tail, kCanary);
  CHECK(sonnx_broadcast_to(view(x), xv.empty() ? nullptr : xv.data(), sizeof(T), view(z),
                           quiet.data(), count * sizeof(T), nullptr) == r.status);
  CHECK(show_bytes(quiet) == show_bytes(buf));
  return r;
}

template <class T>
void check_broadcast_to(const Sizes &x, const std::vector<T> &xv, const Sizes &z,
                        const std::vector<T> &expected)
{
  INFO("x ", show(x), " values ", show(xv), " -> z ", show(z));
  std::vector<T> out;
  const ToResult r = broadcast_to_typed(x, xv, z, out);
  CHECK(r.status == SONNX_OK);
  CHECK(r.err.status == SONNX_OK);
  CHECK(r.tail_untouched);
  CHECK(show(out) == show(expected));
}

/* ---- sonnx_broadcast_to errors ---- */

/* Calls sonnx_broadcast_to with an output buffer of z_alloc canary bytes
   (NULL when z_null), with and without err. Checks the status both times and
   that no output byte changed; returns *err. */
sonnx_error to_error(sonnx_shape x, const void *x_data, size_t elem_size, sonnx_shape z,
                     bool z_null, size_t z_capacity, sonnx_status expected_status)
{
  const size_t alloc = z_capacity + 32;
  REQUIRE(alloc <= 4096);
  std::vector<unsigned char> out(alloc, kCanary);
  void *z_data = z_null ? nullptr : out.data();
  sonnx_error err = canary_error();
  CHECK(sonnx_broadcast_to(x, x_data, elem_size, z, z_data, z_capacity, &err) == expected_status);
  CHECK(err.status == expected_status);
  CHECK(all_canary(out));
  CHECK(sonnx_broadcast_to(x, x_data, elem_size, z, z_data, z_capacity, nullptr) ==
        expected_status);
  CHECK(all_canary(out));
  return err;
}

void check_fields(const sonnx_error &e, size_t input, size_t axis, size_t size, size_t expected)
{
  CHECK(e.input == input);
  CHECK(e.axis == axis);
  CHECK(e.size == size);
  CHECK(e.expected == expected);
}

/* ---- strides and source offset ---- */

struct StridesResult {
  sonnx_status status;
  sonnx_error err;
  Sizes strides;
  bool tail_untouched;
};

StridesResult strides_of(const Sizes &x, const Sizes &z)
{
  std::vector<size_t> buf(z.size() + 4, canary_size());
  StridesResult r;
  r.err = canary_error();
  r.status = sonnx_broadcast_strides(view(x), view(z), buf.data(), &r.err);
  r.strides.assign(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(z.size()));
  r.tail_untouched = true;
  for (size_t k = z.size(); k < buf.size(); ++k) {
    r.tail_untouched = r.tail_untouched && canary_object(buf[k]);
  }
  return r;
}

void check_strides(const Sizes &x, const Sizes &z, const Sizes &expected)
{
  INFO("x ", show(x), " -> z ", show(z));
  const StridesResult r = strides_of(x, z);
  CHECK(r.status == SONNX_OK);
  CHECK(r.err.status == SONNX_OK);
  CHECK(show(r.strides) == show(expected));
  CHECK(r.tail_untouched);
  std::vector<size_t> quiet(z.size() + 1, 0);
  CHECK(sonnx_broadcast_strides(view(x), view(z), quiet.data(), nullptr) == SONNX_OK);
  quiet.resize(z.size());
  CHECK(show(quiet) == show(expected));
}

void check_offset(const Sizes &x, const Sizes &z, const Sizes &index, size_t expected)
{
  INFO("x ", show(x), " -> z ", show(z), " index ", show(index));
  size_t offset = canary_size();
  sonnx_error err = canary_error();
  CHECK(sonnx_source_offset(view(x), view(z), index.empty() ? nullptr : index.data(), &offset,
                            &err) == SONNX_OK);
  CHECK(err.status == SONNX_OK);
  CHECK(offset == expected);
  size_t quiet = canary_size();
  CHECK(sonnx_source_offset(view(x), view(z), index.data(), &quiet, nullptr) == SONNX_OK);
  CHECK(quiet == expected);
}

/* Calls sonnx_broadcast_strides with a canary strides array (NULL when
   strides_null), with and without err; checks status and no write. */
sonnx_error strides_error(sonnx_shape x, sonnx_shape z, bool strides_null,
                          sonnx_status expected_status)
{
  std::vector<size_t> buf(SONNX_MAX_RANK + 8, canary_size());
  size_t *strides = strides_null ? nullptr : buf.data();
  sonnx_error err = canary_error();
  CHECK(sonnx_broadcast_strides(x, z, strides, &err) == expected_status);
  CHECK(err.status == expected_status);
  CHECK(sonnx_broadcast_strides(x, z, strides, nullptr) == expected_status);
  bool untouched = true;
  for (size_t v : buf) {
    untouched = untouched && canary_object(v);
  }
  CHECK(untouched);
  return err;
}

/* Same for sonnx_source_offset, offset canary. */
sonnx_error offset_error(sonnx_shape x, sonnx_shape z, const size_t *index, bool offset_null,
                         sonnx_status expected_status)
{
  size_t offset = canary_size();
  size_t *out = offset_null ? nullptr : &offset;
  sonnx_error err = canary_error();
  CHECK(sonnx_source_offset(x, z, index, out, &err) == expected_status);
  CHECK(err.status == expected_status);
  CHECK(sonnx_source_offset(x, z, index, out, nullptr) == expected_status);
  CHECK(canary_object(offset));
  return err;
}

/* ---- sonnx_broadcast ---- */

/* Owns the bytes of an input tensor. */
struct Tensor {
  Sizes dims;
  std::vector<unsigned char> bytes;
  size_t elem_size;

  template <class T> static Tensor of(Sizes d, const std::vector<T> &values)
  {
    Tensor t{std::move(d), std::vector<unsigned char>(values.size() * sizeof(T)), sizeof(T)};
    if (!values.empty()) {
      std::memcpy(t.bytes.data(), values.data(), t.bytes.size());
    }
    return t;
  }
  sonnx_tensor c() const
  {
    return sonnx_tensor{view(dims), bytes.empty() ? nullptr : bytes.data(), elem_size};
  }
};

/* A call of sonnx_broadcast: raw input views (so tests can break them),
   output capacities (bytes), outputs to pass as NULL, dims capacity. Output
   buffers, out_dims and out_rank start as canary bytes. */
struct Call {
  std::vector<sonnx_tensor> inputs;
  Sizes capacities;
  std::vector<bool> null_output;
  size_t dims_capacity = SONNX_MAX_RANK;
  bool null_out_dims = false;

  /* Filled by run(). */
  std::vector<std::vector<unsigned char>> out;
  std::vector<size_t> out_dims;
  size_t out_rank = 0;
  sonnx_error err{};
  sonnx_status status = SONNX_OK;

  static constexpr size_t kTail = 16;

  explicit Call(std::vector<sonnx_tensor> in, size_t default_capacity = 4096)
      : inputs(std::move(in)), capacities(inputs.size(), default_capacity),
        null_output(inputs.size(), false)
  {
  }

  sonnx_status invoke(sonnx_error *e)
  {
    out.assign(inputs.size(), {});
    std::vector<sonnx_buffer> buffers(inputs.size());
    for (size_t m = 0; m < inputs.size(); ++m) {
      REQUIRE(capacities[m] <= 1u << 20);
      out[m].assign(capacities[m] + kTail, kCanary);
      buffers[m] = sonnx_buffer{null_output[m] ? nullptr : out[m].data(), capacities[m]};
    }
    out_dims.assign(dims_capacity + 4, canary_size());
    std::memset(&out_rank, kCanary, sizeof out_rank);
    return sonnx_broadcast(inputs.size(), inputs.data(), buffers.data(),
                           null_out_dims ? nullptr : out_dims.data(), dims_capacity, &out_rank, e);
  }

  /* Runs without err first, then with err (the state kept is the second one). The quiet call's
     effects are checked before invoke() re-fills the canaries: on error nothing written; on
     success the same out_dims, out_rank and output bytes as the call with err. */
  sonnx_status run()
  {
    const sonnx_status quiet = invoke(nullptr);
    if (quiet != SONNX_OK) {
      CHECK(nothing_written());
    }
    const std::vector<std::vector<unsigned char>> quiet_out = out;
    const std::vector<size_t> quiet_dims = out_dims;
    const size_t quiet_rank = out_rank;
    err = canary_error();
    status = invoke(&err);
    CHECK(status == quiet);
    CHECK(err.status == status);
    if (quiet == SONNX_OK && status == SONNX_OK) {
      CHECK(out_rank == quiet_rank);
      CHECK(out_dims == quiet_dims);
      CHECK(out == quiet_out);
    }
    return status;
  }

  bool nothing_written() const
  {
    bool ok = canary_object(out_rank);
    for (size_t d : out_dims) {
      ok = ok && canary_object(d);
    }
    for (const auto &o : out) {
      ok = ok && all_canary(o);
    }
    return ok;
  }

  Sizes result_dims() const
  {
    return Sizes(out_dims.begin(), out_dims.begin() + static_cast<std::ptrdiff_t>(out_rank));
  }

  /* On success: out_dims past out_rank and output bytes past count * elem_size untouched. */
  bool tails_untouched() const
  {
    bool ok = true;
    for (size_t k = out_rank; k < out_dims.size(); ++k) {
      ok = ok && canary_object(out_dims[k]);
    }
    const size_t count = product(result_dims());
    for (size_t m = 0; m < out.size(); ++m) {
      const size_t used = count * inputs[m].elem_size;
      ok = ok && all_canary(out[m].data() + used, out[m].size() - used);
    }
    return ok;
  }

  template <class T> std::vector<T> output(size_t m) const
  {
    const size_t count = product(result_dims());
    std::vector<T> v(count);
    REQUIRE(sizeof(T) == inputs[m].elem_size);
    if (count > 0) {
      std::memcpy(v.data(), out[m].data(), count * sizeof(T));
    }
    return v;
  }
};

/* Broadcasts the tensors; checks success, the common shape and the tails. */
void run_ok(Call &call, const Sizes &expected_dims)
{
  CHECK(call.run() == SONNX_OK);
  REQUIRE(call.status == SONNX_OK);
  CHECK(call.out_rank == expected_dims.size());
  CHECK(show(call.result_dims()) == show(expected_dims));
  CHECK(call.tails_untouched());
}

/* Runs; checks the error status, that nothing was written; returns err. */
sonnx_error run_error(Call &call, sonnx_status expected_status)
{
  CHECK(call.run() == expected_status);
  CHECK(call.nothing_written());
  return call.err;
}

template <class T> std::vector<T> add(const std::vector<T> &a, const std::vector<T> &b)
{
  std::vector<T> s(a.size());
  for (size_t k = 0; k < a.size(); ++k) {
    s[k] = static_cast<T>(a[k] + b[k]);
  }
  return s;
}

std::vector<int32_t> iota(size_t n, int32_t first = 0)
{
  std::vector<int32_t> v(n);
  for (size_t k = 0; k < n; ++k) {
    v[k] = first + static_cast<int32_t>(k);
  }
  return v;
}

} // namespace

/* ======================= Spec examples with data ======================= */

// @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-SIG
TEST_CASE("002: (5,4) with (1) and with (4), with data")
{
  const Tensor a = Tensor::of<int32_t>({5, 4}, iota(20));
  const Sizes z{5, 4};

  SUBCASE("(5,4) with (1): the single element everywhere")
  {
    const Tensor b = Tensor::of<int32_t>({1}, {100});
    Call call({a.c(), b.c()});
    run_ok(call, z);
    CHECK(show(call.output<int32_t>(0)) == show(iota(20)));
    CHECK(show(call.output<int32_t>(1)) == show(std::vector<int32_t>(20, 100)));
    check_broadcast_to<int32_t>({1}, {100}, z, std::vector<int32_t>(20, 100));
  }
  SUBCASE("(5,4) with (4): every row is the vector")
  {
    const Tensor b = Tensor::of<int32_t>({4}, {1, 2, 3, 4});
    Call call({a.c(), b.c()});
    run_ok(call, z);
    CHECK(show(call.output<int32_t>(0)) == show(iota(20)));
    const std::vector<int32_t> rows{1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4};
    CHECK(show(call.output<int32_t>(1)) == show(rows));
    check_broadcast_to<int32_t>({4}, {1, 2, 3, 4}, z, rows);
    /* Reversed order: same common shape, outputs swapped. */
    Call swapped({b.c(), a.c()});
    run_ok(swapped, z);
    CHECK(show(swapped.output<int32_t>(0)) == show(rows));
    CHECK(show(swapped.output<int32_t>(1)) == show(iota(20)));
  }
}

// @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-SIG
TEST_CASE("002: (8,1,6,1) with (7,1,5), element by element")
{
  /* A[i,0,k,0] = 6i + k (row-major of (8,1,6,1)); B[j,0,l] = 5j + l (of (7,1,5)). */
  const Tensor a = Tensor::of<int32_t>({8, 1, 6, 1}, iota(48));
  const Tensor b = Tensor::of<int32_t>({7, 1, 5}, iota(35));
  Call call({a.c(), b.c()}, 1680 * 4);
  run_ok(call, {8, 7, 6, 5});
  const std::vector<int32_t> za = call.output<int32_t>(0);
  const std::vector<int32_t> zb = call.output<int32_t>(1);
  REQUIRE(za.size() == 8u * 7 * 6 * 5);
  size_t bad_a = 0;
  size_t bad_b = 0;
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 7; ++j) {
      for (int k = 0; k < 6; ++k) {
        for (int l = 0; l < 5; ++l) {
          const size_t o = static_cast<size_t>(((i * 7 + j) * 6 + k) * 5 + l);
          bad_a += za[o] != 6 * i + k;
          bad_b += zb[o] != 5 * j + l;
        }
      }
    }
  }
  CHECK(bad_a == 0);
  CHECK(bad_b == 0);
  /* A few elements spelled out: Z at (0,0,0,4), (1,2,3,4), (7,6,5,4). */
  CHECK(za[4] == 0);
  CHECK(zb[4] == 4);
  CHECK(za[((1 * 7 + 2) * 6 + 3) * 5 + 4] == 9);
  CHECK(zb[((1 * 7 + 2) * 6 + 3) * 5 + 4] == 14);
  CHECK(za[1679] == 47);
  CHECK(zb[1679] == 34);
}

// @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-SIG
TEST_CASE("002: (15,3,5) with (15,1,5), (3,5) and (3,1)")
{
  const Tensor a = Tensor::of<int32_t>({15, 3, 5}, iota(225));
  struct Case {
    Sizes b;
    int (*value)(int i, int j, int k); /* B's element that Z_B[i,j,k] holds */
  };
  const Case cases[] = {
      {{15, 1, 5}, [](int i, int, int k) { return 5 * i + k; }},
      {{3, 5}, [](int, int j, int k) { return 5 * j + k; }},
      {{3, 1}, [](int, int j, int) { return j; }},
  };
  for (const Case &c : cases) {
    INFO("B ", show(c.b));
    const Tensor b = Tensor::of<int32_t>(c.b, iota(product(c.b)));
    Call call({a.c(), b.c()});
    run_ok(call, {15, 3, 5});
    CHECK(show(call.output<int32_t>(0)) == show(iota(225)));
    const std::vector<int32_t> zb = call.output<int32_t>(1);
    size_t bad = 0;
    for (int i = 0; i < 15; ++i) {
      for (int j = 0; j < 3; ++j) {
        for (int k = 0; k < 5; ++k) {
          bad += zb[static_cast<size_t>((i * 3 + j) * 5 + k)] != c.value(i, j, k);
        }
      }
    }
    CHECK(bad == 0);
  }
}

// @req SONNX-C1 ONNX-UNIDIR LIB-ERR-STATUS LIB-ERR-NOWRITE SONNX-REC
TEST_CASE("002: shapes that do not broadcast, with data: nothing written")
{
  SUBCASE("(3) with (4)")
  {
    const Tensor a = Tensor::of<int32_t>({3}, {1, 2, 3});
    const Tensor b = Tensor::of<int32_t>({4}, {1, 2, 3, 4});
    Call call({a.c(), b.c()});
    const sonnx_error e = run_error(call, SONNX_ERR_INCOMPATIBLE);
    check_fields(e, 1, 0, 4, 3);
    CHECK(format(e) == "input 1, axis 0: size 4 is neither 3 nor 1 (SONNX-C1)");
    const Sizes x{3};
    const Sizes z{4};
    const int32_t xv[3] = {1, 2, 3};
    check_fields(to_error(view(x), xv, 4, view(z), false, 16, SONNX_ERR_INCOMPATIBLE), 0, 0, 3, 4);
  }
  SUBCASE("(2,1) with (8,4,3): axis 1 of the padded rank")
  {
    const Tensor a = Tensor::of<int32_t>({2, 1}, {1, 2});
    const Tensor b = Tensor::of<int32_t>({8, 4, 3}, iota(96));
    Call call({a.c(), b.c()});
    /* Fold: (1,2,1) meets (8,4,3); input 1 adds a 4 on axis 1 where 2 stands. */
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 1, 1, 4, 2);
    const Sizes x{2, 1};
    const Sizes z{8, 4, 3};
    const int32_t xv[2] = {1, 2};
    const sonnx_error e = to_error(view(x), xv, 4, view(z), false, 400, SONNX_ERR_INCOMPATIBLE);
    check_fields(e, 0, 1, 2, 4);
    CHECK(e.rule == SONNX_RULE_ONNX_UNIDIR); /* x does not broadcast to z */
    CHECK(format(e) == "input 0, axis 1: size 2 does not broadcast to 4 (ONNX-UNIDIR)");
  }
}

// @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-SIG
TEST_CASE("003: |1 2 3; 4 5 6| + |7 8 9| and + 7")
{
  const std::vector<int32_t> m{1, 2, 3, 4, 5, 6};
  const Tensor a = Tensor::of<int32_t>({2, 3}, m);

  SUBCASE("vector (3) stretched over the rows")
  {
    const Tensor b = Tensor::of<int32_t>({3}, {7, 8, 9});
    Call call({a.c(), b.c()});
    run_ok(call, {2, 3});
    CHECK(show(call.output<int32_t>(0)) == show(m));
    CHECK(show(call.output<int32_t>(1)) == show(std::vector<int32_t>{7, 8, 9, 7, 8, 9}));
    CHECK(show(add(call.output<int32_t>(0), call.output<int32_t>(1))) ==
          show(std::vector<int32_t>{8, 10, 12, 11, 13, 15}));
    check_broadcast_to<int32_t>({3}, {7, 8, 9}, {2, 3}, {7, 8, 9, 7, 8, 9});
  }
  SUBCASE("scalar 7")
  {
    const Tensor b = Tensor::of<int32_t>({}, {7});
    Call call({a.c(), b.c()});
    run_ok(call, {2, 3});
    CHECK(show(call.output<int32_t>(1)) == show(std::vector<int32_t>(6, 7)));
    CHECK(show(add(call.output<int32_t>(0), call.output<int32_t>(1))) ==
          show(std::vector<int32_t>{8, 9, 10, 11, 12, 13}));
    check_broadcast_to<int32_t>({}, {7}, {2, 3}, std::vector<int32_t>(6, 7));
  }
}

// @req SONNX-ELEM SONNX-F LIB-ROWMAJOR ONNX-UNIDIR
TEST_CASE("003: (1,3) and (3,1) to (3,3): rows and columns")
{
  check_broadcast_to<int32_t>({1, 3}, {7, 8, 9}, {3, 3}, {7, 8, 9, 7, 8, 9, 7, 8, 9});
  check_broadcast_to<int32_t>({3, 1}, {7, 8, 9}, {3, 3}, {7, 7, 7, 8, 8, 8, 9, 9, 9});
  /* The vector (3) pads to (1,3): the rows case. */
  check_broadcast_to<int32_t>({3}, {7, 8, 9}, {3, 3}, {7, 8, 9, 7, 8, 9, 7, 8, 9});
}

// @req SONNX-ELEM SONNX-F SONNX-SIG LIB-ROWMAJOR
TEST_CASE("003: outer operation (2,1) with (1,3), both outputs")
{
  const Tensor a = Tensor::of<int32_t>({2, 1}, {1, 2});
  const Tensor b = Tensor::of<int32_t>({1, 3}, {10, 20, 30});
  Call call({a.c(), b.c()});
  run_ok(call, {2, 3});
  CHECK(show(call.output<int32_t>(0)) == show(std::vector<int32_t>{1, 1, 1, 2, 2, 2}));
  CHECK(show(call.output<int32_t>(1)) == show(std::vector<int32_t>{10, 20, 30, 10, 20, 30}));
  CHECK(show(add(call.output<int32_t>(0), call.output<int32_t>(1))) ==
        show(std::vector<int32_t>{11, 21, 31, 12, 22, 32}));
}

// @req SONNX-ELEM SONNX-F SONNX-SIG LIB-ROWMAJOR
TEST_CASE("003: (4,1) values 1..4 with (1,2) values 5,6 give 4x2")
{
  const Tensor a = Tensor::of<int32_t>({4, 1}, {1, 2, 3, 4});
  const Tensor b = Tensor::of<int32_t>({1, 2}, {5, 6});
  Call call({a.c(), b.c()});
  run_ok(call, {4, 2});
  CHECK(show(call.output<int32_t>(0)) == show(std::vector<int32_t>{1, 1, 2, 2, 3, 3, 4, 4}));
  CHECK(show(call.output<int32_t>(1)) == show(std::vector<int32_t>{5, 6, 5, 6, 5, 6, 5, 6}));
  /* 003's result |6 7; 7 8; 8 9; 9 10|. */
  CHECK(show(add(call.output<int32_t>(0), call.output<int32_t>(1))) ==
        show(std::vector<int32_t>{6, 7, 7, 8, 8, 9, 9, 10}));
}

/* ======================= Placement rules ======================= */

// @req SONNX-ELEM SONNX-F LIB-ROWMAJOR ONNX-UNIDIR
TEST_CASE("stretching a middle axis: (2,1,3) to (2,4,3)")
{
  /* x[0,0,:] = 1 2 3, x[1,0,:] = 4 5 6; each row repeated 4 times. */
  check_broadcast_to<int32_t>({2, 1, 3}, {1, 2, 3, 4, 5, 6}, {2, 4, 3},
                              {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6, 4, 5, 6, 4, 5, 6});
  /* Padded and stretched at once: (3,1) to (2,3,2). */
  check_broadcast_to<int32_t>({3, 1}, {7, 8, 9}, {2, 3, 2}, {7, 7, 8, 8, 9, 9, 7, 7, 8, 8, 9, 9});
}

// @req SONNX-STEP1-SHIFT LIB-ROWMAJOR SONNX-ELEM
TEST_CASE("padding moves no data: added leading axes of size 1 or copies")
{
  const std::vector<int32_t> x = iota(6, 1);
  /* (2,3) to (1,1,2,3): the bytes are x's, unchanged. */
  check_broadcast_to<int32_t>({2, 3}, x, {1, 1, 2, 3}, x);
  /* (2,3) to (3,2,3): three consecutive copies. */
  std::vector<int32_t> three;
  for (int c = 0; c < 3; ++c) {
    three.insert(three.end(), x.begin(), x.end());
  }
  check_broadcast_to<int32_t>({2, 3}, x, {3, 2, 3}, three);
  /* Same shape: identity (f(a, C, C) = a). */
  check_broadcast_to<int32_t>({2, 3}, x, {2, 3}, x);
  /* B == C == 1 on every axis: the one element. */
  check_broadcast_to<int32_t>({1, 1}, {42}, {1, 1}, {42});
}

// @req SONNX-ELEM SONNX-F LIB-ROWMAJOR SONNX-STEP1-SHIFT
TEST_CASE("sonnx_broadcast_to agrees with the spec oracle on many shape pairs")
{
  struct Pair {
    Sizes x;
    Sizes z;
  };
  const Pair pairs[] = {
      {{3, 1}, {2, 3, 4}},      {{2, 1, 3}, {2, 4, 3}}, {{4}, {2, 3, 4}},
      {{}, {2, 3}},             {{8, 1, 6, 1}, {8, 7, 6, 5}}, {{7, 1, 5}, {8, 7, 6, 5}},
      {{1, 3, 1, 2}, {2, 3, 4, 2}}, {{1, 1}, {1, 1}},     {{}, {}},
      {{2, 3, 4}, {2, 3, 4}},   {{1}, {5}},             {{5, 1, 1}, {2, 5, 3, 2}},
  };
  for (const Pair &p : pairs) {
    INFO("x ", show(p.x), " -> z ", show(p.z));
    const std::vector<int32_t> xv = iota(product(p.x), 1000);
    std::vector<int32_t> out;
    const ToResult r = broadcast_to_typed(p.x, xv, p.z, out);
    REQUIRE(r.status == SONNX_OK);
    CHECK(r.tail_untouched);
    const Sizes src = reference_sources(p.x, p.z);
    size_t bad = 0;
    for (size_t o = 0; o < out.size(); ++o) {
      bad += out[o] != xv[src[o]];
    }
    CHECK(bad == 0);
  }
}

/* ======================= Rank 0 and rank SONNX_MAX_RANK ======================= */

// @req SONNX-ELEM SONNX-SIG LIB-ROWMAJOR LIB-CAPACITY
TEST_CASE("rank 0: scalar to scalar and scalar to (2,2)")
{
  check_broadcast_to<int64_t>({}, {-5}, {}, {-5});
  check_broadcast_to<int64_t>({}, {9}, {2, 2}, {9, 9, 9, 9});

  /* Scalar to scalar needs exactly one element of capacity. */
  const Sizes none;
  const int16_t x = 321;
  const sonnx_error e = to_error(view(none), &x, sizeof x, view(none), false, 1, SONNX_ERR_CAPACITY);
  CHECK(e.size == 1);
  CHECK(e.expected == 2);
  CHECK(contains(format(e), "LIB-CAPACITY"));

  /* The N-ary operator over scalars only: rank 0, one element each, out_dims may be NULL. */
  const Tensor a = Tensor::of<int32_t>({}, {3});
  const Tensor b = Tensor::of<double>({}, {2.5});
  Call call({a.c(), b.c()});
  call.dims_capacity = 0;
  call.null_out_dims = true;
  run_ok(call, {});
  CHECK(call.out_rank == 0);
  CHECK(show(call.output<int32_t>(0)) == show(std::vector<int32_t>{3}));
  CHECK(call.output<double>(1)[0] == 2.5);

  /* Scalar with (2,2). */
  const Tensor c = Tensor::of<int32_t>({2, 2}, {1, 2, 3, 4});
  Call mixed({a.c(), c.c()});
  run_ok(mixed, {2, 2});
  CHECK(show(mixed.output<int32_t>(0)) == show(std::vector<int32_t>{3, 3, 3, 3}));
  CHECK(show(mixed.output<int32_t>(1)) == show(std::vector<int32_t>{1, 2, 3, 4}));
}

// @req SONNX-ELEM SONNX-F LIB-RANK LIB-STRIDES LIB-ROWMAJOR SONNX-SIG LIB-CAPACITY
TEST_CASE("rank SONNX_MAX_RANK: mostly 1s with two axes of 2")
{
  /* x: rank 64, size 2 on axis 10. z: rank 64, size 2 on axes 10 and 63.
     Z[i10, i63] sits at 2*i10 + i63 and holds x[i10]. */
  Sizes x(SONNX_MAX_RANK, 1);
  x[10] = 2;
  Sizes z(SONNX_MAX_RANK, 1);
  z[10] = 2;
  z[63] = 2;
  check_broadcast_to<int32_t>(x, {11, 22}, z, {11, 11, 22, 22});
  Sizes s(SONNX_MAX_RANK, 0);
  s[10] = 1;
  check_strides(x, z, s);
  Sizes index(SONNX_MAX_RANK, 0);
  index[10] = 1;
  index[63] = 1;
  check_offset(x, z, index, 1);

  /* v = (2) pads to size 2 on axis 63; to z2 with sizes 2 on axes 0 and 63. */
  const Sizes v{2};
  Sizes z2(SONNX_MAX_RANK, 1);
  z2[0] = 2;
  z2[63] = 2;
  check_broadcast_to<int32_t>(v, {5, 6}, z2, {5, 6, 5, 6});
  Sizes s2(SONNX_MAX_RANK, 0);
  s2[63] = 1;
  check_strides(v, z2, s2);

  /* The N-ary operator: x with v gives z; a dims capacity of exactly 64 is enough. */
  const Tensor tx = Tensor::of<int32_t>(x, {11, 22});
  const Tensor tv = Tensor::of<int32_t>(v, {5, 6});
  Call call({tx.c(), tv.c()});
  call.dims_capacity = SONNX_MAX_RANK;
  run_ok(call, z);
  CHECK(show(call.output<int32_t>(0)) == show(std::vector<int32_t>{11, 11, 22, 22}));
  CHECK(show(call.output<int32_t>(1)) == show(std::vector<int32_t>{5, 6, 5, 6}));

  Call small({tx.c(), tv.c()});
  small.dims_capacity = SONNX_MAX_RANK - 1;
  const sonnx_error e = run_error(small, SONNX_ERR_CAPACITY);
  check_fields(e, kNoIndex, kNoIndex, SONNX_MAX_RANK - 1, SONNX_MAX_RANK);
  CHECK(contains(format(e), "LIB-CAPACITY"));
}

/* ======================= Zero sizes ======================= */

// @req SONNX-ELEM LIB-NULL LIB-OVERFLOW LIB-ERR-NOWRITE SONNX-C1
TEST_CASE("zero sizes: nothing to write, NULL data allowed, a 1 does not stretch to 0")
{
  const Sizes z03{0, 3};
  const Sizes x10{1, 0};
  const Sizes z20{2, 0};
  sonnx_error err = canary_error();

  /* NULL data with a zero count on both sides. */
  CHECK(sonnx_broadcast_to(view(z03), nullptr, 4, view(z03), nullptr, 0, &err) == SONNX_OK);
  CHECK(err.status == SONNX_OK);
  CHECK(sonnx_broadcast_to(view(x10), nullptr, 8, view(z20), nullptr, 0, nullptr) == SONNX_OK);
  /* (0,3) to (2,0,3): padded (1,0,3). */
  const Sizes z203{2, 0, 3};
  CHECK(sonnx_broadcast_to(view(z03), nullptr, 1, view(z203), nullptr, 0, nullptr) == SONNX_OK);

  /* With a real buffer: not a byte written. */
  std::vector<unsigned char> buf(32, kCanary);
  const int32_t unused = 77;
  CHECK(sonnx_broadcast_to(view(x10), &unused, 4, view(z20), buf.data(), buf.size(), nullptr) ==
        SONNX_OK);
  CHECK(all_canary(buf));

  /* A zero size never overflows, whatever the others. */
  const Sizes x011{0, 1, 1};
  const Sizes zhuge{0, kHalfBits, kHalfBits};
  CHECK(sonnx_broadcast_to(view(x011), nullptr, 8, view(zhuge), nullptr, 0, nullptr) == SONNX_OK);

  /* SONNX max rule: (1) -> (0) and (3,1) -> (3,0) are incompatible (E21). */
  const Sizes one{1};
  const Sizes zero{0};
  const int32_t v = 1;
  sonnx_error e = to_error(view(one), &v, 4, view(zero), false, 8, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, 0, 1, 0);
  /* x's 1 faces z's 0: x does not broadcast to z (ONNX-UNIDIR, E21) */
  CHECK(e.rule == SONNX_RULE_ONNX_UNIDIR);
  CHECK(format(e) == "input 0, axis 0: size 1 does not broadcast to 0 (ONNX-UNIDIR)");
  const Sizes x31{3, 1};
  const Sizes z30{3, 0};
  const int32_t three[3] = {1, 2, 3};
  check_fields(to_error(view(x31), three, 4, view(z30), false, 8, SONNX_ERR_INCOMPATIBLE), 0, 1, 1,
               0);
  const Sizes x13{1, 3};
  check_fields(to_error(view(x13), three, 4, view(z03), true, 0, SONNX_ERR_INCOMPATIBLE), 0, 0, 1,
               0);
}

// @req SONNX-ELEM SONNX-SIG SONNX-REC LIB-NULL LIB-ERR-NOWRITE SONNX-C1
TEST_CASE("zero sizes in the N-ary operator")
{
  SUBCASE("single input (0,3): shape (0,3), no data, NULL output allowed")
  {
    sonnx_tensor t{};
    const Sizes d{0, 3};
    t.shape = view(d);
    t.data = nullptr;
    t.elem_size = 4;
    Call call({t}, 0);
    call.null_output[0] = true;
    run_ok(call, {0, 3});
  }
  SUBCASE("(2,0) with (1,0) and (0): shape (2,0)")
  {
    const Sizes a{2, 0};
    const Sizes b{1, 0};
    const Sizes c{0};
    Call call({sonnx_tensor{view(a), nullptr, 2}, sonnx_tensor{view(b), nullptr, 8},
               sonnx_tensor{view(c), nullptr, 1}},
              8);
    run_ok(call, {2, 0});
  }
  SUBCASE("(0,3) with (0,1): a 1 facing 3 is fine")
  {
    const Sizes a{0, 3};
    const Sizes b{0, 1};
    Call call({sonnx_tensor{view(a), nullptr, 4}, sonnx_tensor{view(b), nullptr, 4}}, 0);
    call.null_output = {true, true};
    run_ok(call, {0, 3});
  }
  SUBCASE("(0,3) with (1,3): input 1 adds a 1 where 0 stands")
  {
    const Tensor b = Tensor::of<int32_t>({1, 3}, {1, 2, 3});
    const Sizes a{0, 3};
    Call call({sonnx_tensor{view(a), nullptr, 4}, b.c()});
    const sonnx_error e = run_error(call, SONNX_ERR_INCOMPATIBLE);
    check_fields(e, 1, 0, 1, 0);
    CHECK(contains(format(e), "SONNX-C1"));
  }
  SUBCASE("(1) with (1) then (0): input 2 fails")
  {
    const Tensor a = Tensor::of<int32_t>({1}, {1});
    const Sizes c{0};
    Call call({a.c(), a.c(), sonnx_tensor{view(c), nullptr, 4}});
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 2, 0, 0, 1);
  }
  SUBCASE("() with (0): the fold starts from the scalar itself")
  {
    const Tensor a = Tensor::of<int32_t>({}, {1});
    const Sizes c{0};
    Call call({a.c(), sonnx_tensor{view(c), nullptr, 4}});
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 1, 0, 0, 1);
  }
}

// @req LIB-STRIDES SONNX-ELEM
TEST_CASE("zero sizes: strides and source offsets")
{
  /* (1,0) to (2,0): padded (1,0); axis 1 has x's row-major stride 1, axis 0 is stretched. */
  check_strides({1, 0}, {2, 0}, {0, 1});
  /* (0,3) to (0,3): row-major strides of (0,3). */
  check_strides({0, 3}, {0, 3}, {3, 1});
  /* (B,0,B) with B = 2^(bits/2): blocks 1, B, 0; no overflow since a size is 0. */
  check_strides({kHalfBits, 0, kHalfBits}, {kHalfBits, 0, kHalfBits}, {0, kHalfBits, 1});

  /* No index lies inside a zero-count shape: the first axis out of range is reported. */
  const Sizes x10{1, 0};
  const Sizes z20{2, 0};
  const Sizes idx00{0, 0};
  check_fields(offset_error(view(x10), view(z20), idx00.data(), false, SONNX_ERR_ARGUMENT),
               kNoIndex, 1, 0, 0);
  const Sizes z03{0, 3};
  check_fields(offset_error(view(z03), view(z03), idx00.data(), false, SONNX_ERR_ARGUMENT),
               kNoIndex, 0, 0, 0);
}

/* ======================= Element sizes and types ======================= */

// @req LIB-ELEM-SIZE SONNX-TYPES SONNX-ELEM LIB-ROWMAJOR LIB-CAPACITY
TEST_CASE("every element size >= 1 is copied whole, capacity exactly enough")
{
  /* (3,1) to (2,3,2): Z element (i,j,k) is x element j. */
  const Sizes x{3, 1};
  const Sizes z{2, 3, 2};
  const size_t source[12] = {0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2};
  for (size_t es : {1u, 2u, 3u, 4u, 5u, 8u, 12u, 16u, 255u}) {
    CAPTURE(es);
    /* Element e of x has byte b = e * 64 + b + 1 (mod 256): bytes differ within and across. */
    std::vector<unsigned char> xb(3 * es);
    for (size_t e = 0; e < 3; ++e) {
      for (size_t b = 0; b < es; ++b) {
        xb[e * es + b] = static_cast<unsigned char>(e * 64 + b + 1);
      }
    }
    std::vector<unsigned char> expected(12 * es);
    for (size_t o = 0; o < 12; ++o) {
      std::memcpy(&expected[o * es], &xb[source[o] * es], es);
    }
    std::vector<unsigned char> out(12 * es + 8, kCanary);
    sonnx_error err = canary_error();
    CHECK(sonnx_broadcast_to(view(x), xb.data(), es, view(z), out.data(), 12 * es, &err) ==
          SONNX_OK);
    CHECK(err.status == SONNX_OK);
    CHECK(show_bytes(std::vector<unsigned char>(out.begin(), out.begin() + 12 * es)) ==
          show_bytes(expected));
    CHECK(all_canary(out.data() + 12 * es, 8));

    /* One byte short: CAPACITY, nothing written. */
    const sonnx_error e = to_error(view(x), xb.data(), es, view(z), false, 12 * es - 1,
                                   SONNX_ERR_CAPACITY);
    CHECK(e.size == 12 * es - 1);
    CHECK(e.expected == 12 * es);
  }
}

// @req SONNX-TYPES SONNX-SIG SONNX-ELEM LIB-ELEM-SIZE
TEST_CASE("each input keeps its own element size in the N-ary operator")
{
  struct Bytes3 {
    unsigned char b[3];
  };
  struct Triple {
    int32_t a, b, c;
  };
  static_assert(sizeof(Bytes3) == 3);
  static_assert(sizeof(Triple) == 12);
  const Tensor a = Tensor::of<uint8_t>({3, 1}, {10, 20, 30});
  const Tensor b = Tensor::of<uint64_t>({2, 1, 2}, {0x0102030405060708u, 2, 3, 0xFFFFFFFFFFFFFFFFu});
  const Tensor c = Tensor::of<Triple>({}, {Triple{-1, 2, -3}});
  std::vector<Bytes3> dv(12);
  for (size_t k = 0; k < 12; ++k) {
    dv[k] = Bytes3{{static_cast<unsigned char>(k), static_cast<unsigned char>(100 + k),
                    static_cast<unsigned char>(200 + k)}};
  }
  const Tensor d = Tensor::of<Bytes3>({2, 3, 2}, dv);
  Call call({a.c(), b.c(), c.c(), d.c()});
  run_ok(call, {2, 3, 2});
  /* A (3,1): x element j; B (2,1,2): element 2i + k; C: its one element; D: identity. */
  CHECK(show(call.output<uint8_t>(0)) ==
        show(std::vector<uint8_t>{10, 10, 20, 20, 30, 30, 10, 10, 20, 20, 30, 30}));
  CHECK(show(call.output<uint64_t>(1)) ==
        show(std::vector<uint64_t>{0x0102030405060708u, 2, 0x0102030405060708u, 2,
                                   0x0102030405060708u, 2, 3, 0xFFFFFFFFFFFFFFFFu, 3,
                                   0xFFFFFFFFFFFFFFFFu, 3, 0xFFFFFFFFFFFFFFFFu}));
  const std::vector<Triple> zc = call.output<Triple>(2);
  size_t bad_c = 0;
  for (const Triple &t : zc) {
    bad_c += !(t.a == -1 && t.b == 2 && t.c == -3);
  }
  CHECK(zc.size() == 12);
  CHECK(bad_c == 0);
  const std::vector<Bytes3> zd = call.output<Bytes3>(3);
  CHECK(std::memcmp(zd.data(), dv.data(), 12 * 3) == 0);

  /* Output capacities are per input: each exactly count * its own elem_size. */
  Call exact({a.c(), b.c(), c.c(), d.c()});
  exact.capacities = {12, 96, 144, 36};
  run_ok(exact, {2, 3, 2});
  Call short_c({a.c(), b.c(), c.c(), d.c()});
  short_c.capacities = {12, 96, 143, 36};
  const sonnx_error e = run_error(short_c, SONNX_ERR_CAPACITY);
  check_fields(e, 2, kNoIndex, 143, 144);
  CHECK(contains(format(e), "LIB-CAPACITY"));
  CHECK(contains(format(e), "output 2"));
}

template <class T> struct TwoValues;
template <> struct TwoValues<int8_t> { static constexpr int8_t a = -128, b = 127; };
template <> struct TwoValues<int16_t> { static constexpr int16_t a = -30000, b = 12345; };
template <> struct TwoValues<int32_t> { static constexpr int32_t a = INT32_MIN, b = 7; };
template <> struct TwoValues<int64_t> { static constexpr int64_t a = INT64_MIN, b = INT64_MAX; };
template <> struct TwoValues<uint8_t> { static constexpr uint8_t a = 0, b = 255; };
template <> struct TwoValues<uint16_t> { static constexpr uint16_t a = 0x3C00, b = 0xFBFF; };
template <> struct TwoValues<uint32_t> { static constexpr uint32_t a = 1, b = 0xFFFFFFFFu; };
template <> struct TwoValues<uint64_t> { static constexpr uint64_t a = 1, b = UINT64_MAX; };
template <> struct TwoValues<float> { static constexpr float a = -0.5f, b = 3.25e30f; };
template <> struct TwoValues<double> { static constexpr double a = 1e-300, b = -2.75; };
template <> struct TwoValues<bool> { static constexpr bool a = true, b = false; };

// @req SONNX-TYPES SONNX-ELEM LIB-ELEM-SIZE
TEST_CASE_TEMPLATE("the spec's element types, (2,1) to (2,3)", T, int8_t, int16_t, int32_t,
                   int64_t, uint8_t, uint16_t, uint32_t, uint64_t, float, double, bool)
{
  /* uint16_t doubles as float16 storage (0x3C00 is 1.0, 0xFBFF is -65504). */
  const T x[2] = {TwoValues<T>::a, TwoValues<T>::b};
  const Sizes xd{2, 1};
  const Sizes zd{2, 3};
  std::vector<unsigned char> buf(6 * sizeof(T) + 8, kCanary);
  sonnx_error err = canary_error();
  CHECK(sonnx_broadcast_to(view(xd), x, sizeof(T), view(zd), buf.data(), 6 * sizeof(T), &err) ==
        SONNX_OK);
  CHECK(err.status == SONNX_OK);
  CHECK(all_canary(buf.data() + 6 * sizeof(T), 8));
  T out[6];
  std::memcpy(out, buf.data(), sizeof out);
  CHECK(out[0] == x[0]);
  CHECK(out[1] == x[0]);
  CHECK(out[2] == x[0]);
  CHECK(out[3] == x[1]);
  CHECK(out[4] == x[1]);
  CHECK(out[5] == x[1]);
}

// @req SONNX-TYPES SONNX-ELEM
TEST_CASE("string elements: handles copied by value")
{
  const char *const s0 = "alpha";
  const char *const s1 = "beta";
  const char *const s2 = "gamma";
  const std::vector<const char *> x{s0, s1, s2};
  const Sizes xd{3};
  const Sizes zd{2, 3};
  std::vector<const char *> z(6, nullptr);
  CHECK(sonnx_broadcast_to(view(xd), x.data(), sizeof(const char *), view(zd), z.data(),
                           6 * sizeof(const char *), nullptr) == SONNX_OK);
  CHECK(z[0] == s0);
  CHECK(z[1] == s1);
  CHECK(z[2] == s2);
  CHECK(z[3] == s0);
  CHECK(z[4] == s1);
  CHECK(z[5] == s2);
  CHECK(std::string(z[5]) == "gamma");
}

// Elements are bytes, not values: a copy through a floating-point register could quiet a
// signalling NaN, drop a payload or flush a denormal, and a value comparison would not see it
// (NaN != NaN, -0.0 == 0.0). Checked through sonnx_broadcast_to and through each data kernel:
// sonnx_fast_copy (the one shipped) and sonnx_reference_copy (-DSONNX_REFERENCE_KERNEL's).
// @req SONNX-ELEM
TEST_CASE("sonnx_broadcast_to copies floating-point bit patterns exactly: NaN payloads, signalling NaN, -0.0, denormals, infinities")
{
  /* x (xd) broadcast to zd by kernel k (0: sonnx_broadcast_to, 1: sonnx_fast_copy,
     2: sonnx_reference_copy): count(zd) elements of es bytes, then 8 canary bytes. */
  const auto run = [](int k, const Sizes &xd, const void *x, size_t es, const Sizes &zd) {
    const size_t cx = product(xd), cz = product(zd);
    std::vector<unsigned char> out(cz * es + 8, kCanary);
    if (k == 0) {
      sonnx_error err = canary_error();
      CHECK(sonnx_broadcast_to(view(xd), x, es, view(zd), out.data(), cz * es, &err) == SONNX_OK);
      CHECK(err.status == SONNX_OK);
    } else {
      (k == 1 ? sonnx_fast_copy : sonnx_reference_copy)(static_cast<const char *>(x),
                                                         reinterpret_cast<char *>(out.data()), es,
                                                         view(xd), view(zd), cx, cz);
    }
    CHECK(all_canary(out.data() + cz * es, 8));
    return out;
  };
  /* quiet NaN with payload 1, signalling NaN, -0.0, the smallest denormal, -inf, a negative
     quiet NaN with a payload */
  const uint32_t fbits[6] = {0x7FC00001u, 0x7F800001u, 0x80000000u,
                             0x00000001u, 0xFF800000u, 0xFFC12345u};
  float xf[6];
  static_assert(sizeof xf == sizeof fbits);
  std::memcpy(xf, fbits, sizeof xf);
  const uint64_t dbits[3] = {0x7FF8000000000001u, 0x7FF0000000000001u, 0x8000000000000000u};
  const uint64_t dbits2[3] = {0x0000000000000001u, 0xFFF0000000000000u, 0xFFF123456789ABCDu};
  double xa[3], xb[3];
  std::memcpy(xa, dbits, sizeof xa);
  std::memcpy(xb, dbits2, sizeof xb);
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    /* (1,6) to (5,6): each of the 5 rows is x. */
    const std::vector<unsigned char> zf = run(k, {1, 6}, xf, sizeof(float), {5, 6});
    for (size_t row = 0; row < 5; ++row) {
      CAPTURE(row);
      CHECK(std::memcmp(zf.data() + row * sizeof xf, xf, sizeof xf) == 0);
    }
    /* (3,1) to (3,4): row i is element i four times; the six patterns in two inputs. */
    for (const double *xv : {xa, xb}) {
      const std::vector<unsigned char> zv = run(k, {3, 1}, xv, sizeof(double), {3, 4});
      for (size_t row = 0; row < 3; ++row) {
        for (size_t col = 0; col < 4; ++col) {
          CAPTURE(row);
          CAPTURE(col);
          CHECK(std::memcmp(zv.data() + (row * 4 + col) * sizeof(double), &xv[row], sizeof(double)) == 0);
        }
      }
    }
  }
}

/* ======================= Strides and source offsets ======================= */

// @req LIB-STRIDES SONNX-ELEM SONNX-STEP1-SHIFT
TEST_CASE("sonnx_broadcast_strides: hand-computed strides")
{
  /* (3,1) to (2,3,4): padded (1,3,1); stretched axes 0 and 2, axis 1 stride 1. */
  check_strides({3, 1}, {2, 3, 4}, {0, 1, 0});
  /* (2,1,3) to (2,4,3): padded (2,1,3); blocks 6,3,3,1. */
  check_strides({2, 1, 3}, {2, 4, 3}, {3, 0, 1});
  /* (4) to (2,3,4): two padded axes. */
  check_strides({4}, {2, 3, 4}, {0, 0, 1});
  /* Same shape: the row-major strides. */
  check_strides({2, 3, 4}, {2, 3, 4}, {12, 4, 1});
  check_strides({5, 4}, {5, 4}, {4, 1});
  /* Scalar: all 0. */
  check_strides({}, {2, 3}, {0, 0});
  /* Both sizes 1: the index is always 0, the stride 0 (LIB-STRIDES). */
  check_strides({1, 1}, {1, 1}, {0, 0});
  /* 002's 4-d example, each side. */
  check_strides({8, 1, 6, 1}, {8, 7, 6, 5}, {6, 0, 1, 0});
  check_strides({7, 1, 5}, {8, 7, 6, 5}, {0, 5, 0, 1});

  /* Rank 0 to rank 0: nothing to write; strides may be NULL. */
  const Sizes none;
  sonnx_error err = canary_error();
  CHECK(sonnx_broadcast_strides(view(none), view(none), nullptr, &err) == SONNX_OK);
  CHECK(err.status == SONNX_OK);
}

// @req LIB-STRIDES SONNX-ELEM SONNX-F
TEST_CASE("sonnx_source_offset: hand-computed offsets")
{
  /* f maps (1,2,3) of (2,3,4) onto (0,2,0) of padded (1,3,1): offset 2. */
  check_offset({3, 1}, {2, 3, 4}, {1, 2, 3}, 2);
  check_offset({3, 1}, {2, 3, 4}, {0, 1, 0}, 1);
  /* (1,3,2) of (2,4,3) onto (1,0,2) of (2,1,3): 1*3 + 2. */
  check_offset({2, 1, 3}, {2, 4, 3}, {1, 3, 2}, 5);
  check_offset({2, 1, 3}, {2, 4, 3}, {0, 2, 1}, 1);
  check_offset({4}, {2, 3, 4}, {1, 2, 3}, 3);
  check_offset({}, {2, 3}, {1, 2}, 0);
  check_offset({2, 3, 4}, {2, 3, 4}, {1, 2, 3}, 23);
  /* The last element of each side of 002's 4-d example: A[7,0,5,0] = 47, B[6,0,4] = 34. */
  check_offset({8, 1, 6, 1}, {8, 7, 6, 5}, {7, 6, 5, 4}, 47);
  check_offset({7, 1, 5}, {8, 7, 6, 5}, {7, 6, 5, 4}, 34);

  /* Rank-0 target: index may be NULL, offset 0. */
  const Sizes none;
  size_t offset = canary_size();
  CHECK(sonnx_source_offset(view(none), view(none), nullptr, &offset, nullptr) == SONNX_OK);
  CHECK(offset == 0);
}

// @req LIB-STRIDES SONNX-ELEM SONNX-F LIB-ROWMAJOR
TEST_CASE("strides, source offsets and the copy agree on every index")
{
  struct Pair {
    Sizes x;
    Sizes z;
  };
  const Pair pairs[] = {
      {{3, 1}, {2, 3, 4}},         {{2, 1, 3}, {2, 4, 3}}, {{4}, {2, 3, 4}},
      {{}, {2, 3}},                {{8, 1, 6, 1}, {8, 7, 6, 5}}, {{7, 1, 5}, {8, 7, 6, 5}},
      {{1, 3, 1, 2}, {2, 3, 4, 2}}, {{1, 1}, {1, 1}},     {{5, 1, 1}, {2, 5, 3, 2}},
  };
  for (const Pair &p : pairs) {
    INFO("x ", show(p.x), " -> z ", show(p.z));
    const std::vector<int32_t> xv = iota(product(p.x), 500);
    std::vector<int32_t> zv;
    REQUIRE(broadcast_to_typed(p.x, xv, p.z, zv).status == SONNX_OK);
    const StridesResult st = strides_of(p.x, p.z);
    REQUIRE(st.status == SONNX_OK);
    const Sizes ref = reference_sources(p.x, p.z);
    size_t bad_status = 0;
    size_t bad_offset = 0;
    size_t bad_strides = 0;
    size_t bad_copy = 0;
    for (size_t o = 0; o < zv.size(); ++o) {
      const Sizes idx = unflatten(p.z, o);
      size_t offset = canary_size();
      bad_status += sonnx_source_offset(view(p.x), view(p.z), idx.empty() ? nullptr : idx.data(),
                                        &offset, nullptr) != SONNX_OK;
      bad_offset += offset != ref[o];
      size_t through_strides = 0;
      for (size_t k = 0; k < idx.size(); ++k) {
        through_strides += idx[k] * st.strides[k];
      }
      bad_strides += through_strides != offset;
      bad_copy += zv[o] != xv[offset];
    }
    CHECK(bad_status == 0);
    CHECK(bad_offset == 0);
    CHECK(bad_strides == 0);
    CHECK(bad_copy == 0);
  }
}

/* ======================= SONNX-REC ======================= */

// @req SONNX-REC SONNX-SIG SONNX-ELEM ONNX-UNIDIR
TEST_CASE("recursive definition: each output is its input broadcast alone, and folds compose")
{
  const Tensor x1 = Tensor::of<int32_t>({3, 1}, {1, 2, 3});
  const Tensor x2 = Tensor::of<int32_t>({1, 4}, {10, 20, 30, 40});
  const Tensor x3 = Tensor::of<int32_t>({2, 1, 1}, {100, 200});
  const Sizes d{2, 3, 4};

  Call all({x1.c(), x2.c(), x3.c()});
  run_ok(all, d);

  /* Z_m == broadcast_to(X_m, D). */
  const Tensor *xs[3] = {&x1, &x2, &x3};
  for (size_t m = 0; m < 3; ++m) {
    CAPTURE(m);
    std::vector<int32_t> xv(xs[m]->bytes.size() / 4);
    std::memcpy(xv.data(), xs[m]->bytes.data(), xs[m]->bytes.size());
    std::vector<int32_t> alone;
    REQUIRE(broadcast_to_typed(xs[m]->dims, xv, d, alone).status == SONNX_OK);
    CHECK(show(all.output<int32_t>(m)) == show(alone));
  }
  /* Hand values: Z1[i,j,k] = x1[j], Z2 = x2[k], Z3 = x3[i]. */
  CHECK(all.output<int32_t>(0)[1 * 12 + 2 * 4 + 3] == 3);
  CHECK(all.output<int32_t>(1)[1 * 12 + 2 * 4 + 3] == 40);
  CHECK(all.output<int32_t>(2)[1 * 12 + 2 * 4 + 3] == 200);

  /* Broadcast(Broadcast(X1, X2), X3): the intermediate outputs broadcast again give the same. */
  Call first({x1.c(), x2.c()});
  run_ok(first, {3, 4});
  const Tensor y1 = Tensor::of<int32_t>({3, 4}, first.output<int32_t>(0));
  const Tensor y2 = Tensor::of<int32_t>({3, 4}, first.output<int32_t>(1));
  Call second({y1.c(), y2.c(), x3.c()});
  run_ok(second, d);
  for (size_t m = 0; m < 3; ++m) {
    CAPTURE(m);
    CHECK(show(second.output<int32_t>(m)) == show(all.output<int32_t>(m)));
  }
}

// @req SONNX-REC SONNX-C1 LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("N-ary incompatibility names the first input whose addition breaks the fold")
{
  SUBCASE("(1,3), (2,1), (4,1): the fold meets 4 against 2 when input 2 comes")
  {
    /* The n-ary scan of the shape function would name input 1 (2 is neither 4 nor 1);
       the fold (SONNX-REC) is compatible after input 1 and fails at input 2. */
    const Tensor a = Tensor::of<int32_t>({1, 3}, {1, 2, 3});
    const Tensor b = Tensor::of<int32_t>({2, 1}, {1, 2});
    const Tensor c = Tensor::of<int32_t>({4, 1}, {1, 2, 3, 4});
    Call call({a.c(), b.c(), c.c()});
    const sonnx_error e = run_error(call, SONNX_ERR_INCOMPATIBLE);
    check_fields(e, 2, 0, 4, 2);
    CHECK(format(e) == "input 2, axis 0: size 4 is neither 2 nor 1 (SONNX-C1)");
  }
  SUBCASE("(5,3) with (1,4): axis 1, size 4 met 3")
  {
    const Tensor a = Tensor::of<int32_t>({5, 3}, iota(15));
    const Tensor b = Tensor::of<int32_t>({1, 4}, iota(4));
    Call call({a.c(), b.c()});
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 1, 1, 4, 3);
  }
  SUBCASE("(3) with (2,4): the accumulated rank is the lower one")
  {
    const Tensor a = Tensor::of<int32_t>({3}, iota(3));
    const Tensor b = Tensor::of<int32_t>({2, 4}, iota(8));
    Call call({a.c(), b.c()});
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 1, 1, 4, 3);
  }
  SUBCASE("(0) with (1): input 1's 1 meets a 0")
  {
    const Sizes a{0};
    const Tensor b = Tensor::of<int32_t>({1}, {5});
    Call call({sonnx_tensor{view(a), nullptr, 4}, b.c()});
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 1, 0, 1, 0);
  }
  SUBCASE("earlier outputs are not written when a later input fails")
  {
    const Tensor a = Tensor::of<int32_t>({2, 3}, iota(6));
    const Tensor b = Tensor::of<int32_t>({3}, iota(3));
    const Tensor c = Tensor::of<int32_t>({2, 2}, iota(4));
    Call call({a.c(), b.c(), c.c()});
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 2, 1, 2, 3);
  }
}

/* ======================= Errors of sonnx_broadcast_to ======================= */

// @req LIB-RANK LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_to: bad shapes, x before z, rank before dims")
{
  const Sizes ones65(SONNX_MAX_RANK + 1, 1);
  const Sizes ones66(SONNX_MAX_RANK + 2, 1);
  const Sizes z{2, 3};
  const int32_t xv[6] = {};
  const sonnx_shape x65 = view(ones65);
  const sonnx_shape z66 = view(ones66);
  const sonnx_shape x_null{2, nullptr};
  const sonnx_shape z_null{3, nullptr};
  const sonnx_shape x_ok = view(z);

  sonnx_error e = to_error(x65, xv, 4, view(z), false, 24, SONNX_ERR_RANK);
  check_fields(e, 0, kNoIndex, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  CHECK(contains(format(e), "LIB-RANK"));
  CHECK(contains(format(e), "input 0"));

  e = to_error(x65, xv, 4, z66, false, 24, SONNX_ERR_RANK);
  CHECK(e.input == 0);
  CHECK(e.size == SONNX_MAX_RANK + 1);

  e = to_error(x_null, xv, 4, z66, false, 24, SONNX_ERR_NULL);
  CHECK(e.input == 0);
  CHECK(contains(format(e), "LIB-NULL"));

  e = to_error(x_ok, xv, 4, z66, false, 24, SONNX_ERR_RANK);
  check_fields(e, 1, kNoIndex, SONNX_MAX_RANK + 2, SONNX_MAX_RANK);
  CHECK(contains(format(e), "input 1"));

  e = to_error(x_ok, xv, 4, z_null, false, 24, SONNX_ERR_NULL);
  CHECK(e.input == 1);
  CHECK(contains(format(e), "LIB-NULL"));

  /* Shapes come before the element size. */
  e = to_error(x65, xv, 0, view(z), false, 24, SONNX_ERR_RANK);
  CHECK(e.input == 0);
  e = to_error(x_ok, xv, 0, z_null, false, 24, SONNX_ERR_NULL);
  CHECK(e.input == 1);

  /* Rank 64 is accepted; rank 0 with NULL dims is a valid shape. */
  const Sizes ones64(SONNX_MAX_RANK, 1);
  const sonnx_shape scalar{0, nullptr};
  std::vector<int32_t> out;
  CHECK(broadcast_to_typed<int32_t>({}, {4}, ones64, out).status == SONNX_OK);
  CHECK(show(out) == show(std::vector<int32_t>{4}));
  int32_t one = 0;
  CHECK(sonnx_broadcast_to(scalar, xv, 4, scalar, &one, 4, nullptr) == SONNX_OK);
}

// @req LIB-ELEM-SIZE LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_to: elem_size 0 is SONNX_ERR_ARGUMENT, before compatibility")
{
  const Sizes x{3};
  const Sizes z{2, 3};
  const Sizes bad{4};
  const int32_t xv[3] = {1, 2, 3};
  sonnx_error e = to_error(view(x), xv, 0, view(z), false, 24, SONNX_ERR_ARGUMENT);
  check_fields(e, 0, kNoIndex, 0, e.expected);
  CHECK(contains(format(e), "LIB-ELEM-SIZE"));
  e = to_error(view(x), xv, 0, view(bad), false, 24, SONNX_ERR_ARGUMENT);
  CHECK(e.input == 0);
  /* Even with NULL data everywhere. */
  to_error(view(x), nullptr, 0, view(z), true, 0, SONNX_ERR_ARGUMENT);
}

// @req ONNX-UNIDIR SONNX-C1 LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_to: incompatible shapes, rank first, then the first axis")
{
  const int32_t xv[16] = {};
  /* x of higher rank than z. */
  const Sizes x23{2, 3};
  const Sizes z3{3};
  sonnx_error e = to_error(view(x23), xv, 4, view(z3), false, 12, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, kNoIndex, 2, 1);
  CHECK(format(e) == "input 0: rank 2 is above the target rank 1 (ONNX-UNIDIR)");
  const Sizes x1{1};
  const Sizes none;
  e = to_error(view(x1), xv, 4, view(none), false, 4, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, kNoIndex, 1, 0);
  CHECK(contains(format(e), "ONNX-UNIDIR"));

  /* Axis by axis from 0: (3,5) to (4,6) fails at axis 0. */
  const Sizes x35{3, 5};
  const Sizes z46{4, 6};
  check_fields(to_error(view(x35), xv, 4, view(z46), false, 96, SONNX_ERR_INCOMPATIBLE), 0, 0, 3,
               4);
  /* (2,3) to (2,2,4): padded (1,2,3) fails at axis 2. */
  const Sizes z224{2, 2, 4};
  check_fields(to_error(view(x23), xv, 4, view(z224), false, 64, SONNX_ERR_INCOMPATIBLE), 0, 2, 3,
               4);
  /* z's size 1 does not stretch: (3) to (1) fails (unidirectional). */
  const Sizes z1{1};
  check_fields(to_error(view(z3), xv, 4, view(z1), false, 4, SONNX_ERR_INCOMPATIBLE), 0, 0, 3, 1);

  /* Incompatibility comes before overflow, NULL data and capacity. */
  const Sizes zbig{kHalfBits, kHalfBits, 4};
  e = to_error(view(z3), nullptr, 8, view(zbig), true, 0, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, 2, 3, 4);
}

// @req LIB-OVERFLOW LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_to: byte sizes beyond SIZE_MAX")
{
  const Sizes x1{1};
  const int32_t v = 1;
  /* Element count of z overflows. */
  const Sizes zsq{kHalfBits, kHalfBits};
  sonnx_error e = to_error(view(x1), &v, 1, view(zsq), false, 64, SONNX_ERR_OVERFLOW);
  CHECK(e.input == kNoIndex);
  CHECK(contains(format(e), "LIB-OVERFLOW"));
  /* Count fits, count * elem_size does not: 2^(bits-1) elements of 2 bytes. */
  const Sizes ztop{kTopBit};
  e = to_error(view(x1), &v, 2, view(ztop), false, 64, SONNX_ERR_OVERFLOW);
  CHECK(e.input == kNoIndex);
  /* Overflow comes before NULL data and capacity. */
  to_error(view(x1), nullptr, 2, view(ztop), true, 0, SONNX_ERR_OVERFLOW);
  /* With one byte per element it fits: then the capacity decides. */
  e = to_error(view(x1), &v, 1, view(ztop), false, 64, SONNX_ERR_CAPACITY);
  check_fields(e, e.input, kNoIndex, 64, kTopBit);
}

// @req LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_to: NULL data with a non-zero count, x first, before capacity")
{
  const Sizes x{2};
  const Sizes z{3, 2};
  const int32_t xv[2] = {1, 2};
  sonnx_error e = to_error(view(x), nullptr, 4, view(z), false, 24, SONNX_ERR_NULL);
  CHECK(e.input == 0);
  CHECK(e.expected == 2);
  CHECK(contains(format(e), "LIB-NULL"));
  e = to_error(view(x), xv, 4, view(z), true, 24, SONNX_ERR_NULL);
  CHECK(e.expected == 5);
  CHECK(contains(format(e), "LIB-NULL"));
  /* Both NULL: x_data, argument 2, is reported. */
  e = to_error(view(x), nullptr, 4, view(z), true, 24, SONNX_ERR_NULL);
  CHECK(e.expected == 2);
  /* NULL output with capacity 0: NULL, not CAPACITY. */
  to_error(view(x), xv, 4, view(z), true, 0, SONNX_ERR_NULL);
  /* Scalar input: count 1, so NULL data is an error. */
  const sonnx_shape scalar{0, nullptr};
  to_error(scalar, nullptr, 4, view(z), false, 24, SONNX_ERR_NULL);
}

// @req LIB-CAPACITY LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_to: capacity below count(z) * elem_size, equal is enough")
{
  const Sizes x{3};
  const Sizes z{2, 3};
  const float xv[3] = {1.5f, 2.5f, 3.5f};
  sonnx_error e = to_error(view(x), xv, 4, view(z), false, 23, SONNX_ERR_CAPACITY);
  check_fields(e, e.input, kNoIndex, 23, 24);
  CHECK(contains(format(e), "LIB-CAPACITY"));
  CHECK(contains(format(e), "capacity 23 is below the 24 needed"));
  e = to_error(view(x), xv, 4, view(z), false, 0, SONNX_ERR_CAPACITY);
  CHECK(e.size == 0);
  CHECK(e.expected == 24);

  /* More than enough: only the 24 bytes change. */
  std::vector<unsigned char> buf(100, kCanary);
  CHECK(sonnx_broadcast_to(view(x), xv, 4, view(z), buf.data(), buf.size(), nullptr) == SONNX_OK);
  float got[6];
  std::memcpy(got, buf.data(), sizeof got);
  CHECK(got[0] == 1.5f);
  CHECK(got[4] == 2.5f);
  CHECK(got[5] == 3.5f);
  CHECK(all_canary(buf.data() + 24, 76));
}

/* ======================= Errors of strides and source offset ======================= */

// @req LIB-RANK LIB-NULL LIB-OVERFLOW ONNX-UNIDIR SONNX-C1 LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_strides: every error, in order, nothing written")
{
  const Sizes ones65(SONNX_MAX_RANK + 1, 1);
  const Sizes z{2, 3};
  const Sizes x3{3};
  const Sizes x4{4};
  sonnx_error e;

  e = strides_error(view(ones65), view(ones65), false, SONNX_ERR_RANK);
  check_fields(e, 0, kNoIndex, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  CHECK(contains(format(e), "LIB-RANK"));
  e = strides_error(sonnx_shape{1, nullptr}, view(z), false, SONNX_ERR_NULL);
  CHECK(e.input == 0);
  e = strides_error(view(x3), view(ones65), false, SONNX_ERR_RANK);
  check_fields(e, 1, kNoIndex, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  e = strides_error(view(x3), sonnx_shape{2, nullptr}, false, SONNX_ERR_NULL);
  CHECK(e.input == 1);
  CHECK(contains(format(e), "LIB-NULL"));

  /* Rank of x above z's. */
  e = strides_error(view(z), view(x3), false, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, kNoIndex, 2, 1);
  CHECK(contains(format(e), "ONNX-UNIDIR"));
  /* First failing axis; before a NULL strides pointer. */
  e = strides_error(view(x4), view(z), true, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, 1, 4, 3);
  CHECK(e.rule == SONNX_RULE_ONNX_UNIDIR);
  CHECK(format(e) == "input 0, axis 1: size 4 does not broadcast to 3 (ONNX-UNIDIR)");
  const Sizes one{1};
  const Sizes zero{0};
  check_fields(strides_error(view(one), view(zero), false, SONNX_ERR_INCOMPATIBLE), 0, 0, 1, 0);

  /* A block of x beyond SIZE_MAX; before a NULL strides pointer. */
  const Sizes big{kHalfBits, kHalfBits};
  e = strides_error(view(big), view(big), false, SONNX_ERR_OVERFLOW);
  CHECK(contains(format(e), "LIB-OVERFLOW"));
  strides_error(view(big), view(big), true, SONNX_ERR_OVERFLOW);
  /* Only x's blocks count: a scalar x to a huge z fits. */
  check_strides({}, big, {0, 0});

  /* NULL strides with z.rank > 0. */
  e = strides_error(view(x3), view(z), true, SONNX_ERR_NULL);
  CHECK(e.input == kNoIndex);
  CHECK(e.expected == 3);
  CHECK(contains(format(e), "LIB-NULL"));
}

// @req LIB-RANK LIB-NULL LIB-OVERFLOW ONNX-UNIDIR SONNX-C1 LIB-STRIDES LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_source_offset: every error, in order, nothing written")
{
  const Sizes ones65(SONNX_MAX_RANK + 1, 1);
  const Sizes z{2, 3, 4};
  const Sizes x{3, 1};
  const Sizes x5{5};
  const Sizes idx_ok{1, 2, 3};
  const Sizes idx65(SONNX_MAX_RANK + 1, 0);
  sonnx_error e;

  e = offset_error(view(ones65), view(z), idx_ok.data(), false, SONNX_ERR_RANK);
  check_fields(e, 0, kNoIndex, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
  e = offset_error(sonnx_shape{2, nullptr}, view(z), idx_ok.data(), false, SONNX_ERR_NULL);
  CHECK(e.input == 0);
  e = offset_error(view(x), view(ones65), idx65.data(), false, SONNX_ERR_RANK);
  CHECK(e.input == 1);
  e = offset_error(view(x), sonnx_shape{3, nullptr}, idx_ok.data(), false, SONNX_ERR_NULL);
  CHECK(e.input == 1);

  /* Shapes and compatibility come before the NULL pointers. */
  e = offset_error(view(x5), view(z), nullptr, true, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, 2, 5, 4);
  e = offset_error(view(z), view(x), idx_ok.data(), false, SONNX_ERR_INCOMPATIBLE);
  check_fields(e, 0, kNoIndex, 3, 2);
  CHECK(contains(format(e), "ONNX-UNIDIR"));
  const Sizes big{kHalfBits, kHalfBits};
  const Sizes idx2{0, 0};
  e = offset_error(view(big), view(big), nullptr, true, SONNX_ERR_OVERFLOW);
  CHECK(contains(format(e), "LIB-OVERFLOW"));
  offset_error(view(big), view(big), idx2.data(), false, SONNX_ERR_OVERFLOW);

  /* offset NULL (argument 4), then index NULL (argument 3). */
  e = offset_error(view(x), view(z), nullptr, true, SONNX_ERR_NULL);
  CHECK(e.input == kNoIndex);
  CHECK(e.expected == 4);
  e = offset_error(view(x), view(z), idx_ok.data(), true, SONNX_ERR_NULL);
  CHECK(e.expected == 4);
  e = offset_error(view(x), view(z), nullptr, false, SONNX_ERR_NULL);
  CHECK(e.input == kNoIndex);
  CHECK(e.expected == 3);
  CHECK(contains(format(e), "LIB-NULL"));

  /* Index out of range: the first axis where index[k] >= z_k. */
  const Sizes idx_bad{1, 3, 9};
  e = offset_error(view(x), view(z), idx_bad.data(), false, SONNX_ERR_ARGUMENT);
  check_fields(e, kNoIndex, 1, 3, 3);
  CHECK(contains(format(e), "LIB-STRIDES"));
  CHECK(format(e) == "axis 1: index 3 is not below the size 3 (LIB-STRIDES)");
  const Sizes idx_last{1, 2, 4};
  check_fields(offset_error(view(x), view(z), idx_last.data(), false, SONNX_ERR_ARGUMENT), kNoIndex,
               2, 4, 4);
  const Sizes idx_first{SIZE_MAX, 0, 0};
  check_fields(offset_error(view(x), view(z), idx_first.data(), false, SONNX_ERR_ARGUMENT),
               kNoIndex, 0, SIZE_MAX, 2);
  /* An index outside z is caught on a stretched axis too (x's size 1 on axis 2). */
  const Sizes idx_axis2{0, 0, 4};
  check_fields(offset_error(view(x), view(z), idx_axis2.data(), false, SONNX_ERR_ARGUMENT), kNoIndex,
               2, 4, 4);
}

/* ======================= Errors of sonnx_broadcast ======================= */

// @req LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE SONNX-SIG
TEST_CASE("sonnx_broadcast: NULL arguments in argument order, nothing written")
{
  const Tensor a = Tensor::of<int32_t>({2}, {1, 2});
  const sonnx_tensor in[1] = {a.c()};
  std::vector<unsigned char> data(64, kCanary);
  const sonnx_buffer out[1] = {{data.data(), data.size()}};
  size_t dims[4];
  size_t rank;
  std::memset(dims, kCanary, sizeof dims);
  std::memset(&rank, kCanary, sizeof rank);

  struct Case {
    const sonnx_tensor *inputs;
    const sonnx_buffer *outputs;
    size_t *out_dims;
    size_t *out_rank;
    size_t position;
  };
  const Case cases[] = {
      {nullptr, out, dims, &rank, 2},       {in, nullptr, dims, &rank, 3},
      {in, out, nullptr, &rank, 4},         {in, out, dims, nullptr, 6},
      {nullptr, nullptr, nullptr, nullptr, 2}, {in, nullptr, nullptr, nullptr, 3},
      {in, out, nullptr, nullptr, 4},
  };
  for (const Case &c : cases) {
    CAPTURE(c.position);
    sonnx_error e = canary_error();
    CHECK(sonnx_broadcast(1, c.inputs, c.outputs, c.out_dims, 4, c.out_rank, &e) == SONNX_ERR_NULL);
    CHECK(sonnx_broadcast(1, c.inputs, c.outputs, c.out_dims, 4, c.out_rank, nullptr) ==
          SONNX_ERR_NULL);
    check_fields(e, kNoIndex, kNoIndex, 0, c.position);
    CHECK(format(e) == "argument " + std::to_string(c.position) + " is NULL (LIB-NULL)");
    CHECK(all_canary(data));
    CHECK(canary_object(dims));
    CHECK(canary_object(rank));
  }
  /* NULL checks come before the input count. */
  sonnx_error e = canary_error();
  CHECK(sonnx_broadcast(0, nullptr, out, dims, 4, &rank, &e) == SONNX_ERR_NULL);
  CHECK(e.expected == 2);
  /* out_dims may be NULL with capacity 0 (it is then needed by a non-scalar result). */
  CHECK(sonnx_broadcast(1, in, out, nullptr, 0, &rank, &e) == SONNX_ERR_CAPACITY);
  check_fields(e, kNoIndex, kNoIndex, 0, 1);
  CHECK(all_canary(data));
  CHECK(canary_object(rank));
}

// @req SONNX-L-RANGE LIB-ERR-STATUS LIB-ERR-NOWRITE SONNX-SIG
TEST_CASE("sonnx_broadcast: input count outside [1, 2^31 - 1]")
{
  const Tensor a = Tensor::of<int32_t>({2}, {1, 2});
  for (size_t n : {size_t{0}, size_t{SONNX_MAX_INPUTS} + 1}) {
    CAPTURE(n);
    /* Only inputs[0] and outputs[0] exist: n is checked before any input is read. */
    Call call({a.c()});
    std::vector<sonnx_buffer> buffers{{nullptr, 0}};
    size_t dims[4];
    size_t rank;
    std::memset(dims, kCanary, sizeof dims);
    std::memset(&rank, kCanary, sizeof rank);
    sonnx_error e = canary_error();
    CHECK(sonnx_broadcast(n, call.inputs.data(), buffers.data(), dims, 4, &rank, &e) ==
          SONNX_ERR_ARGUMENT);
    check_fields(e, kNoIndex, kNoIndex, n, SONNX_MAX_INPUTS);
    CHECK(contains(format(e), "SONNX-L-RANGE"));
    CHECK(canary_object(dims));
    CHECK(canary_object(rank));
  }
}

// @req LIB-RANK LIB-NULL LIB-ELEM-SIZE SONNX-REC LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast: per input in order: rank, dims, elem_size, fold")
{
  const Tensor ok = Tensor::of<int32_t>({2, 3}, iota(6));
  const Sizes ones65(SONNX_MAX_RANK + 1, 1);
  const sonnx_tensor rank65{view(ones65), ok.bytes.data(), 4};
  const sonnx_tensor dims_null{sonnx_shape{2, nullptr}, ok.bytes.data(), 4};
  sonnx_tensor es0 = ok.c();
  es0.elem_size = 0;
  const Tensor four = Tensor::of<int32_t>({4}, iota(4));

  SUBCASE("rank above 64 at input 1")
  {
    Call call({ok.c(), rank65, dims_null});
    const sonnx_error e = run_error(call, SONNX_ERR_RANK);
    check_fields(e, 1, kNoIndex, SONNX_MAX_RANK + 1, SONNX_MAX_RANK);
    CHECK(contains(format(e), "LIB-RANK"));
  }
  SUBCASE("dims NULL at input 1")
  {
    Call call({ok.c(), dims_null, rank65});
    const sonnx_error e = run_error(call, SONNX_ERR_NULL);
    CHECK(e.input == 1);
    CHECK(e.expected == 0);
    CHECK(contains(format(e), "LIB-NULL"));
  }
  SUBCASE("elem_size 0 at input 1, even if input 1 is also incompatible")
  {
    sonnx_tensor bad = four.c();
    bad.elem_size = 0;
    Call call({ok.c(), bad});
    const sonnx_error e = run_error(call, SONNX_ERR_ARGUMENT);
    check_fields(e, 1, kNoIndex, 0, e.expected);
    CHECK(contains(format(e), "LIB-ELEM-SIZE"));
    CHECK(contains(format(e), "input 1"));
  }
  SUBCASE("elem_size 0 at input 0")
  {
    Call call({es0, ok.c()});
    CHECK(run_error(call, SONNX_ERR_ARGUMENT).input == 0);
  }
  SUBCASE("the fold fails at input 1 before input 2's rank is looked at")
  {
    Call call({ok.c(), four.c(), rank65});
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 1, 1, 4, 3);
  }
  SUBCASE("input 0's bad rank beats everything after")
  {
    Call call({rank65, four.c(), es0});
    CHECK(run_error(call, SONNX_ERR_RANK).input == 0);
  }
}

// @req LIB-CAPACITY LIB-OVERFLOW LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast: dims capacity, then overflow of the common count")
{
  const Tensor a = Tensor::of<int32_t>({2, 3}, iota(6));
  const Tensor b = Tensor::of<int32_t>({4, 1, 1}, iota(4));
  Call small({a.c(), b.c()});
  small.dims_capacity = 2;
  const sonnx_error e = run_error(small, SONNX_ERR_CAPACITY);
  check_fields(e, kNoIndex, kNoIndex, 2, 3);
  CHECK(contains(format(e), "LIB-CAPACITY"));

  Call exact({a.c(), b.c()});
  exact.dims_capacity = 3;
  run_ok(exact, {4, 2, 3});

  /* Incompatibility before capacity. */
  const Tensor c = Tensor::of<int32_t>({4}, iota(4));
  Call both({a.c(), c.c()});
  both.dims_capacity = 0;
  CHECK(run_error(both, SONNX_ERR_INCOMPATIBLE).input == 1);

  /* (B,1) with (1,B), B = 2^(bits/2): the common count B^2 overflows. */
  const Sizes col{kHalfBits, 1};
  const Sizes row{1, kHalfBits};
  Call huge({sonnx_tensor{view(col), nullptr, 1}, sonnx_tensor{view(row), nullptr, 1}}, 64);
  const sonnx_error o = run_error(huge, SONNX_ERR_OVERFLOW);
  CHECK(o.input == kNoIndex);
  CHECK(contains(format(o), "LIB-OVERFLOW"));
  /* Capacity before overflow. */
  Call huge_small({sonnx_tensor{view(col), nullptr, 1}, sonnx_tensor{view(row), nullptr, 1}}, 64);
  huge_small.dims_capacity = 1;
  CHECK(run_error(huge_small, SONNX_ERR_CAPACITY).expected == 2);
}

// @req LIB-OVERFLOW LIB-NULL LIB-CAPACITY LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast: per input byte sizes, data, output and capacity")
{
  const Tensor a = Tensor::of<int32_t>({2, 3}, iota(6));
  const Tensor b = Tensor::of<int16_t>({3}, {1, 2, 3});

  SUBCASE("byte size of one output overflows: that input is named")
  {
    /* (T) with (1): common count T = 2^(bits-1); 1 byte each fits, 8 bytes does not. */
    const Sizes top{kTopBit};
    const Sizes one{1};
    const uint64_t v = 9;
    Call call({sonnx_tensor{view(one), &v, 8}, sonnx_tensor{view(top), nullptr, 1}}, 64);
    const sonnx_error e = run_error(call, SONNX_ERR_OVERFLOW);
    CHECK(e.input == 0);
    CHECK(contains(format(e), "LIB-OVERFLOW"));
  }
  SUBCASE("input data NULL with a non-zero count")
  {
    sonnx_tensor nb = b.c();
    nb.data = nullptr;
    Call call({a.c(), nb});
    const sonnx_error e = run_error(call, SONNX_ERR_NULL);
    CHECK(e.input == 1);
    CHECK(contains(format(e), "LIB-NULL"));
  }
  SUBCASE("scalar input with NULL data")
  {
    const sonnx_tensor s{sonnx_shape{0, nullptr}, nullptr, 4};
    Call call({s, a.c()});
    CHECK(run_error(call, SONNX_ERR_NULL).input == 0);
  }
  SUBCASE("output NULL with a non-zero count")
  {
    Call call({a.c(), b.c()});
    call.null_output[0] = true;
    const sonnx_error e = run_error(call, SONNX_ERR_NULL);
    CHECK(e.input == 0);
    CHECK(contains(format(e), "LIB-NULL"));
  }
  SUBCASE("input data NULL is reported before its output NULL")
  {
    sonnx_tensor nb = b.c();
    nb.data = nullptr;
    Call call({a.c(), nb});
    call.null_output[1] = true;
    CHECK(run_error(call, SONNX_ERR_NULL).input == 1);
  }
  SUBCASE("output capacity: the first short output, exact is enough")
  {
    Call call({a.c(), b.c()});
    call.capacities = {24, 11};
    const sonnx_error e = run_error(call, SONNX_ERR_CAPACITY);
    check_fields(e, 1, kNoIndex, 11, 12);
    CHECK(contains(format(e), "LIB-CAPACITY"));
    CHECK(contains(format(e), "output 1"));

    Call first({a.c(), b.c()});
    first.capacities = {23, 0};
    check_fields(run_error(first, SONNX_ERR_CAPACITY), 0, kNoIndex, 23, 24);

    Call exact({a.c(), b.c()});
    exact.capacities = {24, 12};
    run_ok(exact, {2, 3});
    CHECK(show(exact.output<int16_t>(1)) == show(std::vector<int16_t>{1, 2, 3, 1, 2, 3}));
  }
  SUBCASE("(2,0) with (3): input 1's 3 meets a 0 (SONNX rule)")
  {
    const Sizes d{2, 0};
    Call call({sonnx_tensor{view(d), nullptr, 4}, b.c()}, 0);
    check_fields(run_error(call, SONNX_ERR_INCOMPATIBLE), 1, 1, 3, 0);
  }
}

/* ---- Precedence the header documents (two cases that once disagreed with the code). ---- */

// @req LIB-NULL LIB-RANK LIB-ERR-STATUS
TEST_CASE("strides / source offset: x checked wholly before z (header: x then z (rank, dims))")
{
  /* x has NULL dims, z a rank above 64: x is the first bad shape, as in sonnx_broadcast_to. */
  const Sizes ones65(SONNX_MAX_RANK + 1, 1);
  const Sizes idx65(SONNX_MAX_RANK + 1, 0);
  const sonnx_shape x_null{1, nullptr};
  CHECK(strides_error(x_null, view(ones65), false, SONNX_ERR_NULL).input == 0);
  CHECK(offset_error(x_null, view(ones65), idx65.data(), false, SONNX_ERR_NULL).input == 0);
  /* sonnx_broadcast_to does this. */
  const int32_t v = 0;
  CHECK(to_error(x_null, &v, 4, view(ones65), false, 8, SONNX_ERR_NULL).input == 0);
}

// @req LIB-OVERFLOW LIB-NULL LIB-ERR-STATUS
TEST_CASE("sonnx_broadcast: byte sizes are checked before any data pointer (header order)")
{
  /* Input 0 has NULL data (count 1); input 1's output byte size overflows.
     The documented order is "...; byte sizes; per input: data NULL, ...". */
  const Sizes one{1};
  const Sizes top{kTopBit};
  Call call({sonnx_tensor{view(one), nullptr, 1}, sonnx_tensor{view(top), nullptr, 8}}, 64);
  const sonnx_error e = run_error(call, SONNX_ERR_OVERFLOW);
  CHECK(e.input == 1);
}

// @req LIB-ERR-NOWRITE LIB-ERR-STATUS SONNX-SIG
TEST_CASE("sonnx_broadcast: success leaves out_dims past out_rank and output tails alone")
{
  const Tensor a = Tensor::of<uint8_t>({2}, {1, 2});
  const Tensor b = Tensor::of<double>({3, 1}, {0.5, 1.5, 2.5});
  Call call({a.c(), b.c()});
  call.dims_capacity = 5;
  run_ok(call, {3, 2});
  CHECK(show(call.output<uint8_t>(0)) == show(std::vector<uint8_t>{1, 2, 1, 2, 1, 2}));
  CHECK(show(call.output<double>(1)) == show(std::vector<double>{0.5, 0.5, 1.5, 1.5, 2.5, 2.5}));
  CHECK(call.err.status == SONNX_OK);
}

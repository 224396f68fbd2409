/* Hostile inputs (issue 9): what a model file or a careless caller can hand
 * every public C function, and what the library must answer. For each attack
 * the test checks the documented status, the err fields (input, axis, size,
 * expected, rule), the full message text, and that every output byte the call may
 * write on success is byte-identical to its canary afterwards
 * (@req LIB-ERR-NOWRITE).
 *
 * Attacks: rank SONNX_MAX_RANK (accepted) and SONNX_MAX_RANK + 1 (rejected,
 * with dims that fault if read); n = 0, n = 2^31 and n = SIZE_MAX rejected
 * before any input is read (the inputs live on a page that faults on any
 * access); element counts whose product overflows size_t while each size fits;
 * element sizes that make the byte count overflow; capacities one short; NULL
 * for each pointer in turn; zero-size tensors with NULL data; indices at and
 * past the end; format_error with every capacity and extreme field values.
 *
 * Oracles: the status list and the error catalogue of README.md "Error
 * messages", the err field meanings of sonnx_broadcast.h, and the requirement
 * statements of spec/requirements.md (SONNX-L-RANGE, LIB-*). No expected value
 * is taken from a run of the library. Axes and inputs are 0-based.
 *
 * The XLA functions and the ONNX operator forms (issue 6): broadcast dimension
 * lists that repeat, decrease, point past the rank, have the wrong length or are
 * NULL (read from a page that faults when they must be rejected unread); sizes
 * that match neither the matched size nor 1; the same NULL, rank, capacity,
 * overflow and zero-size attacks as above. Where the header documents only some
 * err fields, only those are compared (check_documented). rule is compared
 * everywhere: SONNX_RULE_SONNX except for the two XLA incompatibilities and ONNX-UNIDIR
 * (an input that does not broadcast to a target shape).
 */
#include "sonnx_broadcast.h"

#include <doctest/doctest.h>

#include <sys/mman.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

static_assert(sizeof(size_t) == 8, "the expected messages below spell 64-bit values");

namespace {

constexpr size_t kNoIndex = SONNX_NO_INDEX;
constexpr size_t kTwo31 = size_t{1} << 31;          /* n = 2^31: one past SONNX_MAX_INPUTS */
constexpr size_t kTwo32 = size_t{1} << 32;          /* fits; its square does not */
constexpr size_t kTopBit = SIZE_MAX / 2 + 1;        /* 2^63: fits; times 2 does not */
const std::string kSizeMaxText = "18446744073709551615";

/* A page with no access rights: any read or write through a pointer into it
   faults (SIGSEGV, also under ASan and valgrind). Handing it as `inputs`,
   `dims` or `data` proves the library rejected the call without touching it. */
const void *fault_page()
{
  static void *page = mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(page != MAP_FAILED);
  return page;
}
const sonnx_shape *fault_shapes() { return static_cast<const sonnx_shape *>(fault_page()); }
const sonnx_tensor *fault_tensors() { return static_cast<const sonnx_tensor *>(fault_page()); }
const sonnx_buffer *fault_buffers() { return static_cast<const sonnx_buffer *>(fault_page()); }
const size_t *fault_sizes() { return static_cast<const size_t *>(fault_page()); }

/* Output memory under watch: filled with a position-dependent pattern (so a
   shifted or partial write shows), compared byte for byte after the call. */
class Canaries {
public:
  void watch(void *p, size_t n)
  {
    auto *b = static_cast<unsigned char *>(p);
    for (size_t k = 0; k < n; ++k) {
      b[k] = static_cast<unsigned char>(0xA5u ^ (k * 37u));
    }
    regions_.emplace_back(b, std::vector<unsigned char>(b, b + n));
  }
  template <class T> void watch(T &object) { watch(&object, sizeof object); }
  template <class T> void watch(std::vector<T> &v) { watch(v.data(), v.size() * sizeof(T)); }
  bool intact() const
  {
    for (const auto &r : regions_) {
      if (std::memcmp(r.first, r.second.data(), r.second.size()) != 0) {
        return false;
      }
    }
    return true;
  }

private:
  std::vector<std::pair<unsigned char *, std::vector<unsigned char>>> regions_;
};

std::string message(const sonnx_error &e)
{
  char buf[SONNX_MESSAGE_MAX];
  size_t len = sonnx_format_error(&e, buf, sizeof buf);
  CHECK(len < SONNX_MESSAGE_MAX);
  CHECK(std::strlen(buf) == len);
  return buf;
}

std::string num(size_t v) { return std::to_string(v); }

/* What a rejected call must have produced. */
struct Expected {
  sonnx_status status;
  size_t input;
  size_t axis;
  size_t size;
  size_t expected;
  std::string text; /* the whole message, from the README catalogue */
  sonnx_rule rule = SONNX_RULE_SONNX; /* sonnx_error: the default outside the XLA rules */
};

/* The status, every err field, the message, and no output byte written. */
void check_rejected(sonnx_status got, const sonnx_error &e, const Canaries &outputs,
                    const Expected &want)
{
  CHECK(got == want.status);
  CHECK(e.status == want.status);
  CHECK(e.input == want.input);
  CHECK(e.axis == want.axis);
  CHECK(e.size == want.size);
  CHECK(e.expected == want.expected);
  CHECK(e.rule == want.rule);
  CHECK(message(e) == want.text);
  CHECK(outputs.intact());
}

sonnx_error fresh_error()
{
  sonnx_error e;
  std::memset(&e, 0x5A, sizeof e);
  return e;
}

/* ---- messages of the catalogue (README "Error messages") ---- */
std::string msg_argument_null(size_t position)
{
  return "argument " + num(position) + " is NULL (LIB-NULL)";
}
std::string msg_input_null(size_t input)
{
  return "input " + num(input) + ": dims or data is NULL but its size is not zero (LIB-NULL)";
}
std::string msg_output_null(size_t output)
{
  return "output " + num(output) + ": data is NULL but its size is not zero (LIB-NULL)";
}
std::string msg_count(size_t n)
{
  return "number of inputs " + num(n) + " is outside [1, 2147483647] (SONNX-L-RANGE)";
}
std::string msg_rank(size_t input, size_t rank)
{
  return "input " + num(input) + ": rank " + num(rank) + " exceeds 64 (LIB-RANK)";
}
std::string msg_c1(size_t input, size_t axis, size_t size, size_t expected)
{
  /* "neither 1 nor 1" would read as a typo: a size that had to be 1 "is not 1" */
  return "input " + num(input) + ", axis " + num(axis) + ": size " + num(size) +
         (expected == 1 ? std::string(" is not 1") : " is neither " + num(expected) + " nor 1") +
         " (SONNX-C1)";
}
/* x does not broadcast to the target shape (ONNX-UNIDIR: x's padded size must be the
   target's, or a 1 facing a size that is not 0, E21). */
std::string msg_unidir(size_t input, size_t axis, size_t size, size_t target)
{
  return "input " + num(input) + ", axis " + num(axis) + ": size " + num(size) +
         " does not broadcast to " + num(target) + " (ONNX-UNIDIR)";
}
std::string msg_rank_above(size_t input, size_t rank, size_t target)
{
  return "input " + num(input) + ": rank " + num(rank) + " is above the target rank " +
         num(target) + " (ONNX-UNIDIR)";
}
const std::string kMsgOverflowOutput =
    "output: element count or byte size exceeds SIZE_MAX (LIB-OVERFLOW)";
std::string msg_overflow_input(size_t input)
{
  return "input " + num(input) + ": element count or byte size exceeds SIZE_MAX (LIB-OVERFLOW)";
}
std::string msg_overflow_axis(size_t input, size_t axis)
{
  return "input " + num(input) + ", axis " + num(axis) +
         ": element count or byte size exceeds SIZE_MAX (LIB-OVERFLOW)";
}
std::string msg_capacity(size_t given, size_t needed)
{
  return "output: capacity " + num(given) + " is below the " + num(needed) +
         " needed (LIB-CAPACITY)";
}
std::string msg_capacity_of(size_t output, size_t given, size_t needed)
{
  return "output " + num(output) + ": capacity " + num(given) + " is below the " + num(needed) +
         " needed (LIB-CAPACITY)";
}
std::string msg_elem_size(size_t input)
{
  return "input " + num(input) + ": element size 0 is not positive (LIB-ELEM-SIZE)";
}
std::string msg_index(size_t axis, size_t index, size_t size)
{
  return "axis " + num(axis) + ": index " + num(index) + " is not below the size " + num(size) +
         " (LIB-STRIDES)";
}

sonnx_shape shape_of(const std::vector<size_t> &d)
{
  return sonnx_shape{d.size(), d.empty() ? nullptr : d.data()};
}

using ShapeFn = sonnx_status (*)(size_t, const sonnx_shape *, size_t *, size_t, size_t *,
                                 sonnx_error *);
struct ShapeRule {
  const char *name;
  ShapeFn fn;
};
const ShapeRule kShapeRules[] = {{"sonnx_broadcast_shape", sonnx_broadcast_shape},
                                 {"sonnx_broadcast_shape_numpy", sonnx_broadcast_shape_numpy}};

/* The outputs of a shape call, all under watch. */
struct ShapeOut {
  size_t dims[SONNX_MAX_RANK + 2];
  size_t rank;
  Canaries canaries;
  ShapeOut()
  {
    canaries.watch(dims);
    canaries.watch(rank);
  }
};

} // namespace

/* ======================= sonnx_broadcast_shape (both rules) ======================= */

// @req SONNX-L-RANGE LIB-ERR-NOWRITE
TEST_CASE("attack shape: n = 0, 2^31, SIZE_MAX rejected before any input is read")
{
  for (const ShapeRule &rule : kShapeRules) {
    const std::string rule_name = rule.name;
    CAPTURE(rule_name);
    for (size_t n : {size_t{0}, kTwo31, kTwo31 + 1, SIZE_MAX}) {
      CAPTURE(n);
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(n, fault_shapes(), out.dims, SONNX_MAX_RANK, &out.rank, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, n, SONNX_MAX_INPUTS, msg_count(n)});
      /* err NULL: same status, nothing written */
      CHECK(rule.fn(n, fault_shapes(), out.dims, SONNX_MAX_RANK, &out.rank, nullptr) ==
            SONNX_ERR_ARGUMENT);
      CHECK(out.canaries.intact());
    }
  }
}

// @req LIB-RANK LIB-ERR-NOWRITE
TEST_CASE("attack shape: rank SONNX_MAX_RANK accepted, SONNX_MAX_RANK + 1 and SIZE_MAX rejected")
{
  const std::vector<size_t> d64(SONNX_MAX_RANK, 2);
  const std::vector<size_t> small{3, 1};
  for (const ShapeRule &rule : kShapeRules) {
    const std::string rule_name = rule.name;
    CAPTURE(rule_name);
    {
      /* rank 64 with (2, ..., 2) and (3, 1) padded: axis 62 meets 2 and 3 */
      const std::vector<size_t> d21{2, 1};
      const sonnx_shape in[2] = {shape_of(d64), shape_of(d21)};
      size_t dims[SONNX_MAX_RANK];
      size_t rank = 0;
      sonnx_error e = fresh_error();
      CHECK(rule.fn(2, in, dims, SONNX_MAX_RANK, &rank, &e) == SONNX_OK);
      CHECK(rank == SONNX_MAX_RANK);
      bool all_two = true;
      for (size_t k = 0; k < SONNX_MAX_RANK; ++k) {
        all_two = all_two && dims[k] == 2;
      }
      CHECK(all_two);
    }
    for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, size_t{1000}, SIZE_MAX}) {
      CAPTURE(bad_rank);
      /* input 1 has the bad rank and dims that fault if read; input 2 is bad too but later */
      const sonnx_shape in[3] = {shape_of(small), {bad_rank, fault_sizes()},
                                 {SONNX_MAX_RANK + 1, fault_sizes()}};
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(3, in, out.dims, SONNX_MAX_RANK + 2, &out.rank, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
    }
  }
}

// @req LIB-NULL LIB-ERR-NOWRITE
TEST_CASE("attack shape: NULL for each pointer in turn")
{
  const std::vector<size_t> a{2, 3};
  const std::vector<size_t> b{3};
  const sonnx_shape in[2] = {shape_of(a), shape_of(b)};
  for (const ShapeRule &rule : kShapeRules) {
    const std::string rule_name = rule.name;
    CAPTURE(rule_name);
    {
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(2, nullptr, out.dims, 4, &out.rank, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 2, msg_argument_null(2)});
    }
    {
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(2, in, nullptr, 4, &out.rank, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 3, msg_argument_null(3)});
    }
    {
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(2, in, out.dims, 4, nullptr, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 5, msg_argument_null(5)});
    }
    {
      /* NULL pointers are reported before the input count: n = 0 with NULL inputs */
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(0, nullptr, out.dims, 4, &out.rank, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 2, msg_argument_null(2)});
    }
    {
      /* dims NULL with a positive rank: input 1 */
      const sonnx_shape bad[2] = {shape_of(a), {2, nullptr}};
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(2, bad, out.dims, 4, &out.rank, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_NULL, 1, kNoIndex, 0, 0, msg_input_null(1)});
    }
    {
      /* err NULL is always allowed; out_dims NULL is allowed with capacity 0 for rank 0 */
      const sonnx_shape scalars[2] = {{0, nullptr}, {0, nullptr}};
      size_t rank = 99;
      CHECK(rule.fn(2, scalars, nullptr, 0, &rank, nullptr) == SONNX_OK);
      CHECK(rank == 0);
      /* ... but a rank-2 result needs 2 sizes */
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(2, in, nullptr, 0, &out.rank, &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 0, 2, msg_capacity(0, 2)});
    }
  }
}

// @req LIB-CAPACITY LIB-ERR-NOWRITE
TEST_CASE("attack shape: out_dims capacity one short, exact is enough")
{
  const std::vector<size_t> a{8, 1, 6, 1};
  const std::vector<size_t> b{7, 1, 5};
  const sonnx_shape in[2] = {shape_of(a), shape_of(b)};
  for (const ShapeRule &rule : kShapeRules) {
    const std::string rule_name = rule.name;
    CAPTURE(rule_name);
    ShapeOut out;
    sonnx_error e = fresh_error();
    sonnx_status s = rule.fn(2, in, out.dims, 3, &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 3, 4, msg_capacity(3, 4)});
    size_t dims[4];
    size_t rank = 0;
    CHECK(rule.fn(2, in, dims, 4, &rank, &e) == SONNX_OK);
    CHECK(rank == 4);
    CHECK((dims[0] == 8 && dims[1] == 7 && dims[2] == 6 && dims[3] == 5));
  }
}

// @req SONNX-C1 SONNX-STEP2-MAX LIB-ERR-NOWRITE
TEST_CASE("attack shape: extreme sizes are only compared, never multiplied")
{
  const std::vector<size_t> big{SIZE_MAX, kTwo32, kTopBit};
  const std::vector<size_t> ones{1, 1, 1};
  const std::vector<size_t> off{SIZE_MAX - 1};
  for (const ShapeRule &rule : kShapeRules) {
    const std::string rule_name = rule.name;
    CAPTURE(rule_name);
    {
      const sonnx_shape in[2] = {shape_of(big), shape_of(ones)};
      size_t dims[3];
      size_t rank = 0;
      CHECK(rule.fn(2, in, dims, 3, &rank, nullptr) == SONNX_OK);
      CHECK(rank == 3);
      CHECK((dims[0] == SIZE_MAX && dims[1] == kTwo32 && dims[2] == kTopBit));
    }
    {
      /* (SIZE_MAX, 2^32, 2^63) with (SIZE_MAX - 1): axis 2 has 2^63 and SIZE_MAX - 1 */
      const sonnx_shape in[2] = {shape_of(big), shape_of(off)};
      ShapeOut out;
      sonnx_error e = fresh_error();
      sonnx_status s = rule.fn(2, in, out.dims, 3, &out.rank, &e);
      /* SONNX rule: expected = max = SIZE_MAX - 1, input 0 violates it.
         NumPy rule: expected = the first size that is not 1 = 2^63, input 1 violates it. */
      const bool numpy = rule.fn == sonnx_broadcast_shape_numpy;
      const size_t bad_input = numpy ? 1 : 0;
      const size_t bad_size = numpy ? SIZE_MAX - 1 : kTopBit;
      const size_t expected = numpy ? kTopBit : SIZE_MAX - 1;
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_INCOMPATIBLE, bad_input, 2, bad_size, expected,
                      msg_c1(bad_input, 2, bad_size, expected)});
    }
  }
}

/* ============================== sonnx_shape_count ============================== */

// @req LIB-OVERFLOW LIB-RANK LIB-NULL LIB-ERR-NOWRITE
TEST_CASE("attack shape_count: products that overflow while each size fits")
{
  struct Case {
    std::vector<size_t> dims;
    sonnx_status status;
    size_t count; /* when SONNX_OK */
  };
  const Case cases[] = {
      {{kTwo32, kTwo32}, SONNX_ERR_OVERFLOW, 0},         /* 2^64 */
      {{kTwo32, kTwo32 - 1}, SONNX_OK, SIZE_MAX - kTwo32 + 1}, /* 2^64 - 2^32 */
      {{kTopBit, 2}, SONNX_ERR_OVERFLOW, 0},
      {{2, kTopBit}, SONNX_ERR_OVERFLOW, 0},
      {{SIZE_MAX, 1, 1}, SONNX_OK, SIZE_MAX},
      {{SIZE_MAX, SIZE_MAX}, SONNX_ERR_OVERFLOW, 0},
      {{3, 5, 17, 257, 641, 65537, 6700417}, SONNX_OK, SIZE_MAX}, /* the factors of 2^64 - 1 */
      {{3, 5, 17, 257, 641, 65537, 6700417, 2}, SONNX_ERR_OVERFLOW, 0},
      {{SIZE_MAX, SIZE_MAX, 0}, SONNX_OK, 0}, /* a zero makes the count 0 (LIB-OVERFLOW) */
      {{0, kTwo32, kTwo32}, SONNX_OK, 0},
      {{}, SONNX_OK, 1},
  };
  for (const Case &c : cases) {
    size_t count;
    Canaries canaries;
    canaries.watch(count);
    sonnx_status s = sonnx_shape_count(shape_of(c.dims), &count);
    CHECK(s == c.status);
    if (c.status == SONNX_OK) {
      CHECK(count == c.count);
    } else {
      CHECK(canaries.intact());
    }
  }
  size_t count;
  Canaries canaries;
  canaries.watch(count);
  CHECK(sonnx_shape_count(sonnx_shape{SONNX_MAX_RANK + 1, fault_sizes()}, &count) == SONNX_ERR_RANK);
  CHECK(sonnx_shape_count(sonnx_shape{SIZE_MAX, fault_sizes()}, &count) == SONNX_ERR_RANK);
  CHECK(sonnx_shape_count(sonnx_shape{1, nullptr}, &count) == SONNX_ERR_NULL);
  const std::vector<size_t> d{2};
  CHECK(sonnx_shape_count(shape_of(d), nullptr) == SONNX_ERR_NULL);
  CHECK(canaries.intact());
  const std::vector<size_t> d64(SONNX_MAX_RANK, 1);
  CHECK(sonnx_shape_count(shape_of(d64), &count) == SONNX_OK);
  CHECK(count == 1);
}

/* ============================== sonnx_broadcast_to ============================== */

namespace {

/* z_data of `bytes` bytes under watch, plus *err. */
struct ToOut {
  std::vector<unsigned char> z;
  Canaries canaries;
  explicit ToOut(size_t bytes) : z(bytes + 16)
  {
    canaries.watch(z);
  }
};

} // namespace

// @req LIB-RANK LIB-NULL LIB-ERR-NOWRITE
TEST_CASE("attack broadcast_to: rank SONNX_MAX_RANK accepted, + 1 rejected for x and for z")
{
  std::vector<size_t> z64(SONNX_MAX_RANK, 1);
  z64[0] = 2;
  z64[SONNX_MAX_RANK - 1] = 3;
  const std::vector<size_t> x{3};
  const int16_t xv[3] = {-1, 2, -3};
  int16_t zv[6] = {};
  CHECK(sonnx_broadcast_to(shape_of(x), xv, 2, shape_of(z64), zv, sizeof zv, nullptr) == SONNX_OK);
  CHECK((zv[0] == -1 && zv[1] == 2 && zv[2] == -3 && zv[3] == -1 && zv[4] == 2 && zv[5] == -3));

  for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
    CAPTURE(bad_rank);
    {
      ToOut out(6);
      sonnx_error e = fresh_error();
      sonnx_status s = sonnx_broadcast_to(sonnx_shape{bad_rank, fault_sizes()}, fault_page(), 1,
                                          shape_of(z64), out.z.data(), out.z.size(), &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_RANK, 0, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(0, bad_rank)});
    }
    {
      ToOut out(6);
      sonnx_error e = fresh_error();
      sonnx_status s = sonnx_broadcast_to(shape_of(x), xv, 2, sonnx_shape{bad_rank, fault_sizes()},
                                          out.z.data(), out.z.size(), &e);
      check_rejected(s, e, out.canaries,
                     {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
    }
  }
}

// @req LIB-OVERFLOW LIB-ERR-NOWRITE
TEST_CASE("attack broadcast_to: element counts and byte sizes that overflow")
{
  const std::vector<size_t> x1{1};
  const unsigned char one = 7;
  /* x (1) to z, data at x_data: rejected as the output's overflow, nothing written */
  auto output_overflows = [&x1](const std::vector<size_t> &z, const void *x_data, size_t es) {
    ToOut out(8);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_to(shape_of(x1), x_data, es, shape_of(z), out.z.data(),
                                        out.z.size(), &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, 0, 0, kMsgOverflowOutput});
  };
  output_overflows({kTwo32, kTwo32}, &one, 1);                /* count(z) = 2^64: each size fits */
  output_overflows({size_t{1} << 33}, fault_page(), kTwo31);  /* count 2^33 fits, 2^64 bytes */
  output_overflows({2}, fault_page(), SIZE_MAX);              /* elem_size SIZE_MAX, count 2 */
  /* count(z) = 2^65: the count passes SIZE_MAX on axis 1 and stays over it on axis 0 */
  output_overflows({2, kTwo32, kTwo32}, &one, 1);
  /* x's count never exceeds z's when x broadcasts to z (a 1 does not stretch to 0 under the
     SONNX rule), so x's byte size cannot overflow on its own: no attack to write for it. */
  {
    /* SIZE_MAX elements of 1 byte fit: the call then fails on capacity, not on overflow */
    const std::vector<size_t> z{SIZE_MAX};
    ToOut out(8);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_to(shape_of(x1), &one, 1, shape_of(z), out.z.data(),
                                        out.z.size(), &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, out.z.size(), SIZE_MAX,
                    msg_capacity(out.z.size(), SIZE_MAX)});
  }
}

// @req LIB-CAPACITY LIB-ERR-NOWRITE
TEST_CASE("attack broadcast_to: capacity one byte short, exact is enough")
{
  const std::vector<size_t> x{3, 1};
  const std::vector<size_t> z{2, 3, 4};
  const uint32_t xv[3] = {10, 20, 30};
  const size_t need = 2 * 3 * 4 * sizeof(uint32_t);
  ToOut out(need);
  sonnx_error e = fresh_error();
  sonnx_status s =
      sonnx_broadcast_to(shape_of(x), xv, sizeof(uint32_t), shape_of(z), out.z.data(), need - 1, &e);
  check_rejected(s, e, out.canaries,
                 {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, need - 1, need, msg_capacity(need - 1, need)});

  uint32_t zv[24];
  CHECK(sonnx_broadcast_to(shape_of(x), xv, sizeof(uint32_t), shape_of(z), zv, need, &e) == SONNX_OK);
  bool right = true;
  for (size_t i = 0; i < 24; ++i) {
    right = right && zv[i] == xv[(i / 4) % 3]; /* axis 1 of z is x's axis 0 */
  }
  CHECK(right);
}

// @req LIB-NULL LIB-ELEM-SIZE LIB-ERR-NOWRITE
TEST_CASE("attack broadcast_to: NULL for each pointer in turn, elem_size 0")
{
  const std::vector<size_t> x{3};
  const std::vector<size_t> z{2, 3};
  const unsigned char xv[3] = {1, 2, 3};
  {
    ToOut out(6);
    sonnx_error e = fresh_error();
    sonnx_status s =
        sonnx_broadcast_to(sonnx_shape{1, nullptr}, xv, 1, shape_of(z), out.z.data(), 6, &e);
    check_rejected(s, e, out.canaries, {SONNX_ERR_NULL, 0, kNoIndex, 0, 0, msg_input_null(0)});
  }
  {
    ToOut out(6);
    sonnx_error e = fresh_error();
    sonnx_status s =
        sonnx_broadcast_to(shape_of(x), xv, 1, sonnx_shape{2, nullptr}, out.z.data(), 6, &e);
    check_rejected(s, e, out.canaries, {SONNX_ERR_NULL, 1, kNoIndex, 0, 0, msg_input_null(1)});
  }
  {
    ToOut out(6);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_to(shape_of(x), nullptr, 1, shape_of(z), out.z.data(), 6, &e);
    check_rejected(s, e, out.canaries, {SONNX_ERR_NULL, 0, kNoIndex, 0, 2, msg_input_null(0)});
  }
  {
    sonnx_error e = fresh_error();
    Canaries none;
    sonnx_status s = sonnx_broadcast_to(shape_of(x), xv, 1, shape_of(z), nullptr, 6, &e);
    check_rejected(s, e, none,
                   {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 5, msg_argument_null(5)});
  }
  {
    ToOut out(6);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_to(shape_of(x), xv, 0, shape_of(z), out.z.data(), 6, &e);
    CHECK(s == SONNX_ERR_ARGUMENT);
    CHECK(e.status == SONNX_ERR_ARGUMENT);
    CHECK(e.input == 0);
    CHECK(e.axis == kNoIndex);
    CHECK(e.size == 0);
    CHECK(message(e) == msg_elem_size(0));
    CHECK(out.canaries.intact());
  }
  {
    /* err NULL: the status alone, nothing written */
    ToOut out(6);
    CHECK(sonnx_broadcast_to(shape_of(x), nullptr, 1, shape_of(z), out.z.data(), 6, nullptr) ==
          SONNX_ERR_NULL);
    CHECK(out.canaries.intact());
  }
}

// @req LIB-NULL LIB-OVERFLOW SONNX-ELEM
TEST_CASE("attack broadcast_to: zero-size tensors with NULL data are valid")
{
  const std::vector<size_t> zero{0};
  const std::vector<size_t> x30{3, 0};
  const std::vector<size_t> z230{2, 3, 0};
  const std::vector<size_t> x10{1, 0};
  const std::vector<size_t> z_big0{kTwo32, kTwo32, 0};
  const std::vector<size_t> one{1};
  sonnx_error e = fresh_error();
  CHECK(sonnx_broadcast_to(shape_of(zero), nullptr, 4, shape_of(zero), nullptr, 0, &e) == SONNX_OK);
  CHECK(e.status == SONNX_OK);
  CHECK(sonnx_broadcast_to(shape_of(x30), nullptr, 8, shape_of(z230), nullptr, 0, &e) == SONNX_OK);
  /* a count of 0 never overflows, whatever the other sizes (LIB-OVERFLOW) */
  CHECK(sonnx_broadcast_to(shape_of(x10), nullptr, 1, shape_of(z_big0), nullptr, 0, &e) == SONNX_OK);
  /* ... also when the zero comes first: axes 2 and 1 alone overflow (2^64), axis 0 makes it 0 */
  const std::vector<size_t> x011{0, 1, 1};
  const std::vector<size_t> z_0big{0, kTwo32, kTwo32};
  CHECK(sonnx_broadcast_to(shape_of(x011), nullptr, 1, shape_of(z_0big), nullptr, 0, &e) == SONNX_OK);
  CHECK(e.status == SONNX_OK);
  /* huge element size with a count of 0 is 0 bytes */
  CHECK(sonnx_broadcast_to(shape_of(zero), nullptr, SIZE_MAX, shape_of(zero), nullptr, 0, &e) ==
        SONNX_OK);
  /* a 1 does not stretch to 0 under the SONNX rule (spec/errata.md), so a tensor with data never
     broadcasts to an empty one: (1) to (0) is incompatible on axis 0, before any data check */
  Canaries none;
  e = fresh_error();
  sonnx_status s = sonnx_broadcast_to(shape_of(one), nullptr, 1, shape_of(zero), nullptr, 0, &e);
  check_rejected(s, e, none, {SONNX_ERR_INCOMPATIBLE, 0, 0, 1, 0, msg_unidir(0, 0, 1, 0),
                              SONNX_RULE_ONNX_UNIDIR});
}

// @req ONNX-UNIDIR SONNX-C1 LIB-ERR-NOWRITE
TEST_CASE("attack broadcast_to: incompatible shapes with extreme sizes")
{
  const std::vector<size_t> x{SIZE_MAX, 2};
  const std::vector<size_t> z{SIZE_MAX, 3};
  ToOut out(8);
  sonnx_error e = fresh_error();
  sonnx_status s =
      sonnx_broadcast_to(shape_of(x), fault_page(), 1, shape_of(z), out.z.data(), 8, &e);
  check_rejected(s, e, out.canaries, {SONNX_ERR_INCOMPATIBLE, 0, 1, 2, 3, msg_unidir(0, 1, 2, 3),
                                      SONNX_RULE_ONNX_UNIDIR});

  const std::vector<size_t> x3{1, 1, 1};
  const std::vector<size_t> z2{5, 5};
  e = fresh_error();
  s = sonnx_broadcast_to(shape_of(x3), fault_page(), 1, shape_of(z2), out.z.data(), 8, &e);
  check_rejected(s, e, out.canaries,
                 {SONNX_ERR_INCOMPATIBLE, 0, kNoIndex, 3, 2, msg_rank_above(0, 3, 2),
                  SONNX_RULE_ONNX_UNIDIR});
}

/* =============================== sonnx_broadcast =============================== */

namespace {

/* The outputs of an N-ary call under watch: out_dims, out_rank, output data. */
struct NaryOut {
  size_t dims[SONNX_MAX_RANK + 2];
  size_t rank;
  std::vector<std::vector<unsigned char>> data;
  std::vector<sonnx_buffer> buffers;
  Canaries canaries;
  NaryOut(size_t n, size_t bytes) : data(n, std::vector<unsigned char>(bytes + 16))
  {
    canaries.watch(dims);
    canaries.watch(rank);
    for (auto &d : data) {
      canaries.watch(d);
      buffers.push_back(sonnx_buffer{d.data(), bytes});
    }
  }
};

} // namespace

// @req SONNX-L-RANGE LIB-ERR-NOWRITE
TEST_CASE("attack broadcast: n = 0, 2^31, SIZE_MAX rejected before any input or output is read")
{
  for (size_t n : {size_t{0}, kTwo31, SIZE_MAX}) {
    CAPTURE(n);
    NaryOut out(0, 0);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(n, fault_tensors(), fault_buffers(), out.dims, SONNX_MAX_RANK,
                                     &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, n, SONNX_MAX_INPUTS, msg_count(n)});
  }
}

// @req LIB-NULL LIB-ERR-NOWRITE
TEST_CASE("attack broadcast: NULL for each pointer in turn")
{
  const std::vector<size_t> a{2, 1};
  const std::vector<size_t> b{1, 3};
  const int8_t av[2] = {1, 2};
  const int8_t bv[3] = {3, 4, 5};
  const sonnx_tensor in[2] = {{shape_of(a), av, 1}, {shape_of(b), bv, 1}};
  struct Case {
    bool inputs, outputs, dims, rank;
    size_t position;
  };
  const Case cases[] = {{true, false, false, false, 2},
                        {false, true, false, false, 3},
                        {false, false, true, false, 4},
                        {false, false, false, true, 6}};
  for (const Case &c : cases) {
    CAPTURE(c.position);
    NaryOut out(2, 6);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, c.inputs ? nullptr : in,
                                     c.outputs ? nullptr : out.buffers.data(),
                                     c.dims ? nullptr : out.dims, 2, c.rank ? nullptr : &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, c.position, msg_argument_null(c.position)});
  }
  {
    /* dims NULL with a positive rank, input 1 */
    const sonnx_tensor bad[2] = {{shape_of(a), av, 1}, {sonnx_shape{2, nullptr}, bv, 1}};
    NaryOut out(2, 6);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, bad, out.buffers.data(), out.dims, 2, &out.rank, &e);
    check_rejected(s, e, out.canaries, {SONNX_ERR_NULL, 1, kNoIndex, 0, 0, msg_input_null(1)});
  }
  {
    /* data of input 1 NULL with 3 elements */
    const sonnx_tensor bad[2] = {{shape_of(a), av, 1}, {shape_of(b), nullptr, 1}};
    NaryOut out(2, 6);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, bad, out.buffers.data(), out.dims, 2, &out.rank, &e);
    check_rejected(s, e, out.canaries, {SONNX_ERR_NULL, 1, kNoIndex, 0, 2, msg_input_null(1)});
  }
  {
    /* data of output 1 NULL with 6 elements to write; output 0 untouched too */
    NaryOut out(2, 6);
    std::vector<sonnx_buffer> buffers = out.buffers;
    buffers[1].data = nullptr;
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, buffers.data(), out.dims, 2, &out.rank, &e);
    check_rejected(s, e, out.canaries, {SONNX_ERR_NULL, 1, kNoIndex, 0, 3, msg_output_null(1)});
  }
}

// sonnx_error: the data of output m is reported as input = m, expected = 3 (the outputs
// argument), and the message names the output, not an input.
// @req LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("attack broadcast: a NULL output buffer is named 'output m'")
{
  const std::vector<size_t> a{2, 1}, b{1, 3};
  const int8_t av[2] = {1, 2};
  const int8_t bv[3] = {3, 4, 5};
  const sonnx_tensor in[2] = {{shape_of(a), av, 1}, {shape_of(b), bv, 1}};
  for (size_t bad : {size_t{0}, size_t{1}}) {
    CAPTURE(bad);
    NaryOut out(2, 6);
    std::vector<sonnx_buffer> buffers = out.buffers;
    buffers[bad].data = nullptr;
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, buffers.data(), out.dims, 2, &out.rank, &e);
    check_rejected(s, e, out.canaries, {SONNX_ERR_NULL, bad, kNoIndex, 0, 3, msg_output_null(bad)});
  }
  sonnx_error e = fresh_error();
  NaryOut out(2, 6);
  std::vector<sonnx_buffer> buffers = out.buffers;
  buffers[1].data = nullptr;
  CHECK(sonnx_broadcast(2, in, buffers.data(), out.dims, 2, &out.rank, &e) == SONNX_ERR_NULL);
  CHECK(message(e) == "output 1: data is NULL but its size is not zero (LIB-NULL)");
}

// @req LIB-RANK LIB-ELEM-SIZE LIB-ERR-NOWRITE
TEST_CASE("attack broadcast: rank SONNX_MAX_RANK accepted, + 1 rejected; elem_size 0")
{
  std::vector<size_t> d64(SONNX_MAX_RANK, 1);
  d64[SONNX_MAX_RANK - 1] = 2;
  const std::vector<size_t> s1{1};
  const uint64_t v64[2] = {UINT64_MAX, 1};
  const uint8_t v1 = 0xEE;
  {
    const sonnx_tensor in[2] = {{shape_of(d64), v64, 8}, {shape_of(s1), &v1, 1}};
    uint64_t z0[2] = {};
    uint8_t z1[2] = {};
    const sonnx_buffer outs[2] = {{z0, sizeof z0}, {z1, sizeof z1}};
    size_t dims[SONNX_MAX_RANK];
    size_t rank = 0;
    CHECK(sonnx_broadcast(2, in, outs, dims, SONNX_MAX_RANK, &rank, nullptr) == SONNX_OK);
    CHECK(rank == SONNX_MAX_RANK);
    CHECK(dims[SONNX_MAX_RANK - 1] == 2);
    CHECK((z0[0] == UINT64_MAX && z0[1] == 1 && z1[0] == 0xEE && z1[1] == 0xEE));
  }
  for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
    CAPTURE(bad_rank);
    const sonnx_tensor in[3] = {{shape_of(s1), &v1, 1},
                                {sonnx_shape{bad_rank, fault_sizes()}, fault_page(), 1},
                                {sonnx_shape{bad_rank, fault_sizes()}, fault_page(), 0}};
    NaryOut out(3, 8);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(3, in, out.buffers.data(), out.dims, SONNX_MAX_RANK + 2,
                                     &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
  }
  {
    const sonnx_tensor in[2] = {{shape_of(s1), &v1, 1}, {shape_of(s1), &v1, 0}};
    NaryOut out(2, 8);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, out.buffers.data(), out.dims, 1, &out.rank, &e);
    CHECK(s == SONNX_ERR_ARGUMENT);
    CHECK(e.status == SONNX_ERR_ARGUMENT);
    CHECK(e.input == 1);
    CHECK(e.axis == kNoIndex);
    CHECK(e.size == 0);
    CHECK(message(e) == msg_elem_size(1));
    CHECK(out.canaries.intact());
  }
}

// @req LIB-OVERFLOW LIB-ERR-NOWRITE
TEST_CASE("attack broadcast: common count and byte sizes that overflow")
{
  const std::vector<size_t> col{kTwo32, 1};
  const std::vector<size_t> row{1, kTwo32};
  {
    /* (2^32, 1) with (1, 2^32): each input fits, the common count 2^64 does not */
    const sonnx_tensor in[2] = {{shape_of(col), fault_page(), 1}, {shape_of(row), fault_page(), 1}};
    NaryOut out(2, 8);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, out.buffers.data(), out.dims, 2, &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, 0, 0, kMsgOverflowOutput});
  }
  {
    /* common (2^33) fits; input 1's elem_size 2^31 makes its output 2^64 bytes */
    const std::vector<size_t> big{size_t{1} << 33};
    const std::vector<size_t> s1{1};
    const sonnx_tensor in[2] = {{shape_of(big), fault_page(), 1}, {shape_of(s1), fault_page(), kTwo31}};
    NaryOut out(2, 8);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, out.buffers.data(), out.dims, 1, &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_OVERFLOW, 1, kNoIndex, 0, 0, msg_overflow_input(1)});
  }
}

// @req LIB-CAPACITY LIB-ERR-NOWRITE
TEST_CASE("attack broadcast: dims capacity and each output capacity one short")
{
  const std::vector<size_t> a{2, 1};
  const std::vector<size_t> b{1, 3};
  const uint16_t av[2] = {1, 2};
  const uint8_t bv[3] = {3, 4, 5};
  const sonnx_tensor in[2] = {{shape_of(a), av, 2}, {shape_of(b), bv, 1}};
  {
    NaryOut out(2, 12);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, out.buffers.data(), out.dims, 1, &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 1, 2, msg_capacity(1, 2)});
  }
  {
    /* output 0 needs 6 * 2 bytes */
    NaryOut out(2, 12);
    out.buffers[0].capacity = 11;
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, out.buffers.data(), out.dims, 2, &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_CAPACITY, 0, kNoIndex, 11, 12, msg_capacity_of(0, 11, 12)});
  }
  {
    /* output 1 needs 6 * 1 bytes; output 0 is big enough and still untouched */
    NaryOut out(2, 12);
    out.buffers[1].capacity = 5;
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast(2, in, out.buffers.data(), out.dims, 2, &out.rank, &e);
    check_rejected(s, e, out.canaries,
                   {SONNX_ERR_CAPACITY, 1, kNoIndex, 5, 6, msg_capacity_of(1, 5, 6)});
  }
  {
    uint16_t z0[6];
    uint8_t z1[6];
    const sonnx_buffer outs[2] = {{z0, 12}, {z1, 6}};
    size_t dims[2];
    size_t rank = 0;
    CHECK(sonnx_broadcast(2, in, outs, dims, 2, &rank, nullptr) == SONNX_OK);
    CHECK((rank == 2 && dims[0] == 2 && dims[1] == 3));
    CHECK((z0[0] == 1 && z0[2] == 1 && z0[3] == 2 && z0[5] == 2));
    CHECK((z1[0] == 3 && z1[2] == 5 && z1[3] == 3 && z1[5] == 5));
  }
}

// @req SONNX-C1 SONNX-REC LIB-ERR-NOWRITE
TEST_CASE("attack broadcast: incompatible input found before any data pointer is looked at")
{
  const std::vector<size_t> a{2, 3};
  const std::vector<size_t> b{SIZE_MAX, 3};
  const sonnx_tensor in[2] = {{shape_of(a), fault_page(), 1}, {shape_of(b), fault_page(), 1}};
  NaryOut out(2, 8);
  sonnx_error e = fresh_error();
  sonnx_status s = sonnx_broadcast(2, in, out.buffers.data(), out.dims, 2, &out.rank, &e);
  check_rejected(s, e, out.canaries,
                 {SONNX_ERR_INCOMPATIBLE, 1, 0, SIZE_MAX, 2, msg_c1(1, 0, SIZE_MAX, 2)});
}

// @req LIB-NULL SONNX-ELEM
TEST_CASE("attack broadcast: zero-size tensors with NULL data and NULL outputs")
{
  const std::vector<size_t> zero{0};
  const std::vector<size_t> x20{2, 0};
  const sonnx_tensor in[3] = {{shape_of(zero), nullptr, 4}, {shape_of(x20), nullptr, SIZE_MAX},
                              {shape_of(zero), nullptr, 1}};
  const sonnx_buffer outs[3] = {{nullptr, 0}, {nullptr, 0}, {nullptr, 0}};
  size_t dims[2] = {77, 77};
  size_t rank = 77;
  sonnx_error e = fresh_error();
  CHECK(sonnx_broadcast(3, in, outs, dims, 2, &rank, &e) == SONNX_OK);
  CHECK(e.status == SONNX_OK);
  CHECK((rank == 2 && dims[0] == 2 && dims[1] == 0));
}

/* ============================ sonnx_broadcast_strides ============================ */

// @req LIB-RANK LIB-NULL LIB-OVERFLOW LIB-STRIDES LIB-ERR-NOWRITE
TEST_CASE("attack strides: ranks, NULLs, blocks that overflow, nothing written")
{
  std::vector<size_t> z64(SONNX_MAX_RANK, 1);
  z64[0] = 5;
  z64[SONNX_MAX_RANK - 1] = 7;
  const std::vector<size_t> x{7};
  {
    std::vector<size_t> strides(SONNX_MAX_RANK, 99);
    CHECK(sonnx_broadcast_strides(shape_of(x), shape_of(z64), strides.data(), nullptr) == SONNX_OK);
    CHECK(strides[0] == 0);
    CHECK(strides[SONNX_MAX_RANK - 1] == 1);
  }
  for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
    CAPTURE(bad_rank);
    size_t strides[SONNX_MAX_RANK + 2];
    Canaries c;
    c.watch(strides);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_strides(sonnx_shape{bad_rank, fault_sizes()}, shape_of(z64),
                                             strides, &e);
    check_rejected(s, e, c,
                   {SONNX_ERR_RANK, 0, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(0, bad_rank)});
    e = fresh_error();
    s = sonnx_broadcast_strides(shape_of(x), sonnx_shape{bad_rank, fault_sizes()}, strides, &e);
    check_rejected(s, e, c,
                   {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
  }
  {
    size_t strides[4];
    Canaries c;
    c.watch(strides);
    Canaries none;
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_strides(sonnx_shape{1, nullptr}, shape_of(z64), strides, &e);
    check_rejected(s, e, c, {SONNX_ERR_NULL, 0, kNoIndex, 0, 0, msg_input_null(0)});
    e = fresh_error();
    s = sonnx_broadcast_strides(shape_of(x), sonnx_shape{3, nullptr}, strides, &e);
    check_rejected(s, e, c, {SONNX_ERR_NULL, 1, kNoIndex, 0, 0, msg_input_null(1)});
    e = fresh_error();
    s = sonnx_broadcast_strides(shape_of(x), shape_of(z64), nullptr, &e);
    check_rejected(s, e, none, {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 3, msg_argument_null(3)});
    /* rank-0 target: no stride to write, NULL accepted */
    CHECK(sonnx_broadcast_strides(sonnx_shape{0, nullptr}, sonnx_shape{0, nullptr}, nullptr, &e) ==
          SONNX_OK);
  }
  {
    /* x = z = (2^32, 2^32): the block of axis 0 is 2^64 */
    const std::vector<size_t> big{kTwo32, kTwo32};
    size_t strides[2];
    Canaries c;
    c.watch(strides);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_strides(shape_of(big), shape_of(big), strides, &e);
    check_rejected(s, e, c, {SONNX_ERR_OVERFLOW, 0, 0, 0, 0, msg_overflow_axis(0, 0)});
    /* stretched to the same target from (1, 2^32): every block of x fits */
    const std::vector<size_t> row{1, kTwo32};
    CHECK(sonnx_broadcast_strides(shape_of(row), shape_of(big), strides, &e) == SONNX_OK);
    CHECK((strides[0] == 0 && strides[1] == 1));
  }
  {
    size_t strides[2];
    Canaries c;
    c.watch(strides);
    const std::vector<size_t> xa{4, 1};
    const std::vector<size_t> za{5, 1};
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_broadcast_strides(shape_of(xa), shape_of(za), strides, &e);
    check_rejected(s, e, c, {SONNX_ERR_INCOMPATIBLE, 0, 0, 4, 5, msg_unidir(0, 0, 4, 5),
                             SONNX_RULE_ONNX_UNIDIR});
  }
}

/* ============================== sonnx_source_offset ============================== */

// @req LIB-STRIDES LIB-NULL LIB-RANK LIB-ERR-NOWRITE
TEST_CASE("attack source_offset: indices at and past the end, NULLs, ranks")
{
  const std::vector<size_t> x{3, 1};
  const std::vector<size_t> z{2, 3, 4};
  {
    size_t offset;
    Canaries c;
    c.watch(offset);
    for (const auto &bad : {std::pair<std::vector<size_t>, size_t>{{2, 0, 0}, 0},
                            {{1, 3, 0}, 1},
                            {{1, 2, 4}, 2},
                            {{SIZE_MAX, 0, 0}, 0},
                            {{0, 0, SIZE_MAX}, 2},
                            {{0, 9, SIZE_MAX}, 1}}) {
      sonnx_error e = fresh_error();
      sonnx_status s = sonnx_source_offset(shape_of(x), shape_of(z), bad.first.data(), &offset, &e);
      const size_t axis = bad.second;
      check_rejected(s, e, c,
                     {SONNX_ERR_ARGUMENT, kNoIndex, axis, bad.first[axis], z[axis],
                      msg_index(axis, bad.first[axis], z[axis])});
    }
    /* the last element: (1, 2, 3) reads x[2] (axis 1 of z is x's axis 0, the rest stretched) */
    const size_t last[3] = {1, 2, 3};
    CHECK(sonnx_source_offset(shape_of(x), shape_of(z), last, &offset, nullptr) == SONNX_OK);
    CHECK(offset == 2);
  }
  {
    size_t offset;
    Canaries c;
    c.watch(offset);
    Canaries none;
    const size_t idx[3] = {0, 0, 0};
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_source_offset(shape_of(x), shape_of(z), idx, nullptr, &e);
    check_rejected(s, e, none, {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 4, msg_argument_null(4)});
    e = fresh_error();
    s = sonnx_source_offset(shape_of(x), shape_of(z), nullptr, &offset, &e);
    check_rejected(s, e, c, {SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, 3, msg_argument_null(3)});
    /* rank-0 target: no index needed */
    CHECK(sonnx_source_offset(sonnx_shape{0, nullptr}, sonnx_shape{0, nullptr}, nullptr, &offset,
                              &e) == SONNX_OK);
    CHECK(offset == 0);
    c = Canaries();
    c.watch(offset);
    for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
      e = fresh_error();
      s = sonnx_source_offset(sonnx_shape{bad_rank, fault_sizes()}, shape_of(z), fault_sizes(),
                              &offset, &e);
      check_rejected(s, e, c,
                     {SONNX_ERR_RANK, 0, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(0, bad_rank)});
      e = fresh_error();
      s = sonnx_source_offset(shape_of(x), sonnx_shape{bad_rank, fault_sizes()}, fault_sizes(),
                              &offset, &e);
      check_rejected(s, e, c,
                     {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
    }
    /* a zero-size target has no valid index: every index is out of range on the zero axis */
    const std::vector<size_t> z0{2, 0};
    const std::vector<size_t> x0{0};
    const size_t i0[2] = {0, 0};
    e = fresh_error();
    s = sonnx_source_offset(shape_of(x0), shape_of(z0), i0, &offset, &e);
    check_rejected(s, e, c, {SONNX_ERR_ARGUMENT, kNoIndex, 1, 0, 0, msg_index(1, 0, 0)});
  }
  {
    /* largest sizes: index SIZE_MAX - 1 of (SIZE_MAX) from x = (SIZE_MAX) */
    const std::vector<size_t> big{SIZE_MAX};
    const size_t idx[1] = {SIZE_MAX - 1};
    size_t offset = 0;
    CHECK(sonnx_source_offset(shape_of(big), shape_of(big), idx, &offset, nullptr) == SONNX_OK);
    CHECK(offset == SIZE_MAX - 1);
  }
}

/* ================= the XLA functions and the ONNX operator forms (issue 6) ================= */

namespace {

/* What a rejected call must have produced, when the header documents only some fields: size
   and expected are compared only when given (e.g. LIB-OVERFLOW documents neither, LIB-NULL only
   expected, LIB-ELEM-SIZE only size). */
struct Documented {
  sonnx_status status;
  size_t input;
  size_t axis;
  std::optional<size_t> size;
  std::optional<size_t> expected;
  std::string text; /* the whole message, from the README catalogue */
  sonnx_rule rule = SONNX_RULE_SONNX;
};

void check_documented(sonnx_status got, const sonnx_error &e, const Canaries &outputs,
                      const Documented &want)
{
  CHECK(got == want.status);
  CHECK(e.status == want.status);
  CHECK(e.input == want.input);
  CHECK(e.axis == want.axis);
  if (want.size) {
    CHECK(e.size == *want.size);
  }
  if (want.expected) {
    CHECK(e.expected == *want.expected);
  }
  CHECK(e.rule == want.rule);
  CHECK(message(e) == want.text);
  CHECK(outputs.intact());
}

/* ---- messages of the catalogue for broadcast dimension lists (README "Error messages") ---- */
std::string msg_list_length(size_t given, size_t needed)
{
  return "broadcast dimensions: " + num(given) + " entries given, " + num(needed) +
         " needed (XLA-INDIM-TUPLE)";
}
std::string msg_entry_range(size_t input, size_t entry, size_t value, size_t rank)
{
  return "input " + num(input) + ", axis " + num(entry) + ": broadcast dimension " + num(value) +
         " is not below the rank " + num(rank) + " (XLA-INDIM-ORDER)";
}
std::string msg_entry_order(size_t input, size_t entry, size_t value, size_t least)
{
  return "input " + num(input) + ", axis " + num(entry) + ": broadcast dimension " + num(value) +
         " is below " + num(least) + ", out of order (XLA-INDIM-ORDER)";
}
/* An incompatible size under the XLA rules: the message cites the rule err->rule names. */
std::string msg_indim_match(size_t input, size_t axis, size_t size, size_t expected)
{
  return "input " + num(input) + ", axis " + num(axis) + ": size " + num(size) + " is neither " +
         num(expected) + " nor 1 (XLA-INDIM-MATCH)";
}
std::string msg_degenerate(size_t input, size_t axis, size_t size, size_t expected)
{
  return "input " + num(input) + ", axis " + num(axis) + ": size " + num(size) + " is neither " +
         num(expected) + " nor 1 (XLA-DEGENERATE)";
}

using Sizes = std::vector<size_t>;

/* One call of sonnx_broadcast_in_dim with z_data under watch (bytes + 16 allocated). */
struct InDimCall {
  ToOut out;
  sonnx_error e = fresh_error();
  sonnx_status status;
  InDimCall(const sonnx_shape &x, const void *x_data, size_t es, const size_t *bd,
            const sonnx_shape &z, size_t capacity, bool z_null = false)
      : out(capacity),
        status(sonnx_broadcast_in_dim(x, x_data, es, bd, z, z_null ? nullptr : out.z.data(),
                                      capacity, &e))
  {
  }
};

} // namespace

/* ---------------------------------- sonnx_broadcast_in_dim ---------------------------------- */

// @req XLA-INDIM-ORDER LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("attack in_dim: broadcast dimensions that repeat, decrease or point past the rank")
{
  const Sizes z{2, 3, 4};
  struct Case {
    Sizes x, bd, z;
    size_t entry, value, expected; /* the first bad entry, its value, the rank or least value */
  };
  const Case cases[] = {
      {{3, 4}, {1, 1}, z, 1, 1, 2},              /* V to both P and N (003) */
      {{3, 4}, {2, 1}, z, 1, 1, 3},              /* V to N and T to P (003) */
      {{3, 4}, {2, 2}, z, 1, 2, 3},              /* a repeat at the top */
      {{3, 4}, {1, 3}, z, 1, 3, 3},              /* past the rank */
      {{3, 4}, {3, 1}, z, 0, 3, 3},              /* the first entry past the rank */
      {{3, 4}, {SIZE_MAX, 0}, z, 0, SIZE_MAX, 3},
      {{3, 4}, {0, SIZE_MAX}, z, 1, SIZE_MAX, 3},
      {{7, 4}, {1, 1}, z, 1, 1, 2},              /* the list is checked before the sizes (7 vs 3) */
      {{1, 2, 3}, {0, 1, 2}, {2, 3}, 2, 2, 2},   /* an operand of higher rank than the result */
      {{1}, {0}, {}, 0, 0, 0},                   /* a rank-0 result: every entry is past it */
  };
  for (const Case &c : cases) {
    CAPTURE(c.entry);
    CAPTURE(c.value);
    InDimCall call(shape_of(c.x), fault_page(), 4, c.bd.data(), shape_of(c.z), 96);
    /* size >= expected: not below the rank; size < expected: not above the entry before */
    const std::string text = c.value >= c.expected ? msg_entry_range(0, c.entry, c.value, c.expected)
                                                   : msg_entry_order(0, c.entry, c.value, c.expected);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_ARGUMENT, 0, c.entry, c.value, c.expected, text});
  }
  {
    /* rank SONNX_MAX_RANK: the last axis is a valid entry, SONNX_MAX_RANK is past it */
    Sizes z64(SONNX_MAX_RANK, 1);
    z64[SONNX_MAX_RANK - 1] = 5;
    const Sizes x{5};
    const int8_t xv[5] = {1, -2, 3, -4, 5};
    const Sizes last{SONNX_MAX_RANK - 1}, past{SONNX_MAX_RANK};
    int8_t zv[5] = {};
    CHECK(sonnx_broadcast_in_dim(shape_of(x), xv, 1, last.data(), shape_of(z64), zv, sizeof zv,
                                 nullptr) == SONNX_OK);
    CHECK(std::memcmp(zv, xv, sizeof zv) == 0);
    InDimCall call(shape_of(x), fault_page(), 1, past.data(), shape_of(z64), 5);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_ARGUMENT, 0, 0, SONNX_MAX_RANK, SONNX_MAX_RANK,
                    msg_entry_range(0, 0, SONNX_MAX_RANK, SONNX_MAX_RANK)});
  }
  {
    /* err NULL: the status alone, nothing written */
    const Sizes x{3, 4}, bd{2, 1};
    ToOut out(96);
    CHECK(sonnx_broadcast_in_dim(shape_of(x), fault_page(), 4, bd.data(), shape_of(z), out.z.data(),
                                 96, nullptr) == SONNX_ERR_ARGUMENT);
    CHECK(out.canaries.intact());
  }
}

// @req XLA-INDIM-TUPLE XLA-SCALAR LIB-NULL LIB-ERR-NOWRITE
TEST_CASE("attack in_dim: the list is read for x.rank entries only; NULL list when x.rank > 0")
{
  const Sizes x{3}, z{2, 3};
  const int32_t xv[3] = {7, 8, 9};
  {
    /* entries past x.rank are not part of the list (XLA-INDIM-TUPLE: x.rank entries) */
    const Sizes longer{1, 0, 0};
    int32_t zv[6] = {};
    CHECK(sonnx_broadcast_in_dim(shape_of(x), xv, 4, longer.data(), shape_of(z), zv, sizeof zv,
                                 nullptr) == SONNX_OK);
    CHECK((zv[0] == 7 && zv[1] == 8 && zv[2] == 9 && zv[3] == 7 && zv[4] == 8 && zv[5] == 9));
  }
  {
    /* a scalar takes an empty list: one that faults if read, or NULL (XLA-SCALAR) */
    const int16_t s = -3;
    int16_t zv[4] = {};
    const Sizes z22{2, 2};
    CHECK(sonnx_broadcast_in_dim(sonnx_shape{0, nullptr}, &s, 2, fault_sizes(), shape_of(z22), zv,
                                 sizeof zv, nullptr) == SONNX_OK);
    CHECK((zv[0] == -3 && zv[1] == -3 && zv[2] == -3 && zv[3] == -3));
    CHECK(sonnx_broadcast_in_dim(sonnx_shape{0, nullptr}, &s, 2, nullptr, shape_of(z22), zv,
                                 sizeof zv, nullptr) == SONNX_OK);
  }
  for (const Sizes &xx : {Sizes{3}, Sizes{2, 3}}) {
    /* NULL while x has axes: ranks differing, or equal (the list is still needed) */
    CAPTURE(xx.size());
    InDimCall call(shape_of(xx), xv, 4, nullptr, shape_of(z), 24);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 4, msg_argument_null(4)});
  }
  {
    /* the shapes come first: z of rank 65 with a NULL list is a rank error */
    InDimCall call(shape_of(x), xv, 4, nullptr, sonnx_shape{SONNX_MAX_RANK + 1, fault_sizes()}, 24);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_RANK, 1, kNoIndex, SONNX_MAX_RANK + 1, SONNX_MAX_RANK,
                    msg_rank(1, SONNX_MAX_RANK + 1)});
  }
}

// @req XLA-INDIM-MATCH LIB-ERR-NOWRITE
TEST_CASE("attack in_dim: an operand size that is neither its matched size nor 1")
{
  struct Case {
    Sizes x, bd, z;
    size_t axis, size, expected; /* axis = bd[k], the result axis */
  };
  const Case cases[] = {
      {{3}, {1}, {2, 4}, 1, 3, 4},
      {{3}, {0}, {2, 3}, 0, 3, 2},             /* the matched axis decides (E25) */
      {{2, 5}, {0, 2}, {2, 3, 4}, 2, 5, 4},    /* the second entry, on result axis 2 */
      {{0}, {0}, {3}, 0, 0, 3},
      {{3}, {0}, {0}, 0, 3, 0},                /* a zero-size result does not excuse it */
      {{SIZE_MAX}, {0}, {SIZE_MAX - 1}, 0, SIZE_MAX, SIZE_MAX - 1},
      {{3}, {0}, {kTwo32, kTwo32}, 0, 3, kTwo32}, /* before elem_size and overflow */
  };
  for (const Case &c : cases) {
    CAPTURE(c.size);
    CAPTURE(c.expected);
    /* data on the fault page and elem_size 0: the sizes are rejected before either is used */
    InDimCall call(shape_of(c.x), fault_page(), 0, c.bd.data(), shape_of(c.z), 8, true);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_INCOMPATIBLE, 0, c.axis, c.size, c.expected,
                    msg_indim_match(0, c.axis, c.size, c.expected), SONNX_RULE_XLA_INDIM_MATCH});
  }
}

// The message cites the rule broken, not SONNX-C1: sonnx_error.rule (sonnx_broadcast.h).
// @req XLA-INDIM-MATCH LIB-ERR-STATUS
TEST_CASE("attack in_dim: a size mismatch cites XLA-INDIM-MATCH, with data and capacity valid")
{
  const Sizes x{3}, bd{1}, z{2, 4};
  InDimCall call(shape_of(x), fault_page(), 4, bd.data(), shape_of(z), 8);
  check_rejected(call.status, call.e, call.out.canaries,
                 {SONNX_ERR_INCOMPATIBLE, 0, 1, 3, 4, msg_indim_match(0, 1, 3, 4),
                  SONNX_RULE_XLA_INDIM_MATCH});
  CHECK(message(call.e) == "input 0, axis 1: size 3 is neither 4 nor 1 (XLA-INDIM-MATCH)");
  /* err may be NULL (LIB-ERR-STATUS): the same status, nothing written */
  ToOut out(8);
  CHECK(sonnx_broadcast_in_dim(shape_of(x), fault_page(), 4, bd.data(), shape_of(z), out.z.data(), 8,
                               nullptr) == SONNX_ERR_INCOMPATIBLE);
  CHECK(out.canaries.intact());
}

// @req LIB-CAPACITY XLA-INDIM-TUPLE LIB-ERR-NOWRITE
TEST_CASE("attack in_dim: capacity one byte short, exact is enough")
{
  const Sizes x{3, 1};
  const uint32_t xv[3] = {10, 20, 30};
  const size_t need = 24 * sizeof(uint32_t);
  struct Case {
    Sizes bd, z;
    size_t divisor; /* element i of the result is xv[(i / divisor) % 3] */
  };
  for (const Case &c : {Case{{1, 2}, {2, 3, 4}, 4}, Case{{0, 2}, {3, 2, 4}, 8}}) {
    CAPTURE(c.divisor);
    InDimCall call(shape_of(x), xv, sizeof(uint32_t), c.bd.data(), shape_of(c.z), need - 1);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, need - 1, need,
                    msg_capacity(need - 1, need)});
    uint32_t zv[24];
    CHECK(sonnx_broadcast_in_dim(shape_of(x), xv, sizeof(uint32_t), c.bd.data(), shape_of(c.z), zv,
                                 need, nullptr) == SONNX_OK);
    bool right = true;
    for (size_t i = 0; i < 24; ++i) {
      right = right && zv[i] == xv[(i / c.divisor) % 3];
    }
    CHECK(right);
  }
  {
    /* NULL z_data is reported before a capacity of 0 */
    const Sizes bd{1, 2}, z{2, 3, 4};
    InDimCall call(shape_of(x), xv, sizeof(uint32_t), bd.data(), shape_of(z), 0, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 6, msg_argument_null(6)});
  }
}

// @req LIB-OVERFLOW LIB-ELEM-SIZE LIB-ERR-NOWRITE
TEST_CASE("attack in_dim: element counts and byte sizes that overflow")
{
  const Sizes x1{1};
  const Sizes at0{0}, at1{1};
  struct Case {
    Sizes bd, z;
    size_t es;
  };
  const Case cases[] = {
      {at1, {kTwo32, kTwo32}, 1},     /* count(z) = 2^64, each size fits */
      {at0, {size_t{1} << 33}, kTwo31}, /* 2^33 elements of 2^31 bytes */
      {at0, {2}, SIZE_MAX},           /* two elements of SIZE_MAX bytes */
  };
  for (const Case &c : cases) {
    CAPTURE(c.es);
    InDimCall call(shape_of(x1), fault_page(), c.es, c.bd.data(), shape_of(c.z), 8);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, std::nullopt, std::nullopt,
                      kMsgOverflowOutput});
  }
  {
    /* elem_size 0 is reported before the count is formed */
    const Sizes z{kTwo32, kTwo32};
    InDimCall call(shape_of(x1), fault_page(), 0, at1.data(), shape_of(z), 8);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_ARGUMENT, 0, kNoIndex, 0, std::nullopt, msg_elem_size(0)});
  }
  {
    /* SIZE_MAX elements of 1 byte fit: the call then fails on capacity */
    const Sizes z{SIZE_MAX};
    const unsigned char one = 1;
    InDimCall call(shape_of(x1), &one, 1, at0.data(), shape_of(z), 24);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 24, SIZE_MAX, msg_capacity(24, SIZE_MAX)});
  }
}

// @req LIB-NULL LIB-RANK LIB-ERR-NOWRITE
TEST_CASE("attack in_dim: NULL for each pointer in turn, ranks above SONNX_MAX_RANK")
{
  const Sizes x{3}, z{2, 3}, bd{1};
  const unsigned char xv[3] = {1, 2, 3};
  {
    InDimCall call(sonnx_shape{1, nullptr}, xv, 1, bd.data(), shape_of(z), 6);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, 0, kNoIndex, std::nullopt, 0, msg_input_null(0)});
  }
  {
    InDimCall call(shape_of(x), xv, 1, bd.data(), sonnx_shape{2, nullptr}, 6);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, 1, kNoIndex, std::nullopt, 0, msg_input_null(1)});
  }
  {
    /* x_data NULL with 3 elements; z_data NULL too, but x comes first. expected = 2, x_data's
       position (sonnx_error), as in sonnx_broadcast_to. */
    InDimCall call(shape_of(x), nullptr, 1, bd.data(), shape_of(z), 6, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, 0, kNoIndex, std::nullopt, 2, msg_input_null(0)});
  }
  {
    InDimCall call(shape_of(x), xv, 1, bd.data(), shape_of(z), 6, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 6, msg_argument_null(6)});
  }
  {
    ToOut out(6);
    CHECK(sonnx_broadcast_in_dim(shape_of(x), nullptr, 1, bd.data(), shape_of(z), out.z.data(), 6,
                                 nullptr) == SONNX_ERR_NULL);
    CHECK(out.canaries.intact());
  }
  for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
    CAPTURE(bad_rank);
    {
      InDimCall call(sonnx_shape{bad_rank, fault_sizes()}, fault_page(), 1, fault_sizes(),
                     shape_of(z), 6);
      check_rejected(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_RANK, 0, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(0, bad_rank)});
    }
    {
      InDimCall call(shape_of(x), fault_page(), 1, fault_sizes(), sonnx_shape{bad_rank, fault_sizes()},
                     6);
      check_rejected(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
    }
  }
}

// sonnx_error: a NULL report has expected = the 1-based position of the NULL argument, 0 only
// for an input's dims. x_data is argument 2 of sonnx_broadcast_in_dim as of sonnx_broadcast_to.
// @req LIB-NULL LIB-ERR-STATUS
TEST_CASE("attack in_dim: NULL x_data names its position 2 in err->expected")
{
  const Sizes x{3}, bd{1}, z{2, 3};
  InDimCall call(shape_of(x), nullptr, 1, bd.data(), shape_of(z), 6);
  check_rejected(call.status, call.e, call.out.canaries,
                 {SONNX_ERR_NULL, 0, kNoIndex, 0, 2, msg_input_null(0)});
}

// @req XLA-INDIM-MATCH LIB-NULL LIB-OVERFLOW LIB-ERR-NOWRITE
TEST_CASE("attack in_dim: zero-size results with NULL data are valid, nothing is read or written")
{
  struct Case {
    Sizes x, bd, z;
    size_t es;
  };
  const Case cases[] = {
      {{0}, {0}, {0}, 4},
      {{1}, {0}, {0}, 4},                      /* a size 1 stretches to 0 (E25) */
      {{}, {}, {2, 0}, 8},                     /* a scalar: count 1, yet nothing is read */
      {{3, 0}, {0, 2}, {3, 2, 0}, 2},
      {{1}, {1}, {kTwo32, kTwo32, 0}, SIZE_MAX}, /* a count of 0 never overflows */
  };
  for (const Case &c : cases) {
    CAPTURE(c.z.size());
    sonnx_error e = fresh_error();
    CHECK(sonnx_broadcast_in_dim(shape_of(c.x), nullptr, c.es, c.bd.empty() ? nullptr : c.bd.data(),
                                 shape_of(c.z), nullptr, 0, &e) == SONNX_OK);
    CHECK(e.status == SONNX_OK);
    /* with buffers given: not one byte read (fault page) or written (canaries) */
    InDimCall call(shape_of(c.x), fault_page(), c.es, c.bd.empty() ? nullptr : c.bd.data(),
                   shape_of(c.z), 8);
    CHECK(call.status == SONNX_OK);
    CHECK(call.out.canaries.intact());
  }
  {
    /* elem_size 0 is still rejected */
    const Sizes x{1}, bd{0}, z{0};
    InDimCall call(shape_of(x), nullptr, 0, bd.data(), shape_of(z), 0, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_ARGUMENT, 0, kNoIndex, 0, std::nullopt, msg_elem_size(0)});
  }
}

/* ---------------------------------- sonnx_xla_binary_shape ---------------------------------- */

namespace {

/* One call of sonnx_xla_binary_shape with out_dims (capacity 6 unless given) and out_rank
   under watch. */
struct XlaCall {
  ShapeOut out;
  sonnx_error e = fresh_error();
  sonnx_status status;
  XlaCall(const sonnx_shape &lhs, const sonnx_shape &rhs, const size_t *bd, size_t n,
          size_t capacity = 6, bool dims_null = false, bool rank_null = false)
      : status(sonnx_xla_binary_shape(lhs, rhs, bd, n, dims_null ? nullptr : out.dims, capacity,
                                      rank_null ? nullptr : &out.rank, &e))
  {
  }
};

} // namespace

// @req XLA-INDIM-TUPLE XLA-SCALAR LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("attack xla_binary_shape: lists of the wrong length are rejected unread")
{
  struct Case {
    Sizes lhs, rhs;
    size_t n, needed;
  };
  const Case cases[] = {
      {{2, 3}, {3}, 0, 1},          /* "without specifying broadcasting, this operation is invalid" */
      {{2, 3}, {3}, 2, 1},
      {{2, 3}, {3}, SIZE_MAX, 1},
      {{}, {2, 3}, 1, 0},           /* a scalar takes no list (XLA-SCALAR, E29) */
      {{2, 3}, {}, 2, 0},
      {{}, {}, 1, 0},
      {{2, 3}, {2, 3}, 1, 2},       /* equal ranks: empty or the identity (E29) */
      {{3}, {2, 3}, kTwo31, 1},
  };
  for (const Case &c : cases) {
    CAPTURE(c.n);
    /* the list faults if read: its length alone decides */
    XlaCall call(shape_of(c.lhs), shape_of(c.rhs), fault_sizes(), c.n);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, c.n, c.needed, msg_list_length(c.n, c.needed)});
  }
  {
    /* the length is checked before the list pointer: NULL with the wrong length */
    const Sizes lhs{2, 3}, rhs{3};
    XlaCall call(shape_of(lhs), shape_of(rhs), nullptr, 2);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, 2, 1, msg_list_length(2, 1)});
  }
}

// @req XLA-INDIM-ORDER LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("attack xla_binary_shape: lists that repeat, decrease or point past the higher rank")
{
  struct Case {
    Sizes lhs, rhs, bd;
    size_t input, entry, value, expected; /* input: the lower-rank operand (lhs when equal) */
    size_t capacity;
  };
  const Case cases[] = {
      {{3, 4}, {2, 3, 4}, {1, 1}, 0, 1, 1, 2, 6},
      {{3, 4}, {2, 3, 4}, {2, 1}, 0, 1, 1, 3, 6},
      {{3, 4}, {2, 3, 4}, {1, 3}, 0, 1, 3, 3, 6},
      {{2, 3, 4}, {3, 4}, {0, 5}, 1, 1, 5, 3, 6},        /* rhs is the lower rank */
      {{2, 3}, {2, 3}, {1, 0}, 0, 1, 0, 2, 6},           /* equal ranks: not the identity */
      {{2, 3}, {2, 3}, {0, 2}, 0, 1, 2, 2, 6},
      {{2, 3}, {3}, {SIZE_MAX}, 1, 0, SIZE_MAX, 2, 6},
      {{7, 2}, {3}, {5}, 1, 0, 5, 2, 0},                 /* before capacity (0) and sizes (3 vs 2) */
  };
  for (const Case &c : cases) {
    CAPTURE(c.entry);
    CAPTURE(c.value);
    XlaCall call(shape_of(c.lhs), shape_of(c.rhs), c.bd.data(), c.bd.size(), c.capacity);
    const std::string text = c.value >= c.expected ? msg_entry_range(c.input, c.entry, c.value, c.expected)
                                                   : msg_entry_order(c.input, c.entry, c.value, c.expected);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_ARGUMENT, c.input, c.entry, c.value, c.expected, text});
  }
}

// @req LIB-NULL LIB-RANK LIB-ERR-NOWRITE
TEST_CASE("attack xla_binary_shape: NULL for each pointer in turn, ranks above SONNX_MAX_RANK")
{
  const Sizes lhs{2, 3}, rhs{3}, bd{1};
  {
    XlaCall call(shape_of(lhs), shape_of(rhs), bd.data(), 1, 6, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 5, msg_argument_null(5)});
  }
  {
    /* out_rank NULL is reported before a rank above SONNX_MAX_RANK */
    XlaCall call(sonnx_shape{SONNX_MAX_RANK + 1, fault_sizes()}, shape_of(rhs), fault_sizes(), 1, 6,
                 false, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 7, msg_argument_null(7)});
  }
  {
    XlaCall call(shape_of(lhs), shape_of(rhs), bd.data(), 1, 6, true, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 5, msg_argument_null(5)});
  }
  {
    /* NULL list while the ranks differ */
    XlaCall call(shape_of(lhs), shape_of(rhs), nullptr, 1);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 3, msg_argument_null(3)});
  }
  {
    XlaCall call(sonnx_shape{2, nullptr}, shape_of(rhs), bd.data(), 1);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, 0, kNoIndex, std::nullopt, 0, msg_input_null(0)});
  }
  {
    XlaCall call(shape_of(lhs), sonnx_shape{1, nullptr}, bd.data(), 1);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, 1, kNoIndex, std::nullopt, 0, msg_input_null(1)});
  }
  for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
    CAPTURE(bad_rank);
    {
      XlaCall call(sonnx_shape{bad_rank, fault_sizes()}, shape_of(rhs), fault_sizes(), 1);
      check_rejected(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_RANK, 0, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(0, bad_rank)});
    }
    {
      XlaCall call(shape_of(lhs), sonnx_shape{bad_rank, fault_sizes()}, fault_sizes(), 2);
      check_rejected(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
    }
  }
  {
    /* accepted: NULL list for equal ranks with n_dims 0; NULL out_dims with capacity 0 for a
       rank-0 result; err NULL */
    const Sizes a{2, 1}, b{1, 3};
    size_t dims[2] = {0, 0};
    size_t rank = 9;
    CHECK(sonnx_xla_binary_shape(shape_of(a), shape_of(b), nullptr, 0, dims, 2, &rank, nullptr) ==
          SONNX_OK);
    CHECK((rank == 2 && dims[0] == 2 && dims[1] == 3));
    CHECK(sonnx_xla_binary_shape(sonnx_shape{0, nullptr}, sonnx_shape{0, nullptr}, nullptr, 0,
                                 nullptr, 0, &rank, nullptr) == SONNX_OK);
    CHECK(rank == 0);
  }
}

// @req LIB-CAPACITY XLA-COMPOSE LIB-ERR-NOWRITE
TEST_CASE("attack xla_binary_shape: out_dims capacity one short, exact is enough")
{
  /* (1,2) with (4,3,1) and (1,2) gives (4,3,2) (003, Broadcast composition) */
  const Sizes lhs{1, 2}, rhs{4, 3, 1}, bd{1, 2};
  XlaCall call(shape_of(lhs), shape_of(rhs), bd.data(), 2, 2);
  check_rejected(call.status, call.e, call.out.canaries,
                 {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 2, 3, msg_capacity(2, 3)});
  size_t dims[4] = {77, 77, 77, 77};
  size_t rank = 0;
  CHECK(sonnx_xla_binary_shape(shape_of(lhs), shape_of(rhs), bd.data(), 2, dims, 3, &rank, nullptr) ==
        SONNX_OK);
  CHECK((rank == 3 && dims[0] == 4 && dims[1] == 3 && dims[2] == 2 && dims[3] == 77));
}

// @req XLA-DEGENERATE XLA-COMPOSE LIB-ERR-NOWRITE
TEST_CASE("attack xla_binary_shape: degenerate dimensions that are incompatible")
{
  struct Case {
    Sizes lhs, rhs, bd;
    size_t axis, size, expected; /* sonnx_broadcast_shape_numpy's fields: input 1 breaks lhs's size */
  };
  const Case cases[] = {
      {{7, 2, 5}, {7, 2, 6}, {}, 2, 6, 5},     /* 003 */
      {{2, 3}, {2}, {1}, 1, 2, 3},             /* rhs as (1, 2) */
      {{3}, {2, 3}, {0}, 0, 2, 3},             /* lhs as (3, 1) */
      {{0}, {2}, {}, 0, 2, 0},
      {{SIZE_MAX}, {SIZE_MAX - 1}, {}, 0, SIZE_MAX - 1, SIZE_MAX},
  };
  for (const Case &c : cases) {
    CAPTURE(c.axis);
    XlaCall call(shape_of(c.lhs), shape_of(c.rhs), c.bd.empty() ? nullptr : c.bd.data(), c.bd.size());
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_INCOMPATIBLE, 1, c.axis, c.size, c.expected,
                    msg_degenerate(1, c.axis, c.size, c.expected), SONNX_RULE_XLA_DEGENERATE});
  }
  {
    /* extreme sizes are only compared; a 1 against a 0 gives 0 (E27) */
    const Sizes a{SIZE_MAX, 1, 1}, b{1, kTwo32, 0};
    size_t dims[3];
    size_t rank = 0;
    CHECK(sonnx_xla_binary_shape(shape_of(a), shape_of(b), nullptr, 0, dims, 3, &rank, nullptr) ==
          SONNX_OK);
    CHECK((rank == 3 && dims[0] == SIZE_MAX && dims[1] == kTwo32 && dims[2] == 0));
  }
}

// The example of 003 (XLA-DEGENERATE): the message cites that rule, not SONNX-C1.
// @req XLA-DEGENERATE LIB-ERR-STATUS
TEST_CASE("attack xla_binary_shape: a degenerate mismatch cites XLA-DEGENERATE")
{
  const Sizes lhs{7, 2, 5}, rhs{7, 2, 6};
  XlaCall call(shape_of(lhs), shape_of(rhs), nullptr, 0);
  check_rejected(call.status, call.e, call.out.canaries,
                 {SONNX_ERR_INCOMPATIBLE, 1, 2, 6, 5, msg_degenerate(1, 2, 6, 5),
                  SONNX_RULE_XLA_DEGENERATE});
  CHECK(message(call.e) == "input 1, axis 2: size 6 is neither 5 nor 1 (XLA-DEGENERATE)");
  /* err may be NULL (LIB-ERR-STATUS): the same status, nothing written */
  ShapeOut out;
  CHECK(sonnx_xla_binary_shape(shape_of(lhs), shape_of(rhs), nullptr, 0, out.dims, 6, &out.rank,
                               nullptr) == SONNX_ERR_INCOMPATIBLE);
  CHECK(out.canaries.intact());
}

/* -------------------------------- sonnx_unidirectional_check -------------------------------- */

// @req ONNX-UNIDIR SONNX-C1 LIB-RANK LIB-NULL LIB-ERR-STATUS
TEST_CASE("attack unidirectional_check: ranks, NULL dims, b above a, C1, a 1 against a 0")
{
  const Canaries none; /* no output but *err */
  const Sizes a{2, 3, 4, 5};
  for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
    CAPTURE(bad_rank);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_unidirectional_check(sonnx_shape{bad_rank, fault_sizes()},
                                                sonnx_shape{bad_rank, fault_sizes()}, &e);
    check_rejected(s, e, none,
                   {SONNX_ERR_RANK, 0, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(0, bad_rank)});
    e = fresh_error();
    s = sonnx_unidirectional_check(shape_of(a), sonnx_shape{bad_rank, fault_sizes()}, &e);
    check_rejected(s, e, none,
                   {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
  }
  {
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_unidirectional_check(sonnx_shape{1, nullptr}, sonnx_shape{1, nullptr}, &e);
    check_documented(s, e, none, {SONNX_ERR_NULL, 0, kNoIndex, std::nullopt, 0, msg_input_null(0)});
    e = fresh_error();
    s = sonnx_unidirectional_check(shape_of(a), sonnx_shape{2, nullptr}, &e);
    check_documented(s, e, none, {SONNX_ERR_NULL, 1, kNoIndex, std::nullopt, 0, msg_input_null(1)});
  }
  struct Case {
    Sizes a, b;
    size_t input, axis, size, expected;
    bool unidir; /* C1 holds for {a, b} but the common shape is not a: ONNX-UNIDIR */
  };
  const Case c1_cases[] = {
      {{2, 3, 4, 5}, {3}, 1, 3, 3, 5, false},          /* Broadcast({a, b}) fails: b breaks C1 */
      {{3}, {5}, 0, 0, 3, 5, false},                   /* ... or a does */
      {{1}, {3}, 1, 0, 3, 1, true},                    /* Broadcast exists but is not a: a's 1 may not stretch */
      {{2, 1}, {3}, 1, 1, 3, 1, true},                 /* b padded to (1, 3) */
      {{0}, {1}, 0, 0, 0, 1, false},                   /* a 1 against a 0 (E30): the SONNX rule */
      {{1}, {0}, 1, 0, 0, 1, false},
      {{0}, {}, 0, 0, 0, 1, false},                    /* a scalar does not reach a size 0 */
      {{SIZE_MAX, 2}, {SIZE_MAX, 3}, 0, 1, 2, 3, false}, /* max 3: a's 2 breaks C1 first */
  };
  for (const Case &c : c1_cases) {
    CAPTURE(c.axis);
    CAPTURE(c.size);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_unidirectional_check(shape_of(c.a), shape_of(c.b), &e);
    if (c.unidir) {
      check_rejected(s, e, none,
                     {SONNX_ERR_INCOMPATIBLE, c.input, c.axis, c.size, c.expected,
                      msg_unidir(c.input, c.axis, c.size, c.expected), SONNX_RULE_ONNX_UNIDIR});
    } else {
      check_rejected(s, e, none,
                     {SONNX_ERR_INCOMPATIBLE, c.input, c.axis, c.size, c.expected,
                      msg_c1(c.input, c.axis, c.size, c.expected)});
    }
  }
  {
    /* b of higher rank, whatever its sizes */
    const Sizes b64(SONNX_MAX_RANK, 1);
    sonnx_error e = fresh_error();
    sonnx_status s = sonnx_unidirectional_check(sonnx_shape{0, nullptr}, shape_of(b64), &e);
    check_rejected(s, e, none,
                   {SONNX_ERR_INCOMPATIBLE, 1, kNoIndex, SONNX_MAX_RANK, 0,
                    msg_rank_above(1, SONNX_MAX_RANK, 0), SONNX_RULE_ONNX_UNIDIR});
    CHECK(sonnx_unidirectional_check(sonnx_shape{0, nullptr}, shape_of(b64), nullptr) ==
          SONNX_ERR_INCOMPATIBLE);
  }
  {
    /* accepted: the ONNX examples, extreme sizes only compared, zeros facing zeros */
    for (const Sizes &b : {Sizes{}, Sizes{5}, Sizes{2, 1, 1, 5}, Sizes{1, 3, 1, 5}}) {
      CHECK(sonnx_unidirectional_check(shape_of(a), shape_of(b), nullptr) == SONNX_OK);
    }
    const Sizes big{SIZE_MAX, kTwo32}, row{1, kTwo32}, a20{2, 0}, zero{0};
    CHECK(sonnx_unidirectional_check(shape_of(big), shape_of(row), nullptr) == SONNX_OK);
    CHECK(sonnx_unidirectional_check(shape_of(a20), shape_of(zero), nullptr) == SONNX_OK);
  }
}

/* ------------------------------------ sonnx_expand_shape ------------------------------------ */

namespace {

struct ExpandCall {
  ShapeOut out;
  sonnx_error e = fresh_error();
  sonnx_status status;
  ExpandCall(const sonnx_shape &x, const sonnx_shape &shape, size_t capacity = 6,
             bool dims_null = false, bool rank_null = false)
      : status(sonnx_expand_shape(x, shape, dims_null ? nullptr : out.dims, capacity,
                                  rank_null ? nullptr : &out.rank, &e))
  {
  }
};

} // namespace

// @req ONNX-EXPAND LIB-NULL LIB-RANK LIB-CAPACITY LIB-ERR-NOWRITE
TEST_CASE("attack expand_shape: NULL for each pointer in turn, ranks, capacity one short")
{
  const Sizes x{3, 1}, shape{2, 1, 6};
  {
    ExpandCall call(shape_of(x), shape_of(shape), 6, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 3, msg_argument_null(3)});
  }
  {
    ExpandCall call(shape_of(x), shape_of(shape), 6, false, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 5, msg_argument_null(5)});
  }
  {
    ExpandCall call(shape_of(x), shape_of(shape), 6, true, true);
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, kNoIndex, kNoIndex, std::nullopt, 3, msg_argument_null(3)});
  }
  {
    ExpandCall call(sonnx_shape{2, nullptr}, shape_of(shape));
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, 0, kNoIndex, std::nullopt, 0, msg_input_null(0)});
  }
  {
    ExpandCall call(shape_of(x), sonnx_shape{3, nullptr});
    check_documented(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_NULL, 1, kNoIndex, std::nullopt, 0, msg_input_null(1)});
  }
  for (size_t bad_rank : {size_t{SONNX_MAX_RANK + 1}, SIZE_MAX}) {
    CAPTURE(bad_rank);
    {
      ExpandCall call(sonnx_shape{bad_rank, fault_sizes()}, shape_of(shape));
      check_rejected(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_RANK, 0, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(0, bad_rank)});
    }
    {
      ExpandCall call(shape_of(x), sonnx_shape{bad_rank, fault_sizes()});
      check_rejected(call.status, call.e, call.out.canaries,
                     {SONNX_ERR_RANK, 1, kNoIndex, bad_rank, SONNX_MAX_RANK, msg_rank(1, bad_rank)});
    }
  }
  {
    /* (3,1) expanded to (2,1,6) needs 3 sizes; the capacity is checked before C1 too */
    ExpandCall call(shape_of(x), shape_of(shape), 2);
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 2, 3, msg_capacity(2, 3)});
    const Sizes x32{3, 2}, s34{3, 4};
    ExpandCall c1(shape_of(x32), shape_of(s34), 1);
    check_rejected(c1.status, c1.e, c1.out.canaries,
                   {SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, 1, 2, msg_capacity(1, 2)});
    size_t dims[4] = {77, 77, 77, 77};
    size_t rank = 0;
    CHECK(sonnx_expand_shape(shape_of(x), shape_of(shape), dims, 3, &rank, nullptr) == SONNX_OK);
    CHECK((rank == 3 && dims[0] == 2 && dims[1] == 3 && dims[2] == 6 && dims[3] == 77));
  }
  {
    /* out_dims NULL is fine with capacity 0 when the result has rank 0 */
    size_t rank = 9;
    CHECK(sonnx_expand_shape(sonnx_shape{0, nullptr}, sonnx_shape{0, nullptr}, nullptr, 0, &rank,
                             nullptr) == SONNX_OK);
    CHECK(rank == 0);
  }
}

// @req ONNX-EXPAND SONNX-C1 SONNX-STEP2-MAX LIB-ERR-NOWRITE
TEST_CASE("attack expand_shape: incompatible shapes, a 1 against a 0, extreme sizes")
{
  struct Case {
    Sizes x, shape;
    size_t input, axis, size, expected;
  };
  const Case cases[] = {
      {{3, 2}, {3, 4}, 0, 1, 2, 4},
      {{3, 4}, {3, 2}, 1, 1, 2, 4},
      {{1}, {0}, 1, 0, 0, 1},                    /* E30: ONNX's NumPy reading would give (0) */
      {{0}, {1}, 0, 0, 0, 1},
      {{SIZE_MAX, 2}, {SIZE_MAX - 1, 2}, 1, 0, SIZE_MAX - 1, SIZE_MAX},
  };
  for (const Case &c : cases) {
    CAPTURE(c.axis);
    CAPTURE(c.size);
    ExpandCall call(shape_of(c.x), shape_of(c.shape));
    check_rejected(call.status, call.e, call.out.canaries,
                   {SONNX_ERR_INCOMPATIBLE, c.input, c.axis, c.size, c.expected,
                    msg_c1(c.input, c.axis, c.size, c.expected)});
  }
  {
    const Sizes x{SIZE_MAX, 1}, shape{kTwo32};
    size_t dims[2];
    size_t rank = 0;
    CHECK(sonnx_expand_shape(shape_of(x), shape_of(shape), dims, 2, &rank, nullptr) == SONNX_OK);
    CHECK((rank == 2 && dims[0] == SIZE_MAX && dims[1] == kTwo32));
  }
}

/* ============================== sonnx_format_error ============================== */

// @req LIB-ERR-MESSAGE LIB-ERR-STATUS
TEST_CASE("attack format_error: every capacity, NULL err, extreme fields, unknown status")
{
  const sonnx_error c1{SONNX_ERR_INCOMPATIBLE, 1, 2, 4, 3, SONNX_RULE_SONNX};
  const std::string full = "input 1, axis 2: size 4 is neither 3 nor 1 (SONNX-C1)";
  CHECK(sonnx_format_error(&c1, nullptr, 0) == full.size());
  for (size_t cap = 1; cap <= full.size() + 2; ++cap) {
    CAPTURE(cap);
    char buf[80];
    Canaries c;
    c.watch(buf);
    const std::vector<unsigned char> before(buf, buf + sizeof buf);
    CHECK(sonnx_format_error(&c1, buf, cap) == full.size());
    const size_t kept = std::min(cap - 1, full.size());
    CHECK(std::string(buf, kept) == full.substr(0, kept));
    CHECK(buf[kept] == '\0');
    /* nothing past the capacity */
    CHECK(std::memcmp(buf + cap, before.data() + cap, sizeof buf - cap) == 0);
  }
  {
    char buf[SONNX_MESSAGE_MAX];
    const std::string text = "no error information (err is NULL)";
    CHECK(sonnx_format_error(nullptr, buf, sizeof buf) == text.size());
    CHECK(std::string(buf) == text);
  }
  /* the longest field values: every message still fits in SONNX_MESSAGE_MAX */
  const std::string M = kSizeMaxText;
  struct Case {
    sonnx_error e;
    std::string text;
  };
  constexpr sonnx_rule kC1 = SONNX_RULE_SONNX;
  const Case cases[] = {
      {{SONNX_OK, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, kC1}, "no error"},
      {{SONNX_ERR_NULL, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, kC1}, "argument " + M + " is NULL (LIB-NULL)"},
      {{SONNX_ERR_NULL, SIZE_MAX - 1, SIZE_MAX - 1, 0, 0, kC1},
       "input 18446744073709551614, axis 18446744073709551614: dims or data is NULL but its size is "
       "not zero (LIB-NULL)"},
      /* sonnx_error: with an input index, expected 2 is the data of input m, 3 the data of
         output m (sonnx_broadcast's outputs argument); an output has no axis to name */
      {{SONNX_ERR_NULL, 2, SIZE_MAX, 0, 2, kC1},
       "input 2: dims or data is NULL but its size is not zero (LIB-NULL)"},
      {{SONNX_ERR_NULL, SIZE_MAX - 1, SIZE_MAX - 1, 0, 3, kC1},
       "output 18446744073709551614: data is NULL but its size is not zero (LIB-NULL)"},
      {{SONNX_ERR_ARGUMENT, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, kC1},
       "number of inputs " + M + " is outside [1, " + M + "] (SONNX-L-RANGE)"},
      {{SONNX_ERR_ARGUMENT, SIZE_MAX, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX, kC1},
       "axis 18446744073709551614: index " + M + " is not below the size " + M + " (LIB-STRIDES)"},
      {{SONNX_ERR_ARGUMENT, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX, 1, kC1},
       "input 18446744073709551614: element size " + M + " is not positive (LIB-ELEM-SIZE)"},
      {{SONNX_ERR_RANK, SIZE_MAX - 1, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX, kC1},
       "input 18446744073709551614, axis 18446744073709551614: rank " + M + " exceeds " + M +
           " (LIB-RANK)"},
      {{SONNX_ERR_INCOMPATIBLE, SIZE_MAX - 1, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX, kC1},
       "input 18446744073709551614, axis 18446744073709551614: size " + M + " is neither " + M +
           " nor 1 (SONNX-C1)"},
      /* the rule names the requirement an incompatible size broke (sonnx_error.rule) */
      {{SONNX_ERR_INCOMPATIBLE, SIZE_MAX - 1, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX,
        SONNX_RULE_XLA_INDIM_MATCH},
       "input 18446744073709551614, axis 18446744073709551614: size " + M + " is neither " + M +
           " nor 1 (XLA-INDIM-MATCH)"},
      {{SONNX_ERR_INCOMPATIBLE, SIZE_MAX - 1, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX,
        SONNX_RULE_XLA_DEGENERATE},
       "input 18446744073709551614, axis 18446744073709551614: size " + M + " is neither " + M +
           " nor 1 (XLA-DEGENERATE)"},
      {{SONNX_ERR_INCOMPATIBLE, 1, 2, 4, 3, SONNX_RULE_ONNX_UNIDIR},
       "input 1, axis 2: size 4 does not broadcast to 3 (ONNX-UNIDIR)"},
      {{SONNX_ERR_INCOMPATIBLE, SIZE_MAX - 1, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX, SONNX_RULE_ONNX_UNIDIR},
       "input 18446744073709551614, axis 18446744073709551614: size " + M + " does not broadcast to " +
           M + " (ONNX-UNIDIR)"},
      /* a size that had to be 1: "is not 1", under every size rule */
      {{SONNX_ERR_INCOMPATIBLE, 0, 0, 0, 1, kC1}, "input 0, axis 0: size 0 is not 1 (SONNX-C1)"},
      {{SONNX_ERR_INCOMPATIBLE, 0, 1, 3, 1, SONNX_RULE_XLA_INDIM_MATCH},
       "input 0, axis 1: size 3 is not 1 (XLA-INDIM-MATCH)"},
      {{SONNX_ERR_INCOMPATIBLE, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX, SIZE_MAX, kC1},
       "input 18446744073709551614: rank " + M + " is above the target rank " + M + " (ONNX-UNIDIR)"},
      /* the rule is read for a size only: a rank above the target is ONNX-UNIDIR whatever it says */
      {{SONNX_ERR_INCOMPATIBLE, 0, SIZE_MAX, 3, 2, SONNX_RULE_XLA_DEGENERATE},
       "input 0: rank 3 is above the target rank 2 (ONNX-UNIDIR)"},
      {{SONNX_ERR_OVERFLOW, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, kC1}, kMsgOverflowOutput},
      {{SONNX_ERR_OVERFLOW, SIZE_MAX - 1, SIZE_MAX - 1, 0, 0, kC1},
       "input 18446744073709551614, axis 18446744073709551614: element count or byte size exceeds "
       "SIZE_MAX (LIB-OVERFLOW)"},
      {{SONNX_ERR_CAPACITY, SIZE_MAX - 1, SIZE_MAX, SIZE_MAX, SIZE_MAX, kC1},
       "output 18446744073709551614: capacity " + M + " is below the " + M + " needed (LIB-CAPACITY)"},
      {{SONNX_ERR_CAPACITY, SIZE_MAX, SIZE_MAX, 0, 0, kC1}, msg_capacity(0, 0)},
      /* 7 is inside the enum's range of values (0..7): a status no function returns */
      {{static_cast<sonnx_status>(7), 0, 0, 0, 0, kC1}, "unknown status 7"},
  };
  for (const Case &c : cases) {
    CAPTURE(c.text);
    char buf[SONNX_MESSAGE_MAX + 8];
    std::memset(buf, 0x7E, sizeof buf);
    const size_t len = sonnx_format_error(&c.e, buf, SONNX_MESSAGE_MAX);
    CHECK(len < SONNX_MESSAGE_MAX);
    CHECK(std::string(buf) == c.text);
    CHECK(len == c.text.size());
    bool tail_untouched = true;
    for (size_t k = SONNX_MESSAGE_MAX; k < sizeof buf; ++k) {
      tail_untouched = tail_untouched && buf[k] == 0x7E;
    }
    CHECK(tail_untouched);
  }
}

/* ============================ aliasing inside the contract ============================ */

/* LIB-NOALIAS forbids only overlap between what a call writes and anything else; regions that
   are only read may be shared freely. A model file can make a runtime pass the same tensor
   twice, or one dims array for several shapes: the results must be those of distinct copies. */
// @req LIB-NOALIAS SONNX-ELEM SONNX-STEP2-MAX
TEST_CASE("attack aliasing: read-only regions shared between arguments")
{
  const std::vector<size_t> d{2, 1};
  const int32_t v[2] = {5, -6};
  {
    /* the same dims array for every input, and the same input three times */
    const sonnx_shape same[3] = {shape_of(d), shape_of(d), shape_of(d)};
    size_t dims[2];
    size_t rank = 0;
    CHECK(sonnx_broadcast_shape(3, same, dims, 2, &rank, nullptr) == SONNX_OK);
    CHECK((rank == 2 && dims[0] == 2 && dims[1] == 1));
  }
  {
    /* x and z share one dims array (x == z): a plain copy */
    int32_t z[2] = {};
    CHECK(sonnx_broadcast_to(shape_of(d), v, 4, shape_of(d), z, sizeof z, nullptr) == SONNX_OK);
    CHECK((z[0] == 5 && z[1] == -6));
    size_t strides[2] = {9, 9};
    CHECK(sonnx_broadcast_strides(shape_of(d), shape_of(d), strides, nullptr) == SONNX_OK);
    CHECK(strides[0] == 1); /* axis 1 has sizes 1 and 1: either value (LIB-STRIDES) */
  }
  {
    /* one tensor (dims and data) given twice to the N-ary operator; the index array of
       source_offset is the dims array itself minus one on each axis */
    const std::vector<size_t> row{1, 3};
    const int32_t r[3] = {1, 2, 3};
    const sonnx_tensor in[3] = {{shape_of(d), v, 4}, {shape_of(row), r, 4}, {shape_of(d), v, 4}};
    int32_t z0[6] = {}, z1[6] = {}, z2[6] = {};
    const sonnx_buffer out[3] = {{z0, sizeof z0}, {z1, sizeof z1}, {z2, sizeof z2}};
    size_t dims[2];
    size_t rank = 0;
    CHECK(sonnx_broadcast(3, in, out, dims, 2, &rank, nullptr) == SONNX_OK);
    CHECK((rank == 2 && dims[0] == 2 && dims[1] == 3));
    bool right = true;
    for (size_t i = 0; i < 6; ++i) {
      right = right && z0[i] == v[i / 3] && z2[i] == v[i / 3] && z1[i] == r[i % 3];
    }
    CHECK(right);
    const size_t last[2] = {dims[0] - 1, dims[1] - 1};
    size_t offset = 99;
    CHECK(sonnx_source_offset(shape_of(d), sonnx_shape{2, dims}, last, &offset, nullptr) == SONNX_OK);
    CHECK(offset == 1);
  }
}

/* sonnx_broadcast.hpp: the C++20 face of sonnx-broadcast, header only.
 *
 * A typed layer over the verified C core (sonnx_broadcast.h). Every decision
 * about shapes, compatibility, error precedence and element placement is
 * taken by a C function, so the proved contracts carry over; this file turns
 * spans and shapes into C views and C errors into values. The few checks it
 * adds are the ones C cannot make (the length of a span) and are listed at
 * each function.
 *
 * @req LIB-NOALLOC: nothing here allocates. A shape holds at most
 * SONNX_MAX_RANK sizes in place, a message lives in a fixed array of
 * SONNX_MESSAGE_MAX chars, the C views of a call (at most sonnx::max_inputs
 * inputs) live on the stack. Copying a std::string element is the string's
 * own business (it allocates only when the target string is too short).
 *
 * No exceptions: failures are returned as sonnx::result. The only throwing
 * operation is the copy assignment of a std::string element (std::bad_alloc);
 * every check precedes the first assignment. Misuse that types can catch does
 * not compile: an element type outside the spec's list, x and z of different
 * element types, non-contiguous data (only spans are taken), a C view of a
 * temporary shape.
 */
#ifndef SONNX_BROADCAST_HPP
#define SONNX_BROADCAST_HPP

#include "sonnx_broadcast.h"

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace sonnx {

/* @req LIB-RANK: the largest rank any function accepts. */
inline constexpr std::size_t max_rank = SONNX_MAX_RANK;

/* Value of error::input() / error::axis() when the error concerns no input / no axis. */
inline constexpr std::size_t no_index = SONNX_NO_INDEX;

/* Inputs per N-ary C++ call. The C functions take any n up to SONNX_MAX_INPUTS, but they need
   contiguous arrays of C views, which the C++ layer keeps on the stack (@req LIB-NOALLOC):
   48 bytes per input, 12 KiB in all. More inputs give SONNX_ERR_ARGUMENT with size() = n and
   expected() = max_inputs; call the C API directly for them. */
inline constexpr std::size_t max_inputs = 256;

/* A tensor shape: up to SONNX_MAX_RANK sizes stored in place, so that it is a plain value that
   never allocates (@req LIB-NOALLOC LIB-RANK).
   Built from more than SONNX_MAX_RANK sizes, it keeps the first SONNX_MAX_RANK, rank() is the
   number given and valid() is false; no exception, no clamping: every call that receives it
   reports SONNX_ERR_RANK with size() = rank(), exactly as the C API does for such a rank. */
class shape {
public:
  static constexpr std::size_t capacity = SONNX_MAX_RANK;

  /* Rank 0: a scalar, one element (@req SONNX-STEP1-RANK). */
  constexpr shape() noexcept = default;

  constexpr shape(std::initializer_list<std::size_t> dims) noexcept
      : shape(std::span<const std::size_t>(dims.begin(), dims.size()))
  {
  }

  constexpr explicit shape(std::span<const std::size_t> dims) noexcept : rank_(dims.size())
  {
    for (std::size_t k = 0; k < stored(); ++k) {
      dims_[k] = dims[k];
    }
  }

  /* The number of sizes given (above SONNX_MAX_RANK when !valid()). */
  constexpr std::size_t rank() const noexcept { return rank_; }

  /* @req LIB-RANK: rank() <= SONNX_MAX_RANK. */
  constexpr bool valid() const noexcept { return rank_ <= capacity; }

  /* Size of axis i; requires i < dims().size(). */
  constexpr std::size_t operator[](std::size_t i) const noexcept { return dims_[i]; }

  /* The stored sizes: all rank() of them when valid(). */
  constexpr std::span<const std::size_t> dims() const noexcept { return {dims_.data(), stored()}; }

  friend constexpr bool operator==(const shape &a, const shape &b) noexcept
  {
    if (a.rank_ != b.rank_) {
      return false;
    }
    for (std::size_t k = 0; k < a.stored(); ++k) {
      if (a.dims_[k] != b.dims_[k]) {
        return false;
      }
    }
    return true;
  }

  /* The C view of this shape; it points into *this, hence no view of a temporary. */
  sonnx_shape as_c() const & noexcept { return sonnx_shape{rank_, dims_.data()}; }
  sonnx_shape as_c() const && = delete;

private:
  constexpr std::size_t stored() const noexcept { return rank_ < capacity ? rank_ : capacity; }

  std::array<std::size_t, capacity> dims_{};
  std::size_t rank_ = 0;
};

/* What went wrong: the C error fields and their message (@req LIB-ERR-STATUS LIB-ERR-MESSAGE).
   The message is formatted once, into a fixed buffer, so message() never allocates. */
class error {
public:
  /* No error: status SONNX_OK. */
  error() noexcept : error(sonnx_error{SONNX_OK, no_index, no_index, 0u, 0u, SONNX_RULE_SONNX}) {}

  /* An error of the C API; the message is sonnx_format_error's. */
  explicit error(const sonnx_error &e) noexcept : err_(e)
  {
    length_ = sonnx_format_error(&err_, text_.data(), text_.size());
    if (length_ >= text_.size()) {
      length_ = text_.size() - 1u;
    }
  }

  /* An error only the C++ layer can find (a span's length), with its own message; the text
     is truncated to SONNX_MESSAGE_MAX - 1 chars. */
  error(const sonnx_error &e, std::string_view text) noexcept : err_(e)
  {
    length_ = text.size() < text_.size() ? text.size() : text_.size() - 1u;
    for (std::size_t k = 0; k < length_; ++k) {
      text_[k] = text[k];
    }
    text_[length_] = '\0';
  }

  sonnx_status status() const noexcept { return err_.status; }
  /* 0-based input (or output) concerned, or no_index. */
  std::size_t input() const noexcept { return err_.input; }
  /* 0-based axis of the padded (result) rank, or no_index. */
  std::size_t axis() const noexcept { return err_.axis; }
  /* The offending size (a capacity is in elements, see broadcast_to). */
  std::size_t size() const noexcept { return err_.size; }
  /* The size it had to equal or reach. */
  std::size_t expected() const noexcept { return err_.expected; }
  /* The requirement an incompatible size violated (SONNX_RULE_XLA_INDIM_MATCH from
     broadcast_in_dim, SONNX_RULE_XLA_DEGENERATE from xla_binary_shape); SONNX_RULE_SONNX
     otherwise. */
  sonnx_rule rule() const noexcept { return err_.rule; }
  /* NUL-terminated too: message().data() can go to C. */
  std::string_view message() const noexcept { return {text_.data(), length_}; }
  const sonnx_error &c_error() const noexcept { return err_; }

private:
  sonnx_error err_;
  std::array<char, SONNX_MESSAGE_MAX> text_{};
  std::size_t length_ = 0;
};

/* A value or an error, as a minimal std::expected (C++23) without exceptions.
   Both members are always constructed, so operator* on an error gives the default T (a scalar
   shape, a count of 0), never garbage; value() on an error terminates, because continuing with
   a made-up value would be worse. error() of a success has status SONNX_OK. [[nodiscard]]:
   a status dropped on the floor is a bug. */
template <class T>
class [[nodiscard]] result {
public:
  using value_type = T;

  result(const T &value) noexcept(std::is_nothrow_copy_constructible_v<T>) : value_(value), ok_(true) {}
  result(const sonnx::error &e) noexcept : error_(e), ok_(false) {}

  explicit operator bool() const noexcept { return ok_; }
  bool has_value() const noexcept { return ok_; }

  const T &operator*() const noexcept { return value_; }
  const T *operator->() const noexcept { return &value_; }

  const T &value() const noexcept
  {
    if (!ok_) {
      std::terminate();
    }
    return value_;
  }

  const sonnx::error &error() const noexcept { return error_; }
  sonnx_status status() const noexcept { return error_.status(); }

private:
  T value_{};
  sonnx::error error_{};
  bool ok_;
};

/* IEEE 754 binary16 storage. Broadcasting moves elements and never computes with them
   (@req SONNX-TYPES), so the type carries the 16 bits and nothing else; == compares bits
   (a NaN equals itself, +0 differs from -0), which is what "the same element" means here. */
struct float16 {
  std::uint16_t bits;
  friend constexpr bool operator==(float16, float16) noexcept = default;
};
static_assert(sizeof(float16) == 2 && std::is_trivially_copyable_v<float16>);

namespace detail {
template <class T, class... U>
inline constexpr bool one_of = (std::is_same_v<T, U> || ...);
} // namespace detail

/* @req SONNX-TYPES: exactly the storage types of 001's list: float16, float, double,
   int8 .. int64, uint8 .. uint64, boolean (bool) and string (std::string). The spec's `real` is
   its abstract numeric type, not a storage type: every numeric T above serves it. */
template <class T>
concept element = detail::one_of<T, float16, float, double, std::int8_t, std::int16_t,
                                 std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                                 std::uint32_t, std::uint64_t, bool, std::string>;

namespace detail {

inline sonnx_error c_error(sonnx_status status, std::size_t input, std::size_t axis,
                           std::size_t size, std::size_t expected) noexcept
{
  sonnx_error e;
  e.status = status;
  e.input = input;
  e.axis = axis;
  e.size = size;
  e.expected = expected;
  e.rule = SONNX_RULE_SONNX; /* the C++ layer's own checks are no XLA rule */
  return e;
}

/* Builds a message in place (no std::string: @req LIB-NOALLOC). */
class text {
public:
  text &operator<<(std::string_view s) noexcept
  {
    for (char c : s) {
      if (length_ + 1u < chars_.size()) {
        chars_[length_++] = c;
      }
    }
    return *this;
  }
  text &operator<<(std::size_t v) noexcept
  {
    std::array<char, 24> digits{};
    const std::to_chars_result r = std::to_chars(digits.data(), digits.data() + digits.size(), v);
    return *this << std::string_view(digits.data(), static_cast<std::size_t>(r.ptr - digits.data()));
  }
  std::string_view view() const noexcept { return {chars_.data(), length_}; }

private:
  std::array<char, SONNX_MESSAGE_MAX> chars_{};
  std::size_t length_ = 0;
};

/* @req LIB-ROWMAJOR: a dense tensor holds exactly count(shape) elements. The C API cannot see a
   buffer's length, so the C++ layer checks it before any C call reads the data. A shape whose
   count does not exist (rank, overflow) is left to the C function, which reports it. */
inline std::optional<error> length_error(std::size_t given, const shape &s, std::size_t input) noexcept
{
  std::size_t count = 0;
  if (sonnx_shape_count(s.as_c(), &count) != SONNX_OK || given == count) {
    return std::nullopt;
  }
  text t;
  t << "input " << input << ": " << given << " elements given, its shape has " << count
    << " (LIB-ROWMAJOR)";
  return error(c_error(SONNX_ERR_ARGUMENT, input, no_index, given, count), t.view());
}

/* @req SONNX-SIG: one data span and one output per shape. */
inline error list_error(std::size_t n_data, std::size_t n_shapes, std::size_t n_outputs) noexcept
{
  text t;
  t << n_data << " inputs, " << n_shapes << " shapes and " << n_outputs
    << " outputs: one of each per tensor (SONNX-SIG)";
  const std::size_t bad = n_data != n_shapes ? n_data : n_outputs;
  return error(c_error(SONNX_ERR_ARGUMENT, no_index, no_index, bad, n_shapes), t.view());
}

/* @req SONNX-L-RANGE: the C++ layer's own bound on n (see max_inputs). */
inline error too_many_inputs(std::size_t n) noexcept
{
  return error(c_error(SONNX_ERR_ARGUMENT, no_index, no_index, n, max_inputs));
}

/* @req LIB-CAPACITY: C counts capacities in bytes, C++ in elements of the span. */
inline error in_elements(sonnx_error e, std::size_t given, std::size_t elem_size) noexcept
{
  if (e.status == SONNX_ERR_CAPACITY) {
    e.size = given;
    e.expected /= elem_size;
  }
  return error(e);
}

/* An empty span may have a NULL data(); C would call that SONNX_ERR_NULL when the output needs
   elements. A valid pointer with capacity 0 makes it what it is: too small (LIB-CAPACITY). */
template <class T>
void *out_data(std::span<T> z, unsigned char &none) noexcept
{
  return z.data() != nullptr ? static_cast<void *>(z.data()) : static_cast<void *>(&none);
}

using shape_fn = sonnx_status (*)(std::size_t, const sonnx_shape *, std::size_t *, std::size_t,
                                  std::size_t *, sonnx_error *);

inline result<shape> common_shape(shape_fn fn, std::span<const shape> shapes) noexcept
{
  if (shapes.size() > max_inputs) {
    return too_many_inputs(shapes.size());
  }
  std::array<sonnx_shape, max_inputs> views{};
  for (std::size_t m = 0; m < shapes.size(); ++m) {
    views[m] = shapes[m].as_c();
  }
  std::array<std::size_t, max_rank> dims{};
  std::size_t rank = 0;
  sonnx_error e{};
  if (fn(shapes.size(), views.data(), dims.data(), dims.size(), &rank, &e) != SONNX_OK) {
    return error(e);
  }
  return shape(std::span<const std::size_t>(dims.data(), rank));
}

} // namespace detail

/* Element count of s: the product of its sizes, 1 for rank 0 (@req LIB-OVERFLOW LIB-RANK).
   Errors name input 0: SONNX_ERR_RANK (size() = rank), SONNX_ERR_OVERFLOW. */
inline result<std::size_t> count(const shape &s) noexcept
{
  std::size_t c = 0;
  switch (sonnx_shape_count(s.as_c(), &c)) {
  case SONNX_OK:
    return c;
  case SONNX_ERR_RANK:
    return error(detail::c_error(SONNX_ERR_RANK, 0u, no_index, s.rank(), max_rank));
  default:
    return error(detail::c_error(SONNX_ERR_OVERFLOW, 0u, no_index, 0u, 0u));
  }
}

/* The common shape under the SONNX max rule: sonnx_broadcast_shape, with its error fields
   (@req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 LIB-ERR-STATUS). No inputs is
   SONNX_ERR_ARGUMENT (SONNX-L-RANGE); more than max_inputs too. */
inline result<shape> broadcast_shape(std::span<const shape> shapes) noexcept
{
  return detail::common_shape(sonnx_broadcast_shape, shapes);
}
inline result<shape> broadcast_shape(std::initializer_list<shape> shapes) noexcept
{
  return broadcast_shape(std::span<const shape>(shapes.begin(), shapes.size()));
}

/* The same under the Array API / NumPy rule, where a 1 also stretches to 0
   (@req ARRAYAPI-ALGO ARRAYAPI-INCOMPAT). */
inline result<shape> broadcast_shape_numpy(std::span<const shape> shapes) noexcept
{
  return detail::common_shape(sonnx_broadcast_shape_numpy, shapes);
}
inline result<shape> broadcast_shape_numpy(std::initializer_list<shape> shapes) noexcept
{
  return broadcast_shape_numpy(std::span<const shape>(shapes.begin(), shapes.size()));
}

/* @req LIB-ITER SONNX-ELEM: visits the output of Broadcast(inputs) (SONNX rule) in row-major
   runs, through the proved iteration sonnx_broadcast_iter_init / _next:
     visit(std::size_t out_offset, std::size_t length, std::span<const std::size_t> src,
           std::span<const std::size_t> step)
   once per run, in order, the runs tiling [0, count): output element out_offset + s (s <
   length) reads element src[m] + s * step[m] of input m (m < inputs.size()), step[m] 0 or 1.
   Returns the output shape, or the C error (nothing visited) for bad input: sonnx_broadcast_shape's
   checks and fields, then SONNX_ERR_OVERFLOW (input and axis no_index) when the output's count
   does not fit in size_t; more than max_inputs inputs is SONNX_ERR_ARGUMENT as for
   broadcast_shape. Nothing allocated: the C iterator and the src and step arrays (max_inputs
   entries each) are on the stack. */
namespace detail {

/* for_each_broadcast's start, one function for every visit type: the C++ bound on n, the C
   views (in the caller's array: the iterator reads them at each run), the C init. Returns n. */
inline result<std::size_t> iter_start(std::span<const shape> inputs,
                                      std::array<sonnx_shape, max_inputs> &views,
                                      sonnx_broadcast_iter &it) noexcept
{
  const std::size_t n = inputs.size();
  if (n > max_inputs) {
    return too_many_inputs(n);
  }
  for (std::size_t m = 0; m < n; ++m) {
    views[m] = inputs[m].as_c();
  }
  sonnx_error e{};
  if (sonnx_broadcast_iter_init(n, views.data(), &it, &e) != SONNX_OK) {
    return error(e);
  }
  return n;
}

/* The one walk over a started iteration (for_each_broadcast and assign_runs): each run of
   sonnx_broadcast_iter_next, in order, to visit(out_offset, length, src, step), with the first
   n entries of src and step. Returns the output shape. */
template <class Visit>
shape walk_runs(sonnx_broadcast_iter &it, std::size_t n, Visit &&visit)
{
  std::array<std::size_t, max_inputs> src{};
  std::array<std::size_t, max_inputs> step{};
  std::size_t out_offset = 0;
  for (;;) {
    const std::size_t length = sonnx_broadcast_iter_next(&it, &out_offset, src.data(), step.data());
    if (length == 0u) {
      break;
    }
    visit(out_offset, length, std::span<const std::size_t>(src.data(), n),
          std::span<const std::size_t>(step.data(), n));
  }
  return shape(std::span<const std::size_t>(it.dims, it.rank));
}

} // namespace detail

template <class F>
result<shape> for_each_broadcast(std::span<const shape> inputs, F &&visit)
{
  std::array<sonnx_shape, max_inputs> views{};
  sonnx_broadcast_iter it;
  const result<std::size_t> started = detail::iter_start(inputs, views, it);
  if (!started) {
    return started.error();
  }
  return detail::walk_runs(it, *started, visit);
}

namespace detail {

/* The std::string path of broadcast, broadcast_to and broadcast_in_dim (@req LIB-ITER SONNX-ELEM
   LIB-ROWMAJOR), called once the C checks of the operation passed. The proven iteration over the
   operands' shapes gives each run: its output offset o, its length, and each operand m's source
   src[m] and step (0 or 1); sonnx_broadcast_iter_next's contract says the runs tile [0, count)
   once, in order, and src/step are the element relation. Here only assignments:
   zs[m][o + s] = xs[m][src[m] + s * step[m]] for the first xs.size() operands (the others, as
   broadcast_to's target shape, are only walked). Every output's capacity in elements
   (zs[m].size() >= count; the error names input m, or no_index when outputs_named is false: the
   one output of broadcast_to and broadcast_in_dim) is checked before the first assignment, so
   nothing is written on error. Should an assignment throw (std::bad_alloc), the
   elements before it are assigned. */
template <class T>
result<shape> assign_runs(std::span<const shape> operands, std::span<const std::span<const T>> xs,
                          std::span<const std::span<T>> zs,
                          bool outputs_named) noexcept(std::is_nothrow_copy_assignable_v<T>)
{
  std::array<sonnx_shape, max_inputs> views{};
  sonnx_broadcast_iter it;
  const result<std::size_t> started = iter_start(operands, views, it);
  if (!started) {
    return started.error();
  }
  for (std::size_t m = 0; m < zs.size(); ++m) {
    if (zs[m].size() < it.count) {
      return error(c_error(SONNX_ERR_CAPACITY, outputs_named ? m : no_index, no_index, zs[m].size(),
                           it.count));
    }
  }
  return walk_runs(it, *started, [&](std::size_t o, std::size_t length, std::span<const std::size_t> src,
                                      std::span<const std::size_t> step) {
    for (std::size_t m = 0; m < xs.size(); ++m) {
      const T *const from = xs[m].data() + src[m];
      T *const to = zs[m].data() + o;
      if (step[m] != 0u) {
        for (std::size_t s = 0; s < length; ++s) {
          to[s] = from[s];
        }
      } else {
        for (std::size_t s = 0; s < length; ++s) {
          to[s] = *from;
        }
      }
    }
  });
}

} // namespace detail

/* Z = x broadcast to zs, written row-major into z[0 .. count(zs)-1]; returns zs
   (@req ONNX-UNIDIR SONNX-ELEM SONNX-F LIB-ROWMAJOR). Checks, the first failing one decides:
     1. x.size() == count(xs), else SONNX_ERR_ARGUMENT (input 0, size() = x.size(),
        expected() = count(xs)); skipped when count(xs) does not exist, which step 2 reports;
     2. sonnx_broadcast_to's checks in its order (shapes, incompatibility, overflow), with its
        error fields;
     3. z.size() >= count(zs), else SONNX_ERR_CAPACITY (input no_index, size() = z.size(),
        expected() = count(zs), both in elements). z may be longer; the rest is not touched.
   An empty span counts as a capacity of 0, never as NULL, so SONNX_ERR_NULL cannot arise.
   On error nothing is written (@req LIB-ERR-NOWRITE). x and z must not overlap
   (@req LIB-NOALIAS). Trivially copyable T goes to sonnx_broadcast_to as sizeof(T)-byte blocks;
   std::string is copied by assignment, run by run through the proven iteration
   (sonnx_broadcast_iter_next), never by bytes (should an assignment throw std::bad_alloc, the
   elements before it are already assigned). */
template <element T>
result<shape> broadcast_to(std::span<const T> x, const shape &xs, std::span<T> z,
                           const shape &zs) noexcept(std::is_nothrow_copy_assignable_v<T>)
{
  if (std::optional<error> bad = detail::length_error(x.size(), xs, 0u)) {
    return *bad;
  }
  unsigned char none = 0;
  void *const z_data = detail::out_data(z, none);
  sonnx_error e{};
  if constexpr (std::is_trivially_copyable_v<T>) {
    if (sonnx_broadcast_to(xs.as_c(), x.data(), sizeof(T), zs.as_c(), z_data, z.size_bytes(), &e) !=
        SONNX_OK) {
      return detail::in_elements(e, z.size(), sizeof(T));
    }
    return zs;
  } else {
    /* The C checks with capacity 0: by sonnx_broadcast_to's contract the capacity is its last
       check, so SONNX_OK means count(zs) == 0 (nothing to write) and SONNX_ERR_CAPACITY means
       every other check passed; any other status is the error of the bytes path. */
    const sonnx_status st =
        sonnx_broadcast_to(xs.as_c(), x.data(), sizeof(T), zs.as_c(), z_data, 0u, &e);
    if (st == SONNX_OK) {
      return zs;
    }
    if (st != SONNX_ERR_CAPACITY) {
      return error(e);
    }
    /* count(zs) > 0, so every size of zs is >= 1 and Broadcast(xs, zs) == zs: the iteration
       over {xs, zs} walks zs in row-major order, reading x through the element relation. */
    const std::array<shape, 2> operands{xs, zs};
    const std::array<std::span<const T>, 1> from{x};
    const std::array<std::span<T>, 1> to{z};
    const result<shape> walked = detail::assign_runs<T>(operands, from, to, false);
    if (!walked) {
      return walked.error();
    }
    return zs;
  }
}

/* The operator Z0..Z(n-1) = Broadcast(X0..X(n-1)) for one element type T, given explicitly
   (broadcast<float>(...)): xs[m] has shape shapes[m], zs[m] receives Zm; returns the common
   shape (@req SONNX-SIG SONNX-ELEM SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 SONNX-REC).
   Inputs of different types (erratum E16): broadcast_shape, then broadcast_to per input.
   Checks, the first failing one decides:
     1. xs, shapes and zs have one length n, else SONNX_ERR_ARGUMENT (size() = the length that
        differs, expected() = shapes.size()); n <= max_inputs, else SONNX_ERR_ARGUMENT;
     2. xs[m].size() == count(shapes[m]) for m = 0, 1, ..., as in broadcast_to;
     3. sonnx_broadcast's checks in its order (n, shapes, the fold of the SONNX rule, overflow),
        with its error fields: an incompatibility names the first input whose addition makes
        the fold fail;
     4. zs[m].size() >= count(common shape) for m = 0, 1, ..., else SONNX_ERR_CAPACITY with
        input() = m, in elements.
   Nothing is written on error (@req LIB-ERR-NOWRITE); no two spans may overlap
   (@req LIB-NOALIAS). Trivially copyable T goes to sonnx_broadcast in one call; std::string is
   validated by the same call with capacities 0, then copied by assignment run by run through
   the proven iteration (sonnx_broadcast_iter_next). */
template <element T>
result<shape> broadcast(std::span<const std::span<const T>> xs, std::span<const shape> shapes,
                        std::span<const std::span<T>> zs) noexcept(std::is_nothrow_copy_assignable_v<T>)
{
  const std::size_t n = shapes.size();
  if (xs.size() != n || zs.size() != n) {
    return detail::list_error(xs.size(), n, zs.size());
  }
  if (n > max_inputs) {
    return detail::too_many_inputs(n);
  }
  for (std::size_t m = 0; m < n; ++m) {
    if (std::optional<error> bad = detail::length_error(xs[m].size(), shapes[m], m)) {
      return *bad;
    }
  }
  constexpr bool bytes = std::is_trivially_copyable_v<T>;
  unsigned char none = 0;
  std::array<sonnx_tensor, max_inputs> in{};
  std::array<sonnx_buffer, max_inputs> out{};
  for (std::size_t m = 0; m < n; ++m) {
    in[m] = sonnx_tensor{shapes[m].as_c(), xs[m].data(), sizeof(T)};
    out[m] = sonnx_buffer{detail::out_data(zs[m], none), bytes ? zs[m].size_bytes() : 0u};
  }
  std::array<std::size_t, max_rank> dims{};
  std::size_t rank = 0;
  sonnx_error e{};
  const sonnx_status st = sonnx_broadcast(n, in.data(), out.data(), dims.data(), dims.size(), &rank, &e);
  if constexpr (bytes) {
    if (st != SONNX_OK) {
      return detail::in_elements(e, e.input < n ? zs[e.input].size() : 0u, sizeof(T));
    }
    return shape(std::span<const std::size_t>(dims.data(), rank));
  } else {
    /* By sonnx_broadcast's contract the capacity is its last check: SONNX_OK with capacities
       0 means the common shape has no element (the call wrote it), SONNX_ERR_CAPACITY that
       every other check passed (the common shape then comes from the iteration). */
    if (st == SONNX_OK) {
      return shape(std::span<const std::size_t>(dims.data(), rank));
    }
    if (st != SONNX_ERR_CAPACITY) {
      return error(e);
    }
    return detail::assign_runs<T>(shapes, xs, zs, true);
  }
}

/* The same with braced lists: broadcast<int>({x0, x1}, {s0, s1}, {z0, z1}). */
template <element T>
result<shape> broadcast(std::initializer_list<std::span<const T>> xs, std::initializer_list<shape> shapes,
                        std::initializer_list<std::span<T>> zs) noexcept(std::is_nothrow_copy_assignable_v<T>)
{
  return broadcast<T>(std::span<const std::span<const T>>(xs.begin(), xs.size()),
                      std::span<const shape>(shapes.begin(), shapes.size()),
                      std::span<const std::span<T>>(zs.begin(), zs.size()));
}

/* ---- XLA explicit broadcasting and the ONNX operator forms (issue 6) ---- */

namespace detail {

/* @req XLA-INDIM-TUPLE: a C array cannot tell its length, a span can; the list of
   broadcast_in_dim has one entry per axis of x. Reported as the C API reports a list of the
   wrong length (input and axis no_index, size() = entries given, expected() = entries needed).
   A shape whose rank is invalid is left to the C function, which reports it. */
inline std::optional<error> dims_length_error(std::size_t given, const shape &xs) noexcept
{
  if (!xs.valid() || given == xs.rank()) {
    return std::nullopt;
  }
  return error(c_error(SONNX_ERR_ARGUMENT, no_index, no_index, given, xs.rank()));
}

/* x with 1s inserted (x'): x's size k on axis bd[k], 1 elsewhere; requires the C checks to have
   passed (bd valid for xs and zs). */
inline shape inserted_shape(const shape &xs, std::span<const std::size_t> bd, const shape &zs) noexcept
{
  std::array<std::size_t, max_rank> dims{};
  for (std::size_t j = 0; j < zs.rank(); ++j) {
    dims[j] = 1u;
  }
  for (std::size_t k = 0; k < xs.rank(); ++k) {
    dims[bd[k]] = xs[k];
  }
  return shape(std::span<const std::size_t>(dims.data(), zs.rank()));
}

} // namespace detail

/* XLA BroadcastInDim: axis k of x goes to axis broadcast_dimensions[k] of zs; z[0 .. count(zs)-1]
   receives the result row-major; returns zs (@req XLA-INDIM-TUPLE XLA-INDIM-ORDER
   XLA-INDIM-MATCH SONNX-F LIB-ROWMAJOR). Checks, the first failing one decides:
     1. x.size() == count(xs), as in broadcast_to;
     2. broadcast_dimensions.size() == xs.rank(), else SONNX_ERR_ARGUMENT (input and axis
        no_index, size() = the entries given, expected() = xs.rank());
     3. sonnx_broadcast_in_dim's checks in its order, with its error fields;
     4. z.size() >= count(zs), else SONNX_ERR_CAPACITY in elements.
   A size 1 of x stretches to any size, 0 included (nothing is then written). Nothing is written
   on error (@req LIB-ERR-NOWRITE); x and z must not overlap (@req LIB-NOALIAS). */
template <element T>
result<shape> broadcast_in_dim(std::span<const T> x, const shape &xs,
                               std::span<const std::size_t> broadcast_dimensions, std::span<T> z,
                               const shape &zs) noexcept(std::is_nothrow_copy_assignable_v<T>)
{
  if (std::optional<error> bad = detail::length_error(x.size(), xs, 0u)) {
    return *bad;
  }
  if (std::optional<error> bad = detail::dims_length_error(broadcast_dimensions.size(), xs)) {
    return *bad;
  }
  unsigned char none = 0;
  void *const z_data = detail::out_data(z, none);
  sonnx_error e{};
  if constexpr (std::is_trivially_copyable_v<T>) {
    if (sonnx_broadcast_in_dim(xs.as_c(), x.data(), sizeof(T), broadcast_dimensions.data(), zs.as_c(),
                               z_data, z.size_bytes(), &e) != SONNX_OK) {
      return detail::in_elements(e, z.size(), sizeof(T));
    }
    return zs;
  } else {
    /* Validation only (capacity 0: nothing written), then assignment through the view of x'. */
    const sonnx_status st = sonnx_broadcast_in_dim(xs.as_c(), x.data(), sizeof(T),
                                                   broadcast_dimensions.data(), zs.as_c(), z_data, 0u, &e);
    /* As broadcast_to: SONNX_OK means count(zs) == 0, SONNX_ERR_CAPACITY that every other
       check passed (sonnx_broadcast_in_dim's contract: the capacity is its last check). */
    if (st == SONNX_OK) {
      return zs;
    }
    if (st != SONNX_ERR_CAPACITY) {
      return error(e);
    }
    /* x' (x's sizes on their axes, 1 elsewhere) matches zs on every axis it does not stretch,
       and every size of zs is >= 1: Broadcast(x', zs) == zs, walked as in broadcast_to. */
    const std::array<shape, 2> operands{detail::inserted_shape(xs, broadcast_dimensions, zs), zs};
    const std::array<std::span<const T>, 1> from{x};
    const std::array<std::span<T>, 1> to{z};
    const result<shape> walked = detail::assign_runs<T>(operands, from, to, false);
    if (!walked) {
      return walked.error();
    }
    return zs;
  }
}

/* Result shape of an XLA element-wise binary operation with broadcast dimensions: the list maps
   the lower-rank operand into the higher rank (empty for a scalar; empty or the identity for
   equal ranks), then degenerate dimensions broadcast under the NumPy rule
   (@req XLA-COMPOSE XLA-DEGENERATE XLA-OUTER XLA-SCALAR XLA-INDIM-ORDER). sonnx_xla_binary_shape,
   with its checks and error fields. */
inline result<shape> xla_binary_shape(const shape &lhs, const shape &rhs,
                                      std::span<const std::size_t> broadcast_dimensions = {}) noexcept
{
  std::array<std::size_t, max_rank> dims{};
  std::size_t rank = 0;
  sonnx_error e{};
  if (sonnx_xla_binary_shape(lhs.as_c(), rhs.as_c(), broadcast_dimensions.data(),
                             broadcast_dimensions.size(), dims.data(), dims.size(), &rank, &e) != SONNX_OK) {
    return error(e);
  }
  return shape(std::span<const std::size_t>(dims.data(), rank));
}
inline result<shape> xla_binary_shape(const shape &lhs, const shape &rhs,
                                      std::initializer_list<std::size_t> broadcast_dimensions) noexcept
{
  return xla_binary_shape(lhs, rhs, std::span<const std::size_t>(broadcast_dimensions.begin(),
                                                                 broadcast_dimensions.size()));
}

/* ONNX unidirectional broadcasting: b broadcasts to a, the result shape is a, which is returned
   (@req ONNX-UNIDIR). sonnx_unidirectional_check, with its error fields. */
inline result<shape> unidirectional_check(const shape &a, const shape &b) noexcept
{
  sonnx_error e{};
  if (sonnx_unidirectional_check(a.as_c(), b.as_c(), &e) != SONNX_OK) {
    return error(e);
  }
  return a;
}

/* ONNX Expand: the output shape, the multidirectional broadcast of x's shape and `target`
   under the SONNX rule (@req ONNX-EXPAND); the data is then broadcast_to(x, result). */
inline result<shape> expand_shape(const shape &x, const shape &target) noexcept
{
  std::array<std::size_t, max_rank> dims{};
  std::size_t rank = 0;
  sonnx_error e{};
  if (sonnx_expand_shape(x.as_c(), target.as_c(), dims.data(), dims.size(), &rank, &e) != SONNX_OK) {
    return error(e);
  }
  return shape(std::span<const std::size_t>(dims.data(), rank));
}


} // namespace sonnx

#endif

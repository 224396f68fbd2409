/* Cases that the other tests did not reach, found by the coverage of `make evidence`
 * (statement, branch, MC/DC of src/). Each one checks a rule of the spec, and every expected
 * value comes from spec/requirements.md or the contracts in sonnx_broadcast.h, never from a
 * run of the library. Points that no test can reach are justified in
 * spec/coverage-justifications.md instead.
 */
#include "sonnx_broadcast.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

namespace {

constexpr std::size_t canary = 0xC0FFEEu;

sonnx_error fresh_error()
{
  /* rule 3: inside the enum's range of values (0..3), no rule of the API */
  return sonnx_error{SONNX_OK, canary, canary, canary, canary, static_cast<sonnx_rule>(3)};
}

} // namespace

// A status outside the catalogue still yields one NUL-terminated line shorter than
// SONNX_MESSAGE_MAX, and the return value is its untruncated length (snprintf-like).
// @req LIB-ERR-MESSAGE LIB-ERR-STATUS
TEST_CASE("sonnx_format_error: a status outside the catalogue still gives a bounded, terminated message")
{
  sonnx_error e{};
  std::memset(&e, 0, sizeof e);
  e.status = static_cast<sonnx_status>(99);
  e.input = SONNX_NO_INDEX;
  e.axis = SONNX_NO_INDEX;
  std::array<char, SONNX_MESSAGE_MAX> buf{};
  buf.fill('#');
  const std::size_t n = sonnx_format_error(&e, buf.data(), buf.size());
  CHECK(n < SONNX_MESSAGE_MAX);
  CHECK(std::strlen(buf.data()) == n);
  /* README.md "Error messages": a status value outside the list gives `unknown status N` */
  CHECK(std::string(buf.data()) == "unknown status 99");
  CHECK(n == 17u);

  /* truncated to cap - 1, still terminated, same return value */
  std::array<char, 4> small{};
  small.fill('#');
  CHECK(sonnx_format_error(&e, small.data(), small.size()) == n);
  CHECK(small[3] == '\0');
  CHECK(std::strncmp(small.data(), buf.data(), 3) == 0);
}

// LIB-NULL: a shape's dims may be NULL only when its rank is 0. x of rank 0 with NULL dims is
// valid, so a NULL dims of z (rank > 0) is the error, named as input 1 (z); nothing written.
// @req LIB-NULL LIB-ERR-STATUS LIB-ERR-NOWRITE ONNX-UNIDIR
TEST_CASE("sonnx_broadcast_to: rank-0 x with NULL dims is valid; z with NULL dims is input 1")
{
  const std::int32_t x_data[1] = {7};
  std::int32_t z_data[4] = {-1, -1, -1, -1};
  sonnx_error e = fresh_error();
  const sonnx_shape x{0u, nullptr};
  const sonnx_shape z_bad{2u, nullptr};
  CHECK(sonnx_broadcast_to(x, x_data, sizeof x_data[0], z_bad, z_data, sizeof z_data, &e) == SONNX_ERR_NULL);
  CHECK(e.status == SONNX_ERR_NULL);
  CHECK(e.input == 1u);
  for (std::int32_t v : z_data) CHECK(v == -1);

  /* x of rank 1 with NULL dims: input 0, whatever z is */
  e = fresh_error();
  const std::size_t zd[2] = {2, 2};
  const sonnx_shape z_ok{2u, zd};
  const sonnx_shape x_bad{1u, nullptr};
  CHECK(sonnx_broadcast_to(x_bad, x_data, sizeof x_data[0], z_ok, z_data, sizeof z_data, &e) == SONNX_ERR_NULL);
  CHECK(e.input == 0u);
  for (std::int32_t v : z_data) CHECK(v == -1);

  /* the same rank-0 x with NULL dims, and a valid z: a scalar broadcasts to (2, 2) (SONNX-ELEM) */
  e = fresh_error();
  CHECK(sonnx_broadcast_to(x, x_data, sizeof x_data[0], z_ok, z_data, sizeof z_data, &e) == SONNX_OK);
  for (std::int32_t v : z_data) CHECK(v == 7);
}

// The same order of checks for the zero-copy view (LIB-STRIDES): x (input 0) before z (input 1).
// @req LIB-NULL LIB-STRIDES LIB-ERR-NOWRITE
TEST_CASE("sonnx_broadcast_strides: rank-0 x with NULL dims is valid; z with NULL dims is input 1")
{
  std::array<std::size_t, 2> strides{canary, canary};
  sonnx_error e = fresh_error();
  const sonnx_shape x{0u, nullptr};
  const sonnx_shape z_bad{2u, nullptr};
  CHECK(sonnx_broadcast_strides(x, z_bad, strides.data(), &e) == SONNX_ERR_NULL);
  CHECK(e.input == 1u);
  CHECK(strides[0] == canary);
  CHECK(strides[1] == canary);

  /* valid z: every axis of a scalar is padded, stride 0 */
  e = fresh_error();
  const std::size_t zd[2] = {3, 4};
  CHECK(sonnx_broadcast_strides(x, sonnx_shape{2u, zd}, strides.data(), &e) == SONNX_OK);
  CHECK(strides[0] == 0u);
  CHECK(strides[1] == 0u);
}

// SONNX-L-RANGE: n = L + 1 with L in [0, 2^31 - 1[, so no input at all is SONNX_ERR_ARGUMENT, also
// through the C++ layer for a trivially copyable element type; the error names no input.
// @req SONNX-L-RANGE LIB-ERR-STATUS
TEST_CASE("C++ broadcast with no input: SONNX_ERR_ARGUMENT, no input named")
{
  const sonnx::result<sonnx::shape> r = sonnx::broadcast<std::int32_t>(
      std::span<const std::span<const std::int32_t>>(), std::span<const sonnx::shape>(),
      std::span<const std::span<std::int32_t>>());
  REQUIRE_FALSE(r);
  CHECK(r.error().status() == SONNX_ERR_ARGUMENT);
  CHECK(r.error().input() == SONNX_NO_INDEX);
  CHECK(r.error().size() == 0u);
  CHECK(std::string(r.error().message().data()).find("SONNX-L-RANGE") != std::string::npos);
}

/* Unit tests of the broadcast iteration: sonnx_broadcast_iter_init / _next (C) and
 * sonnx::for_each_broadcast (C++). Every expected run below is derived by hand from the spec's
 * element relation (001: Zm[i] = Ym[f(i_1, dYm_1, dY_1), ...], padded on the left with 1s,
 * row-major offsets) and from the fusion rule documented in sonnx_broadcast.h (the innermost
 * axes on which each input keeps one step), never taken from a run of the library.
 * @req LIB-ITER SONNX-ELEM */
#include "sonnx_broadcast.h"
#include "sonnx_broadcast.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <vector>

namespace {

struct run {
  std::size_t offset, length;
  std::vector<std::size_t> src, step;
};

std::vector<run> runs_of(std::initializer_list<sonnx::shape> in, sonnx_status *status = nullptr)
{
  std::vector<run> out;
  auto r = sonnx::for_each_broadcast(std::span<const sonnx::shape>(in.begin(), in.size()),
                                     [&](std::size_t o, std::size_t len, std::span<const std::size_t> src,
                                         std::span<const std::size_t> step) {
                                       out.push_back({o, len, {src.begin(), src.end()}, {step.begin(), step.end()}});
                                     });
  if (status != nullptr) *status = r.status();
  return out;
}

bool same(const run &r, std::size_t o, std::size_t len, std::vector<std::size_t> src, std::vector<std::size_t> step)
{
  return r.offset == o && r.length == len && r.src == src && r.step == step;
}

} // namespace

// @req LIB-ITER SONNX-ELEM SONNX-F
TEST_CASE("iter: Add of (3,1) and (1,4) gives 3 runs of 4: a column stretched, a row copied")
{
  /* Z = (3,4). Input 0 (3,1): element (i,j) reads i (f(j,1,4) = 0); input 1 (1,4): reads j.
     Axis 1 (size 4): input 0 stretches, input 1 copies; axis 0 (size 3): input 0 copies,
     input 1 stretches, the steps change: the block is axis 1 only, 4 elements. */
  const auto runs = runs_of({sonnx::shape{3, 1}, sonnx::shape{1, 4}});
  REQUIRE(runs.size() == 3);
  CHECK(same(runs[0], 0, 4, {0, 0}, {0, 1}));
  CHECK(same(runs[1], 4, 4, {1, 0}, {0, 1}));
  CHECK(same(runs[2], 8, 4, {2, 0}, {0, 1}));
}

// @req LIB-ITER SONNX-ELEM
TEST_CASE("iter: equal shapes fuse into one run over the whole output")
{
  /* (2,3,4) with (2,3,4): both copy every axis, one block of 24, sources 0, steps 1. */
  const auto runs = runs_of({sonnx::shape{2, 3, 4}, sonnx::shape{2, 3, 4}});
  REQUIRE(runs.size() == 1);
  CHECK(same(runs[0], 0, 24, {0, 0}, {1, 1}));
}

// @req LIB-ITER SONNX-ELEM SONNX-STEP1-PAD
TEST_CASE("iter: a scalar and a padded input: (2,3) with () and (3)")
{
  /* Z = (2,3). () stretches every axis; (3) pads to (1,3): copies axis 1, stretches axis 0;
     (2,3) copies both. Axis 0 changes the step of (3): block = axis 1, 3 elements.
     Row i: (2,3) starts at 3i, () at 0, (3) at 0. */
  const auto runs = runs_of({sonnx::shape{2, 3}, sonnx::shape{}, sonnx::shape{3}});
  REQUIRE(runs.size() == 2);
  CHECK(same(runs[0], 0, 3, {0, 0, 0}, {1, 0, 1}));
  CHECK(same(runs[1], 3, 3, {3, 0, 0}, {1, 0, 1}));
}

// @req LIB-ITER SONNX-ELEM
TEST_CASE("iter: axes of size 1 fuse with either step; the middle axis breaks the block")
{
  /* (2,1,3,1) with (1,5,3,1): Z = (2,5,3,1). Axis 3 (size 1) and axis 2 (size 3: both copy)
     fuse; axis 1 (size 5): input 0 stretches, input 1 copies: the block is axes 2..3, 3
     elements. Element (a,b,c,0): input 0 reads a*3 + c, input 1 reads b*3 + c. */
  const auto runs = runs_of({sonnx::shape{2, 1, 3, 1}, sonnx::shape{1, 5, 3, 1}});
  REQUIRE(runs.size() == 10);
  for (std::size_t q = 0; q < 10; ++q) {
    const std::size_t a = q / 5, b = q % 5;
    CHECK(same(runs[q], 3 * q, 3, {a * 3, b * 3}, {1, 1}));
  }
}

// @req LIB-ITER SONNX-ELEM
TEST_CASE("iter: (4,1) with (4,5): stretched innermost, one element per input row")
{
  /* Z = (4,5): input 0 stretches axis 1 (step 0), input 1 copies it (step 1); axis 0 both
     copy, but input 0 would change step: block = axis 1. Run i: input 0 at i, input 1 at 5i. */
  const auto runs = runs_of({sonnx::shape{4, 1}, sonnx::shape{4, 5}});
  REQUIRE(runs.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) CHECK(same(runs[i], 5 * i, 5, {i, 5 * i}, {0, 1}));
}

// @req LIB-ITER SONNX-ELEM
TEST_CASE("iter: an output with a zero size has no run; a single scalar has one run of 1")
{
  sonnx_status st = SONNX_ERR_NULL;
  /* (2,0,3) with (0,1): Z = (2,0,3) (a 0 meets only 0s: SONNX-C1 holds), count 0 */
  CHECK(runs_of({sonnx::shape{2, 0, 3}, sonnx::shape{0, 1}}, &st).empty());
  CHECK(st == SONNX_OK);
  const auto runs = runs_of({sonnx::shape{}}, &st);
  CHECK(st == SONNX_OK);
  REQUIRE(runs.size() == 1);
  CHECK(same(runs[0], 0, 1, {0}, {0}));
}

// @req LIB-ITER SONNX-C1 LIB-ERR-STATUS LIB-ERR-NOWRITE
TEST_CASE("iter: incompatible inputs visit nothing and report sonnx_broadcast_shape's error")
{
  bool visited = false;
  const std::array<sonnx::shape, 2> in{sonnx::shape{2, 3}, sonnx::shape{4, 3}};
  const auto r = sonnx::for_each_broadcast(std::span<const sonnx::shape>(in),
                                           [&](std::size_t, std::size_t, std::span<const std::size_t>,
                                               std::span<const std::size_t>) { visited = true; });
  CHECK_FALSE(visited);
  REQUIRE_FALSE(r);
  /* axis 0: sizes 2 and 4, max 4; input 0's 2 is neither 4 nor 1 (SONNX-C1) */
  CHECK(r.status() == SONNX_ERR_INCOMPATIBLE);
  CHECK(r.error().input() == 0u);
  CHECK(r.error().axis() == 0u);
  CHECK(r.error().size() == 2u);
  CHECK(r.error().expected() == 4u);
}

// @req LIB-ITER SONNX-L-RANGE LIB-ERR-STATUS
TEST_CASE("iter: for_each_broadcast of max_inputs inputs runs; one more is SONNX_ERR_ARGUMENT, nothing visited")
{
  /* The C++ layer's own bound (max_inputs = 256, the size of its stack arrays), as for
     sonnx::broadcast_shape: the error names the count given and the bound (size, expected). */
  const std::vector<sonnx::shape> ones(sonnx::max_inputs + 1, sonnx::shape{2});
  std::size_t visits = 0;
  const auto visit = [&](std::size_t, std::size_t, std::span<const std::size_t>, std::span<const std::size_t>) {
    ++visits;
  };
  const auto all = sonnx::for_each_broadcast(std::span<const sonnx::shape>(ones).first(sonnx::max_inputs), visit);
  REQUIRE(all);
  CHECK(*all == sonnx::shape{2});
  CHECK(visits == 1u); /* every input copies the one axis: one run of 2 */
  visits = 0;
  const auto over = sonnx::for_each_broadcast(std::span<const sonnx::shape>(ones), visit);
  REQUIRE_FALSE(over);
  CHECK(visits == 0u);
  CHECK(over.status() == SONNX_ERR_ARGUMENT);
  CHECK(over.error().input() == SONNX_NO_INDEX);
  CHECK(over.error().axis() == SONNX_NO_INDEX);
  CHECK(over.error().size() == 257u);
  CHECK(over.error().expected() == 256u);
}

// @req LIB-ITER LIB-NULL SONNX-L-RANGE LIB-RANK LIB-OVERFLOW LIB-ERR-STATUS
TEST_CASE("iter: the C init's statuses and fields, in sonnx_broadcast_shape's order")
{
  sonnx_broadcast_iter it;
  std::memset(&it, 0, sizeof it);
  const size_t a[2] = {2, 3};
  const sonnx_shape in[2] = {{2, a}, {2, a}};
  sonnx_error e{};
  /* inputs NULL: argument 2; the iterator NULL: argument 3 */
  CHECK(sonnx_broadcast_iter_init(2, nullptr, &it, &e) == SONNX_ERR_NULL);
  CHECK((e.input == SONNX_NO_INDEX && e.axis == SONNX_NO_INDEX && e.size == 0u && e.expected == 2u));
  CHECK(sonnx_broadcast_iter_init(2, in, nullptr, &e) == SONNX_ERR_NULL);
  CHECK(e.expected == 3u);
  /* n = 0 */
  CHECK(sonnx_broadcast_iter_init(0, in, &it, &e) == SONNX_ERR_ARGUMENT);
  CHECK((e.size == 0u && e.expected == SONNX_MAX_INPUTS));
  /* a rank above SONNX_MAX_RANK names input 1 */
  const sonnx_shape big[2] = {{2, a}, {SONNX_MAX_RANK + 1, a}};
  CHECK(sonnx_broadcast_iter_init(2, big, &it, &e) == SONNX_ERR_RANK);
  CHECK((e.input == 1u && e.size == SONNX_MAX_RANK + 1 && e.expected == SONNX_MAX_RANK));
  /* (2^33, 2^32): every size fits, the count (2^65) does not */
  const size_t h[2] = {size_t{1} << 33, size_t{1} << 32};
  const sonnx_shape huge[1] = {{2, h}};
  CHECK(sonnx_broadcast_iter_init(1, huge, &it, &e) == SONNX_ERR_OVERFLOW);
  CHECK((e.status == SONNX_ERR_OVERFLOW && e.input == SONNX_NO_INDEX && e.axis == SONNX_NO_INDEX &&
         e.size == 0u && e.expected == 0u && e.rule == SONNX_RULE_SONNX));
  /* valid: the output shape, the count, offset 0; then next walks to the end and stays there */
  CHECK(sonnx_broadcast_iter_init(2, in, &it, &e) == SONNX_OK);
  CHECK((e.status == SONNX_OK && it.rank == 2u && it.dims[0] == 2u && it.dims[1] == 3u && it.count == 6u));
  size_t o = 99, src[2] = {99, 99}, step[2] = {99, 99};
  CHECK(sonnx_broadcast_iter_next(&it, &o, src, step) == 6u);
  CHECK((o == 0u && src[0] == 0u && src[1] == 0u && step[0] == 1u && step[1] == 1u));
  o = 77;
  CHECK(sonnx_broadcast_iter_next(&it, &o, src, step) == 0u);
  CHECK(o == 77u); /* nothing written at the end */
}

// @req LIB-ITER SONNX-ELEM
TEST_CASE("iter: Add of (2,1) and (1,3) float through for_each_broadcast, against the hand sum")
{
  /* Z[i][j] = a[i] + b[j] */
  const float a[2] = {10.f, 20.f}, b[3] = {1.f, 2.f, 3.f};
  float z[6] = {};
  const std::array<sonnx::shape, 2> in{sonnx::shape{2, 1}, sonnx::shape{1, 3}};
  const auto r = sonnx::for_each_broadcast(
      std::span<const sonnx::shape>(in),
      [&](std::size_t o, std::size_t len, std::span<const std::size_t> src, std::span<const std::size_t> step) {
        for (std::size_t s = 0; s < len; ++s) z[o + s] = a[src[0] + s * step[0]] + b[src[1] + s * step[1]];
      });
  REQUIRE(r);
  CHECK(*r == sonnx::shape{2, 3});
  const float want[6] = {11.f, 12.f, 13.f, 21.f, 22.f, 23.f};
  for (int k = 0; k < 6; ++k) CHECK(z[k] == want[k]);
}

/* The library has no global state (@req LIB-NOALLOC: reentrant), so any
 * number of threads may call it at once. Built with -fsanitize=thread
 * (tests/sanitize.mk, `make sanitize`): ThreadSanitizer reports any data race
 * inside the library, and the results of every call are checked against
 * values worked out by hand from the spec examples.
 *
 * Every thread calls every public function many times, on shape and data
 * arrays that all threads read at the same time (shared, read-only) and on
 * outputs of its own; the data values differ per thread so a result leaking
 * from one thread to another would be seen. Mismatches are counted in an
 * atomic and checked by the main thread (doctest assertions are not made
 * from the worker threads).
 */
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "sonnx_broadcast.h"

#include <doctest/doctest.h>

#include <array>
#include <atomic>
#include <barrier>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kThreads = 4;
constexpr int kRounds = 20000;

/* Shared, read-only inputs: the examples of spec-sources 002 and 003. */
const size_t kA[] = {8, 1, 6, 1};
const size_t kB[] = {7, 1, 5};
const size_t kRow[] = {3};
const size_t kTarget[] = {2, 3};
const size_t kCol[] = {3, 1};
const size_t kZ234[] = {2, 3, 4};
const size_t kBad[] = {4};
const sonnx_shape kShapes[2] = {{4, kA}, {3, kB}};
const sonnx_shape kBadShapes[2] = {{2, kTarget}, {1, kBad}};

/* One round of every function; returns the number of wrong results. */
int one_round(int32_t base)
{
  int wrong = 0;
  auto expect = [&wrong](bool ok) { wrong += ok ? 0 : 1; };

  /* (8,1,6,1) with (7,1,5) -> (8,7,6,5) (002) under both rules */
  size_t dims[4] = {};
  size_t rank = 0;
  sonnx_error err{};
  expect(sonnx_broadcast_shape(2, kShapes, dims, 4, &rank, &err) == SONNX_OK);
  expect(rank == 4 && dims[0] == 8 && dims[1] == 7 && dims[2] == 6 && dims[3] == 5);
  rank = 0;
  expect(sonnx_broadcast_shape_numpy(2, kShapes, dims, 4, &rank, nullptr) == SONNX_OK);
  expect(rank == 4 && dims[0] == 8 && dims[1] == 7 && dims[2] == 6 && dims[3] == 5);

  /* (2,3) with (4): on axis 1 the max is 4, so input 0's 3 is the first size that is
     neither the max nor 1 (SONNX-C1, inputs checked in order) */
  expect(sonnx_broadcast_shape(2, kBadShapes, dims, 4, &rank, &err) == SONNX_ERR_INCOMPATIBLE);
  expect(err.input == 0 && err.axis == 1 && err.size == 3 && err.expected == 4);
  char msg[SONNX_MESSAGE_MAX];
  sonnx_format_error(&err, msg, sizeof msg);
  expect(std::strcmp(msg, "input 0, axis 1: size 3 is neither 4 nor 1 (SONNX-C1)") == 0);

  size_t count = 0;
  expect(sonnx_shape_count(kShapes[0], &count) == SONNX_OK && count == 48);

  /* (3) [b, b+1, b+2] to (2,3) */
  const int32_t x[3] = {base, base + 1, base + 2};
  int32_t z[6] = {};
  expect(sonnx_broadcast_to(sonnx_shape{1, kRow}, x, sizeof(int32_t), sonnx_shape{2, kTarget}, z,
                            sizeof z, &err) == SONNX_OK);
  for (int i = 0; i < 6; ++i) {
    expect(z[i] == base + i % 3);
  }

  /* (2,1) and (1,3) give two (2,3) outputs (003 outer operation) */
  const size_t s21[] = {2, 1};
  const size_t s13[] = {1, 3};
  const int32_t a[2] = {base, base + 10};
  const int32_t b[3] = {-base, -base - 1, -base - 2};
  const sonnx_tensor in[2] = {{{2, s21}, a, 4}, {{2, s13}, b, 4}};
  int32_t za[6] = {};
  int32_t zb[6] = {};
  const sonnx_buffer out[2] = {{za, sizeof za}, {zb, sizeof zb}};
  expect(sonnx_broadcast(2, in, out, dims, 4, &rank, &err) == SONNX_OK);
  expect(rank == 2 && dims[0] == 2 && dims[1] == 3);
  for (int i = 0; i < 6; ++i) {
    expect(za[i] == a[i / 3] && zb[i] == b[i % 3]);
  }

  /* (3,1) in (2,3,4): strides {0, 1, 0}; index (1,2,3) reads element 2 */
  size_t strides[3] = {9, 9, 9};
  expect(sonnx_broadcast_strides(sonnx_shape{2, kCol}, sonnx_shape{3, kZ234}, strides, &err) ==
         SONNX_OK);
  expect(strides[0] == 0 && strides[1] == 1 && strides[2] == 0);
  const size_t idx[3] = {1, 2, 3};
  size_t offset = 99;
  expect(sonnx_source_offset(sonnx_shape{2, kCol}, sonnx_shape{3, kZ234}, idx, &offset, &err) ==
         SONNX_OK);
  expect(offset == 2);
  return wrong;
}

} // namespace

// @req LIB-NOALLOC
TEST_CASE("every public function from several threads at once, results checked")
{
  std::atomic<int> wrong{0};
  std::atomic<long> calls{0};
  std::barrier start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait(); /* all threads enter the library together */
      for (int r = 0; r < kRounds; ++r) {
        wrong += one_round(1000 * t + r);
        calls += 1;
      }
    });
  }
  for (auto &th : threads) {
    th.join();
  }
  CHECK(calls.load() == long{kThreads} * kRounds);
  CHECK(wrong.load() == 0);
}

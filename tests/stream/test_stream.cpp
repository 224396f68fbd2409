// The streaming primitive of the fast kernel (issue 34), the one part of src/sonnx_fast_copy.c
// that WP does not see (stream_store, stream_fence: listed in the evidence report's trusted
// base), tested against memcpy, the byte copy its contract states:
//   - stream_store, for both of its sizes (32 and 16 bytes), at every alignment of its
//     destination and of its source, 64 x 64;
//   - copy_aligned with streaming stores (whole lines streamed, the rest plain) at every
//     length from 1 to 1100 bytes and a few past the replication chunk, from every offset of
//     a 64-byte line, against memcpy;
//   - fill_aligned with streaming stores, for every element size that has a fill period up to
//     48 bytes, every total up to 700 bytes, from several offsets (among them 16, 32 and 48,
//     whose heads and 16-byte tails stream_edge streams), against the element repeated (the
//     spec's broadcast of one element).
// Guard bytes on both sides of every output stay untouched: no store outside the contract's
// assigns clause. This binary also runs tests/test_fast_copy.cpp with the same unit, compiled
// with every call streaming (tests/stream/stream_shim.c): the kernel's exhaustive and
// every-offset cases, on the streaming path.
#include "stream_shim.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

constexpr size_t guard = 64;

// A buffer whose byte guard + to_line is on a 64-byte boundary.
struct lined {
  std::vector<char> buf;
  size_t base;  // the index of the first 64-byte boundary at or after guard
  explicit lined(size_t n) : buf(n + 4 * guard, '\x5a')
  {
    const uintptr_t raw = reinterpret_cast<uintptr_t>(buf.data()) + guard;
    base = guard + static_cast<size_t>((64 - raw % 64) % 64);
  }
};

std::vector<char> distinct(size_t n, unsigned seed)
{
  std::vector<char> v(n);
  for (size_t i = 0; i < n; ++i) {
    v[i] = static_cast<char>((i * 131u + seed * 17u + 7u) % 251u);
  }
  return v;
}

bool untouched(const std::vector<char> &buf, size_t from, size_t to)
{
  return std::all_of(buf.begin() + static_cast<std::ptrdiff_t>(from), buf.begin() + static_cast<std::ptrdiff_t>(to),
                     [](char b) { return b == '\x5a'; });
}

// dst.buf holds unit repeated over total bytes from dst.base + a, and the guard bytes on either
// side untouched: what a fill (unit one element) or a replication (unit one block) must leave.
bool repeats_exactly(const lined &dst, size_t a, const std::vector<char> &unit, size_t total)
{
  bool ok = untouched(dst.buf, 0, dst.base + a) && untouched(dst.buf, dst.base + a + total, dst.buf.size());
  for (size_t p = 0; ok && p < total; ++p) {
    ok = dst.buf[dst.base + a + p] == unit[p % unit.size()];
  }
  return ok;
}

}  // namespace

TEST_CASE("stream_store = memcpy of 32 and of 16 bytes, at every destination and source alignment")
{
  const std::vector<char> src_all = distinct(64 + 32, 1);
  size_t compared = 0;
  for (size_t n : {32u, 16u}) {
    for (size_t a = 0; a < 64; ++a) {
      for (size_t b = 0; b < 64; ++b) {
        lined dst(64 + 32);
        std::vector<char> want = dst.buf;
        std::memcpy(want.data() + dst.base + a, src_all.data() + b, n);
        // at splits the offset between the pointer and the index, as the kernel's calls do
        shim_stream_store(dst.buf.data() + dst.base + a / 2, a - a / 2, src_all.data() + b, n);
        INFO("size " << n << ", destination offset " << a << ", source offset " << b);
        REQUIRE(dst.buf == want);
        ++compared;
      }
    }
  }
  CHECK(compared == 2 * 64 * 64);
}

TEST_CASE("copy_aligned with streaming stores = memcpy, every length to 1100 and every line offset")
{
  std::vector<size_t> lengths;
  for (size_t n = 1; n <= 1100; ++n) {
    lengths.push_back(n);
  }
  for (size_t n : {2047u, 2048u, 2049u, 4095u, 4096u, 4097u, 8191u}) {
    lengths.push_back(n);
  }
  size_t compared = 0;
  for (size_t n : lengths) {
    const std::vector<char> src_all = distinct(n + 64, static_cast<unsigned>(n));
    for (size_t a = 0; a < 64; ++a) {
      const size_t b = (a * 7 + n) % 64;  // the source's offset varies with both
      lined dst(n + 64);
      std::vector<char> want = dst.buf;
      std::memcpy(want.data() + dst.base + a, src_all.data() + b, n);
      shim_stream_copy(dst.buf.data(), dst.base + a, src_all.data() + b, n);
      if (dst.buf != want) {
        INFO("length " << n << ", destination offset " << a << ", source offset " << b);
        REQUIRE(dst.buf == want);
      }
      ++compared;
    }
  }
  CHECK(compared == lengths.size() * 64);
}

TEST_CASE("fill_aligned with streaming stores = the element repeated, every total to 700")
{
  size_t compared = 0, sizes = 0;
  for (size_t es = 1; es <= 48; ++es) {
    const std::vector<char> elem = distinct(es, static_cast<unsigned>(es));
    bool has_period = false;
    for (size_t total = 1; total <= 700; ++total) {
      for (size_t a : {0u, 1u, 16u, 31u, 32u, 48u, 63u}) {
        lined dst(total + 64);
        const size_t period = shim_stream_fill(dst.buf.data() + dst.base + a, elem.data(), es, total);
        if (period == 0) {
          continue;  // no fill for this element size: write_copies copies instead
        }
        has_period = true;
        const bool ok = repeats_exactly(dst, a, elem, total);
        if (!ok) {
          INFO("element size " << es << ", total " << total << ", offset " << a);
          REQUIRE(ok);
        }
        ++compared;
      }
    }
    sizes += has_period ? 1 : 0;
  }
  // The element sizes with a fill period: es = 2^a * b with b odd and at most 15 (fill_period's
  // comment: es doubled to whole 32-byte stores within 512 bytes), 28 of 1 .. 48.
  size_t expected = 0;
  for (size_t es = 1; es <= 48; ++es) {
    size_t odd = es;
    while (odd % 2 == 0) {
      odd /= 2;
    }
    expected += odd <= 15 ? 1 : 0;
  }
  CHECK(sizes == expected);
  CHECK(compared == sizes * 700 * 7);
}

namespace {

// The byte loop that repeat_forward's contract states and WP proves: each byte from the byte
// `to - from` before it, in increasing order.
void repeat_bytes(std::vector<char> &buf, size_t from, size_t to, size_t n)
{
  for (size_t i = 0; i < n; ++i) {
    buf[to + i] = buf[from + i];
  }
}

}  // namespace

TEST_CASE("repeat_forward (rep movsb) = the byte loop, every distance to 600 and lengths to 2100")
{
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 130; ++n) {
    lengths.push_back(n);
  }
  for (size_t n : {255u, 256u, 257u, 511u, 512u, 513u, 1023u, 1024u, 1025u, 2047u, 2048u, 2100u}) {
    lengths.push_back(n);
  }
  size_t compared = 0;
  for (size_t d = 1; d <= 600; ++d) {
    for (size_t n : lengths) {
      const size_t a = (d * 13 + n) % 64;  // the span's offset in its line varies with both
      lined dst(d + n + 64);
      const std::vector<char> span = distinct(d, static_cast<unsigned>(d + n));
      std::copy(span.begin(), span.end(), dst.buf.begin() + static_cast<std::ptrdiff_t>(dst.base + a));
      std::vector<char> want = dst.buf;
      repeat_bytes(want, dst.base + a, dst.base + a + d, n);
      shim_repeat_forward(dst.buf.data() + dst.base, a, a + d, n);
      if (dst.buf != want) {
        INFO("distance " << d << ", length " << n << ", offset " << a);
        REQUIRE(dst.buf == want);
      }
      ++compared;
    }
  }
  CHECK(compared == 600 * lengths.size());
}

TEST_CASE("fill_aligned with plain stores and rep movsb = the element repeated, totals past MOVSB_MIN")
{
  size_t compared = 0;
  for (size_t es = 1; es <= 48; ++es) {
    const std::vector<char> elem = distinct(es, static_cast<unsigned>(es));
    for (size_t total : {2047u, 4096u, 8191u, 8703u, 8704u, 8705u, 9000u, 9216u, 10240u, 12287u, 12288u,
                         12289u, 12800u, 20000u}) {
      for (size_t a : {0u, 4u, 16u, 33u, 48u}) {
        lined dst(total + 64);
        if (shim_plain_fill(dst.buf.data() + dst.base + a, elem.data(), es, total) == 0) {
          continue;  // no fill for this element size
        }
        const bool ok = repeats_exactly(dst, a, elem, total);
        if (!ok) {
          INFO("element size " << es << ", total " << total << ", offset " << a);
          REQUIRE(ok);
        }
        ++compared;
      }
    }
  }
  CHECK(compared == 28 * 14 * 5);  // the 28 element sizes of 1 .. 48 with a fill period
}

TEST_CASE("replicate_block with rep movsb = the block repeated, blocks to 700 bytes")
{
  size_t compared = 0;
  for (size_t block = 1; block <= 700; ++block) {
    for (size_t n : {2u, 3u, 7u}) {
      const size_t copies = std::max<size_t>(n, (8192 + block) / block + n - 2);  // past MOVSB_MIN
      const size_t a = block % 64;
      lined dst(block * copies + 64);
      const std::vector<char> run = distinct(block, static_cast<unsigned>(block));
      std::copy(run.begin(), run.end(), dst.buf.begin() + static_cast<std::ptrdiff_t>(dst.base + a));
      shim_replicate(dst.buf.data() + dst.base + a, block, copies);
      const bool ok = repeats_exactly(dst, a, run, block * copies);
      if (!ok) {
        INFO("block " << block << ", copies " << copies << ", offset " << a);
        REQUIRE(ok);
      }
      ++compared;
    }
  }
  CHECK(compared == 700 * 3);
}

// The fast kernel sonnx_fast_copy (issue 8) against a naive transcription of the spec's element
// relation, exhaustively on small shapes: every pair (x, z) of rank <= 3 with sizes in
// {0, 1, 2, 3} where x broadcasts to z, for element sizes 1, 2, 3, 4, 8 and 16.
// The oracle is written from the spec, not from the code under test:
//   Z[i_0..i_(r-1)] = X[f(i_0, dX_0, dZ_0), ..., f(i_(r-1), dX_(r-1), dZ_(r-1))]   (@req SONNX-ELEM)
//   with X padded on the left with 1s (@req SONNX-STEP1-PAD) and f(a, b, c) = a if b == c, 0 if
//   b == 1 (@req SONNX-F), flat row-major offsets (@req LIB-ROWMAJOR).
// The same pairs also go through sonnx_broadcast_to (which ships the fast kernel) and the proved
// reference kernel sonnx_reference_copy.
#include "sonnx_internal.h"

#include "element_bytes.hpp"

#include <algorithm>
#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace {

using dims_t = std::vector<size_t>;

size_t count_of(const dims_t &d)
{
  size_t c = 1;
  for (size_t v : d) {
    c *= v;
  }
  return c;
}

// Every shape of rank <= 3 with sizes in {0, 1, 2, 3}.
std::vector<dims_t> small_shapes()
{
  std::vector<dims_t> all{{}};
  for (size_t rank = 1; rank <= 3; ++rank) {
    size_t n = 1;
    for (size_t k = 0; k < rank; ++k) {
      n *= 4;
    }
    for (size_t code = 0; code < n; ++code) {
      dims_t d(rank);
      size_t c = code;
      for (size_t k = 0; k < rank; ++k) {
        d[k] = c % 4;
        c /= 4;
      }
      all.push_back(d);
    }
  }
  return all;
}

// x broadcasts to exactly z (ONNX unidirectional, SONNX max rule with C1): per padded axis,
// equal sizes, or x's is 1 and z's is not 0.
bool broadcasts_to(const dims_t &x, const dims_t &z)
{
  if (x.size() > z.size()) {
    return false;
  }
  for (size_t k = 0; k < z.size(); ++k) {
    size_t p = (k < z.size() - x.size()) ? 1 : x[k - (z.size() - x.size())];
    if (!(p == z[k] || (p == 1 && z[k] != 0))) {
      return false;
    }
  }
  return true;
}

std::vector<unsigned char> spec_broadcast(const dims_t &xd, const std::vector<unsigned char> &x,
                                          size_t es, const dims_t &zd)
{
  const size_t r = zd.size();
  dims_t padded(r, 1);
  for (size_t k = 0; k < xd.size(); ++k) {
    padded[r - xd.size() + k] = xd[k];
  }
  const size_t count = count_of(zd);
  std::vector<unsigned char> z(count * es);
  dims_t idx(r);
  for (size_t o = 0; o < count; ++o) {
    size_t rest = o;
    for (size_t k = r; k-- > 0;) {
      idx[k] = rest % zd[k];
      rest /= zd[k];
    }
    size_t src = 0;
    for (size_t k = 0; k < r; ++k) {
      src = src * padded[k] + (padded[k] == zd[k] ? idx[k] : 0);
    }
    for (size_t b = 0; b < es; ++b) {
      z[o * es + b] = x[src * es + b];
    }
  }
  return z;
}

sonnx_shape c_shape(const dims_t &d) { return sonnx_shape{d.size(), d.empty() ? nullptr : d.data()}; }

}  // namespace

TEST_CASE("fast kernel = spec on every (x, z) of rank <= 3, sizes in {0..3}, several element sizes")
{
  const std::vector<dims_t> shapes = small_shapes();
  size_t pairs = 0, compared = 0, empty_outputs = 0;
  for (const dims_t &zd : shapes) {
    for (const dims_t &xd : shapes) {
      if (!broadcasts_to(xd, zd)) {
        continue;
      }
      ++pairs;
      for (size_t es : {1u, 2u, 3u, 4u, 8u, 16u}) {
        const size_t cx = count_of(xd), cz = count_of(zd);
        const std::vector<unsigned char> x = distinct_bytes(cx, es, 0);
        const std::vector<unsigned char> want = spec_broadcast(xd, x, es, zd);
        // One guard byte after the output: nothing may be written past count(z) * es.
        std::vector<unsigned char> fast(cz * es + 1, 0), ref(cz * es + 1, 0), api(cz * es + 1, 0);
        if (cz > 0) {
          sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(fast.data()),
                          es, c_shape(xd), c_shape(zd), cx, cz);
          sonnx_reference_copy(reinterpret_cast<const char *>(x.data()),
                               reinterpret_cast<char *>(ref.data()), es, c_shape(xd), c_shape(zd), cx, cz);
        } else {
          ++empty_outputs;
        }
        sonnx_error err{};
        const sonnx_status st = sonnx_broadcast_to(c_shape(xd), cx > 0 ? x.data() : nullptr, es,
                                                   c_shape(zd), api.data(), cz * es, &err);
        INFO("x rank " << xd.size() << ", z rank " << zd.size() << ", es " << es);
        REQUIRE(st == SONNX_OK);
        /* std::equal, not memcmp: want is empty (data() may be NULL) for a zero-size z. */
        REQUIRE(std::equal(want.begin(), want.end(), fast.begin()));
        REQUIRE(std::equal(want.begin(), want.end(), ref.begin()));
        REQUIRE(std::equal(want.begin(), want.end(), api.begin()));
        REQUIRE(fast.back() == 0);
        REQUIRE(api.back() == 0);
        ++compared;
      }
    }
  }
  // 85 shapes (1 + 4 + 16 + 64). 478 pairs, counted by hand from the rule: for each z and each
  // rank s <= rank(z), the padded axes need z's size non-zero, and each of the last s axes
  // offers 2 sizes to x when z's is 2 or 3 (itself or 1), 1 size when z's is 0 or 1.
  CHECK(shapes.size() == 85);
  CHECK(pairs == 478);
  CHECK(compared == pairs * 6);
  CHECK(empty_outputs > 0);
}

// The fill paths of the fast kernel: a stretched innermost axis (element fill) and a stretched
// level over a small inner block (block fill), for element and block sizes on both sides of the
// pattern's limits (FILL_STORE 32, FILL_PERIOD_MAX 512 bytes: 544 and 1024 are whole stores
// above it) and outputs on both sides of the
// replication chunk (REPLICATE_CHUNK, 2 KiB; 4, 8 and 64 KiB before). The oracle is the spec transcription spec_broadcast.
TEST_CASE("fast kernel: element and block fills, every size class")
{
  size_t compared = 0;
  for (size_t es : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 12u, 16u, 24u, 31u, 32u, 33u, 48u, 100u, 127u, 128u,
                    129u, 255u, 256u, 257u, 300u, 544u, 1024u}) {
    for (size_t n : {1u, 2u, 3u, 7u, 8u, 9u, 33u, 100u, 300u}) {
      const size_t big = 65536u / es + 3u;  // past the replication chunk, 8 times over
      for (size_t stretch : {n, big}) {
        for (const dims_t &pair : {dims_t{2, 1}, dims_t{2, 1, 3}}) {
          // x (2,1) -> z (2,stretch): element fill; x (2,1,3) -> z (2,stretch,3): block fill.
          const dims_t xd = pair;
          dims_t zd = pair;
          zd[1] = stretch;
          const size_t cx = count_of(xd), cz = count_of(zd);
          const std::vector<unsigned char> x = distinct_bytes(cx, es, 0);
          const std::vector<unsigned char> want = spec_broadcast(xd, x, es, zd);
          std::vector<unsigned char> fast(cz * es + 1, 0);
          sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(fast.data()),
                          es, c_shape(xd), c_shape(zd), cx, cz);
          INFO("es " << es << ", x rank " << xd.size() << ", stretched to " << stretch);
          REQUIRE(std::equal(want.begin(), want.end(), fast.begin()));
          REQUIRE(fast.back() == 0);
          ++compared;
        }
      }
    }
  }
  CHECK(compared == 24 * 9 * 2 * 2);
}

namespace {

// sonnx_fast_copy of x (3,1) -> z (3,fill), three blocks of fill copies of one es-byte element,
// into buf (all 0) from byte start, against the spec transcription spec_broadcast: true when
// every output byte is the spec's and every other byte of buf, the guards, is still 0.
bool three_blocks_into(size_t es, size_t fill, std::vector<unsigned char> &buf, size_t start)
{
  const dims_t xd{3, 1};
  const dims_t zd{3, fill};
  const size_t cx = count_of(xd), cz = count_of(zd);
  const std::vector<unsigned char> x = distinct_bytes(cx, es, 0);
  const std::vector<unsigned char> want = spec_broadcast(xd, x, es, zd);
  sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(buf.data() + start), es,
                  c_shape(xd), c_shape(zd), cx, cz);
  const auto out = buf.begin() + static_cast<std::ptrdiff_t>(start);
  const auto end = out + static_cast<std::ptrdiff_t>(cz * es);
  const auto zero = [](unsigned char b) { return b == 0; };
  return std::all_of(buf.begin(), out, zero) && std::all_of(end, buf.end(), zero) &&
         std::equal(want.begin(), want.end(), out);
}

// The three blocks into a buffer one guard byte longer.
bool three_blocks_match(size_t es, size_t fill)
{
  std::vector<unsigned char> buf(3u * fill * es + 1u, 0);
  return three_blocks_into(es, fill, buf, 0);
}

// The three blocks at byte offset off of a 64-byte boundary (a cache line, the kernel's
// STORE_ALIGN), with at least 64 guard bytes on each side.
bool three_blocks_match_at(size_t es, size_t fill, size_t off)
{
  std::vector<unsigned char> buf(3u * fill * es + 256u, 0);
  const size_t misalign = reinterpret_cast<std::uintptr_t>(buf.data()) % 64u;
  return three_blocks_into(es, fill, buf, (64u - misalign) % 64u + 64u + off);
}

}  // namespace

// The unit stores of a short block (fill_units, src/sonnx_fast_copy.c): a run of 2, 4, 8 or 16
// bytes stretched into a block of at most UNIT_FILL_MAX (64) bytes is stored copy by copy;
// one copy more and it is stored by lines of splats (fill_unit_lines). Each unit size at the sizes
// around 64 bytes and at the smallest, on three blocks (x (3,1) -> z (3,fill)), beside the
// odd sizes that never take it (3, 12: the copy path), with a guard byte after the output.
// The oracle is the spec transcription spec_broadcast.
// @req SONNX-ELEM LIB-ROWMAJOR
TEST_CASE("fast kernel: unit stores up to 64-byte blocks, and one copy past them")
{
  size_t compared = 0;
  for (size_t es : {2u, 3u, 4u, 8u, 12u, 16u}) {
    const size_t at_limit = 64u / es;
    for (size_t fill : {size_t{1}, size_t{2}, at_limit - 1u, at_limit, at_limit + 1u}) {
      INFO("es " << es << ", fill " << fill << " (" << fill * es << "-byte blocks)");
      REQUIRE(three_blocks_match(es, fill));
      ++compared;
    }
  }
  CHECK(compared == 6 * 5);
}

// fill_units' overlapping stores (src/sonnx_fast_copy.c): every block a unit-sized run fills
// by unit stores, each unit (2, 4, 8, 16 bytes) at every copy count up to 64 bytes, so that
// each store width (16, 8, 4, 2) runs with its last store overlapping the one before by every
// whole number of units, and the 16-byte loop runs 0 to 3 times before it. Three blocks
// (x (3,1) -> z (3,fill)) with a guard byte after the output; the oracle is the spec
// transcription spec_broadcast.
// @req SONNX-ELEM LIB-ROWMAJOR
TEST_CASE("fast kernel: unit fills of every length up to 64 bytes, overlapping stores")
{
  size_t compared = 0;
  for (size_t es : {2u, 4u, 8u, 16u}) {
    for (size_t fill = 1; fill * es <= 64u; ++fill) {
      INFO("es " << es << ", fill " << fill << " (" << fill * es << "-byte blocks)");
      REQUIRE(three_blocks_match(es, fill));
      ++compared;
    }
  }
  CHECK(compared == 32 + 16 + 8 + 4);
}

// fill_unit_lines (src/sonnx_fast_copy.c): a unit-sized run (2, 4, 8, 16 bytes) in a block longer
// than 64 bytes, stored plain, is stored a line of splats at a time: once at the block's start,
// then aligned from the first 64-byte boundary, then once ending at the block's end. Every
// block length from 65 to 320 bytes (the aligned loop 0 to 4 times, the last store overlapping
// it by every whole number of units) at every offset of the output from a cache line, 0 to
// 63: offsets that are not a multiple of the unit take the unaligned path. Then the lengths
// around UNIT_LINES_MAX (8704 bytes; longer blocks are filled from a pattern). Three blocks
// (x (3,1) -> z (3,fill)) between 64 guard bytes; the oracle is the spec transcription
// spec_broadcast.
// @req SONNX-ELEM LIB-ROWMAJOR
TEST_CASE("fast kernel: lines of splats past 64 bytes, at every offset from a cache line")
{
  size_t compared = 0;
  for (size_t es : {2u, 4u, 8u, 16u}) {
    for (size_t fill = 64u / es + 1u; fill * es <= 320u; ++fill) {
      for (size_t off = 0; off < 64u; ++off) {
        INFO("es " << es << ", fill " << fill << " (" << fill * es << "-byte blocks), offset " << off);
        REQUIRE(three_blocks_match_at(es, fill, off));
        ++compared;
      }
    }
    const size_t limit = 8704u / es;
    for (size_t fill : {limit - 1u, limit, limit + 1u}) {
      for (size_t off : {size_t{0}, size_t{1}, size_t{16}, size_t{17}, size_t{63}}) {
        INFO("es " << es << ", fill " << fill << " (" << fill * es << "-byte blocks), offset " << off);
        REQUIRE(three_blocks_match_at(es, fill, off));
        ++compared;
      }
    }
  }
  CHECK(compared == (128u + 64u + 32u + 16u) * 64u + 4u * 15u);
}

// The pattern fills of short blocks (src/sonnx_fast_copy.c, FILL_PATTERN_MIN): a block of at
// least two periods of its run's pattern is filled from the pattern, one element less is
// copied and replicated. Each run size at both sides of that limit, on three blocks
// (x (3,1) -> z (3,fill)): 4 bytes (period 64), 12 and 3 and 6 (period 96, overlapping units
// in the pattern: 8, 2 and 4 bytes), 24 (period 96, 16-byte units overlapping), 32 and 64
// (period 64), and 5 (period 160), with a guard byte after the output. The oracle is the spec
// transcription spec_broadcast.
// @req SONNX-ELEM LIB-ROWMAJOR
TEST_CASE("fast kernel: pattern fills from two periods, and one element short of them")
{
  size_t compared = 0;
  const std::pair<size_t, size_t> runs[] = {{4, 64}, {12, 96}, {3, 96}, {6, 96},
                                            {24, 96}, {32, 64}, {64, 64}, {5, 160}};
  for (const auto &[es, period] : runs) {
    const size_t at_limit = 2u * period / es;
    for (size_t fill : {at_limit - 1u, at_limit, at_limit + 1u}) {
      INFO("es " << es << ", fill " << fill << " (" << fill * es << "-byte blocks)");
      REQUIRE(three_blocks_match(es, fill));
      ++compared;
    }
  }
  CHECK(compared == 8 * 3);
}

TEST_CASE("fast kernel: the issue's cases at reduced size, each kind of level")
{
  struct one {
    dims_t x, z;
  };
  // rows, columns, middle, scalar, short inner runs, many alternating levels, long unit runs
  // past the replication chunk (2 KiB), and a stretched level above a 1-sized axis.
  const one cases[] = {
      {{1, 64}, {100, 64}},          {{100, 1}, {100, 64}},        {{4, 1, 16}, {4, 33, 16}},
      {{}, {70000}},                 {{9, 1, 3}, {9, 40, 3}},      {{2, 1, 3, 1, 2}, {2, 5, 3, 4, 2}},
      {{1, 20000}, {7, 20000}},      {{3, 1, 1}, {3, 1, 5}},       {{1, 1, 1}, {1, 1, 1}},
      {{5, 1, 1, 7}, {5, 3, 4, 7}},  {{1}, {200000}},
  };
  for (const one &c : cases) {
    for (size_t es : {1u, 2u, 4u, 8u, 12u}) {
      const size_t cx = count_of(c.x), cz = count_of(c.z);
      const std::vector<unsigned char> x = distinct_bytes(cx, es, 0);
      const std::vector<unsigned char> want = spec_broadcast(c.x, x, es, c.z);
      std::vector<unsigned char> fast(cz * es + 1, 0);
      sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(fast.data()), es,
                      c_shape(c.x), c_shape(c.z), cx, cz);
      INFO("z rank " << c.z.size() << ", count " << cz << ", es " << es);
      REQUIRE(std::equal(want.begin(), want.end(), fast.begin()));
      REQUIRE(fast.back() == 0);
    }
  }
}

// The aligned stores of copy_aligned and fill_aligned (src/sonnx_fast_copy.c): the output at each of the 64
// offsets from a 64-byte boundary, so that the head before the first STORE_ALIGN boundary takes
// every length 0..63, and the tail after the last whole store every length too. Past the
// replication chunk (2 KiB), every copy repeats the chunk that starts on the block's first
// boundary, after a copy of the head's length: runs of 17 and 68 bytes (no fill period: copied)
// make chunks of 2176 bytes, whole cache lines, copied about 23 and 93 times; runs of 2047 and
// 4095 bytes (es 1) make chunks of 4094 and 4095 bytes, not whole lines (doubled once, and the
// run itself), and so do runs of 8188 and 16380 bytes (es 4); a block of 2193 bytes (es 1) ends
// with the head copy or one chunk copy after it. Guard bytes on both sides must stay
// untouched. The oracle is the spec transcription spec_broadcast.
// @req SONNX-ELEM LIB-ROWMAJOR
TEST_CASE("fast kernel: outputs at every offset from a 64-byte boundary")
{
  struct one {
    dims_t x, z;
  };
  // a run of 10 elements (es 1: a copied run, the block under FILL_PERIOD_MAX; es 4: filled from
  // a pattern of period 160), replicated runs of 150 to 2000 bytes, copied axes only, a long run
  // past the replication chunk, fills of one element and of 3-element runs (es 4: periods 64 and
  // 96 bytes, laid out one run longer; es 1 a memset or a copy), and chunk copies (above).
  const one cases[] = {{{1, 10}, {37, 10}},  {{1, 150}, {9, 150}},      {{3, 1, 500}, {3, 5, 500}},
                       {{2, 7}, {2, 7}},     {{1, 3000}, {4, 3000}},    {{7, 1}, {7, 300}},
                       {{5, 1, 3}, {5, 50, 3}}, {{1, 17}, {3000, 17}}, {{1, 17}, {129, 17}},
                       {{1, 2047}, {5, 2047}}, {{1, 4095}, {5, 4095}}};
  size_t compared = 0;
  for (const one &c : cases) {
    for (size_t es : {1u, 4u}) {
      const size_t cx = count_of(c.x), cz = count_of(c.z);
      const std::vector<unsigned char> x = distinct_bytes(cx, es, 0);
      const std::vector<unsigned char> want = spec_broadcast(c.x, x, es, c.z);
      for (size_t offset = 0; offset < 64; ++offset) {
        // 64 guard bytes before the aligned base, then offset bytes, the output, 64 guard bytes.
        std::vector<unsigned char> buf(cz * es + 64 * 4, 0);
        const uintptr_t raw = reinterpret_cast<uintptr_t>(buf.data()) + 64;
        const size_t to_boundary = static_cast<size_t>((64 - raw % 64) % 64);
        unsigned char *out = buf.data() + 64 + to_boundary + offset;
        sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(out), es,
                        c_shape(c.x), c_shape(c.z), cx, cz);
        INFO("offset " << offset << ", count " << cz << ", es " << es);
        REQUIRE(std::equal(want.begin(), want.end(), out));
        REQUIRE(std::all_of(buf.data(), out, [](unsigned char b) { return b == 0; }));
        REQUIRE(std::all_of(out + cz * es, buf.data() + buf.size(), [](unsigned char b) { return b == 0; }));
        ++compared;
      }
    }
  }
  CHECK(compared == 11 * 2 * 64);
}

// Outputs of 16 MiB and more, where the kernel writes with streaming stores at the default
// SONNX_STREAM_MIN_BYTES (issue 34: whole lines streamed, the bytes after the last whole line
// plain): a copied row replicated, runs of 3 elements filled (12-byte runs, fill periods of 96
// bytes, blocks of 600 bytes, so each block starts at another offset from a line and some end
// with whole stores past the last whole line), one value filled, and runs of 32 elements repeated
// 32 times (block copies that stream their chunk copies). The outputs start 16 or 48 bytes past
// a 64-byte boundary (malloc's large blocks start 16 bytes past one here): from 48, the copy's
// last chunk and the single fill end 48 bytes into a line, one whole store past the last whole
// line; one 12-byte run filled over (1398108, 3) from 16 bytes past a boundary is 174763
// periods of 96 bytes after the 48-byte head, ending 32 bytes into a line, so its last
// half-line store lies past the last whole line. Columns of 1040 and 1032 bytes from 16 bytes
// past a boundary: each block starts at another offset from a line, and its head and tail are
// streamed (stream_edge) when they are whole 16-byte pieces (all of the 1040-byte blocks, every
// other 1032-byte one) and plain otherwise. Columns of 64 and 96 bytes, unit runs of 4 bytes:
// the 64-byte blocks stored by 16-byte unit stores (fill_units), the 96-byte ones, too short
// for a pattern, copied and replicated with streaming stores (stores_units: lines of splats,
// fill_long_units, store plain only). Guard bytes on both sides; the oracle is
// spec_broadcast.
// @req SONNX-ELEM LIB-ROWMAJOR
TEST_CASE("fast kernel: outputs past the streaming threshold")
{
  struct one {
    dims_t x, z;
    size_t offset;
  };
  const one cases[] = {{{1, 256}, {16384, 256}, 16},       {{1, 256}, {16384, 256}, 48},
                       {{27963, 1, 3}, {27963, 50, 3}, 16}, {{}, {4194304}, 16},
                       {{}, {4194304}, 48},                 {{4096, 1, 32}, {4096, 32, 32}, 16},
                       {{1, 3}, {1398108, 3}, 16},          {{16200, 1}, {16200, 260}, 16},
                       {{16300, 1}, {16300, 258}, 16},      {{262144, 1}, {262144, 16}, 16},
                       {{174763, 1}, {174763, 24}, 16}};
  for (const one &c : cases) {
    const size_t es = 4;
    const size_t cx = count_of(c.x), cz = count_of(c.z);
    REQUIRE(cz * es >= size_t{16} * 1024 * 1024);
    const std::vector<unsigned char> x = distinct_bytes(cx, es, 3);
    const std::vector<unsigned char> want = spec_broadcast(c.x, x, es, c.z);
    std::vector<unsigned char> buf(cz * es + 64 * 4, 0);
    const uintptr_t raw = reinterpret_cast<uintptr_t>(buf.data()) + 64;
    unsigned char *out = buf.data() + 64 + static_cast<size_t>((64 - raw % 64) % 64) + c.offset;
    sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(out), es,
                    c_shape(c.x), c_shape(c.z), cx, cz);
    INFO("count " << cz << ", offset " << c.offset);
    CHECK(std::equal(want.begin(), want.end(), out));
    CHECK(std::all_of(buf.data(), out, [](unsigned char b) { return b == 0; }));
    CHECK(std::all_of(out + cz * es, buf.data() + buf.size(), [](unsigned char b) { return b == 0; }));
  }
}

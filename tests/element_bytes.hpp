// Input bytes for the data tests (tests/, properties/, tests/fuzz/): each element encodes its own
// index, so an output element copied from a wrong source offset cannot pass for the right one.
//
// Byte k of an input of elements of es bytes is byte k % es of element e = k / es. The first
// n = min(es, 8) bytes of element e are the base-254 digits, least significant first, of
// v = (e + salt * C) mod 254^n, each plus 1 (C odd and not a multiple of 127, so invertible modulo
// 254^n); further bytes, and every byte when es is 0, are a hash of (e, byte position, salt) in
// 1..254. Hence:
//   - no byte is 0 or 0xff, the values the unit tests and properties fill outputs with before
//     a call, so an output byte left unwritten is seen there (the fuzzers check their canaries
//     byte by byte against the bytes they filled);
//   - the elements of one input differ while their indices differ modulo 254^n: 254 elements of
//     1 byte, 64516 of 2 bytes, any count a test can allocate from 4 bytes up;
//   - two inputs whose salts differ modulo 254^n differ at every element index (a source read
//     from the wrong input at the right offset is seen too). They are shifted copies of each
//     other, by the difference of their offsets salt * C: a read at a wrong offset of the wrong
//     input can pass only if that wrong offset is exactly that shift.
#ifndef SONNX_TESTS_ELEMENT_BYTES_HPP
#define SONNX_TESTS_ELEMENT_BYTES_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

namespace element_bytes_detail {

constexpr std::uint64_t kMul = UINT64_C(0x9E3779B97F4A7C15); /* C: odd, 26 modulo 127 */

/* a + b modulo m, for a, b < m, without overflow (m may exceed 2^63). */
inline std::uint64_t add_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m)
{
  return a >= m - b ? a - (m - b) : a + b;
}

/* a * b modulo m, for b < m, by doubling: exact without a 128-bit product. */
inline std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m)
{
  std::uint64_t r = 0;
  for (; a != 0; a >>= 1) {
    if (a & 1u) {
      r = add_mod(r, b, m);
    }
    b = add_mod(b, b, m);
  }
  return r;
}

/* 254^min(es, 8), below 2^64: how many elements the digits tell apart. */
inline std::uint64_t digit_range(std::size_t es)
{
  std::uint64_t m = 1;
  for (std::size_t j = 0; j < es && j < 8; ++j) {
    m *= 254;
  }
  return m;
}

/* Byte pos of element e; m = digit_range(es), off = salt * kMul modulo m. */
inline unsigned char byte_of(std::uint64_t e, std::uint64_t pos, std::size_t es, std::uint64_t salt,
                             std::uint64_t m, std::uint64_t off)
{
  if (pos >= es || pos >= 8) {
    std::uint64_t h = e * kMul ^ salt * UINT64_C(0xC2B2AE3D27D4EB4F) ^ pos * UINT64_C(0x165667B19E3779F9);
    h ^= h >> 29;
    h *= UINT64_C(0xBF58476D1CE4E5B9);
    return static_cast<unsigned char>((h >> 32) % 254 + 1);
  }
  std::uint64_t v = add_mod(e % m, off, m);
  for (; pos > 0; --pos) {
    v /= 254;
  }
  return static_cast<unsigned char>(v % 254 + 1);
}

} // namespace element_bytes_detail

/* Byte k of an input of elements of es bytes (es 0: k alone, hashed). */
inline unsigned char element_byte(std::size_t k, std::size_t es, std::uint64_t salt)
{
  using namespace element_bytes_detail;
  const std::uint64_t m = digit_range(es);
  return byte_of(es ? k / es : k, es ? k % es : 0, es, salt, m, mul_mod(salt, kMul % m, m));
}

/* count elements of es bytes: element_byte(k, es, salt) for k < count * es. */
inline std::vector<unsigned char> distinct_bytes(std::size_t count, std::size_t es, std::uint64_t salt)
{
  using namespace element_bytes_detail;
  const std::uint64_t m = digit_range(es), off = mul_mod(salt, kMul % m, m);
  std::vector<unsigned char> v(count * es);
  for (std::size_t k = 0; k < v.size(); ++k) {
    v[k] = byte_of(k / es, k % es, es, salt, m, off);
  }
  return v;
}

#endif

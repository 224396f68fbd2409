/* tools/conformance/half.hpp: IEEE 754 binary16 <-> binary32 for the conformance runner.
 *
 * ONNX computes float16 operators in a wider type and rounds back (its reference is NumPy,
 * which does the same); the runner does the arithmetic in float and rounds the result to the
 * nearest binary16, ties to even. float16 -> float is exact.
 */
#ifndef SONNX_CONFORMANCE_HALF_HPP
#define SONNX_CONFORMANCE_HALF_HPP

#include <cmath>
#include <cstdint>
#include <cstring>

namespace conformance {

inline float half_to_float(std::uint16_t h)
{
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1fu;
  const std::uint32_t mant = h & 0x3ffu;
  std::uint32_t bits = 0;
  if (exp == 0u) { /* zero or subnormal: mant * 2^-24, exact in float */
    const float v = std::ldexp(static_cast<float>(mant), -24);
    return sign != 0u ? -v : v;
  }
  if (exp == 0x1fu) { /* infinity, or NaN keeping its payload */
    bits = sign | 0x7f800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 112u) << 23) | (mant << 13); /* rebias: -15 + 127 */
  }
  float f = 0.0f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

inline std::uint16_t float_to_half(float f)
{
  std::uint32_t x = 0;
  std::memcpy(&x, &f, sizeof x);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) { /* infinity; a NaN stays a (quiet) NaN */
    return static_cast<std::uint16_t>(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u | ((ax >> 13) & 0x3ffu) : 0u));
  }
  if (ax >= 0x477ff000u) { /* >= 65520: rounds to infinity */
    return static_cast<std::uint16_t>(sign | 0x7c00u);
  }
  if (ax < 0x38800000u) { /* below 2^-14: a subnormal half; |f| * 2^24 is exact, rint ties to even */
    const float units = std::nearbyint(std::ldexp(std::fabs(f), 24));
    return static_cast<std::uint16_t>(sign | static_cast<std::uint32_t>(units));
  }
  const std::uint32_t mant = ax & 0x7fffffu;
  std::uint32_t h = (((ax >> 23) - 112u) << 10) | (mant >> 13); /* rebias: -127 + 15 */
  const std::uint32_t rest = mant & 0x1fffu;                    /* the 13 bits dropped */
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u) != 0u)) {
    ++h; /* a carry into the exponent is the right result */
  }
  return static_cast<std::uint16_t>(sign | h);
}

} // namespace conformance

#endif

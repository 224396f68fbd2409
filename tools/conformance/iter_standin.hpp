/* tools/conformance/iter_standin.hpp: TEMPORARY stand-in for sonnx::for_each_broadcast.
 *
 * TEMPORARY: issue 33 item 1 adds the proven N-operand iteration to src/sonnx_broadcast.hpp
 * with this exact signature. When it lands, delete this file and the one line of runner.cpp
 * that includes it; nothing else changes (a leftover include fails to compile: redefinition).
 *
 * Until then, the indices still come from the library's proven calls only: the output shape
 * from sonnx::broadcast_shape (sonnx_broadcast_shape, SONNX rule) and each input's offset from
 * sonnx_source_offset at every output element (SONNX-ELEM, f). The visit gets runs of length 1,
 * so every step is 0. The row-major index is carried like an odometer; it is this file's only
 * arithmetic and never becomes an offset by itself.
 */
#ifndef SONNX_CONFORMANCE_ITER_STANDIN_HPP
#define SONNX_CONFORMANCE_ITER_STANDIN_HPP

#include "sonnx_broadcast.hpp"

#include <array>
#include <cstddef>
#include <span>

namespace sonnx {

/* visit(out_offset, length, src, step): src[m], step[m] for m < inputs.size() are input m's
   element offset at out_offset and its advance (0 or 1) per output element. Visits every
   output element once, in row-major order; returns the output shape, or the first error. */
template <class F>
result<shape> for_each_broadcast(std::span<const shape> inputs, F &&visit)
{
  const result<shape> out = broadcast_shape(inputs); /* also rejects 0 and > max_inputs inputs */
  if (!out) {
    return out;
  }
  const result<std::size_t> total = count(*out);
  if (!total) {
    return total.error();
  }
  const std::size_t n = inputs.size();
  const sonnx_shape z = out->as_c();
  std::array<std::size_t, max_rank> index{};
  std::array<std::size_t, max_inputs> src{};
  const std::array<std::size_t, max_inputs> step{}; /* runs of length 1: no advance */
  for (std::size_t o = 0; o < *total; ++o) {
    for (std::size_t m = 0; m < n; ++m) {
      sonnx_error e{};
      if (sonnx_source_offset(inputs[m].as_c(), z, index.data(), &src[m], &e) != SONNX_OK) {
        return error(e); /* cannot happen after broadcast_shape succeeded; reported, not hidden */
      }
    }
    visit(o, std::size_t{1}, std::span<const std::size_t>(src.data(), n),
          std::span<const std::size_t>(step.data(), n));
    for (std::size_t k = out->rank(); k > 0u;) { /* next row-major index, last axis first */
      --k;
      if (++index[k] < (*out)[k]) {
        break;
      }
      index[k] = 0;
    }
  }
  return out;
}

} // namespace sonnx

#endif

/* The reference of the zero-copy view checks shared by sonnx_broadcast_strides and
 * sonnx_source_offset: x then z (rank, dims), x broadcasts to z, every padded block of x
 * fits in size_t (LIB-STRIDES, LIB-OVERFLOW). */
#ifndef SONNX_FUZZ_VIEW_REFERENCE_HPP
#define SONNX_FUZZ_VIEW_REFERENCE_HPP

#include "fuzz_support.hpp"

namespace fuzz {

/* block[k] = product of x's padded sizes on axes k .. r-1 (block[r] = 1); false, with the
   axis whose block first exceeds SIZE_MAX (from the last axis), when one does not fit. */
inline bool ref_blocks(const Sizes &x, size_t r, Sizes *block, size_t *axis)
{
  block->assign(r + 1, 1);
  for (size_t k = r; k-- > 0;) {
    const u128 v = static_cast<u128>(pad(x, r, k)) * (*block)[k + 1];
    if (v > SIZE_MAX) {
      *axis = k;
      return false;
    }
    (*block)[k] = static_cast<size_t>(v);
  }
  return true;
}

/* Expect{} when the view can be made, with the blocks. */
inline Expect ref_view(const Shape &x, const Shape &z, Sizes *block)
{
  Expect e;
  if (bad_shape(x, 0, &e) || bad_shape(z, 1, &e) || !ref_unidirectional(x.dims, z.dims, &e)) {
    return e;
  }
  size_t axis = 0;
  if (!ref_blocks(x.dims, z.rank, block, &axis)) {
    return error(SONNX_ERR_OVERFLOW, 0, axis, 0, 0, false);
  }
  return e;
}

} // namespace fuzz

#endif

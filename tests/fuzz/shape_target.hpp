/* The fuzz target of the two shape rules (sonnx_broadcast_shape and
 * sonnx_broadcast_shape_numpy share their signature and check order). */
#ifndef SONNX_FUZZ_SHAPE_TARGET_HPP
#define SONNX_FUZZ_SHAPE_TARGET_HPP

#include "fuzz_support.hpp"

namespace fuzz {

using ShapeFn = sonnx_status (*)(size_t, const sonnx_shape *, size_t *, size_t, size_t *,
                                 sonnx_error *);

/* Bytes: flags (bit0 inputs NULL, bit1 out_dims NULL, bit2 out_rank NULL, bit3 err NULL,
   bit4 n read with size()), the number of shapes (u8 % 7), [n], the capacity mode
   (0 exact, 1 one short, 2 read with size(), 3 SONNX_MAX_RANK), then the shapes. */
inline int run_shape_target(const char *target, ShapeFn fn, bool numpy, const uint8_t *data,
                            size_t size)
{
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const size_t count = b.u8() % (kMaxInputs + 1);
  size_t n = count;
  if (flags & 0x10u) {
    const size_t v = b.size();
    if (v == 0 || v > SONNX_MAX_INPUTS) {
      n = v; /* an n in range must be the array's length: only out-of-range values are taken */
    }
  }
  const uint8_t cap_mode = b.u8() % 4;
  const size_t cap_read = cap_mode == 2 ? b.size() : 0;
  std::vector<Shape> shapes;
  for (size_t m = 0; m < count; ++m) {
    shapes.push_back(decode_shape(b));
  }
  size_t ny = 0;
  for (const Shape &s : shapes) {
    if (s.ok()) {
      ny = std::max(ny, s.rank);
    }
  }
  const size_t capacity = cap_mode == 0 ? ny
                          : cap_mode == 1 ? (ny > 0 ? ny - 1 : 0)
                          : cap_mode == 2 ? cap_read
                                          : SONNX_MAX_RANK;

  std::vector<sonnx_shape> views;
  for (const Shape &s : shapes) {
    views.push_back(s.view());
  }
  const sonnx_shape *inputs = (flags & 0x01u) ? nullptr
                              : count == 0    ? static_cast<const sonnx_shape *>(fault_page())
                                              : views.data();
  const size_t dims_alloc = std::min<size_t>(capacity, SONNX_MAX_RANK + 2);
  Canary out_dims(dims_alloc * sizeof(size_t));
  Canary out_rank(sizeof(size_t));
  size_t *dims_arg = (flags & 0x02u) ? nullptr : reinterpret_cast<size_t *>(out_dims.data());
  size_t *rank_arg = (flags & 0x04u) ? nullptr : reinterpret_cast<size_t *>(out_rank.data());
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x08u) ? nullptr : &e;

  /* The reference, in the header's order. */
  Expect want;
  Sizes result;
  bool decided = false;
  if (inputs == nullptr) {
    want = null_argument(2), decided = true;
  } else if (dims_arg == nullptr && capacity > 0) {
    want = null_argument(3), decided = true;
  } else if (rank_arg == nullptr) {
    want = null_argument(5), decided = true;
  } else if (n == 0 || n > SONNX_MAX_INPUTS) {
    want = error(SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, n, SONNX_MAX_INPUTS), decided = true;
  }
  for (size_t m = 0; !decided && m < count; ++m) {
    decided = bad_shape(shapes[m], m, &want);
  }
  if (!decided && capacity < ny) {
    want = error(SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, capacity, ny), decided = true;
  }
  if (!decided) {
    want = ref_common_shape(shapes, numpy, &result);
  }

  const sonnx_status got = fn(n, inputs, dims_arg, capacity, rank_arg, err);
  check_status(target, got, err, want);
  check_shape_result(target, got, out_dims, out_rank, result);
  return 0;
}

} // namespace fuzz

#endif

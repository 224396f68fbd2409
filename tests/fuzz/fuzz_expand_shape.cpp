/* libFuzzer target: sonnx_expand_shape against the reference (ONNX-EXPAND: Broadcast(x, shape)
 * under the SONNX rule, SONNX-STEP1-PAD, SONNX-STEP2-MAX, SONNX-C1, erratum E30), with the
 * checks of sonnx_broadcast_shape in its order (x input 0, shape input 1; out_dims argument 3,
 * out_rank argument 5).
 * Bytes: flags (bit0 out_dims NULL, bit1 out_rank NULL, bit2 err NULL, bit3 shape derived from
 * x), the capacity mode (0 exact, 1 one short, 2 size(), 3 SONNX_MAX_RANK) [its value], x
 * (decode_shape), shape: decode_shape, or with bit3 its mode byte (decode_rank) then a selector
 * per axis (decode_matched: x's size on the axis it faces when aligned on the right, 1, or
 * size()). */
#include "xla_reference.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_expand_shape";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const uint8_t cap_mode = b.u8() % 4;
  const size_t cap_read = cap_mode == 2 ? b.size() : 0;
  const Shape x = decode_shape(b);
  Shape s = (flags & 0x08u) ? decode_rank(b) : decode_shape(b);
  if ((flags & 0x08u) && has_dims(s)) {
    std::vector<size_t> facing(s.rank, kNoIndex);
    for (size_t k = 0; k < s.rank; ++k) {
      if (has_dims(x) && k + x.rank >= s.rank) {
        facing[k] = k + x.rank - s.rank;
      }
    }
    s.dims = decode_matched(b, s.rank, facing, x.dims);
  }
  const bool both_small = x.rank <= SONNX_MAX_RANK && s.rank <= SONNX_MAX_RANK;
  const size_t high = std::max(x.rank, s.rank);
  const size_t capacity = cap_mode == 0 ? (both_small ? high : 0)
                          : cap_mode == 1 ? (both_small && high > 0 ? high - 1 : 0)
                          : cap_mode == 2 ? cap_read
                                          : SONNX_MAX_RANK;
  const bool dims_null = (flags & 0x01u) != 0, rank_null = (flags & 0x02u) != 0;

  /* The reference: sonnx_broadcast_shape's order for the two shapes {x, shape}. */
  Expect want;
  Sizes result;
  if (dims_null && capacity > 0) {
    want = null_argument(3);
  } else if (rank_null) {
    want = null_argument(5);
  } else if (bad_shape(x, 0, &want) || bad_shape(s, 1, &want)) {
  } else if (capacity < high) {
    want = error(SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, capacity, high);
  } else {
    want = ref_common_shape({x, s}, false, &result);
  }

  Canary out_dims(std::min<size_t>(capacity, SONNX_MAX_RANK + 2) * sizeof(size_t));
  Canary out_rank(sizeof(size_t));
  size_t *dims_arg = dims_null ? nullptr : reinterpret_cast<size_t *>(out_dims.data());
  size_t *rank_arg = rank_null ? nullptr : reinterpret_cast<size_t *>(out_rank.data());
  const Sizes x_before = x.dims, s_before = s.dims;
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x04u) ? nullptr : &e;

  const sonnx_status got = sonnx_expand_shape(x.view(), s.view(), dims_arg, capacity, rank_arg, err);
  check_status(target, got, err, want);
  if (x.dims != x_before || s.dims != s_before) {
    fail(target, "a shape's dims written");
  }
  check_shape_result(target, got, out_dims, out_rank, result);
  return 0;
}

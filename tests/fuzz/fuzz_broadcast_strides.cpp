/* libFuzzer target: sonnx_broadcast_strides against the reference (LIB-STRIDES).
 * Bytes: flags (bit0 strides NULL, bit1 err NULL), x, z. */
#include "view_reference.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_broadcast_strides";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const Shape x = decode_shape(b);
  const Shape z = decode_shape(b);
  Sizes block;
  Expect want = ref_view(x, z, &block);
  const bool strides_null = flags & 0x01u;
  if (want.status == SONNX_OK && strides_null && z.rank > 0) {
    want = null_argument(3);
  }
  const size_t r = z.ok() ? z.rank : 0;
  Canary strides(r * sizeof(size_t));
  size_t *strides_arg = strides_null ? nullptr : reinterpret_cast<size_t *>(strides.data());
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x02u) ? nullptr : &e;

  const sonnx_status got = sonnx_broadcast_strides(x.view(), z.view(), strides_arg, err);
  check_status(target, got, err, want);
  if (got != SONNX_OK) {
    if (!strides.intact()) {
      fail(target, "strides written on error " + num(got));
    }
    return 0;
  }
  for (size_t k = 0; k < r; ++k) {
    size_t s;
    std::memcpy(&s, strides.data() + k * sizeof(size_t), sizeof s);
    const size_t p = pad(x.dims, r, k);
    /* 0 on padded and stretched axes, the row-major stride elsewhere; where both sizes
       are 1 the index is always 0 and either value is right (LIB-STRIDES). */
    const bool right = (p == 1 && z.dims[k] == 1) ? (s == 0 || s == block[k + 1])
                       : p == 1                   ? s == 0
                                                  : s == block[k + 1];
    if (!right) {
      fail(target, "stride of axis " + num(k) + " is " + num(s) + ", block " + num(block[k + 1]));
    }
  }
  return 0;
}

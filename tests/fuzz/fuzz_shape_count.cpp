/* libFuzzer target: sonnx_shape_count against the exact product (LIB-OVERFLOW).
 * Bytes: flags (bit0 count NULL), then the shape. */
#include "fuzz_support.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_shape_count";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const Shape s = decode_shape(b);
  Canary out(sizeof(size_t));
  size_t *count_arg = (flags & 0x01u) ? nullptr : reinterpret_cast<size_t *>(out.data());

  sonnx_status want;
  size_t count = 0;
  if (count_arg == nullptr || (s.rank > 0 && s.null_dims)) {
    want = SONNX_ERR_NULL;
  } else if (s.rank > SONNX_MAX_RANK) {
    want = SONNX_ERR_RANK;
  } else {
    want = exact_count(s.dims, &count) ? SONNX_OK : SONNX_ERR_OVERFLOW;
  }
  const sonnx_status got = sonnx_shape_count(s.view(), count_arg);
  count_status(got);
  if (got != want) {
    fail(target, "status " + num(got) + ", reference " + num(want));
  }
  if (got != SONNX_OK) {
    if (!out.intact()) {
      fail(target, "count written on error");
    }
    return 0;
  }
  size_t c;
  std::memcpy(&c, out.data(), sizeof c);
  if (c != count) {
    fail(target, "count " + num(c) + ", reference " + num(count));
  }
  return 0;
}

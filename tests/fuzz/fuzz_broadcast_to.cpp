/* libFuzzer target: sonnx_broadcast_to against the reference (ONNX-UNIDIR, SONNX-ELEM).
 * Bytes: flags (bit0 x_data NULL, bit1 z_data NULL, bit2 err NULL), elem_size (size()),
 * capacity mode (0 exact, 1 one byte short, 2 size(), 3 exact + u8, 4 zero), x, z. */
#include "fuzz_support.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_broadcast_to";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const size_t es = b.size();
  const uint8_t cap_mode = b.u8() % 5;
  const size_t cap_read = cap_mode == 2 ? b.size() : cap_mode == 3 ? b.u8() : 0;
  const Shape x = decode_shape(b);
  const Shape z = decode_shape(b);

  /* Byte sizes (exact), when the shapes are usable. */
  size_t x_count = 0, z_count = 0, x_bytes = 0, z_bytes = 0;
  const bool shapes_ok = x.ok() && z.ok();
  const bool z_fits = shapes_ok && exact_count(z.dims, &z_count) && exact_bytes(z_count, es, &z_bytes);
  const bool x_fits = shapes_ok && exact_count(x.dims, &x_count) && exact_bytes(x_count, es, &x_bytes);
  const size_t capacity = cap_mode == 0 ? z_bytes
                          : cap_mode == 1 ? (z_bytes > 0 ? z_bytes - 1 : 0)
                          : cap_mode == 2 ? cap_read
                          : cap_mode == 3 ? z_bytes + cap_read
                                          : 0;

  /* The reference, in the header's order. */
  Expect want;
  if (bad_shape(x, 0, &want) || bad_shape(z, 1, &want)) {
  } else if (es == 0) {
    want = error(SONNX_ERR_ARGUMENT, 0, kNoIndex, 0, 0, false);
    want.check_sizes = false; /* size is 0 (LIB-ELEM-SIZE); expected is not documented */
  } else if (!ref_unidirectional(x.dims, z.dims, &want)) {
  } else if (!z_fits) {
    want = error(SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, 0, 0, false);
  } else if (!x_fits) {
    want = error(SONNX_ERR_OVERFLOW, 0, kNoIndex, 0, 0, false);
  } else if ((flags & 0x01u) && x_bytes > 0) {
    want = error(SONNX_ERR_NULL, 0, kNoIndex, 0, 2);
  } else if ((flags & 0x02u) && z_bytes > 0) {
    want = null_argument(5);
  } else if (capacity < z_bytes) {
    want = error(SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, capacity, z_bytes);
  }
  if (want.status == SONNX_OK && (x_bytes > kMaxBytes || z_bytes > kMaxBytes)) {
    return 0; /* would succeed on more memory than a fuzz run should take */
  }
  if (want.status == SONNX_ERR_ARGUMENT) {
    want.size = 0;
    want.check_sizes = false;
  }

  /* Memory: x exactly x_bytes when that is small (else a small buffer the call must not read),
     z at most kMaxBytes (the call must not write on error, and writes z_bytes <= kMaxBytes on
     success). */
  const size_t x_alloc = (x_fits && x_bytes <= kMaxBytes) ? x_bytes : 16;
  std::vector<unsigned char> xv(x_alloc);
  for (size_t k = 0; k < x_alloc; ++k) {
    xv[k] = element_byte(k, es, 0); /* distinct elements */
  }
  Canary zv(std::min(capacity, kMaxBytes));
  const void *x_arg = (flags & 0x01u) ? nullptr : (x_alloc ? xv.data() : fault_page());
  void *z_arg = (flags & 0x02u) ? nullptr : zv.data();
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x04u) ? nullptr : &e;

  const sonnx_status got = sonnx_broadcast_to(x.view(), x_arg, es, z.view(), z_arg, capacity, err);
  if (want.status == SONNX_ERR_ARGUMENT && err != nullptr && got == SONNX_ERR_ARGUMENT &&
      e.size != 0) {
    fail(target, "elem_size 0 reported with size " + num(e.size));
  }
  check_status(target, got, err, want);
  if (got != SONNX_OK) {
    if (!zv.intact()) {
      fail(target, "z_data written on error " + num(got));
    }
    return 0;
  }
  for (size_t o = 0; o < z_count; ++o) {
    const size_t src = ref_source(x.dims, z.dims, o);
    if (src >= x_count) {
      fail(target, "reference source offset " + num(src) + " outside x");
    }
    if (std::memcmp(zv.data() + o * es, xv.data() + src * es, es) != 0) {
      fail(target, "element " + num(o) + " is not x's element " + num(src));
    }
  }
  if (!zv.intact_from(z_bytes)) {
    fail(target, "z_data written past count(z) * elem_size");
  }
  return 0;
}

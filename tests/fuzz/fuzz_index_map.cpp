/* libFuzzer target: sonnx_index_map (f, SONNX-F) and sonnx_padded_dim (step 1,
 * SONNX-STEP1-PAD), the two functions without run-time checks: only arguments meeting their
 * preconditions are passed, and the result must equal the spec's formula.
 * Bytes: c, a (size() each), u8 (bit0: b = 1, else b = c), then a shape, an extra rank
 * (u8 % 4) and an axis (size()). */
#include "fuzz_support.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_index_map / sonnx_padded_dim";
  Bytes b(data, size);
  const size_t c = b.size();
  const size_t a_read = b.size();
  const size_t bsize = (b.u8() & 1u) ? 1 : c;
  if (c > 0) {
    const size_t a = a_read % c; /* requires a < c */
    const size_t got = sonnx_index_map(a, bsize, c);
    if (got != f(a, bsize, c) || got >= bsize) {
      fail(target, "f(" + num(a) + ", " + num(bsize) + ", " + num(c) + ") = " + num(got));
    }
    count_outcome(bsize == c ? "f_same" : "f_stretched"); /* SONNX-F's two cases */
  }
  const Shape x = decode_shape(b);
  const size_t extra = b.u8() % 4;
  const size_t axis = b.size();
  if (x.ok()) {
    const size_t ny = x.rank + extra;
    if (ny > 0) {
      const size_t i = axis % ny;
      const size_t got = sonnx_padded_dim(x.view(), ny, i);
      if (got != pad(x.dims, ny, i)) {
        fail(target, "padded size of axis " + num(i) + " is " + num(got));
      }
      count_outcome(i < extra ? "pad_added" : "pad_kept"); /* SONNX-STEP1-PAD's two cases */
    }
  }
  return 0;
}

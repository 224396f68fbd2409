/* libFuzzer target: the broadcast iteration, sonnx_broadcast_iter_init / _next, against the
 * reference (LIB-ITER, SONNX-ELEM, f). init: sonnx_broadcast_shape's checks in its order and
 * fields (the iterator in the place of out_dims, argument 3), then SONNX_ERR_OVERFLOW when the
 * output's count does not fit; *it untouched on every other error. next: the runs follow each
 * other from offset 0 to the count, each step is 0 or 1, and element s of a run reads input m
 * at src[m] + s * step[m] == ref_source (the spec's relation, computed per element here); once
 * done, next returns 0 and writes nothing.
 * Bytes: flags (bit0 inputs NULL, bit1 it NULL, bit2 err NULL, bit3 n read with size()), the
 * number of shapes (u8 % 7), [n], then the shapes. */
#include "fuzz_support.hpp"

using namespace fuzz;

namespace {

/* Outputs walked element by element against the reference: at most this many elements. */
constexpr size_t kMaxWalk = size_t{1} << 12;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_broadcast_iter";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const size_t count = b.u8() % (kMaxInputs + 1);
  size_t n = count;
  if (flags & 0x08u) {
    const size_t v = b.size();
    if (v == 0 || v > SONNX_MAX_INPUTS) {
      n = v; /* an n in range must be the array's length: only out-of-range values are taken */
    }
  }
  std::vector<Shape> shapes;
  for (size_t m = 0; m < count; ++m) {
    shapes.push_back(decode_shape(b));
  }
  std::vector<sonnx_shape> views;
  for (const Shape &s : shapes) {
    views.push_back(s.view());
  }
  const sonnx_shape *inputs = (flags & 0x01u) ? nullptr
                              : count == 0    ? static_cast<const sonnx_shape *>(fault_page())
                                              : views.data();

  /* The reference, in the header's order. */
  Expect want;
  Sizes result;
  bool decided = false;
  if (inputs == nullptr) {
    want = null_argument(2), decided = true;
  } else if (flags & 0x02u) {
    want = null_argument(3), decided = true;
  } else if (n == 0 || n > SONNX_MAX_INPUTS) {
    want = error(SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, n, SONNX_MAX_INPUTS), decided = true;
  }
  for (size_t m = 0; !decided && m < count; ++m) {
    decided = bad_shape(shapes[m], m, &want);
  }
  size_t total = 0;
  if (!decided) {
    want = ref_common_shape(shapes, false, &result);
    if (want.status == SONNX_OK && !exact_count(result, &total)) {
      want = error(SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, 0, 0);
    }
  }

  Canary it_buf(sizeof(sonnx_broadcast_iter));
  sonnx_broadcast_iter *it =
      (flags & 0x02u) ? nullptr : reinterpret_cast<sonnx_broadcast_iter *>(it_buf.data());
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x04u) ? nullptr : &e;
  const sonnx_status got = sonnx_broadcast_iter_init(n, inputs, it, err);
  check_status(target, got, err, want);
  if (got != SONNX_OK) {
    if (got != SONNX_ERR_OVERFLOW && !it_buf.intact()) {
      fail(target, "the iterator was written on error " + num(got));
    }
    return 0;
  }
  if (it->rank != result.size() || it->count != total) {
    fail(target, "output rank " + num(it->rank) + ", count " + num(it->count) + "; reference " +
                     num(result.size()) + ", " + num(total));
  }
  for (size_t i = 0; i < it->rank; ++i) {
    if (it->dims[i] != result[i]) {
      fail(target, "output axis " + num(i) + ": " + num(it->dims[i]) + ", reference " + num(result[i]));
    }
  }
  if (total > kMaxWalk) {
    return 0;
  }

  std::vector<size_t> src(n, 0x5A5A), step(n, 0x5A5A);
  size_t next_offset = 0;
  size_t out_offset = 0;
  for (;;) {
    const size_t len = sonnx_broadcast_iter_next(it, &out_offset, src.data(), step.data());
    if (len == 0) {
      break;
    }
    if (out_offset != next_offset || len > total - next_offset) {
      fail(target, "run at " + num(out_offset) + " of length " + num(len) + " after " +
                       num(next_offset) + " of " + num(total) + " elements");
    }
    for (size_t m = 0; m < n; ++m) {
      if (step[m] > 1) {
        fail(target, "input " + num(m) + ": step " + num(step[m]));
      }
      for (size_t s = 0; s < len; ++s) {
        const size_t want_src = ref_source(shapes[m].dims, result, out_offset + s);
        if (src[m] + s * step[m] != want_src) {
          fail(target, "input " + num(m) + ", output element " + num(out_offset + s) + ": source " +
                           num(src[m] + s * step[m]) + ", reference " + num(want_src));
        }
      }
    }
    next_offset += len;
  }
  if (next_offset != total) {
    fail(target, "the runs ended at " + num(next_offset) + " of " + num(total) + " elements");
  }
  /* Done: 0 again, nothing written. */
  const size_t sentinel = 0xC0FFEE;
  out_offset = sentinel;
  if (sonnx_broadcast_iter_next(it, &out_offset, src.data(), step.data()) != 0 || out_offset != sentinel) {
    fail(target, "next after the end returned a run or wrote its offset");
  }
  return 0;
}

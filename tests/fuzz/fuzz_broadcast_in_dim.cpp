/* libFuzzer target: sonnx_broadcast_in_dim against the reference (XLA-INDIM-TUPLE,
 * XLA-INDIM-ORDER, XLA-INDIM-MATCH, XLA-SCALAR, erratum E25), in the check order of its header
 * comment.
 * Bytes: flags (bit0 x_data NULL, bit1 z_data NULL, bit2 err NULL, bit3 broadcast_dimensions
 * NULL, bit4 x's sizes raw), elem_size (size()), capacity mode (0 exact, 1 one byte short,
 * 2 size(), 3 exact + u8, 4 zero) [its value], z (decode_shape), x's mode byte (decode_rank),
 * the list (decode_list, x.rank entries against z.rank), then x's sizes: size() each when
 * bit4, else a selector each (decode_matched: z's size on axis bd[k], 1, or size()). */
#include "xla_reference.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_broadcast_in_dim";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const size_t es = b.size();
  const uint8_t cap_mode = b.u8() % 5;
  const size_t cap_read = cap_mode == 2 ? b.size() : cap_mode == 3 ? b.u8() : 0;
  const Shape z = decode_shape(b);
  Shape x = decode_rank(b);
  const bool bd_null = (flags & 0x08u) != 0;
  Sizes bd;
  if (x.rank <= SONNX_MAX_RANK && !bd_null) {
    bd = decode_list(b, x.rank, z.rank);
  }
  if (has_dims(x)) {
    if (flags & 0x10u) {
      x.dims.resize(x.rank);
      for (size_t &d : x.dims) {
        d = b.size();
      }
    } else {
      x.dims = decode_matched(b, x.rank, bd, z.dims);
    }
  }

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
  size_t bad = x.rank, mismatch = x.rank;
  if (bad_shape(x, 0, &want) || bad_shape(z, 1, &want)) {
  } else if (bd_null && x.rank > 0) {
    want = null_argument(4);
  } else if ((bad = ref_first_bad_entry(bd, x.rank, z.rank)) < x.rank) {
    want = ref_bad_entry(0, bd, bad, z.rank);
  } else if ((mismatch = [&] {
               for (size_t k = 0; k < x.rank; ++k) {
                 if (x.dims[k] != z.dims[bd[k]] && x.dims[k] != 1) {
                   return k;
                 }
               }
               return x.rank;
             }()) < x.rank) {
    /* XLA-INDIM-MATCH: the axis is the result axis bd[k]; err->rule names the rule */
    want = with_rule(error(SONNX_ERR_INCOMPATIBLE, 0, bd[mismatch], x.dims[mismatch], z.dims[bd[mismatch]]),
                     SONNX_RULE_XLA_INDIM_MATCH);
  } else if (es == 0) {
    want = error(SONNX_ERR_ARGUMENT, 0, kNoIndex, 0, 0, false); /* expected: not documented */
  } else if (z_count == 0 && z_fits) {
    /* a size of z is 0: SONNX_OK, nothing read or written (E25) */
  } else if (!z_fits) {
    want = error(SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, 0, 0, false);
  } else if (!x_fits) {
    want = error(SONNX_ERR_OVERFLOW, 0, kNoIndex, 0, 0, false);
  } else if ((flags & 0x01u) && x_bytes > 0) {
    /* LIB-NULL: input 0, expected = x_data's position, 2 (sonnx_error, as sonnx_broadcast_to) */
    want = error(SONNX_ERR_NULL, 0, kNoIndex, 0, 2);
  } else if ((flags & 0x02u) && z_bytes > 0) {
    want = null_argument(6);
  } else if (capacity < z_bytes) {
    want = error(SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, capacity, z_bytes);
  }
  if (want.status == SONNX_OK && (x_bytes > kMaxBytes || z_bytes > kMaxBytes)) {
    return 0; /* would succeed on more memory than a fuzz run should take */
  }

  /* Memory: x exactly x_bytes when that is small (else a small buffer the call must not read),
     z at most kMaxBytes; the list exactly x.rank entries, or a page that faults when the list
     must not be read (rank 0, or a rank above SONNX_MAX_RANK). */
  const size_t x_alloc = (x_fits && x_bytes <= kMaxBytes) ? x_bytes : 16;
  std::vector<unsigned char> xv(x_alloc);
  for (size_t k = 0; k < x_alloc; ++k) {
    xv[k] = element_byte(k, es, 0); /* distinct elements */
  }
  Canary zv(std::min(capacity, kMaxBytes));
  const void *x_arg = (flags & 0x01u) ? nullptr : (x_alloc ? xv.data() : fault_page());
  void *z_arg = (flags & 0x02u) ? nullptr : zv.data();
  const size_t *bd_arg = bd_null ? nullptr
                         : bd.empty() ? static_cast<const size_t *>(fault_page())
                                      : bd.data();
  const Sizes bd_before = bd;
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x04u) ? nullptr : &e;

  const sonnx_status got =
      sonnx_broadcast_in_dim(x.view(), x_arg, es, bd_arg, z.view(), z_arg, capacity, err);
  if (want.status == SONNX_ERR_ARGUMENT && want.axis == kNoIndex && err != nullptr &&
      got == SONNX_ERR_ARGUMENT && e.size != 0) {
    fail(target, "elem_size 0 reported with size " + num(e.size)); /* LIB-ELEM-SIZE */
  }
  check_status(target, got, err, want);
  if (bd != bd_before) {
    fail(target, "broadcast_dimensions written");
  }
  if (got != SONNX_OK) {
    if (!zv.intact()) {
      fail(target, "z_data written on error " + num(got));
    }
    return 0;
  }
  for (size_t o = 0; o < z_count; ++o) {
    const size_t src = ref_in_dim_source(x.dims, bd, z.dims, o);
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

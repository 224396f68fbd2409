/* libFuzzer target: sonnx_source_offset against the reference (SONNX-ELEM with f, LIB-STRIDES).
 * Bytes: flags (bit0 index NULL, bit1 offset NULL, bit2 err NULL, bit3 indices folded into
 * range, bit4 for a rank-0 z: index is the fault page instead of NULL), x, z, then one size()
 * per axis of z (the index). */
#include "view_reference.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_source_offset";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const Shape x = decode_shape(b);
  const Shape z = decode_shape(b);
  const size_t r = z.ok() ? z.rank : 0;
  Sizes index(r);
  for (size_t k = 0; k < r; ++k) {
    index[k] = b.size();
    if ((flags & 0x08u) && z.dims[k] > 0) {
      index[k] %= z.dims[k];
    }
  }
  const bool index_null = flags & 0x01u, offset_null = flags & 0x02u;
  Sizes block;
  Expect want = ref_view(x, z, &block);
  if (want.status == SONNX_OK) {
    if (offset_null) {
      want = null_argument(4); /* offset is argument 4 (x, z, index, offset, err) */
    } else if (index_null && r > 0) {
      want = null_argument(3);
    } else {
      for (size_t k = 0; k < r; ++k) {
        if (index[k] >= z.dims[k]) {
          want = error(SONNX_ERR_ARGUMENT, kNoIndex, k, index[k], z.dims[k]);
          break;
        }
      }
    }
  }
  size_t offset = 0;
  if (want.status == SONNX_OK) {
    for (size_t k = 0; k < r; ++k) {
      offset += f(index[k], pad(x.dims, r, k), z.dims[k]) * block[k + 1];
    }
  }
  /* the index array: exact size, or the fault page when z cannot be used */
  std::vector<size_t> idx(index);
  const size_t *index_arg = index_null ? nullptr
                            : !z.ok()  ? static_cast<const size_t *>(fault_page())
                            : r == 0   ? nullptr
                                       : idx.data();
  if (index_arg == nullptr && !index_null && r == 0 && (flags & 0x10u)) {
    index_arg = static_cast<const size_t *>(fault_page()); /* rank 0: index must not be read */
  }
  Canary out(sizeof(size_t));
  size_t *offset_arg = offset_null ? nullptr : reinterpret_cast<size_t *>(out.data());
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x04u) ? nullptr : &e;

  const sonnx_status got = sonnx_source_offset(x.view(), z.view(), index_arg, offset_arg, err);
  check_status(target, got, err, want);
  if (got != SONNX_OK) {
    if (!out.intact()) {
      fail(target, "offset written on error " + num(got));
    }
    return 0;
  }
  size_t o;
  std::memcpy(&o, out.data(), sizeof o);
  if (o != offset) {
    fail(target, "offset " + num(o) + ", reference " + num(offset));
  }
  return 0;
}

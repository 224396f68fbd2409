/* libFuzzer target: sonnx_xla_binary_shape against the reference (XLA-COMPOSE, XLA-INDIM-TUPLE,
 * XLA-INDIM-ORDER, XLA-DEGENERATE, XLA-OUTER, XLA-SCALAR, errata E27 to E29), in the check order
 * of its header comment.
 * Bytes: flags (bit0 out_dims NULL, bit1 out_rank NULL, bit2 err NULL, bit3
 * broadcast_dimensions NULL, bit4 n_dims read with size(), bit5 rhs's sizes derived from lhs's),
 * the capacity mode (0 exact, 1 one short, 2 size(), 3 SONNX_MAX_RANK) [its value], lhs
 * (decode_shape), rhs (decode_shape; only its mode byte with bit5), the list length mode (0 the
 * lower rank, 1 zero, 2 u8 % 9, 3 the higher rank) unless bit4 gave n_dims, then the list
 * (decode_list against the higher rank). With bit5, rhs's sizes come last: a selector per axis
 * (decode_matched: the size of lhs it faces, through the list or aligned on the right, 1, or
 * size()), so that compatible pairs are frequent. */
#include "xla_reference.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_xla_binary_shape";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const bool derive = (flags & 0x20u) != 0;
  const uint8_t cap_mode = b.u8() % 4;
  const size_t cap_read = cap_mode == 2 ? b.size() : 0;
  const Shape lhs = decode_shape(b);
  Shape rhs = derive ? decode_rank(b) : decode_shape(b);
  const bool both_small = lhs.rank <= SONNX_MAX_RANK && rhs.rank <= SONNX_MAX_RANK;
  const size_t low = std::min(lhs.rank, rhs.rank), high = std::max(lhs.rank, rhs.rank);
  const bool lhs_lower = lhs.rank <= rhs.rank; /* the list maps lhs when the ranks are equal */

  size_t n_dims = 0;
  if (flags & 0x10u) {
    n_dims = b.size();
  } else {
    const uint8_t len_mode = b.u8() % 4;
    n_dims = len_mode == 0 ? low : len_mode == 1 ? 0 : len_mode == 2 ? b.u8() % 9 : high;
  }
  const bool bd_null = (flags & 0x08u) != 0;
  Sizes bd;
  if (!bd_null && n_dims <= kMaxList && both_small) {
    bd = decode_list(b, n_dims, high);
  }
  if (derive && has_dims(rhs) && has_dims(lhs)) {
    /* rhs's axis k faces lhs's axis facing[k]: through the list when it maps one operand into
       the other's rank, else aligned on the right (kNoIndex: faces a padded 1). */
    std::vector<size_t> facing(rhs.rank, kNoIndex);
    for (size_t k = 0; k < rhs.rank; ++k) {
      if (rhs.rank < lhs.rank) {
        facing[k] = bd.size() == rhs.rank ? bd[k] : lhs.rank - rhs.rank + k;
      } else if (rhs.rank > lhs.rank && bd.size() == lhs.rank) {
        for (size_t j = 0; j < lhs.rank; ++j) {
          facing[k] = bd[j] == k ? j : facing[k];
        }
      } else if (k + lhs.rank >= rhs.rank) {
        facing[k] = k + lhs.rank - rhs.rank;
      }
    }
    rhs.dims = decode_matched(b, rhs.rank, facing, lhs.dims);
  } else if (derive && has_dims(rhs)) {
    rhs.dims.resize(rhs.rank);
    for (size_t &d : rhs.dims) {
      d = b.size();
    }
  }

  const size_t capacity = cap_mode == 0 ? (both_small ? high : 0)
                          : cap_mode == 1 ? (both_small && high > 0 ? high - 1 : 0)
                          : cap_mode == 2 ? cap_read
                                          : SONNX_MAX_RANK;
  const bool dims_null = (flags & 0x01u) != 0, rank_null = (flags & 0x02u) != 0;

  /* The reference, in the header's order. */
  Expect want;
  Sizes result;
  size_t bad = n_dims;
  if (dims_null && capacity > 0) {
    want = null_argument(5);
  } else if (rank_null) {
    want = null_argument(7);
  } else if (bad_shape(lhs, 0, &want) || bad_shape(rhs, 1, &want)) {
  } else if (!(n_dims == low || (lhs.rank == rhs.rank && n_dims == 0))) {
    /* XLA-INDIM-TUPLE, XLA-SCALAR, E29: no entry is at fault */
    want = error(SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, n_dims, low);
  } else if (n_dims > 0 && bd_null) {
    want = null_argument(3);
  } else if ((bad = ref_first_bad_entry(bd, n_dims, high)) < n_dims) {
    want = ref_bad_entry(lhs_lower ? 0 : 1, bd, bad, high);
  } else if (capacity < high) {
    want = error(SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, capacity, high);
  } else {
    const Sizes l = ref_at_rank(lhs.dims, bd, n_dims, lhs_lower, high);
    const Sizes r = ref_at_rank(rhs.dims, bd, n_dims, !lhs_lower, high);
    want = ref_degenerate(l, r, &result);
  }

  /* Memory: out_dims of `capacity` sizes (at most SONNX_MAX_RANK + 2 allocated: more is never
     written on success), the list exactly n_dims entries, or a page that faults when it must
     not be read (empty, or longer than any rank). */
  Canary out_dims(std::min<size_t>(capacity, SONNX_MAX_RANK + 2) * sizeof(size_t));
  Canary out_rank(sizeof(size_t));
  size_t *dims_arg = dims_null ? nullptr : reinterpret_cast<size_t *>(out_dims.data());
  size_t *rank_arg = rank_null ? nullptr : reinterpret_cast<size_t *>(out_rank.data());
  const size_t *bd_arg = bd_null ? nullptr
                         : bd.empty() ? static_cast<const size_t *>(fault_page())
                                      : bd.data();
  const Sizes bd_before = bd;
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x04u) ? nullptr : &e;

  const sonnx_status got = sonnx_xla_binary_shape(lhs.view(), rhs.view(), bd_arg, n_dims, dims_arg,
                                                  capacity, rank_arg, err);
  check_status(target, got, err, want);
  if (bd != bd_before) {
    fail(target, "broadcast_dimensions written");
  }
  check_shape_result(target, got, out_dims, out_rank, result);
  return 0;
}

/* The naive reference of the XLA functions and the ONNX operator forms (issue 6):
 * sonnx_broadcast_in_dim, sonnx_xla_binary_shape, sonnx_unidirectional_check,
 * sonnx_expand_shape, and the decoders their fuzz targets share.
 *
 * Transcribed from spec/requirements.md (XLA-INDIM-TUPLE, XLA-INDIM-ORDER, XLA-INDIM-MATCH,
 * XLA-DEGENERATE, XLA-COMPOSE, XLA-SCALAR, ONNX-UNIDIR, ONNX-EXPAND), errata E25 and E27 to
 * E30, and the check order and error fields the comments of sonnx_broadcast.h document for
 * each function; nothing here is read from src/. In particular the InDim element relation is
 * the requirement's formula (result index i reads operand index
 * (index_map(i[bd[0]], x.dims[0], z.dims[bd[0]]), ...)), not "x with 1s inserted" as the
 * library computes it.
 */
#ifndef SONNX_FUZZ_XLA_REFERENCE_HPP
#define SONNX_FUZZ_XLA_REFERENCE_HPP

#include "fuzz_support.hpp"

namespace fuzz {

/* Longest broadcast dimension list a target materialises: a list is never longer than a rank
   (at most SONNX_MAX_RANK) when it is read, so two more entries cover "one too long". */
constexpr size_t kMaxList = SONNX_MAX_RANK + 2;

/* A broadcast dimension list of n entries (n <= kMaxList) against the rank r. Mode byte % 6:
   0 raw (size() each: repeats, decreasing, past the rank, SIZE_MAX), 1 increasing with small
   gaps (often valid), 2 the trailing tuple (r - n, ..., r - 1; wraps when n > r), 3 the
   trailing tuple with one entry replaced by size(), 4 the trailing tuple with one entry
   repeating the one before it, 5 the identity (0, ..., n - 1). */
inline Sizes decode_list(Bytes &b, size_t n, size_t r)
{
  Sizes bd(n);
  const uint8_t mode = b.u8() % 6;
  for (size_t k = 0; k < n; ++k) {
    switch (mode) {
    case 0: bd[k] = b.size(); break;
    case 1: bd[k] = (k == 0 ? 0 : bd[k - 1] + 1) + b.u8() % 3; break;
    case 5: bd[k] = k; break;
    default: bd[k] = r - n + k; break; /* size_t arithmetic: wraps when n > r, on purpose */
    }
  }
  if (n > 0 && (mode == 3 || mode == 4)) {
    const size_t at = b.u8() % n;
    if (mode == 3) {
      bd[at] = b.size();
    } else if (at > 0) {
      bd[at] = bd[at - 1];
    }
  }
  return bd;
}

/* Sizes of an operand that faces sizes `target` through a list: per axis a selector byte % 4,
   0 and 3 the matched size (1 when there is none), 1 the size 1, 2 any size (size()). */
inline Sizes decode_matched(Bytes &b, size_t n, const std::vector<size_t> &matched_axis,
                            const Sizes &target)
{
  Sizes d(n);
  for (size_t k = 0; k < n; ++k) {
    const uint8_t sel = b.u8() % 4;
    const size_t j = k < matched_axis.size() ? matched_axis[k] : kNoIndex;
    const size_t m = j < target.size() ? target[j] : 1;
    d[k] = sel == 1 ? 1 : sel == 2 ? b.size() : m;
  }
  return d;
}

/* XLA-INDIM-ORDER: the first entry of bd[0 .. n-1] that is not below r or not above the entry
   before it; n when there is none. */
inline size_t ref_first_bad_entry(const Sizes &bd, size_t n, size_t r)
{
  for (size_t k = 0; k < n; ++k) {
    if (!(bd[k] < r) || (k > 0 && !(bd[k - 1] < bd[k]))) {
      return k;
    }
  }
  return n;
}

/* The error of entry k (module comment of the XLA section of sonnx_broadcast.h): size bd[k];
   expected the rank when bd[k] is not below it, else bd[k-1] + 1. */
inline Expect ref_bad_entry(size_t input, const Sizes &bd, size_t k, size_t r)
{
  const size_t expected = bd[k] >= r ? r : bd[k - 1] + 1;
  return error(SONNX_ERR_ARGUMENT, input, k, bd[k], expected);
}

/* XLA-INDIM-TUPLE with SONNX-F: the row-major offset in x of result element o. */
inline size_t ref_in_dim_source(const Sizes &x, const Sizes &bd, const Sizes &z, size_t o)
{
  Sizes index(z.size());
  for (size_t j = z.size(); j-- > 0;) {
    index[j] = o % z[j];
    o /= z[j];
  }
  size_t src = 0;
  for (size_t k = 0; k < x.size(); ++k) {
    src = src * x[k] + f(index[bd[k]], x[k], z[bd[k]]);
  }
  return src;
}

/* XLA-COMPOSE (erratum E28): an operand at the higher rank h. The lower-rank operand with a
   list of n > 0 entries has its size k on axis bd[k] and 1 elsewhere; any other operand is
   padded on the left with 1s (a scalar, or the list being empty for equal ranks). */
inline Sizes ref_at_rank(const Sizes &x, const Sizes &bd, size_t n, bool lower, size_t h)
{
  Sizes out(h, 1);
  if (lower && n > 0) {
    for (size_t k = 0; k < n; ++k) {
      out[bd[k]] = x[k];
    }
    return out;
  }
  for (size_t i = 0; i < h; ++i) {
    out[i] = pad(x, h, i);
  }
  return out;
}

/* XLA-DEGENERATE (erratum E27) between two shapes of the same rank: a 1 takes the other size,
   equal sizes stay, anything else is incompatible. The error is the one
   sonnx_broadcast_shape_numpy gives for (lhs, rhs) (header of sonnx_xla_binary_shape): the
   first failing axis i, where lhs's size is the first that is not 1, so rhs (input 1) breaks
   it with expected = lhs's size (ARRAYAPI-ALGO, erratum E24), and err->rule names
   XLA-DEGENERATE. */
inline Expect ref_degenerate(const Sizes &lhs, const Sizes &rhs, Sizes *out)
{
  out->assign(lhs.size(), 0);
  for (size_t i = 0; i < lhs.size(); ++i) {
    const size_t a = lhs[i], c = rhs[i];
    if (a != c && a != 1 && c != 1) {
      return with_rule(error(SONNX_ERR_INCOMPATIBLE, 1, i, c, a), SONNX_RULE_XLA_DEGENERATE);
    }
    (*out)[i] = a == 1 ? c : a;
  }
  return Expect{};
}

} // namespace fuzz

#endif

/* ACSL mirror of XLA explicit broadcasting (spec-sources 003) and of the ONNX
 * operator forms (unidirectional broadcasting, Expand), for the contracts of
 * src/sonnx_xla.c.
 *
 * Read only by Frama-C: src/sonnx_broadcast.h includes it under __FRAMAC__,
 * after shape_logic.h and data_logic.h, whose definitions it reuses.
 *
 * The InDim form is described through the operand "with 1s inserted", x':
 * rank z.rank, size x.dims[k] on result axis bd[k], 1 on every other axis.
 * Inserting size-1 axes changes no row-major offset, so x' has x's element
 * count and x's layout; broadcast_in_dim(x, bd, z) is then the SONNX
 * broadcast of x' to z (spec/requirements.md, XLA-INDIM-TUPLE).
 */
#ifndef SONNX_XLA_LOGIC_H
#define SONNX_XLA_LOGIC_H

/*@
  // @req XLA-INDIM-ORDER
  // Entry k of the broadcast dimensions is below the rank r and above the entry before it.
  predicate bd_entry_ok{L}(size_t *bd, integer k, integer r) =
    bd[k] < r && (k > 0 ==> bd[k - 1] < bd[k]);

  // @req XLA-INDIM-ORDER
  // The first n entries are strictly increasing and below r.
  predicate bd_ok{L}(size_t *bd, integer n, integer r) =
    \forall integer k; 0 <= k < n ==> bd_entry_ok(bd, k, r);

  predicate bd_readable{L}(size_t *bd, integer n) =
    n == 0 || \valid_read(bd + (0 .. n - 1));

  // @req XLA-INDIM-TUPLE
  // Size of result axis j in x': x.dims[k] for the entry k (searched from k up) with bd[k] == j,
  // 1 when no entry is j. Peeled from the first entry, like the loop that computes it from the last.
  logic integer indim_find{L}(sonnx_shape x, size_t *bd, integer j, integer k) =
    k >= x.rank ? 1 : (bd[k] == j ? x.dims[k] : indim_find(x, bd, j, k + 1));

  logic integer indim_dim{L}(sonnx_shape x, size_t *bd, integer j) = indim_find(x, bd, j, 0);

  // @req XLA-INDIM-MATCH
  // Every operand size equals the result size it is matched to, or is 1 (erratum E25).
  predicate indim_match{L}(sonnx_shape x, size_t *bd, sonnx_shape z) =
    \forall integer k; 0 <= k < x.rank ==> x.dims[k] == z.dims[bd[k]] || x.dims[k] == 1;

  // The same for the operand axes below k only (the ones checked before axis k).
  predicate indim_match_upto{L}(sonnx_shape x, size_t *bd, sonnx_shape z, integer k) =
    \forall integer j; 0 <= j < k ==> x.dims[j] == z.dims[bd[j]] || x.dims[j] == 1;

  // @req XLA-INDIM-TUPLE LIB-ROWMAJOR
  // Block size of result axis j - 1 in x' (the product of its sizes from axis j on).
  logic integer indim_block{L}(sonnx_shape x, size_t *bd, integer r, integer j) =
    j >= r ? 1 : indim_dim(x, bd, j) * indim_block(x, bd, r, j + 1);

  // @req LIB-OVERFLOW
  // Element count of x' (equal to count(x): the inserted axes have size 1).
  logic integer indim_count{L}(sonnx_shape x, size_t *bd, integer r) = indim_block(x, bd, r, 0);

  // @req XLA-INDIM-TUPLE SONNX-F LIB-ROWMAJOR
  // Offset in x of the part of the result element at flat offset o that result axes j .. r-1
  // select. On axis bd[k] the index is index_map(i_{bd[k]}, x.dims[k], z.dims[bd[k]]): the result
  // index, or 0 where x's size 1 is stretched; on every other axis x' has size 1 and the index
  // is 0 (index_map with size 1). Each index is weighted by x's row-major block.
  logic integer indim_source_from{L}(sonnx_shape x, size_t *bd, size_t *zd, integer r,
                                     integer o, integer j) =
    j >= r ? 0 :
      indim_source_from(x, bd, zd, r, o, j + 1) +
      index_map(row_digit(zd, r, o, j), indim_dim(x, bd, j), zd[j]) * indim_block(x, bd, r, j + 1);

  logic integer indim_source{L}(sonnx_shape x, size_t *bd, sonnx_shape z, integer o) =
    indim_source_from(x, bd, z.dims, z.rank, o, 0);

  // @req XLA-INDIM-TUPLE LIB-ROWMAJOR
  // Every element of the output bytes zb is the InDim-mapped element of the input bytes xb.
  // The es bytes of zb from zo (at L1) are those of xb from xo (at L2).
  predicate bytes_equal{L1, L2}(char *zb, integer zo, char *xb, integer xo, integer es) =
    \forall integer b; 0 <= b < es ==> \at(zb[zo + b], L1) == \at(xb[xo + b], L2);

  // Output element o is the input element at the InDim source offset. (Stated through
  // bytes_equal, so that an equal offset reached another way is a ground congruence step
  // for the provers, and per element, so that they instantiate on a symbol.)
  predicate element_in_dim{L1, L2}(char *zb, char *xb, size_t es, sonnx_shape x, size_t *bd,
                                   sonnx_shape z, integer o) =
    bytes_equal{L1, L2}(zb, o * es, xb, indim_source{L2}(x, bd, z, o) * es, es);
  predicate elements_in_dim{L1, L2}(char *zb, char *xb, size_t es, sonnx_shape x, size_t *bd,
                                    sonnx_shape z, integer upto) =
    \forall integer o; 0 <= o < upto ==> element_in_dim{L1, L2}(zb, xb, es, x, bd, z, o);

  // ---- two operands: the rank and the per-axis rules ----

  logic integer pair_rank(integer a, integer b) = a >= b ? a : b;
  logic integer pair_low_rank(integer a, integer b) = a <= b ? a : b;

  // @req SONNX-STEP2-MAX SONNX-C1: the SONNX max rule for two padded sizes.
  logic integer pair_max(integer a, integer b) = a >= b ? a : b;
  predicate c1_pair_max(integer a, integer b) =
    (a == pair_max(a, b) || a == 1) && (b == pair_max(a, b) || b == 1);

  // @req XLA-DEGENERATE: equal, or one of them is 1; the result is the other size when one
  // is 1 (erratum E27: a 1 against a 0 gives 0, the NumPy rule).
  logic integer pair_numpy(integer a, integer b) = a == 1 ? b : a;
  predicate c1_pair_numpy(integer a, integer b) = a == b || a == 1 || b == 1;

  // Either pair rule by number (0: SONNX max rule, 1: NumPy rule), on two padded sizes.
  predicate c1_pair_rule(integer rule, integer a, integer b) =
    rule == 0 ? c1_pair_max(a, b) : c1_pair_numpy(a, b);
  logic integer pair_rule_size(integer rule, integer a, integer b) =
    rule == 0 ? pair_max(a, b) : pair_numpy(a, b);

  // @req SONNX-C1 LIB-ERR-STATUS: the report of a pair whose padded sizes pa (input 0) and
  // pb (input 1) break the rule, as the core's incompatible behaviour gives it for n = 2:
  // expected is the rule's size, and the first input whose size is neither it nor 1 is named.
  predicate pair_report(integer rule, integer pa, integer pb, integer input, integer size,
                        integer expected) =
    !c1_pair_rule(rule, pa, pb) && expected == pair_rule_size(rule, pa, pb) &&
    (pa != expected && pa != 1 ? input == 0 && size == pa : input == 1 && size == pb);

  // ... on the first axis of Broadcast(a, b) (rank pair_rank) where the rule fails.
  predicate pair_violation{L}(integer rule, sonnx_shape a, sonnx_shape b, integer input,
                              integer axis, integer size, integer expected) =
    \let h = pair_rank(a.rank, b.rank);
    0 <= axis < h &&
    (\forall integer i; 0 <= i < axis ==> c1_pair_rule(rule, padded_dim(a, h, i), padded_dim(b, h, i))) &&
    pair_report(rule, padded_dim(a, h, axis), padded_dim(b, h, axis), input, size, expected);

  // @req ONNX-EXPAND: Broadcast(x, s) under the SONNX rule has C1 on every axis.
  predicate pair_compatible_max{L}(sonnx_shape a, sonnx_shape b) =
    \forall integer i; 0 <= i < pair_rank(a.rank, b.rank) ==>
      c1_pair_max(padded_dim(a, pair_rank(a.rank, b.rank), i),
                  padded_dim(b, pair_rank(a.rank, b.rank), i));

  // @req XLA-DEGENERATE: Broadcast(a, b) under the NumPy rule has C1 on every axis.
  predicate pair_compatible_numpy{L}(sonnx_shape a, sonnx_shape b) =
    \forall integer i; 0 <= i < pair_rank(a.rank, b.rank) ==>
      c1_pair_numpy(padded_dim(a, pair_rank(a.rank, b.rank), i),
                    padded_dim(b, pair_rank(a.rank, b.rank), i));

  // @req XLA-COMPOSE XLA-SCALAR XLA-INDIM-TUPLE
  // Size of axis i of the lhs / rhs operand at the higher rank h: the lower-rank operand
  // (lhs when the ranks are equal) with its list of nd entries goes through InDim (x'),
  // everything else is padded on the left (nothing for the higher rank, all 1s for a scalar).
  logic integer xla_lhs_dim{L}(sonnx_shape lhs, sonnx_shape rhs, size_t *bd, integer nd, integer i) =
    (lhs.rank <= rhs.rank && nd > 0) ? indim_dim(lhs, bd, i)
                                     : padded_dim(lhs, pair_rank(lhs.rank, rhs.rank), i);
  logic integer xla_rhs_dim{L}(sonnx_shape lhs, sonnx_shape rhs, size_t *bd, integer nd, integer i) =
    (rhs.rank < lhs.rank && nd > 0) ? indim_dim(rhs, bd, i)
                                    : padded_dim(rhs, pair_rank(lhs.rank, rhs.rank), i);

  // @req XLA-COMPOSE XLA-DEGENERATE
  predicate xla_compatible{L}(sonnx_shape lhs, sonnx_shape rhs, size_t *bd, integer nd) =
    \forall integer i; 0 <= i < pair_rank(lhs.rank, rhs.rank) ==>
      c1_pair_numpy(xla_lhs_dim(lhs, rhs, bd, nd, i), xla_rhs_dim(lhs, rhs, bd, nd, i));

  logic integer xla_dim{L}(sonnx_shape lhs, sonnx_shape rhs, size_t *bd, integer nd, integer i) =
    pair_numpy(xla_lhs_dim(lhs, rhs, bd, nd, i), xla_rhs_dim(lhs, rhs, bd, nd, i));

  // @req XLA-DEGENERATE LIB-ERR-STATUS: pair_violation under the NumPy rule for the two
  // operands at the higher rank (xla_lhs_dim, xla_rhs_dim), lhs input 0.
  predicate xla_violation{L}(sonnx_shape lhs, sonnx_shape rhs, size_t *bd, integer nd,
                             integer input, integer axis, integer size, integer expected) =
    0 <= axis < pair_rank(lhs.rank, rhs.rank) &&
    (\forall integer i; 0 <= i < axis ==>
       c1_pair_numpy(xla_lhs_dim(lhs, rhs, bd, nd, i), xla_rhs_dim(lhs, rhs, bd, nd, i))) &&
    pair_report(1, xla_lhs_dim(lhs, rhs, bd, nd, axis), xla_rhs_dim(lhs, rhs, bd, nd, axis),
                input, size, expected);

  // The same per-axis rules read on an array of two shapes at rank h (the operands a function
  // hands to sonnx_broadcast_shape / sonnx_broadcast_shape_numpy).
  predicate pair_compatible_at{L}(integer rule, sonnx_shape *ops, integer h) =
    \forall integer i; 0 <= i < h ==>
      (rule == 0 ? c1_pair_max(padded_dim(ops[0], h, i), padded_dim(ops[1], h, i))
                 : c1_pair_numpy(padded_dim(ops[0], h, i), padded_dim(ops[1], h, i)));

  logic integer pair_rule_dim{L}(integer rule, sonnx_shape *ops, integer h, integer i) =
    rule == 0 ? pair_max(padded_dim(ops[0], h, i), padded_dim(ops[1], h, i))
              : pair_numpy(padded_dim(ops[0], h, i), padded_dim(ops[1], h, i));

  // @req XLA-INDIM-TUPLE XLA-SCALAR: the list has the lower rank's length; for equal ranks it
  // may also be empty (erratum E29).
  predicate xla_length_ok(integer lr, integer rr, integer nd) =
    nd == pair_low_rank(lr, rr) || (lr == rr && nd == 0);
*/

#endif

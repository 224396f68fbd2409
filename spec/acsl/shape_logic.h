/* ACSL mirror of the SONNX Broadcast shape rules (spec-sources 000, 001, 002).
 *
 * Read only by Frama-C: src/sonnx_broadcast.h includes this file under
 * __FRAMAC__, after the types it talks about. Every definition is 0-based
 * (see spec/index-mapping.md) and carries the requirement it mirrors.
 *
 * Maxima are defined by their characterisation (an upper bound that is
 * attained) rather than by a recursive fold: the spec says "the maximum",
 * and a non-recursive definition leaves provers nothing to unroll.
 */
#ifndef SONNX_SHAPE_LOGIC_H
#define SONNX_SHAPE_LOGIC_H

/*@
  // @req SONNX-F
  // f(a,B,C) of 000/001, 0-based: a when B = C, the first index (0) when B = 1.
  logic integer index_map(integer a, integer b, integer c) = b == c ? a : 0;

  // @req LIB-RANK LIB-NULL
  // A shape the library accepts: rank within SONNX_MAX_RANK, dims present unless rank 0.
  predicate shape_ok(sonnx_shape x) =
    x.rank <= SONNX_MAX_RANK && (x.rank == 0 || x.dims != \null);

  predicate shape_readable{L}(sonnx_shape x) =
    x.rank == 0 || \valid_read(x.dims + (0 .. x.rank - 1));

  // @req SONNX-STEP1-PAD
  // dYm_i = 1 if i < nY - nXm, dXm_(i - nY + nXm) otherwise.
  logic integer padded_dim{L}(sonnx_shape x, integer ny, integer i) =
    i < ny - x.rank ? 1 : x.dims[i - (ny - x.rank)];

  // @req SONNX-STEP1-RANK
  // nY = max_m nXm over the n inputs in[0 .. n-1], peeled from the last input
  // like the loop that computes it. A function, not a characterisation, so
  // that "the common rank" always exists for behaviours to be complete.
  logic integer max_rank{L}(sonnx_shape *in, integer n) =
    n <= 0 ? 0 : (max_rank(in, n - 1) >= in[n - 1].rank ? max_rank(in, n - 1) : in[n - 1].rank);

  // @req SONNX-STEP2-MAX
  // dY_i = max_m dYm_i.
  predicate is_max_dim{L}(sonnx_shape *in, integer n, integer ny, integer i, integer d) =
    (\forall integer m; 0 <= m < n ==> padded_dim(in[m], ny, i) <= d) &&
    (\exists integer m; 0 <= m < n && padded_dim(in[m], ny, i) == d);

  // @req ARRAYAPI-ALGO
  // Folding the Array API two-array rule left to right keeps the first size
  // that is not 1, or 1 when every padded size of axis i is 1.
  predicate is_numpy_dim{L}(sonnx_shape *in, integer n, integer ny, integer i, integer d) =
    ((\forall integer m; 0 <= m < n ==> padded_dim(in[m], ny, i) == 1) && d == 1) ||
    (\exists integer m; 0 <= m < n && padded_dim(in[m], ny, i) != 1 &&
       d == padded_dim(in[m], ny, i) &&
       (\forall integer k; 0 <= k < m ==> padded_dim(in[k], ny, i) == 1));

  // @req SONNX-C1 ARRAYAPI-INCOMPAT
  // C1 for one input and one axis: dYm_i is dY_i or 1.
  predicate c1_axis{L}(sonnx_shape x, integer ny, integer i, integer d) =
    padded_dim(x, ny, i) == d || padded_dim(x, ny, i) == 1;

  // The same, for input m of an array (labels then apply to the array read too).
  logic integer input_padded_dim{L}(sonnx_shape *in, integer m, integer ny, integer i) =
    padded_dim(in[m], ny, i);
  predicate input_c1{L}(sonnx_shape *in, integer m, integer ny, integer i, integer d) =
    c1_axis(in[m], ny, i, d);

  predicate c1_all_inputs{L}(sonnx_shape *in, integer n, integer ny, integer i, integer d) =
    \forall integer m; 0 <= m < n ==> c1_axis(in[m], ny, i, d);

  // The two rules of the library, selected by `rule` (0: SONNX max rule, 1: NumPy rule).
  predicate is_rule_dim{L}(integer rule, sonnx_shape *in, integer n, integer ny, integer i, integer d) =
    rule == 0 ? is_max_dim(in, n, ny, i, d) : is_numpy_dim(in, n, ny, i, d);

  // The size of an axis is unique under either rule: two sizes that both
  // satisfy the definition are equal (first-order, no induction).
  lemma max_dim_unique{L}: \forall sonnx_shape *in, integer n, ny, i, d1, d2;
    is_max_dim(in, n, ny, i, d1) && is_max_dim(in, n, ny, i, d2) ==> d1 == d2;
  lemma numpy_dim_unique{L}: \forall sonnx_shape *in, integer n, ny, i, d1, d2;
    is_numpy_dim(in, n, ny, i, d1) && is_numpy_dim(in, n, ny, i, d2) ==> d1 == d2;
  lemma rule_dim_unique{L}: \forall integer rule, sonnx_shape *in, integer n, ny, i, d1, d2;
    is_rule_dim(rule, in, n, ny, i, d1) && is_rule_dim(rule, in, n, ny, i, d2) ==> d1 == d2;

  // C1 holds on every axis below `upto` of the shapes padded to rank ny:
  // the size dY_i the rule gives (it exists and is unique, see the lemmas
  // above) is matched or stretched from 1 by every input.
  predicate all_c1{L}(integer rule, sonnx_shape *in, integer n, integer ny, integer upto) =
    \forall integer i, d; 0 <= i < upto && is_rule_dim(rule, in, n, ny, i, d) ==>
      c1_all_inputs(in, n, ny, i, d);

  // @req SONNX-C1 ARRAYAPI-INCOMPAT
  // The inputs broadcast under the rule: C1 on every axis of the common rank.
  predicate shapes_compatible{L}(integer rule, sonnx_shape *in, integer n) =
    all_c1(rule, in, n, max_rank(in, n), max_rank(in, n));

  // @req LIB-OVERFLOW LIB-ROWMAJOR
  // Element count of axes k .. r-1: the size of one block of axis k - 1 in
  // row-major order. Peeled from the first axis of the block, so a loop that
  // walks from the last axis down unfolds it once per step.
  logic integer count_from{L}(size_t *dims, integer k, integer r) =
    k >= r ? 1 : dims[k] * count_from(dims, k + 1, r);

  logic integer shape_count{L}(sonnx_shape s) = count_from(s.dims, 0, s.rank);

  predicate has_zero_dim{L}(size_t *dims, integer k) =
    \exists integer j; 0 <= j < k && dims[j] == 0;
*/

#endif

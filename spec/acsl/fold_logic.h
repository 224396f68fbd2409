/* The binary broadcasting rules and their left fold over n inputs, as the sources write
 * them (spec-sources 001 and 002):
 *   - 002 (Array API): for two shapes, N = max(N1, N2); per axis, d1 and d2 the sizes
 *     padded on the left with 1s (erratum E22); "If d1 == 1, set shape[i] to d2. Else, if
 *     d2 == 1, set shape[i] to d1. Else, if d1 == d2, set shape[i] to d1. Else, throw an
 *     exception." (arrayapi_size, arrayapi_ok);
 *   - 001's binary SONNX rule: nY = max(nX1, nX2), dY_i = max(dY1_i, dY2_i), C1 for the two
 *     inputs (sonnx_pair_size, sonnx_pair_ok);
 *   - 001's recursive definition (SONNX-REC), and the only way 002 extends to n arrays:
 *     Broadcast(X1, ..., XN) = Broadcast(Broadcast(X1, ..., XN-1), XN), the left fold
 *     S_1 = shape(in[0]), S_{k+1} = B2(S_k, shape(in[k])) (fold_size, fold_ok).
 * shape_logic.h states the N-ary rules in closed form (is_max_dim, is_numpy_dim,
 * shapes_compatible), the form of the contracts; spec/acsl/fold_lemmas.h proves that the
 * fold succeeds exactly when the closed form's C1 holds, with the same shape.
 * Read only by Frama-C, after shape_logic.h. 0-based as everything in spec/acsl.
 */
#ifndef SONNX_FOLD_LOGIC_H
#define SONNX_FOLD_LOGIC_H

/*@
  // @req ARRAYAPI-ALGO ARRAYAPI-INCOMPAT
  // 002's sub-steps for one axis, in their order: d1 == 1 gives d2; else d2 == 1 gives d1;
  // else d1 == d2 gives d1; else the exception (arrayapi_ok is false).
  logic integer arrayapi_size(integer d1, integer d2) =
    d1 == 1 ? d2 : (d2 == 1 ? d1 : d1);
  predicate arrayapi_ok(integer d1, integer d2) =
    d1 == 1 || d2 == 1 || d1 == d2;

  // @req SONNX-REC SONNX-STEP2-MAX SONNX-C1
  // 001's binary rule for one axis: dY_i = max(dY1_i, dY2_i); C1: each of the two sizes is
  // dY_i or 1.
  logic integer sonnx_pair_size(integer d1, integer d2) = d1 >= d2 ? d1 : d2;
  predicate sonnx_pair_ok(integer d1, integer d2) =
    (d1 == sonnx_pair_size(d1, d2) || d1 == 1) && (d2 == sonnx_pair_size(d1, d2) || d2 == 1);

  // The binary rule by number, as is_rule_dim numbers the N-ary ones (0: SONNX, 1: NumPy).
  logic integer binary_size(integer rule, integer d1, integer d2) =
    rule == 0 ? sonnx_pair_size(d1, d2) : arrayapi_size(d1, d2);
  predicate binary_ok(integer rule, integer d1, integer d2) =
    rule == 0 ? sonnx_pair_ok(d1, d2) : arrayapi_ok(d1, d2);

  // @req SONNX-REC ARRAYAPI-ALGO SONNX-STEP1-RANK SONNX-STEP1-PAD
  // Size of axis j (0 <= j < max_rank(in, k)) of S_k, the fold of inputs 0 .. k-1, k >= 1.
  // The rank of S_k is max_rank(in, k): max_rank is peeled exactly as the binary step,
  // max_rank(in, k) = max(max_rank(in, k - 1), in[k - 1].rank) (002: N = max(N1, N2)), and
  // max_rank(in, 1) = in[0].rank. S_1 is in[0]; S_k pads S_{k-1} and in[k - 1] on the left to
  // rank max_rank(in, k) and applies the binary rule axis by axis.
  logic integer fold_size{L}(integer rule, sonnx_shape *in, integer k, integer j) =
    k <= 1 ? in[0].dims[j] :
      binary_size(rule,
        (j < max_rank(in, k) - max_rank(in, k - 1) ? 1 :
           fold_size(rule, in, k - 1, j - (max_rank(in, k) - max_rank(in, k - 1)))),
        padded_dim(in[k - 1], max_rank(in, k), j));

  // @req SONNX-STEP1-PAD
  // Axis j of S_k padded on the left to rank h >= max_rank(in, k) (the padding of step 1
  // applied to the fold's result).
  logic integer fold_padded{L}(integer rule, sonnx_shape *in, integer k, integer h, integer j) =
    j < h - max_rank(in, k) ? 1 : fold_size(rule, in, k, j - (h - max_rank(in, k)));

  // @req SONNX-REC ARRAYAPI-ALGO ARRAYAPI-INCOMPAT
  // The fold of inputs 0 .. k-1 succeeds: every binary step meets its rule on every axis
  // (no exception in 002's terms, C1 of the two inputs in 001's).
  predicate fold_ok{L}(integer rule, sonnx_shape *in, integer k) =
    k <= 1 ||
    (fold_ok(rule, in, k - 1) &&
     \forall integer j; 0 <= j < max_rank(in, k) ==>
       binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j),
                 padded_dim(in[k - 1], max_rank(in, k), j)));
*/

#endif

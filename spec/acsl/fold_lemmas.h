/* The N-ary rules of shape_logic.h are the left fold of the binary ones (fold_logic.h),
 * for every n, proved on the definitions by ghost lemma functions (the WP tutorial's
 * technique: the loop invariant carries the induction over the inputs).
 *
 * lemma_fold_rule(rule, in, n), n >= 1, under either rule:
 *   - sizes: the fold's result S_n has the common rank max_rank(in, n) and, on every axis,
 *     the size the N-ary rule gives (is_rule_dim: is_max_dim for the SONNX rule,
 *     is_numpy_dim for the NumPy rule);
 *   - ok: the fold succeeds (fold_ok: every binary step meets its rule) if and only if the
 *     inputs are compatible under the N-ary rule (shapes_compatible: C1 on every axis).
 * Under the SONNX rule this is SONNX-REC: Broadcast(X1, ..., XN) = Broadcast(Broadcast(X1,
 * ..., XN-1), XN) holds for the shape and for C1. Under the NumPy rule it is 002's algorithm
 * folded over n arrays, equal to the closed form is_numpy_dim that the C loop of
 * sonnx_broadcast_shape_numpy implements (its contract states is_numpy_dim and C1).
 * The induction (lemma_fold_rule) walks k from 1 to n with the fold padded to the final
 * rank (lemma_fold_step: padding commutes with the binary step, since a 1 against a 1 gives
 * 1 under both rules); each step on one axis is lemma_max_step or lemma_numpy_step.
 * @req SONNX-REC ARRAYAPI-ALGO */
#ifndef SONNX_FOLD_LEMMAS_H
#define SONNX_FOLD_LEMMAS_H

#include "fold_logic.h"
#include "commut_lemmas.h" /* lemma_max_rank_bounds */

/*@
  // The binary step that adds input k - 1 meets the rule on every axis, the fold of inputs
  // 0 .. k-2 and input k - 1 both padded to rank h. (A predicate, so that provers
  // instantiate "for every rank h" on a symbol.)
  predicate fold_step_ok{L}(integer rule, sonnx_shape *in, integer k, integer h) =
    \forall integer j; 0 <= j < h ==>
      binary_ok(rule, fold_padded(rule, in, k - 1, h, j), padded_dim(in[k - 1], h, j));
*/

/* The padding's index shift on one axis of the step: the step's rule on axis j of rank
   max_rank(in, k) is its rule on axis j + (h - max_rank(in, k)) of a rank h above. */
/*@ ghost
  /@ requires 2 <= k;
     assigns \nothing;
     ensures \forall integer h, j; max_rank(in, k) <= h && 0 <= j < max_rank(in, k) ==>
       (binary_ok(rule, fold_padded(rule, in, k - 1, h, j + (h - max_rank(in, k))),
                  padded_dim(in[k - 1], h, j + (h - max_rank(in, k)))) <==>
        binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j),
                  padded_dim(in[k - 1], max_rank(in, k), j)));
  @/
  static void lemma_fold_shift(int rule, sonnx_shape *in, size_t k)
  {
    /@ assert rank: max_rank(in, k) == (max_rank(in, k - 1) >= in[k - 1].rank ? max_rank(in, k - 1) : in[k - 1].rank); @/
    /@ assert same: \forall integer h, j; max_rank(in, k) <= h && 0 <= j < max_rank(in, k) ==>
         fold_padded(rule, in, k - 1, h, j + (h - max_rank(in, k))) == fold_padded(rule, in, k - 1, max_rank(in, k), j) &&
         padded_dim(in[k - 1], h, j + (h - max_rank(in, k))) == padded_dim(in[k - 1], max_rank(in, k), j); @/
  }
*/

/* One binary step, padded to a rank h at least the step's: the padded fold of k inputs is
   the binary rule on the padded fold of k - 1 inputs and input k - 1, and it succeeds when
   the fold of k - 1 does and the step meets the rule on every axis of h. */
/*@ ghost
  /@ requires 2 <= k;
     requires rule == 0 || rule == 1;
     assigns \nothing;
     ensures size: \forall integer h, j; max_rank(in, k) <= h && 0 <= j < h ==>
       fold_padded(rule, in, k, h, j) ==
       binary_size(rule, fold_padded(rule, in, k - 1, h, j), padded_dim(in[k - 1], h, j));
     ensures ok: \forall integer h; max_rank(in, k) <= h ==>
       (fold_ok(rule, in, k) <==> fold_ok(rule, in, k - 1) && fold_step_ok(rule, in, k, h));
  @/
  static void lemma_fold_step(int rule, sonnx_shape *in, size_t k)
  {
    /@ assert rank: max_rank(in, k) == (max_rank(in, k - 1) >= in[k - 1].rank ? max_rank(in, k - 1) : in[k - 1].rank); @/
    /@ assert ones: binary_size(rule, 1, 1) == 1 && binary_ok(rule, 1, 1); @/
    /@ assert low: \forall integer h, j; max_rank(in, k) <= h && 0 <= j < h - max_rank(in, k) ==>
         fold_padded(rule, in, k, h, j) == 1 && fold_padded(rule, in, k - 1, h, j) == 1 &&
         padded_dim(in[k - 1], h, j) == 1; @/
    /@ assert high: \forall integer h, j; max_rank(in, k) <= h && h - max_rank(in, k) <= j < h ==>
         fold_padded(rule, in, k - 1, h, j) == fold_padded(rule, in, k - 1, max_rank(in, k), j - (h - max_rank(in, k))) &&
         padded_dim(in[k - 1], h, j) == padded_dim(in[k - 1], max_rank(in, k), j - (h - max_rank(in, k))); @/
    /@ assert ok_unfold: fold_ok(rule, in, k) <==> (fold_ok(rule, in, k - 1) &&
         \forall integer j; 0 <= j < max_rank(in, k) ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j),
                     padded_dim(in[k - 1], max_rank(in, k), j))); @/
    /@ assert shift_up: \forall integer h; max_rank(in, k) <= h ==>
         (\forall integer j; 0 <= j < max_rank(in, k) ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j), padded_dim(in[k - 1], max_rank(in, k), j))) ==>
         \forall integer j; h - max_rank(in, k) <= j < h ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, h, j), padded_dim(in[k - 1], h, j)); @/
    /@ assert shift_down: \forall integer h; max_rank(in, k) <= h ==>
         (\forall integer j; 0 <= j < h ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, h, j), padded_dim(in[k - 1], h, j))) ==>
         \forall integer j; 0 <= j < max_rank(in, k) ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, h, j + (h - max_rank(in, k))),
                     padded_dim(in[k - 1], h, j + (h - max_rank(in, k)))); @/
    /@ assert low_ok: \forall integer h, j; max_rank(in, k) <= h && 0 <= j < h - max_rank(in, k) ==>
         binary_ok(rule, fold_padded(rule, in, k - 1, h, j), padded_dim(in[k - 1], h, j)); @/
    /@ assert high2: \forall integer h, j; max_rank(in, k) <= h && 0 <= j < max_rank(in, k) ==>
         fold_padded(rule, in, k - 1, h, j + (h - max_rank(in, k))) == fold_padded(rule, in, k - 1, max_rank(in, k), j) &&
         padded_dim(in[k - 1], h, j + (h - max_rank(in, k))) == padded_dim(in[k - 1], max_rank(in, k), j); @/
    /@ assert up: \forall integer h; max_rank(in, k) <= h ==>
         (\forall integer j; 0 <= j < max_rank(in, k) ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j), padded_dim(in[k - 1], max_rank(in, k), j))) ==>
         fold_step_ok(rule, in, k, h); @/
    /@ assert down1: \forall integer h, j; max_rank(in, k) <= h && 0 <= j < max_rank(in, k) &&
         fold_step_ok(rule, in, k, h) ==>
         binary_ok(rule, fold_padded(rule, in, k - 1, h, j + (h - max_rank(in, k))),
                   padded_dim(in[k - 1], h, j + (h - max_rank(in, k)))); @/
    lemma_fold_shift(rule, in, k);
    /@ assert down2: \forall integer h, j; max_rank(in, k) <= h && 0 <= j < max_rank(in, k) &&
         fold_step_ok(rule, in, k, h) ==>
         binary_ok(rule, fold_padded(rule, in, k - 1, h, j + (h - max_rank(in, k))),
                   padded_dim(in[k - 1], h, j + (h - max_rank(in, k)))) &&
         binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j), padded_dim(in[k - 1], max_rank(in, k), j)); @/
    /@ assert down: \forall integer h; max_rank(in, k) <= h ==> fold_step_ok(rule, in, k, h) ==>
         (\forall integer j; 0 <= j < max_rank(in, k) ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j), padded_dim(in[k - 1], max_rank(in, k), j))); @/
    /@ assert equiv: \forall integer h; max_rank(in, k) <= h ==>
         ((\forall integer j; 0 <= j < max_rank(in, k) ==>
           binary_ok(rule, fold_padded(rule, in, k - 1, max_rank(in, k), j), padded_dim(in[k - 1], max_rank(in, k), j))) <==>
          fold_step_ok(rule, in, k, h)); @/
  }
*/

/* Lemma (induction on k, upwards): the fold of the first k inputs has max_rank(in, k) axes
   and, on each axis, the padded size the N-ary SONNX rule (the maximum) gives for them:
   the max rule's step on one axis, for every axis i of a rank h and every size F. */
/*@ ghost
  /@ requires 1 <= k;
     assigns \nothing;
     ensures \forall integer h, i, F; is_max_dim(in, k, h, i, F) ==>
       is_max_dim(in, k + 1, h, i, sonnx_pair_size(F, padded_dim(in[k], h, i))) &&
       (c1_all_inputs(in, k, h, i, F) && sonnx_pair_ok(F, padded_dim(in[k], h, i)) <==>
        c1_all_inputs(in, k + 1, h, i, sonnx_pair_size(F, padded_dim(in[k], h, i))));
  @/
  static void lemma_max_step(sonnx_shape *in, size_t k)
  {
    /@ assert last: \forall integer h, i; input_padded_dim(in, k, h, i) == padded_dim(in[k], h, i); @/
    /@ assert attained: \forall integer h, i, F; is_max_dim(in, k, h, i, F) ==>
         \exists integer m; 0 <= m < k && padded_dim(in[m], h, i) == F; @/
    /@ assert back: \forall integer h, i, F; is_max_dim(in, k, h, i, F) ==>
         c1_all_inputs(in, k + 1, h, i, sonnx_pair_size(F, padded_dim(in[k], h, i))) ==>
         (F == sonnx_pair_size(F, padded_dim(in[k], h, i)) || F == 1); @/
    /@ assert one: \forall integer h, i, F; is_max_dim(in, k, h, i, F) && F == 1 ==>
         c1_all_inputs(in, k + 1, h, i, sonnx_pair_size(F, padded_dim(in[k], h, i))) ==>
         c1_all_inputs(in, k, h, i, F); @/
  }
*/

/* The same for the NumPy rule: the first size that is not 1 (or 1), and 002's step. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer h, i, F; is_numpy_dim(in, k, h, i, F) ==>
       is_numpy_dim(in, k + 1, h, i, arrayapi_size(F, padded_dim(in[k], h, i))) &&
       (c1_all_inputs(in, k, h, i, F) && arrayapi_ok(F, padded_dim(in[k], h, i)) <==>
        c1_all_inputs(in, k + 1, h, i, arrayapi_size(F, padded_dim(in[k], h, i))));
  @/
  static void lemma_numpy_step(sonnx_shape *in, size_t k)
  {
    /@ assert all_one: \forall integer h, i; is_numpy_dim(in, k, h, i, 1) ==>
         \forall integer m; 0 <= m < k ==> padded_dim(in[m], h, i) == 1; @/
    /@ assert first: \forall integer h, i, F; is_numpy_dim(in, k, h, i, F) && F != 1 ==>
         is_numpy_dim(in, k + 1, h, i, F); @/
    /@ assert one: \forall integer h, i; is_numpy_dim(in, k, h, i, 1) ==>
         is_numpy_dim(in, k + 1, h, i, padded_dim(in[k], h, i)); @/
  }
*/

/* The theorem, for every n >= 1 and either rule: the fold has the N-ary rule's shape, and
   succeeds exactly when C1 holds for every input on every axis (shapes_compatible). */
/*@ ghost
  /@ requires 1 <= n;
     requires rule == 0 || rule == 1;
     assigns \nothing;
     ensures sizes: \forall integer i; 0 <= i < max_rank(in, n) ==>      // @req SONNX-REC ARRAYAPI-ALGO
       is_rule_dim(rule, in, n, max_rank(in, n), i, fold_size(rule, in, n, i));
     ensures ok: fold_ok(rule, in, n) <==> shapes_compatible(rule, in, n); // @req SONNX-REC ARRAYAPI-ALGO
  @/
  static void lemma_fold_rule(int rule, sonnx_shape *in, size_t n)
  {
    lemma_max_rank_bounds(in, n);
    size_t k = 1;
    /@ assert first: max_rank(in, 1) == in[0].rank; @/
    /@ assert one_input: \forall integer i; 0 <= i < max_rank(in, n) ==>
         fold_padded(rule, in, 1, max_rank(in, n), i) == padded_dim(in[0], max_rank(in, n), i) &&
         is_rule_dim(rule, in, 1, max_rank(in, n), i, padded_dim(in[0], max_rank(in, n), i)) &&
         c1_all_inputs(in, 1, max_rank(in, n), i, padded_dim(in[0], max_rank(in, n), i)); @/
    /@ loop invariant 1 <= k <= n;
       loop invariant sizes: \forall integer i; 0 <= i < max_rank(in, n) ==>
         is_rule_dim(rule, in, k, max_rank(in, n), i, fold_padded(rule, in, k, max_rank(in, n), i));
       loop invariant ok: fold_ok(rule, in, k) <==>
         \forall integer i; 0 <= i < max_rank(in, n) ==> c1_all_inputs(in, k, max_rank(in, n), i, fold_padded(rule, in, k, max_rank(in, n), i));
       loop assigns k;
       loop variant n - k;
    @/
    while (k < n) {
      lemma_max_rank_bounds(in, k + 1);
      /@ assert below: max_rank(in, k + 1) <= max_rank(in, n); @/
      lemma_fold_step(rule, in, k + 1);
      lemma_max_step(in, k);
      lemma_numpy_step(in, k);
      /@ assert step: \forall integer i; 0 <= i < max_rank(in, n) ==>
           \let F = fold_padded(rule, in, k, max_rank(in, n), i); \let p = padded_dim(in[k], max_rank(in, n), i);
           fold_padded(rule, in, k + 1, max_rank(in, n), i) == binary_size(rule, F, p) &&
           is_rule_dim(rule, in, k + 1, max_rank(in, n), i, binary_size(rule, F, p)) &&
           (c1_all_inputs(in, k, max_rank(in, n), i, F) && binary_ok(rule, F, p) <==>
            c1_all_inputs(in, k + 1, max_rank(in, n), i, binary_size(rule, F, p))); @/
      /@ assert s1: (\forall integer i; 0 <= i < max_rank(in, n) ==>
             c1_all_inputs(in, k + 1, max_rank(in, n), i, fold_padded(rule, in, k + 1, max_rank(in, n), i))) <==>
           (\forall integer i; 0 <= i < max_rank(in, n) ==>
             c1_all_inputs(in, k, max_rank(in, n), i, fold_padded(rule, in, k, max_rank(in, n), i)) &&
             binary_ok(rule, fold_padded(rule, in, k, max_rank(in, n), i), padded_dim(in[k], max_rank(in, n), i))); @/
      /@ assert s2: fold_ok(rule, in, k + 1) <==>
           (fold_ok(rule, in, k) && fold_step_ok(rule, in, k + 1, max_rank(in, n))); @/
      k++;
    }
    /@ assert whole: \forall integer i; 0 <= i < max_rank(in, n) ==> fold_padded(rule, in, n, max_rank(in, n), i) == fold_size(rule, in, n, i); @/
    /@ assert unique: \forall integer i, d; 0 <= i < max_rank(in, n) ==> is_rule_dim(rule, in, n, max_rank(in, n), i, d) ==>
         d == fold_padded(rule, in, n, max_rank(in, n), i); @/
    /@ assert compatible: shapes_compatible(rule, in, n) <==>
         \forall integer i; 0 <= i < max_rank(in, n) ==>
           c1_all_inputs(in, n, max_rank(in, n), i, fold_padded(rule, in, n, max_rank(in, n), i)); @/
  }
*/

#endif

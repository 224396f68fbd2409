/* Facts that relate the N-ary operator's outcome (operator_logic.h) to what
 * its fold establishes (data_logic.h's characterisations): first-order ones as
 * ACSL lemmas, the inductive ones as ghost lemma functions whose loop
 * invariant carries the induction (the WP tutorial's technique).
 * @req SONNX-STEP2-MAX SONNX-REC */
#ifndef SONNX_OPERATOR_LEMMAS_H
#define SONNX_OPERATOR_LEMMAS_H

/* The maximum of a set is unique: two sizes that both satisfy the definition are equal.
   A ghost lemma function, not a global ACSL lemma: a global lemma enters every goal of
   the project, and this one sent z3 out of memory on lemma_euclid_times (row_major_lemmas.h),
   which proves in 4.4 s without it (measured 2026-11-27; the fresh-clone CI run of 720dfa8
   failed on it). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer r, i, d1, d2;
       tensors_max_dim((sonnx_tensor *)in, n, r, i, d1) && tensors_max_dim((sonnx_tensor *)in, n, r, i, d2) ==> d1 == d2;
  @/
  static void lemma_tensors_max_dim_unique(const sonnx_tensor *in, size_t n) { (void)in; (void)n; }
*/

/* Lemma (induction on the number of inputs): the fold's dY_i is the maximum. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer m, r, i; 1 <= m <= n ==>
       tensors_max_dim(in, m, r, i, tensors_dim(in, m, r, i));
  @/
  static void lemma_tensors_dim_is_max(const sonnx_tensor *in, size_t n)
  {
    size_t m = 1;
    /@ loop invariant 1 <= m <= n || (n == 0 && m == 1);
       loop invariant \forall integer j, r, i; 1 <= j <= m && j <= n ==>
         tensors_max_dim(in, j, r, i, tensors_dim(in, j, r, i));
       loop assigns m;
       loop variant n - m;
    @/
    while (m < n) {
      /@ assert step: \forall integer r, i;
           tensors_dim(in, m + 1, r, i) ==
             (tensors_dim(in, m, r, i) >= tensor_padded(in, m, r, i) ?
                tensors_dim(in, m, r, i) : tensor_padded(in, m, r, i)); @/
      /@ assert same: \forall integer r, i, k; 0 <= k <= m ==>
           tensor_padded(in, k, r, i) == padded_dim(in[k].shape, r, i); @/
      /@ assert upper: \forall integer r, i, k; 0 <= k < m + 1 ==>
           tensor_padded(in, k, r, i) <= tensors_dim(in, m + 1, r, i); @/
      /@ assert attained: \forall integer r, i;
           (tensors_dim(in, m, r, i) >= tensor_padded(in, m, r, i) ==>
              \exists integer k; 0 <= k < m && tensor_padded(in, k, r, i) == tensors_dim(in, m + 1, r, i)) &&
           (tensors_dim(in, m, r, i) < tensor_padded(in, m, r, i) ==>
              tensor_padded(in, m, r, i) == tensors_dim(in, m + 1, r, i)); @/
      /@ assert max_next: \forall integer r, i;
           tensors_max_dim(in, m + 1, r, i, tensors_dim(in, m + 1, r, i)); @/
      m++;
    }
  }
*/

/* Lemma: the fold stops at one input at most, so the input a report names is
   fixed (@req SONNX-REC). A ghost function rather than a global ACSL lemma: a
   global lemma enters every goal of the project, and this one brings the
   recursive tensors_rank with it, on whose definition z3 loops. */
/*@ ghost
  /@ assigns \nothing;
     ensures unique: \forall integer m1, m2;
       0 <= m1 && 0 <= m2 && fold_stops_at(in, m1) && fold_stops_at(in, m2) ==> m1 == m2;
  @/
  static void lemma_fold_stop_unique(const sonnx_tensor *in)
  {
  }
*/

#endif

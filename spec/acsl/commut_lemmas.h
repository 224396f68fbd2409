/* Commutativity of SONNX Broadcast (spec-sources 001: "The Broadcast operator is commutative"),
 * proved on the ACSL definitions of shape_logic.h by ghost lemma functions (the WP
 * tutorial's technique).
 *
 * A permutation sigma of the inputs is given with a right inverse inv (is_permutation:
 * sigma maps 0 .. n-1 onto itself, so it is a bijection), and input i of the permuted
 * call is input sigma(i) of the other (permuted_shapes). Whether every input is ok, the
 * common rank, each common size, C1 and compatibility are then the same, so both calls of
 * sonnx_broadcast_shape take the same behaviour: both succeed with the same shape, or
 * both fail with the same status when it is SONNX_ERR_CAPACITY or SONNX_ERR_INCOMPATIBLE.
 * (The fields of an error, and which of RANK / NULL a bad input gets, name the first
 * offending input in call order: they follow the order, not the set.) Each output Zm is
 * broadcast_to(Xm, that shape) (elements_broadcast_to, data_logic.h): it depends on its
 * own input and the common shape only, so permuting the inputs permutes the outputs;
 * that relation between two calls of the data functions is checked by the RapidCheck
 * property commut-data, not proved here. Under the NumPy rule (lemma_commut_shape_numpy)
 * the same holds: compatibility is the same, and so is the shape of a compatible call.
 *
 * max_rank is the one recursive definition here (peeled from the last input, like the
 * loop that computes it): lemma_max_rank_bounds proves once, by induction, that it is
 * the maximum; everything else is first-order.
 * @req SONNX-COMMUT */
#ifndef SONNX_COMMUT_LEMMAS_H
#define SONNX_COMMUT_LEMMAS_H

/*@
  // @req SONNX-COMMUT
  // sigma is a permutation of 0 .. n-1: it maps into 0 .. n-1 and inv gives every j a
  // preimage (a map of a finite set onto itself is a bijection).
  predicate is_permutation{L}(size_t *sigma, size_t *inv, integer n) =
    (\forall integer i; 0 <= i < n ==> 0 <= sigma[i] < n) &&
    (\forall integer j; 0 <= j < n ==> 0 <= inv[j] < n && sigma[inv[j]] == j);

  // @req SONNX-COMMUT
  // b[0 .. n-1] = sigma(a[0 .. n-1]): input i of b is input sigma(i) of a.
  predicate permuted_shapes{L}(sonnx_shape *a, sonnx_shape *b, size_t *sigma, size_t *inv, integer n) =
    is_permutation(sigma, inv, n) &&
    \forall integer i; 0 <= i < n ==> b[i].rank == a[sigma[i]].rank && b[i].dims == a[sigma[i]].dims;
*/

/* Lemma (induction on k, upwards, as max_rank peels): max_rank(in, n) bounds every
   input's rank and is the rank of one of them. */
/*@ ghost
  /@ assigns \nothing;
     ensures upper: \forall integer m; 0 <= m < n ==> in[m].rank <= max_rank(in, n);
     ensures attained: n >= 1 ==> \exists integer m; 0 <= m < n && in[m].rank == max_rank(in, n);
  @/
  static void lemma_max_rank_bounds(sonnx_shape *in, size_t n)
  {
    size_t k = 0;
    /@ loop invariant 0 <= k <= n;
       loop invariant upper: \forall integer m; 0 <= m < k ==> in[m].rank <= max_rank(in, k);
       loop invariant attained: k >= 1 ==> \exists integer m; 0 <= m < k && in[m].rank == max_rank(in, k);
       loop assigns k;
       loop variant n - k;
    @/
    while (k < n) {
      /@ assert unfold: max_rank(in, k + 1) ==
           (max_rank(in, k) >= in[k].rank ? max_rank(in, k) : in[k].rank); @/
      /@ assert grows: max_rank(in, k) <= max_rank(in, k + 1) && in[k].rank <= max_rank(in, k + 1); @/
      k++;
    }
  }
*/

/* Each input of b is an input of a and the other way round, with the same padded sizes:
   the facts every statement below reduces to, one instantiation each. */
/*@ ghost
  /@ requires permuted_shapes(a, b, sigma, inv, n);
     assigns \nothing;
     ensures b_in_a: \forall integer i, ny, k; 0 <= i < n ==>
       padded_dim(b[i], ny, k) == padded_dim(a[sigma[i]], ny, k) && 0 <= sigma[i] < n;
     ensures a_in_b: \forall integer j, ny, k; 0 <= j < n ==>
       padded_dim(a[j], ny, k) == padded_dim(b[inv[j]], ny, k) && 0 <= inv[j] < n;
     ensures ok_b_in_a: \forall integer i; 0 <= i < n ==> (shape_ok(b[i]) <==> shape_ok(a[sigma[i]]));
     ensures ok_a_in_b: \forall integer j; 0 <= j < n ==> (shape_ok(a[j]) <==> shape_ok(b[inv[j]]));
     ensures rank_b_in_a: \forall integer i; 0 <= i < n ==> b[i].rank == a[sigma[i]].rank;
     ensures rank_a_in_b: \forall integer j; 0 <= j < n ==> a[j].rank == b[inv[j]].rank;
  @/
  static void lemma_permuted_inputs(sonnx_shape *a, sonnx_shape *b, size_t *sigma, size_t *inv, size_t n)
  {
    /@ assert back: \forall integer j; 0 <= j < n ==>
         b[inv[j]].rank == a[j].rank && b[inv[j]].dims == a[j].dims; @/
  }
*/

/* The theorem: permuted inputs have the same common rank (step 1), the same size on
   every axis (step 2) and the same C1, so they broadcast together or not at all, to the
   same shape. */
/*@ ghost
  /@ requires permuted_shapes(a, b, sigma, inv, n);
     assigns \nothing;
     ensures ranks_ok: all_shapes_ok(a, n) <==> all_shapes_ok(b, n);   // @req SONNX-COMMUT
     ensures rank: max_rank(a, n) == max_rank(b, n);                   // @req SONNX-COMMUT
     ensures sizes: \forall integer ny, i, d;                          // @req SONNX-COMMUT
       is_max_dim(a, n, ny, i, d) <==> is_max_dim(b, n, ny, i, d);
     ensures c1: \forall integer ny, i, d;                             // @req SONNX-COMMUT
       c1_all_inputs(a, n, ny, i, d) <==> c1_all_inputs(b, n, ny, i, d);
     ensures compatible: shapes_compatible(0, a, n) <==> shapes_compatible(0, b, n);
  @/
  static void lemma_commut_shape(sonnx_shape *a, sonnx_shape *b, size_t *sigma, size_t *inv, size_t n)
  {
    lemma_permuted_inputs(a, b, sigma, inv, n);
    lemma_max_rank_bounds(a, n);
    lemma_max_rank_bounds(b, n);
    /@ assert ok_ab: all_shapes_ok(a, n) ==> all_shapes_ok(b, n); @/
    /@ assert ok_ba: all_shapes_ok(b, n) ==> all_shapes_ok(a, n); @/
    /@ assert b_below_a: \forall integer i; 0 <= i < n ==> b[i].rank <= max_rank(a, n); @/
    /@ assert a_below_b: \forall integer j; 0 <= j < n ==> a[j].rank <= max_rank(b, n); @/
    /@ assert le_ab: max_rank(b, n) <= max_rank(a, n); @/
    /@ assert le_ba: max_rank(a, n) <= max_rank(b, n); @/
    /@ assert bound_ab: \forall integer ny, i, d;
         (\forall integer m; 0 <= m < n ==> padded_dim(a[m], ny, i) <= d) ==>
         (\forall integer m; 0 <= m < n ==> padded_dim(b[m], ny, i) <= d); @/
    /@ assert bound_ba: \forall integer ny, i, d;
         (\forall integer m; 0 <= m < n ==> padded_dim(b[m], ny, i) <= d) ==>
         (\forall integer m; 0 <= m < n ==> padded_dim(a[m], ny, i) <= d); @/
    /@ assert hit_ab: \forall integer ny, i, d;
         (\exists integer m; 0 <= m < n && padded_dim(a[m], ny, i) == d) ==>
         (\exists integer m; 0 <= m < n && padded_dim(b[m], ny, i) == d); @/
    /@ assert hit_ba: \forall integer ny, i, d;
         (\exists integer m; 0 <= m < n && padded_dim(b[m], ny, i) == d) ==>
         (\exists integer m; 0 <= m < n && padded_dim(a[m], ny, i) == d); @/
    /@ assert c1_ab: \forall integer ny, i, d;
         c1_all_inputs(a, n, ny, i, d) ==> c1_all_inputs(b, n, ny, i, d); @/
    /@ assert c1_ba: \forall integer ny, i, d;
         c1_all_inputs(b, n, ny, i, d) ==> c1_all_inputs(a, n, ny, i, d); @/
    /@ assert sizes_ab: \forall integer ny, i, d; is_max_dim(a, n, ny, i, d) ==> is_max_dim(b, n, ny, i, d); @/
    /@ assert sizes_ba: \forall integer ny, i, d; is_max_dim(b, n, ny, i, d) ==> is_max_dim(a, n, ny, i, d); @/
    /@ assert rule_ab: \forall integer ny, i, d; is_rule_dim(0, a, n, ny, i, d) ==> is_rule_dim(0, b, n, ny, i, d); @/
    /@ assert rule_ba: \forall integer ny, i, d; is_rule_dim(0, b, n, ny, i, d) ==> is_rule_dim(0, a, n, ny, i, d); @/
    /@ assert all_c1_ab: \forall integer ny, upto; all_c1(0, a, n, ny, upto) ==> all_c1(0, b, n, ny, upto); @/
    /@ assert all_c1_ba: \forall integer ny, upto; all_c1(0, b, n, ny, upto) ==> all_c1(0, a, n, ny, upto); @/
  }
*/

/*@
  // Axis i has a size under the NumPy rule. (A predicate, so that provers instantiate "for
  // every axis there is a size" on a symbol.)
  predicate has_numpy_dim{L}(sonnx_shape *in, integer n, integer ny, integer i) =
    \exists integer d; is_numpy_dim(in, n, ny, i, d);
*/

/* Lemma (induction on k, upwards): under the NumPy rule every axis has a size (the first
   padded size that is not 1, or 1 when all are 1). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer ny, i; has_numpy_dim(in, n, ny, i);
  @/
  static void lemma_numpy_dim_exists(sonnx_shape *in, size_t n)
  {
    size_t k = 0;
    /@ assert none: \forall integer ny, i; is_numpy_dim(in, 0, ny, i, 1); @/
    /@ assert none_has: \forall integer ny, i; has_numpy_dim(in, 0, ny, i); @/
    /@ loop invariant 0 <= k <= n;
       loop invariant \forall integer ny, i; has_numpy_dim(in, k, ny, i);
       loop assigns k;
       loop variant n - k;
    @/
    while (k < n) {
      /@ assert next: \forall integer ny, i, d; is_numpy_dim(in, k, ny, i, d) ==>
           is_numpy_dim(in, k + 1, ny, i, d == 1 ? padded_dim(in[k], ny, i) : d); @/
      /@ assert next_has: \forall integer ny, i; has_numpy_dim(in, k, ny, i) ==> has_numpy_dim(in, k + 1, ny, i); @/
      k++;
    }
  }
*/

/* The theorem under the NumPy rule (002, sonnx_broadcast_shape_numpy): permuted inputs
   broadcast together or not at all, and then to the same shape. (Where they do not, the
   size is "the first that is not 1" and may differ, e.g. (2) with (3) against (3) with (2):
   the sizes of an incompatible call are not a result.) Under C1 every padded size of an
   axis is its size or 1, so the first size that is not 1 is the same in any order. */
/*@ ghost
  /@ requires permuted_shapes(a, b, sigma, inv, n);
     assigns \nothing;
     ensures compatible: shapes_compatible(1, a, n) <==> shapes_compatible(1, b, n);   // @req SONNX-COMMUT
     ensures rank: max_rank(a, n) == max_rank(b, n);                                     // @req SONNX-COMMUT
     ensures sizes: shapes_compatible(1, a, n) ==> \forall integer i, d;                // @req SONNX-COMMUT
       0 <= i < max_rank(a, n) ==>
       (is_numpy_dim(a, n, max_rank(a, n), i, d) <==> is_numpy_dim(b, n, max_rank(b, n), i, d));
  @/
  static void lemma_commut_shape_numpy(sonnx_shape *a, sonnx_shape *b, size_t *sigma, size_t *inv, size_t n)
  {
    lemma_commut_shape(a, b, sigma, inv, n);
    lemma_permuted_inputs(a, b, sigma, inv, n);
    lemma_numpy_dim_exists(a, n);
    lemma_numpy_dim_exists(b, n);
    /@ assert ones_ab: \forall integer ny, i;
         (\forall integer m; 0 <= m < n ==> padded_dim(a[m], ny, i) == 1) ==>
         (\forall integer m; 0 <= m < n ==> padded_dim(b[m], ny, i) == 1); @/
    /@ assert ones_ba: \forall integer ny, i;
         (\forall integer m; 0 <= m < n ==> padded_dim(b[m], ny, i) == 1) ==>
         (\forall integer m; 0 <= m < n ==> padded_dim(a[m], ny, i) == 1); @/
    /@ assert same_ab: \forall integer ny, i, da, db;
         is_numpy_dim(a, n, ny, i, da) && c1_all_inputs(a, n, ny, i, da) && is_numpy_dim(b, n, ny, i, db) ==>
         db == da; @/
    /@ assert same_ba: \forall integer ny, i, da, db;
         is_numpy_dim(b, n, ny, i, db) && c1_all_inputs(b, n, ny, i, db) && is_numpy_dim(a, n, ny, i, da) ==>
         da == db; @/
    /@ assert axis_ab: \forall integer ny, i, db; has_numpy_dim(a, n, ny, i) ==>
         (\forall integer da; is_numpy_dim(a, n, ny, i, da) ==> c1_all_inputs(a, n, ny, i, da)) ==>
         is_numpy_dim(b, n, ny, i, db) ==> c1_all_inputs(b, n, ny, i, db); @/
    /@ assert axis_ba: \forall integer ny, i, da; has_numpy_dim(b, n, ny, i) ==>
         (\forall integer db; is_numpy_dim(b, n, ny, i, db) ==> c1_all_inputs(b, n, ny, i, db)) ==>
         is_numpy_dim(a, n, ny, i, da) ==> c1_all_inputs(a, n, ny, i, da); @/
    /@ assert all_c1_ab: \forall integer ny, upto; all_c1(1, a, n, ny, upto) ==> all_c1(1, b, n, ny, upto); @/
    /@ assert all_c1_ba: \forall integer ny, upto; all_c1(1, b, n, ny, upto) ==> all_c1(1, a, n, ny, upto); @/
    /@ assert sizes_ab: \forall integer ny, i, d; has_numpy_dim(b, n, ny, i) ==>
         is_numpy_dim(a, n, ny, i, d) && c1_all_inputs(a, n, ny, i, d) ==> is_numpy_dim(b, n, ny, i, d); @/
    /@ assert sizes_ba: \forall integer ny, i, d; has_numpy_dim(a, n, ny, i) ==>
         (\forall integer da; is_numpy_dim(a, n, ny, i, da) ==> c1_all_inputs(a, n, ny, i, da)) ==>
         is_numpy_dim(b, n, ny, i, d) ==> is_numpy_dim(a, n, ny, i, d); @/
  }
*/

#endif

/* Inductive facts about element counts (count_from, shape_logic.h), proved
 * once by ghost lemma functions whose loop invariant carries the induction
 * (the WP tutorial's technique), then "called" as ghost code where needed.
 * @req LIB-OVERFLOW */
#ifndef SONNX_COUNT_LEMMAS_H
#define SONNX_COUNT_LEMMAS_H

/* Lemma (induction on k, downwards): a zero size on axis j makes the count
   of every block that contains axis j zero. */
/*@ ghost
  /@ requires \valid_read(dims + (0 .. r - 1));
     requires j < r;
     requires dims[j] == 0;
     assigns \nothing;
     ensures count_from(dims, 0, r) == 0;
  @/
  static void lemma_zero_absorbs(const size_t *dims, size_t j, size_t r)
  {
    size_t k = j;
    /@ loop invariant 0 <= k <= j;
       loop invariant count_from(dims, k, r) == 0;
       loop assigns k;
       loop variant k;
    @/
    while (k > 0) {
      k--;
      /@ assert count_from(dims, k, r) == dims[k] * count_from(dims, k + 1, r); @/
    }
  }
*/

/* Lemma (induction on k, downwards): with no zero size, block counts are
   positive and grow towards the first axis, so a block past SIZE_MAX means
   the whole count is. */
/*@ ghost
  /@ requires \valid_read(dims + (0 .. r - 1));
     requires j <= r;
     requires \forall integer t; 0 <= t < r ==> dims[t] >= 1;
     assigns \nothing;
     ensures 1 <= count_from(dims, j, r) <= count_from(dims, 0, r);
  @/
  static void lemma_count_grows(const size_t *dims, size_t j, size_t r)
  {
    size_t k = r;
    /@ loop invariant j <= k <= r;
       loop invariant count_from(dims, k, r) >= 1;
       loop assigns k;
       loop variant k;
    @/
    while (k > j) {
      k--;
      /@ assert count_from(dims, k, r) == dims[k] * count_from(dims, k + 1, r); @/
      /@ assert 1 * count_from(dims, k + 1, r) <= dims[k] * count_from(dims, k + 1, r); @/
    }
    /@ loop invariant 0 <= k <= j;
       loop invariant 1 <= count_from(dims, j, r) <= count_from(dims, k, r);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0) {
      k--;
      /@ assert count_from(dims, k, r) == dims[k] * count_from(dims, k + 1, r); @/
      /@ assert 1 * count_from(dims, k + 1, r) <= dims[k] * count_from(dims, k + 1, r); @/
    }
  }
*/

#endif

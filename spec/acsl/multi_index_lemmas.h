/* The spec's multi-index form (multi_index_logic.h) and the flat quotient/digit form of
 * data_logic.h are the same layout, proved on the definitions by ghost lemma functions
 * (the WP tutorial's technique: the loop invariant carries the induction over the axes).
 *
 * For a shape d[0 .. r-1] (r <= SONNX_MAX_RANK, the library's ranks):
 *   - lemma_row_offset_bounds: the row-major offset of a multi-index of the box is in
 *     [0, count);
 *   - lemma_row_prefix: it equals Horner's form o_{k+1} = o_k * d_k + i_k
 *     (spec/index-mapping.md, section 9);
 *   - lemma_digits_of_offset: the digits (row_digit) of the offset of a multi-index are
 *     that multi-index: row_offset is one-to-one on the box, row_digit its left inverse;
 *   - lemma_offset_of_digits: every o in [0, count) is the offset of a multi-index of the
 *     box, its digits: row_offset maps the box onto [0, count). With the line above, a bijection
 *     between the index box and [0, count) whose inverse is the digit form;
 *   - lemma_ym_source: the offset in Ym of f(i) (ym_offset, the spec's Ym[f(i_1, ...)]) is
 *     source_from at the flat offset of i (the contracts' form);
 *   - lemma_index_facts: the three facts at once (index_facts), from which
 *     lemma_elements_at_indices_iff_flat (first order, no induction) gives
 *     "Zm[i] = Ym[f(i)] for every multi-index i" if and only if the flat relation holds.
 * @req LIB-ROWMAJOR SONNX-ELEM SONNX-F */
#ifndef SONNX_MULTI_INDEX_LEMMAS_H
#define SONNX_MULTI_INDEX_LEMMAS_H

#include "multi_index_logic.h"
#include "row_major_lemmas.h" /* lemma_div_unique, lemma_mul_le_all */

/*@
  // No size is 0 (what a count above 0 implies, lemma_count_pos_sizes).
  predicate sizes_pos{L}(size_t *d, integer r) = \forall integer j; 0 <= j < r ==> d[j] >= 1;

  // Entries k .. r-1 of i are the digits of o. (A predicate, so that provers instantiate
  // the existence of such an i on a symbol.)
  predicate holds_digits{L}(size_t i[SONNX_MAX_RANK], size_t *d, integer r, integer o, integer k) =
    \forall integer j; k <= j < r ==> i[j] == row_digit(d, r, o, j);

  // Some multi-index holds the digits k .. r-1 of o (a symbol for "there is", see above).
  predicate has_digit_index{L}(size_t *d, integer r, integer o, integer k) =
    \exists size_t i[SONNX_MAX_RANK]; holds_digits(i, d, r, o, k);
*/

/* Lemma (induction on k, downwards): offsets of the box from axis k are below the count of
   axes k .. r-1, and not negative. */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures \forall size_t i[SONNX_MAX_RANK]; in_box(i, d, r) ==>    // @req LIB-ROWMAJOR
       0 <= row_offset(i, d, r) < count_from(d, 0, r);
  @/
  static void lemma_row_offset_bounds(const size_t *d, size_t r)
  {
    lemma_mul_le_all();
    size_t k = r;
    /@ loop invariant 0 <= k <= r;
       loop invariant \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
         0 <= row_offset_from(i, (size_t *)d, r, k) < count_from((size_t *)d, k, r);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      /@ assert unfold: \forall size_t i[SONNX_MAX_RANK];
           row_offset_from(i, (size_t *)d, r, k) ==
           i[k] * count_from((size_t *)d, k + 1, r) + row_offset_from(i, (size_t *)d, r, k + 1); @/
      /@ assert count: count_from((size_t *)d, k, r) == d[k] * count_from((size_t *)d, k + 1, r); @/
      /@ assert step: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
           \let c = count_from((size_t *)d, k + 1, r);
           0 <= c && i[k] * c <= (d[k] - 1) * c && (d[k] - 1) * c + c == d[k] * c; @/
    }
  }
*/

/* Lemma (induction on k, upwards): Horner's form of the first k axes, scaled by the count
   of the others, plus the offset of the others, is the offset. At k = r: the two forms of
   index-mapping.md are equal. */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures \forall size_t i[SONNX_MAX_RANK];                        // @req LIB-ROWMAJOR
       row_prefix(i, d, r) == row_offset(i, d, r);
  @/
  static void lemma_row_prefix(const size_t *d, size_t r)
  {
    size_t k = 0;
    /@ loop invariant 0 <= k <= r;
       loop invariant \forall size_t i[SONNX_MAX_RANK];
         times(row_prefix(i, (size_t *)d, k), count_from((size_t *)d, k, r)) +
         row_offset_from(i, (size_t *)d, r, k) == row_offset(i, (size_t *)d, r);
       loop assigns k;
       loop variant r - k;
    @/
    while (k < r) {
      /@ assert count: count_from((size_t *)d, k, r) == d[k] * count_from((size_t *)d, k + 1, r); @/
      /@ assert step: \forall size_t i[SONNX_MAX_RANK];
           \let p = row_prefix(i, (size_t *)d, k); \let c = count_from((size_t *)d, k + 1, r);
           row_prefix(i, (size_t *)d, k + 1) == p * d[k] + i[k] &&
           row_offset_from(i, (size_t *)d, r, k) == i[k] * c + row_offset_from(i, (size_t *)d, r, k + 1) &&
           (p * d[k] + i[k]) * c == p * (d[k] * c) + i[k] * c; @/
      /@ assert t1: \forall size_t i[SONNX_MAX_RANK];
           \let p = row_prefix(i, (size_t *)d, k); \let c = count_from((size_t *)d, k + 1, r);
           times(row_prefix(i, (size_t *)d, k + 1), c) == times(p * d[k] + i[k], c); @/
      /@ assert t2: \forall size_t i[SONNX_MAX_RANK];
           \let p = row_prefix(i, (size_t *)d, k); \let c = count_from((size_t *)d, k + 1, r);
           times(p, count_from((size_t *)d, k, r)) == times(p, d[k] * c); @/
      /@ assert next: \forall size_t i[SONNX_MAX_RANK];
           times(row_prefix(i, (size_t *)d, k + 1), count_from((size_t *)d, k + 1, r)) +
           row_offset_from(i, (size_t *)d, r, k + 1) ==
           times(row_prefix(i, (size_t *)d, k), count_from((size_t *)d, k, r)) +
           row_offset_from(i, (size_t *)d, r, k); @/
      k++;
    }
    /@ assert \forall size_t i[SONNX_MAX_RANK]; row_offset_from(i, (size_t *)d, r, r) == 0; @/
  }
*/

/* Horner's form is never negative (indices and sizes are not). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall size_t i[SONNX_MAX_RANK]; 0 <= row_prefix(i, d, k);
  @/
  static void lemma_row_prefix_pos(const size_t *d, size_t k)
  {
    size_t j = 0;
    /@ loop invariant 0 <= j <= k;
       loop invariant \forall size_t i[SONNX_MAX_RANK]; 0 <= row_prefix(i, (size_t *)d, j);
       loop assigns j;
       loop variant k - j;
    @/
    while (j < k) {
      /@ assert \forall size_t i[SONNX_MAX_RANK];
           row_prefix(i, (size_t *)d, j + 1) == row_prefix(i, (size_t *)d, j) * d[j] + i[j]; @/
      j++;
    }
  }
*/

/* Lemma (induction on k, downwards): the quotient of the offset of i by the axes k .. r-1
   is Horner's form of i's first k axes, so each digit of the offset is i's index: the
   digit form inverts row_offset on the box (one-to-one). */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures \forall size_t i[SONNX_MAX_RANK]; in_box(i, d, r) ==>    // @req LIB-ROWMAJOR
       \forall integer k; 0 <= k < r ==> row_digit(d, r, row_offset(i, d, r), k) == i[k];
  @/
  static void lemma_digits_of_offset(const size_t *d, size_t r)
  {
    lemma_row_prefix(d, r);
    lemma_div_unique();
    size_t k = r;
    /@ loop invariant 0 <= k <= r;
       loop invariant quot: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
         row_quot((size_t *)d, r, row_offset(i, (size_t *)d, r), k) == row_prefix(i, (size_t *)d, k);
       loop invariant digits: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
         \forall integer j; k <= j < r ==> row_digit((size_t *)d, r, row_offset(i, (size_t *)d, r), j) == i[j];
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      lemma_row_prefix_pos(d, k);
      /@ assert unfold: \forall integer o;
           row_quot((size_t *)d, r, o, k) == row_quot((size_t *)d, r, o, k + 1) / d[k] &&
           row_digit((size_t *)d, r, o, k) == row_quot((size_t *)d, r, o, k + 1) % d[k]; @/
      /@ assert horner: \forall size_t i[SONNX_MAX_RANK];
           row_prefix(i, (size_t *)d, k + 1) == row_prefix(i, (size_t *)d, k) * d[k] + i[k]; @/
      /@ assert euclid: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
           (row_prefix(i, (size_t *)d, k) * d[k] + i[k]) / d[k] == row_prefix(i, (size_t *)d, k) &&
           (row_prefix(i, (size_t *)d, k) * d[k] + i[k]) % d[k] == i[k]; @/
    }
  }
*/

/* The digits of o are sizes below d (0 <= o, no size 0), and some multi-index holds them
   (induction on k, downwards: the multi-index for axes k + 1 .. r-1, updated on axis k). */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures bounds: sizes_pos(d, r) ==> \forall integer o, j; 0 <= o && 0 <= j < r ==> 0 <= row_digit(d, r, o, j) < d[j];
     ensures exists: sizes_pos(d, r) ==> \forall integer o; 0 <= o ==> has_digit_index(d, r, o, 0);
     ensures quot_pos: sizes_pos(d, r) ==> \forall integer o; 0 <= o ==> 0 <= row_quot(d, r, o, 0);
  @/
  static void lemma_digits_exist(const size_t *d, size_t r)
  {
    size_t t[SONNX_MAX_RANK];
    size_t k = r;
    /@ assert base: \forall integer o; holds_digits(t, (size_t *)d, r, o, k); @/
    /@ assert base_exists: \forall integer o; has_digit_index((size_t *)d, r, o, k); @/
    /@ loop invariant 0 <= k <= r;
       loop invariant quot_pos: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o ==> 0 <= row_quot((size_t *)d, r, o, k);
       loop invariant bounds: sizes_pos((size_t *)d, r) ==> \forall integer o, j; 0 <= o && k <= j < r ==>
         0 <= row_digit((size_t *)d, r, o, j) < d[j];
       loop invariant exists: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o ==>
         has_digit_index((size_t *)d, r, o, k);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      /@ assert quot: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o ==>
           row_quot((size_t *)d, r, o, k) == row_quot((size_t *)d, r, o, k + 1) / d[k] &&
           row_digit((size_t *)d, r, o, k) == row_quot((size_t *)d, r, o, k + 1) % d[k]; @/
      /@ assert digit: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o ==>
           0 <= row_digit((size_t *)d, r, o, k) < d[k] && 0 <= row_quot((size_t *)d, r, o, k); @/
      /@ assert update: sizes_pos((size_t *)d, r) ==> \forall integer o, size_t i[SONNX_MAX_RANK]; 0 <= o ==>
           holds_digits(i, (size_t *)d, r, o, k + 1) ==>
           holds_digits({ i \with [k] = (size_t)row_digit((size_t *)d, r, o, k) }, (size_t *)d, r, o, k); @/
      /@ assert step: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o ==>
           has_digit_index((size_t *)d, r, o, k + 1) ==> has_digit_index((size_t *)d, r, o, k); @/
    }
  }
*/

/* A count above 0 has no size 0 (induction on k, upwards). */
/*@ ghost
  /@ assigns \nothing;
     ensures count_from(d, 0, r) > 0 ==> sizes_pos(d, r);
  @/
  static void lemma_count_pos_sizes(const size_t *d, size_t r)
  {
    size_t k = 0;
    /@ loop invariant 0 <= k <= r;
       loop invariant count_from((size_t *)d, 0, r) > 0 ==> count_from((size_t *)d, k, r) > 0;
       loop invariant count_from((size_t *)d, 0, r) > 0 ==> \forall integer j; 0 <= j < k ==> d[j] >= 1;
       loop assigns k;
       loop variant r - k;
    @/
    while (k < r) {
      /@ assert count_from((size_t *)d, k, r) == d[k] * count_from((size_t *)d, k + 1, r); @/
      /@ assert count_from((size_t *)d, 0, r) > 0 ==> d[k] >= 1 && count_from((size_t *)d, k + 1, r) > 0; @/
      k++;
    }
  }
*/

/* Lemma (induction on k, downwards): a multi-index i holding the digits of o has offset o.
   From axis k on, o is its quotient by the axes k .. r-1 times their count plus the offset
   of i from axis k; at k = 0, o = q0 * count + row_offset(i) with q0 the quotient by all
   axes, so q0 == 0 for o < count (row_offset(i) >= 0). With lemma_digits_exist: every o of
   [0, count) is the offset of a multi-index of the box (row_offset is onto), its digits. */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures digits: \forall integer o, size_t i[SONNX_MAX_RANK];      // @req LIB-ROWMAJOR
       0 <= o < count_from(d, 0, r) && holds_digits(i, d, r, o, 0) ==>
       in_box(i, d, r) && row_offset(i, d, r) == o;
     ensures onto: \forall integer o; 0 <= o < count_from(d, 0, r) ==>     // @req LIB-ROWMAJOR
       has_index_at(d, r, o);
  @/
  static void lemma_offset_of_digits(const size_t *d, size_t r)
  {
    lemma_count_pos_sizes(d, r);
    lemma_digits_exist(d, r);
    lemma_row_offset_bounds(d, r);
    lemma_div_unique();
    /@ assert in_box: sizes_pos((size_t *)d, r) ==> \forall integer o, size_t i[SONNX_MAX_RANK]; 0 <= o ==>
         holds_digits(i, (size_t *)d, r, o, 0) ==> in_box(i, (size_t *)d, r); @/
    size_t k = r;
    /@ loop invariant 0 <= k <= r;
       loop invariant sizes_pos((size_t *)d, r) ==> \forall integer o, size_t i[SONNX_MAX_RANK]; 0 <= o ==>
         holds_digits(i, (size_t *)d, r, o, 0) ==>
         o == times(row_quot((size_t *)d, r, o, k), count_from((size_t *)d, k, r)) +
              row_offset_from(i, (size_t *)d, r, k);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      /@ assert unf: \forall integer o;
           row_quot((size_t *)d, r, o, k) == row_quot((size_t *)d, r, o, k + 1) / d[k] &&
           row_digit((size_t *)d, r, o, k) == row_quot((size_t *)d, r, o, k + 1) % d[k]; @/
      /@ assert euclid_all: sizes_pos((size_t *)d, r) ==> \forall integer a; a == (a / d[k]) * d[k] + a % d[k]; @/
      /@ assert euclid: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o ==>
           row_quot((size_t *)d, r, o, k + 1) ==
             row_quot((size_t *)d, r, o, k) * d[k] + row_digit((size_t *)d, r, o, k); @/
      /@ assert count: count_from((size_t *)d, k, r) == d[k] * count_from((size_t *)d, k + 1, r); @/
      /@ assert offset: \forall size_t i[SONNX_MAX_RANK];
           row_offset_from(i, (size_t *)d, r, k) ==
           i[k] * count_from((size_t *)d, k + 1, r) + row_offset_from(i, (size_t *)d, r, k + 1); @/
      /@ assert a1: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o ==>
           \let c = count_from((size_t *)d, k + 1, r);
           times(row_quot((size_t *)d, r, o, k + 1), c) ==
           times(row_quot((size_t *)d, r, o, k) * d[k] + row_digit((size_t *)d, r, o, k), c); @/
      /@ assert a2: \forall integer o;
           \let c = count_from((size_t *)d, k + 1, r);
           times(row_quot((size_t *)d, r, o, k), count_from((size_t *)d, k, r)) ==
           times(row_quot((size_t *)d, r, o, k), d[k] * c); @/
      /@ assert a3_digit: \forall integer o, size_t i[SONNX_MAX_RANK]; holds_digits(i, (size_t *)d, r, o, 0) ==>
           i[k] == row_digit((size_t *)d, r, o, k); @/
      /@ assert a3: \forall integer o, size_t i[SONNX_MAX_RANK]; holds_digits(i, (size_t *)d, r, o, 0) ==>
           \let c = count_from((size_t *)d, k + 1, r);
           times(i[k], c) == times(row_digit((size_t *)d, r, o, k), c); @/
      /@ assert ring: \forall integer o;
           \let q = row_quot((size_t *)d, r, o, k); \let c = count_from((size_t *)d, k + 1, r);
           \let g = row_digit((size_t *)d, r, o, k);
           (q * d[k] + g) * c == q * (d[k] * c) + g * c; @/
    }
    lemma_times_ge();
    /@ assert q0_split: sizes_pos((size_t *)d, r) ==> \forall integer o, size_t i[SONNX_MAX_RANK];
         0 <= o < count_from((size_t *)d, 0, r) ==> holds_digits(i, (size_t *)d, r, o, 0) ==>
         times(row_quot((size_t *)d, r, o, 0), count_from((size_t *)d, 0, r)) < count_from((size_t *)d, 0, r); @/
    /@ assert q0_each: sizes_pos((size_t *)d, r) ==> \forall integer o, size_t i[SONNX_MAX_RANK];
         0 <= o < count_from((size_t *)d, 0, r) ==> holds_digits(i, (size_t *)d, r, o, 0) ==>
         row_quot((size_t *)d, r, o, 0) == 0; @/
    /@ assert q0: sizes_pos((size_t *)d, r) ==> \forall integer o; 0 <= o < count_from((size_t *)d, 0, r) ==>
         has_digit_index((size_t *)d, r, o, 0) ==> row_quot((size_t *)d, r, o, 0) == 0; @/
    /@ assert digits_offset: \forall integer o, size_t i[SONNX_MAX_RANK]; 0 <= o < count_from((size_t *)d, 0, r) ==>
         holds_digits(i, (size_t *)d, r, o, 0) ==>
         in_box(i, (size_t *)d, r) && row_offset(i, (size_t *)d, r) == o; @/
    /@ assert witness: \forall integer o; 0 <= o < count_from((size_t *)d, 0, r) ==>
         has_digit_index((size_t *)d, r, o, 0) ==> has_index_at((size_t *)d, r, o); @/
  }
*/

/* Lemma (induction on k, downwards): Ym's offset of f(i) is the flat form's source of the
   offset of i, one axis at a time: on axis k both select index_map of the same index (the
   digit of i's offset is i_k, lemma_digits_of_offset) with the same stride. */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures \forall size_t i[SONNX_MAX_RANK]; in_box(i, d, r) ==>    // @req SONNX-ELEM SONNX-F
       ym_offset(x, d, r, i) == source_from(x, d, r, row_offset(i, d, r), 0);
  @/
  static void lemma_ym_source(sonnx_shape x, const size_t *d, size_t r)
  {
    lemma_digits_of_offset(d, r);
    size_t k = r;
    /@ loop invariant 0 <= k <= r;
       loop invariant \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
         ym_offset_from(x, (size_t *)d, r, i, k) ==
         source_from(x, (size_t *)d, r, row_offset(i, (size_t *)d, r), k);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      /@ assert \forall integer o; source_from(x, (size_t *)d, r, o, k) ==
           source_from(x, (size_t *)d, r, o, k + 1) +
           index_map(row_digit((size_t *)d, r, o, k), padded_dim(x, r, k), d[k]) * padded_block(x, r, k + 1); @/
      /@ assert \forall size_t i[SONNX_MAX_RANK]; ym_offset_from(x, (size_t *)d, r, i, k) ==
           index_map(i[k], padded_dim(x, r, k), d[k]) * padded_block(x, r, k + 1) +
           ym_offset_from(x, (size_t *)d, r, i, k + 1); @/
      /@ assert digit: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
           row_digit((size_t *)d, r, row_offset(i, (size_t *)d, r), k) == i[k]; @/
      /@ assert same: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)d, r) ==>
           \let p = padded_dim(x, r, k); \let b = padded_block(x, r, k + 1);
           times(index_map(row_digit((size_t *)d, r, row_offset(i, (size_t *)d, r), k), p, d[k]), b) ==
           times(index_map(i[k], p, d[k]), b); @/
    }
  }
*/

/* The facts of the shape (r, d) that relate the two forms, for every input x. */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures index_facts(x, r, d);                                    // @req SONNX-ELEM LIB-ROWMAJOR
  @/
  static void lemma_index_facts(sonnx_shape x, const size_t *d, size_t r)
  {
    lemma_row_offset_bounds(d, r);
    lemma_ym_source(x, d, r);
    lemma_offset_of_digits(d, r);
  }
*/

/* The two forms of the element relation, from the facts of the shape (index_facts). Ghost
   lemma functions, not global ACSL lemmas: WP adds every global lemma to the context of
   every goal, and extra ones have sent z3 into matching loops in the kernel goals
   (proofs/timeouts.txt, write_block_at); these enter a goal only where a proof calls them.
   A function's postcondition is read in one memory state, so the output and input bytes
   are read in the same state (Here): a caller whose input bytes are not written since its
   Pre has them equal there. */

/* The flat relation's element o, in the form of element_bytes_equal (same body). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall char *zb, char *xb, size_t es, sonnx_shape x, integer r, size_t *d, integer o;
       element_broadcast_to{Here, Here}(zb, xb, es, x, r, d, o) <==>
       element_bytes_equal{Here, Here}(zb, o, xb, source_from(x, d, r, o, 0), es);
  @/
  static void lemma_element_broadcast_to_bytes(void) { }
*/

/* One multi-index: Zm[i] = Ym[f(i)] is the flat relation's element row_offset(i). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall char *zb, char *xb, size_t es, sonnx_shape x, integer r, size_t *d,
                     size_t i[SONNX_MAX_RANK];
       index_facts(x, r, d) && in_box(i, d, r) ==>
       (element_at_index{Here, Here}(zb, xb, es, x, r, d, i) <==>
        element_broadcast_to{Here, Here}(zb, xb, es, x, r, d, row_offset(i, d, r)));
  @/
  static void lemma_element_at_index_flat(void)
  {
    lemma_element_broadcast_to_bytes();
  }
*/

/* One offset o of [0, count): it is row_offset(i) for some multi-index i of the box. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall sonnx_shape x, integer r, size_t *d, integer o;
       index_facts(x, r, d) && 0 <= o < count_from(d, 0, r) ==> has_index_at(d, r, o);
  @/
  static void lemma_index_facts_onto(void) { }
*/

/* The element of a multi-index that has offset o is the flat relation's element o. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall char *zb, char *xb, size_t es, sonnx_shape x, integer r, size_t *d, integer o;
       index_facts(x, r, d) && elements_at_indices{Here, Here}(zb, xb, es, x, r, d) &&
       has_index_at(d, r, o) ==>
       element_broadcast_to{Here, Here}(zb, xb, es, x, r, d, o);
  @/
  static void lemma_elements_at_index_at(void)
  {
    lemma_element_at_index_flat();
  }
*/

/* Every o of [0, count) is such an offset. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall char *zb, char *xb, size_t es, sonnx_shape x, integer r, size_t *d, integer o;
       index_facts(x, r, d) && elements_at_indices{Here, Here}(zb, xb, es, x, r, d) &&
       0 <= o < count_from(d, 0, r) ==>
       element_broadcast_to{Here, Here}(zb, xb, es, x, r, d, o);
  @/
  static void lemma_elements_at_indices_element(void)
  {
    lemma_index_facts_onto();
    lemma_elements_at_index_at();
  }
*/

/* The spec's multi-index relation gives the contracts' flat relation: each o of [0, count)
   is the offset of a multi-index i of the box, whose f-mapped offset in Ym is the flat
   form's source of o (given the facts of the shape, which lemma_index_facts proves). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall char *zb, char *xb, size_t es, sonnx_shape x, integer r, size_t *d;
       index_facts(x, r, d) && elements_at_indices{Here, Here}(zb, xb, es, x, r, d) ==>
       elements_broadcast_to{Here, Here}(zb, xb, es, x, r, d, count_from(d, 0, r));
  @/
  static void lemma_elements_at_indices_flat(void)                  // @req SONNX-ELEM LIB-ROWMAJOR
  {
    lemma_elements_at_indices_element();
  }
*/

/* And the other way: the flat relation gives Zm[i] = Ym[f(i)] for every multi-index. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall char *zb, char *xb, size_t es, sonnx_shape x, integer r, size_t *d;
       index_facts(x, r, d) &&
       elements_broadcast_to{Here, Here}(zb, xb, es, x, r, d, count_from(d, 0, r)) ==>
       elements_at_indices{Here, Here}(zb, xb, es, x, r, d);
  @/
  static void lemma_flat_elements_at_indices(void)                  // @req SONNX-ELEM LIB-ROWMAJOR
  {
    lemma_element_at_index_flat();
  }
*/

/* The spec's multi-index relation and the contracts' flat relation are the same statement
   (given the facts of the shape, which lemma_index_facts proves). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall char *zb, char *xb, size_t es, sonnx_shape x, integer r, size_t *d;
       index_facts(x, r, d) ==>
       (elements_at_indices{Here, Here}(zb, xb, es, x, r, d) <==>
        elements_broadcast_to{Here, Here}(zb, xb, es, x, r, d, count_from(d, 0, r)));
  @/
  static void lemma_elements_at_indices_iff_flat(void)              // @req SONNX-ELEM LIB-ROWMAJOR
  {
    lemma_elements_at_indices_flat();
    lemma_flat_elements_at_indices();
  }
*/

#endif

/* Block structure of the row-major element relation (data_logic.h), proved once by
 * ghost lemma functions (the WP tutorial's technique) for the block kernel
 * (src/sonnx_fast_copy.c, issue 8).
 *
 * A kernel that writes z block by block needs three facts about source_offset:
 *   - the output element o = q*C + s (C the count of axes k .. r-1, s < C) takes
 *     its source on axes k .. r-1 from s alone, and on axes 0 .. k-1 from q alone
 *     (lemma_block_digits, lemma_outer_digits), so
 *     source_offset(q*C + s) == source_offset(q*C) + source_from(s, k)
 *     (lemma_block_source);
 *   - stretched axes add nothing (lemma_stretched_axes);
 *   - copied axes (x's padded size equals z's) map an offset inside their block to
 *     itself (lemma_copied_axes).
 * Each is an induction over the axes, walking from the last one down like the
 * definitions; its loop invariant carries the induction, and the Euclidean steps
 * are asserted in exactly the shape the provers need.
 * @req SONNX-ELEM SONNX-F LIB-ROWMAJOR */
#ifndef SONNX_ROW_MAJOR_LEMMAS_H
#define SONNX_ROW_MAJOR_LEMMAS_H

/* Euclidean division is unique: the facts every step below needs, stated once over
   integers. A lemma function with no argument is a lemma in scope only where a
   ghost call names it (a global one would reach every goal of the core). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer n, d, q, r; d > 0 && 0 <= r < d && 0 <= q && n == q * d + r ==>
       n / d == q && n % d == r;
  @/
  static void lemma_div_unique(void) { }
*/

/* Cancelling a positive factor of a strict inequality; twice, for both factor orders
   (see lemma_euclid). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer a, b, d; d > 0 && a * d < b * d ==> a < b;
     ensures swapped: \forall integer d, a, b; d > 0 && a * d < b * d ==> a < b;
  @/
  static void lemma_mul_lt_cancel(void) { }
*/

/* Remainders under a shift by a multiple, a multiple's remainder, and the
   remainder of a successor: the facts behind repeating a pattern (the fills of
   src/sonnx_fast_copy.c). Each follows from lemma_div_unique. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer f, t, d; d > 0 && 0 <= f && 0 <= t && f % d == 0 ==>
       (f + t) % d == t % d;
  @/
  static void lemma_mod_shift(void) { lemma_div_unique(); }
*/
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer f, d; d > 0 && 0 <= f ==> (f * d) % d == 0;
  @/
  static void lemma_mod_mul(void) { lemma_div_unique(); }
*/
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer q, b, d; d > 0 && 0 <= q && q % d == b ==>
       (q + 1) % d == (b + 1 < d ? b + 1 : 0);
  @/
  static void lemma_mod_succ(void) { lemma_div_unique(); }
*/

/* Products keep the order of their factors (nonnegative factor): the quantified form of
   lemma_mul_le_mono, for steps over logic terms that no ghost variable holds. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer a, b, c; 0 <= b <= a && 0 <= c ==> b * c <= a * c;
  @/
  static void lemma_mul_le_all(void) { }
*/

/* One unfolding of count_from, in a goal of its own (in a loop's context, provers
   unfold the definition without end). */
/*@ ghost
  /@ requires i < r;
     assigns \nothing;
     ensures count_from(dims, i, r) == dims[i] * count_from(dims, i + 1, r);
  @/
  static void lemma_count_unfold(const size_t *dims, size_t i, size_t r) { }
*/

/* A count splits at any axis k between a and r: the count of a .. r-1 is the count of
   a .. k-1 times the count of k .. r-1 (induction on a, downwards from k). */
/*@ ghost
  /@ requires a <= k <= r;
     requires \valid_read(dims + (0 .. r - 1));
     assigns \nothing;
     ensures count_from(dims, a, r) == count_from(dims, a, k) * count_from(dims, k, r);
  @/
  static void lemma_count_split(const size_t *dims, size_t a, size_t k, size_t r)
  {
    size_t i = k;
    /@ loop invariant a <= i <= k;
       loop invariant count_from(dims, i, r) == count_from(dims, i, k) * count_from(dims, k, r);
       loop assigns i;
       loop variant i;
    @/
    while (i > a) {
      i--;
      lemma_count_unfold(dims, i, r);
      lemma_count_unfold(dims, i, k);
      /@ assert \let u = (integer)dims[i]; \let v = count_from(dims, i + 1, k);
           \let w = count_from(dims, k, r);
           u * (v * w) == (u * v) * w; @/
    }
  }
*/

/* Euclidean division in the shape a goal meets it: (q*d + r) / d, with that very term
   as the trigger, in both factor orders: Qed sorts the factors of a product (the bound
   variables by their order in the quantifier), and a trigger does not commute, so the
   second statement only swaps the quantified variables. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer q, d, r; d > 0 && 0 <= r < d && 0 <= q ==>
       (q * d + r) / d == q && (q * d + r) % d == r;
     ensures swapped: \forall integer d, q, r; d > 0 && 0 <= r < d && 0 <= q ==>
       (q * d + r) / d == q && (q * d + r) % d == r;
  @/
  static void lemma_euclid(void) { lemma_div_unique(); }
*/

/* One unfolding of row_quot/row_digit and of source_from on axis j, each in a goal of
   its own (see lemma_count_unfold). */
/*@ ghost
  /@ requires shape_readable(z) && j < z.rank;
     assigns \nothing;
     ensures row_quot(z.dims, z.rank, o, j) == row_quot(z.dims, z.rank, o, j + 1) / z.dims[j];
     ensures row_digit(z.dims, z.rank, o, j) == row_quot(z.dims, z.rank, o, j + 1) % z.dims[j];
  @/
  static void lemma_quot_unfold(sonnx_shape z, size_t o, size_t j) { }
*/
/*@ ghost
  /@ requires shape_readable(z) && j < z.rank;
     assigns \nothing;
     ensures source_from(x, z.dims, z.rank, o, j) == source_from(x, z.dims, z.rank, o, j + 1) +
       index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]) *
       padded_block(x, z.rank, j + 1);
     ensures as_times: source_from(x, z.dims, z.rank, o, j) == source_from(x, z.dims, z.rank, o, j + 1) +
       times(index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]),
             padded_block(x, z.rank, j + 1));
  @/
  static void lemma_source_unfold(sonnx_shape x, sonnx_shape z, size_t o, size_t j) { }
*/

/*@ ghost
  /@ requires j < r;
     assigns \nothing;
     ensures padded_block(x, r, j) == padded_dim(x, r, j) * padded_block(x, r, j + 1);
  @/
  static void lemma_padded_unfold(sonnx_shape x, size_t r, size_t j) { }
*/

/* Distributivity and exact division, on ground sizes. */
/*@ ghost
  /@ assigns \nothing;
     ensures (a + b) * c == a * c + b * c;
  @/
  static void lemma_mul_distrib(size_t a, size_t b, size_t c) { }
*/
/*@ ghost
  /@ requires a < d;
     assigns \nothing;
     ensures a % d == a;
  @/
  static void lemma_mod_small(size_t a, size_t d) { }
*/
/*@ ghost
  /@ requires d > 0;
     assigns \nothing;
     ensures \forall integer q; 0 <= q && n == q * d ==> n / d == q;
  @/
  static void lemma_exact_div(size_t n, size_t d)
  {
    lemma_div_unique();
    /@ assert \forall integer q; 0 <= q && n == q * d ==> n == q * d + 0; @/
  }
*/

/* count_from peeled from the last axis: the count of axes k .. j is the count of
   k .. j-1 times dims[j] (induction on k, downwards from j). */
/*@ ghost
  /@ requires k <= j && j < SIZE_MAX;
     requires \valid_read(dims + (0 .. j));
     assigns \nothing;
     ensures count_from(dims, k, j + 1) == count_from(dims, k, j) * dims[j];
  @/
  static void lemma_count_peel_back(const size_t *dims, size_t k, size_t j)
  {
    size_t i = j;
    /@ assert count_from(dims, j, j + 1) == dims[j] * count_from(dims, j + 1, j + 1); @/
    /@ loop invariant k <= i <= j;
       loop invariant count_from(dims, i, j + 1) == count_from(dims, i, j) * dims[j];
       loop assigns i;
       loop variant i;
    @/
    while (i > k) {
      i--;
      lemma_count_unfold(dims, i, j);
      lemma_count_unfold(dims, i, j + 1);
      /@ assert \let a = (integer)dims[i]; \let b = count_from(dims, i + 1, j); \let c = (integer)dims[j];
           a * (b * c) == (a * b) * c; @/
    }
  }
*/

/* Inside a block: o = q*c + s with c = count_from(z, k, r) and s < c. Quotients by
   the later axes differ by q times the count of the axes in between, and the
   digits (hence the source parts) of axes k .. r-1 are those of s. */
/*@ ghost
  /@ requires shape_readable(z) && k <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires c == count_from(z.dims, k, z.rank);
     requires s < c && o == q * c + s;
     assigns \nothing;
     ensures quotient: row_quot(z.dims, z.rank, o, k) == q;
     ensures inner: source_from(x, z.dims, z.rank, o, k) == source_from(x, z.dims, z.rank, s, k);
  @/
  static void lemma_block_digits(sonnx_shape x, sonnx_shape z, size_t k, size_t c, size_t q,
                                 size_t s, size_t o)
  {
    size_t j = z.rank;
    /@ loop invariant k <= j <= z.rank;
       loop invariant row_quot(z.dims, z.rank, o, j) ==
         q * count_from(z.dims, k, j) + row_quot(z.dims, z.rank, s, j);
       loop invariant 0 <= row_quot(z.dims, z.rank, s, j) < count_from(z.dims, k, j);
       loop invariant source_from(x, z.dims, z.rank, o, j) == source_from(x, z.dims, z.rank, s, j);
       loop assigns j;
       loop variant j;
    @/
    while (j > k) {
      j--;
      lemma_count_peel_back(z.dims, k, j);
      lemma_quot_unfold(z, o, j);
      lemma_quot_unfold(z, s, j);
      lemma_source_unfold(x, z, o, j);
      lemma_source_unfold(x, z, s, j);
      /@ assert euclid_t: \let t = row_quot(z.dims, z.rank, s, j + 1); \let d = (integer)z.dims[j];
           t == (t / d) * d + t % d && 0 <= t % d < d && 0 <= t / d; @/
      /@ assert split: \let t = row_quot(z.dims, z.rank, s, j + 1); \let c = count_from(z.dims, k, j);
           \let d = (integer)z.dims[j];
           q * (c * d) + t == (q * c + t / d) * d + t % d; @/
      lemma_count_grows(z.dims, k, j);
      /@ assert quotient_nonneg: \let t = row_quot(z.dims, z.rank, s, j + 1);
           0 <= q * count_from(z.dims, k, j) && 0 <= q * count_from(z.dims, k, j) + t / (integer)z.dims[j]; @/
      lemma_euclid();
      /@ assert euclid_o: \let t = row_quot(z.dims, z.rank, s, j + 1); \let c = count_from(z.dims, k, j);
           \let d = (integer)z.dims[j];
           ((q * c + t / d) * d + t % d) / d == q * c + t / d &&
           ((q * c + t / d) * d + t % d) % d == t % d; @/
      /@ assert digits: row_quot(z.dims, z.rank, o, j) ==
           q * count_from(z.dims, k, j) + row_quot(z.dims, z.rank, s, j) &&
         row_digit(z.dims, z.rank, o, j) == row_digit(z.dims, z.rank, s, j); @/
      /@ assert same_part: \let p = padded_dim(x, z.rank, j); \let b = padded_block(x, z.rank, j + 1);
           times(index_map(row_digit(z.dims, z.rank, o, j), p, z.dims[j]), b) ==
           times(index_map(row_digit(z.dims, z.rank, s, j), p, z.dims[j]), b); @/
      /@ assert bound_scaled: \let t = row_quot(z.dims, z.rank, s, j + 1); \let c = count_from(z.dims, k, j);
         \let d = (integer)z.dims[j];
         (t / d) * d <= t < c * d; @/
      lemma_mul_lt_cancel();
      /@ assert bound: \let t = row_quot(z.dims, z.rank, s, j + 1); \let c = count_from(z.dims, k, j);
         \let d = (integer)z.dims[j];
         t / d < c; @/
    }
    /@ assert j == k && count_from(z.dims, k, j) == 1; @/
    /@ assert row_quot(z.dims, z.rank, s, j) == 0; @/
    /@ assert row_quot(z.dims, z.rank, o, j) == q; @/
  }
*/

/* Above a block: axes 0 .. k-1 take their digits from the quotient by the axes
   k .. r-1 alone, so two elements with the same quotient have the same source
   part on those axes (no arithmetic: one unfolding per axis). */
/*@ ghost
  /@ requires shape_readable(z) && k <= z.rank;
     requires row_quot(z.dims, z.rank, o1, k) == row_quot(z.dims, z.rank, o2, k);
     assigns \nothing;
     ensures source_from(x, z.dims, z.rank, o1, 0) - source_from(x, z.dims, z.rank, o1, k) ==
             source_from(x, z.dims, z.rank, o2, 0) - source_from(x, z.dims, z.rank, o2, k);
  @/
  static void lemma_outer_digits(sonnx_shape x, sonnx_shape z, size_t k, size_t o1, size_t o2)
  {
    size_t j = k;
    /@ loop invariant 0 <= j <= k;
       loop invariant row_quot(z.dims, z.rank, o1, j) == row_quot(z.dims, z.rank, o2, j);
       loop invariant source_from(x, z.dims, z.rank, o1, j) - source_from(x, z.dims, z.rank, o1, k) ==
                      source_from(x, z.dims, z.rank, o2, j) - source_from(x, z.dims, z.rank, o2, k);
       loop assigns j;
       loop variant j;
    @/
    while (j > 0u) {
      j--;
      lemma_quot_unfold(z, o1, j);
      lemma_quot_unfold(z, o2, j);
      lemma_source_unfold(x, z, o1, j);
      lemma_source_unfold(x, z, o2, j);
      /@ assert row_digit(z.dims, z.rank, o1, j) == row_digit(z.dims, z.rank, o2, j); @/
      /@ assert same_index: \let p = padded_dim(x, z.rank, j);
           index_map(row_digit(z.dims, z.rank, o1, j), p, z.dims[j]) ==
           index_map(row_digit(z.dims, z.rank, o2, j), p, z.dims[j]); @/
      /@ assert same_part: \let p = padded_dim(x, z.rank, j); \let b = padded_block(x, z.rank, j + 1);
           times(index_map(row_digit(z.dims, z.rank, o1, j), p, z.dims[j]), b) ==
           times(index_map(row_digit(z.dims, z.rank, o2, j), p, z.dims[j]), b); @/
    }
  }
*/

/* Element 0 has source 0 on every block of axes. */
/*@ ghost
  /@ requires shape_readable(z) && k <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     assigns \nothing;
     ensures source_from(x, z.dims, z.rank, 0, k) == 0;
  @/
  static void lemma_source_zero(sonnx_shape x, sonnx_shape z, size_t k)
  {
    size_t j = z.rank;
    /@ loop invariant k <= j <= z.rank;
       loop invariant row_quot(z.dims, z.rank, 0, j) == 0;
       loop invariant source_from(x, z.dims, z.rank, 0, j) == 0;
       loop assigns j;
       loop variant j;
    @/
    while (j > k) {
      j--;
      lemma_quot_unfold(z, 0, j);
      lemma_source_unfold(x, z, 0, j);
      /@ assert row_digit(z.dims, z.rank, 0, j) == 0; @/
      /@ assert index_map(row_digit(z.dims, z.rank, 0, j), padded_dim(x, z.rank, j), z.dims[j]) == 0; @/
    }
  }
*/

/* The block step of a kernel: the source of element q*c + s is the source of the
   block's first element plus the source part of s on axes k .. r-1. */
/*@ ghost
  /@ requires shape_readable(z) && k <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires c == count_from(z.dims, k, z.rank);
     requires s < c && b == q * c && o == b + s;
     assigns \nothing;
     ensures source_offset(x, z, o) == source_offset(x, z, b) + source_from(x, z.dims, z.rank, s, k);
  @/
  static void lemma_block_source(sonnx_shape x, sonnx_shape z, size_t k, size_t c, size_t q,
                                 size_t s, size_t b, size_t o)
  {
    lemma_block_digits(x, z, k, c, q, s, o);
    lemma_block_digits(x, z, k, c, q, 0, b);
    lemma_source_zero(x, z, k);
    lemma_outer_digits(x, z, k, o, b);
  }
*/

/* Stretched axes (x's padded size 1) add nothing to the source. */
/*@ ghost
  /@ requires shape_readable(z) && k <= m <= z.rank;
     requires \forall integer t; k <= t < m ==> padded_dim(x, z.rank, t) == 1;
     assigns \nothing;
     ensures source_from(x, z.dims, z.rank, s, k) == source_from(x, z.dims, z.rank, s, m);
  @/
  static void lemma_stretched_axes(sonnx_shape x, sonnx_shape z, size_t k, size_t m, size_t s)
  {
    size_t j = m;
    /@ loop invariant k <= j <= m;
       loop invariant source_from(x, z.dims, z.rank, s, j) == source_from(x, z.dims, z.rank, s, m);
       loop assigns j;
       loop variant j;
    @/
    while (j > k) {
      j--;
      lemma_quot_unfold(z, s, j);
      lemma_source_unfold(x, z, s, j);
      /@ assert z.dims[j] == 1 ==> row_digit(z.dims, z.rank, s, j) == 0; @/
      /@ assert index_map(row_digit(z.dims, z.rank, s, j), padded_dim(x, z.rank, j), z.dims[j]) == 0; @/
    }
  }
*/

/* Copied axes (x's padded size equals z's): inside their block, an offset is its
   own source. Mixed radix: source + quotient * block == offset, per axis. */
/*@ ghost
  /@ requires shape_readable(z) && m <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires \forall integer t; m <= t < z.rank ==> padded_dim(x, z.rank, t) == z.dims[t];
     requires c == count_from(z.dims, m, z.rank) && s < c;
     assigns \nothing;
     ensures source_from(x, z.dims, z.rank, s, m) == s;
     ensures padded_block(x, z.rank, m) == c;
  @/
  static void lemma_copied_axes(sonnx_shape x, sonnx_shape z, size_t m, size_t c, size_t s)
  {
    size_t j = z.rank;
    /@ loop invariant m <= j <= z.rank;
       loop invariant padded_block(x, z.rank, j) == count_from(z.dims, j, z.rank);
       loop invariant source_from(x, z.dims, z.rank, s, j) +
         row_quot(z.dims, z.rank, s, j) * count_from(z.dims, j, z.rank) == s;
       loop assigns j;
       loop variant j;
    @/
    while (j > m) {
      j--;
      lemma_padded_unfold(x, z.rank, j);
      lemma_quot_unfold(z, s, j);
      lemma_source_unfold(x, z, s, j);
      lemma_count_unfold(z.dims, j, z.rank);
      /@ assert copied: padded_dim(x, z.rank, j) == z.dims[j]; @/
      /@ assert digit: index_map(row_digit(z.dims, z.rank, s, j), padded_dim(x, z.rank, j), z.dims[j]) ==
           row_digit(z.dims, z.rank, s, j); @/
      /@ assert step: source_from(x, z.dims, z.rank, s, j) == source_from(x, z.dims, z.rank, s, j + 1) +
           row_digit(z.dims, z.rank, s, j) * count_from(z.dims, j + 1, z.rank); @/
      /@ assert radix: \let t = row_quot(z.dims, z.rank, s, j + 1); \let d = (integer)z.dims[j];
           \let e = count_from(z.dims, j + 1, z.rank);
           t == (t / d) * d + t % d; @/
      /@ assert radix_scaled: \let t = row_quot(z.dims, z.rank, s, j + 1); \let d = (integer)z.dims[j];
           \let e = count_from(z.dims, j + 1, z.rank);
           t * e == ((t / d) * d + t % d) * e; @/
      /@ assert radix_split: \let t = row_quot(z.dims, z.rank, s, j + 1); \let d = (integer)z.dims[j];
           \let e = count_from(z.dims, j + 1, z.rank);
           ((t / d) * d + t % d) * e == (t % d) * e + (t / d) * (d * e); @/
    }
    lemma_block_digits(x, z, m, c, 0, s, s);
  }
*/

/* Every source offset lies inside x: on axes j .. r-1 it is below the padded block of
   axis j (each index is below its padded size), and quotients stay nonnegative. */
/*@ ghost
  /@ requires shape_readable(x) && shape_readable(z);
     requires broadcasts_to(x, z);
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     assigns \nothing;
     ensures 0 <= source_offset(x, z, o) < padded_block(x, z.rank, 0);
  @/
  static void lemma_source_below(sonnx_shape x, sonnx_shape z, size_t o)
  {
    size_t j = z.rank;
    /@ loop invariant 0 <= j <= z.rank;
       loop invariant 0 <= row_quot(z.dims, z.rank, o, j);
       loop invariant 0 <= source_from(x, z.dims, z.rank, o, j) < padded_block(x, z.rank, j);
       loop assigns j;
       loop variant j;
    @/
    while (j > 0u) {
      j--;
      lemma_quot_unfold(z, o, j);
      lemma_source_unfold(x, z, o, j);
      /@ assert digit_range: 0 <= row_digit(z.dims, z.rank, o, j) < z.dims[j]; @/
      /@ assert index_range: \let i = index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]);
           0 <= i <= padded_dim(x, z.rank, j) - 1; @/
      lemma_padded_unfold(x, z.rank, j);
      /@ assert step: source_from(x, z.dims, z.rank, o, j) == source_from(x, z.dims, z.rank, o, j + 1) +
           index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]) *
           padded_block(x, z.rank, j + 1); @/
      lemma_mul_le_all();
      /@ assert scaled: \let i = index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]);
           \let b = padded_block(x, z.rank, j + 1);
           i * b <= (padded_dim(x, z.rank, j) - 1) * b &&
           (padded_dim(x, z.rank, j) - 1) * b + b == padded_dim(x, z.rank, j) * b; @/
    }
  }
*/

/* The element step of the block kernel: inside a block of axes k .. r-1 made of stretched
   axes k .. m-1 and copied axes m .. r-1, element s of the block takes the element s % run
   of the block's source run (run = count of the copied axes). */
/*@ ghost
  /@ requires shape_readable(z) && k <= m <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires \forall integer t; k <= t < m ==> padded_dim(x, z.rank, t) == 1;
     requires \forall integer t; m <= t < z.rank ==> padded_dim(x, z.rank, t) == z.dims[t];
     requires run == count_from(z.dims, m, z.rank) && block == count_from(z.dims, k, z.rank);
     requires o == q * block && s < block && o + s <= SIZE_MAX;
     assigns \nothing;
     ensures source_offset(x, z, o + s) == source_offset(x, z, o) + s % run;
  @/
  static void lemma_block_element(sonnx_shape x, sonnx_shape z, size_t k, size_t m, size_t run,
                                  size_t block, size_t q, size_t o, size_t s)
  {
    lemma_count_grows(z.dims, m, z.rank);
    lemma_block_source(x, z, k, block, q, s, o, o + s);
    lemma_stretched_axes(x, z, k, m, s);
    lemma_block_digits(x, z, m, run, s / run, s % run, s);
    lemma_copied_axes(x, z, m, run, s % run);
  }
*/

/* One more source inside x (the reference kernel's step, src/sonnx_data.c): extending the
   quantified bound in a goal of its own keeps the recursive definitions out of the context. */
/*@ ghost
  /@ requires sources_inside(x, z, es, count_x, o);
     requires source_inside(x, z, es, count_x, o);
     assigns \nothing;
     ensures sources_inside(x, z, es, count_x, o + 1);
  @/
  static void lemma_sources_extend(sonnx_shape x, sonnx_shape z, size_t es, size_t count_x, size_t o) { }
*/

#endif

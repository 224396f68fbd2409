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

/* Cancelling a positive factor of a strict inequality; twice, for both factor orders:
   Qed sorts the factors of a product (the bound variables by their order in the
   quantifier), and a trigger does not commute, so the second statement only swaps the
   quantified variables. */
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
/* The remainder of a sum depends on the remainders of its terms: an offset turned by b bytes
   inside a pattern of period d (fill_aligned, src/sonnx_fast_copy.c). From the Euclidean form of
   b, shifted by its multiple of d. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer a, b, d; d > 0 && 0 <= a && 0 <= b ==> (a + b % d) % d == (a + b) % d;
  @/
  static void lemma_mod_add(void)
  {
    lemma_mod_shift();
    lemma_mod_mul();
    /@ assert euclid: \forall integer b, d; d > 0 && 0 <= b ==>
         b == (b / d) * d + b % d && 0 <= b / d && 0 <= b % d; @/
    /@ assert multiple: \forall integer b, d; d > 0 && 0 <= b ==> ((b / d) * d) % d == 0; @/
    /@ assert shifted: \forall integer a, b, d; d > 0 && 0 <= a && 0 <= b ==>
         ((b / d) * d + (a + b % d)) % d == (a + b % d) % d; @/
  }
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

/* One unfolding of row_quot/row_digit on axis j (of source_from: unfold_lemmas.h), in a goal of
   its own (see lemma_count_unfold). */
/*@ ghost
  /@ requires shape_readable(z) && j < z.rank;
     assigns \nothing;
     ensures row_quot(z.dims, z.rank, o, j) == row_quot(z.dims, z.rank, o, j + 1) / z.dims[j];
     ensures row_digit(z.dims, z.rank, o, j) == row_quot(z.dims, z.rank, o, j + 1) % z.dims[j];
  @/
  static void lemma_quot_unfold(sonnx_shape z, size_t o, size_t j) { }
*/
#include "unfold_lemmas.h" /* lemma_source_unfold, shared with view_lemmas.h */

/*@ ghost
  /@ requires j < r;
     assigns \nothing;
     ensures padded_block(x, r, j) == padded_dim(x, r, j) * padded_block(x, r, j + 1);
  @/
  static void lemma_padded_unfold(sonnx_shape x, size_t r, size_t j) { }
*/

/* Distributivity and a small remainder, on ground sizes. */
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

/* count_from peeled from the last axis, in times() form (equal factors are then equal
   terms, see arith_lemmas.h), and divided back. */
/*@ ghost
  /@ requires k <= j && j < SIZE_MAX;
     requires \valid_read(dims + (0 .. j));
     requires \forall integer t; 0 <= t <= j ==> dims[t] >= 1;
     assigns \nothing;
     ensures as_times: count_from(dims, k, j + 1) == times(count_from(dims, k, j), dims[j]);
     ensures divided: count_from(dims, k, j + 1) / dims[j] == count_from(dims, k, j);
  @/
  static void lemma_count_div(const size_t *dims, size_t k, size_t j)
  {
    lemma_count_peel_back(dims, k, j);
    lemma_count_grows(dims, k, j);
    lemma_div_unique();
    /@ assert count_from(dims, k, j + 1) == count_from(dims, k, j) * dims[j] + 0; @/
  }
*/

/* One digit of a mixed-radix number, on ground values: n = q*cold + t with t < cold and
   cold = cnew*d. Dividing by d keeps the form (n/d = q*cnew + t/d, t/d < cnew) and both
   remainders agree. The Euclidean facts are used here, in a context of a few sizes,
   where the provers instantiate them (in lemma_block_digits' context they did not). */
/*@ ghost
  /@ requires d >= 1 && cold == times(cnew, d);
     requires n == q * cold + t && t < cold;
     assigns \nothing;
     ensures quot: n / d == q * cnew + t / d;
     ensures digit: n % d == t % d;
     ensures bound: t / d < cnew;
  @/
  static void lemma_digit_step(size_t n, size_t q, size_t cold, size_t cnew, size_t d, size_t t)
  {
    /@ assert product: cold == cnew * d; @/
    /@ assert euclid_t: t == (t / d) * d + t % d && 0 <= t % d < d && 0 <= t / d; @/
    /@ assert regroup: n == (q * cnew + t / d) * d + t % d; @/
    lemma_div_unique();
    /@ assert quotient: n / d == q * cnew + t / d && n % d == t % d; @/
    lemma_mul_lt_cancel();
    /@ assert scaled: (t / d) * d < cnew * d; @/
  }
*/

/* Inside a block: o = q*c + s with c = count_from(z, k, r) and s < c. Quotients by
   the later axes differ by q times the count of the axes in between, and the
   digits (hence the source parts) of axes k .. r-1 are those of s. The quotients and
   the count are carried in ghost sizes, so that each digit step is lemma_digit_step on
   ground values. */
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
    size_t ts = s;  // quotient of s by axes j .. r-1
    size_t to = o;  // quotient of o
    size_t cnt = c; // count of axes k .. j-1
    /@ loop invariant k <= j <= z.rank;
       loop invariant ts == row_quot(z.dims, z.rank, s, j) && to == row_quot(z.dims, z.rank, o, j);
       loop invariant cnt == count_from(z.dims, k, j);
       loop invariant to == q * cnt + ts && ts < cnt;
       loop invariant source_from(x, z.dims, z.rank, o, j) == source_from(x, z.dims, z.rank, s, j);
       loop assigns j, ts, to, cnt;
       loop variant j;
    @/
    while (j > k) {
      j--;
      const size_t d = z.dims[j];
      lemma_count_div(z.dims, k, j);
      const size_t cnt_next = cnt / d;
      lemma_digit_step(to, q, cnt, cnt_next, d, ts);
      lemma_quot_unfold(z, o, j);
      lemma_quot_unfold(z, s, j);
      lemma_source_unfold(x, z, o, j);
      lemma_source_unfold(x, z, s, j);
      /@ assert digits: row_digit(z.dims, z.rank, o, j) == row_digit(z.dims, z.rank, s, j); @/
      /@ assert same_part: \let p = padded_dim(x, z.rank, j); \let b = padded_block(x, z.rank, j + 1);
           times(index_map(row_digit(z.dims, z.rank, o, j), p, z.dims[j]), b) ==
           times(index_map(row_digit(z.dims, z.rank, s, j), p, z.dims[j]), b); @/
      ts = ts / d;
      to = to / d;
      cnt = cnt_next;
    }
    /@ assert j == k && cnt == 1 && ts == 0; @/
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

/* A factor of at least 1 does not shrink a product (on times, whose trigger is not
   reordered by the normalisation of products). */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer a, b; a >= 1 && b >= 0 ==> b <= times(a, b);
  @/
  static void lemma_times_ge(void) { }
*/

/* A count of trailing axes is at most a count of more trailing axes (no size 0). */
/*@ ghost
  /@ requires \valid_read(dims + (0 .. r - 1));
     requires m <= j <= r;
     requires \forall integer t; 0 <= t < r ==> dims[t] >= 1;
     assigns \nothing;
     ensures 1 <= count_from(dims, j, r) <= count_from(dims, m, r);
  @/
  static void lemma_count_suffix_le(const size_t *dims, size_t m, size_t j, size_t r)
  {
    lemma_count_grows(dims, j, r);
    size_t i = j;
    /@ loop invariant m <= i <= j;
       loop invariant 1 <= count_from(dims, j, r) <= count_from(dims, i, r);
       loop assigns i;
       loop variant i;
    @/
    while (i > m) {
      i--;
      /@ assert count_from(dims, i, r) == times(dims[i], count_from(dims, i + 1, r)); @/
      lemma_times_ge();
    }
  }
*/

/* The ring step of a mixed-radix number on ground sizes: t = (t/d)*d + t%d, scaled by e. */
/*@ ghost
  /@ requires d >= 1;
     assigns \nothing;
     ensures (t % d) * e + (t / d) * (d * e) == t * e;
  @/
  static void lemma_radix_step(size_t t, size_t d, size_t e)
  {
    /@ assert euclid: t == (t / d) * d + t % d; @/
    /@ assert scaled: t * e == ((t / d) * d + t % d) * e; @/
    /@ assert distributed: ((t / d) * d + t % d) * e == (t % d) * e + (t / d) * (d * e); @/
  }
*/

/* Copied axes (x's padded size equals z's): inside their block, an offset is its
   own source. Mixed radix: source + quotient * block == offset, per axis; the quotient
   and the block are carried in ghost sizes, so that each step is lemma_radix_step on
   ground values. */
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
    size_t ts = s; // quotient of s by axes j .. r-1
    size_t pk = 1; // count of axes j .. r-1
    /@ loop invariant m <= j <= z.rank;
       loop invariant pk == count_from(z.dims, j, z.rank) && padded_block(x, z.rank, j) == pk;
       loop invariant ts == row_quot(z.dims, z.rank, s, j);
       loop invariant source_from(x, z.dims, z.rank, s, j) + ts * pk == s;
       loop assigns j, ts, pk;
       loop variant j;
    @/
    while (j > m) {
      j--;
      const size_t d = z.dims[j];
      lemma_count_suffix_le(z.dims, m, j, z.rank);
      lemma_padded_unfold(x, z.rank, j);
      lemma_quot_unfold(z, s, j);
      lemma_source_unfold(x, z, s, j);
      lemma_count_unfold(z.dims, j, z.rank);
      /@ assert copied: padded_dim(x, z.rank, j) == d; @/
      /@ assert count_times: count_from(z.dims, j, z.rank) == times(d, pk); @/
      /@ assert block_times: padded_block(x, z.rank, j) == times(d, pk); @/
      /@ assert digit: index_map(row_digit(z.dims, z.rank, s, j), padded_dim(x, z.rank, j), z.dims[j]) ==
           ts % d; @/
      /@ assert part: source_from(x, z.dims, z.rank, s, j) ==
           source_from(x, z.dims, z.rank, s, j + 1) + times(ts % d, pk); @/
      lemma_radix_step(ts, d, pk);
      ts = ts / d;
      pk = d * pk;
    }
    lemma_block_digits(x, z, m, c, 0, s, s);
    /@ assert ts == 0 && pk == c; @/
  }
*/

/* The step of a bound in a mixed radix, on opaque products (times, so that the
   trigger is not reordered by the normalisation of products): a part below the block
   plus an index below the size times the block is below the size times the block. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer a, i, p, b; 0 <= a < b && 0 <= i < p ==>
       0 <= a + times(i, b) < times(p, b);
  @/
  static void lemma_below_step(void)
  {
    lemma_mul_le_all();
    /@ assert \forall integer i, p, b; 0 <= i < p && 0 <= b ==> i * b <= (p - 1) * b; @/
    /@ assert \forall integer p, b; (p - 1) * b + b == p * b; @/
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
           0 <= i < padded_dim(x, z.rank, j); @/
      lemma_padded_unfold(x, z.rank, j);
      /@ assert block_times: padded_block(x, z.rank, j) ==
           times(padded_dim(x, z.rank, j), padded_block(x, z.rank, j + 1)); @/
      lemma_below_step();
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

/* Stretched axes (x's padded size 1) add nothing to x's padded block either. */
/*@ ghost
  /@ requires k <= m <= r;
     requires \forall integer t; k <= t < m ==> padded_dim(x, r, t) == 1;
     assigns \nothing;
     ensures padded_block(x, r, k) == padded_block(x, r, m);
  @/
  static void lemma_stretched_block(sonnx_shape x, size_t r, size_t k, size_t m)
  {
    size_t j = m;
    /@ loop invariant k <= j <= m;
       loop invariant padded_block(x, r, j) == padded_block(x, r, m);
       loop assigns j;
       loop variant j;
    @/
    while (j > k) {
      j--;
      lemma_padded_unfold(x, r, j);
    }
  }
*/

/* The next block of the block kernel: blocks (axes k .. r-1, stretched k .. m-1, copied
   m .. r-1) follow each other on axis k - 1, a copied axis. Block q + 1's index on it is
   block q's plus one, or 0 when that wraps; when it does not wrap, the quotient above
   is the same and block q + 1's source is block q's plus x's block of axis k - 1, which
   is the run (the carried step of src/sonnx_fast_copy.c). */
/*@ ghost
  /@ requires shape_readable(z) && 1 <= k <= m <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires padded_dim(x, z.rank, k - 1) == z.dims[k - 1];
     requires \forall integer t; k <= t < m ==> padded_dim(x, z.rank, t) == 1;
     requires \forall integer t; m <= t < z.rank ==> padded_dim(x, z.rank, t) == z.dims[t];
     requires run == count_from(z.dims, m, z.rank) && block == count_from(z.dims, k, z.rank);
     requires o == q * block && o + block <= SIZE_MAX;
     assigns \nothing;
     ensures digit: \let d = row_digit(z.dims, z.rank, o, k - 1);
       row_digit(z.dims, z.rank, o + block, k - 1) == (d + 1 < z.dims[k - 1] ? d + 1 : 0);
     ensures step: row_digit(z.dims, z.rank, o, k - 1) + 1 < z.dims[k - 1] ==>
       source_offset(x, z, o + block) == source_offset(x, z, o) + run;
  @/
  static void lemma_next_block(sonnx_shape x, sonnx_shape z, size_t k, size_t m, size_t run,
                               size_t block, size_t q, size_t o)
  {
    const size_t D = z.dims[k - 1];
    lemma_count_grows(z.dims, k, z.rank);
    lemma_count_grows(z.dims, m, z.rank);
    lemma_mul_le_mono(block, 1, q);
    /@ assert q <= o && q + 1 <= SIZE_MAX; @/
    lemma_mul_distrib(q, 1, block);
    /@ assert o + block == (q + 1) * block; @/
    lemma_block_digits(x, z, k, block, q, 0, o);
    lemma_block_digits(x, z, k, block, q + 1, 0, o + block);
    lemma_source_zero(x, z, k);
    /@ assert quotients: row_quot(z.dims, z.rank, o, k) == q &&
         row_quot(z.dims, z.rank, o + block, k) == q + 1; @/
    /@ assert block_starts: source_from(x, z.dims, z.rank, o, k) == 0 &&
         source_from(x, z.dims, z.rank, o + block, k) == 0; @/
    lemma_quot_unfold(z, o, k - 1);
    lemma_quot_unfold(z, o + block, k - 1);
    const size_t d = q % D;
    /@ assert digits: row_digit(z.dims, z.rank, o, k - 1) == d &&
         row_digit(z.dims, z.rank, o + block, k - 1) == (q + 1) % D; @/
    lemma_mod_succ();
    /@ assert next_digit: (q + 1) % D == (d + 1 < D ? d + 1 : 0); @/
    if (d + 1u < D) {
      /@ assert q == (q / D) * D + d; @/
      /@ assert q + 1 == (q / D) * D + (d + 1) && 0 <= d + 1 < D && 0 <= q / D; @/
      lemma_div_unique();
      /@ assert same_quot: (q + 1) / D == q / D; @/
      /@ assert row_quot(z.dims, z.rank, o, k - 1) == row_quot(z.dims, z.rank, o + block, k - 1); @/
      lemma_outer_digits(x, z, k - 1, o, o + block);
      lemma_source_unfold(x, z, o, k - 1);
      lemma_source_unfold(x, z, o + block, k - 1);
      lemma_stretched_block(x, z.rank, k, m);
      lemma_copied_axes(x, z, m, run, 0);
      /@ assert run_block: padded_block(x, z.rank, k) == run; @/
      /@ assert part_o: source_from(x, z.dims, z.rank, o, k - 1) == times(d, run); @/
      /@ assert part_next: source_from(x, z.dims, z.rank, o + block, k - 1) == times(d + 1, run); @/
      lemma_mul_distrib(d, 1, run);
      /@ assert times(d + 1, run) == times(d, run) + run; @/
    }
  }
*/

/* Euclidean division with the quotient's multiple as an opaque product (times): the
   trigger is times(q, d) and n % d, terms that the normalisation of sums and products
   leaves as they are written. */
/*@ ghost
  /@ assigns \nothing;
     ensures \forall integer n, d, q; d > 0 && 0 <= q && times(q, d) <= n < times(q, d) + d ==>
       n / d == q && n % d == n - times(q, d);
  @/
  static void lemma_euclid_times(void)
  {
    lemma_div_unique();
    /@ assert \forall integer n, d, q; d > 0 && 0 <= q && times(q, d) <= n < times(q, d) + d ==>
         n == q * d + (n - times(q, d)) && 0 <= n - times(q, d) < d; @/
  }
*/

/* Bytes of a block of copies of a run (src/sonnx_fast_copy.c, write_block): byte
   s*es + b of the block (element s, byte b < es) is byte (s % run)*es + b of copy s / run
   of the run, which starts at byte times(s / run, run * es). */
/*@ ghost
  /@ requires run >= 1 && es >= 1;
     assigns \nothing;
     ensures bytes: \forall integer s, b; 0 <= s && 0 <= b < es ==>
       s * es + b == times(s / run, run * es) + ((s % run) * es + b);
     ensures inside: \forall integer s, b; 0 <= s && 0 <= b < es ==>
       0 <= (s % run) * es + b < run * es;
     ensures first: \forall integer s; 0 <= s ==> 0 <= s / run;
  @/
  static void lemma_block_bytes(size_t run, size_t es)
  {
    lemma_div_unique();
    lemma_mul_le_all();
    /@ assert split: \forall integer s; 0 <= s ==>
         s == (s / run) * run + s % run && 0 <= s % run < run && 0 <= s / run; @/
  }
*/

/* That offset in the run, alone (for a goal that needs no more of the above). */
/*@ ghost
  /@ requires run >= 1 && es >= 1;
     assigns \nothing;
     ensures inside: \forall integer s, b; 0 <= s && 0 <= b < es ==>
       0 <= (s % run) * es + b < run * es;
  @/
  static void lemma_run_inside(size_t run, size_t es) { lemma_block_bytes(run, es); }
*/

/* The same byte as a remainder: its offset in the run. */
/*@ ghost
  /@ requires run >= 1 && es >= 1;
     assigns \nothing;
     ensures \forall integer s, b; 0 <= s && 0 <= b < es ==>
       (s * es + b) % (run * es) == (s % run) * es + b;
  @/
  static void lemma_block_offset(size_t run, size_t es)
  {
    lemma_block_bytes(run, es);
    /@ assert bounds: \forall integer s, b; 0 <= s && 0 <= b < es ==>
         times(s / run, run * es) <= s * es + b < times(s / run, run * es) + run * es; @/
    lemma_euclid_times();
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

/* A source known by its value so: source_inside from a bound on so's bytes. so is a
   parameter, so that its product with es is the caller's term (a sum such as src + t,
   which the normalisation distributes), not a product over the recursive definition. */
/*@ ghost
  /@ requires source_offset(x, z, o) == so;
     requires so * es + es <= count_x * es;
     assigns \nothing;
     ensures source_inside(x, z, es, count_x, o);
  @/
  static void lemma_source_bytes(sonnx_shape x, sonnx_shape z, size_t es, size_t count_x,
                                 size_t o, size_t so) { }
*/

/* An output element from its bytes and the value so of its source: element_broadcast
   (one memory state) with so * es the caller's term, as for lemma_source_bytes. */
/*@ ghost
  /@ requires source_offset(x, z, e) == so;
     requires bytes: \forall integer b; 0 <= b < es ==> zb[e * es + b] == xb[so * es + b];
     assigns \nothing;
     ensures element_broadcast{Here, Here}(zb, xb, es, x, z, e);
  @/
  static void lemma_element_bytes(char *zb, char *xb, size_t es, sonnx_shape x, sonnx_shape z,
                                  size_t e, size_t so) { }
*/

/* The blocks of axes k .. r-1 (block elements each) in a shape: their number is the count
   of axes 0 .. k-1, and the division that computes it is exact. */
/*@ ghost
  /@ requires shape_readable(z) && k <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires block == count_from(z.dims, k, z.rank);
     assigns \nothing;
     ensures blocks: count_from(z.dims, 0, k) * block == count_from(z.dims, 0, z.rank);
     ensures quotient: count_from(z.dims, 0, z.rank) / block == count_from(z.dims, 0, k);
  @/
  static void lemma_outer_count(sonnx_shape z, size_t k, size_t block)
  {
    lemma_count_split(z.dims, 0, k, z.rank);
    lemma_count_grows(z.dims, k, z.rank);
    lemma_count_grows(z.dims, 0, k);
    /@ assert as_times: count_from(z.dims, 0, z.rank) == times(count_from(z.dims, 0, k), block); @/
    lemma_euclid_times();
  }
*/

#endif

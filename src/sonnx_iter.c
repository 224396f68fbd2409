/* The broadcast iteration (@req LIB-ITER): the output of Z1..ZN = Broadcast(X1..XN) walked in
 * row-major runs, for elementwise operators that read each input through the element relation
 * (SONNX-ELEM) instead of copying it. Contracts in sonnx_broadcast.h, logic in
 * spec/acsl/iter_logic.h.
 *
 * Design: init reuses sonnx_broadcast_shape (the checks and the output shape) and
 * sonnx_shape_count (the count), then fuses the innermost axes on which every input keeps one
 * step: 0 where all its padded sizes are 1, 1 where all equal the output's (an axis of output
 * size 1 fits either). A run is one block of those axes, so its length is the block's count and
 * each input's source advances by its step. next computes each input's source of the run's
 * first element with sonnx_element_source (the reference kernel's walk over the axes, as the
 * definition reads), so the axes above the block need no fusion: their cost is paid once per
 * run. No allocation, no recursion, no global state. */
#include "sonnx_internal.h"
#ifdef __FRAMAC__
#include "commut_lemmas.h"    /* lemma_max_rank_bounds */
#include "row_major_lemmas.h" /* the block structure of the element relation (spec/acsl) */
#endif

/* A count with no zero size: count > 0 means every size is at least 1. */
/*@ ghost
  /@ requires \valid_read(dims + (0 .. r - 1));
     requires count_from(dims, 0, r) > 0;
     assigns \nothing;
     ensures \forall integer t; 0 <= t < r ==> dims[t] >= 1;
  @/
  static void lemma_dims_positive(const size_t *dims, size_t r)
  {
    size_t t = 0;
    /@ loop invariant 0 <= t <= r;
       loop invariant \forall integer j; 0 <= j < t ==> dims[j] >= 1;
       loop assigns t;
       loop variant r - t;
    @/
    while (t < r) {
      if (dims[t] == 0u) {
        lemma_zero_absorbs(dims, t, r);
      }
      t++;
    }
  }
*/

/* x's padded blocks: at least 1 and growing towards axis 0 (padded sizes at least 1), and at
   most the output's blocks (padded sizes at most the output's), so they fit in size_t when
   the output's count does. Induction from the last axis. */
/*@ ghost
  /@ requires shape_readable(x) && x.rank <= r;
     requires \valid_read(zd + (0 .. r - 1));
     requires \forall integer t; 0 <= t < r ==> 1 <= padded_dim(x, r, t) <= zd[t];
     assigns \nothing;
     ensures grows: \forall integer k; 0 <= k <= r ==> 1 <= padded_block(x, r, k) <= padded_block(x, r, 0);
     ensures below: padded_block(x, r, 0) <= count_from(zd, 0, r);
  @/
  static void lemma_padded_blocks(sonnx_shape x, size_t r, const size_t *zd)
  {
    size_t k = r;
    /@ loop invariant 0 <= k <= r;
       loop invariant \forall integer j; k <= j <= r ==> 1 <= padded_block(x, r, j) <= padded_block(x, r, k);
       loop invariant padded_block(x, r, k) <= count_from(zd, k, r);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      lemma_padded_unfold(x, r, k);
      lemma_count_unfold(zd, k, r);
      /@ assert p: \let p = padded_dim(x, r, k); \let b = padded_block(x, r, k + 1);
           1 * b <= p * b; @/
      /@ assert pd: 1 <= padded_dim(x, r, k) <= zd[k]; @/
      /@ assert pb: 1 <= padded_block(x, r, k + 1) <= count_from(zd, k + 1, r); @/
      lemma_mul_le_all();
      /@ assert q1: \let p = padded_dim(x, r, k); \let b = padded_block(x, r, k + 1);
           \let d = (integer)zd[k]; p * b <= d * b; @/
      /@ assert q2: \let b = padded_block(x, r, k + 1);
           \let c = count_from(zd, k + 1, r); \let d = (integer)zd[k]; b * d <= c * d; @/
    }
  }
*/

/* Each input, once the output has elements: it broadcasts to the output and its blocks fit
   (iter_input_ok), from C1 and the output's count. */
/*@ ghost
  /@ requires \valid_read(in + (0 .. n - 1));
     requires \valid_read(zd + (0 .. r - 1));
     requires \forall integer t; 0 <= t < r ==> zd[t] >= 1;
     requires count_from(zd, 0, r) <= SIZE_MAX;
     requires \forall integer m; 0 <= m < n ==>
       shape_ok(in[m]) && shape_readable(in[m]) && in[m].rank <= r;
     requires \forall integer m, i; 0 <= m < n && 0 <= i < r ==> c1_axis(in[m], r, i, zd[i]);
     assigns \nothing;
     ensures \forall integer m; 0 <= m < n ==> iter_input_ok(in[m], r, zd);
  @/
  static void lemma_inputs_ok(const sonnx_shape *in, size_t n, size_t r, const size_t *zd)
  {
    size_t m = 0;
    /@ loop invariant 0 <= m <= n;
       loop invariant \forall integer j; 0 <= j < m ==> iter_input_ok(in[j], r, zd);
       loop assigns m;
       loop variant n - m;
    @/
    while (m < n) {
      /@ assert sizes: \forall integer t; 0 <= t < r ==> 1 <= padded_dim(in[m], r, t) <= zd[t]; @/
      lemma_padded_blocks(in[m], r, zd);
      /@ assert broadcasts_to_dims(in[m], r, zd); @/
      m++;
    }
  }
*/

/* One element of a run: element o + s of one block of axes k .. r-1, on which x has the step
   st, reads x at source_offset(o) + s * st (lemma_block_element: copied axes m = k give s % block,
   which is s; stretched axes m = r give s % 1, which is 0). */
/*@ ghost
  /@ requires shape_readable(z) && k <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires block == count_from(z.dims, k, z.rank);
     requires o == q * block && o + block <= SIZE_MAX && s < block;
     requires st == 0 || st == 1;
     requires block_mode(x, z.rank, z.dims, k, st);
     assigns \nothing;
     ensures source_offset(x, z, o + s) == source_offset(x, z, o) + run_part(s, st);
  @/
  static void lemma_run_element(sonnx_shape x, sonnx_shape z, size_t k, size_t block, size_t q,
                                size_t o, size_t st, size_t s)
  {
    if (st == 1u) {
      lemma_block_element(x, z, k, k, block, block, q, o, s);
      lemma_mod_small(s, block);
      /@ assert copied: source_offset(x, z, o + s) == source_offset(x, z, o) + s; @/
      /@ assert run_part(s, st) == s; @/
    } else {
      /@ assert count_from(z.dims, z.rank, z.rank) == 1; @/
      lemma_block_element(x, z, k, z.rank, 1, block, q, o, s);
      /@ assert s % 1 == 0; @/
      /@ assert stretched: source_offset(x, z, o + s) == source_offset(x, z, o); @/
      /@ assert run_part(s, st) == 0; @/
    }
  }
*/

/* A run: every element of the block, by lemma_run_element. */
/*@ ghost
  /@ requires shape_readable(z) && k <= z.rank;
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires block == count_from(z.dims, k, z.rank);
     requires o == q * block && o + block <= SIZE_MAX;
     requires st == 0 || st == 1;
     requires block_mode(x, z.rank, z.dims, k, st);
     assigns \nothing;
     ensures \forall integer s; 0 <= s < block ==>
       source_offset(x, z, o + s) == source_offset(x, z, o) + run_part(s, st);
  @/
  static void lemma_run_sources(sonnx_shape x, sonnx_shape z, size_t k, size_t block, size_t q,
                                size_t o, size_t st)
  {
    size_t s = 0;
    /@ loop invariant 0 <= s <= block;
       loop invariant \forall integer j; 0 <= j < s ==>
         source_offset(x, z, o + j) == source_offset(x, z, o) + run_part(j, st);
       loop assigns s;
       loop variant block - s;
    @/
    while (s < block) {
      lemma_run_element(x, z, k, block, q, o, st, s);
      s++;
    }
  }
*/

/* iter_valid from its parts, in a goal of its own: the callers prove each part as an assert
   among many quantified frames, where the provers do not find the whole predicate. */
/*@ ghost
  /@ requires \valid(it) && 1 <= it->n <= SONNX_MAX_INPUTS;
     requires \valid_read(it->inputs + (0 .. it->n - 1)) && \separated(it, it->inputs + (0 .. it->n - 1));
     requires it->rank <= SONNX_MAX_RANK;
     requires counts: it->count == count_from(&it->dims[0], 0, it->rank) &&
       it->block == count_from(&it->dims[0], it->axis, it->rank);
     requires walk: it->axis <= it->rank && it->ref_axis <= it->rank && it->block >= 1 &&
       it->count == it->runs * it->block && it->run <= it->runs &&
       it->offset == it->run * it->block && it->offset <= it->count;
     requires dims: it->count > 0 ==> \forall integer t; 0 <= t < it->rank ==> it->dims[t] >= 1;
     requires ok: it->count > 0 ==> \forall integer m; 0 <= m < it->n ==>
       iter_input_ok(it->inputs[m], it->rank, &it->dims[0]);
     requires sep: it->count > 0 ==> \forall integer m; 0 <= m < it->n ==>
       \separated(it, it->inputs[m].dims + (0 .. it->inputs[m].rank - 1));
     requires modes: it->count > 0 ==> \forall integer m; 0 <= m < it->n ==>
       block_mode(it->inputs[m], it->rank, &it->dims[0], it->axis,
                  iter_step(it->inputs[m], it->rank, it->ref_axis));
     assigns \nothing;
     ensures iter_valid(it);
  @/
  static void lemma_iter_valid(sonnx_broadcast_iter *it) { }
*/

/* One unfolding of source_from on axis j for every output offset at once (lemma_source_unfold
   of unfold_lemmas.h, quantified): the frame of store_source, in a goal of its own. */
/*@ ghost
  /@ requires j < z.rank;
     assigns \nothing;
     ensures \forall integer o; source_from(x, z.dims, z.rank, o, j) ==
       source_from(x, z.dims, z.rank, o, j + 1) +
       times(index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]),
             padded_block(x, z.rank, j + 1));
  @/
  static void lemma_source_unfold_all(sonnx_shape x, sonnx_shape z, size_t j) { }
*/

/* One write of a size_t (a field of the iterator, *out_offset, src[m] or step[m]) and what it
   leaves alone: the recursive definitions read through the output sizes zd (count_from) and
   the inputs' sizes (padded_block). Every size_t lives in one memory for WP, so each write
   changes the memory these definitions read; the provers do not carry them across it alone
   (that needs an induction over the axes), so the inductions are done here once, in a
   context of their own, and callers chain the ensures. */
/*@ requires \valid(p) && \valid_read(zd + (0 .. r - 1)) && \valid_read(in + (0 .. n - 1));
    requires \separated(p, zd + (0 .. r - 1), in + (0 .. n - 1));
    requires \forall integer m; 0 <= m < n ==> \separated(p, in[m].dims + (0 .. in[m].rank - 1));
    assigns *p;
    ensures stored: *p == v;
    ensures sizes: \forall integer m, t; 0 <= m < n && 0 <= t < r ==>
      padded_dim(in[m], r, t) == \old(padded_dim(in[m], r, t)) && zd[t] == \old(zd[t]);
    ensures counts: \forall integer k; 0 <= k <= r ==> count_from(zd, k, r) == \old(count_from(zd, k, r));
    ensures blocks: \forall integer m, k; 0 <= m < n && 0 <= k <= r ==>
      padded_block(in[m], r, k) == \old(padded_block(in[m], r, k));
    ensures ok: \forall integer m; 0 <= m < n && \old(iter_input_ok(in[m], r, (size_t *)zd)) ==>
      iter_input_ok(in[m], r, (size_t *)zd);
    ensures modes: \forall integer m, k, g; 0 <= m < n && 0 <= k <= r && 0 <= g <= r &&
      \old(block_mode(in[m], r, (size_t *)zd, k, iter_step(in[m], r, g))) ==>
      block_mode(in[m], r, (size_t *)zd, k, iter_step(in[m], r, g));
*/
static void store_kept(size_t *p, size_t v, const size_t *zd, size_t r, const sonnx_shape *in, size_t n)
{
  (void)zd; /* zd, r, in and n are read by the proof only (the frames) */
  (void)r;
  (void)in;
  (void)n;
  *p = v;
  /*@ ghost
    size_t b = r;
    /@ loop invariant 0 <= b <= r;
       loop invariant counts: \forall integer k; b <= k <= r ==>
         count_from(zd, k, r) == \at(count_from(zd, k, r), Pre);
       loop assigns b;
       loop variant b;
    @/
    while (b > 0u) {
      b--;
      /@ assert \let q = b; zd[q] == \at(zd[q], Pre); @/
      /@ assert count_from(zd, b, r) == zd[b] * count_from(zd, b + 1, r); @/
      /@ assert \let q = b; count_from{Pre}(zd, q, r) == \at(zd[q], Pre) * count_from{Pre}(zd, q + 1, r); @/
    }
    size_t j = 0;
    /@ loop invariant 0 <= j <= n;
       loop invariant blocks: \forall integer i, k; 0 <= i < j && 0 <= k <= r ==>
         padded_block(in[i], r, k) == \at(padded_block(in[i], r, k), Pre);
       loop assigns j;
       loop variant n - j;
    @/
    while (j < n) {
      /@ assert \let i = j; in[i] == \at(in[i], Pre); @/
      size_t a = r;
      /@ loop invariant 0 <= a <= r;
         loop invariant block: \let i = j; \forall integer k; a <= k <= r ==>
           padded_block(in[i], r, k) == \at(padded_block(in[i], r, k), Pre);
         loop assigns a;
         loop variant a;
      @/
      while (a > 0u) {
        a--;
        /@ assert dim: \let i = j; \let q = a; padded_dim(in[i], r, q) == \at(padded_dim(in[i], r, q), Pre); @/
        /@ assert padded_block(in[j], r, a) == padded_dim(in[j], r, a) * padded_block(in[j], r, a + 1); @/
        /@ assert \let i = j; \let q = a; \at(padded_block(in[i], r, q), Pre) ==
             \at(padded_dim(in[i], r, q), Pre) * \at(padded_block(in[i], r, q + 1), Pre); @/
      }
      j++;
    }
  */
}

/* Four writes of the iterator's fields (fuse_block's axis, ref_axis, block and runs) with
   store_kept's frames, chained here in a small context so that the caller sees one step. */
/*@ requires \valid(p1) && \valid(p2) && \valid(p3) && \valid(p4) && \separated(p1, p2, p3, p4);
    requires \valid_read(zd + (0 .. r - 1)) && \valid_read(in + (0 .. n - 1));
    requires \separated(p1, zd + (0 .. r - 1), in + (0 .. n - 1));
    requires \separated(p2, zd + (0 .. r - 1), in + (0 .. n - 1));
    requires \separated(p3, zd + (0 .. r - 1), in + (0 .. n - 1));
    requires \separated(p4, zd + (0 .. r - 1), in + (0 .. n - 1));
    requires \forall integer m; 0 <= m < n ==>
      \separated(in[m].dims + (0 .. in[m].rank - 1), p1, p2, p3, p4);
    assigns *p1, *p2, *p3, *p4;
    ensures stored: *p1 == v1 && *p2 == v2 && *p3 == v3 && *p4 == v4;
    ensures sizes: \forall integer m, t; 0 <= m < n && 0 <= t < r ==>
      padded_dim(in[m], r, t) == \old(padded_dim(in[m], r, t)) && zd[t] == \old(zd[t]);
    ensures counts: \forall integer k; 0 <= k <= r ==> count_from(zd, k, r) == \old(count_from(zd, k, r));
    ensures ok: \forall integer m; 0 <= m < n && \old(iter_input_ok(in[m], r, (size_t *)zd)) ==>
      iter_input_ok(in[m], r, (size_t *)zd);
    ensures modes: \forall integer m, k, g; 0 <= m < n && 0 <= k <= r && 0 <= g <= r &&
      \old(block_mode(in[m], r, (size_t *)zd, k, iter_step(in[m], r, g))) ==>
      block_mode(in[m], r, (size_t *)zd, k, iter_step(in[m], r, g));
*/
static void store4(size_t *p1, size_t v1, size_t *p2, size_t v2, size_t *p3, size_t v3, size_t *p4,
                   size_t v4, const size_t *zd, size_t r, const sonnx_shape *in, size_t n)
{
  store_kept(p1, v1, zd, r, in, n);
  store_kept(p2, v2, zd, r, in, n);
  store_kept(p3, v3, zd, r, in, n);
  store_kept(p4, v4, zd, r, in, n);
}

/* Two writes (src[m] and step[m] in run_sources), with the same frames and also the element
   relation of every input (source_from over the output z). */
/*@ requires \valid(p) && \valid(p2) && \separated(p, p2) && shape_readable(z);
    requires \valid_read(in + (0 .. n - 1));
    requires \separated(p, z.dims + (0 .. z.rank - 1), in + (0 .. n - 1));
    requires \separated(p2, z.dims + (0 .. z.rank - 1), in + (0 .. n - 1));
    requires \forall integer m; 0 <= m < n ==> \separated(p, in[m].dims + (0 .. in[m].rank - 1)) &&
      \separated(p2, in[m].dims + (0 .. in[m].rank - 1));
    assigns *p, *p2;
    ensures stored: *p == v && *p2 == v2;
    ensures sizes: \forall integer m, t; 0 <= m < n && 0 <= t < z.rank ==>
      padded_dim(in[m], z.rank, t) == \old(padded_dim(in[m], z.rank, t)) && z.dims[t] == \old(z.dims[t]);
    ensures counts: \forall integer k; 0 <= k <= z.rank ==>
      count_from(z.dims, k, z.rank) == \old(count_from(z.dims, k, z.rank));
    ensures blocks: \forall integer m, k; 0 <= m < n && 0 <= k <= z.rank ==>
      padded_block(in[m], z.rank, k) == \old(padded_block(in[m], z.rank, k));
    ensures sources: \forall integer m, o; 0 <= m < n ==>
      source_from(in[m], z.dims, z.rank, o, 0) == \old(source_from(in[m], z.dims, z.rank, o, 0));
    ensures ok: \forall integer m; 0 <= m < n && \old(iter_input_ok(in[m], z.rank, z.dims)) ==>
      iter_input_ok(in[m], z.rank, z.dims);
    ensures modes: \forall integer m, k, g; 0 <= m < n && 0 <= k <= z.rank && 0 <= g <= z.rank &&
      \old(block_mode(in[m], z.rank, z.dims, k, iter_step(in[m], z.rank, g))) ==>
      block_mode(in[m], z.rank, z.dims, k, iter_step(in[m], z.rank, g));
*/
static void store_source(size_t *p, size_t v, size_t *p2, size_t v2, const sonnx_shape *in, size_t n,
                         sonnx_shape z)
{
  store_kept(p, v, z.dims, z.rank, in, n);
  store_kept(p2, v2, z.dims, z.rank, in, n);
  /*@ ghost
    size_t b = z.rank;
    /@ loop invariant 0 <= b <= z.rank;
       loop invariant quots: \forall integer k, o; b <= k <= z.rank ==>
         row_quot(z.dims, z.rank, o, k) == \at(row_quot(z.dims, z.rank, o, k), Pre);
       loop assigns b;
       loop variant b;
    @/
    while (b > 0u) {
      b--;
      /@ assert \let q = b; z.dims[q] == \at(z.dims[q], Pre); @/
    }
    size_t j = 0;
    /@ loop invariant 0 <= j <= n;
       loop invariant sources: \forall integer i, o; 0 <= i < j ==>
         source_from(in[i], z.dims, z.rank, o, 0) == \at(source_from(in[i], z.dims, z.rank, o, 0), Pre);
       loop assigns j;
       loop variant n - j;
    @/
    while (j < n) {
      /@ assert \let i = j; in[i] == \at(in[i], Pre); @/
      size_t a = z.rank;
      /@ loop invariant 0 <= a <= z.rank;
         loop invariant source: \let i = j; \forall integer k, o; a <= k <= z.rank ==>
           source_from(in[i], z.dims, z.rank, o, k) == \at(source_from(in[i], z.dims, z.rank, o, k), Pre);
         loop assigns a;
         loop variant a;
      @/
      while (a > 0u) {
        a--;
        /@ assert dim: \let i = j; \let q = a; padded_dim(in[i], z.rank, q) == \at(padded_dim(in[i], z.rank, q), Pre) &&
             z.dims[q] == \at(z.dims[q], Pre); @/
        /@ assert part: \let i = j; \let q = a; \forall integer o;
             times(index_map(row_digit(z.dims, z.rank, o, q), padded_dim(in[i], z.rank, q), z.dims[q]),
                   padded_block(in[i], z.rank, q + 1)) ==
             \at(times(index_map(row_digit(z.dims, z.rank, o, q), padded_dim(in[i], z.rank, q), z.dims[q]),
                       padded_block(in[i], z.rank, q + 1)), Pre); @/
        lemma_source_unfold_all(in[j], z, a);
        /@ assert here: \let i = j; \let q = a; \forall integer o;
             source_from(in[i], z.dims, z.rank, o, q) == source_from(in[i], z.dims, z.rank, o, q + 1) +
             times(index_map(row_digit(z.dims, z.rank, o, q), padded_dim(in[i], z.rank, q), z.dims[q]),
                   padded_block(in[i], z.rank, q + 1)); @/
        /@ assert pre: \let i = j; \let q = a; \forall integer o;
             \at(source_from(in[i], z.dims, z.rank, o, q), Pre) ==
             \at(source_from(in[i], z.dims, z.rank, o, q + 1), Pre) +
             \at(times(index_map(row_digit(z.dims, z.rank, o, q), padded_dim(in[i], z.rank, q), z.dims[q]),
                       padded_block(in[i], z.rank, q + 1)), Pre); @/
      }
      j++;
    }
  */
}

/* The step of input x in the run at o (iter_step: 1 where its padded size on the reference
   axis g is not 1), with the run's element relation. */
/*@ requires shape_readable(x) && x.rank <= z.rank && shape_readable(z);
    requires k <= z.rank && g <= z.rank;
    requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
    requires block == count_from(z.dims, k, z.rank);
    requires o == q * block && o + block <= SIZE_MAX;
    requires block_mode(x, z.rank, z.dims, k, iter_step(x, z.rank, g));
    assigns \nothing;
    ensures \result == iter_step(x, z.rank, g) && \result <= 1;
    ensures \forall integer s; 0 <= s < block ==>
      source_offset(x, z, o + s) == source_offset(x, z, o) + run_part(s, \result);
*/
static size_t input_step(sonnx_shape x, sonnx_shape z, size_t g, size_t k, size_t block, size_t q,
                         size_t o)
{
  (void)k; /* k, block, q and o are read by the proof only (the ghost lemma call) */
  (void)block;
  (void)q;
  (void)o;
  const size_t st = ((g < z.rank) && (padded_dim_inline(x, z.rank, g) != 1u)) ? 1u : 0u;
  /*@ ghost lemma_run_sources(x, z, k, block, q, o, st); */
  return st;
}

/* Each input's source and step for the run at o (block elements, q-th block). */
/*@ requires n >= 1 && \valid_read(in + (0 .. n - 1));
    requires shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
    requires k <= z.rank && g <= z.rank && block == count_from(z.dims, k, z.rank);
    requires o == q * block && o + block <= SIZE_MAX;
    requires inputs: \forall integer m; 0 <= m < n ==> iter_input_ok(in[m], z.rank, z.dims) &&
      block_mode(in[m], z.rank, z.dims, k, iter_step(in[m], z.rank, g));
    requires \valid(src + (0 .. n - 1)) && \valid(step + (0 .. n - 1));
    requires \separated(src + (0 .. n - 1), step + (0 .. n - 1), in + (0 .. n - 1),
                        z.dims + (0 .. z.rank - 1));
    requires \forall integer m; 0 <= m < n ==>
      \separated(in[m].dims + (0 .. in[m].rank - 1), src + (0 .. n - 1), step + (0 .. n - 1));
    requires iter: it != \null ==> iter_valid(it) && it->count > 0 &&
      in == it->inputs && n == it->n && z.rank == it->rank && z.dims == &it->dims[0] &&
      g == it->ref_axis && k == it->axis && block == it->block &&
      \separated(it, src + (0 .. n - 1), step + (0 .. n - 1));
    assigns src[0 .. n - 1], step[0 .. n - 1];
    ensures \forall integer m; 0 <= m < n ==> src[m] == source_offset(in[m], z, o) && step[m] <= 1;
    ensures \forall integer m, s; 0 <= m < n && 0 <= s < block ==>
      source_offset(in[m], z, o + s) == src[m] + run_part(s, step[m]);
    ensures counts: \forall integer t; 0 <= t <= z.rank ==>
      count_from(z.dims, t, z.rank) == \old(count_from(z.dims, t, z.rank));
    ensures blocks: \forall integer m, t; 0 <= m < n && 0 <= t <= z.rank ==>
      padded_block(in[m], z.rank, t) == \old(padded_block(in[m], z.rank, t));
    ensures dims: \forall integer t; 0 <= t < z.rank ==> z.dims[t] == \old(z.dims[t]);
    ensures kept: \forall integer m; 0 <= m < n ==> iter_input_ok(in[m], z.rank, z.dims) &&
      block_mode(in[m], z.rank, z.dims, k, iter_step(in[m], z.rank, g));
    // The iterator these arguments come from (ghost): its state is kept, and the run's
    // relation stated as next's contract reads it, in a context smaller than next's.
    ensures iter: it != \null ==> iter_valid(it);
    ensures iter_sources: it != \null ==> \forall integer m; 0 <= m < n ==> src[m] == iter_source(it, m, o);
    ensures iter_elements: it != \null ==> \forall integer m, s; 0 <= m < n && 0 <= s < block ==>
      iter_source(it, m, o + s) == src[m] + run_part(s, step[m]);
*/
static void run_sources(const sonnx_shape *in, size_t n, sonnx_shape z, size_t g, size_t k,
                        size_t block, size_t q, size_t o, size_t *src, size_t *step)
                        /*@ ghost (sonnx_broadcast_iter *it) */
{
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant first: \forall integer j; 0 <= j < m ==>
        src[j] == source_offset(in[j], z, o) && step[j] <= 1;
      loop invariant run: \forall integer j, s; 0 <= j < m && 0 <= s < block ==>
        source_offset(in[j], z, o + s) == src[j] + run_part(s, step[j]);
      loop invariant sizes: \forall integer j, t; 0 <= j < n && 0 <= t < z.rank ==>
        padded_dim(in[j], z.rank, t) == \at(padded_dim(in[j], z.rank, t), Pre) &&
        z.dims[t] == \at(z.dims[t], Pre);
      loop invariant counts: \forall integer t; 0 <= t <= z.rank ==>
        count_from(z.dims, t, z.rank) == \at(count_from(z.dims, t, z.rank), Pre);
      loop invariant blocks: \forall integer j, t; 0 <= j < n && 0 <= t <= z.rank ==>
        padded_block(in[j], z.rank, t) == \at(padded_block(in[j], z.rank, t), Pre);
      loop invariant kept: \forall integer j; 0 <= j < n ==> iter_input_ok(in[j], z.rank, z.dims) &&
        block_mode(in[j], z.rank, z.dims, k, iter_step(in[j], z.rank, g));
      // the iterator's fields (lemma_iter_valid's requires walk): equal to their values at
      // Pre, where iter_valid gives the walk; equalities carry with no product to re-prove
      loop invariant walk_kept: it != \null ==> it->count == \at(it->count, Pre) &&
        it->runs == \at(it->runs, Pre) && it->run == \at(it->run, Pre) &&
        it->offset == \at(it->offset, Pre) && it->axis == \at(it->axis, Pre) &&
        it->ref_axis == \at(it->ref_axis, Pre) && it->block == \at(it->block, Pre) &&
        it->rank == \at(it->rank, Pre);
      loop invariant fields: it != \null ==> it->n == n && it->rank == z.rank && it->axis == k &&
        it->ref_axis == g && it->block == block && it->count > 0 && it->inputs == in;
      loop assigns m, src[0 .. n - 1], step[0 .. n - 1];
      loop variant n - m;
  */
  while (m < n) {
    const sonnx_shape x = in[m];
    /*@ assert ok: iter_input_ok(x, z.rank, z.dims); */
    /*@ assert step: \let i = m; iter_step(x, z.rank, g) == \at(iter_step(in[i], z.rank, g), Pre); */
    /*@ assert mode: block_mode(x, z.rank, z.dims, k, iter_step(x, z.rank, g)); */
    const size_t s0 = sonnx_element_source(x, z, o);
    const size_t st = input_step(x, z, g, k, block, q, o);
    /* Written through store_source, whose contract carries the definitions across. */
    store_source(&src[m], s0, &step[m], st, in, n, z);
    m++;
  }
  /*@ assert walk: it != \null ==> it->axis <= it->rank && it->ref_axis <= it->rank &&
        it->block >= 1 && it->count == it->runs * it->block && it->run <= it->runs &&
        it->offset == it->run * it->block && it->offset <= it->count; */
  /*@ ghost
    if (it != NULL) {
      lemma_iter_valid(it);
    }
  */
}

/* Whether every input keeps on axis a the step it has on axis g: its padded size is 1 on both
   or on neither. */
/*@ requires \valid_read(in + (0 .. n - 1)) && a < r && g < r;
    requires \forall integer m; 0 <= m < n ==> shape_readable(in[m]) && in[m].rank <= r;
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> \forall integer m; 0 <= m < n ==>
      (padded_dim(in[m], r, a) == 1 <==> padded_dim(in[m], r, g) == 1);
*/
static int keeps_steps(const sonnx_shape *in, size_t n, size_t r, size_t a, size_t g)
{
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant \forall integer j; 0 <= j < m ==>
        (padded_dim(in[j], r, a) == 1 <==> padded_dim(in[j], r, g) == 1);
      loop assigns m;
      loop variant n - m;
  */
  while (m < n) {
    if ((padded_dim_inline(in[m], r, a) == 1u) != (padded_dim_inline(in[m], r, g) == 1u)) {
      return 0;
    }
    m++;
  }
  return 1;
}

/* Axis a joins the block a + 1 .. r-1 (fuse_block's loop): every input keeps a block mode, with
   the reference axis g1 after the join (g0 before), in each of the loop's three cases. */
/*@ ghost
  /@ requires \valid_read(in + (0 .. n - 1)) && \valid_read(zd + (0 .. r - 1));
     requires a < r && g0 <= r && g1 <= r;
     requires modes: \forall integer m; 0 <= m < n ==>
       block_mode(in[m], r, zd, a + 1, iter_step(in[m], r, g0));
     requires c1: \forall integer m; 0 <= m < n ==>
       padded_dim(in[m], r, a) == zd[a] || padded_dim(in[m], r, a) == 1;
     requires size_one: zd[a] == 1 ==> g1 == g0;
     requires first: zd[a] != 1 && g0 == r ==> g1 == a && \forall integer t; a < t < r ==> zd[t] == 1;
     requires keeps: zd[a] != 1 && g0 < r ==> g1 == g0 && g0 > a && \forall integer m; 0 <= m < n ==>
       (padded_dim(in[m], r, a) == 1 <==> padded_dim(in[m], r, g0) == 1);
     assigns \nothing;
     ensures \forall integer m; 0 <= m < n ==> block_mode(in[m], r, zd, a, iter_step(in[m], r, g1));
  @/
  static void lemma_modes_join(const sonnx_shape *in, size_t n, size_t r, size_t *zd, size_t a,
                               size_t g0, size_t g1)
  {
    size_t m = 0;
    /@ loop invariant 0 <= m <= n;
       loop invariant \forall integer j; 0 <= j < m ==> block_mode(in[j], r, zd, a, iter_step(in[j], r, g1));
       loop assigns m;
       loop variant n - m;
    @/
    while (m < n) {
      /@ assert st0: iter_step(in[m], r, g0) == 0 ==>
           \forall integer t; a < t < r ==> padded_dim(in[m], r, t) == 1; @/
      /@ assert st1: iter_step(in[m], r, g0) == 1 ==>
           \forall integer t; a < t < r ==> padded_dim(in[m], r, t) == zd[t]; @/
      /@ assert block_mode(in[m], r, zd, a, iter_step(in[m], r, g1)); @/
      m++;
    }
  }
*/

/* The fused block: from the last axis up, every axis on which each input keeps its step
   (an axis of output size 1 always does), then the number of runs. */
/*@ requires \valid(it) && 1 <= it->n <= SONNX_MAX_INPUTS;
    requires \valid_read(it->inputs + (0 .. it->n - 1));
    requires \separated(it, it->inputs + (0 .. it->n - 1));
    requires it->rank <= SONNX_MAX_RANK;
    requires \forall integer m; 0 <= m < it->n ==>
      shape_ok(it->inputs[m]) && shape_readable(it->inputs[m]) && it->inputs[m].rank <= it->rank &&
      \separated(it, it->inputs[m].dims + (0 .. it->inputs[m].rank - 1));
    requires \forall integer m, i; 0 <= m < it->n && 0 <= i < it->rank ==>
      c1_axis(it->inputs[m], it->rank, i, it->dims[i]);
    requires it->count == count_from(&it->dims[0], 0, it->rank);
    requires it->run == 0 && it->offset == 0;
    assigns it->axis, it->ref_axis, it->block, it->runs;
    ensures iter_valid(it);
*/
static void fuse_block(sonnx_broadcast_iter *it)
{
  const size_t r = it->rank;
  const size_t n = it->n;
  const sonnx_shape *in = it->inputs;
  size_t k = r;      /* the block is axes k .. r-1 */
  size_t g = r;      /* its reference axis: the first of output size other than 1 met, r if none */
  size_t block = 1u; /* count of axes k .. r-1 */
  if (it->count > 0u) {
    /*@ ghost lemma_dims_positive(&it->dims[0], r); */
    /*@ ghost lemma_inputs_ok(in, n, r, &it->dims[0]); */
    /*@ loop invariant 0 <= k <= r;
        loop invariant g == r || (k <= g < r && it->dims[g] != 1);
        loop invariant g == r ==> \forall integer t; k <= t < r ==> it->dims[t] == 1;
        loop invariant block == count_from(&it->dims[0], k, r);
        loop invariant modes: \forall integer m; 0 <= m < n ==>
          block_mode(in[m], r, &it->dims[0], k, iter_step(in[m], r, g));
        loop assigns k, g, block;
        loop variant k;
    */
    while (k > 0u) {
      const size_t a = k - 1u;
      const size_t d = it->dims[a];
      /*@ ghost const size_t g0 = g; */
      /*@ assert c1_a: \forall integer m; 0 <= m < n ==>
            padded_dim(in[m], r, a) == d || padded_dim(in[m], r, a) == 1; */
      /*@ assert d == 1 ==> \forall integer m; 0 <= m < n ==> padded_dim(in[m], r, a) == 1; */
      if (d != 1u) {
        if (g == r) {
          /*@ assert stretched: \forall integer m, t; 0 <= m < n && k <= t < r ==>
                padded_dim(in[m], r, t) == 1; */
          g = a;
        } else if (keeps_steps(in, n, r, a, g) == 0) {
          break;
        }
      }
      /*@ ghost lemma_modes_join(in, n, r, &it->dims[0], a, g0, g); */
      /*@ assert modes_a: \forall integer m; 0 <= m < n ==>
            block_mode(in[m], r, &it->dims[0], a, iter_step(in[m], r, g)); */
      /*@ ghost lemma_count_unfold(&it->dims[0], a, r); */
      /*@ ghost lemma_count_grows(&it->dims[0], a, r); */
      block *= d;
      k = a;
    }
    /*@ ghost lemma_count_grows(&it->dims[0], k, r); */
    /*@ ghost sonnx_shape out = {r, &it->dims[0]}; */
    /*@ ghost lemma_outer_count(out, k, block); */
  }
  /* The fields last, through store_kept (whose contract carries the output's counts and the
     inputs' blocks across the writes). */
  const size_t runs = it->count / block;
  store4(&it->axis, k, &it->ref_axis, g, &it->block, block, &it->runs, runs, &it->dims[0], r, in, n);
  /*@ ghost lemma_iter_valid(it); */
}

/* sonnx_shape_count, with what its write of *count leaves alone: the counts of s's axes
   (the induction over the axes, as in store_kept). */
/*@ requires shape_ok(s) && shape_readable(s) && \valid(count);
    requires \separated(count, s.dims + (0 .. s.rank - 1));
    assigns *count;
    ensures \result == SONNX_OK <==> count_from(s.dims, 0, s.rank) <= SIZE_MAX;
    ensures \result == SONNX_OK ==> *count == count_from(s.dims, 0, s.rank);
    ensures counts: \forall integer k; 0 <= k <= s.rank ==>
      count_from(s.dims, k, s.rank) == \old(count_from(s.dims, k, s.rank));
*/
static sonnx_status count_kept(sonnx_shape s, size_t *count)
{
  const sonnx_status status = sonnx_shape_count(s, count);
  /*@ ghost
    size_t b = s.rank;
    /@ loop invariant 0 <= b <= s.rank;
       loop invariant counts: \forall integer k; b <= k <= s.rank ==>
         count_from(s.dims, k, s.rank) == \at(count_from(s.dims, k, s.rank), Pre);
       loop assigns b;
       loop variant b;
    @/
    while (b > 0u) {
      b--;
      /@ assert \let q = b; s.dims[q] == \at(s.dims[q], Pre); @/
      /@ assert count_from(s.dims, b, s.rank) == s.dims[b] * count_from(s.dims, b + 1, s.rank); @/
      /@ assert \let q = b; count_from{Pre}(s.dims, q, s.rank) ==
           \at(s.dims[q], Pre) * count_from{Pre}(s.dims, q + 1, s.rank); @/
    }
  */
  return status;
}

/* The overflow report, with what its writes of *err leave alone: the count of the output's
   sizes zd (the iterator's dims, passed as a pointer: the field's address form &it->dims[0]
   did not unfold in the provers). */
/*@ requires r <= SONNX_MAX_RANK && \valid_read(zd + (0 .. r - 1)) && (err == \null || \valid(err));
    requires err != \null ==> \separated(zd + (0 .. r - 1), err);
    assigns *err;
    ensures \result == SONNX_ERR_OVERFLOW;
    ensures err_is(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 0, SONNX_RULE_SONNX);
    ensures count: count_from(zd, 0, r) == \old(count_from(zd, 0, r));
*/
static sonnx_status report_overflow(const size_t *zd, size_t r, sonnx_error *err)
{
  (void)zd; /* zd and r are read by the proof only (the frame) */
  (void)r;
  const sonnx_status status =
      sonnx_report(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  /*@ ghost
    size_t b = r;
    /@ loop invariant 0 <= b <= r;
       loop invariant counts: \forall integer k; b <= k <= r ==>
         count_from(zd, k, r) == \at(count_from(zd, k, r), Pre);
       loop assigns b;
       loop variant b;
    @/
    while (b > 0u) {
      b--;
      /@ assert \let q = b; zd[q] == \at(zd[q], Pre); @/
      /@ assert count_from(zd, b, r) == zd[b] * count_from(zd, b + 1, r); @/
      /@ assert \let q = b; count_from{Pre}(zd, q, r) == \at(zd[q], Pre) * count_from{Pre}(zd, q + 1, r); @/
    }
  */
  return status;
}

/* init's success path, once the output shape is known (rank, dims: sonnx_broadcast_shape's
   result in init's locals): the shape into *it, its count, the fused block. Proved here, in
   a context without sonnx_broadcast_shape's contract, where the frames across the writes of
   the iterator's fields stay small enough for the provers (in init they did not). */
/*@ requires \valid(it) && 1 <= n <= SONNX_MAX_INPUTS && rank <= SONNX_MAX_RANK;
    requires \valid_read(inputs + (0 .. n - 1)) && \separated(it, inputs + (0 .. n - 1));
    requires \valid_read(dims + (0 .. rank - 1)) && \separated(it, dims + (0 .. rank - 1));
    requires err == \null || (\valid(err) && \separated(err, it));
    requires inputs_ok: \forall integer m; 0 <= m < n ==>
      shape_ok(inputs[m]) && shape_readable(inputs[m]) && inputs[m].rank <= rank &&
      \separated(it, inputs[m].dims + (0 .. inputs[m].rank - 1));
    requires c1: \forall integer m, i; 0 <= m < n && 0 <= i < rank ==> c1_axis(inputs[m], rank, i, dims[i]);
    assigns *it, *err;
    ensures copied: it->rank == rank && \forall integer i; 0 <= i < rank ==> it->dims[i] == \old(dims[i]);
    ensures overflow: \result == SONNX_ERR_OVERFLOW <==> count_from(&it->dims[0], 0, it->rank) > SIZE_MAX;
    ensures ok: \result == SONNX_OK <==> count_from(&it->dims[0], 0, it->rank) <= SIZE_MAX;
    ensures overflow_fields: \result == SONNX_ERR_OVERFLOW ==>
      err_is(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 0, SONNX_RULE_SONNX);
    ensures start: \result == SONNX_OK ==> iter_valid(it) && it->n == n && it->inputs == inputs &&
      it->offset == 0 && it->count == count_from(&it->dims[0], 0, it->rank);
    ensures err_kept: \result == SONNX_OK && err != \null ==>
      err->status == \old(err->status) && err->rule == \old(err->rule);
*/
static sonnx_status init_passed(size_t n, const sonnx_shape *inputs, const size_t *dims, size_t rank,
                                sonnx_broadcast_iter *it, sonnx_error *err)
{
  size_t *const zd = &it->dims[0]; /* one address form in the asserts below */
  /* Every field but the count and the block first, before anything is known of it->dims
     (a write after would have to carry the definitions over it->dims across it). */
  it->inputs = inputs;
  it->rank = rank;
  it->n = n;
  it->run = 0u;
  it->offset = 0u;
  size_t i = 0u;
  /* The copy keeps what the inputs and dims hold (they are apart from *it), field by field:
     the provers carry no struct or predicate across the writes, only these reads. */
  /*@ loop invariant 0 <= i <= rank && it->rank == rank && it->inputs == inputs && it->n == n &&
        it->run == 0 && it->offset == 0;
      loop invariant copied: \forall integer t; 0 <= t < i ==> zd[t] == \at(dims[t], Pre);
      loop invariant dims_kept: \forall integer t; 0 <= t < rank ==> dims[t] == \at(dims[t], Pre);
      loop invariant inputs_kept: \forall integer m; 0 <= m < n ==>
        inputs[m].rank == \at(inputs[m].rank, Pre) && inputs[m].dims == \at(inputs[m].dims, Pre);
      loop invariant sizes_kept: \forall integer m, j; 0 <= m < n && 0 <= j < inputs[m].rank ==>
        inputs[m].dims[j] == \at(inputs[m].dims[j], Pre);
      loop assigns i, it->dims[0 .. SONNX_MAX_RANK - 1];
      loop variant rank - i;
  */
  while (i < rank) {
    zd[i] = dims[i];
    i++;
  }
  /* padded_dim's read of each input size, at the index it reads: with it the provers find
     padded_kept (without, no prover did in 60 s). */
  /*@ assert sizes_at: \forall integer m, t; 0 <= m < n && 0 <= t < rank &&
        rank - inputs[m].rank <= t ==> \let j = t - (rank - inputs[m].rank);
        inputs[m].dims[j] == \at(inputs[m].dims[j], Pre); */
  /*@ assert padded_kept: \forall integer m, t; 0 <= m < n && 0 <= t < rank ==>
        padded_dim(inputs[m], rank, t) == \at(padded_dim(inputs[m], rank, t), Pre); */
  /*@ assert c1_it: \forall integer m, t; 0 <= m < n && 0 <= t < rank ==>
        c1_axis(inputs[m], rank, t, zd[t]); */
  /*@ assert copied_all: \forall integer t; 0 <= t < rank ==> zd[t] == \at(dims[t], Pre); */
  const sonnx_shape out = {rank, zd};
  if (count_kept(out, &it->count) != SONNX_OK) { /* @req LIB-OVERFLOW: the output's count */
    /*@ assert copied_over: it->rank == rank && \forall integer t; 0 <= t < rank ==> zd[t] == \at(dims[t], Pre); */
    /*@ assert copied_over_it: \forall integer t; 0 <= t < rank ==> it->dims[t] == \at(dims[t], Pre); */
    return report_overflow(zd, rank, err);
  }
  /*@ assert count: it->count == count_from(zd, 0, rank); */
  /*@ assert c1_counted: \forall integer m, t; 0 <= m < n && 0 <= t < rank ==>
        c1_axis(inputs[m], rank, t, zd[t]); */
  /*@ assert fields: it->n == n && it->inputs == inputs && it->rank == rank && it->run == 0 &&
        it->offset == 0; */
  /*@ assert c1: \forall integer m, j; 0 <= m < it->n && 0 <= j < it->rank ==>
        c1_axis(it->inputs[m], it->rank, j, it->dims[j]); */
  /*@ assert copied_kept: \forall integer t; 0 <= t < rank ==> it->dims[t] == \at(dims[t], Pre); */
  fuse_block(it);
  return SONNX_OK;
}

sonnx_status sonnx_broadcast_iter_init(size_t n, const sonnx_shape *inputs, sonnx_broadcast_iter *it,
                                       sonnx_error *err)
{
  if ((inputs == NULL) || (it == NULL)) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u,
                        (inputs == NULL) ? 2u : 3u);
  }
  /*@ ghost lemma_max_rank_bounds((sonnx_shape *)inputs, n); */
  /* The output shape into locals first: on an error before the count, *it is not written
     (the error behaviours assign *err only; WP frames a call by all its assigns, so a call
     that wrote *it on success would break them). */
  size_t dims[SONNX_MAX_RANK] = {0u};
  size_t rank = 0u;
  const sonnx_status status = sonnx_broadcast_shape(n, inputs, dims, SONNX_MAX_RANK, &rank, err);
  if (status != SONNX_OK) {
    return status;
  }
  /* init_passed's C1 at this state, from sonnx_broadcast_shape's at its call: its writes
     (the locals, *err) leave the inputs alone, read field by field. */
  /*@ assert inputs_kept: \forall integer m; 0 <= m < n ==>
        inputs[m].rank == \at(inputs[m].rank, Pre) && inputs[m].dims == \at(inputs[m].dims, Pre); */
  /*@ assert sizes_kept: \forall integer m, j; 0 <= m < n && 0 <= j < inputs[m].rank ==>
        inputs[m].dims[j] == \at(inputs[m].dims[j], Pre); */
  /*@ assert c1_pre: \forall integer i; 0 <= i < rank ==>
        c1_all_inputs{Pre}((sonnx_shape *)inputs, n, rank, i, dims[i]); */
  /*@ assert padded_kept: \forall integer m, t; 0 <= m < n && 0 <= t < rank ==>
        \let r = rank; padded_dim(inputs[m], r, t) == \at(padded_dim(inputs[m], r, t), Pre); */
  /*@ assert c1_dims: \forall integer m, i; 0 <= m < n && 0 <= i < rank ==>
        c1_axis(inputs[m], rank, i, dims[i]); */
  return init_passed(n, inputs, dims, rank, it, err);
}

/* The iterator's writes of one run: *out_offset, it->run, it->offset, through store_kept
   (whose contract carries the output's counts and the inputs' blocks across them), proved
   in a context of their own so that next's goals see only iter_valid. */
/*@ requires iter_valid(it) && it->offset != it->count;
    requires \valid(out_offset) && \separated(out_offset, it, it->inputs + (0 .. it->n - 1));
    requires it->count > 0 ==> \forall integer m; 0 <= m < it->n ==>
      \separated(it->inputs[m].dims + (0 .. it->inputs[m].rank - 1), out_offset);
    assigns *out_offset, it->run, it->offset;
    ensures *out_offset == \old(it->offset) && it->run == \old(it->run) + 1 &&
      it->offset == \old(it->offset) + it->block;
    ensures iter_valid(it);
    ensures inputs_kept: \forall integer m; 0 <= m < it->n ==> it->inputs[m] == \old(it->inputs[m]);
*/
static void advance(sonnx_broadcast_iter *it, size_t *out_offset)
{
  const size_t o = it->offset;
  const size_t block = it->block;
  const size_t run = it->run;
  /*@ ghost lemma_mul_le_mono(it->runs, run + 1, block); */
  /*@ assert o + block <= it->count; */
  /*@ assert next_run: run + 1 <= it->runs && (run + 1) * block == o + block; */
  store_kept(out_offset, o, &it->dims[0], it->rank, it->inputs, it->n);
  store_kept(&it->run, run + 1u, &it->dims[0], it->rank, it->inputs, it->n);
  store_kept(&it->offset, o + block, &it->dims[0], it->rank, it->inputs, it->n);
  /*@ ghost lemma_iter_valid(it); */
}

size_t sonnx_broadcast_iter_next(sonnx_broadcast_iter *it, size_t *out_offset, size_t *src,
                                 size_t *step)
{
  if (it->offset == it->count) {
    return 0u;
  }
  /*@ assert has_elements: it != \null && it->count > 0; */
  const size_t o = it->offset;
  const size_t run = it->run;
  const size_t n = it->n;
  const size_t block = it->block;
  const sonnx_shape z = {it->rank, it->dims};
  /* The iterator's writes first, so that run_sources' results hold at the end. */
  advance(it, out_offset);
  /*@ assert inputs_kept: \forall integer m; 0 <= m < n ==> it->inputs[m] == \at(it->inputs[m], Pre); */
  run_sources(it->inputs, n, z, it->ref_axis, it->axis, block, run, o, src, step)
    /*@ ghost (it) */;
  /*@ assert kept: it->n == n && it->block == block && *out_offset == o; */
  return block;
}

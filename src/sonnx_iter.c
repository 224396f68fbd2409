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
    assigns src[0 .. n - 1], step[0 .. n - 1];
    ensures \forall integer m; 0 <= m < n ==> src[m] == source_offset(in[m], z, o) && step[m] <= 1;
    ensures \forall integer m, s; 0 <= m < n && 0 <= s < block ==>
      source_offset(in[m], z, o + s) == src[m] + run_part(s, step[m]);
*/
static void run_sources(const sonnx_shape *in, size_t n, sonnx_shape z, size_t g, size_t k,
                        size_t block, size_t q, size_t o, size_t *src, size_t *step)
{
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant first: \forall integer j; 0 <= j < m ==>
        src[j] == source_offset(in[j], z, o) && step[j] <= 1;
      loop invariant run: \forall integer j, s; 0 <= j < m && 0 <= s < block ==>
        source_offset(in[j], z, o + s) == src[j] + run_part(s, step[j]);
      loop assigns m, src[0 .. n - 1], step[0 .. n - 1];
      loop variant n - m;
  */
  while (m < n) {
    const sonnx_shape x = in[m];
    src[m] = sonnx_element_source(x, z, o);
    step[m] = input_step(x, z, g, k, block, q, o);
    m++;
  }
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
      if (d != 1u) {
        if (g == r) {
          g = a;
        } else if (keeps_steps(in, n, r, a, g) == 0) {
          break;
        }
      }
      /*@ ghost lemma_count_unfold(&it->dims[0], a, r); */
      /*@ ghost lemma_count_grows(&it->dims[0], a, r); */
      block *= d;
      k = a;
    }
    /*@ ghost lemma_count_grows(&it->dims[0], k, r); */
    /*@ ghost sonnx_shape out = {r, &it->dims[0]}; */
    /*@ ghost lemma_outer_count(out, k, block); */
  }
  it->axis = k;
  it->ref_axis = g;
  it->block = block;
  it->runs = it->count / block;
}

sonnx_status sonnx_broadcast_iter_init(size_t n, const sonnx_shape *inputs, sonnx_broadcast_iter *it,
                                       sonnx_error *err)
{
  if ((inputs == NULL) || (it == NULL)) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u,
                        (inputs == NULL) ? 2u : 3u);
  }
  /*@ ghost lemma_max_rank_bounds((sonnx_shape *)inputs, n); */
  const sonnx_status status =
      sonnx_broadcast_shape(n, inputs, it->dims, SONNX_MAX_RANK, &it->rank, err);
  if (status != SONNX_OK) {
    return status;
  }
  const sonnx_shape out = {it->rank, it->dims};
  size_t count = 0u;
  if (sonnx_shape_count(out, &count) != SONNX_OK) { /* @req LIB-OVERFLOW: the output's count */
    return sonnx_report(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  it->n = n;
  it->inputs = inputs;
  it->count = count;
  it->run = 0u;
  it->offset = 0u;
  fuse_block(it);
  return SONNX_OK;
}

size_t sonnx_broadcast_iter_next(sonnx_broadcast_iter *it, size_t *out_offset, size_t *src,
                                 size_t *step)
{
  if (it->offset == it->count) {
    return 0u;
  }
  const size_t o = it->offset;
  const sonnx_shape z = {it->rank, it->dims};
  /*@ ghost lemma_mul_le_mono(it->runs, it->run + 1, it->block); */
  /*@ assert o + it->block <= it->count; */
  run_sources(it->inputs, it->n, z, it->ref_axis, it->axis, it->block, it->run, o, src, step);
  *out_offset = o;
  it->run++;
  it->offset = o + it->block;
  return it->block;
}

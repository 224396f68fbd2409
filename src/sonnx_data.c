/* Broadcasting of tensor data: the element relation of SONNX step 2,
 *   Zm[i] = Ym[f(i_1, dYm_1, dY_1), ..., f(i_nY, dYm_nY, dY_nY)],
 * made executable on flat row-major buffers. This file holds the checks of
 * the data functions, their choice of kernel, and the proved reference kernel
 * (copy_elements: one source offset per output element, computed exactly as
 * the ACSL definition source_offset, spec/acsl/data_logic.h, reads). The
 * library ships the fast kernel of sonnx_fast_copy.c, which has the same
 * contract; -DSONNX_REFERENCE_KERNEL selects the reference one. */
#include "sonnx_internal.h"
#include <stdbool.h> /* walk_to */
#ifdef __FRAMAC__
#include "view_lemmas.h" /* LIB-STRIDES: the view reads what the copy writes (spec/acsl) */
#include "operator_lemmas.h" /* SONNX-REC: the fold computes the operator's outcome (spec/acsl) */
#endif

/* Lemma (induction from the last axis): padded block sizes are positive and
   grow towards axis 0 when every padded size is positive. */
/*@ ghost
  /@ requires shape_readable(x) && x.rank <= r;
     requires \forall integer k; 0 <= k < r ==> padded_dim(x, r, k) >= 1;
     assigns \nothing;
     ensures \forall integer k; 0 <= k <= r ==> 1 <= padded_block(x, r, k) <= padded_block(x, r, 0);
  @/
  void lemma_padded_block_grows(sonnx_shape x, size_t r)
  {
    size_t k = r;
    /@ loop invariant 0 <= k <= r;
       loop invariant \forall integer j; k <= j <= r ==> 1 <= padded_block(x, r, j) <= padded_block(x, r, k);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0) {
      k--;
      /@ assert padded_block(x, r, k) == padded_dim(x, r, k) * padded_block(x, r, k + 1); @/
      /@ assert 1 * padded_block(x, r, k + 1) <= padded_dim(x, r, k) * padded_block(x, r, k + 1); @/
    }
  }
*/

/* Lemma: one unfolding of padded_block (some provers do not instantiate the
   recursive definition by themselves inside a loop). */
/*@ ghost
  /@ requires k < r;
     assigns \nothing;
     ensures padded_block(x, r, k) == padded_dim(x, r, k) * padded_block(x, r, k + 1);
  @/
  static void lemma_padded_block_step(sonnx_shape x, size_t r, size_t k) { }
*/

/* Lemma (induction from the last axis): padding adds axes of size 1 only, so
   the padded block of axis 0 is the element count of x (@req SONNX-STEP1-SHIFT). */
/*@ ghost
  /@ requires shape_readable(x) && x.rank <= r;
     assigns \nothing;
     ensures padded_block(x, r, 0) == shape_count(x);
  @/
  void lemma_padded_count(sonnx_shape x, size_t r)
  {
    size_t pad = r - x.rank;
    size_t k = r;
    /@ loop invariant pad <= k <= r;
       loop invariant padded_block(x, r, k) == count_from(x.dims, k - pad, x.rank);
       loop assigns k;
       loop variant k - pad;
    @/
    while (k > pad) {
      k--;
      /@ assert padded_dim(x, r, k) == x.dims[k - pad]; @/
      /@ assert padded_block(x, r, k) == padded_dim(x, r, k) * padded_block(x, r, k + 1); @/
      /@ assert count_from(x.dims, k - pad, x.rank) ==
                x.dims[k - pad] * count_from(x.dims, k - pad + 1, x.rank); @/
    }
    /@ loop invariant 0 <= k <= pad;
       loop invariant padded_block(x, r, k) == shape_count(x);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0) {
      k--;
      /@ assert padded_dim(x, r, k) == 1; @/
      lemma_padded_block_step(x, r, k);
    }
  }
*/

/* Contract in sonnx_internal.h (shared with the fast kernel). */
size_t sonnx_element_source(sonnx_shape x, sonnx_shape z, size_t o)
{
  size_t q = o;
  size_t src = 0;
  size_t block = 1;
  size_t k = z.rank;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant q == row_quot(z.dims, z.rank, o, k);
      loop invariant src == source_from(x, z.dims, z.rank, o, k);
      loop invariant block == padded_block(x, z.rank, k);
      loop invariant src < block;
      loop assigns k, q, src, block;
      loop variant k;
  */
  while (k > 0u) {
    k--;
    size_t size = z.dims[k];
    size_t digit = q % size;
    q /= size;
    size_t padded = padded_dim_inline(x, z.rank, k);
    size_t index = sonnx_index_map(digit, padded, size);
    /*@ assert index <= padded - 1; */
    /*@ ghost lemma_mul_le_mono(padded - 1, index, block); */
    /*@ assert padded * block == padded_block(x, z.rank, k); */
    src += index * block;
    block *= padded;
  }
  return src;
}

/* The unit the reference kernel repeats: one element of n bytes. */
/*@ requires \valid(dst + (0 .. n - 1)) && \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1];
    ensures \forall integer t; 0 <= t < n ==> dst[t] == \old(src[t]);
*/
static void copy_bytes(char *dst, const char *src, size_t n)
{
  size_t t = 0;
  /*@ loop invariant 0 <= t <= n;
      loop invariant \forall integer j; 0 <= j < t ==> dst[j] == \at(src[j], Pre);
      loop assigns t, dst[0 .. n - 1];
      loop variant n - t;
  */
  while (t < n) {
    dst[t] = src[t];
    t++;
  }
}

/* One more source inside x: extending the quantified bound in a goal of its
   own keeps the recursive definitions of source_offset out of the context
   (in copy_elements they send both provers instantiating). */
/*@ ghost
  /@ requires sources_inside(x, z, es, count_x, o);
     requires source_inside(x, z, es, count_x, o);
     assigns \nothing;
     ensures sources_inside(x, z, es, count_x, o + 1);
  @/
  static void lemma_sources_step(sonnx_shape x, sonnx_shape z, size_t es, size_t count_x, size_t o) { }
*/

/* The proved reference kernel: every output element, one after the other. */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires es >= 1;
    requires \forall integer k; 0 <= k < z.rank ==> z.dims[k] >= 1;
    requires \forall integer k; 0 <= k <= z.rank ==> 1 <= padded_block(x, z.rank, k) <= padded_block(x, z.rank, 0);
    requires count_z == shape_count(z) && count_x == padded_block(x, z.rank, 0);
    requires count_x * es <= SIZE_MAX && count_z * es <= SIZE_MAX;
    requires \valid_read(xb + (0 .. padded_block(x, z.rank, 0) * es - 1));
    requires \valid(zb + (0 .. count_z * es - 1));
    requires \separated(zb + (0 .. count_z * es - 1), xb + (0 .. padded_block(x, z.rank, 0) * es - 1));
    assigns zb[0 .. count_z * es - 1];
    ensures elements_broadcast{Post, Pre}(zb, (char *)xb, es, x, z, count_z);
    ensures sources_inside(x, z, es, count_x, count_z);
*/
static void copy_elements(const char *xb, char *zb, size_t es, sonnx_shape x,
                          sonnx_shape z, size_t count_x, size_t count_z)
{
  (void)count_x; /* read by the proof only (ghost lemma calls) */
  size_t o = 0;
  /*@ loop invariant 0 <= o <= count_z;
      loop invariant elements_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, o);
      loop invariant sources_inside(x, z, es, count_x, o);
      loop assigns o, zb[0 .. count_z * es - 1];
      loop variant count_z - o;
  */
  while (o < count_z) {
    size_t src = sonnx_element_source(x, z, o);
    /*@ ghost lemma_mul_le_mono(count_x, src + 1, es); */
    /*@ ghost lemma_mul_le_mono(count_z, o + 1, es); */
    /*@ ghost lemma_mul_le_mono(o, 0, es); */
    /*@ ghost lemma_mul_le_mono(src, 0, es); */
    /*@ assert (o + 1) * es == o * es + es && (src + 1) * es == src * es + es; */
    /*@ assert 0 <= source_offset(x, z, o) * es && source_offset(x, z, o) * es + es <= count_x * es; */
    /*@ assert source_inside(x, z, es, count_x, o); */
    /*@ ghost lemma_sources_step(x, z, es, count_x, o); */
    size_t base = o * es;
    size_t from = src * es;
  Before: __attribute__((unused));
    copy_bytes(zb + base, xb + from, es);
    /*@ assert copied: \let first = source_offset{Pre}(x, z, o) * es;
          \forall integer t; 0 <= t < es ==> zb[base + t] == \at(xb[first + t], Pre); */
    /*@ assert new_element: element_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, o); */
    /* The earlier elements are intact: one block at a time, so that each
       frame step is linear in the ground block j (no quantified product). */
    /*@ ghost
      size_t j = 0;
      /@ loop invariant 0 <= j <= o;
         loop invariant elements_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, j);
         loop assigns j;
         loop variant o - j;
      @/
      while (j < o) {
        lemma_mul_le_mono(o, j + 1, es);
        /@ assert (j + 1) * es == j * es + es; @/
        /@ assert block_kept: \forall integer t; 0 <= t < es ==>
              \let p = j * es + t; zb[p] == \at(zb[p], Before); @/
        /@ assert element_broadcast{Before, Pre}(zb, (char *)xb, es, x, z, j); @/
        /@ assert \let s = source_offset{Pre}(x, z, j) * es; \forall integer b; 0 <= b < es ==>
              \let p = j * es + b; \at(zb[p], Before) == \at(xb[s + b], Pre); @/
        /@ assert \let s = source_offset{Pre}(x, z, j) * es; \forall integer b; 0 <= b < es ==>
              \let p = j * es + b; zb[p] == \at(xb[s + b], Pre); @/
        /@ assert element_here: element_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, j); @/
        j++;
      }
    */
    o++;
  }
}

/* The reference kernel behind an entry point of its own (contract in sonnx_internal.h):
   sonnx_broadcast_to ships sonnx_fast_copy, and the tests check the fast kernel against this
   one, whose element relation is the one WP is proving (tests/test_fast_copy.cpp). */
void sonnx_reference_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                          size_t count_x, size_t count_z)
{
  copy_elements(xb, zb, es, x, z, count_x, count_z);
}

/* Index of the first axis where x does not broadcast to z (padded size
   neither z's nor a 1 facing a non-zero size), z.rank if none. */
/*@ requires shape_readable(x) && shape_readable(z) && x.rank <= z.rank;
    assigns \nothing;
    ensures 0 <= \result <= z.rank;
    ensures \forall integer k; 0 <= k < \result ==>
      padded_dim(x, z.rank, k) == z.dims[k] || (padded_dim(x, z.rank, k) == 1 && z.dims[k] != 0);
    ensures \result < z.rank ==>
      !(padded_dim(x, z.rank, \result) == z.dims[\result] ||
        (padded_dim(x, z.rank, \result) == 1 && z.dims[\result] != 0));
*/
static size_t first_unidirectional_violation(sonnx_shape x, sonnx_shape z)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant \forall integer t; 0 <= t < k ==>
        padded_dim(x, z.rank, t) == z.dims[t] || (padded_dim(x, z.rank, t) == 1 && z.dims[t] != 0);
      loop assigns k;
      loop variant z.rank - k;
  */
  while (k < z.rank) {
    size_t p = padded_dim_inline(x, z.rank, k);
    if (p != z.dims[k] && (p != 1u || z.dims[k] == 0u)) {
      break;
    }
    k++;
  }
  return k;
}

/* Element count of a shape's data, whose byte size fits in size_t, returned by value (a
   plain value for WP, so the caller's memory is the one the contracts talk about). The
   callers compute the byte size where they need it (count * es, proved not to wrap). */
typedef struct {
  sonnx_status status; /* SONNX_OK or SONNX_ERR_OVERFLOW */
  size_t count;
} byte_size_result;

/*@ requires shape_ok(s) && shape_readable(s) && es >= 1;
    assigns \nothing;
    ensures \result.status == SONNX_OK || \result.status == SONNX_ERR_OVERFLOW;
    ensures \result.status == SONNX_OK <==> shape_count(s) * es <= SIZE_MAX;
    ensures \result.status == SONNX_OK ==> \result.count == shape_count(s);
*/
static byte_size_result byte_size(sonnx_shape s, size_t es)
{
  byte_size_result r = {SONNX_ERR_OVERFLOW, 0u};
  sonnx_count n = sonnx_count_of(s);
  if (n.status != SONNX_OK) {
    /*@ assert shape_count(s) > SIZE_MAX; */
    /*@ assert shape_count(s) * es >= shape_count(s); */
    return r;
  }
  size_t c = n.count;
  if (c > SIZE_MAX / es) {
    /*@ assert c >= SIZE_MAX / es + 1 && es >= 2; */
    /*@ ghost lemma_mul_le_mono(c, SIZE_MAX / es + 1, es); */
    return r;
  }
  /*@ ghost lemma_mul_le_mono(SIZE_MAX / es, c, es); */
  r.status = SONNX_OK;
  r.count = c;
  return r;
}


/* sonnx_broadcast_to's walk of z's axes, from the last, in one pass (issue 34: the fixed cost
   of a small call, which walked the axes four times for these): C1 against x padded to z's
   rank (ONNX-UNIDIR: the first axis that breaks it, in axis), then z's element count and
   whether it exceeds SIZE_MAX, and x's. Under C1 each padded size of x is at most z's (a 1
   stretches to a positive size only), so x's count is at most z's and never overflows alone.
   The outcome is returned in sonnx_to_check's fields (status, axis, the counts).
   @req ONNX-UNIDIR SONNX-C1 SONNX-STEP1-SHIFT LIB-OVERFLOW */
/*@ requires shape_ok(x) && shape_readable(x) && shape_ok(z) && shape_readable(z);
    requires x.rank <= z.rank;
    assigns \nothing;
    behavior incompatible:
      assumes !broadcasts_to(x, z);
      ensures \result.status == SONNX_ERR_INCOMPATIBLE && 0 <= \result.axis < z.rank;
      ensures first_bad: !unidir_axis_ok(x, z, \result.axis) &&
        \forall integer t; 0 <= t < \result.axis ==> unidir_axis_ok(x, z, t);
    behavior overflow:
      assumes broadcasts_to(x, z) && shape_count(z) > SIZE_MAX;
      ensures \result.status == SONNX_ERR_OVERFLOW;
    behavior counted:
      assumes broadcasts_to(x, z) && shape_count(z) <= SIZE_MAX;
      ensures \result.status == SONNX_OK && \result.z_count == shape_count(z) &&
        \result.x_count == shape_count(x) && \result.x_count <= \result.z_count;
    complete behaviors;
    disjoint behaviors;
*/
static sonnx_to_check walk_to(sonnx_shape x, sonnx_shape z)
{
  const size_t r = z.rank;
  size_t bad = r;      /* the first axis where x does not broadcast to z, else r */
  bool big = false;    /* z's count so far exceeds SIZE_MAX */
  size_t z_count = 1u; /* z's count so far, unless big */
  size_t x_count = 1u; /* x's, likewise */
  size_t k = r;
  /*@ loop invariant 0 <= k <= r && k <= bad <= r;
      loop invariant bad < r ==> !unidir_axis_ok(x, z, bad);
      loop invariant \forall integer t; k <= t < bad ==> unidir_axis_ok(x, z, t);
      loop invariant big: bad == r ==> (big <==> count_from(z.dims, k, r) > SIZE_MAX);
      loop invariant z_count: bad == r && !big ==> z_count == count_from(z.dims, k, r);
      loop invariant x_count: bad == r && !big ==> x_count == padded_block(x, r, k);
      loop invariant x_below: bad == r && !big ==> x_count <= z_count;
      loop assigns k, bad, big, z_count, x_count;
      loop variant k;
  */
  while (k > 0u) {
    k--;
    const size_t d = z.dims[k];
    const size_t p = padded_dim_inline(x, r, k);
    /*@ assert z_step: count_from(z.dims, k, r) == d * count_from(z.dims, k + 1, r); */
    /*@ ghost lemma_padded_block_step(x, r, k); */
    if ((p != d) && ((p != 1u) || (d == 0u))) {
      bad = k; /* the lowest so far: the first one once the walk ends */
    } else if (bad == r) {
      if (d == 0u) {
        /* A size 0 makes both counts 0, whatever the axes after it (C1: x's size is 0 too). */
        /*@ assert zero_x: p == 0 && padded_block(x, r, k) == 0 && count_from(z.dims, k, r) == 0; */
        big = false;
        z_count = 0u;
        x_count = 0u;
      } else if (big) {
        /*@ assert still_big: d * count_from(z.dims, k + 1, r) >= count_from(z.dims, k + 1, r); */
      } else if (z_count > (SIZE_MAX / d)) {
        /*@ assert z_count >= SIZE_MAX / d + 1 && d >= 2; */
        /*@ ghost lemma_mul_le_mono(z_count, SIZE_MAX / d + 1, d); */
        big = true;
      } else {
        /*@ ghost lemma_mul_le_mono(SIZE_MAX / d, z_count, d); */
        /*@ ghost lemma_mul_le_mono(z_count, x_count, p); */
        /*@ ghost lemma_mul_le_mono(d, p, z_count); */
        /*@ assert z_next: count_from(z.dims, k, r) == times(d, z_count); */
        /*@ assert x_next: padded_block(x, r, k) == times(p, x_count); */
        z_count *= d;
        x_count *= p; /* p <= d, x_count <= z_count: at most the new z_count */
        /*@ assert counts_next: z_count == count_from(z.dims, k, r) &&
              x_count == padded_block(x, r, k) && x_count <= z_count; */
      }
    } else {
      /* an axis above a failing one: the counts are not reported */
    }
  }
  /*@ ghost lemma_padded_count(x, r); */
  sonnx_to_check w = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, x_count, z_count};
  if (bad < r) {
    w.status = SONNX_ERR_INCOMPATIBLE;
    w.axis = bad;
  } else if (big) {
    w.status = SONNX_ERR_OVERFLOW;
  } else {
    /* every axis passed and z's count fits: SONNX_OK with both counts */
  }
  return w;
}

/* The last checks of sonnx_broadcast_to, once both byte sizes are known to fit, shared by
   check_to and sonnx_check_to_sizes: NULL data with a non-zero count (x_data is argument 2 and
   input 0, z_data argument 5), then z's capacity. @req LIB-NULL LIB-CAPACITY */
/*@ requires x_count * es <= SIZE_MAX && z_count * es <= SIZE_MAX;
    assigns \nothing;
    behavior null_x:
      assumes x_data == \null && x_count > 0;
      ensures \result.status == SONNX_ERR_NULL && \result.input == 0 && \result.expected == 2 &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0;
    behavior null_z:
      assumes !(x_data == \null && x_count > 0) && z_data == \null && z_count > 0;
      ensures \result.status == SONNX_ERR_NULL && \result.input == SONNX_NO_INDEX &&
        \result.expected == 5 && \result.axis == SONNX_NO_INDEX && \result.size == 0;
    behavior capacity:
      assumes !(x_data == \null && x_count > 0) && !(z_data == \null && z_count > 0);
      assumes z_capacity < z_count * es;
      ensures \result.status == SONNX_ERR_CAPACITY && \result.expected == z_count * es &&
        \result.input == SONNX_NO_INDEX && \result.axis == SONNX_NO_INDEX &&
        \result.size == z_capacity;
    behavior accepted:
      assumes !(x_data == \null && x_count > 0) && !(z_data == \null && z_count > 0);
      assumes z_capacity >= z_count * es;
      ensures \result.status == SONNX_OK && \result.x_count == x_count &&
        \result.z_count == z_count;
    complete behaviors;
    disjoint behaviors;
*/
static sonnx_to_check check_data(const void *x_data, size_t x_count, const void *z_data,
                                 size_t z_count, size_t es, size_t z_capacity)
{
  sonnx_to_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u, 0u};
  const size_t z_bytes = z_count * es;
  if ((x_data == NULL) && (x_count > 0u)) {
    c.status = SONNX_ERR_NULL;
    c.input = 0u;
    c.expected = 2u;
    return c;
  }
  if ((z_data == NULL) && (z_count > 0u)) {
    c.status = SONNX_ERR_NULL;
    c.expected = 5u;
    return c;
  }
  if (z_capacity < z_bytes) {
    c.status = SONNX_ERR_CAPACITY;
    c.size = z_capacity;
    c.expected = z_bytes;
    return c;
  }
  c.x_count = x_count;
  c.z_count = z_count;
  return c;
}

/* The checks of sonnx_broadcast_to, in the order of its behaviours: the shapes (x whole, then
   z), elem_size, x broadcasts to z, the byte sizes, NULL data with a non-zero count (x_data is
   argument 2 and input 0, z_data argument 5), the capacity; with the counts the copy needs. */
/*@ requires shape_ok(x) ==> shape_readable(x);
    requires shape_ok(z) ==> shape_readable(z);
    assigns \nothing;
    behavior bad_shape:
      assumes !shape_ok(x) || !shape_ok(z);
      ensures fields: bad_pair_fields(\result.status, \result.input, \result.axis, \result.size,
                                      \result.expected, x, z);
    behavior elem_size:
      assumes shape_ok(x) && shape_ok(z) && es == 0;
      ensures \result.status == SONNX_ERR_ARGUMENT && \result.input == 0 &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 1;
    behavior incompatible:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && !broadcasts_to(x, z);
      ensures \result.status == SONNX_ERR_INCOMPATIBLE;
      ensures fields: unidir_fields(\result.input, \result.axis, \result.size, \result.expected, x, z);
    behavior overflow:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z) && !to_fits(x, es, z);
      ensures \result.status == SONNX_ERR_OVERFLOW && shape_count(z) * es > SIZE_MAX &&
        \result.input == SONNX_NO_INDEX && \result.axis == SONNX_NO_INDEX &&
        \result.size == 0 && \result.expected == 0;
    behavior null_data:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z) && to_fits(x, es, z);
      assumes to_null_data(x, (void *)x_data, z, (void *)z_data);
      ensures \result.status == SONNX_ERR_NULL;
      ensures x_data == \null && shape_count(x) > 0 ==> \result.input == 0 && \result.expected == 2;
      ensures !(x_data == \null && shape_count(x) > 0) ==>
        \result.input == SONNX_NO_INDEX && \result.expected == 5;
      ensures \result.axis == SONNX_NO_INDEX && \result.size == 0;
    behavior capacity:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z) && to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity < shape_count(z) * es;
      ensures \result.status == SONNX_ERR_CAPACITY && \result.expected == shape_count(z) * es &&
        \result.input == SONNX_NO_INDEX && \result.axis == SONNX_NO_INDEX &&
        \result.size == z_capacity;
    behavior accepted:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z) && to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity >= shape_count(z) * es;
      ensures \result.status == SONNX_OK;
      ensures \result.x_count == shape_count(x) && \result.z_count == shape_count(z);
    complete behaviors;
    disjoint behaviors;
*/
static sonnx_to_check check_to(sonnx_shape x, const void *x_data, size_t es, sonnx_shape z,
                               const void *z_data, size_t z_capacity)
{
  sonnx_to_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u, 0u};
  const sonnx_check s = sonnx_check_shape_pair(x, z); /* x whole (rank, dims), then z */
  if (s.status != SONNX_OK) {
    c.status = s.status;
    c.input = s.input;
    c.size = s.size;
    c.expected = s.expected;
    return c;
  }
  if (es == 0u) {
    c.status = SONNX_ERR_ARGUMENT;
    c.input = 0u;
    c.expected = 1u;
    return c;
  }
  if (x.rank > z.rank) {
    c.status = SONNX_ERR_INCOMPATIBLE;
    c.input = 0u;
    c.size = x.rank;
    c.expected = z.rank;
    return c;
  }
  const sonnx_to_check w = walk_to(x, z);
  if (w.status == SONNX_ERR_INCOMPATIBLE) {
    c.status = SONNX_ERR_INCOMPATIBLE;
    c.input = 0u;
    c.axis = w.axis;
    c.size = padded_dim_inline(x, z.rank, w.axis);
    c.expected = z.dims[w.axis];
    return c;
  }
  if ((w.status != SONNX_OK) || (w.z_count > (SIZE_MAX / es))) {
    /*@ ghost if (w.status == SONNX_OK) lemma_mul_le_mono(w.z_count, SIZE_MAX / es + 1, es); */
    /*@ assert over: shape_count(z) * es > SIZE_MAX; */
    c.status = SONNX_ERR_OVERFLOW;
    return c;
  }
  /*@ ghost lemma_mul_le_mono(SIZE_MAX / es, w.z_count, es); */
  /*@ ghost lemma_mul_le_mono(w.z_count, w.x_count, es); */
  /*@ assert fits: w.x_count * es <= w.z_count * es <= SIZE_MAX; */
  return check_data(x_data, w.x_count, z_data, w.z_count, es, z_capacity);
}

/* Contract in sonnx_internal.h (shared with sonnx_broadcast_in_dim). */
sonnx_to_check sonnx_check_to_sizes(sonnx_shape x, const void *x_data, size_t es, sonnx_shape z,
                                    const void *z_data, size_t z_capacity)
{
  sonnx_to_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u, 0u};
  byte_size_result zs = byte_size(z, es);
  byte_size_result xs = byte_size(x, es);
  if (zs.status != SONNX_OK || xs.status != SONNX_OK) {
    c.status = SONNX_ERR_OVERFLOW;
    c.input = (zs.status != SONNX_OK) ? SONNX_NO_INDEX : 0u;
    return c;
  }
  return check_data(x_data, xs.count, z_data, zs.count, es, z_capacity);
}

/* The data step of sonnx_broadcast_to once every check has passed, shared
   with sonnx_broadcast: it writes the output bytes and nothing else (no
   error record), so a caller keeps every fact about shapes across it. */
/*@ requires shape_ok(x) && shape_readable(x) && shape_ok(z) && shape_readable(z);
    requires es >= 1 && broadcasts_to(x, z);
    requires count_x == shape_count(x) && count_z == shape_count(z);
    requires count_x * es <= SIZE_MAX && count_z * es <= SIZE_MAX;
    requires count_z > 0 ==> \valid_read(xb + (0 .. count_x * es - 1)) &&
      \valid(zb + (0 .. count_z * es - 1)) &&
      \separated(zb + (0 .. count_z * es - 1), xb + (0 .. count_x * es - 1));
    assigns zb[0 .. count_z * es - 1];
    ensures elements: elements_broadcast{Post, Pre}(zb, (char *)xb, es, x, z, count_z);
    ensures sources: sources_inside(x, z, es, count_x, count_z);
*/
static void broadcast_data(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                           size_t count_x, size_t count_z)
{
  if (count_z > 0u) {
    /* A non-zero count means no size of z is 0, hence every padded size of x is positive. */
    size_t k = 0;
    /*@ loop invariant 0 <= k <= z.rank;
        loop invariant \forall integer t; 0 <= t < k ==> z.dims[t] >= 1;
        loop assigns k;
        loop variant z.rank - k;
    */
    while (k < z.rank) {
      /*@ ghost
        if (z.dims[k] == 0u) {
          lemma_zero_absorbs(z.dims, k, z.rank);
          /@ assert shape_count(z) == 0; @/
        }
      */
      /*@ assert z.dims[k] >= 1; */
      k++;
    }
    /*@ ghost lemma_padded_block_grows(x, z.rank); */
    /*@ ghost lemma_padded_count(x, z.rank); */
    /* Both kernels have the same contract, and WP proves both. The library
       ships the fast one (issue 8); -DSONNX_REFERENCE_KERNEL selects the
       element-by-element one, which the tests also run against it
       (tests/test_fast_copy.cpp, properties/fast_copy_properties.cpp). */
#if defined(SONNX_REFERENCE_KERNEL)
    copy_elements(xb, zb, es, x, z, count_x, count_z);
#else
    sonnx_fast_copy(xb, zb, es, x, z, count_x, count_z);
#endif
  }
}

sonnx_status sonnx_broadcast_to(sonnx_shape x, const void *x_data, size_t elem_size,
                                sonnx_shape z, void *z_data, size_t z_capacity, sonnx_error *err)
{
  const sonnx_to_check c = check_to(x, x_data, elem_size, z, z_data, z_capacity);
  if (c.status != SONNX_OK) {
    /* An incompatibility here is x not broadcasting to z (ONNX-UNIDIR). */
    return sonnx_report_to_target(err, c.status, c.input, c.axis, c.size, c.expected);
  }
  broadcast_data((const char *)x_data, (char *)z_data, elem_size, x, z, c.x_count, c.z_count);
  /* The spec's form of the element relation (ensures indices), from the flat one just proved
     and the facts of z's index box (sonnx_lemma_index_facts), one step at a time: the flat
     relation at each multi-index's offset, its source is the f-mapped offset, so its bytes
     are Z[i]'s and X[f(i)]'s. */
  /*@ ghost sonnx_lemma_index_facts(x, z.dims, z.rank); */
  /*@ assert each_o: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)z.dims, z.rank) ==>
        element_broadcast{Here, Pre}((char *)z_data, (char *)x_data, elem_size, x, z,
          row_offset(i, (size_t *)z.dims, z.rank)); */
  /*@ assert each_x: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)z.dims, z.rank) ==>
        element_bytes_equal{Here, Pre}((char *)z_data, row_offset(i, (size_t *)z.dims, z.rank), (char *)x_data,
          source_offset(x, z, row_offset(i, (size_t *)z.dims, z.rank)), elem_size); */
  /*@ assert each_ym: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)z.dims, z.rank) ==>
        ym_offset(x, (size_t *)z.dims, z.rank, i) ==
        source_from(x, (size_t *)z.dims, z.rank, row_offset(i, (size_t *)z.dims, z.rank), 0); */
  /*@ assert each_s: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)z.dims, z.rank) ==>
        element_bytes_equal{Here, Pre}((char *)z_data, row_offset(i, (size_t *)z.dims, z.rank), (char *)x_data,
          source_from(x, (size_t *)z.dims, z.rank, row_offset(i, (size_t *)z.dims, z.rank), 0), elem_size); */
  /*@ assert each_b: \forall size_t i[SONNX_MAX_RANK]; in_box(i, (size_t *)z.dims, z.rank) ==>
        element_bytes_equal{Here, Pre}((char *)z_data, row_offset(i, (size_t *)z.dims, z.rank), (char *)x_data,
          ym_offset(x, (size_t *)z.dims, z.rank, i), elem_size); */
  /*@ assert indices: elements_at_indices_to{Here, Pre}((char *)z_data, (char *)x_data, elem_size, x, z.rank,
        (size_t *)z.dims); */
  return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
}

/* The checks of sonnx_broadcast_strides and sonnx_source_offset after their
   own NULL checks: shapes, x broadcasts to z, every block of x fits. */
/*@ requires shape_ok(x) ==> shape_readable(x);
    requires shape_ok(z) ==> shape_readable(z);
    assigns \nothing;
    behavior bad_shape:
      assumes !shape_ok(x) || !shape_ok(z);
      ensures fields: bad_pair_fields(\result.status, \result.input, \result.axis, \result.size,
                                      \result.expected, x, z);
    behavior incompatible:
      assumes shape_ok(x) && shape_ok(z) && !broadcasts_to(x, z);
      ensures \result.status == SONNX_ERR_INCOMPATIBLE;
      ensures fields: unidir_fields(\result.input, \result.axis, \result.size, \result.expected, x, z);
    behavior overflow:
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && !blocks_fit(x, z.rank);
      ensures \result.status == SONNX_ERR_OVERFLOW;
      ensures fields: \result.input == 0 && first_block_overflow(x, z.rank, \result.axis) &&
        \result.size == 0 && \result.expected == 0;
    behavior fits:
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && blocks_fit(x, z.rank);
      ensures \result.status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
static sonnx_check check_view(sonnx_shape x, sonnx_shape z)
{
  sonnx_check c = sonnx_check_shape_pair(x, z); /* x whole (rank, dims), then z */
  if (c.status != SONNX_OK) {
    return c;
  }
  if (x.rank > z.rank) {
    c.status = SONNX_ERR_INCOMPATIBLE;
    c.input = 0u;
    c.size = x.rank;
    c.expected = z.rank;
    return c;
  }
  size_t bad_axis = first_unidirectional_violation(x, z);
  if (bad_axis < z.rank) {
    c.status = SONNX_ERR_INCOMPATIBLE;
    c.input = 0u;
    c.axis = bad_axis;
    c.size = padded_dim_inline(x, z.rank, bad_axis);
    c.expected = z.dims[bad_axis];
    return c;
  }
  size_t block = 1;
  size_t k = z.rank;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant block == padded_block(x, z.rank, k);
      loop invariant \forall integer j; k <= j <= z.rank ==> padded_block(x, z.rank, j) <= SIZE_MAX;
      loop assigns k, block;
      loop variant k;
  */
  while (k > 0u) {
    k--;
    size_t padded = padded_dim_inline(x, z.rank, k);
    /*@ assert padded_block(x, z.rank, k) == padded * block; */
    if (padded != 0u && block > SIZE_MAX / padded) {
      /*@ assert block >= SIZE_MAX / padded + 1 && padded >= 2; */
      /*@ ghost lemma_mul_le_mono(block, SIZE_MAX / padded + 1, padded); */
      /*@ assert first_block_overflow(x, z.rank, k); */
      c.status = SONNX_ERR_OVERFLOW;
      c.input = 0u;
      c.axis = k;
      return c;
    }
    /*@ ghost lemma_mul_le_mono(SIZE_MAX / (padded == 0 ? 1 : padded), block, padded); */
    block *= padded;
  }
  return c;
}

sonnx_status sonnx_broadcast_strides(sonnx_shape x, sonnx_shape z, size_t *strides,
                                     sonnx_error *err)
{
  sonnx_check c = check_view(x, z);
  if (c.status == SONNX_OK && strides == NULL && z.rank > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  if (c.status != SONNX_OK) {
    /* An incompatibility here is x not broadcasting to z (ONNX-UNIDIR). */
    return sonnx_report_to_target(err, c.status, c.input, c.axis, c.size, c.expected);
  }
  size_t block = 1;
  size_t k = z.rank;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant block == padded_block{Pre}(x, z.rank, k);
      loop invariant \forall integer j; k <= j < z.rank ==> strides[j] == view_stride{Pre}(x, z.rank, j);
      loop assigns k, block, strides[0 .. z.rank - 1];
      loop variant k;
  */
  while (k > 0u) {
    k--;
    size_t padded = padded_dim_inline(x, z.rank, k);
    /*@ assert padded == padded_dim{Pre}(x, z.rank, k); */
    strides[k] = (padded == 1u) ? 0u : block;
    block *= padded;
  }
  return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
}

sonnx_status sonnx_source_offset(sonnx_shape x, sonnx_shape z, const size_t *index,
                                 size_t *offset, sonnx_error *err)
{
  sonnx_check c = check_view(x, z);
  if (c.status == SONNX_OK && offset == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 4u);
  }
  if (c.status == SONNX_OK && index == NULL && z.rank > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  if (c.status != SONNX_OK) {
    /* An incompatibility here is x not broadcasting to z (ONNX-UNIDIR). */
    return sonnx_report_to_target(err, c.status, c.input, c.axis, c.size, c.expected);
  }
  size_t k = 0;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant \forall integer t; 0 <= t < k ==> index[t] < z.dims[t];
      loop assigns k;
      loop variant z.rank - k;
  */
  while (k < z.rank) {
    if (index[k] >= z.dims[k]) {
      return sonnx_report(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, k, index[k], z.dims[k]);
    }
    k++;
  }
  size_t src = 0;
  size_t block = 1;
  k = z.rank;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant block == padded_block(x, z.rank, k);
      loop invariant src == index_offset_from(x, z.dims, z.rank, (size_t *)index, k);
      loop invariant src < block;
      loop assigns k, src, block;
      loop variant k;
  */
  while (k > 0u) {
    k--;
    size_t padded = padded_dim_inline(x, z.rank, k);
    size_t i = sonnx_index_map(index[k], padded, z.dims[k]);
    /*@ assert i <= padded - 1; */
    /*@ ghost lemma_mul_le_mono(padded - 1, i, block); */
    /*@ assert padded * block == padded_block(x, z.rank, k); */
    src += i * block;
    block *= padded;
  }
  *offset = src;
  return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
}

/* The N-ary operator by the binary recursive definition (@req SONNX-REC):
   the common shape is the left fold of the binary SONNX rule, then every
   output is broadcast_to of its input. All checks run before the first
   write (@req LIB-ERR-NOWRITE). An incompatibility names the first input m
   whose addition makes the fold fail, with m's padded size on that axis and
   the size it met. */
/* One input's own checks, in order: rank, dims, element size. */
/*@ assigns \nothing;
    ensures ok: \result.status == SONNX_OK <==> shape_ok(t.shape) && t.elem_size > 0;
    ensures status: \result.status ==
      (t.shape.rank > SONNX_MAX_RANK ? SONNX_ERR_RANK :
       (t.shape.rank > 0 && t.shape.dims == \null) ? SONNX_ERR_NULL :
       t.elem_size == 0 ? SONNX_ERR_ARGUMENT : SONNX_OK);
    ensures fields: \result.input == SONNX_NO_INDEX && \result.axis == SONNX_NO_INDEX &&
      (\result.status == SONNX_ERR_RANK ==> \result.size == t.shape.rank && \result.expected == SONNX_MAX_RANK) &&
      (\result.status == SONNX_ERR_NULL ==> \result.size == 0 && \result.expected == 0) &&
      (\result.status == SONNX_ERR_ARGUMENT ==> \result.size == 0 && \result.expected == 1);
*/
static sonnx_check check_tensor(sonnx_tensor t)
{
  sonnx_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u};
  if (t.shape.rank > SONNX_MAX_RANK) {
    c.status = SONNX_ERR_RANK;
    c.size = t.shape.rank;
    c.expected = SONNX_MAX_RANK;
  } else if (t.shape.rank > 0u && t.shape.dims == NULL) {
    c.status = SONNX_ERR_NULL;
  } else if (t.elem_size == 0u) {
    c.status = SONNX_ERR_ARGUMENT;
    c.expected = 1u;
  }
  return c;
}

/* Outcome of the fold: an incompatibility located as the shape core locates
   it, or the common rank (the sizes stay in the fold's own array: nothing of
   the caller's is written, so the checks that follow read the memory of the
   call itself). */
typedef struct {
  sonnx_status status; /* SONNX_OK, an input's own error, or SONNX_ERR_INCOMPATIBLE */
  size_t input;
  size_t axis;
  size_t size;
  size_t expected;
  size_t rank;
} fold_result;

/* @req SONNX-REC SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1: the left fold
   Broadcast(Broadcast(X1..Xm), Xm+1), each step the binary rule (pad the
   pair, max per axis, C1 for both). Its loop invariant is the N-ary result
   of the inputs folded so far, so the proof of this function is the proof
   of the spec's recursive definition: the fold computes Broadcast(X1..XN).
   An incompatibility names the first input whose addition breaks the fold,
   and the first axis where it does. */
/*@ requires 1 <= n <= SONNX_MAX_INPUTS && \valid_read(inputs + (0 .. n - 1));
    requires \forall integer m; 0 <= m < n && shape_ok(inputs[m].shape) ==> shape_readable(inputs[m].shape);
    assigns \nothing;
    ensures status: \result.status == SONNX_OK || \result.status == SONNX_ERR_INCOMPATIBLE ||
      \result.status == SONNX_ERR_RANK || \result.status == SONNX_ERR_NULL ||
      \result.status == SONNX_ERR_ARGUMENT;
    ensures located: \result.status != SONNX_OK ==> \result.input < n;
    ensures checked: \result.status == SONNX_OK ==> tensors_ok{Pre}(inputs, n);
    ensures rank: \result.status == SONNX_OK ==> \result.rank <= SONNX_MAX_RANK &&
      tensors_max_rank{Pre}(inputs, n, \result.rank);
    ensures accepted: \result.status == SONNX_OK <==> fold_accepts{Pre}(inputs, n);
    ensures rank_is: \result.status == SONNX_OK ==> \result.rank == tensors_rank{Pre}(inputs, n);
    ensures stopped: \result.status != SONNX_OK ==> fold_stops_at{Pre}(inputs, \result.input) &&
      stop_reported{Pre}(inputs, \result.input, \result.status, \result.input, \result.axis,
                    \result.size, \result.expected);
*/
static fold_result fold_shapes(size_t n, const sonnx_tensor *inputs)
{
  /* final_dims: the fold's sizes are THE maximum (uniqueness, read at Pre). */
  /*@ ghost lemma_tensors_max_dim_unique(inputs, n); */
  fold_result r = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u};
  size_t acc_dims[SONNX_MAX_RANK];
  size_t next_dims[SONNX_MAX_RANK];
  /*@ ghost lemma_tensors_dim_is_max(inputs, n); */
  sonnx_check c = check_tensor(inputs[0]);
  if (c.status != SONNX_OK) {
    r.status = c.status;
    r.input = 0u;
    r.size = c.size;
    r.expected = c.expected;
    /*@ assert stop0: fold_stops_at{Pre}(inputs, 0); */
    /*@ assert report0: stop_reported{Pre}(inputs, 0, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  /* X1 alone: its own shape (the fold starts from X1, not from a scalar:
     () with (0) violates C1). */
  sonnx_shape first = inputs[0].shape;
  size_t k = 0;
  /*@ loop invariant 0 <= k <= first.rank;
      loop invariant \forall integer t; 0 <= t < k ==> acc_dims[t] == first.dims[t];
      loop assigns k, acc_dims[0 .. SONNX_MAX_RANK - 1];
      loop variant first.rank - k;
  */
  while (k < first.rank) {
    acc_dims[k] = first.dims[k];
    k++;
  }
  size_t acc_rank = first.rank;
  /*@ assert tensors_max_rank{Pre}(inputs, 1, acc_rank); */
  /*@ assert \forall integer i; 0 <= i < acc_rank ==> padded_dim{Pre}(first, acc_rank, i) == acc_dims[i]; */
  /*@ assert tensors_axes{Here, Pre}(inputs, 1, acc_rank, &acc_dims[0], acc_rank); */
  size_t m = 1;
  /*@ loop invariant 1 <= m <= n;
      loop invariant acc_rank <= SONNX_MAX_RANK;
      loop invariant tensors_ok(inputs, m);
      loop invariant tensors_broadcast{Here, Pre}(inputs, m, acc_rank, &acc_dims[0]);
      loop invariant accepts: fold_accepts{Pre}(inputs, m);
      loop invariant rank_is: acc_rank == tensors_rank{Pre}(inputs, m);
      loop assigns m, acc_rank, k, c, acc_dims[0 .. SONNX_MAX_RANK - 1], next_dims[0 .. SONNX_MAX_RANK - 1];
      loop variant n - m;
  */
  while (m < n) {
    c = check_tensor(inputs[m]);
    if (c.status != SONNX_OK) {
      r.status = c.status;
      r.input = m;
      r.size = c.size;
      r.expected = c.expected;
      /*@ assert stop_m: fold_stops_at{Pre}(inputs, m); */
      /*@ assert report_m: stop_reported{Pre}(inputs, m, r.status, r.input, r.axis, r.size, r.expected); */
      return r;
    }
    sonnx_shape x = inputs[m].shape;
    size_t r1 = acc_rank;
    size_t r2 = (r1 >= x.rank) ? r1 : x.rank; /* Step 1 for the pair */
    size_t shift = r2 - r1;
    /*@ assert tensors_max_rank{Pre}(inputs, m + 1, r2); */
    size_t i = 0;
    /*@ assert rank_next: r2 == tensors_rank{Pre}(inputs, m + 1); */
    /*@ loop invariant 0 <= i <= r2;
        loop invariant tensors_axes{Here, Pre}(inputs, m + 1, r2, &next_dims[0], i);
        loop invariant c1_so_far: \forall integer t; 0 <= t < i ==> axis_c1{Pre}(inputs, m + 1, r2, t);
        loop assigns i, next_dims[0 .. SONNX_MAX_RANK - 1];
        loop variant r2 - i;
    */
    while (i < r2) {
      /* Step 2 for the pair (Broadcast(X1..Xm), X(m+1)) on axis i. */
      size_t p0 = (i < shift) ? 1u : acc_dims[i - shift];
      size_t px = padded_dim_inline(x, r2, i);
      size_t d = (p0 >= px) ? p0 : px;
      /*@ assert px == padded_dim{Pre}(x, r2, i); */
      if (i < shift) {
        /*@ assert \forall integer j; 0 <= j < m ==> padded_dim{Pre}(inputs[j].shape, r2, i) == 1; */
      } else {
        /*@ assert \forall integer j; 0 <= j < m ==>
              padded_dim{Pre}(inputs[j].shape, r2, i) == padded_dim{Pre}(inputs[j].shape, r1, i - shift); */
        /*@ assert \let q = i - shift; acc_dims[q] == \at(acc_dims[q], LoopEntry); */
        /*@ assert tensors_max_dim{Pre}(inputs, m, r1, i - shift, acc_dims[i - shift]); */
        /*@ assert tensors_c1{Pre}(inputs, m, r1, i - shift, acc_dims[i - shift]); */
      }
      /*@ assert p0_max: tensors_max_dim{Pre}(inputs, m, r2, i, p0); */
      /*@ assert d_max: tensors_max_dim{Pre}(inputs, m + 1, r2, i, d); */
      if ((p0 != d && p0 != 1u) || (px != d && px != 1u)) {
        /* C1 fails for the pair: the first axis, in the shape core's terms
           (size: input m's padded size; expected: the fold's size so far). */
        /*@ assert d_is: tensors_dim{Pre}(inputs, m + 1, r2, i) == d; */
        /*@ assert p0_is: tensors_dim{Pre}(inputs, m, r2, i) == p0; */
        /*@ assert by_m: px != d && px != 1 ==> !c1_axis{Pre}(inputs[m].shape, r2, i, d); */
        /*@ assert by_fold: !(px != d && px != 1) ==> p0 != d && p0 != 1 &&
              \exists integer j; 0 <= j < m && padded_dim{Pre}(inputs[j].shape, r2, i) == p0; */
        /*@ assert c1_fails: !tensors_c1{Pre}(inputs, m + 1, r2, i, d); */
        /*@ assert broken: !axis_c1{Pre}(inputs, m + 1, r2, i); */
        /*@ assert first: first_break{Pre}(inputs, m + 1, tensors_rank{Pre}(inputs, m + 1), i); */
        r.status = SONNX_ERR_INCOMPATIBLE;
        r.input = m;
        r.axis = i;
        r.size = px;
        r.expected = p0;
        /*@ assert stop_c1: fold_stops_at{Pre}(inputs, m); */
        /*@ assert report_c1: stop_reported{Pre}(inputs, m, r.status, r.input, r.axis, r.size, r.expected); */
        return r;
      }
      /*@ assert tensors_c1{Pre}(inputs, m + 1, r2, i, d); */
      /*@ assert d_dim: tensors_dim{Pre}(inputs, m + 1, r2, i) == d; */
      /*@ assert c1_here: axis_c1{Pre}(inputs, m + 1, r2, i); */
      next_dims[i] = d;
      i++;
    }
    k = 0;
  Copy: __attribute__((unused));
    /*@ loop invariant 0 <= k <= r2;
        loop invariant tensors_axes{Here, Pre}(inputs, m + 1, r2, &acc_dims[0], k);
        loop assigns k, acc_dims[0 .. SONNX_MAX_RANK - 1];
        loop variant r2 - k;
    */
    while (k < r2) {
      /*@ assert \let q = k; next_dims[q] == \at(next_dims[q], Copy); */
      /*@ assert tensors_max_dim{Pre}(inputs, m + 1, r2, k, next_dims[k]) &&
                 tensors_c1{Pre}(inputs, m + 1, r2, k, next_dims[k]); */
      acc_dims[k] = next_dims[k];
      k++;
    }
    acc_rank = r2;
    /*@ assert tensors_axes{Here, Pre}(inputs, m + 1, r2, &acc_dims[0], r2); */
    /*@ assert step_ok: tensors_compatible{Pre}(inputs, m + 1); */
    m++;
  }
  /*@ assert final_dims: \forall integer i; 0 <= i < acc_rank ==>
        acc_dims[i] == tensors_dim{Pre}(inputs, n, acc_rank, i); */
  r.rank = acc_rank;
  return r;
}

/* Per input, once the common shape (count z_count) is known: first every
   byte size (input and output), then per input its data NULL, its output
   NULL, its output capacity. */
/*@ requires n >= 1 && \valid_read(inputs + (0 .. n - 1)) && \valid_read(outputs + (0 .. n - 1));
    requires tensors_ok(inputs, n) && tensors_readable(inputs, n);
    assigns \nothing;
    ensures kind: \result.status == SONNX_OK || \result.status == SONNX_ERR_OVERFLOW ||
      \result.status == SONNX_ERR_NULL || \result.status == SONNX_ERR_CAPACITY;
    ensures located: \result.status != SONNX_OK ==> \result.input < n;
    ensures fits: \result.status == SONNX_OK ==> \forall integer m; 0 <= m < n ==>
      z_count * inputs[m].elem_size <= SIZE_MAX &&
      shape_count(inputs[m].shape) * inputs[m].elem_size <= SIZE_MAX;
    ensures present: \result.status == SONNX_OK ==> \forall integer m; 0 <= m < n ==>
      (inputs[m].data != \null || shape_count(inputs[m].shape) == 0) &&
      (outputs[m].data != \null || z_count == 0);
    ensures room: \result.status == SONNX_OK ==> \forall integer m; 0 <= m < n ==>
      outputs[m].capacity >= z_count * inputs[m].elem_size;
    ensures valid: \result.status == SONNX_OK ==> buffers_ok(inputs, outputs, n, z_count);
    ensures overflow: \result.status == SONNX_ERR_OVERFLOW ==>
      0 <= \result.input < n && !bytes_fit(inputs, \result.input, z_count) &&
      (\forall integer j; 0 <= j < \result.input ==> bytes_fit(inputs, j, z_count)) &&
      \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 0;
    ensures buffer: \result.status != SONNX_OK && \result.status != SONNX_ERR_OVERFLOW ==>
      (\forall integer j; 0 <= j < n ==> bytes_fit(inputs, j, z_count)) &&
      first_bad_buffer(inputs, outputs, n, z_count, \result.input) &&
      buffer_reported(inputs, outputs, \result.input, z_count, \result.status, \result.input,
                      \result.axis, \result.size, \result.expected);
*/
static sonnx_check check_buffers(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                                size_t z_count)
{
  sonnx_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u};
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant \forall integer j; 0 <= j < m ==>
        z_count * inputs[j].elem_size <= SIZE_MAX &&
        shape_count(inputs[j].shape) * inputs[j].elem_size <= SIZE_MAX;
      loop assigns m;
      loop variant n - m;
  */
  while (m < n) {
    byte_size_result xs = byte_size(inputs[m].shape, inputs[m].elem_size);
    if (z_count > SIZE_MAX / inputs[m].elem_size || xs.status != SONNX_OK) {
      /*@ ghost
        if (z_count > SIZE_MAX / inputs[m].elem_size) {
          lemma_mul_le_mono(z_count, SIZE_MAX / inputs[m].elem_size + 1, inputs[m].elem_size);
        }
      */
      /*@ assert over_m: !bytes_fit(inputs, m, z_count); */
      c.status = SONNX_ERR_OVERFLOW;
      c.input = m;
      return c;
    }
    /*@ ghost lemma_mul_le_mono(SIZE_MAX / inputs[m].elem_size, z_count, inputs[m].elem_size); */
    m++;
  }
  m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant usable: \forall integer j; 0 <= j < m ==> buffer_ok(inputs, outputs, j, z_count);
      loop assigns m;
      loop variant n - m;
  */
  while (m < n) {
    size_t bytes = z_count * inputs[m].elem_size; /* fits: checked above */
    if (inputs[m].data == NULL && byte_size(inputs[m].shape, inputs[m].elem_size).count > 0u) {
      c.status = SONNX_ERR_NULL;
      c.expected = 2u;
    } else if (outputs[m].data == NULL && z_count > 0u) {
      c.status = SONNX_ERR_NULL;
      c.expected = 3u;
    } else if (outputs[m].capacity < bytes) {
      c.status = SONNX_ERR_CAPACITY;
      c.size = outputs[m].capacity;
      c.expected = bytes;
    }
    if (c.status != SONNX_OK) {
      c.input = m;
      /*@ assert first_m: first_bad_buffer(inputs, outputs, n, z_count, m); */
      return c;
    }
    /*@ assert usable_m: buffer_ok(inputs, outputs, m, z_count); */
    m++;
  }
  return c;
}

/*@ // Output m can be written by broadcast_data(x_m, z): every check of
    // sonnx_broadcast_to holds for it (its behavior broadcast).
    // (Indexed, not by value: a struct read as a whole is a different term from
    // its fields read one by one, and the provers do not always connect them.)
    // The common shape is (zr, zd): the fold's result, then out_dims.
    predicate output_ready{L}(sonnx_tensor *in, sonnx_buffer *out, integer m, integer zr,
                              size_t *zd, integer z_count) =
      shape_ok(in[m].shape) && shape_readable(in[m].shape) && in[m].elem_size > 0 &&
      broadcasts_to_dims(in[m].shape, zr, zd) &&
      shape_count(in[m].shape) * in[m].elem_size <= SIZE_MAX &&
      z_count * in[m].elem_size <= SIZE_MAX &&
      out[m].capacity >= z_count * in[m].elem_size &&
      (in[m].data != \null || shape_count(in[m].shape) == 0) &&
      (out[m].data != \null || z_count == 0) &&
      (z_count > 0 ==>
        \valid_read((char *)in[m].data + (0 .. shape_count(in[m].shape) * in[m].elem_size - 1)) &&
        \valid((char *)out[m].data + (0 .. z_count * in[m].elem_size - 1)) &&
        \separated((char *)out[m].data + (0 .. z_count * in[m].elem_size - 1),
                   (char *)in[m].data + (0 .. shape_count(in[m].shape) * in[m].elem_size - 1)));
*/

/* Outcome of every check of sonnx_broadcast: the error to report, or the
   common rank and element count (the sizes are in the caller's array). */
typedef struct {
  sonnx_status status;
  size_t input;
  size_t axis;
  size_t size;
  size_t expected;
  size_t rank;
  size_t count;
} broadcast_check;

/* Step 2: dY_i, the maximum of the inputs' padded sizes on axis i, into
   z_dims, for the common count and, once every check has passed, for the
   copy (the fold keeps its sizes to itself, so that the checks write nothing
   of the caller's; recomputing them costs n * nY reads). What it leaves alone,
   the inputs' dims and so their counts, is proved here in a small context. */
/*@ requires 1 <= n <= SONNX_MAX_INPUTS && rank <= SONNX_MAX_RANK && \valid_read(inputs + (0 .. n - 1));
    requires tensors_ok(inputs, n) && tensors_readable(inputs, n);
    requires \forall integer m; 0 <= m < n ==> inputs[m].shape.rank <= rank;
    requires \valid(z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \separated(z_dims + (0 .. SONNX_MAX_RANK - 1), inputs + (0 .. n - 1));
    requires \forall integer m; 0 <= m < n && inputs[m].shape.rank > 0 ==>
      \separated(z_dims + (0 .. SONNX_MAX_RANK - 1), inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1));
    assigns z_dims[0 .. SONNX_MAX_RANK - 1];
    ensures dims: \forall integer i; 0 <= i < rank ==> z_dims[i] == tensors_dim{Pre}(inputs, n, rank, i);
*/
static void fill_dims(size_t n, const sonnx_tensor *inputs, size_t rank, size_t *z_dims)
{
  size_t i = 0;
  /*@ loop invariant 0 <= i <= rank;
      loop invariant \forall integer t; 0 <= t < i ==> z_dims[t] == tensors_dim{Pre}(inputs, n, rank, t);
      loop assigns i, z_dims[0 .. SONNX_MAX_RANK - 1];
      loop variant rank - i;
  */
  while (i < rank) {
    /*@ assert same0: inputs[0].shape == \at(inputs[0].shape, Pre); */
    /*@ assert pad0: padded_dim(inputs[0].shape, rank, i) == tensor_padded{Pre}(inputs, 0, rank, i); */
    size_t d = padded_dim_inline(inputs[0].shape, rank, i);
    size_t m = 1;
    /*@ loop invariant 1 <= m <= n;
        loop invariant d == tensors_dim{Pre}(inputs, m, rank, i);
        loop assigns m, d;
        loop variant n - m;
    */
    while (m < n) {
      /*@ assert same_m: \let k = m; inputs[k].shape == \at(inputs[k].shape, Pre); */
      /*@ assert pad_m: padded_dim(inputs[m].shape, rank, i) == tensor_padded{Pre}(inputs, m, rank, i); */
      size_t p = padded_dim_inline(inputs[m].shape, rank, i);
      d = (d >= p) ? d : p;
      m++;
    }
    z_dims[i] = d;
    i++;
  }
}

/*@ requires 1 <= n <= SONNX_MAX_INPUTS && rank <= SONNX_MAX_RANK && \valid_read(inputs + (0 .. n - 1));
    requires tensors_ok(inputs, n) && tensors_readable(inputs, n);
    requires \forall integer m; 0 <= m < n ==> inputs[m].shape.rank <= rank;
    requires \valid(z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \separated(z_dims + (0 .. SONNX_MAX_RANK - 1), inputs + (0 .. n - 1));
    requires \forall integer m; 0 <= m < n && inputs[m].shape.rank > 0 ==>
      \separated(z_dims + (0 .. SONNX_MAX_RANK - 1), inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1));
    assigns z_dims[0 .. SONNX_MAX_RANK - 1];
    ensures dims: \forall integer i; 0 <= i < rank ==> z_dims[i] == tensors_dim{Pre}(inputs, n, rank, i);
    ensures count: count_from(z_dims, 0, rank) == tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, 0);
    ensures counts_kept: \forall integer m; 0 <= m < n ==>
      shape_count(inputs[m].shape) == shape_count{Pre}(inputs[m].shape);
*/
static void fill_common_shape(size_t n, const sonnx_tensor *inputs, size_t rank, size_t *z_dims)
{
  fill_dims(n, inputs, rank, z_dims);
  /* The count of those sizes is the common count, axis by axis from the last (here, in the
     context of fill_dims' contract alone: the provers lose themselves in the loop's). */
  /*@ ghost
    size_t q = rank;
    /@ loop invariant 0 <= q <= rank;
       loop invariant count_from(z_dims, q, rank) == tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q);
       loop assigns q;
       loop variant q;
    @/
    while (q > 0u) {
      q--;
      /@ assert dim_q: z_dims[q] == tensors_dim{Pre}((sonnx_tensor *)inputs, n, rank, q); @/
      /@ assert unfold_z: count_from(z_dims, q, rank) == z_dims[q] * count_from(z_dims, q + 1, rank); @/
      /@ assert def_t: tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q) ==
           tensors_dim{Pre}((sonnx_tensor *)inputs, n, rank, q) * tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q + 1); @/
      /@ assert unfold_t: tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q) ==
           z_dims[q] * tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q + 1); @/
      /@ assert ih: count_from(z_dims, q + 1, rank) == tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q + 1); @/
      /@ assert step: \let c = count_from(z_dims, q + 1, rank); \let t = tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q + 1);
           c == t ==> z_dims[q] * c == z_dims[q] * t; @/
      /@ assert next: count_from(z_dims, q, rank) == tensors_count_from{Pre}((sonnx_tensor *)inputs, n, rank, q); @/
    }
  */
  /* The inputs' counts, one input and one axis at a time (their dims are apart from z_dims). */
  /*@ ghost
    size_t j = 0;
    /@ loop invariant 0 <= j <= n;
       loop invariant \forall integer t; 0 <= t < j ==>
         shape_count(inputs[t].shape) == shape_count{Pre}(inputs[t].shape);
       loop assigns j;
       loop variant n - j;
    @/
    while (j < n) {
      /@ assert shape_ok(inputs[j].shape); @/
      size_t a = inputs[j].shape.rank;
      /@ loop invariant 0 <= a <= inputs[j].shape.rank;
         loop invariant count_from(inputs[j].shape.dims, a, inputs[j].shape.rank) ==
                          count_from{Pre}(inputs[j].shape.dims, a, inputs[j].shape.rank);
         loop assigns a;
         loop variant a;
      @/
      while (a > 0u) {
        a--;
        /@ assert \let d = inputs[j].shape.dims; \let q = a; d[q] == \at(d[q], Pre); @/
        /@ assert \let d = inputs[j].shape.dims; \let r = inputs[j].shape.rank; \let q = a;
                  count_from(d, q, r) == d[q] * count_from(d, q + 1, r); @/
        /@ assert \let d = inputs[j].shape.dims; \let r = inputs[j].shape.rank; \let q = a;
                  count_from{Pre}(d, q, r) == \at(d[q], Pre) * count_from{Pre}(d, q + 1, r); @/
      }
      /@ assert shape_count(inputs[j].shape) ==
                count_from(inputs[j].shape.dims, 0, inputs[j].shape.rank); @/
      /@ assert shape_count{Pre}(inputs[j].shape) ==
                count_from{Pre}(inputs[j].shape.dims, 0, inputs[j].shape.rank); @/
      j++;
    }
  */
}

/* @req LIB-OVERFLOW: the common count, or SONNX_ERR_OVERFLOW when it does
   not fit in size_t (a 0 size anywhere makes it 0, as sonnx_count_of says). */
/*@ requires 1 <= n <= SONNX_MAX_INPUTS && rank <= SONNX_MAX_RANK && \valid_read(inputs + (0 .. n - 1));
    requires tensors_ok(inputs, n) && tensors_readable(inputs, n);
    requires \forall integer m; 0 <= m < n ==> inputs[m].shape.rank <= rank;
    requires rank == tensors_rank(inputs, n);
    assigns \nothing;
    ensures fits: \result.status == SONNX_OK <==> \old(common_count(inputs, n)) <= SIZE_MAX;
    ensures count: \result.status == SONNX_OK ==> \result.count == \old(common_count(inputs, n));
*/
static sonnx_count count_common(size_t n, const sonnx_tensor *inputs, size_t rank)
{
  size_t dims[SONNX_MAX_RANK];
  fill_common_shape(n, inputs, rank, dims);
  sonnx_shape z = {rank, dims};
  return sonnx_count_of(z);
}

/* Every check of sonnx_broadcast, in its documented order, and nothing
   written (@req LIB-ERR-NOWRITE): the arguments, n, the fold (each input's
   own checks, then C1: SONNX-REC), the capacity of out_dims, the common
   count, then per input its byte sizes and its buffers. The outcome is a
   value computed from the call's memory as it is, so the contract states it
   for every input (operator_reported), and a valid call passes. */
/*@ requires inputs != \null && outputs != \null && 1 <= n <= SONNX_MAX_INPUTS ==>
      \valid_read(inputs + (0 .. n - 1)) && \valid_read(outputs + (0 .. n - 1)) &&
      \forall integer m; 0 <= m < n && shape_ok(inputs[m].shape) ==> shape_readable(inputs[m].shape);
    assigns \nothing;
    ensures outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank,
      \result.status, \result.input, \result.axis, \result.size, \result.expected);
    ensures common: \result.status == SONNX_OK ==>
      tensors_ok((sonnx_tensor *)inputs, n) &&
      \result.rank == tensors_rank((sonnx_tensor *)inputs, n) &&
      tensors_max_rank((sonnx_tensor *)inputs, n, \result.rank) &&
      \result.rank <= dims_capacity && \result.rank <= SONNX_MAX_RANK &&
      \result.count == common_count((sonnx_tensor *)inputs, n);
*/
static broadcast_check check_operands(size_t n, const sonnx_tensor *inputs,
                                     const sonnx_buffer *outputs, const size_t *out_dims,
                                     size_t dims_capacity, const size_t *out_rank)
{
  broadcast_check r = {SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u, 0u};
  /* expected: the 1-based position of the NULL argument in the call */
  if (inputs == NULL) {
    r.expected = 2u;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  if (outputs == NULL) {
    r.expected = 3u;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  if (out_dims == NULL && dims_capacity > 0u) {
    r.expected = 4u;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  if (out_rank == NULL) {
    r.expected = 6u;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  if (n == 0u || n > SONNX_MAX_INPUTS) {
    r.status = SONNX_ERR_ARGUMENT;
    r.size = n;
    r.expected = SONNX_MAX_INPUTS;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  fold_result f = fold_shapes(n, inputs);
  if (f.status != SONNX_OK) {
    r.status = f.status;
    r.input = f.input;
    r.axis = f.axis;
    r.size = f.size;
    r.expected = f.expected;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  if (dims_capacity < f.rank) {
    r.status = SONNX_ERR_CAPACITY;
    r.size = dims_capacity;
    r.expected = f.rank;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  sonnx_count zc = count_common(n, inputs, f.rank);
  if (zc.status != SONNX_OK) {
    r.status = SONNX_ERR_OVERFLOW;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  sonnx_check c = check_buffers(n, inputs, outputs, zc.count);
  if (c.status != SONNX_OK) {
    r.status = c.status;
    r.input = c.input;
    r.axis = c.axis;
    r.size = c.size;
    r.expected = c.expected;
    /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
    return r;
  }
  /*@ assert fit_all: \forall integer m; 0 <= m < n ==>
        bytes_fit((sonnx_tensor *)inputs, m, common_count((sonnx_tensor *)inputs, n)); */
  /*@ assert usable_all: buffers_ok((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n,
        common_count((sonnx_tensor *)inputs, n)); */
  /*@ assert pass_shape: shape_checks_pass(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank); */
  /*@ assert passes: operator_passes(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank); */
  r.status = SONNX_OK;
  r.rank = f.rank;
  r.count = zc.count;
  /*@ assert rep_shape: shape_checks_reported(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
  /*@ assert rep_buffers: buffer_checks_reported(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs,
        r.status, r.input, r.axis, r.size, r.expected); */
  /*@ assert outcome: check_outcome(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, (size_t *)out_dims, dims_capacity, (size_t *)out_rank, r.status, r.input, r.axis, r.size, r.expected); */
  return r;
}

/* The common shape into z_dims, and what the copy needs carried across
   those writes (z_dims is apart from every input): every output is ready
   (output_ready) and the buffers stay apart. Every fact is first read at
   Pre, where the checks established it, then moved one input at a time. The
   byte sizes are moved under times (spec/acsl/arith_lemmas.h): equal factors
   give equal products by congruence there, where z3 and cvc4 time out on the
   bare products in this context. */
/*@ requires 1 <= n <= SONNX_MAX_INPUTS && rank <= SONNX_MAX_RANK;
    requires tensors_valid((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    requires tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    requires \valid(z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \separated(z_dims + (0 .. SONNX_MAX_RANK - 1), inputs + (0 .. n - 1));
    requires \separated(z_dims + (0 .. SONNX_MAX_RANK - 1), outputs + (0 .. n - 1));
    requires \forall integer m; 0 <= m < n && inputs[m].shape.rank > 0 ==>
      \separated(z_dims + (0 .. SONNX_MAX_RANK - 1), inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1));
    requires checked: tensors_ok((sonnx_tensor *)inputs, n) && fold_accepts((sonnx_tensor *)inputs, n);
    requires rank_is: rank == tensors_rank((sonnx_tensor *)inputs, n) &&
      tensors_max_rank((sonnx_tensor *)inputs, n, rank);
    requires count_is: count == common_count((sonnx_tensor *)inputs, n) && count <= SIZE_MAX;
    requires fit: \forall integer m; 0 <= m < n ==> bytes_fit((sonnx_tensor *)inputs, m, count);
    requires usable: buffers_ok((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, count);
    assigns z_dims[0 .. SONNX_MAX_RANK - 1];
    ensures shape: tensors_broadcast{Post, Pre}((sonnx_tensor *)inputs, n, rank, z_dims);
    ensures count: count == count_from(z_dims, 0, rank);
    ensures ready: \forall integer m; 0 <= m < n ==>
      output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, rank, z_dims, count);
    ensures apart: tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    ensures kept: \forall integer i; 0 <= i < n ==>
      inputs[i].shape == \old(inputs[i].shape) && inputs[i].elem_size == \old(inputs[i].elem_size) &&
      outputs[i].capacity == \old(outputs[i].capacity);
    ensures counts_kept: \forall integer i; 0 <= i < n ==>
      shape_count(inputs[i].shape) == shape_count{Pre}(\at(inputs[i].shape, Pre));
*/
static void common_shape(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                         size_t rank, size_t count, size_t *z_dims)
{
  (void)outputs; /* read by the proof only */
  (void)count;
  /*@ ghost lemma_tensors_dim_is_max(inputs, n); */
  /*@ assert compatible: tensors_compatible((sonnx_tensor *)inputs, n); */
  fill_common_shape(n, inputs, rank, z_dims);
  /*@ assert axes: \forall integer i; 0 <= i < rank ==>
        tensors_max_dim{Pre}((sonnx_tensor *)inputs, n, rank, i, z_dims[i]) &&
        tensors_c1{Pre}((sonnx_tensor *)inputs, n, rank, i, z_dims[i]); */
  /*@ assert broadcast: tensors_broadcast{Here, Pre}((sonnx_tensor *)inputs, n, rank, z_dims); */
  /*@ assert count: count == count_from(z_dims, 0, rank); */
  /*@ ghost
    size_t j = 0;
    /@ loop invariant 0 <= j <= n;
       loop invariant \forall integer i; 0 <= i < j ==>
         output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, i, rank, z_dims, count);
       loop invariant \forall integer i; 0 <= i < j ==>
         shape_count(inputs[i].shape) == shape_count{Pre}(\at(inputs[i].shape, Pre));
       loop assigns j;
       loop variant n - j;
    @/
    while (j < n) {
      /@ assert ok_j: shape_ok(inputs[j].shape) && inputs[j].elem_size > 0; @/
      /@ assert same_j: \let i = j; inputs[i].shape.rank == \at(inputs[i].shape.rank, Pre) &&
           inputs[i].shape.dims == \at(inputs[i].shape.dims, Pre) &&
           inputs[i].data == \at(inputs[i].data, Pre) && inputs[i].elem_size == \at(inputs[i].elem_size, Pre) &&
           outputs[i].data == \at(outputs[i].data, Pre) && outputs[i].capacity == \at(outputs[i].capacity, Pre); @/
      /@ assert fit_pre_j: \let i = j; \at(bytes_fit((sonnx_tensor *)inputs, i, count), Pre); @/
      /@ assert usable_pre_j: \let i = j; \at(buffer_ok((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, i, count), Pre); @/
      /@ assert dims_j: \let i = j; \forall integer k; 0 <= k < inputs[i].shape.rank ==>
           inputs[i].shape.dims[k] == \at(inputs[i].shape.dims[k], Pre); @/
      /@ assert count_j: \let i = j; shape_count(inputs[i].shape) == shape_count{Pre}(\at(inputs[i].shape, Pre)); @/
      /@ assert readable_j: shape_readable(inputs[j].shape); @/
      /@ assert axes_j: \let i = j; \forall integer k; 0 <= k < rank ==>
           padded_dim(inputs[i].shape, rank, k) == padded_dim{Pre}(\at(inputs[i].shape, Pre), rank, k); @/
      /@ assert fold_j: \let i = j; \forall integer k; 0 <= k < rank ==>
           padded_dim{Pre}(\at(inputs[i].shape, Pre), rank, k) == z_dims[k] ||
           (padded_dim{Pre}(\at(inputs[i].shape, Pre), rank, k) == 1 && z_dims[k] != 0); @/
      /@ assert to_j: broadcasts_to_dims(inputs[j].shape, rank, z_dims); @/
      /@ assert fits_pre_j: \let i = j; count * \at(inputs[i].elem_size, Pre) <= SIZE_MAX &&
           shape_count{Pre}(\at(inputs[i].shape, Pre)) * \at(inputs[i].elem_size, Pre) <= SIZE_MAX; @/
      /@ assert es_j: \let i = j; \let e = inputs[i].elem_size; e == \at(inputs[i].elem_size, Pre); @/
      /@ assert zbytes_t: \let i = j; times(count, inputs[i].elem_size) == times(count, \at(inputs[i].elem_size, Pre)); @/
      /@ assert zbytes_j: \let i = j; count * inputs[i].elem_size == count * \at(inputs[i].elem_size, Pre); @/
      /@ assert xbytes_t: \let i = j; times(shape_count(inputs[i].shape), inputs[i].elem_size) ==
           times(shape_count{Pre}(\at(inputs[i].shape, Pre)), \at(inputs[i].elem_size, Pre)); @/
      /@ assert xbytes_j: \let i = j; shape_count(inputs[i].shape) * inputs[i].elem_size ==
           shape_count{Pre}(\at(inputs[i].shape, Pre)) * \at(inputs[i].elem_size, Pre); @/
      /@ assert fits_j: count * inputs[j].elem_size <= SIZE_MAX &&
           shape_count(inputs[j].shape) * inputs[j].elem_size <= SIZE_MAX; @/
      /@ assert present_j: (inputs[j].data != \null || shape_count(inputs[j].shape) == 0) &&
           (outputs[j].data != \null || count == 0) && outputs[j].capacity >= count * inputs[j].elem_size; @/
      /@ assert in_valid_j: count > 0 ==> \valid_read((char *)inputs[j].data +
           (0 .. shape_count(inputs[j].shape) * inputs[j].elem_size - 1)); @/
      /@ assert out_valid_j: count > 0 ==> \valid((char *)outputs[j].data +
           (0 .. count * inputs[j].elem_size - 1)); @/
      /@ assert apart_j: count > 0 ==>
           \separated((char *)outputs[j].data + (0 .. count * inputs[j].elem_size - 1),
                      (char *)inputs[j].data + (0 .. shape_count(inputs[j].shape) * inputs[j].elem_size - 1)); @/
      /@ assert ready_j: output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, rank, z_dims, count); @/
      j++;
    }
  */
  /*@ assert fields: \forall integer i; 0 <= i < n ==>
        inputs[i].shape == \at(inputs[i].shape, Pre) &&
        inputs[i].elem_size == \at(inputs[i].elem_size, Pre) &&
        outputs[i].capacity == \at(outputs[i].capacity, Pre); */
  /* The separation pair by pair, as in publish_shape. */
  /*@ ghost
    size_t a = 0;
    /@ loop invariant 0 <= a <= n;
       loop invariant \forall integer i, m; 0 <= i < a && 0 <= m < n ==>
         pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, i);
       loop assigns a;
       loop variant n - a;
    @/
    while (a < n) {
      size_t b = 0;
      /@ loop invariant 0 <= b <= n;
         loop invariant \forall integer m; 0 <= m < b ==>
           pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, a);
         loop assigns b;
         loop variant n - b;
      @/
      while (b < n) {
        /@ assert \let m = b; \let i = a;
             \at(pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, i), Pre); @/
        /@ assert pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, b, a); @/
        b++;
      }
      a++;
    }
  */
  /*@ assert apart: tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n); */
}


/*@ // Input j's bytes are the same at L1 and L2 (one predicate per input, so
    // that a frame over all the inputs is instantiated on a symbol).
    predicate input_kept{L1, L2}(sonnx_tensor *in, integer j) =
      \forall integer q; 0 <= q < shape_count{L1}(\at(in[j].shape, L1)) * \at(in[j].elem_size, L1) ==>
        \at(((char *)in[j].data)[q], L1) == \at(((char *)in[j].data)[q], L2);

    // Output j's first count elements of input j's size are the same at L1 and L2.
    predicate output_kept{L1, L2}(sonnx_tensor *in, sonnx_buffer *out, integer j, integer count) =
      \forall integer a; 0 <= a < count * \at(in[j].elem_size, L1) ==>
        \at(((char *)out[j].data)[a], L1) == \at(((char *)out[j].data)[a], L2);

    // @req LIB-ERR-NOWRITE: output j's bytes past its count elements, up to its capacity,
    // are the same at L1 and L2 (on success the operator writes Zj and nothing else of the
    // buffer).
    predicate tail_kept{L1, L2}(sonnx_tensor *in, sonnx_buffer *out, integer j, integer count) =
      \at(out[j].data, L1) != \null ==>
        \forall integer a; count * \at(in[j].elem_size, L1) <= a < \at(out[j].capacity, L1) ==>
          \at(((char *)out[j].data)[a], L1) == \at(((char *)out[j].data)[a], L2);
*/

/* Writes output m alone, and says what it leaves alone: every input's bytes
   and every other output's z_count elements. A function of its own so that
   these frames are proved in a small context (in copy_outputs the provers
   drown in the separation facts of all the inputs). */
/*@ requires m < n <= SONNX_MAX_INPUTS;
    requires \valid_read(inputs + (0 .. n - 1)) && \valid_read(outputs + (0 .. n - 1));
    requires shape_ok(z) && shape_readable(z) && z_count == shape_count(z);
    requires ready: \forall integer j; 0 <= j < n ==> output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z.rank, z.dims, z_count);
    requires tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    assigns ((char *)outputs[m].data)[0 .. z_count * inputs[m].elem_size - 1];
    ensures written: elements_broadcast{Post, Pre}((char *)outputs[m].data, (char *)inputs[m].data,
      inputs[m].elem_size, inputs[m].shape, z, z_count);
    ensures sources: sources_inside(inputs[m].shape, z, inputs[m].elem_size,
      shape_count(inputs[m].shape), z_count);
    ensures inputs_kept: \forall integer j; 0 <= j < n ==>
      input_kept{Post, Pre}((sonnx_tensor *)inputs, j);
    ensures outputs_kept: \forall integer j; 0 <= j < n && j != m ==>
      output_kept{Post, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z_count);
    ensures tails_kept: \forall integer j; 0 <= j < n ==>
      tail_kept{Post, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z_count);
*/
static void write_output(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                         sonnx_shape z, size_t z_count, size_t m)
{
  (void)n; /* read by the proof only (the frames of the other inputs and outputs) */
  /* x points into inputs (not a copy): the proof then names input m's
     fields by the same terms as the contract does. */
  const sonnx_tensor *x = &inputs[m];
  /*@ assert output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, z.rank, z.dims, z_count); */
  byte_size_result x_size = byte_size(x->shape, x->elem_size); /* fits: checked by the caller */
  /*@ assert x_size.status == SONNX_OK && x_size.count == shape_count(x->shape); */
  /*@ assert broadcasts_to(x->shape, z); */
  char *zb = (char *)outputs[m].data;
  broadcast_data((const char *)x->data, zb, x->elem_size, x->shape, z, x_size.count, z_count);
  /* The frames, one ground input and output at a time. */
  /*@ ghost
    size_t j = 0;
    /@ loop invariant 0 <= j <= n;
       loop invariant \forall integer t; 0 <= t < j ==> input_kept{Here, Pre}((sonnx_tensor *)inputs, t);
       loop invariant \forall integer t; 0 <= t < j && t != m ==>
         output_kept{Here, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, t, z_count);
       loop invariant \forall integer t; 0 <= t < j ==>
         tail_kept{Here, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, t, z_count);
       loop assigns j;
       loop variant n - j;
    @/
    while (j < n) {
      /@ assert output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z.rank, z.dims, z_count); @/
      /@ assert in_cap: z_count > 0 && inputs[j].data != \null ==>
           \separated(zb + (0 .. outputs[m].capacity - 1),
             (char *)inputs[j].data + (0 .. shape_count(inputs[j].shape) * inputs[j].elem_size - 1)); @/
      /@ assert in_apart: \separated(zb + (0 .. z_count * x->elem_size - 1),
           (char *)inputs[j].data + (0 .. shape_count(inputs[j].shape) * inputs[j].elem_size - 1)); @/
      /@ assert in_kept: \let xj = (char *)inputs[j].data; \forall integer q;
           0 <= q < shape_count(inputs[j].shape) * inputs[j].elem_size ==> xj[q] == \at(xj[q], Pre); @/
      /@ assert input_kept{Here, Pre}((sonnx_tensor *)inputs, j); @/
      if (j != m) {
        /@ assert out_cap: z_count > 0 ==> \separated(zb + (0 .. outputs[m].capacity - 1),
             (char *)outputs[j].data + (0 .. outputs[j].capacity - 1)); @/
        /@ assert out_apart: \separated(zb + (0 .. z_count * x->elem_size - 1),
             (char *)outputs[j].data + (0 .. z_count * inputs[j].elem_size - 1)); @/
        /@ assert out_kept: \let zj = (char *)outputs[j].data; \forall integer a;
             0 <= a < z_count * inputs[j].elem_size ==> zj[a] == \at(zj[a], Pre); @/
        /@ assert output_kept{Here, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z_count); @/
      }
      // Output j's bytes past its count, j == m or not: apart from what the data step wrote.
      /@ assert cap_apart: j != m && z_count > 0 && outputs[j].data != \null ==>
           \separated(zb + (0 .. outputs[m].capacity - 1),
             (char *)outputs[j].data + (0 .. outputs[j].capacity - 1)); @/
      /@ assert tail_apart_other: j != m && z_count > 0 && outputs[j].data != \null ==>
           \separated(zb + (0 .. z_count * x->elem_size - 1),
             (char *)outputs[j].data + (z_count * inputs[j].elem_size .. outputs[j].capacity - 1)); @/
      /@ assert tail_apart_own: j == m && z_count > 0 && outputs[j].data != \null ==>
           \separated(zb + (0 .. z_count * x->elem_size - 1),
             (char *)outputs[j].data + (z_count * inputs[j].elem_size .. outputs[j].capacity - 1)); @/
      /@ assert tail_apart: z_count > 0 && outputs[j].data != \null ==>
           \separated(zb + (0 .. z_count * x->elem_size - 1),
             (char *)outputs[j].data + (z_count * inputs[j].elem_size .. outputs[j].capacity - 1)); @/
      /@ assert tail_j: \let zj = (char *)outputs[j].data; zj != \null ==> \forall integer a;
           z_count * inputs[j].elem_size <= a < outputs[j].capacity ==> zj[a] == \at(zj[a], Pre); @/
      /@ assert tail_kept{Here, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z_count); @/
      j++;
    }
  */
}

/* Writes output m = broadcast_to(x_m, z) for every m, once every check has
   passed (nothing fails here, so the data step is called directly). Each call proves its own output; the proof
   carries the outputs already written across the later calls one ground
   element at a time (as copy_elements does), since a frame over the
   products o * es has nothing for the provers to instantiate on. */
/*@ requires 1 <= n <= SONNX_MAX_INPUTS;
    requires \valid_read(inputs + (0 .. n - 1)) && \valid_read(outputs + (0 .. n - 1));
    requires shape_ok(z) && shape_readable(z) && z_count == shape_count(z);
    requires ready: \forall integer m; 0 <= m < n ==> output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, z.rank, z.dims, z_count);
    requires apart: tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    assigns ((char *)outputs[0 .. n - 1].data)[0 .. SIZE_MAX];
    ensures elements: \forall integer m; 0 <= m < n ==>
      elements_broadcast{Post, Pre}((char *)outputs[m].data, (char *)inputs[m].data,
        inputs[m].elem_size, inputs[m].shape, z, z_count);
    ensures elements_to: \forall integer m; 0 <= m < n ==>
      elements_broadcast_to{Post, Pre}((char *)outputs[m].data, (char *)inputs[m].data,
        inputs[m].elem_size, inputs[m].shape, z.rank, z.dims, z_count);
    ensures tails: \forall integer m; 0 <= m < n ==>
      tail_kept{Post, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, z_count);
*/
static void copy_outputs(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                         sonnx_shape z, size_t z_count)
{
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant inputs_kept: \forall integer j; 0 <= j < n ==>
        input_kept{Here, Pre}((sonnx_tensor *)inputs, j);
      loop invariant done: \forall integer j; 0 <= j < m ==>
        elements_broadcast{Here, Pre}((char *)outputs[j].data, (char *)inputs[j].data,
          inputs[j].elem_size, inputs[j].shape, z, z_count);
      loop invariant tails: \forall integer j; 0 <= j < n ==>
        tail_kept{Here, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z_count);
      loop assigns m, ((char *)outputs[0 .. n - 1].data)[0 .. SIZE_MAX];
      loop variant n - m;
  */
  while (m < n) {
    /* Named for the proof only. */
    /*@ ghost const sonnx_tensor *x = &inputs[m]; */
    /*@ ghost char *zb = (char *)outputs[m].data; */
    /*@ assert output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, z.rank, z.dims, z_count); */
    /*@ assert input_kept{Here, Pre}((sonnx_tensor *)inputs, m); */
  Before: __attribute__((unused));
    write_output(n, inputs, outputs, z, z_count, m);
    /*@ assert input_m_kept: \let xb = (char *)x->data; \forall integer q;
          0 <= q < shape_count(x->shape) * x->elem_size ==> \at(xb[q], Before) == \at(xb[q], Pre); */
    /* Output m reads its input at the call's Pre: the input bytes are those
       of Pre (inputs_kept), element by element. */
    /*@ ghost
      size_t o = 0;
      /@ loop invariant 0 <= o <= z_count;
         loop invariant elements_broadcast{Here, Pre}(zb, (char *)x->data, x->elem_size, x->shape, z, o);
         loop assigns o;
         loop variant z_count - o;
      @/
      while (o < z_count) {
        /@ assert written_m: element_broadcast{Here, Before}(zb, (char *)x->data, x->elem_size, x->shape, z, o); @/
        /@ assert source_inside(x->shape, z, x->elem_size, shape_count(x->shape), o); @/
        /@ assert \let s = source_offset(x->shape, z, o);
              s * x->elem_size + x->elem_size <= shape_count(x->shape) * x->elem_size; @/
        /@ assert source_nonneg: 0 <= source_offset(x->shape, z, o) * x->elem_size; @/
        /@ assert unfold_m: \let s = source_offset(x->shape, z, o) * x->elem_size; \let xb = (char *)x->data;
              \forall integer b; 0 <= b < x->elem_size ==>
                \let p = o * x->elem_size + b; zb[p] == \at(xb[s + b], Before); @/
        /@ assert source_kept: \let s = source_offset(x->shape, z, o) * x->elem_size; \let xb = (char *)x->data;
              \forall integer b; 0 <= b < x->elem_size ==> \at(xb[s + b], Before) == \at(xb[s + b], Pre); @/
        /@ assert chain_m: \let s = source_offset(x->shape, z, o) * x->elem_size; \let xb = (char *)x->data;
              \forall integer b; 0 <= b < x->elem_size ==>
                \let p = o * x->elem_size + b; zb[p] == \at(xb[s + b], Pre); @/
        /@ assert element_m: element_broadcast{Here, Pre}(zb, (char *)x->data, x->elem_size, x->shape, z, o); @/
        o++;
      }
    */
    /* Every input is apart from output m: its bytes are still those of Pre.
       One ground input at a time (a frame quantified over the inputs is more
       than the provers instantiate in this context). */
    /*@ ghost
      size_t i = 0;
      /@ loop invariant 0 <= i <= n;
         loop invariant \forall integer t; 0 <= t < i ==> input_kept{Here, Pre}((sonnx_tensor *)inputs, t);
         loop assigns i;
         loop variant n - i;
      @/
      while (i < n) {
        /@ assert input_kept{Here, Before}((sonnx_tensor *)inputs, i); @/
        /@ assert input_kept{Before, Pre}((sonnx_tensor *)inputs, i); @/
        /@ assert in_now: \let xi = (char *)inputs[i].data; \forall integer q;
             0 <= q < shape_count(inputs[i].shape) * inputs[i].elem_size ==> xi[q] == \at(xi[q], Before); @/
        /@ assert in_before: \let xi = (char *)inputs[i].data; \forall integer q;
             0 <= q < shape_count(inputs[i].shape) * inputs[i].elem_size ==> \at(xi[q], Before) == \at(xi[q], Pre); @/
        /@ assert in_kept: input_kept{Here, Pre}((sonnx_tensor *)inputs, i); @/
        i++;
      }
    */
    /* Every output's bytes past its count: kept by this call (write_output) and the earlier
       ones (the invariant), one ground output at a time. */
    /*@ ghost
      size_t u = 0;
      /@ loop invariant 0 <= u <= n;
         loop invariant \forall integer t; 0 <= t < u ==>
           tail_kept{Here, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, t, z_count);
         loop assigns u;
         loop variant n - u;
      @/
      while (u < n) {
        /@ assert tail_kept{Here, Before}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, u, z_count); @/
        /@ assert tail_kept{Before, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, u, z_count); @/
        /@ assert fields_u: \let v = u; outputs[v].data == \at(outputs[v].data, Before) &&
             outputs[v].capacity == \at(outputs[v].capacity, Before) &&
             inputs[v].elem_size == \at(inputs[v].elem_size, Before); @/
        /@ assert tail_now: \let zu = (char *)outputs[u].data; zu != \null ==> \forall integer a;
             z_count * inputs[u].elem_size <= a < outputs[u].capacity ==> zu[a] == \at(zu[a], Before); @/
        /@ assert tail_before: \let zu = (char *)outputs[u].data; zu != \null ==> \forall integer a;
             z_count * inputs[u].elem_size <= a < outputs[u].capacity ==> \at(zu[a], Before) == \at(zu[a], Pre); @/
        /@ assert tail_kept{Here, Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, u, z_count); @/
        u++;
      }
    */
    /* Outputs 0 .. m-1 are apart from output m: their bytes are those of
       Before, element by element. */
    /*@ ghost
      size_t j = 0;
      /@ loop invariant 0 <= j <= m;
         loop invariant \forall integer i; 0 <= i < j ==>
           elements_broadcast{Here, Pre}((char *)outputs[i].data, (char *)inputs[i].data,
             inputs[i].elem_size, inputs[i].shape, z, z_count);
         loop assigns j;
         loop variant m - j;
      @/
      while (j < m) {
        /@ assert elements_broadcast{Before, Pre}((char *)outputs[j].data, (char *)inputs[j].data,
             inputs[j].elem_size, inputs[j].shape, z, z_count); @/
        /@ assert output_kept{Here, Before}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, z_count); @/
        /@ assert frame: \let zj = (char *)outputs[j].data; \forall integer a;
             0 <= a < z_count * inputs[j].elem_size ==> zj[a] == \at(zj[a], Before); @/
        size_t p = 0;
        /@ loop invariant 0 <= p <= z_count;
           loop invariant elements_broadcast{Here, Pre}((char *)outputs[j].data,
             (char *)inputs[j].data, inputs[j].elem_size, inputs[j].shape, z, p);
           loop assigns p;
           loop variant z_count - p;
        @/
        while (p < z_count) {
          lemma_mul_le_mono(z_count, p + 1, inputs[j].elem_size);
          lemma_mul_le_mono(p, 0, inputs[j].elem_size);
          /@ assert (p + 1) * inputs[j].elem_size == p * inputs[j].elem_size + inputs[j].elem_size; @/
          /@ assert kept: \let zj = (char *)outputs[j].data; \forall integer t; 0 <= t < inputs[j].elem_size ==>
                \let a = p * inputs[j].elem_size + t; zj[a] == \at(zj[a], Before); @/
          /@ assert element_broadcast{Before, Pre}((char *)outputs[j].data, (char *)inputs[j].data,
                inputs[j].elem_size, inputs[j].shape, z, p); @/
          /@ assert unfold_j: \let zj = (char *)outputs[j].data; \let xj = (char *)inputs[j].data;
                \let s = source_offset(inputs[j].shape, z, p) * inputs[j].elem_size;
                \forall integer t; 0 <= t < inputs[j].elem_size ==>
                  \let a = p * inputs[j].elem_size + t; \at(zj[a], Before) == \at(xj[s + t], Pre); @/
          /@ assert chain_j: \let zj = (char *)outputs[j].data; \let xj = (char *)inputs[j].data;
                \let s = source_offset(inputs[j].shape, z, p) * inputs[j].elem_size;
                \forall integer t; 0 <= t < inputs[j].elem_size ==>
                  \let a = p * inputs[j].elem_size + t; zj[a] == \at(xj[s + t], Pre); @/
          /@ assert element_j: element_broadcast{Here, Pre}((char *)outputs[j].data, (char *)inputs[j].data,
                inputs[j].elem_size, inputs[j].shape, z, p); @/
          p++;
        }
        j++;
      }
    */
    m++;
  }
  /* The same relation with the result shape given as (rank, dims), as the
     operator states it: only the chars were written, so the sizes read after
     are those read before. */
  /*@ ghost
    size_t t = 0;
    /@ loop invariant 0 <= t <= n;
       loop invariant \forall integer i; 0 <= i < t ==>
         elements_broadcast_to{Here, Pre}((char *)outputs[i].data, (char *)inputs[i].data,
           inputs[i].elem_size, inputs[i].shape, z.rank, z.dims, z_count);
       loop assigns t;
       loop variant n - t;
    @/
    while (t < n) {
      /@ assert all_t: elements_broadcast{Here, Pre}((char *)outputs[t].data, (char *)inputs[t].data,
           inputs[t].elem_size, inputs[t].shape, z, z_count); @/
      // One element at a time: the recursive source_from is then compared
      // on ground terms only (over all o at once, z3 runs out of memory).
      size_t o = 0;
      /@ loop invariant 0 <= o <= z_count;
         loop invariant \forall integer p; 0 <= p < o ==>
           element_broadcast_to{Here, Pre}((char *)outputs[t].data, (char *)inputs[t].data,
             inputs[t].elem_size, inputs[t].shape, z.rank, z.dims, p);
         loop assigns o;
         loop variant z_count - o;
      @/
      while (o < z_count) {
        /@ assert element_t: element_broadcast{Here, Pre}((char *)outputs[t].data, (char *)inputs[t].data,
             inputs[t].elem_size, inputs[t].shape, z, o); @/
        /@ assert source_t: source_offset{Pre}(inputs[t].shape, z, o) ==
             source_from(inputs[t].shape, z.dims, z.rank, o, 0); @/
        /@ assert as_dims_t: element_broadcast_to{Here, Pre}((char *)outputs[t].data, (char *)inputs[t].data,
             inputs[t].elem_size, inputs[t].shape, z.rank, z.dims, o); @/
        o++;
      }
      t++;
    }
  */
}

/* The writes of the shape results: out_dims, out_rank and the OK report.
   Says what they leave alone (the tensors and buffer descriptors, every
   input's dims, and so the counts read through them), proved here in the
   smallest context: the frames of a recursive count need one induction per
   input, which the provers only finish when little else is in sight. */
/*@ requires rank <= SONNX_MAX_RANK && n <= SONNX_MAX_INPUTS;
    requires \valid_read(z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \valid(out_dims + (0 .. rank - 1)) && \valid(out_rank) && (err == \null || \valid(err));
    requires \separated(out_dims + (0 .. rank - 1), out_rank, z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \separated(out_rank, z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires err != \null ==> \separated(err, out_dims + (0 .. rank - 1), out_rank,
                                         z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \valid_read(inputs + (0 .. n - 1)) && \valid_read(outputs + (0 .. n - 1));
    requires \separated(inputs + (0 .. n - 1), out_dims + (0 .. rank - 1), out_rank);
    requires \separated(outputs + (0 .. n - 1), out_dims + (0 .. rank - 1), out_rank);
    requires err != \null ==> \separated(inputs + (0 .. n - 1), err) && \separated(outputs + (0 .. n - 1), err);
    requires \forall integer m; 0 <= m < n ==> shape_ok(inputs[m].shape) && shape_readable(inputs[m].shape);
    requires \forall integer m; 0 <= m < n && inputs[m].shape.rank > 0 ==>
      \separated(inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1), out_dims + (0 .. rank - 1), out_rank) &&
      (err != \null ==> \separated(inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1), err));
    assigns out_dims[0 .. rank - 1], *out_rank, *err;
    ensures dims: \forall integer t; 0 <= t < rank ==> out_dims[t] == \old(z_dims[t]);
    ensures rank: *out_rank == rank;
    ensures reported: err != \null ==> err->status == SONNX_OK;
    ensures count: count_from(out_dims, 0, rank) == count_from{Pre}(z_dims, 0, rank);
    ensures inputs_kept: \forall integer m; 0 <= m < n ==>
      inputs[m].shape == \old(inputs[m].shape) && inputs[m].elem_size == \old(inputs[m].elem_size) &&
      outputs[m].capacity == \old(outputs[m].capacity);
    ensures in_dims_kept: \forall integer m, t; 0 <= m < n && 0 <= t < inputs[m].shape.rank ==>
      inputs[m].shape.dims[t] == \old(inputs[m].shape.dims[t]);
    ensures counts_kept: \forall integer m; 0 <= m < n ==>
      shape_count(inputs[m].shape) == shape_count{Pre}(inputs[m].shape);
*/
static void write_shape(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                        const size_t *z_dims, size_t rank,
                        size_t *out_dims, size_t *out_rank, sonnx_error *err)
{
  (void)n;      /* read by the proof only (the frames of the inputs) */
  (void)inputs;
  (void)outputs;
  size_t k = 0;
  /*@ loop invariant 0 <= k <= rank;
      loop invariant \forall integer t; 0 <= t < k ==> out_dims[t] == z_dims[t];
      loop assigns k, out_dims[0 .. rank - 1];
      loop variant rank - k;
  */
  while (k < rank) {
    out_dims[k] = z_dims[k];
    k++;
  }
  *out_rank = rank;
  (void)sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  /*@ ghost
    size_t b = rank;
    /@ loop invariant 0 <= b <= rank;
       loop invariant out_count: count_from(out_dims, b, rank) == count_from{Pre}(z_dims, b, rank);
       loop assigns b;
       loop variant b;
    @/
    while (b > 0u) {
      b--;
      /@ assert \let q = b; out_dims[q] == \at(z_dims[q], Pre); @/
      /@ assert count_from(out_dims, b, rank) == out_dims[b] * count_from(out_dims, b + 1, rank); @/
      /@ assert \let q = b; count_from{Pre}(z_dims, q, rank) ==
                \at(z_dims[q], Pre) * count_from{Pre}(z_dims, q + 1, rank); @/
    }
    size_t j = 0;
    /@ loop invariant 0 <= j <= n;
       loop invariant \forall integer i; 0 <= i < j ==>
         inputs[i].shape.rank == \at(inputs[i].shape.rank, Pre) &&
         inputs[i].elem_size == \at(inputs[i].elem_size, Pre) &&
         shape_count(inputs[i].shape) == shape_count{Pre}(inputs[i].shape);
       loop assigns j;
       loop variant n - j;
    @/
    while (j < n) {
      /@ assert \let t = inputs + j; t->shape.rank == \at(t->shape.rank, Pre) &&
                t->elem_size == \at(t->elem_size, Pre); @/
      size_t a = inputs[j].shape.rank;
      /@ loop invariant 0 <= a <= inputs[j].shape.rank;
         loop invariant in_count: count_from(inputs[j].shape.dims, a, inputs[j].shape.rank) ==
                          count_from{Pre}(inputs[j].shape.dims, a, inputs[j].shape.rank);
         loop assigns a;
         loop variant a;
      @/
      while (a > 0u) {
        a--;
        /@ assert \let d = inputs[j].shape.dims; \let q = a; d[q] == \at(d[q], Pre); @/
        /@ assert \let d = inputs[j].shape.dims; \let r = inputs[j].shape.rank; \let q = a;
                  count_from(d, q, r) == d[q] * count_from(d, q + 1, r); @/
        /@ assert \let d = inputs[j].shape.dims; \let r = inputs[j].shape.rank; \let q = a;
                  count_from{Pre}(d, q, r) == \at(d[q], Pre) * count_from{Pre}(d, q + 1, r); @/
      }
      /@ assert shape_count(inputs[j].shape) ==
                count_from(inputs[j].shape.dims, 0, inputs[j].shape.rank); @/
      /@ assert shape_count{Pre}(inputs[j].shape) ==
                count_from{Pre}(inputs[j].shape.dims, 0, inputs[j].shape.rank); @/
      j++;
    }
  */
}

/* The shape results, once every check has passed (write_shape), and what
   the copy needs carried across those writes: output_ready of every input,
   now against out_dims, and the separation of the buffers. */
/*@ requires 1 <= n <= SONNX_MAX_INPUTS && rank <= SONNX_MAX_RANK;
    requires \valid_read(z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \valid(out_dims + (0 .. rank - 1)) && \valid(out_rank) && (err == \null || \valid(err));
    requires \separated(out_dims + (0 .. rank - 1), out_rank, z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \separated(out_rank, z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires err != \null ==> \separated(err, out_dims + (0 .. rank - 1), out_rank,
                                         z_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \valid_read(inputs + (0 .. n - 1)) && \valid_read(outputs + (0 .. n - 1));
    requires \separated(inputs + (0 .. n - 1), out_dims + (0 .. rank - 1), out_rank);
    requires \separated(outputs + (0 .. n - 1), out_dims + (0 .. rank - 1), out_rank);
    requires err != \null ==> \separated(inputs + (0 .. n - 1), err) && \separated(outputs + (0 .. n - 1), err);
    requires ready: \forall integer m; 0 <= m < n ==>
      output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, rank, (size_t *)z_dims, z_count);
    requires apart: tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    requires \forall integer m; 0 <= m < n && inputs[m].shape.rank > 0 ==>
      \separated(inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1), out_dims + (0 .. rank - 1), out_rank) &&
      (err != \null ==> \separated(inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1), err));
    assigns out_dims[0 .. rank - 1], *out_rank, *err;
    ensures dims: \forall integer t; 0 <= t < rank ==> out_dims[t] == z_dims[t];
    ensures rank: *out_rank == rank;
    ensures reported: err != \null ==> err->status == SONNX_OK;
    ensures count: count_from(out_dims, 0, rank) == count_from{Pre}(z_dims, 0, rank);
    ensures ready: \forall integer m; 0 <= m < n ==>
      output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, rank, out_dims, z_count);
    ensures apart: tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    ensures inputs_kept: \forall integer m; 0 <= m < n ==>
      inputs[m].shape == \old(inputs[m].shape) && inputs[m].elem_size == \old(inputs[m].elem_size);
*/
static void publish_shape(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                          const size_t *z_dims, size_t rank, size_t z_count,
                          size_t *out_dims, size_t *out_rank, sonnx_error *err)
{
  (void)z_count; /* read by the proof only */
  /*@ assert \forall integer m; 0 <= m < n ==>
        output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, rank, (size_t *)z_dims, z_count); */
  write_shape(n, inputs, outputs, z_dims, rank, out_dims, out_rank, err);
  /*@ ghost
    size_t j = 0;
    /@ loop invariant 0 <= j <= n;
       loop invariant ready: \forall integer i; 0 <= i < j ==>
         output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, i, rank, out_dims, z_count);
       loop assigns j;
       loop variant n - j;
    @/
    while (j < n) {
      /@ assert ready_pre_j: \let i = j;
                \at(output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, i, rank, (size_t *)z_dims, z_count), Pre); @/
      /@ assert same_j: \let i = j; inputs[i].shape == \at(inputs[i].shape, Pre) &&
                inputs[i].elem_size == \at(inputs[i].elem_size, Pre) &&
                outputs[i].capacity == \at(outputs[i].capacity, Pre); @/
      /@ assert count_j: \let i = j; shape_count(inputs[i].shape) == shape_count{Pre}(\at(inputs[i].shape, Pre)); @/
      /@ assert axes_j: \let i = j; \forall integer t; 0 <= t < rank ==>
           padded_dim(inputs[i].shape, rank, t) == padded_dim{Pre}(\at(inputs[i].shape, Pre), rank, t) &&
           out_dims[t] == \at(z_dims[t], Pre); @/
      /@ assert to_j: broadcasts_to_dims(inputs[j].shape, rank, out_dims); @/
      /@ assert ready_j: output_ready((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, j, rank, out_dims, z_count); @/
      j++;
    }
  */
  /*@ assert fields: \forall integer i; 0 <= i < n ==>
        inputs[i].shape == \at(inputs[i].shape, Pre) &&
        inputs[i].elem_size == \at(inputs[i].elem_size, Pre) &&
        outputs[i].capacity == \at(outputs[i].capacity, Pre); */
  /*@ assert counts: \forall integer i; 0 <= i < n ==>
        shape_count(inputs[i].shape) == shape_count{Pre}(\at(inputs[i].shape, Pre)); */
  /* The separation pair by pair, as in check_broadcast. */
  /*@ ghost
    size_t a = 0;
    /@ loop invariant 0 <= a <= n;
       loop invariant \forall integer i, m; 0 <= i < a && 0 <= m < n ==>
         pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, i);
       loop assigns a;
       loop variant n - a;
    @/
    while (a < n) {
      size_t b = 0;
      /@ loop invariant 0 <= b <= n;
         loop invariant \forall integer m; 0 <= m < b ==>
           pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, a);
         loop assigns b;
         loop variant n - b;
      @/
      while (b < n) {
        /@ assert \let m = b; \let i = a;
             \at(pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, i), Pre); @/
        /@ assert pair_apart((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, b, a); @/
        b++;
      }
      a++;
    }
  */
  /*@ assert apart: tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n); */
}

/* The operator once every check has passed (operator_passes): the common
   shape, then the data, so that the data is proved against the shape the
   caller gets. Nothing fails here. A function of its own so that its goals
   are proved without the outcome of the checks (check_outcome and the fold's
   definitions) in their context: there z3 ran out of memory and cvc4 out of
   time on the frames below (measured 2026-11-27). */
/*@ requires 1 <= n <= SONNX_MAX_INPUTS && rank <= SONNX_MAX_RANK && rank <= dims_capacity;
    requires err == \null || \valid(err);
    requires \valid(out_rank) && \valid(out_dims + (0 .. dims_capacity - 1));
    requires \separated(out_dims + (0 .. dims_capacity - 1), out_rank);
    requires err != \null ==> \separated(out_dims + (0 .. dims_capacity - 1), err) && \separated(out_rank, err);
    requires tensors_valid((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    requires tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n);
    requires results_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n,
                               out_dims, dims_capacity, out_rank, err);
    requires checked: tensors_ok((sonnx_tensor *)inputs, n) && fold_accepts((sonnx_tensor *)inputs, n);
    requires rank_is: rank == tensors_rank((sonnx_tensor *)inputs, n) &&
      tensors_max_rank((sonnx_tensor *)inputs, n, rank);
    requires count_is: count == common_count((sonnx_tensor *)inputs, n) && count <= SIZE_MAX;
    requires fit: \forall integer m; 0 <= m < n ==> bytes_fit((sonnx_tensor *)inputs, m, count);
    requires usable: buffers_ok((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, count);
    assigns *err, *out_rank, out_dims[0 .. dims_capacity - 1],
      ((char *)outputs[0 .. n - 1].data)[0 .. SIZE_MAX];
    ensures rank: *out_rank == rank;
    ensures sizes: tensors_axes{Post, Pre}((sonnx_tensor *)inputs, n, *out_rank, out_dims, *out_rank);
    ensures elements: \forall integer m; 0 <= m < n ==>
      elements_broadcast_to{Post, Pre}((char *)\at(outputs[m].data, Pre), (char *)\at(inputs[m].data, Pre),
        \at(inputs[m].elem_size, Pre), \at(inputs[m].shape, Pre), *out_rank, out_dims,
        count_from(out_dims, 0, *out_rank));
    ensures room: outputs_hold{Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, count_from(out_dims, 0, *out_rank));
    ensures beyond: \forall integer m, a; 0 <= m < n && \at(outputs[m].data, Pre) != \null &&
      count_from(out_dims, 0, *out_rank) * \at(inputs[m].elem_size, Pre) <= a < \at(outputs[m].capacity, Pre) ==>
        ((char *)\at(outputs[m].data, Pre))[a] == \at(((char *)outputs[m].data)[a], Pre);
    ensures reported: err != \null ==> err->status == SONNX_OK;
*/
static void broadcast_passed(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                             size_t *out_dims, size_t dims_capacity, size_t *out_rank,
                             sonnx_error *err, size_t rank, size_t count)
{
  (void)dims_capacity; /* read by the proof only */
  size_t z_dims[SONNX_MAX_RANK];
  common_shape(n, inputs, outputs, rank, count, z_dims);
  /*@ assert common: tensors_axes{Here, Pre}((sonnx_tensor *)inputs, n, rank, &z_dims[0], rank); */
  /* Every check passed: from here on nothing fails. The shape first, then
     the data, so that the data is proved against the shape the caller gets. */
  publish_shape(n, inputs, outputs, z_dims, rank, count, out_dims, out_rank, err);
Shaped: __attribute__((unused));
  /*@ assert shaped: tensors_axes{Here, Pre}((sonnx_tensor *)inputs, n, rank, out_dims, rank); */
  /* The shape results are apart from every output (results_separated): the outputs' bytes
     are still those of Pre, and copy_outputs keeps those past each count. */
  /*@ assert shaped_kept: \forall integer m, a; 0 <= m < n && \at(outputs[m].data, Pre) != \null &&
        0 <= a < \at(outputs[m].capacity, Pre) ==>
          \at(((char *)outputs[m].data)[a], Shaped) == \at(((char *)outputs[m].data)[a], Pre); */
  sonnx_shape z = {rank, out_dims};
  copy_outputs(n, inputs, outputs, z, count);
  /*@ assert tails: \forall integer m; 0 <= m < n ==>
        tail_kept{Here, Shaped}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, count); */
  /*@ assert fields: \forall integer m; 0 <= m < n ==>
        outputs[m].data == \at(outputs[m].data, Pre) && outputs[m].capacity == \at(outputs[m].capacity, Pre) &&
        inputs[m].elem_size == \at(inputs[m].elem_size, Pre) &&
        outputs[m].data == \at(outputs[m].data, Shaped) && outputs[m].capacity == \at(outputs[m].capacity, Shaped) &&
        inputs[m].elem_size == \at(inputs[m].elem_size, Shaped); */
  /* Chained output by output, on ground terms (as copy_outputs' frames). */
  /*@ ghost
    size_t t = 0;
    /@ loop invariant 0 <= t <= n;
       loop invariant tails_t: \forall integer m; 0 <= m < t ==>
         tail_kept{Pre, Here}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, count);
       loop assigns t;
       loop variant n - t;
    @/
    while (t < n) {
      /@ assert tail_kept{Here, Shaped}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, t, count); @/
      /@ assert same_t: \let v = t; outputs[v].data == \at(outputs[v].data, Pre) &&
           outputs[v].capacity == \at(outputs[v].capacity, Pre) && inputs[v].elem_size == \at(inputs[v].elem_size, Pre) &&
           outputs[v].data == \at(outputs[v].data, Shaped) && outputs[v].capacity == \at(outputs[v].capacity, Shaped) &&
           inputs[v].elem_size == \at(inputs[v].elem_size, Shaped); @/
      /@ assert tail_t: \let v = t; \let zt = (char *)outputs[v].data; zt != \null ==> \forall integer a;
           count * inputs[v].elem_size <= a < outputs[v].capacity ==> zt[a] == \at(zt[a], Shaped); @/
      /@ assert shaped_t: \let v = t; \let zt = (char *)outputs[v].data; zt != \null ==> \forall integer a;
           0 <= a < outputs[v].capacity ==> \at(zt[a], Shaped) == \at(zt[a], Pre); @/
      /@ assert pre_t: \let v = t; \let zt = (char *)outputs[v].data; zt != \null ==> \forall integer a;
           count * inputs[v].elem_size <= a < outputs[v].capacity ==> zt[a] == \at(zt[a], Pre); @/
      /@ assert bytes_t: \let v = t; times(count, inputs[v].elem_size) == times(count, \at(inputs[v].elem_size, Pre)); @/
      /@ assert bytes_v: \let v = t; count * inputs[v].elem_size == count * \at(inputs[v].elem_size, Pre); @/
      /@ assert pre_t0: \let v = t; \let zt = (char *)\at(outputs[v].data, Pre); zt != \null ==> \forall integer a;
           count * \at(inputs[v].elem_size, Pre) <= a < \at(outputs[v].capacity, Pre) ==> zt[a] == \at(zt[a], Pre); @/
      /@ assert kept_t: tail_kept{Pre, Here}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, t, count); @/
      t++;
    }
  */
  /*@ assert tails_pre: \forall integer m, a; 0 <= m < n && \at(outputs[m].data, Pre) != \null &&
        count * \at(inputs[m].elem_size, Pre) <= a < \at(outputs[m].capacity, Pre) ==>
          ((char *)\at(outputs[m].data, Pre))[a] == \at(((char *)outputs[m].data)[a], Pre); */
  /*@ assert count_is: count == count_from(out_dims, 0, *out_rank); */
  /*@ assert room: \forall integer m; 0 <= m < n ==>
        \at(outputs[m].capacity, Pre) >= count * \at(inputs[m].elem_size, Pre); */
  /* The ensures name the count as count_from(out_dims, ...): the byte counts moved under
     times (spec/acsl/arith_lemmas.h), as in common_shape. */
  /*@ assert bytes_t: \forall integer m; 0 <= m < n ==>
        times(count_from(out_dims, 0, *out_rank), \at(inputs[m].elem_size, Pre)) ==
        times(count, \at(inputs[m].elem_size, Pre)); */
  /*@ assert bytes: \forall integer m; 0 <= m < n ==>
        count_from(out_dims, 0, *out_rank) * \at(inputs[m].elem_size, Pre) ==
        count * \at(inputs[m].elem_size, Pre); */
  /*@ assert room_out: \forall integer m; 0 <= m < n ==>
        \at(outputs[m].capacity, Pre) >= count_from(out_dims, 0, *out_rank) * \at(inputs[m].elem_size, Pre); */
  /*@ assert hold: outputs_hold{Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, count_from(out_dims, 0, *out_rank)); */
  /*@ assert beyond: \forall integer m, a; 0 <= m < n && \at(outputs[m].data, Pre) != \null &&
        count_from(out_dims, 0, *out_rank) * \at(inputs[m].elem_size, Pre) <= a < \at(outputs[m].capacity, Pre) ==>
          ((char *)\at(outputs[m].data, Pre))[a] == \at(((char *)outputs[m].data)[a], Pre); */
  /*@ assert kept: \forall integer m; 0 <= m < n ==>
        inputs[m].shape == \at(inputs[m].shape, Pre) && inputs[m].elem_size == \at(inputs[m].elem_size, Pre); */
}

sonnx_status sonnx_broadcast(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                             size_t *out_dims, size_t dims_capacity, size_t *out_rank,
                             sonnx_error *err)
{
  broadcast_check c = check_operands(n, inputs, outputs, out_dims, dims_capacity, out_rank);
  /* The two asserts split the behaviours once: an error behaviour's goals then do not
     search the success path, nor broadcast's the error path. */
  if (c.status != SONNX_OK) {
    /*@ assert failed: !operator_passes(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank); */
    /*@ assert overflow_case: operator_called(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank) &&
          fold_accepts((sonnx_tensor *)inputs, n) && dims_capacity >= tensors_rank((sonnx_tensor *)inputs, n) &&
          !operands_fit((sonnx_tensor *)inputs, n) ==>
            c.status == SONNX_ERR_OVERFLOW && overflow_input((sonnx_tensor *)inputs, n, c.input) &&
            c.axis == SONNX_NO_INDEX && c.size == 0 && c.expected == 0; */
    return sonnx_report(err, c.status, c.input, c.axis, c.size, c.expected);
  }
  /*@ assert passed: operator_passes(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank); */
  /*@ assert passed_each: !operator_null((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank) &&
        1 <= n <= SONNX_MAX_INPUTS && fold_accepts((sonnx_tensor *)inputs, n) &&
        dims_capacity >= tensors_rank((sonnx_tensor *)inputs, n) && operands_fit((sonnx_tensor *)inputs, n) &&
        buffers_ok((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, common_count((sonnx_tensor *)inputs, n)); */
  /*@ assert called: inputs != \null && outputs != \null && 1 <= n <= SONNX_MAX_INPUTS &&
        out_rank != \null && (out_dims != \null || dims_capacity == 0); */
  broadcast_passed(n, inputs, outputs, out_dims, dims_capacity, out_rank, err, c.rank, c.count);
  /* The spec's form of the element relation (ensures indices), input by input, from the flat
     one just proved: the facts of the result's index box (sonnx_lemma_index_facts); the flat
     relation at each multi-index's offset (each_o); its source is the f-mapped offset (each_ym);
     so Zm[i]'s bytes are Ym[f(i)]'s (each_s, each_b). One step per assert: together they time
     out (20 s, z3 and cvc4), apart each takes under 0.5 s. */
  /*@ ghost
    size_t m = 0;
    /@ loop invariant 0 <= m <= n;
       loop invariant indices: \forall integer j; 0 <= j < m ==>
         elements_at_indices{Here, Pre}((char *)\at(outputs[j].data, Pre), (char *)\at(inputs[j].data, Pre),
           \at(inputs[j].elem_size, Pre), \at(inputs[j].shape, Pre), *out_rank, out_dims);
       loop assigns m;
       loop variant n - m;
    @/
    while (m < n) {
      sonnx_lemma_index_facts(inputs[m].shape, out_dims, *out_rank);
      /@ assert facts: \let v = m; index_facts(\at(inputs[v].shape, Pre), *out_rank, out_dims); @/
      /@ assert flat: \let v = m; \let zb = (char *)\at(outputs[v].data, Pre); \let xb = (char *)\at(inputs[v].data, Pre);
           \let es = \at(inputs[v].elem_size, Pre); \let x = \at(inputs[v].shape, Pre);
           elements_broadcast_to{Here, Pre}(zb, xb, es, x, *out_rank, out_dims, count_from(out_dims, 0, *out_rank)); @/
      /@ assert each_o: \let v = m; \let zb = (char *)\at(outputs[v].data, Pre); \let xb = (char *)\at(inputs[v].data, Pre);
           \let es = \at(inputs[v].elem_size, Pre); \let x = \at(inputs[v].shape, Pre);
           \forall size_t i[SONNX_MAX_RANK]; in_box(i, out_dims, *out_rank) ==>
             element_broadcast_to{Here, Pre}(zb, xb, es, x, *out_rank, out_dims, row_offset(i, out_dims, *out_rank)); @/
      /@ assert each_ym: \let v = m; \let x = \at(inputs[v].shape, Pre);
           \forall size_t i[SONNX_MAX_RANK]; in_box(i, out_dims, *out_rank) ==>
             ym_offset(x, out_dims, *out_rank, i) == source_from(x, out_dims, *out_rank, row_offset(i, out_dims, *out_rank), 0); @/
      /@ assert each_s: \let v = m; \let zb = (char *)\at(outputs[v].data, Pre); \let xb = (char *)\at(inputs[v].data, Pre);
           \let es = \at(inputs[v].elem_size, Pre); \let x = \at(inputs[v].shape, Pre);
           \forall size_t i[SONNX_MAX_RANK]; in_box(i, out_dims, *out_rank) ==>
             element_bytes_equal{Here, Pre}(zb, row_offset(i, out_dims, *out_rank), xb,
               source_from(x, out_dims, *out_rank, row_offset(i, out_dims, *out_rank), 0), es); @/
      /@ assert each_b: \let v = m; \let zb = (char *)\at(outputs[v].data, Pre); \let xb = (char *)\at(inputs[v].data, Pre);
           \let es = \at(inputs[v].elem_size, Pre); \let x = \at(inputs[v].shape, Pre);
           \forall size_t i[SONNX_MAX_RANK]; in_box(i, out_dims, *out_rank) ==>
             element_bytes_equal{Here, Pre}(zb, row_offset(i, out_dims, *out_rank), xb, ym_offset(x, out_dims, *out_rank, i), es); @/
      /@ assert each: \let v = m; \let zb = (char *)\at(outputs[v].data, Pre); \let xb = (char *)\at(inputs[v].data, Pre);
           \let es = \at(inputs[v].elem_size, Pre); \let x = \at(inputs[v].shape, Pre);
           elements_at_indices{Here, Pre}(zb, xb, es, x, *out_rank, out_dims); @/
      m++;
    }
  */
  return SONNX_OK;
}

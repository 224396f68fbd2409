/* Broadcasting of tensor data: the element relation of SONNX step 2,
 *   Zm[i] = Ym[f(i_1, dYm_1, dY_1), ..., f(i_nY, dYm_nY, dY_nY)],
 * made executable on flat row-major buffers. This is the proved reference
 * kernel: one source offset per output element, computed exactly as the
 * ACSL definition source_offset (spec/acsl/data_logic.h) reads. */
#include "sonnx_internal.h"

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

/* @req SONNX-ELEM SONNX-F LIB-ROWMAJOR: offset in x of output element o. */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires \forall integer k; 0 <= k < z.rank ==> z.dims[k] >= 1;
    requires \forall integer k; 0 <= k <= z.rank ==> 1 <= padded_block(x, z.rank, k) <= padded_block(x, z.rank, 0);
    requires padded_block(x, z.rank, 0) <= SIZE_MAX;
    assigns \nothing;
    ensures \result == source_offset(x, z, o);
    ensures \result < padded_block(x, z.rank, 0);
*/
static size_t source_offset_of(sonnx_shape x, sonnx_shape z, size_t o)
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
    size_t padded = sonnx_padded_dim(x, z.rank, k);
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
*/
static void copy_elements(const char *xb, char *zb, size_t es, sonnx_shape x,
                          sonnx_shape z, size_t count_x, size_t count_z)
{
  (void)count_x; /* read by the proof only (ghost lemma calls) */
  size_t o = 0;
  /*@ loop invariant 0 <= o <= count_z;
      loop invariant elements_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, o);
      loop assigns o, zb[0 .. count_z * es - 1];
      loop variant count_z - o;
  */
  while (o < count_z) {
    size_t src = source_offset_of(x, z, o);
    /*@ ghost lemma_mul_le_mono(count_x, src + 1, es); */
    /*@ ghost lemma_mul_le_mono(count_z, o + 1, es); */
    /*@ ghost lemma_mul_le_mono(o, 0, es); */
    /*@ ghost lemma_mul_le_mono(src, 0, es); */
    /*@ assert (o + 1) * es == o * es + es && (src + 1) * es == src * es + es; */
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
    size_t p = sonnx_padded_dim(x, z.rank, k);
    if (p != z.dims[k] && (p != 1u || z.dims[k] == 0u)) {
      break;
    }
    k++;
  }
  return k;
}

/* Element count and byte size of a shape's data, returned by value (a plain
   value for WP, so the caller's memory is the one the contracts talk about). */
typedef struct {
  sonnx_status status; /* SONNX_OK or SONNX_ERR_OVERFLOW */
  size_t count;
  size_t bytes;
} byte_size_result;

/*@ requires shape_ok(s) && shape_readable(s) && es >= 1;
    assigns \nothing;
    ensures \result.status == SONNX_OK || \result.status == SONNX_ERR_OVERFLOW;
    ensures \result.status == SONNX_OK <==> shape_count(s) * es <= SIZE_MAX;
    ensures \result.status == SONNX_OK ==> \result.count == shape_count(s);
    ensures \result.status == SONNX_OK ==> \result.bytes == \result.count * es;
*/
static byte_size_result byte_size(sonnx_shape s, size_t es)
{
  byte_size_result r = {SONNX_ERR_OVERFLOW, 0u, 0u};
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
  r.bytes = c * es;
  return r;
}

/* Outcome of every check of sonnx_broadcast_to, returned by value (a plain
   value for WP): the error to report, or the counts the copy needs. */
typedef struct {
  sonnx_status status;
  size_t input;
  size_t axis;
  size_t size;
  size_t expected;
  size_t x_count;
  size_t z_count;
} to_check;

/* The shape checks of sonnx_broadcast_to: x then z (rank, dims), elem_size,
   x broadcasts to z. */
/*@ requires shape_ok(x) ==> shape_readable(x);
    requires shape_ok(z) ==> shape_readable(z);
    assigns \nothing;
    behavior bad_shape:
      assumes !shape_ok(x) || !shape_ok(z);
      ensures \result.status == SONNX_ERR_RANK || \result.status == SONNX_ERR_NULL;
      ensures (shape_ok(x) ==> \result.input == 1) && (!shape_ok(x) ==> \result.input == 0);
    behavior elem_size:
      assumes shape_ok(x) && shape_ok(z) && es == 0;
      ensures \result.status == SONNX_ERR_ARGUMENT;
    behavior incompatible:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && !broadcasts_to(x, z);
      ensures \result.status == SONNX_ERR_INCOMPATIBLE && \result.input == 0;
    behavior compatible:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z);
      ensures \result.status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
static to_check check_to_shapes(sonnx_shape x, size_t es, sonnx_shape z)
{
  to_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u, 0u};
  if (x.rank > SONNX_MAX_RANK || z.rank > SONNX_MAX_RANK ||
      (x.rank > 0u && x.dims == NULL) || (z.rank > 0u && z.dims == NULL)) {
    int x_bad = x.rank > SONNX_MAX_RANK || (x.rank > 0u && x.dims == NULL);
    size_t rank = x_bad ? x.rank : z.rank;
    c.input = x_bad ? 0u : 1u;
    c.status = (rank > SONNX_MAX_RANK) ? SONNX_ERR_RANK : SONNX_ERR_NULL;
    c.size = (rank > SONNX_MAX_RANK) ? rank : 0u;
    c.expected = (rank > SONNX_MAX_RANK) ? SONNX_MAX_RANK : 0u;
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
  size_t bad_axis = first_unidirectional_violation(x, z);
  if (bad_axis < z.rank) {
    c.status = SONNX_ERR_INCOMPATIBLE;
    c.input = 0u;
    c.axis = bad_axis;
    c.size = sonnx_padded_dim(x, z.rank, bad_axis);
    c.expected = z.dims[bad_axis];
  }
  return c;
}

/* The size checks of sonnx_broadcast_to once the shapes are known good:
   byte sizes, NULL data with a non-zero count, capacity. */
/*@ requires shape_ok(x) && shape_readable(x) && shape_ok(z) && shape_readable(z) && es > 0;
    assigns \nothing;
    behavior overflow:
      assumes !to_fits(x, es, z);
      ensures \result.status == SONNX_ERR_OVERFLOW;
    behavior null_data:
      assumes to_fits(x, es, z);
      assumes to_null_data(x, (void *)x_data, z, (void *)z_data);
      ensures \result.status == SONNX_ERR_NULL;
    behavior capacity:
      assumes to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity < shape_count(z) * es;
      ensures \result.status == SONNX_ERR_CAPACITY;
      ensures \result.expected == shape_count(z) * es;
    behavior accepted:
      assumes to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity >= shape_count(z) * es;
      ensures \result.status == SONNX_OK;
      ensures \result.x_count == shape_count(x);
      ensures \result.z_count == shape_count(z);
    ensures ok_fits: \result.status == SONNX_OK ==> to_fits(x, es, z);
    ensures ok_counts: \result.status == SONNX_OK ==>
      \result.x_count == shape_count(x) && \result.z_count == shape_count(z);
    ensures ok_bytes: \result.status == SONNX_OK ==>
      \result.x_count * es <= SIZE_MAX && \result.z_count * es <= SIZE_MAX;
    complete behaviors;
    disjoint behaviors;
*/
static to_check check_to_sizes(sonnx_shape x, const void *x_data, size_t es, sonnx_shape z,
                               const void *z_data, size_t z_capacity)
{
  to_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u, 0u};
  byte_size_result zs = byte_size(z, es);
  byte_size_result xs = byte_size(x, es);
  if (zs.status != SONNX_OK || xs.status != SONNX_OK) {
    c.status = SONNX_ERR_OVERFLOW;
    c.input = (zs.status != SONNX_OK) ? SONNX_NO_INDEX : 0u;
    return c;
  }
  if (x_data == NULL && xs.bytes > 0u) {
    c.status = SONNX_ERR_NULL;
    c.input = 0u;
    c.expected = 2u;
    return c;
  }
  if (z_data == NULL && zs.bytes > 0u) {
    c.status = SONNX_ERR_NULL;
    c.expected = 5u;
    return c;
  }
  if (z_capacity < zs.bytes) {
    c.status = SONNX_ERR_CAPACITY;
    c.size = z_capacity;
    c.expected = zs.bytes;
    return c;
  }
  c.x_count = xs.count;
  c.z_count = zs.count;
  return c;
}

sonnx_status sonnx_broadcast_to(sonnx_shape x, const void *x_data, size_t elem_size,
                                sonnx_shape z, void *z_data, size_t z_capacity, sonnx_error *err)
{
  to_check c = check_to_shapes(x, elem_size, z);
  if (c.status == SONNX_OK) {
    c = check_to_sizes(x, x_data, elem_size, z, z_data, z_capacity);
  }
  if (c.status != SONNX_OK) {
    return sonnx_report(err, c.status, c.input, c.axis, c.size, c.expected);
  }
  /*@ assert c.x_count * elem_size <= SIZE_MAX && c.z_count * elem_size <= SIZE_MAX; */
  if (c.z_count > 0u) {
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
    /* Both kernels have the same contract. The default is the proved one; the
       fast kernel (issue 8) is opt-in with -DSONNX_FAST_KERNEL until its own
       goals are off proofs/open-goals.txt (checked against this one by
       tests/test_fast_copy.cpp and properties/fast_copy_properties.cpp). */
#if defined(SONNX_FAST_KERNEL) && !defined(__FRAMAC__)
    sonnx_fast_copy((const char *)x_data, (char *)z_data, elem_size, x, z, c.x_count, c.z_count);
#else
    copy_elements((const char *)x_data, (char *)z_data, elem_size, x, z, c.x_count, c.z_count);
#endif
  }
  return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
}

/* Outcome of the checks shared by the zero-copy functions, returned by value
   (a plain value for WP: building it disturbs nothing in memory). */
typedef struct {
  sonnx_status status;
  size_t input;
  size_t axis;
  size_t size;
  size_t expected;
} view_check;

/* The checks of sonnx_broadcast_strides and sonnx_source_offset after their
   own NULL checks: shapes, x broadcasts to z, every block of x fits. */
/*@ requires shape_ok(x) ==> shape_readable(x);
    requires shape_ok(z) ==> shape_readable(z);
    assigns \nothing;
    behavior bad_shape:
      assumes !shape_ok(x) || !shape_ok(z);
      ensures \result.status == SONNX_ERR_RANK || \result.status == SONNX_ERR_NULL;
    behavior incompatible:
      assumes shape_ok(x) && shape_ok(z) && !broadcasts_to(x, z);
      ensures \result.status == SONNX_ERR_INCOMPATIBLE;
    behavior overflow:
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && !blocks_fit(x, z.rank);
      ensures \result.status == SONNX_ERR_OVERFLOW;
    behavior fits:
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && blocks_fit(x, z.rank);
      ensures \result.status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
static view_check check_view(sonnx_shape x, sonnx_shape z)
{
  view_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u};
  if (x.rank > SONNX_MAX_RANK || z.rank > SONNX_MAX_RANK ||
      (x.rank > 0u && x.dims == NULL) || (z.rank > 0u && z.dims == NULL)) {
    /* x is checked whole (rank, dims) before z, as in sonnx_broadcast_to */
    int x_bad = x.rank > SONNX_MAX_RANK || (x.rank > 0u && x.dims == NULL);
    size_t rank = x_bad ? x.rank : z.rank;
    c.input = x_bad ? 0u : 1u;
    c.status = (rank > SONNX_MAX_RANK) ? SONNX_ERR_RANK : SONNX_ERR_NULL;
    c.size = (rank > SONNX_MAX_RANK) ? rank : 0u;
    c.expected = (rank > SONNX_MAX_RANK) ? SONNX_MAX_RANK : 0u;
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
    c.size = sonnx_padded_dim(x, z.rank, bad_axis);
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
    size_t padded = sonnx_padded_dim(x, z.rank, k);
    /*@ assert padded_block(x, z.rank, k) == padded * block; */
    if (padded != 0u && block > SIZE_MAX / padded) {
      /*@ assert block >= SIZE_MAX / padded + 1 && padded >= 2; */
      /*@ ghost lemma_mul_le_mono(block, SIZE_MAX / padded + 1, padded); */
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
  view_check c = check_view(x, z);
  if (c.status == SONNX_OK && strides == NULL && z.rank > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  if (c.status != SONNX_OK) {
    return sonnx_report(err, c.status, c.input, c.axis, c.size, c.expected);
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
    size_t padded = sonnx_padded_dim(x, z.rank, k);
    /*@ assert padded == padded_dim{Pre}(x, z.rank, k); */
    strides[k] = (padded == 1u) ? 0u : block;
    block *= padded;
  }
  return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
}

sonnx_status sonnx_source_offset(sonnx_shape x, sonnx_shape z, const size_t *index,
                                 size_t *offset, sonnx_error *err)
{
  view_check c = check_view(x, z);
  if (c.status == SONNX_OK && offset == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 5u);
  }
  if (c.status == SONNX_OK && index == NULL && z.rank > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  if (c.status != SONNX_OK) {
    return sonnx_report(err, c.status, c.input, c.axis, c.size, c.expected);
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
    size_t padded = sonnx_padded_dim(x, z.rank, k);
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
    ensures kind: \result.status == SONNX_OK || \result.status == SONNX_ERR_RANK ||
      \result.status == SONNX_ERR_NULL || \result.status == SONNX_ERR_ARGUMENT;
*/
static view_check check_tensor(sonnx_tensor t)
{
  view_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u};
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
   it, or the common rank (its sizes are in the caller's array). */
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
    requires \valid(acc_dims + (0 .. SONNX_MAX_RANK - 1));
    requires \forall integer m; 0 <= m < n && inputs[m].shape.rank > 0 ==>
      \separated(acc_dims + (0 .. SONNX_MAX_RANK - 1), inputs[m].shape.dims + (0 .. inputs[m].shape.rank - 1));
    requires \separated(acc_dims + (0 .. SONNX_MAX_RANK - 1), inputs + (0 .. n - 1));
    assigns acc_dims[0 .. SONNX_MAX_RANK - 1];
    ensures status: \result.status == SONNX_OK || \result.status == SONNX_ERR_INCOMPATIBLE ||
      \result.status == SONNX_ERR_RANK || \result.status == SONNX_ERR_NULL ||
      \result.status == SONNX_ERR_ARGUMENT;
    ensures located: \result.status != SONNX_OK ==> \result.input < n;
    ensures checked: \result.status == SONNX_OK ==> tensors_ok(inputs, n);
    ensures rank: \result.status == SONNX_OK ==> \result.rank <= SONNX_MAX_RANK;
    ensures shape: \result.status == SONNX_OK ==>
      tensors_broadcast{Post, Pre}(inputs, n, \result.rank, acc_dims);
*/
static fold_result fold_shapes(size_t n, const sonnx_tensor *inputs, size_t *acc_dims)
{
  fold_result r = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u, 0u};
  size_t next_dims[SONNX_MAX_RANK];
  view_check c = check_tensor(inputs[0]);
  if (c.status != SONNX_OK) {
    r.status = c.status;
    r.input = 0u;
    r.size = c.size;
    r.expected = c.expected;
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
  /*@ assert tensors_axes{Here, Pre}(inputs, 1, acc_rank, acc_dims, acc_rank); */
  size_t m = 1;
  /*@ loop invariant 1 <= m <= n;
      loop invariant acc_rank <= SONNX_MAX_RANK;
      loop invariant tensors_ok(inputs, m);
      loop invariant tensors_broadcast{Here, Pre}(inputs, m, acc_rank, acc_dims);
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
      return r;
    }
    sonnx_shape x = inputs[m].shape;
    size_t r1 = acc_rank;
    size_t r2 = (r1 >= x.rank) ? r1 : x.rank; /* Step 1 for the pair */
    size_t shift = r2 - r1;
    /*@ assert tensors_max_rank{Pre}(inputs, m + 1, r2); */
    size_t i = 0;
    /*@ loop invariant 0 <= i <= r2;
        loop invariant tensors_axes{Here, Pre}(inputs, m + 1, r2, &next_dims[0], i);
        loop assigns i, next_dims[0 .. SONNX_MAX_RANK - 1];
        loop variant r2 - i;
    */
    while (i < r2) {
      /* Step 2 for the pair (Broadcast(X1..Xm), X(m+1)) on axis i. */
      size_t p0 = (i < shift) ? 1u : acc_dims[i - shift];
      size_t px = sonnx_padded_dim(x, r2, i);
      size_t d = (p0 >= px) ? p0 : px;
      if ((p0 != d && p0 != 1u) || (px != d && px != 1u)) {
        /* C1 fails for the pair: the first axis, in the shape core's terms
           (size: input m's padded size; expected: the fold's size so far). */
        r.status = SONNX_ERR_INCOMPATIBLE;
        r.input = m;
        r.axis = i;
        r.size = px;
        r.expected = p0;
        return r;
      }
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
      /*@ assert tensors_max_dim{Pre}(inputs, m + 1, r2, i, d); */
      /*@ assert tensors_c1{Pre}(inputs, m + 1, r2, i, d); */
      next_dims[i] = d;
      i++;
    }
    k = 0;
  Copy: __attribute__((unused));
    /*@ loop invariant 0 <= k <= r2;
        loop invariant tensors_axes{Here, Pre}(inputs, m + 1, r2, acc_dims, k);
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
    /*@ assert tensors_axes{Here, Pre}(inputs, m + 1, r2, acc_dims, r2); */
    m++;
  }
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
*/
static view_check check_buffers(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                                size_t z_count)
{
  view_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u};
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
      c.status = SONNX_ERR_OVERFLOW;
      c.input = m;
      return c;
    }
    /*@ ghost lemma_mul_le_mono(SIZE_MAX / inputs[m].elem_size, z_count, inputs[m].elem_size); */
    m++;
  }
  m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant \forall integer j; 0 <= j < m ==>
        (inputs[j].data != \null || shape_count(inputs[j].shape) == 0) &&
        (outputs[j].data != \null || z_count == 0) &&
        outputs[j].capacity >= z_count * inputs[j].elem_size;
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
      return c;
    }
    m++;
  }
  return c;
}

sonnx_status sonnx_broadcast(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                             size_t *out_dims, size_t dims_capacity, size_t *out_rank,
                             sonnx_error *err)
{
  if (inputs == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 2u);
  }
  if (outputs == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  if (out_dims == NULL && dims_capacity > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 4u);
  }
  if (out_rank == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 6u);
  }
  if (n == 0u || n > SONNX_MAX_INPUTS) {
    return sonnx_report(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n,
                        SONNX_MAX_INPUTS);
  }
  size_t z_dims[SONNX_MAX_RANK];
  fold_result f = fold_shapes(n, inputs, z_dims);
  if (f.status != SONNX_OK) {
    return sonnx_report(err, f.status, f.input, f.axis, f.size, f.expected);
  }
  if (dims_capacity < f.rank) {
    return sonnx_report(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, dims_capacity,
                        f.rank);
  }
  sonnx_shape z = {f.rank, z_dims};
  sonnx_count z_count = sonnx_count_of(z);
  if (z_count.status != SONNX_OK) {
    return sonnx_report(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  view_check c = check_buffers(n, inputs, outputs, z_count.count);
  if (c.status != SONNX_OK) {
    return sonnx_report(err, c.status, c.input, SONNX_NO_INDEX, c.size, c.expected);
  }
  /* Every check passed: from here on nothing fails. The data first (its
     preconditions were established in this memory state), the shape last. */
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop assigns m, ((char *)outputs[0 .. n - 1].data)[0 .. SIZE_MAX];
      loop variant n - m;
  */
  while (m < n) {
    (void)sonnx_broadcast_to(inputs[m].shape, inputs[m].data, inputs[m].elem_size, z,
                             outputs[m].data, outputs[m].capacity, NULL);
    m++;
  }
  size_t k = 0;
  /*@ loop invariant 0 <= k <= f.rank;
      loop invariant tensors_axes{Here, Pre}((sonnx_tensor *)inputs, n, f.rank, out_dims, k);
      loop assigns k, out_dims[0 .. dims_capacity - 1];
      loop variant f.rank - k;
  */
  while (k < f.rank) {
    out_dims[k] = z_dims[k];
    k++;
  }
  *out_rank = f.rank;
  return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
}

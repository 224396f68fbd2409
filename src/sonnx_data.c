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
      /@ assert padded_block(x, r, k) == padded_dim(x, r, k) * padded_block(x, r, k + 1); @/
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

/* Lemma: in a row-major buffer of blocks of es bytes, every byte of the
   blocks before block o lies before block o's first byte. */
/*@ ghost
  /@ requires es >= 1;
     requires o * es <= SIZE_MAX;
     assigns \nothing;
     ensures \forall integer i, t; 0 <= i < o && 0 <= t < es ==> i * es + t < o * es;
  @/
  static void lemma_blocks_below(size_t o, size_t es)
  {
    size_t i = 0;
    /@ loop invariant 0 <= i <= o;
       loop invariant \forall integer j, t; 0 <= j < i && 0 <= t < es ==> j * es + t < o * es;
       loop assigns i;
       loop variant o - i;
    @/
    while (i < o) {
      lemma_mul_le_mono(o, i + 1, es);
      /@ assert (i + 1) * es == i * es + es; @/
      i++;
    }
  }
*/

/* The proved reference kernel: every output element, byte by byte. */
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
    /*@ ghost lemma_blocks_below(o, es); */
    size_t b = 0;
    /*@ loop invariant 0 <= b <= es;
        loop invariant \forall integer t; 0 <= t < b ==>
          \let from = src * es + t; zb[o * es + t] == \at(xb[from], Pre);
        loop invariant elements_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, o);
        loop assigns b, zb[o * es .. o * es + es - 1];
        loop variant es - b;
    */
    while (b < es) {
      /*@ assert (o + 1) * es == o * es + es && (src + 1) * es == src * es + es; */
      /*@ assert o * es + b < count_z * es && src * es + b < count_x * es; */
      zb[o * es + b] = xb[src * es + b];
      b++;
    }
    /*@ assert src == source_offset{Pre}(x, z, o); */
    /*@ assert \let from = source_offset{Pre}(x, z, o) * es;
          \forall integer t; 0 <= t < es ==> zb[o * es + t] == \at(xb[from + t], Pre); */
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
    ensures \result.status == SONNX_OK <==> shape_count{Pre}(s) * es <= SIZE_MAX;
    ensures \result.status == SONNX_OK ==>
      \result.count == shape_count{Pre}(s) && \result.bytes == \result.count * es;
*/
static byte_size_result byte_size(sonnx_shape s, size_t es)
{
  byte_size_result r = {SONNX_ERR_OVERFLOW, 0u, 0u};
  size_t c; /* written by sonnx_shape_count; no write before the call keeps its Pre ours */
  if (sonnx_shape_count(s, &c) != SONNX_OK) {
    /*@ assert shape_count{Pre}(s) > SIZE_MAX; */
    /*@ assert shape_count{Pre}(s) * es >= shape_count{Pre}(s); */
    return r;
  }
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

/*@ requires to_call_valid(x, (void *)x_data, es, z, (void *)z_data, z_capacity, \null);
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
    behavior overflow:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z);
      assumes !to_fits(x, es, z);
      ensures \result.status == SONNX_ERR_OVERFLOW;
    behavior null_data:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z);
      assumes to_fits(x, es, z);
      assumes to_null_data(x, (void *)x_data, z, (void *)z_data);
      ensures \result.status == SONNX_ERR_NULL;
    behavior capacity:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z);
      assumes to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity < shape_count(z) * es;
      ensures \result.status == SONNX_ERR_CAPACITY && \result.expected == shape_count(z) * es;
    ensures ok_means: \result.status == SONNX_OK ==>
      shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z) && to_fits(x, es, z) &&
      !to_null_data(x, (void *)x_data, z, (void *)z_data) && z_capacity >= shape_count(z) * es &&
      \result.x_count == shape_count(x) && \result.z_count == shape_count(z);
    behavior accepted:
      assumes shape_ok(x) && shape_ok(z) && es > 0 && broadcasts_to(x, z);
      assumes to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity >= shape_count(z) * es;
      ensures \result.status == SONNX_OK;
      ensures \result.x_count == shape_count(x) && \result.z_count == shape_count(z);
    complete behaviors;
    disjoint behaviors;
*/
static to_check check_broadcast_to(sonnx_shape x, const void *x_data, size_t es, sonnx_shape z,
                                   const void *z_data, size_t z_capacity)
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
    return c;
  }
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
  to_check c = check_broadcast_to(x, x_data, elem_size, z, z_data, z_capacity);
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
    /* The shipped kernel (issue 8); copy_elements stays as the proved reference, see
       sonnx_reference_copy. Both have the same contract. */
    sonnx_fast_copy((const char *)x_data, (char *)z_data, elem_size, x, z, c.x_count, c.z_count);
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
  size_t acc_dims[SONNX_MAX_RANK];
  size_t next_dims[SONNX_MAX_RANK];
  size_t acc_rank = 0;
  size_t m = 0;
  while (m < n) {
    sonnx_shape x = inputs[m].shape;
    if (x.rank > SONNX_MAX_RANK) {
      return sonnx_report(err, SONNX_ERR_RANK, m, SONNX_NO_INDEX, x.rank, SONNX_MAX_RANK);
    }
    if (x.rank > 0u && x.dims == NULL) {
      return sonnx_report(err, SONNX_ERR_NULL, m, SONNX_NO_INDEX, 0u, 0u);
    }
    if (inputs[m].elem_size == 0u) {
      return sonnx_report(err, SONNX_ERR_ARGUMENT, m, SONNX_NO_INDEX, 0u, 1u);
    }
    /* The fold starts from X1 itself, not from a scalar: () with (0) violates C1. */
    sonnx_shape pair[2] = {{acc_rank, acc_dims}, x};
    sonnx_error fold_err = {SONNX_OK, 0u, 0u, 0u, 0u};
    size_t next_rank = 0;
    if (sonnx_broadcast_shape(m == 0u ? 1u : 2u, m == 0u ? &pair[1] : pair, next_dims,
                              SONNX_MAX_RANK, &next_rank, &fold_err) != SONNX_OK) {
      size_t own = sonnx_padded_dim(x, acc_rank > x.rank ? acc_rank : x.rank, fold_err.axis);
      size_t met = (fold_err.input == 1u) ? fold_err.expected : fold_err.size;
      return sonnx_report(err, SONNX_ERR_INCOMPATIBLE, m, fold_err.axis, own, met);
    }
    size_t k = 0;
    while (k < next_rank) {
      acc_dims[k] = next_dims[k];
      k++;
    }
    acc_rank = next_rank;
    m++;
  }
  if (dims_capacity < acc_rank) {
    return sonnx_report(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, dims_capacity,
                        acc_rank);
  }
  sonnx_shape z = {acc_rank, acc_dims};
  size_t z_count = 0;
  if (sonnx_shape_count(z, &z_count) != SONNX_OK) {
    return sonnx_report(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  m = 0;
  while (m < n) {
    size_t es = inputs[m].elem_size;
    size_t x_count = 0;
    if (z_count > SIZE_MAX / es || sonnx_shape_count(inputs[m].shape, &x_count) != SONNX_OK ||
        x_count > SIZE_MAX / es) {
      return sonnx_report(err, SONNX_ERR_OVERFLOW, m, SONNX_NO_INDEX, 0u, 0u);
    }
    m++;
  }
  m = 0;
  while (m < n) {
    size_t es = inputs[m].elem_size;
    size_t x_count = 0;
    (void)sonnx_shape_count(inputs[m].shape, &x_count); /* fits: checked above */
    if (inputs[m].data == NULL && x_count > 0u) {
      return sonnx_report(err, SONNX_ERR_NULL, m, SONNX_NO_INDEX, 0u, 2u);
    }
    if (outputs[m].data == NULL && z_count > 0u) {
      return sonnx_report(err, SONNX_ERR_NULL, m, SONNX_NO_INDEX, 0u, 3u);
    }
    if (outputs[m].capacity < z_count * es) {
      return sonnx_report(err, SONNX_ERR_CAPACITY, m, SONNX_NO_INDEX, outputs[m].capacity,
                          z_count * es);
    }
    m++;
  }
  m = 0;
  while (m < n) {
    (void)sonnx_broadcast_to(inputs[m].shape, inputs[m].data, inputs[m].elem_size, z,
                             outputs[m].data, outputs[m].capacity, NULL);
    m++;
  }
  size_t k = 0;
  while (k < acc_rank) {
    out_dims[k] = acc_dims[k];
    k++;
  }
  *out_rank = acc_rank;
  return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
}

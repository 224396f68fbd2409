/* XLA explicit broadcasting (spec-sources 003) and the ONNX operator forms
 * (unidirectional broadcasting, Expand). Contracts of the public functions are
 * in sonnx_broadcast.h; this file adds loop annotations, the contracts of its
 * private helpers, and the ghost lemma that relates x with 1s inserted (x') to
 * the InDim relation.
 *
 * Nothing here re-implements the core: broadcast_in_dim checks its list and
 * sizes, then calls sonnx_broadcast_to on x' (inserting size-1 axes changes no
 * row-major offset, so x's data is x''s data); the shape functions build the
 * operands at the common rank and call sonnx_broadcast_shape (SONNX rule) or
 * sonnx_broadcast_shape_numpy (NumPy rule, erratum E27). */
#include "sonnx_internal.h"

/* @req XLA-INDIM-ORDER: the first entry of bd[0 .. n-1] that is not below r or not above the
   entry before it; n when every entry is fine. */
/*@ requires bd_readable((size_t *)bd, n);
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures bd_ok((size_t *)bd, \result, r);
    ensures \result < n ==> !bd_entry_ok((size_t *)bd, \result, r);
*/
static size_t first_bad_entry(const size_t *bd, size_t n, size_t r)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= n;
      loop invariant bd_ok((size_t *)bd, k, r);
      loop assigns k;
      loop variant n - k;
  */
  while (k < n && bd[k] < r && (k == 0u || bd[k - 1u] < bd[k])) {
    k++;
  }
  return k;
}

/* Reports entry k of bd as SONNX_ERR_ARGUMENT (module comment in sonnx_broadcast.h): out of
   range, expected = r; else not above entry k-1, expected = bd[k-1] + 1 (<= r, no wrap). */
/*@ requires err == \null || \valid(err);
    requires \valid_read(bd + (0 .. k));
    requires r <= SONNX_MAX_RANK;
    requires bd_ok((size_t *)bd, k, r) && !bd_entry_ok((size_t *)bd, k, r);
    requires err != \null ==> \separated(err, bd + (0 .. k));
    assigns *err;
    ensures \result == SONNX_ERR_ARGUMENT;
    ensures err != \null ==> err->status == SONNX_ERR_ARGUMENT && err->input == input &&
      err->axis == k && err->size == bd[k];
    ensures err != \null ==> (bd[k] >= r ==> err->expected == r) &&
      (bd[k] < r ==> k > 0 && err->expected == bd[k - 1] + 1);
*/
static sonnx_status report_bad_entry(sonnx_error *err, size_t input, const size_t *bd, size_t k,
                                     size_t r)
{
  if (bd[k] >= r) {
    return sonnx_report(err, SONNX_ERR_ARGUMENT, input, k, bd[k], r);
  }
  /*@ assert k > 0 && bd_entry_ok((size_t *)bd, k - 1, r); */
  return sonnx_report(err, SONNX_ERR_ARGUMENT, input, k, bd[k], bd[k - 1u] + 1u);
}

/* @req XLA-INDIM-TUPLE: size of result axis j in x' (x with 1s inserted). Searches from the
   last entry down, so the loop invariant is the definition of indim_find. */
/*@ requires shape_readable(x);
    requires bd_readable((size_t *)bd, x.rank);
    assigns \nothing;
    ensures \result == indim_dim(x, (size_t *)bd, j);
    ensures \result == 1 || \exists integer k; 0 <= k < x.rank && bd[k] == j && \result == x.dims[k];
*/
static size_t inserted_dim(sonnx_shape x, const size_t *bd, size_t j)
{
  size_t v = 1;
  size_t k = x.rank;
  /*@ loop invariant 0 <= k <= x.rank;
      loop invariant v == indim_find(x, (size_t *)bd, j, k);
      loop invariant v == 1 || \exists integer t; k <= t < x.rank && bd[t] == j && v == x.dims[t];
      loop assigns k, v;
      loop variant k;
  */
  while (k > 0u) {
    k--;
    if (bd[k] == j) {
      v = x.dims[k];
    }
  }
  return v;
}

/* @req XLA-INDIM-MATCH: the first operand axis whose size is neither its matched result size
   nor 1; x.rank when none. */
/*@ requires shape_readable(x) && shape_readable(z);
    requires bd_readable((size_t *)bd, x.rank);
    requires bd_ok((size_t *)bd, x.rank, z.rank);
    assigns \nothing;
    ensures 0 <= \result <= x.rank;
    ensures \forall integer k; 0 <= k < \result ==> x.dims[k] == z.dims[bd[k]] || x.dims[k] == 1;
    ensures \result < x.rank ==> x.dims[\result] != z.dims[bd[\result]] && x.dims[\result] != 1;
*/
static size_t first_mismatch(sonnx_shape x, const size_t *bd, sonnx_shape z)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= x.rank;
      loop invariant \forall integer t; 0 <= t < k ==> x.dims[t] == z.dims[bd[t]] || x.dims[t] == 1;
      loop assigns k;
      loop variant x.rank - k;
  */
  while (k < x.rank && (x.dims[k] == z.dims[bd[k]] || x.dims[k] == 1u)) {
    k++;
  }
  return k;
}

/* Whether some size of z is 0 (its element count is then 0). */
/*@ requires shape_readable(z);
    assigns \nothing;
    ensures \result != 0 <==> has_zero_dim(z.dims, z.rank);
*/
static int has_zero_size(sonnx_shape z)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant !has_zero_dim(z.dims, k);
      loop assigns k;
      loop variant z.rank - k;
  */
  while (k < z.rank) {
    if (z.dims[k] == 0u) {
      return 1;
    }
    k++;
  }
  return 0;
}

/* Lemma (induction on j, downwards): an array xp holding x' is, for the SONNX data relation,
   the shape x' of the InDim relation: same count, same block sizes, same source offsets. */
/*@ ghost
  /@ requires xs.rank <= SONNX_MAX_RANK;
     requires \forall integer t; 0 <= t < xs.rank ==> xs.dims[t] == indim_dim(x, bd, t);
     assigns \nothing;
     ensures count: count_from(xs.dims, 0, xs.rank) == indim_block(x, bd, xs.rank, 0);
     ensures offsets: \forall integer o;
       source_from(xs, zd, xs.rank, o, 0) == indim_source_from(x, bd, zd, xs.rank, o, 0);
  @/
  static void lemma_inserted_layout(sonnx_shape xs, sonnx_shape x, size_t *bd, size_t *zd)
  {
    size_t j = xs.rank;
    /@ loop invariant 0 <= j <= xs.rank;
       loop invariant count_from(xs.dims, j, xs.rank) == indim_block(x, bd, xs.rank, j);
       loop invariant padded_block(xs, xs.rank, j) == indim_block(x, bd, xs.rank, j);
       loop invariant \forall integer o;
         source_from(xs, zd, xs.rank, o, j) == indim_source_from(x, bd, zd, xs.rank, o, j);
       loop assigns j;
       loop variant j;
    @/
    while (j > 0) {
      j--;
      /@ assert padded_dim(xs, xs.rank, j) == xs.dims[j]; @/
    }
  }
*/

sonnx_status sonnx_broadcast_in_dim(sonnx_shape x, const void *x_data, size_t elem_size,
                                    const size_t *broadcast_dimensions, sonnx_shape z,
                                    void *z_data, size_t z_capacity, sonnx_error *err)
{
  const size_t *bd = broadcast_dimensions;
  if (x.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 0u, SONNX_NO_INDEX, x.rank, SONNX_MAX_RANK);
  }
  if (x.rank > 0u && x.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 0u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (z.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 1u, SONNX_NO_INDEX, z.rank, SONNX_MAX_RANK);
  }
  if (z.rank > 0u && z.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 1u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (x.rank > 0u && bd == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 4u);
  }
  size_t bad = first_bad_entry(bd, x.rank, z.rank);
  if (bad < x.rank) {
    return report_bad_entry(err, 0u, bd, bad, z.rank);
  }
  size_t k = first_mismatch(x, bd, z);
  if (k < x.rank) {
    return sonnx_report(err, SONNX_ERR_INCOMPATIBLE, 0u, bd[k], x.dims[k], z.dims[bd[k]]);
  }
  if (elem_size == 0u) {
    return sonnx_report(err, SONNX_ERR_ARGUMENT, 0u, SONNX_NO_INDEX, 0u, 1u);
  }
  if (has_zero_size(z)) {
    /* count(z) == 0: nothing to read or write (a size 1 of x may stretch to 0, erratum E25). */
    return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  /* x': x.dims[k] on axis bd[k], 1 elsewhere. Same count and layout as x. */
  size_t inserted[SONNX_MAX_RANK];
  size_t j = 0;
  /*@ loop invariant 0 <= j <= z.rank;
      loop invariant \forall integer t; 0 <= t < j ==> inserted[t] == indim_dim(x, (size_t *)bd, t);
      loop invariant \forall integer t; 0 <= t < j ==> inserted[t] == z.dims[t] || inserted[t] == 1;
      loop assigns j, inserted[0 .. SONNX_MAX_RANK - 1];
      loop variant z.rank - j;
  */
  while (j < z.rank) {
    inserted[j] = inserted_dim(x, bd, j);
    j++;
  }
  sonnx_shape xs = {z.rank, inserted};
  /*@ ghost lemma_inserted_layout(xs, x, (size_t *)bd, (size_t *)z.dims); */
  /*@ assert same_count: shape_count(xs) == indim_count(x, (size_t *)bd, z.rank); */
  /*@ assert \forall integer t; 0 <= t < z.rank ==> padded_dim(xs, z.rank, t) == inserted[t]; */
  /*@ assert \forall integer t; 0 <= t < z.rank ==> z.dims[t] != 0; */
  /*@ assert unidirectional: broadcasts_to(xs, z); */
  /* The checks sonnx_broadcast_to would make, made first, so that it is called only when it
     succeeds: an error then writes nothing but *err (@req LIB-ERR-NOWRITE), as its contract
     lists the output bytes among what it may assign. */
  size_t x_count = 0;
  size_t z_count = 0;
  if (sonnx_shape_count(xs, &x_count) != SONNX_OK) {
    /*@ assert shape_count(xs) > SIZE_MAX; */
    /*@ assert elem_size >= 1 && shape_count(xs) * elem_size >= shape_count(xs); */
    return sonnx_report(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  if (sonnx_shape_count(z, &z_count) != SONNX_OK) {
    /*@ assert shape_count(z) > SIZE_MAX; */
    /*@ assert elem_size >= 1 && shape_count(z) * elem_size >= shape_count(z); */
    return sonnx_report(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  if (x_count > SIZE_MAX / elem_size || z_count > SIZE_MAX / elem_size) {
    /*@ ghost
      if (x_count > SIZE_MAX / elem_size) {
        lemma_mul_le_mono(x_count, SIZE_MAX / elem_size + 1, elem_size);
      } else {
        lemma_mul_le_mono(z_count, SIZE_MAX / elem_size + 1, elem_size);
      }
    */
    return sonnx_report(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  /*@ ghost lemma_mul_le_mono(SIZE_MAX / elem_size, x_count, elem_size); */
  /*@ ghost lemma_mul_le_mono(SIZE_MAX / elem_size, z_count, elem_size); */
  /*@ assert fits: x_count * elem_size <= SIZE_MAX && z_count * elem_size <= SIZE_MAX; */
  if (x_data == NULL && x_count > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, 0u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (z_data == NULL && z_count > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 6u);
  }
  if (z_capacity < z_count * elem_size) {
    return sonnx_report(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, z_capacity,
                        z_count * elem_size);
  }
  return sonnx_broadcast_to(xs, x_data, elem_size, z, z_data, z_capacity, err);
}

/*@ requires \valid(dst + (0 .. count - 1)) && \valid_read(src + (0 .. count - 1));
    requires \separated(dst + (0 .. count - 1), src + (0 .. count - 1));
    assigns dst[0 .. count - 1];
    ensures \forall integer k; 0 <= k < count ==> dst[k] == src[k];
*/
static void copy_sizes(size_t *dst, const size_t *src, size_t count)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= count;
      loop invariant \forall integer t; 0 <= t < k ==> dst[t] == src[t];
      loop assigns k, dst[0 .. count - 1];
      loop variant count - k;
  */
  while (k < count) {
    dst[k] = src[k];
    k++;
  }
}

sonnx_status sonnx_xla_binary_shape(sonnx_shape lhs, sonnx_shape rhs,
                                    const size_t *broadcast_dimensions, size_t n_dims,
                                    size_t *out_dims, size_t capacity, size_t *out_rank,
                                    sonnx_error *err)
{
  const size_t *bd = broadcast_dimensions;
  if (out_dims == NULL && capacity > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 5u);
  }
  if (out_rank == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 7u);
  }
  if (lhs.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 0u, SONNX_NO_INDEX, lhs.rank, SONNX_MAX_RANK);
  }
  if (lhs.rank > 0u && lhs.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 0u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (rhs.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 1u, SONNX_NO_INDEX, rhs.rank, SONNX_MAX_RANK);
  }
  if (rhs.rank > 0u && rhs.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 1u, SONNX_NO_INDEX, 0u, 0u);
  }
  /* The list maps the lower-rank operand (lhs when the ranks are equal) into the higher rank. */
  const size_t lower = (lhs.rank <= rhs.rank) ? 0u : 1u;
  const size_t low_rank = (lhs.rank <= rhs.rank) ? lhs.rank : rhs.rank;
  const size_t high_rank = (lhs.rank <= rhs.rank) ? rhs.rank : lhs.rank;
  /* @req XLA-INDIM-TUPLE XLA-SCALAR, erratum E29: equal ranks take no list or the identity. */
  if (n_dims != low_rank && !(lhs.rank == rhs.rank && n_dims == 0u)) {
    return sonnx_report(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n_dims, low_rank);
  }
  if (n_dims > 0u && bd == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  size_t bad = first_bad_entry(bd, n_dims, high_rank);
  if (bad < n_dims) {
    return report_bad_entry(err, lower, bd, bad, high_rank);
  }
  /* Erratum E28: the lower-rank operand at the higher rank: its size k on axis bd[k], 1 elsewhere. */
  size_t inserted[SONNX_MAX_RANK];
  sonnx_shape operands[2] = {lhs, rhs};
  if (n_dims > 0u) {
    const sonnx_shape low = (lower == 0u) ? lhs : rhs;
    size_t j = 0;
    /*@ loop invariant 0 <= j <= high_rank;
        loop invariant \forall integer t; 0 <= t < j ==> inserted[t] == indim_dim(low, (size_t *)bd, t);
        loop assigns j, inserted[0 .. SONNX_MAX_RANK - 1];
        loop variant high_rank - j;
    */
    while (j < high_rank) {
      inserted[j] = inserted_dim(low, bd, j);
      j++;
    }
    operands[lower].rank = high_rank;
    operands[lower].dims = inserted;
  }
  if (capacity < high_rank) {
    return sonnx_report(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, capacity, high_rank);
  }
  /*@ assert max_rank((sonnx_shape *)operands, 2) == high_rank; */
  /*@ assert \forall integer i; 0 <= i < high_rank ==>
        padded_dim(operands[0], high_rank, i) == xla_lhs_dim(lhs, rhs, (size_t *)bd, n_dims, i); */
  /*@ assert \forall integer i; 0 <= i < high_rank ==>
        padded_dim(operands[1], high_rank, i) == xla_rhs_dim(lhs, rhs, (size_t *)bd, n_dims, i); */
  /* The core writes into locals; out_dims and out_rank change only on success. */
  size_t dims[SONNX_MAX_RANK];
  size_t rank = 0;
  sonnx_status status = sonnx_broadcast_shape_numpy(2u, operands, dims, SONNX_MAX_RANK, &rank, err);
  if (status != SONNX_OK) {
    return status;
  }
  copy_sizes(out_dims, dims, rank);
  *out_rank = rank;
  return status;
}

sonnx_status sonnx_unidirectional_check(sonnx_shape a, sonnx_shape b, sonnx_error *err)
{
  if (a.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 0u, SONNX_NO_INDEX, a.rank, SONNX_MAX_RANK);
  }
  if (a.rank > 0u && a.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 0u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (b.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 1u, SONNX_NO_INDEX, b.rank, SONNX_MAX_RANK);
  }
  if (b.rank > 0u && b.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 1u, SONNX_NO_INDEX, 0u, 0u);
  }
  /* @req ONNX-UNIDIR: B has too few dimensions or as many, never more. */
  if (b.rank > a.rank) {
    return sonnx_report(err, SONNX_ERR_INCOMPATIBLE, 1u, SONNX_NO_INDEX, b.rank, a.rank);
  }
  const sonnx_shape operands[2] = {a, b};
  size_t dims[SONNX_MAX_RANK];
  size_t rank = 0;
  sonnx_status status = sonnx_broadcast_shape(2u, operands, dims, SONNX_MAX_RANK, &rank, err);
  if (status != SONNX_OK) {
    return status;
  }
  /* Broadcast(a, b) exists; unidirectional means it is a itself (a 1 of a may not stretch). */
  size_t i = 0;
  /*@ loop invariant 0 <= i <= rank;
      loop invariant \forall integer t; 0 <= t < i ==> dims[t] == a.dims[t];
      loop assigns i;
      loop variant rank - i;
  */
  while (i < rank) {
    if (dims[i] != a.dims[i]) {
      return sonnx_report(err, SONNX_ERR_INCOMPATIBLE, 1u, i, sonnx_padded_dim(b, rank, i), a.dims[i]);
    }
    i++;
  }
  return status;
}

sonnx_status sonnx_expand_shape(sonnx_shape x, sonnx_shape shape, size_t *out_dims,
                                size_t capacity, size_t *out_rank, sonnx_error *err)
{
  /* sonnx_broadcast_shape's checks up to the capacity, in its order, so that the core writes
     into locals only and out_dims / out_rank change only on success. */
  if (out_dims == NULL && capacity > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  if (out_rank == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 5u);
  }
  if (x.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 0u, SONNX_NO_INDEX, x.rank, SONNX_MAX_RANK);
  }
  if (x.rank > 0u && x.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 0u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (shape.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 1u, SONNX_NO_INDEX, shape.rank, SONNX_MAX_RANK);
  }
  if (shape.rank > 0u && shape.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 1u, SONNX_NO_INDEX, 0u, 0u);
  }
  const size_t high_rank = (x.rank >= shape.rank) ? x.rank : shape.rank;
  if (capacity < high_rank) {
    return sonnx_report(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, capacity, high_rank);
  }
  const sonnx_shape operands[2] = {x, shape};
  /*@ assert max_rank((sonnx_shape *)operands, 2) == high_rank; */
  size_t dims[SONNX_MAX_RANK];
  size_t rank = 0;
  sonnx_status status = sonnx_broadcast_shape(2u, operands, dims, SONNX_MAX_RANK, &rank, err);
  if (status != SONNX_OK) {
    return status;
  }
  /*@ assert \forall integer i; 0 <= i < rank ==>
        dims[i] == pair_max(padded_dim(x, rank, i), padded_dim(shape, rank, i)); */
  copy_sizes(out_dims, dims, rank);
  *out_rank = rank;
  return status;
}

/* A certified runtime's ONNX Expand kernel, written against the installed sonnx_broadcast.h
 * (issue 32). Frama-C/WP proves it with the library's contracts alone, never its sources:
 *   frama-c -cpp-extra-args="-I<prefix>/include -I<prefix>/include/sonnx_broadcast/acsl" \
 *     -wp -wp-rte -warn-unsigned-overflow -warn-unsigned-downcast -wp-prover z3,cvc4,z3-lean \
 *     -wp-fct runtime_expand,expand_keeping,count_keeping expand_op.c
 * (z3-lean: the installed driver, see run.sh.)
 * WP proves that every call meets the library's preconditions and that this function's own
 * contract follows from the library's postconditions. The flow is a runtime's: the output shape
 * (sonnx_expand_shape), its element count (sonnx_shape_count) to check the output buffer, then
 * the data (sonnx_broadcast_to of x to that shape). */
#include <sonnx_broadcast.h>

/* The frames of the counts. sonnx_broadcast_to's precondition reads count(x) and the runtime
   checks count(z): both are recursive functions of dims that the runtime's own writes (the result
   shape, the count) leave alone, and WP needs them carried over from the earlier state one axis
   at a time (the induction the provers do not do alone). Each helper does it in a small context,
   in the pattern of write_shape in the library's src/sonnx_data.c. */

/* sonnx_expand_shape, with count(x) kept. */
/*@ requires shape_ok(x) && shape_readable(x) && shape_ok(shape) && shape_readable(shape);
    requires \valid(out_dims + (0 .. SONNX_MAX_RANK - 1)) && \valid(out_rank) && \valid(err);
    requires \separated(out_dims + (0 .. SONNX_MAX_RANK - 1), out_rank, err);
    requires x.rank > 0 ==> \separated(x.dims + (0 .. x.rank - 1), out_dims + (0 .. SONNX_MAX_RANK - 1), out_rank, err);
    requires shape.rank > 0 ==>
      \separated(shape.dims + (0 .. shape.rank - 1), out_dims + (0 .. SONNX_MAX_RANK - 1), out_rank, err);
    assigns out_dims[0 .. SONNX_MAX_RANK - 1], *out_rank, *err;
    ensures reported: err->status == \result;
    ensures incompatible: !pair_compatible_max{Pre}(x, shape) ==>
      \result == SONNX_ERR_INCOMPATIBLE && 0 <= err->input < 2 && 0 <= err->axis < pair_rank(x.rank, shape.rank);
    ensures expanded: \result == SONNX_OK ==>
      *out_rank == pair_rank(x.rank, shape.rank) && *out_rank <= SONNX_MAX_RANK &&
      (\forall integer i; 0 <= i < *out_rank ==>
         out_dims[i] == pair_max(padded_dim{Pre}(x, *out_rank, i), padded_dim{Pre}(shape, *out_rank, i)));
    ensures x_kept: shape_count(x) == shape_count{Pre}(x);
*/
static sonnx_status expand_keeping(sonnx_shape x, sonnx_shape shape, size_t *out_dims, size_t *out_rank,
                                   sonnx_error *err) {
  const sonnx_status st = sonnx_expand_shape(x, shape, out_dims, SONNX_MAX_RANK, out_rank, err);
  /*@ ghost
    size_t a = x.rank;
    /@ loop invariant 0 <= a <= x.rank;
       loop invariant x_count: count_from(x.dims, a, x.rank) == count_from{Pre}(x.dims, a, x.rank);
       loop assigns a;
       loop variant a;
    @/
    while (a > 0u) {
      a--;
      /@ assert \let q = a; x.dims[q] == \at(x.dims[q], Pre); @/
      /@ assert \let q = a; count_from(x.dims, q, x.rank) == x.dims[q] * count_from(x.dims, q + 1, x.rank); @/
      /@ assert \let q = a; count_from{Pre}(x.dims, q, x.rank) ==
                \at(x.dims[q], Pre) * count_from{Pre}(x.dims, q + 1, x.rank); @/
    }
  */
  return st;
}

/* sonnx_shape_count of z, with count(x) and count(z) kept. */
/*@ requires shape_ok(x) && shape_readable(x) && shape_ok(z) && shape_readable(z);
    requires \valid(count);
    requires z.rank > 0 ==> \separated(count, z.dims + (0 .. z.rank - 1));
    requires x.rank > 0 ==> \separated(count, x.dims + (0 .. x.rank - 1));
    assigns *count;
    ensures status: \result == SONNX_OK || \result == SONNX_ERR_OVERFLOW;
    ensures counted: \result == SONNX_OK ==> *count == shape_count(z);
    ensures x_kept: shape_count(x) == shape_count{Pre}(x);
*/
static sonnx_status count_keeping(sonnx_shape x, sonnx_shape z, size_t *count) {
  const sonnx_status st = sonnx_shape_count(z, count);
  /*@ ghost
    size_t a = x.rank;
    /@ loop invariant 0 <= a <= x.rank;
       loop invariant x_count: count_from(x.dims, a, x.rank) == count_from{Pre}(x.dims, a, x.rank);
       loop assigns a;
       loop variant a;
    @/
    while (a > 0u) {
      a--;
      /@ assert \let q = a; x.dims[q] == \at(x.dims[q], Pre); @/
      /@ assert \let q = a; count_from(x.dims, q, x.rank) == x.dims[q] * count_from(x.dims, q + 1, x.rank); @/
      /@ assert \let q = a; count_from{Pre}(x.dims, q, x.rank) ==
                \at(x.dims[q], Pre) * count_from{Pre}(x.dims, q + 1, x.rank); @/
    }
    size_t b = z.rank;
    /@ loop invariant 0 <= b <= z.rank;
       loop invariant z_count: count_from(z.dims, b, z.rank) == count_from{Pre}(z.dims, b, z.rank);
       loop assigns b;
       loop variant b;
    @/
    while (b > 0u) {
      b--;
      /@ assert \let q = b; z.dims[q] == \at(z.dims[q], Pre); @/
      /@ assert \let q = b; count_from(z.dims, q, z.rank) == z.dims[q] * count_from(z.dims, q + 1, z.rank); @/
      /@ assert \let q = b; count_from{Pre}(z.dims, q, z.rank) ==
                \at(z.dims[q], Pre) * count_from{Pre}(z.dims, q + 1, z.rank); @/
    }
  */
  return st;
}

/*@ requires x_shape: shape_ok(x) && shape_readable(x);
    requires target: shape_ok(shape) && shape_readable(shape);
    requires element: elem_size > 0 && shape_count(x) * elem_size <= SIZE_MAX;
    requires x_bytes: \valid_read((char *)x_data + (0 .. shape_count(x) * elem_size - 1));
    requires result_shape: \valid(out_dims + (0 .. SONNX_MAX_RANK - 1)) && \valid(out_rank);
    requires out_bytes: \valid((char *)out + (0 .. out_capacity - 1));
    requires error: \valid(err);
    // what the runtime hands over does not overlap
    requires apart: \separated(out_dims + (0 .. SONNX_MAX_RANK - 1), out_rank, err,
                               (char *)out + (0 .. out_capacity - 1));
    requires x_apart: \separated((char *)x_data + (0 .. shape_count(x) * elem_size - 1),
                                 (char *)out + (0 .. out_capacity - 1), err);
    requires dims_apart: x.rank > 0 ==> \separated(x.dims + (0 .. x.rank - 1),
                           out_dims + (0 .. SONNX_MAX_RANK - 1), out_rank, err,
                           (char *)out + (0 .. out_capacity - 1));
    requires target_apart: shape.rank > 0 ==> \separated(shape.dims + (0 .. shape.rank - 1),
                           out_dims + (0 .. SONNX_MAX_RANK - 1), out_rank, err,
                           (char *)out + (0 .. out_capacity - 1));
    assigns out_dims[0 .. SONNX_MAX_RANK - 1], *out_rank, *err, ((char *)out)[0 .. out_capacity - 1];
    ensures reported: err->status == \result;
    // the shapes the runtime was given break C1: it says so, before writing any output byte
    ensures incompatible: !pair_compatible_max{Pre}(x, shape) ==>
      \result == SONNX_ERR_INCOMPATIBLE && 0 <= err->input < 2 &&
      0 <= err->axis < pair_rank(x.rank, shape.rank);
    // on success: the output shape is Expand's (the elements: assertion `elements` below)
    ensures expanded: \result == SONNX_OK ==>
      *out_rank == pair_rank(x.rank, shape.rank) &&
      (\forall integer i; 0 <= i < *out_rank ==>
         out_dims[i] == pair_max(padded_dim{Pre}(x, *out_rank, i), padded_dim{Pre}(shape, *out_rank, i)));
*/
sonnx_status runtime_expand(sonnx_shape x, const void *x_data, size_t elem_size, sonnx_shape shape,
                            size_t *out_dims, size_t *out_rank, void *out, size_t out_capacity,
                            sonnx_error *err) {
  sonnx_status st = expand_keeping(x, shape, out_dims, out_rank, err);
  if (st != SONNX_OK) {
    return st;
  }
  const sonnx_shape z = {*out_rank, out_dims};
  /* The runtime sizes its output: count(z) elements of elem_size bytes must fit in out. */
  size_t count = 0;
  st = count_keeping(x, z, &count);
  if (st == SONNX_OK && count > out_capacity / elem_size) {
    st = SONNX_ERR_CAPACITY;
  }
  if (st != SONNX_OK) {
    err->status = st;
    return st;
  }
  /*@ ghost lemma_mul_le_mono(out_capacity / elem_size, count, elem_size); */
  /*@ assert fits: shape_count(z) * elem_size <= out_capacity; */
Data:
  /* No error report from this call (NULL): every check it makes has passed above; a failure
     would be reported by its status alone. */
  st = sonnx_broadcast_to(x, x_data, elem_size, z, out, out_capacity, NULL);
  /* The library's element relation, at the call: every output element is the f-mapped element
     of x (SONNX-ELEM), out_dims holding the result shape. */
  /*@ assert elements: st == SONNX_OK ==>
        elements_broadcast{Here, Data}((char *)out, (char *)x_data, elem_size, x, z, shape_count{Data}(z)); */
  if (st != SONNX_OK) {
    err->status = st;
  }
  return st;
}

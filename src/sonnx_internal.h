/* Helpers shared by the .c files of the core; not part of the public API. */
#ifndef SONNX_INTERNAL_H
#define SONNX_INTERNAL_H

#include "sonnx_broadcast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills *err (when given) and returns status, so that every error path is
   one `return sonnx_report(...)`. The rule is the SONNX one; the XLA functions
   name theirs afterwards. @req LIB-ERR-STATUS */
/*@ requires err == \null || \valid(err);
    assigns *err;
    ensures \result == status;
    ensures err != \null ==> err->status == status && err->input == input &&
      err->axis == axis && err->size == size && err->expected == expected &&
      err->rule == SONNX_RULE_SONNX;
*/
static inline sonnx_status sonnx_report(sonnx_error *err, sonnx_status status, size_t input,
                                        size_t axis, size_t size, size_t expected)
{
  if (err != NULL) {
    err->status = status;
    err->input = input;
    err->axis = axis;
    err->size = size;
    err->expected = expected;
    err->rule = SONNX_RULE_SONNX;
  }
  return status;
}

/* Element count of a shape, returned by value: callers keep a plain value
   (nothing of theirs written through a pointer), so the memory their own
   contracts talk about is untouched. sonnx_shape_count is this plus its
   argument checks. @req LIB-OVERFLOW */
typedef struct {
  sonnx_status status; /* SONNX_OK or SONNX_ERR_OVERFLOW */
  size_t count;        /* shape_count(s) when SONNX_OK */
} sonnx_count;

/*@ requires shape_ok(s) && shape_readable(s);
    assigns \nothing;
    ensures \result.status == SONNX_OK || \result.status == SONNX_ERR_OVERFLOW;
    ensures \result.status == SONNX_OK <==> shape_count(s) <= SIZE_MAX;
    ensures \result.status == SONNX_OK ==> \result.count == shape_count(s);
*/
sonnx_count sonnx_count_of(sonnx_shape s);

/* The data kernels of sonnx_broadcast_to: Z = x broadcast to z, count_z elements of es bytes
   from xb into zb (@req SONNX-ELEM SONNX-F LIB-ROWMAJOR). Both carry copy_elements' contract
   (src/sonnx_data.c), word for word.
   sonnx_fast_copy (src/sonnx_fast_copy.c) is the kernel sonnx_broadcast_to ships: fused axes,
   one memcpy per contiguous run, growing copies for stretched axes (issue 8).
   sonnx_reference_copy (src/sonnx_data.c) runs the proved reference kernel copy_elements, one
   source offset per output element; the tests compare the two (tests/test_fast_copy.cpp,
   properties/fast_copy_properties.cpp). */
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
void sonnx_fast_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                     size_t count_x, size_t count_z);

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
void sonnx_reference_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                          size_t count_x, size_t count_z);

#ifdef __cplusplus
}
#endif

#endif

/* Helpers shared by the .c files of the core; not part of the public API. */
#ifndef SONNX_INTERNAL_H
#define SONNX_INTERNAL_H

#include "sonnx_broadcast.h"

/* Fills *err (when given) and returns status, so that every error path is
   one `return sonnx_report(...)`. @req LIB-ERR-STATUS */
/*@ requires err == \null || \valid(err);
    assigns *err;
    ensures \result == status;
    ensures err != \null ==> err->status == status && err->input == input &&
      err->axis == axis && err->size == size && err->expected == expected;
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

#endif

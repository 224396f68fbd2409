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

#endif

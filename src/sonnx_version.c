/* sonnx_version: the version of the linked library (issue 32), for a caller to compare with the
 * SONNX_VERSION of the header it was compiled and proved against. */
#include "sonnx_internal.h"

/* @req LIB-VERSION: SONNX_VERSION = MAJOR * 10000 + MINOR * 100 + PATCH, taken from the header
   this body is compiled with, so the shared library carries the version of its own header. */
int sonnx_version(void) {
  return SONNX_VERSION;
}

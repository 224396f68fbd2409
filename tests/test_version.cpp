/* The version of the library (issue 32): the number sonnx_version() returns is the header's
 * SONNX_VERSION_MAJOR / MINOR / PATCH combined as its contract states. The expected value is
 * written out by hand from the macros, never read back from the function. */
#include "sonnx_broadcast.h"

#include <doctest/doctest.h>

// @req LIB-VERSION
TEST_CASE("sonnx_version is MAJOR * 10000 + MINOR * 100 + PATCH of the header") {
  static_assert(SONNX_VERSION_MAJOR == 1 && SONNX_VERSION_MINOR == 1 && SONNX_VERSION_PATCH == 0,
                "update this test with the version");
  CHECK(sonnx_version() == 10100);
  CHECK(sonnx_version() == SONNX_VERSION);
}

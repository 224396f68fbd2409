/* libFuzzer target: sonnx_broadcast_shape_numpy (Array API rule) against the reference. */
#include "shape_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  return fuzz::run_shape_target("sonnx_broadcast_shape_numpy", sonnx_broadcast_shape_numpy, true,
                                data, size);
}

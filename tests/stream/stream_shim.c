/* The build of doctest-stream (`make tests`, issue 34): the fast kernel's unit compiled so that every call of
   sonnx_fast_copy streams (SONNX_STREAM_MIN_BYTES 1), with entry points to its static store
   functions for tests/stream/test_stream.cpp. The unit is included, not copied: the tests run
   the library's own source, with the build option lowered. */
#define SONNX_STREAM_MIN_BYTES ((size_t)1u)
/* ... and replicating by `rep movsb` on every x86-64 processor, not only where it is the faster
   (SONNX_MOVSB), so that the shims below run that path on any machine. */
#define SONNX_MOVSB 1
#include "../../src/sonnx_fast_copy.c"

#include "stream_shim.h"

void shim_stream_store(char *dst, size_t at, const char *src, size_t n)
{
  stream_store(dst, at, src, n);
  stream_fence();
}

void shim_stream_copy(char *dst, size_t at, const char *src, size_t n)
{
  copy_aligned(dst, at, src, n, true);
  stream_fence();
}

size_t shim_stream_fill(char *dst, const char *elem, size_t es, size_t total)
{
  const size_t period = fill_period(es);
  char pattern[PATTERN_LAID_MAX];
  if (period == 0u || total == 0u) {
    return 0u;
  }
  lay_pattern(pattern, elem, es, period + es);
  fill_aligned(dst, pattern, es, total, period, true);
  stream_fence();
  return period;
}

void shim_repeat_forward(char *dst, size_t from, size_t to, size_t n)
{
  repeat_forward(dst, from, to, n);
}

size_t shim_plain_fill(char *dst, const char *elem, size_t es, size_t total)
{
  const size_t period = fill_period(es);
  char pattern[PATTERN_LAID_MAX];
  if (period == 0u || total == 0u) {
    return 0u;
  }
  lay_pattern(pattern, elem, es, period + es);
  fill_aligned(dst, pattern, es, total, period, false);
  return period;
}

void shim_replicate(char *dst, size_t block, size_t n)
{
  replicate_block(dst, block, n, false);
}

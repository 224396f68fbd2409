/* The fast kernel's static store functions, reached by tests/stream/test_stream.cpp through
   stream_shim.c (issue 34). Not part of the library. */
#ifndef SONNX_STREAM_SHIM_H
#define SONNX_STREAM_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* stream_store(dst, at, src, n) for n = 16 or 32, then stream_fence(). */
void shim_stream_store(char *dst, size_t at, const char *src, size_t n);
/* copy_aligned(dst, at, src, n, true), then stream_fence(). */
void shim_stream_copy(char *dst, size_t at, const char *src, size_t n);
/* A fill of total bytes with the element elem of es bytes, as write_copies makes it (the
   pattern of fill_period(es), laid out by lay_pattern, then fill_aligned with streaming
   stores), then stream_fence(). Returns 0 when es has no fill period (no fill is made). */
size_t shim_stream_fill(char *dst, const char *elem, size_t es, size_t total);

/* repeat_forward(dst, from, to, n): dst[to .. to + n - 1] repeats dst[from .. to - 1] (`rep movsb`
   on x86-64). */
void shim_repeat_forward(char *dst, size_t from, size_t to, size_t n);
/* shim_stream_fill with plain stores, replicating by `rep movsb` past MOVSB_MIN bytes (the shim's
   unit forces SONNX_MOVSB 1). */
size_t shim_plain_fill(char *dst, const char *elem, size_t es, size_t total);
/* replicate_block(dst, block, n, false): dst[block .. n * block - 1] repeats dst[0 .. block - 1],
   by `rep movsb` past MOVSB_MIN bytes. */
void shim_replicate(char *dst, size_t block, size_t n);

#ifdef __cplusplus
}
#endif

#endif

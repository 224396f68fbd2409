/* The fast data kernel of sonnx_broadcast_to (issue 8): the same contract as the
 * proved reference kernel copy_elements (src/sonnx_data.c), written so that the
 * output is produced at the machine's write bandwidth.
 *
 * The output axes are first fused into levels (outermost first): axes of size 1
 * are dropped, and neighbouring axes of the same kind are merged, "copied" axes
 * (x's padded size equals z's, contiguous on both sides) and "stretched" axes
 * (x's padded size is 1, z's is larger). Levels then alternate kinds. The
 * innermost level is written at once: one memcpy of its contiguous run of x when
 * it is copied, a fill of one element when it is stretched. Walking outward, a
 * copied level repeats its inner block for each of its source blocks, and a
 * stretched level replicates its first inner block, already written, by growing
 * copies inside the output (doubling up to REPLICATE_CHUNK bytes, then chunks of
 * that size, whose source stays in cache).
 *
 * No allocation, no recursion: the walk is an odometer over fixed-size local
 * arrays of SONNX_MAX_RANK levels. memcpy/memset are the only library calls. */
#include "sonnx_internal.h"

#include <string.h>

/* Doubling stops at this many bytes: from then on every copy reads the first
   REPLICATE_CHUNK bytes of the block, which stay in the cache, so the copy
   costs writes only (measured faster than memset on 32 MB, bench/results.md). */
#define REPLICATE_CHUNK ((size_t)65536u)

/* dst[0 .. filled - 1] is written and repeats with a period that divides filled;
   writes dst[filled .. total - 1] to continue that repetition. Each step copies
   written bytes after themselves, so the written length stays a multiple of the
   period and every copy keeps it. */
/*@ requires 1 <= filled <= total;
    requires \valid(dst + (0 .. total - 1));
    assigns dst[filled .. total - 1];
*/
static void replicate_prefix(char *dst, size_t filled, size_t total)
{
  size_t chunk = filled;
  /*@ loop invariant \at(filled, Pre) <= filled <= total;
      loop invariant 1 <= chunk <= filled;
      loop assigns filled, chunk, dst[\at(filled, Pre) .. total - 1];
      loop variant total - filled;
  */
  while (filled < total) {
    size_t step = (chunk < total - filled) ? chunk : total - filled;
    memcpy(dst + filled, dst, step);
    filled += step;
    if (chunk < REPLICATE_CHUNK) {
      chunk = filled; /* doubling: everything written so far */
    }
  }
}

/* dst[0 .. block - 1] is written; writes dst[block .. n * block - 1] so that the
   n blocks are equal. */
/*@ requires block >= 1 && n >= 1;
    requires n * block <= SIZE_MAX;
    requires \valid(dst + (0 .. n * block - 1));
    assigns dst[block .. n * block - 1];
*/
static void replicate_block(char *dst, size_t block, size_t n)
{
  replicate_prefix(dst, block, n * block);
}

/* Bytes of the pattern a fill stores at a time: a constant-size memcpy the
   compiler turns into vector stores, with no read of the output. */
#define FILL_PATTERN 32u

/* Writes n copies of the es bytes at elem into dst (a stretched innermost axis).
   When es divides FILL_PATTERN, a pattern of FILL_PATTERN bytes (whole elements)
   is stored again and again; else the first element is replicated. */
/*@ requires es >= 1 && n >= 1;
    requires n * es <= SIZE_MAX;
    requires \valid(dst + (0 .. n * es - 1));
    requires \valid_read(elem + (0 .. es - 1));
    requires \separated(dst + (0 .. n * es - 1), elem + (0 .. es - 1));
    assigns dst[0 .. n * es - 1];
*/
static void fill_element(char *dst, const char *elem, size_t es, size_t n)
{
  if (es == 1u) {
    memset(dst, (unsigned char)elem[0], n);
    return;
  }
  size_t total = n * es;
  if (FILL_PATTERN % es != 0u || total < FILL_PATTERN) {
    memcpy(dst, elem, es);
    replicate_block(dst, es, n);
    return;
  }
  char pattern[FILL_PATTERN];
  size_t t = 0;
  /*@ loop invariant 0 <= t <= FILL_PATTERN;
      loop assigns t, pattern[0 .. FILL_PATTERN - 1];
      loop variant FILL_PATTERN - t;
  */
  while (t < FILL_PATTERN) {
    pattern[t] = elem[t % es];
    t++;
  }
  /* Stores of the pattern up to REPLICATE_CHUNK bytes, then copies of those
     (cheaper on large outputs: measured in bench/results.md). */
  size_t head = (total < REPLICATE_CHUNK) ? total : REPLICATE_CHUNK;
  size_t done = 0;
  /*@ loop invariant 0 <= done <= head;
      loop assigns done, dst[0 .. head - 1];
      loop variant head - done;
  */
  while (head - done >= FILL_PATTERN) {
    memcpy(dst + done, pattern, FILL_PATTERN);
    done += FILL_PATTERN;
  }
  /* The rest is whole elements too: head (total or a multiple of FILL_PATTERN)
     and done are multiples of es. */
  memcpy(dst + done, pattern, head - done);
  replicate_prefix(dst, head, total);
}

void sonnx_fast_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                     size_t count_x, size_t count_z)
{
  (void)count_x;
  (void)count_z;
  /* Levels, outermost first: size, stretched or copied. */
  size_t level_size[SONNX_MAX_RANK];
  unsigned char level_stretched[SONNX_MAX_RANK];
  size_t levels = 0;
  size_t k = 0;
  while (k < z.rank) {
    size_t size = z.dims[k];
    if (size != 1u) {
      unsigned char stretched = (unsigned char)(sonnx_padded_dim(x, z.rank, k) == 1u);
      if (levels > 0u && level_stretched[levels - 1u] == stretched) {
        level_size[levels - 1u] *= size; /* contiguous on both sides: fused */
      } else {
        level_size[levels] = size;
        level_stretched[levels] = stretched;
        levels++;
      }
    }
    k++;
  }
  if (levels == 0u) { /* every size is 1: one element */
    memcpy(zb, xb, es);
    return;
  }
  /* Bytes of one block of level j (the part below level j - 1), in z and in x. */
  size_t z_block[SONNX_MAX_RANK + 1];
  size_t x_block[SONNX_MAX_RANK + 1];
  z_block[levels] = es;
  x_block[levels] = es;
  size_t j = levels;
  while (j > 0u) {
    j--;
    z_block[j] = level_size[j] * z_block[j + 1u];
    x_block[j] = (level_stretched[j] ? 1u : level_size[j]) * x_block[j + 1u];
  }
  /* The odometer: index of each copied level, and where the current block of
     each level starts in z and in x (bytes). */
  size_t index[SONNX_MAX_RANK];
  size_t z_at[SONNX_MAX_RANK];
  size_t x_at[SONNX_MAX_RANK];
  j = 0;
  while (j < levels) {
    index[j] = 0;
    z_at[j] = 0;
    x_at[j] = 0;
    j++;
  }
  const size_t inner = levels - 1u;
  size_t z_off = 0;
  size_t x_off = 0;
  for (;;) {
    /* The innermost level: one contiguous run of x, or one element filled. */
    if (level_stretched[inner]) {
      fill_element(zb + z_off, xb + x_off, es, level_size[inner]);
    } else {
      memcpy(zb + z_off, xb + x_off, z_block[inner]);
    }
    /* Outward: a stretched level replicates its first block, now complete; a
       copied level moves to its next source block, if any. */
    int advanced = 0;
    j = inner;
    while (j > 0u && !advanced) {
      j--;
      if (level_stretched[j]) {
        replicate_block(zb + z_at[j], z_block[j + 1u], level_size[j]);
      } else {
        index[j]++;
        advanced = index[j] < level_size[j];
      }
    }
    if (!advanced) {
      return;
    }
    z_off = z_at[j] + index[j] * z_block[j + 1u];
    x_off = x_at[j] + index[j] * x_block[j + 1u];
    size_t i = j + 1u;
    while (i < levels) {
      index[i] = 0;
      z_at[i] = z_off;
      x_at[i] = x_off;
      i++;
    }
  }
}

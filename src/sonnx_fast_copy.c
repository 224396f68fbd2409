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

/* Bytes a fill stores at a time: a constant-size memcpy the compiler turns into
   vector stores, with no read of the output. */
#define FILL_STORE 32u

/* A fill's pattern: the element repeated over its period, es doubled up to a multiple
   of FILL_STORE (whole elements, and whole stores), at most FILL_PERIOD_MAX bytes. */
#define FILL_PERIOD_MAX 512u

/* Writes n copies of the es bytes at elem into dst (a stretched innermost axis, or a
   stretched level whose inner block is small). When es doubles to a period of whole
   FILL_STORE stores within FILL_PERIOD_MAX (es = 2^a * b with b <= 15 odd, e.g. 2, 3,
   4, 12, 24) and the output is not short (FILL_PERIOD_MAX bytes), the element is laid out in a pattern on
   the stack (one byte loop, no division, no library call) and the output is written
   period after period, each by FILL_STORE-byte stores at fixed offsets of the pattern:
   no read of the output, no dependency between stores (make bench, cases columns and
   short-inner). Otherwise the element is replicated by growing copies. */
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
    memset(dst, elem[0], n); /* memset stores (unsigned char)elem[0]: the same byte */
    return;
  }
  const size_t total = n * es;
  /* The period: es doubled until whole stores (doubling, not a division: linear for the
     prover), while it stays within FILL_PERIOD_MAX. */
  size_t period = es;
  /*@ loop invariant es <= period;
      loop invariant es <= FILL_PERIOD_MAX ==> period <= FILL_PERIOD_MAX;
      loop assigns period;
      loop variant FILL_PERIOD_MAX - period;
  */
  while (period % FILL_STORE != 0u && period <= FILL_PERIOD_MAX / 2u) {
    period *= 2u;
  }
  if (period % FILL_STORE != 0u || period > FILL_PERIOD_MAX || total < FILL_PERIOD_MAX) {
    memcpy(dst, elem, es);
    replicate_block(dst, es, n);
    return;
  }
  /* pattern[q] = elem[q % es] for q < period: b runs through elem. */
  char pattern[FILL_PERIOD_MAX];
  size_t q = 0;
  size_t b = 0;
  /*@ loop invariant 0 <= q <= period;
      loop invariant 0 <= b < es;
      loop assigns q, b, pattern[0 .. FILL_PERIOD_MAX - 1];
      loop variant period - q;
  */
  while (q < period) {
    pattern[q] = elem[b];
    q++;
    b++;
    if (b == es) {
      b = 0;
    }
  }
  /* Stores up to REPLICATE_CHUNK bytes (whole periods), then copies of those (cheaper on
     large outputs: measured in bench/results.md). head is total or period doubled, so it
     is whole elements and replicate_prefix continues it. */
  size_t head = total;
  if (total > REPLICATE_CHUNK) {
    head = period;
    /*@ loop invariant period <= head <= REPLICATE_CHUNK;
        loop assigns head;
        loop variant REPLICATE_CHUNK - head;
    */
    while (head <= REPLICATE_CHUNK / 2u) {
      head *= 2u;
    }
  }
  size_t done = 0;
  /*@ loop invariant 0 <= done <= head;
      loop assigns done, dst[0 .. head - 1];
      loop variant head - done;
  */
  while (head - done >= period) {
    size_t k = 0;
    /*@ loop invariant 0 <= k <= period;
        loop assigns k, dst[done .. done + period - 1];
        loop variant period - k;
    */
    while (period - k >= FILL_STORE) {
      memcpy(dst + done + k, pattern + k, FILL_STORE);
      k += FILL_STORE;
    }
    done += period;
  }
  if (done < head) {
    memcpy(dst + done, pattern, head - done);
  }
  if (head < total) {
    replicate_prefix(dst, head, total);
  }
}

/* dst[0 .. block - 1] is written; writes dst[block .. n * block - 1] so that the n
   blocks are equal (a stretched level). A small block is filled like an element: the
   stores then never read the output (make bench, case short-inner: 12-byte blocks). */
/*@ requires block >= 1 && n >= 1;
    requires n * block <= SIZE_MAX;
    requires \valid(dst + (0 .. n * block - 1));
    assigns dst[block .. n * block - 1];
*/
static void replicate_level(char *dst, size_t block, size_t n)
{
  if (block <= FILL_PERIOD_MAX && n >= 2u) {
    /*@ ghost lemma_mul_le_mono(n, n - 1, block); */
    /*@ assert rest: (n - 1) * block == n * block - block; */
    fill_element(dst + block, dst, block, n - 1u);
    return;
  }
  replicate_block(dst, block, n);
}

void sonnx_fast_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                     size_t count_x, size_t count_z)
{
  (void)count_x; /* read by the proof only */
  (void)count_z;
  /* Levels, innermost first (level 0 is written at once): size and kind.
     z_block[j] / x_block[j]: bytes of one block of levels 0 .. j-1 in z / in x
     (z_block[0] = x_block[0] = es, one element). */
  size_t level_size[SONNX_MAX_RANK];
  unsigned char level_stretched[SONNX_MAX_RANK];
  size_t z_block[SONNX_MAX_RANK + 1];
  size_t x_block[SONNX_MAX_RANK + 1];
  size_t levels = 0;
  size_t z_run = es; /* bytes of the axes k .. rank-1 of z, then of x */
  size_t x_run = es;
  z_block[0] = es;
  x_block[0] = es;
  size_t k = z.rank;
  /*@ ghost lemma_count_grows(z.dims, 0, z.rank); */
  /*@ assert count_from(z.dims, z.rank, z.rank) == 1 && padded_block(x, z.rank, z.rank) == 1; */
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant levels == 0 ==> z_run == es && x_run == es;
      loop invariant 0 <= levels <= z.rank - k;
      loop invariant z_run == count_from(z.dims, k, z.rank) * es;
      loop invariant x_run == padded_block(x, z.rank, k) * es;
      loop invariant z_block[levels] == z_run && x_block[levels] == x_run;
      loop invariant z_block[0] == es && x_block[0] == es;
      loop invariant \forall integer j; 0 <= j < levels ==>
        level_size[j] >= 1 && z_block[j + 1] == level_size[j] * z_block[j] &&
        x_block[j + 1] == (level_stretched[j] ? 1 : level_size[j]) * x_block[j];
      loop invariant \forall integer j; 0 <= j <= levels ==> 1 <= z_block[j] && 1 <= x_block[j];
      loop invariant \forall integer a, b; 0 <= a <= b <= levels ==>
        z_block[a] <= z_block[b] && x_block[a] <= x_block[b];
      loop assigns k, levels, z_run, x_run, level_size[0 .. SONNX_MAX_RANK - 1],
        level_stretched[0 .. SONNX_MAX_RANK - 1], z_block[0 .. SONNX_MAX_RANK], x_block[0 .. SONNX_MAX_RANK];
      loop variant k;
  */
  while (k > 0u) {
    k--;
    size_t size = z.dims[k];
    size_t padded = sonnx_padded_dim(x, z.rank, k);
    /*@ ghost lemma_count_grows(z.dims, k, z.rank); */
    /*@ assert count_from(z.dims, k, z.rank) == size * count_from(z.dims, k + 1, z.rank); */
    /*@ assert count_from(z.dims, k, z.rank) * es <= count_z * es; */
    /*@ assert z_run * size == count_from(z.dims, k, z.rank) * es; */
    /*@ assert padded_block(x, z.rank, k) == padded * padded_block(x, z.rank, k + 1); */
    /*@ assert padded_block(x, z.rank, k) * es <= count_x * es; */
    /*@ assert x_run * padded == padded_block(x, z.rank, k) * es; */
    if (size != 1u) {
      unsigned char stretched = (unsigned char)(padded == 1u);
      if (levels == 0u || level_stretched[levels - 1u] != stretched) {
        level_size[levels] = 1u;
        level_stretched[levels] = stretched;
        levels++;
        z_block[levels] = z_run;
        x_block[levels] = x_run;
      }
      /*@ assert level_size[levels - 1] * size * z_block[levels - 1] == z_run * size; */
      /*@ assert level_size[levels - 1] * size <= level_size[levels - 1] * size * z_block[levels - 1]; */
      level_size[levels - 1u] *= size; /* contiguous on both sides: fused */
    }
    /*@ assert z_run <= z_run * size && x_run <= x_run * padded; */
    z_run *= size;
    x_run *= padded;
    z_block[levels] = z_run;
    x_block[levels] = x_run;
  }
  if (levels == 0u) { /* every size is 1: one element */
    memcpy(zb, xb, es);
    return;
  }
  /* The odometer: index of each copied level, and where the current block of
     each level starts in z and in x (bytes). */
  /*@ assert z_block[levels] == count_z * es && x_block[levels] == count_x * es; */
  size_t index[SONNX_MAX_RANK];
  size_t z_at[SONNX_MAX_RANK];
  size_t x_at[SONNX_MAX_RANK];
  size_t j = 0;
  /*@ loop invariant 0 <= j <= levels;
      loop invariant \forall integer i; 0 <= i < j ==> index[i] == 0 && z_at[i] == 0 && x_at[i] == 0;
      loop assigns j, index[0 .. levels - 1], z_at[0 .. levels - 1], x_at[0 .. levels - 1];
      loop variant levels - j;
  */
  while (j < levels) {
    index[j] = 0;
    z_at[j] = 0;
    x_at[j] = 0;
    j++;
  }
  size_t z_off = 0;
  size_t x_off = 0;
  /*@ loop invariant 1 <= levels <= SONNX_MAX_RANK;
      loop invariant z_block[levels] == count_z * es && x_block[levels] == count_x * es;
      loop invariant \forall integer i; 0 <= i < levels ==>
        level_size[i] >= 1 && z_block[i + 1] == level_size[i] * z_block[i] &&
        x_block[i + 1] == (level_stretched[i] ? 1 : level_size[i]) * x_block[i];
      loop invariant z_block[0] == es && x_block[0] == es;
      loop invariant \forall integer a, b; 0 <= a <= b <= levels ==>
        1 <= z_block[a] <= z_block[b] && 1 <= x_block[a] <= x_block[b];
      loop invariant z_off == z_at[0] && x_off == x_at[0];
      loop invariant \forall integer i; 0 <= i < levels ==> index[i] < level_size[i];
      loop invariant \forall integer i; 0 <= i < levels ==>
        z_at[i] + z_block[i + 1] <= z_block[levels] && x_at[i] + x_block[i + 1] <= x_block[levels];
      loop assigns j, z_off, x_off, index[0 .. levels - 1], z_at[0 .. levels - 1], x_at[0 .. levels - 1],
        zb[0 .. count_z * es - 1];
  */
  for (;;) {
    /* The innermost level: one contiguous run of x, or one element filled. */
    if (level_stretched[0]) {
      fill_element(zb + z_off, xb + x_off, es, level_size[0]);
    } else {
      memcpy(zb + z_off, xb + x_off, z_block[1]);
    }
    /* Outward: a stretched level replicates its first block, now complete; a
       copied level moves to its next source block, if any. */
    int advanced = 0;
    j = 1;
    /*@ loop invariant 1 <= j <= levels;
        loop invariant advanced ==> j < levels && index[j] < level_size[j];
        loop invariant \forall integer i; j < i < levels ==> index[i] < level_size[i];
        loop invariant j < levels ==> index[j] < level_size[j];
        loop assigns j, advanced, index[1 .. levels - 1], zb[0 .. count_z * es - 1];
    */
    while (j < levels && !advanced) {
      if (level_stretched[j]) {
        replicate_level(zb + z_at[j], z_block[j], level_size[j]);
        j++;
      } else {
        index[j]++;
        if (index[j] < level_size[j]) {
          advanced = 1;
        } else {
          j++;
        }
      }
    }
    if (!advanced) {
      return;
    }
    /*@ ghost lemma_mul_le_mono(level_size[j], index[j] + 1, z_block[j]); */
    /*@ ghost lemma_mul_le_mono(level_size[j], index[j] + 1, x_block[j]); */
    z_off = z_at[j] + index[j] * z_block[j];
    x_off = x_at[j] + index[j] * x_block[j];
    size_t i = j;
    /*@ loop invariant 0 <= i <= j;
        loop invariant \forall integer t; i <= t < j ==> index[t] == 0 && z_at[t] == z_off && x_at[t] == x_off;
        loop assigns i, index[0 .. j - 1], z_at[0 .. j - 1], x_at[0 .. j - 1];
        loop variant i;
    */
    while (i > 0u) {
      i--;
      index[i] = 0;
      z_at[i] = z_off;
      x_at[i] = x_off;
    }
  }
}

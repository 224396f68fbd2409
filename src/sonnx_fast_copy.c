/* The fast data kernel of sonnx_broadcast_to (issue 8): the contract of the proved
 * reference kernel copy_elements (src/sonnx_data.c), written so that the output is
 * produced at the machine's write bandwidth.
 *
 * The output is a sequence of equal-shaped blocks. From the last axis, axes m .. r-1
 * are "copied" (x's padded size equals z's: contiguous on both sides), then axes
 * k .. m-1 "stretched" (x's padded size is 1). A block, axes k .. r-1, is one
 * contiguous run of x (the copied axes) repeated over the stretched axes: a fill from a
 * pattern when the run is short, else one copy and growing copies of it inside the
 * output (doubling up to REPLICATE_CHUNK bytes, then copies of one chunk of that size,
 * which stays in cache and starts on the block's first cache-line boundary), both by
 * copy_aligned, whose stores start on a 64-byte boundary. On Intel processors a plain
 * replication or fill of MOVSB_MIN bytes or more repeats what it has written by `rep movsb`
 * instead (repeat_forward), which writes lines without reading them. Each
 * block takes its run from the source of its first element: the previous block's plus
 * run while the index on axis k - 1 (copied, stride run in x)
 * does not wrap, else the reference kernel's row-major walk (sonnx_element_source).
 *
 * This two-level form is the proof's, and so is the split into functions, each proved
 * in a context of its own: copied_axes and stretched_axes find m and k; write_block_at
 * writes one block (write_block: the bytes) and extends the element relation over it,
 * from the row-major lemmas of spec/acsl/row_major_lemmas.h (block, stretched and
 * copied axes); write_blocks chains the blocks, carries each one's source and, for
 * a block filled from a pattern, lays out the next block's pattern one block ahead;
 * sonnx_fast_copy finds the blocks and calls write_blocks, once with a pattern and
 * once without, each inlined with its own constants.
 *
 * An output of SONNX_STREAM_MIN_BYTES or more is written by streaming stores, whole cache lines
 * only (issue 34). The two primitives WP does not see, stream_store with its fence and
 * repeat_forward (`rep movsb`) with movsb_fast, are stated by contracts, tested against the byte
 * copies those state (tests/stream/), and listed in the evidence report's trusted base.
 *
 * No allocation, no recursion, no global state: memcpy, memset and memmove (GCC's, for the unit
 * loop of lay_elements) are the only library calls besides the SSE2 intrinsics of stream_store,
 * the `rep movsb` of repeat_forward and the processor test of movsb_fast (libgcc's CPU model),
 * and the stack holds two fill patterns of PATTERN_LAID_MAX bytes (the current and the next
 * block's, in sonnx_fast_copy). */
#include "sonnx_internal.h"
#ifdef __FRAMAC__
#include "row_major_lemmas.h" /* the proof's lemma functions (spec/acsl) */
#include "multi_index_lemmas.h" /* LIB-ROWMAJOR SONNX-ELEM: the spec's multi-index form (spec/acsl) */
#endif

/* sonnx_internal.h's ghost lemma for the operator's contract (the spec's form of SONNX-ELEM):
   the proof is the multi-index lemmas' of this unit. */
/*@ ghost
  void sonnx_lemma_index_facts(sonnx_shape x, const size_t *d, size_t r)
  {
    lemma_index_facts(x, d, r);
  }
*/

#include <stdbool.h>
#include <string.h>
#if !defined(__FRAMAC__) && (defined(__x86_64__) || defined(__SSE2__))
#include <emmintrin.h> /* the streaming stores of stream_store (SSE2) */
#endif

/* The store loops' clones (replicate_prefix, and sonnx_fast_copy with write_block_at, write_block,
   write_copies and the fills inlined): those of
   SONNX_WIDE_STORES (src/sonnx_internal.h, whose comment gives the reasons) and one more for
   AVX2 machines without AVX-512 (AMD Zen 2 and 3, Intel before Ice Lake), which ran the
   baseline's 16-byte stores. GCC splits its 32-byte copies for AVX2 unless the unit is built
   with -mmove-max=256 -mstore-max=256 (the Makefile's WIDE_COPY_FLAGS); clang does not split
   them. On this 2-core AMD EPYC Zen 3 (2026-11-29), ns per sonnx_broadcast_to of a 256 KiB
   float32 output, best of 7 alternated runs: rows 6500 -> 5000, scalar 7500 -> 5500 (memset
   3000-3500). Defined here rather than in the header so that only this unit changes; the
   header's macro goes with its next change (proofs/mutants: a header change reruns every
   mutant). Frama-C sees none of it: one source, one contract and one proof for every clone.
   The whole block loop is cloned, not write_copies alone: a call to a clone goes through its
   dispatch, once per call of sonnx_fast_copy now instead of once per block, and a clone's call of
   replicate_prefix goes straight to the clone of the same target (GCC). ns per sonnx_broadcast_to
   of float32, best of 5, two alternated runs on this 2-core AMD EPYC (2026-12-06), with the
   stack copy of fill_lines' line: (4,1) -> (4,4) 28.2 -> 24.3, (4,1,2) -> (4,2,2) 25.9 -> 22.1,
   (4,1) -> (4,64) 42.5 -> 37.0, (16,1) -> (16,256) 228 -> 158-189 (memset 123). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(SONNX_NO_DISPATCH) && \
    !defined(__FRAMAC__) && !defined(SONNX_UNDER_TSAN)
#define KERNEL_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define KERNEL_CLONES
#endif

/* Doubling stops at this many bytes: from then on every copy reads the same chunk (the run
   doubled to at least REPLICATE_CHUNK bytes, under twice that, or a longer run itself: see
   replicate_prefix), which stays in the L1 cache next to the output lines
   streaming through it, so the copy costs writes only. Measured on make bench's rows case
   (AMD EPYC Zen 4, 2026-11-25) with memcpy: 8 KiB chunks 0.94-1.09 of memset, 16 KiB
   0.74-0.85, 64 KiB (read back from L2) 0.53-0.59; with copy_aligned's aligned stores, 4 KiB
   against 8 KiB: rows-f16 0.84-0.94 against 0.80, middle-f64 0.84-0.88 against 0.67-0.82
   (best of 11 alternated runs, tools of bench/results.md); with copy_aligned inlined, 2 KiB
   against 4 KiB: rows-f16 0.92-0.94 against 0.89-0.91 (medians of 31 alternated repeats, the
   same in a loop of plain 32-byte copies from a fixed chunk: 0.95-0.97 against 0.91-0.94,
   2026-11-26). */
#define REPLICATE_CHUNK ((size_t)2048u)

/* Output stores are FILL_STORE (fills) or COPY_STORE (copies) bytes wide and start on a
   STORE_ALIGN-byte boundary of the output, a cache line: 32-byte stores that cross cache lines
   measured 76 GB/s against 96 aligned, on an L3-resident output (memset 97; AMD EPYC Zen 4,
   2026-11-25); from a line rather than a 32-byte boundary, a fill's two stores per step write
   one whole line when its period is whole lines (columns 1.27-1.31 of memset against
   1.00-1.15, 2026-11-26). The bench's
   outputs, like any large malloc, start 16 bytes off such a boundary. At most FILL_LINE, the
   least fill period: a fill's head stays inside its period. */
#define STORE_ALIGN 64u

/* Bytes from dst to the next STORE_ALIGN-byte boundary, at most n. The address is read as an
   integer only to be reduced modulo STORE_ALIGN: no pointer is rebuilt from it (MISRA 11.4,
   spec/misra-deviations.md). */
/*@ assigns \nothing;
    ensures \result < STORE_ALIGN && \result <= n;
*/
static size_t store_head(const char *dst, size_t n)
{
  const uintptr_t address = (uintptr_t)dst;
  const size_t misalign = (size_t)(address % STORE_ALIGN);
  const size_t head = (misalign == 0u) ? 0u : STORE_ALIGN - misalign;
  return (head < n) ? head : n;
}

/* Bytes a fill stores at a time: constant-size memcpys the compiler turns into vector
   stores, with no read of the output. A period is whole FILL_STORE stores and at least
   FILL_LINE bytes, stored FILL_LINE bytes per loop step (two FILL_STORE stores) and at
   most one FILL_STORE store more: fewer loop steps than one store per step (columns, +12%)
   without a longer pattern to lay out per block (short-inner: 64-byte periods made it
   96 -> 192 bytes, -5%); measured on make bench's cases, 2026-11-25 (bench/results.md). */
#define FILL_STORE 32u
#define FILL_LINE 64u

/* Bytes a copy (copy_aligned) stores at a time: one 32-byte store. One 64-byte store (the
   AVX-512 clone) or two per step wrote the out-of-cache outputs of rows and middle-f64 at
   0.8-0.9 of these (make bench's binary, alternated runs, AMD EPYC Zen 4, 2026-11-26); two
   32-byte stores per step wrote rows-f16 at 0.75-0.77 of memset against 0.85-0.87. */
#define COPY_STORE 32u

/* Outputs of at least SONNX_STREAM_MIN_BYTES bytes are written by streaming (non-temporal)
   stores (issue 34): past the last-level cache a plain store first reads its line from memory
   (read for ownership), and the output ends up written at half of memset's speed. A build
   option (-DSONNX_STREAM_MIN_BYTES=n); the default is measured, not guessed, on this 2-core AMD
   EPYC with a 32 MiB L3 (2026-11-29): a loop copying a 1 KiB row over outputs of 1 to 512 MiB
   wrote GB/s, plain 32-byte stores against streaming ones: 1 MiB 22.6 / 23.1, 8 MiB 19.3 /
   22.7, 16 MiB 12.0 / 22.0, 32 MiB 10.6 / 22.5, 512 MiB 10.9 / 20.7 (memset 48-58 up to 8 MiB,
   14-25 above). Streaming stores run at memory speed at every size, and the kernel's plain
   stores beat that while the output stays in the cache (make bench-sweep, rows: 26-34 GB/s up
   to 8 MiB), so streaming starts at 16 MiB, half the L3; with it, rows at 32-512 MiB went from
   0.59-0.77 of memset to 0.87-0.94 on 4 KiB pages and 0.80-1.24 on 2 MiB pages (make
   bench-sweep, bench/results.md, 2026-11-29). */
#ifndef SONNX_STREAM_MIN_BYTES
#define SONNX_STREAM_MIN_BYTES ((size_t)16u * 1024u * 1024u)
#endif

/* Bytes of one streaming store (stream_store), the size of a fill's and a copy's stores. */
#define STREAM_STORE 32u
/* The other size stream_store takes: the edges of a streamed fill come in 16-byte pieces
   (stream_edge). */
#define STREAM_HALF 16u
#if (FILL_STORE != STREAM_STORE) || (COPY_STORE != STREAM_STORE)
#error "store_line stores what fill_periods and copy_aligned store per step"
#endif

/* THE FIRST PRIMITIVE OUTSIDE WP (issue 34, listed in the trusted base of the evidence report;
   repeat_forward, below, is the second). WP takes these two contracts as given;
   stream_store's is copy_at's for n = STREAM_STORE or STREAM_HALF bytes (a byte copy),
   stream_fence's writes nothing the C model sees. tests/stream/test_stream.cpp (stage
   doctest-stream of make tests) tests the body against memcpy for both sizes at every alignment
   of both pointers, and through copy_aligned at every length from 1 to 1100 bytes and at
   2047-8191, and through fill_aligned at every total to 700 bytes and every alignment of the
   output for each element size of 1 to 48 that has a fill. stream_store writes with one or two
   16-byte streaming stores (SSE2: every x86-64) when the destination is 16-byte aligned, which
   the kernel's calls are (copy_aligned's and fill_from_pattern's stores start on a STORE_ALIGN
   boundary, stream_edge's on a 16-byte one), and otherwise with a plain memcpy: the primitive
   is safe at any address. Streaming stores are weakly ordered:
   stream_fence (sfence) orders them before the stores that follow it, once per call of
   sonnx_fast_copy, so that another thread that sees a later store sees the output too.
   Elsewhere than x86-64 both are plain: a memcpy and nothing. */
/*@ requires n == STREAM_STORE || n == STREAM_HALF;
    requires \valid(dst + (at .. at + n - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (at .. at + n - 1), src + (0 .. n - 1));
    assigns dst[at .. at + n - 1];
    ensures copied: \forall integer p; at <= p < at + n ==> dst[p] == \old(src[p - at]);
*/
static inline void stream_store(char *dst, size_t at, const char *src, size_t n);

/*@ assigns \nothing; */
static inline void stream_fence(void);

#ifndef __FRAMAC__
#if defined(__x86_64__) || defined(__SSE2__)
SONNX_INLINE_IN_CLONES
static inline void stream_store(char *dst, size_t at, const char *src, size_t n)
{
  char *const to = dst + at;
  if (((uintptr_t)to % 16u) == 0u) {
    /* The casts give the intrinsics their vector types: the loads are unaligned ones, the
       stores aligned, as just checked. */
    const __m128i low = _mm_loadu_si128((const __m128i *)src);
    _mm_stream_si128((__m128i *)to, low);
    if (n == STREAM_STORE) {
      const __m128i high = _mm_loadu_si128((const __m128i *)(src + 16));
      _mm_stream_si128((__m128i *)(to + 16), high);
    }
  } else {
    (void)memcpy(to, src, n); /* returns to, which the caller holds (MISRA 17.7) */
  }
}

static inline void stream_fence(void)
{
  _mm_sfence();
}
#else
SONNX_INLINE_IN_CLONES
static inline void stream_store(char *dst, size_t at, const char *src, size_t n)
{
  (void)memcpy(dst + at, src, n); /* returns dst + at (MISRA 17.7) */
}

static inline void stream_fence(void)
{
}
#endif
#endif

/* Replication by the processor's string copy (issue 34). A forward `rep movsb` whose
   destination lies d bytes past its source copies byte after byte, each from the byte d
   before it (Intel SDM vol. 2B, MOVS: with DF = 0, RCX times byte [RDI] <- [RSI], RSI and
   RDI each plus one): d written bytes come out repeated, as the loop below (repeat_forward)
   states and WP proves. On Intel processors the instruction writes whole lines without
   reading them first (fast strings), where the kernel's vector stores read each line they
   write (read for ownership): sonnx_broadcast_to of float32, output 16 bytes off a line,
   median of 31 interleaved rounds against memset of the same bytes (Intel Xeon, 2026-12-07,
   a prototype): (1,256) -> (16,256) 0.32 -> 0.77 of memset, (2048,256) 0.93 -> 1.03,
   (8192,256) 0.94 -> 1.03. A distance of 64 bytes or less ran it 10 times slower (the
   microcode copies overlapping lines in small pieces): the distance is at least
   MOVSB_DISTANCE. On AMD processors an overlapping `rep movsb` takes a slow microcode path
   (its overlap test compares the low 12 address bits), so it is used only where measured:
   -DSONNX_MOVSB=0 never, 1 on every x86-64, 2 (the default) on Intel processors. */
#ifndef SONNX_MOVSB
#define SONNX_MOVSB 2
#endif

/* The least distance of a replication by `rep movsb`, and the least count of bytes it
   writes: below them the vector stores are faster (its start-up costs tens of ns). With 2 KiB,
   the 4 KiB blocks of (64,1,32) -> (64,32,32) float32 (quiet Intel Xeon, 2026-12-07) ran at
   0.80 of memset against 0.91-0.94 with stores; with 8 KiB at 0.96, and rows (1,256) ->
   (16,256) still 0.74 (0.32 with stores). */
#define MOVSB_DISTANCE 512u
#define MOVSB_MIN 8192u

/* Whether this processor replicates by `rep movsb` (SONNX_MOVSB above). WP proves its callers
   for either answer. */
/*@ assigns \nothing; */
static inline bool movsb_fast(void);

/* dst[to .. to + n - 1] repeats dst[from .. to - 1], byte p the byte (p - to) % (to - from) of
   that span as it was: what a forward byte loop does, each byte copied from the one to - from
   before it. This is that loop, which WP proves to meet the contract; repeat_forward (below)
   has the same contract and runs the instruction that the loop describes. On x86-64 nothing
   calls it (repeat_forward is the instruction): it is there for WP and for other processors. */
/*@ requires from < to && to + n <= SIZE_MAX;
    requires \valid(dst + (from .. to + n - 1));
    assigns dst[to .. to + n - 1];
    ensures repeats: \forall integer p; to <= p < to + n ==>
      dst[p] == \old(dst[from + (p - to) % (to - from)]);
*/
__attribute__((unused))
static inline void repeat_bytes(char *dst, size_t from, size_t to, size_t n)
{
  /*@ ghost lemma_mod_shift(); */
  size_t i = 0; /* the offset from to of the byte written next */
  /*@ loop invariant 0 <= i <= n;
      loop invariant repeated: \forall integer k; 0 <= k < i ==>
        dst[to + k] == \at(dst[from + k % (to - from)], Pre);
      loop assigns i, dst[to .. to + n - 1];
      loop variant n - i;
  */
  while (i < n) {
    /*@ assert source: \let j = from + i; j < to ==> dst[j] == \at(dst[j], Pre); */
    /*@ assert source_mod: from + i < to ==> i % (to - from) == i; */
    /*@ assert distance: (to - from) % (to - from) == 0; */
    /*@ assert back: from + i >= to ==>
          ((to - from) + (i - (to - from))) % (to - from) == (i - (to - from)) % (to - from); */
    /*@ assert back_i: from + i >= to ==> (i - (to - from)) % (to - from) == i % (to - from); */
    /*@ assert earlier: \let j = from + i % (to - from); from + i >= to ==> dst[from + i] == \at(dst[j], Pre); */
    /*@ assert read: \let j = from + i % (to - from); dst[from + i] == \at(dst[j], Pre); */
    dst[to + i] = dst[from + i];
    /*@ assert written: \let j = from + i % (to - from); dst[to + i] == \at(dst[j], Pre); */
    i++;
  }
  /*@ assert by_offset: \forall integer p; to <= p < to + n ==>
        dst[to + (p - to)] == \at(dst[from + (p - to) % (to - from)], Pre); */
}

/* THE SECOND PRIMITIVE OUTSIDE WP (issue 34, listed in the trusted base of the evidence report):
   repeat_bytes' contract, taken as given by WP; on x86-64 (GCC, Clang) a forward `rep movsb`,
   the instruction repeat_bytes' loop describes (above); elsewhere repeat_bytes itself.
   tests/stream/test_stream.cpp (stage doctest-stream) tests it against that loop at every
   distance from 1 to 600 bytes, at lengths 0 to 130 and around 256, 512, 1024 and 2048, and
   through fill_aligned and replicate_block with the instruction forced on (SONNX_MOVSB 1). */
/*@ requires from < to && to + n <= SIZE_MAX;
    requires \valid(dst + (from .. to + n - 1));
    assigns dst[to .. to + n - 1];
    ensures repeats: \forall integer p; to <= p < to + n ==>
      dst[p] == \old(dst[from + (p - to) % (to - from)]);
*/
static inline void repeat_forward(char *dst, size_t from, size_t to, size_t n);

#ifndef __FRAMAC__
static inline void repeat_forward(char *dst, size_t from, size_t to, size_t n)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  char *target = &dst[to];
  const char *source = &dst[from];
  size_t count = n;
  /* The direction flag is clear at every call (the ABI's rule): forward. */
  __asm__ volatile("rep movsb" : "+D"(target), "+S"(source), "+c"(count) : : "memory");
#else
  repeat_bytes(dst, from, to, n);
#endif
}
#endif

#ifndef __FRAMAC__
static inline bool movsb_fast(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && (SONNX_MOVSB == 2)
  return __builtin_cpu_is("intel") != 0;
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && (SONNX_MOVSB == 1)
  return true;
#else
  return false;
#endif
}
#endif

/* A fill's pattern: the element repeated over its period, es doubled up to a multiple
   of FILL_STORE (whole elements, and whole stores), at most FILL_PERIOD_MAX bytes. */
#define FILL_PERIOD_MAX 512u

/* A block of at most UNIT_FILL_MAX bytes whose run is one unit of copy_unit (2, 4, 8 or 16
   bytes) is written by one store per copy of the run (fill_units): the doubling copies of
   replicate_prefix cost a call and a head computation each, for blocks of a few stores.
   Measured (issue 34, 2026-11-29, this 2-core machine; sonnx_broadcast_to of float32, ns per
   call, best of 5 alternated rounds of 9, doubling -> unit stores): (4,1) -> (4,4) 70 -> 47,
   (1,4) -> (4,4) 42 -> 30, (4,1,4) -> (4,4,4) 85 -> 53, (16,1) -> (16,4) 214 -> 131, (8,1) ->
   (8,8) 142 -> 94. With 256-byte blocks, (4,1) -> (4,64) went from 150-250 to 370-460 ns (64
   stores of 4 bytes a block are slower than doubling), so the limit is one cache line. Longer
   blocks of such a run, unless streamed, are filled by lines of splats (fill_unit_lines). */
#define UNIT_FILL_MAX 64u

/* A block is filled from a pattern when it holds at least two of the pattern's periods (so at
   least FILL_PATTERN_MIN bytes, two of the shortest period), instead of from FILL_PERIOD_MAX
   bytes: below that, blocks were copied and replicated by doubling copies, which read back the
   output just stored. sonnx_broadcast_to of float32, ns per call, best of 9 alternated runs,
   this 2-core AMD EPYC Zen 3, 2026-11-29, 512-byte limit -> two periods: (4,1) -> (4,64)
   123 -> 77, (16,1) -> (16,64) 427 -> 222, (8,1,4) -> (8,8,4) 176 -> 109, (8,1,8) -> (8,8,8)
   168 -> 116. With one period, a pattern was slower: (8,1,3) -> (8,8,3) 185 -> 196. */
#define FILL_PATTERN_MIN ((size_t)2u * FILL_LINE)

/* The most bytes a laid-out pattern takes: its period and one element more (fill_aligned reads
   the period from an offset below one element), 2 * FILL_PERIOD_MAX. */
#define PATTERN_LAID_MAX 1024u

/* A run's fill pattern, laid out ahead by the caller (sonnx_fast_copy's pipelined
   fill): laid bytes (a period fill_period gives, and one run more) repeating the run_bytes
   bytes at src. */
/*@ predicate run_pattern{L}(char *pattern, integer period, integer laid, char *src, integer run_bytes) =
      1 <= run_bytes <= period <= FILL_PERIOD_MAX && FILL_LINE <= period &&
      period % FILL_STORE == 0 && period % run_bytes == 0 && laid == period + run_bytes &&
      \valid_read(pattern + (0 .. laid - 1)) &&
      \forall integer t; 0 <= t < laid ==> pattern[t] == src[t % run_bytes];
*/

/* run_pattern from its parts, in a context of its own (for a period that is not 0): write_blocks
   proves each part, and in its context the provers did not put them together (z3 gave up, cvc4
   ran out of time). */
/*@ ghost
  /@ requires period != 0 ==> 1 <= run * es <= period <= FILL_PERIOD_MAX && FILL_LINE <= period;
     requires period != 0 ==> period % FILL_STORE == 0 && period % (run * es) == 0 &&
       laid == period + run * es;
     requires period != 0 ==> \valid_read(pattern + (0 .. laid - 1));
     requires period != 0 ==> \forall integer t; 0 <= t < laid ==>
       pattern[t] == (xb + src * es)[t % (run * es)];
     assigns \nothing;
     ensures period != 0 ==> run_pattern(pattern, period, laid, xb + src * es, run * es);
  @/
  static void lemma_run_pattern(char *pattern, size_t period, size_t laid, char *xb, size_t src,
                                size_t es, size_t run) { }
*/

/* memcpy to an offset, its bytes stated at the destination's own index p. memcpy's
   contract (memcmp == 0) names both pointers; the provers find the instance p - at
   through the source's index when the source is not itself shifted, hence this form
   (fill_from_pattern's memcpy from pattern + k to dst + done + k was out of their reach).
   Inlined by the compiler: a constant n stays a constant-size store. */
/*@ requires n >= 1;
    requires \valid(dst + (at .. at + n - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (at .. at + n - 1), src + (0 .. n - 1));
    assigns dst[at .. at + n - 1];
    ensures copied: \forall integer p; at <= p < at + n ==> dst[p] == \old(src[p - at]);
*/
static void copy_at(char *dst, size_t at, const char *src, size_t n)
{
  (void)memcpy(dst + at, src, n); /* returns dst + at, which the caller holds (MISRA 17.7) */
}

/* One store of a fill or a copy: streaming or plain, as the caller's output size decided
   (sonnx_fast_copy). The same contract both ways, so the loops that call it have one proof. */
/*@ requires \valid(dst + (at .. at + STREAM_STORE - 1));
    requires \valid_read(src + (0 .. STREAM_STORE - 1));
    requires \separated(dst + (at .. at + STREAM_STORE - 1), src + (0 .. STREAM_STORE - 1));
    assigns dst[at .. at + STREAM_STORE - 1];
    ensures copied: \forall integer p; at <= p < at + STREAM_STORE ==> dst[p] == \old(src[p - at]);
*/
SONNX_INLINE_IN_CLONES
static inline void store_line(char *dst, size_t at, const char *src, bool stream)
{
  if (stream) {
    stream_store(dst, at, src, STREAM_STORE);
  } else {
    copy_at(dst, at, src, STREAM_STORE);
  }
}

/* The edge of a streamed fill, the part of a line that the fill shares with the block before
   or after it: 16, 32 or 48 bytes from a 16-byte boundary, streamed in 16-byte pieces. The
   two parts of such a line are streamed one right after the other (the tail of one block, the
   head of the next), so they meet in one write-combining buffer and leave as a whole line.
   Written by plain stores, as before, each such line was read from memory first and held the
   streaming stores behind it: on an output 16 bytes off a line (as malloc's are), columns at
   128 MiB (sonnx_broadcast_to (131072,1) -> (131072,256) float32, Intel Xeon, 2026-12-06, calls
   after the first of a run) ran at 7.3-8.4 GB/s, against 16.7-17.8 on a line; with the edges
   streamed, 16.3-18.1 at offsets 16, 32 and 48. */
/*@ requires n == 16 || n == 32 || n == 48;
    requires at + n <= SIZE_MAX;
    requires \valid(dst + (at .. at + n - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (at .. at + n - 1), src + (0 .. n - 1));
    assigns dst[at .. at + n - 1];
    ensures copied: \forall integer p; at <= p < at + n ==> dst[p] == \old(src[p - at]);
*/
SONNX_INLINE_IN_CLONES
static inline void stream_edge(char *dst, size_t at, const char *src, size_t n)
{
  if (n == STREAM_HALF) {
    stream_store(dst, at, src, STREAM_HALF);
  } else {
    stream_store(dst, at, src, STREAM_STORE);
    if (n > STREAM_STORE) {
      stream_store(dst, at + STREAM_STORE, src + STREAM_STORE, STREAM_HALF);
      /*@ assert \forall integer p; at <= p < at + STREAM_STORE ==> dst[p] == \at(src[p - at], Pre); */
    }
  }
}

/* copy_at with aligned stores: the bytes up to the first STORE_ALIGN boundary of dst + at, then
   COPY_STORE bytes at a time, then the tail. Inlined into its callers' wide-store clones
   (KERNEL_CLONES above, SONNX_INLINE_IN_CLONES: src/sonnx_internal.h): each step is one aligned
   32-byte store, never across a cache line. glibc's memcpy (`rep movsb` at these sizes) wrote
   the L3-resident output of rows-f16 at 0.71-0.78 of memset, these stores at 0.84-0.94 (best of
   11 alternated runs, AMD EPYC Zen 4, 2026-11-25). The destination is dst + at, not a shifted
   pointer, so that the callers' facts name the written byte dst[p] itself, as copy_at's do. */
/*@ requires n >= 1;
    requires at + n <= SIZE_MAX;
    requires \valid(dst + (at .. at + n - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (at .. at + n - 1), src + (0 .. n - 1));
    assigns dst[at .. at + n - 1];
    ensures copied: \forall integer p; at <= p < at + n ==> dst[p] == \old(src[p - at]);
*/
SONNX_INLINE_IN_CLONES
static inline void copy_aligned(char *dst, size_t at, const char *src, size_t n, bool stream)
{
  size_t done = store_head(dst + at, n);
  if (done > 0u) {
    copy_at(dst, at, src, done);
  }
  /* Streaming stores write whole lines only, up to the last STORE_ALIGN boundary: a line
     written partly by streaming and partly by plain stores is flushed half-filled and read
     back (rows of 12 bytes, make bench's short case, fell from 7 to 1.5 GB/s that way). */
  const size_t whole = n - ((n - done) % FILL_LINE);
  /*@ loop invariant 0 <= done <= n;
      loop invariant copied: \forall integer p; at <= p < at + done ==> dst[p] == \at(src[p - at], Pre);
      loop assigns done, dst[at .. at + n - 1];
      loop variant n - done;
  */
  while (n - done >= COPY_STORE) {
    store_line(dst, at + done, src + done, stream && (done < whole));
    /*@ assert line: \forall integer p; at + done <= p < at + done + COPY_STORE ==>
          dst[p] == \at(src[p - at], Pre); */
    done += COPY_STORE;
  }
  if (done < n) {
    copy_at(dst, at + done, src + done, n - done);
    /*@ assert tail: \forall integer p; at + done <= p < at + n ==> dst[p] == \at(src[p - at], Pre); */
  }
}

/* Copies dst[from .. from + n - 1] to dst[to .. to + n - 1], a whole number of units
   further: when dst[0 .. to - 1] repeats its first unit bytes (unit, a ghost parameter: the
   proof's period), so does dst[0 .. to + n - 1]. */
/*@ requires 1 <= unit <= to && n >= 1;
    requires from + n <= to && to + n <= SIZE_MAX;
    requires (to - from) % unit == 0;
    requires \valid(dst + (0 .. to + n - 1));
    requires prefix: \forall integer p; 0 <= p < to ==> dst[p] == dst[p % unit];
    assigns dst[to .. to + n - 1];
    ensures repeats: \forall integer p; 0 <= p < to + n ==> dst[p] == dst[p % unit];
*/
SONNX_INLINE_IN_CLONES
static inline void copy_in_phase(char *dst, size_t to, size_t from, size_t n, bool stream)
  /*@ ghost (size_t unit) */
{
  /*@ ghost lemma_mod_shift(); */
  /*@ ghost lemma_div_unique(); */
Before: __attribute__((unused));
  /* Two calls with constant flags: each inlined copy_aligned loop is compiled for one kind of
     store (gcc -O2 does not unswitch loops). */
  if (stream) {
    copy_aligned(dst, to, dst + from, n, true);
  } else {
    copy_aligned(dst, to, dst + from, n, false);
  }
  /*@ assert copied_at: \forall integer p; to <= p < to + n ==>
        dst[p] == \at(dst[p - to + from], Before); */
  /*@ assert unit_kept: \forall integer t; 0 <= t < unit ==> dst[t] == \at(dst[t], Before); */
  /*@ assert shifted: \forall integer p; to <= p < to + n ==>
        p % unit == (p - to + from) % unit; */
  /*@ assert shifted_range: \forall integer p; to <= p < to + n ==>
        0 <= (p - to + from) % unit < unit; */
  /*@ assert old_part: \forall integer p; 0 <= p < to ==> dst[p] == dst[p % unit]; */
  /*@ assert new_part: \forall integer p; to <= p < to + n ==> dst[p] == dst[p % unit]; */
}

/* A remainder by f, a multiple of u, has the remainder by u of the number itself, and a number
   f further on has its remainder by u: a span of whole units repeated keeps every byte's phase
   (the replications by `rep movsb`). For one number (without a quantifier the provers' nonlinear
   arithmetic applies); the callers' ghost loops take it for every byte. */
/*@ ghost
  /@ requires f > 0 && u > 0 && f % u == 0;
     assigns \nothing;
     ensures phase: (x % f) % u == x % u;
     ensures shift: x >= f ==> (x - f) % u == x % u;
  @/
  static void lemma_mod_of_multiple(size_t x, size_t f, size_t u)
  {
    lemma_div_unique();
    lemma_mod_shift();
    size_t k = f / u;
    /@ assert whole: f == k * u && f == times(k, u); @/
    /@ assert euclid: x == (x / f) * f + x % f && x % f < f; @/
    lemma_digit_step(x, x / f, f, k, u, x % f);
    /@ assert shifted_back: x >= f ==> (f + (x - f)) % u == (x - f) % u; @/
  }
*/

/* Every byte from f on has, in the span of f bytes it repeats, the phase by u it has itself
   (f a multiple of u): the bytes a replication by `rep movsb` writes (replicate_prefix,
   fill_from_pattern), one at a time, in a context of its own. */
/*@ ghost
  /@ requires 0 < f && 0 < u && f % u == 0 && f <= n;
     assigns \nothing;
     ensures phases: \forall integer p; f <= p < n ==> ((p - f) % f) % u == p % u;
  @/
  static void lemma_repeated_phases(size_t f, size_t n, size_t u)
  {
    size_t q = f;
    /@ loop invariant f <= q <= n;
       loop invariant same: \forall integer p; f <= p < q ==> ((p - f) % f) % u == p % u;
       loop assigns q;
       loop variant n - q;
    @/
    while (q < n) {
      lemma_mod_of_multiple(q - f, f, u);
      /@ assert phase_q: ((q - f) % f) % u == (q - f) % u; @/
      lemma_mod_of_multiple(q, f, u);
      /@ assert shift_q: (q - f) % u == q % u; @/
      q++;
    }
  }
*/

/* dst[0 .. filled - 1] is written and repeats its first unit bytes (unit divides filled,
   a ghost parameter: the proof's period); writes dst[filled .. total - 1] so that all of
   dst repeats them. Each step copies written bytes a whole number of units further, so
   every copy keeps the repetition. */
/*@ requires 1 <= filled <= total;
    requires 1 <= unit <= filled && filled % unit == 0;
    requires \valid(dst + (0 .. total - 1));
    requires prefix: \forall integer p; 0 <= p < filled ==> dst[p] == dst[p % unit];
    assigns dst[filled .. total - 1];
    ensures repeats: \forall integer p; 0 <= p < total ==> dst[p] == dst[p % unit];
*/
KERNEL_CLONES
static void replicate_prefix(char *dst, size_t filled, size_t total, bool stream)
  /*@ ghost (size_t unit) */
{
  /*@ ghost lemma_mod_shift(); */
  /* By `rep movsb` from MOVSB_DISTANCE bytes on (repeat_forward), where it is faster. */
  const bool movsb = !stream && (total >= MOVSB_MIN) && movsb_fast();
  const size_t doubled = movsb ? MOVSB_DISTANCE : REPLICATE_CHUNK;
  /* Doubling: each copy repeats everything written so far, up to doubled bytes. */
  /*@ loop invariant \at(filled, Pre) <= filled <= total;
      loop invariant unit <= filled && (filled == total || filled % unit == 0);
      loop invariant \forall integer p; 0 <= p < filled ==> dst[p] == dst[p % unit];
      loop assigns filled, dst[\at(filled, Pre) .. total - 1];
      loop variant total - filled;
  */
  while (filled < total && filled < doubled) {
    const size_t step = (filled < total - filled) ? filled : total - filled;
    copy_in_phase(dst, filled, 0u, step, false) /*@ ghost (unit) */;
    filled += step;
  }
  if (filled < total) {
    if (movsb) {
Prefix: __attribute__((unused));
      repeat_forward(dst, 0u, filled, total - filled);
      /*@ assert kept: \forall integer p; 0 <= p < filled ==> dst[p] == \at(dst[p], Prefix); */
      /*@ assert in_prefix: \forall integer p; filled <= p < total ==> 0 <= (p - filled) % filled < filled; */
      /*@ assert from_unit: \forall integer p; filled <= p < total ==>
            dst[p] == \at(dst[((p - filled) % filled) % unit], Prefix); */
      /*@ ghost lemma_repeated_phases(filled, total, unit); */
      /*@ assert same_phase: \forall integer p; filled <= p < total ==>
            ((p - filled) % filled) % unit == p % unit; */
      /*@ assert unit_kept: \forall integer t; 0 <= t < unit ==> dst[t] == \at(dst[t], Prefix); */
      /*@ assert new_part: \forall integer p; filled <= p < total ==> dst[p] == dst[p % unit]; */
      /*@ assert old_part: \forall integer p; 0 <= p < filled ==> dst[p] == dst[p % unit]; */
      /*@ assert by_movsb: \forall integer p; 0 <= p < total ==> dst[p] == dst[p % unit]; */
    } else {
      /* Then copies of one chunk: dst[from .. from + chunk - 1], which stays in the L1 cache.
         It starts on the block's first STORE_ALIGN boundary, so that for a chunk of whole cache
         lines every copy loads and stores from a boundary and no two copies share a line. With
         the chunk at offset 0, each copy began and ended with a partial line: rows 1.34-1.38 of
         memset against 1.45-1.46 now, middle-f64 and rows-f16 unchanged (make bench's binary,
         alternated runs, AMD EPYC Zen 4, 2026-11-26). */
      const size_t chunk = filled;
      const size_t from = store_head(dst, total - filled);
      /*@ assert from < chunk; */
      if (from > 0u) {
        copy_in_phase(dst, filled, 0u, from, false) /*@ ghost (unit) */;
        filled += from;
      }
      /*@ loop invariant chunk + from <= filled <= total;
          loop invariant filled == total || (filled - from) % unit == 0;
          loop invariant \forall integer p; 0 <= p < filled ==> dst[p] == dst[p % unit];
          loop assigns filled, dst[chunk .. total - 1];
          loop variant total - filled;
      */
      while (filled < total) {
        const size_t step = (chunk < total - filled) ? chunk : total - filled;
        copy_in_phase(dst, filled, from, step, stream) /*@ ghost (unit) */;
        filled += step;
      }
      /*@ assert by_chunks: \forall integer p; 0 <= p < total ==> dst[p] == dst[p % unit]; */
    }
  }
  /* One assert per path, so that the postcondition, proved unsplit, is a lookup. */
  /*@ assert replicated: \forall integer p; 0 <= p < total ==> dst[p] == dst[p % unit]; */
}

/* dst[0 .. block - 1] is written; writes dst[block .. n * block - 1] so that the
   n blocks are equal. */
/*@ requires block >= 1 && n >= 1;
    requires n * block <= SIZE_MAX;
    requires \valid(dst + (0 .. n * block - 1));
    assigns dst[block .. n * block - 1];
    ensures repeats: \forall integer p; 0 <= p < n * block ==> dst[p] == dst[p % block];
*/
static void replicate_block(char *dst, size_t block, size_t n, bool stream)
{
  /*@ ghost lemma_mul_le_mono(n, 1, block); */
  /*@ ghost lemma_div_unique(); */
  /*@ assert \forall integer p; 0 <= p < block ==> p % block == p; */
  replicate_prefix(dst, block, n * block, stream) /*@ ghost (block) */;
}


/* Bytes copied from a pattern of elements, at an offset that is whole elements: each is
   the element's byte of its own index. A lemma of its own: in fill_from_pattern's context the
   remainder step sends z3 out of memory. */
/*@ ghost
  /@ requires es >= 1 && done % es == 0;
     requires from_pattern: \forall integer p; done <= p < done + len ==> dst[p] == pattern[p - done];
     requires pattern_elems: \forall integer t; 0 <= t < len ==> pattern[t] == elem[t % es];
     assigns \nothing;
     ensures elems: \forall integer p; done <= p < done + len ==> dst[p] == elem[p % es];
  @/
  static void lemma_pattern_bytes(char *dst, const char *pattern, const char *elem, size_t es,
                                  size_t done, size_t len)
  {
    lemma_mod_shift();
    /@ assert shifted: \forall integer p; done <= p < done + len ==> p % es == (p - done) % es; @/
  }
*/

/* The fill's period for elements of es bytes: es doubled until whole FILL_STORE-byte
   stores and at least FILL_LINE bytes (doubling, not a division: linear for the
   prover), or 0 when that passes FILL_PERIOD_MAX (es = 2^a * b with b <= 15 odd has
   one: 2, 3, 4, 12, 24, ...). */
/*@ requires es >= 1;
    assigns \nothing;
    ensures \result == 0 || (es <= \result <= FILL_PERIOD_MAX && FILL_LINE <= \result &&
      \result % FILL_STORE == 0 && \result % es == 0);
*/
static size_t fill_period(size_t es)
{
  size_t period = es;
  /*@ ghost size_t period_elems = 1; */
  /*@ loop invariant es <= period;
      loop invariant es <= FILL_PERIOD_MAX ==> period <= FILL_PERIOD_MAX;
      loop invariant 1 <= period_elems <= period && period == period_elems * es;
      loop assigns period, period_elems;
      loop variant FILL_PERIOD_MAX - period;
  */
  while ((period % FILL_STORE != 0u || period < FILL_LINE) && period <= FILL_PERIOD_MAX / 2u) {
    period *= 2u;
    /*@ ghost period_elems *= 2u; */
  }
  /*@ ghost lemma_mod_mul(); */
  /*@ assert whole_elements: period % es == 0; */
  return (period % FILL_STORE == 0u && period <= FILL_PERIOD_MAX) ? period : 0u;
}

/* Copies n bytes, n one of 1, 2, 4, 8, 16, by a memcpy of constant size: one load and one
   store each once inlined. */
/*@ requires n == 1 || n == 2 || n == 4 || n == 8 || n == 16;
    requires \valid(dst + (at .. at + n - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (at .. at + n - 1), src + (0 .. n - 1));
    assigns dst[at .. at + n - 1];
    ensures copied: \forall integer p; at <= p < at + n ==> dst[p] == \old(src[p - at]);
*/
SONNX_INLINE_IN_CLONES
static inline void copy_unit(char *dst, size_t at, const char *src, size_t n)
{
  switch (n) {
  case 16u:
    copy_at(dst, at, src, 16u);
    break;
  case 8u:
    copy_at(dst, at, src, 8u);
    break;
  case 4u:
    copy_at(dst, at, src, 4u);
    break;
  case 2u:
    copy_at(dst, at, src, 2u);
    break;
  default:
    copy_at(dst, at, src, 1u);
    break;
  }
}

/* The next multiple: a * c < b * c gives (a + 1) * c <= b * c, ground (the quantified
   cancellation stays inside this lemma's own goal). */
/*@ ghost
  /@ requires c > 0 && a * c < b * c;
     assigns \nothing;
     ensures a < b && a * c + c <= b * c;
  @/
  static void lemma_next_multiple(size_t a, size_t b, size_t c)
  {
    lemma_mul_lt_cancel();
    /@ assert a < b; @/
    lemma_mul_le_mono(b, a + 1u, c);
    lemma_mul_distrib(a, 1u, c);
  }
*/

/* A pattern laid out one element past a whole number of elements is still whole elements:
   p % d == 0 gives (p + d) % d == 0. Ground, and proved with nothing else in its context
   (z3, 60 ms): with the quantified remainder lemmas beside it the provers ran out of memory. */
/*@ ghost
  /@ requires d >= 1 && p % d == 0;
     assigns \nothing;
     ensures (p + d) % d == 0;
  @/
  static void lemma_next_whole(size_t p, size_t d) { }
*/

/* The offsets of the block at t = q * d: u % d == u - t for u in it. */
/*@ ghost
  /@ requires d > 0 && t == q * d;
     assigns \nothing;
     ensures \forall integer u; t <= u < t + d ==> u % d == u - t;
  @/
  static void lemma_block_offsets(size_t t, size_t q, size_t d)
  {
    lemma_div_unique();
    /@ assert \forall integer u; t <= u < t + d ==> u == q * d + (u - t); @/
  }
*/

/* Whether es, two bytes or more (a one-byte run has no pattern: write_copies), divides
   SPLAT_UNIT (16): its pattern is built from one unit of SPLAT_UNIT bytes (splat_pattern).
   Runs of 2, 4, 8 and 16 bytes: one float16 .. double, int16 .. int64, or a few of them. */
#define SPLAT_UNIT 16u

/*@ assigns \nothing;
    ensures \result <==> (es == 2 || es == 4 || es == 8 || es == 16);
*/
static bool splats(size_t es)
{
  return (es == 2u) || (es == 4u) || (es == 8u) || (es == 16u);
}

/* SPLAT_UNIT bytes repeating the element: one copy of the element per place, each of a constant
   size, so that GCC builds the unit in a vector register (a broadcast load: vpbroadcastw,
   vpshufd, vmovddup) instead of in memory. Doubled in place (copies of the unit's own first
   bytes), GCC kept the 4-byte splat in memory for fill_unit_lines' line, and the line's 32-byte
   loads then waited on its narrower stores (a failed store forward). */
/*@ requires es == 2 || es == 4 || es == 8 || es == 16;
    requires \valid(unit + (0 .. SPLAT_UNIT - 1));
    requires \valid_read(elem + (0 .. es - 1));
    requires \separated(unit + (0 .. SPLAT_UNIT - 1), elem + (0 .. es - 1));
    assigns unit[0 .. SPLAT_UNIT - 1];
    ensures splat: \forall integer i; 0 <= i < SPLAT_UNIT ==> unit[i] == \old(elem[i % es]);
*/
SONNX_INLINE_IN_CLONES
static inline void splat_unit(char *unit, const char *elem, size_t es)
{
  switch (es) {
  case 2u:
    copy_at(unit, 0u, elem, 2u);
    copy_at(unit, 2u, elem, 2u);
    copy_at(unit, 4u, elem, 2u);
    copy_at(unit, 6u, elem, 2u);
    /*@ assert two_8: \forall integer i; 0 <= i < 8 ==> unit[i] == \at(elem[i % 2], Pre); */
    copy_at(unit, 8u, elem, 2u);
    /*@ ghost lemma_block_offsets(8u, 4u, 2u); */
    /*@ assert pair_8: \forall integer u; 8 <= u < 10 ==> unit[u] == \at(elem[u % 2], Pre); */
    copy_at(unit, 10u, elem, 2u);
    /*@ ghost lemma_block_offsets(10u, 5u, 2u); */
    /*@ assert pair_10: \forall integer u; 10 <= u < 12 ==> unit[u] == \at(elem[u % 2], Pre); */
    copy_at(unit, 12u, elem, 2u);
    /*@ ghost lemma_block_offsets(12u, 6u, 2u); */
    /*@ assert pair_12: \forall integer u; 12 <= u < 14 ==> unit[u] == \at(elem[u % 2], Pre); */
    copy_at(unit, 14u, elem, 2u);
    /*@ ghost lemma_block_offsets(14u, 7u, 2u); */
    /*@ assert pair_14: \forall integer u; 14 <= u < 16 ==> unit[u] == \at(elem[u % 2], Pre); */
    /*@ assert two: \forall integer i; 0 <= i < SPLAT_UNIT ==> unit[i] == \at(elem[i % 2], Pre); */
    break;
  case 4u:
    copy_at(unit, 0u, elem, 4u);
    copy_at(unit, 4u, elem, 4u);
    copy_at(unit, 8u, elem, 4u);
    copy_at(unit, 12u, elem, 4u);
    /*@ assert four: \forall integer i; 0 <= i < SPLAT_UNIT ==> unit[i] == \at(elem[i % 4], Pre); */
    break;
  case 8u:
    copy_at(unit, 0u, elem, 8u);
    copy_at(unit, 8u, elem, 8u);
    /*@ assert eight: \forall integer i; 0 <= i < SPLAT_UNIT ==> unit[i] == \at(elem[i % 8], Pre); */
    break;
  default:
    /*@ assert sixteen: es == 16; */
    copy_at(unit, 0u, elem, 16u);
    /*@ assert sixteen_mod: \forall integer i; 0 <= i < SPLAT_UNIT ==> unit[i] == \at(elem[i % 16], Pre); */
    break;
  }
}

/* make_pattern for an element that splats (splats): SPLAT_UNIT bytes at a time from one unit,
   then the last elements (period is whole elements, not always whole units). For the columns
   case of make bench (4-byte elements, 68 bytes laid out per block) GCC stores 9 words instead
   of 17 elements: its 256 KiB output went from 15500 to 10000 ns per call (memset 3000; this
   2-core AMD EPYC Zen 3, best of 7 alternated runs, 2026-11-29). */
/*@ requires es == 2 || es == 4 || es == 8 || es == 16;
    requires es <= period && period % es == 0;
    requires \valid(pattern + (0 .. period - 1));
    requires \valid_read(elem + (0 .. es - 1));
    requires \separated(pattern + (0 .. period - 1), elem + (0 .. es - 1));
    assigns pattern[0 .. period - 1];
    ensures laid_out: \forall integer t; 0 <= t < period ==> pattern[t] == elem[t % es];
*/
SONNX_INLINE_IN_CLONES
static inline void splat_pattern(char *pattern, const char *elem, size_t es, size_t period)
{
  char unit[SPLAT_UNIT];
  splat_unit(unit, elem, es);
  /* Ghost counts as in make_pattern: per elements a unit, left elements to lay, e laid. */
  /*@ ghost size_t per = SPLAT_UNIT / es; */
  /*@ assert unit_whole: SPLAT_UNIT == per * es && per >= 1; */
  /*@ ghost size_t left = period / es; */
  /*@ assert period_whole: period - 0 == left * es; */
  /*@ ghost size_t e = 0; */
  size_t t = 0;
  /*@ loop invariant 0 <= t <= period && period - t == left * es && t == e * es;
      loop invariant laid: \forall integer u; 0 <= u < t ==> pattern[u] == elem[u % es];
      loop assigns t, left, e, pattern[0 .. period - 1];
      loop variant period - t;
  */
  while ((period - t) >= SPLAT_UNIT) {
    /*@ ghost lemma_mul_distrib(per - 1u, 1u, es); */
    /*@ ghost lemma_next_multiple(per - 1u, left, es); */
    /*@ assert units_left: per <= left; */
    copy_at(pattern, t, unit, SPLAT_UNIT);
    /*@ assert from_unit: \forall integer u; t <= u < t + SPLAT_UNIT ==> pattern[u] == elem[(u - t) % es]; */
    /*@ ghost lemma_mod_mul(); */
    /*@ ghost lemma_mod_shift(); */
    /*@ assert whole: t % es == 0; */
    /*@ assert shifted: \forall integer u; t <= u < t + SPLAT_UNIT ==> (u - t) % es == u % es; */
    /*@ ghost lemma_mul_distrib(left - per, per, es); */
    /*@ ghost lemma_mul_distrib(e, per, es); */
    t += SPLAT_UNIT;
    /*@ ghost left -= per; */
    /*@ ghost e += per; */
  }
  /*@ loop invariant 0 <= t <= period && period - t == left * es && t == e * es;
      loop invariant laid: \forall integer u; 0 <= u < t ==> pattern[u] == elem[u % es];
      loop assigns t, left, e, pattern[0 .. period - 1];
      loop variant period - t;
  */
  while (t < period) {
    /*@ ghost lemma_next_multiple(0u, left, es); */
    /*@ assert elem_in_period: t + es <= period; */
    copy_unit(pattern, t, elem, es);
    /*@ ghost lemma_block_offsets(t, e, es); */
    /*@ assert elem_bytes: \forall integer u; t <= u < t + es ==> pattern[u] == elem[u % es]; */
    /*@ ghost lemma_mul_distrib(left - 1u, 1u, es); */
    /*@ ghost lemma_mul_distrib(e, 1u, es); */
    t += es;
    /*@ ghost left--; */
    /*@ ghost e++; */
  }
}

/* make_pattern's loops for one unit size w, a constant in each of make_pattern's calls once
   inlined: copy_unit's choice of size and the loops' strides fold away. An element is units
   of w bytes from its start, the last one ending at its end: when w does not divide es, the
   last unit overlaps the one before and stores some of its bytes again, the same values. */
/*@ requires w == 1 || w == 2 || w == 4 || w == 8 || w == 16;
    requires 1 <= es <= period && period % es == 0 && w <= es;
    requires \valid(pattern + (0 .. period - 1));
    requires \valid_read(elem + (0 .. es - 1));
    requires \separated(pattern + (0 .. period - 1), elem + (0 .. es - 1));
    assigns pattern[0 .. period - 1];
    ensures laid_out: \forall integer t; 0 <= t < period ==> pattern[t] == elem[t % es];
*/
SONNX_INLINE_IN_CLONES
static inline void lay_elements(char *pattern, const char *elem, size_t es, size_t period, size_t w)
{
  /* The ghost counters count what is left (period - t == left * es, es - j == units * w):
     counted up instead, their product with the loop's exit bound would be substituted into
     the loop's memory terms, which then no longer match (seen in the goals). */
  /*@ ghost size_t left = period / es; */
  /*@ assert period_whole: period - 0 == left * es; */
  size_t t = 0;
  /*@ ghost size_t e = 0; */
  /*@ loop invariant 0 <= t <= period && period - t == left * es && t == e * es;
      loop invariant laid: \forall integer u; 0 <= u < t ==> pattern[u] == \at(elem[u % es], Pre);
      loop invariant elem_kept: \forall integer i; 0 <= i < es ==> elem[i] == \at(elem[i], Pre);
      loop assigns t, left, e, pattern[0 .. period - 1];
      loop variant period - t;
  */
  while (t < period) {
    /*@ ghost lemma_next_multiple(0u, left, es); */
    /*@ assert elem_in_period: t + es <= period; */
    size_t j = 0;
    /*@ loop invariant 0 <= j < es;
        loop invariant laid: \forall integer u; 0 <= u < t ==> pattern[u] == \at(elem[u % es], Pre);
        loop invariant elem_kept: \forall integer i; 0 <= i < es ==> elem[i] == \at(elem[i], Pre);
        loop invariant units: \forall integer i; 0 <= i < j ==> pattern[t + i] == \at(elem[i], Pre);
        loop assigns j, pattern[t .. t + es - 1];
        loop variant es - j;
    */
    while ((es - j) > w) {
      copy_unit(pattern, t + j, elem + j, w);
      /*@ assert new_bytes: \forall integer i; j <= i < j + w ==> pattern[t + i] == \at(elem[i], Pre); */
      j += w;
    }
    /* The last unit: from es - w (at or below j, since es - j <= w) to the element's end. */
    copy_unit(pattern, t + (es - w), elem + (es - w), w);
    /*@ assert last_bytes: \forall integer i; es - w <= i < es ==> pattern[t + i] == \at(elem[i], Pre); */
    /*@ assert units_kept: \forall integer i; 0 <= i < es - w ==> pattern[t + i] == \at(elem[i], Pre); */
    /* The element's bytes, by their index u = t + i: u % es == i (t is whole elements). */
    /*@ ghost lemma_block_offsets(t, e, es); */
    /*@ assert elem_bytes: \forall integer u; t <= u < t + es ==> pattern[u] == \at(elem[u % es], Pre); */
    /*@ ghost lemma_mul_distrib(left - 1u, 1u, es); */
    /*@ ghost lemma_mul_distrib(e, 1u, es); */
    t += es;
    /*@ ghost left--; */
    /*@ ghost e++; */
  }
  /*@ assert offsets: \forall integer u; 0 <= u < period ==> 0 <= u % es < es; */
}

/* pattern[t] = elem[t % es] for t < period: element by element (at e * es), each in units
   of w bytes (the largest of 16, 8, 4, 2, 1 not longer than es, the last unit overlapping the
   one before when w does not divide es) copied from elem by one store. Overlapping units
   instead of the largest that divides es (12-byte runs: 2 stores instead of 3) took
   (85,1,3) -> (85,64,3) from 2434 to 2127 ns and (8,1,5) -> (8,32,5) from 287 to 222 (best of
   9 alternated runs, this 2-core AMD EPYC Zen 3, 2026-11-29).
   The pattern is laid out while the previous block's output stores fill the store buffer,
   where every store waits for an entry: units instead of bytes took the columns case
   (4-byte elements, 64-byte period) from 30 to 38 GB/s (make bench, 2026-11-25). elem is
   x, not recently written: no load here waits for a store. One call of lay_elements per unit
   size, each inlined with its constant: the short case of make bench (12-byte runs, 108 bytes
   laid out per 768-byte block) went from 1131 to 685 ns per call at 16 KiB and from 17600 to
   11100 at 256 KiB (memset 193 and 2870; best of 5 alternated runs, this 2-core AMD EPYC Zen 3,
   2026-11-29). Inlined into sonnx_fast_copy's clones, as the loops that call it: a call of its
   own ran the default (SSE) build of it from the AVX2 and AVX-512 clones once per block, with
   the upper halves of the vector registers in use (no vzeroupper before the call), and on an
   Intel Xeon (KVM, 2026-12-06) each such call cost 60-100 ns: (64,1,32) -> (64,32,32) float32
   11540 -> 4740 ns a call (memset 4600), (4,1,8) -> (4,8,8) 282 -> 75 (sonnx_broadcast_to, mean
   of 2000-200000 calls, interleaved with memset; the default build alone: 5250 and 48). */
/*@ requires 1 <= es <= period && period % es == 0;
    requires \valid(pattern + (0 .. period - 1));
    requires \valid_read(elem + (0 .. es - 1));
    requires \separated(pattern + (0 .. period - 1), elem + (0 .. es - 1));
    assigns pattern[0 .. period - 1];
    ensures laid_out: \forall integer t; 0 <= t < period ==> pattern[t] == elem[t % es];
*/
SONNX_INLINE_IN_CLONES
static inline void make_pattern(char *pattern, const char *elem, size_t es, size_t period)
{
  /* The unit: the largest of 16, 8, 4, 2, 1 that is not longer than es. */
  if (es >= 16u) {
    lay_elements(pattern, elem, es, period, 16u);
  } else if (es >= 8u) {
    lay_elements(pattern, elem, es, period, 8u);
  } else if (es >= 4u) {
    lay_elements(pattern, elem, es, period, 4u);
  } else if (es >= 2u) {
    lay_elements(pattern, elem, es, period, 2u);
  } else {
    lay_elements(pattern, elem, es, period, 1u);
  }
}

/* The pattern of a run for fill_aligned: laid = period + run_bytes bytes repeating the run,
   one run past the period. splat_pattern or make_pattern, with laid's whole runs proved here:
   in the contexts of write_block_at and sonnx_fast_copy the remainder step sent z3 out of
   memory on their frame goals. Inlined, with splat_pattern, into sonnx_fast_copy's clones: the
   pattern of the next block is laid out once per block, and a call of its own cost 1-4 ns of
   each: (16,1) -> (16,32) went from 118-122 to 103-107 ns, (21,1,3) -> (21,64,3) from 336-341 to
   300-305 (sonnx_broadcast_to of float32, best of 5, three alternated runs, 2026-12-06). */
/*@ requires 1 <= run_bytes <= period && period % run_bytes == 0 && laid == period + run_bytes;
    requires \valid(pattern + (0 .. laid - 1));
    requires \valid_read(elem + (0 .. run_bytes - 1));
    requires \separated(pattern + (0 .. laid - 1), elem + (0 .. run_bytes - 1));
    assigns pattern[0 .. laid - 1];
    ensures laid_out: \forall integer t; 0 <= t < laid ==> pattern[t] == elem[t % run_bytes];
*/
SONNX_INLINE_IN_CLONES
static inline void lay_pattern(char *pattern, const char *elem, size_t run_bytes, size_t laid)
  /*@ ghost (size_t period) */
{
  /*@ ghost lemma_next_whole(period, run_bytes); */
  if (splats(run_bytes)) {
    splat_pattern(pattern, elem, run_bytes, laid);
  } else {
    make_pattern(pattern, elem, run_bytes, laid);
  }
}

/* Writes total bytes from a pattern of period bytes that repeats its first es (pattern[t] ==
   pattern[t % es]; es, the element size, is the proof's only): period by period, each by
   FILL_STORE-byte stores at fixed offsets of the pattern (two per loop step, then at most one:
   no read of the output, no dependency between stores), then the tail. From a STORE_ALIGN
   boundary (fill_aligned), every store but the tail's is aligned; cloned for wide stores like
   replicate_prefix. Stores all the way: growing copies of a head of periods (memcpy from the
   output) measured slower on every case that fills
   (scalar 0.55-0.6 of memset against 1.1-1.3, short-inner 0.82-0.95 against 0.95-1.06;
   make bench, 2026-11-25, bench/results.md). */
/*@ requires es >= 1;
    requires es <= period <= FILL_PERIOD_MAX && period % FILL_STORE == 0 && period % es == 0;
    requires \valid(dst + (0 .. total - 1));
    requires \valid_read(pattern + (0 .. period - 1));
    requires \separated(dst + (0 .. total - 1), pattern + (0 .. period - 1));
    requires periodic: \forall integer t; 0 <= t < period ==> pattern[t] == pattern[t % es];
    assigns dst[0 .. total - 1];
    ensures fills: \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es];
*/
SONNX_INLINE_IN_CLONES
static inline void fill_periods(char *dst, const char *pattern, size_t total, size_t period,
                                bool stream) /*@ ghost (size_t es) */
{
  size_t done = 0;
  /* Streaming stores below whole only: whole lines (see copy_aligned). */
  const size_t whole = total - (total % FILL_LINE);
  /*@ loop invariant 0 <= done <= total;
      loop invariant done % es == 0;
      loop invariant \forall integer p; 0 <= p < done ==> dst[p] == pattern[p % es];
      loop invariant pattern_kept: \forall integer t; 0 <= t < period ==> pattern[t] == \at(pattern[t], Pre);
      loop assigns done, dst[0 .. total - 1];
      loop variant total - done;
  */
  while (total - done >= period) {
    size_t k = 0;
    /*@ loop invariant 0 <= k <= period && k % FILL_STORE == 0;
        loop invariant \forall integer p; 0 <= p < done ==> dst[p] == pattern[p % es];
        loop invariant \forall integer p; done <= p < done + k ==> dst[p] == pattern[p - done];
        loop invariant pattern_kept: \forall integer t; 0 <= t < period ==> pattern[t] == \at(pattern[t], Pre);
        loop assigns k, dst[done .. done + period - 1];
        loop variant period - k;
    */
    while (period - k >= FILL_LINE) {
      /* Two stores of FILL_STORE bytes, not one of FILL_LINE: in the AVX-512 clone a 64-byte
         copy is one 64-byte store, which straddles a cache line on every other period when
         the period is an odd multiple of 32 bytes (96, 160, ...). Both lie below whole: the
         period goes on past them by its half-line store, or it is whole lines from a line
         boundary (done is whole periods), so the lines they touch end by total. */
      store_line(dst, done + k, pattern + k, stream);
      /*@ assert stored_first: \forall integer p; done + k <= p < done + k + FILL_STORE ==>
            dst[p] == pattern[p - done]; */
      store_line(dst, done + k + FILL_STORE, pattern + k + FILL_STORE, stream);
      /*@ assert stored_second: \forall integer p; done + k + FILL_STORE <= p < done + k + FILL_LINE ==>
            dst[p] == pattern[p - done]; */
      /*@ assert stored: \forall integer p; done + k <= p < done + k + FILL_LINE ==>
            dst[p] == pattern[p - done]; */
      k += FILL_LINE;
    }
    /*@ ghost size_t stored = k; */
    if (period - k >= FILL_STORE) {
      store_line(dst, done + k, pattern + k, stream && ((done + k) < whole));
      /*@ assert stored_half: \forall integer p; done + k <= p < done + k + FILL_STORE ==>
            dst[p] == pattern[p - done]; */
      /*@ assert stored_before: \forall integer p; done <= p < done + k ==> dst[p] == pattern[p - done]; */
      /*@ assert kept_done: \forall integer p; 0 <= p < done ==> dst[p] == pattern[p % es]; */
      /*@ ghost stored += FILL_STORE; */
    }
    /*@ assert stored_all: \forall integer p; done <= p < done + stored ==> dst[p] == pattern[p - done]; */
    /*@ assert stored == period; */
    /* The new period, indexed by p as the outer invariant is (no done + t to match); its
       elements by lemma_pattern_bytes, before the remainder lemma enters the context. */
    /*@ assert period_dst: \forall integer p; done <= p < done + period ==> dst[p] == pattern[p - done]; */
    /* The pattern is the call's (pattern_kept, no remainder in the frame steps), so it
       still repeats its first es bytes. */
    /*@ assert pattern_here: \forall integer t; 0 <= t < period ==> pattern[t] == \at(pattern[t], Pre); */
    /*@ assert periodic_here: \forall integer t; 0 <= t < period ==> pattern[t] == pattern[t % es]; */
    /*@ ghost lemma_pattern_bytes(dst, pattern, pattern, es, done, period); */
    /*@ assert period_elems: \forall integer p; done <= p < done + period ==> dst[p] == pattern[p % es]; */
    /*@ ghost lemma_mod_shift(); */
    /*@ assert (done + period) % es == period % es; */
    done += period;
  }
  if (done < total) {
    /* The tail, under one period: whole stores (streaming below whole), then the rest. When
       the rest is whole 16-byte pieces, all of it streams (stream_edge): the line it shares
       with the next block is streamed by that block's head. */
    size_t k = 0;
    /*@ loop invariant 0 <= k <= total - done && k % FILL_STORE == 0;
        loop invariant \forall integer p; 0 <= p < done ==> dst[p] == pattern[p % es];
        loop invariant \forall integer p; done <= p < done + k ==> dst[p] == pattern[p - done];
        loop invariant pattern_kept: \forall integer t; 0 <= t < period ==> pattern[t] == \at(pattern[t], Pre);
        loop assigns k, dst[done .. total - 1];
        loop variant total - done - k;
    */
    while ((total - done - k) >= FILL_STORE) {
      store_line(dst, done + k, pattern + k,
                 stream && (((done + k) < whole) || (((total - done - k) % STREAM_HALF) == 0u)));
      /*@ assert tail_store: \forall integer p; done + k <= p < done + k + FILL_STORE ==>
            dst[p] == pattern[p - done]; */
      k += FILL_STORE;
    }
    if (k < (total - done)) {
      if (stream && (((total - done - k) % STREAM_HALF) == 0u)) {
        stream_edge(dst, done + k, pattern + k, total - done - k);
      } else {
        copy_at(dst, done + k, pattern + k, total - done - k);
      }
      /*@ assert tail_rest: \forall integer p; done + k <= p < total ==> dst[p] == pattern[p - done]; */
    }
    /*@ assert tail_bytes: \forall integer p; done <= p < total ==> dst[p] == pattern[p - done]; */
    /*@ ghost lemma_pattern_bytes(dst, pattern, pattern, es, done, total - done); */
    /*@ assert tail_elems: \forall integer p; done <= p < total ==> dst[p] == pattern[p % es]; */
  }
  /*@ assert \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es]; */
  /* One assert per exit, so that the postcondition, proved unsplit, is a lookup. */
  /*@ assert fills_pattern: \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es]; */
}

/* fill_periods for a period of one line (FILL_LINE bytes, the period of every run of 2, 4, 8,
   16, 32 or 64 bytes): one flat loop of two stores per line, where fill_periods' loop per
   period runs its inner loop once. A plain loop of 32-byte stores from a fixed line filled
   1 KiB blocks of a 256 KiB output in 15 ns a block, the same stores nested per period in
   21-25 ns (this 2-core AMD EPYC Zen 3, 2026-11-29). Streams in the loop, whose lines are whole
   from a STORE_ALIGN boundary (fill_aligned), and a tail of whole 16-byte pieces (stream_edge;
   any other tail is plain). The loop stores
   from a stack copy of the line, kept in two registers: read from the pattern at every store, a
   256 KiB scalar fill ran at 1885-3040 ns against memset's 1870, from the copy at 1250-1300
   (sonnx_broadcast_to () -> (65536) float32, best of 5, alternated runs, 2026-12-06). */
/*@ requires es >= 1 && es <= FILL_LINE && FILL_LINE % es == 0;
    requires \valid(dst + (0 .. total - 1));
    requires \valid_read(pattern + (0 .. FILL_LINE - 1));
    requires \separated(dst + (0 .. total - 1), pattern + (0 .. FILL_LINE - 1));
    requires periodic: \forall integer t; 0 <= t < FILL_LINE ==> pattern[t] == pattern[t % es];
    assigns dst[0 .. total - 1];
    ensures fills: \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es];
*/
SONNX_INLINE_IN_CLONES
static inline void fill_lines(char *dst, const char *pattern, size_t total, bool stream)
  /*@ ghost (size_t es) */
{
  size_t done = 0;
  char line[FILL_LINE];
  copy_at(line, 0u, pattern, FILL_LINE);
  /*@ loop invariant 0 <= done <= total && done % es == 0;
      loop invariant filled: \forall integer p; 0 <= p < done ==> dst[p] == pattern[p % es];
      loop invariant pattern_kept: \forall integer t; 0 <= t < FILL_LINE ==> pattern[t] == \at(pattern[t], Pre);
      loop invariant line_kept: \forall integer t; 0 <= t < FILL_LINE ==> line[t] == pattern[t];
      loop assigns done, dst[0 .. total - 1];
      loop variant total - done;
  */
  while ((total - done) >= FILL_LINE) {
    store_line(dst, done, line, stream);
    store_line(dst, done + FILL_STORE, line + FILL_STORE, stream);
    /*@ assert line_bytes: \forall integer p; done <= p < done + FILL_LINE ==> dst[p] == line[p - done]; */
    /*@ assert line: \forall integer p; done <= p < done + FILL_LINE ==> dst[p] == pattern[p - done]; */
    /*@ assert periodic_here: \forall integer t; 0 <= t < FILL_LINE ==> pattern[t] == pattern[t % es]; */
    /*@ ghost lemma_pattern_bytes(dst, pattern, pattern, es, done, FILL_LINE); */
    /*@ assert line_elems: \forall integer p; done <= p < done + FILL_LINE ==> dst[p] == pattern[p % es]; */
    /*@ ghost lemma_mod_shift(); */
    /*@ assert (done + FILL_LINE) % es == FILL_LINE % es; */
    done += FILL_LINE;
  }
  if (done < total) {
    /* The tail, under one line: plain stores, or streamed when it is whole 16-byte pieces
       (stream_edge: the next block's head streams the rest of its line). */
    if (stream && (((total - done) % STREAM_HALF) == 0u)) {
      stream_edge(dst, done, pattern, total - done);
    } else {
      copy_at(dst, done, pattern, total - done);
    }
    /*@ assert tail_bytes: \forall integer p; done <= p < total ==> dst[p] == pattern[p - done]; */
    /*@ assert periodic_tail: \forall integer t; 0 <= t < FILL_LINE ==> pattern[t] == pattern[t % es]; */
    /*@ ghost lemma_pattern_bytes(dst, pattern, pattern, es, done, total - done); */
    /*@ assert tail_elems: \forall integer p; done <= p < total ==> dst[p] == pattern[p % es]; */
  }
  /*@ assert fills_lines: \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es]; */
}

/* fill_lines (a one-line period) or fill_periods, with a constant flag in each call, so that
   each inlined copy of their loops is compiled for one kind of store: with the flag a
   variable, the plain stores took a test and two jumps each and a scalar fill held in the
   cache fell from 22-28 to 14 GB/s (gcc -O2 does not unswitch loops; make bench-sweep's
   binary, 2026-11-29). Inlined, with fill_aligned and write_copies, into sonnx_fast_copy's
   clones: a call of its own went through the clones' dispatch once per block. The periods of
   the short and middle cases of make bench-sweep (96 bytes: runs of 3 or 6 float32; 128: runs
   of 32) have a plain-store call each with the period a constant, whose inner loop GCC unrolls:
   ns per sonnx_broadcast_to of float32 (AMD EPYC Zen 4, 2026-12-06) short 16 KiB 341-344 ->
   303-325, 256 KiB 5121-5612 -> 4761-5030, middle 16 KiB 191-200 -> 170-177; (Intel Xeon,
   2026-12-06) (4,1,32) -> (4,32,32) 248 -> 137, short 16 KiB 320 -> 248 but 256 KiB 5570-5740
   -> 5980-6170. */
/*@ requires es >= 1;
    requires es <= period <= FILL_PERIOD_MAX && period % FILL_STORE == 0 && period % es == 0;
    requires \valid(dst + (0 .. total - 1));
    requires \valid_read(pattern + (0 .. period - 1));
    requires \separated(dst + (0 .. total - 1), pattern + (0 .. period - 1));
    requires periodic: \forall integer t; 0 <= t < period ==> pattern[t] == pattern[t % es];
    assigns dst[0 .. total - 1];
    ensures fills: \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es];
*/
SONNX_INLINE_IN_CLONES
static inline void fill_stores(char *dst, const char *pattern, size_t total, size_t period,
                               bool stream) /*@ ghost (size_t es) */
{
  if (period == FILL_LINE) {
    if (stream) {
      fill_lines(dst, pattern, total, true) /*@ ghost (es) */;
    } else {
      fill_lines(dst, pattern, total, false) /*@ ghost (es) */;
    }
  } else if (stream) {
    fill_periods(dst, pattern, total, period, true) /*@ ghost (es) */;
  } else if (period == 96u) {
    fill_periods(dst, pattern, total, 96u, false) /*@ ghost (es) */;
  } else if (period == 128u) {
    fill_periods(dst, pattern, total, 128u, false) /*@ ghost (es) */;
  } else {
    fill_periods(dst, pattern, total, period, false) /*@ ghost (es) */;
  }
}

/* Periods written by `rep movsb` (repeat_forward, where movsb_fast): MOVSB_PERIODS periods
   stored (at least MOVSB_DISTANCE bytes: a period is at least FILL_LINE), then repeated. */
#define MOVSB_PERIODS 8u
#if (MOVSB_PERIODS * FILL_LINE) < MOVSB_DISTANCE
#error "a fill's seed is at least MOVSB_DISTANCE bytes"
#endif

/* Blocks of a unit run (2, 4, 8 or 16 bytes) shorter than this are filled by lines of splats
   (fill_unit_lines), longer ones from a pattern (fill_from_pattern), where rep movsb takes
   over from stores (at MOVSB_PERIODS one-line periods and MOVSB_MIN bytes more). At 2 MiB,
   () -> (524288) float32 by lines of splats took 55300-56800 ns against 47100-49200 from a
   pattern (memset 50100-55400; Intel Xeon, 2026-12-07). */
#define UNIT_LINES_MAX ((MOVSB_PERIODS * FILL_LINE) + MOVSB_MIN)

/* A fill: stores (fill_stores), or stores of its first MOVSB_PERIODS periods repeated by
   `rep movsb` when it is plain and long enough (MOVSB_MIN bytes more) on a processor where
   that is faster (movsb_fast). */
/*@ requires es >= 1;
    requires es <= period <= FILL_PERIOD_MAX && period % FILL_STORE == 0 && period % es == 0;
    requires \valid(dst + (0 .. total - 1));
    requires \valid_read(pattern + (0 .. period - 1));
    requires \separated(dst + (0 .. total - 1), pattern + (0 .. period - 1));
    requires periodic: \forall integer t; 0 <= t < period ==> pattern[t] == pattern[t % es];
    assigns dst[0 .. total - 1];
    ensures fills: \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es];
*/
SONNX_INLINE_IN_CLONES
static inline void fill_from_pattern(char *dst, const char *pattern, size_t total, size_t period,
                                     bool stream) /*@ ghost (size_t es) */
{
  const size_t seed = MOVSB_PERIODS * period;
  const bool movsb = !stream && (total >= (seed + MOVSB_MIN)) && movsb_fast();
  const size_t stored = movsb ? seed : total;
  fill_stores(dst, pattern, stored, period, stream) /*@ ghost (es) */;
  if (movsb) {
Seeded: __attribute__((unused));
    repeat_forward(dst, 0u, seed, total - seed);
    /*@ ghost lemma_div_unique(); */
    /*@ ghost lemma_mod_mul(); */
    /*@ assert seed_periods: seed % period == 0; */
    /*@ ghost lemma_mod_of_multiple(seed, period, es); */
    /*@ assert seed_elems: seed % es == 0; */
    /*@ assert seeded: \forall integer p; 0 <= p < seed ==> \at(dst[p], Seeded) == pattern[p % es]; */
    /*@ assert in_seed: \forall integer p; seed <= p < total ==> 0 <= (p - seed) % seed < seed; */
    /*@ assert repeated: \forall integer p; seed <= p < total ==>
          dst[p] == pattern[((p - seed) % seed) % es]; */
    /*@ ghost lemma_repeated_phases(seed, total, es); */
    /*@ assert same_phase: \forall integer p; seed <= p < total ==> ((p - seed) % seed) % es == p % es; */
    /*@ assert kept: \forall integer p; 0 <= p < seed ==> dst[p] == pattern[p % es]; */
  }
}

/* The offsets of a fill read turned by phase = head % es (fill_aligned): byte p is the
   pattern's byte phase + (p - head) % es, whose remainder is p's. Worked out on offsets u from
   the head, not p - head, which Qed folds into p and out of lemma_mod_add's reach. */
/*@ ghost
  /@ requires es >= 1 && phase == head % es;
     assigns \nothing;
     ensures turned: \forall integer p; head <= p < head + n ==> (phase + (p - head) % es) % es == p % es;
  @/
  static void lemma_turned_offsets(size_t es, size_t head, size_t phase, size_t n)
  {
    lemma_mod_add();
    /@ assert turned_once: \forall integer u; 0 <= u < n ==> (phase + u % es) % es == (phase + u) % es; @/
    /@ assert turned_twice: \forall integer u; 0 <= u < n ==> (u + head % es) % es == (u + head) % es; @/
    /@ assert turned_u: \forall integer u; 0 <= u < n ==> (phase + u % es) % es == (head + u) % es; @/
  }
*/

/* The bytes of that fill: byte p is the pattern's byte p % es. Apart from lemma_turned_offsets
   (with lemma_mod_add in the context the provers loop on its instances), and with the pattern's
   repetition given at the bytes read only (pattern[t] == pattern[t % es] for all t is a
   matching loop: its right side triggers it again). */
/*@ ghost
  /@ requires es >= 1 && phase == head % es;
     requires filled: \forall integer p; head <= p < head + n ==>
       dst[p] == pattern[phase + (p - head) % es];
     requires reduced: \forall integer p; head <= p < head + n ==>
       pattern[phase + (p - head) % es] == pattern[(phase + (p - head) % es) % es];
     assigns \nothing;
     ensures elems: \forall integer p; head <= p < head + n ==> dst[p] == pattern[p % es];
  @/
  static void lemma_turned_fill(const char *dst, const char *pattern, size_t es, size_t head,
                                size_t phase, size_t n)
  {
    lemma_turned_offsets(es, head, phase, n);
    /@ assert chain: \forall integer p; head <= p < head + n ==>
         dst[p] == pattern[(phase + (p - head) % es) % es]; @/
  }
*/

/* A fill whose stores start on a STORE_ALIGN boundary of the output: the head bytes before
   the boundary straight from the pattern, then fill_from_pattern from the boundary, reading
   the pattern from offset head % es, where it repeats the element turned by head bytes
   (hence the pattern laid out one element longer than its period). The outputs of make
   bench start 16 bytes off a boundary. A head in a fill of a line or more is one constant
   line-sized copy, which fill_from_pattern's first line then partly stores again with the
   same bytes: a copy of the head's variable size took GCC a loop of 8-byte stores per block.
   Not when streaming: a line stored by plain and then by streaming stores is slow (see
   copy_aligned). */
/*@ requires es >= 1 && total >= 1;
    requires es <= period <= FILL_PERIOD_MAX && FILL_LINE <= period;
    requires period % FILL_STORE == 0 && period % es == 0;
    requires \valid(dst + (0 .. total - 1));
    requires \valid_read(pattern + (0 .. period + es - 1));
    requires \separated(dst + (0 .. total - 1), pattern + (0 .. period + es - 1));
    requires periodic: \forall integer t; 0 <= t < period + es ==> pattern[t] == pattern[t % es];
    assigns dst[0 .. total - 1];
    ensures fills: \forall integer p; 0 <= p < total ==> dst[p] == pattern[p % es];
*/
SONNX_INLINE_IN_CLONES
static inline void fill_aligned(char *dst, const char *pattern, size_t es, size_t total,
                                size_t period, bool stream)
{
  const size_t head = store_head(dst, total);
  /*@ assert head_in_period: head < period; */
  if (head > 0u) {
    if (stream) {
      if ((head % STREAM_HALF) == 0u) {
        /* Whole 16-byte pieces up to a boundary (the kernel's blocks are longer than a line),
           so from a 16-byte aligned dst. The line's other part is the tail of the block
           before, streamed the same way. */
        stream_edge(dst, 0u, pattern, head);
      } else {
        copy_at(dst, 0u, pattern, head);
      }
    } else if (total >= FILL_LINE) {
      copy_at(dst, 0u, pattern, FILL_LINE);
    } else {
      copy_at(dst, 0u, pattern, head);
    }
    /*@ assert head_bytes: \forall integer p; 0 <= p < head ==> dst[p] == pattern[p % es]; */
  }
  /* The pattern is the call's: the head wrote dst only (one fact for both copies). */
  /*@ assert pattern_kept: \forall integer t; 0 <= t < period + es ==> pattern[t] == \at(pattern[t], Pre); */
  /*@ assert periodic_kept: \forall integer t; 0 <= t < period + es ==> pattern[t] == pattern[t % es]; */
  /* What is left after the head may be nothing: fill_from_pattern takes total 0. */
  const size_t phase = head % es;
  /*@ ghost lemma_mod_add(); */
  /*@ assert window_at: \forall integer t; 0 <= t < period ==>
        pattern[phase + t] == pattern[(phase + t) % es]; */
  /*@ assert window_mod: \forall integer t; 0 <= t < period ==>
        pattern[phase + t % es] == pattern[(phase + t % es) % es]; */
  /*@ assert window_turn: \forall integer t; 0 <= t < period ==>
        (phase + t % es) % es == (phase + t) % es; */
  /*@ assert window_periodic: \forall integer t; 0 <= t < period ==>
        pattern[phase + t] == pattern[phase + t % es]; */
  fill_from_pattern(dst + head, pattern + phase, total - head, period, stream) /*@ ghost (es) */;
  /*@ assert filled: \forall integer p; head <= p < total ==>
        dst[p] == pattern[phase + (p - head) % es]; */
  /*@ assert reduced: \forall integer p; head <= p < total ==>
        pattern[phase + (p - head) % es] == pattern[(phase + (p - head) % es) % es]; */
  /*@ ghost lemma_turned_fill(dst, pattern, es, head, phase, total - head); */
  /*@ assert filled_elems: \forall integer p; head <= p < total ==> dst[p] == pattern[p % es]; */
  /*@ assert head_kept: \forall integer p; 0 <= p < head ==> dst[p] == pattern[p % es]; */
}

/* The bytes of the block's elements are inside the block. */
/*@ ghost
  /@ requires es >= 1 && run >= 1 && fill >= 1;
     assigns \nothing;
     ensures within: \forall integer s, b; 0 <= s < fill * run && 0 <= b < es ==>
       0 <= s * es + b < fill * (run * es);
  @/
  static void lemma_block_within(size_t es, size_t run, size_t fill)
  {
    lemma_mul_le_all();
    /@ assert \forall integer s; 0 <= s < fill * run ==> (s + 1) * es <= (fill * run) * es; @/
  }
*/

/* Bytes to elements: a block whose bytes repeat the run's is, element by element, the
   run's element s % run. A lemma of its own: in write_block's context (two branches of
   writes) the provers give up on the Euclidean step of the byte offsets. */
/*@ ghost
  /@ requires es >= 1 && run >= 1 && fill >= 1;
     requires \valid_read(dst + (0 .. fill * (run * es) - 1));
     requires \valid_read(src + (0 .. run * es - 1));
     requires repeats: \forall integer p; 0 <= p < fill * (run * es) ==>
       dst[p] == src[p % (run * es)];
     assigns \nothing;
     ensures elements: \forall integer s, b; 0 <= s < fill * run && 0 <= b < es ==>
       dst[s * es + b] == src[(s % run) * es + b];
  @/
  static void lemma_block_elements(char *dst, const char *src, size_t es, size_t run, size_t fill)
  {
    lemma_block_within(es, run, fill);
    /@ assert at_byte: \forall integer s, b; 0 <= s < fill * run && 0 <= b < es ==>
         dst[s * es + b] == src[(s * es + b) % (run * es)]; @/
    lemma_block_offset(run, es);
  }
*/

/* A line of four splats of the run (splat_unit), for fill_unit_lines: a function of its own, so
   that its offsets' remainders stay out of the context of fill_unit_lines' stores. */
/*@ requires unit == 2 || unit == 4 || unit == 8 || unit == 16;
    requires \valid(line + (0 .. FILL_LINE - 1));
    requires \valid_read(src + (0 .. unit - 1));
    requires \separated(line + (0 .. FILL_LINE - 1), src + (0 .. unit - 1));
    assigns line[0 .. FILL_LINE - 1];
    ensures splats: \forall integer i; 0 <= i < FILL_LINE ==> line[i] == \old(src[i % unit]);
*/
SONNX_INLINE_IN_CLONES
static inline void splat_line(char *line, const char *src, size_t unit)
{
  char s[SPLAT_UNIT];
  splat_unit(s, src, unit);
  /*@ assert splat: \forall integer i; 0 <= i < SPLAT_UNIT ==> s[i] == \at(src[i % unit], Pre); */
  copy_at(line, 0u, s, SPLAT_UNIT);
  copy_at(line, 16u, s, SPLAT_UNIT);
  copy_at(line, 32u, s, SPLAT_UNIT);
  copy_at(line, 48u, s, SPLAT_UNIT);
  /* Each splat's byte p is s[p - a] at a = 0, 16, 32, 48, a multiple of unit: the run's byte
     (p - a) % unit == p % unit (lemma_mod_shift). */
  /*@ assert d16: 16 % unit == 0; */
  /*@ assert d32: 32 % unit == 0; */
  /*@ assert d48: 48 % unit == 0; */
  /*@ assert d64: FILL_LINE % unit == 0; */
  /*@ ghost lemma_mod_shift(); */
  /*@ assert shift16: \forall integer p; 16 <= p < 32 ==> (p - 16) % unit == p % unit; */
  /*@ assert shift32: \forall integer p; 32 <= p < 48 ==> (p - 32) % unit == p % unit; */
  /*@ assert shift48: \forall integer p; 48 <= p < 64 ==> (p - 48) % unit == p % unit; */
  /*@ assert line0: \forall integer p; 0 <= p < 16 ==> line[p] == \at(src[p % unit], Pre); */
  /*@ assert line16: \forall integer p; 16 <= p < 32 ==> line[p] == \at(src[p % unit], Pre); */
  /*@ assert line32: \forall integer p; 32 <= p < 48 ==> line[p] == \at(src[p % unit], Pre); */
  /*@ assert line48: \forall integer p; 48 <= p < 64 ==> line[p] == \at(src[p % unit], Pre); */
  /*@ assert line: \forall integer i; 0 <= i < FILL_LINE ==> line[i] == \at(src[i % unit], Pre); */
}

/* fill_unit_lines' loop step: two lines, so one compare and one add per four stores. */
#define FILL_STEP ((size_t)2u * FILL_LINE)

/* One store of fill_unit_lines: the line of splats at a multiple of unit (copy_at of
   FILL_LINE bytes, two 32-byte stores in the AVX2 clone). Its byte i lands at at + i, whose
   run byte (at + i) % unit is i % unit (lemma_mod_shift), the line's byte i. src and unit are
   ghosts: the contract's words. */
/*@ requires unit == 2 || unit == 4 || unit == 8 || unit == 16;
    requires at % unit == 0 && at <= SIZE_MAX - FILL_LINE;
    requires \valid(dst + (at .. at + FILL_LINE - 1));
    requires \valid_read(line + (0 .. FILL_LINE - 1));
    requires \separated(dst + (at .. at + FILL_LINE - 1), line + (0 .. FILL_LINE - 1));
    requires \separated(dst + (at .. at + FILL_LINE - 1), src + (0 .. unit - 1));
    requires splats: \forall integer i; 0 <= i < FILL_LINE ==> line[i] == src[i % unit];
    assigns dst[at .. at + FILL_LINE - 1];
    ensures stored: \forall integer p; at <= p < at + FILL_LINE ==> dst[p] == src[p % unit];
*/
SONNX_INLINE_IN_CLONES
static inline void store_splats(char *dst, size_t at, const char *line)
  /*@ ghost (const char *src, size_t unit) */
{
  copy_at(dst, at, line, FILL_LINE);
  /*@ ghost lemma_mod_shift(); */
  /*@ assert from_line: \forall integer i; 0 <= i < FILL_LINE ==> dst[at + i] == line[i]; */
  /*@ assert shifted: \forall integer i; 0 <= i < FILL_LINE ==> (at + i) % unit == i % unit; */
}

/* fill_long_units' fill of a block longer than UNIT_FILL_MAX, plain stores: a line of four
   splats of the run (SPLAT_UNIT bytes, splat_unit), stored once at the block's start, then
   from the first STORE_ALIGN boundary two lines a step (one line if only one is left), and
   once more ending at the block's end, overlapping what is before it. Every store starts at a
   multiple of unit (unit divides 16, hence the line and the block), so it holds the same
   bytes where stores overlap. An output whose boundary is not at a multiple of unit from it
   (its address not a multiple of the element size) is stored from its start, unaligned.
   Called with unit a constant (fill_long_units), so that the line is one broadcast in vector
   registers. Before, such a block was laid out in a pattern one block ahead and filled from
   it (fill_aligned): (4,1) -> (4,64) float32 went from 52.7 to 37.8 ns a call, (16,1) ->
   (16,256) from 250 to 165, (256,1) -> (256,256) from 5175 to 4810 (sonnx_broadcast_to,
   median of 31 rounds interleaved with memset, Intel Xeon, 2026-12-07). With one line a
   step, the loop's compare and add were half its instructions: two lines a step took (16,1)
   -> (16,256) from 3099 to 2383 instructions a call (callgrind) and from 173 to 144 ns
   (the same median, measured beside a fuzz campaign on both cores; 2026-12-07). */
/*@ requires unit == 2 || unit == 4 || unit == 8 || unit == 16;
    requires FILL_LINE <= n && n % unit == 0;
    requires \valid(dst + (0 .. n - 1));
    requires \valid_read(src + (0 .. unit - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. unit - 1));
    assigns dst[0 .. n - 1];
    ensures repeats: \forall integer p; 0 <= p < n ==> dst[p] == \old(src[p % unit]);
*/
SONNX_INLINE_IN_CLONES
static inline void fill_unit_lines(char *dst, const char *src, size_t unit, size_t n)
{
  char line[FILL_LINE]; /* the bytes of every store */
  splat_line(line, src, unit);
  /*@ assert line: \forall integer i; 0 <= i < FILL_LINE ==> line[i] == src[i % unit]; */
  /*@ assert d64: FILL_LINE % unit == 0; */
  /*@ ghost lemma_mod_shift(); */
  const size_t head = store_head(dst, n);
  size_t at = ((head % unit) == 0u) ? head : 0u;
  store_splats(dst, 0u, line) /*@ ghost (src, unit) */;
  /*@ loop invariant 0 <= at <= n && at % unit == 0;
      loop invariant line_kept: \forall integer i; 0 <= i < FILL_LINE ==> line[i] == src[i % unit];
      loop invariant filled: \forall integer p; 0 <= p < at ==> dst[p] == src[p % unit];
      loop invariant src_kept: \forall integer i; 0 <= i < unit ==> src[i] == \at(src[i], Pre);
      loop assigns at, dst[0 .. n - 1];
      loop variant n - at;
  */
  while ((n - at) > FILL_STEP) {
    store_splats(dst, at, line) /*@ ghost (src, unit) */;
    /*@ assert next_whole: (at + FILL_LINE) % unit == 0; */
    store_splats(dst, at + FILL_LINE, line) /*@ ghost (src, unit) */;
    /*@ assert after_whole: (at + FILL_STEP) % unit == 0; */
    at += FILL_STEP;
  }
  /*@ ghost size_t filled_to = at; */
  if ((n - at) > FILL_LINE) {
    store_splats(dst, at, line) /*@ ghost (src, unit) */;
    /*@ assert one_more: \forall integer p; 0 <= p < at + FILL_LINE ==> dst[p] == src[p % unit]; */
    /*@ ghost filled_to = at + FILL_LINE; */
  }
  /*@ assert filled_to: \forall integer p; 0 <= p < filled_to ==> dst[p] == src[p % unit]; */
  /*@ assert last_whole: (n - FILL_LINE) % unit == 0 && n - FILL_LINE <= filled_to; */
  /*@ assert before_last: \forall integer p; 0 <= p < n - FILL_LINE ==> dst[p] == src[p % unit]; */
  store_splats(dst, n - FILL_LINE, line) /*@ ghost (src, unit) */;
  /*@ assert all: \forall integer p; 0 <= p < n ==> dst[p] == src[p % unit]; */
  /*@ assert src_kept: \forall integer i; 0 <= i < unit ==> src[i] == \at(src[i], Pre); */
}

/* fill copies of a unit-sized run (2, 4, 8 or 16 bytes) in a block of at most UNIT_FILL_MAX
   bytes (copy_run), from one splat of the run (SPLAT_UNIT bytes, splat_unit): stores of
   16 bytes from the start, the last one ending at the block's end, overlapping the one before
   (every store starts at a multiple of unit, which divides 16 and the block, so it holds the
   same bytes there); a block shorter than 16 bytes takes two stores of 8 or 4, the second one
   ending at its end, or one of 2. No read of the output. One copy_unit store per copy of the
   run before, each behind a switch on its size: (4,1) -> (4,4) float32 went from 601 to 524
   instructions a call, () -> (16) from 393 to 323 (callgrind, sonnx_broadcast_to, 2026-12-07). */
/*@ requires unit == 2 || unit == 4 || unit == 8 || unit == 16;
    requires fill >= 1 && fill * unit <= UNIT_FILL_MAX;
    requires \valid(dst + (0 .. fill * unit - 1));
    requires \valid_read(src + (0 .. unit - 1));
    requires \separated(dst + (0 .. fill * unit - 1), src + (0 .. unit - 1));
    assigns dst[0 .. fill * unit - 1];
    ensures repeats: \forall integer p; 0 <= p < fill * unit ==> dst[p] == \old(src[p % unit]);
*/
SONNX_INLINE_IN_CLONES
static inline void fill_units(char *dst, const char *src, size_t unit, size_t fill)
{
  char s[SPLAT_UNIT]; /* the run repeated: the bytes of every store */
  splat_unit(s, src, unit);
  /*@ assert splat: \forall integer i; 0 <= i < SPLAT_UNIT ==> s[i] == \at(src[i % unit], Pre); */
  const size_t n = fill * unit;
  /* Every store starts at a multiple of unit a, so its byte i is the run's byte
     (a + i) % unit == i % unit (lemma_mod_shift). */
  /*@ ghost lemma_mod_shift(); */
  /*@ ghost lemma_mod_mul(); */
  /*@ ghost lemma_mul_le_mono(fill, 1u, unit); */
  /*@ assert whole: n % unit == 0 && unit <= n; */
  /*@ assert divides: 16 % unit == 0; */
  if (n >= SPLAT_UNIT) {
    size_t at = 0;
    /*@ loop invariant 0 <= at <= n && at % unit == 0;
        loop invariant filled: \forall integer p; 0 <= p < at ==> dst[p] == \at(src[p % unit], Pre);
        loop assigns at, dst[0 .. n - 1];
        loop variant n - at;
    */
    while ((n - at) > SPLAT_UNIT) {
      copy_at(dst, at, s, SPLAT_UNIT);
      /*@ assert from_s: \forall integer i; 0 <= i < SPLAT_UNIT ==> dst[at + i] == s[i]; */
      /*@ assert shifted: \forall integer i; 0 <= i < SPLAT_UNIT ==> (at + i) % unit == i % unit; */
      /*@ assert stored: \forall integer p; at <= p < at + SPLAT_UNIT ==>
            dst[p] == \at(src[p % unit], Pre); */
      at += SPLAT_UNIT;
    }
    /*@ assert last_whole: (n - SPLAT_UNIT) % unit == 0 && n - SPLAT_UNIT <= at; */
    copy_at(dst, n - SPLAT_UNIT, s, SPLAT_UNIT);
    /*@ assert from_s: \forall integer i; 0 <= i < SPLAT_UNIT ==> dst[n - SPLAT_UNIT + i] == s[i]; */
    /*@ assert stored: \forall integer i; 0 <= i < SPLAT_UNIT ==>
          dst[n - SPLAT_UNIT + i] == \at(src[i % unit], Pre); */
    /*@ assert shifted: \forall integer i; 0 <= i < SPLAT_UNIT ==>
          (n - SPLAT_UNIT + i) % unit == i % unit; */
    /*@ assert last: \forall integer p; n - SPLAT_UNIT <= p < n ==> dst[p] == \at(src[p % unit], Pre); */
    /*@ assert all: \forall integer p; 0 <= p < n ==> dst[p] == \at(src[p % unit], Pre); */
  } else if (n >= 8u) {
    /*@ assert eight: 8 % unit == 0 && (n - 8) % unit == 0; */
    copy_at(dst, 0u, s, 8u);
    /*@ assert first: \forall integer p; 0 <= p < 8 ==> dst[p] == \at(src[p % unit], Pre); */
    copy_at(dst, n - 8u, s, 8u);
    /*@ assert stored: \forall integer i; 0 <= i < 8 ==> dst[n - 8 + i] == \at(src[i % unit], Pre); */
    /*@ assert shifted: \forall integer i; 0 <= i < 8 ==> (n - 8 + i) % unit == i % unit; */
    /*@ assert last: \forall integer p; n - 8 <= p < n ==> dst[p] == \at(src[p % unit], Pre); */
    /*@ assert all: \forall integer p; 0 <= p < n ==> dst[p] == \at(src[p % unit], Pre); */
  } else if (n >= 4u) {
    /*@ assert four: 4 % unit == 0 && (n - 4) % unit == 0; */
    copy_at(dst, 0u, s, 4u);
    /*@ assert first: \forall integer p; 0 <= p < 4 ==> dst[p] == \at(src[p % unit], Pre); */
    copy_at(dst, n - 4u, s, 4u);
    /*@ assert stored: \forall integer i; 0 <= i < 4 ==> dst[n - 4 + i] == \at(src[i % unit], Pre); */
    /*@ assert shifted: \forall integer i; 0 <= i < 4 ==> (n - 4 + i) % unit == i % unit; */
    /*@ assert last: \forall integer p; n - 4 <= p < n ==> dst[p] == \at(src[p % unit], Pre); */
    /*@ assert all: \forall integer p; 0 <= p < n ==> dst[p] == \at(src[p % unit], Pre); */
  } else {
    /*@ assert two: n == 2 && unit == 2; */
    copy_at(dst, 0u, s, 2u);
    /*@ assert all: \forall integer p; 0 <= p < n ==> dst[p] == \at(src[p % unit], Pre); */
  }
}

/* fill copies of a unit-sized run in a block longer than UNIT_FILL_MAX (copy_run): one call of
   fill_unit_lines per unit size, each inlined with its constant. */
/*@ requires unit == 2 || unit == 4 || unit == 8 || unit == 16;
    requires fill >= 1 && UNIT_FILL_MAX < fill * unit <= SIZE_MAX;
    requires \valid(dst + (0 .. fill * unit - 1));
    requires \valid_read(src + (0 .. unit - 1));
    requires \separated(dst + (0 .. fill * unit - 1), src + (0 .. unit - 1));
    assigns dst[0 .. fill * unit - 1];
    ensures repeats: \forall integer p; 0 <= p < fill * unit ==> dst[p] == \old(src[p % unit]);
*/
SONNX_INLINE_IN_CLONES
static inline void fill_long_units(char *dst, const char *src, size_t unit, size_t fill)
{
  /*@ ghost lemma_mod_mul(); */
  /*@ assert whole_units: (fill * unit) % unit == 0; */
  switch (unit) {
  case 2u:
    fill_unit_lines(dst, src, 2u, fill * unit);
    break;
  case 4u:
    fill_unit_lines(dst, src, 4u, fill * unit);
    break;
  case 8u:
    fill_unit_lines(dst, src, 8u, fill * unit);
    break;
  default:
    fill_unit_lines(dst, src, 16u, fill * unit);
    break;
  }
}

/* Whether copy_run stores the run unit by unit (fill_units): a run of one copy_unit store, in a
   block of at most UNIT_FILL_MAX bytes or written by plain stores (fill_unit_lines stores no
   streaming line). A function of its own, so that copy_run's proof has two paths, not one
   per size of the condition. */
/*@ requires fill * run_bytes <= SIZE_MAX;
    assigns \nothing;
    ensures \result <==>
      ((run_bytes == 2 || run_bytes == 4 || run_bytes == 8 || run_bytes == 16) &&
       (fill * run_bytes <= UNIT_FILL_MAX || !stream));
*/
static bool stores_units(size_t run_bytes, size_t fill, bool stream)
{
  return ((run_bytes == 2u) || (run_bytes == 4u) || (run_bytes == 8u) || (run_bytes == 16u)) &&
         (((fill * run_bytes) <= UNIT_FILL_MAX) || !stream);
}

/* write_copies without a pattern, for a run of two bytes or more: a unit-sized run stored fill
   times (fill_units, or fill_long_units past UNIT_FILL_MAX bytes, unless streamed), any other
   run copied once and then replicated by growing copies. */
/*@ requires run_bytes >= 2 && fill >= 1 && fill * run_bytes <= SIZE_MAX;
    requires \valid(dst + (0 .. fill * run_bytes - 1));
    requires \valid_read(src + (0 .. run_bytes - 1));
    requires \separated(dst + (0 .. fill * run_bytes - 1), src + (0 .. run_bytes - 1));
    assigns dst[0 .. fill * run_bytes - 1];
    ensures repeats: \forall integer p; 0 <= p < fill * run_bytes ==>
      dst[p] == \old(src[p % run_bytes]);
*/
SONNX_INLINE_IN_CLONES
static inline void copy_run(char *dst, const char *src, size_t run_bytes, size_t fill, bool stream)
{
  if (stores_units(run_bytes, fill, stream)) {
    if ((fill * run_bytes) <= UNIT_FILL_MAX) {
      fill_units(dst, src, run_bytes, fill);
    } else {
      fill_long_units(dst, src, run_bytes, fill);
    }
    /*@ assert from_units: \forall integer p; 0 <= p < fill * run_bytes ==>
          dst[p] == \at(src[p % run_bytes], Pre); */
  } else {
    copy_aligned(dst, 0u, src, run_bytes, false); /* read back by the copies: kept in the cache */
    /*@ assert run: \forall integer t; 0 <= t < run_bytes ==> dst[t] == \at(src[t], Pre); */
    replicate_block(dst, run_bytes, fill, stream);
    /*@ assert \forall integer p; 0 <= p < fill * run_bytes ==> 0 <= p % run_bytes < run_bytes; */
    /*@ assert from_copies: \forall integer p; 0 <= p < fill * run_bytes ==>
          dst[p] == \at(src[p % run_bytes], Pre); */
  }
  /* One assert per branch, so that the postcondition, proved unsplit, is a lookup. */
}

/* The bytes of a block: the run_bytes bytes at src, then fill - 1 copies of them after
   themselves. A short run that the caller laid out in a pattern (pattern not NULL) is
   stored from it, without reading the output (make bench: columns, scalar,
   short-inner); a one-byte run is a memset; any other run goes to copy_run. */
/*@ requires run_bytes >= 1 && fill >= 1 && fill * run_bytes <= SIZE_MAX;
    requires \valid(dst + (0 .. fill * run_bytes - 1));
    requires \valid_read(src + (0 .. run_bytes - 1));
    requires \separated(dst + (0 .. fill * run_bytes - 1), src + (0 .. run_bytes - 1));
    requires pattern != \null ==> run_pattern(pattern, period, laid, (char *)src, run_bytes);
    requires pattern != \null ==>
      \separated(dst + (0 .. fill * run_bytes - 1), pattern + (0 .. laid - 1));
    assigns dst[0 .. fill * run_bytes - 1];
    ensures repeats: \forall integer p; 0 <= p < fill * run_bytes ==>
      dst[p] == \old(src[p % run_bytes]);
*/
SONNX_INLINE_IN_CLONES
static inline void write_copies(char *dst, const char *src, size_t run_bytes, size_t fill,
                                const char *pattern, size_t period, bool stream)
  /*@ ghost (size_t laid) */
{
  if (pattern != NULL) {
    /*@ ghost lemma_div_unique(); */
    /*@ assert \forall integer t; 0 <= t < laid ==>
          0 <= t % run_bytes < run_bytes && (t % run_bytes) % run_bytes == t % run_bytes; */
    /*@ assert periodic: \forall integer t; 0 <= t < period + run_bytes ==> pattern[t] == pattern[t % run_bytes]; */
    fill_aligned(dst, pattern, run_bytes, fill * run_bytes, period, stream);
    /*@ assert \forall integer p; 0 <= p < fill * run_bytes ==>
          0 <= p % run_bytes < run_bytes && (p % run_bytes) % run_bytes == p % run_bytes; */
    /*@ assert from_pattern: \forall integer p; 0 <= p < fill * run_bytes ==>
          dst[p] == \at(src[p % run_bytes], Pre); */
  } else if (run_bytes == 1u) {
    (void)memset(dst, src[0], fill); /* memset stores (unsigned char)src[0]: the same byte */
    /*@ assert \forall integer p; 0 <= p < fill ==> p % 1 == 0; */
    /*@ assert from_memset: \forall integer p; 0 <= p < fill * run_bytes ==>
          dst[p] == \at(src[p % run_bytes], Pre); */
  } else {
    copy_run(dst, src, run_bytes, fill, stream);
  }
}

/* One block of the output: the run of x at src (run elements of es bytes, the copied
   axes), then fill - 1 copies of it after itself (the stretched axes). Element s of the
   block is element s % run of the run. The bytes are write_copies'; the elements follow
   from them by lemma_block_elements, in a context without the writes. */
/*@ requires es >= 1 && run >= 1 && fill >= 1;
    requires run * es <= SIZE_MAX && fill * (run * es) <= SIZE_MAX;
    requires \valid(dst + (0 .. fill * (run * es) - 1));
    requires \valid_read(src + (0 .. run * es - 1));
    requires \separated(dst + (0 .. fill * (run * es) - 1), src + (0 .. run * es - 1));
    requires pattern != \null ==> run_pattern(pattern, period, laid, (char *)src, run * es);
    requires pattern != \null ==>
      \separated(dst + (0 .. fill * (run * es) - 1), pattern + (0 .. laid - 1));
    assigns dst[0 .. fill * (run * es) - 1];
    ensures block: \forall integer s, b; 0 <= s < fill * run && 0 <= b < es ==>
      dst[s * es + b] == \old(src[(s % run) * es + b]);
*/
SONNX_INLINE_IN_CLONES
static inline void write_block(char *dst, const char *src, size_t es, size_t run, size_t fill,
                               const char *pattern, size_t period, bool stream)
  /*@ ghost (size_t laid) */
{
  const size_t run_bytes = run * es;
  write_copies(dst, src, run_bytes, fill, pattern, period, stream) /*@ ghost (laid) */;
  /*@ assert unchanged: \forall integer t; 0 <= t < run_bytes ==> src[t] == \at(src[t], Pre); */
  /*@ assert repeats: \forall integer p; 0 <= p < fill * run_bytes ==>
        dst[p] == src[p % run_bytes]; */
  /*@ ghost lemma_block_elements(dst, src, es, run, fill); */
  /*@ ghost lemma_run_inside(run, es); */
  /*@ assert run_unchanged: \forall integer s, b; 0 <= s && 0 <= b < es ==>
        \let t = (s % run) * es + b; src[t] == \at(src[t], Pre); */
}

/* The fast kernel's axes, from the last: axes m .. r-1 are copied (x's padded size is
   z's: contiguous on both sides), axes k .. m-1 stretched (x's padded size 1). A span
   is the first axis of such a stretch and the element count of its axes. */
typedef struct {
  size_t first;
  size_t count;
} axis_span;

/* The copied axes: from the last axis, while x's padded size is z's. */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
    requires count_from(z.dims, 0, z.rank) <= SIZE_MAX;
    assigns \nothing;
    ensures \result.first <= z.rank;
    ensures \result.count == count_from(z.dims, \result.first, z.rank);
    ensures \forall integer t; \result.first <= t < z.rank ==>
      padded_dim(x, z.rank, t) == z.dims[t];
*/
static axis_span copied_axes(sonnx_shape x, sonnx_shape z)
{
  const size_t r = z.rank;
  size_t m = r;
  size_t run = 1;
  /*@ loop invariant 0 <= m <= r;
      loop invariant run == count_from(z.dims, m, r);
      loop invariant \forall integer t; m <= t < r ==> padded_dim(x, r, t) == z.dims[t];
      loop assigns m, run;
      loop variant m;
  */
  while (m > 0u && padded_dim_inline(x, r, m - 1u) == z.dims[m - 1u]) {
    m--;
    /*@ ghost lemma_count_grows(z.dims, m, r); */
    /*@ ghost lemma_count_unfold(z.dims, m, r); */
    run *= z.dims[m];
  }
  const axis_span copied = { m, run };
  return copied;
}

/* The stretched axes above the copied ones (axes m .. r-1, run elements): while x's
   padded size is 1. */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
    requires count_from(z.dims, 0, z.rank) <= SIZE_MAX;
    requires x.rank <= z.rank;
    requires m <= z.rank && run == count_from(z.dims, m, z.rank);
    assigns \nothing;
    ensures \result.first <= m;
    ensures \result.count == count_from(z.dims, \result.first, m);
    ensures \result.count * run == count_from(z.dims, \result.first, z.rank);
    ensures \forall integer t; \result.first <= t < m ==> padded_dim(x, z.rank, t) == 1;
    ensures \result.first > 0 ==> padded_dim(x, z.rank, \result.first - 1) != 1;
*/
static axis_span stretched_axes(sonnx_shape x, sonnx_shape z, size_t m) /*@ ghost (size_t run) */
{
  const size_t r = z.rank;
  size_t k = m;
  size_t fill = 1;
  /*@ ghost size_t block = run; */ /* the count of axes k .. r-1: bounds fill */
  /*@ ghost lemma_count_grows(z.dims, m, r); */
  /*@ loop invariant 0 <= k <= m;
      loop invariant fill == count_from(z.dims, k, m);
      loop invariant block == count_from(z.dims, k, r);
      loop invariant block == fill * run;
      loop invariant fill <= block;
      loop invariant \forall integer t; k <= t < m ==> padded_dim(x, r, t) == 1;
      loop assigns k, fill, block;
      loop variant k;
  */
  while (k > 0u && padded_dim_inline(x, r, k - 1u) == 1u) {
    k--;
    /*@ ghost lemma_count_grows(z.dims, k, r); */
    /*@ ghost lemma_count_unfold(z.dims, k, r); */
    /*@ ghost lemma_count_unfold(z.dims, k, m); */
    /*@ ghost lemma_mul_le_mono(z.dims[k], 1, block); */
    /*@ ghost lemma_mul_le_mono(block, fill, z.dims[k]); */
    /*@ assert z.dims[k] * block == (z.dims[k] * fill) * run; */
    /*@ ghost block *= z.dims[k]; */
    fill *= z.dims[k];
  }
  const axis_span stretched = { k, fill };
  return stretched;
}

/* The run of block q (elements o .. o + run - 1, from element src of x) is inside x, in
   elements and in bytes: its last source is source_offset's bound. For write_block_at,
   and for sonnx_fast_copy when it lays out the next block's pattern. */
/*@ ghost
  /@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
     requires broadcasts_to(x, z);
     requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
     requires k <= m <= z.rank;
     requires \forall integer t; k <= t < m ==> padded_dim(x, z.rank, t) == 1;
     requires \forall integer t; m <= t < z.rank ==> padded_dim(x, z.rank, t) == z.dims[t];
     requires run == count_from(z.dims, m, z.rank) && block == count_from(z.dims, k, z.rank);
     requires es >= 1 && fill >= 1 && block == fill * run;
     requires count_x == padded_block(x, z.rank, 0);
     requires o == q * block && o + block <= SIZE_MAX;
     requires src == source_offset(x, z, o);
     assigns \nothing;
     ensures run_positive: 1 <= run <= block;
     ensures run_inside: src + run <= count_x;
     ensures run_bytes: src * es + run * es <= count_x * es;
     ensures src_bytes_fit: src * es <= count_x * es;
  @/
  static void lemma_block_run_in_x(sonnx_shape x, sonnx_shape z, size_t k, size_t m,
                                   size_t run, size_t fill, size_t block, size_t q, size_t o,
                                   size_t src, size_t es, size_t count_x)
  {
    lemma_count_grows(z.dims, m, z.rank);
    lemma_mul_le_mono(fill, 1, run);
    lemma_block_element(x, z, k, m, run, block, q, o, run - 1);
    lemma_source_below(x, z, o + (run - 1));
    lemma_mod_small(run - 1, run);
    /@ assert run_inside: src + run <= count_x; @/
    lemma_mul_le_mono(count_x, src + run, es);
    lemma_mul_distrib(src, run, es);
    /@ assert run_bytes: src * es + run * es <= count_x * es; @/
    lemma_mul_le_mono(run, 0, es);
  }
*/

/* Block q of the output: elements o .. o + block - 1, bytes z_at .. on, from the run of x
   at element src (source_offset of the block's first element). The element relation
   and the sources' bound, established for the elements before o, extend to the block:
   the earlier elements are kept (one at a time, so that each frame step is linear in
   the ground element j), and element o + s is the run's element s % run
   (lemma_block_element). */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
    requires k <= m <= z.rank;
    requires \forall integer t; k <= t < m ==> padded_dim(x, z.rank, t) == 1;
    requires \forall integer t; m <= t < z.rank ==> padded_dim(x, z.rank, t) == z.dims[t];
    requires run == count_from(z.dims, m, z.rank) && block == count_from(z.dims, k, z.rank);
    requires es >= 1 && fill >= 1 && block == fill * run;
    requires count_x == padded_block(x, z.rank, 0);
    requires count_x * es <= SIZE_MAX && count_z * es <= SIZE_MAX;
    requires o == q * block && o + block <= count_z;
    requires z_at == o * es;
    requires src == source_offset(x, z, o);
    requires \valid_read(xb + (0 .. count_x * es - 1));
    requires \valid(zb + (0 .. count_z * es - 1));
    requires \separated(zb + (0 .. count_z * es - 1), xb + (0 .. count_x * es - 1));
    requires elements_broadcast{Pre, Pre}(zb, (char *)xb, es, x, z, o);
    requires sources_inside(x, z, es, count_x, o);
    requires pattern != \null ==> run_pattern(pattern, period, laid, (char *)xb + src * es, run * es);
    requires pattern != \null ==>
      \separated(zb + (0 .. count_z * es - 1), pattern + (0 .. laid - 1));
    requires next != \null ==> 1 <= run * es <= period <= FILL_PERIOD_MAX && period % (run * es) == 0;
    requires next != \null ==> laid == period + run * es;
    requires next != \null ==> \valid(next + (0 .. laid - 1));
    requires next != \null ==> next_src * es + run * es <= count_x * es;
    requires next != \null ==> \separated(next + (0 .. laid - 1), zb + (0 .. count_z * es - 1));
    requires next != \null ==> \separated(next + (0 .. laid - 1), xb + (0 .. count_x * es - 1));
    requires next != \null && pattern != \null ==>
      \separated(next + (0 .. laid - 1), pattern + (0 .. laid - 1));
    assigns zb[z_at .. z_at + block * es - 1], next[0 .. laid - 1];
    ensures elements_broadcast{Post, Post}(zb, (char *)xb, es, x, z, o + block);
    ensures sources_inside(x, z, es, count_x, o + block);
    ensures next_pattern: next != \null ==>
      \forall integer t; 0 <= t < laid ==> next[t] == xb[next_src * es + t % (run * es)];
*/
SONNX_INLINE_IN_CLONES
static inline void write_block_at(char *zb, const char *xb, size_t es, size_t run, size_t fill,
                                  size_t z_at, size_t src, const char *pattern, char *next,
                                  size_t next_src, size_t period, size_t laid, bool stream)
  /*@ ghost (sonnx_shape x, sonnx_shape z, size_t k, size_t m, size_t block, size_t q,
             size_t o, size_t count_x, size_t count_z) */
{
  /*@ ghost lemma_mul_le_mono(count_z, o + block, es); */
  /*@ ghost lemma_mul_distrib(o, block, es); */
  /*@ assert bytes: z_at + block * es <= count_z * es; */
  /*@ ghost lemma_mul_le_mono(block, 0, es); */
  /*@ assert before_inside: z_at <= count_z * es; */
  /*@ ghost lemma_block_run_in_x(x, z, k, m, run, fill, block, q, o, src, es, count_x); */
  /*@ assert run_inside: src + run <= count_x; */
  /*@ assert run_bytes: src * es + run * es <= count_x * es; */
  /*@ assert src_bytes_fit: src * es <= count_x * es; */
  /*@ ghost lemma_mul_le_mono(src, 0, es); */
  /*@ assert src_bytes_nonneg: 0 <= src * es; */
  /*@ assert block_bytes: fill * (run * es) == block * es; */
  /* The next block's pattern first (see sonnx_fast_copy), its byte stores ahead of
     this block's. */
  if (next != NULL) {
    /*@ ghost lemma_mul_le_mono(next_src, 0, es); */
    /*@ ghost lemma_mul_le_mono(run, 0, es); */
    /*@ assert next_run: 0 <= next_src * es && next_src * es + run * es <= count_x * es; */
    lay_pattern(next, xb + next_src * es, run * es, laid) /*@ ghost (period) */;
  }
Laid: __attribute__((unused));
  /*@ assert zb_laid: \forall integer p; 0 <= p < count_z * es ==> zb[p] == \at(zb[p], Pre); */
  /*@ assert zb_laid_before: \forall integer p; 0 <= p < z_at ==> zb[p] == \at(zb[p], Pre); */
  /*@ assert xb_laid: \forall integer p; 0 <= p < count_x * es ==> xb[p] == \at(xb[p], Pre); */
  /*@ assert pattern_laid: pattern != \null ==>
        \forall integer t; 0 <= t < laid ==> pattern[t] == \at(pattern[t], Pre); */
  /*@ assert run_offsets: pattern != \null ==>
        \forall integer t; 0 <= t < laid ==> 0 <= t % (run * es) < run * es; */
  /*@ assert run_upper: pattern != \null ==> \forall integer t; 0 <= t < laid ==>
        0 <= src * es + t % (run * es) < src * es + run * es; */
  /*@ assert run_in_x: pattern != \null ==> \forall integer t; 0 <= t < laid ==>
        0 <= src * es + t % (run * es) < count_x * es; */
  /*@ assert run_laid: pattern != \null ==> \forall integer t; 0 <= t < laid ==>
        \let a = src * es + t % (run * es); xb[a] == \at(xb[a], Pre); */
  /*@ assert pattern_run: pattern != \null ==> run_pattern(pattern, period, laid, (char *)(xb + src * es), run * es); */
  /*@ assert pattern_apart: pattern != \null ==>
        \separated(zb + z_at + (0 .. fill * (run * es) - 1), pattern + (0 .. laid - 1)); */
  write_block(zb + z_at, xb + src * es, es, run, fill, pattern, period, stream) /*@ ghost (laid) */;
  /* The bytes before the block: those at Laid (the block's frame), hence those of the
     call (the pattern's frame, zb_laid_before), each one step. */
  /*@ assert before_block: \forall integer p; 0 <= p < z_at ==> zb[p] == \at(zb[p], Laid); */
  /*@ assert before_block_pre: \forall integer p; 0 <= p < z_at ==> zb[p] == \at(zb[p], Pre); */
  /*@ assert next_kept: next != \null ==>
        \forall integer t; 0 <= t < laid ==> next[t] == \at(next[t], Laid); */
  /*@ assert xb_kept: \forall integer p; 0 <= p < count_x * es ==> xb[p] == \at(xb[p], Pre); */
  /*@ assert next_pattern: next != \null ==>
        \forall integer t; 0 <= t < laid ==> next[t] == xb[next_src * es + t % (run * es)]; */
  /* The earlier elements are intact. */
  /*@ ghost
    size_t j = 0;
    /@ loop invariant 0 <= j <= o;
       loop invariant elements_broadcast{Here, Here}(zb, (char *)xb, es, x, z, j);
       loop assigns j;
       loop variant o - j;
    @/
    while (j < o) {
      lemma_mul_le_mono(o, j + 1, es);
      lemma_mul_distrib(j, 1, es);
      /@ assert below_block: \forall integer t; 0 <= t < es ==> 0 <= j * es + t < z_at; @/
      /@ assert kept: \forall integer t; 0 <= t < es ==>
            \let p = j * es + t; zb[p] == \at(zb[p], Pre); @/
      /@ assert source_kept: \forall integer t; 0 <= t < es ==>
            \let a = source_offset(x, z, j) * es + t; xb[a] == \at(xb[a], Pre); @/
      /@ assert element_before: element_broadcast{Pre, Pre}(zb, (char *)xb, es, x, z, j); @/
      /@ assert body_before: \let a = source_offset(x, z, j) * es; \forall integer b; 0 <= b < es ==>
            \let p = j * es + b; \at(zb[p], Pre) == \at(xb[a + b], Pre); @/
      /@ assert body_after: \let a = source_offset(x, z, j) * es; \forall integer b; 0 <= b < es ==>
            \let p = j * es + b; zb[p] == xb[a + b]; @/
      /@ assert element_after: element_broadcast{Here, Here}(zb, (char *)xb, es, x, z, j); @/
      j++;
    }
  */
  /* The block's elements: element o + s is the run's element s % run. */
  /*@ ghost
    size_t s = 0;
    /@ loop invariant 0 <= s <= block;
       loop invariant elements_broadcast{Here, Here}(zb, (char *)xb, es, x, z, o + s);
       loop invariant sources_inside(x, z, es, count_x, o + s);
       loop assigns s;
       loop variant block - s;
    @/
    while (s < block) {
      size_t t = s % run;
      lemma_block_element(x, z, k, m, run, block, q, o, s);
      lemma_source_below(x, z, o + s);
      /@ assert src_s: source_offset(x, z, o + s) == src + t && src + t < count_x; @/
      lemma_mul_le_mono(count_x, src + t + 1, es);
      lemma_mul_distrib(src, t, es);
      lemma_mul_distrib(src + t, 1, es);
      lemma_mul_distrib(o, s, es);
      lemma_mul_le_mono(src, 0, es);
      lemma_mul_le_mono(t, 0, es);
      /@ assert src_bytes: src * es + t * es + es <= count_x * es; @/
      /@ assert src_bytes_low: 0 <= src * es + t * es; @/
      lemma_source_bytes(x, z, es, count_x, o + s, src + t);
      lemma_sources_extend(x, z, es, count_x, o + s);
      /@ assert from_block: \forall integer b; 0 <= b < es ==>
            \let a = src * es + (t * es + b); zb[z_at + (s * es + b)] == \at(xb[a], Pre); @/
      /@ assert from_x: \forall integer b; 0 <= b < es ==>
            \let a = src * es + (t * es + b); zb[z_at + (s * es + b)] == xb[a]; @/
      lemma_element_bytes(zb, (char *)xb, es, x, z, o + s, src + t);
      s++;
    }
  */
}

/* The blocks of the output, in order: block q is elements q * block .. (q + 1) * block - 1,
   its run taken from the source of its first element (source_offset, the row-major walk the
   reference kernel makes per element), carried from block to block along axis k - 1 (see the
   end of the loop). With a period, each block is filled from its pattern, block 0's laid out
   in patterns on entry (sonnx_fast_copy). sonnx_fast_copy calls it twice, so that GCC inlines
   one copy with period 0 and stream false: for blocks written without a pattern and not
   streamed (every output under 128-byte blocks, the small calls of issue 34), the choices
   each block made between pattern, memset, unit stores and copies fold away, and the loop
   keeps the unit stores only. (4,1) -> (4,4) float32 went from 524 to 449 instructions a
   call, (4,1,2) -> (4,2,2) from 556 to 481 (callgrind, sonnx_broadcast_to, 2026-12-07). */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires \forall integer t; 0 <= t < z.rank ==> z.dims[t] >= 1;
    requires \forall integer t; 0 <= t <= z.rank ==>
      1 <= padded_block(x, z.rank, t) <= padded_block(x, z.rank, 0);
    requires k <= m <= z.rank;
    requires \forall integer t; k <= t < m ==> padded_dim(x, z.rank, t) == 1;
    requires \forall integer t; m <= t < z.rank ==> padded_dim(x, z.rank, t) == z.dims[t];
    requires k > 0 ==> padded_dim(x, z.rank, k - 1) == z.dims[k - 1];
    requires run == count_from(z.dims, m, z.rank) && block == count_from(z.dims, k, z.rank);
    requires es >= 1 && fill >= 1 && block == fill * run && 1 <= block <= count_z;
    requires outer == count_from(z.dims, 0, k) && outer * block == count_z;
    requires outer_size == (k > 0 ? z.dims[k - 1] : 1);
    requires count_x == padded_block(x, z.rank, 0);
    requires count_x * es <= SIZE_MAX && count_z * es <= SIZE_MAX;
    requires \valid_read(xb + (0 .. count_x * es - 1));
    requires \valid(zb + (0 .. count_z * es - 1));
    requires \separated(zb + (0 .. count_z * es - 1), xb + (0 .. count_x * es - 1));
    requires period != 0 ==> laid == period + run * es && 1 <= run * es <= period <= FILL_PERIOD_MAX &&
      FILL_LINE <= period && period % FILL_STORE == 0 && period % (run * es) == 0 &&
      laid <= PATTERN_LAID_MAX;
    requires \valid(patterns + (0 .. 2 * PATTERN_LAID_MAX - 1));
    requires \separated(patterns + (0 .. 2 * PATTERN_LAID_MAX - 1), zb + (0 .. count_z * es - 1),
                        xb + (0 .. count_x * es - 1));
    requires laid_0: period != 0 ==> \forall integer t; 0 <= t < laid ==> patterns[t] == xb[t % (run * es)];
    assigns zb[0 .. count_z * es - 1], patterns[0 .. 2 * PATTERN_LAID_MAX - 1];
    ensures elements_broadcast{Post, Post}(zb, (char *)xb, es, x, z, count_z);
    ensures sources_inside(x, z, es, count_x, count_z);
*/
SONNX_INLINE_IN_CLONES
static inline void write_blocks(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                                size_t run, size_t fill, size_t block, size_t outer,
                                size_t outer_size, char *patterns, size_t period, size_t laid,
                                bool stream)
  /*@ ghost (size_t k, size_t m, size_t count_x, size_t count_z) */
{
  /*@ ghost lemma_mul_le_mono(count_z, block, es); */
  const size_t block_bytes = block * es;
  /*@ ghost lemma_mul_le_mono(fill, 1, run); */
  /*@ ghost lemma_mul_le_mono(block, run, es); */
  /*@ ghost size_t run_bytes = run * es; */
  size_t cur_at = 0;                   /* the current one: patterns + cur_at */
  size_t q = 0;
  size_t o = 0;     /* the block's first element, q * block */
  size_t z_at = 0;  /* its first byte, o * es */
  size_t src = 0;   /* its source in x: source_offset(x, z, o) */
  size_t digit = 0; /* its index on axis k - 1, when k > 0 */
  /* Block 0 starts at source 0 and at index 0 on axis k - 1. */
  /*@ ghost lemma_source_zero(x, z, 0u); */
  /*@ ghost lemma_block_digits(x, z, k, block, 0u, 0u, 0u); */
  /*@ ghost if (k > 0u) lemma_quot_unfold(z, 0u, k - 1u); */
  /*@ loop invariant 0 <= q <= outer;
      loop invariant o == q * block && o <= count_z;
      loop invariant z_at == o * es;
      loop invariant source: q < outer ==> src == source_offset(x, z, o);
      loop invariant index: q < outer && k > 0 ==> digit == row_digit(z.dims, z.rank, o, k - 1);
      loop invariant digit < outer_size;
      loop invariant elements_broadcast{Here, Here}(zb, (char *)xb, es, x, z, o);
      loop invariant sources_inside(x, z, es, count_x, o);
      loop invariant xb_kept: \forall integer p; 0 <= p < count_x * es ==>
        xb[p] == \at(xb[p], Pre);
      loop invariant cur_at == 0 || cur_at == PATTERN_LAID_MAX;
      loop invariant pattern: period != 0 && q < outer ==>
        \forall integer t; 0 <= t < laid ==> patterns[cur_at + t] == xb[src * es + t % run_bytes];
      loop assigns q, o, z_at, src, digit, cur_at, zb[0 .. count_z * es - 1],
        patterns[0 .. 2 * PATTERN_LAID_MAX - 1];
      loop variant outer - q;
  */
  while (q < outer) {
    /*@ ghost lemma_mul_le_mono(outer, q + 1, block); */
    /*@ ghost lemma_mul_distrib(q, 1, block); */
    /*@ assert next: o + block <= count_z; */
    /*@ ghost lemma_mul_le_mono(count_z, o + block, es); */
    /*@ ghost lemma_mul_distrib(o, block, es); */
    /*@ assert next_byte: (o + block) * es == z_at + block_bytes; */
    /*@ assert in_output: z_at + block_bytes <= count_z * es; */
    /* The next block's index on axis k - 1 and source, when there is a next block. Axis
       k - 1 is copied (x's padded size is z's, not 1: the stretched axes stop at it),
       with stride run in x; while its index does not wrap, the source moves by run.
       Otherwise the reference kernel's row-major walk: its divisions, once per block,
       slowed make bench's columns case (4 KiB blocks) visibly; now they run once per
       outer_size blocks. */
    /*@ ghost if (k > 0u) lemma_next_block(x, z, k, m, run, block, q, o); */
    const size_t next_at = PATTERN_LAID_MAX - cur_at;
    size_t next_src = 0;
    size_t next_digit = 0;
    char *next = NULL; /* the next block's pattern, laid out by write_block_at */
    if (q + 1u < outer) {
      if (digit + 1u < outer_size) {
        /*@ ghost lemma_source_below(x, z, o + block); */
        next_digit = digit + 1u;
        next_src = src + run;
      } else {
        next_src = sonnx_element_source(x, z, o + block);
      }
      if (period != 0u) {
        /*@ ghost lemma_mul_le_mono(outer, q + 2, block); */
        /*@ ghost lemma_mul_distrib(q + 1, 1, block); */
        /*@ ghost lemma_block_run_in_x(x, z, k, m, run, fill, block, q + 1, o + block, next_src, es, count_x); */
        /*@ assert next_in_x: next_src * es + run_bytes <= count_x * es; */
        next = patterns + next_at;
      }
    }
    /*@ assert cur_pattern: period != 0 ==>
          \forall integer t; 0 <= t < laid ==> patterns[cur_at + t] == xb[src * es + t % run_bytes]; */
    /*@ assert cur_laid: period != 0 ==> laid == period + run * es && cur_at + laid <= 2 * PATTERN_LAID_MAX; */
    /*@ assert cur_valid: period != 0 ==> \valid_read(patterns + cur_at + (0 .. laid - 1)); */
    /*@ assert cur_period: period != 0 ==> 1 <= run * es <= period <= FILL_PERIOD_MAX &&
          FILL_LINE <= period && period % FILL_STORE == 0 && period % (run * es) == 0; */
    /*@ assert cur_bytes: period != 0 ==> \forall integer t; 0 <= t < laid ==>
          (patterns + cur_at)[t] == ((char *)xb + src * es)[t % (run * es)]; */
    /*@ ghost lemma_run_pattern(patterns + cur_at, period, laid, (char *)xb, src, es, run); */
    /*@ assert cur_pattern_run: period != 0 ==>
          run_pattern(patterns + cur_at, period, laid, (char *)xb + src * es, run * es); */
    /*@ assert cur_pattern_apart: period != 0 ==>
          \separated(zb + (0 .. count_z * es - 1), patterns + cur_at + (0 .. laid - 1)); */
    write_block_at(zb, xb, es, run, fill, z_at, src, (period != 0u) ? patterns + cur_at : NULL,
                   next, next_src, period, laid, stream)
      /*@ ghost (x, z, k, m, block, q, o, count_x, count_z) */;
    /*@ assert next_laid: period != 0 && q + 1 < outer ==>
          \forall integer t; 0 <= t < laid ==> patterns[next_at + t] == xb[next_src * es + t % run_bytes]; */
    o += block;
    z_at += block_bytes;
    q++;
    src = next_src;
    digit = next_digit;
    cur_at = next_at;
  }
  /* Every block is written: o is count_z. */
  /*@ assert all_blocks: q == outer; */
  /*@ ghost lemma_mul_le_mono(q, outer, block); */
  /*@ ghost lemma_mul_le_mono(outer, q, block); */
  /*@ assert all_elements: o == count_z; */
  if (stream) {
    stream_fence(); /* the output's streaming stores before the caller's next store */
  }
}

/* The fast kernel: the output is outer blocks of axes k .. r-1 (stretched axes k .. m-1
   over copied axes m .. r-1), each one run of x (count of m .. r-1 elements) repeated
   over the stretched axes, written block by block by write_blocks. */
KERNEL_CLONES
void sonnx_fast_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                     size_t count_x, size_t count_z)
{
  (void)count_x; /* read by the proof only */
  const axis_span copied = copied_axes(x, z);
  const size_t m = copied.first;
  const size_t run = copied.count;
  const axis_span stretched = stretched_axes(x, z, m) /*@ ghost (run) */;
  const size_t k = stretched.first;
  const size_t fill = stretched.count;
  /* A block, axes k .. r-1, is fill runs; count_z is a whole number of blocks. */
  /*@ ghost lemma_count_grows(z.dims, k, z.rank); */
  /*@ ghost lemma_count_grows(z.dims, m, z.rank); */
  /*@ ghost lemma_count_grows(z.dims, k, m); */
  /*@ assert block_fits: 1 <= fill * run <= count_z; */
  const size_t block = fill * run;
  /*@ ghost lemma_outer_count(z, k, block); */
  const size_t outer = count_z / block;
  /*@ assert outer_count: outer == count_from(z.dims, 0, k); */
  /*@ assert outer_blocks: outer * block == count_z; */
  /*@ ghost lemma_mul_le_mono(count_z, block, es); */
  const size_t block_bytes = block * es;
  /* Streaming stores for an output that does not stay in the cache (SONNX_STREAM_MIN_BYTES). */
  const bool stream = (count_z * es) >= SONNX_STREAM_MIN_BYTES;
  /* The size of axis k - 1: the blocks along it are run apart in x. With k == 0 there is
     one block (outer == 1) and no next one. */
  const size_t outer_size = (k > 0u) ? z.dims[k - 1u] : 1u;
  /* Axis k - 1 stopped the stretched axes, so it is copied (broadcasts_to). */
  /*@ assert above_copied: k > 0 ==> padded_dim(x, z.rank, k - 1) == z.dims[k - 1]; */
  /*@ assert single_block: k == 0 ==> outer == 1; */
  /* A block that is one short run filled from a pattern (columns, short-inner in make
     bench) gets its pattern one block ahead: laid out before the previous block is
     stored. A pattern loaded right after its byte stores cannot be forwarded from them
     and waits until they commit, behind every output store still queued (one drain of
     the store buffer per block, measured with perf); laid out a block ahead, they have
     committed. period is 0 when blocks are written otherwise (write_copies). */
  /*@ ghost lemma_mul_le_mono(fill, 1, run); */
  /*@ ghost lemma_mul_le_mono(block, run, es); */
  const size_t run_bytes = run * es;
  /* Unit runs (splats) in blocks stored plain, short of a rep movsb fill: lines of splats
     (fill_unit_lines), no pattern, so no period to look for (fill_period's loop was a tenth
     of () -> (256) float32: 395 -> 354 instructions a call, callgrind, 2026-12-07). */
  const bool unit_lines = !stream && splats(run_bytes) && (block_bytes < UNIT_LINES_MAX);
  /* The run's fill period, kept when the block holds two of them (FILL_PATTERN_MIN). */
  const size_t run_period = (!unit_lines && (run_bytes >= 2u) && (block_bytes >= FILL_PATTERN_MIN))
                              ? fill_period(run_bytes) : 0u;
  const size_t period = (run_period <= (block_bytes / 2u)) ? run_period : 0u;
  /* A pattern is laid out one run longer than its period (fill_aligned). */
  const size_t laid = (period != 0u) ? period + run_bytes : 0u;
  /*@ assert laid_bound: period != 0 ==>
        laid == period + run_bytes && 1 <= run_bytes <= period <= FILL_PERIOD_MAX && laid <= PATTERN_LAID_MAX; */
  char patterns[2u * PATTERN_LAID_MAX]; /* the current block's, the next block's (write_blocks) */
  if ((period == 0u) && !stream) {
    write_blocks(xb, zb, es, x, z, run, fill, block, outer, outer_size, patterns, 0u, 0u, false)
      /*@ ghost (k, m, count_x, count_z) */;
  } else {
    if (period != 0u) {
      /*@ ghost lemma_source_zero(x, z, 0u); */
      /*@ ghost lemma_block_run_in_x(x, z, k, m, run, fill, block, 0u, 0u, 0u, es, count_x); */
      lay_pattern(patterns, xb, run_bytes, laid) /*@ ghost (period) */;
    }
    write_blocks(xb, zb, es, x, z, run, fill, block, outer, outer_size, patterns, period, laid, stream)
      /*@ ghost (k, m, count_x, count_z) */;
  }
  /* The input bytes are those of the call: the relation holds against them, element
     by element (each source inside x, which the loop did not write). */
  /*@ ghost
    size_t e = 0;
    /@ loop invariant 0 <= e <= count_z;
       loop invariant elements_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, e);
       loop assigns e;
       loop variant count_z - e;
    @/
    while (e < count_z) {
      /@ assert inside: source_inside(x, z, es, count_x, e); @/
      /@ assert element_here: element_broadcast{Here, Here}(zb, (char *)xb, es, x, z, e); @/
      /@ assert body_here: \let a = source_offset(x, z, e) * es; \forall integer b; 0 <= b < es ==>
            \let p = e * es + b; zb[p] == xb[a + b]; @/
      /@ assert source_bytes: \let a = source_offset(x, z, e) * es; \forall integer b; 0 <= b < es ==>
            0 <= a + b < count_x * es; @/
      /@ assert source_pre: \let a = source_offset(x, z, e) * es; \forall integer b; 0 <= b < es ==>
            xb[a + b] == \at(xb[a + b], Pre); @/
      /@ assert body_pre: \let a = source_offset(x, z, e) * es; \forall integer b; 0 <= b < es ==>
            \let p = e * es + b; zb[p] == \at(xb[a + b], Pre); @/
      /@ assert element_pre: element_broadcast{Here, Pre}(zb, (char *)xb, es, x, z, e); @/
      e++;
    }
  */
}

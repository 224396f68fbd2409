/* Helpers shared by the .c files of the core; not part of the public API. */
#ifndef SONNX_INTERNAL_H
#define SONNX_INTERNAL_H

#include "sonnx_broadcast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The fast kernel's store loops (replicate_prefix and write_copies, with the copy_aligned they
   inline, and fill_from_pattern: src/sonnx_fast_copy.c) are compiled twice on x86-64 with GCC
   or Clang: for AVX-512 machines (stores of 32 bytes; GCC splits 32-byte copies into 16-byte
   stores for its generic and AVX2 tunings, not for AVX-512 ones) and for the baseline, the
   loader choosing one for the machine (target_clones, an ifunc). One C source, one contract
   and one proof for both: the attribute changes only instruction selection.
   -DSONNX_NO_DISPATCH builds the baseline only (no ifunc, for builds that must not resolve code
   at load time). make bench: aligned 32-byte stores write an L3-resident output at memset's
   speed, 16-byte ones at 0.6 of it (AMD EPYC Zen 4, 2026-11-25). */
/* ThreadSanitizer instruments the clones' resolver, which the loader runs before the
   sanitizer's runtime has started: it crashed there (make sanitize, 2026-11-25), so a TSan
   build takes the baseline. */
#if defined(__SANITIZE_THREAD__)
#define SONNX_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SONNX_UNDER_TSAN 1
#endif
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(SONNX_NO_DISPATCH) && \
    !defined(__FRAMAC__) && !defined(SONNX_UNDER_TSAN)
#define SONNX_WIDE_STORES __attribute__((target_clones("avx512f", "default")))
#else
#define SONNX_WIDE_STORES
#endif

/* A helper of those loops (copy_aligned, copy_in_phase), inlined into each clone that calls it,
   so that it takes the clone's wide stores and costs no call per copy: replicate_prefix calls it
   once per replication chunk, and a call through the clones' dispatch there kept rows-f16 (make
   bench) at 0.83-0.88 of memset, inlined 0.89-0.91 (a harness of 31 alternated repeats, AMD
   EPYC Zen 4, 2026-11-26). Frama-C sees a plain static inline function, and so does gcc's
   coverage build (-DSONNX_NO_FORCED_INLINE, tools/evidence.mk). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__FRAMAC__) && \
    !defined(SONNX_NO_FORCED_INLINE)
#define SONNX_INLINE_IN_CLONES __attribute__((always_inline))
#else
#define SONNX_INLINE_IN_CLONES
#endif

/* Fills *err (when given) and returns status, so that every error path is
   one `return sonnx_report(...)`. The rule is the SONNX one; the XLA functions
   name theirs afterwards. @req LIB-ERR-STATUS */
/*@ requires err == \null || \valid(err);
    assigns *err;
    ensures \result == status;
    ensures err != \null ==> err->status == status && err->input == input &&
      err->axis == axis && err->size == size && err->expected == expected &&
      err->rule == SONNX_RULE_SONNX;
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
    err->rule = SONNX_RULE_SONNX;
  }
  return status;
}

/* Names in *err the rule an incompatibility violated, once sonnx_report (or the core it
   calls) has filled the other fields with the SONNX rule: sonnx_format_error cites the rule's
   requirement ID. Any other status is left as reported. @req LIB-ERR-STATUS */
/*@ requires err == \null || \valid(err);
    assigns err->rule;
    ensures \result == status;
    ensures named: err != \null && status == SONNX_ERR_INCOMPATIBLE ==> err->rule == rule;
    ensures others: err != \null && status != SONNX_ERR_INCOMPATIBLE ==> err->rule == \old(err->rule);
*/
static inline sonnx_status report_rule(sonnx_error *err, sonnx_status status, sonnx_rule rule)
{
  if (err != NULL && status == SONNX_ERR_INCOMPATIBLE) {
    err->rule = rule;
  }
  return status;
}

/* sonnx_report for the functions that broadcast an input to a target shape
   (sonnx_broadcast_to, the view functions, the ONNX unidirectional check): the statuses of
   their shared checks, one call per error path as sonnx_report; an incompatibility (the input
   does not broadcast to the target) names the ONNX unidirectional rule, any other status the
   SONNX rule. @req ONNX-UNIDIR LIB-ERR-STATUS */
/*@ requires err == \null || \valid(err);
    assigns *err;
    ensures \result == status;
    ensures err != \null ==> err->status == status && err->input == input &&
      err->axis == axis && err->size == size && err->expected == expected;
    ensures rule: err != \null ==> err->rule ==
      (status == SONNX_ERR_INCOMPATIBLE ? SONNX_RULE_ONNX_UNIDIR : SONNX_RULE_SONNX);
*/
static inline sonnx_status sonnx_report_to_target(sonnx_error *err, sonnx_status status,
                                                   size_t input, size_t axis, size_t size,
                                                   size_t expected)
{
  return report_rule(err, sonnx_report(err, status, input, axis, size, expected),
                     SONNX_RULE_ONNX_UNIDIR);
}

/* Step 1, sonnx_padded_dim's body, inline for the library's own calls: the
   kernels and checks of the other files called the public function across
   translation units, a call per axis (make bench's small case, side harness:
   30.0 -> 27.0-27.2 ns inline, two runs, 2026-11-26). sonnx_padded_dim returns this. */
/*@ requires x.rank <= ny && i < ny;
    requires shape_readable(x);
    assigns \nothing;
    ensures \result == padded_dim(x, ny, i);
*/
static inline size_t padded_dim_inline(sonnx_shape x, size_t ny, size_t i)
{
  const size_t pad = ny - x.rank; /* rank <= ny: no wrap */
  if (i < pad) {
    return 1u;
  }
  return x.dims[i - pad];
}

/* Outcome of a function's argument checks, returned by value (a plain value for WP:
   building it writes no memory a contract talks about): the error to report, in
   sonnx_error's fields, or status SONNX_OK. The checkers (check_view, check_tensor,
   check_buffers in sonnx_data.c, check_in_dim and check_binary in sonnx_xla.c) fill it;
   their callers report it with sonnx_report. */
typedef struct {
  sonnx_status status;
  size_t input;
  size_t axis;
  size_t size;
  size_t expected;
} sonnx_check;

/* The first of two shapes, x (input 0) then z (input 1), that is not valid, with the fields
   of its report: SONNX_ERR_RANK with its rank against SONNX_MAX_RANK, or SONNX_ERR_NULL (rank
   above 0, dims NULL) with 0 and 0; SONNX_OK when both are valid. The first check of
   check_to_shapes, check_view (sonnx_data.c), check_in_dim and check_binary (sonnx_xla.c).
   @req LIB-RANK LIB-NULL */
/*@ assigns \nothing;
    ensures ok: \result.status == SONNX_OK <==> shape_ok(x) && shape_ok(z);
    ensures ok_fields: \result.status == SONNX_OK ==> \result.input == SONNX_NO_INDEX &&
      \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 0;
    ensures fields: !shape_ok(x) || !shape_ok(z) ==> bad_pair_fields(\result.status,
      \result.input, \result.axis, \result.size, \result.expected, x, z);
*/
static inline sonnx_check sonnx_check_shape_pair(sonnx_shape x, sonnx_shape z)
{
  sonnx_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u};
  const int x_bad = x.rank > SONNX_MAX_RANK || (x.rank > 0u && x.dims == NULL);
  const int z_bad = z.rank > SONNX_MAX_RANK || (z.rank > 0u && z.dims == NULL);
  if (x_bad || z_bad) {
    const size_t rank = x_bad ? x.rank : z.rank;
    c.input = x_bad ? 0u : 1u;
    c.status = (rank > SONNX_MAX_RANK) ? SONNX_ERR_RANK : SONNX_ERR_NULL;
    c.size = (rank > SONNX_MAX_RANK) ? rank : 0u;
    c.expected = (rank > SONNX_MAX_RANK) ? SONNX_MAX_RANK : 0u;
  }
  return c;
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

/* Outcome of the size checks of sonnx_broadcast_to (sonnx_check_to_sizes, after the shape
   checks' sonnx_check), returned by value (a plain value for WP): the error to report, or the
   counts the copy needs. */
typedef struct {
  sonnx_status status;
  size_t input;
  size_t axis;
  size_t size;
  size_t expected;
  size_t x_count;
  size_t z_count;
} sonnx_to_check;

/* The size checks of sonnx_broadcast_to once the shapes are known good: byte
   sizes, NULL data with a non-zero count (x_data is argument 2 and input 0,
   z_data argument 5), capacity. Shared with sonnx_broadcast_in_dim, which
   makes them on x with 1s inserted before it calls sonnx_broadcast_to. */
/*@ requires shape_ok(x) && shape_readable(x) && shape_ok(z) && shape_readable(z) && es > 0;
    assigns \nothing;
    behavior overflow:
      assumes !to_fits(x, es, z);
      ensures \result.status == SONNX_ERR_OVERFLOW;
      ensures \result.input == (shape_count(z) * es > SIZE_MAX ? SONNX_NO_INDEX : 0) &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 0;
    behavior null_data:
      assumes to_fits(x, es, z);
      assumes to_null_data(x, (void *)x_data, z, (void *)z_data);
      ensures \result.status == SONNX_ERR_NULL;
      ensures x_data == \null && shape_count(x) > 0 ?
        \result.input == 0 && \result.expected == 2 :
        \result.input == SONNX_NO_INDEX && \result.expected == 5;
      ensures \result.axis == SONNX_NO_INDEX && \result.size == 0;
    behavior capacity:
      assumes to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity < shape_count(z) * es;
      ensures \result.status == SONNX_ERR_CAPACITY;
      ensures \result.expected == shape_count(z) * es;
      ensures \result.input == SONNX_NO_INDEX && \result.axis == SONNX_NO_INDEX &&
        \result.size == z_capacity;
    behavior accepted:
      assumes to_fits(x, es, z);
      assumes !to_null_data(x, (void *)x_data, z, (void *)z_data);
      assumes z_capacity >= shape_count(z) * es;
      ensures \result.status == SONNX_OK;
      ensures \result.x_count == shape_count(x);
      ensures \result.z_count == shape_count(z);
    ensures ok_fits: \result.status == SONNX_OK ==> to_fits(x, es, z);
    ensures ok_counts: \result.status == SONNX_OK ==>
      \result.x_count == shape_count(x) && \result.z_count == shape_count(z);
    ensures ok_bytes: \result.status == SONNX_OK ==>
      \result.x_count * es <= SIZE_MAX && \result.z_count * es <= SIZE_MAX;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_to_check sonnx_check_to_sizes(sonnx_shape x, const void *x_data, size_t es, sonnx_shape z,
                                    const void *z_data, size_t z_capacity);

/* Offset in x of output element o of x broadcast to z, the row-major index walked from the
   last axis (@req SONNX-ELEM SONNX-F LIB-ROWMAJOR): the reference kernel calls it per element,
   the fast kernel when a block's index on the axis above the block wraps. */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires \forall integer k; 0 <= k < z.rank ==> z.dims[k] >= 1;
    requires \forall integer k; 0 <= k <= z.rank ==> 1 <= padded_block(x, z.rank, k) <= padded_block(x, z.rank, 0);
    requires padded_block(x, z.rank, 0) <= SIZE_MAX;
    assigns \nothing;
    ensures \result == source_offset(x, z, o);
    ensures \result < padded_block(x, z.rank, 0);
*/
size_t sonnx_element_source(sonnx_shape x, sonnx_shape z, size_t o);

/* The data kernels of sonnx_broadcast_to: Z = x broadcast to z, count_z elements of es bytes
   from xb into zb (@req SONNX-ELEM SONNX-F LIB-ROWMAJOR). Both carry copy_elements' contract
   (src/sonnx_data.c), word for word.
   sonnx_fast_copy (src/sonnx_fast_copy.c) is the fast kernel the library ships (issue 8):
   blocks of one contiguous run of x, filled or copied by growing copies.
   sonnx_reference_copy (src/sonnx_data.c) runs the reference kernel copy_elements, one source
   offset per output element (selected instead with -DSONNX_REFERENCE_KERNEL); WP proves both,
   and the tests compare them (tests/test_fast_copy.cpp, properties/fast_copy_properties.cpp). */
/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires es >= 1;
    requires \forall integer k; 0 <= k < z.rank ==> z.dims[k] >= 1;
    requires \forall integer k; 0 <= k <= z.rank ==> 1 <= padded_block(x, z.rank, k) <= padded_block(x, z.rank, 0);
    requires count_z == shape_count(z) && count_x == padded_block(x, z.rank, 0);
    requires count_x * es <= SIZE_MAX && count_z * es <= SIZE_MAX;
    requires \valid_read(xb + (0 .. padded_block(x, z.rank, 0) * es - 1));
    requires \valid(zb + (0 .. count_z * es - 1));
    requires \separated(zb + (0 .. count_z * es - 1), xb + (0 .. padded_block(x, z.rank, 0) * es - 1));
    assigns zb[0 .. count_z * es - 1];
    ensures elements_broadcast{Post, Pre}(zb, (char *)xb, es, x, z, count_z);
    ensures sources_inside(x, z, es, count_x, count_z);
*/
void sonnx_fast_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                     size_t count_x, size_t count_z);

/*@ requires shape_readable(x) && shape_readable(z) && z.rank <= SONNX_MAX_RANK;
    requires broadcasts_to(x, z);
    requires es >= 1;
    requires \forall integer k; 0 <= k < z.rank ==> z.dims[k] >= 1;
    requires \forall integer k; 0 <= k <= z.rank ==> 1 <= padded_block(x, z.rank, k) <= padded_block(x, z.rank, 0);
    requires count_z == shape_count(z) && count_x == padded_block(x, z.rank, 0);
    requires count_x * es <= SIZE_MAX && count_z * es <= SIZE_MAX;
    requires \valid_read(xb + (0 .. padded_block(x, z.rank, 0) * es - 1));
    requires \valid(zb + (0 .. count_z * es - 1));
    requires \separated(zb + (0 .. count_z * es - 1), xb + (0 .. padded_block(x, z.rank, 0) * es - 1));
    assigns zb[0 .. count_z * es - 1];
    ensures elements_broadcast{Post, Pre}(zb, (char *)xb, es, x, z, count_z);
    ensures sources_inside(x, z, es, count_x, count_z);
*/
void sonnx_reference_copy(const char *xb, char *zb, size_t es, sonnx_shape x, sonnx_shape z,
                          size_t count_x, size_t count_z);

/* Ghost lemma (spec/acsl/multi_index_lemmas.h, lemma_index_facts): the facts of a result shape
   (r, d) that make the spec's multi-index relation and the contracts' flat one the same
   statement, for the input x. Global, so that sonnx_broadcast (sonnx_data.c) calls the one
   proof made in sonnx_fast_copy.c instead of a copy of the inductions in its own unit. */
/*@ ghost
  /@ requires r <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures index_facts(x, r, (size_t *)d);                       // @req SONNX-ELEM LIB-ROWMAJOR
  @/
  void sonnx_lemma_index_facts(sonnx_shape x, const size_t *d, size_t r);
*/

#ifdef __cplusplus
}
#endif

#endif

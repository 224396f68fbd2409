/* sonnx-broadcast: tensor broadcasting as the SONNX informal specification
 * defines it (spec/requirements.md), with its ACSL contracts.
 *
 * C11, usable from C++. No allocation, no global state: every function only
 * reads its arguments and writes the outputs it is given. Indices are
 * 0-based throughout; spec/index-mapping.md relates them to the spec's
 * 1-based formulas. On any error a function returns the status, fills *err
 * when err is not NULL, and leaves every other output byte unchanged.
 */
#ifndef SONNX_BROADCAST_H
#define SONNX_BROADCAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SONNX_MAX_RANK 64
/* @req SONNX-L-RANGE: L in [0, 2^31 - 1[, so n = L + 1 inputs in [1, 2^31 - 1]. */
#define SONNX_MAX_INPUTS 2147483647u
/* Value of sonnx_error.input / .axis when the error concerns no input / no axis. */
#define SONNX_NO_INDEX SIZE_MAX
/* Longest message sonnx_format_error can produce, NUL included. */
#define SONNX_MESSAGE_MAX 256u

typedef enum {
  SONNX_OK = 0,
  SONNX_ERR_NULL = 1,         /* a required pointer is NULL */
  SONNX_ERR_ARGUMENT = 2,     /* n == 0, elem_size == 0, malformed broadcast dimensions, ... */
  SONNX_ERR_RANK = 3,         /* a rank exceeds SONNX_MAX_RANK */
  SONNX_ERR_INCOMPATIBLE = 4, /* constraint C1 (RI, RJ, RK, ...) violated */
  SONNX_ERR_OVERFLOW = 5,     /* an element count or byte size does not fit in size_t */
  SONNX_ERR_CAPACITY = 6      /* a caller-provided output is too small */
} sonnx_status;

typedef struct { size_t rank; const size_t *dims; } sonnx_shape;
typedef struct { sonnx_shape shape; const void *data; size_t elem_size; } sonnx_tensor;
typedef struct { void *data; size_t capacity; /* bytes */ } sonnx_buffer;

/* The requirement an incompatible size violated, when the status alone does not say it:
   sonnx_format_error cites its ID. Any other value reads as SONNX_RULE_SONNX. */
typedef enum {
  SONNX_RULE_SONNX = 0,           /* the rule of the SONNX / ONNX functions: SONNX-C1 */
  SONNX_RULE_XLA_INDIM_MATCH = 1, /* sonnx_broadcast_in_dim: XLA-INDIM-MATCH */
  SONNX_RULE_XLA_DEGENERATE = 2,  /* sonnx_xla_binary_shape: XLA-DEGENERATE */
  SONNX_RULE_ONNX_UNIDIR = 3      /* x does not broadcast to the target shape (ONNX-UNIDIR):
                                     sonnx_broadcast_to, sonnx_broadcast_strides,
                                     sonnx_source_offset, sonnx_unidirectional_check */
} sonnx_rule;

/* What went wrong, in the terms of the message (see sonnx_format_error):
 *   NULL:         input = offending input or SONNX_NO_INDEX; expected = 1-based
 *                 position of the NULL argument in the call (0 for an input's dims);
 *                 axis = SONNX_NO_INDEX, size = 0.
 *                 In sonnx_broadcast, the data of input m is input = m, expected = 2
 *                 (the inputs argument), the data of output m input = m, expected = 3
 *                 (the outputs argument): the message names "output m".
 *   ARGUMENT:     n out of range: input = axis = SONNX_NO_INDEX, size = n,
 *                 expected = SONNX_MAX_INPUTS. elem_size 0: input 0, axis
 *                 SONNX_NO_INDEX, size 0, expected 1. Others: the function's comment.
 *   RANK:         input = offending input, axis = SONNX_NO_INDEX, size = its rank,
 *                 expected = SONNX_MAX_RANK.
 *   INCOMPATIBLE: input, axis (padded), size = dYm_i, expected = dY_i, rule = the rule
 *                 violated (SONNX_RULE_XLA_INDIM_MATCH / _XLA_DEGENERATE from the XLA
 *                 functions, SONNX_RULE_ONNX_UNIDIR where an input does not broadcast
 *                 to a target shape, else SONNX_RULE_SONNX).
 *   OVERFLOW:     input = the input whose count overflows, or SONNX_NO_INDEX (the
 *                 output); axis = the block's axis in the view functions, else
 *                 SONNX_NO_INDEX; size = expected = 0.
 *   CAPACITY:     size = capacity given, expected = capacity needed; input = axis =
 *                 SONNX_NO_INDEX outside sonnx_broadcast.
 * rule is SONNX_RULE_SONNX in every other report. It is the last member, so the first
 * five keep their places: a brace initializer that lists only them leaves rule 0,
 * SONNX_RULE_SONNX (-Wmissing-field-initializers asks for it to be written).
 */
typedef struct {
  sonnx_status status;
  size_t input;     /* 0-based index of the offending input */
  size_t axis;      /* 0-based axis in the padded (output-rank) shape */
  size_t size;      /* the offending size */
  size_t expected;  /* the size it had to equal (else 1) */
  sonnx_rule rule;  /* the requirement an INCOMPATIBLE size violated */
} sonnx_error;

/* The state of a broadcast iteration (sonnx_broadcast_iter_init / _next, @req LIB-ITER):
 * the caller's workspace, of fixed size (SONNX_ITER_BYTES), on the caller's stack or
 * wherever it likes; nothing else is allocated. Read the fields, never write them: next
 * relies on what init established. The caller also hands next two arrays of n entries
 * (src and step, SONNX_ITER_ARRAY_BYTES(n) bytes each). */
typedef struct {
  size_t n;                     /* number of inputs */
  const sonnx_shape *inputs;    /* the caller's shapes, read by each next call */
  size_t rank;                  /* the output shape: rank and sizes (Broadcast's result) */
  size_t dims[SONNX_MAX_RANK];
  size_t count;                 /* output element count */
  size_t axis;                  /* the fused block of one run: axes axis .. rank-1 */
  size_t ref_axis;              /* its axis that decides each input's step, rank if none */
  size_t block;                 /* elements of one run: count of axes axis .. rank-1 */
  size_t runs;                  /* count / block */
  size_t run;                   /* runs visited */
  size_t offset;                /* output offset of the next run, run * block */
} sonnx_broadcast_iter;
#define SONNX_ITER_BYTES sizeof(sonnx_broadcast_iter)
#define SONNX_ITER_ARRAY_BYTES(n) ((n) * sizeof(size_t))

#ifdef __FRAMAC__
#include "arith_lemmas.h"
#include "shape_logic.h"
#include "count_lemmas.h"
#include "data_logic.h"
#include "operator_logic.h"
#include "iter_logic.h"
#include "multi_index_logic.h" /* the spec's multi-index form: elements_at_indices */
/*@
  // err and out_rank do not overlap, or one of them is NULL. A bare
  // \separated(err, out_rank) would be false for two NULLs (the same location),
  // and so would forbid the call that passes neither, whose SONNX_ERR_NULL the
  // API promises.
  predicate err_rank_apart(sonnx_error *err, size_t *out_rank) =
    err == \null || out_rank == \null || \separated(err, out_rank);

  // Preconditions shared by the two shape functions: what the caller must
  // guarantee (valid memory); everything checkable at run time is checked.
  predicate shape_call_valid{L}(size_t n, sonnx_shape *inputs, size_t *out_dims,
                                size_t capacity, size_t *out_rank, sonnx_error *err) =
    (err == \null || \valid(err)) &&
    (out_rank == \null || \valid(out_rank)) &&
    (out_dims == \null || \valid(out_dims + (0 .. capacity - 1))) &&
    ((inputs != \null && 1 <= n <= SONNX_MAX_INPUTS) ==>
       (\valid_read(inputs + (0 .. n - 1)) &&
        (\forall integer m; 0 <= m < n && shape_ok(inputs[m]) ==> shape_readable(inputs[m])) &&
        \separated(inputs + (0 .. n - 1), err) && \separated(inputs + (0 .. n - 1), out_rank) &&
        (out_dims != \null ==> \separated(inputs + (0 .. n - 1), out_dims + (0 .. capacity - 1))) &&
        (\forall integer m; 0 <= m < n && shape_ok(inputs[m]) && inputs[m].rank > 0 ==>
           \separated(inputs[m].dims + (0 .. inputs[m].rank - 1), err) &&
           \separated(inputs[m].dims + (0 .. inputs[m].rank - 1), out_rank) &&
           (out_dims != \null ==>
              \separated(inputs[m].dims + (0 .. inputs[m].rank - 1), out_dims + (0 .. capacity - 1))))))
    && err_rank_apart(err, out_rank)
    && (out_dims != \null ==> \separated(out_dims + (0 .. capacity - 1), err) &&
                              \separated(out_dims + (0 .. capacity - 1), out_rank));

  predicate shape_top_null(sonnx_shape *inputs, size_t *out_dims, size_t capacity, size_t *out_rank) =
    inputs == \null || out_rank == \null || (out_dims == \null && capacity > 0);

  // The 1-based position of the first NULL argument, in the order checked: inputs (2),
  // out_dims with a capacity (3), out_rank (5).
  logic integer top_null_position(sonnx_shape *inputs, size_t *out_dims, size_t capacity) =
    inputs == \null ? 2 : (out_dims == \null && capacity > 0 ? 3 : 5);

  predicate count_out_of_range(size_t n) = n < 1 || n > SONNX_MAX_INPUTS;

  predicate all_shapes_ok{L}(sonnx_shape *in, integer n) =
    \forall integer m; 0 <= m < n ==> shape_ok(in[m]);

  predicate input_ok{L}(sonnx_shape *in, integer m) = shape_ok(in[m]);

  predicate input_rank_too_high{L}(sonnx_shape *in, integer m) = in[m].rank > SONNX_MAX_RANK;

  // @req LIB-RANK LIB-NULL: the status of a shape that is not ok: SONNX_ERR_RANK when its
  // rank is above SONNX_MAX_RANK, else SONNX_ERR_NULL (its dims).
  logic integer bad_shape_status(sonnx_shape s) =
    s.rank > SONNX_MAX_RANK ? SONNX_ERR_RANK : SONNX_ERR_NULL;

  // The fields of that report, for bad shape s at `position`: no axis; for SONNX_ERR_RANK
  // its rank against SONNX_MAX_RANK, for SONNX_ERR_NULL sizes 0 and 0.
  predicate bad_shape_fields(integer status, integer input, integer axis, integer size,
                             integer expected, sonnx_shape s, integer position) =
    status == bad_shape_status(s) && input == position && axis == SONNX_NO_INDEX &&
    (status == SONNX_ERR_RANK ==> size == s.rank && expected == SONNX_MAX_RANK) &&
    (status == SONNX_ERR_NULL ==> size == 0 && expected == 0);

  // Of x (input 0) and z (input 1), checked in this order, the first that is not ok.
  predicate bad_pair_fields(integer status, integer input, integer axis, integer size,
                            integer expected, sonnx_shape x, sonnx_shape z) =
    (!shape_ok(x) ==> bad_shape_fields(status, input, axis, size, expected, x, 0)) &&
    (shape_ok(x) ==> bad_shape_fields(status, input, axis, size, expected, z, 1));

  // ... returned as status and reported in *err, under the SONNX rule (LIB-ERR-STATUS).
  predicate bad_shape_reported{L}(sonnx_error *err, integer status, sonnx_shape x, sonnx_shape z) =
    (!shape_ok(x) ==> status == bad_shape_status(x)) &&
    (shape_ok(x) ==> status == bad_shape_status(z)) &&
    (err != \null ==> err->status == status && err->rule == SONNX_RULE_SONNX &&
       bad_pair_fields(status, err->input, err->axis, err->size, err->expected, x, z));

  // Input m's rank, read at a label (LIB-RANK's err->size).
  logic integer input_rank{L}(sonnx_shape *in, integer m) = in[m].rank;

  // The status of input m when it is not ok, read at a label (bad_shape_status).
  logic integer input_status{L}(sonnx_shape *in, integer m) = bad_shape_status(in[m]);

  // @req LIB-ERR-STATUS: *err, when given, holds exactly this report, every field fixed.
  predicate err_is{L}(sonnx_error *err, integer status, integer input, integer axis,
                      integer size, integer expected, integer rule) =
    err != \null ==> err->status == status && err->input == input && err->axis == axis &&
      err->size == size && err->expected == expected && err->rule == rule;

  // @req ONNX-UNIDIR: axis k of z takes x's padded size: equal, or a 1 stretched to a
  // size that is not 0 (broadcasts_to, one axis).
  predicate unidir_axis_ok{L}(sonnx_shape x, sonnx_shape z, integer k) =
    padded_dim(x, z.rank, k) == z.dims[k] || (padded_dim(x, z.rank, k) == 1 && z.dims[k] != 0);

  // @req ONNX-UNIDIR LIB-ERR-STATUS: the fields of "x does not broadcast to z": x's rank
  // above z's (no axis, the two ranks), else the first axis that fails, with x's padded size
  // against z's size.
  predicate unidir_violation{L}(integer axis, integer size, integer expected,
                                sonnx_shape x, sonnx_shape z) =
    (x.rank > z.rank ==> axis == SONNX_NO_INDEX && size == x.rank && expected == z.rank) &&
    (x.rank <= z.rank ==> 0 <= axis < z.rank && !unidir_axis_ok(x, z, axis) &&
       (\forall integer k; 0 <= k < axis ==> unidir_axis_ok(x, z, k)) &&
       size == padded_dim(x, z.rank, axis) && expected == z.dims[axis]);

  // The same where x is input 0 (sonnx_broadcast_to and the view functions).
  predicate unidir_fields{L}(integer input, integer axis, integer size, integer expected,
                             sonnx_shape x, sonnx_shape z) =
    input == 0 && unidir_violation(axis, size, expected, x, z);

  // @req LIB-OVERFLOW: axis k holds the first block of x (padded to rank r) that overflows,
  // walking from the last axis down as the view's checks do.
  predicate first_block_overflow{L}(sonnx_shape x, integer r, integer k) =
    0 <= k < r && padded_block(x, r, k) > SIZE_MAX &&
    \forall integer j; k < j <= r ==> padded_block(x, r, j) <= SIZE_MAX;

  // @req LIB-STRIDES: axis k is the first whose index is not below z's size.
  predicate first_index_out{L}(size_t *idx, sonnx_shape z, integer k) =
    0 <= k < z.rank && idx[k] >= z.dims[k] &&
    \forall integer j; 0 <= j < k ==> idx[j] < z.dims[j];

  // z's size on axis k, read at a label.
  logic integer dim_at{L}(sonnx_shape z, integer k) = z.dims[k];
*/
#endif

/* f of the spec, 0-based: a when b == c, 0 when b == 1. Requires (b == c || b == 1) && a < c. */
/*@ requires f_domain: b == c || b == 1;
    requires index_in_range: a < c;
    assigns \nothing;
    ensures f: \result == index_map(a, b, c);   // @req SONNX-F
    ensures in_input: \result < b;
*/
size_t sonnx_index_map(size_t a, size_t b, size_t c);

/* Step 1: size of axis i (0-based) of x padded on the left to rank ny. Requires x.rank <= ny, i < ny. */
/*@ requires rank_fits: x.rank <= ny;
    requires axis_in_range: i < ny;
    requires readable: shape_readable(x);
    assigns \nothing;
    ensures padded: \result == padded_dim(x, ny, i);   // @req SONNX-STEP1-PAD
*/
size_t sonnx_padded_dim(sonnx_shape x, size_t ny, size_t i);

/* Steps 1+2 with C1, the SONNX rule: out_dims[i] = max over inputs of the padded sizes.
   Checks in this order, the first failing one decides: NULL inputs (argument 2), out_dims
   (argument 3; may be NULL when capacity is 0), out_rank (argument 5), with no input, no
   axis, size 0; n range; each input in turn (rank, dims); capacity >= common rank; C1 axis
   by axis then input by input. */
/*@ requires shape_call_valid(n, (sonnx_shape *)inputs, out_dims, capacity, out_rank, err);
    // All behaviours at once, for callers: a caller's goal then needs no case split over
    // the behaviours below to bound what the call writes or what it reports.
    assigns out_dims[0 .. capacity - 1], *out_rank, *err;
    ensures reported: err != \null ==> err->status == \result;
    ensures rule: err != \null ==> err->rule == SONNX_RULE_SONNX;   // @req LIB-ERR-STATUS
    behavior null_argument:        // @req LIB-NULL
      assumes shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        top_null_position((sonnx_shape *)inputs, out_dims, capacity), SONNX_RULE_SONNX);
    behavior input_count:          // @req SONNX-L-RANGE
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes count_out_of_range(n);
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n, SONNX_MAX_INPUTS,
        SONNX_RULE_SONNX);
    behavior bad_input:            // @req LIB-RANK LIB-NULL
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes !all_shapes_ok((sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_RANK || \result == SONNX_ERR_NULL;
      // the status of the first bad input, whether err is given or not
      ensures first: \exists integer m; 0 <= m < n && all_shapes_ok{Pre}((sonnx_shape *)inputs, m) &&
        !input_ok{Pre}((sonnx_shape *)inputs, m) && \result == input_status{Pre}((sonnx_shape *)inputs, m);
      ensures err != \null ==> err->status == \result && 0 <= err->input < n &&
        !input_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        all_shapes_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        (\result == SONNX_ERR_RANK <==> input_rank_too_high{Pre}((sonnx_shape *)inputs, err->input));
      ensures fields: err != \null ==> err->axis == SONNX_NO_INDEX &&
        (\result == SONNX_ERR_RANK ==>
           err->size == input_rank{Pre}((sonnx_shape *)inputs, err->input) && err->expected == SONNX_MAX_RANK) &&
        (\result == SONNX_ERR_NULL ==> err->size == 0 && err->expected == 0);
    behavior capacity:             // @req LIB-CAPACITY
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity < max_rank((sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_CAPACITY;
      ensures err != \null ==> err->status == SONNX_ERR_CAPACITY && err->size == capacity &&
        err->expected == max_rank{Pre}((sonnx_shape *)inputs, n);
    behavior incompatible:         // @req SONNX-C1 LIB-ERR-STATUS
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity >= max_rank((sonnx_shape *)inputs, n);
      assumes !shapes_compatible(0, (sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE;
      ensures located: err != \null ==> 0 <= err->input < n && 0 <= err->axis < max_rank{Pre}((sonnx_shape *)inputs, n);
      ensures expected: err != \null ==>
        is_max_dim{Pre}((sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      ensures size: err != \null ==>
        err->size == input_padded_dim{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis);
      ensures violated: err != \null ==>
        !input_c1{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      // the first violation: C1 holds on earlier axes, and for earlier inputs on this axis
      ensures first: err != \null ==>
        all_c1{Pre}(0, (sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis) &&
        c1_all_inputs{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
    behavior broadcast:            // @req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity >= max_rank((sonnx_shape *)inputs, n);
      assumes shapes_compatible(0, (sonnx_shape *)inputs, n);
      assigns out_dims[0 .. capacity - 1], *out_rank, *err;
      ensures \result == SONNX_OK;
      ensures rank: *out_rank == max_rank{Pre}((sonnx_shape *)inputs, n);
      ensures sizes: \forall integer i; 0 <= i < *out_rank ==>
        is_max_dim{Pre}((sonnx_shape *)inputs, n, *out_rank, i, out_dims[i]);
      ensures c1: \forall integer i; 0 <= i < *out_rank ==>
        c1_all_inputs{Pre}((sonnx_shape *)inputs, n, *out_rank, i, out_dims[i]);
      ensures untouched: \forall integer k; *out_rank <= k < capacity ==>
        out_dims[k] == \old(out_dims[k]);
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_broadcast_shape(size_t n, const sonnx_shape *inputs, size_t *out_dims,
                                   size_t capacity, size_t *out_rank, sonnx_error *err);

/* Same, Array API / NumPy rule: a size 1 also stretches to 0 ((0) with (1) gives (0)). */
/*@ requires shape_call_valid(n, (sonnx_shape *)inputs, out_dims, capacity, out_rank, err);
    // All behaviours at once, for callers: a caller's goal then needs no case split over
    // the behaviours below to bound what the call writes or what it reports.
    assigns out_dims[0 .. capacity - 1], *out_rank, *err;
    ensures reported: err != \null ==> err->status == \result;
    ensures rule: err != \null ==> err->rule == SONNX_RULE_SONNX;   // @req LIB-ERR-STATUS
    behavior null_argument:        // @req LIB-NULL
      assumes shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        top_null_position((sonnx_shape *)inputs, out_dims, capacity), SONNX_RULE_SONNX);
    behavior input_count:          // @req SONNX-L-RANGE
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes count_out_of_range(n);
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n, SONNX_MAX_INPUTS,
        SONNX_RULE_SONNX);
    behavior bad_input:            // @req LIB-RANK LIB-NULL
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes !all_shapes_ok((sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_RANK || \result == SONNX_ERR_NULL;
      // the status of the first bad input, whether err is given or not
      ensures first: \exists integer m; 0 <= m < n && all_shapes_ok{Pre}((sonnx_shape *)inputs, m) &&
        !input_ok{Pre}((sonnx_shape *)inputs, m) && \result == input_status{Pre}((sonnx_shape *)inputs, m);
      ensures err != \null ==> err->status == \result && 0 <= err->input < n &&
        !input_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        all_shapes_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        (\result == SONNX_ERR_RANK <==> input_rank_too_high{Pre}((sonnx_shape *)inputs, err->input));
      ensures fields: err != \null ==> err->axis == SONNX_NO_INDEX &&
        (\result == SONNX_ERR_RANK ==>
           err->size == input_rank{Pre}((sonnx_shape *)inputs, err->input) && err->expected == SONNX_MAX_RANK) &&
        (\result == SONNX_ERR_NULL ==> err->size == 0 && err->expected == 0);
    behavior capacity:             // @req LIB-CAPACITY
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity < max_rank((sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_CAPACITY;
      ensures err != \null ==> err->status == SONNX_ERR_CAPACITY && err->size == capacity &&
        err->expected == max_rank{Pre}((sonnx_shape *)inputs, n);
    behavior incompatible:         // @req ARRAYAPI-INCOMPAT LIB-ERR-STATUS
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity >= max_rank((sonnx_shape *)inputs, n);
      assumes !shapes_compatible(1, (sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE;
      ensures located: err != \null ==> 0 <= err->input < n && 0 <= err->axis < max_rank{Pre}((sonnx_shape *)inputs, n);
      ensures expected: err != \null ==>
        is_numpy_dim{Pre}((sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      ensures size: err != \null ==>
        err->size == input_padded_dim{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis);
      ensures violated: err != \null ==>
        !input_c1{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      // the first violation: C1 holds on earlier axes, and for earlier inputs on this axis
      ensures first: err != \null ==>
        all_c1{Pre}(1, (sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis) &&
        c1_all_inputs{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
    behavior broadcast:            // @req ARRAYAPI-ALGO SONNX-STEP1-RANK
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity >= max_rank((sonnx_shape *)inputs, n);
      assumes shapes_compatible(1, (sonnx_shape *)inputs, n);
      assigns out_dims[0 .. capacity - 1], *out_rank, *err;
      ensures \result == SONNX_OK;
      ensures rank: *out_rank == max_rank{Pre}((sonnx_shape *)inputs, n);
      ensures sizes: \forall integer i; 0 <= i < *out_rank ==>
        is_numpy_dim{Pre}((sonnx_shape *)inputs, n, *out_rank, i, out_dims[i]);
      ensures compatible: \forall integer i; 0 <= i < *out_rank ==>
        c1_all_inputs{Pre}((sonnx_shape *)inputs, n, *out_rank, i, out_dims[i]);
      ensures untouched: \forall integer k; *out_rank <= k < capacity ==>
        out_dims[k] == \old(out_dims[k]);
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_broadcast_shape_numpy(size_t n, const sonnx_shape *inputs, size_t *out_dims,
                                         size_t capacity, size_t *out_rank, sonnx_error *err);

/* Overflow-checked product of the sizes (1 for rank 0). The default `assigns *count` is the
   union of the behaviours' assigns, for callers: WP frames a call by the default behaviour's
   assigns, and without one a caller could assume nothing kept across the call. */
/*@ requires count == \null || \valid(count);
    requires shape_ok(s) ==> shape_readable(s);
    requires shape_ok(s) && s.rank > 0 && count != \null ==> \separated(count, s.dims + (0 .. s.rank - 1));
    assigns *count;
    behavior null_argument:   // @req LIB-NULL
      assumes count == \null || (s.rank > 0 && s.dims == \null);
      assigns \nothing;
      ensures \result == SONNX_ERR_NULL;
    behavior rank:            // @req LIB-RANK
      assumes count != \null && !(s.rank > 0 && s.dims == \null);
      assumes s.rank > SONNX_MAX_RANK;
      assigns \nothing;
      ensures \result == SONNX_ERR_RANK;
    behavior overflow:        // @req LIB-OVERFLOW
      assumes count != \null && shape_ok(s);
      assumes shape_count(s) > SIZE_MAX;
      assigns \nothing;
      ensures \result == SONNX_ERR_OVERFLOW;
    behavior counted:         // @req LIB-OVERFLOW
      assumes count != \null && shape_ok(s);
      assumes shape_count(s) <= SIZE_MAX;
      assigns *count;
      ensures \result == SONNX_OK;
      ensures *count == shape_count{Pre}(s);
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_shape_count(sonnx_shape s, size_t *count);

/*@
  // What a caller of the data functions must guarantee (memory it hands over);
  // everything checkable at run time is checked.
  predicate to_call_valid{L}(sonnx_shape x, void *x_data, size_t es, sonnx_shape z,
                             void *z_data, size_t z_capacity, sonnx_error *err) =
    (err == \null || \valid(err)) &&
    (shape_ok(x) ==> shape_readable(x)) && (shape_ok(z) ==> shape_readable(z)) &&
    (x_data != \null && shape_ok(x) && shape_count(x) * es <= SIZE_MAX ==>
       \valid_read((char *)x_data + (0 .. shape_count(x) * es - 1))) &&
    (z_data != \null ==> \valid((char *)z_data + (0 .. z_capacity - 1))) &&
    // @req LIB-NOALIAS: input and output buffers do not overlap
    (z_data != \null && x_data != \null && shape_ok(x) && shape_count(x) * es <= SIZE_MAX ==>
       \separated((char *)z_data + (0 .. z_capacity - 1),
                  (char *)x_data + (0 .. shape_count(x) * es - 1))) &&
    (err != \null && z_data != \null ==> \separated(err, (char *)z_data + (0 .. z_capacity - 1))) &&
    (err != \null && shape_ok(x) && x.rank > 0 ==> \separated(err, x.dims + (0 .. x.rank - 1))) &&
    (err != \null && shape_ok(z) && z.rank > 0 ==> \separated(err, z.dims + (0 .. z.rank - 1))) &&
    // @req LIB-NOALIAS: the output overlaps no shape array (stated, not left to WP's typed
    // memory model, which keeps char and size_t memory apart by itself)
    (z_data != \null && shape_ok(x) && x.rank > 0 ==>
       \separated((char *)z_data + (0 .. z_capacity - 1), x.dims + (0 .. x.rank - 1))) &&
    (z_data != \null && shape_ok(z) && z.rank > 0 ==>
       \separated((char *)z_data + (0 .. z_capacity - 1), z.dims + (0 .. z.rank - 1)));

  predicate to_fits{L}(sonnx_shape x, size_t es, sonnx_shape z) =
    shape_count(x) * es <= SIZE_MAX && shape_count(z) * es <= SIZE_MAX;

  predicate to_null_data{L}(sonnx_shape x, void *x_data, sonnx_shape z, void *z_data) =
    (x_data == \null && shape_count(x) > 0) || (z_data == \null && shape_count(z) > 0);
*/

/* Unidirectional broadcast of x to shape z (ONNX unidirectional broadcasting, Expand's data
   step): requires broadcast_shape({x, z}) == z under the SONNX rule. Writes count(z) elements
   of elem_size bytes, row-major (C order), into z_data.
   Checks in this order: x then z (rank, dims), elem_size, x broadcasts to z, byte sizes,
   NULL data with a non-zero count, capacity. Input 0 is x, input 1 is z. Fields beyond
   sonnx_error's comment: elem_size 0 is input 0, size 0, expected 1; an incompatibility names
   x's rank against z's (no axis) or the first axis that fails; an overflow names the output
   (input SONNX_NO_INDEX) when z's bytes overflow, else input 0, with no axis and sizes 0. */
/*@ requires to_call_valid(x, (void *)x_data, elem_size, z, z_data, z_capacity, err);
    // All behaviours at once, for callers (as sonnx_broadcast_shape): only the broadcast
    // behaviour writes z_data, and only its first count(z) * elem_size bytes.
    assigns ((char *)z_data)[0 .. shape_count(z) * elem_size - 1], *err;
    ensures reported: err != \null ==> err->status == \result;
    behavior bad_shape:            // @req LIB-RANK LIB-NULL
      assumes !shape_ok(x) || !shape_ok(z);
      assigns *err;
      ensures bad_shape_reported(err, \result, x, z);
    behavior elem_size:            // @req LIB-ELEM-SIZE
      assumes shape_ok(x) && shape_ok(z) && elem_size == 0;
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, 0, SONNX_NO_INDEX, 0, 1, SONNX_RULE_SONNX);
    behavior incompatible:         // @req ONNX-UNIDIR SONNX-C1
      assumes shape_ok(x) && shape_ok(z) && elem_size > 0 && !broadcasts_to(x, z);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE &&
        err->rule == SONNX_RULE_ONNX_UNIDIR &&
        unidir_fields{Pre}(err->input, err->axis, err->size, err->expected, x, z);
    behavior overflow:             // @req LIB-OVERFLOW
      assumes shape_ok(x) && shape_ok(z) && elem_size > 0 && broadcasts_to(x, z);
      assumes !to_fits(x, elem_size, z);
      assigns *err;
      ensures \result == SONNX_ERR_OVERFLOW;
      // the output when z's bytes overflow, else input 0
      ensures err_is(err, SONNX_ERR_OVERFLOW,
        shape_count{Pre}(z) * elem_size > SIZE_MAX ? SONNX_NO_INDEX : 0, SONNX_NO_INDEX, 0, 0,
        SONNX_RULE_SONNX);
    behavior null_data:            // @req LIB-NULL
      assumes shape_ok(x) && shape_ok(z) && elem_size > 0 && broadcasts_to(x, z);
      assumes to_fits(x, elem_size, z);
      assumes to_null_data(x, (void *)x_data, z, z_data);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      // x_data is argument 2 (input 0), z_data argument 5
      ensures x_data == \null && shape_count{Pre}(x) > 0 ?
        err_is(err, SONNX_ERR_NULL, 0, SONNX_NO_INDEX, 0, 2, SONNX_RULE_SONNX) :
        err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 5, SONNX_RULE_SONNX);
    behavior capacity:             // @req LIB-CAPACITY
      assumes shape_ok(x) && shape_ok(z) && elem_size > 0 && broadcasts_to(x, z);
      assumes to_fits(x, elem_size, z);
      assumes !to_null_data(x, (void *)x_data, z, z_data);
      assumes z_capacity < shape_count(z) * elem_size;
      assigns *err;
      ensures \result == SONNX_ERR_CAPACITY;
      ensures err_is(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, z_capacity,
        shape_count{Pre}(z) * elem_size, SONNX_RULE_SONNX);
    behavior broadcast:            // @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT LIB-ROWMAJOR
      assumes shape_ok(x) && shape_ok(z) && elem_size > 0 && broadcasts_to(x, z);
      assumes to_fits(x, elem_size, z);
      assumes !to_null_data(x, (void *)x_data, z, z_data);
      assumes z_capacity >= shape_count(z) * elem_size;
      assigns ((char *)z_data)[0 .. shape_count(z) * elem_size - 1], *err;
      ensures \result == SONNX_OK;
      ensures elements: elements_broadcast{Post, Pre}((char *)z_data,
        (char *)x_data, elem_size, x, z, shape_count{Pre}(z));
      ensures indices:             // @req SONNX-ELEM, as 001 writes it: Z[i] = X[f(i)]
        elements_at_indices_to{Post, Pre}((char *)z_data, (char *)x_data, elem_size, x, z.rank, (size_t *)z.dims);
      ensures sources: sources_inside{Pre}(x, z, elem_size, shape_count{Pre}(x), shape_count{Pre}(z));
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_broadcast_to(sonnx_shape x, const void *x_data, size_t elem_size,
                                sonnx_shape z, void *z_data, size_t z_capacity, sonnx_error *err);

/*@
  // Memory a caller of sonnx_broadcast hands over, for the n tensors and buffers.
  predicate tensors_valid{L}(sonnx_tensor *in, sonnx_buffer *out, integer n) =
    \valid_read(in + (0 .. n - 1)) && \valid_read(out + (0 .. n - 1)) &&
    \forall integer m; 0 <= m < n ==>
      (shape_ok(in[m].shape) ==> shape_readable(in[m].shape)) &&
      (in[m].data != \null && shape_ok(in[m].shape) &&
       shape_count(in[m].shape) * in[m].elem_size <= SIZE_MAX ==>
         \valid_read((char *)in[m].data + (0 .. shape_count(in[m].shape) * in[m].elem_size - 1))) &&
      (out[m].data != \null ==> \valid((char *)out[m].data + (0 .. out[m].capacity - 1)));

  // @req LIB-NOALIAS: the shape results and the error record overlap no tensor, no buffer
  // descriptor, no input's dims, no output's data, and not each other.
  predicate results_separated{L}(sonnx_tensor *in, sonnx_buffer *out, integer n, size_t *out_dims,
                                 integer capacity, size_t *out_rank, sonnx_error *err) =
    (out_dims != \null ==> \separated(out_dims + (0 .. capacity - 1), in + (0 .. n - 1), out + (0 .. n - 1))) &&
    (out_rank != \null ==> \separated(out_rank, in + (0 .. n - 1), out + (0 .. n - 1))) &&
    (err != \null ==> \separated(err, in + (0 .. n - 1), out + (0 .. n - 1))) &&
    \forall integer m; 0 <= m < n ==>
      (shape_ok(in[m].shape) && in[m].shape.rank > 0 ==>
         (out_dims != \null ==> \separated(out_dims + (0 .. capacity - 1), in[m].shape.dims + (0 .. in[m].shape.rank - 1))) &&
         (out_rank != \null ==> \separated(out_rank, in[m].shape.dims + (0 .. in[m].shape.rank - 1))) &&
         (err != \null ==> \separated(err, in[m].shape.dims + (0 .. in[m].shape.rank - 1)))) &&
      (out[m].data != \null ==>
         (out_dims != \null ==> \separated(out_dims + (0 .. capacity - 1), (char *)out[m].data + (0 .. out[m].capacity - 1))) &&
         (out_rank != \null ==> \separated(out_rank, (char *)out[m].data + (0 .. out[m].capacity - 1))) &&
         (err != \null ==> \separated(err, (char *)out[m].data + (0 .. out[m].capacity - 1))));

  // @req LIB-NOALIAS for one output m and one index j: output m overlaps neither output j,
  // nor input j's data, nor input j's dims. (A predicate of its own so that a proof can
  // carry the separation across writes pair by pair.)
  predicate pair_apart{L}(sonnx_tensor *in, sonnx_buffer *out, integer m, integer j) =
    out[m].data != \null ==>
      (m != j && out[j].data != \null ==>
         \separated((char *)out[m].data + (0 .. out[m].capacity - 1),
                    (char *)out[j].data + (0 .. out[j].capacity - 1))) &&
      (in[j].data != \null && shape_ok(in[j].shape) &&
       shape_count(in[j].shape) * in[j].elem_size <= SIZE_MAX ==>
         \separated((char *)out[m].data + (0 .. out[m].capacity - 1),
                    (char *)in[j].data + (0 .. shape_count(in[j].shape) * in[j].elem_size - 1))) &&
      (shape_ok(in[j].shape) && in[j].shape.rank > 0 ==>
         \separated((char *)out[m].data + (0 .. out[m].capacity - 1),
                    in[j].shape.dims + (0 .. in[j].shape.rank - 1)));

  // @req LIB-NOALIAS: outputs overlap neither each other, nor any input, nor the shape arrays.
  predicate tensors_separated{L}(sonnx_tensor *in, sonnx_buffer *out, integer n) =
    (\forall integer m, j; 0 <= m < n && 0 <= j < n ==> pair_apart(in, out, m, j)) &&
    // nor the tensor and buffer descriptors
    (\forall integer m; 0 <= m < n && out[m].data != \null ==>
       \separated((char *)out[m].data + (0 .. out[m].capacity - 1), in + (0 .. n - 1)) &&
       \separated((char *)out[m].data + (0 .. out[m].capacity - 1), out + (0 .. n - 1)));
*/

/* The operator Z1..ZN = Broadcast(X1..XN) (@req SONNX-SIG): computes the common shape into
   out_dims/out_rank and fills outputs[m] with Zm (each input keeps its own elem_size).
   Checks in this order: inputs, outputs, out_dims (when dims_capacity > 0), out_rank NULL;
   n range; per input: rank, dims, elem_size, and the left fold of the binary SONNX rule
   (@req SONNX-REC: an incompatibility names the first input whose addition makes the fold
   fail, and the first axis); dims_capacity; byte sizes; per input: data NULL, output NULL,
   output capacity. The contract states the outcome of every call, one behaviour per check
   in that order (spec/acsl/operator_logic.h defines each as a function of the inputs):
   every error fixes the status and each err field and writes nothing but *err, and a call
   that passes every check (operator_passes) returns SONNX_OK. */
/*@ requires err == \null || \valid(err);
    requires out_rank == \null || \valid(out_rank);
    requires out_dims == \null || \valid(out_dims + (0 .. dims_capacity - 1));
    requires out_dims != \null && out_rank != \null ==> \separated(out_dims + (0 .. dims_capacity - 1), out_rank);
    requires out_dims != \null && err != \null ==> \separated(out_dims + (0 .. dims_capacity - 1), err);
    requires out_rank != \null && err != \null ==> \separated(out_rank, err);
    requires inputs != \null && outputs != \null && 1 <= n <= SONNX_MAX_INPUTS ==>
      tensors_valid((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n) &&
      tensors_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n) &&
      results_separated((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n,
                        out_dims, dims_capacity, out_rank, err);
    assigns *err, *out_rank, out_dims[0 .. dims_capacity - 1],
      ((char *)outputs[0 .. n - 1].data)[0 .. SIZE_MAX];
    ensures reported: err != \null ==> err->status == \result;   // @req LIB-ERR-STATUS
    behavior null_argument:        // @req LIB-NULL LIB-ERR-NOWRITE
      assumes operator_null((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        null_position((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity), SONNX_RULE_SONNX);
    behavior input_count:          // @req SONNX-L-RANGE LIB-ERR-NOWRITE
      assumes !operator_null((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank);
      assumes n < 1 || n > SONNX_MAX_INPUTS;
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n, SONNX_MAX_INPUTS,
        SONNX_RULE_SONNX);
    behavior rejected:             // @req SONNX-REC SONNX-C1 LIB-RANK LIB-NULL LIB-ERR-NOWRITE
      assumes operator_called(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank);
      assumes !fold_accepts((sonnx_tensor *)inputs, n);
      assigns *err;
      // the left fold stops at one input (lemma_fold_stop_unique): its own check, else C1
      ensures \exists integer m; fold_stops_at{Pre}((sonnx_tensor *)inputs, m) && \result == stop_status{Pre}((sonnx_tensor *)inputs, m);
      ensures err != \null ==> fold_stops_at{Pre}((sonnx_tensor *)inputs, err->input) && err->rule == SONNX_RULE_SONNX &&
        stop_reported{Pre}((sonnx_tensor *)inputs, err->input, err->status, err->input, err->axis, err->size, err->expected);
    behavior capacity:             // @req LIB-CAPACITY LIB-ERR-NOWRITE
      assumes operator_called(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank);
      assumes fold_accepts((sonnx_tensor *)inputs, n) && dims_capacity < tensors_rank((sonnx_tensor *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_CAPACITY;
      ensures err_is(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, dims_capacity,
        tensors_rank{Pre}((sonnx_tensor *)inputs, n), SONNX_RULE_SONNX);
    behavior overflow:             // @req LIB-OVERFLOW LIB-ERR-NOWRITE
      assumes operator_called(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank);
      assumes fold_accepts((sonnx_tensor *)inputs, n) && dims_capacity >= tensors_rank((sonnx_tensor *)inputs, n);
      assumes !operands_fit((sonnx_tensor *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_OVERFLOW;
      ensures err != \null ==> err->status == SONNX_ERR_OVERFLOW && overflow_input{Pre}((sonnx_tensor *)inputs, n, err->input) &&
        err->axis == SONNX_NO_INDEX && err->size == 0 && err->expected == 0 && err->rule == SONNX_RULE_SONNX;
    behavior bad_buffer:           // @req LIB-NULL LIB-CAPACITY LIB-ERR-NOWRITE
      assumes shape_checks_pass(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank);
      assumes operands_fit((sonnx_tensor *)inputs, n) && !buffers_ok((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, common_count((sonnx_tensor *)inputs, n));
      assigns *err;
      ensures \exists integer m; first_bad_buffer{Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, common_count{Pre}((sonnx_tensor *)inputs, n), m) &&
        \result == buffer_status{Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, m, common_count{Pre}((sonnx_tensor *)inputs, n));
      ensures err != \null ==> err->rule == SONNX_RULE_SONNX &&
        first_bad_buffer{Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, common_count{Pre}((sonnx_tensor *)inputs, n), err->input) &&
        buffer_reported{Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, err->input, common_count{Pre}((sonnx_tensor *)inputs, n),
          err->status, err->input, err->axis, err->size, err->expected);
    behavior broadcast:            // every check passes: the call must succeed
      assumes operator_passes(n, (sonnx_tensor *)inputs, (sonnx_buffer *)outputs, out_dims, dims_capacity, out_rank);
      ensures \result == SONNX_OK;
      ensures rank: *out_rank == tensors_rank{Pre}((sonnx_tensor *)inputs, n) && *out_rank <= dims_capacity &&
        tensors_max_rank{Pre}((sonnx_tensor *)inputs, n, *out_rank);
      ensures sizes:               // @req SONNX-STEP2-MAX SONNX-C1 SONNX-REC
        tensors_axes{Post, Pre}((sonnx_tensor *)inputs, n, *out_rank, out_dims, *out_rank);
      ensures elements: \forall integer m; 0 <= m < n ==>   // @req SONNX-ELEM
        elements_broadcast_to{Post, Pre}((char *)\at(outputs[m].data, Pre), (char *)\at(inputs[m].data, Pre),
          \at(inputs[m].elem_size, Pre), \at(inputs[m].shape, Pre), *out_rank, out_dims,
          count_from(out_dims, 0, *out_rank));
      ensures indices: \forall integer m; 0 <= m < n ==>   // @req SONNX-ELEM, as 001 writes it: Zm[i] = Ym[f(i)]
        elements_at_indices{Post, Pre}((char *)\at(outputs[m].data, Pre), (char *)\at(inputs[m].data, Pre),
          \at(inputs[m].elem_size, Pre), \at(inputs[m].shape, Pre), *out_rank, out_dims);
      ensures room:                // @req LIB-CAPACITY
        outputs_hold{Pre}((sonnx_tensor *)inputs, (sonnx_buffer *)outputs, n, count_from(out_dims, 0, *out_rank));
      ensures beyond:   // @req LIB-ERR-NOWRITE: nothing past each output's count * elem_size bytes
        \forall integer m, a; 0 <= m < n && \at(outputs[m].data, Pre) != \null &&
          count_from(out_dims, 0, *out_rank) * \at(inputs[m].elem_size, Pre) <= a < \at(outputs[m].capacity, Pre) ==>
            ((char *)\at(outputs[m].data, Pre))[a] == \at(((char *)outputs[m].data)[a], Pre);
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_broadcast(size_t n, const sonnx_tensor *inputs, const sonnx_buffer *outputs,
                             size_t *out_dims, size_t dims_capacity, size_t *out_rank,
                             sonnx_error *err);

/* Zero-copy view: strides[k] (in elements of x) for k < z.rank so that
   Z[i0..i(r-1)] == x_data[sum_k i_k * strides[k]]; 0 on padded and stretched axes.
   Checks in this order: x then z (rank, dims), x broadcasts to z (fields as
   sonnx_broadcast_to), every block of x fits in size_t (OVERFLOW, input 0, axis = the first
   axis from the last down whose block overflows, sizes 0), strides NULL (argument 3, when
   z.rank > 0). */
/*@ requires err == \null || \valid(err);
    requires shape_ok(x) ==> shape_readable(x);
    requires shape_ok(z) ==> shape_readable(z);
    requires strides != \null && shape_ok(z) ==> \valid(strides + (0 .. z.rank - 1));
    requires strides != \null && shape_ok(x) && shape_ok(z) && x.rank > 0 ==>
      \separated(strides + (0 .. z.rank - 1), x.dims + (0 .. x.rank - 1));
    requires strides != \null && shape_ok(z) && z.rank > 0 ==>
      \separated(strides + (0 .. z.rank - 1), z.dims + (0 .. z.rank - 1));
    requires err != \null && strides != \null && shape_ok(z) ==> \separated(err, strides + (0 .. z.rank - 1));
    requires err != \null && shape_ok(x) && x.rank > 0 ==> \separated(err, x.dims + (0 .. x.rank - 1));
    requires err != \null && shape_ok(z) && z.rank > 0 ==> \separated(err, z.dims + (0 .. z.rank - 1));
    ensures reported: err != \null ==> err->status == \result;   // @req LIB-ERR-STATUS
    behavior bad_shape:            // @req LIB-RANK LIB-NULL
      assumes !shape_ok(x) || !shape_ok(z);
      assigns *err;
      ensures bad_shape_reported(err, \result, x, z);
    behavior incompatible:         // @req ONNX-UNIDIR SONNX-C1
      assumes shape_ok(x) && shape_ok(z) && !broadcasts_to(x, z);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE &&
        err->rule == SONNX_RULE_ONNX_UNIDIR &&
        unidir_fields{Pre}(err->input, err->axis, err->size, err->expected, x, z);
    behavior overflow:             // @req LIB-OVERFLOW
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && !blocks_fit(x, z.rank);
      assigns *err;
      ensures \result == SONNX_ERR_OVERFLOW;
      ensures err != \null ==> err->status == SONNX_ERR_OVERFLOW && err->input == 0 &&
        first_block_overflow{Pre}(x, z.rank, err->axis) && err->size == 0 && err->expected == 0 &&
        err->rule == SONNX_RULE_SONNX;
    behavior null_strides:         // @req LIB-NULL
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && blocks_fit(x, z.rank);
      assumes strides == \null && z.rank > 0;
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 3, SONNX_RULE_SONNX);
    behavior view:                 // @req LIB-STRIDES SONNX-ELEM
      assumes shape_ok(x) && shape_ok(z) && (strides != \null || z.rank == 0);
      assumes broadcasts_to(x, z) && blocks_fit(x, z.rank);
      assigns strides[0 .. z.rank - 1], *err;
      ensures \result == SONNX_OK;
      ensures strides: \forall integer k; 0 <= k < z.rank ==> strides[k] == view_stride{Pre}(x, z.rank, k);
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_broadcast_strides(sonnx_shape x, sonnx_shape z, size_t *strides,
                                     sonnx_error *err);

/* Offset in x of the element of Z with the given 0-based multi-index (length z.rank).
   Checks as sonnx_broadcast_strides (offset, argument 4, then index, argument 3, NULL last),
   then each index below its size (SONNX_ERR_ARGUMENT, input SONNX_NO_INDEX, axis = the first
   axis out of range, size = index[axis], expected = z.dims[axis]). */
/*@ requires err == \null || \valid(err);
    requires offset == \null || \valid(offset);
    requires shape_ok(x) ==> shape_readable(x);
    requires shape_ok(z) ==> shape_readable(z);
    requires index != \null && shape_ok(z) ==> \valid_read(index + (0 .. z.rank - 1));
    requires err != \null ==> \separated(err, offset);
    requires err != \null && index != \null && shape_ok(z) ==> \separated(err, index + (0 .. z.rank - 1));
    requires err != \null && shape_ok(x) && x.rank > 0 ==> \separated(err, x.dims + (0 .. x.rank - 1));
    requires err != \null && shape_ok(z) && z.rank > 0 ==> \separated(err, z.dims + (0 .. z.rank - 1));
    ensures reported: err != \null ==> err->status == \result;   // @req LIB-ERR-STATUS
    behavior bad_shape:            // @req LIB-RANK LIB-NULL
      assumes !shape_ok(x) || !shape_ok(z);
      assigns *err;
      ensures bad_shape_reported(err, \result, x, z);
    behavior incompatible:         // @req ONNX-UNIDIR SONNX-C1
      assumes shape_ok(x) && shape_ok(z) && !broadcasts_to(x, z);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE &&
        err->rule == SONNX_RULE_ONNX_UNIDIR &&
        unidir_fields{Pre}(err->input, err->axis, err->size, err->expected, x, z);
    behavior overflow:             // @req LIB-OVERFLOW
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && !blocks_fit(x, z.rank);
      assigns *err;
      ensures \result == SONNX_ERR_OVERFLOW;
      ensures err != \null ==> err->status == SONNX_ERR_OVERFLOW && err->input == 0 &&
        first_block_overflow{Pre}(x, z.rank, err->axis) && err->size == 0 && err->expected == 0 &&
        err->rule == SONNX_RULE_SONNX;
    behavior null_argument:        // @req LIB-NULL
      assumes shape_ok(x) && shape_ok(z) && broadcasts_to(x, z) && blocks_fit(x, z.rank);
      assumes offset == \null || (index == \null && z.rank > 0);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      // offset is argument 4, checked first; index argument 3
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        offset == \null ? 4 : 3, SONNX_RULE_SONNX);
    behavior out_of_range:         // @req LIB-STRIDES
      assumes shape_ok(x) && shape_ok(z) && offset != \null && (index != \null || z.rank == 0);
      assumes broadcasts_to(x, z) && blocks_fit(x, z.rank) && !index_in(index, z);
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err != \null ==> err->status == SONNX_ERR_ARGUMENT &&
        err->input == SONNX_NO_INDEX && first_index_out{Pre}((size_t *)index, z, err->axis) &&
        err->size == index_at{Pre}((size_t *)index, err->axis) &&
        err->expected == dim_at{Pre}(z, err->axis) && err->rule == SONNX_RULE_SONNX;
    behavior offset:               // @req LIB-STRIDES SONNX-ELEM SONNX-F
      assumes shape_ok(x) && shape_ok(z) && offset != \null && (index != \null || z.rank == 0);
      assumes broadcasts_to(x, z) && blocks_fit(x, z.rank) && index_in(index, z);
      assigns *offset, *err;
      ensures \result == SONNX_OK;
      ensures offset: *offset == index_offset_from{Pre}(x, z.dims, z.rank, (size_t *)index, 0);
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_source_offset(sonnx_shape x, sonnx_shape z, const size_t *index,
                                 size_t *offset, sonnx_error *err);

/* snprintf-like: a NUL-terminated message for err in buf; the text is tested only (LIB-ERR-MESSAGE). */
/*@ requires err == \null || \valid_read(err);
    requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires cap > 0 && err != \null ==> \separated(buf + (0 .. cap - 1), err);
    assigns buf[0 .. cap - 1];
    ensures terminated: cap > 0 ==> buf[\result < cap ? \result : cap - 1] == 0;   // @req LIB-ERR-STATUS
    ensures bounded: \result < SONNX_MESSAGE_MAX;
*/
size_t sonnx_format_error(const sonnx_error *err, char *buf, size_t cap);

/* ---- XLA explicit broadcasting and the ONNX operator forms (issue 6, src/sonnx_xla.c) ----
 * Each reuses the proven core: broadcast_in_dim is sonnx_broadcast_to of x with 1s inserted,
 * the shape functions call sonnx_broadcast_shape / sonnx_broadcast_shape_numpy. A malformed
 * broadcast dimension list is SONNX_ERR_ARGUMENT: a wrong length has input = axis =
 * SONNX_NO_INDEX, size = the length given, expected = the length needed; a bad entry k has
 * input = the operand the list maps, axis = k, size = bd[k] and expected = the rank it must
 * stay below (size >= expected) or bd[k-1] + 1, the least value above the entry before it
 * (size < expected). */
#ifdef __FRAMAC__
#include "xla_logic.h"
/*@
  // What a caller of sonnx_broadcast_in_dim hands over; everything checkable is checked.
  predicate in_dim_call_valid{L}(sonnx_shape x, void *x_data, size_t es, size_t *bd,
                                 sonnx_shape z, void *z_data, size_t z_capacity, sonnx_error *err) =
    (err == \null || \valid(err)) &&
    (shape_ok(x) ==> shape_readable(x)) && (shape_ok(z) ==> shape_readable(z)) &&
    (shape_ok(x) && bd != \null ==> bd_readable(bd, x.rank)) &&
    (x_data != \null && shape_ok(x) && shape_ok(z) && (bd != \null || x.rank == 0) &&
     bd_ok(bd, x.rank, z.rank) && indim_count(x, bd, z.rank) * es <= SIZE_MAX ==>
       \valid_read((char *)x_data + (0 .. indim_count(x, bd, z.rank) * es - 1))) &&
    (z_data != \null ==> \valid((char *)z_data + (0 .. z_capacity - 1))) &&
    // @req LIB-NOALIAS: input and output buffers do not overlap
    (z_data != \null && x_data != \null && shape_ok(x) && shape_ok(z) &&
     (bd != \null || x.rank == 0) && bd_ok(bd, x.rank, z.rank) &&
     indim_count(x, bd, z.rank) * es <= SIZE_MAX ==>
       \separated((char *)z_data + (0 .. z_capacity - 1),
                  (char *)x_data + (0 .. indim_count(x, bd, z.rank) * es - 1))) &&
    (err != \null && z_data != \null ==> \separated(err, (char *)z_data + (0 .. z_capacity - 1))) &&
    (err != \null && shape_ok(x) && x.rank > 0 ==> \separated(err, x.dims + (0 .. x.rank - 1))) &&
    (err != \null && shape_ok(x) && x.rank > 0 && bd != \null ==> \separated(err, bd + (0 .. x.rank - 1))) &&
    (err != \null && shape_ok(z) && z.rank > 0 ==> \separated(err, z.dims + (0 .. z.rank - 1))) &&
    // @req LIB-NOALIAS: the output overlaps no shape array and not the list
    (z_data != \null && shape_ok(x) && x.rank > 0 ==>
       \separated((char *)z_data + (0 .. z_capacity - 1), x.dims + (0 .. x.rank - 1))) &&
    (z_data != \null && shape_ok(x) && x.rank > 0 && bd != \null ==>
       \separated((char *)z_data + (0 .. z_capacity - 1), bd + (0 .. x.rank - 1))) &&
    (z_data != \null && shape_ok(z) && z.rank > 0 ==>
       \separated((char *)z_data + (0 .. z_capacity - 1), z.dims + (0 .. z.rank - 1)));

  predicate in_dim_fits{L}(sonnx_shape x, size_t *bd, size_t es, sonnx_shape z) =
    indim_count(x, bd, z.rank) * es <= SIZE_MAX && shape_count(z) * es <= SIZE_MAX;

  predicate in_dim_null_data{L}(sonnx_shape x, size_t *bd, void *x_data, sonnx_shape z, void *z_data) =
    (x_data == \null && indim_count(x, bd, z.rank) > 0) || (z_data == \null && shape_count(z) > 0);

  // Memory a caller of the two-operand shape functions hands over.
  predicate pair_call_valid{L}(sonnx_shape a, sonnx_shape b, size_t *out_dims, size_t capacity,
                               size_t *out_rank, sonnx_error *err) =
    (err == \null || \valid(err)) &&
    (out_rank == \null || \valid(out_rank)) &&
    (out_dims == \null || \valid(out_dims + (0 .. capacity - 1))) &&
    (shape_ok(a) ==> shape_readable(a)) && (shape_ok(b) ==> shape_readable(b)) &&
    err_rank_apart(err, out_rank) &&
    (out_dims != \null ==> \separated(out_dims + (0 .. capacity - 1), err) &&
                           \separated(out_dims + (0 .. capacity - 1), out_rank)) &&
    (shape_ok(a) && a.rank > 0 ==> \separated(a.dims + (0 .. a.rank - 1), err) &&
       \separated(a.dims + (0 .. a.rank - 1), out_rank) &&
       (out_dims != \null ==> \separated(a.dims + (0 .. a.rank - 1), out_dims + (0 .. capacity - 1)))) &&
    (shape_ok(b) && b.rank > 0 ==> \separated(b.dims + (0 .. b.rank - 1), err) &&
       \separated(b.dims + (0 .. b.rank - 1), out_rank) &&
       (out_dims != \null ==> \separated(b.dims + (0 .. b.rank - 1), out_dims + (0 .. capacity - 1))));

  predicate pair_out_null(size_t *out_dims, size_t capacity, size_t *out_rank) =
    out_rank == \null || (out_dims == \null && capacity > 0);
*/
#endif

/* XLA BroadcastInDim: operand axis k maps to result axis broadcast_dimensions[k]
   (x.rank entries; may be NULL when x.rank == 0). Valid iff the dimensions are strictly
   increasing, each < z.rank, and x.dims[k] == z.dims[broadcast_dimensions[k]] or x.dims[k] == 1.
   Writes count(z) elements into z_data.
   Checks in this order: x then z (rank, dims); broadcast_dimensions NULL (argument 4) while
   x.rank > 0; each entry k in turn (below z.rank, above entry k-1); each operand size in turn
   (XLA-INDIM-MATCH: INCOMPATIBLE, input 0, axis = bd[k], size = x.dims[k], expected =
   z.dims[bd[k]], rule = SONNX_RULE_XLA_INDIM_MATCH); elem_size; then, when no size of z is 0,
   the checks of sonnx_broadcast_to (byte sizes, NULL data: x_data is argument 2, input 0,
   z_data argument 6; capacity). A size of z that is 0 gives SONNX_OK with nothing read or
   written, even where a size 1 of x is stretched to it (erratum E25; sonnx_broadcast_to rejects
   that case, E21). */
/*@ requires in_dim_call_valid(x, (void *)x_data, elem_size, (size_t *)broadcast_dimensions, z,
                               z_data, z_capacity, err);
    behavior bad_shape:            // @req LIB-RANK LIB-NULL
      assumes !shape_ok(x) || !shape_ok(z);
      assigns *err;
      ensures bad_shape_reported(err, \result, x, z);
    behavior null_dimensions:      // @req LIB-NULL
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions == \null && x.rank > 0;
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 4, SONNX_RULE_SONNX);
    behavior bad_dimensions:       // @req XLA-INDIM-ORDER XLA-INDIM-TUPLE LIB-ERR-STATUS
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes !bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err != \null ==> err->status == SONNX_ERR_ARGUMENT && err->input == 0 &&
        0 <= err->axis < x.rank && err->rule == SONNX_RULE_SONNX;
      ensures first: err != \null ==>
        bd_ok{Pre}((size_t *)broadcast_dimensions, err->axis, z.rank) &&
        !bd_entry_ok{Pre}((size_t *)broadcast_dimensions, err->axis, z.rank);
      // (err->axis is read after the call, the list before it: \let, since \at reads
      // every memory access inside it at Pre, err->axis included.)
      ensures size: err != \null ==> \let k = err->axis; err->size == \at(broadcast_dimensions[k], Pre);
      ensures expected: err != \null ==> \let k = err->axis;
        (err->size >= z.rank ==> err->expected == z.rank) &&
        (err->size < z.rank ==> k > 0 && err->expected == \at(broadcast_dimensions[k - 1], Pre) + 1);
    behavior mismatch:             // @req XLA-INDIM-MATCH
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assumes !indim_match(x, (size_t *)broadcast_dimensions, z);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures rule: err != \null ==> err->rule == SONNX_RULE_XLA_INDIM_MATCH;
      // operand axis k, the first whose size matches neither z's nor 1
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE && err->input == 0 &&
        \exists integer k; 0 <= k < x.rank &&
          err->axis == \at(broadcast_dimensions[k], Pre) &&
          err->size == \at(x.dims[k], Pre) && (\let a = err->axis; err->expected == \at(z.dims[a], Pre)) &&
          err->size != err->expected && err->size != 1 &&
          indim_match_upto{Pre}(x, (size_t *)broadcast_dimensions, z, k);
    behavior elem_size:            // @req LIB-ELEM-SIZE
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assumes indim_match(x, (size_t *)broadcast_dimensions, z);
      assumes elem_size == 0;
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, 0, SONNX_NO_INDEX, 0, 1, SONNX_RULE_SONNX);
    behavior empty:                // @req XLA-INDIM-MATCH LIB-ERR-NOWRITE
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assumes indim_match(x, (size_t *)broadcast_dimensions, z);
      assumes elem_size > 0;
      assumes has_zero_dim(z.dims, z.rank);
      assigns *err;
      ensures \result == SONNX_OK;
      ensures err != \null ==> err->status == SONNX_OK;
    behavior overflow:             // @req LIB-OVERFLOW
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assumes indim_match(x, (size_t *)broadcast_dimensions, z);
      assumes elem_size > 0 && !has_zero_dim(z.dims, z.rank);
      assumes !in_dim_fits(x, (size_t *)broadcast_dimensions, elem_size, z);
      assigns *err;
      ensures \result == SONNX_ERR_OVERFLOW;
      // the output when z's bytes overflow, else input 0
      ensures err_is(err, SONNX_ERR_OVERFLOW,
        shape_count{Pre}(z) * elem_size > SIZE_MAX ? SONNX_NO_INDEX : 0, SONNX_NO_INDEX, 0, 0,
        SONNX_RULE_SONNX);
    behavior null_data:            // @req LIB-NULL
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assumes indim_match(x, (size_t *)broadcast_dimensions, z);
      assumes elem_size > 0 && !has_zero_dim(z.dims, z.rank);
      assumes in_dim_fits(x, (size_t *)broadcast_dimensions, elem_size, z);
      assumes in_dim_null_data(x, (size_t *)broadcast_dimensions, (void *)x_data, z, z_data);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      // x_data is argument 2 (input 0), z_data argument 6
      ensures x_data == \null && indim_count{Pre}(x, (size_t *)broadcast_dimensions, z.rank) > 0 ?
        err_is(err, SONNX_ERR_NULL, 0, SONNX_NO_INDEX, 0, 2, SONNX_RULE_SONNX) :
        err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 6, SONNX_RULE_SONNX);
    behavior capacity:             // @req LIB-CAPACITY
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assumes indim_match(x, (size_t *)broadcast_dimensions, z);
      assumes elem_size > 0 && !has_zero_dim(z.dims, z.rank);
      assumes in_dim_fits(x, (size_t *)broadcast_dimensions, elem_size, z);
      assumes !in_dim_null_data(x, (size_t *)broadcast_dimensions, (void *)x_data, z, z_data);
      assumes z_capacity < shape_count(z) * elem_size;
      assigns *err;
      ensures \result == SONNX_ERR_CAPACITY;
      ensures err_is(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, z_capacity,
        shape_count{Pre}(z) * elem_size, SONNX_RULE_SONNX);
    behavior broadcast:            // @req XLA-INDIM-TUPLE XLA-INDIM-MATCH SONNX-F LIB-ROWMAJOR
      assumes shape_ok(x) && shape_ok(z);
      assumes broadcast_dimensions != \null || x.rank == 0;
      assumes bd_ok((size_t *)broadcast_dimensions, x.rank, z.rank);
      assumes indim_match(x, (size_t *)broadcast_dimensions, z);
      assumes elem_size > 0 && !has_zero_dim(z.dims, z.rank);
      assumes in_dim_fits(x, (size_t *)broadcast_dimensions, elem_size, z);
      assumes !in_dim_null_data(x, (size_t *)broadcast_dimensions, (void *)x_data, z, z_data);
      assumes z_capacity >= shape_count(z) * elem_size;
      assigns ((char *)z_data)[0 .. shape_count(z) * elem_size - 1], *err;
      ensures \result == SONNX_OK;
      ensures elements: elements_in_dim{Post, Pre}((char *)z_data, (char *)x_data, elem_size, x,
        (size_t *)broadcast_dimensions, z, shape_count{Pre}(z));
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_broadcast_in_dim(sonnx_shape x, const void *x_data, size_t elem_size,
                                    const size_t *broadcast_dimensions, sonnx_shape z,
                                    void *z_data, size_t z_capacity, sonnx_error *err);

/* Result shape of an XLA element-wise binary op with broadcast_dimensions: for equal ranks the
   list must be empty or the identity and degenerate-dimension broadcasting applies; for a rank-0
   operand the list is empty; otherwise it has the lower rank's length, maps the lower-rank
   operand into the higher rank (other axes 1), then degenerate broadcasting applies.
   Degenerate broadcasting is the NumPy rule (erratum E27: a 1 against a 0 gives 0): the result
   is sonnx_broadcast_shape_numpy of the two operands at the higher rank, lhs input 0.
   Checks in this order: out_dims NULL (argument 5) with capacity > 0, out_rank NULL (argument
   7); lhs then rhs (rank, dims); n_dims; broadcast_dimensions NULL (argument 3) while
   n_dims > 0; each entry against the higher rank (input = the lower-rank operand, lhs when the
   ranks are equal); capacity >= the higher rank; degenerate compatibility axis by axis
   (XLA-DEGENERATE: INCOMPATIBLE with sonnx_broadcast_shape_numpy's fields and
   rule = SONNX_RULE_XLA_DEGENERATE). */
/*@ requires pair_call_valid(lhs, rhs, out_dims, capacity, out_rank, err);
    requires n_dims > 0 && broadcast_dimensions != \null ==>
      \valid_read(broadcast_dimensions + (0 .. n_dims - 1));
    requires n_dims > 0 && broadcast_dimensions != \null && out_dims != \null ==>
      \separated(broadcast_dimensions + (0 .. n_dims - 1), out_dims + (0 .. capacity - 1));
    requires n_dims > 0 && broadcast_dimensions != \null ==>
      \separated(broadcast_dimensions + (0 .. n_dims - 1), err) &&
      \separated(broadcast_dimensions + (0 .. n_dims - 1), out_rank);
    behavior null_argument:        // @req LIB-NULL
      assumes pair_out_null(out_dims, capacity, out_rank);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      // out_dims is argument 5, out_rank argument 7
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        out_dims == \null && capacity > 0 ? 5 : 7, SONNX_RULE_SONNX);
    behavior bad_shape:            // @req LIB-RANK LIB-NULL
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes !shape_ok(lhs) || !shape_ok(rhs);
      assigns *err;
      ensures bad_shape_reported(err, \result, lhs, rhs);
    behavior bad_length:           // @req XLA-INDIM-TUPLE XLA-SCALAR
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes !xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n_dims,
        pair_low_rank(lhs.rank, rhs.rank), SONNX_RULE_SONNX);
    behavior null_dimensions:      // @req LIB-NULL
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims > 0 && broadcast_dimensions == \null;
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 3, SONNX_RULE_SONNX);
    behavior bad_dimensions:       // @req XLA-INDIM-ORDER LIB-ERR-STATUS
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims == 0 || broadcast_dimensions != \null;
      assumes !bd_ok((size_t *)broadcast_dimensions, n_dims, pair_rank(lhs.rank, rhs.rank));
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err != \null ==> err->status == SONNX_ERR_ARGUMENT &&
        err->input == (lhs.rank <= rhs.rank ? 0 : 1) && 0 <= err->axis < n_dims &&
        err->rule == SONNX_RULE_SONNX;
      ensures first: err != \null ==>
        bd_ok{Pre}((size_t *)broadcast_dimensions, err->axis, pair_rank(lhs.rank, rhs.rank)) &&
        !bd_entry_ok{Pre}((size_t *)broadcast_dimensions, err->axis, pair_rank(lhs.rank, rhs.rank));
      ensures size: err != \null ==> \let k = err->axis; err->size == \at(broadcast_dimensions[k], Pre);
      ensures expected: err != \null ==> \let k = err->axis;
        (err->size >= pair_rank(lhs.rank, rhs.rank) ==> err->expected == pair_rank(lhs.rank, rhs.rank)) &&
        (err->size < pair_rank(lhs.rank, rhs.rank) ==>
           k > 0 && err->expected == \at(broadcast_dimensions[k - 1], Pre) + 1);
    behavior capacity:             // @req LIB-CAPACITY
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims == 0 || broadcast_dimensions != \null;
      assumes bd_ok((size_t *)broadcast_dimensions, n_dims, pair_rank(lhs.rank, rhs.rank));
      assumes capacity < pair_rank(lhs.rank, rhs.rank);
      assigns *err;
      ensures \result == SONNX_ERR_CAPACITY;
      ensures err_is(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, capacity,
        pair_rank(lhs.rank, rhs.rank), SONNX_RULE_SONNX);
    behavior incompatible:         // @req XLA-DEGENERATE XLA-COMPOSE LIB-ERR-STATUS
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims == 0 || broadcast_dimensions != \null;
      assumes bd_ok((size_t *)broadcast_dimensions, n_dims, pair_rank(lhs.rank, rhs.rank));
      assumes capacity >= pair_rank(lhs.rank, rhs.rank);
      assumes !xla_compatible(lhs, rhs, (size_t *)broadcast_dimensions, n_dims);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE &&
        0 <= err->input < 2 && 0 <= err->axis < pair_rank(lhs.rank, rhs.rank);
      ensures rule: err != \null ==> err->rule == SONNX_RULE_XLA_DEGENERATE;
      // sonnx_broadcast_shape_numpy's fields on the operands at the higher rank
      ensures fields: err != \null ==> xla_violation{Pre}(lhs, rhs, (size_t *)broadcast_dimensions,
        n_dims, err->input, err->axis, err->size, err->expected);
    behavior broadcast:            // @req XLA-COMPOSE XLA-DEGENERATE XLA-OUTER XLA-SCALAR
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims == 0 || broadcast_dimensions != \null;
      assumes bd_ok((size_t *)broadcast_dimensions, n_dims, pair_rank(lhs.rank, rhs.rank));
      assumes capacity >= pair_rank(lhs.rank, rhs.rank);
      assumes xla_compatible(lhs, rhs, (size_t *)broadcast_dimensions, n_dims);
      assigns out_dims[0 .. capacity - 1], *out_rank, *err;
      ensures \result == SONNX_OK;
      ensures rank: *out_rank == pair_rank(lhs.rank, rhs.rank);
      ensures sizes: \forall integer i; 0 <= i < *out_rank ==>
        out_dims[i] == xla_dim{Pre}(lhs, rhs, (size_t *)broadcast_dimensions, n_dims, i);
      ensures untouched: \forall integer k; *out_rank <= k < capacity ==>
        out_dims[k] == \old(out_dims[k]);
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_xla_binary_shape(sonnx_shape lhs, sonnx_shape rhs,
                                    const size_t *broadcast_dimensions, size_t n_dims,
                                    size_t *out_dims, size_t capacity, size_t *out_rank,
                                    sonnx_error *err);

/* ONNX unidirectional broadcasting: OK iff b can be broadcast to a (result shape == a), under
   the SONNX rule (erratum E30: a 1 against a 0 is rejected).
   Checks in this order: a then b (rank, dims: input 0 is a, input 1 is b); b.rank <= a.rank
   (INCOMPATIBLE, input 1, axis SONNX_NO_INDEX, size = b.rank, expected = a.rank);
   sonnx_broadcast_shape({a, b}) with its error fields; the common shape equals a (else
   INCOMPATIBLE, input 1, axis i, size = b's padded size, expected = a.dims[i]). */
/*@ requires err == \null || \valid(err);
    requires shape_ok(a) ==> shape_readable(a);
    requires shape_ok(b) ==> shape_readable(b);
    requires err != \null && shape_ok(a) && a.rank > 0 ==> \separated(err, a.dims + (0 .. a.rank - 1));
    requires err != \null && shape_ok(b) && b.rank > 0 ==> \separated(err, b.dims + (0 .. b.rank - 1));
    behavior bad_shape:            // @req LIB-RANK LIB-NULL
      assumes !shape_ok(a) || !shape_ok(b);
      assigns *err;
      ensures bad_shape_reported(err, \result, a, b);
    behavior incompatible:         // @req ONNX-UNIDIR SONNX-C1
      assumes shape_ok(a) && shape_ok(b) && !broadcasts_to(b, a);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE && 0 <= err->input < 2;
      // C1 of the pair broken: SONNX-C1; else b does not broadcast to a: ONNX-UNIDIR.
      ensures rule: err != \null ==>
        ((b.rank <= a.rank && !pair_compatible_max{Pre}(a, b)) ==> err->rule == SONNX_RULE_SONNX) &&
        ((b.rank > a.rank || pair_compatible_max{Pre}(a, b)) ==> err->rule == SONNX_RULE_ONNX_UNIDIR);
      // C1 broken: the fields of sonnx_broadcast_shape({a, b}); else b (input 1) against a
      ensures fields: err != \null ==> (b.rank <= a.rank && !pair_compatible_max{Pre}(a, b) ?
        pair_violation{Pre}(0, a, b, err->input, err->axis, err->size, err->expected) :
        err->input == 1 && unidir_violation{Pre}(err->axis, err->size, err->expected, b, a));
    behavior unidirectional:       // @req ONNX-UNIDIR
      assumes shape_ok(a) && shape_ok(b) && broadcasts_to(b, a);
      assigns *err;
      ensures \result == SONNX_OK;
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_unidirectional_check(sonnx_shape a, sonnx_shape b, sonnx_error *err);

/* ONNX Expand: output shape = multidirectional broadcast of x's shape and `shape`, i.e.
   sonnx_broadcast_shape({x, shape}) under the SONNX rule, with its checks, their order and
   their error fields (x is input 0, shape input 1; out_dims is argument 3, out_rank 5). */
/*@ requires pair_call_valid(x, shape, out_dims, capacity, out_rank, err);
    behavior null_argument:        // @req LIB-NULL
      assumes pair_out_null(out_dims, capacity, out_rank);
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      // out_dims is argument 3, out_rank argument 5
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        out_dims == \null && capacity > 0 ? 3 : 5, SONNX_RULE_SONNX);
    behavior bad_shape:            // @req LIB-RANK LIB-NULL
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes !shape_ok(x) || !shape_ok(shape);
      assigns *err;
      ensures bad_shape_reported(err, \result, x, shape);
    behavior capacity:             // @req LIB-CAPACITY
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(x) && shape_ok(shape);
      assumes capacity < pair_rank(x.rank, shape.rank);
      assigns *err;
      ensures \result == SONNX_ERR_CAPACITY;
      ensures err_is(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, capacity,
        pair_rank(x.rank, shape.rank), SONNX_RULE_SONNX);
    behavior incompatible:         // @req ONNX-EXPAND SONNX-C1
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(x) && shape_ok(shape);
      assumes capacity >= pair_rank(x.rank, shape.rank);
      assumes !pair_compatible_max(x, shape);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE &&
        0 <= err->input < 2 && 0 <= err->axis < pair_rank(x.rank, shape.rank);
      // sonnx_broadcast_shape's fields: the first violation, the input named, its size
      ensures fields: err != \null ==> err->rule == SONNX_RULE_SONNX &&
        pair_violation{Pre}(0, x, shape, err->input, err->axis, err->size, err->expected);
    behavior expand:               // @req ONNX-EXPAND SONNX-STEP2-MAX
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(x) && shape_ok(shape);
      assumes capacity >= pair_rank(x.rank, shape.rank);
      assumes pair_compatible_max(x, shape);
      assigns out_dims[0 .. capacity - 1], *out_rank, *err;
      ensures \result == SONNX_OK;
      ensures rank: *out_rank == pair_rank(x.rank, shape.rank);
      ensures sizes: \forall integer i; 0 <= i < *out_rank ==>
        out_dims[i] == pair_max(padded_dim{Pre}(x, *out_rank, i), padded_dim{Pre}(shape, *out_rank, i));
      ensures untouched: \forall integer k; *out_rank <= k < capacity ==>
        out_dims[k] == \old(out_dims[k]);
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_expand_shape(sonnx_shape x, sonnx_shape shape, size_t *out_dims,
                                size_t capacity, size_t *out_rank, sonnx_error *err);

/* Broadcast iteration (@req LIB-ITER): walks the output of Z1..ZN = Broadcast(X1..XN) (SONNX
   rule) in row-major order, one run at a time, for elementwise operators that read each input
   through the element relation instead of copying it (SONNX-ELEM). init checks the shapes
   exactly as sonnx_broadcast_shape does (same order, statuses and err fields; `it` takes the
   place of out_dims as argument 3), then the output element count (SONNX_ERR_OVERFLOW, input
   and axis SONNX_NO_INDEX, sizes 0), and fuses the innermost axes on which every input keeps
   one step (0: stretched, 1: copied), so that a run is as long as that block. inputs must stay
   unchanged while the iterator is used. On an error *it is not an iterator (after
   SONNX_ERR_OVERFLOW it holds the output shape). */
/*@ requires err == \null || \valid(err);
    requires it != \null ==> \valid(it);
    requires it != \null && err != \null ==> \separated(it, err);
    requires inputs != \null && 1 <= n <= SONNX_MAX_INPUTS ==>
      \valid_read(inputs + (0 .. n - 1)) &&
      (\forall integer m; 0 <= m < n && shape_ok(inputs[m]) ==> shape_readable(inputs[m])) &&
      \separated(inputs + (0 .. n - 1), err) &&
      (it != \null ==> \separated(inputs + (0 .. n - 1), it)) &&
      (\forall integer m; 0 <= m < n && shape_ok(inputs[m]) && inputs[m].rank > 0 ==>
         \separated(inputs[m].dims + (0 .. inputs[m].rank - 1), err) &&
         (it != \null ==> \separated(inputs[m].dims + (0 .. inputs[m].rank - 1), it)));
    assigns *it, *err;
    ensures reported: err != \null ==> err->status == \result;
    ensures rule: err != \null ==> err->rule == SONNX_RULE_SONNX;   // @req LIB-ERR-STATUS
    behavior null_argument:        // @req LIB-NULL
      assumes inputs == \null || it == \null;
      assigns *err;
      ensures \result == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        inputs == \null ? 2 : 3, SONNX_RULE_SONNX);
    behavior input_count:          // @req SONNX-L-RANGE
      assumes inputs != \null && it != \null;
      assumes count_out_of_range(n);
      assigns *err;
      ensures \result == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n, SONNX_MAX_INPUTS,
        SONNX_RULE_SONNX);
    behavior bad_input:            // @req LIB-RANK LIB-NULL
      assumes inputs != \null && it != \null;
      assumes !count_out_of_range(n);
      assumes !all_shapes_ok((sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_RANK || \result == SONNX_ERR_NULL;
      ensures first: \exists integer m; 0 <= m < n && all_shapes_ok{Pre}((sonnx_shape *)inputs, m) &&
        !input_ok{Pre}((sonnx_shape *)inputs, m) && \result == input_status{Pre}((sonnx_shape *)inputs, m);
      ensures err != \null ==> err->status == \result && 0 <= err->input < n &&
        !input_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        all_shapes_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        (\result == SONNX_ERR_RANK <==> input_rank_too_high{Pre}((sonnx_shape *)inputs, err->input));
      ensures fields: err != \null ==> err->axis == SONNX_NO_INDEX &&
        (\result == SONNX_ERR_RANK ==>
           err->size == input_rank{Pre}((sonnx_shape *)inputs, err->input) && err->expected == SONNX_MAX_RANK) &&
        (\result == SONNX_ERR_NULL ==> err->size == 0 && err->expected == 0);
    behavior incompatible:         // @req SONNX-C1 LIB-ERR-STATUS
      assumes inputs != \null && it != \null;
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes !shapes_compatible(0, (sonnx_shape *)inputs, n);
      assigns *err;
      ensures \result == SONNX_ERR_INCOMPATIBLE;
      ensures located: err != \null ==> 0 <= err->input < n && 0 <= err->axis < max_rank{Pre}((sonnx_shape *)inputs, n);
      ensures expected: err != \null ==>
        is_max_dim{Pre}((sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      ensures size: err != \null ==>
        err->size == input_padded_dim{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis);
      ensures violated: err != \null ==>
        !input_c1{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      ensures first: err != \null ==>
        all_c1{Pre}(0, (sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis) &&
        c1_all_inputs{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
    behavior broadcast:            // @req LIB-ITER SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 LIB-OVERFLOW
      assumes inputs != \null && it != \null;
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes shapes_compatible(0, (sonnx_shape *)inputs, n);
      assigns *it, *err;
      ensures rank: it->rank == max_rank{Pre}((sonnx_shape *)inputs, n);
      ensures sizes: \forall integer i; 0 <= i < it->rank ==>
        is_max_dim{Pre}((sonnx_shape *)inputs, n, it->rank, i, it->dims[i]);
      // the status: SONNX_OK exactly when the output's element count fits in size_t
      ensures overflow: \result == SONNX_ERR_OVERFLOW <==> count_from(&it->dims[0], 0, it->rank) > SIZE_MAX;
      ensures ok: \result == SONNX_OK <==> count_from(&it->dims[0], 0, it->rank) <= SIZE_MAX;
      ensures overflow_fields: \result == SONNX_ERR_OVERFLOW ==>
        err_is(err, SONNX_ERR_OVERFLOW, SONNX_NO_INDEX, SONNX_NO_INDEX, 0, 0, SONNX_RULE_SONNX);
      ensures start: \result == SONNX_OK ==> iter_valid(it) && it->n == n && it->inputs == inputs &&
        it->offset == 0 && it->count == count_from(&it->dims[0], 0, it->rank);
      ensures ok_reported: \result == SONNX_OK && err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_status sonnx_broadcast_iter_init(size_t n, const sonnx_shape *inputs, sonnx_broadcast_iter *it,
                                       sonnx_error *err);

/* The next run of the iteration: returns its length (>= 1) and writes its first output offset
   to *out_offset, and for each input m its source offset src[m] (the element relation of
   element *out_offset) and its step step[m] (0 or 1): output element *out_offset + s, s below
   the length, reads element src[m] + s * step[m] of input m. Returns 0, writing nothing, once
   the runs have covered the output: they follow each other from offset 0 and end at count. */
/*@ requires valid: iter_valid(it);
    requires \valid(out_offset) && \valid(src + (0 .. it->n - 1)) && \valid(step + (0 .. it->n - 1));
    requires \separated(out_offset, it, src + (0 .. it->n - 1), step + (0 .. it->n - 1),
                        it->inputs + (0 .. it->n - 1));
    requires it->count > 0 ==> \forall integer m; 0 <= m < it->n ==>
      \separated(it->inputs[m].dims + (0 .. it->inputs[m].rank - 1),
                 out_offset, src + (0 .. it->n - 1), step + (0 .. it->n - 1));
    behavior done:
      assumes it->offset == it->count;
      assigns \nothing;
      ensures \result == 0;
    behavior run:                  // @req LIB-ITER SONNX-ELEM SONNX-F LIB-ROWMAJOR
      assumes it->offset != it->count;
      assigns it->offset, it->run, *out_offset, src[0 .. it->n - 1], step[0 .. it->n - 1];
      ensures valid: iter_valid(it);
      ensures start: *out_offset == \old(it->offset);
      ensures length: 1 <= \result && \result == it->block &&
        it->offset == \old(it->offset) + \result && it->offset <= it->count;
      ensures sources: \forall integer m; 0 <= m < it->n ==> src[m] == iter_source(it, m, *out_offset);
      ensures steps: \forall integer m; 0 <= m < it->n ==> step[m] <= 1;
      // element *out_offset + s reads src[m] + s * step[m] (run_part: that product, step 0 or 1)
      ensures elements: \forall integer m, s; 0 <= m < it->n && 0 <= s < \result ==>
        iter_source(it, m, *out_offset + s) == src[m] + run_part(s, step[m]);
    complete behaviors;
    disjoint behaviors;
*/
size_t sonnx_broadcast_iter_next(sonnx_broadcast_iter *it, size_t *out_offset, size_t *src,
                                 size_t *step);

/* The library's version (semantic versioning; issue 32): a new MAJOR breaks the API or a contract,
   a new MINOR adds functions, a new PATCH changes neither. SONNX_VERSION is the header's version
   as one number; sonnx_version() returns the linked library's, so a caller can check that the
   shared library it runs with is the one whose contracts it was proved against. */
#define SONNX_VERSION_MAJOR 1
#define SONNX_VERSION_MINOR 1
#define SONNX_VERSION_PATCH 0
#define SONNX_VERSION ((SONNX_VERSION_MAJOR * 10000) + (SONNX_VERSION_MINOR * 100) + SONNX_VERSION_PATCH)

/*@ assigns \nothing;
    ensures version: \result == SONNX_VERSION_MAJOR * 10000 + SONNX_VERSION_MINOR * 100 +
                                 SONNX_VERSION_PATCH;   // @req LIB-VERSION
*/
int sonnx_version(void);

#ifdef __cplusplus
}
#endif

#endif

/* Shape rules of SONNX Broadcast: f, step 1 (padding), step 2 (max, C1),
 * the NumPy-rule variant, and the element count. Contracts of the public
 * functions are in sonnx_broadcast.h; this file adds loop annotations and
 * the contracts of its private helpers. */
#include "sonnx_internal.h"
#ifdef __FRAMAC__
#include "commut_lemmas.h" /* SONNX-COMMUT, proved on the definitions (spec/acsl) */
#include "fold_lemmas.h"   /* SONNX-REC ARRAYAPI-ALGO: the N-ary rules are the left fold (spec/acsl) */
#endif

/* The two shape rules share one implementation (issue: the rules differ only
   in how an axis size is chosen, spec/errata.md on zero sizes). */
enum { RULE_SONNX = 0, RULE_NUMPY = 1 };

size_t sonnx_index_map(size_t a, size_t b, size_t c)
{
  return (b == c) ? a : 0u;
}

size_t sonnx_padded_dim(sonnx_shape x, size_t ny, size_t i)
{
  return padded_dim_inline(x, ny, i);
}

/* Index of the first input the library cannot accept (rank above
   SONNX_MAX_RANK, or dims NULL with a positive rank), n when all are fine. */
/*@ requires \valid_read(inputs + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures all_shapes_ok((sonnx_shape *)inputs, \result);
    ensures \result < n ==> !shape_ok(inputs[\result]);
*/
static size_t first_bad_input(size_t n, const sonnx_shape *inputs)
{
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant all_shapes_ok((sonnx_shape *)inputs, m);
      loop assigns m;
      loop variant n - m;
  */
  while (m < n && inputs[m].rank <= SONNX_MAX_RANK &&
         (inputs[m].rank == 0u || inputs[m].dims != NULL)) {
    m++;
  }
  return m;
}

/* @req SONNX-STEP1-RANK: nY = max_m nXm. */
/*@ requires \valid_read(inputs + (0 .. n - 1));
    requires all_shapes_ok((sonnx_shape *)inputs, n);
    assigns \nothing;
    ensures \result == max_rank((sonnx_shape *)inputs, n);
    ensures \forall integer m; 0 <= m < n ==> inputs[m].rank <= \result;
    ensures \result <= SONNX_MAX_RANK;
*/
static size_t common_rank(size_t n, const sonnx_shape *inputs)
{
  size_t ny = 0;
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant ny == max_rank((sonnx_shape *)inputs, m) && ny <= SONNX_MAX_RANK;
      loop invariant \forall integer k; 0 <= k < m ==> inputs[k].rank <= ny;
      loop assigns m, ny;
      loop variant n - m;
  */
  while (m < n) {
    if (inputs[m].rank > ny) {
      ny = inputs[m].rank;
    }
    m++;
  }
  return ny;
}

/*@ predicate padded_readable{L}(sonnx_shape *in, integer n, integer ny) =
      \valid_read(in + (0 .. n - 1)) &&
      (\forall integer m; 0 <= m < n ==> in[m].rank <= ny && shape_readable(in[m]));
*/

/* The per-axis helpers below are inline: check_shape and write_rule_dims
   both call them, and GCC -O2 then made a call per axis and input (28 ns
   against 20 ns for case shape of make bench, 2026-11-25). */

/* @req SONNX-STEP2-MAX: dY_i = max_m dYm_i. */
/*@ requires 1 <= n;
    requires i < ny;
    requires padded_readable((sonnx_shape *)inputs, n, ny);
    assigns \nothing;
    ensures is_max_dim((sonnx_shape *)inputs, n, ny, i, \result);
*/
static inline size_t max_dim(size_t n, const sonnx_shape *inputs, size_t ny, size_t i)
{
  size_t d = padded_dim_inline(inputs[0], ny, i);
  size_t m = 1;
  /*@ ghost size_t witness = 0; */
  /*@ loop invariant 1 <= m <= n;
      loop invariant \forall integer k; 0 <= k < m ==>
        padded_dim(inputs[k], ny, i) <= d;
      loop invariant 0 <= witness < m && padded_dim(inputs[witness], ny, i) == d;
      loop assigns m, d, witness;
      loop variant n - m;
  */
  while (m < n) {
    size_t p = padded_dim_inline(inputs[m], ny, i);
    if (p > d) {
      d = p;
      /*@ ghost witness = m; */
    }
    m++;
  }
  return d;
}

/* @req ARRAYAPI-ALGO: the Array API rule folded over the inputs keeps the
   first size that is not 1 (a 1 stretches to any size, 0 included). */
/*@ requires 1 <= n;
    requires i < ny;
    requires padded_readable((sonnx_shape *)inputs, n, ny);
    assigns \nothing;
    ensures is_numpy_dim((sonnx_shape *)inputs, n, ny, i, \result);
*/
static inline size_t numpy_dim(size_t n, const sonnx_shape *inputs, size_t ny, size_t i)
{
  size_t d = 1;
  size_t m = 0;
  /*@ ghost size_t witness = 0; */
  /*@ loop invariant 0 <= m <= n;
      loop invariant (d == 1 && \forall integer k; 0 <= k < m ==> padded_dim(inputs[k], ny, i) == 1)
        || (0 <= witness < m && padded_dim(inputs[witness], ny, i) != 1 &&
            d == padded_dim(inputs[witness], ny, i) &&
            \forall integer k; 0 <= k < witness ==> padded_dim(inputs[k], ny, i) == 1);
      loop assigns m, d, witness;
      loop variant n - m;
  */
  while (m < n) {
    if (d == 1u) {
      size_t p = padded_dim_inline(inputs[m], ny, i);
      if (p != 1u) {
        d = p;
        /*@ ghost witness = m; */
      }
    }
    m++;
  }
  return d;
}

/*@ requires 1 <= n;
    requires i < ny;
    requires padded_readable((sonnx_shape *)inputs, n, ny);
    assigns \nothing;
    ensures is_rule_dim(rule, (sonnx_shape *)inputs, n, ny, i, \result);
*/
static inline size_t rule_dim(int rule, size_t n, const sonnx_shape *inputs, size_t ny, size_t i)
{
  return (rule == RULE_SONNX) ? max_dim(n, inputs, ny, i) : numpy_dim(n, inputs, ny, i);
}

/* @req SONNX-C1: the first input whose padded size on axis i is neither d nor 1, n if none. */
/*@ requires i < ny;
    requires padded_readable((sonnx_shape *)inputs, n, ny);
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures c1_all_inputs((sonnx_shape *)inputs, \result, ny, i, d);
    ensures \result < n ==> !c1_axis(inputs[\result], ny, i, d);
*/
static inline size_t first_c1_violation(size_t n, const sonnx_shape *inputs, size_t ny, size_t i, size_t d)
{
  size_t m = 0;
  /*@ loop invariant 0 <= m <= n;
      loop invariant c1_all_inputs((sonnx_shape *)inputs, m, ny, i, d);
      loop assigns m;
      loop variant n - m;
  */
  while (m < n) {
    size_t p = padded_dim_inline(inputs[m], ny, i);
    if (p != d && p != 1u) {
      break;
    }
    m++;
  }
  return m;
}

/* The checker's verdict: the status and the common rank, returned by value
   in two registers. The sizes are not part of it: write_rule_dims computes
   them again once the whole call is known to succeed. Returning all
   SONNX_MAX_RANK sizes by value cost a 528-byte copy, a third of
   sonnx_broadcast_shape's time (issue 8, case shape: 29 ns to 20 ns without
   it, side harness, 2026-11-25). */
typedef struct {
  sonnx_status status;
  size_t rank;
} shape_check;

/* Steps 1 and 2 under either rule, with every check. It writes only *err,
   so an error leaves out_dims and out_rank untouched (@req LIB-ERR-NOWRITE).
   Its behaviours are the public ones with `rule` left open; on success the
   sizes are those of is_rule_dim, which write_rule_dims writes. */
/*@ requires rule == RULE_SONNX || rule == RULE_NUMPY;
    requires shape_call_valid(n, (sonnx_shape *)inputs, out_dims, capacity, out_rank, err);
    assigns *err;
    ensures rule: err != \null ==> err->rule == SONNX_RULE_SONNX;
    behavior null_argument:
      assumes shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      ensures \result.status == SONNX_ERR_NULL;
      ensures err_is(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0,
        top_null_position((sonnx_shape *)inputs, (size_t *)out_dims, capacity), SONNX_RULE_SONNX);
    behavior input_count:
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes count_out_of_range(n);
      ensures \result.status == SONNX_ERR_ARGUMENT;
      ensures err_is(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n, SONNX_MAX_INPUTS,
        SONNX_RULE_SONNX);
    behavior bad_input:
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes !all_shapes_ok((sonnx_shape *)inputs, n);
      ensures \result.status == SONNX_ERR_RANK || \result.status == SONNX_ERR_NULL;
      ensures first: \exists integer m; 0 <= m < n && all_shapes_ok{Pre}((sonnx_shape *)inputs, m) &&
        !input_ok{Pre}((sonnx_shape *)inputs, m) && \result.status == input_status{Pre}((sonnx_shape *)inputs, m);
      ensures err != \null ==> err->status == \result.status && 0 <= err->input < n &&
        !input_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        all_shapes_ok{Pre}((sonnx_shape *)inputs, err->input) &&
        (\result.status == SONNX_ERR_RANK <==> input_rank_too_high{Pre}((sonnx_shape *)inputs, err->input));
      ensures fields: err != \null ==> err->axis == SONNX_NO_INDEX &&
        (\result.status == SONNX_ERR_RANK ==>
           err->size == input_rank{Pre}((sonnx_shape *)inputs, err->input) && err->expected == SONNX_MAX_RANK) &&
        (\result.status == SONNX_ERR_NULL ==> err->size == 0 && err->expected == 0);
    behavior capacity:
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity < max_rank((sonnx_shape *)inputs, n);
      ensures \result.status == SONNX_ERR_CAPACITY;
      ensures err != \null ==> err->status == SONNX_ERR_CAPACITY && err->size == capacity &&
        err->expected == max_rank{Pre}((sonnx_shape *)inputs, n);
    behavior incompatible:
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity >= max_rank((sonnx_shape *)inputs, n);
      assumes !shapes_compatible(rule, (sonnx_shape *)inputs, n);
      ensures \result.status == SONNX_ERR_INCOMPATIBLE;
      ensures err != \null ==> err->status == SONNX_ERR_INCOMPATIBLE;
      ensures located: err != \null ==> 0 <= err->input < n && 0 <= err->axis < max_rank{Pre}((sonnx_shape *)inputs, n);
      ensures expected: err != \null ==>
        is_rule_dim{Pre}(rule, (sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      ensures size: err != \null ==>
        err->size == input_padded_dim{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis);
      ensures violated: err != \null ==>
        !input_c1{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
      // the first violation: C1 holds on earlier axes, and for earlier inputs on this axis
      ensures first: err != \null ==>
        all_c1{Pre}(rule, (sonnx_shape *)inputs, n, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis) &&
        c1_all_inputs{Pre}((sonnx_shape *)inputs, err->input, max_rank{Pre}((sonnx_shape *)inputs, n), err->axis, err->expected);
    behavior broadcast:
      assumes !shape_top_null((sonnx_shape *)inputs, out_dims, capacity, out_rank);
      assumes !count_out_of_range(n);
      assumes all_shapes_ok((sonnx_shape *)inputs, n);
      assumes capacity >= max_rank((sonnx_shape *)inputs, n);
      assumes shapes_compatible(rule, (sonnx_shape *)inputs, n);
      ensures \result.status == SONNX_OK;
      ensures rank: \result.rank == max_rank{Pre}((sonnx_shape *)inputs, n) &&
        \result.rank <= capacity && \result.rank <= SONNX_MAX_RANK;
      ensures ranks: \forall integer m; 0 <= m < n ==> \at(inputs[m].rank, Pre) <= \result.rank;
      ensures err != \null ==> err->status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
static shape_check check_shape(int rule, size_t n, const sonnx_shape *inputs,
                               const size_t *out_dims, size_t capacity,
                               const size_t *out_rank, sonnx_error *err)
{
  shape_check r = {SONNX_OK, 0u};
  if (inputs == NULL) {
    r.status = sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 2u);
    return r;
  }
  if (out_dims == NULL && capacity > 0u) {
    r.status = sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
    return r;
  }
  if (out_rank == NULL) {
    r.status = sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 5u);
    return r;
  }
  if (n == 0u || n > SONNX_MAX_INPUTS) {
    r.status = sonnx_report(err, SONNX_ERR_ARGUMENT, SONNX_NO_INDEX, SONNX_NO_INDEX, n, SONNX_MAX_INPUTS);
    return r;
  }
  size_t bad = first_bad_input(n, inputs);
  if (bad < n) {
    if (inputs[bad].rank > SONNX_MAX_RANK) {
      r.status = sonnx_report(err, SONNX_ERR_RANK, bad, SONNX_NO_INDEX, inputs[bad].rank, SONNX_MAX_RANK);
      return r;
    }
    r.status = sonnx_report(err, SONNX_ERR_NULL, bad, SONNX_NO_INDEX, 0u, 0u);
    return r;
  }
  size_t ny = common_rank(n, inputs);
  /*@ assert ny == max_rank((sonnx_shape *)inputs, n); */
  /*@ assert ranks_below: \forall integer m; 0 <= m < n ==> \at(inputs[m].rank, Pre) <= ny; */
  if (capacity < ny) {
    r.status = sonnx_report(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, capacity, ny);
    return r;
  }
  size_t i = 0;
  /*@ loop invariant 0 <= i <= ny;
      loop invariant all_c1(rule, (sonnx_shape *)inputs, n, ny, i);
      loop assigns i;
      loop variant ny - i;
  */
  while (i < ny) {
    size_t d = rule_dim(rule, n, inputs, ny, i);
    size_t m = first_c1_violation(n, inputs, ny, i, d);
    /*@ assert \forall integer e; is_rule_dim(rule, (sonnx_shape *)inputs, n, ny, i, e) ==> e == d; */
    if (m < n) {
      /*@ assert !all_c1(rule, (sonnx_shape *)inputs, n, ny, ny); */
      r.status = sonnx_report(err, SONNX_ERR_INCOMPATIBLE, m, i, padded_dim_inline(inputs[m], ny, i), d);
      return r;
    }
    i++;
  }
  r.rank = ny;
  r.status = sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  return r;
}

/* The shapes read the same at two labels: the frame of a loop or call that
   writes only memory apart from them (out_dims, *err). */
/*@ predicate same_shapes{L1,L2}(sonnx_shape *in, integer n) =
      \forall integer m; 0 <= m < n ==>
        \at(in[m].rank, L1) == \at(in[m].rank, L2) &&
        \at(in[m].dims, L1) == \at(in[m].dims, L2) &&
        \forall integer k; 0 <= k < \at(in[m].rank, L1) ==>
          \at(in[m].dims[k], L1) == \at(in[m].dims[k], L2);
*/

/* Frame lemmas: where the shapes read the same at two labels, the padded sizes
   and the size either rule chooses are the same at both. WP cannot see this by
   itself once memory was written: the definitions read the shapes through memory. */
/*@ lemma padded_dim_frame{L1,L2}:
      \forall sonnx_shape *in, integer n, m, ny, i;
        same_shapes{L1,L2}(in, n) && 0 <= m < n && 0 <= i < ny && \at(in[m].rank, L1) <= ny ==>
        padded_dim{L1}(\at(in[m], L1), ny, i) == padded_dim{L2}(\at(in[m], L2), ny, i);

    lemma max_dim_frame{L1,L2}:
      \forall sonnx_shape *in, integer n, ny, i, d;
        same_shapes{L1,L2}(in, n) && 0 <= i < ny &&
        (\forall integer m; 0 <= m < n ==> \at(in[m].rank, L1) <= ny) &&
        is_max_dim{L1}(in, n, ny, i, d) ==> is_max_dim{L2}(in, n, ny, i, d);

    lemma numpy_dim_frame{L1,L2}:
      \forall sonnx_shape *in, integer n, ny, i, d;
        same_shapes{L1,L2}(in, n) && 0 <= i < ny &&
        (\forall integer m; 0 <= m < n ==> \at(in[m].rank, L1) <= ny) &&
        is_numpy_dim{L1}(in, n, ny, i, d) ==> is_numpy_dim{L2}(in, n, ny, i, d);

    lemma rule_dim_frame{L1,L2}:
      \forall integer rule, sonnx_shape *in, integer n, ny, i, d;
        same_shapes{L1,L2}(in, n) && 0 <= i < ny &&
        (\forall integer m; 0 <= m < n ==> \at(in[m].rank, L1) <= ny) &&
        is_rule_dim{L1}(rule, in, n, ny, i, d) ==> is_rule_dim{L2}(rule, in, n, ny, i, d);
*/

/* Every size written to out is apart from every shape read. */
/*@ predicate writes_apart{L}(size_t *out, integer count, sonnx_shape *in, integer n) =
      \separated(out + (0 .. count - 1), in + (0 .. n - 1)) &&
      \forall integer m; 0 <= m < n && in[m].rank > 0 ==>
        \separated(out + (0 .. count - 1), in[m].dims + (0 .. in[m].rank - 1));
*/

/* The loop invariant of the size writers: the shapes still read as at L0, and
   the first `upto` sizes written are those the rule chooses from them. */
/*@ predicate sizes_written{L0,L}(integer rule, sonnx_shape *in, integer n, integer ny,
                                  size_t *out, integer upto) =
      same_shapes{L0,L}(in, n) &&
      \forall integer k; 0 <= k < upto ==> is_rule_dim{L0}(rule, in, n, ny, k, \at(out[k], L));
*/

/* Writes the size the rule chooses on each of the ny axes, once check_shape
   has accepted the call: a few comparisons per axis, cheaper than carrying
   the sizes out of the checker. */
/*@ requires rule == RULE_SONNX || rule == RULE_NUMPY;
    requires 1 <= n && ny <= SONNX_MAX_RANK;
    requires padded_readable((sonnx_shape *)inputs, n, ny);
    requires \valid(out_dims + (0 .. ny - 1));
    requires writes_apart(out_dims, ny, (sonnx_shape *)inputs, n);
    assigns out_dims[0 .. ny - 1];
    ensures \forall integer i; 0 <= i < ny ==>
      is_rule_dim{Pre}(rule, (sonnx_shape *)inputs, n, ny, i, out_dims[i]);
*/
static void write_rule_dims(int rule, size_t n, const sonnx_shape *inputs, size_t ny, size_t *out_dims)
{
  size_t i = 0;
  /*@ loop invariant 0 <= i <= ny;
      loop invariant sizes_written{Pre,Here}(rule, (sonnx_shape *)inputs, n, ny, out_dims, i);
      loop assigns i, out_dims[0 .. ny - 1];
      loop variant ny - i;
  */
  while (i < ny) {
    size_t d = rule_dim(rule, n, inputs, ny, i);
    /*@ assert is_rule_dim{Pre}(rule, (sonnx_shape *)inputs, n, ny, i, d); */
    out_dims[i] = d;
    i++;
  }
}

/* Fast path of sonnx_broadcast_shape for two inputs (binary operators, the
   common case): one pass over the axes with both padded sizes at hand, instead
   of the checker's loops over the inputs on every axis. It accepts only a call
   that succeeds, and writes nothing: any other call, and so every error
   report, goes to check_shape.
   - C1 under the max rule: the smaller size is the larger or 1, that is, the
     sizes are equal or the smaller is 1. The equal-rank loop tests it so, without
     the larger; in the padded loop that form was slower (10.1 to 11.7 ns), so
     it keeps both.
   - Equal ranks, the most common pair, read the sizes as they are: step 1
     pads nothing.
   Case shape of make bench (two rank-4 shapes), side harness: 21.5 ns with
   check_shape, 11 ns with padded sizes on every axis, 7.3 ns with the
   equal-rank loop, 6.6 ns testing only the smaller size (2026-11-25, 26).
   Splitting unequal ranks into padding and shared axes was faster for them
   (8.7 ns against 10.1) but slowed equal ranks in make bench (9.9 ns against
   8.6), so it is not done. The inputs are checked by first_bad_input, as
   check_shape does (a copy of its test inline saved 0.3 ns of 6.8). */
/*@ requires \valid_read(inputs + (0 .. 1));
    requires \forall integer m; 0 <= m < 2 && shape_ok(inputs[m]) ==> shape_readable(inputs[m]);
    assigns \nothing;
    ensures \result.status == SONNX_OK || \result.status == SONNX_ERR_ARGUMENT;
    ensures accepted: \result.status == SONNX_OK ==>
      all_shapes_ok((sonnx_shape *)inputs, 2) &&
      \result.rank == max_rank((sonnx_shape *)inputs, 2) && \result.rank <= capacity &&
      \result.rank <= SONNX_MAX_RANK &&
      (\forall integer m; 0 <= m < 2 ==> inputs[m].rank <= \result.rank) &&
      shapes_compatible(RULE_SONNX, (sonnx_shape *)inputs, 2);
*/
static shape_check check_pair(const sonnx_shape *inputs, size_t capacity)
{
  /* SONNX_ERR_ARGUMENT here only means "not taken": it is never reported. */
  shape_check r = {SONNX_ERR_ARGUMENT, 0u};
  const size_t ra = inputs[0].rank;
  const size_t rb = inputs[1].rank;
  const size_t ny = (ra > rb) ? ra : rb;
  /*@ assert ny == max_rank((sonnx_shape *)inputs, 2); */
  if ((first_bad_input(2u, inputs) == 2u) && (ny <= capacity)) {
    size_t i = 0;
    if (ra == rb) {
      /*@ loop invariant 0 <= i <= ny;
          loop invariant all_c1(RULE_SONNX, (sonnx_shape *)inputs, 2, ny, i);
          loop assigns i;
          loop variant ny - i;
      */
      while (i < ny) {
        const size_t a = inputs[0].dims[i];
        const size_t b = inputs[1].dims[i];
        const size_t lo = (a > b) ? b : a;
        if ((a != b) && (lo != 1u)) {
          break;
        }
        /*@ ghost const size_t d = (a > b) ? a : b; */
        /*@ assert padded_dim(inputs[0], ny, i) == a && padded_dim(inputs[1], ny, i) == b; */
        /*@ assert is_max_dim((sonnx_shape *)inputs, 2, ny, i, d); */
        /*@ assert c1_all_inputs((sonnx_shape *)inputs, 2, ny, i, d); */
        /*@ assert \forall integer e; is_rule_dim(RULE_SONNX, (sonnx_shape *)inputs, 2, ny, i, e) ==> e == d; */
        i++;
      }
    } else {
      /*@ loop invariant 0 <= i <= ny;
          loop invariant all_c1(RULE_SONNX, (sonnx_shape *)inputs, 2, ny, i);
          loop assigns i;
          loop variant ny - i;
      */
      while (i < ny) {
        const size_t a = padded_dim_inline(inputs[0], ny, i);
        const size_t b = padded_dim_inline(inputs[1], ny, i);
        const size_t d = (a > b) ? a : b;
        const size_t lo = (a > b) ? b : a;
        if ((lo != d) && (lo != 1u)) {
          break;
        }
        /*@ assert is_max_dim((sonnx_shape *)inputs, 2, ny, i, d); */
        /*@ assert c1_all_inputs((sonnx_shape *)inputs, 2, ny, i, d); */
        /*@ assert \forall integer e; is_rule_dim(RULE_SONNX, (sonnx_shape *)inputs, 2, ny, i, e) ==> e == d; */
        i++;
      }
    }
    if (i == ny) {
      r.status = SONNX_OK;
      r.rank = ny;
    }
  }
  return r;
}

/* write_rule_dims for the two inputs check_pair accepted: the larger of the
   two padded sizes, with the same equal-rank loop (9.8 ns to 7.3 ns with it,
   with the generic loop over the inputs 12.3 ns). The shapes are read into
   locals first: out_dims may not alias them, but the compiler cannot know.
   The unequal-rank loop is write_rule_dims(RULE_SONNX, 2, ...) specialised to
   two inputs, kept because calling write_rule_dims there measured slower on
   both paths: rank 4 with rank 3 11.7 ns against 10.1, two rank-4 shapes 7.3
   against 6.8 (side harness, 2026-11-26; branching at the caller instead:
   11.4 and 7.9). */
/*@ requires ny == max_rank((sonnx_shape *)inputs, 2) && ny <= SONNX_MAX_RANK;
    requires padded_readable((sonnx_shape *)inputs, 2, ny);
    requires \valid(out_dims + (0 .. ny - 1));
    requires writes_apart(out_dims, ny, (sonnx_shape *)inputs, 2);
    assigns out_dims[0 .. ny - 1];
    ensures \forall integer i; 0 <= i < ny ==>
      is_rule_dim{Pre}(RULE_SONNX, (sonnx_shape *)inputs, 2, ny, i, out_dims[i]);
*/
static void write_pair_dims(const sonnx_shape *inputs, size_t ny, size_t *out_dims)
{
  const sonnx_shape x = inputs[0];
  const sonnx_shape y = inputs[1];
  size_t i = 0;
  if (x.rank == y.rank) {
    /*@ loop invariant 0 <= i <= ny;
        loop invariant sizes_written{Pre,Here}(RULE_SONNX, (sonnx_shape *)inputs, 2, ny, out_dims, i);
        loop assigns i, out_dims[0 .. ny - 1];
        loop variant ny - i;
    */
    while (i < ny) {
      const size_t a = x.dims[i];
      const size_t b = y.dims[i];
      const size_t d = (a > b) ? a : b;
      /*@ assert padded_dim{Pre}(\at(inputs[0], Pre), ny, i) == a; */
      /*@ assert padded_dim{Pre}(\at(inputs[1], Pre), ny, i) == b; */
      /*@ assert is_max_dim{Pre}((sonnx_shape *)inputs, 2, ny, i, d); */
      out_dims[i] = d;
      i++;
    }
  } else {
    /*@ loop invariant 0 <= i <= ny;
        loop invariant sizes_written{Pre,Here}(RULE_SONNX, (sonnx_shape *)inputs, 2, ny, out_dims, i);
        loop assigns i, out_dims[0 .. ny - 1];
        loop variant ny - i;
    */
    while (i < ny) {
      const size_t a = padded_dim_inline(x, ny, i);
      const size_t b = padded_dim_inline(y, ny, i);
      const size_t d = (a > b) ? a : b;
      /*@ assert padded_dim{Pre}(\at(inputs[0], Pre), ny, i) == a; */
      /*@ assert padded_dim{Pre}(\at(inputs[1], Pre), ny, i) == b; */
      /*@ assert is_max_dim{Pre}((sonnx_shape *)inputs, 2, ny, i, d); */
      out_dims[i] = d;
      i++;
    }
  }
}

/* Two inputs that broadcast take check_pair and write_pair_dims; everything
   else, errors included, check_shape, which reports, and write_rule_dims.
   Either way the sizes are written last. */
sonnx_status sonnx_broadcast_shape(size_t n, const sonnx_shape *inputs, size_t *out_dims,
                                   size_t capacity, size_t *out_rank, sonnx_error *err)
{
  shape_check c = {SONNX_ERR_ARGUMENT, 0u};
  if ((n == 2u) && (inputs != NULL) && (out_rank != NULL) && ((out_dims != NULL) || (capacity == 0u))) {
    c = check_pair(inputs, capacity);
  }
  if (c.status == SONNX_OK) {
    (void)sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
    /*@ assert same_shapes{Here,Pre}((sonnx_shape *)inputs, n); */
    write_pair_dims(inputs, c.rank, out_dims);
    /*@ assert pair_sizes: \forall integer i; 0 <= i < c.rank ==>
          is_max_dim{Pre}((sonnx_shape *)inputs, n, c.rank, i, out_dims[i]); */
    /*@ assert pair_c1: \forall integer i; 0 <= i < c.rank ==>
          c1_all_inputs{Pre}((sonnx_shape *)inputs, n, c.rank, i, out_dims[i]); */
  } else {
    c = check_shape(RULE_SONNX, n, inputs, out_dims, capacity, out_rank, err);
    if (c.status == SONNX_OK) {
      /*@ assert same_shapes{Here,Pre}((sonnx_shape *)inputs, n); */
      write_rule_dims(RULE_SONNX, n, inputs, c.rank, out_dims);
      /*@ assert general_sizes: \forall integer i; 0 <= i < c.rank ==>
            is_max_dim{Pre}((sonnx_shape *)inputs, n, c.rank, i, out_dims[i]); */
      /*@ assert general_c1: \forall integer i; 0 <= i < c.rank ==>
            c1_all_inputs{Pre}((sonnx_shape *)inputs, n, c.rank, i, out_dims[i]); */
    }
  }
  if (c.status == SONNX_OK) {
    *out_rank = c.rank;
  }
  return c.status;
}

sonnx_status sonnx_broadcast_shape_numpy(size_t n, const sonnx_shape *inputs, size_t *out_dims,
                                         size_t capacity, size_t *out_rank, sonnx_error *err)
{
  shape_check c = check_shape(RULE_NUMPY, n, inputs, out_dims, capacity, out_rank, err);
  if (c.status == SONNX_OK) {
    /*@ assert same_shapes{Here,Pre}((sonnx_shape *)inputs, n); */
    write_rule_dims(RULE_NUMPY, n, inputs, c.rank, out_dims);
    *out_rank = c.rank;
  }
  return c.status;
}

sonnx_count sonnx_count_of(sonnx_shape s)
{
  sonnx_count r = {SONNX_OK, 0u};
  /* A zero size anywhere makes the count 0 even when a block would
     overflow, so zeros are found before any multiplication. */
  size_t k = 0;
  /*@ loop invariant 0 <= k <= s.rank;
      loop invariant \forall integer t; 0 <= t < k ==> s.dims[t] != 0;
      loop assigns k;
      loop variant s.rank - k;
  */
  while (k < s.rank) {
    if (s.dims[k] == 0u) {
      /*@ ghost lemma_zero_absorbs(s.dims, k, s.rank); */
      return r;
    }
    k++;
  }
  size_t acc = 1;
  k = s.rank;
  /*@ loop invariant 0 <= k <= s.rank;
      loop invariant acc == count_from(s.dims, k, s.rank);
      loop assigns k, acc;
      loop variant k;
  */
  while (k > 0u) {
    k--;
    size_t d = s.dims[k];
    if (acc > SIZE_MAX / d) {
      /*@ assert acc >= SIZE_MAX / d + 1 && d >= 2; */
      /*@ ghost lemma_mul_le_mono(acc, SIZE_MAX / d + 1, d); */
      /*@ assert d * acc > SIZE_MAX; */
      /*@ assert count_from(s.dims, k, s.rank) == d * acc; */
      /*@ ghost lemma_count_grows(s.dims, k, s.rank); */
      /*@ assert shape_count(s) > SIZE_MAX; */
      r.status = SONNX_ERR_OVERFLOW;
      return r;
    }
    acc *= d;
  }
  /*@ assert whole_count: acc == shape_count(s); */
  r.count = acc;
  return r;
}

sonnx_status sonnx_shape_count(sonnx_shape s, size_t *count)
{
  if (count == NULL || (s.rank > 0u && s.dims == NULL)) {
    return SONNX_ERR_NULL;
  }
  if (s.rank > SONNX_MAX_RANK) {
    return SONNX_ERR_RANK;
  }
  sonnx_count c = sonnx_count_of(s);
  if (c.status == SONNX_OK) {
    *count = c.count;
  }
  return c.status;
}

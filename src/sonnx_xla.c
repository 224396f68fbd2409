/* XLA explicit broadcasting (spec-sources 003) and the ONNX operator forms
 * (unidirectional broadcasting, Expand). Contracts of the public functions are
 * in sonnx_broadcast.h; this file adds loop annotations, the contracts of its
 * private helpers, and the ghost lemma that relates x with 1s inserted (x') to
 * the InDim relation.
 *
 * Nothing here re-implements the core: broadcast_in_dim checks its list and
 * sizes, then calls sonnx_broadcast_to on x' (inserting size-1 axes changes no
 * row-major offset, so x's data is x''s data); the shape functions build the
 * operands at the common rank and call sonnx_broadcast_shape (SONNX rule) or
 * sonnx_broadcast_shape_numpy (NumPy rule, erratum E27). */
#include "sonnx_internal.h"

/* @req XLA-INDIM-ORDER: the first entry of bd[0 .. n-1] that is not below r or not above the
   entry before it; n when every entry is fine. */
/*@ requires bd_readable((size_t *)bd, n);
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures bd_ok((size_t *)bd, \result, r);
    ensures \result < n ==> !bd_entry_ok((size_t *)bd, \result, r);
*/
static size_t first_bad_entry(const size_t *bd, size_t n, size_t r)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= n;
      loop invariant bd_ok((size_t *)bd, k, r);
      loop assigns k;
      loop variant n - k;
  */
  while (k < n && bd[k] < r && (k == 0u || bd[k - 1u] < bd[k])) {
    k++;
  }
  return k;
}

/* The expected value reported for entry k of bd, the first bad one (module comment in
   sonnx_broadcast.h): out of range, r; else not above entry k-1, bd[k-1] + 1 (<= r, no wrap). */
/*@ requires \valid_read(bd + (0 .. k));
    requires r <= SONNX_MAX_RANK;
    requires bd_ok((size_t *)bd, k, r) && !bd_entry_ok((size_t *)bd, k, r);
    assigns \nothing;
    ensures bd[k] >= r ==> \result == r;
    ensures bd[k] < r ==> k > 0 && \result == bd[k - 1] + 1;
*/
static size_t bad_entry_expected(const size_t *bd, size_t k, size_t r)
{
  if (bd[k] >= r) {
    return r;
  }
  /*@ assert k > 0 && bd_entry_ok((size_t *)bd, k - 1, r); */
  return bd[k - 1u] + 1u;
}

/* @req XLA-INDIM-TUPLE: size of result axis j in x' (x with 1s inserted). Searches from the
   last entry down, so the loop invariant is the definition of indim_find. */
/*@ requires shape_readable(x);
    requires bd_readable((size_t *)bd, x.rank);
    assigns \nothing;
    ensures \result == indim_dim(x, (size_t *)bd, j);
    ensures \result == 1 || \exists integer k; 0 <= k < x.rank && bd[k] == j && \result == x.dims[k];
*/
static size_t inserted_dim(sonnx_shape x, const size_t *bd, size_t j)
{
  size_t v = 1;
  size_t k = x.rank;
  /*@ loop invariant 0 <= k <= x.rank;
      loop invariant v == indim_find(x, (size_t *)bd, j, k);
      loop invariant v == 1 || \exists integer t; k <= t < x.rank && bd[t] == j && v == x.dims[t];
      loop assigns k, v;
      loop variant k;
  */
  while (k > 0u) {
    k--;
    if (bd[k] == j) {
      v = x.dims[k];
    }
  }
  return v;
}

/* x' by value (a plain value for WP: filling it disturbs nothing in memory): size j of
   x with 1s inserted, for every result axis j < r. */
typedef struct {
  size_t dims[SONNX_MAX_RANK];
} inserted_dims;

/*@ requires shape_readable(x);
    requires bd_readable((size_t *)bd, x.rank);
    requires r <= SONNX_MAX_RANK;
    assigns \nothing;
    ensures dims: \forall integer t; 0 <= t < r ==> \result.dims[t] == indim_dim(x, (size_t *)bd, t);
    ensures from: \forall integer t; 0 <= t < r ==> \result.dims[t] == 1 ||
      \exists integer k; 0 <= k < x.rank && bd[k] == t && \result.dims[t] == x.dims[k];
*/
static inserted_dims insert_ones(sonnx_shape x, const size_t *bd, size_t r)
{
  inserted_dims d = {{0u}}; /* axes r .. SONNX_MAX_RANK-1 are never read; defined anyway */
  size_t j = 0;
  /*@ loop invariant 0 <= j <= r;
      loop invariant \forall integer t; 0 <= t < j ==> d.dims[t] == indim_dim(x, (size_t *)bd, t);
      loop invariant \forall integer t; 0 <= t < j ==> d.dims[t] == 1 ||
        \exists integer k; 0 <= k < x.rank && bd[k] == t && d.dims[t] == x.dims[k];
      loop assigns j, d.dims[0 .. SONNX_MAX_RANK - 1];
      loop variant r - j;
  */
  while (j < r) {
    d.dims[j] = inserted_dim(x, bd, j);
    j++;
  }
  return d;
}

/* x' written into out[0 .. r-1]. Its values are computed by value (insert_ones) before the
   first write, so they are read at {Pre} and no frame over the writes to out is needed. */
/*@ requires shape_readable(x);
    requires bd_readable((size_t *)bd, x.rank);
    requires r <= SONNX_MAX_RANK;
    requires \valid(out + (0 .. r - 1));
    assigns out[0 .. r - 1];
    ensures dims: \forall integer t; 0 <= t < r ==> out[t] == indim_dim{Pre}(x, (size_t *)bd, t);
    ensures from: \forall integer t; 0 <= t < r ==> out[t] == 1 ||
      \exists integer k; 0 <= k < x.rank && \at(bd[k], Pre) == t && out[t] == \at(x.dims[k], Pre);
*/
static void fill_inserted(size_t *out, sonnx_shape x, const size_t *bd, size_t r)
{
  const inserted_dims d = insert_ones(x, bd, r);
  /*@ assert computed: \forall integer t; 0 <= t < r ==> d.dims[t] == indim_dim{Pre}(x, (size_t *)bd, t); */
  /*@ assert computed_from: \forall integer t; 0 <= t < r ==> d.dims[t] == 1 ||
        \exists integer k; 0 <= k < x.rank && \at(bd[k], Pre) == t && d.dims[t] == \at(x.dims[k], Pre); */
  size_t j = 0;
  /*@ loop invariant 0 <= j <= r;
      loop invariant copied: \forall integer t; 0 <= t < j ==> out[t] == d.dims[t];
      loop assigns j, out[0 .. r - 1];
      loop variant r - j;
  */
  while (j < r) {
    out[j] = d.dims[j];
    j++;
  }
}

/* Writes x' (x with 1s inserted) into out, the dims of xs, and proves (ghost loops, induction on
   g downwards) that xs is x' for the SONNX data relation: its count, and the source offset of
   every element, are the InDim ones. Its ensures read x, bd and z at {Pre}: called before
   anything else is written, they are the caller's own {Pre} facts. One ghost loop per fact,
   each step one unfolding of the definition at both states. */
/*@ requires shape_readable(x) && shape_readable(z);
    requires bd_readable((size_t *)bd, x.rank);
    requires z.rank <= SONNX_MAX_RANK && xs.rank == z.rank && xs.dims == out;
    requires bd_ok((size_t *)bd, x.rank, z.rank) && indim_match(x, (size_t *)bd, z);
    requires \valid(out + (0 .. z.rank - 1));
    requires x.rank > 0 ==> \separated(out + (0 .. z.rank - 1), x.dims + (0 .. x.rank - 1));
    requires x.rank > 0 ==> \separated(out + (0 .. z.rank - 1), bd + (0 .. x.rank - 1));
    requires z.rank > 0 ==> \separated(out + (0 .. z.rank - 1), z.dims + (0 .. z.rank - 1));
    assigns out[0 .. z.rank - 1];
    ensures dims: \forall integer t; 0 <= t < z.rank ==> out[t] == indim_dim{Pre}(x, (size_t *)bd, t);
    ensures matched: \forall integer t; 0 <= t < z.rank ==> out[t] == z.dims[t] || out[t] == 1;
    ensures count: shape_count(xs) == indim_count{Pre}(x, (size_t *)bd, z.rank);
    ensures z_count: shape_count(z) == shape_count{Pre}(z);
    ensures offsets: \forall integer o;
      source_offset(xs, z, o) == indim_source{Pre}(x, (size_t *)bd, z, o);
*/
static void fill_layout(size_t *out, sonnx_shape xs, sonnx_shape x, const size_t *bd, sonnx_shape z)
{
  (void)xs; /* read by the proof only */
  const size_t r = z.rank;
  /* One unfolding of each {Pre} definition, stated here where nothing is written yet (Qed
     cannot rewrite their factors with the facts about out that follow). */
  /*@ assert pre_block: \forall integer g; 0 <= g < r ==> indim_block(x, (size_t *)bd, r, g) ==
        times(indim_dim(x, (size_t *)bd, g), indim_block(x, (size_t *)bd, r, g + 1)); */
  /*@ assert pre_zcount: \forall integer g; 0 <= g < r ==>
        count_from(z.dims, g, r) == times(z.dims[g], count_from(z.dims, g + 1, r)); */
  /*@ assert pre_quot: \forall integer g, o; 0 <= g < r ==>
        row_quot(z.dims, r, o, g) == row_quot(z.dims, r, o, g + 1) / z.dims[g]; */
  /*@ assert pre_source: \forall integer g, o; 0 <= g < r ==>
        indim_source_from(x, (size_t *)bd, z.dims, r, o, g) ==
        indim_source_from(x, (size_t *)bd, z.dims, r, o, g + 1) +
        times(index_map(row_digit(z.dims, r, o, g), indim_dim(x, (size_t *)bd, g), z.dims[g]),
              indim_block(x, (size_t *)bd, r, g + 1)); */
  fill_inserted(out, x, bd, r);
  /*@ assert zd_same: \forall integer t; 0 <= t < r ==> z.dims[t] == \at(z.dims[t], Pre); */
  /*@ assert match_pre: \forall integer t; 0 <= t < r ==> out[t] == \at(z.dims[t], Pre) || out[t] == 1; */
  /*@ assert from_match: \forall integer t; 0 <= t < r ==> out[t] == z.dims[t] || out[t] == 1; */
  /*@ assert padded: \forall integer t; 0 <= t < r ==> padded_dim(xs, r, t) == out[t]; */
  /* The frames: per axis g, from the last one down, one unfolding at each state. In each
     body the unfolding of the current state comes first: it is then proved before any
     equation that Qed could use to rewrite one of its factors. */
  /*@ ghost
    size_t g = r;
    /@ loop invariant count_g: 0 <= g <= r;
       loop invariant count_out: count_from(out, g, r) == indim_block{Pre}(x, (size_t *)bd, r, g);
       loop invariant count_xs_all: \forall integer h; g <= h <= r ==>
         padded_block(xs, r, h) == indim_block{Pre}(x, (size_t *)bd, r, h);
       loop assigns g;
       loop variant g;
    @/
    while (g > 0) {
      g--;
      /@ assert count_unfold_out: count_from(out, g, r) == times(out[g], count_from(out, g + 1, r)); @/
      /@ assert count_unfold_xs: padded_block(xs, r, g) == times(padded_dim(xs, r, g), padded_block(xs, r, g + 1)); @/
      /@ assert count_xs: padded_block(xs, r, g) == indim_block{Pre}(x, (size_t *)bd, r, g); @/
    }
  */
  /*@ ghost
    size_t q = r;
    /@ loop invariant zq_bound: 0 <= q <= r;
       loop invariant zq_count: count_from(z.dims, q, r) == count_from{Pre}(z.dims, q, r);
       loop assigns q;
       loop variant q;
    @/
    while (q > 0) {
      q--;
      /@ assert zq_unfold: count_from(z.dims, q, r) == times(z.dims[q], count_from(z.dims, q + 1, r)); @/
      /@ assert zq_dim: \let i = q; z.dims[i] == \at(z.dims[i], Pre); @/
    }
  */
  /*@ ghost
    size_t u = r;
    /@ loop invariant zu_bound: 0 <= u <= r;
       loop invariant zu_quot: \forall integer h, o; u <= h <= r ==>
         row_quot(z.dims, r, o, h) == row_quot{Pre}(z.dims, r, o, h);
       loop assigns u;
       loop variant u;
    @/
    while (u > 0) {
      u--;
      /@ assert zu_unfold: \forall integer o;
           row_quot(z.dims, r, o, u) == row_quot(z.dims, r, o, u + 1) / z.dims[u]; @/
      /@ assert zu_dim: \let i = u; z.dims[i] == \at(z.dims[i], Pre); @/
    }
  */
  /*@ ghost
    size_t s = r;
    /@ loop invariant src_bound: 0 <= s <= r;
       loop invariant src_eq: \forall integer o;
         source_from(xs, z.dims, r, o, s) == indim_source_from{Pre}(x, (size_t *)bd, z.dims, r, o, s);
       loop assigns s;
       loop variant s;
    @/
    while (s > 0) {
      s--;
      /@ assert src_unfold: \forall integer o; source_from(xs, z.dims, r, o, s) ==
           source_from(xs, z.dims, r, o, s + 1) +
           times(index_map(row_digit(z.dims, r, o, s), padded_dim(xs, r, s), z.dims[s]),
                 padded_block(xs, r, s + 1)); @/
      /@ assert src_dim: \let i = s; z.dims[i] == \at(z.dims[i], Pre); @/
      /@ assert src_digit: \forall integer o; row_digit(z.dims, r, o, s) == row_digit{Pre}(z.dims, r, o, s); @/
    }
  */
}

/* @req XLA-INDIM-MATCH: the first operand axis whose size is neither its matched result size
   nor 1; x.rank when none. */
/*@ requires shape_readable(x) && shape_readable(z);
    requires bd_readable((size_t *)bd, x.rank);
    requires bd_ok((size_t *)bd, x.rank, z.rank);
    assigns \nothing;
    ensures 0 <= \result <= x.rank;
    ensures \forall integer k; 0 <= k < \result ==> x.dims[k] == z.dims[bd[k]] || x.dims[k] == 1;
    ensures \result < x.rank ==> x.dims[\result] != z.dims[bd[\result]] && x.dims[\result] != 1;
*/
static size_t first_mismatch(sonnx_shape x, const size_t *bd, sonnx_shape z)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= x.rank;
      loop invariant \forall integer t; 0 <= t < k ==> x.dims[t] == z.dims[bd[t]] || x.dims[t] == 1;
      loop assigns k;
      loop variant x.rank - k;
  */
  while (k < x.rank && (x.dims[k] == z.dims[bd[k]] || x.dims[k] == 1u)) {
    k++;
  }
  return k;
}

/* Whether some size of z is 0 (its element count is then 0). */
/*@ requires shape_readable(z);
    assigns \nothing;
    ensures \result != 0 <==> has_zero_dim(z.dims, z.rank);
*/
static int has_zero_size(sonnx_shape z)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= z.rank;
      loop invariant !has_zero_dim(z.dims, k);
      loop assigns k;
      loop variant z.rank - k;
  */
  while (k < z.rank) {
    if (z.dims[k] == 0u) {
      return 1;
    }
    k++;
  }
  return 0;
}


/* The checks of sonnx_broadcast_in_dim that need no count, in its order, returned by value:
   the error to report, or SONNX_OK. */
/*@ requires shape_ok(x) ==> shape_readable(x);
    requires shape_ok(z) ==> shape_readable(z);
    requires shape_ok(x) && bd != \null ==> bd_readable((size_t *)bd, x.rank);
    assigns \nothing;
    // Not inside a behavior: clauses after `behavior` belong to it.
    ensures ok_means: \result.status == SONNX_OK ==> shape_ok(x) && shape_ok(z) &&
      (bd != \null || x.rank == 0) && bd_ok((size_t *)bd, x.rank, z.rank) &&
      indim_match(x, (size_t *)bd, z) && es > 0;
    behavior bad_shape:
      assumes !shape_ok(x) || !shape_ok(z);
      ensures fields: bad_pair_fields(\result.status, \result.input, \result.axis, \result.size,
                                      \result.expected, x, z);
    behavior null_dimensions:
      assumes shape_ok(x) && shape_ok(z);
      assumes bd == \null && x.rank > 0;
      ensures \result.status == SONNX_ERR_NULL && \result.input == SONNX_NO_INDEX &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 4;
    behavior bad_dimensions:
      assumes shape_ok(x) && shape_ok(z);
      assumes bd != \null || x.rank == 0;
      assumes !bd_ok((size_t *)bd, x.rank, z.rank);
      ensures \result.status == SONNX_ERR_ARGUMENT && \result.input == 0 && 0 <= \result.axis < x.rank;
      ensures first: bd_ok((size_t *)bd, \result.axis, z.rank) &&
        !bd_entry_ok((size_t *)bd, \result.axis, z.rank);
      ensures size: \result.size == bd[\result.axis];
      ensures expected: (\result.size >= z.rank ==> \result.expected == z.rank) &&
        (\result.size < z.rank ==> \result.axis > 0 && \result.expected == bd[\result.axis - 1] + 1);
    behavior mismatch:
      assumes shape_ok(x) && shape_ok(z);
      assumes bd != \null || x.rank == 0;
      assumes bd_ok((size_t *)bd, x.rank, z.rank);
      assumes !indim_match(x, (size_t *)bd, z);
      ensures \result.status == SONNX_ERR_INCOMPATIBLE && \result.input == 0;
      ensures \exists integer k; 0 <= k < x.rank && \result.axis == bd[k] &&
        \result.size == x.dims[k] && \result.expected == z.dims[\result.axis] &&
        \result.size != \result.expected && \result.size != 1 &&
        indim_match_upto(x, (size_t *)bd, z, k);
    behavior elem_size:
      assumes shape_ok(x) && shape_ok(z);
      assumes bd != \null || x.rank == 0;
      assumes bd_ok((size_t *)bd, x.rank, z.rank);
      assumes indim_match(x, (size_t *)bd, z);
      assumes es == 0;
      ensures \result.status == SONNX_ERR_ARGUMENT && \result.input == 0 &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 1;
    behavior accepted:
      assumes shape_ok(x) && shape_ok(z);
      assumes bd != \null || x.rank == 0;
      assumes bd_ok((size_t *)bd, x.rank, z.rank);
      assumes indim_match(x, (size_t *)bd, z);
      assumes es > 0;
      ensures \result.status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
static sonnx_check check_in_dim(sonnx_shape x, const size_t *bd, size_t es, sonnx_shape z)
{
  sonnx_check c = sonnx_check_shape_pair(x, z);
  if (c.status != SONNX_OK) {
    return c;
  }
  if (x.rank > 0u && bd == NULL) {
    c.status = SONNX_ERR_NULL;
    c.expected = 4u;
    return c;
  }
  size_t bad = first_bad_entry(bd, x.rank, z.rank);
  if (bad < x.rank) {
    c.status = SONNX_ERR_ARGUMENT;
    c.input = 0u;
    c.axis = bad;
    c.size = bd[bad];
    c.expected = bad_entry_expected(bd, bad, z.rank);
    return c;
  }
  size_t k = first_mismatch(x, bd, z);
  if (k < x.rank) {
    c.status = SONNX_ERR_INCOMPATIBLE;
    c.input = 0u;
    c.axis = bd[k];
    c.size = x.dims[k];
    c.expected = z.dims[bd[k]];
    return c;
  }
  if (es == 0u) {
    c.status = SONNX_ERR_ARGUMENT;
    c.input = 0u;
    c.expected = 1u;
    return c;
  }
  return c;
}

/* Lemma: for two shapes, the N-ary rules of the core (common rank, axis size, compatibility)
   are the per-axis pair rules of xla_logic.h. First-order: n = 2 leaves two cases. */
/*@ ghost
  /@ requires \valid_read(ops + (0 .. 1));
     requires rule == 0 || rule == 1;
     assigns \nothing;
     ensures rank: max_rank(ops, 2) == pair_rank(ops[0].rank, ops[1].rank);
     ensures dim: \forall integer i, d; 0 <= i < pair_rank(ops[0].rank, ops[1].rank) ==>
       (is_rule_dim(rule, ops, 2, pair_rank(ops[0].rank, ops[1].rank), i, d) <==>
        d == pair_rule_dim(rule, ops, pair_rank(ops[0].rank, ops[1].rank), i));
     ensures compatible: shapes_compatible(rule, ops, 2) <==>
       pair_compatible_at(rule, ops, pair_rank(ops[0].rank, ops[1].rank));
  @/
  static void lemma_pair_rule(sonnx_shape *ops, int rule)
  {
    /@ assert max_rank(ops, 1) == ops[0].rank; @/
    /@ assert max_rank(ops, 2) == pair_rank(ops[0].rank, ops[1].rank); @/
    /@ assert \forall integer i, d; 0 <= i < pair_rank(ops[0].rank, ops[1].rank) ==>
         (is_rule_dim(rule, ops, 2, pair_rank(ops[0].rank, ops[1].rank), i, d) <==>
          d == pair_rule_dim(rule, ops, pair_rank(ops[0].rank, ops[1].rank), i)); @/
    /@ assert \forall integer i; 0 <= i < pair_rank(ops[0].rank, ops[1].rank) ==>
         (c1_all_inputs(ops, 2, pair_rank(ops[0].rank, ops[1].rank), i,
                        pair_rule_dim(rule, ops, pair_rank(ops[0].rank, ops[1].rank), i)) <==>
          (rule == 0 ? c1_pair_max(padded_dim(ops[0], pair_rank(ops[0].rank, ops[1].rank), i),
                                   padded_dim(ops[1], pair_rank(ops[0].rank, ops[1].rank), i))
                     : c1_pair_numpy(padded_dim(ops[0], pair_rank(ops[0].rank, ops[1].rank), i),
                                     padded_dim(ops[1], pair_rank(ops[0].rank, ops[1].rank), i)))); @/
  }
*/

/* Reports a failed check_in_dim: its fields as they are, and the XLA rule an incompatibility
   violated (@req XLA-INDIM-MATCH: the one incompatibility check_in_dim finds is an operand
   size). A function of its own so that the error goals of sonnx_broadcast_in_dim do not carry
   its data step. */
/*@ requires err == \null || \valid(err);
    requires c.status != SONNX_OK;
    assigns *err;
    ensures \result == c.status;
    ensures err != \null ==> err->status == c.status && err->input == c.input &&
      err->axis == c.axis && err->size == c.size && err->expected == c.expected;
    ensures rule: err != \null && c.status == SONNX_ERR_INCOMPATIBLE ==>
      err->rule == SONNX_RULE_XLA_INDIM_MATCH;
    ensures rule_other: err != \null && c.status != SONNX_ERR_INCOMPATIBLE ==>
      err->rule == SONNX_RULE_SONNX;
*/
static sonnx_status report_in_dim_check(sonnx_error *err, sonnx_check c)
{
  const sonnx_status status = sonnx_report(err, c.status, c.input, c.axis, c.size, c.expected);
  return report_rule(err, status, SONNX_RULE_XLA_INDIM_MATCH);
}

/* The checks sonnx_broadcast_to would make on x' (x.dims[k] on axis bd[k], 1 elsewhere; same
   count and layout as x), once sonnx_broadcast_in_dim's own checks have passed and no size of z
   is 0: byte sizes, NULL data, capacity, by value. They are made before sonnx_broadcast_to is
   called, so that it is called only when it succeeds: an error then writes nothing but *err
   (@req LIB-ERR-NOWRITE), as its contract lists the output bytes among what it may assign. */
/*@ requires shape_ok(x) && shape_ok(z) && shape_readable(x) && shape_readable(z);
    requires bd_readable((size_t *)bd, x.rank);
    requires bd_ok((size_t *)bd, x.rank, z.rank) && indim_match(x, (size_t *)bd, z);
    requires elem_size > 0;
    assigns \nothing;
    behavior overflow:
      assumes !in_dim_fits(x, (size_t *)bd, elem_size, z);
      ensures \result.status == SONNX_ERR_OVERFLOW;
      ensures \result.input == (shape_count(z) * elem_size > SIZE_MAX ? SONNX_NO_INDEX : 0) &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 0;
    behavior null_data:
      assumes in_dim_fits(x, (size_t *)bd, elem_size, z);
      assumes in_dim_null_data(x, (size_t *)bd, (void *)x_data, z, (void *)z_data);
      ensures \result.status == SONNX_ERR_NULL;
      // x_data is argument 2 (input 0), z_data argument 6
      ensures x_null: x_data == \null && indim_count{Pre}(x, (size_t *)bd, z.rank) > 0 ==>
        \result.input == 0 && \result.expected == 2;
      ensures z_null: !(x_data == \null && indim_count{Pre}(x, (size_t *)bd, z.rank) > 0) ==>
        \result.input == SONNX_NO_INDEX && \result.expected == 6;
      ensures \result.axis == SONNX_NO_INDEX && \result.size == 0;
    behavior capacity:
      assumes in_dim_fits(x, (size_t *)bd, elem_size, z);
      assumes !in_dim_null_data(x, (size_t *)bd, (void *)x_data, z, (void *)z_data);
      assumes z_capacity < shape_count(z) * elem_size;
      ensures \result.status == SONNX_ERR_CAPACITY;
      ensures \result.expected == shape_count(z) * elem_size;
      ensures \result.input == SONNX_NO_INDEX && \result.axis == SONNX_NO_INDEX &&
        \result.size == z_capacity;
    behavior accepted:
      assumes in_dim_fits(x, (size_t *)bd, elem_size, z);
      assumes !in_dim_null_data(x, (size_t *)bd, (void *)x_data, z, (void *)z_data);
      assumes z_capacity >= shape_count(z) * elem_size;
      ensures \result.status == SONNX_OK;
      ensures \result.z_count == shape_count(z);
    complete behaviors;
    disjoint behaviors;
*/
static sonnx_to_check check_in_dim_sizes(sonnx_shape x, const void *x_data, size_t elem_size,
                                         const size_t *bd, sonnx_shape z, const void *z_data,
                                         size_t z_capacity)
{
  size_t inserted[SONNX_MAX_RANK];
  const sonnx_shape xs = {z.rank, inserted};
  fill_layout(inserted, xs, x, bd, z);
  /* The counts through fill_layout, then their byte sizes as a congruence step (times:
     spec/acsl/arith_lemmas.h), so that no nonlinear step is left to the provers. */
  /*@ assert counts: shape_count(xs) == indim_count{Pre}(x, (size_t *)bd, z.rank) &&
        shape_count(z) == shape_count{Pre}(z); */
  /*@ assert products: times(shape_count(xs), elem_size) == times(indim_count{Pre}(x, (size_t *)bd, z.rank), elem_size) &&
        times(shape_count(z), elem_size) == times(shape_count{Pre}(z), elem_size); */
  /*@ assert fits: in_dim_fits{Pre}(x, (size_t *)bd, elem_size, z) <==> to_fits(xs, elem_size, z); */
  /*@ assert null_data: in_dim_null_data{Pre}(x, (size_t *)bd, (void *)x_data, z, (void *)z_data) <==>
        to_null_data(xs, (void *)x_data, z, (void *)z_data); */
  sonnx_to_check s = sonnx_check_to_sizes(xs, x_data, elem_size, z, z_data, z_capacity);
  /*@ assert null_case: to_fits(xs, elem_size, z) && to_null_data(xs, (void *)x_data, z, (void *)z_data) ==>
        s.status == SONNX_ERR_NULL &&
        (x_data == \null && shape_count(xs) > 0 ==> s.input == 0 && s.expected == 2) &&
        (!(x_data == \null && shape_count(xs) > 0) ==> s.input == SONNX_NO_INDEX && s.expected == 5); */
  if (s.status == SONNX_ERR_NULL && s.expected == 5u) {
    s.expected = 6u; /* z_data is argument 6 here, 5 in sonnx_broadcast_to */
  }
  return s;
}

/* The data step of sonnx_broadcast_in_dim once every check has passed: sonnx_broadcast_to on
   x', whose relation is the InDim one (fill_layout's offsets), element by element. */
/*@ requires in_dim_call_valid(x, (void *)x_data, elem_size, (size_t *)bd, z, z_data, z_capacity, err);
    requires shape_ok(x) && shape_ok(z) && (bd != \null || x.rank == 0);
    requires bd_ok((size_t *)bd, x.rank, z.rank) && indim_match(x, (size_t *)bd, z);
    requires elem_size > 0 && !has_zero_dim(z.dims, z.rank);
    requires in_dim_fits(x, (size_t *)bd, elem_size, z);
    requires !in_dim_null_data(x, (size_t *)bd, (void *)x_data, z, z_data);
    requires z_capacity >= shape_count(z) * elem_size;
    requires z_count == shape_count(z);
    // z_count, not shape_count(z): sonnx_broadcast_to's assigns read the count after x' is
    // written, and a frame of the recursive count across that write is what the provers
    // find hard; a value is the same at both states.
    assigns ((char *)z_data)[0 .. z_count * elem_size - 1], *err;
    ensures \result == SONNX_OK;
    ensures elements: elements_in_dim{Post, Pre}((char *)z_data, (char *)x_data, elem_size, x,
      (size_t *)bd, z, shape_count{Pre}(z));
    ensures err != \null ==> err->status == SONNX_OK;
*/
static sonnx_status copy_in_dim(sonnx_shape x, const void *x_data, size_t elem_size,
                                const size_t *bd, sonnx_shape z, void *z_data,
                                size_t z_capacity, size_t z_count, sonnx_error *err)
{
  (void)z_count; /* read by the proof only */
  /* Nothing is written before x', nothing but it before the core's call: the core's {Pre}
     logic is then ours. */
  size_t inserted[SONNX_MAX_RANK];
  const sonnx_shape xs = {z.rank, inserted};
  fill_layout(inserted, xs, x, bd, z);
  /*@ assert padded: \forall integer t; 0 <= t < z.rank ==> padded_dim(xs, z.rank, t) == inserted[t]; */
  /*@ assert unidirectional: broadcasts_to(xs, z); */
  /* The counts through fill_layout, then their byte sizes as a congruence step (times:
     spec/acsl/arith_lemmas.h), so that no nonlinear step is left to the provers. */
  /*@ assert counts: shape_count(xs) == indim_count{Pre}(x, (size_t *)bd, z.rank) &&
        shape_count(z) == shape_count{Pre}(z); */
  /*@ assert products: times(shape_count(xs), elem_size) == times(indim_count{Pre}(x, (size_t *)bd, z.rank), elem_size) &&
        times(shape_count(z), elem_size) == times(shape_count{Pre}(z), elem_size); */
  /*@ assert fits: to_fits(xs, elem_size, z); */
  /*@ assert data: !to_null_data(xs, (void *)x_data, z, z_data); */
  /*@ assert z_count_kept: shape_count(z) == z_count; */
Before: __attribute__((unused));
  const sonnx_status status = sonnx_broadcast_to(xs, x_data, elem_size, z, z_data, z_capacity, err);
  /*@ ghost
    size_t o = 0;
    /@ loop invariant 0 <= o <= z_count;
       loop invariant \forall integer p; 0 <= p < o ==>
         element_in_dim{Here, Pre}((char *)z_data, (char *)x_data, elem_size, x, (size_t *)bd, z, p);
       loop assigns o;
       loop variant z_count - o;
    @/
    while (o < z_count) {
      /@ assert element_o: element_broadcast{Here, Before}((char *)z_data, (char *)x_data, elem_size, xs, z, o); @/
      /@ assert source_o: source_offset{Before}(xs, z, o) == indim_source{Pre}(x, (size_t *)bd, z, o); @/
      /@ assert bytes_o: \let s = source_offset{Before}(xs, z, o); \let xb = (char *)x_data;
           \forall integer b; 0 <= b < elem_size ==>
             \at(xb[s * elem_size + b], Before) == \at(xb[s * elem_size + b], Pre); @/
      /@ assert chain_before: bytes_equal{Here, Pre}((char *)z_data, o * elem_size, (char *)x_data,
           source_offset{Before}(xs, z, o) * elem_size, elem_size); @/
      /@ assert in_dim_o: element_in_dim{Here, Pre}((char *)z_data, (char *)x_data, elem_size, x, (size_t *)bd, z, o); @/
      o++;
    }
  */
  return status;
}

sonnx_status sonnx_broadcast_in_dim(sonnx_shape x, const void *x_data, size_t elem_size,
                                    const size_t *broadcast_dimensions, sonnx_shape z,
                                    void *z_data, size_t z_capacity, sonnx_error *err)
{
  const size_t *bd = broadcast_dimensions;
  const sonnx_check c = check_in_dim(x, bd, elem_size, z);
  if (c.status != SONNX_OK) {
    return report_in_dim_check(err, c);
  }
  if (has_zero_size(z)) {
    /* count(z) == 0: nothing to read or write (a size 1 of x may stretch to 0, erratum E25). */
    return sonnx_report(err, SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u);
  }
  const sonnx_to_check s = check_in_dim_sizes(x, x_data, elem_size, bd, z, z_data, z_capacity);
  if (s.status != SONNX_OK) {
    return sonnx_report(err, s.status, s.input, s.axis, s.size, s.expected);
  }
  return copy_in_dim(x, x_data, elem_size, bd, z, z_data, z_capacity, s.z_count, err);
}

/* Lemma: the N-ary SONNX rule of the core on ops = {a, b} is the pair rule on a and b
   themselves. Stated here, where ops is a parameter, so that ops[0] and ops[1] are read the
   one way the core's contract reads them. The direction from the core's compatibility to a's
   and b's goes axis by axis (a ghost loop: each axis one ground instance). */
/*@ ghost
  /@ requires \valid_read(ops + (0 .. 1));
     requires ops[0].rank == a.rank && ops[0].dims == a.dims;
     requires ops[1].rank == b.rank && ops[1].dims == b.dims;
     requires a.rank <= SONNX_MAX_RANK && b.rank <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures rank: max_rank(ops, 2) == pair_rank(a.rank, b.rank);
     ensures compatible: shapes_compatible(0, ops, 2) <==> pair_compatible_max(a, b);
     ensures dim: \forall integer i, d; 0 <= i < pair_rank(a.rank, b.rank) ==>
       (is_max_dim(ops, 2, pair_rank(a.rank, b.rank), i, d) <==>
        d == pair_max(padded_dim(a, pair_rank(a.rank, b.rank), i), padded_dim(b, pair_rank(a.rank, b.rank), i)));
  @/
  static void lemma_pair_max_ab(sonnx_shape *ops, sonnx_shape a, sonnx_shape b)
  {
    lemma_pair_rule(ops, 0);
    /@ assert pad: \forall integer i; 0 <= i < pair_rank(a.rank, b.rank) ==>
         padded_dim(ops[0], pair_rank(a.rank, b.rank), i) == padded_dim(a, pair_rank(a.rank, b.rank), i) &&
         padded_dim(ops[1], pair_rank(a.rank, b.rank), i) == padded_dim(b, pair_rank(a.rank, b.rank), i); @/
    /@ assert from: pair_compatible_max(a, b) ==> pair_compatible_at(0, ops, pair_rank(a.rank, b.rank)); @/
    size_t i = 0;
    /@ loop invariant 0 <= i <= pair_rank(a.rank, b.rank);
       loop invariant to: pair_compatible_at(0, ops, pair_rank(a.rank, b.rank)) ==>
         \forall integer t; 0 <= t < i ==>
           c1_pair_max(padded_dim(a, pair_rank(a.rank, b.rank), t), padded_dim(b, pair_rank(a.rank, b.rank), t));
       loop assigns i;
       loop variant pair_rank(a.rank, b.rank) - i;
    @/
    while (i < ((a.rank >= b.rank) ? a.rank : b.rank)) {
      /@ assert axis: pair_compatible_at(0, ops, pair_rank(a.rank, b.rank)) ==>
           c1_pair_max(padded_dim(ops[0], pair_rank(a.rank, b.rank), i),
                       padded_dim(ops[1], pair_rank(a.rank, b.rank), i)); @/
      i++;
    }
  }
*/

/* Broadcast(a, b) under the SONNX rule, by sonnx_broadcast_shape, returned by value: its
   callers then write nothing of theirs but *err, and their goals do not carry the core's
   seven behaviours (lemma_pair_rule maps them to the per-axis pair rules once, here). */
typedef struct {
  sonnx_status status;
  size_t rank;                  /* pair_rank(a.rank, b.rank) when status is SONNX_OK */
  size_t dims[SONNX_MAX_RANK];  /* its sizes, pair_max of the padded sizes, when SONNX_OK */
} pair_result;

/*@ requires err == \null || \valid(err);
    requires shape_ok(a) && shape_ok(b) && shape_readable(a) && shape_readable(b);
    requires err != \null && a.rank > 0 ==> \separated(err, a.dims + (0 .. a.rank - 1));
    requires err != \null && b.rank > 0 ==> \separated(err, b.dims + (0 .. b.rank - 1));
    assigns *err;
    ensures status: \result.status == SONNX_OK || \result.status == SONNX_ERR_INCOMPATIBLE;
    ensures compatible: \result.status == SONNX_OK <==> pair_compatible_max{Pre}(a, b);
    ensures rank: \result.status == SONNX_OK ==> \result.rank == pair_rank(a.rank, b.rank);
    ensures sizes: \result.status == SONNX_OK ==> \forall integer i; 0 <= i < \result.rank ==>
      \result.dims[i] == pair_max(padded_dim{Pre}(a, \result.rank, i), padded_dim{Pre}(b, \result.rank, i));
    ensures reported: err != \null ==> err->status == \result.status;
    ensures rule: err != \null ==> err->rule == SONNX_RULE_SONNX;
    ensures located: err != \null && \result.status != SONNX_OK ==>
      0 <= err->input < 2 && 0 <= err->axis < pair_rank(a.rank, b.rank);
    ensures violation: err != \null && \result.status != SONNX_OK ==>
      pair_violation{Pre}(0, a, b, err->input, err->axis, err->size, err->expected);
*/
static pair_result pair_max_shape(sonnx_shape a, sonnx_shape b, sonnx_error *err)
{
  pair_result res = {SONNX_OK, 0u, {0u}};
  const sonnx_shape operands[2] = {a, b};
  /*@ ghost lemma_pair_max_ab((sonnx_shape *)operands, a, b); */
Core: __attribute__((unused));
  res.status = sonnx_broadcast_shape(2u, operands, res.dims, SONNX_MAX_RANK, &res.rank, err);
  /*@ ghost
    if (err != NULL && res.status != SONNX_OK) {
      size_t i = err->axis;
      /@ assert same: \forall integer t; 0 <= t < pair_rank(a.rank, b.rank) ==>
           padded_dim{Core}(a, pair_rank(a.rank, b.rank), t) == padded_dim{Pre}(a, pair_rank(a.rank, b.rank), t) &&
           padded_dim{Core}(b, pair_rank(a.rank, b.rank), t) == padded_dim{Pre}(b, pair_rank(a.rank, b.rank), t); @/
      /@ assert exp: err->expected == pair_max(padded_dim{Core}(a, pair_rank(a.rank, b.rank), i), padded_dim{Core}(b, pair_rank(a.rank, b.rank), i)); @/
      /@ assert report: pair_report(0, padded_dim{Core}(a, pair_rank(a.rank, b.rank), i), padded_dim{Core}(b, pair_rank(a.rank, b.rank), i),
           err->input, err->size, err->expected); @/
      size_t t = 0;
      /@ loop invariant 0 <= t <= i;
         loop invariant \forall integer u; 0 <= u < t ==>
           c1_pair_rule(0, padded_dim{Core}(a, pair_rank(a.rank, b.rank), u), padded_dim{Core}(b, pair_rank(a.rank, b.rank), u));
         loop assigns t;
         loop variant i - t;
      @/
      while (t < i) {
        /@ assert dim_t: is_max_dim{Core}((sonnx_shape *)operands, 2, pair_rank(a.rank, b.rank), t,
             pair_max(padded_dim{Core}(a, pair_rank(a.rank, b.rank), t), padded_dim{Core}(b, pair_rank(a.rank, b.rank), t))); @/
        /@ assert c1_t: c1_all_inputs{Core}((sonnx_shape *)operands, 2, pair_rank(a.rank, b.rank), t,
             pair_max(padded_dim{Core}(a, pair_rank(a.rank, b.rank), t), padded_dim{Core}(b, pair_rank(a.rank, b.rank), t))); @/
        /@ assert pair_t: c1_pair_rule(0, padded_dim{Core}(a, pair_rank(a.rank, b.rank), t), padded_dim{Core}(b, pair_rank(a.rank, b.rank), t)); @/
        t++;
      }
    }
  */
  return res;
}

/* The sizes of a pair_result, copied out (p is a value: nothing to keep apart). */
/*@ requires p.rank <= SONNX_MAX_RANK;
    requires \valid(dst + (0 .. p.rank - 1));
    assigns dst[0 .. p.rank - 1];
    ensures copied: \forall integer k; 0 <= k < p.rank ==> dst[k] == p.dims[k];
*/
static void copy_pair_dims(size_t *dst, pair_result p)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= p.rank;
      loop invariant \forall integer t; 0 <= t < k ==> dst[t] == p.dims[t];
      loop assigns k, dst[0 .. p.rank - 1];
      loop variant p.rank - k;
  */
  while (k < p.rank) {
    dst[k] = p.dims[k];
    k++;
  }
}

/* The first axis where the common shape p differs from a; a.rank when none. */
/*@ requires shape_readable(a) && a.rank <= SONNX_MAX_RANK && p.rank == a.rank;
    assigns \nothing;
    ensures 0 <= \result <= a.rank;
    ensures same: \forall integer t; 0 <= t < \result ==> p.dims[t] == a.dims[t];
    ensures differs: \result < a.rank ==> p.dims[\result] != a.dims[\result];
*/
static size_t first_difference(pair_result p, sonnx_shape a)
{
  size_t i = 0;
  /*@ loop invariant 0 <= i <= a.rank;
      loop invariant \forall integer t; 0 <= t < i ==> p.dims[t] == a.dims[t];
      loop assigns i;
      loop variant a.rank - i;
  */
  while (i < a.rank && p.dims[i] == a.dims[i]) {
    i++;
  }
  return i;
}

/* @req ONNX-UNIDIR: with both shapes valid and b.rank <= a.rank, b broadcasts to a iff
   Broadcast(a, b) under the SONNX rule exists and is a. */
/*@ requires err == \null || \valid(err);
    requires shape_ok(a) && shape_ok(b) && shape_readable(a) && shape_readable(b);
    requires b.rank <= a.rank;
    requires err != \null && a.rank > 0 ==> \separated(err, a.dims + (0 .. a.rank - 1));
    requires err != \null && b.rank > 0 ==> \separated(err, b.dims + (0 .. b.rank - 1));
    assigns *err;
    ensures status: \result == SONNX_OK || \result == SONNX_ERR_INCOMPATIBLE;
    ensures accepted: \result == SONNX_OK <==> broadcasts_to{Pre}(b, a);
    ensures err != \null ==> err->status == \result;
    ensures err != \null && \result != SONNX_OK ==> 0 <= err->input < 2;
    ensures rule: err != \null && \result != SONNX_OK ==>
      (!pair_compatible_max{Pre}(a, b) ==> err->rule == SONNX_RULE_SONNX) &&
      (pair_compatible_max{Pre}(a, b) ==> err->rule == SONNX_RULE_ONNX_UNIDIR);
    ensures fields: err != \null && \result != SONNX_OK ==> (!pair_compatible_max{Pre}(a, b) ?
      pair_violation{Pre}(0, a, b, err->input, err->axis, err->size, err->expected) :
      err->input == 1 && unidir_violation{Pre}(err->axis, err->size, err->expected, b, a));
*/
static sonnx_status unidirectional_core(sonnx_shape a, sonnx_shape b, sonnx_error *err)
{
  /*@ assert compatible: broadcasts_to(b, a) ==> pair_compatible_max(a, b); */
  const pair_result p = pair_max_shape(a, b, err);
  if (p.status != SONNX_OK) {
    /*@ assert !broadcasts_to{Pre}(b, a); */
    return p.status; /* C1 of the pair broken: reported under the SONNX rule */
  }
  /*@ assert p_rank: p.rank == a.rank; */
  /*@ assert a_same: \forall integer t; 0 <= t < a.rank ==> a.dims[t] == \at(a.dims[t], Pre); */
  /*@ assert b_same: \forall integer t; 0 <= t < b.rank ==> b.dims[t] == \at(b.dims[t], Pre); */
  /* Broadcast(a, b) exists; unidirectional means it is a itself (a 1 of a may not stretch). */
  const size_t i = first_difference(p, a);
  if (i < p.rank) {
    /*@ assert differs: \let k = i; p.dims[k] != \at(a.dims[k], Pre); */
    /*@ assert max_at: \let k = i;
          p.dims[k] == pair_max(padded_dim{Pre}(a, p.rank, k), padded_dim{Pre}(b, p.rank, k)); */
    /*@ assert max_at_a: \let k = i;
          p.dims[k] == pair_max(padded_dim{Pre}(a, a.rank, k), padded_dim{Pre}(b, a.rank, k)); */
    /*@ assert a_at: \let k = i; padded_dim{Pre}(a, a.rank, k) == \at(a.dims[k], Pre); */
    /*@ assert kept_at: \let k = i; broadcasts_to{Pre}(b, a) ==>
          padded_dim{Pre}(b, a.rank, k) == \at(a.dims[k], Pre) ||
          (padded_dim{Pre}(b, a.rank, k) == 1 && \at(a.dims[k], Pre) != 0); */
    /*@ assert !broadcasts_to{Pre}(b, a); */
    /*@ assert here: \let k = i; !unidir_axis_ok{Pre}(b, a, k); */
    /*@ assert before: \forall integer t; 0 <= t < i ==> unidir_axis_ok{Pre}(b, a, t); */
    /* C1 holds, but the common shape is not a: b does not broadcast to a (ONNX-UNIDIR). */
    return sonnx_report_to_target(err, SONNX_ERR_INCOMPATIBLE, 1u, i, padded_dim_inline(b, p.rank, i),
                                  a.dims[i]);
  }
  /*@ assert same: \forall integer t; 0 <= t < a.rank ==> p.dims[t] == \at(a.dims[t], Pre); */
  /*@ assert broadcasts_to{Pre}(b, a); */
  return p.status;
}

sonnx_status sonnx_unidirectional_check(sonnx_shape a, sonnx_shape b, sonnx_error *err)
{
  if (a.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 0u, SONNX_NO_INDEX, a.rank, SONNX_MAX_RANK);
  }
  if (a.rank > 0u && a.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 0u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (b.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 1u, SONNX_NO_INDEX, b.rank, SONNX_MAX_RANK);
  }
  if (b.rank > 0u && b.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 1u, SONNX_NO_INDEX, 0u, 0u);
  }
  /* @req ONNX-UNIDIR: B has too few dimensions or as many, never more. */
  if (b.rank > a.rank) {
    return sonnx_report_to_target(err, SONNX_ERR_INCOMPATIBLE, 1u, SONNX_NO_INDEX, b.rank, a.rank);
  }
  return unidirectional_core(a, b, err);
}

sonnx_status sonnx_expand_shape(sonnx_shape x, sonnx_shape shape, size_t *out_dims,
                                size_t capacity, size_t *out_rank, sonnx_error *err)
{
  /* sonnx_broadcast_shape's checks up to the capacity, in its order, so that the core writes
     into locals only and out_dims / out_rank change only on success. */
  if (out_dims == NULL && capacity > 0u) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 3u);
  }
  if (out_rank == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 5u);
  }
  if (x.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 0u, SONNX_NO_INDEX, x.rank, SONNX_MAX_RANK);
  }
  if (x.rank > 0u && x.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 0u, SONNX_NO_INDEX, 0u, 0u);
  }
  if (shape.rank > SONNX_MAX_RANK) {
    return sonnx_report(err, SONNX_ERR_RANK, 1u, SONNX_NO_INDEX, shape.rank, SONNX_MAX_RANK);
  }
  if (shape.rank > 0u && shape.dims == NULL) {
    return sonnx_report(err, SONNX_ERR_NULL, 1u, SONNX_NO_INDEX, 0u, 0u);
  }
  const size_t high_rank = (x.rank >= shape.rank) ? x.rank : shape.rank;
  if (capacity < high_rank) {
    return sonnx_report(err, SONNX_ERR_CAPACITY, SONNX_NO_INDEX, SONNX_NO_INDEX, capacity, high_rank);
  }
  /* The core writes into a value; out_dims and out_rank change only on success. */
  const pair_result p = pair_max_shape(x, shape, err);
  if (p.status != SONNX_OK) {
    return p.status;
  }
  copy_pair_dims(out_dims, p);
  *out_rank = p.rank;
  return p.status;
}

/* Lemma: the N-ary NumPy rule of the core on ops = {a, b} is the pair rule on a and b
   themselves (the twin of lemma_pair_max_ab, rule 1). */
/*@ ghost
  /@ requires \valid_read(ops + (0 .. 1));
     requires ops[0].rank == a.rank && ops[0].dims == a.dims;
     requires ops[1].rank == b.rank && ops[1].dims == b.dims;
     requires a.rank <= SONNX_MAX_RANK && b.rank <= SONNX_MAX_RANK;
     assigns \nothing;
     ensures rank: max_rank(ops, 2) == pair_rank(a.rank, b.rank);
     ensures compatible: shapes_compatible(1, ops, 2) <==> pair_compatible_numpy(a, b);
     ensures dim: \forall integer i, d; 0 <= i < pair_rank(a.rank, b.rank) ==>
       (is_numpy_dim(ops, 2, pair_rank(a.rank, b.rank), i, d) <==>
        d == pair_numpy(padded_dim(a, pair_rank(a.rank, b.rank), i), padded_dim(b, pair_rank(a.rank, b.rank), i)));
  @/
  static void lemma_pair_numpy_ab(sonnx_shape *ops, sonnx_shape a, sonnx_shape b)
  {
    lemma_pair_rule(ops, 1);
    /@ assert pad: \forall integer i; 0 <= i < pair_rank(a.rank, b.rank) ==>
         padded_dim(ops[0], pair_rank(a.rank, b.rank), i) == padded_dim(a, pair_rank(a.rank, b.rank), i) &&
         padded_dim(ops[1], pair_rank(a.rank, b.rank), i) == padded_dim(b, pair_rank(a.rank, b.rank), i); @/
    /@ assert from: pair_compatible_numpy(a, b) ==> pair_compatible_at(1, ops, pair_rank(a.rank, b.rank)); @/
    size_t i = 0;
    /@ loop invariant 0 <= i <= pair_rank(a.rank, b.rank);
       loop invariant to: pair_compatible_at(1, ops, pair_rank(a.rank, b.rank)) ==>
         \forall integer t; 0 <= t < i ==>
           c1_pair_numpy(padded_dim(a, pair_rank(a.rank, b.rank), t), padded_dim(b, pair_rank(a.rank, b.rank), t));
       loop assigns i;
       loop variant pair_rank(a.rank, b.rank) - i;
    @/
    while (i < ((a.rank >= b.rank) ? a.rank : b.rank)) {
      /@ assert axis: pair_compatible_at(1, ops, pair_rank(a.rank, b.rank)) ==>
           c1_pair_numpy(padded_dim(ops[0], pair_rank(a.rank, b.rank), i),
                         padded_dim(ops[1], pair_rank(a.rank, b.rank), i)); @/
      i++;
    }
  }
*/

/* Broadcast(a, b) under the NumPy rule (erratum E27), by sonnx_broadcast_shape_numpy, returned
   by value: the twin of pair_max_shape, for sonnx_xla_binary_shape's degenerate step. */
/*@ requires err == \null || \valid(err);
    requires shape_ok(a) && shape_ok(b) && shape_readable(a) && shape_readable(b);
    requires err != \null && a.rank > 0 ==> \separated(err, a.dims + (0 .. a.rank - 1));
    requires err != \null && b.rank > 0 ==> \separated(err, b.dims + (0 .. b.rank - 1));
    assigns *err;
    ensures status: \result.status == SONNX_OK || \result.status == SONNX_ERR_INCOMPATIBLE;
    ensures compatible: \result.status == SONNX_OK <==> pair_compatible_numpy{Pre}(a, b);
    ensures rank: \result.status == SONNX_OK ==> \result.rank == pair_rank(a.rank, b.rank);
    ensures sizes: \result.status == SONNX_OK ==> \forall integer i; 0 <= i < \result.rank ==>
      \result.dims[i] == pair_numpy(padded_dim{Pre}(a, \result.rank, i), padded_dim{Pre}(b, \result.rank, i));
    ensures reported: err != \null ==> err->status == \result.status;
    ensures located: err != \null && \result.status != SONNX_OK ==>
      0 <= err->input < 2 && 0 <= err->axis < pair_rank(a.rank, b.rank);
    ensures violation: err != \null && \result.status != SONNX_OK ==>
      pair_violation{Pre}(1, a, b, err->input, err->axis, err->size, err->expected);
*/
static pair_result pair_numpy_shape(sonnx_shape a, sonnx_shape b, sonnx_error *err)
{
  pair_result res = {SONNX_OK, 0u, {0u}};
  const sonnx_shape operands[2] = {a, b};
  /*@ ghost lemma_pair_numpy_ab((sonnx_shape *)operands, a, b); */
Core: __attribute__((unused));
  res.status = sonnx_broadcast_shape_numpy(2u, operands, res.dims, SONNX_MAX_RANK, &res.rank, err);
  /*@ ghost
    if (err != NULL && res.status != SONNX_OK) {
      size_t i = err->axis;
      /@ assert same: \forall integer t; 0 <= t < pair_rank(a.rank, b.rank) ==>
           padded_dim{Core}(a, pair_rank(a.rank, b.rank), t) == padded_dim{Pre}(a, pair_rank(a.rank, b.rank), t) &&
           padded_dim{Core}(b, pair_rank(a.rank, b.rank), t) == padded_dim{Pre}(b, pair_rank(a.rank, b.rank), t); @/
      /@ assert exp: err->expected == pair_numpy(padded_dim{Core}(a, pair_rank(a.rank, b.rank), i), padded_dim{Core}(b, pair_rank(a.rank, b.rank), i)); @/
      /@ assert report: pair_report(1, padded_dim{Core}(a, pair_rank(a.rank, b.rank), i), padded_dim{Core}(b, pair_rank(a.rank, b.rank), i),
           err->input, err->size, err->expected); @/
      size_t t = 0;
      /@ loop invariant 0 <= t <= i;
         loop invariant \forall integer u; 0 <= u < t ==>
           c1_pair_rule(1, padded_dim{Core}(a, pair_rank(a.rank, b.rank), u), padded_dim{Core}(b, pair_rank(a.rank, b.rank), u));
         loop assigns t;
         loop variant i - t;
      @/
      while (t < i) {
        /@ assert dim_t: is_numpy_dim{Core}((sonnx_shape *)operands, 2, pair_rank(a.rank, b.rank), t,
             pair_numpy(padded_dim{Core}(a, pair_rank(a.rank, b.rank), t), padded_dim{Core}(b, pair_rank(a.rank, b.rank), t))); @/
        /@ assert c1_t: c1_all_inputs{Core}((sonnx_shape *)operands, 2, pair_rank(a.rank, b.rank), t,
             pair_numpy(padded_dim{Core}(a, pair_rank(a.rank, b.rank), t), padded_dim{Core}(b, pair_rank(a.rank, b.rank), t))); @/
        /@ assert pair_t: c1_pair_rule(1, padded_dim{Core}(a, pair_rank(a.rank, b.rank), t), padded_dim{Core}(b, pair_rank(a.rank, b.rank), t)); @/
        t++;
      }
    }
  */
  return res;
}

/* @req XLA-COMPOSE XLA-DEGENERATE erratum E28: the two operands at the higher rank (the
   lower-rank one, lhs when the ranks are equal, as x' = x with 1s inserted when the list is
   not empty; the other one unchanged), then Broadcast of the two under the NumPy rule, lhs
   input 0. Its x' lives in a local array here, so the caller's goals carry neither
   fill_inserted's facts nor the core's contract. */
/*@ requires err == \null || \valid(err);
    requires shape_ok(lhs) && shape_ok(rhs) && shape_readable(lhs) && shape_readable(rhs);
    requires xla_length_ok(lhs.rank, rhs.rank, n_dims);
    requires n_dims > 0 ==> bd != \null && \valid_read(bd + (0 .. n_dims - 1));
    requires err != \null && lhs.rank > 0 ==> \separated(err, lhs.dims + (0 .. lhs.rank - 1));
    requires err != \null && rhs.rank > 0 ==> \separated(err, rhs.dims + (0 .. rhs.rank - 1));
    assigns *err;
    ensures status: \result.status == SONNX_OK || \result.status == SONNX_ERR_INCOMPATIBLE;
    ensures compatible: \result.status == SONNX_OK <==>
      xla_compatible{Pre}(lhs, rhs, (size_t *)bd, n_dims);
    ensures rank: \result.status == SONNX_OK ==> \result.rank == pair_rank(lhs.rank, rhs.rank);
    ensures sizes: \result.status == SONNX_OK ==> \forall integer i; 0 <= i < \result.rank ==>
      \result.dims[i] == xla_dim{Pre}(lhs, rhs, (size_t *)bd, n_dims, i);
    ensures reported: err != \null ==> err->status == \result.status;
    ensures located: err != \null && \result.status != SONNX_OK ==>
      0 <= err->input < 2 && 0 <= err->axis < pair_rank(lhs.rank, rhs.rank);
    ensures violation: err != \null && \result.status != SONNX_OK ==>
      xla_violation{Pre}(lhs, rhs, (size_t *)bd, n_dims, err->input, err->axis, err->size, err->expected);
*/
static pair_result degenerate_shape(sonnx_shape lhs, sonnx_shape rhs, const size_t *bd,
                                    size_t n_dims, sonnx_error *err)
{
  const size_t high_rank = (lhs.rank <= rhs.rank) ? rhs.rank : lhs.rank;
  size_t inserted[SONNX_MAX_RANK];
  sonnx_shape a = lhs;
  sonnx_shape b = rhs;
  if (n_dims > 0u) {
    if (lhs.rank <= rhs.rank) {
      fill_inserted(inserted, lhs, bd, high_rank);
      a.rank = high_rank;
      a.dims = inserted;
    } else {
      fill_inserted(inserted, rhs, bd, high_rank);
      b.rank = high_rank;
      b.dims = inserted;
    }
  }
  /*@ assert lhs_at: \forall integer i; 0 <= i < high_rank ==>
        padded_dim(a, high_rank, i) == xla_lhs_dim{Pre}(lhs, rhs, (size_t *)bd, n_dims, i); */
  /*@ assert rhs_at: \forall integer i; 0 <= i < high_rank ==>
        padded_dim(b, high_rank, i) == xla_rhs_dim{Pre}(lhs, rhs, (size_t *)bd, n_dims, i); */
  /*@ assert high: pair_rank(a.rank, b.rank) == high_rank; */
  /*@ assert compatible: pair_compatible_numpy(a, b) <==> xla_compatible{Pre}(lhs, rhs, (size_t *)bd, n_dims); */
  /*@ assert sizes: \forall integer i; 0 <= i < high_rank ==>
        pair_numpy(padded_dim(a, high_rank, i), padded_dim(b, high_rank, i)) ==
        xla_dim{Pre}(lhs, rhs, (size_t *)bd, n_dims, i); */
  const pair_result r = pair_numpy_shape(a, b, err);
  /*@ assert lhs_kept: \forall integer i; 0 <= i < high_rank ==>
        padded_dim(a, high_rank, i) == xla_lhs_dim{Pre}(lhs, rhs, (size_t *)bd, n_dims, i); */
  /*@ assert rhs_kept: \forall integer i; 0 <= i < high_rank ==>
        padded_dim(b, high_rank, i) == xla_rhs_dim{Pre}(lhs, rhs, (size_t *)bd, n_dims, i); */
  /*@ assert violation: err != \null && r.status != SONNX_OK ==>
        xla_violation{Pre}(lhs, rhs, (size_t *)bd, n_dims, err->input, err->axis, err->size, err->expected); */
  return r;
}

/* The checks of sonnx_xla_binary_shape before its degenerate step, in its order, returned by
   value: the error to report, or SONNX_OK. A function of its own so that each goal of the
   public function covers one outcome of these checks, not their eleven exits at once. */
/*@ requires shape_ok(lhs) ==> shape_readable(lhs);
    requires shape_ok(rhs) ==> shape_readable(rhs);
    requires n_dims > 0 && bd != \null ==> \valid_read(bd + (0 .. n_dims - 1));
    assigns \nothing;
    // Not inside a behavior: clauses after `behavior` belong to it.
    ensures ok_means: \result.status == SONNX_OK ==> !pair_out_null(out_dims, capacity, out_rank) &&
      shape_ok(lhs) && shape_ok(rhs) && xla_length_ok(lhs.rank, rhs.rank, n_dims) &&
      (n_dims == 0 || bd != \null) && bd_ok((size_t *)bd, n_dims, pair_rank(lhs.rank, rhs.rank)) &&
      capacity >= pair_rank(lhs.rank, rhs.rank);
    behavior null_argument:
      assumes pair_out_null(out_dims, capacity, out_rank);
      ensures \result.status == SONNX_ERR_NULL && \result.input == SONNX_NO_INDEX &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0;
      // out_dims is argument 5, out_rank argument 7
      ensures out_dims == \null && capacity > 0 ? \result.expected == 5 : \result.expected == 7;
    behavior bad_shape:
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes !shape_ok(lhs) || !shape_ok(rhs);
      ensures fields: bad_pair_fields(\result.status, \result.input, \result.axis, \result.size,
                                      \result.expected, lhs, rhs);
    behavior bad_length:
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes !xla_length_ok(lhs.rank, rhs.rank, n_dims);
      ensures \result.status == SONNX_ERR_ARGUMENT && \result.input == SONNX_NO_INDEX &&
        \result.axis == SONNX_NO_INDEX && \result.size == n_dims &&
        \result.expected == pair_low_rank(lhs.rank, rhs.rank);
    behavior null_dimensions:
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims > 0 && bd == \null;
      ensures \result.status == SONNX_ERR_NULL && \result.input == SONNX_NO_INDEX &&
        \result.axis == SONNX_NO_INDEX && \result.size == 0 && \result.expected == 3;
    behavior bad_dimensions:
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims == 0 || bd != \null;
      assumes !bd_ok((size_t *)bd, n_dims, pair_rank(lhs.rank, rhs.rank));
      ensures \result.status == SONNX_ERR_ARGUMENT &&
        \result.input == (lhs.rank <= rhs.rank ? 0 : 1) && 0 <= \result.axis < n_dims;
      ensures first: bd_ok((size_t *)bd, \result.axis, pair_rank(lhs.rank, rhs.rank)) &&
        !bd_entry_ok((size_t *)bd, \result.axis, pair_rank(lhs.rank, rhs.rank));
      ensures size: \result.size == bd[\result.axis];
      ensures expected: (\result.size >= pair_rank(lhs.rank, rhs.rank) ==>
          \result.expected == pair_rank(lhs.rank, rhs.rank)) &&
        (\result.size < pair_rank(lhs.rank, rhs.rank) ==>
          \result.axis > 0 && \result.expected == bd[\result.axis - 1] + 1);
    behavior capacity:
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims == 0 || bd != \null;
      assumes bd_ok((size_t *)bd, n_dims, pair_rank(lhs.rank, rhs.rank));
      assumes capacity < pair_rank(lhs.rank, rhs.rank);
      ensures \result.status == SONNX_ERR_CAPACITY && \result.size == capacity &&
        \result.expected == pair_rank(lhs.rank, rhs.rank) &&
        \result.input == SONNX_NO_INDEX && \result.axis == SONNX_NO_INDEX;
    behavior accepted:
      assumes !pair_out_null(out_dims, capacity, out_rank);
      assumes shape_ok(lhs) && shape_ok(rhs);
      assumes xla_length_ok(lhs.rank, rhs.rank, n_dims);
      assumes n_dims == 0 || bd != \null;
      assumes bd_ok((size_t *)bd, n_dims, pair_rank(lhs.rank, rhs.rank));
      assumes capacity >= pair_rank(lhs.rank, rhs.rank);
      ensures \result.status == SONNX_OK;
    complete behaviors;
    disjoint behaviors;
*/
static sonnx_check check_binary(sonnx_shape lhs, sonnx_shape rhs, const size_t *bd, size_t n_dims,
                                const size_t *out_dims, size_t capacity, const size_t *out_rank)
{
  sonnx_check c = {SONNX_OK, SONNX_NO_INDEX, SONNX_NO_INDEX, 0u, 0u};
  if (out_dims == NULL && capacity > 0u) {
    c.status = SONNX_ERR_NULL;
    c.expected = 5u;
    return c;
  }
  if (out_rank == NULL) {
    c.status = SONNX_ERR_NULL;
    c.expected = 7u;
    return c;
  }
  c = sonnx_check_shape_pair(lhs, rhs);
  if (c.status != SONNX_OK) {
    return c;
  }
  /* The list maps the lower-rank operand (lhs when the ranks are equal) into the higher rank. */
  const size_t low_rank = (lhs.rank <= rhs.rank) ? lhs.rank : rhs.rank;
  const size_t high_rank = (lhs.rank <= rhs.rank) ? rhs.rank : lhs.rank;
  /* @req XLA-INDIM-TUPLE XLA-SCALAR, erratum E29: equal ranks take no list or the identity. */
  if (n_dims != low_rank && !(lhs.rank == rhs.rank && n_dims == 0u)) {
    c.status = SONNX_ERR_ARGUMENT;
    c.size = n_dims;
    c.expected = low_rank;
    return c;
  }
  if (n_dims > 0u && bd == NULL) {
    c.status = SONNX_ERR_NULL;
    c.expected = 3u;
    return c;
  }
  const size_t bad = first_bad_entry(bd, n_dims, high_rank);
  if (bad < n_dims) {
    c.status = SONNX_ERR_ARGUMENT;
    c.input = (lhs.rank <= rhs.rank) ? 0u : 1u;
    c.axis = bad;
    c.size = bd[bad];
    c.expected = bad_entry_expected(bd, bad, high_rank);
    return c;
  }
  if (capacity < high_rank) {
    c.status = SONNX_ERR_CAPACITY;
    c.size = capacity;
    c.expected = high_rank;
    return c;
  }
  return c;
}

sonnx_status sonnx_xla_binary_shape(sonnx_shape lhs, sonnx_shape rhs,
                                    const size_t *broadcast_dimensions, size_t n_dims,
                                    size_t *out_dims, size_t capacity, size_t *out_rank,
                                    sonnx_error *err)
{
  const size_t *bd = broadcast_dimensions;
  const sonnx_check c = check_binary(lhs, rhs, bd, n_dims, out_dims, capacity, out_rank);
  if (c.status != SONNX_OK) {
    return sonnx_report(err, c.status, c.input, c.axis, c.size, c.expected);
  }
  /* The core writes into a value; out_dims and out_rank change only on success. */
  const pair_result p = degenerate_shape(lhs, rhs, bd, n_dims, err);
  if (p.status != SONNX_OK) {
    /* Every other check was made above: this is the degenerate-dimension rule, which the core
       applies as the NumPy rule (@req XLA-DEGENERATE, erratum E27). */
    return report_rule(err, p.status, SONNX_RULE_XLA_DEGENERATE);
  }
  copy_pair_dims(out_dims, p);
  *out_rank = p.rank;
  return p.status;
}

/* The spec's multi-index form of the element relation (spec-sources 000, 001):
 *   Zm[i_1, ..., i_nY] = Ym[f(i_1, dYm_1, dY_1), ..., f(i_nY, dYm_nY, dY_nY)]
 * with every multi-index of the box, and the row-major offset of a multi-index
 * (spec/index-mapping.md, section 9): offset = sum_k i_k * prod_{j>k} d_j.
 *
 * data_logic.h states the layout the way a loop computes it (quotients and digits of a
 * flat offset: row_quot, row_digit, source_from) and the contracts use that flat form.
 * This file states the spec's form; spec/acsl/multi_index_lemmas.h proves the two equal:
 * row_offset is a bijection between the index box and [0, count) whose inverse is the
 * digit form, and the multi-index relation holds exactly when the flat one does. This file
 * holds definitions only, no ACSL lemma: WP puts every global lemma into the context of
 * every goal, and extra ones have sent z3 into matching loops in the kernel goals
 * (proofs/timeouts.txt); the facts are ghost lemma functions, in a goal only where called.
 *
 * A multi-index is a logic value (an array of SONNX_MAX_RANK indices, entry k the 0-based
 * index on axis k; entries from the rank on are not read), so that "for every multi-index"
 * quantifies over index tuples, not over arrays that happen to be in memory.
 * Read only by Frama-C, after shape_logic.h and data_logic.h (src/sonnx_broadcast.h
 * includes those under __FRAMAC__).
 */
#ifndef SONNX_MULTI_INDEX_LOGIC_H
#define SONNX_MULTI_INDEX_LOGIC_H

/*@
  // @req LIB-ROWMAJOR SONNX-ELEM
  // The multi-index i lies in the box of the sizes d[0 .. r-1]: 0 <= i_k < d_k on every axis.
  predicate in_box{L}(size_t i[SONNX_MAX_RANK], size_t *d, integer r) =
    \forall integer k; 0 <= k < r ==> i[k] < d[k];

  // @req LIB-ROWMAJOR
  // sum_{k' = k}^{r-1} i_k' * prod_{j > k'} d_j: the row-major offset, summed from axis k
  // (prod_{j > k'} d_j is count_from(d, k' + 1, r), the row-major stride of axis k').
  logic integer row_offset_from{L}(size_t i[SONNX_MAX_RANK], size_t *d, integer r, integer k) =
    k >= r ? 0 : i[k] * count_from(d, k + 1, r) + row_offset_from(i, d, r, k + 1);

  // @req LIB-ROWMAJOR
  // Element number of the multi-index i in a row-major tensor of sizes d[0 .. r-1].
  logic integer row_offset{L}(size_t i[SONNX_MAX_RANK], size_t *d, integer r) =
    row_offset_from(i, d, r, 0);

  // @req LIB-ROWMAJOR
  // The same offset computed as index-mapping.md writes the loop: o_0 = 0,
  // o_{k+1} = o_k * d_k + i_k; this is o_k (Horner's form of the first k axes).
  logic integer row_prefix{L}(size_t i[SONNX_MAX_RANK], size_t *d, integer k) =
    k <= 0 ? 0 : row_prefix(i, d, k - 1) * d[k - 1] + i[k - 1];

  // @req SONNX-ELEM SONNX-F SONNX-STEP1-SHIFT
  // Offset in Ym of Ym[f(i_0, dYm_0, dY_0), ..., f(i_{r-1}, dYm_{r-1}, dY_{r-1})], summed from
  // axis k: the f-mapped index j_k = index_map(i_k, dYm_k, dY_k) of each axis, weighted by
  // Ym's row-major stride prod_{j > k} dYm_j (padded_block). Ym has the padded sizes of x
  // (dYm_k = padded_dim(x, r, k)) and shares x's data: Ym[1, ..., 1, i'] = Xm[i'], so this
  // is also the offset of the element in x's buffer.
  logic integer ym_offset_from{L}(sonnx_shape x, size_t *d, integer r, size_t i[SONNX_MAX_RANK],
                                  integer k) =
    k >= r ? 0 :
      index_map(i[k], padded_dim(x, r, k), d[k]) * padded_block(x, r, k + 1) +
      ym_offset_from(x, d, r, i, k + 1);

  logic integer ym_offset{L}(sonnx_shape x, size_t *d, integer r, size_t i[SONNX_MAX_RANK]) =
    ym_offset_from(x, d, r, i, 0);

  // Element zo of the output bytes zb (read at L1) is element xo of the input bytes xb
  // (read at L2), es bytes each. (The offsets are arguments, so that an offset reached two
  // ways is one term for the provers.)
  predicate element_bytes_equal{L1, L2}(char *zb, integer zo, char *xb, integer xo, size_t es) =
    \forall integer b; 0 <= b < es ==> \at(zb[zo * es + b], L1) == \at(xb[xo * es + b], L2);

  // @req SONNX-ELEM LIB-ROWMAJOR
  // Zm[i] = Ym[f(i)] for one multi-index i, on bytes: element i of the output zb (its offset
  // read at L1, with the result shape (r, d) and x's sizes, as elements_broadcast_to reads
  // them) is element f(i) of Ym, that is of the input bytes xb (read at L2).
  predicate element_at_index{L1, L2}(char *zb, char *xb, size_t es, sonnx_shape x, integer r,
                                     size_t *d, size_t i[SONNX_MAX_RANK]) =
    element_bytes_equal{L1, L2}(zb, row_offset{L1}(i, d, r), xb, ym_offset{L1}(x, d, r, i), es);

  // @req SONNX-ELEM
  // The spec's relation: for every multi-index i of the box of the result shape,
  // Zm[i] = Ym[f(i)] (001, "Relation between tensors with a common number of dimensions and
  // output tensors"). multi_index_lemmas.h proves it equivalent to elements_broadcast_to
  // over all count_from(d, 0, r) elements (the flat form of the contracts).
  predicate elements_at_indices{L1, L2}(char *zb, char *xb, size_t es, sonnx_shape x, integer r,
                                        size_t *d) =
    \forall size_t i[SONNX_MAX_RANK]; in_box{L1}(i, d, r) ==>
      element_at_index{L1, L2}(zb, xb, es, x, r, d, i);

  // @req SONNX-ELEM
  // elements_at_indices with the shape (r, d) read in L2, with the input: the form for
  // sonnx_broadcast_to, whose target shape z is an argument (read in Pre), not a result of
  // the call. Where the sizes are the same in L1 and L2 the two predicates are one.
  predicate elements_at_indices_to{L1, L2}(char *zb, char *xb, size_t es, sonnx_shape x, integer r,
                                           size_t *d) =
    \forall size_t i[SONNX_MAX_RANK]; in_box{L2}(i, d, r) ==>
      element_bytes_equal{L1, L2}(zb, row_offset{L2}(i, d, r), xb, ym_offset{L2}(x, d, r, i), es);

  // @req LIB-ROWMAJOR
  // Some multi-index of the box has offset o. (A predicate, so that provers instantiate
  // "for every o there is a multi-index" on a symbol.)
  predicate has_index_at{L}(size_t *d, integer r, integer o) =
    \exists size_t i[SONNX_MAX_RANK]; in_box(i, d, r) && row_offset(i, d, r) == o;

  // @req LIB-ROWMAJOR
  // The facts that relate the two forms for the shape (r, d) and the input x, in one state:
  // offsets of the box are the numbers 0 .. count - 1, each one's digits are its multi-index,
  // and the f-mapped offset of a multi-index is the flat form's source of its offset.
  // lemma_index_facts (multi_index_lemmas.h) proves them for every shape of rank at most
  // SONNX_MAX_RANK; lemma_elements_at_indices_iff_flat then needs no induction.
  predicate index_facts{L}(sonnx_shape x, integer r, size_t *d) =
    (\forall size_t i[SONNX_MAX_RANK]; in_box(i, d, r) ==>
       0 <= row_offset(i, d, r) < count_from(d, 0, r) &&
       ym_offset(x, d, r, i) == source_from(x, d, r, row_offset(i, d, r), 0)) &&
    (\forall integer o; 0 <= o < count_from(d, 0, r) ==> has_index_at(d, r, o));

*/

#endif

/* The zero-copy view carries the guarantee of the copy (issue #4: "a lemma or proved
 * property that sonnx_broadcast_strides and sonnx_source_offset agree with the element
 * relation"), proved on the definitions of data_logic.h by ghost lemma functions (the WP
 * tutorial's technique).
 *
 * sonnx_broadcast_strides is proved to write view_stride, sonnx_source_offset to return
 * index_offset_from, and both kernels to write element o from source_offset(x, z, o).
 * For x broadcasting to z:
 *   - lemma_view_offset: for every multi-index inside z, the offset read through the
 *     strides (stride_sum) is index_offset_from: one axis at a time, an axis where x's
 *     padded size is 1 has stride 0 and maps every index to 0 (f(a, 1, C) = 1, 1-based),
 *     any other axis has the size of z and the identity;
 *   - lemma_view_element: for the multi-index of output element o (its row-major digits),
 *     both are source_offset(x, z, o), the source the copy reads.
 * So reading x_data through the strides, or at sonnx_source_offset, gives exactly the
 * elements sonnx_broadcast_to writes.
 * @req LIB-STRIDES SONNX-ELEM */
#ifndef SONNX_VIEW_LEMMAS_H
#define SONNX_VIEW_LEMMAS_H

#include "unfold_lemmas.h" /* lemma_source_unfold, shared with row_major_lemmas.h */

/* One unfolding of each definition on axis k, each in a goal of its own (in the loops
   below, the provers do not find them among the loop's facts). */
/*@ ghost
  /@ requires k < r;
     assigns \nothing;
     ensures stride_sum(x, r, idx, k) == stride_sum(x, r, idx, k + 1) + idx[k] * view_stride(x, r, k);
     ensures index_offset_from(x, zd, r, idx, k) == index_offset_from(x, zd, r, idx, k + 1) +
       index_map(idx[k], padded_dim(x, r, k), zd[k]) * padded_block(x, r, k + 1);
  @/
  static void lemma_view_unfold(sonnx_shape x, size_t *zd, size_t r, size_t *idx, size_t k) { }
*/

/* One axis of x broadcasting to z, an index inside it: f's offset is the stride's. A padded
   size of 1 has stride 0 and f maps every index to 0 (the only index when z's size is 1 too);
   otherwise the sizes are equal and f is the identity. */
/*@ ghost
  /@ requires k < z.rank;
     requires padded_dim(x, z.rank, k) == z.dims[k] || padded_dim(x, z.rank, k) == 1;
     requires idx[k] < z.dims[k];
     assigns \nothing;
     ensures index_map(idx[k], padded_dim(x, z.rank, k), z.dims[k]) * padded_block(x, z.rank, k + 1) ==
       idx[k] * view_stride(x, z.rank, k);
  @/
  static void lemma_view_axis(sonnx_shape x, sonnx_shape z, size_t *idx, size_t k) { }
*/

/* Lemma (induction on k, downwards, as the definitions peel): strides and f agree. */
/*@ ghost
  /@ requires broadcasts_to(x, z) && index_in((size_t *)idx, z);
     assigns \nothing;
     ensures stride_sum(x, z.rank, (size_t *)idx, 0) ==        // @req LIB-STRIDES SONNX-F
       index_offset_from(x, z.dims, z.rank, (size_t *)idx, 0);
  @/
  static void lemma_view_offset(sonnx_shape x, sonnx_shape z, const size_t *idx)
  {
    size_t k = z.rank;
    /@ loop invariant 0 <= k <= z.rank;
       loop invariant stride_sum(x, z.rank, (size_t *)idx, k) ==
         index_offset_from(x, z.dims, z.rank, (size_t *)idx, k);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      /@ assert axis: padded_dim(x, z.rank, k) == z.dims[k] || padded_dim(x, z.rank, k) == 1; @/
      /@ assert inside: idx[k] < z.dims[k]; @/
      lemma_view_axis(x, z, (size_t *)idx, k);
      lemma_view_unfold(x, z.dims, z.rank, (size_t *)idx, k);
    }
  }
*/

/* Lemma (induction on k, downwards): at the multi-index of output element o, the view
   and sonnx_source_offset read source_offset(x, z, o), the element the copy writes at o. */
/*@ ghost
  /@ requires broadcasts_to(x, z) && index_in((size_t *)idx, z);
     requires digits: \forall integer k; 0 <= k < z.rank ==> idx[k] == row_digit(z.dims, z.rank, o, k);
     assigns \nothing;
     ensures offset: index_offset_from(x, z.dims, z.rank, (size_t *)idx, 0) ==   // @req LIB-STRIDES SONNX-ELEM
       source_offset(x, z, o);
     ensures view: stride_sum(x, z.rank, (size_t *)idx, 0) == source_offset(x, z, o);   // @req LIB-STRIDES SONNX-ELEM
  @/
  static void lemma_view_element(sonnx_shape x, sonnx_shape z, const size_t *idx, size_t o)
  {
    lemma_view_offset(x, z, idx);
    size_t k = z.rank;
    /@ loop invariant 0 <= k <= z.rank;
       loop invariant index_offset_from(x, z.dims, z.rank, (size_t *)idx, k) ==
         source_from(x, z.dims, z.rank, o, k);
       loop assigns k;
       loop variant k;
    @/
    while (k > 0u) {
      k--;
      /@ assert digit: idx[k] == row_digit(z.dims, z.rank, o, k); @/
      lemma_view_unfold(x, z.dims, z.rank, (size_t *)idx, k);
      lemma_source_unfold(x, z, o, k);
    }
  }
*/

#endif

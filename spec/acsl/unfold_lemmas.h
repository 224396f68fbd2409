/* One unfolding of source_from (data_logic.h) on axis j, in a goal of its own: the
 * inductions over the axes of the block kernel (row_major_lemmas.h) and of the zero-copy
 * view (view_lemmas.h) call it once per axis, since the provers do not find the unfolding
 * among a loop's facts. Pure logic: it reads z's sizes as the definitions do, and needs no
 * validity of them. @req SONNX-ELEM SONNX-F */
#ifndef SONNX_UNFOLD_LEMMAS_H
#define SONNX_UNFOLD_LEMMAS_H

/*@ ghost
  /@ requires j < z.rank;
     assigns \nothing;
     ensures source_from(x, z.dims, z.rank, o, j) == source_from(x, z.dims, z.rank, o, j + 1) +
       index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]) *
       padded_block(x, z.rank, j + 1);
     ensures as_times: source_from(x, z.dims, z.rank, o, j) == source_from(x, z.dims, z.rank, o, j + 1) +
       times(index_map(row_digit(z.dims, z.rank, o, j), padded_dim(x, z.rank, j), z.dims[j]),
             padded_block(x, z.rank, j + 1));
  @/
  static void lemma_source_unfold(sonnx_shape x, sonnx_shape z, size_t o, size_t j) { }
*/

#endif

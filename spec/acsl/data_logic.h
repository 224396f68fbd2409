/* ACSL mirror of the SONNX element relation (spec-sources 000, 001):
 *   Zm[i1..inY] = Ym[f(i1, dYm_1, dY_1), ..., f(inY, dYm_nY, dY_nY)],  Ym[1..1, i'] = Xm[i'].
 *
 * Tensors are flat row-major arrays (@req LIB-ROWMAJOR). The multi-index of
 * the element at flat offset o of a shape z is defined the way a loop walking
 * from the last axis computes it: quotient by the later axes, digit =
 * quotient % size. Definitions peel from the last axis down, like those loops.
 */
#ifndef SONNX_DATA_LOGIC_H
#define SONNX_DATA_LOGIC_H

/*@
  // @req LIB-ROWMAJOR
  // o divided by the sizes of axes k .. r-1 of zd.
  logic integer row_quot{L}(size_t *zd, integer r, integer o, integer k) =
    k >= r ? o : row_quot(zd, r, o, k + 1) / zd[k];

  // @req LIB-ROWMAJOR
  // Index on axis k (0-based) of the element at flat offset o.
  logic integer row_digit{L}(size_t *zd, integer r, integer o, integer k) =
    row_quot(zd, r, o, k + 1) % zd[k];

  // @req SONNX-STEP1-PAD SONNX-STEP1-SHIFT
  // Block size of axis k - 1 in Y, x padded to rank r: Y and X share their
  // data, since the padded axes have size 1 (Ym[1..1, i'] = Xm[i']).
  logic integer padded_block{L}(sonnx_shape x, integer r, integer k) =
    k >= r ? 1 : padded_dim(x, r, k) * padded_block(x, r, k + 1);

  // @req SONNX-ELEM SONNX-F
  // Offset in x of the part of Zm's element o that axes k .. r-1 select:
  // each index goes through f (index_map) against the padded size.
  logic integer source_from{L}(sonnx_shape x, size_t *zd, integer r, integer o, integer k) =
    k >= r ? 0 :
      source_from(x, zd, r, o, k + 1) +
      index_map(row_digit(zd, r, o, k), padded_dim(x, r, k), zd[k]) * padded_block(x, r, k + 1);

  // @req SONNX-ELEM
  // Offset in x of the element of Z = broadcast_to(x, z) at flat offset o.
  logic integer source_offset{L}(sonnx_shape x, sonnx_shape z, integer o) =
    source_from(x, z.dims, z.rank, o, 0);

  // @req LIB-STRIDES SONNX-ELEM SONNX-F
  // Offset in x of the part of Z's element at multi-index idx that axes k .. r-1 select.
  logic integer index_offset_from{L}(sonnx_shape x, size_t *zd, integer r, size_t *idx, integer k) =
    k >= r ? 0 :
      index_offset_from(x, zd, r, idx, k + 1) +
      index_map(idx[k], padded_dim(x, r, k), zd[k]) * padded_block(x, r, k + 1);

  // @req LIB-STRIDES
  // Zero-copy stride of axis k (in elements of x): 0 where x's padded size
  // is 1 (padded or stretched axes), the block of the later axes otherwise.
  logic integer view_stride{L}(sonnx_shape x, integer r, integer k) =
    padded_dim(x, r, k) == 1 ? 0 : padded_block(x, r, k + 1);

  // @req LIB-STRIDES
  // sum_{k' >= k} idx[k'] * view_stride(x, r, k'): the offset a view through the strides
  // reads for the multi-index idx (spec/acsl/view_lemmas.h relates it to the copy).
  logic integer stride_sum{L}(sonnx_shape x, integer r, size_t *idx, integer k) =
    k >= r ? 0 : stride_sum(x, r, idx, k + 1) + idx[k] * view_stride(x, r, k);

  // Every padded block of x fits in size_t (so do strides and offsets).
  predicate blocks_fit{L}(sonnx_shape x, integer r) =
    \forall integer k; 0 <= k <= r ==> padded_block(x, r, k) <= SIZE_MAX;

  logic integer index_at{L}(size_t *idx, integer k) = idx[k];

  // The multi-index is inside z.
  predicate index_in{L}(size_t *idx, sonnx_shape z) =
    \forall integer k; 0 <= k < z.rank ==> idx[k] < z.dims[k];

  // @req ONNX-UNIDIR SONNX-C1 SONNX-STEP2-MAX
  // x broadcasts to exactly z under the SONNX rule: Broadcast(x, z) has shape z.
  // Per axis: the padded size equals z's, or is 1 and z's is not 0 (max(1, 0)
  // would be 1, not z's size: errata on zero sizes).
  predicate broadcasts_to{L}(sonnx_shape x, sonnx_shape z) =
    x.rank <= z.rank &&
    \forall integer k; 0 <= k < z.rank ==>
      padded_dim(x, z.rank, k) == z.dims[k] ||
      (padded_dim(x, z.rank, k) == 1 && z.dims[k] != 0);

  // @req ONNX-UNIDIR SONNX-C1 SONNX-STEP2-MAX
  // broadcasts_to with z given as (zr, zd): the operator holds its result
  // shape in an array (the fold's result, then out_dims), not in a sonnx_shape
  // (and WP does not translate a struct built in the logic).
  predicate broadcasts_to_dims{L}(sonnx_shape x, integer zr, size_t *zd) =
    x.rank <= zr &&
    \forall integer k; 0 <= k < zr ==>
      padded_dim(x, zr, k) == zd[k] || (padded_dim(x, zr, k) == 1 && zd[k] != 0);

  // @req SONNX-ELEM LIB-ROWMAJOR
  // Output element o (bytes o*es .. o*es+es-1 of zb) is the f-mapped element of the input bytes xb.
  // The output bytes are read at L1, the shapes and the input bytes at L2 (the call's
  // Pre: what the caller handed over, whatever is written afterwards).
  predicate element_broadcast{L1, L2}(char *zb, char *xb, size_t es,
                                      sonnx_shape x, sonnx_shape z, integer o) =
    \forall integer b; 0 <= b < es ==>
      \at(zb[o * es + b], L1) == \at(xb[source_offset{L2}(x, z, o) * es + b], L2);

  // @req SONNX-ELEM LIB-ROWMAJOR
  // Every output element before upto is the f-mapped element of the input bytes xb.
  // (Two predicates, so that provers instantiate per element on a symbol, not on a product.)
  predicate elements_broadcast{L1, L2}(char *zb, char *xb, size_t es,
                                       sonnx_shape x, sonnx_shape z, integer upto) =
    \forall integer o; 0 <= o < upto ==> element_broadcast{L1, L2}(zb, xb, es, x, z, o);

  // @req SONNX-ELEM LIB-ROWMAJOR
  // elements_broadcast with z given as (zr, zd), read at L1 with the output: the
  // operator's result shape is its out_rank/out_dims pair, written by the call (and
  // WP does not translate a struct built in the logic).
  // (Two predicates, as for element_broadcast: provers instantiate per element on a symbol.)
  predicate element_broadcast_to{L1, L2}(char *zb, char *xb, size_t es, sonnx_shape x,
                                         integer zr, size_t *zd, integer o) =
    \forall integer b; 0 <= b < es ==>
      \at(zb[o * es + b], L1) == \at(xb[source_from{L1}(x, zd, zr, o, 0) * es + b], L2);
  predicate elements_broadcast_to{L1, L2}(char *zb, char *xb, size_t es, sonnx_shape x,
                                          integer zr, size_t *zd, integer upto) =
    \forall integer o; 0 <= o < upto ==> element_broadcast_to{L1, L2}(zb, xb, es, x, zr, zd, o);

  // @req SONNX-ELEM
  // The source of each of the first upto output elements lies inside x's
  // count_x elements, stated on bytes. Not a clause of the spec: the bound a
  // caller needs to carry the relation across later writes (the input bytes
  // it reads stay inside the input buffer) with no product to instantiate.
  // (Two predicates, as for the element relation: provers instantiate on a symbol.)
  predicate source_inside{L}(sonnx_shape x, sonnx_shape z, integer es, integer count_x,
                             integer o) =
    0 <= source_offset(x, z, o) && 0 <= source_offset(x, z, o) * es &&
    source_offset(x, z, o) * es + es <= count_x * es;
  predicate sources_inside{L}(sonnx_shape x, sonnx_shape z, integer es, integer count_x,
                              integer upto) =
    \forall integer o; 0 <= o < upto ==> source_inside(x, z, es, count_x, o);

  // ---- The N-ary operator over an array of tensors (sonnx_broadcast) ----

  // Every input has a shape the library accepts and a non-zero element size.
  predicate tensors_ok{L}(sonnx_tensor *in, integer n) =
    \forall integer m; 0 <= m < n ==> shape_ok(in[m].shape) && in[m].elem_size > 0;

  predicate tensors_readable{L}(sonnx_tensor *in, integer n) =
    \forall integer m; 0 <= m < n ==> shape_readable(in[m].shape);

  // @req SONNX-STEP1-RANK
  // r is nY = max_m nXm over inputs 0 .. n-1.
  predicate tensors_max_rank{L}(sonnx_tensor *in, integer n, integer r) =
    (\forall integer m; 0 <= m < n ==> in[m].shape.rank <= r) &&
    (\exists integer m; 0 <= m < n && in[m].shape.rank == r);

  // @req SONNX-STEP2-MAX
  // d is dY_i = max_m dYm_i over inputs 0 .. n-1 padded to rank r.
  predicate tensors_max_dim{L}(sonnx_tensor *in, integer n, integer r, integer i, integer d) =
    (\forall integer m; 0 <= m < n ==> padded_dim(in[m].shape, r, i) <= d) &&
    (\exists integer m; 0 <= m < n && padded_dim(in[m].shape, r, i) == d);

  // @req SONNX-C1
  // C1 on axis i: every dYm_i is d or 1.
  predicate tensors_c1{L}(sonnx_tensor *in, integer n, integer r, integer i, integer d) =
    \forall integer m; 0 <= m < n ==> c1_axis(in[m].shape, r, i, d);

  // @req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1
  // Axes 0 .. upto-1 of (r, d) are Broadcast's result for inputs 0 .. n-1, C1
  // holding; d is read at L1, the inputs at L2 (the inputs never change, so a
  // fold reads them at its Pre and needs no frame for them).
  predicate tensors_axes{L1, L2}(sonnx_tensor *in, integer n, integer r, size_t *d, integer upto) =
    \forall integer i; 0 <= i < upto ==>
      tensors_max_dim{L2}(in, n, r, i, \at(d[i], L1)) && tensors_c1{L2}(in, n, r, i, \at(d[i], L1));

  // (r, d) is the shape of Z1..ZN = Broadcast(X1..XN) for inputs 0 .. n-1.
  predicate tensors_broadcast{L1, L2}(sonnx_tensor *in, integer n, integer r, size_t *d) =
    tensors_max_rank{L2}(in, n, r) && tensors_axes{L1, L2}(in, n, r, d, r);
*/

#endif

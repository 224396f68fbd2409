/* ACSL of the broadcast iteration (src/sonnx_iter.c, contracts in src/sonnx_broadcast.h):
 * the output of Z1..ZN = Broadcast(X1..XN) walked in row-major runs.
 *
 * The element relation is the one of data_logic.h: output element o of shape (r, zd)
 * reads input x at source_from(x, zd, r, o, 0) (SONNX-ELEM, f). A run is one block of
 * the fused innermost axes axis .. r-1, on which every input either copies every axis
 * (step 1: its padded sizes equal the output's) or stretches every axis (step 0: its
 * padded sizes are 1), so its source advances by 0 or 1 per output element.
 * @req LIB-ITER SONNX-ELEM
 */
#ifndef SONNX_ITER_LOGIC_H
#define SONNX_ITER_LOGIC_H

/*@
  // @req LIB-ITER
  // Input x on axes k .. r-1 of the output (r, zd): st == 1 copies each axis (padded size
  // == output size), st == 0 stretches each (padded size 1).
  predicate block_mode{L}(sonnx_shape x, integer r, size_t *zd, integer k, integer st) =
    st == 1 ? (\forall integer t; k <= t < r ==> padded_dim(x, r, t) == zd[t])
            : (\forall integer t; k <= t < r ==> padded_dim(x, r, t) == 1);

  // @req LIB-ITER
  // The step of input x: 1 when its padded size on the block's reference axis g (an axis
  // of output size other than 1, or r when the block has none) is not 1.
  logic integer iter_step{L}(sonnx_shape x, integer r, integer g) =
    g < r && padded_dim(x, r, g) != 1 ? 1 : 0;

  // @req LIB-ITER
  // How far element s of a run is from the run's first source, for step st (0 or 1): s * st,
  // written without a product (provers match it as a term, not through nonlinear arithmetic).
  logic integer run_part(integer s, integer st) = st == 1 ? s : 0;

  // What the walk needs of input x once the output (r, zd) has elements: x broadcasts
  // to it, and every padded block of x fits in size_t (sonnx_element_source's terms).
  predicate iter_input_ok{L}(sonnx_shape x, integer r, size_t *zd) =
    shape_ok(x) && shape_readable(x) && broadcasts_to_dims(x, r, zd) &&
    (\forall integer k; 0 <= k <= r ==> 1 <= padded_block(x, r, k) <= padded_block(x, r, 0)) &&
    padded_block(x, r, 0) <= SIZE_MAX;

  // Input m of the iterator, read at a label.
  logic sonnx_shape iter_input{L}(sonnx_broadcast_iter *it, integer m) = it->inputs[m];

  // @req LIB-ITER SONNX-ELEM
  // The element relation of the iterator's output: input m's source of output element o.
  logic integer iter_source{L}(sonnx_broadcast_iter *it, integer m, integer o) =
    source_from(it->inputs[m], &it->dims[0], it->rank, o, 0);

  // @req LIB-ITER
  // The state between two runs (what sonnx_broadcast_iter_init establishes and
  // sonnx_broadcast_iter_next keeps): the output shape and its count, the fused block
  // (axis .. rank-1, block elements, reference axis ref_axis), runs blocks in all, and
  // the next run at offset == run * block.
  predicate iter_valid{L}(sonnx_broadcast_iter *it) =
    \valid(it) && 1 <= it->n <= SONNX_MAX_INPUTS &&
    \valid_read(it->inputs + (0 .. it->n - 1)) &&
    \separated(it, it->inputs + (0 .. it->n - 1)) &&
    it->rank <= SONNX_MAX_RANK &&
    it->count == count_from(&it->dims[0], 0, it->rank) &&
    it->axis <= it->rank && it->ref_axis <= it->rank && it->block >= 1 &&
    it->block == count_from(&it->dims[0], it->axis, it->rank) &&
    it->count == it->runs * it->block && it->run <= it->runs &&
    it->offset == it->run * it->block && it->offset <= it->count &&
    (it->count > 0 ==>
       (\forall integer t; 0 <= t < it->rank ==> it->dims[t] >= 1) &&
       (\forall integer m; 0 <= m < it->n ==>
          iter_input_ok(it->inputs[m], it->rank, &it->dims[0]) &&
          \separated(it, it->inputs[m].dims + (0 .. it->inputs[m].rank - 1)) &&
          block_mode(it->inputs[m], it->rank, &it->dims[0], it->axis,
                     iter_step(it->inputs[m], it->rank, it->ref_axis))));
*/

#endif

/* ACSL mirror of the outcome of the N-ary operator Z1..ZN = Broadcast(X1..XN)
 * (sonnx_broadcast) for every input, so that its contract says *when* each
 * status is returned, not only what holds on success.
 *
 * The common shape is defined as functions of the inputs (nY and dY_i folded
 * left to right, as "max_m" reads), so that a behaviour can name it before
 * anything is computed; data_logic.h's characterisations (tensors_max_rank,
 * tensors_max_dim) are what the code's loops establish, and
 * spec/acsl/operator_lemmas.h proves the two agree.
 *
 * The checks run in the documented order (src/sonnx_broadcast.h): arguments,
 * n, then the left fold of the binary rule (SONNX-REC), which takes input m's
 * own checks (rank, dims, elem_size) and then C1 for inputs 0 .. m; then the
 * capacity of out_dims; then byte sizes; then each input's buffers. Every
 * report names the first failure of that order: "first" is stated as "every
 * earlier one passed", so the input and axis reported are unique.
 */
#ifndef SONNX_OPERATOR_LOGIC_H
#define SONNX_OPERATOR_LOGIC_H

/*@
  // @req SONNX-STEP1-RANK
  // nY = max_m nXm over inputs 0 .. n-1, peeled from the last input (the fold's order).
  logic integer tensors_rank{L}(sonnx_tensor *in, integer n) =
    n <= 0 ? 0 :
      (tensors_rank(in, n - 1) >= in[n - 1].shape.rank ? tensors_rank(in, n - 1) : in[n - 1].shape.rank);

  // @req SONNX-STEP1-PAD
  // dYm_i of input m padded to rank r: padded_dim(in[m].shape, r, i), read field by field
  // (a recursive definition that loads whole structs sends z3 into an instantiation loop).
  logic integer tensor_padded{L}(sonnx_tensor *in, integer m, integer r, integer i) =
    i < r - in[m].shape.rank ? 1 : in[m].shape.dims[i - (r - in[m].shape.rank)];

  // @req SONNX-STEP2-MAX
  // dY_i = max_m dYm_i over inputs 0 .. n-1 (n >= 1) padded to rank r.
  logic integer tensors_dim{L}(sonnx_tensor *in, integer n, integer r, integer i) =
    n <= 1 ? tensor_padded(in, 0, r, i) :
      (tensors_dim(in, n - 1, r, i) >= tensor_padded(in, n - 1, r, i) ?
         tensors_dim(in, n - 1, r, i) : tensor_padded(in, n - 1, r, i));

  // @req LIB-OVERFLOW
  // Element count of axes k .. r-1 of that shape, and of the whole common shape.
  logic integer tensors_count_from{L}(sonnx_tensor *in, integer n, integer r, integer k) =
    k >= r ? 1 : tensors_dim(in, n, r, k) * tensors_count_from(in, n, r, k + 1);
  logic integer common_count{L}(sonnx_tensor *in, integer n) =
    tensors_count_from(in, n, tensors_rank(in, n), 0);

  // @req SONNX-C1
  // C1 on axis i of inputs 0 .. n-1 padded to rank r: every dYm_i is dY_i or 1.
  predicate axis_c1{L}(sonnx_tensor *in, integer n, integer r, integer i) =
    tensors_c1(in, n, r, i, tensors_dim(in, n, r, i));

  // @req SONNX-C1
  // Inputs 0 .. n-1 broadcast together: C1 on every axis of their common rank.
  predicate tensors_compatible{L}(sonnx_tensor *in, integer n) =
    \forall integer i; 0 <= i < tensors_rank(in, n) ==> axis_c1(in, n, tensors_rank(in, n), i);

  // @req LIB-RANK LIB-NULL LIB-ELEM-SIZE
  // Input m's own checks, in order (rank, dims, element size): the status of the first
  // that fails, SONNX_OK when none does.
  logic integer tensor_status{L}(sonnx_tensor *in, integer m) =
    in[m].shape.rank > SONNX_MAX_RANK ? SONNX_ERR_RANK :
    (in[m].shape.rank > 0 && in[m].shape.dims == \null) ? SONNX_ERR_NULL :
    in[m].elem_size == 0 ? SONNX_ERR_ARGUMENT : SONNX_OK;

  predicate tensor_ok{L}(sonnx_tensor *in, integer m) =
    shape_ok(in[m].shape) && in[m].elem_size > 0;

  // @req SONNX-REC
  // The left fold Broadcast(Broadcast(X1..Xj), Xj+1) accepts inputs 0 .. m-1: each passes
  // its own checks and its addition keeps C1.
  predicate fold_accepts{L}(sonnx_tensor *in, integer m) =
    \forall integer j; 0 <= j < m ==> tensor_ok(in, j) && tensors_compatible(in, j + 1);

  // @req SONNX-REC
  // The fold stops at input m: it accepted inputs 0 .. m-1 and not input m.
  predicate fold_stops_at{L}(sonnx_tensor *in, integer m) =
    fold_accepts(in, m) && !(tensor_ok(in, m) && tensors_compatible(in, m + 1));

  // The fold stops at one input at most, so the input a report names is fixed:
  // lemma_fold_stop_unique (spec/acsl/operator_lemmas.h).

  // @req SONNX-C1 SONNX-REC
  // Axis a is the first axis of rank r where C1 breaks for inputs 0 .. n-1.
  predicate first_break{L}(sonnx_tensor *in, integer n, integer r, integer a) =
    0 <= a < r && !axis_c1(in, n, r, a) &&
    \forall integer i; 0 <= i < a ==> axis_c1(in, n, r, i);

  // The status of the fold stopping at input m: m's own check, else SONNX_ERR_INCOMPATIBLE.
  logic integer stop_status{L}(sonnx_tensor *in, integer m) =
    tensor_status(in, m) == SONNX_OK ? SONNX_ERR_INCOMPATIBLE : tensor_status(in, m);

  // @req SONNX-REC LIB-ERR-STATUS
  // The report of the fold stopping at input m (sonnx_error's fields): input m; for its own
  // check no axis, its rank against SONNX_MAX_RANK (RANK), 0 and 0 (NULL dims), 0 and 1
  // (elem_size 0); for C1 the first axis where inputs 0 .. m break it at their common rank,
  // m's padded size there and the size the fold of inputs 0 .. m-1 had reached.
  predicate stop_reported{L}(sonnx_tensor *in, integer m, integer status, integer input,
                             integer axis, integer size, integer expected) =
    status == stop_status(in, m) && input == m &&
    (!tensor_ok(in, m) ==> axis == SONNX_NO_INDEX &&
       (status == SONNX_ERR_RANK ==> size == in[m].shape.rank && expected == SONNX_MAX_RANK) &&
       (status == SONNX_ERR_NULL ==> size == 0 && expected == 0) &&
       (status == SONNX_ERR_ARGUMENT ==> size == 0 && expected == 1)) &&
    (tensor_ok(in, m) ==>
       first_break(in, m + 1, tensors_rank(in, m + 1), axis) &&
       size == padded_dim(in[m].shape, tensors_rank(in, m + 1), axis) &&
       expected == tensors_dim(in, m, tensors_rank(in, m + 1), axis));

  // @req LIB-OVERFLOW
  // Input m's bytes and its output's bytes (zc elements) fit in size_t.
  predicate bytes_fit{L}(sonnx_tensor *in, integer m, integer zc) =
    zc * in[m].elem_size <= SIZE_MAX && shape_count(in[m].shape) * in[m].elem_size <= SIZE_MAX;

  // @req LIB-OVERFLOW
  // Every count and byte size of the call fits in size_t.
  predicate operands_fit{L}(sonnx_tensor *in, integer n) =
    common_count(in, n) <= SIZE_MAX &&
    \forall integer m; 0 <= m < n ==> bytes_fit(in, m, common_count(in, n));

  // @req LIB-OVERFLOW
  // The input an overflow names: none when the common count itself overflows, else the
  // first input whose bytes do not fit.
  predicate overflow_input{L}(sonnx_tensor *in, integer n, integer input) =
    (common_count(in, n) > SIZE_MAX ==> input == SONNX_NO_INDEX) &&
    (common_count(in, n) <= SIZE_MAX ==> 0 <= input < n &&
       !bytes_fit(in, input, common_count(in, n)) &&
       \forall integer j; 0 <= j < input ==> bytes_fit(in, j, common_count(in, n)));

  // @req LIB-NULL LIB-CAPACITY
  // Input m's data and output m's buffer (zc elements) are usable: data present unless
  // empty, capacity enough.
  predicate buffer_ok{L}(sonnx_tensor *in, sonnx_buffer *out, integer m, integer zc) =
    (in[m].data != \null || shape_count(in[m].shape) == 0) &&
    (out[m].data != \null || zc == 0) && out[m].capacity >= zc * in[m].elem_size;

  // @req LIB-CAPACITY
  // Every output holds zc elements of its input's size. (One symbol, so that the success
  // path's statement of it is the postcondition itself, with no instance to find.)
  predicate outputs_hold{L}(sonnx_tensor *in, sonnx_buffer *out, integer n, integer zc) =
    \forall integer m; 0 <= m < n ==> out[m].capacity >= zc * in[m].elem_size;

  predicate buffers_ok{L}(sonnx_tensor *in, sonnx_buffer *out, integer n, integer zc) =
    \forall integer m; 0 <= m < n ==> buffer_ok(in, out, m, zc);

  // @req LIB-NULL LIB-CAPACITY
  // Buffer m is the first unusable one (every earlier one usable).
  predicate first_bad_buffer{L}(sonnx_tensor *in, sonnx_buffer *out, integer n, integer zc,
                                integer m) =
    0 <= m < n && !buffer_ok(in, out, m, zc) &&
    \forall integer j; 0 <= j < m ==> buffer_ok(in, out, j, zc);

  // @req LIB-NULL LIB-CAPACITY
  // Its status, in the order checked: input data, output data, output capacity.
  logic integer buffer_status{L}(sonnx_tensor *in, sonnx_buffer *out, integer m, integer zc) =
    (in[m].data == \null && shape_count(in[m].shape) > 0) ? SONNX_ERR_NULL :
    (out[m].data == \null && zc > 0) ? SONNX_ERR_NULL : SONNX_ERR_CAPACITY;

  // @req LIB-NULL LIB-CAPACITY LIB-ERR-STATUS
  // Its report: input m, no axis; its data NULL (0, 2: the inputs argument), its output's
  // data NULL (0, 3: the outputs argument), or its capacity against the bytes needed.
  predicate buffer_reported{L}(sonnx_tensor *in, sonnx_buffer *out, integer m, integer zc,
                               integer status, integer input, integer axis, integer size,
                               integer expected) =
    status == buffer_status(in, out, m, zc) && input == m && axis == SONNX_NO_INDEX &&
    ((in[m].data == \null && shape_count(in[m].shape) > 0) ? size == 0 && expected == 2 :
     (out[m].data == \null && zc > 0) ? size == 0 && expected == 3 :
       size == out[m].capacity && expected == zc * in[m].elem_size);

  // @req LIB-NULL
  // A required pointer argument is NULL (out_dims only matters when it must hold a size).
  predicate operator_null(sonnx_tensor *in, sonnx_buffer *out, size_t *out_dims,
                          integer dims_capacity, size_t *out_rank) =
    in == \null || out == \null || (out_dims == \null && dims_capacity > 0) || out_rank == \null;

  // The arguments are present and n is in range: the checks reach the inputs.
  predicate operator_called(integer n, sonnx_tensor *in, sonnx_buffer *out, size_t *out_dims,
                            integer dims_capacity, size_t *out_rank) =
    !operator_null(in, out, out_dims, dims_capacity, out_rank) && 1 <= n <= SONNX_MAX_INPUTS;

  // The 1-based position of the first NULL argument, in the order checked.
  logic integer null_position(sonnx_tensor *in, sonnx_buffer *out, size_t *out_dims,
                              integer dims_capacity) =
    in == \null ? 2 : out == \null ? 3 : (out_dims == \null && dims_capacity > 0) ? 4 : 6;

  // ---- The whole outcome, in the order checked (sonnx_broadcast's contract states it as
  // behaviours; its helpers return it by value) ----

  // @req LIB-NULL SONNX-L-RANGE SONNX-REC LIB-CAPACITY LIB-OVERFLOW LIB-ERR-STATUS
  // The report of the shape checks: the arguments, n, the fold, out_dims' capacity
  // (dims_capacity against nY) and the common count.
  predicate shape_checks_reported{L}(integer n, sonnx_tensor *in, sonnx_buffer *out,
                                     size_t *out_dims, integer dims_capacity, size_t *out_rank,
                                     integer status, integer input, integer axis,
                                     integer size, integer expected) =
    (operator_null(in, out, out_dims, dims_capacity, out_rank) ==>
       status == SONNX_ERR_NULL && input == SONNX_NO_INDEX && axis == SONNX_NO_INDEX &&
       size == 0 && expected == null_position(in, out, out_dims, dims_capacity)) &&
    (!operator_null(in, out, out_dims, dims_capacity, out_rank) && (n < 1 || n > SONNX_MAX_INPUTS) ==>
       status == SONNX_ERR_ARGUMENT && input == SONNX_NO_INDEX && axis == SONNX_NO_INDEX &&
       size == n && expected == SONNX_MAX_INPUTS) &&
    (operator_called(n, in, out, out_dims, dims_capacity, out_rank) && !fold_accepts(in, n) ==>
       fold_stops_at(in, input) && stop_reported(in, input, status, input, axis, size, expected)) &&
    (operator_called(n, in, out, out_dims, dims_capacity, out_rank) && fold_accepts(in, n) &&
     dims_capacity < tensors_rank(in, n) ==>
       status == SONNX_ERR_CAPACITY && input == SONNX_NO_INDEX && axis == SONNX_NO_INDEX &&
       size == dims_capacity && expected == tensors_rank(in, n)) &&
    (operator_called(n, in, out, out_dims, dims_capacity, out_rank) && fold_accepts(in, n) &&
     dims_capacity >= tensors_rank(in, n) && common_count(in, n) > SIZE_MAX ==>
       status == SONNX_ERR_OVERFLOW && input == SONNX_NO_INDEX && axis == SONNX_NO_INDEX &&
       size == 0 && expected == 0);

  // The shape checks pass.
  predicate shape_checks_pass{L}(integer n, sonnx_tensor *in, sonnx_buffer *out,
                                 size_t *out_dims, integer dims_capacity, size_t *out_rank) =
    operator_called(n, in, out, out_dims, dims_capacity, out_rank) && fold_accepts(in, n) &&
    dims_capacity >= tensors_rank(in, n) && common_count(in, n) <= SIZE_MAX;

  // @req LIB-OVERFLOW LIB-NULL LIB-CAPACITY LIB-ERR-STATUS
  // The report of the buffer checks, once the shape checks pass: the first input whose
  // bytes do not fit, else the first unusable buffer, else none (SONNX_OK).
  predicate buffer_checks_reported{L}(integer n, sonnx_tensor *in, sonnx_buffer *out,
                                      integer status, integer input, integer axis,
                                      integer size, integer expected) =
    ((\exists integer m; 0 <= m < n && !bytes_fit(in, m, common_count(in, n))) ==>
       status == SONNX_ERR_OVERFLOW && overflow_input(in, n, input) &&
       axis == SONNX_NO_INDEX && size == 0 && expected == 0) &&
    ((\forall integer m; 0 <= m < n ==> bytes_fit(in, m, common_count(in, n))) &&
     !buffers_ok(in, out, n, common_count(in, n)) ==>
       first_bad_buffer(in, out, n, common_count(in, n), input) &&
       buffer_reported(in, out, input, common_count(in, n), status, input, axis, size, expected)) &&
    ((\forall integer m; 0 <= m < n ==> bytes_fit(in, m, common_count(in, n))) &&
     buffers_ok(in, out, n, common_count(in, n)) ==> status == SONNX_OK);

  // Every check of the operator passes: the call is valid, so it must succeed.
  predicate operator_passes{L}(integer n, sonnx_tensor *in, sonnx_buffer *out,
                               size_t *out_dims, integer dims_capacity, size_t *out_rank) =
    shape_checks_pass(n, in, out, out_dims, dims_capacity, out_rank) &&
    (\forall integer m; 0 <= m < n ==> bytes_fit(in, m, common_count(in, n))) &&
    buffers_ok(in, out, n, common_count(in, n));

  // The report of every check of the operator.
  predicate operator_reported{L}(integer n, sonnx_tensor *in, sonnx_buffer *out,
                                 size_t *out_dims, integer dims_capacity, size_t *out_rank,
                                 integer status, integer input, integer axis,
                                 integer size, integer expected) =
    shape_checks_reported(n, in, out, out_dims, dims_capacity, out_rank,
                          status, input, axis, size, expected) &&
    (shape_checks_pass(n, in, out, out_dims, dims_capacity, out_rank) ==>
       buffer_checks_reported(n, in, out, status, input, axis, size, expected));

  // The outcome of the checks: the report, and SONNX_OK exactly when every check passes.
  predicate check_outcome{L}(integer n, sonnx_tensor *in, sonnx_buffer *out,
                             size_t *out_dims, integer dims_capacity, size_t *out_rank,
                             integer status, integer input, integer axis,
                             integer size, integer expected) =
    operator_reported(n, in, out, out_dims, dims_capacity, out_rank,
                      status, input, axis, size, expected) &&
    (status == SONNX_OK <==> operator_passes(n, in, out, out_dims, dims_capacity, out_rank));
*/

#endif

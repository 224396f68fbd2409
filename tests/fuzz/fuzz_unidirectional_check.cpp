/* libFuzzer target: sonnx_unidirectional_check against the reference (ONNX-UNIDIR under the
 * SONNX rule, erratum E30), in the check order of its header comment.
 * Bytes: flags (bit0 err NULL, bit1 b derived from a), a (decode_shape), b: decode_shape, or
 * with bit1 its mode byte (decode_rank) then a selector per axis (decode_matched: a's size on
 * the axis b faces when aligned on the right, 1, or size()). */
#include "xla_reference.hpp"

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_unidirectional_check";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const Shape a = decode_shape(b);
  Shape bs = (flags & 0x02u) ? decode_rank(b) : decode_shape(b);
  if ((flags & 0x02u) && has_dims(bs)) {
    std::vector<size_t> facing(bs.rank, kNoIndex);
    for (size_t k = 0; k < bs.rank; ++k) {
      if (has_dims(a) && k + a.rank >= bs.rank) {
        facing[k] = k + a.rank - bs.rank;
      }
    }
    bs.dims = decode_matched(b, bs.rank, facing, a.dims);
  }

  /* The reference, in the header's order: a then b (rank, dims); b.rank <= a.rank;
     sonnx_broadcast_shape({a, b}) with its error fields (SONNX rule); the common shape is a. */
  Expect want;
  Sizes common;
  if (bad_shape(a, 0, &want) || bad_shape(bs, 1, &want)) {
  } else if (bs.rank > a.rank) {
    want = with_rule(error(SONNX_ERR_INCOMPATIBLE, 1, kNoIndex, bs.rank, a.rank), SONNX_RULE_ONNX_UNIDIR);
  } else if ((want = ref_common_shape({a, bs}, false, &common)).status == SONNX_OK) {
    for (size_t i = 0; i < a.rank; ++i) {
      if (common[i] != a.dims[i]) {
        /* C1 holds, the common shape is not a: ONNX-UNIDIR is the rule broken */
        want = with_rule(error(SONNX_ERR_INCOMPATIBLE, 1, i, pad(bs.dims, a.rank, i), a.dims[i]),
                         SONNX_RULE_ONNX_UNIDIR);
        break;
      }
    }
  }
  if (a.ok() && bs.ok()) {
    /* The two readings of ONNX-UNIDIR in spec/requirements.md must agree: "Broadcast({b, a})
       exists and is a" and "b.rank <= a.rank and each padded size of b is a's, or 1 against a
       size that is not 0". A disagreement is a fault of this reference, reported as such. */
    Expect direct;
    const bool accepted = ref_unidirectional(bs.dims, a.dims, &direct);
    if (accepted != (want.status == SONNX_OK)) {
      fail(target, "the reference's two readings of ONNX-UNIDIR disagree");
    }
  }

  /* The only output is *err; the shapes are read only: checked unchanged. */
  const Sizes a_before = a.dims, b_before = bs.dims;
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x01u) ? nullptr : &e;
  const sonnx_status got = sonnx_unidirectional_check(a.view(), bs.view(), err);
  check_status(target, got, err, want);
  if (a.dims != a_before || bs.dims != b_before) {
    fail(target, "a shape's dims written");
  }
  return 0;
}

/* libFuzzer target: sonnx_format_error against the catalogue of README.md "Error messages"
 * (LIB-ERR-STATUS): the message, its length, truncation to cap - 1, the NUL, no byte past cap.
 * Bytes: flags (bit0 err NULL), status (u8 % 8; 7 is no status of the API), input, axis,
 * size, expected (size() each), cap mode (0: 0 with a NULL buffer, 1: size() % 300,
 * 2: SONNX_MESSAGE_MAX), rule (u8 % 4: the four rules of the API; last, so that a seed
 * written before the rule existed reads rule 0). */
#include "fuzz_support.hpp"

using namespace fuzz;

namespace {

std::string loc(const sonnx_error &e)
{
  return "input " + num(e.input) + (e.axis == kNoIndex ? "" : ", axis " + num(e.axis)) + ": ";
}

/* The catalogue, one line per status (README.md), with the field each part shows. */
std::string ref_message(const sonnx_error *e)
{
  if (e == nullptr) {
    return "no error information (err is NULL)";
  }
  switch (e->status) {
  case SONNX_OK:
    return "no error";
  case SONNX_ERR_NULL:
    if (e->input == kNoIndex) {
      return "argument " + num(e->expected) + " is NULL (LIB-NULL)";
    }
    /* sonnx_error: with an input index, expected 3 is the data of output m (the outputs
       argument of sonnx_broadcast); an output has no axis to name */
    if (e->expected == 3) {
      return "output " + num(e->input) + ": data is NULL but its size is not zero (LIB-NULL)";
    }
    return loc(*e) + "dims or data is NULL but its size is not zero (LIB-NULL)";
  case SONNX_ERR_ARGUMENT:
    if (e->input == kNoIndex && e->axis != kNoIndex) {
      return "axis " + num(e->axis) + ": index " + num(e->size) + " is not below the size " +
             num(e->expected) + " (LIB-STRIDES)";
    }
    /* A broadcast dimension list of the wrong length (XLA-INDIM-TUPLE): expected is the
       number of entries needed, a rank, so at most SONNX_MAX_RANK (README catalogue). */
    if (e->input == kNoIndex && e->expected <= SONNX_MAX_RANK) {
      return "broadcast dimensions: " + num(e->size) + " entries given, " + num(e->expected) +
             " needed (XLA-INDIM-TUPLE)";
    }
    if (e->input == kNoIndex) {
      return "number of inputs " + num(e->size) + " is outside [1, " + num(e->expected) +
             "] (SONNX-L-RANGE)";
    }
    if (e->axis == kNoIndex) {
      return loc(*e) + "element size " + num(e->size) + " is not positive (LIB-ELEM-SIZE)";
    }
    /* Entry `axis` of the list (XLA-INDIM-ORDER): not below the rank (expected) when
       size >= expected, else below the least value allowed after the entry before it. */
    if (e->size >= e->expected) {
      return loc(*e) + "broadcast dimension " + num(e->size) + " is not below the rank " +
             num(e->expected) + " (XLA-INDIM-ORDER)";
    }
    return loc(*e) + "broadcast dimension " + num(e->size) + " is below " + num(e->expected) +
           ", out of order (XLA-INDIM-ORDER)";
  case SONNX_ERR_RANK:
    return loc(*e) + "rank " + num(e->size) + " exceeds " + num(e->expected) + " (LIB-RANK)";
  case SONNX_ERR_INCOMPATIBLE:
    if (e->axis == kNoIndex) {
      return loc(*e) + "rank " + num(e->size) + " is above the target rank " + num(e->expected) +
             " (ONNX-UNIDIR)";
    }
    /* the requirement the rule names (sonnx_error.rule); any other value is the default */
    if (e->rule == SONNX_RULE_ONNX_UNIDIR) {
      return loc(*e) + "size " + num(e->size) + " does not broadcast to " + num(e->expected) +
             " (ONNX-UNIDIR)";
    }
    return loc(*e) + "size " + num(e->size) +
           (e->expected == 1 ? std::string(" is not 1") : " is neither " + num(e->expected) + " nor 1") +
           " (" +
           (e->rule == SONNX_RULE_XLA_INDIM_MATCH   ? "XLA-INDIM-MATCH"
            : e->rule == SONNX_RULE_XLA_DEGENERATE ? "XLA-DEGENERATE"
                                                   : "SONNX-C1") +
           ")";
  case SONNX_ERR_OVERFLOW:
    return (e->input == kNoIndex ? std::string("output: ") : loc(*e)) +
           "element count or byte size exceeds SIZE_MAX (LIB-OVERFLOW)";
  case SONNX_ERR_CAPACITY:
    return "output" + (e->input == kNoIndex ? std::string() : " " + num(e->input)) +
           ": capacity " + num(e->size) + " is below the " + num(e->expected) +
           " needed (LIB-CAPACITY)";
  default:
    return "unknown status " + num(static_cast<size_t>(e->status));
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_format_error";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  sonnx_error e;
  e.status = static_cast<sonnx_status>(b.u8() % 8); /* 0..7: inside the enum's range */
  e.input = b.size();
  e.axis = b.size();
  e.size = b.size();
  e.expected = b.size();
  const uint8_t cap_mode = b.u8() % 3;
  const size_t cap = cap_mode == 0 ? 0 : cap_mode == 1 ? b.size() % 300 : SONNX_MESSAGE_MAX;
  e.rule = static_cast<sonnx_rule>(b.u8() % 4); /* 0..3: the enum's values */
  const sonnx_error *err = (flags & 0x01u) ? nullptr : &e;

  const std::string want = ref_message(err);
  if (want.size() >= SONNX_MESSAGE_MAX) {
    fail(target, "the reference message is too long: " + want);
  }
  Canary buf(cap);
  const size_t len = sonnx_format_error(err, cap == 0 ? nullptr : reinterpret_cast<char *>(buf.data()), cap);
  if (len != want.size()) {
    fail(target, "length " + num(len) + ", reference " + num(want.size()) + ": " + want);
  }
  if (cap > 0) {
    const size_t kept = std::min(cap - 1, want.size());
    if (std::memcmp(buf.data(), want.data(), kept) != 0 || buf.data()[kept] != 0) {
      fail(target, "text differs from: " + want);
    }
    if (!buf.intact_from(kept + 1)) {
      fail(target, "bytes written after the NUL");
    }
  }
  /* Outcomes: the status formatted (err NULL apart), and whether the buffer held it. */
  static const char *const formatted[8] = {"ok", "null", "argument", "rank", "incompatible",
                                           "overflow", "capacity", "unknown"};
  count_outcome(err == nullptr ? "err_null" : formatted[static_cast<size_t>(e.status) & 7u]);
  count_outcome(cap == 0 ? "no_buffer" : want.size() >= cap ? "truncated" : "whole");
  return 0;
}

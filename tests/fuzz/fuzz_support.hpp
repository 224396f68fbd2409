/* Support for the libFuzzer targets of tests/fuzz/ (issue 9): a byte decoder
 * biased towards hostile values, memory helpers (exact-size heap buffers so
 * ASan sees one byte too far, canaries, a page that faults on any access),
 * and the naive reference of every public function.
 *
 * The references are direct transcriptions of the spec and of the header's
 * documented check order, written without looking at src/: step 1 (pad on the
 * left with 1s, SONNX-STEP1-PAD), step 2 (max per axis, SONNX-STEP2-MAX, or the
 * Array API rule, ARRAYAPI-ALGO), constraint C1 (SONNX-C1), f (SONNX-F), the
 * element relation (SONNX-ELEM) on row-major buffers (LIB-ROWMAJOR), the
 * strides of LIB-STRIDES, and the error catalogue of README.md. Sizes are
 * multiplied in unsigned __int128, so overflow is decided by the exact value.
 *
 * Every target CHECKS, it does not just run: on SONNX_OK the outputs equal the
 * reference's; on an error the status, err->input and err->axis (and size /
 * expected where the header documents them) equal the reference's and every
 * output byte equals its canary. A mismatch aborts with a description
 * (libFuzzer then saves the input as a crash).
 *
 * Adding a target for a new function: write its reference here (or in a
 * header beside it, as view_reference.hpp and xla_reference.hpp, the latter for
 * the XLA functions of issue 6), decode its arguments with Bytes, and use
 * Expect / check_status / Canary as the other targets do; add the target's name
 * to FUZZ_TARGETS in fuzz.mk and a seed to make_corpus.py.
 *
 * Byte format (make_corpus.py writes it): see Bytes::size().
 */
#ifndef SONNX_FUZZ_SUPPORT_HPP
#define SONNX_FUZZ_SUPPORT_HPP

#include "sonnx_broadcast.h"

/* element_byte: input bytes encoding their element's index (shared with tests/, properties/) */
#include "../element_bytes.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace fuzz {

using u128 = unsigned __int128;
using Sizes = std::vector<size_t>;

constexpr size_t kNoIndex = SONNX_NO_INDEX;
/* Largest buffer a target allocates; calls that would succeed on more are skipped. */
constexpr size_t kMaxBytes = size_t{1} << 16;
constexpr size_t kMaxInputs = 6; /* inputs materialised for the N-ary functions */

/* ---------------------------------------------------------------- failures */

[[noreturn]] inline void fail(const char *target, const std::string &what)
{
  std::fprintf(stderr, "\n*** %s: MISMATCH with the reference: %s\n", target, what.c_str());
  std::fflush(stderr);
  std::abort();
}

inline std::string num(size_t v) { return std::to_string(v); }

/* ------------------------------------------------------------------ decoder */

/* Reads the fuzzer's bytes front to back; past the end every read gives 0. */
class Bytes {
public:
  Bytes(const uint8_t *data, size_t size) : p_(data), n_(size) {}

  uint8_t u8() { return pos_ < n_ ? p_[pos_++] : 0; }

  /* One tag byte: 0x00..0xDF is the value itself (small sizes dominate, so
     most calls are small enough to succeed); 0xE0.. are the hostile values. */
  size_t size()
  {
    const uint8_t tag = u8();
    if (tag < 0xE0) {
      return tag;
    }
    switch (tag) {
    case 0xE0: return SIZE_MAX;
    case 0xE1: return SIZE_MAX - 1;
    case 0xE2: return size_t{1} << 32;
    case 0xE3: return (size_t{1} << 32) + 1;
    case 0xE4: return (size_t{1} << 32) - 1;
    case 0xE5: return size_t{1} << 31;             /* 2^31: one past SONNX_MAX_INPUTS */
    case 0xE6: return (size_t{1} << 31) - 1;       /* SONNX_MAX_INPUTS */
    case 0xE7: return size_t{1} << 63;
    case 0xE8: return size_t{1} << 33;
    case 0xE9: return SONNX_MAX_RANK;
    case 0xEA: return SONNX_MAX_RANK + 1;
    case 0xEB: return SONNX_MAX_RANK - 1;
    case 0xEC: return SIZE_MAX / 2;
    case 0xED: return SIZE_MAX / 3;                /* times 3 fits exactly */
    case 0xEE: return (SIZE_MAX / 3) + 1;          /* times 3 overflows */
    case 0xEF: return 6700417;                     /* a factor of 2^64 - 1 */
    case 0xF0: return 65537;
    case 0xF1: return 641;
    case 0xF2: return 257;
    case 0xF3: return 255;
    case 0xF4: return 256;
    case 0xF5: return 1000;
    case 0xF6: return (size_t{1} << 16);
    case 0xF7: return (size_t{1} << 16) + 1;
    default: {                                     /* 0xF8..0xFF: 8 raw bytes, little-endian */
      size_t v = 0;
      for (int k = 0; k < 8; ++k) {
        v |= size_t{u8()} << (8 * k);
      }
      return v;
    }
    }
  }

private:
  const uint8_t *p_;
  size_t n_;
  size_t pos_ = 0;
};

/* ------------------------------------------------------------------- memory */

/* A page with no access rights: handed as a pointer that must not be used. */
inline void *fault_page()
{
  static void *page = mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) {
    std::abort();
  }
  return page;
}

inline unsigned char canary_byte(size_t k) { return static_cast<unsigned char>(0xA5u ^ (k * 31u)); }

/* An exact-size heap buffer filled with canaries (malloc'd so ASan guards both ends). */
class Canary {
public:
  explicit Canary(size_t bytes) : n_(bytes), p_(static_cast<unsigned char *>(std::malloc(bytes ? bytes : 1)))
  {
    if (p_ == nullptr) {
      std::abort();
    }
    for (size_t k = 0; k < n_; ++k) {
      p_[k] = canary_byte(k);
    }
  }
  ~Canary() { std::free(p_); }
  Canary(const Canary &) = delete;
  Canary &operator=(const Canary &) = delete;

  unsigned char *data() { return p_; }
  const unsigned char *data() const { return p_; }
  size_t bytes() const { return n_; }
  /* Every byte from `from` on still holds its canary. */
  bool intact_from(size_t from) const
  {
    for (size_t k = from; k < n_; ++k) {
      if (p_[k] != canary_byte(k)) {
        return false;
      }
    }
    return true;
  }
  bool intact() const { return intact_from(0); }

private:
  size_t n_;
  unsigned char *p_;
};

/* A shape as decoded: rank, sizes when materialised, and how dims is passed. */
struct Shape {
  size_t rank = 0;
  Sizes dims;           /* rank entries when rank <= SONNX_MAX_RANK and dims are given */
  bool null_dims = false;

  /* The view handed to the library: exact-size dims (a heap vector), NULL, or, for a rank
     above SONNX_MAX_RANK, the fault page (a shape of that rank must be rejected unread). */
  sonnx_shape view() const
  {
    if (null_dims) {
      return sonnx_shape{rank, nullptr};
    }
    if (rank > SONNX_MAX_RANK) {
      return sonnx_shape{rank, static_cast<const size_t *>(fault_page())};
    }
    return sonnx_shape{rank, rank == 0 ? nullptr : dims.data()};
  }
  bool ok() const { return rank <= SONNX_MAX_RANK && (rank == 0 || !null_dims); }
};

/* rank: mostly small; dims: a flag bit says NULL. The mode byte alone (decode_shape reads the
   sizes after it; the XLA targets read other fields in between). */
inline Shape decode_rank(Bytes &b)
{
  Shape s;
  const uint8_t mode = b.u8();
  s.null_dims = (mode & 0x80u) != 0;
  const uint8_t r = mode & 0x7Fu;
  if (r <= 8) {
    s.rank = r;
  } else if (r == 9) {
    s.rank = SONNX_MAX_RANK;
  } else if (r == 10) {
    s.rank = SONNX_MAX_RANK + 1;
  } else if (r == 11) {
    s.rank = b.size(); /* any rank, SIZE_MAX included */
  } else {
    s.rank = r % 5;
  }
  return s;
}

/* Whether the sizes of s are materialised (read from the bytes or derived). */
inline bool has_dims(const Shape &s) { return s.rank <= SONNX_MAX_RANK && !s.null_dims; }

inline Shape decode_shape(Bytes &b)
{
  Shape s = decode_rank(b);
  if (has_dims(s)) {
    s.dims.resize(s.rank);
    for (size_t k = 0; k < s.rank; ++k) {
      s.dims[k] = b.size();
    }
  }
  return s;
}

/* ----------------------------------------------------------- the reference */

/* What the reference expects of a call. Which fields the header documents for
   a status decides what is compared: status, input and axis always; size and
   expected when `check_sizes`. */
struct Expect {
  sonnx_status status = SONNX_OK;
  size_t input = kNoIndex;
  size_t axis = kNoIndex;
  size_t size = 0;
  size_t expected = 0;
  bool check_sizes = true;
  sonnx_rule rule = SONNX_RULE_SONNX; /* sonnx_error: the default outside the XLA rules */
};

inline Expect error(sonnx_status s, size_t input, size_t axis, size_t size, size_t expected,
                    bool check_sizes = true)
{
  return Expect{s, input, axis, size, expected, check_sizes};
}

/* An incompatibility under a rule other than SONNX-C1 (sonnx_error.rule). */
inline Expect with_rule(Expect e, sonnx_rule rule)
{
  e.rule = rule;
  return e;
}

/* The argument at 1-based position `pos` is NULL (LIB-NULL). */
inline Expect null_argument(size_t pos) { return error(SONNX_ERR_NULL, kNoIndex, kNoIndex, 0, pos); }

/* Exact product of the sizes (LIB-OVERFLOW): false when it exceeds SIZE_MAX. */
inline bool exact_count(const Sizes &dims, size_t *count)
{
  for (size_t d : dims) {
    if (d == 0) {
      *count = 0;
      return true;
    }
  }
  u128 c = 1;
  for (size_t d : dims) {
    c *= d;
    if (c > SIZE_MAX) {
      return false;
    }
  }
  *count = static_cast<size_t>(c);
  return true;
}

inline bool exact_bytes(size_t count, size_t es, size_t *bytes)
{
  const u128 b = static_cast<u128>(count) * es;
  if (b > SIZE_MAX) {
    return false;
  }
  *bytes = static_cast<size_t>(b);
  return true;
}

/* Step 1 (SONNX-STEP1-PAD), 0-based: size of axis i of x padded to rank ny. */
inline size_t pad(const Sizes &x, size_t ny, size_t i)
{
  const size_t lead = ny - x.size();
  return i < lead ? 1 : x[i - lead];
}

/* f (SONNX-F), 0-based: a when b == c, 0 when b == 1. */
inline size_t f(size_t a, size_t b, size_t c) { return b == c ? a : 0; }

/* The first shape the library cannot take (rank above SONNX_MAX_RANK, or NULL dims with a
   positive rank), as the shape functions report it (LIB-RANK before LIB-NULL per input). */
inline bool bad_shape(const Shape &s, size_t input, Expect *e)
{
  if (s.rank > SONNX_MAX_RANK) {
    *e = error(SONNX_ERR_RANK, input, kNoIndex, s.rank, SONNX_MAX_RANK);
    return true;
  }
  if (s.rank > 0 && s.null_dims) {
    *e = error(SONNX_ERR_NULL, input, kNoIndex, 0, 0);
    return true;
  }
  return false;
}

/* Steps 1 and 2 with C1 over all inputs (numpy: the Array API rule, where a 1
   stretches to any size, 0 included). Axis by axis, input by input. */
inline Expect ref_common_shape(const std::vector<Shape> &in, bool numpy, Sizes *out)
{
  size_t ny = 0;
  for (const Shape &s : in) {
    ny = std::max(ny, s.rank);
  }
  out->assign(ny, 0);
  for (size_t i = 0; i < ny; ++i) {
    size_t d;
    if (numpy) {
      d = 1;
      for (const Shape &s : in) {
        if (pad(s.dims, ny, i) != 1) {
          d = pad(s.dims, ny, i);
          break;
        }
      }
    } else {
      d = 0;
      for (const Shape &s : in) {
        d = std::max(d, pad(s.dims, ny, i));
      }
    }
    for (size_t m = 0; m < in.size(); ++m) {
      const size_t p = pad(in[m].dims, ny, i);
      if (p != d && p != 1) {
        return error(SONNX_ERR_INCOMPATIBLE, m, i, p, d);
      }
    }
    (*out)[i] = d;
  }
  return Expect{};
}

/* ONNX-UNIDIR: x broadcasts to z when shape({x, z}) == z under the SONNX rule: x's rank is not
   above z's, and per axis the padded size is z's, or 1 facing a size that is not 0. */
inline bool ref_unidirectional(const Sizes &x, const Sizes &z, Expect *e)
{
  if (x.size() > z.size()) {
    *e = with_rule(error(SONNX_ERR_INCOMPATIBLE, 0, kNoIndex, x.size(), z.size()), SONNX_RULE_ONNX_UNIDIR);
    return false;
  }
  for (size_t k = 0; k < z.size(); ++k) {
    const size_t p = pad(x, z.size(), k);
    if (!(p == z[k] || (p == 1 && z[k] != 0))) {
      *e = with_rule(error(SONNX_ERR_INCOMPATIBLE, 0, k, p, z[k]), SONNX_RULE_ONNX_UNIDIR);
      return false;
    }
  }
  return true;
}

/* SONNX-ELEM with f: the row-major offset in x of output element o of z. */
inline size_t ref_source(const Sizes &x, const Sizes &z, size_t o)
{
  const size_t r = z.size();
  std::vector<size_t> index(r);
  for (size_t k = r; k-- > 0;) {
    index[k] = o % z[k];
    o /= z[k];
  }
  size_t src = 0;
  for (size_t k = 0; k < r; ++k) {
    const size_t p = pad(x, r, k);
    src = src * p + f(index[k], p, z[k]);
  }
  return src;
}

/* How many checked calls ended with each status (index = sonnx_status), printed when the
   fuzzer exits so a run shows that every path, success included, was exercised. */
inline size_t *status_counts()
{
  static size_t counts[8];
  return counts;
}
struct StatusReport {
  ~StatusReport()
  {
    const size_t *c = status_counts();
    if (c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] > 0) {
      std::fprintf(stderr,
                   "statuses: ok %zu, null %zu, argument %zu, rank %zu, incompatible %zu, "
                   "overflow %zu, capacity %zu\n",
                   c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
    }
  }
};
inline StatusReport status_report;

inline void count_status(sonnx_status s) { status_counts()[static_cast<size_t>(s) & 7u] += 1; }

/* The outcomes of a target whose function returns no status (sonnx_index_map,
   sonnx_format_error): each checked call counts the outcomes it reached, by name, and the
   counts are printed when the fuzzer exits ("outcomes: name count, ..."), for the verdict
   of tools/fuzz_verdict.py against tests/fuzz/outcomes.txt. Names are string literals. */
struct Outcome {
  const char *name;
  size_t count;
};
constexpr size_t kMaxOutcomes = 16;
inline Outcome *outcome_table()
{
  static Outcome table[kMaxOutcomes];
  return table;
}
struct OutcomeReport {
  ~OutcomeReport()
  {
    const Outcome *t = outcome_table();
    if (t[0].name == nullptr) {
      return;
    }
    std::fprintf(stderr, "outcomes:");
    for (size_t k = 0; k < kMaxOutcomes && t[k].name != nullptr; ++k) {
      std::fprintf(stderr, "%s %s %zu", k == 0 ? "" : ",", t[k].name, t[k].count);
    }
    std::fprintf(stderr, "\n");
  }
};
inline OutcomeReport outcome_report;

inline void count_outcome(const char *name)
{
  Outcome *t = outcome_table();
  for (size_t k = 0; k < kMaxOutcomes; ++k) {
    if (t[k].name == nullptr) {
      t[k].name = name;
    }
    if (std::strcmp(t[k].name, name) == 0) {
      t[k].count += 1;
      return;
    }
  }
  fail("count_outcome", std::string("more than 16 outcome names: ") + name);
}

/* The requirement IDs a message of err's status may cite, from README.md's catalogue ("Error
   messages") and sonnx_rule in sonnx_broadcast.h: one per status, but for SONNX_ERR_INCOMPATIBLE
   the ID of err->rule (a value outside the list reads as SONNX_RULE_SONNX) and for
   SONNX_ERR_ARGUMENT the forms whose subject matches err's fields (input and axis: broadcast
   dimension out of order; input: element size; axis: index of LIB-STRIDES; neither: number of
   inputs or length of the broadcast dimensions). */
inline std::vector<std::string> message_tags(const sonnx_error &e)
{
  const bool in = e.input != kNoIndex, ax = e.axis != kNoIndex;
  switch (e.status) {
  case SONNX_ERR_NULL: return {"LIB-NULL"};
  case SONNX_ERR_ARGUMENT:
    if (in) {
      return {ax ? "XLA-INDIM-ORDER" : "LIB-ELEM-SIZE"};
    }
    return ax ? std::vector<std::string>{"LIB-STRIDES"}
              : std::vector<std::string>{"SONNX-L-RANGE", "XLA-INDIM-TUPLE"};
  case SONNX_ERR_RANK: return {"LIB-RANK"};
  case SONNX_ERR_INCOMPATIBLE:
    switch (e.rule) {
    case SONNX_RULE_XLA_INDIM_MATCH: return {"XLA-INDIM-MATCH"};
    case SONNX_RULE_XLA_DEGENERATE: return {"XLA-DEGENERATE"};
    case SONNX_RULE_ONNX_UNIDIR: return {"ONNX-UNIDIR"};
    default: return {"SONNX-C1"};
    }
  case SONNX_ERR_OVERFLOW: return {"LIB-OVERFLOW"};
  case SONNX_ERR_CAPACITY: return {"LIB-CAPACITY"};
  default: return {};
  }
}

/* How the catalogue's message of err starts: "input i, axis a: ", "input i: " or "axis a: ";
   "output i: " / "output: " for an output (a capacity, an output's NULL data, expected 3 per
   sonnx_error's comment, or an overflow of no input); "" where it names neither. */
inline std::string message_subject(const sonnx_error &e)
{
  const bool in = e.input != kNoIndex, ax = e.axis != kNoIndex;
  if (e.status == SONNX_ERR_CAPACITY || (e.status == SONNX_ERR_NULL && in && e.expected == 3) ||
      (e.status == SONNX_ERR_OVERFLOW && !in)) {
    return in ? "output " + num(e.input) + ": " : std::string("output: ");
  }
  if (in) {
    return "input " + num(e.input) + (ax ? ", axis " + num(e.axis) : std::string()) + ": ";
  }
  return ax ? "axis " + num(e.axis) + ": " : std::string();
}

/* Compares err with the reference, and the outputs' canaries on an error. */
inline void check_status(const char *target, sonnx_status got, const sonnx_error *err,
                         const Expect &want)
{
  count_status(got);
  if (got != want.status) {
    fail(target, "status " + num(got) + ", reference " + num(want.status) + " (input " +
                     num(want.input) + ", axis " + num(want.axis) + ")");
  }
  if (err == nullptr) {
    return;
  }
  if (err->status != want.status) {
    fail(target, "err->status " + num(err->status) + ", returned " + num(got));
  }
  if (want.status == SONNX_OK) {
    return;
  }
  if (err->input != want.input || err->axis != want.axis) {
    fail(target, "status " + num(got) + ": err input/axis " + num(err->input) + "/" +
                     num(err->axis) + ", reference " + num(want.input) + "/" + num(want.axis));
  }
  if (want.check_sizes && (err->size != want.size || err->expected != want.expected)) {
    fail(target, "status " + num(got) + ": err size/expected " + num(err->size) + "/" +
                     num(err->expected) + ", reference " + num(want.size) + "/" +
                     num(want.expected));
  }
  if (err->rule != want.rule) {
    fail(target, "status " + num(got) + ": err rule " + num(err->rule) + ", reference " +
                     num(want.rule));
  }
  /* The message names what went wrong: checked in full by fuzz_format_error; here it fits,
     starts with the input / axis it reports and ends with the requirement ID of its status
     and rule, in parentheses (README.md catalogue). */
  char msg[SONNX_MESSAGE_MAX];
  const size_t len = sonnx_format_error(err, msg, sizeof msg);
  if (len >= SONNX_MESSAGE_MAX || std::strlen(msg) != len) {
    fail(target, std::string("bad message: ") + msg);
  }
  const std::string text(msg), subject = message_subject(*err);
  if (text.compare(0, subject.size(), subject) != 0) {
    fail(target, "message \"" + text + "\" does not start with \"" + subject + "\"");
  }
  bool tagged = false;
  std::string tags;
  for (const std::string &t : message_tags(*err)) {
    const std::string end = " (" + t + ")";
    tagged = tagged || (text.size() > end.size() &&
                        text.compare(text.size() - end.size(), end.size(), end) == 0);
    tags += (tags.empty() ? "" : " or ") + end;
  }
  if (!tagged) {
    fail(target, "message \"" + text + "\" does not end with" + tags);
  }
}

/* The shape results (out_dims, out_rank) of a shape function after check_status: untouched
   canaries on an error; on success the reference's rank and sizes, nothing past the rank. */
inline void check_shape_result(const char *target, sonnx_status got, const Canary &out_dims,
                               const Canary &out_rank, const Sizes &result)
{
  if (got != SONNX_OK) {
    if (!out_dims.intact() || !out_rank.intact()) {
      fail(target, "an output was written on error " + num(got));
    }
    return;
  }
  size_t rank;
  std::memcpy(&rank, out_rank.data(), sizeof rank);
  if (rank != result.size()) {
    fail(target, "rank " + num(rank) + ", reference " + num(result.size()));
  }
  for (size_t i = 0; i < rank; ++i) {
    size_t d;
    std::memcpy(&d, out_dims.data() + i * sizeof(size_t), sizeof d);
    if (d != result[i]) {
      fail(target, "axis " + num(i) + ": " + num(d) + ", reference " + num(result[i]));
    }
  }
  if (!out_dims.intact_from(rank * sizeof(size_t))) {
    fail(target, "out_dims written past out_rank");
  }
}


/* A fresh err full of garbage, so fields the call forgot to set are noticed. */
inline sonnx_error garbage_error()
{
  sonnx_error e;
  std::memset(&e, 0x5A, sizeof e);
  return e;
}

} // namespace fuzz

#endif

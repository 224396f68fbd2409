/* sonnx_testing.hpp: the SONNX broadcasting oracle for other projects (issue 32), installed
 * with the library. Header-only C++20; needs RapidCheck (<rapidcheck.h>, -lrapidcheck) for the
 * generators and nothing else: the oracle is a transcription of the spec, written here
 * independently of the C core (it shares no code with the .c files of src/), so a runtime's broadcasting
 * can be judged against the spec itself.
 *
 *   sonnx::testing::gen_tuple(shape_class::zero_size)   RapidCheck generator of input shape
 *       tuples of one equivalence class of the SONNX test guidelines (rank 0, 1, 2, high ranks
 *       up to SONNX_MAX_RANK, zero-size axes, 1 x n and n x 1, compatible tuples, tuples that
 *       break C1 at exactly one input and axis, up to 64 inputs).
 *   sonnx::testing::judge_shape(tuple, answer)           the verdict on a candidate's output
 *       shape or error: agrees, or which requirement (SONNX-STEP1-RANK, SONNX-STEP2-MAX,
 *       SONNX-C1), which input and which axis.
 *   sonnx::testing::judge_data(x, x_bytes, es, z, out)   the verdict on a candidate's output
 *       bytes for input x broadcast to z: agrees, or the first output element that breaks the
 *       element relation (SONNX-ELEM), with its index and axis.
 *   sonnx::testing::judge(tuple, answer, es, in_bytes, out_bytes)   both: the shape or error,
 *       then the output bytes of every input when the candidate gives them.
 *
 * Axes and inputs are 0-based, axes in the padded (output-rank) shape, as in sonnx_broadcast.h.
 * rule::numpy judges against the Array API / NumPy rule instead (a size 1 stretches to 0;
 * spec/errata.md), to tell "follows NumPy" from "wrong".
 */
#ifndef SONNX_TESTING_HPP
#define SONNX_TESTING_HPP

#include <rapidcheck.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sonnx_broadcast.h"

namespace sonnx::testing {

using dims = std::vector<std::size_t>;
using tuple = std::vector<dims>;

/* The shape rule the oracle judges by: SONNX's (max rule with C1) or the Array API / NumPy one. */
enum class rule { sonnx, numpy };

/* The equivalence classes of the SONNX test guidelines for shapes. */
enum class shape_class {
  rank0,        // at least one scalar (rank 0) input, the others compatible
  rank1,        // every input of rank <= 1, common rank 1
  rank2,        // every input of rank <= 2, common rank 2
  high_rank,    // common rank 3 .. SONNX_MAX_RANK
  zero_size,    // a size-0 axis; the inputs 0 there, or 0 or 1 (NumPy-compatible, SONNX may reject)
  one_by_n,     // (1, n) with (m, 1): outer product
  n_by_one,     // (n, 1) with (1, m)
  compatible,   // C1 holds on every axis, 2 .. 5 inputs, ranks 0 .. 6
  breaks_c1,    // C1 fails at exactly one input and one axis
  many_inputs   // 2 .. 64 inputs, compatible
};

inline constexpr shape_class all_classes[] = {
    shape_class::rank0,   shape_class::rank1,    shape_class::rank2,      shape_class::high_rank,
    shape_class::zero_size, shape_class::one_by_n, shape_class::n_by_one, shape_class::compatible,
    shape_class::breaks_c1, shape_class::many_inputs};

inline std::string_view name(shape_class c)
{
  switch (c) {
  case shape_class::rank0: return "rank 0";
  case shape_class::rank1: return "rank 1";
  case shape_class::rank2: return "rank 2";
  case shape_class::high_rank: return "high ranks (3..64)";
  case shape_class::zero_size: return "zero-size axes";
  case shape_class::one_by_n: return "1 x n with m x 1";
  case shape_class::n_by_one: return "n x 1 with 1 x m";
  case shape_class::compatible: return "compatible tuples";
  case shape_class::breaks_c1: return "C1 broken at one input and axis";
  case shape_class::many_inputs: return "up to 64 inputs";
  }
  return "?";
}

inline std::string to_string(const dims &d)
{
  std::string s = "(";
  for (std::size_t k = 0; k < d.size(); ++k) {
    s += (k ? "," : "") + std::to_string(d[k]);
  }
  return s + ")";
}

inline std::string to_string(const tuple &t)
{
  std::string s;
  for (std::size_t m = 0; m < t.size(); ++m) {
    s += (m ? ", " : "") + to_string(t[m]);
  }
  return s;
}

inline std::size_t count(const dims &d)
{
  std::size_t c = 1;
  for (std::size_t v : d) {
    c *= v;
  }
  return c;
}

// ---------------------------------------------------------------------------
// The oracle: the spec's steps, transcribed (SONNX 000/001; Array API 002 for rule::numpy)
// ---------------------------------------------------------------------------

/* Step 1 (@req SONNX-STEP1-PAD): size of axis i of x padded on the left with 1s to rank r. */
inline std::size_t padded(const dims &x, std::size_t r, std::size_t i)
{
  return i < r - x.size() ? 1 : x[i - (r - x.size())];
}

/* What the spec says of a tuple: the common shape, or the first violation (axis by axis, then
   input by input), its size and the size it had to equal. */
struct expected {
  bool ok = true;
  dims shape;
  std::size_t input = 0, axis = 0, size = 0, must_equal = 0;
};

inline expected reference(const tuple &in, rule r = rule::sonnx)
{
  expected e;
  std::size_t rank = 0;  // @req SONNX-STEP1-RANK
  for (const dims &x : in) {
    rank = std::max(rank, x.size());
  }
  e.shape.assign(rank, 1);
  for (std::size_t i = 0; i < rank; ++i) {
    std::size_t target = 1;
    if (r == rule::sonnx) {  // @req SONNX-STEP2-MAX: the maximum of the inputs' sizes ((0),(0): 0)
      target = padded(in[0], rank, i);
      for (const dims &x : in) {
        target = std::max(target, padded(x, rank, i));
      }
    } else {  // Array API: the first size that is not 1, else 1
      for (const dims &x : in) {
        if (padded(x, rank, i) != 1) {
          target = padded(x, rank, i);
          break;
        }
      }
    }
    e.shape[i] = target;
  }
  for (std::size_t i = 0; i < rank; ++i) {  // @req SONNX-C1: each size is the target or 1
    for (std::size_t m = 0; m < in.size(); ++m) {
      const std::size_t s = padded(in[m], rank, i);
      if (s != e.shape[i] && s != 1) {
        e.ok = false;
        e.input = m;
        e.axis = i;
        e.size = s;
        e.must_equal = e.shape[i];
        e.shape.clear();
        return e;
      }
    }
  }
  return e;
}

/* A candidate's answer: the shape it computed, or that it rejected the tuple (with the input
   and axis it blamed, when it says). */
struct answer {
  bool ok = true;
  dims shape;
  std::optional<std::size_t> input, axis;
  static answer accepted(dims d) { return answer{true, std::move(d), std::nullopt, std::nullopt}; }
  static answer rejected(std::optional<std::size_t> input = std::nullopt,
                         std::optional<std::size_t> axis = std::nullopt)
  {
    return answer{false, {}, input, axis};
  }
};

/* The verdict: agrees, or the requirement the candidate broke, with the input, the axis and the
   element concerned (when there is one), and one line saying it. */
struct verdict {
  bool agrees = true;
  std::string requirement;  // e.g. "SONNX-C1"; empty when the candidate agrees
  std::optional<std::size_t> input, axis, element;
  std::string detail;
  std::string text() const
  {
    if (agrees) {
      return detail.empty() ? "agrees" : "agrees (" + detail + ")";
    }
    std::string s = requirement + ":";
    if (input) s += " input " + std::to_string(*input) + ",";
    if (axis) s += " axis " + std::to_string(*axis) + ",";
    if (element) s += " element " + std::to_string(*element) + ",";
    return s + " " + detail;
  }
};

inline verdict judge_shape(const tuple &in, const answer &a, rule r = rule::sonnx)
{
  const expected e = reference(in, r);
  verdict v;
  if (e.ok && !a.ok) {
    v.agrees = false;
    v.requirement = "SONNX-C1";
    v.input = a.input;
    v.axis = a.axis;
    v.detail = "the candidate rejects a tuple on which C1 holds; the result is " + to_string(e.shape);
    return v;
  }
  if (!e.ok && a.ok) {
    v.agrees = false;
    v.requirement = "SONNX-C1";
    v.input = e.input;
    v.axis = e.axis;
    v.detail = "size " + std::to_string(e.size) +
               (e.must_equal == 1 ? std::string(" is not 1")
                                  : " is neither " + std::to_string(e.must_equal) + " nor 1") +
               ", yet the candidate returns " + to_string(a.shape);
    return v;
  }
  if (!e.ok) {  // both reject: check where the candidate says it failed, when it says
    if ((a.input && *a.input != e.input) || (a.axis && *a.axis != e.axis)) {
      v.detail = "rejected as it must be, but located elsewhere than input " + std::to_string(e.input) +
                 ", axis " + std::to_string(e.axis);
    }
    return v;
  }
  if (a.shape.size() != e.shape.size()) {
    v.agrees = false;
    v.requirement = "SONNX-STEP1-RANK";
    v.detail = "rank " + std::to_string(a.shape.size()) + ", expected " + std::to_string(e.shape.size()) +
               " (" + to_string(a.shape) + " instead of " + to_string(e.shape) + ")";
    return v;
  }
  for (std::size_t i = 0; i < e.shape.size(); ++i) {
    if (a.shape[i] != e.shape[i]) {
      v.agrees = false;
      v.requirement = "SONNX-STEP2-MAX";
      v.axis = i;
      v.detail = "size " + std::to_string(a.shape[i]) + ", expected " + std::to_string(e.shape[i]) + " (" +
                 to_string(a.shape) + " instead of " + to_string(e.shape) + ")";
      return v;
    }
  }
  return v;
}

/* The element relation (@req SONNX-ELEM, SONNX-F): output element o of x broadcast to z is the
   element of x at the index f maps o's index to (f(a, b, c) = a if b == c, 0 if b == 1).
   x_bytes holds count(x) elements of es bytes, row-major; out the candidate's count(z). */
inline verdict judge_data(const dims &x, std::span<const unsigned char> x_bytes, std::size_t es, const dims &z,
                          std::span<const unsigned char> out, std::size_t input = 0)
{
  verdict v;
  const std::size_t zc = count(z);
  if (out.size() != zc * es) {
    v.agrees = false;
    v.requirement = "SONNX-ELEM";
    v.input = input;
    v.detail = std::to_string(out.size()) + " output bytes, expected " + std::to_string(zc * es);
    return v;
  }
  const std::size_t r = z.size();
  std::vector<std::size_t> idx(r, 0);
  for (std::size_t o = 0; o < zc; ++o) {
    std::size_t rem = o;  // the row-major index of o in z
    for (std::size_t k = r; k-- > 0;) {
      idx[k] = rem % z[k];
      rem /= z[k];
    }
    std::size_t src = 0;  // the row-major offset in x of the f-mapped index
    for (std::size_t k = r - x.size(); k < r; ++k) {
      const std::size_t b = padded(x, r, k);
      src = src * b + (b == 1 ? 0 : idx[k]);
    }
    for (std::size_t t = 0; t < es; ++t) {
      if (out[o * es + t] != x_bytes[src * es + t]) {
        v.agrees = false;
        v.requirement = "SONNX-ELEM";
        v.input = input;
        v.element = o;
        for (std::size_t k = 0; k < r; ++k) {  // the first axis whose index f moves
          if (padded(x, r, k) == 1 && idx[k] != 0) {
            v.axis = k;
            break;
          }
        }
        std::string at = "(";
        for (std::size_t k = 0; k < r; ++k) {
          at += (k ? "," : "") + std::to_string(idx[k]);
        }
        v.detail = "output element " + at + ") byte " + std::to_string(t) + " is " + std::to_string(out[o * es + t]) +
                   ", expected " + std::to_string(x_bytes[src * es + t]) + " (element " + std::to_string(src) +
                   " of the input)";
        return v;
      }
    }
  }
  return v;
}

/* Every (input, axis) at which C1 fails under the SONNX rule, axis by axis then input by input
   (the tuples of shape_class::breaks_c1 have exactly one). */
inline std::vector<std::pair<std::size_t, std::size_t>> c1_violations(const tuple &in)
{
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::size_t rank = 0;
  for (const dims &x : in) {
    rank = std::max(rank, x.size());
  }
  for (std::size_t i = 0; i < rank; ++i) {
    std::size_t target = padded(in[0], rank, i);
    for (const dims &x : in) {
      target = std::max(target, padded(x, rank, i));
    }
    for (std::size_t m = 0; m < in.size(); ++m) {
      const std::size_t s = padded(in[m], rank, i);
      if (s != target && s != 1) {
        out.emplace_back(m, i);
      }
    }
  }
  return out;
}

/* The whole verdict on a candidate: its shape or error (judge_shape), then, when it accepted the
   tuple rightly and gives output bytes, the bytes of each input broadcast to its shape
   (judge_data; in_bytes[m] and out_bytes[m] for input m, es bytes per element). */
inline verdict judge(const tuple &in, const answer &a, std::size_t es = 0,
                     std::span<const std::vector<unsigned char>> in_bytes = {},
                     std::span<const std::vector<unsigned char>> out_bytes = {}, rule r = rule::sonnx)
{
  verdict v = judge_shape(in, a, r);
  if (!v.agrees || !a.ok || out_bytes.empty()) {
    return v;
  }
  for (std::size_t m = 0; m < in.size() && m < in_bytes.size() && m < out_bytes.size(); ++m) {
    verdict d = judge_data(in[m], in_bytes[m], es, a.shape, out_bytes[m], m);
    if (!d.agrees) {
      return d;
    }
  }
  return v;
}

// ---------------------------------------------------------------------------
// Generators (RapidCheck)
// ---------------------------------------------------------------------------

namespace detail {

/* A common shape of rank r whose element count stays small: at most `wide` axes above 1, each
   of size 2..max_size (zero_axis: one of them 0). */
inline rc::Gen<dims> common_shape(std::size_t r_min, std::size_t r_max, std::size_t max_size, bool zero_axis)
{
  return rc::gen::exec([=] {
    const std::size_t r = *rc::gen::inRange<std::size_t>(r_min, r_max + 1);
    dims z(r, 1);
    const std::size_t wide = std::min<std::size_t>(r, 4);
    for (std::size_t w = 0; w < wide; ++w) {
      const std::size_t k = *rc::gen::inRange<std::size_t>(0, r);
      z[k] = *rc::gen::inRange<std::size_t>(1, max_size + 1);
    }
    if (zero_axis && r > 0) {
      z[*rc::gen::inRange<std::size_t>(0, r)] = 0;
    }
    return z;
  });
}

/* An input that broadcasts to z under the SONNX rule: a suffix of z's axes, each z's size or 1
   (a 1 only where z's size is not 0, so the max rule keeps z's size). */
inline rc::Gen<dims> input_of(const dims &z, bool allow_one_on_zero, std::size_t min_rank = 0)
{
  return rc::gen::exec([=] {
    const std::size_t rank = *rc::gen::inRange<std::size_t>(std::min(min_rank, z.size()), z.size() + 1);
    dims x(rank);
    for (std::size_t k = 0; k < rank; ++k) {
      const std::size_t zk = z[z.size() - rank + k];
      const bool one = (zk != 0 || allow_one_on_zero) && *rc::gen::arbitrary<bool>();
      x[k] = one ? 1 : zk;
    }
    return x;
  });
}

/* n inputs broadcasting to z, one of them carrying z whole (so z is the common shape). */
inline tuple inputs_to(const dims &z, std::size_t n, bool allow_one_on_zero, std::size_t min_rank = 0)
{
  tuple t;
  for (std::size_t m = 0; m < n; ++m) {
    t.push_back(*input_of(z, allow_one_on_zero, min_rank));
  }
  t[*rc::gen::inRange<std::size_t>(0, n)] = z;
  return t;
}

}  // namespace detail

/* Input tuples of class c. Every tuple but those of breaks_c1 and zero_size satisfies C1 under
   both rules; zero_size tuples satisfy the NumPy rule and may break SONNX's (E21 of
   spec/errata.md: (0) with (1)); breaks_c1 tuples break C1 at exactly one input and axis. */
inline rc::Gen<tuple> gen_tuple(shape_class c)
{
  using detail::common_shape;
  using detail::inputs_to;
  return rc::gen::exec([c]() -> tuple {
    switch (c) {
    case shape_class::rank0: {
      const dims z = *common_shape(0, 4, 4, false);
      tuple t = inputs_to(z, *rc::gen::inRange<std::size_t>(1, 4), false);
      t.insert(t.begin() + static_cast<std::ptrdiff_t>(*rc::gen::inRange<std::size_t>(0, t.size() + 1)), dims{});
      return t;
    }
    case shape_class::rank1: return inputs_to(*common_shape(1, 1, 9, false), *rc::gen::inRange<std::size_t>(2, 5), false);
    case shape_class::rank2: return inputs_to(*common_shape(2, 2, 6, false), *rc::gen::inRange<std::size_t>(2, 5), false);
    case shape_class::high_rank:
      return inputs_to(*common_shape(3, SONNX_MAX_RANK, 3, false), *rc::gen::inRange<std::size_t>(2, 4), false);
    case shape_class::zero_size: {
      // Half the tuples put a 1 (stated or padded) against a 0, which only the NumPy rule
      // accepts; the other half hold the 0 in every input, which both rules accept.
      const dims z = *common_shape(1, 5, 4, true);
      const bool one_on_zero = *rc::gen::arbitrary<bool>();
      return inputs_to(z, *rc::gen::inRange<std::size_t>(2, 4), one_on_zero, one_on_zero ? 0 : z.size());
    }
    case shape_class::one_by_n: {
      const std::size_t n = *rc::gen::inRange<std::size_t>(1, 9), m = *rc::gen::inRange<std::size_t>(1, 9);
      return tuple{dims{1, n}, dims{m, 1}};
    }
    case shape_class::n_by_one: {
      const std::size_t n = *rc::gen::inRange<std::size_t>(1, 9), m = *rc::gen::inRange<std::size_t>(1, 9);
      return tuple{dims{n, 1}, dims{1, m}};
    }
    case shape_class::compatible:
      return inputs_to(*common_shape(0, 6, 5, false), *rc::gen::inRange<std::size_t>(2, 6), false);
    case shape_class::breaks_c1: {
      // z with an axis k of size >= 2, held by one input; input m gets a size there that is
      // neither z[k] nor 1 and not above it (0 or 2 .. z[k] - 1), so the max stays z[k] and
      // nothing else breaks.
      dims z = *common_shape(1, 6, 5, false);
      const std::size_t k = *rc::gen::inRange<std::size_t>(0, z.size());
      z[k] = std::max<std::size_t>(z[k], 2);
      tuple t = inputs_to(z, *rc::gen::inRange<std::size_t>(2, 5), false);
      std::size_t holder = 0;
      while (t[holder] != z) {
        ++holder;
      }
      std::size_t m = *rc::gen::inRange<std::size_t>(0, t.size() - 1);
      m = m >= holder ? m + 1 : m;
      const std::size_t lead = z.size() - k;  // input m must reach axis k
      if (t[m].size() < lead) {
        t[m].insert(t[m].begin(), lead - t[m].size(), 1);
      }
      std::size_t bad = *rc::gen::inRange<std::size_t>(1, z[k]);  // 1 .. z[k] - 1
      bad = bad == 1 ? 0 : bad;
      t[m][t[m].size() - lead] = bad;
      return t;
    }
    case shape_class::many_inputs:
      return inputs_to(*common_shape(0, 4, 4, false), *rc::gen::inRange<std::size_t>(2, 65), false);
    }
    return tuple{};
  });
}

}  // namespace sonnx::testing

#endif

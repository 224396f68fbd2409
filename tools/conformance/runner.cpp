/* tools/conformance/runner.cpp: runs ONNX's backend node tests that broadcast (issue 33, item 2).
 *
 * usage: runner <cases_dir>    (cases written by tools/conformance/convert.py; `make conformance`)
 *
 * The converter only decoded the tensors (dtype, shape, bytes) and the nodes; here every index
 * comes from the library: each elementwise node goes through broadcast_node(), the one caller of
 * sonnx::for_each_broadcast (@req SONNX-STEP1-RANK SONNX-STEP2-MAX SONNX-C1 SONNX-ELEM SONNX-F),
 * Expand through sonnx_expand_shape + sonnx_broadcast_to (@req ONNX-EXPAND), PRelu checks its
 * slope with sonnx_unidirectional_check (@req ONNX-UNIDIR). The runner computes only the
 * operators' values, and compares them with ONNX's expected outputs: bit-exact for integers and
 * booleans, within ONNX's tolerance for floating point (see close_enough).
 *
 * Prints one line per test (PASS / FAIL, and MISSING for a listed name the installed
 * libonnx-testdata lacks, which is not a test run), then `N passed, N failed` last; exits 1 on
 * any failure or when nothing ran. Bad case files give a FAIL naming the line, never a crash.
 */
#include "sonnx_broadcast.hpp"
#include "half.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using conformance::float_to_half;
using conformance::half_to_float;

/* ONNX's tolerance: onnx/backend/test/loader/__init__.py (python3-onnx 1.12) gives every node
   test rtol = 1e-3, atol = 1e-7, and onnx/backend/test/runner/__init__.py,
   assert_similar_outputs, checks np.testing.assert_allclose(outputs, ref_outputs, rtol, atol),
   i.e. |actual - expected| <= atol + rtol * |expected|, NaN equal to NaN, after asserting that
   the dtypes are equal. (Its assert_array_equal branch is for object arrays only.) */
constexpr double onnx_rtol = 1e-3;
constexpr double onnx_atol = 1e-7;

/* More inputs than any node of the tests has; Sum/Max/... with more would be reported. */
constexpr std::size_t max_node_inputs = 16;

enum class dtype { boolean, i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64 };

struct dtype_info {
  dtype type;
  const char *name; /* numpy's, as the converter writes it */
  std::size_t size;
};
constexpr std::array<dtype_info, 12> dtypes{{{dtype::boolean, "bool", 1},  {dtype::i8, "int8", 1},
                                             {dtype::i16, "int16", 2},     {dtype::i32, "int32", 4},
                                             {dtype::i64, "int64", 8},     {dtype::u8, "uint8", 1},
                                             {dtype::u16, "uint16", 2},    {dtype::u32, "uint32", 4},
                                             {dtype::u64, "uint64", 8},    {dtype::f16, "float16", 2},
                                             {dtype::f32, "float32", 4},   {dtype::f64, "float64", 8}}};

const dtype_info &info(dtype t) { return dtypes[static_cast<std::size_t>(t)]; }

struct tensor {
  dtype type = dtype::f32;
  sonnx::shape dims;
  std::vector<unsigned char> bytes;
  std::size_t count() const { return bytes.size() / info(type).size; }
};

/* C++ element type of each dtype; float16 is computed in float (value_t) and rounded back. */
template <class T> constexpr dtype dtype_of();
template <> constexpr dtype dtype_of<bool>() { return dtype::boolean; }
template <> constexpr dtype dtype_of<std::int8_t>() { return dtype::i8; }
template <> constexpr dtype dtype_of<std::int16_t>() { return dtype::i16; }
template <> constexpr dtype dtype_of<std::int32_t>() { return dtype::i32; }
template <> constexpr dtype dtype_of<std::int64_t>() { return dtype::i64; }
template <> constexpr dtype dtype_of<std::uint8_t>() { return dtype::u8; }
template <> constexpr dtype dtype_of<std::uint16_t>() { return dtype::u16; }
template <> constexpr dtype dtype_of<std::uint32_t>() { return dtype::u32; }
template <> constexpr dtype dtype_of<std::uint64_t>() { return dtype::u64; }
template <> constexpr dtype dtype_of<sonnx::float16>() { return dtype::f16; }
template <> constexpr dtype dtype_of<float>() { return dtype::f32; }
template <> constexpr dtype dtype_of<double>() { return dtype::f64; }

template <class T>
using value_t = std::conditional_t<std::is_same_v<T, sonnx::float16>, float, T>;
template <class T>
constexpr bool is_float = std::is_floating_point_v<value_t<T>>;
template <class T>
constexpr bool is_int = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <class T>
value_t<T> get(const tensor &t, std::size_t i)
{
  if constexpr (std::is_same_v<T, bool>) {
    return t.bytes[i] != 0u;
  } else if constexpr (std::is_same_v<T, sonnx::float16>) {
    std::uint16_t h = 0;
    std::memcpy(&h, t.bytes.data() + i * 2u, 2u);
    return half_to_float(h);
  } else {
    T v{};
    std::memcpy(&v, t.bytes.data() + i * sizeof(T), sizeof(T));
    return v;
  }
}

template <class T>
void put(std::vector<unsigned char> &out, value_t<T> v)
{
  if constexpr (std::is_same_v<T, bool>) {
    out.push_back(v ? 1u : 0u);
  } else if constexpr (std::is_same_v<T, sonnx::float16>) {
    const std::uint16_t h = float_to_half(v);
    const auto *p = reinterpret_cast<const unsigned char *>(&h);
    out.insert(out.end(), p, p + 2);
  } else {
    const auto *p = reinterpret_cast<const unsigned char *>(&v);
    out.insert(out.end(), p, p + sizeof(T));
  }
}

/* fn.operator()<T>() for the C++ type of t. */
template <class Fn>
std::string with_type(dtype t, Fn &&fn)
{
  switch (t) {
  case dtype::boolean: return fn.template operator()<bool>();
  case dtype::i8: return fn.template operator()<std::int8_t>();
  case dtype::i16: return fn.template operator()<std::int16_t>();
  case dtype::i32: return fn.template operator()<std::int32_t>();
  case dtype::i64: return fn.template operator()<std::int64_t>();
  case dtype::u8: return fn.template operator()<std::uint8_t>();
  case dtype::u16: return fn.template operator()<std::uint16_t>();
  case dtype::u32: return fn.template operator()<std::uint32_t>();
  case dtype::u64: return fn.template operator()<std::uint64_t>();
  case dtype::f16: return fn.template operator()<sonnx::float16>();
  case dtype::f32: return fn.template operator()<float>();
  case dtype::f64: return fn.template operator()<double>();
  }
  return "unknown dtype";
}

std::string shape_text(const sonnx::shape &s)
{
  std::string t = "(";
  for (std::size_t k = 0; k < s.rank(); ++k) {
    t += (k ? "," : "") + std::to_string(s[k]);
  }
  return t + ")";
}

/* ---- the one road of every elementwise node ----
   Evaluates out = element(inputs at each output element) over Broadcast(inputs): the output
   shape and, for every output element, each input's element offset come from
   sonnx::for_each_broadcast; element(at) only computes the value from at[m], input m's offset.
   Checks what the runner relies on, reporting instead of crashing: runs arrive in row-major
   order and cover the output exactly once, steps are 0 or 1, offsets stay inside each input. */
template <class Out, class F>
std::string broadcast_node(const std::vector<const tensor *> &ins, tensor &out, F &&element)
{
  const std::size_t n = ins.size();
  if (n == 0u || n > max_node_inputs) {
    return std::to_string(n) + " inputs: the runner takes 1 to " + std::to_string(max_node_inputs);
  }
  std::array<sonnx::shape, max_node_inputs> shapes{};
  std::array<std::size_t, max_node_inputs> counts{};
  for (std::size_t m = 0; m < n; ++m) {
    shapes[m] = ins[m]->dims;
    counts[m] = ins[m]->count();
  }
  out.type = dtype_of<Out>();
  out.bytes.clear();
  std::size_t produced = 0;
  std::string why;
  std::array<std::size_t, max_node_inputs> at{};
  const sonnx::result<sonnx::shape> r = sonnx::for_each_broadcast(
      std::span<const sonnx::shape>(shapes.data(), n),
      [&](std::size_t out_offset, std::size_t length, std::span<const std::size_t> src,
          std::span<const std::size_t> step) {
        if (!why.empty()) {
          return;
        }
        if (out_offset != produced || src.size() != n || step.size() != n) {
          why = "iteration: run at output offset " + std::to_string(out_offset) + " after " +
                std::to_string(produced) + " elements, " + std::to_string(src.size()) + " offsets";
          return;
        }
        for (std::size_t m = 0; m < n; ++m) {
          if (step[m] > 1u) {
            why = "iteration: input " + std::to_string(m) + " step " + std::to_string(step[m]);
            return;
          }
        }
        for (std::size_t j = 0; j < length; ++j) {
          for (std::size_t m = 0; m < n; ++m) {
            at[m] = src[m] + j * step[m];
            if (at[m] >= counts[m]) {
              why = "iteration: input " + std::to_string(m) + " offset " + std::to_string(at[m]) +
                    " outside its " + std::to_string(counts[m]) + " elements";
              return;
            }
          }
          put<Out>(out.bytes, element(std::span<const std::size_t>(at.data(), n)));
          ++produced;
        }
      });
  if (!r) {
    return "broadcast: " + std::string(r.error().message());
  }
  if (!why.empty()) {
    return why;
  }
  const sonnx::result<std::size_t> total = sonnx::count(*r);
  if (!total || *total != produced) {
    return "iteration: " + std::to_string(produced) + " elements visited, the output " +
           shape_text(*r) + " has " + std::to_string(total ? *total : 0u);
  }
  out.dims = *r;
  return {};
}

/* ---- the operators' values (ONNX operator docs, opsets of the packaged tests) ---- */

/* Integer +, -, * wrap as two's complement (no signed overflow in C++). */
template <class T>
T wrap(std::uint64_t v)
{
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(v));
}

struct node {
  std::string op;
  std::vector<std::string> inputs, outputs;
  std::map<std::string, double> attrs; /* int and float attributes */
};

using env_t = std::map<std::string, tensor>;

std::string arithmetic(const node &nd, const std::vector<const tensor *> &in, tensor &out)
{
  const tensor &a = *in[0];
  const tensor &b = *in[1];
  if (a.type != b.type) {
    return nd.op + ": inputs of types " + info(a.type).name + " and " + info(b.type).name;
  }
  std::string fault;
  const std::string r = with_type(a.type, [&]<class T>() -> std::string {
    if constexpr (std::is_same_v<T, bool>) {
      return nd.op + ": no bool";
    } else {
      using V = value_t<T>;
      const char op = nd.op == "Add" ? '+' : nd.op == "Sub" ? '-' : nd.op == "Mul" ? '*' : '/';
      return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> V {
        const V x = get<T>(a, at[0]);
        const V y = get<T>(b, at[1]);
        if constexpr (is_float<T>) {
          return op == '+' ? x + y : op == '-' ? x - y : op == '*' ? x * y : x / y;
        } else {
          const auto ux = static_cast<std::uint64_t>(x), uy = static_cast<std::uint64_t>(y);
          if (op == '+') return wrap<T>(ux + uy);
          if (op == '-') return wrap<T>(ux - uy);
          if (op == '*') return wrap<T>(ux * uy);
          if (y == 0) {
            fault = "Div: integer division by zero";
            return 0;
          }
          if constexpr (std::is_signed_v<T>) {
            if (y == -1) return wrap<T>(0u - ux); /* MIN / -1 wraps */
          }
          return static_cast<T>(x / y);
        }
      });
    }
  });
  return r.empty() ? fault : r;
}

/* Pow(X: T, Y: T1): the exponent's type may differ (opset 15). Floating point in double,
   rounded to T; integer bases with integer exponents by squaring (wrapping). A function template,
   not a nested generic lambda: clang instantiates the discarded branches of those. */
template <class T, class U>
std::string pow_typed(const std::vector<const tensor *> &in, tensor &out, std::string &fault)
{
  const tensor &a = *in[0];
  const tensor &b = *in[1];
  using V = value_t<T>;
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<U, bool>) {
    return "Pow: no bool";
  } else if constexpr (is_int<T> && is_int<U>) {
    return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> V {
      const T x = get<T>(a, at[0]);
      const U y = get<U>(b, at[1]);
      if constexpr (std::is_signed_v<U>) {
        if (y < 0) {
          fault = "Pow: negative integer exponent";
          return 0;
        }
      }
      std::uint64_t p = 1, base = static_cast<std::uint64_t>(x);
      for (auto e = static_cast<std::uint64_t>(y); e != 0u; e >>= 1u) {
        if ((e & 1u) != 0u) p *= base;
        base *= base;
      }
      return wrap<T>(p);
    });
  } else {
    return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> V {
      const double x = static_cast<double>(get<T>(a, at[0]));
      const double y = static_cast<double>(get<U>(b, at[1]));
      return static_cast<V>(std::pow(x, y));
    });
  }
}

std::string pow_node(const std::vector<const tensor *> &in, tensor &out)
{
  std::string fault;
  const std::string r = with_type(in[0]->type, [&]<class T>() -> std::string {
    return with_type(in[1]->type, [&]<class U>() -> std::string { return pow_typed<T, U>(in, out, fault); });
  });
  return r.empty() ? fault : r;
}

/* Mod: fmod = 0 (default) is the integer remainder with the divisor's sign (Python's %);
   fmod = 1 is C's fmod / truncated remainder, which ONNX requires for floating point. */
std::string mod_node(const node &nd, const std::vector<const tensor *> &in, tensor &out)
{
  const tensor &a = *in[0];
  const tensor &b = *in[1];
  const auto it = nd.attrs.find("fmod");
  const bool fmod = it != nd.attrs.end() && it->second != 0.0;
  if (a.type != b.type) {
    return "Mod: inputs of different types";
  }
  std::string fault;
  const std::string r = with_type(a.type, [&]<class T>() -> std::string {
    if constexpr (std::is_same_v<T, bool>) {
      return "Mod: no bool";
    } else if constexpr (is_float<T>) {
      if (!fmod) {
        return "Mod: fmod must be 1 for floating point (ONNX Mod)";
      }
      return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> value_t<T> {
        return static_cast<value_t<T>>(std::fmod(get<T>(a, at[0]), get<T>(b, at[1])));
      });
    } else {
      return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> T {
        const T x = get<T>(a, at[0]);
        const T y = get<T>(b, at[1]);
        if (y == 0) {
          fault = "Mod: division by zero";
          return 0;
        }
        if constexpr (std::is_signed_v<T>) {
          if (y == -1) return 0; /* MIN % -1 would overflow */
        }
        T rem = static_cast<T>(x % y);
        if constexpr (std::is_signed_v<T>) {
          if (!fmod && rem != 0 && ((rem < 0) != (y < 0))) {
            rem = static_cast<T>(rem + y);
          }
        }
        return rem;
      });
    }
  });
  return r.empty() ? fault : r;
}

std::string logical(const node &nd, const std::vector<const tensor *> &in, tensor &out)
{
  const tensor &a = *in[0];
  const tensor &b = *in[1];
  if (a.type != dtype::boolean || b.type != dtype::boolean) {
    return nd.op + ": inputs must be bool";
  }
  return broadcast_node<bool>(in, out, [&](std::span<const std::size_t> at) -> bool {
    const bool x = get<bool>(a, at[0]);
    const bool y = get<bool>(b, at[1]);
    return nd.op == "And" ? (x && y) : nd.op == "Or" ? (x || y) : (x != y);
  });
}

std::string comparison(const node &nd, const std::vector<const tensor *> &in, tensor &out)
{
  const tensor &a = *in[0];
  const tensor &b = *in[1];
  if (a.type != b.type) {
    return nd.op + ": inputs of different types";
  }
  return with_type(a.type, [&]<class T>() -> std::string {
    return broadcast_node<bool>(in, out, [&](std::span<const std::size_t> at) -> bool {
      const value_t<T> x = get<T>(a, at[0]);
      const value_t<T> y = get<T>(b, at[1]);
      if (nd.op == "Equal") return x == y;
      if (nd.op == "Greater") return x > y;
      if (nd.op == "GreaterOrEqual") return x >= y;
      if (nd.op == "Less") return x < y;
      return x <= y; /* LessOrEqual */
    });
  });
}

std::string where_node(const std::vector<const tensor *> &in, tensor &out)
{
  const tensor &c = *in[0];
  const tensor &x = *in[1];
  const tensor &y = *in[2];
  if (c.type != dtype::boolean || x.type != y.type) {
    return "Where: the condition must be bool, X and Y of one type";
  }
  return with_type(x.type, [&]<class T>() -> std::string {
    return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> value_t<T> {
      return get<bool>(c, at[0]) ? get<T>(x, at[1]) : get<T>(y, at[2]);
    });
  });
}

/* Max, Min, Sum, Mean over N inputs of one type (N >= 1). Max and Min propagate NaN, as the
   reference (np.maximum / np.minimum) does; Mean is the sum divided by N, floating point only. */
std::string variadic(const node &nd, const std::vector<const tensor *> &in, tensor &out)
{
  for (const tensor *t : in) {
    if (t->type != in[0]->type) {
      return nd.op + ": inputs of different types";
    }
  }
  return with_type(in[0]->type, [&]<class T>() -> std::string {
    if constexpr (std::is_same_v<T, bool>) {
      return nd.op + ": no bool";
    } else {
      using V = value_t<T>;
      if (nd.op == "Mean" && !is_float<T>) {
        return "Mean: floating point only";
      }
      return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> V {
        V acc = get<T>(*in[0], at[0]);
        for (std::size_t m = 1; m < in.size(); ++m) {
          const V v = get<T>(*in[m], at[m]);
          if (nd.op == "Max" || nd.op == "Min") {
            if constexpr (is_float<T>) {
              if (std::isnan(acc) || std::isnan(v)) {
                acc = std::numeric_limits<V>::quiet_NaN();
                continue;
              }
            }
            acc = nd.op == "Max" ? (v > acc ? v : acc) : (v < acc ? v : acc);
          } else if constexpr (is_float<T>) {
            acc = acc + v;
          } else {
            acc = wrap<T>(static_cast<std::uint64_t>(acc) + static_cast<std::uint64_t>(v));
          }
        }
        if constexpr (is_float<T>) {
          if (nd.op == "Mean") {
            acc = acc / static_cast<V>(in.size());
          }
        }
        return acc;
      });
    }
  });
}

/* PRelu(X, slope): slope broadcasts unidirectionally to X (ONNX-UNIDIR), so the output has X's
   shape; checked by the library before the iteration. */
std::string prelu_node(const std::vector<const tensor *> &in, tensor &out)
{
  const tensor &x = *in[0];
  const tensor &s = *in[1];
  if (x.type != s.type) {
    return "PRelu: X and slope of different types";
  }
  sonnx_error e{};
  if (sonnx_unidirectional_check(x.dims.as_c(), s.dims.as_c(), &e) != SONNX_OK) {
    return "PRelu: slope " + shape_text(s.dims) + " does not broadcast to X " + shape_text(x.dims) +
           ": " + std::string(sonnx::error(e).message());
  }
  const std::string r = with_type(x.type, [&]<class T>() -> std::string {
    if constexpr (std::is_same_v<T, bool>) {
      return "PRelu: no bool";
    } else {
      using V = value_t<T>;
      return broadcast_node<T>(in, out, [&](std::span<const std::size_t> at) -> V {
        const V v = get<T>(x, at[0]);
        if constexpr (is_float<T>) {
          return v < 0 ? get<T>(s, at[1]) * v : v;
        } else {
          return v < 0 ? wrap<T>(static_cast<std::uint64_t>(get<T>(s, at[1])) * static_cast<std::uint64_t>(v)) : v;
        }
      });
    }
  });
  if (r.empty() && !(out.dims == x.dims)) {
    return "PRelu: output " + shape_text(out.dims) + " is not X's shape " + shape_text(x.dims);
  }
  return r;
}

/* Expand(input, shape): the output shape from sonnx_expand_shape, the data from
   sonnx_broadcast_to; the int64 shape's conversion to size_t rejects negative sizes (E30). */
std::string expand_node(const std::vector<const tensor *> &in, tensor &out)
{
  const tensor &x = *in[0];
  const tensor &sh = *in[1];
  if (sh.type != dtype::i64 || sh.dims.rank() != 1u) {
    return "Expand: shape must be a 1-D int64 tensor";
  }
  std::vector<std::size_t> target(sh.count());
  for (std::size_t k = 0; k < target.size(); ++k) {
    const std::int64_t d = get<std::int64_t>(sh, k);
    if (d < 0) {
      return "Expand: shape[" + std::to_string(k) + "] = " + std::to_string(d) + " is negative";
    }
    target[k] = static_cast<std::size_t>(d);
  }
  const sonnx::shape ts{std::span<const std::size_t>(target)};
  std::array<std::size_t, SONNX_MAX_RANK> dims{};
  std::size_t rank = 0;
  sonnx_error e{};
  if (sonnx_expand_shape(x.dims.as_c(), ts.as_c(), dims.data(), dims.size(), &rank, &e) != SONNX_OK) {
    return "Expand: " + std::string(sonnx::error(e).message());
  }
  const sonnx::shape zs{std::span<const std::size_t>(dims.data(), rank)};
  const sonnx::result<std::size_t> total = sonnx::count(zs);
  if (!total) {
    return "Expand: " + std::string(total.error().message());
  }
  const std::size_t esize = info(x.type).size;
  out.type = x.type;
  out.dims = zs;
  out.bytes.assign(*total * esize, 0u);
  unsigned char none = 0;
  if (sonnx_broadcast_to(x.dims.as_c(), x.bytes.empty() ? &none : x.bytes.data(), esize, zs.as_c(),
                         out.bytes.empty() ? &none : out.bytes.data(), out.bytes.size(), &e) != SONNX_OK) {
    return "Expand: " + std::string(sonnx::error(e).message());
  }
  return {};
}

std::string eval(const node &nd, env_t &env)
{
  std::vector<const tensor *> in;
  for (std::size_t m = 0; m < nd.inputs.size(); ++m) {
    const auto it = env.find(nd.inputs[m]);
    if (it == env.end()) {
      return nd.op + ": input " + std::to_string(m) + " '" + nd.inputs[m] + "' has no value";
    }
    in.push_back(&it->second);
  }
  if (nd.outputs.size() != 1u) {
    return nd.op + ": " + std::to_string(nd.outputs.size()) + " outputs, the runner takes 1";
  }
  const auto arity = [&](std::size_t k) { return in.size() == k; };
  tensor out;
  std::string why;
  const std::string &op = nd.op;
  if ((op == "Add" || op == "Sub" || op == "Mul" || op == "Div") && arity(2)) {
    why = arithmetic(nd, in, out);
  } else if (op == "Pow" && arity(2)) {
    why = pow_node(in, out);
  } else if (op == "Mod" && arity(2)) {
    why = mod_node(nd, in, out);
  } else if ((op == "And" || op == "Or" || op == "Xor") && arity(2)) {
    why = logical(nd, in, out);
  } else if ((op == "Equal" || op == "Greater" || op == "GreaterOrEqual" || op == "Less" ||
              op == "LessOrEqual") && arity(2)) {
    why = comparison(nd, in, out);
  } else if (op == "Where" && arity(3)) {
    why = where_node(in, out);
  } else if ((op == "Max" || op == "Min" || op == "Sum" || op == "Mean") && !in.empty()) {
    why = variadic(nd, in, out);
  } else if (op == "PRelu" && arity(2)) {
    why = prelu_node(in, out);
  } else if (op == "Expand" && arity(2)) {
    why = expand_node(in, out);
  } else {
    return "operator " + op + " with " + std::to_string(in.size()) + " inputs is not one the runner evaluates";
  }
  if (!why.empty()) {
    return why;
  }
  env[nd.outputs[0]] = std::move(out);
  return {};
}

/* ---- comparison with ONNX's expected output ---- */

bool close_enough(double got, double want)
{
  if (std::isnan(want) || std::isnan(got)) {
    return std::isnan(want) && std::isnan(got);
  }
  if (std::isinf(want) || std::isinf(got)) {
    return got == want;
  }
  return std::fabs(got - want) <= onnx_atol + onnx_rtol * std::fabs(want);
}

std::string compare(const std::string &name, const tensor &got, const tensor &want)
{
  if (got.type != want.type) {
    return name + ": dtype " + info(got.type).name + ", expected " + info(want.type).name;
  }
  if (!(got.dims == want.dims)) {
    return name + ": shape " + shape_text(got.dims) + ", expected " + shape_text(want.dims);
  }
  if (got.bytes.size() != want.bytes.size()) {
    return name + ": " + std::to_string(got.bytes.size()) + " bytes, expected " + std::to_string(want.bytes.size());
  }
  return with_type(got.type, [&]<class T>() -> std::string {
    for (std::size_t i = 0; i < got.count(); ++i) {
      bool same = false;
      if constexpr (is_float<T>) {
        same = close_enough(static_cast<double>(get<T>(got, i)), static_cast<double>(get<T>(want, i)));
      } else { /* integers and booleans: bit-exact */
        same = std::memcmp(got.bytes.data() + i * sizeof(T), want.bytes.data() + i * sizeof(T), sizeof(T)) == 0;
      }
      if (!same) {
        std::ostringstream s;
        s.precision(9);
        s << name << ": element " << i << " is " << +get<T>(got, i) << ", expected " << +get<T>(want, i);
        if constexpr (is_float<T>) {
          s << " (rtol " << onnx_rtol << ", atol " << onnx_atol << ")";
        }
        return s.str();
      }
    }
    return std::string{};
  });
}

/* ---- case files (tools/conformance/convert.py) ---- */

struct dataset {
  std::vector<std::pair<std::string, tensor>> inputs, outputs;
};

struct test_case {
  std::string name;
  std::vector<node> nodes;
  std::vector<std::pair<std::string, tensor>> consts;
  std::vector<dataset> sets;
};

int hex_digit(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* `<dtype> <rank> <dims...> <hex>` */
std::string read_tensor(std::istringstream &s, tensor &t)
{
  std::string type, hex;
  std::size_t rank = 0;
  if (!(s >> type >> rank) || rank > SONNX_MAX_RANK) {
    return "a tensor needs a dtype and a rank up to SONNX_MAX_RANK";
  }
  const dtype_info *found = nullptr;
  for (const dtype_info &d : dtypes) {
    if (type == d.name) found = &d;
  }
  if (found == nullptr) {
    return "unknown dtype " + type;
  }
  std::array<std::size_t, SONNX_MAX_RANK> dims{};
  for (std::size_t k = 0; k < rank; ++k) {
    if (!(s >> dims[k])) return "missing size " + std::to_string(k);
  }
  if (!(s >> hex)) {
    return "missing data";
  }
  t.type = found->type;
  t.dims = sonnx::shape(std::span<const std::size_t>(dims.data(), rank));
  t.bytes.clear();
  if (hex != "-") {
    if (hex.size() % 2u != 0u) return "odd hex length";
    for (std::size_t i = 0; i < hex.size(); i += 2u) {
      const int hi = hex_digit(hex[i]), lo = hex_digit(hex[i + 1u]);
      if (hi < 0 || lo < 0) return "bad hex digit";
      t.bytes.push_back(static_cast<unsigned char>(hi * 16 + lo));
    }
  }
  const sonnx::result<std::size_t> n = sonnx::count(t.dims);
  if (!n || t.bytes.size() != *n * found->size) {
    return std::to_string(t.bytes.size()) + " bytes for shape " + shape_text(t.dims) + " of " + type;
  }
  return {};
}

std::string read_case(const std::string &path, test_case &tc)
{
  std::ifstream f(path);
  if (!f) {
    return "cannot read " + path;
  }
  std::string line;
  for (std::size_t ln = 1; std::getline(f, line); ++ln) {
    std::istringstream s(line);
    std::string kind, why;
    s >> kind;
    if (kind == "test") {
      s >> tc.name;
    } else if (kind == "error") {
      return line; /* the converter could not decode this test */
    } else if (kind == "node") {
      node nd;
      std::size_t k = 0;
      constexpr std::size_t max_names = 1024; /* a garbled count must not allocate the machine */
      if ((s >> nd.op >> k) && k <= max_names) {
        nd.inputs.resize(k);
        for (auto &i : nd.inputs) s >> i;
        if ((s >> k) && k <= max_names) {
          nd.outputs.resize(k);
          for (auto &o : nd.outputs) s >> o;
        }
      }
      if (!s || k > max_names) why = "malformed node";
      tc.nodes.push_back(nd);
    } else if (kind == "attr") {
      std::string name, type;
      double v = 0;
      if (tc.nodes.empty() || !(s >> name >> type >> v) || (type != "int" && type != "float")) {
        why = "attribute not read (int and float only)";
      } else {
        tc.nodes.back().attrs[name] = v;
      }
    } else if (kind == "const" || kind == "input" || kind == "output") {
      std::string name;
      tensor t;
      s >> name;
      why = read_tensor(s, t);
      if (kind == "const") {
        tc.consts.emplace_back(name, std::move(t));
      } else if (tc.sets.empty()) {
        why = kind + " before any dataset";
      } else {
        (kind == "input" ? tc.sets.back().inputs : tc.sets.back().outputs).emplace_back(name, std::move(t));
      }
    } else if (kind == "dataset") {
      tc.sets.emplace_back();
    } else if (kind != "end" && !kind.empty()) {
      why = "unknown line kind " + kind;
    }
    if (!why.empty()) {
      return path + ":" + std::to_string(ln) + ": " + why;
    }
  }
  if (tc.nodes.empty() || tc.sets.empty()) {
    return path + ": no node or no dataset";
  }
  return {};
}

std::string run_case(const test_case &tc)
{
  for (std::size_t k = 0; k < tc.sets.size(); ++k) {
    env_t env;
    for (const auto &[name, t] : tc.consts) env[name] = t;
    for (const auto &[name, t] : tc.sets[k].inputs) env[name] = t;
    for (const node &nd : tc.nodes) {
      const std::string why = eval(nd, env);
      if (!why.empty()) return "data set " + std::to_string(k) + ": " + why;
    }
    for (const auto &[name, want] : tc.sets[k].outputs) {
      const auto it = env.find(name);
      if (it == env.end()) return "data set " + std::to_string(k) + ": output " + name + " not computed";
      const std::string why = compare(name, it->second, want);
      if (!why.empty()) return "data set " + std::to_string(k) + ": " + why;
    }
  }
  return {};
}

/* "Add (3,4,5) (5) -> (3,4,5) float32" from data set 0. */
std::string describe(const test_case &tc)
{
  std::string ops;
  for (const node &nd : tc.nodes) ops += (ops.empty() ? "" : "+") + nd.op;
  std::string t = ops;
  for (const auto &[name, in] : tc.sets[0].inputs) t += " " + std::string(info(in.type).name) + shape_text(in.dims);
  t += " ->";
  for (const auto &[name, o] : tc.sets[0].outputs) t += " " + std::string(info(o.type).name) + shape_text(o.dims);
  return t + (tc.sets.size() > 1u ? ", " + std::to_string(tc.sets.size()) + " data sets" : "");
}

} // namespace

int main(int argc, char **argv)
{
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <cases_dir>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  std::size_t passed = 0, failed = 0;
  std::ifstream missing(dir + "/MISSING");
  for (std::string p; std::getline(missing, p);) {
    if (!p.empty()) std::printf("MISSING %s: no such test in the installed libonnx-testdata\n", p.c_str());
  }
  std::ifstream list(dir + "/LIST");
  if (!list) {
    std::printf("FAIL no test list %s/LIST (run tools/conformance/convert.py)\n", dir.c_str());
    ++failed;
  }
  for (std::string name; std::getline(list, name);) {
    if (name.empty()) continue;
    test_case tc;
    std::string why = read_case(dir + "/" + name + ".case", tc);
    if (why.empty()) why = run_case(tc);
    if (why.empty()) {
      ++passed;
      std::printf("PASS %-36s %s\n", name.c_str(), describe(tc).c_str());
    } else {
      ++failed;
      std::printf("FAIL %-36s %s\n", name.c_str(), why.c_str());
    }
  }
  std::printf("%zu passed, %zu failed\n", passed, failed);
  return failed == 0u && passed > 0u ? 0 : 1;
}

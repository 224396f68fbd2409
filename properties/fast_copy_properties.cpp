// RapidCheck properties of the fast data kernel sonnx_fast_copy (issue 8) on larger shapes than
// the exhaustive test (tests/test_fast_copy.cpp): ranks up to 6, outputs up to 2^18 elements,
// long runs past the 2 KiB replication chunk, element sizes 1 to 24 bytes.
//
// Usage: fast_copy_properties   (LONG=1: 20000 cases per property instead of 1000; RC_PARAMS is
// RapidCheck's configuration, e.g. seed=...). Last line: `fast_copy: <passed> passed, <failed>
// failed`; non-zero exit status on any failure.
//
// The oracle transcribes the spec's element relation (@req SONNX-ELEM SONNX-F SONNX-STEP1-PAD
// LIB-ROWMAJOR), independently of src/: Z[i] = X[f(i_k, dX_k, dZ_k) for each axis k], f(a, b, c) =
// a when b == c, 0 when b == 1, X padded on the left with 1s.
#include <rapidcheck.h>

#include <chrono>
#include <cstdint>
#include <random>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "sonnx_internal.h"

#include "../tests/element_bytes.hpp"

namespace {

using Shape = std::vector<std::size_t>;
using Bytes = std::vector<unsigned char>;

int g_passed = 0;
int g_failed = 0;

std::size_t count_of(const Shape &s)
{
  std::size_t c = 1;
  for (std::size_t d : s) {
    c *= d;
  }
  return c;
}

Bytes spec_broadcast(const Shape &xd, const Bytes &x, std::size_t es, const Shape &zd)
{
  const std::size_t r = zd.size();
  Shape padded(r, 1);
  for (std::size_t k = 0; k < xd.size(); ++k) {
    padded[r - xd.size() + k] = xd[k];
  }
  const std::size_t count = count_of(zd);
  Bytes z(count * es);
  Shape idx(r);
  for (std::size_t o = 0; o < count; ++o) {
    std::size_t rest = o;
    for (std::size_t k = r; k-- > 0;) {
      idx[k] = rest % zd[k];
      rest /= zd[k];
    }
    std::size_t src = 0;
    for (std::size_t k = 0; k < r; ++k) {
      src = src * padded[k] + (padded[k] == zd[k] ? idx[k] : 0);
    }
    std::memcpy(&z[o * es], &x[src * es], es);
  }
  return z;
}

sonnx_shape view(const Shape &s) { return sonnx_shape{s.size(), s.empty() ? nullptr : s.data()}; }

// A target z (sizes >= 1, at most max_count elements) and an x that broadcasts to it: each axis
// of x is z's size or 1, and a prefix of axes may be dropped (padding).
struct Pair {
  Shape x, z;
  std::size_t es;
};

Pair draw_pair(std::size_t max_count)
{
  Pair p;
  const auto rank = *rc::gen::inRange<std::size_t>(0, 7);
  std::size_t count = 1;
  for (std::size_t k = 0; k < rank; ++k) {
    // Mostly small sizes, sometimes 1 (a dropped axis), sometimes long (runs past the 2 KiB chunk).
    const int kind = *rc::gen::inRange(0, 10);
    std::size_t d = kind < 2 ? 1 : kind < 8 ? *rc::gen::inRange<std::size_t>(2, 9)
                                            : *rc::gen::inRange<std::size_t>(9, 5000);
    while (d > 1 && count * d > max_count) {
      d /= 2;
    }
    p.z.push_back(d);
    count *= d;
  }
  const auto dropped = *rc::gen::inRange<std::size_t>(0, rank + 1);
  for (std::size_t k = dropped; k < rank; ++k) {
    const bool stretched = *rc::gen::inRange(0, 2) == 1;
    p.x.push_back(stretched ? 1 : p.z[k]);
  }
  const std::size_t sizes[] = {1, 2, 3, 4, 8, 12, 16, 24};
  p.es = sizes[*rc::gen::inRange<std::size_t>(0, 8)];
  return p;
}

template <typename Body> void property(const char *reqs, const char *name, Body body)
{
  std::size_t cases = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const bool ok = rc::check(std::string(name) + " [" + reqs + "]", [&] {
    body();
    ++cases;
  });
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  std::cout << (ok ? "PASS " : "FAIL ") << name << " | req " << reqs << " | " << cases << " cases | seed="
            << rc::detail::configuration().testParams.seed << " | " << ms << " ms" << std::endl;
  (ok ? g_passed : g_failed)++;
}

}  // namespace

int main()
{
  // As properties.cpp: 1000 cases per property (LONG=1: 20000) and a fresh seed, unless RC_PARAMS
  // says otherwise.
  const char *env = std::getenv("RC_PARAMS");
  std::string params = env ? env : "";
  const char *lng = std::getenv("LONG");
  const bool long_mode = lng && *lng && std::string(lng) != "0";
  if (params.find("max_success") == std::string::npos) {
    params += std::string(params.empty() ? "" : " ") + "max_success=" + (long_mode ? "20000" : "1000");
  }
  if (params.find("seed") == std::string::npos) {
    std::random_device rd;
    const std::uint64_t seed = (std::uint64_t{rd()} << 32) ^ rd();
    params += " seed=" + std::to_string(seed);
  }
  setenv("RC_PARAMS", params.c_str(), 1);
  (void)rc::detail::configuration();
  std::cout << "fast kernel properties (RC_PARAMS=\"" << params << "\")" << std::endl;

  // @req SONNX-ELEM SONNX-F SONNX-STEP1-PAD LIB-ROWMAJOR
  property("SONNX-ELEM SONNX-F SONNX-STEP1-PAD LIB-ROWMAJOR", "fast kernel equals the spec's element relation",
           [] {
             const Pair p = draw_pair(std::size_t(1) << 18);
             const std::size_t cx = count_of(p.x), cz = count_of(p.z);
             RC_TAG(p.z.size());
             const Bytes x = distinct_bytes(cx, p.es, *rc::gen::inRange<std::size_t>(0, 251));
             const Bytes want = spec_broadcast(p.x, x, p.es, p.z);
             Bytes got(cz * p.es + 8, 0);  // 8 guard bytes: nothing written past the output
             sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(got.data()),
                             p.es, view(p.x), view(p.z), cx, cz);
             RC_ASSERT(std::memcmp(got.data(), want.data(), want.size()) == 0);
             for (std::size_t g = 0; g < 8; ++g) {
               RC_ASSERT(got[want.size() + g] == 0);
             }
           });

  // @req SONNX-ELEM LIB-ROWMAJOR
  property("SONNX-ELEM LIB-ROWMAJOR", "fast kernel equals the proved reference kernel", [] {
    const Pair p = draw_pair(std::size_t(1) << 14);
    const std::size_t cx = count_of(p.x), cz = count_of(p.z);
    const Bytes x = distinct_bytes(cx, p.es, 7);
    Bytes fast(cz * p.es, 0), ref(cz * p.es, 0xff);
    sonnx_fast_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(fast.data()), p.es,
                    view(p.x), view(p.z), cx, cz);
    sonnx_reference_copy(reinterpret_cast<const char *>(x.data()), reinterpret_cast<char *>(ref.data()), p.es,
                         view(p.x), view(p.z), cx, cz);
    RC_ASSERT(fast == ref);
  });

  std::cout << "fast_copy: " << g_passed << " passed, " << g_failed << " failed" << std::endl;
  return g_failed == 0 && g_passed > 0 ? 0 : 1;
}

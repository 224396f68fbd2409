// The SONNX oracle (sonnx_testing.hpp, installed) run against a third-party runtime: xtensor's
// broadcasting (Debian libxtensor-dev), through its public API (issue 32, examples/README.md).
//
// For each equivalence class of sonnx_testing.hpp, RapidCheck generates input tuples (RC_PARAMS:
// max_success=1000 in `make xtensor-oracle`); xtensor computes the shape (`a + b + ...` evaluated
// into an xt::xarray, which throws xt::broadcast_error on incompatible shapes) and the data of
// each input broadcast to it (xt::broadcast). The oracle judges both. The program asserts the
// differences it expects: none in any class but zero-size axes, where xtensor follows the NumPy
// rule (every difference there must be one the NumPy-rule oracle accepts). A change in xtensor's
// behaviour fails the stage either way. It also runs the proven library as a second candidate,
// which must agree on every tuple (a check of the oracle, which shares no code with it).
// Prints `xtensor_oracle: N passed, M failed` (cases judged as expected).
#include <sonnx_broadcast.h>
#include <sonnx_testing.hpp>

#include <xtensor/xarray.hpp>
#include <xtensor/xbroadcast.hpp>
#include <xtensor/xbuilder.hpp>
#include <xtensor/xexception.hpp>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace st = sonnx::testing;

namespace {

// xtensor's answer on the shapes: the shape of a + b + ..., evaluated.
st::answer xtensor_shape(const st::tuple &in)
{
  try {
    xt::xarray<int> acc = xt::zeros<int>(in[0]);
    for (std::size_t m = 1; m < in.size(); ++m) {
      xt::xarray<int> next = acc + xt::zeros<int>(in[m]);
      acc = std::move(next);
    }
    return st::answer::accepted(st::dims(acc.shape().begin(), acc.shape().end()));
  } catch (const xt::broadcast_error &) {
    return st::answer::rejected();
  }
}

// The library's answer (sonnx_broadcast_shape), with the input and axis it reports.
st::answer library_shape(const st::tuple &in)
{
  std::vector<sonnx_shape> views;
  for (const st::dims &d : in) {
    views.push_back(sonnx_shape{d.size(), d.data()});
  }
  std::vector<std::size_t> out(SONNX_MAX_RANK);
  std::size_t rank = 0;
  sonnx_error err{};
  if (sonnx_broadcast_shape(views.size(), views.data(), out.data(), out.size(), &rank, &err) != SONNX_OK) {
    return st::answer::rejected(err.input, err.axis);
  }
  out.resize(rank);
  return st::answer::accepted(out);
}

// xtensor's data: each input, filled with distinct bytes, broadcast to z by xt::broadcast.
st::verdict xtensor_data(const st::tuple &in, const st::dims &z)
{
  for (std::size_t m = 0; m < in.size(); ++m) {
    xt::xarray<unsigned char> x = xt::zeros<unsigned char>(in[m]);
    std::vector<unsigned char> x_bytes(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) {
      x_bytes[k] = static_cast<unsigned char>(k * 37u + m * 11u + 1u);
      x.data()[k] = x_bytes[k];
    }
    const xt::xarray<unsigned char> out = xt::broadcast(x, z);
    std::vector<unsigned char> out_bytes(out.data(), out.data() + out.size());
    st::verdict v = st::judge_data(in[m], x_bytes, 1, z, out_bytes, m);
    if (!v.agrees) {
      return v;
    }
  }
  return {};
}

struct tally {
  std::size_t cases = 0, agree = 0, differ = 0, numpy_explains = 0, data_checked = 0, unexpected = 0,
              library_agrees = 0;
  std::string first_difference;     // the verdict on the first difference
  st::tuple minimal;                // the smallest differing tuple seen (RapidCheck shrinks toward it)
  std::string minimal_xtensor, minimal_verdict;
};

std::size_t weight(const st::tuple &t)
{
  std::size_t w = t.size();
  for (const st::dims &d : t) {
    w += d.size();
    for (std::size_t v : d) {
      w += v;
    }
  }
  return w;
}

std::string answer_text(const st::answer &a)
{
  return a.ok ? st::to_string(a.shape) : std::string("broadcast_error");
}

}  // namespace

int main()
{
  std::map<st::shape_class, tally> tallies;
  int passed = 0, failed = 0;
  for (st::shape_class c : st::all_classes) {
    tally &t = tallies[c];
    const std::string title = "xtensor against the SONNX oracle: " + std::string(st::name(c));
    // The property: xtensor agrees with the oracle, or (zero-size axes only) differs the way the
    // NumPy rule does. Counts every case; keeps the smallest difference.
    const bool held = rc::check(title, [&t, c] {
      const st::tuple in = *st::gen_tuple(c);
      const st::answer xa = xtensor_shape(in);
      const st::verdict v = st::judge_shape(in, xa);
      ++t.cases;
      const st::verdict lib = st::judge_shape(in, library_shape(in));
      if (lib.agrees && lib.detail.empty()) {  // the same answer, and an error at the same place
        ++t.library_agrees;
      }
      bool expected = true;
      if (v.agrees) {
        ++t.agree;
        if (xa.ok) {
          const st::verdict d = xtensor_data(in, xa.shape);
          ++t.data_checked;
          if (!d.agrees) {
            expected = false;
            t.first_difference = t.first_difference.empty() ? d.text() : t.first_difference;
          }
        }
      } else {
        ++t.differ;
        const bool numpy = st::judge_shape(in, xa, st::rule::numpy).agrees;
        t.numpy_explains += numpy ? 1 : 0;
        expected = c == st::shape_class::zero_size && numpy;
        if (t.first_difference.empty()) {
          t.first_difference = v.text();
        }
        if (t.minimal.empty() || weight(in) < weight(t.minimal)) {
          t.minimal = in;
          t.minimal_xtensor = answer_text(xa);
          t.minimal_verdict = v.text();
        }
      }
      t.unexpected += expected ? 0 : 1;
      RC_ASSERT(expected);
    });
    // Where xtensor differs, RapidCheck shrinks a difference to a minimal one: the property
    // "xtensor agrees" must fail there, and its last failing tuple is the shrunk counterexample.
    if (t.differ > 0) {
      const bool agreed = rc::check(title + " (shrinking a difference)", [&t, c] {
        const st::tuple in = *st::gen_tuple(c);
        const st::answer xa = xtensor_shape(in);
        const st::verdict v = st::judge_shape(in, xa);
        if (!v.agrees) {
          t.minimal = in;
          t.minimal_xtensor = answer_text(xa);
          t.minimal_verdict = v.text();
        }
        RC_ASSERT(v.agrees);
      });
      (agreed ? failed : passed)++;
    }
    // The cases judged as expected, plus the property's own verdict and the library cross-check.
    passed += static_cast<int>(t.cases - t.unexpected);
    failed += static_cast<int>(t.unexpected);
    const bool differences_as_expected =
        c == st::shape_class::zero_size ? (t.differ > 0 && t.numpy_explains == t.differ) : t.differ == 0;
    (held && differences_as_expected ? passed : failed)++;
    (t.library_agrees == t.cases ? passed : failed)++;
    std::printf("CLASS %-34s | %5zu cases | xtensor agrees %5zu (data checked %5zu) | differs %4zu "
                "(NumPy rule explains %4zu) | %s | library agrees %zu/%zu\n",
                std::string(st::name(c)).c_str(), t.cases, t.agree, t.data_checked, t.differ, t.numpy_explains,
                differences_as_expected ? "as expected" : "NOT AS EXPECTED", t.library_agrees, t.cases);
    if (t.differ > 0) {
      std::printf("      minimal counterexample: %s -> xtensor %s; oracle: %s\n", st::to_string(t.minimal).c_str(),
                  t.minimal_xtensor.c_str(), t.minimal_verdict.c_str());
    }
    if (t.cases < 1000) {
      std::printf("      FAIL: %zu cases, at least 1000 wanted (RC_PARAMS=max_success=1000)\n", t.cases);
      ++failed;
    }
  }
  std::printf("xtensor_oracle: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

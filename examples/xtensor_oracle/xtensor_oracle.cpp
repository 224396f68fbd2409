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

// xtensor's answer with its data: the shape as above, and each input, filled with distinct
// bytes, broadcast to it by xt::broadcast; judged whole by sonnx::testing::judge.
st::verdict xtensor_judged(const st::tuple &in, const st::answer &xa)
{
  std::vector<std::vector<unsigned char>> in_bytes, out_bytes;
  for (std::size_t m = 0; m < in.size(); ++m) {
    xt::xarray<unsigned char> x = xt::zeros<unsigned char>(in[m]);
    std::vector<unsigned char> bytes(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) {
      bytes[k] = static_cast<unsigned char>(k * 37u + m * 11u + 1u);
      x.data()[k] = bytes[k];
    }
    const xt::xarray<unsigned char> out = xt::broadcast(x, xa.shape);
    in_bytes.push_back(std::move(bytes));
    out_bytes.emplace_back(out.data(), out.data() + out.size());
  }
  return st::judge(in, xa, 1, in_bytes, out_bytes);
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
  // The oracle catches wrong answers (hand-made candidates; the expected verdicts are worked out
  // from the spec by hand): a check that it is not vacuous.
  {
    const st::tuple t{{2, 1}, {1, 3}};
    const st::verdict right = st::judge_shape(t, st::answer::accepted({2, 3}));
    const st::verdict swapped = st::judge_shape(t, st::answer::accepted({3, 2}));
    const st::verdict refused = st::judge_shape(t, st::answer::rejected());
    const st::verdict short_rank = st::judge_shape(t, st::answer::accepted({6}));
    const st::verdict zero = st::judge_shape({{0}, {1}}, st::answer::accepted({0}));
    const st::verdict zero_numpy = st::judge_shape({{0}, {1}}, st::answer::accepted({0}), st::rule::numpy);
    const std::vector<unsigned char> x{7, 8, 9}, good{7, 8, 9, 7, 8, 9}, bad{7, 8, 9, 7, 9, 9};
    const st::verdict data_ok = st::judge_data({3}, x, 1, {2, 3}, good);
    const st::verdict data_bad = st::judge_data({3}, x, 1, {2, 3}, bad);
    const bool ok[] = {
        right.agrees,
        !swapped.agrees && swapped.requirement == "SONNX-STEP2-MAX" && swapped.axis == 0u,
        !refused.agrees && refused.requirement == "SONNX-C1",
        !short_rank.agrees && short_rank.requirement == "SONNX-STEP1-RANK",
        !zero.agrees && zero.requirement == "SONNX-C1" && zero.input == 0u && zero.axis == 0u,
        zero_numpy.agrees,
        data_ok.agrees,
        !data_bad.agrees && data_bad.requirement == "SONNX-ELEM" && data_bad.element == 4u,
    };
    for (bool b : ok) {
      (b ? passed : failed)++;
    }
    std::printf("ORACLE self-check: %d of 8 wrong and right answers judged as expected (%s; %s)\n", passed,
                swapped.text().c_str(), data_bad.text().c_str());
  }
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
      // The generator's claim: a breaks_c1 tuple breaks C1 at exactly one input and axis.
      bool expected = c != st::shape_class::breaks_c1 || st::c1_violations(in).size() == 1;
      if (v.agrees) {
        ++t.agree;
        if (xa.ok) {
          const st::verdict d = xtensor_judged(in, xa);
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

// NumPy differential test: replays properties/numpy_cases.txt (written by numpy_oracle.py, format
// at the top of that file) against the C API.
//
//   S lines: sonnx_broadcast_shape_numpy must give NumPy's np.broadcast_shapes result, or
//            SONNX_ERR_INCOMPATIBLE where NumPy raises; where no size is 0 the SONNX rule
//            (sonnx_broadcast_shape) must give the same answer too (erratum E21).
//   D lines: sonnx_broadcast_to of x = arange(count(x)) to z must give NumPy's np.broadcast_to
//            elements where the SONNX rule applies (x broadcasts to z without a 1 -> 0 stretch),
//            and SONNX_ERR_INCOMPATIBLE where it does not (erratum E21).
//
// Usage: numpy_diff [FILE]   (default properties/numpy_cases.txt)
// Prints each failing case and `numpy: <N> cases, <passed> passed, <failed> failed`; exits
// non-zero on any failure (or when the file cannot be read or holds no case).
//
// @req ARRAYAPI-ALGO ARRAYAPI-INCOMPAT ONNX-UNIDIR SONNX-ELEM LIB-ROWMAJOR
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sonnx_broadcast.h"

namespace {

using Shape = std::vector<std::size_t>;

bool parse_shape(const std::string &tok, Shape &out)
{
  out.clear();
  if (tok.size() < 2 || tok.front() != '[' || tok.back() != ']') return false;
  const std::string body = tok.substr(1, tok.size() - 2);
  if (body.empty()) return true;
  std::stringstream ss(body);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos) return false;
    out.push_back(static_cast<std::size_t>(std::stoull(item)));
  }
  return true;
}

std::string show(const Shape &s)
{
  std::string r = "(";
  for (std::size_t k = 0; k < s.size(); ++k) r += (k ? "," : "") + std::to_string(s[k]);
  return r + ")";
}

sonnx_shape view(const Shape &s) { return sonnx_shape{s.size(), s.empty() ? nullptr : s.data()}; }

struct Call {
  sonnx_status st;
  Shape dims;
};

Call shape_call(bool numpy, const std::vector<Shape> &in)
{
  std::vector<sonnx_shape> v;
  for (const Shape &s : in) v.push_back(view(s));
  std::size_t out[SONNX_MAX_RANK];
  std::size_t rank = 0;
  Call c;
  c.st = numpy ? sonnx_broadcast_shape_numpy(v.size(), v.data(), out, SONNX_MAX_RANK, &rank, nullptr)
               : sonnx_broadcast_shape(v.size(), v.data(), out, SONNX_MAX_RANK, &rank, nullptr);
  if (c.st == SONNX_OK) c.dims.assign(out, out + rank);
  return c;
}

// x broadcasts to z under the SONNX rule (ONNX-UNIDIR, erratum E21).
bool sonnx_broadcasts_to(const Shape &x, const Shape &z)
{
  if (x.size() > z.size()) return false;
  const std::size_t p = z.size() - x.size();
  for (std::size_t k = 0; k < z.size(); ++k) {
    const std::size_t d = k < p ? 1 : x[k - p];
    if (!(d == z[k] || (d == 1 && z[k] != 0))) return false;
  }
  return true;
}

std::size_t count_of(const Shape &s)
{
  std::size_t c = 1;
  for (std::size_t d : s) c *= d;
  return c;
}

} // namespace

int main(int argc, char **argv)
{
  const std::string path = argc > 1 ? argv[1] : "properties/numpy_cases.txt";
  std::ifstream in(path);
  if (!in) {
    std::cout << "numpy: cannot read " << path << std::endl;
    std::cout << "numpy: 0 cases, 0 passed, 1 failed" << std::endl;
    return 1;
  }
  std::map<long, std::vector<Shape>> inputs_of; // case id -> its input shapes
  std::size_t total = 0, passed = 0, failed = 0, shape_cases = 0, data_cases = 0, sonnx_checked = 0,
              data_rejected = 0, elements = 0;
  std::string line;
  std::size_t lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string kind;
    ls >> kind;
    std::string why; // empty: the case passed
    ++total;
    if (kind == "S") {
      ++shape_cases;
      long id = -1;
      std::size_t k = 0;
      ls >> id >> k;
      std::vector<Shape> shapes(k);
      std::string tok;
      bool ok = id >= 0 && k >= 1;
      for (std::size_t m = 0; m < k && ok; ++m) ok = (ls >> tok) && parse_shape(tok, shapes[m]);
      std::string expect_tok;
      Shape expect;
      ok = ok && (ls >> expect_tok) && (expect_tok == "error" || parse_shape(expect_tok, expect));
      if (!ok) {
        why = "malformed line";
      } else {
        inputs_of[id] = shapes;
        const bool numpy_error = expect_tok == "error";
        const Call c = shape_call(true, shapes);
        if (numpy_error && c.st != SONNX_ERR_INCOMPATIBLE)
          why = "NumPy rejects, sonnx_broadcast_shape_numpy gives status " + std::to_string(c.st) +
                (c.st == SONNX_OK ? " shape " + show(c.dims) : "");
        else if (!numpy_error && (c.st != SONNX_OK || c.dims != expect))
          why = "NumPy gives " + show(expect) + ", sonnx_broadcast_shape_numpy gives status " +
                std::to_string(c.st) + (c.st == SONNX_OK ? " shape " + show(c.dims) : "");
        bool zero = false;
        for (const Shape &s : shapes)
          for (std::size_t d : s) zero = zero || d == 0;
        if (why.empty() && !zero) { // the SONNX rule agrees wherever no size is 0
          ++sonnx_checked;
          const Call s = shape_call(false, shapes);
          if (numpy_error ? s.st != SONNX_ERR_INCOMPATIBLE : (s.st != SONNX_OK || s.dims != expect))
            why = "no size 0, yet sonnx_broadcast_shape gives status " + std::to_string(s.st) +
                  (s.st == SONNX_OK ? " shape " + show(s.dims) : "") + " where NumPy gives " +
                  (numpy_error ? std::string("error") : show(expect));
        }
      }
    } else if (kind == "D") {
      ++data_cases;
      long id = -1;
      std::size_t m = 0, p = 0;
      std::string xs, zs, mode;
      Shape x, z;
      ls >> id >> m >> xs >> zs >> mode >> p;
      bool ok = ls && parse_shape(xs, x) && parse_shape(zs, z) && (mode == "full" || mode == "sample");
      std::vector<std::pair<std::size_t, std::int64_t>> pairs;
      for (std::size_t q = 0; q < p && ok; ++q) {
        std::string pr;
        ok = static_cast<bool>(ls >> pr);
        const std::size_t colon = pr.find(':');
        ok = ok && colon != std::string::npos;
        if (ok) pairs.emplace_back(std::stoull(pr.substr(0, colon)), std::stoll(pr.substr(colon + 1)));
      }
      const auto it = inputs_of.find(id);
      ok = ok && it != inputs_of.end() && m < it->second.size() && it->second[m] == x;
      if (!ok) {
        why = "malformed line (or no S line with that input)";
      } else {
        const std::size_t xc = count_of(x), zc = count_of(z);
        std::vector<std::int64_t> xd(xc);
        for (std::size_t k = 0; k < xc; ++k) xd[k] = static_cast<std::int64_t>(k);
        const bool applies = sonnx_broadcasts_to(x, z);
        // rejected: max(1, count(z), count(x)) canary elements, so the no-write check below is not vacuous
        const std::size_t rejected_cap = zc > xc ? zc : xc > 0 ? xc : 1;
        std::vector<std::int64_t> zd(applies ? zc : rejected_cap, -1);
        const sonnx_status st = sonnx_broadcast_to(view(x), xd.empty() ? nullptr : xd.data(), sizeof(std::int64_t), view(z),
                                                   zd.empty() ? nullptr : zd.data(), zd.size() * sizeof(std::int64_t), nullptr);
        if (!applies) {
          ++data_rejected; // a 1 stretched to 0: NumPy accepts, the SONNX rule rejects (E21)
          if (st != SONNX_ERR_INCOMPATIBLE)
            why = "x " + show(x) + " does not broadcast to " + show(z) +
                  " under the SONNX rule, sonnx_broadcast_to gives status " + std::to_string(st);
          for (std::size_t k = 0; k < zd.size() && why.empty(); ++k) // LIB-ERR-NOWRITE
            if (zd[k] != -1)
              why = "sonnx_broadcast_to " + show(x) + " -> " + show(z) + " is rejected, yet output element " +
                    std::to_string(k) + " was written (" + std::to_string(zd[k]) + ")";
        } else if (st != SONNX_OK) {
          why = "sonnx_broadcast_to " + show(x) + " -> " + show(z) + " gives status " + std::to_string(st);
        } else {
          if (mode == "full" && p != zc) why = "full sample with " + std::to_string(p) + " of " + std::to_string(zc) + " elements";
          for (const auto &[flat, value] : pairs) {
            ++elements;
            if (flat >= zc || zd[flat] != value) {
              why = "element " + std::to_string(flat) + ": NumPy " + std::to_string(value) + ", sonnx_broadcast_to " +
                    (flat < zc ? std::to_string(zd[flat]) : std::string("(out of range)"));
              break;
            }
          }
        }
      }
    } else {
      why = "unknown line kind '" + kind + "'";
    }
    if (why.empty()) {
      ++passed;
    } else {
      ++failed;
      std::cout << "FAIL " << path << ":" << lineno << ": " << why << "\n  " << line.substr(0, 200) << std::endl;
    }
  }
  std::cout << "numpy: " << shape_cases << " shape cases (" << sonnx_checked
            << " also checked under the SONNX rule), " << data_cases << " data cases (" << data_rejected
            << " rejected by the SONNX rule as NumPy-only 1->0 stretches, " << elements << " elements compared)"
            << std::endl;
  std::cout << "numpy: " << total << " cases, " << passed << " passed, " << failed << " failed" << std::endl;
  return (failed == 0 && total > 0) ? 0 : 1;
}

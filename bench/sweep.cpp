// `make bench`'s size sweep (issue 34): sonnx_broadcast_to from one cache line to far beyond
// the last-level cache, against memset (the limit: the same output bytes), memcpy, NumPy's
// copyto, xtensor and Eigen, on ordinary 4 KiB pages and on 2 MiB huge pages.
//
// Cases, float32, output of about S bytes (S = 64 B ... 512 MiB), e = S / 4 elements,
// w = min(256, e / 4):
//   rows      (1, w)     -> (e / w, w)        one row copied again and again
//   columns   (e / w, 1) -> (e / w, w)        one value per row, filled
//   middle    (k, 1, s)  -> (k, s, s)         s = min(32, ...), runs of s repeated s times
//   scalar    ()         -> (e)               one value, filled
//   short     (k, 1, 3)  -> (k, m, 3)         runs of 3 (a pixel), m = 64 once k >= 1
// Huge pages are asked for buffers of 4 MiB and more, as NumPy asks for its arrays; so below
// 4 MiB both kinds of page are the same memory and only the ordinary pass runs there.
//
// Each cell: every sonnx output is first checked against the naive reference (harness.hpp),
// then the columns are measured interleaved (harness.hpp's measure), median of the repeats.
// Prints markdown tables (stdout) and writes one line per measurement to the data file named
// by argv[1], for bench/sweep.gp. Exit 1 if a sonnx output is wrong.
// Environment: SWEEP_REPEATS (default 7), SWEEP_MAX_BYTES (skip the larger sizes).
#include "harness.hpp"

namespace {

constexpr size_t KiB = 1024, MiB = KiB * 1024;
const size_t sizes[] = {64, KiB, 16 * KiB, 256 * KiB, 2 * MiB, 8 * MiB, 32 * MiB, 128 * MiB, 512 * MiB};
const char *const size_names[] = {"64 B", "1 KiB", "16 KiB", "256 KiB", "2 MiB", "8 MiB", "32 MiB", "128 MiB", "512 MiB"};
constexpr size_t n_sizes = sizeof sizes / sizeof sizes[0];
const char *const case_names[] = {"rows", "columns", "middle", "scalar", "short"};
constexpr size_t n_cases = sizeof case_names / sizeof case_names[0];
const int shown[] = {SONNX, MEMSET, MEMCPY, NUMPY, XTENSOR, EIGEN};
const char *const column_names[] = {"sonnx", "memset", "memcpy", "NumPy", "xtensor", "Eigen"};

struct shapes {
  std::vector<size_t> xd, zd;
};

shapes case_shapes(const std::string &name, size_t bytes)
{
  const size_t e = bytes / sizeof(float);
  const size_t w = std::min<size_t>(256, e / 4);
  if (name == "rows") {
    return {{1, w}, {e / w, w}};
  }
  if (name == "columns") {
    return {{e / w, 1}, {e / w, w}};
  }
  if (name == "middle") {
    size_t s = 32;
    while (s * s * 4 > e) {
      s /= 2;
    }
    return {{e / (s * s), 1, s}, {e / (s * s), s, s}};
  }
  if (name == "scalar") {
    return {{}, {e}};
  }
  const size_t k = std::max<size_t>(1, e / (3 * 64));  // short
  return {{k, 1, 3}, {k, e / (3 * k), 3}};
}

std::string text(const std::vector<size_t> &d)
{
  std::string t = "(";
  for (size_t i = 0; i < d.size(); ++i) {
    t += (i ? "," : "") + std::to_string(d[i]);
  }
  return t + ")";
}


// One measured cell: seconds per call of each column, and the bytes sonnx wrote.
struct cell_result {
  bool measured = false;
  size_t bytes = 0;
  std::array<double, COLUMNS> seconds{};
  size_t huge_asked = 0, huge_granted = 0, numpy_huge = 0;  // bytes on 2 MiB pages
};

}  // namespace

int main(int argc, char **argv)
{
  if (argc < 2) {
    std::fprintf(stderr, "usage: sweep <data file>\n");
    return 2;
  }
  int repeats = 7;
  double sample_seconds = 0.02;
  size_t max_bytes = sizes[n_sizes - 1];
  if (const char *r = std::getenv("SWEEP_REPEATS")) {
    repeats = std::max(1, std::atoi(r));
  }
  if (const char *m = std::getenv("SWEEP_MAX_BYTES")) {  // a quick look at the small sizes only
    max_bytes = std::strtoull(m, nullptr, 10);
  }
  FILE *data = std::fopen(argv[1], "w");
  if (data == nullptr) {
    std::perror(argv[1]);
    return 2;
  }
  std::fprintf(data, "# pages case bytes column seconds_per_call GBps\n");
  numpy_peer numpy;
  int failures = 0;
  // results[pass][case][size]
  static cell_result results[2][n_cases][n_sizes];
  const char *const pass_names[] = {"ordinary 4 KiB pages", "2 MiB huge pages"};
  for (int pass = 0; pass < 2; ++pass) {
    ask_huge_pages = pass == 1;
    numpy.pages(ask_huge_pages);
    for (size_t ci = 0; ci < n_cases; ++ci) {
      for (size_t si = 0; si < n_sizes; ++si) {
        if ((pass == 1 && sizes[si] < huge_threshold) || sizes[si] > max_bytes) {
          continue;
        }
        const shapes sh = case_shapes(case_names[ci], sizes[si]);
        huge_bytes_asked = 0;
        bench_case c = data_case<float>(case_names[ci], text(sh.xd) + " -> " + text(sh.zd), sh.xd, sh.zd);
        if (!c.check()) {
          std::fprintf(stderr, "sweep: %s %s: the sonnx output differs from the naive reference\n",
                       case_names[ci], c.what.c_str());
          ++failures;
          continue;
        }
        const bool with_numpy = numpy.setup_shapes("float32", sh.xd, sh.zd);
        cell_result &r = results[pass][ci][si];
        r.huge_asked = huge_bytes_asked;
        r.huge_granted = huge_bytes_granted();
        r.numpy_huge = with_numpy ? numpy.huge_bytes : 0;
        r.measured = true;
        r.bytes = c.bytes_written;
        r.seconds = measure(c, numpy, with_numpy, repeats, sample_seconds);
        for (size_t k = 0; k < sizeof shown / sizeof shown[0]; ++k) {
          const double t = r.seconds[shown[k]];
          std::fprintf(data, "%s %s %zu %s %.6g %.6g\n", pass == 0 ? "ordinary" : "huge", case_names[ci],
                       r.bytes, column_names[k], t, double(r.bytes) / t / 1e9);
        }
        std::fflush(data);
        std::fprintf(stderr, "sweep: %s, %s %s: sonnx/memset %.2f\n", pass_names[pass], case_names[ci],
                     size_names[si], r.seconds[MEMSET] / r.seconds[SONNX]);
      }
    }
  }
  std::fclose(data);

  // Table 1: sonnx speed / memset speed (the table), and the peers' verdict.
  std::printf("repeats %d (median), about %.0f ms per sample, columns interleaved; float32; "
              "ratios are speed ratios, above 1 when sonnx is faster\n\n", repeats, sample_seconds * 1000);
  std::printf("sonnx speed / memset speed (the same output bytes), and in brackets sonnx speed / "
              "the fastest of NumPy, xtensor, Eigen:\n\n| pages | case |");
  for (size_t si = 0; si < n_sizes; ++si) {
    std::printf(" %s |", size_names[si]);
  }
  std::printf("\n|---|---|");
  for (size_t si = 0; si < n_sizes; ++si) {
    std::printf("---|");
  }
  std::printf("\n");
  int goal_cells = 0, goal_met = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t ci = 0; ci < n_cases; ++ci) {
      std::printf("| %s | %s |", pass == 0 ? "4 KiB" : "2 MiB", case_names[ci]);
      for (size_t si = 0; si < n_sizes; ++si) {
        const cell_result &r = results[pass][ci][si];
        if (!r.measured) {
          std::printf(" |");
          continue;
        }
        const double *t = r.seconds.data();
        double best_peer = NAN;
        for (int col : {NUMPY, XTENSOR, EIGEN}) {
          if (!std::isnan(t[col]) && (std::isnan(best_peer) || t[col] < best_peer)) {
            best_peer = t[col];
          }
        }
        const double vs_memset = t[MEMSET] / t[SONNX], vs_peer = best_peer / t[SONNX];
        std::printf(" %s (%s) |", cell(vs_memset, 2).c_str(), cell(vs_peer, 2).c_str());
        if (sizes[si] >= 16 * KiB) {  // issue 34: >= 0.9 of memset and faster than every peer
          ++goal_cells;
          goal_met += vs_memset >= 0.9 && vs_peer > 1.0;
        }
      }
      std::printf("\n");
    }
  }
  std::printf("\nmemory on 2 MiB pages, MiB (the bench's buffers: granted of asked; NumPy's process):");
  for (int pass = 0; pass < 2; ++pass) {
    std::printf("\n- %s:", pass_names[pass]);
    for (size_t ci = 0; ci < n_cases; ++ci) {
      for (size_t si = 0; si < n_sizes; ++si) {
        const cell_result &r = results[pass][ci][si];
        if (r.measured && sizes[si] >= huge_threshold) {
          std::printf(" %s %s %zu of %zu, NumPy %zu;", case_names[ci], size_names[si], r.huge_granted >> 20,
                      r.huge_asked >> 20, r.numpy_huge >> 20);
        }
      }
    }
  }
  std::printf("\n\nissue 34's goal at 16 KiB and above (>= 0.9 of memset, faster than NumPy, xtensor "
              "and Eigen): %d of %d cells\n", goal_met, goal_cells);

  // Table 2: the cost of a small call, against 3 x memset + 8 ns (issue 34).
  std::printf("\nns per call at the small sizes (ordinary pages), against issue 34's bound "
              "3 x memset + 8 ns:\n\n| case | size | sonnx | memset | memcpy | bound | within |\n"
              "|---|---|---|---|---|---|---|\n");
  for (size_t ci = 0; ci < n_cases; ++ci) {
    for (size_t si = 0; si < 2; ++si) {
      const cell_result &r = results[0][ci][si];
      if (!r.measured) {
        continue;
      }
      const double s = r.seconds[SONNX] * 1e9, m = r.seconds[MEMSET] * 1e9;
      std::printf("| %s | %s (%zu B) | %s | %s | %s | %s | %s |\n", case_names[ci], size_names[si], r.bytes,
                  cell(s, 1).c_str(), cell(m, 1).c_str(), cell(r.seconds[MEMCPY] * 1e9, 1).c_str(),
                  cell(3 * m + 8, 1).c_str(), s <= 3 * m + 8 ? "yes" : "no");
    }
  }

  // Table 3: GB/s of every column.
  std::printf("\nGB/s (bytes written / median time):\n\n| pages | case | column |");
  for (size_t si = 0; si < n_sizes; ++si) {
    std::printf(" %s |", size_names[si]);
  }
  std::printf("\n|---|---|---|");
  for (size_t si = 0; si < n_sizes; ++si) {
    std::printf("---|");
  }
  std::printf("\n");
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t ci = 0; ci < n_cases; ++ci) {
      for (size_t k = 0; k < sizeof shown / sizeof shown[0]; ++k) {
        std::printf("| %s | %s | %s |", pass == 0 ? "4 KiB" : "2 MiB", case_names[ci], column_names[k]);
        for (size_t si = 0; si < n_sizes; ++si) {
          const cell_result &r = results[pass][ci][si];
          std::printf(" %s |", r.measured ? cell(double(r.bytes) / r.seconds[shown[k]] / 1e9, 2).c_str() : "");
        }
        std::printf("\n");
      }
    }
  }
  if (failures > 0) {
    std::fprintf(stderr, "sweep: %d cell(s) failed the correctness check\n", failures);
    return 1;
  }
  return 0;
}

// bench/harness.hpp: what both benches share (bench/bench.cpp, the cases of issue 8;
// bench/sweep.cpp, the size sweep of issue 34): the memory every column writes, the naive
// reference every sonnx output is checked against, the NumPy peer, timing and the Eigen peer.
// Header-only and included by one translation unit per program, so the names are in an
// unnamed namespace.
#pragma once

#include "sonnx_broadcast.h"
#include "sonnx_broadcast.hpp"

#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <unsupported/Eigen/CXX11/Tensor>
#include <xtensor/xadapt.hpp>
#include <xtensor/xarray.hpp>
#include <xtensor/xbuilder.hpp>
#include <xtensor/xbroadcast.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xstrides.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>


namespace {

using clock_type = std::chrono::steady_clock;
using bytes = std::vector<unsigned char>;

// ---- the memory every column writes ----
// NumPy asks for 2 MiB transparent huge pages on its arrays of 4 MiB and more
// (madvise(MADV_HUGEPAGE), NumPy >= 1.16), and this machine grants them (THP "madvise"):
// its copies ran 24 -> 29-33 GB/s on rows with them (2026-11-26). The bench's own large
// buffers (inputs, outputs, memcpy sources, xtensor's output) ask for them too, so that
// every column of a row writes the same kind of memory. The data starts 16 bytes past the
// 2 MiB boundary, where glibc's malloc puts a large block (and NumPy's data), so the
// kernels' alignment handling runs as it would on a caller's malloc'ed buffer.
constexpr size_t huge_page = size_t(2) << 20;
constexpr size_t huge_threshold = size_t(4) << 20;
constexpr size_t malloc_offset = 16;
size_t huge_bytes_asked = 0;  // printed, with what the kernel granted (/proc/self/smaps_rollup)
// The sweep (issue 34) also measures ordinary 4 KiB pages: then the same large buffers say
// madvise(MADV_NOHUGEPAGE), and NumPy is told not to ask (numpy_peer.py, "pages ordinary").
bool ask_huge_pages = true;

template <class T>
struct huge_page_allocator {
  using value_type = T;
  huge_page_allocator() = default;
  template <class U>
  huge_page_allocator(const huge_page_allocator<U> &) noexcept
  {
  }
  T *allocate(size_t n)
  {
    const size_t size = n * sizeof(T);
    if (size < huge_threshold) {
      void *p = std::malloc(size == 0 ? 1 : size);
      if (p == nullptr) {
        throw std::bad_alloc();
      }
      return static_cast<T *>(p);
    }
    const size_t rounded = (size + malloc_offset + huge_page - 1) / huge_page * huge_page;
    void *base = std::aligned_alloc(huge_page, rounded);
    if (base == nullptr) {
      throw std::bad_alloc();
    }
    if (ask_huge_pages) {
      madvise(base, rounded, MADV_HUGEPAGE);
      huge_bytes_asked += rounded;
    } else {
      madvise(base, rounded, MADV_NOHUGEPAGE);
    }
    return reinterpret_cast<T *>(static_cast<unsigned char *>(base) + malloc_offset);
  }
  void deallocate(T *p, size_t n) noexcept
  {
    if (n * sizeof(T) < huge_threshold) {
      std::free(p);
    } else {
      std::free(reinterpret_cast<unsigned char *>(p) - malloc_offset);
    }
  }
  template <class U>
  bool operator==(const huge_page_allocator<U> &) const noexcept
  {
    return true;
  }
};

template <class T>
using big_vector = std::vector<T, huge_page_allocator<T>>;
template <class T>
using big_xarray = xt::xarray<T, XTENSOR_DEFAULT_LAYOUT, huge_page_allocator<T>>;

// Anonymous memory of this process on huge pages, in bytes (0 when unknown).
size_t huge_bytes_granted()
{
  FILE *f = std::fopen("/proc/self/smaps_rollup", "r");
  if (f == nullptr) {
    return 0;
  }
  char line[256];
  size_t kb = 0;
  while (std::fgets(line, sizeof line, f) != nullptr) {
    if (std::sscanf(line, "AnonHugePages: %zu kB", &kb) == 1) {
      break;
    }
  }
  std::fclose(f);
  return kb * 1024;
}

double seconds_since(clock_type::time_point t0)
{
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// ---- the naive reference: the spec's element relation, one output element at a time ----
// Z[i_0..i_(r-1)] = X[f(i_0, dX_0, dZ_0), ...], X padded on the left with 1s, f(a, b, c) = a when
// b == c, 0 when b == 1; flat row-major offsets on both sides.
bytes naive_broadcast(const std::vector<size_t> &xd, const unsigned char *x, size_t es,
                      const std::vector<size_t> &zd)
{
  const size_t r = zd.size();
  std::vector<size_t> padded(r, 1);
  for (size_t k = 0; k < xd.size(); ++k) {
    padded[r - xd.size() + k] = xd[k];
  }
  size_t count = 1;
  for (size_t d : zd) {
    count *= d;
  }
  bytes z(count * es);
  std::vector<size_t> idx(r, 0);
  for (size_t o = 0; o < count; ++o) {
    size_t rest = o;
    for (size_t k = r; k-- > 0;) {
      idx[k] = rest % zd[k];
      rest /= zd[k];
    }
    size_t src = 0;
    for (size_t k = 0; k < r; ++k) {
      size_t f = (padded[k] == zd[k]) ? idx[k] : 0;
      src = src * padded[k] + f;
    }
    std::memcpy(&z[o * es], x + src * es, es);
  }
  return z;
}

// ---- the NumPy peer, a child process behind two pipes ----
class numpy_peer {
public:
  numpy_peer()
  {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) {
      return;
    }
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl("/usr/bin/python3", "python3", "bench/numpy_peer.py", (char *)nullptr);
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    to_ = fdopen(to_child[1], "w");
    from_ = fdopen(from_child[0], "r");
  }
  ~numpy_peer()
  {
    if (to_ != nullptr) {
      std::fputs("quit\n", to_);
      std::fclose(to_);
    }
    if (from_ != nullptr) {
      std::fclose(from_);
    }
    if (pid_ > 0) {
      waitpid(pid_, nullptr, 0);
    }
  }
  // "ok <bytes written> <bytes of the peer on huge pages>"
  bool setup(const std::string &name)
  {
    std::string reply = ask("setup " + name);
    size_t written = 0;
    huge_bytes = 0;
    std::sscanf(reply.c_str(), "ok %zu %zu", &written, &huge_bytes);
    return reply.rfind("ok", 0) == 0;
  }
  // A broadcast given by its shapes (numpy_peer.py's "shapes" command): dtype, x, z, each
  // shape written as comma-separated sizes ("-" for rank 0).
  bool setup_shapes(const std::string &dtype, const std::vector<size_t> &xd, const std::vector<size_t> &zd)
  {
    auto text = [](const std::vector<size_t> &d) {
      std::string t;
      for (size_t v : d) {
        t += (t.empty() ? "" : ",") + std::to_string(v);
      }
      return t.empty() ? std::string("-") : t;
    };
    std::string reply = ask("shapes " + dtype + " " + text(xd) + " " + text(zd));
    size_t written = 0;
    huge_bytes = 0;
    std::sscanf(reply.c_str(), "ok %zu %zu", &written, &huge_bytes);
    return reply.rfind("ok", 0) == 0;
  }
  // NumPy's own rule (huge pages on arrays of 4 MiB and more) on or off.
  bool pages(bool huge) { return ask(huge ? "pages huge" : "pages ordinary").rfind("ok", 0) == 0; }
  size_t huge_bytes = 0;  // of the last setup
  double time_per_call(long iters) { return std::atof(ask("time " + std::to_string(iters)).c_str()); }

private:
  std::string ask(const std::string &command)
  {
    if (to_ == nullptr || from_ == nullptr) {
      return "";
    }
    std::fprintf(to_, "%s\n", command.c_str());
    std::fflush(to_);
    char line[256];
    if (std::fgets(line, sizeof line, from_) == nullptr) {
      return "";
    }
    return line;
  }
  pid_t pid_ = -1;
  FILE *to_ = nullptr;
  FILE *from_ = nullptr;
};


long calibrate(const std::function<void()> &f, double min_seconds)
{
  long iters = 1;
  for (;;) {
    auto t0 = clock_type::now();
    for (long i = 0; i < iters; ++i) {
      f();
      benchmark::ClobberMemory();
    }
    double t = seconds_since(t0);
    if (t >= min_seconds || iters >= (1L << 30)) {
      return iters;
    }
    iters = (t <= 0) ? iters * 10 : std::max(iters + 1, long(double(iters) * min_seconds * 1.2 / t));
  }
}

double time_calls(const std::function<void()> &f, long iters)
{
  auto t0 = clock_type::now();
  for (long i = 0; i < iters; ++i) {
    f();
    benchmark::ClobberMemory();
  }
  return seconds_since(t0) / double(iters);
}

double median(std::vector<double> v)
{
  if (v.empty()) {
    return NAN;
  }
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return (n % 2 == 1) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}


template <class T>
big_vector<T> pattern(size_t n)
{
  big_vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    v[i] = T(i % 251 + 1);
  }
  return v;
}

size_t product(const std::vector<size_t> &d)
{
  size_t p = 1;
  for (size_t v : d) {
    p *= v;
  }
  return p;
}

sonnx_shape c_shape(const std::vector<size_t> &d) { return sonnx_shape{d.size(), d.data()}; }

// Buffers shared by the columns of a data case: input, output, and the memcpy source.
template <class T>
struct data_buffers {
  std::vector<size_t> xd, zd;
  big_vector<T> x;
  big_vector<T> z;
  big_vector<T> copy_src;
};

// The Eigen peer of a broadcast: replicate for rank <= 2, Tensor::broadcast for rank 3.
template <class T>
std::function<void()> eigen_peer(std::shared_ptr<data_buffers<T>> b)
{
  using row_matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const auto &xd = b->xd;
  const auto &zd = b->zd;
  if (zd.size() == 3) {
    return [b]() {
      Eigen::TensorMap<Eigen::Tensor<const T, 3, Eigen::RowMajor>> in(
          b->x.data(), Eigen::Index(b->xd[0]), Eigen::Index(b->xd[1]), Eigen::Index(b->xd[2]));
      Eigen::TensorMap<Eigen::Tensor<T, 3, Eigen::RowMajor>> out(
          b->z.data(), Eigen::Index(b->zd[0]), Eigen::Index(b->zd[1]), Eigen::Index(b->zd[2]));
      Eigen::array<Eigen::Index, 3> times;
      for (int k = 0; k < 3; ++k) {
        times[k] = Eigen::Index(b->zd[k] / b->xd[k]);
      }
      out = in.broadcast(times);
    };
  }
  // Rank <= 2: view x as a (rows, cols) matrix padded on the left, replicate to z.
  size_t zr = zd.size() == 2 ? zd[0] : 1, zc = zd.back();
  size_t xr = xd.size() == 2 ? xd[0] : 1, xc = xd.empty() ? 1 : xd.back();
  return [b, zr, zc, xr, xc]() {
    Eigen::Map<const row_matrix> in(b->x.data(), Eigen::Index(xr), Eigen::Index(xc));
    Eigen::Map<row_matrix> out(b->z.data(), Eigen::Index(zr), Eigen::Index(zc));
    out = in.replicate(Eigen::Index(zr / xr), Eigen::Index(zc / xc));
  };
}

// ---- one case: its implementations (empty function = not applicable) ----
// FLAT: the limit of an elementwise case, a plain loop over inputs already of the output's size.
// CEIL_*: the sweep's ceiling (bench/sweep.cpp's ceiling_loop), not in bench.cpp's table, which
// shows the columns up to FLAT (TABLE_COLUMNS).
enum column {
  SONNX, MEMSET, MEMCPY, NUMPY, XTENSOR, EIGEN, FLAT,
  CEIL_AVX2, CEIL_AVX2_NT, CEIL_AVX512, CEIL_AVX512_NT, COLUMNS
};
constexpr int TABLE_COLUMNS = FLAT + 1;

struct bench_case {
  std::string name;
  std::string what;
  bool latency = false;  // report ns per call instead of GB/s
  size_t bytes_written = 0;
  std::function<void()> run[COLUMNS];
  std::function<bool()> check;  // the sonnx output against the naive reference
  bool numpy = true;
};

// Seconds per call of f, over enough calls to last about min_seconds.


template <class T>
bench_case data_case(const std::string &name, const std::string &what, std::vector<size_t> xd,
                     std::vector<size_t> zd, bool latency = false)
{
  auto b = std::make_shared<data_buffers<T>>();
  b->xd = xd;
  b->zd = zd;
  b->x = pattern<T>(product(xd));
  b->z.assign(product(zd), T(0));  // touched: no page fault is timed
  b->copy_src = pattern<T>(product(zd));
  bench_case c;
  c.name = name;
  c.what = what;
  c.latency = latency;
  c.bytes_written = b->z.size() * sizeof(T);
  const size_t nbytes = c.bytes_written;
  c.run[SONNX] = [b, nbytes]() {
    sonnx_status st = sonnx_broadcast_to(c_shape(b->xd), b->x.data(), sizeof(T), c_shape(b->zd),
                                         b->z.data(), nbytes, nullptr);
    benchmark::DoNotOptimize(st);
  };
  c.run[MEMSET] = [b, nbytes]() { std::memset(b->z.data(), 0x5a, nbytes); };
  c.run[MEMCPY] = [b, nbytes]() { std::memcpy(b->z.data(), b->copy_src.data(), nbytes); };
  auto xin = std::make_shared<xt::xarray<T>>(xt::adapt(b->x, xd));
  auto xout = std::make_shared<big_xarray<T>>(xt::zeros<T>(zd));
  c.run[XTENSOR] = [xin, xout, zd]() { xt::noalias(*xout) = xt::broadcast(*xin, zd); };
  c.run[EIGEN] = eigen_peer<T>(b);
  c.check = [b, nbytes]() {
    std::fill(b->z.begin(), b->z.end(), T(0));
    sonnx_status st = sonnx_broadcast_to(c_shape(b->xd), b->x.data(), sizeof(T), c_shape(b->zd),
                                         b->z.data(), nbytes, nullptr);
    bytes want = naive_broadcast(b->xd, reinterpret_cast<const unsigned char *>(b->x.data()),
                                 sizeof(T), b->zd);
    return st == SONNX_OK && std::memcmp(want.data(), b->z.data(), nbytes) == 0;
  };
  return c;
}


// Median seconds per call of each column of c (NaN where the column does not apply), the
// columns interleaved: repeats times, one sample of each (calibrated to about sample_seconds),
// so that load from other users of the machine hits every column alike. NumPy runs in the
// peer process, set up for c by the caller (with_numpy).
std::array<double, COLUMNS> measure(const bench_case &c, numpy_peer &numpy, bool with_numpy, int repeats,
                                    double sample_seconds)
{
  long iters[COLUMNS] = {};
  long numpy_iters = 0;
  for (int col = 0; col < COLUMNS; ++col) {
    if (c.run[col]) {
      iters[col] = calibrate(c.run[col], sample_seconds);
    }
  }
  if (with_numpy) {
    double one = numpy.time_per_call(1);
    numpy_iters = std::max(1L, long(sample_seconds / std::max(one, 1e-9)));
  }
  std::vector<double> samples[COLUMNS];
  for (int rep = 0; rep < repeats; ++rep) {
    for (int col = 0; col < COLUMNS; ++col) {
      if (col == NUMPY && with_numpy) {
        samples[col].push_back(numpy.time_per_call(numpy_iters));
      } else if (c.run[col]) {
        samples[col].push_back(time_calls(c.run[col], iters[col]));
      }
    }
  }
  std::array<double, COLUMNS> seconds;
  for (int col = 0; col < COLUMNS; ++col) {
    seconds[col] = median(samples[col]);
  }
  return seconds;
}

// A table cell: v with precision decimals, n/a for NaN (a column that does not apply).
std::string cell(double v, int precision)
{
  if (std::isnan(v)) {
    return "n/a";
  }
  char s[64];
  std::snprintf(s, sizeof s, "%.*f", precision, v);
  return s;
}

}  // namespace

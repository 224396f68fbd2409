// `make bench`: sonnx-broadcast against the machine's limits (memset, memcpy of the output
// bytes) and the peers a user would pick instead (NumPy, xtensor, Eigen), issue 8.
//
// One row per case. All implementations of a row are measured in the same run, interleaved
// (repeat r times: sonnx, memset, memcpy, NumPy, xtensor, Eigen), and the median of the repeats
// is reported, so that load from other users of the machine hits every column alike.
// Before any timing, each sonnx output is compared with a naive reference that transcribes the
// spec's element relation (a wrong fast kernel must not "win"); a mismatch aborts the bench.
//
// NumPy runs in /usr/bin/python3 (bench/numpy_peer.py) behind a pipe; only its copy is timed,
// into a preallocated, already touched output.
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
    madvise(base, rounded, MADV_HUGEPAGE);
    huge_bytes_asked += rounded;
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

// ---- one case: its implementations (empty function = not applicable) ----
// FLAT: the limit of an elementwise case, a plain loop over inputs already of the output's size.
enum column { SONNX, MEMSET, MEMCPY, NUMPY, XTENSOR, EIGEN, FLAT, COLUMNS };

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

// ---- case builders ----
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

bench_case nary_case()
{
  auto a = std::make_shared<data_buffers<float>>();
  auto bb = std::make_shared<data_buffers<float>>();
  a->xd = {8192, 1};
  bb->xd = {1, 1024};
  a->zd = bb->zd = {8192, 1024};
  a->x = pattern<float>(8192);
  bb->x = pattern<float>(1024);
  a->z.assign(8192 * 1024, 0.0f);
  bb->z.assign(8192 * 1024, 0.0f);
  a->copy_src = pattern<float>(8192 * 1024);
  bb->copy_src = pattern<float>(8192 * 1024);
  bench_case c;
  c.name = "n-ary";
  c.what = "(8192,1) and (1,1024) -> both (8192,1024) float32";
  const size_t one = a->z.size() * sizeof(float);
  c.bytes_written = 2 * one;
  auto run = [a, bb, one]() {
    sonnx_tensor in[2] = {{c_shape(a->xd), a->x.data(), sizeof(float)},
                          {c_shape(bb->xd), bb->x.data(), sizeof(float)}};
    sonnx_buffer out[2] = {{a->z.data(), one}, {bb->z.data(), one}};
    size_t dims[SONNX_MAX_RANK], rank = 0;
    return sonnx_broadcast(2, in, out, dims, SONNX_MAX_RANK, &rank, nullptr);
  };
  c.run[SONNX] = [run]() { benchmark::DoNotOptimize(run()); };
  c.run[MEMSET] = [a, bb, one]() {
    std::memset(a->z.data(), 0x5a, one);
    std::memset(bb->z.data(), 0x5a, one);
  };
  c.run[MEMCPY] = [a, bb, one]() {
    std::memcpy(a->z.data(), a->copy_src.data(), one);
    std::memcpy(bb->z.data(), bb->copy_src.data(), one);
  };
  auto xa = std::make_shared<xt::xarray<float>>(xt::adapt(a->x, a->xd));
  auto xb = std::make_shared<xt::xarray<float>>(xt::adapt(bb->x, bb->xd));
  auto oa = std::make_shared<big_xarray<float>>(xt::zeros<float>(a->zd));
  auto ob = std::make_shared<big_xarray<float>>(xt::zeros<float>(a->zd));
  c.run[XTENSOR] = [xa, xb, oa, ob]() {
    std::vector<size_t> zs{8192, 1024};
    xt::noalias(*oa) = xt::broadcast(*xa, zs);
    xt::noalias(*ob) = xt::broadcast(*xb, zs);
  };
  auto ea = eigen_peer<float>(a), eb = eigen_peer<float>(bb);
  c.run[EIGEN] = [ea, eb]() {
    ea();
    eb();
  };
  c.check = [a, bb, run, one]() {
    std::fill(a->z.begin(), a->z.end(), 0.0f);
    std::fill(bb->z.begin(), bb->z.end(), 0.0f);
    if (run() != SONNX_OK) {
      return false;
    }
    bytes wa = naive_broadcast(a->xd, reinterpret_cast<const unsigned char *>(a->x.data()), 4, a->zd);
    bytes wb = naive_broadcast(bb->xd, reinterpret_cast<const unsigned char *>(bb->x.data()), 4, bb->zd);
    return std::memcmp(wa.data(), a->z.data(), one) == 0 && std::memcmp(wb.data(), bb->z.data(), one) == 0;
  };
  return c;
}

// One run of a broadcast Add: z[s] = a[s * sa] + b[s * sb] for s < len, sa and sb 0 or 1.
// Specialised on the step pattern of the run, so that each loop is a plain one the compiler
// vectorises (both copied, one broadcast scalar, or a fill).
// -O2's cost model (GCC 12+: "very cheap") leaves a loop whose trip count is unknown scalar;
// this one function asks GCC for its -O3 vectoriser (the flat loop below is compiled alike).
#if defined(__GNUC__) && !defined(__clang__)
#define BENCH_VECTORISE __attribute__((optimize("O3")))
#else
#define BENCH_VECTORISE
#endif
template <class T>
BENCH_VECTORISE void add_run(T *__restrict z, const T *__restrict a, const T *__restrict b, size_t len, size_t sa,
             size_t sb)
{
  if (sa != 0 && sb != 0) {
    for (size_t s = 0; s < len; ++s) z[s] = a[s] + b[s];
  } else if (sa != 0) {
    const T bv = *b;
    for (size_t s = 0; s < len; ++s) z[s] = a[s] + bv;
  } else if (sb != 0) {
    const T av = *a;
    for (size_t s = 0; s < len; ++s) z[s] = av + b[s];
  } else {
    const T v = *a + *b;
    for (size_t s = 0; s < len; ++s) z[s] = v;
  }
}

// The limit: z = a + b over two inputs of the output's size, one flat loop.
BENCH_VECTORISE void flat_add(float *__restrict z, const float *__restrict a, const float *__restrict b,
                              size_t n)
{
  for (size_t i = 0; i < n; ++i) z[i] = a[i] + b[i];
}

// Elementwise Add(A, B) of (8192,1) and (1,1024) float32 through sonnx::for_each_broadcast (the
// proved iteration, issue 33), against the flat add of two full (8192,1024) tensors (the limit:
// no index map at all), NumPy's np.add and xtensor's broadcasting +.
bench_case add_case()
{
  struct buffers {
    big_vector<float> a, b, fa, fb, z;
  };
  constexpr size_t R = 8192, C = 1024;
  auto d = std::make_shared<buffers>();
  d->a = pattern<float>(R);
  d->b = pattern<float>(C);
  d->fa.resize(R * C);
  d->fb.resize(R * C);
  for (size_t i = 0; i < R; ++i) {
    for (size_t j = 0; j < C; ++j) {
      d->fa[i * C + j] = d->a[i];
      d->fb[i * C + j] = d->b[j];
    }
  }
  d->z.assign(R * C, 0.0f);
  bench_case c;
  c.name = "add";
  c.what = "Add (8192,1) + (1,1024) -> (8192,1024) float32";
  c.bytes_written = R * C * sizeof(float);
  auto run = [d]() {
    const std::array<sonnx::shape, 2> in{sonnx::shape{R, 1}, sonnx::shape{1, C}};
    const float *a = d->a.data();
    const float *b = d->b.data();
    float *z = d->z.data();
    return sonnx::for_each_broadcast(std::span<const sonnx::shape>(in),
                                     [=](size_t o, size_t len, std::span<const size_t> src,
                                         std::span<const size_t> step) {
                                       add_run(z + o, a + src[0], b + src[1], len, step[0], step[1]);
                                     });
  };
  c.run[SONNX] = [run]() { benchmark::DoNotOptimize(run().status()); };
  c.run[FLAT] = [d]() { flat_add(d->z.data(), d->fa.data(), d->fb.data(), R * C); };
  auto xa = std::make_shared<xt::xarray<float>>(xt::adapt(d->a, std::vector<size_t>{R, 1}));
  auto xb = std::make_shared<xt::xarray<float>>(xt::adapt(d->b, std::vector<size_t>{1, C}));
  auto xo = std::make_shared<big_xarray<float>>(xt::zeros<float>(std::vector<size_t>{R, C}));
  c.run[XTENSOR] = [xa, xb, xo]() { xt::noalias(*xo) = *xa + *xb; };
  c.check = [d, run]() {
    std::fill(d->z.begin(), d->z.end(), 0.0f);
    if (!run()) {
      return false;
    }
    for (size_t i = 0; i < R; ++i) {
      for (size_t j = 0; j < C; ++j) {
        if (d->z[i * C + j] != d->a[i] + d->b[j]) {  // Z[i][j] = A[i][0] + B[0][j]
          return false;
        }
      }
    }
    return true;
  };
  return c;
}

bench_case shape_case()
{
  bench_case c;
  c.name = "shape";
  c.what = "sonnx_broadcast_shape of (8,1,6,1) and (1,7,1,5)";
  c.latency = true;
  static const size_t a[4] = {8, 1, 6, 1}, b[4] = {1, 7, 1, 5};
  auto dims = std::make_shared<std::array<size_t, SONNX_MAX_RANK>>();
  auto run = [dims]() {
    sonnx_shape in[2] = {{4, a}, {4, b}};
    size_t rank = 0;
    sonnx_status st = sonnx_broadcast_shape(2, in, dims->data(), SONNX_MAX_RANK, &rank, nullptr);
    benchmark::DoNotOptimize(st);
    return rank;
  };
  c.run[SONNX] = [run]() { benchmark::DoNotOptimize(run()); };
  c.run[XTENSOR] = []() {
    std::array<size_t, 4> sa{8, 1, 6, 1}, sb{1, 7, 1, 5};
    benchmark::DoNotOptimize(sa);
    benchmark::DoNotOptimize(sb);
    std::array<size_t, 4> out;
    out.fill(std::numeric_limits<size_t>::max());  // xtensor's "not yet set" marker
    xt::broadcast_shape(sa, out);
    xt::broadcast_shape(sb, out);
    benchmark::DoNotOptimize(out);
  };
  c.check = [run, dims]() {
    size_t r = run();
    const size_t want[4] = {8, 7, 6, 5};
    return r == 4 && std::equal(want, want + 4, dims->begin());
  };
  return c;
}

bench_case string_case()
{
  bench_case c;
  c.name = "string";
  c.what = "(1,64) -> (256,64) std::string, C++ API";
  c.latency = true;
  c.numpy = false;
  auto x = std::make_shared<std::vector<std::string>>();
  for (int i = 0; i < 64; ++i) {
    x->push_back("s" + std::to_string(i));
  }
  auto z = std::make_shared<std::vector<std::string>>(256 * 64, std::string("untouched"));
  c.bytes_written = z->size() * sizeof(std::string);
  auto run = [x, z]() {
    auto r = sonnx::broadcast_to<std::string>(std::span<const std::string>(*x), sonnx::shape{1, 64},
                                              std::span<std::string>(*z), sonnx::shape{256, 64});
    return bool(r);
  };
  c.run[SONNX] = [run]() { benchmark::DoNotOptimize(run()); };
  auto xin = std::make_shared<xt::xarray<std::string>>(xt::adapt(*x, std::vector<size_t>{1, 64}));
  auto xout = std::make_shared<xt::xarray<std::string>>(std::vector<size_t>{256, 64});
  c.run[XTENSOR] = [xin, xout]() {
    xt::noalias(*xout) = xt::broadcast(*xin, std::vector<size_t>{256, 64});
  };
  c.run[EIGEN] = [x, z]() {
    using m = Eigen::Matrix<std::string, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    Eigen::Map<const m> in(x->data(), 1, 64);
    Eigen::Map<m> out(z->data(), 256, 64);
    out = in.replicate(256, 1);
  };
  c.check = [x, z, run]() {
    std::fill(z->begin(), z->end(), std::string("untouched"));
    if (!run()) {
      return false;
    }
    for (size_t i = 0; i < z->size(); ++i) {
      if ((*z)[i] != (*x)[i % 64]) {
        return false;
      }
    }
    return true;
  };
  return c;
}

std::vector<std::function<bench_case()>> all_cases()
{
  using u16 = std::uint16_t;  // float16 storage: two bytes, copied as such
  return {
      [] { return data_case<float>("rows", "(1,1024) -> (8192,1024) float32", {1, 1024}, {8192, 1024}); },
      [] { return data_case<float>("columns", "(8192,1) -> (8192,1024) float32", {8192, 1}, {8192, 1024}); },
      [] { return data_case<float>("middle", "(64,1,256) -> (64,512,256) float32", {64, 1, 256}, {64, 512, 256}); },
      [] { return data_case<float>("scalar", "() -> (8388608) float32", {}, {8388608}); },
      [] { return data_case<float>("short-inner", "(4096,1,3) -> (4096,1024,3) float32", {4096, 1, 3}, {4096, 1024, 3}); },
      [] { return nary_case(); },
      [] { return add_case(); },
      [] { return data_case<std::uint8_t>("middle-u8", "(64,1,256) -> (64,512,256) uint8", {64, 1, 256}, {64, 512, 256}); },
      [] { return data_case<double>("middle-f64", "(64,1,256) -> (64,512,256) float64", {64, 1, 256}, {64, 512, 256}); },
      [] { return data_case<u16>("rows-f16", "(1,1024) -> (8192,1024) float16", {1, 1024}, {8192, 1024}); },
      [] { return data_case<float>("small", "(1,4) -> (4,4) float32", {1, 4}, {4, 4}, true); },
      [] { return shape_case(); },
      [] { return string_case(); },
  };
}

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

int main(int argc, char **argv)
{
  int repeats = 9;
  double sample_seconds = 0.05;
  if (const char *r = std::getenv("BENCH_REPEATS")) {
    repeats = std::max(1, std::atoi(r));
  }
  if (const char *s = std::getenv("BENCH_SAMPLE_SECONDS")) {
    sample_seconds = std::atof(s);
  }
  const char *only = argc > 1 ? argv[1] : nullptr;
  numpy_peer numpy;
  std::printf("repeats %d (median), about %.0f ms per sample; GB/s = bytes written / time, "
              "ns = per call; ratios > 1 mean sonnx is faster\n\n",
              repeats, sample_seconds * 1000);
  std::printf("| case | shapes | bytes | unit | sonnx | memset | memcpy | NumPy | xtensor | Eigen "
              "| flat | sonnx/memset | sonnx/memcpy | sonnx/best-peer | sonnx/flat |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::fflush(stdout);
  int failures = 0;
  std::string memory;  // per case: the bench's buffers and NumPy's on huge pages
  for (auto &make : all_cases()) {
    huge_bytes_asked = 0;
    bench_case c = make();
    if (only != nullptr && c.name != only) {
      continue;
    }
    const size_t asked = huge_bytes_asked;
    const size_t granted = huge_bytes_granted();
    if (!c.check()) {
      std::fprintf(stderr, "bench: case %s: the sonnx output differs from the naive reference\n",
                   c.name.c_str());
      ++failures;
      continue;
    }
    bool with_numpy = c.numpy && numpy.setup(c.name);
    if (asked > 0) {
      char m[160];
      std::snprintf(m, sizeof m, "%s%s %zu of %zu MiB, NumPy %zu MiB", memory.empty() ? "" : "; ",
                    c.name.c_str(), granted >> 20, asked >> 20, with_numpy ? numpy.huge_bytes >> 20 : 0);
      memory += m;
    }
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
    double value[COLUMNS];
    double speed[COLUMNS];  // bigger is faster, in the unit shown
    for (int col = 0; col < COLUMNS; ++col) {
      double t = median(samples[col]);
      value[col] = c.latency ? t * 1e9 : double(c.bytes_written) / t / 1e9;
      speed[col] = c.latency ? 1.0 / t : value[col];
    }
    double best_peer = NAN;
    for (int col : {NUMPY, XTENSOR, EIGEN}) {
      if (!std::isnan(speed[col]) && (std::isnan(best_peer) || speed[col] > best_peer)) {
        best_peer = speed[col];
      }
    }
    std::printf("| %s | %s | %zu | %s |", c.name.c_str(), c.what.c_str(), c.bytes_written,
                c.latency ? "ns/call" : "GB/s");
    for (int col = 0; col < COLUMNS; ++col) {
      std::printf(" %s |", cell(value[col], c.latency ? 1 : 2).c_str());
    }
    std::printf(" %s | %s | %s | %s |\n", cell(speed[SONNX] / speed[MEMSET], 2).c_str(),
                cell(speed[SONNX] / speed[MEMCPY], 2).c_str(), cell(speed[SONNX] / best_peer, 2).c_str(),
                cell(speed[SONNX] / speed[FLAT], 2).c_str());
    std::fflush(stdout);
  }
  if (!memory.empty()) {
    std::printf("\nmemory on 2 MiB huge pages (the bench's buffers: granted of asked; NumPy's arrays): %s\n",
                memory.c_str());
  }
  if (failures > 0) {
    std::fprintf(stderr, "bench: %d case(s) failed the correctness check\n", failures);
    return 1;
  }
  return 0;
}

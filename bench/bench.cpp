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
#include "harness.hpp"

namespace {

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
    const std::array<double, COLUMNS> seconds = measure(c, numpy, with_numpy, repeats, sample_seconds);
    double value[COLUMNS];
    double speed[COLUMNS];  // bigger is faster, in the unit shown
    for (int col = 0; col < COLUMNS; ++col) {
      double t = seconds[col];
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
    for (int col = 0; col < TABLE_COLUMNS; ++col) {
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

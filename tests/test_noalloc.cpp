/* The library allocates nothing (@req LIB-NOALLOC), checked at run time.
 *
 * This file replaces every global operator new and operator delete of the
 * test program (plain, array, aligned, nothrow, sized). They still allocate
 * with malloc / aligned_alloc and free, so doctest and the other tests work
 * as usual, but while a counting window is open each call is counted. Each
 * test opens the window around calls of the C functions and of the C++ API,
 * on inputs and outputs prepared outside it, records the outcomes in
 * preallocated variables (no doctest macro inside the window: they may
 * allocate), closes the window and checks that nothing was counted and that
 * the calls did their work.
 *
 * The C core is checked here for operator new only; that its objects
 * reference no malloc, calloc, realloc or free is the `nm` check of
 * `make noalloc` (tools/check-noalloc.sh).
 */
#include "sonnx_broadcast.hpp"

#include <doctest/doctest.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <span>
#include <string>
#include <vector>

namespace {

std::atomic<bool> g_counting{false};
std::atomic<std::size_t> g_news{0};
std::atomic<std::size_t> g_deletes{0};

void *allocate(std::size_t size) noexcept
{
  if (g_counting.load(std::memory_order_relaxed)) {
    g_news.fetch_add(1, std::memory_order_relaxed);
  }
  return std::malloc(size == 0 ? 1 : size);
}

void *allocate(std::size_t size, std::align_val_t align) noexcept
{
  if (g_counting.load(std::memory_order_relaxed)) {
    g_news.fetch_add(1, std::memory_order_relaxed);
  }
  std::size_t a = static_cast<std::size_t>(align);
  if (a < sizeof(void *)) {
    a = sizeof(void *);
  }
  /* aligned_alloc wants a size that is a multiple of the alignment. */
  const std::size_t rounded = (size == 0 ? a : (size + a - 1) / a * a);
  return std::aligned_alloc(a, rounded);
}

void *allocate_or_throw(void *p)
{
  if (p == nullptr) {
    throw std::bad_alloc();
  }
  return p;
}

void release(void *p) noexcept
{
  if (p != nullptr && g_counting.load(std::memory_order_relaxed)) {
    g_deletes.fetch_add(1, std::memory_order_relaxed);
  }
  std::free(p);
}

/* Runs f with the counting window open; returns how many operator new and operator delete
   calls it made. */
template <class F>
std::size_t heap_calls_during(F &&f)
{
  g_news.store(0);
  g_deletes.store(0);
  g_counting.store(true);
  f();
  g_counting.store(false);
  return g_news.load() + g_deletes.load();
}

} // namespace

void *operator new(std::size_t size) { return allocate_or_throw(allocate(size)); }
void *operator new[](std::size_t size) { return allocate_or_throw(allocate(size)); }
void *operator new(std::size_t size, const std::nothrow_t &) noexcept { return allocate(size); }
void *operator new[](std::size_t size, const std::nothrow_t &) noexcept { return allocate(size); }
void *operator new(std::size_t size, std::align_val_t a) { return allocate_or_throw(allocate(size, a)); }
void *operator new[](std::size_t size, std::align_val_t a) { return allocate_or_throw(allocate(size, a)); }
void *operator new(std::size_t size, std::align_val_t a, const std::nothrow_t &) noexcept
{
  return allocate(size, a);
}
void *operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t &) noexcept
{
  return allocate(size, a);
}
void operator delete(void *p) noexcept { release(p); }
void operator delete[](void *p) noexcept { release(p); }
void operator delete(void *p, std::size_t) noexcept { release(p); }
void operator delete[](void *p, std::size_t) noexcept { release(p); }
void operator delete(void *p, std::align_val_t) noexcept { release(p); }
void operator delete[](void *p, std::align_val_t) noexcept { release(p); }
void operator delete(void *p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { release(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { release(p); }
void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept { release(p); }
void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept { release(p); }

namespace {

using sonnx::shape;

/* The column case of 003 ((3,1) to (3,3)) and the outer operation ((2,1) with (1,3)) for one
   element type, on arrays prepared by the caller; true when every result is the expected one. */
template <class T>
struct typed_run {
  std::array<T, 3> x{};
  std::array<T, 9> z{};
  std::array<T, 2> a{};
  std::array<T, 3> b{};
  std::array<T, 6> za{};
  std::array<T, 6> zb{};

  typed_run(T v1, T v2, T v3)
  {
    x = {v1, v2, v3};
    a = {v1, v2};
    b = {v1, v2, v3};
  }

  /* Called inside the window: no allocation, no doctest. */
  bool run() noexcept(std::is_nothrow_copy_assignable_v<T>)
  {
    const sonnx::result<shape> r = sonnx::broadcast_to<T>(x, {3, 1}, z, {3, 3});
    const sonnx::result<shape> s = sonnx::broadcast<T>({a, b}, {{2, 1}, {1, 3}}, {za, zb});
    bool ok = static_cast<bool>(r) && static_cast<bool>(s) && *r == shape{3, 3} && *s == shape{2, 3};
    for (std::size_t i = 0; i < 9; ++i) {
      ok = ok && z[i] == x[i / 3];
    }
    for (std::size_t i = 0; i < 6; ++i) {
      ok = ok && za[i] == a[i / 3] && zb[i] == b[i % 3];
    }
    return ok;
  }
};

} // namespace

// @req LIB-NOALLOC
TEST_CASE("noalloc: the counting window sees operator new and operator delete")
{
  const std::size_t plain = heap_calls_during([] {
    void *volatile p = ::operator new(16);
    ::operator delete(p);
  });
  CHECK(plain == 2);
  const std::size_t aligned = heap_calls_during([] {
    void *volatile p = ::operator new(16, std::align_val_t{64});
    ::operator delete(p, std::align_val_t{64});
  });
  CHECK(aligned == 2);
  std::size_t length = 0;
  const std::size_t text = heap_calls_during([&length] {
    std::string s(100, 'x'); /* past any small-string buffer */
    length = s.size();
  });
  CHECK(length == 100);
  CHECK(text >= 2);
  CHECK(heap_calls_during([] {}) == 0);
}

// @req LIB-NOALLOC
TEST_CASE("noalloc: the C functions call no operator new")
{
  const std::size_t x_dims[] = {3, 1};
  const std::size_t z_dims[] = {3, 3};
  const sonnx_shape xs{2, x_dims};
  const sonnx_shape zs{2, z_dims};
  const sonnx_shape pair[] = {xs, zs};
  const std::int32_t x[] = {7, 8, 9};
  std::int32_t z[9] = {};
  std::int32_t zx[9] = {};
  std::int32_t zz[9] = {};
  const std::int32_t full[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const sonnx_tensor in[] = {{xs, x, sizeof x[0]}, {zs, full, sizeof full[0]}};
  const sonnx_buffer out[] = {{zx, sizeof zx}, {zz, sizeof zz}};
  std::size_t dims[SONNX_MAX_RANK] = {};
  std::size_t rank = 0;
  std::size_t count = 0;
  std::size_t strides[2] = {};
  const std::size_t index[] = {2, 1};
  std::size_t offset = 0;
  char text[SONNX_MESSAGE_MAX] = {};
  sonnx_error err{};
  std::array<sonnx_status, 8> st{};
  std::size_t length = 0;

  const std::size_t calls = heap_calls_during([&] {
    st[0] = sonnx_broadcast_shape(2, pair, dims, SONNX_MAX_RANK, &rank, &err);
    st[1] = sonnx_broadcast_shape_numpy(2, pair, dims, SONNX_MAX_RANK, &rank, &err);
    st[2] = sonnx_shape_count(zs, &count);
    st[3] = sonnx_broadcast_to(xs, x, sizeof x[0], zs, z, sizeof z, &err);
    st[4] = sonnx_broadcast(2, in, out, dims, SONNX_MAX_RANK, &rank, &err);
    st[5] = sonnx_broadcast_strides(xs, zs, strides, &err);
    st[6] = sonnx_source_offset(xs, zs, index, &offset, &err);
    const std::size_t bad_dims[] = {4};
    const sonnx_shape bad{1, bad_dims};
    st[7] = sonnx_broadcast_to(bad, x, sizeof x[0], zs, z, sizeof z, &err);
    length = sonnx_format_error(&err, text, sizeof text);
  });
  CHECK(calls == 0);
  for (std::size_t k = 0; k < 7; ++k) {
    CAPTURE(k);
    CHECK(st[k] == SONNX_OK);
  }
  CHECK(st[7] == SONNX_ERR_INCOMPATIBLE);
  CHECK(length > 0);
  CHECK(rank == 2);
  CHECK(count == 9);
  CHECK(z[0] == 7);
  CHECK(z[4] == 8);
  CHECK(z[8] == 9);
  CHECK(zx[3] == 8);
  CHECK(zz[5] == 6);
  CHECK(strides[0] == 1);
  CHECK(strides[1] == 0);
  CHECK(offset == 2);
}

// @req LIB-NOALLOC SONNX-TYPES
TEST_CASE("noalloc: the C++ API allocates nothing, for every element type")
{
  typed_run<sonnx::float16> f16({0x3C00}, {0x4000}, {0x4200});
  typed_run<float> f32(1.5f, -2.5f, 3.25f);
  typed_run<double> f64(1.5, -2.5, 3.25);
  typed_run<std::int8_t> i8(-1, 2, -3);
  typed_run<std::int16_t> i16(-1000, 2000, -3000);
  typed_run<std::int32_t> i32(-100000, 200000, -300000);
  typed_run<std::int64_t> i64(-10000000000, 20000000000, -30000000000);
  typed_run<std::uint8_t> u8(1, 2, 255);
  typed_run<std::uint16_t> u16(1, 2, 65535);
  typed_run<std::uint32_t> u32(1, 2, 4000000000u);
  typed_run<std::uint64_t> u64(1, 2, 10000000000000000000u);
  typed_run<bool> b(true, false, true);
  /* Short strings stay in the small-string buffer: assigning them allocates nothing. */
  typed_run<std::string> s("a", "bb", "ccc");
  /* Long strings are assigned into outputs that already hold strings at least as long. */
  typed_run<std::string> l(std::string(40, 'x'), std::string(50, 'y'), std::string(60, 'z'));
  for (std::string *t : {l.z.data(), l.za.data(), l.zb.data()}) {
    for (std::size_t k = 0; k < (t == l.z.data() ? 9u : 6u); ++k) {
      t[k] = std::string(80, '?');
    }
  }

  std::array<bool, 14> ok{};
  const std::size_t calls = heap_calls_during([&] {
    ok[0] = f16.run();
    ok[1] = f32.run();
    ok[2] = f64.run();
    ok[3] = i8.run();
    ok[4] = i16.run();
    ok[5] = i32.run();
    ok[6] = i64.run();
    ok[7] = u8.run();
    ok[8] = u16.run();
    ok[9] = u32.run();
    ok[10] = u64.run();
    ok[11] = b.run();
    ok[12] = s.run();
    ok[13] = l.run();
  });
  CHECK(calls == 0);
  for (std::size_t k = 0; k < ok.size(); ++k) {
    CAPTURE(k);
    CHECK(ok[k]);
  }
  CHECK(l.z[8] == std::string(60, 'z'));
  CHECK(s.zb[4] == "bb");
}

// @req LIB-NOALLOC LIB-ERR-STATUS
TEST_CASE("noalloc: shapes, counts, errors and their messages allocate nothing")
{
  const std::vector<std::size_t> dims65(SONNX_MAX_RANK + 1, 1);
  const std::vector<shape> many(sonnx::max_inputs + 1, shape{1});
  const std::array<std::int32_t, 3> x{7, 8, 9};
  std::array<std::int32_t, 6> z{};
  std::array<std::int32_t, 5> small{};
  std::array<std::string, 3> sx{"a", "b", "c"};
  std::array<std::string, 5> sz{};
  constexpr std::size_t kHuge = std::size_t{1} << (sizeof(std::size_t) * 4);

  std::array<sonnx_status, 16> st{};
  std::size_t message_chars = 0;
  bool shapes_ok = false;
  const std::size_t calls = heap_calls_during([&] {
    const shape a{8, 1, 6, 1};
    const shape b{std::span<const std::size_t>(dims65)};
    const sonnx::result<shape> common = sonnx::broadcast_shape({a, {7, 1, 5}});
    const sonnx::result<shape> numpy = sonnx::broadcast_shape_numpy({{0}, {1}});
    shapes_ok = common && *common == shape{8, 7, 6, 5} && numpy && *numpy == shape{0} && !b.valid();
    const sonnx::result<std::size_t> n = sonnx::count(a);
    shapes_ok = shapes_ok && n && *n == 48;

    /* One result per status, each message read. */
    const sonnx::result<shape> r[] = {
        sonnx::broadcast_shape({{3}, {4}}),                                       /* INCOMPATIBLE */
        sonnx::broadcast_shape({{2}, b}),                                         /* RANK */
        sonnx::broadcast_shape(std::span<const shape>(many)),                     /* ARGUMENT (n) */
        sonnx::broadcast_shape({}),                                               /* ARGUMENT (0) */
        sonnx::broadcast_to<std::int32_t>(x, {3}, small, {2, 3}),                 /* CAPACITY */
        sonnx::broadcast_to<std::int32_t>(std::span(x).first(2), {3}, z, {2, 3}), /* ARGUMENT */
        sonnx::broadcast_to<std::int32_t>(x, {3}, z, {kHuge, kHuge, 3}),         /* OVERFLOW */
        sonnx::broadcast_to<std::int32_t>(x, {3}, z, {4}),                        /* INCOMPATIBLE */
        sonnx::broadcast_to<std::string>(sx, {3}, sz, {2, 3}),                    /* CAPACITY */
        sonnx::broadcast_to<std::string>(sx, {3}, sz, {4}),                       /* INCOMPATIBLE */
        sonnx::broadcast<std::int32_t>({x, x}, {{3}}, {z, small}),                /* ARGUMENT (lists) */
        sonnx::broadcast<std::int32_t>({x, x}, {{3}, {3}}, {z, std::span(small).first(2)}), /* CAPACITY */
        sonnx::broadcast<std::string>({sx, std::span(sx).first(2)}, {{3}, {2}}, {sz, sz}), /* INCOMPATIBLE */
        sonnx::broadcast<std::string>({sx, sx}, {{3}, {3}}, {sz, std::span(sz).first(2)}), /* CAPACITY */
        sonnx::broadcast_shape({{2, 1}, {3}}),                                    /* OK */
    };
    std::size_t k = 0;
    for (const sonnx::result<shape> &one : r) {
      st[k++] = one.status();
      message_chars += one.error().message().size();
    }
    const sonnx::result<std::size_t> over = sonnx::count(shape{kHuge, kHuge});
    st[k++] = over.status();
    message_chars += over.error().message().size();
  });
  CHECK(calls == 0);
  CHECK(shapes_ok);
  const sonnx_status want[16] = {
      SONNX_ERR_INCOMPATIBLE, SONNX_ERR_RANK,         SONNX_ERR_ARGUMENT, SONNX_ERR_ARGUMENT,
      SONNX_ERR_CAPACITY,     SONNX_ERR_ARGUMENT,     SONNX_ERR_OVERFLOW, SONNX_ERR_INCOMPATIBLE,
      SONNX_ERR_CAPACITY,     SONNX_ERR_INCOMPATIBLE, SONNX_ERR_ARGUMENT, SONNX_ERR_CAPACITY,
      SONNX_ERR_INCOMPATIBLE, SONNX_ERR_CAPACITY,     SONNX_OK,           SONNX_ERR_OVERFLOW};
  for (std::size_t k = 0; k < 16; ++k) {
    CAPTURE(k);
    CHECK(st[k] == want[k]);
  }
  CHECK(message_chars > 16 * 8);
  CHECK(sz[0].empty()); /* nothing written on error */
}

// A C++20 consumer of the installed package (issue 32), built by CMake through
// find_package(sonnx_broadcast CONFIG) and the target sonnx::broadcast. Expected values are worked
// out by hand from the spec's examples (README), never read back from the library.
// Prints one line per check and `consumer_cxx: N passed, M failed`.
#include <sonnx_broadcast.hpp>

#include <array>
#include <cstdio>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace {
int passed = 0;
int failed = 0;

void check(bool ok, const char *what)
{
  std::printf("  %s %s\n", ok ? "ok  " : "FAIL", what);
  (ok ? passed : failed)++;
}
}  // namespace

int main()
{
  check(sonnx_version() == SONNX_VERSION, "sonnx_version() == SONNX_VERSION of the installed header");

  // (2,1) with (1,3) -> (2,3).
  auto s = sonnx::broadcast_shape({sonnx::shape{2, 1}, sonnx::shape{1, 3}});
  check(s && *s == sonnx::shape{2, 3}, "broadcast_shape (2,1), (1,3) -> (2,3)");

  // (0) with (1): the SONNX max rule rejects it (errata), the NumPy rule gives (0).
  auto z = sonnx::broadcast_shape({sonnx::shape{0}, sonnx::shape{1}});
  check(!z && z.status() == SONNX_ERR_INCOMPATIBLE, "broadcast_shape (0), (1): SONNX_ERR_INCOMPATIBLE");
  auto zn = sonnx::broadcast_shape_numpy({sonnx::shape{0}, sonnx::shape{1}});
  check(zn && *zn == sonnx::shape{0}, "broadcast_shape_numpy (0), (1) -> (0)");

  // (3) [7 8 9] to (2,3): [7 8 9; 7 8 9], through the C++ layer over the shared library.
  const std::array<float, 3> v{7, 8, 9};
  std::array<float, 6> out{};
  auto r = sonnx::broadcast_to<float>(v, sonnx::shape{3}, out, sonnx::shape{2, 3});
  check(r && out == std::array<float, 6>{7, 8, 9, 7, 8, 9}, "broadcast_to<float> (3) -> (2,3)");

  // (2,1) [a; b] of std::string to (2,2): copied by assignment.
  const std::array<std::string, 2> col{"a", "b"};
  std::array<std::string, 4> sout{};
  auto rs = sonnx::broadcast_to<std::string>(col, sonnx::shape{2, 1}, sout, sonnx::shape{2, 2});
  check(rs && sout == std::array<std::string, 4>{"a", "a", "b", "b"}, "broadcast_to<std::string> (2,1) -> (2,2)");

  // An error names the input, the axis and the requirement.
  std::array<std::int32_t, 4> small{};
  const std::array<std::int32_t, 3> x3{1, 2, 3};
  auto bad = sonnx::broadcast_to<std::int32_t>(x3, sonnx::shape{3}, small, sonnx::shape{2, 2});
  check(!bad && bad.error().input() == 0 && bad.error().axis() == 1 &&
            bad.error().message() == std::string_view("input 0, axis 1: size 3 does not broadcast to 2 (ONNX-UNIDIR)") &&
            small == std::array<std::int32_t, 4>{},
        "broadcast_to (3) -> (2,2): error at input 0, axis 1 (ONNX-UNIDIR), nothing written");

  std::printf("consumer_cxx: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

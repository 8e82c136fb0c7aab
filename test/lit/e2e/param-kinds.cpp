// Every supported parameter kind reaches the kernel with the right value:
// scalars, enums, a struct by value and by const&, spans (dynamic and static
// extent), const std::vector&, const std::array&.
// RUN: %offload_host %s %ldflags -o %t && %t | FileCheck %s
#include <offload/offload.hpp>
#include <array>
#include <cstdio>
#include <vector>

enum class Op : char { Add, Mul };
struct Affine {
  double scale, shift, unused;
};

void combine(char c, bool flag, Op op, Affine f, const Affine &g,
             std::span<const float> s, std::span<const float, 3> s3,
             const std::vector<double> &v, const std::array<int, 4> &a,
             offload::Region<double> out) {
  for (auto [i, o] : out) {
    double x = v[i] * f.scale + f.shift + g.scale;
    x += op == Op::Mul ? s[i] * s3[i % 3] : s[i] + s3[i % 3];
    x += a[i % a.size()] + (flag ? c : 0) + double(v.size()) / 1000.0;
    o = x;
  }
}

int main() {
  const std::size_t n = 6;
  std::vector<float> s = {1, 2, 3, 4, 5, 6};
  std::vector<double> v = {10, 20, 30, 40, 50, 60};
  std::array<int, 4> a = {100, 200, 300, 400};
  std::vector<double> out(n);
  Affine f{2, 1, 0}, g{0.5, 0, 0};
  offload::offload(combine, char(7), true, Op::Mul, f, g, s,
                   std::span<const float, 3>(s.data(), 3), v, a, out);
  for (std::size_t i = 0; i < n; ++i) {
    double want = v[i] * 2 + 1 + 0.5 + s[i] * s[i % 3] + a[i % 4] + 7 + 0.006;
    std::printf("%zu %s\n", i, out[i] == want ? "ok" : "WRONG");
  }
}
// CHECK: 0 ok
// CHECK: 1 ok
// CHECK: 2 ok
// CHECK: 3 ok
// CHECK: 4 ok
// CHECK: 5 ok

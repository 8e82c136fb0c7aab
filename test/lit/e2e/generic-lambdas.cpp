// Generic lambdas inside a kernel (an auto parameter, an explicit template
// parameter list) that call functions by name: the checks follow the calls'
// instantiations, not the lambdas' patterns, and the kernel runs.
// RUN: %offload_host %s %ldflags -o %t && %t | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <type_traits>
#include <vector>

double twice(double v) { return 2 * v; }
int third(int v) { return v / 3; }

void kernel(std::span<const int> x, offload::Region<double> y) {
  auto scaled = [&](auto v) { return twice(v) + third(x[0]); };
  auto pick = [&]<bool Odd>(std::integral_constant<bool, Odd>, double v) {
    return Odd ? twice(v) : v;
  };
  for (auto [i, yi] : y)
    yi = i % 2 ? pick(std::true_type(), scaled(yi))
               : pick(std::false_type(), scaled(yi));
}

int main() {
  std::vector<int> x{9};
  std::vector<double> y{1, 2, 3, 4};
  offload::offload(kernel, x, y);
  std::printf("%g %g %g %g\n", y[0], y[1], y[2], y[3]);
}
// y[i] = 2 y[i] + 3, doubled again at odd i.
// CHECK: 5 14 9 22

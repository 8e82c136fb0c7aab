// offload_args() calls a host function: a Range, a reduction and team memory
// exist only among a kernel's threads, so its function cannot take them.
// Before this check, a reduction came back with whatever the device's memory
// held (fuzz finding 7861, test/fuzz/RESULTS.md). The header reports it with
// the plugin and without.
// RUN: %offload_host -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx %cxxflags -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <offload/offload.hpp>
#include <vector>

template <class T>
void sum(offload::Range<offload::GridStride1D> r, std::span<const T> x,
         offload::ReduceSum<T> s) {
  for (std::uint64_t i : r)
    s += x[i];
}
void total(std::span<const double> x, offload::ReduceSum<double> s) {}
void count(offload::Range<> r, offload::Region<int> y) {}
void tile(offload::Tile<float, 64> t, offload::Region<float> y) {}
// What offload_args is for: the device copies' addresses and sizes.
double library(std::span<const double> x, offload::Region<double> y,
               offload::Atomic<int> a) {
  return double(x.size() + y.size());
}

void run(std::vector<double> &x, std::vector<double> &y, std::vector<int> &a,
         std::vector<float> &f) {
  double s = 0;
  offload::offload_args(sum<double>, offload::Range<offload::GridStride1D>(
                                         x.size(), offload::GridStride1D{33}),
                        x, s);
  // expected-error@offload/offload.hpp:* {{offload_args(): a Range, a reduction (offload::ReduceSum, ...) or team memory exists only among a kernel's threads, and a host function would get none of it; pass a size as a scalar and a result through a Region or the function's return value, or call offload() with a kernel}}
  offload::offload_args(total, x, s);
  // expected-error@offload/offload.hpp:* {{offload_args(): a Range, a reduction}}
  std::vector<int> c(4);
  offload::offload_args(count, offload::Range<>(4), c);
  // expected-error@offload/offload.hpp:* {{offload_args(): a Range, a reduction}}
  offload::offload_args(tile, offload::team_memory, f);
  // expected-error@offload/offload.hpp:* {{offload_args(): a Range, a reduction}}
  (void)offload::offload_args(library, x, y, a);
}

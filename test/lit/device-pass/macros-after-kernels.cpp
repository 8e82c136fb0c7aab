// A macro defined after the kernels' last use (here one that renames a
// type) does not reach the entries the device pass appends: the device
// compiles the kernel the host pass offloaded, scale<double>, not
// scale<float> (found by test/fuzz: an internal error before).
// RUN: %offload_host %s %ldflags -o %t && %t | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

template <class T> void scale(offload::Region<T> v) {
  for (auto [i, x] : v)
    x = x * T(3) + T(0.25);
}

int main() {
  std::vector<double> d(3, 1.0 / 3.0);
  offload::offload(scale<double>, d);
  // CHECK: 1.25 1.25 1.25
  std::printf("%.17g %.17g %.17g\n", d[0], d[1], d[2]);
}

#define double float
#define void int
#define visibility hidden

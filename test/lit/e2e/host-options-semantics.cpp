// Options that change what the source means reach the kernels: with
// -fwrapv a signed sum wraps in the kernel as it does on the host, and a
// macro from -D sizes the kernel's work; the g++ build agrees.
// RUN: %offload_host -O2 -fwrapv -DSTEP=3 %s %ldflags -o %t
// RUN: %t | FileCheck %s
// RUN: %if gxx %{ %gxx %cxxflags -O2 -fwrapv -DSTEP=3 %s -o %t.gxx && %t.gxx | FileCheck %s %}
#include <offload/offload.hpp>

#include <climits>
#include <cstdio>
#include <vector>

// x + STEP overflows for the first STEP threads; only -fwrapv defines it
// (as wrapping), and without it the optimizer folds x + STEP > x to true.
void wraps(offload::Region<int> out, int big) {
  for (auto [i, v] : out) {
    int x = big - int(i);
    v = x + STEP > x;
  }
}

int main() {
  std::vector<int> out(4, -1);
  offload::offload(wraps, out, INT_MAX);
  std::printf("wrapped:");
  for (int v : out)
    std::printf(" %d", v);
  std::printf("\n");
}
// CHECK: wrapped: 0 0 0 1

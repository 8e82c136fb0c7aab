// offload::Launch sets the logical thread count: with fewer threads than
// elements only the first ones run; with more, the extra threads own nothing.
// A kernel without a Region needs it.
// RUN: %offload_host %s %ldflags -o %t && env OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void mark(int value, offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = value;
}
void nothing() {}

int main() {
  std::vector<int> v(8, 0);
  offload::offload(offload::Launch{.threads = 3}, mark, 1, v);
  offload::offload(offload::Launch{.threads = 1000, .block = 64}, mark, 2, v);
  offload::offload(offload::Launch{.threads = 5}, mark, 3, v);
  offload::offload(offload::Launch{.threads = 7}, nothing);
  for (int x : v)
    std::printf("%d ", x);
  std::puts("");
}
// CHECK: kernel 'mark' on device {{[0-9]+}} (host): 3 threads, 1 blocks of 256
// CHECK: kernel 'mark' on device {{[0-9]+}} (host): 1000 threads, 16 blocks of 64
// CHECK: kernel 'nothing' on device {{[0-9]+}} (host): 7 threads, 1 blocks of 256; kernel {{[0-9.]+}} us, all data on the device
// CHECK: 3 3 3 3 3 2 2 2

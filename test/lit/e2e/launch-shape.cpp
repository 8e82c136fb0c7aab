// offload::Launch{.block_shape} sets the block shape of a 2-D or 3-D launch,
// whose Regions still set the logical threads; a Launch value whose fields
// do not fit the kernel's launch is an error when the call runs.
// RUN: %offload_host %s %ldflags -o %t
// RUN: env OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
// RUN: not %t mismatch 2>&1 | FileCheck %s --check-prefix=MISMATCH
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void index3d(offload::Region<int, offload::Grid3D> v) {
  for (auto [i, j, k, x] : v)
    x = int(i + 10 * j + 100 * k);
}

int main(int argc, char **) {
  std::vector<int> v(5 * 3 * 2, -1);
  const offload::Grid3D Shape(5, 3, 2);
  offload::Launch L{.block_shape = {32, 8, 1}};
  if (argc > 1)
    L.threads = 30;
  offload::offload(L, index3d, offload::Region<int, offload::Grid3D>(v, Shape));
  for (int x : v)
    std::printf("%d ", x);
  std::puts("");
}
// CHECK: kernel 'index3d' on device {{[0-9]+}} (host): 5 x 3 x 2 threads, 1 x 1 x 2 blocks of 32 x 8 x 1
// CHECK: 0 1 2 3 4 10 11 12 13 14 20 21 22 23 24 100 101 102 103 104 110 111 112 113 114 120 121 122 123 124
// MISMATCH: offload: error: offload::Launch sets .threads or .block, which are for one-dimensional launches, but the kernel's Regions and Ranges are 2-D or 3-D: set only .block_shape
// MISMATCH-NOT: 0 1 2

#include "shared_kernels.hpp"
#include <cstdio>
#include <vector>

// Same name as in tu_a.cpp, internal linkage in both.
static void evens(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = 5 - int(i);
}

void runB() {
  std::vector<int> v(5);
  offload::offload(evens, v);
  std::printf("b: %d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4]);
  std::vector<int> unused(1);
  offload::offload(fillWith<int>, 0, unused);
}

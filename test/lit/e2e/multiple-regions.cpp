// With several Regions the launch covers the largest; each thread owns its
// index in every Region that has it.
// RUN: %offload_host %s %ldflags -o %t && env OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void both(offload::Region<int> small, offload::Region<int> large) {
  for (auto [i, s] : small)
    s = 1;
  for (auto [i, l] : large)
    l = int(i);
}

int main() {
  std::vector<int> small(2), large(5);
  offload::offload(both, small, large);
  std::printf("%d %d | %d %d %d %d %d\n", small[0], small[1], large[0],
              large[1], large[2], large[3], large[4]);
}
// CHECK: kernel 'both' on device {{[0-9]+}} (host): 5 threads
// CHECK: 1 1 | 0 1 2 3 4

// A kernel with team memory on the host device runs its blocks on the
// runtime's scheduler, which the runtime hands to the image when it loads it
// (__cxxoffload_host_team): the program itself holds no scheduler, and the
// image finds its own copy of the handle even when the program exports one
// of that name (-rdynamic).
// RUN: %offload_host -O2 %s %ldflags -o %t && env OFFLOAD_DEVICE=host %t | FileCheck %s
// RUN: llvm-nm -C %t | FileCheck %s --check-prefix=SYMBOLS --implicit-check-not=HostTeam
// RUN: %offload_host -O2 %s %ldflags -rdynamic -o %t.exported && env OFFLOAD_DEVICE=host %t.exported | FileCheck %s
// CHECK: sums 2016 6112 10208 14304
// SYMBOLS: __cxxoffload_host_team
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

/// Each thread's element is the sum of its block's 64 inputs, through a
/// tile that the block's threads fill.
void blockSums(std::span<const int> in, offload::Tile<int, 64> t,
               offload::Region<int> out) {
  for (auto [i, o] : out) {
    t.fill([&](std::size_t k) { return in[i - t.rank() + k]; });
    int sum = 0;
    for (std::size_t k = 0; k < t.size(); ++k)
      sum += t[k];
    o = sum;
  }
}

int main() {
  std::vector<int> in(256), out(256);
  for (int i = 0; i < 256; ++i)
    in[i] = i;
  offload::offload(offload::Launch{.threads = 256, .block = 64}, blockSums,
                   in, offload::team_memory, out);
  std::printf("sums %d %d %d %d\n", out[0], out[64], out[128], out[192]);
}

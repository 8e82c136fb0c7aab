// REQUIRES: ptxas
// A kernel whose every call launches blocks of 25 threads is compiled for
// that block: its entry never reads the block's extents (%ntid), so a tile's
// fill steps by a constant 25 and a thread's share needs no division. The
// same kernel launched with a block known only at run time reads them.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/fixed.o
// RUN: FileCheck %s < %t/fixed-block.sm_90.ptx
#include <offload/offload.hpp>
#include <cstdint>
#include <vector>

void fixed(std::span<const double> x, offload::Tile<double, 125> t,
           offload::Region<double> y) {
  t.fill([&](std::size_t k) { return x[k]; });
  for (auto [i, yi] : y)
    yi = t[i % 125];
}
void varying(std::span<const double> x, offload::Tile<double, 125> t,
             offload::Region<double> y) {
  t.fill([&](std::size_t k) { return x[k]; });
  for (auto [i, yi] : y)
    yi = t[i % 125];
}

void run(const std::vector<double> &x, std::vector<double> &y,
         std::uint32_t block) {
  offload::offload(offload::Launch{.block = 25}, fixed, x,
                   offload::team_memory, y);
  offload::offload(offload::Launch{.block = block}, varying, x,
                   offload::team_memory, y);
}

// CHECK-LABEL: .visible .entry {{.*}}(
// CHECK-NOT:   %ntid
// CHECK-NOT:   div.
// CHECK:       bar.sync
// CHECK:       ret;
// CHECK-LABEL: .visible .entry {{.*}}(
// CHECK:       %ntid.x

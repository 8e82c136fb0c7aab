// A host image takes a kernel's fixed block too: the loops over a block's
// threads between barriers (TeamLockstep) place each thread in a 32 x 8
// block with shifts and masks, where the same kernel launched with a block
// known only at run time divides twice more per thread (the tile's fill
// divides in both: its share comes from the host team's thread count).
// Two copies of one kernel, not a template: a template's instantiations may
// sit in other translation units' images, so they never get a fixed block.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=host -fplugin-arg-offload-save-temps=%t -c %s -o %t/fixed.o
// RUN: llvm-objdump -d --no-show-raw-insn -C %t/fixed-block-host.host.so > %t/dis.txt
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*fixed2d.*lockstep.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=FIXED
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*varying2d.*lockstep.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=VARYING
#include <offload/offload.hpp>
#include <cstdint>
#include <vector>

using Tile = offload::Tile2D<double, 8, 32>;

void fixed2d(std::span<const double> x, offload::Range<offload::Grid2D> r,
             Tile t, offload::Region<double, offload::Grid2D> y) {
  for (auto [row, col] : r) {
    t.fill([&](std::size_t i, std::size_t j) { return x[i * 32 + j]; });
    for (auto [i, j, v] : y)
      v = t.unchecked(row % 8, col % 32) + 1.0;
  }
}
void varying2d(std::span<const double> x, offload::Range<offload::Grid2D> r,
               Tile t, offload::Region<double, offload::Grid2D> y) {
  for (auto [row, col] : r) {
    t.fill([&](std::size_t i, std::size_t j) { return x[i * 32 + j]; });
    for (auto [i, j, v] : y)
      v = t.unchecked(row % 8, col % 32) + 1.0;
  }
}

void run(const std::vector<double> &x, std::vector<double> &y,
         std::uint32_t rows) {
  const offload::Range<offload::Grid2D> r(64 * 64, offload::Grid2D(64, 64));
  offload::offload(offload::Launch{.block_shape = {32, 8, 1}}, fixed2d, x, r,
                   offload::team_memory,
                   offload::Region<double, offload::Grid2D>(y, {64, 64}));
  offload::offload(offload::Launch{.block_shape = {32, rows, 1}}, varying2d, x, r,
                   offload::team_memory,
                   offload::Region<double, offload::Grid2D>(y, {64, 64}));
}

// FIXED-NOT: div
// FIXED:     {{shrl?[[:space:]]+\$0x5}}
// FIXED-NOT: div
// FIXED:     div
// FIXED-NOT: div
// VARYING:   div
// VARYING:   div
// VARYING:   div

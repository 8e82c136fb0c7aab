// The host device's loops over a chunk's threads (HostLaunch::chunk) have
// the kernel inlined into them. A 1-D kernel of Linear1D Regions runs up to
// the data's size, where its element checks fall away and the loop
// vectorizes (packed multiply and add); a grid-stride reduction makes no
// call per thread (out of line, its partial sum would live in memory).
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=host -fplugin-arg-offload-save-temps=%t -c %s -o %t/v.o
// RUN: llvm-objdump -d --no-show-raw-insn %t/host-vectorize.host.so > %t/dis.txt
// RUN: awk '/^[0-9a-f]+ <.*daxpy.*5chunkEm>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=DAXPY
// RUN: awk '/^[0-9a-f]+ <.*gridSum.*5chunkEm>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=GRID
#include <offload/offload.hpp>

void daxpy(std::span<const double> x, double a, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi += a * x[i];
}

void gridSum(offload::Range<offload::GridStride1D> r,
             std::span<const double> x, offload::ReduceSum<double> sum) {
  for (std::uint64_t i : r)
    sum += x[i];
}

void run(std::vector<double> &x, std::vector<double> &y, double &s) {
  offload::offload(daxpy, x, 2.0, y);
  offload::offload(gridSum, offload::Range<offload::GridStride1D>(x.size()),
                   x, s);
}
// DAXPY: mulpd
// DAXPY: addpd
// GRID-NOT: call
// GRID: addsd
// GRID-NOT: call

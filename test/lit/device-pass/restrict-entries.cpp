// REQUIRES: ptxas
// Entries take their data pointers restrict (noalias): an accumulator in a
// Region element stays in a register across the loop (one load, one store),
// and the read-only inputs load through the non-coherent (read-only) path,
// as nvcc -restrict compiles RAJAPerf's LTIMES. An Atomic's data is shared
// by design: it is not restrict, and its loads are atomic ones, of device
// scope (clang 22 alone would make them system scope).
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/restrict.o
// RUN: FileCheck %s < %t/restrict-entries.sm_90.ptx
#include <offload/offload.hpp>

void accumulate(std::span<const double> ell, std::span<const double> psi,
                long n, offload::Region<double> phi) {
  for (auto [i, v] : phi)
    for (long d = 0; d < n; ++d)
      v += ell[d + i * n] * psi[d];
}

void histogram(offload::Range<> r, std::span<const int> bins,
               offload::Atomic<int> counts) {
  for (std::uint64_t i : r)
    if (counts.load(bins[i]) < 100)
      counts.add(bins[i], 1);
}

void run(std::vector<double> &phi, std::vector<double> &ell,
         std::vector<double> &psi, std::vector<int> &bins,
         std::vector<int> &counts) {
  offload::offload(accumulate, ell, psi, 64l, phi);
  offload::offload(histogram, bins.size(), bins, counts);
}

// CHECK-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK: .param .u64 .ptr .align 1 __offload_k_{{[0-9a-f]+}}_param_5,
// CHECK: ld.global.b64
// CHECK-NOT: st.global
// CHECK: ld.global.nc.b64
// CHECK-NOT: st.global
// CHECK: fma.rn.f64
// CHECK: st.global.b64
// CHECK-NOT: st.global
// CHECK: ret;
// CHECK-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK: ld.global.nc.s32
// CHECK: ld.relaxed.gpu.b32
// CHECK: atom.global.add.u32
// CHECK: ret;

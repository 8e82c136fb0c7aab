// REQUIRES: ptxas
// NVPTX compiles unroll a loop whose trip count is known only at run time at
// most 4 times, as nvcc does (LLVM's default, 8, kept twice the loads in
// flight per thread: RAJAPerf's ATAX ran 1.45x slower,
// benchmarks/rajaperf/RESULTS.md). Loops of constant trip count still
// unroll fully. A grid-stride loop unrolls too (its range counts its
// steps), with the index, not a pointer per array and step, live; a loop
// that reads no memory stays rolled (the plugin's unroll policy: four
// divisions side by side would only cost registers).
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/unroll.o
// RUN: FileCheck %s < %t/runtime-unroll.sm_90.ptx
#include <offload/offload.hpp>

void rowSums(std::span<const double> a, long n, offload::Region<double> sums) {
  for (auto [i, s] : sums) {
    double t = 0;
    for (long j = 0; j < n; ++j)
      t += a[j + i * n];
    s = t;
  }
}

void window(std::span<const double> a, offload::Region<double> out) {
  for (auto [i, o] : out) {
    double t = 0;
    for (int j = 0; j < 16; ++j)
      t += a[i + j];
    o = t;
  }
}

void dot(offload::Range<offload::GridStride1D> r, std::span<const double> a,
         std::span<const double> b, offload::ReduceSum<double> sum) {
  for (std::uint64_t i : r)
    sum += a[i] * b[i];
}

void pi(offload::Range<offload::GridStride1D> r, double dx,
        offload::ReduceSum<double> sum) {
  for (std::uint64_t i : r) {
    double x = (double(i) + 0.5) * dx;
    sum += dx / (1.0 + x * x);
  }
}

void run(std::vector<double> &a, std::vector<double> &out, long n) {
  offload::offload(rowSums, a, n, out);
  offload::offload(window, a, out);
  double d = 0, p = 0;
  offload::Range<offload::GridStride1D> r(a.size());
  offload::offload(dot, r, a, out, d);
  offload::offload(pi, r, 1e-3, p);
}

// The kernels compile as functions too (the entries inline them), which
// the device source names.
// pi's loop, rolled: one division a trip.
// CHECK-LABEL: .visible .func _Z2pi
// CHECK: // =>This Inner Loop Header
// CHECK: div.rn.f64
// CHECK-NOT: div.rn.f64
// CHECK: @%p{{[0-9]+}} bra
// dot's unrolled loop: four steps, eight loads, addresses from one index.
// CHECK-LABEL: .visible .func _Z3dot
// CHECK: // =>This Inner Loop Header
// CHECK-NEXT: pragma "nounroll"
// CHECK: // =>This Inner Loop Header
// CHECK-COUNT-8: {{[[:space:]]ld(\.global\.nc)?\.b64}}
// CHECK-NOT: {{[[:space:]]ld\.}}
// CHECK: @%p{{[0-9]+}} bra
// window's 16 adds in straight code, rowSums' loop
// 4 adds deep.
// CHECK-LABEL: .visible .func _Z6window
// CHECK-NOT: Loop Header
// CHECK-COUNT-16: add.rn.f64
// CHECK: ret;
// CHECK-LABEL: .visible .func _Z7rowSums
// CHECK: // =>This Inner Loop Header
// CHECK-COUNT-4: add.rn.f64
// CHECK-NOT: add.rn.f64
// CHECK: @%p{{[0-9]+}} bra

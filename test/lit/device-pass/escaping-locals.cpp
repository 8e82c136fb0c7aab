// Locals whose address escapes (std::sort and std::nth_element on local
// arrays, MinLoc/MaxLoc reductions) stay on each thread's stack at every
// device optimisation level: no OpenMP device runtime call
// (__kmpc_alloc_shared) is left for ptxas or ld.lld to reject.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: %offload -fplugin-arg-offload-targets=sm_90,gfx90a -fplugin-arg-offload-device-opt=0 -fplugin-arg-offload-save-temps=%t/o0 -c %s -o %t/o0.o
// RUN: %offload -fplugin-arg-offload-targets=sm_90,gfx90a -fplugin-arg-offload-device-opt=1 -c %s -o %t/o1.o
// RUN: %offload -fplugin-arg-offload-targets=sm_90,gfx90a -fplugin-arg-offload-save-temps=%t/o3 -c %s -o %t/o3.o
// RUN: not grep -l __kmpc %t/o0/escaping-locals.sm_90.ptx %t/o3/escaping-locals.sm_90.ptx
#include <offload/offload.hpp>
#include <algorithm>
#include <array>
#include <vector>

void minloc(offload::Range<> r, std::span<const double> x,
            offload::ReduceMinLoc<double> m) {
  for (std::uint64_t i : r)
    m.min(x[i], i);
}
void maxloc(offload::Range<> r, std::span<const float> x,
            offload::ReduceMaxLoc<float> m) {
  for (std::uint64_t i : r)
    m.max(x[i], i);
}
void median(offload::Region<double> v) {
  for (auto [i, vi] : v) {
    double a[7] = {5.0 - i, 3, 1.0 * i, 4, 2, 9, 1};
    std::nth_element(a, a + 3, a + 7);
    std::array<double, 5> b{vi, 2, 1, 3, double(i)};
    std::sort(b.begin(), b.end());
    vi = a[3] + b[2];
  }
}
void run(std::vector<double> &d, std::vector<float> &f,
         offload::ValueLoc<double> &dl, offload::ValueLoc<float> &fl) {
  offload::offload(minloc, d.size(), d, dl);
  offload::offload(maxloc, f.size(), f, fl);
  offload::offload(median, d);
}

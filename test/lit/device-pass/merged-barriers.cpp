// REQUIRES: ptxas
// Each Tile phase is a barrier before and after its work, so two fills in a
// row meet at two barriers with nothing between them; the device pass keeps
// one. Here three fills (one from a table, one from the first, one of the
// thread's own elements at once) and a read: four barriers, not six, and
// never two in a row. A barrier with memory accesses between stays.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/barriers.o
// RUN: FileCheck %s < %t/merged-barriers.sm_90.ptx
// RUN: awk '/bar.sync/ { if (last) exit 1; last = 1; next } /[^ \t]/ { last = 0 }' %t/merged-barriers.sm_90.ptx

#include <offload/offload.hpp>

#include <span>
#include <vector>

void stages(std::span<const double> In, offload::Tile<double, 64> A,
            offload::Tile<double, 64> B, offload::Region<double> Out) {
  for (auto [I, O] : Out) {
    A.fill([&](std::size_t K) { return In[K]; });
    B.fill([&](std::size_t K) { return A[K] + A[(K + 1) % 64]; });
    A.fill_mine([&](offload::Group<double> Mine) {
      for (std::size_t K = 0; K < Mine.size(); ++K)
        Mine[K] = B[Mine.index(K)] * 2;
    });
    O = A[63 - A.rank()];
  }
}

int main() {
  std::vector<double> In(64, 1.0), Out(64);
  offload::offload(offload::Launch{.threads = 64, .block = 32}, stages, In,
                   offload::team_memory, offload::team_memory, Out);
}

// CHECK-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK-COUNT-4: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: ret;

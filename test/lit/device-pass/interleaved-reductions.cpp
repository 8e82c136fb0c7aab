// REQUIRES: ptxas
// A kernel's reductions combine step by step together: the warp trees of
// a sum, a minimum and a maximum run as one straight run of 15 shuffles
// (three trees of five), where each tree once ran under branches of its
// own, one after another, so that every shuffle waited for the one before.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/reduce3.o
// RUN: awk -f %inputs/shuffle-runs.awk %t/interleaved-reductions.sm_90.ptx | sort -n | tail -1 | FileCheck %s

// CHECK: {{^15$}}

#include <offload/offload.hpp>

#include <climits>
#include <cstdint>
#include <span>
#include <vector>

void reduce3(offload::Range<> Items, std::span<const int> X,
             offload::ReduceSum<int> Sum, offload::ReduceMin<int> Min,
             offload::ReduceMax<int> Max) {
  for (std::uint64_t I : Items) {
    Sum += X[I];
    Min.min(X[I]);
    Max.max(X[I]);
  }
}

int main() {
  std::vector<int> X(1000, 1);
  int Sum = 0;
  int Min = INT_MAX, Max = INT_MIN;
  offload::offload(reduce3, X.size(), X, Sum, Min, Max);
}

// offload::copy_index_if (the indices of the negative elements, RAJAPerf's
// INDEXLIST) on preloaded data at 1 M and 16 Mi doubles of random sign
// (common.hpp: 15 timed batches of 20 calls; each call returns the count to
// the host). index_list_cub.cu is the same with cub::DeviceSelect::FlaggedIf
// over the indices, the count read from page-locked memory after each call.
#include "common.hpp"

#include <offload/scan.hpp>

#include <cstdio>
#include <vector>

struct Negative {
  bool operator()(double V) const { return V < 0.0; }
};

int main() {
  for (std::size_t N : {std::size_t(1000000), std::size_t(1) << 24}) {
    const std::vector<double> X = randomSigns(N, 12345);
    std::vector<int> L(N, -1), Ref(N, -1);
    std::size_t M = 0, K = 0;
    for (std::size_t I = 0; I < N; ++I)
      if (X[I] < 0)
        Ref[M++] = int(I);
    std::vector<double> Us;
    {
      auto XD = offload::preload(X);
      auto LD = offload::preload_mut(L);
      Us = perCall([&] { K = offload::copy_index_if(XD, LD, Negative{}); },
                   [] { offload::synchronize(); });
    }
    std::printf("ours copy_index_if n=%zu median %.2f us min %.2f %s\n", N,
                Us[Us.size() / 2], Us[0], K == M && L == Ref ? "ok" : "WRONG");
  }
}

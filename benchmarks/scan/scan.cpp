// offload::exclusive_scan on preloaded data, doubles and ints, at 1 Mi and
// 16 Mi elements (common.hpp: 15 timed batches of 20 scans); prints the
// median and minimum per scan, and whether the result equals
// std::exclusive_scan. scan_cub.cu is the same around
// cub::DeviceScan::ExclusiveScan.
#include "common.hpp"

#include <offload/scan.hpp>

#include <cstdio>
#include <numeric>
#include <vector>

template <class T> void one(const char *Name, std::size_t N) {
  std::vector<T> X(N), Y(N), Ref(N);
  for (std::size_t I = 0; I < N; ++I)
    X[I] = T(I % 7) - T(2);
  std::exclusive_scan(X.begin(), X.end(), Ref.begin(), T(0));
  std::vector<double> Us;
  {
    auto XD = offload::preload(X);
    auto YD = offload::preload_mut(Y);
    Us = perCall([&] { offload::exclusive_scan(XD, YD, T(0)); },
                 [] { offload::synchronize(); });
  }
  std::printf("ours %-6s n=%-9zu median %8.2f us  min %8.2f  %s\n", Name, N,
              Us[Us.size() / 2], Us[0], Y == Ref ? "ok" : "WRONG");
}

int main() {
  for (std::size_t N : {std::size_t(1) << 20, std::size_t(1) << 24}) {
    one<double>("double", N);
    one<int>("int", N);
  }
}

// offload::exclusive_scan on preloaded data, doubles and ints, at 1 Mi and
// 16 Mi elements: 15 timed batches of 20 scans (after 3 warm-up batches),
// each batch ended by offload::synchronize(); prints the median and minimum
// per scan, and whether the result equals std::exclusive_scan.
// scan_cub.cu is the same loop around cub::DeviceScan::ExclusiveScan.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <offload/scan.hpp>
#include <vector>
template <class T> void one(const char *Name, std::size_t N, int Reps) {
  std::vector<T> X(N), Y(N), Ref(N);
  for (std::size_t I = 0; I < N; ++I)
    X[I] = T(I % 7) - T(2);
  std::exclusive_scan(X.begin(), X.end(), Ref.begin(), T(0));
  std::vector<double> Times;
  {
    auto XD = offload::preload(X);
    auto YD = offload::preload_mut(Y);
    for (int R = 0; R < Reps + 3; ++R) {
      auto S = std::chrono::steady_clock::now();
      for (int K = 0; K < 20; ++K)
        offload::exclusive_scan(XD, YD, T(0));
      offload::synchronize();
      auto E = std::chrono::steady_clock::now();
      if (R >= 3)
        Times.push_back(
            std::chrono::duration<double, std::micro>(E - S).count() / 20);
    }
  }
  std::sort(Times.begin(), Times.end());
  bool Ok = Y == Ref;
  std::printf("ours %-6s n=%-9zu median %8.2f us  min %8.2f  %s\n", Name, N,
              Times[Times.size() / 2], Times[0], Ok ? "ok" : "WRONG");
}
int main() {
  for (std::size_t N : {std::size_t(1) << 20, std::size_t(1) << 24}) {
    one<double>("double", N, 15);
    one<int>("int", N, 15);
  }
}

// offload::copy_index_if (the indices of the negative elements, RAJAPerf's
// INDEXLIST) on preloaded data at 1 M and 16 Mi doubles of random sign: 15
// timed batches of 20 calls; each call returns the count to the host.
// index_list_cub.cu is the same with cub::DeviceSelect::FlaggedIf over the
// indices, the count read from page-locked memory after each call.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <offload/scan.hpp>
#include <vector>
struct Negative {
  bool operator()(double v) const { return v < 0.0; }
};
int main() {
  for (std::size_t N : {std::size_t(1000000), std::size_t(1) << 24}) {
    std::vector<double> X(N);
    std::vector<int> L(N, -1), Ref(N, -1);
    unsigned S = 12345;
    std::size_t M = 0;
    for (std::size_t I = 0; I < N; ++I) {
      S = S * 1103515245u + 12345u;
      X[I] = (S >> 16) % 2 ? 1.0 : -1.0;
    }
    for (std::size_t I = 0; I < N; ++I)
      if (X[I] < 0)
        Ref[M++] = int(I);
    std::vector<double> T;
    std::size_t K = 0;
    {
      auto XD = offload::preload(X);
      auto LD = offload::preload_mut(L);
      for (int R = 0; R < 18; ++R) {
        auto A = std::chrono::steady_clock::now();
        for (int J = 0; J < 20; ++J)
          K = offload::copy_index_if(XD, LD, Negative{});
        auto B = std::chrono::steady_clock::now();
        if (R >= 3)
          T.push_back(std::chrono::duration<double, std::micro>(B - A).count() /
                      20);
      }
    }
    std::sort(T.begin(), T.end());
    std::printf("ours copy_index_if n=%zu median %.2f us min %.2f %s\n", N,
                T[T.size() / 2], T[0], K == M && L == Ref ? "ok" : "WRONG");
  }
}

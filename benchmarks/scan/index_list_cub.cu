// cub::DeviceSelect::FlaggedIf with the loop, data and sizes of
// index_list.cpp.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <vector>
struct Neg {
  __device__ bool operator()(double v) const { return v < 0.0; }
};
int main() {
  for (size_t N : {size_t(1000000), size_t(1) << 24}) {
    std::vector<double> H(N);
    unsigned S = 12345;
    for (size_t I = 0; I < N; ++I) {
      S = S * 1103515245u + 12345u;
      H[I] = (S >> 16) % 2 ? 1.0 : -1.0;
    }
    double *X;
    int *L;
    int *C;
    cudaMalloc(&X, N * 8);
    cudaMalloc(&L, N * 4);
    cudaMallocHost(&C, 4);
    cudaMemcpy(X, H.data(), N * 8, cudaMemcpyHostToDevice);
    thrust::counting_iterator<int> Idx(0);
    size_t Bytes = 0;
    void *Tmp = nullptr;
    cub::DeviceSelect::FlaggedIf(Tmp, Bytes, Idx, X, L, C, int(N), Neg{});
    cudaMalloc(&Tmp, Bytes);
    std::vector<double> T;
    for (int R = 0; R < 18; ++R) {
      auto A = std::chrono::steady_clock::now();
      for (int J = 0; J < 20; ++J) {
        cub::DeviceSelect::FlaggedIf(Tmp, Bytes, Idx, X, L, C, int(N), Neg{});
        cudaStreamSynchronize(0);
      }
      auto B = std::chrono::steady_clock::now();
      if (R >= 3)
        T.push_back(std::chrono::duration<double, std::micro>(B - A).count() /
                    20);
    }
    std::sort(T.begin(), T.end());
    std::printf("cub FlaggedIf      n=%zu median %.2f us min %.2f count %d\n",
                N, T[T.size() / 2], T[0], *C);
  }
}

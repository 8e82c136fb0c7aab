// cub::DeviceSelect::FlaggedIf over the indices, with the data, sizes and
// loop of index_list.cpp; the count read from page-locked memory after
// each call.
#include "common.hpp"

#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <cstdio>
#include <vector>

struct Negative {
  __device__ bool operator()(double V) const { return V < 0.0; }
};

int main() {
  for (size_t N : {size_t(1000000), size_t(1) << 24}) {
    const std::vector<double> H = randomSigns(N, 12345);
    double *X;
    int *L, *Count;
    cudaMalloc(&X, N * sizeof(double));
    cudaMalloc(&L, N * sizeof(int));
    cudaMallocHost(&Count, sizeof(int));
    cudaMemcpy(X, H.data(), N * sizeof(double), cudaMemcpyHostToDevice);
    const thrust::counting_iterator<int> Indices(0);
    size_t Bytes = 0;
    void *Tmp = nullptr;
    auto Select = [&] {
      cub::DeviceSelect::FlaggedIf(Tmp, Bytes, Indices, X, L, Count, int(N),
                                   Negative{});
    };
    Select(); // sizes Tmp
    cudaMalloc(&Tmp, Bytes);
    const std::vector<double> Us = perCall(
        [&] {
          Select();
          cudaStreamSynchronize(0);
        },
        [] { cudaDeviceSynchronize(); });
    std::printf("cub FlaggedIf      n=%zu median %.2f us min %.2f count %d\n",
                N, Us[Us.size() / 2], Us[0], *Count);
    cudaFree(X);
    cudaFree(L);
    cudaFree(Tmp);
    cudaFreeHost(Count);
  }
}

// cub::DeviceScan::ExclusiveScan with the loop, data and sizes of scan.cpp
// (temporary storage allocated once).
#include "common.hpp"

#include <cub/device/device_scan.cuh>

#include <cstdio>
#include <vector>

template <class T> void one(const char *Name, size_t N) {
  T *X, *Y;
  cudaMalloc(&X, N * sizeof(T));
  cudaMalloc(&Y, N * sizeof(T));
  std::vector<T> H(N);
  for (size_t I = 0; I < N; ++I)
    H[I] = T(I % 7) - T(2);
  cudaMemcpy(X, H.data(), N * sizeof(T), cudaMemcpyHostToDevice);
  void *Tmp = nullptr;
  size_t Bytes = 0;
  auto Scan = [&] {
    cub::DeviceScan::ExclusiveScan(Tmp, Bytes, X, Y, cuda::std::plus<T>(), T(0),
                                   N);
  };
  Scan(); // sizes Tmp
  cudaMalloc(&Tmp, Bytes);
  const std::vector<double> Us = perCall(Scan, [] { cudaDeviceSynchronize(); });
  std::printf("cub  %-6s n=%-9zu median %8.2f us  min %8.2f\n", Name, N,
              Us[Us.size() / 2], Us[0]);
  cudaFree(X);
  cudaFree(Y);
  cudaFree(Tmp);
}

int main() {
  for (size_t N : {size_t(1) << 20, size_t(1) << 24}) {
    one<double>("double", N);
    one<int>("int", N);
  }
}

// The CUDA INDEXLIST_3LOOP (flags, cub's in-place exclusive scan, the list
// with thread N-1 storing the length into page-locked memory) and its parts,
// timed as index_list_3loop.cpp; the scan alone as flags and scan less the
// flags, and the list on counts scanned once, as there.
#include "common.hpp"

#include <cub/device/device_scan.cuh>

#include <cstdio>
#include <vector>

using Index = long;

__global__ void flagsK(const double *X, Index *C, Index N) {
  const Index I = blockIdx.x * Index(blockDim.x) + threadIdx.x;
  if (I < N)
    C[I] = X[I] < 0.0 ? 1 : 0;
}
__global__ void listK(int *L, const Index *C, Index *Len, Index N) {
  const Index I = blockIdx.x * Index(blockDim.x) + threadIdx.x;
  if (I < N) {
    if (C[I] != C[I + 1])
      L[C[I]] = int(I);
    if (I == N - 1)
      *Len = C[I + 1];
  }
}

template <class F> double median(F &&Body) {
  const std::vector<double> Us = perCall(
      Body, [] { cudaDeviceSynchronize(); }, 12);
  return Us[Us.size() / 2];
}

int main() {
  const Index N = 1000000;
  const std::vector<double> H = randomSigns(N, 1);
  double *X;
  Index *C, *Len;
  int *L;
  cudaMalloc(&X, N * sizeof(double));
  cudaMalloc(&C, (N + 1) * sizeof(Index));
  cudaMalloc(&L, N * sizeof(int));
  cudaMallocHost(&Len, sizeof(Index));
  cudaMemcpy(X, H.data(), N * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(C, 0, (N + 1) * sizeof(Index));
  size_t Bytes = 0;
  void *Tmp = nullptr;
  auto Scan = [&] {
    cub::DeviceScan::ExclusiveScan(Tmp, Bytes, C, C, cuda::std::plus<Index>{},
                                   Index(0), int(N + 1));
  };
  Scan(); // sizes Tmp
  cudaMalloc(&Tmp, Bytes);
  const int B = 256, G = int((N + B - 1) / B);
  auto Flags = [&] { flagsK<<<G, B>>>(X, C, N); };
  auto List = [&] { listK<<<G, B>>>(L, C, Len, N); };
  const double All = median([&] {
    Flags();
    Scan();
    List();
    cudaStreamSynchronize(0);
  });
  const double FlagsOnly = median(Flags);
  const double ScanOnly = median([&] {
                            Flags();
                            Scan();
                          }) -
                          FlagsOnly;
  const double ListOnly = median(List);
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("cuda 3loop all %.2f | flags %.2f scan %.2f list %.2f (us) len "
              "%ld %s\n",
              All, FlagsOnly, ScanOnly, ListOnly, *Len,
              E == cudaSuccess ? "ok" : cudaGetErrorString(E));
}

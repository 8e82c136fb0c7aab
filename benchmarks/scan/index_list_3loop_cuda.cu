// The CUDA INDEXLIST_3LOOP (flags, cub's in-place exclusive scan, the list
// with thread N-1 storing the length into page-locked memory) and its parts,
// timed as index_list_3loop.cpp.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cub/device/device_scan.cuh>
#include <vector>
using Index = long;
__global__ void flagsK(const double *X, Index *C, Index N) {
  Index I = blockIdx.x * Index(blockDim.x) + threadIdx.x;
  if (I < N)
    C[I] = X[I] < 0.0 ? 1 : 0;
}
__global__ void listK(int *L, const Index *C, Index *Len, Index N) {
  Index I = blockIdx.x * Index(blockDim.x) + threadIdx.x;
  if (I < N) {
    if (C[I] != C[I + 1])
      L[C[I]] = int(I);
    if (I == N - 1)
      *Len = C[I + 1];
  }
}
template <class F> double timeIt(F &&Body) {
  std::vector<double> T;
  for (int R = 0; R < 15; ++R) {
    cudaDeviceSynchronize();
    auto A = std::chrono::steady_clock::now();
    for (int J = 0; J < 20; ++J)
      Body();
    cudaDeviceSynchronize();
    auto B = std::chrono::steady_clock::now();
    if (R >= 3)
      T.push_back(std::chrono::duration<double, std::micro>(B - A).count() /
                  20);
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}
int main() {
  const Index N = 1000000;
  std::vector<double> H(N);
  unsigned S = 1;
  for (Index I = 0; I < N; ++I) {
    S = S * 1103515245u + 12345u;
    H[I] = (S >> 16) % 2 ? 1.0 : -1.0;
  }
  double *X;
  Index *C;
  int *L;
  Index *Len;
  cudaMalloc(&X, N * 8);
  cudaMalloc(&C, (N + 1) * 8);
  cudaMalloc(&L, N * 4);
  cudaMallocHost(&Len, 8);
  cudaMemcpy(X, H.data(), N * 8, cudaMemcpyHostToDevice);
  cudaMemset(C, 0, (N + 1) * 8);
  size_t Bytes = 0;
  void *Tmp = nullptr;
  cub::DeviceScan::ExclusiveScan(Tmp, Bytes, C, C, cuda::std::plus<Index>{},
                                 Index(0), int(N + 1));
  cudaMalloc(&Tmp, Bytes);
  const int B = 256, G = int((N + B - 1) / B);
  double All = timeIt([&] {
    flagsK<<<G, B>>>(X, C, N);
    cub::DeviceScan::ExclusiveScan(Tmp, Bytes, C, C, cuda::std::plus<Index>{},
                                   Index(0), int(N + 1));
    listK<<<G, B>>>(L, C, Len, N);
    cudaStreamSynchronize(0);
  });
  double Fl = timeIt([&] { flagsK<<<G, B>>>(X, C, N); });
  double Sc = timeIt([&] {
    cub::DeviceScan::ExclusiveScan(Tmp, Bytes, C, C, cuda::std::plus<Index>{},
                                   Index(0), int(N + 1));
  });
  double Li = timeIt([&] { listK<<<G, B>>>(L, C, Len, N); });
  std::printf(
      "cuda 3loop all %.2f | flags %.2f scan %.2f list %.2f (us) len %ld\n",
      All, Fl, Sc, Li, *Len);
}

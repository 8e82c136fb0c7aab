// cub::DeviceScan::ExclusiveScan with the loop, data and sizes of
// scan.cpp (temporary storage allocated once).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cub/device/device_scan.cuh>
#include <vector>
template <class T> void one(const char *Name, size_t N, int Reps) {
  T *X, *Y;
  cudaMalloc(&X, N * sizeof(T));
  cudaMalloc(&Y, N * sizeof(T));
  std::vector<T> H(N);
  for (size_t I = 0; I < N; ++I)
    H[I] = T(I % 7) - T(2);
  cudaMemcpy(X, H.data(), N * sizeof(T), cudaMemcpyHostToDevice);
  void *Tmp = nullptr;
  size_t Bytes = 0;
  cub::DeviceScan::ExclusiveScan(Tmp, Bytes, X, Y, cuda::std::plus<T>(), T(0),
                                 N);
  cudaMalloc(&Tmp, Bytes);
  cudaEvent_t A, B;
  cudaEventCreate(&A);
  cudaEventCreate(&B);
  std::vector<double> Times;
  for (int R = 0; R < Reps + 3; ++R) {
    cudaDeviceSynchronize();
    auto S = std::chrono::steady_clock::now();
    for (int K = 0; K < 20; ++K)
      cub::DeviceScan::ExclusiveScan(Tmp, Bytes, X, Y, cuda::std::plus<T>(),
                                     T(0), N);
    cudaDeviceSynchronize();
    auto E = std::chrono::steady_clock::now();
    if (R >= 3)
      Times.push_back(std::chrono::duration<double, std::micro>(E - S).count() /
                      20);
  }
  std::sort(Times.begin(), Times.end());
  std::printf("cub  %-6s n=%-9zu median %8.2f us  min %8.2f\n", Name, N,
              Times[Times.size() / 2], Times[0]);
  cudaFree(X);
  cudaFree(Y);
  cudaFree(Tmp);
}
int main() {
  for (size_t N : {size_t(1) << 20, size_t(1) << 24}) {
    one<double>("double", N, 15);
    one<int>("int", N, 15);
  }
}

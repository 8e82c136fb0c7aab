// Baseline for transfers.cpp: cudaMemcpy from pageable (std::vector) and
// pinned (cudaMallocHost) host memory, median GB/s of several passes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

static double gbps(size_t Bytes, void *Dst, const void *Src, cudaMemcpyKind K,
                   int Passes) {
  std::vector<double> R;
  for (int P = 0; P <= Passes; ++P) {
    auto T0 = std::chrono::steady_clock::now();
    cudaMemcpy(Dst, Src, Bytes, K);
    double S = std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
    if (P)
      R.push_back(Bytes / S / 1e9);
  }
  std::sort(R.begin(), R.end());
  return R[R.size() / 2];
}

int main(int argc, char **argv) {
  int Passes = argc > 1 ? std::atoi(argv[1]) : 5;
  cudaFree(nullptr);
  std::printf("%12s %14s %14s %14s %14s\n", "bytes", "pageable to", "pageable back",
              "pinned to", "pinned back");
  for (size_t Bytes : {size_t(64) << 10, size_t(1) << 20, size_t(8) << 20,
                       size_t(64) << 20, size_t(256) << 20}) {
    std::vector<char> Pageable(Bytes, 1);
    char *Pinned, *Dev;
    cudaMallocHost(&Pinned, Bytes);
    cudaMalloc(&Dev, Bytes);
    std::printf("%12zu %14.1f %14.1f %14.1f %14.1f\n", Bytes,
                gbps(Bytes, Dev, Pageable.data(), cudaMemcpyHostToDevice, Passes),
                gbps(Bytes, Pageable.data(), Dev, cudaMemcpyDeviceToHost, Passes),
                gbps(Bytes, Dev, Pinned, cudaMemcpyHostToDevice, Passes),
                gbps(Bytes, Pinned, Dev, cudaMemcpyDeviceToHost, Passes));
    cudaFree(Dev);
    cudaFreeHost(Pinned);
  }
}

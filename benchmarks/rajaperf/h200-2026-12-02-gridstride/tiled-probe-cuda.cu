// nvcc -O3 -arch=sm_90 -std=c++17 -restrict tiled-probe-cuda.cu
// CUDA twin of the tiled JACOBI_2D probe (experiment).
#include <cstdio>
#include <cmath>
#include <chrono>
#include <vector>
#include <algorithm>
using Real = double; using Index = long;
constexpr int BlockX = 32, BlockY = 8;
__global__ void jacobiTiledK(Real *Out, const Real *In, Index N) {
  constexpr int W = BlockX + 2, H = 4 * BlockY + 2;
  __shared__ Real Tile[H * W];
  const Index Top = Index(blockIdx.y) * 4 * BlockY, Left = Index(blockIdx.x) * BlockX;
  for (int K = threadIdx.x + BlockX * threadIdx.y; K < H * W; K += BlockX * BlockY) {
    const Index I = Top + K / W, J = Left + K % W;
    Tile[K] = I < N && J < N ? In[I * N + J] : 0.0;
  }
  __syncthreads();
  const int C = threadIdx.x + 1;
  for (int R = 4 * threadIdx.y + 1; R < 4 * threadIdx.y + 5; ++R) {
    const Index I = Top + R, J = Left + C;
    if (I < N - 1 && J < N - 1)
      Out[I * N + J] = 0.2 * (Tile[R * W + C] + Tile[R * W + C - 1] + Tile[R * W + C + 1] +
                              Tile[(R + 1) * W + C] + Tile[(R - 1) * W + C]);
  }
}
int main(int argc, char **argv) {
  Index n = argc > 1 ? atol(argv[1]) : 1000; int steps = 40;
  std::vector<Real> a0(n * n); for (Index i = 0; i < n * n; ++i) a0[i] = std::abs(std::sin(double(i + 1))) + 0.5;
  Real *A, *B; cudaMalloc(&A, n * n * 8); cudaMalloc(&B, n * n * 8);
  dim3 grid((n - 2 + 31) / 32, (n - 2 + 31) / 32), block(32, 8);
  for (int round = 0; round < 2; ++round) {
    double best = 1e30;
    for (int pass = 0; pass < 5; ++pass) {
      cudaMemcpy(A, a0.data(), n * n * 8, cudaMemcpyHostToDevice); cudaMemcpy(B, a0.data(), n * n * 8, cudaMemcpyHostToDevice);
      cudaDeviceSynchronize(); auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < steps; ++i) { jacobiTiledK<<<grid, block>>>(B, A, n); jacobiTiledK<<<grid, block>>>(A, B, n); }
      cudaDeviceSynchronize();
      best = std::min(best, std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / (2 * steps));
    }
    std::vector<Real> a(n * n); cudaMemcpy(a.data(), A, n * n * 8, cudaMemcpyDeviceToHost);
    double s = 0; for (auto x : a) s += x;
    printf("cuda tiled: %.2f us/launch, sum %.17g (%s)\n", best, s, cudaGetErrorString(cudaGetLastError()));
  }
}

// nvcc -O3 -arch=sm_90 -std=c++17 -restrict dot-probe.cu -o dot-probe
// Stream_DOT at 32 Mi: which kernel shape costs the 1-3 %? (experiment, not committed)
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s\n", cudaGetErrorString(e)); return 1; } } while (0)
constexpr int Block = 256;
__device__ double shfl(double v, int o) { return __shfl_down_sync(~0u, v, o); }
template <int Mode>
__global__ void __launch_bounds__(256) dotK(const double *__restrict__ A, const double *__restrict__ B, double *Partials,
                     unsigned *Done, double *Out, long N) {
  __shared__ double W[8];
  __shared__ bool Last;
  double V = 0;
  long Stride = long(gridDim.x) * Block;
  long I = long(blockIdx.x) * Block + threadIdx.x;
  if constexpr (Mode == 0) {          // plain loads, nvcc's unrolling
    for (; I < N; I += Stride) V += A[I] * B[I];
  } else if constexpr (Mode == 1) {   // plain loads, one element a trip
#pragma unroll 1
    for (; I < N; I += Stride) V += A[I] * B[I];
  } else if constexpr (Mode == 2) {   // nc loads, one element a trip (ours)
#pragma unroll 1
    for (; I < N; I += Stride) V += __ldg(A + I) * __ldg(B + I);
  } else if constexpr (Mode == 3) {   // nc loads, nvcc's unrolling
    for (; I < N; I += Stride) V += __ldg(A + I) * __ldg(B + I);
  } else {                            // plain loads, unroll 4
#pragma unroll 4
    for (; I < N; I += Stride) V += A[I] * B[I];
  }
  for (int o = 16; o; o /= 2) V += shfl(V, o);
  if (threadIdx.x % 32 == 0) W[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x < 32) { V = threadIdx.x < 8 ? W[threadIdx.x] : 0; for (int o = 4; o; o /= 2) V += shfl(V, o); }
  if (threadIdx.x == 0) { Partials[blockIdx.x] = V; __threadfence(); Last = atomicAdd(Done, 1u) == gridDim.x - 1; }
  __syncthreads();
  if (!Last) return;
  __threadfence();
  V = 0;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += Block) V += Partials[b];
  for (int o = 16; o; o /= 2) V += shfl(V, o);
  if (threadIdx.x % 32 == 0) W[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x == 0) { double S = 0; for (int w = 0; w < 8; ++w) S += W[w]; *Out = S; *Done = 0; }
}
template <int Mode> int grid() {
  int PerSm = 0, Sms = 0;
  cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, dotK<Mode>, Block, 0);
  return PerSm * Sms;
}
int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 33554432L;
  int Reps = 50, Rounds = 7;
  double *A, *B, *P, *Out; unsigned *Done;
  CK(cudaMalloc(&A, N * 8)); CK(cudaMalloc(&B, N * 8)); CK(cudaMalloc(&P, 1 << 20));
  CK(cudaMalloc(&Done, 4)); CK(cudaMemset(Done, 0, 4)); CK(cudaMallocHost(&Out, 8));
  std::vector<double> h(N); for (long i = 0; i < N; ++i) h[i] = 1.0 + (i % 7) * 0.25;
  CK(cudaMemcpy(A, h.data(), N * 8, cudaMemcpyHostToDevice)); CK(cudaMemcpy(B, h.data(), N * 8, cudaMemcpyHostToDevice));
  cudaStream_t S; cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  void (*K[5])(const double *, const double *, double *, unsigned *, double *, long) = {dotK<0>, dotK<1>, dotK<2>, dotK<3>, dotK<4>};
  int G[5] = {grid<0>(), grid<1>(), grid<2>(), grid<3>(), grid<4>()};
  const char *Name[5] = {"plain-nvcc-unroll", "plain-unroll1", "ldg-unroll1(ours)", "ldg-nvcc-unroll", "plain-unroll4"};
  std::vector<double> T[5];
  for (int r = 0; r < Rounds; ++r)
    for (int m = 0; m < 5; ++m) {
      K[m]<<<G[m], Block, 0, S>>>(A, B, P, Done, Out, N); cudaStreamSynchronize(S);
      cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
      cudaEventRecord(e0, S);
      for (int i = 0; i < Reps; ++i) { K[m]<<<G[m], Block, 0, S>>>(A, B, P, Done, Out, N); cudaStreamSynchronize(S); }
      cudaEventRecord(e1, S); cudaEventSynchronize(e1);
      float ms; cudaEventElapsedTime(&ms, e0, e1); T[m].push_back(ms * 1000 / Reps);
    }
  for (int m = 0; m < 5; ++m) {
    cudaFuncAttributes a; cudaFuncGetAttributes(&a, K[m]);
    std::sort(T[m].begin(), T[m].end());
    printf("%-20s grid %5d regs %2d  min %8.2f median %8.2f us/rep  result %.6g\n", Name[m], G[m], a.numRegs, T[m][0], T[m][Rounds / 2], *Out);
  }
  CK(cudaGetLastError());
}
